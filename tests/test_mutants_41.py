"""vISA 4.1 mutants judged as Intel's 4.1 GenX_IR judges them
(tests/data/mutants-41: one changed line of a program of tests/data, and what
Debian's GenX_IR said; made by tools/make_mutants_41.py).

Where GenX_IR refuses (or crashes), ``visa-as`` refuses, with a diagnostic
(an error, or a note at the declaration an error is about) on the changed
line.  Where GenX_IR accepts, ``visa-as`` accepts, unless one of our
stricter rules that names its reason refuses (STRICTER).  Errors the
original program already gets from us (a few forms programs use spellings
our writer refuses on purpose) do not count.  The mutants we do not judge
yet are listed (xfail, strict: one that starts to pass must leave)."""
from __future__ import annotations

import csv
import subprocess
from functools import lru_cache

import pytest

import visa
from conftest import GENX_IR, needs_genx_ir
from refs import DATA, require

SET = DATA / "mutants-41"
ROWS = require("vISA 4.1 mutants", list(csv.DictReader((SET / "EXPECTED.tsv").open(), delimiter="\t")))

# (rule, words of its message, why) of the rules by which we refuse what
# this GenX_IR accepts
STRICTER = [
    ("decl-num-elts", "num_elts=0", "a variable of no element cannot be used; Intel's verifier lets an "
                                    "address variable of 0 elements through"),
    ("lsc-addr", "addresses are", "an LSC address payload is q/uq for :a64 and d/ud for :a32 "
                                  "(IGC 2.x's verifier, verifyAddrPayloadType; 1.0.12504 does not check)"),
    ("region-bounds", "starts at byte", "a row or column offset outside its variable (issue 17: Intel "
                                        "only warns, then crashes or hangs on some)"),
]

# not judged yet, each with the reason
_NOT_YET: dict = {}


def mutant_text(row) -> str:
    lines = (DATA / row["original"]).read_text().split("\n")
    n = int(row["line"]) - 1
    assert lines[n] == row["original_line"], row["id"]
    lines[n] = row["mutated_line"]
    return "\n".join(lines)


def _errors(text: str, platform: str):
    """Our errors on ``text`` (parse, validation, encoding) as diagnostics."""
    try:
        visa.assemble(text, platform=platform, filename="m.visaasm")
    except visa.VisaError as e:
        return [d for d in e.diagnostics if d.severity == "error"]
    return []


@lru_cache(maxsize=None)
def _original_errors(path: str, platform: str) -> frozenset:
    return frozenset((d.line, d.message) for d in _errors((DATA / path).read_text(), platform))


def judged(row) -> tuple[list, list]:
    """Our errors on the mutant that the original does not have, and the
    validator's notes."""
    text = mutant_text(row)
    before = _original_errors(row["original"], row["platform"])
    errors = [d for d in _errors(text, row["platform"]) if (d.line, d.message) not in before]
    try:
        notes = [d for d in visa.validate(text, platform=row["platform"]) if d.severity == "note"]
    except visa.VisaError:
        notes = []
    return errors, notes


def _stricter(d) -> bool:
    return any(d.rule == rule and words in d.message for rule, words, _ in STRICTER)


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] + "-" + r["kind"] for r in ROWS])
def test_mutant_is_judged_as_genx_ir_judges_it(row, request):
    if row["id"] in _NOT_YET:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=_NOT_YET[row["id"]]))
    errors, notes = judged(row)
    line = int(row["line"])
    if row["gx_verdict"] == "accepted":
        assert all(_stricter(d) for d in errors), [d.render() for d in errors]
    else:
        assert errors, f"GenX_IR: {row['gx_verdict']} {row['gx_message']}; we accept it"
        assert any(d.line == line for d in errors + notes), \
            (row["gx_message"], [d.render() for d in errors + notes])


def test_the_set_covers_every_kind_and_platform():
    """The set is what its README says: all kinds, four platforms, both
    verdicts in quantity."""
    kinds = {r["kind"] for r in ROWS}
    assert len(kinds) == 23  # 14 random kinds, 9 targeted at the family forms
    assert {r["platform"] for r in ROWS} >= {"SKL", "TGLLP", "DG2", "PVC"}
    verdicts = [r["gx_verdict"] for r in ROWS]
    assert verdicts.count("accepted") > 200 and verdicts.count("rejected") > 250


@needs_genx_ir
@pytest.mark.parametrize("row", ROWS[::23], ids=[r["id"] for r in ROWS[::23]])
def test_the_stored_verdict_is_genx_ir_s(row, tmp_path):
    """The stored verdicts are GenX_IR's (a sample, run live)."""
    (tmp_path / "m.visaasm").write_text(mutant_text(row))
    r = subprocess.run([GENX_IR, "m.visaasm", "-platform", row["platform"]], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    verdict = "accepted" if r.returncode == 0 else "crashed" if r.returncode < 0 else "rejected"
    assert verdict == row["gx_verdict"], (r.stdout + r.stderr)[-500:]
