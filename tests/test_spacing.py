"""Blanks between the tokens of an operand, wherever Intel's lexer (CISA.l)
cuts two tokens: a raw operand's `V . 0`, `:a32` and `:d32` after a blank,
`bti (0) [V]`, `0x1 :d`, an indirect operand's type, `(P1 .any)`,
`& V [ 4 ]`, a region and offsets spelled out.  Each spaced line reads to
the AST of its unspaced twin and assembles to its bytes; GenX_IR (where it
is installed) reads both and writes one binary for the two."""
from __future__ import annotations

import pytest

import visa

from conftest import GENX_IR, needs_genx_ir

HEAD = ('.version 4.1\n.kernel "k"\n.decl V41 v_type=G type=d num_elts=16 align=GRF\n'
        '.decl V42 v_type=G type=d num_elts=16 align=GRF\n.decl A0 v_type=A num_elts=2\n'
        '.decl P1 v_type=P num_elts=16\n.decl T6 v_type=T num_elts=1 v_name=T6\n'
        '.kernel_attr Target="cm"\n.function "_main_0"\n\n_main_0:\n')

# (unspaced, spaced): GenX_IR (Debian 12504, -platform DG2) takes both and
# writes the same bytes for each pair
PAIRS = [
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.0 V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 . 0 V42 . 0"),
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.0 V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 .0 V42. 0"),
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.(32) V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 . (32) V42.0"),
    ("lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42]:a32",
     "lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42] :a32"),
    ("lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42]:a32",
     "lsc_load.ugm (M1, 16) V41 :d32 bti (0x0) [V42] :a32"),
    ("lsc_load.ugm (M1, 16) V41.0:d32 flat[V42]:a32",
     "lsc_load.ugm (M1, 16) V41 . 0 :d32 flat[V42] :a32"),
    ("mov (M1, 16) V41(0,0)<1> 0x1:d", "mov (M1, 16) V41(0,0)<1> 0x1 :d"),
    ("mov (M1, 8) V41(0,0)<1> r[A0(0),0]<8;8,1>:d",
     "mov (M1, 8) V41(0,0)<1> r[A0(0),0]<8;8,1> :d"),
    ("(P1.any) mov (M1, 16) V41(0,0)<1> 0x1:d", "(P1 .any) mov (M1, 16) V41(0,0)<1> 0x1:d"),
    ("(!P1.any) mov (M1, 16) V41(0,0)<1> 0x1:d",
     "( ! P1 .any ) mov (M1, 16) V41(0,0)<1> 0x1:d"),
    ("addr_add (M1, 1) A0(0)<1> &V41[4] 0x0:uw", "addr_add (M1, 1) A0(0)<1> & V41 [ 4 ] 0x0:uw"),
    ("mov (M1, 16) V41(0,0)<1> V42(0,0)<1;1,0>",
     "mov ( M1 , 16 ) V41 ( 0 , 0 ) < 1 > V42 ( 0 , 0 ) < 1 ; 1 , 0 >"),
    ("mov (M1, 16) V41(0,0)<1> (-)V42(0,0)<1;1,0>",
     "mov (M1, 16) V41(0,0)<1> (-) V42(0,0)<1;1,0>"),
]
IDS = [b for _, b in PAIRS]


def _program(line: str) -> str:
    return HEAD + f"    {line}\n    ret (M1, 1)\n"


@pytest.mark.parametrize("plain, spaced", PAIRS, ids=IDS)
def test_spaced_operands_read_as_their_unspaced_twin(plain, spaced):
    a, b = visa.parse(_program(plain)), visa.parse(_program(spaced))
    assert a == b
    assert a.units[0].body[1].operands  # the line itself, not only the head
    assert visa.assemble(a) == visa.assemble(_program(spaced), platform="DG2")
    # the spaced line's operands keep their own columns
    ins = b.units[0].body[1]
    line = _program(spaced).splitlines()[ins.line - 1]
    for o in ins.operands:
        assert line[o.col - 1] not in " \t", (o, line)


@needs_genx_ir
@pytest.mark.parametrize("plain, spaced", PAIRS, ids=IDS)
def test_intel_writes_one_binary_for_both_spellings(plain, spaced, tmp_path):
    import subprocess
    out = []
    for k, line in enumerate((plain, spaced)):
        d = tmp_path / str(k)
        d.mkdir()
        (d / "prog.visaasm").write_text(_program(line))
        r = subprocess.run([GENX_IR, "prog.visaasm", "-platform", "DG2"], cwd=d,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (line, r.stdout[-500:] + r.stderr[-500:])
        (isa,) = d.glob("*.isa")
        out.append(isa.read_bytes())
    assert out[0] == out[1]
