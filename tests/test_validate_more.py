"""Rules for Intel's verifier checks added after the first set (see
docs/VALIDATION.md): each on a minimal invalid program (rule id, line and
column of the offending operand), its valid twin accepted, and, for vISA
4.1, Debian's GenX_IR refusing the one and taking the other."""
from __future__ import annotations

import pytest

import visa
from conftest import needs_genx_ir
from test_validate import HEAD, genx_ir_accepts, program

_V = (".decl VR v_type=G type=ud num_elts=64 align=hword\n.decl VAL v_type=G type=ud num_elts=16 alias=<VR, 16>\n"
      ".decl VUW v_type=G type=uw num_elts=128 align=hword\n.decl VF v_type=G type=f num_elts=64 align=hword\n"
      ".decl VDST v_type=G type=f num_elts=128 align=hword\n.decl A1 v_type=A num_elts=1\n"
      ".decl S1 v_type=S num_elts=1\n.decl T6 v_type=T num_elts=1")
_L = (".decl VL v_type=G type=d num_elts=64 align=hword\n.decl VX v_type=G type=uq num_elts=16 align=hword\n"
      ".decl VY v_type=G type=ud num_elts=16 align=hword\n.decl VBL v_type=G type=d num_elts=512 align=hword\n"
      ".decl VP v_type=G type=uq num_elts=1 align=qword\n.decl VI v_type=G type=d num_elts=1 align=dword")
_AVS = "avs.rgba T6 S1 0x0:f 0x0:f 0x3d800000:f 0x3d800000:f 0x0:f 0x0:f 0x0:f AVS_16_FULL 0x0:f AVS_16x4 0x0:uw"


def _p(body: str, decls: str = _V, platform: str = "TGLLP") -> dict:
    return dict(decls=decls, body=f"    {body}\n", platform=platform)


# (case, rule, the text the diagnostic points at, the program, its valid twin)
CASES = [
    ("write-to-r0", "dst-read-only", "%r0(0,0)<1>",
     _p("mov (M1, 1) %r0(0,0)<1> 0x0:ud"), _p("mov (M1, 1) %tsc(0,4)<1> 0x0:ud")),
    ("write-to-sr0-1", "dst-read-only", "%sr0(0,1)<1>",
     _p("mov (M1, 1) %sr0(0,1)<1> 0x0:ud"), _p("mov (M1, 1) %sr0(0,2)<1> 0x0:ud")),
    ("cmp-into-thread-x", "dst-read-only", "%thread_x(0,0)<1>",
     _p("cmp.eq (M1, 1) %thread_x(0,0)<1> VUW(0,0)<0;1,0> 0x0:uw"),
     _p("cmp.eq (M1, 1) VUW(0,0)<1> VUW(0,0)<0;1,0> 0x0:uw")),
    ("write-to-v7", "dst-read-only", "V7(0,0)<1>",
     _p("add (M1, 1) V7(0,0)<1> VR(0,0)<0;1,0> 0x1:ud"), _p("add (M1, 1) %arg(0,0)<1> VR(0,0)<0;1,0> 0x1:ud")),
    ("vxh-of-32-addresses", "region-vxh", "r[A1(0),0]<1,0>",
     _p("mov (M1, 32) VR(0,0)<1> r[A1(0),0]<1,0>:ud"), _p("mov (M1, 16) VR(0,0)<1> r[A1(0),0]<1,0>:ud")),
    ("raw-offset-inside-a-grf", "raw-align", "VR.16",
     _p("oword_ld (4) T6 0x0:ud VR.16"), _p("oword_ld (4) T6 0x0:ud VR.32")),
    ("raw-alias-inside-a-grf", "raw-align", "VAL.0",
     _p("oword_ld (2) T6 0x0:ud VAL.0"), _p("oword_ld (2) T6 0x0:ud VAL.16")),
    ("region-of-3-grfs", "region-grfs", "VUW(0,0)<4;1,0>",
     _p("sample_3d.RGBA (M1, 16) VUW(0,0)<4;1,0> S1 T6 VDST.0 VF.0"),
     _p("sample_3d.RGBA (M1, 16) VUW(0,0)<2;1,0> S1 T6 VDST.0 VF.0")),
    ("region-across-3-grfs", "region-grfs", "VUW(0,24)<2;1,0>",
     _p("sample_3d.RGBA (M1, 16) VUW(0,24)<2;1,0> S1 T6 VDST.0 VF.0"),
     _p("sample_3d.RGBA (M1, 16) VUW(0,16)<2;1,0> S1 T6 VDST.0 VF.0")),
    ("add-into-an-indirect-v", "type-arith", "r[A1(0),0]<1>:v",
     _p("add (M1, 8) r[A1(0),0]<1>:v VR(0,0)<1;1,0> VR(0,0)<1;1,0>"),
     _p("add (M1, 8) r[A1(0),0]<1>:ud VR(0,0)<1;1,0> VR(0,0)<1;1,0>")),
    ("vme-stream-mode-5", "vme", "5, 0)",
     _p("vme_ime (5, 0) T6 VR.0 VR.0 VR.0 VR.0 VR.0 VR.0", platform="SKL"),
     _p("vme_ime (3, 7) T6 VR.0 VR.0 VR.0 VR.0 VR.0 VR.0", platform="SKL")),
    ("vme-search-control-2", "vme", "2) T6",
     _p("vme_ime (0, 2) T6 VR.0 VR.0 VR.0 VR.0 VR.0 VR.0", platform="SKL"),
     _p("vme_ime (0, 1) T6 VR.0 VR.0 VR.0 VR.0 VR.0 VR.0", platform="SKL")),
    ("a16-offset-0x8000", "lsc-addr", "flat[VY+0x8000]:a16",
     _p("lsc_load.slm (M1, 16)  VL:d32  flat[VY+0x8000]:a16", _L, "DG2"),
     _p("lsc_load.slm (M1, 16)  VL:d32  flat[VY+0x7fff]:a16", _L, "DG2")),
    ("pitch-of-17-bits", "lsc-addr", "flat[VX, 0x10000]",
     _p("lsc_load_strided.ugm (M1, 16)  VL:d32  flat[VX, 0x10000]:a64", _L, "DG2"),
     _p("lsc_load_strided.ugm (M1, 16)  VL:d32  flat[VX, 0xffff]:a64", _L, "DG2")),
    ("pitch-of-null", "lsc-addr", "flat[VX, %null]",
     _p("lsc_load_strided.ugm (M1, 16)  VL:d32  flat[VX, %null]:a64", _L, "DG2"),
     _p("lsc_load_strided.ugm (M1, 16)  VL:d32  flat[VX, VI]:a64", _L, "DG2")),
    ("typed-u-of-null", "lsc-addr", "bti(0x1)[%null]",
     _p("lsc_load_quad.tgm (M1, 16)  VL:d32.x  bti(0x1)[%null]:a32", _L, "DG2"),
     _p("lsc_load_quad.tgm (M1, 16)  VL:d32.x  bti(0x1)[VY]:a32", _L, "DG2")),
    # offsets are 0..255 (Intel: "row (register) offset must be positive",
    # "sub-register offset out of bounds")
    ("negative-row-offset", "operand-offset", "VR(-1,0)<1>",
     _p("mov (M1, 8) VR(-1,0)<1> 0x1:ud"), _p("mov (M1, 8) VR(1,0)<1> 0x1:ud")),
    ("negative-column-offset", "operand-offset", "VR(0,-1)<1>",
     _p("mov (M1, 8) VR(0,-1)<1> 0x1:ud"), _p("mov (M1, 8) VR(0,1)<1> 0x1:ud")),
    # a variable is declared before its uses (Intel: "unbound identifier")
    ("use-before-declaration", "name-undeclared", "VZ(0,0)<1>",
     _p("mov (M1, 8) VZ(0,0)<1> 0x1:ud\n.decl VZ v_type=G type=ud num_elts=8 align=hword"),
     _p(".decl VZ v_type=G type=ud num_elts=8 align=hword\n    mov (M1, 8) VZ(0,0)<1> 0x1:ud")),
    ("lifetime-before-declaration", "name-undeclared", "VZ",
     _p("lifetime.start VZ\n.decl VZ v_type=G type=ud num_elts=8 align=hword"),
     _p(".decl VZ v_type=G type=ud num_elts=8 align=hword\n    lifetime.start VZ")),
    ("input-before-declaration", "input-undeclared", ".input VZ",
     _p("mov (M1, 8) VR(0,0)<1> 0x1:ud",
        ".input VZ offset=64 size=32\n.decl VZ v_type=G type=ud num_elts=8 align=hword\n" + _V),
     _p("mov (M1, 8) VR(0,0)<1> 0x1:ud",
        ".decl VZ v_type=G type=ud num_elts=8 align=hword\n.input VZ offset=64 size=32\n" + _V)),
    # a general operand is written with its region (Intel's grammar: "expecting LANGLE")
    ("source-without-region", "region-missing", "VR(0,0) 0x1",
     _p("add (M1, 8) VR(0,0)<1> VR(0,0) 0x1:ud"), _p("add (M1, 8) VR(0,0)<1> VR(0,0)<8;8,1> 0x1:ud")),
    ("destination-without-region", "region-missing", "VR(0,0) VR",
     _p("mov (M1, 8) VR(0,0) VR(0,0)<8;8,1>"), _p("mov (M1, 8) VR(0,0)<1> VR(0,0)<8;8,1>")),
    # block labels and subroutines are two kinds: jmp, goto and switchjmp
    # reach a block label, call a subroutine (Intel: "undefined label")
    ("jmp-to-the-subroutine", "label-undefined", "_main_0",
     _p("jmp (M1, 1) _main_0"), _p("jmp (M1, 1) L1\nL1:")),
    ("goto-the-subroutine", "label-undefined", "_main_0",
     _p("goto (M1, 16) _main_0"), _p("goto (M1, 16) L1\nL1:")),
    ("switchjmp-to-the-subroutine", "label-undefined", "_main_0)",
     _p("switchjmp (M1, 1) VUW(0,0)<0;1,0> (_main_0)", platform="SKL"),
     _p("switchjmp (M1, 1) VUW(0,0)<0;1,0> (L1)\nL1:", platform="SKL")),
    ("call-a-block-label", "label-undefined", "L1",
     _p("call (M1, 1) L1\n    ret (M1, 1)\nL1:"), _p('call (M1, 1) L1\n    ret (M1, 1)\n.function "L1"\n\nL1:')),
    ("block2d-of-d8u32", "lsc-shape", "VBL:d8u32",
     _p("lsc_load_block2d.ugm (M1, 1)  VBL:d8u32.1x8x8nn  flat[VP,VI,VI,VI,VI,VI]", _L, "DG2"),
     _p("lsc_load_block2d.ugm (M1, 1)  VBL:d8.1x8x8nn  flat[VP,VI,VI,VI,VI,VI]", _L, "DG2")),
]


def _errors(text: str, platform: str):
    return [d for d in visa.validate(text, filename="p.visaasm", platform=platform) if d.severity == "error"]


@pytest.mark.parametrize("case, rule, at, bad, good", CASES, ids=[c[0] for c in CASES])
def test_rule(case, rule, at, bad, good):
    text = program(bad)
    errors = _errors(text, bad["platform"])
    assert [d.rule for d in errors] == [rule], [d.render() for d in errors]
    d = errors[0]
    assert text.splitlines()[d.line - 1][d.col - 1:].startswith(at), d.render()
    with pytest.raises(visa.VisaError):
        visa.assemble(text, platform=bad["platform"])
    assert _errors(program(good), good["platform"]) == []


@needs_genx_ir
@pytest.mark.parametrize("case, rule, at, bad, good", CASES, ids=[c[0] for c in CASES])
def test_genx_ir_agrees(case, rule, at, bad, good, tmp_path):
    assert not genx_ir_accepts(program(bad), tmp_path, bad["platform"])
    assert genx_ir_accepts(program(good), tmp_path, good["platform"])


# vISA 4.2 (IGC 2.x's verifier; no oracle installed): (case, rule, at, program, twin)
V42 = [
    ("shl-into-uq-on-dg2", "platform", "VX(0,0)<1>",
     _p("shl (M1, 8) VX(0,0)<1> VX(0,0)<1;1,0> 0x1:ud", _L, "DG2"),
     _p("shl (M1, 8) VX(0,0)<1> VX(0,0)<1;1,0> 0x1:ud", _L, "PVC")),
    ("vf-source-on-xe2", "platform", "0x0:vf",
     _p("add (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:vf", platform="XE2"),
     _p("add (M1, 8) VF(0,0)<1> VF(0,0)<1;1,0> 0x0:vf", platform="PVC")),
    ("write-to-sr0-3-in-4.2", "dst-read-only", "%sr0(0,3)<1>",
     _p("mov (M1, 1) %sr0(0,3)<1> 0x0:ud"), _p("mov (M1, 1) %sr0(0,1)<1> 0x0:ud")),
    ("read-state-info-with-v", "lsc-addr", "bti(0x1)[VX, VY]",
     _p("lsc_read_state_info.tgm VL bti(0x1)[VX, VY]", _L, "XE2"),
     _p("lsc_read_state_info.tgm VL bti(0x1)[VX]", _L, "XE2")),
    ("read-state-info-without-coordinates", "lsc-addr", "bti(0x1)",
     _p("lsc_read_state_info.tgm VL bti(0x1)", _L, "XE2"),
     _p("lsc_read_state_info.tgm VL bti(0x1)[VX]", _L, "XE2")),
]


def _program_42(parts: dict) -> str:
    return program(parts).replace(".version 4.1", ".version 4.2", 1)


@pytest.mark.parametrize("case, rule, at, bad, good", V42, ids=[c[0] for c in V42])
def test_rule_42(case, rule, at, bad, good):
    text = _program_42(bad)
    errors = _errors(text, bad["platform"])
    assert [d.rule for d in errors] == [rule], [d.render() for d in errors]
    d = errors[0]
    assert text.splitlines()[d.line - 1][d.col - 1:].startswith(at), d.render()
    assert _errors(_program_42(good), good["platform"]) == []


def test_41_keeps_what_its_genx_ir_takes():
    """In vISA 4.1 the shift and vf rules follow Debian's GenX_IR, which has
    neither; read_state_info has no coordinates in 4.1's grammar."""
    for parts in (V42[0][3], V42[1][3], V42[4][3]):
        assert _errors(program(parts), parts["platform"]) == []
    assert HEAD.startswith(".version 4.1")


_G = ".decl VOFF v_type=G type=ud num_elts=16 align=hword\n.decl P1 v_type=P num_elts=16\n" + _V


@pytest.mark.parametrize("offset", ["A1(0)", "P1"])
def test_gather_global_offset_is_not_an_address_or_predicate(offset, tmp_path):
    bad = _p(f"gather.4 (M1, 8) T6 {offset} VOFF.0 VR.0", _G)
    text = program(bad)
    errors = _errors(text, "TGLLP")
    assert [d.rule for d in errors] == ["operand-kind"]
    assert text.splitlines()[errors[0].line - 1][errors[0].col - 1:].startswith(offset)
    assert _errors(program(_p("gather.4 (M1, 8) T6 0x0:ud VOFF.0 VR.0", _G)), "TGLLP") == []


def test_vme_fbr_modes_are_general_indirect_or_immediate():
    bad = _p("vme_fbr (P1, 0x0:ud, 0x0:ud) T6 VR.0 VR.0 VR.0", _G, "SKL")
    text = program(bad)
    errors = _errors(text, "SKL")
    assert [d.rule for d in errors] == ["operand-kind"]
    assert text.splitlines()[errors[0].line - 1][errors[0].col - 1:].startswith("P1,")
    assert _errors(program(_p("vme_fbr (0x0:ud, 0x0:ud, 0x0:ud) T6 VR.0 VR.0 VR.0", _G, "SKL")), "SKL") == []


def test_an_offset_past_a_byte_is_refused():
    """Stricter than GenX_IR, which takes VR(0,300) and writes 300 cut to a
    byte (44): the binary holds each offset in one byte."""
    text = program(_p("mov (M1, 8) VR(0,300)<1> 0x1:ud"))
    errors = _errors(text, "TGLLP")
    # (column 300 is also outside VR: region-bounds)
    assert sorted(d.rule for d in errors) == ["operand-offset", "region-bounds"]
    errors = [d for d in errors if d.rule == "operand-offset"]
    assert text.splitlines()[errors[0].line - 1][errors[0].col - 1:].startswith("VR(0,300)")


def test_a_use_between_two_declarations_is_declared():
    """A name declared twice is declared from its first declaration on: the
    second is decl-duplicate, and a use between the two is not 'declared
    after its use'."""
    body = ("mov (M1, 8) VF(0,0)<1> 0x0:f\n"
            ".decl VF v_type=G type=f num_elts=64 align=hword")
    errors = _errors(program(_p(body)), "TGLLP")
    assert [d.rule for d in errors] == ["decl-duplicate"]
