"""Programs in the older spec's syntax (tests/data/spec/visa-assembly-syntax.md,
tests/data/spec/DIFFERENCES.md) read into the same AST, print in the vISA 4.1
spelling and assemble to the same bytes as their 4.1 spelling; constructs 4.1
cannot encode give an error naming the construct."""
from __future__ import annotations

import pytest

import visa

OLD = """.kernel BlockCopy
.version 4.1
.decl V40 v_type=G type=D num_elts=16 align=GRF
.decl V41 v_type=G type=UD num_elts=16 align=dword alias (V40, 0)
.decl A3 v_type=A type=UW num_elts=2
.decl P2 v_type=P num_elts=16
.decl T5 v_type = T
.decl S2 v_type=S
.decl VF v_type=G type=F num_elts=16
.input T5 offset=32 size=4
.attr Target="cm"
.function "main"

main:
    FILE block.cm
    ADD (M0, 4*4) V40(0,0)<1> V40(0,0)<1;1,0> 0x10:D
    cmp.EQ (M0, 16) P2 V40(0,0)<1;1,0> 0x0:d
    (!P2.all) MOV (NM, 1) V41(0,1)<1> 0x2:UD
    addr_add (NM, 1) A3(0) &V40+4 0x8:uw
    mov (M1, 8) V40(0,0)<1> r[A3(0),0]<8;8,1>:d
    movs (NM, 1) T5 S2
    dhp (M0, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>
    ret (M0, 1)
"""

NEW = """.version 4.1
.kernel "BlockCopy"
.decl V40 v_type=G type=d num_elts=16 align=GRF
.decl V41 v_type=G type=ud num_elts=16 align=dword alias=<V40, 0>
.decl A3 v_type=A num_elts=2
.decl P2 v_type=P num_elts=16
.decl T5 v_type=T num_elts=1
.decl S2 v_type=S num_elts=1
.decl VF v_type=G type=f num_elts=16
.input T5 offset=32 size=4
.kernel_attr Target="cm"
.function "main"

main:
    FILE "block.cm"
    add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x10:d
    cmp.eq (M1, 16) P2 V40(0,0)<1;1,0> 0x0:d
    (!P2.all) mov (M1_NM, 1) V41(0,1)<1> 0x2:ud
    addr_add (M1_NM, 1) A3(0)<1> &V40[4] 0x8:uw
    mov (M1, 8) V40(0,0)<1> r[A3(0),0]<8;8,1>:d
    movs (M1_NM, 1) T5(0) S2(0)
    dph (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> VF(0,0)<1;1,0>
    ret (M1, 1)
"""


def test_older_spelling_reads_as_the_41_program():
    assert visa.parse(OLD) == visa.parse(NEW)


def test_older_spelling_prints_in_41_spelling():
    printed = visa.format(visa.parse(OLD))
    assert printed == visa.format(visa.parse(NEW))
    for old in ("(M0,", "(NM,", ":UD", "cmp.EQ", "alias (", ".attr ", "&V40+", "dhp", "ADD"):
        assert old not in printed
    assert "alias=<V40, 0>" in printed and "&V40[4]" in printed and 'FILE "block.cm"' in printed


def test_older_spelling_assembles_to_the_same_bytes():
    assert visa.assemble(OLD) == visa.assemble(NEW)


@pytest.mark.parametrize("line,construct", [
    ("    if (M1, 16)", "'if' is structured control flow"),
    ("    (P2) while (M1, 16)", "'while' is structured control flow"),
    ("    asin (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0>", "'asin' (inverse sine) is not an opcode"),
    ("    and (M1, 16) P2 (-)P2 P2", "source modifier on a predicate operand (-)P2"),
])
def test_constructs_41_cannot_encode(line, construct):
    text = NEW.replace("    ret (M1, 1)", line + "\n    ret (M1, 1)")
    visa.parse(text)  # it parses ...
    with pytest.raises(visa.VisaError) as ei:  # ... and assembling names the construct
        visa.assemble(text, filename="old.visa")
    d = ei.value.diagnostics[0]
    assert construct in d.message
    assert d.line == text.splitlines().index(line) + 1


def test_flag_register_attribute_reads_and_is_refused():
    """``attr: FlagRegNum=<n>`` reads as the attribute; vISA 4.1 has no such
    attribute (Intel's GenX_IR: "FlagRegNum: unknown attribute")."""
    old = OLD.replace(".decl P2 v_type=P num_elts=16", ".decl P2 v_type=P num_elts=16 attr: FlagRegNum=1")
    new = NEW.replace(".decl P2 v_type=P num_elts=16", ".decl P2 v_type=P num_elts=16 attrs={FlagRegNum=1}")
    assert visa.parse(old) == visa.parse(new)
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(old, filename="old.visa")
    (d,) = ei.value.diagnostics
    assert "'FlagRegNum'" in d.message and "does not exist in vISA 4.1" in d.message
    assert d.line == old.splitlines().index(".decl P2 v_type=P num_elts=16 attr: FlagRegNum=1") + 1


def test_older_version_directive_still_writes_41():
    text = NEW.replace(".version 4.1", ".version 3.6")
    assert visa.assemble(text)[:6] == b"CISA\x04\x01"
    assert visa.assemble(text) == visa.assemble(NEW)


OLD_FORMS = [
    # (older spelling, vISA 4.1 spelling)
    ("gather (16) (4) T5 0x0:UD V40.0 V41.0", "gather.4 (M1, 16) T5 0x0:ud V40.0 V41.0"),
    ("scatter (16) (1) T5 0x0:ud V40.0 V41.0", "scatter.1 (M1, 16) T5 0x0:ud V40.0 V41.0"),
    ("dword_atomic.imin (16) T5 0x0:UD V41.0 V40.0 V40.0 %null.0",
     "dword_atomic.minsint (M1, 16) T5 V41.0 V40.0 %null.0 V40.0"),
    ("sample.RGBA (SIMD16) T5 S2 V40.0 V40.0 V40.0 V41.0", "sample.RGBA (16) S2 T5 V40.0 V40.0 V40.0 V41.0"),
    ("sample_unorm.RGBA T5 S2 0.0:F 0.0:F 0.0625:F 0.0625:F V41.0",
     "sample_unorm.RGBA.16-full S2 T5 0x0:f 0x0:f 0x3d800000:f 0x3d800000:f V41.0"),
    ("load.RGBA (SIMD8) T5 V40.0 V40.0 V40.0 V41.0", "load.RGBA (8) T5 V40.0 V40.0 V40.0 V41.0"),
    ("vme_fbr (16x8 0 1) T5 V40.0 V40.0 V41.0", "vme_fbr (0x1:ub, 0x0:ub, 0x1:ub) T5 V40.0 V40.0 V41.0"),
]


@pytest.mark.parametrize("old,new", OLD_FORMS, ids=[o.split()[0] for o, _ in OLD_FORMS])
def test_older_instruction_forms(old, new):
    a = NEW.replace("    ret (M1, 1)", f"    {old}\n    ret (M1, 1)")
    b = NEW.replace("    ret (M1, 1)", f"    {new}\n    ret (M1, 1)")
    assert visa.parse(a) == visa.parse(b)
    assert visa.assemble(a) == visa.assemble(b)


def test_dword_atomic_global_offset_is_named():
    text = NEW.replace("    ret (M1, 1)", "    dword_atomic.add (16) T5 0x10:ud V40.0 V41.0 V40.0 V41.0\n"
                       "    ret (M1, 1)")
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(text)
    assert "global offset" in ei.value.diagnostics[0].message


def test_every_error_is_reported():
    text = NEW.replace("    ret (M1, 1)", "    asin (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0>\n"
                       "    add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d\n"
                       "    (P2) while (M1, 16)\n    ret (M1, 1)")
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(text, filename="old.visa")
    lines = text.splitlines()
    got = [(d.line, d.message.split()[0]) for d in ei.value.diagnostics]
    assert got == [(lines.index("    asin (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0>") + 1, "'asin'"),
                   (lines.index("    (P2) while (M1, 16)") + 1, "'while'")]
