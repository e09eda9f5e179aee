"""visa-as validates a long program in a second process while it encodes it
(visa/cli.py ``_beside_in_child``; ``-j 1`` turns it off).  The outcome is
the one-process outcome: the same bytes, the same diagnostics, the same
exit status, whether the child answers, fails or crashes."""
from __future__ import annotations

import os

import pytest

import visa
from visa import cli
from visa import encode as E

from conftest import ROOT, run_tool
from refs import gen_blob_args, ref_bytes

# the corpus's longest program with an Intel reference, longer than the
# length from which the default is two processes
BIG = ROOT / "tests/data/corpus/dg2/int64__long_arith__simd32"


def test_the_long_program_is_long_enough_for_two_processes():
    assert len(BIG.with_suffix(".visaasm").read_text()) >= cli.PARALLEL_FROM


@pytest.mark.parametrize("jobs", ["1", "2", None])
def test_every_way_writes_intels_bytes(tmp_path, jobs):
    ref = ref_bytes(BIG)
    out = tmp_path / "out.isa"
    r = run_tool("visa-as", str(BIG.with_suffix(".visaasm")), *gen_blob_args(ref, tmp_path),
                 "-o", str(out), *(["-j", jobs] if jobs else []))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == ref


def test_errors_are_the_same_with_one_process_and_two(tmp_path):
    # three errors the validator finds far apart in the long program
    lines = BIG.with_suffix(".visaasm").read_text().splitlines(keepends=True)
    at = [i for i, ln in enumerate(lines) if ln.startswith("    mov ")]
    for k in (at[0], at[len(at) // 2], at[-1]):
        lines[k] = lines[k].replace("mov ", "shl.sat ", 1)
    src = tmp_path / "bad.visaasm"
    src.write_text("".join(lines))
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"bad{jobs}.isa"
        r = run_tool("visa-as", str(src), "-o", str(out), "-j", jobs)
        assert r.returncode == 1
        assert not out.exists()
        runs[jobs] = r.stderr
    assert runs["1"] == runs["2"]
    assert runs["1"].count(": error: ") >= 3


def test_a_child_that_crashes_or_fails_leaves_the_work_to_this_process():
    parent = os.getpid()

    def crashes():
        if os.getpid() != parent:
            os._exit(9)  # the child dies without a word
        return "side"

    assert cli._beside_in_child(crashes, lambda: "main") == ("side", "main")

    def fails():
        raise LookupError("from the side")

    with pytest.raises(LookupError, match="from the side"):  # raised here, as in one process
        cli._beside_in_child(fails, lambda: "main")
    # an answer comes back whole
    big = list(range(200_000))
    assert cli._beside_in_child(lambda: big, lambda: 1) == (big, 1)


PROGRAM = """.version 4.1
.kernel "k"
.decl VX v_type=G type=d num_elts=16 align=hword
.function "_main_0"

_main_0:
    {body}
    ret (M1, 1)
"""


def _beside(side, main):
    # the two jobs run here, the encoder first: it runs before the
    # validator's verdict is known, as in two processes
    b = main()
    return side(), b


def test_the_validators_errors_win_over_what_the_encoder_says(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the encoder fell over")

    monkeypatch.setattr(E, "_encoded", broken)
    bad = PROGRAM.format(body="shl (M1, 16) VX(0,0)<1> VX(0,0)<8;8,1> 0x1:f")
    with pytest.raises(visa.VisaError) as e:
        E.assemble(bad, beside=_beside)
    assert [d.rule for d in e.value.diagnostics] == ["type-logic"]
    # a program the validator passes: the encoder's exception is the answer
    good = PROGRAM.format(body="mov (M1, 16) VX(0,0)<1> 0x1:d")
    with pytest.raises(RuntimeError, match="fell over"):
        E.assemble(good, beside=_beside)


def test_beside_gives_what_one_process_gives():
    good = PROGRAM.format(body="mov (M1, 16) VX(0,0)<1> 0x1:d")
    assert E.assemble(good, beside=_beside) == E.assemble(good)
    assert E.assemble(good, beside=cli._beside_in_child) == E.assemble(good)
