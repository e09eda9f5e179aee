"""Spellings Intel's lexer reads alike give equal ASTs (the AST is fully
structured: no operand keeps text that a later stage reads again)."""
from __future__ import annotations

import pytest

import visa
from visa import ast as A

HEAD = """.version 4.1
.kernel "k"
.decl VX v_type=G type=uq num_elts=1 align=qword
.decl VU v_type=G type=ud num_elts=16 align=hword
.decl VW v_type=G type=ud num_elts=1 align=dword
.decl VSS v_type=G type=ud num_elts=4 align=dword
.decl VD v_type=G type=ud num_elts=128 align=hword
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
"""


def _ops(line: str):
    m = visa.parse(HEAD + "    " + line + "\n    ret (M1, 1)\n")
    return m.units[0].body[1].operands


@pytest.mark.parametrize("variants", [
    ["flat[VX+16]:a64", "flat[VX + 16]:a64", "flat[ VX+0x10 ]:a64", "flat[VX+(8*2)]:a64"],
    ["flat[VX-0x20]:a64", "flat[VX - 32]:a64"],
    ["bss(VSS, 2)[VU]:a32", "bss(VSS,2)[VU]:a32", "bss( VSS , 0x2 )[VU]:a32"],
    ["bti(0x1)[VU]:a32", "bti(1)[VU]:a32", "bti( 1 )[VU]:a32"],
    ["flat[0x2*VX]:a64", "flat[2 * VX]:a64"],
])
def test_lsc_address_spellings_are_one_ast(variants):
    asts = [_ops(f"lsc_load.ugm (M1, 16) VD:d32 {v}")[1] for v in variants]
    assert all(a == asts[0] for a in asts[1:])
    # and the AST holds the parts, not text
    a = asts[0]
    assert type(a.base) is A.LscReg and "+" not in a.base.name and "*" not in a.base.name


def test_lsc_address_fields():
    a = _ops("lsc_load.ugm (M1, 16) VD:d32 bss(VSS, 2)[VU+0x40]:a32")[1]
    assert (a.model, a.surface, a.surface_index, a.base, a.offset, a.size) == (
        "bss", A.LscReg("VSS"), 2, A.LscReg("VU"), 0x40, "a32")


def test_2d_block_items_are_structured():
    a = _ops("lsc_load_block2d.ugm (M1, 1) VD:d32.1x8x8nn flat[VX, VW, VW, VW, VW+4, VW(0,1)]")[1]
    assert a.extra[3] == A.LscReg("VW", offset=4)
    assert a.extra[4] == A.LscReg("VW", rc=(0, 1))


@pytest.mark.parametrize("a, b", [
    ("add (M1, 16) VU(0,0)<1> (-)VU(0,0)<8;8,1> 0x1:ud", "add (M1, 16) VU(0,0)<1> (-) VU(0,0)<8;8,1> 0x1:ud"),
    ("add (M1, 16) VU(0,0)<1> VU(0,0)<8;8,1> 0x1:ud", "add ( M1 , 16 ) VU( 0 , 0 )< 1 > VU(0, 0)<8; 8, 1> 0x1:ud"),
])
def test_blank_spacing_variants_are_one_ast(a, b):
    assert _ops(a) == _ops(b)


@pytest.mark.parametrize("variants", [
    ["VD:d32", "VD:u32", "VD:d32x1"],
    ["VD:d32x4t", "VD:u32x4t"],
    ["VD:d16c32h", "VD:u16c32h"],
])
def test_lsc_data_shape_spellings_are_one_ast(variants):
    # Intel's lexer (CISA.l, LSC_DATA_SHAPE_TK) reads d and u alike, and x1 is
    # the vector size 1 that is left out
    asts = [_ops(f"lsc_load.ugm (M1, 16) {v} flat[VX]:a64")[0] for v in variants]
    assert all(a == asts[0] for a in asts[1:])
    assert type(asts[0].shape) is A.LscShape


def test_lsc_data_shapes_are_structured():
    def shape(s):
        return _ops(f"lsc_load_block2d.ugm (M1, 1) VD:{s} flat[VX, VW, VW, VW, VW, VW]")[0].shape
    assert shape("d16.2x16x8tn") == A.LscShape("d16", block=(2, 16, 8), transpose=True, vnni=False)
    # blocks 1 and the order letters n are what is left unwritten
    assert shape("d16.16x8") == shape("d16.1x16x8nn") == A.LscShape("d16", block=(1, 16, 8))
    v = _ops("lsc_load.ugm (M1, 16) VD:d64x32t flat[VX]:a64")[0].shape
    assert (v.size, v.vector, v.transpose, v.channels, v.block) == ("d64", 32, True, None, None)
    q = _ops("lsc_load_quad.ugm (M1, 16) VD:d32.yzw flat[VX]:a64")[0].shape
    assert (q.size, q.channels) == ("d32", "yzw")


def test_bad_lsc_data_shape_points_at_the_shape():
    with pytest.raises(visa.VisaError) as ei:
        _ops("lsc_load.ugm (M1, 16) VD:d24 flat[VX]:a64")
    (d,) = ei.value.diagnostics
    assert (d.line, d.col) == (12, 29) and "invalid LSC data shape ':d24'" in d.message
