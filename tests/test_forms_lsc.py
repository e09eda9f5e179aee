"""The LSC family (lsc_untyped, lsc_typed, lsc_fence): the decode direction
of its forms, the layouts no Intel reference pins, and diagnostics.

Byte equality with Intel's references (golden lsc_*, refs/forms lsc*,
refs/wanted, the corpus kernels using the family) is
tests/test_binary_refs.py's business."""
from __future__ import annotations


import pytest

import visa
import visa.encode as E
import visa.isa.operands
from visa import ast as A
from visa.binary import objfile as OF
from visa.encode import assemble
from visa.isa import forms_lsc as L
from visa.isa.atoms import DecodeError, InsBuilder, Mismatch, Reader
from visa.isa.forms import FORMS
from visa.parser import parse
from conftest import CORPUS

from refs import forms_files, golden_stems, program_text, ref_bytes

# the golden and tests/data/forms programs of the family (golden_stems() and
# forms_files() fail if their set is short)
GOLDEN_STEMS = [s for s in golden_stems() if s.name.startswith("lsc_")]
FORM_FILES = [p for p in forms_files() if p.name.startswith("lsc")]

# corpus stems whose instructions are LSC and core ones (ALU, moves, control
# flow); a missing one fails its test (its files are read)
CORPUS_STEMS = [
    "dg2/atomics_long__latom64__simd32",        # every untyped integer atomic, d64
    "dg2/atomics_float__fatomics__simd32",      # lsc_atomic_fadd
    "dg2/local_mem__ltranspose__simd32",        # slm loads/stores, fences
    "dg2/generic_ptr__generic_as__simd8",       # fences on several SFIDs
    "dg2/calls_stack__stackcalls__simd8",       # kernel + stack-called functions
    "dg2/private_array__priv_dyn__simd32",
    "pvc/atomics_float__fatomic_cas_loop__simd32",
    "pvc/fp64_pvc__datomic__simd32",
    "pvc/workgroup__wg_funcs__simd32",
    "pvc/spill__spill_heavy__simd16",
    "pvc/block2d_pvc__blk2d_vnni__simd16",      # lsc_load_block2d (code padding)
]


def _unwritten(ins) -> int:
    if type(ins) is not A.Instruction:
        return 0
    return FORMS[ins.op].select(ins).unwritten


# --------------------------------------------------------------- decoding
def _forms_for(opcode: int):
    """The layouts of an opcode (a family record's members)."""
    return [g for f in FORMS.values() for g in f.variants() if g.opcode == opcode]


def _decode_one(forms, code: bytes, pos: int, names):
    for f in forms:
        rd = Reader(code, pos + 1)
        b = InsBuilder(f.mnemonic)
        try:
            for a in f.atoms:
                a.decode(rd, names, b)
        except (Mismatch, DecodeError):
            continue
        return b.finish(), rd.pos - pos
    raise AssertionError(f"no form decodes the instruction at {pos}")


def _encode_one(encode_body, ins, sym, *rest) -> bytes:
    """One instruction's bytes, without the zeros encode_body appends for a
    2D block op (the bytes Intel's writer reserves but never writes).
    ``rest``: encode_body's further arguments (the unit's string pool), as
    encode_unit passes them."""
    b = encode_body([ins], sym, *rest)
    pad = _unwritten(ins)
    return b[:len(b) - pad] if pad else b


def _lsc_instructions(text: str, data: bytes, monkeypatch):
    """(statement, unit symbols, unit code, offset, length, Names) for each LSC
    instruction of the program, the offsets found by encoding each statement."""
    from visa.decode import Names
    found = []
    original = E.encode_body

    def recording(body, sym, *rest):
        pos, parts = 0, []
        for s in body:
            b = _encode_one(original, s, sym, *rest)
            if getattr(s, "op", "").startswith("lsc"):
                found.append((s, sym, pos, len(b)))
            pos += len(b)
            parts.append(b)
        return b"".join(parts)

    monkeypatch.setattr(E, "encode_body", recording)
    module = parse(text)
    objs = OF.read(data)
    objs = list(objs.kernels) + list(objs.functions)
    out = []
    for unit, o in zip(module.units, objs, strict=True):
        found.clear()
        E.encode_unit(unit)
        names = Names(o.obj)
        out += [(s, sym, o.obj.code, pos, n, names) for s, sym, pos, n in found]
    monkeypatch.setattr(E, "encode_body", original)
    return out


def _roundtrip(text: str, data: bytes, monkeypatch, same_ast: bool):
    checked = 0
    for s, sym, code, pos, n, names in _lsc_instructions(text, data, monkeypatch):
        ins, length = _decode_one(_forms_for(code[pos]), code, pos, names)
        assert length == n, s
        assert _encode_one(E.encode_body, ins, sym) == code[pos:pos + n], s
        if same_ast:
            assert ins == s
        checked += 1
    assert checked


@pytest.mark.parametrize("name", CORPUS_STEMS)
def test_corpus_decode(name, monkeypatch):
    """Every LSC instruction of the reference decodes to the AST of the text
    (the corpus text is Intel's printer output) and re-encodes to its bytes."""
    stem = CORPUS / name
    _roundtrip(program_text(stem), ref_bytes(stem), monkeypatch, True)


@pytest.mark.parametrize("stem", GOLDEN_STEMS, ids=[p.name for p in GOLDEN_STEMS])
def test_golden_decode(stem, monkeypatch):
    """Hand-written text: the decoded instruction re-encodes to the same bytes
    (its spelling may differ: 1x16x8nn prints 16x8nn, a 2D store's data
    register and y offset are not in the binary)."""
    _roundtrip(program_text(stem), ref_bytes(stem), monkeypatch, False)


@pytest.mark.parametrize("path", FORM_FILES, ids=lambda p: p.name)
def test_forms_roundtrip(path, monkeypatch):
    """The less common spellings (tests/data/forms) encode, and decode back to
    instructions with the same bytes."""
    text = path.read_text()
    _roundtrip(text, assemble(text), monkeypatch, False)


# ------------------------------------------------------------ layout facts
_PROLOGUE = """.version 4.1
.kernel "k"
.decl VA v_type=G type=uq num_elts=16 align=hword
.decl VB v_type=G type=ud num_elts=16 align=hword
.decl VD v_type=G type=ud num_elts=128 align=hword
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
"""


def _code(line: str, validate: bool = True) -> bytes:
    obj = OF.read(assemble(_PROLOGUE + "    " + line + "\n", validate=validate)).kernels[0].obj
    assert obj.code[0] == 0x30  # the label _main_0 (opcode, UW id)
    return obj.code[3:]


# Layout facts the references pin are left to test_binary_refs.py: an untyped
# load's head, cache controls, address offset, data shape and dst offset
# (golden/lsc_untyped__DG2: lsc_load.ugm.ca.uc, d32x4, flat[VA32-0x10];
# corpus dg2/vectors__vload_store__simd32 et al.: V.256:d32x4), the default
# strided pitch for d32 and d32x2 (refs/forms/lsc_untyped__DG2,
# refs/wanted/refs_wanted__DG2), typed atomics with bss(V) surfaces
# (golden/lsc_typed__DG2), and lsc_fence (golden/lsc_fence__DG2: each fence op
# and scope on ugm, and the slm, ugml and tgm sfids).  The two below have no
# reference: the expected bytes are what Intel's builder writes, read from
# visa/VISAKernelImpl.cpp at igc-1.0.14828.26 (the writer of every reference).


def test_strided_default_pitch_and_zero_chmask():
    # no reference has a d16 strided access without a pitch: the pitch is
    # lscStridedOpBlockStride (2 bytes x 4), the chmask byte the constant 0 of
    # AppendVISALscUntypedStridedInst
    # (Intel's verifier refuses a d16 vector, lsc-shape; the encoder still
    # writes what Intel's builder would)
    with pytest.raises(visa.VisaError, match="lsc-shape"):
        _code("lsc_load_strided.ugm (M1, 16)  VD:d16x4  flat[VA]:a64")
    c = _code("lsc_load_strided.ugm (M1, 16)  VD:d16x4  flat[VA]:a64", validate=False)
    # data shape: d16, nontranspose, x4, chmask 0; pitch 2 bytes x 4
    assert c[16:20] == bytes((2, 1, 4, 0))
    assert c[-12:] == bytes((5, 0, 8, 0, 0, 0)) + bytes(6)


def test_typed_surface_index():
    # no reference writes bss(V, index) on a typed op (golden/lsc_typed__DG2
    # has bss(VBTI) only): the index is a D right after the surface operand,
    # as AppendVISALscTypedInst adds them
    c = _code("lsc_atomic_iadd.tgm (M1, 8)  VD:d32  bss(VB, 3)[VB+4, VB.64]:a32  VD  %null")
    assert c[:2] == b"\x8a\x0c"
    surface = bytes((0, 33, 0, 0, 0, 0, 0)) + b"\x21\x01"  # VB(0,0)<0;1,0>
    assert c[13:22] == surface and c[22:26] == (3).to_bytes(4, "little")


@pytest.mark.parametrize("line, message", [
    ("lsc_load (M1, 16)  VD:d32  flat[VA]:a64", r"needs a modifier \(\.ugm"),
    ("lsc_load.tgm (M1, 16)  VD:d32  flat[VA]:a64", "typed|TGM"),
    ("lsc_read_state_info.ugm  VD  bti(0x1)[VB]", "only typed"),
    ("lsc_load.ugm (M1, 16)  VD:d32  flat[VA]", "size suffix"),
    ("lsc_load.ugm (M1, 16)  VD:d32.xy  flat[VA]:a64", "without channels"),
    ("lsc_load_quad.ugm (M1, 16)  VD:d32x2  flat[VA]:a64", "with channels"),
    ("lsc_load.ugm (M1, 16)  VD:d32  bti[VB]:a32", "needs a surface"),
    ("lsc_load.ugm.xx (M1, 16)  VD:d32  flat[VA]:a64", "cache control"),
    ("lsc_load.ugm (M1, 16)  VD:d24  flat[VA]:a64", "data shape"),
])
def test_errors(line, message):
    with pytest.raises(visa.VisaError, match=message):
        assemble(_PROLOGUE + "    " + line + "\n")


def test_shape_fields():
    # the binary fields of each kind of shape (LSC_DATA_SHAPE / LSC_DATA_SHAPE_BLOCK2D
    # of Intel's visa_igc_common_header.h: sizes 8c32=5 ... 16c32h=7, x32=7, transpose=2,
    # channel x=1 y=2 z=4 w=8)
    P = visa.isa.operands.lsc_shape
    assert L.parse_shape(P("u16c32h", 0, 0), None) == L.ShapeCodes(7, 1, 1)
    assert L.parse_shape(P("d64x32t", 0, 0), None) == L.ShapeCodes(4, 2, 7)
    assert L.parse_shape(P("d32.yzw", 0, 0), None) == L.ShapeCodes(3, 1, 14)
    assert L.parse_shape_2d(P("d16.16x8", 0, 0), None) == L.Shape2DCodes(2, 1, 1, 16, 8, 0)
    assert L.shape_of(4, 2, 7, False, 0) == P("d64x32t", 0, 0)
    assert L.shape_of(3, 1, 14, True, 0) == P("d32.yzw", 0, 0)
    assert L.shape_2d_of(L.Shape2DCodes(2, 2, 2, 16, 8, 1), 0) == P("d16.2x16x8tt", 0, 0)
    assert [m.opcode for m in FORMS["lsc_load_quad"].members] == [0x89, 0x8A]
    assert not FORMS["lsc_fence"].members and FORMS["lsc_fence"].opcode == 0x8B


def test_strided_pitch_spellings_are_one_program():
    """No pitch means the natural block stride: both spellings are one AST,
    and the disassembly writes it out."""
    head = (".version 4.1\n.kernel \"k\"\n.decl VS1 v_type=G type=uq num_elts=1 align=qword\n"
            ".decl VD v_type=G type=ud num_elts=128 align=hword\n.function \"f\"\n\nf:\n")
    a = parse(head + "    lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VS1]:a64\n")
    b = parse(head + "    lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VS1, 0x8]:a64\n")
    assert a == b
    assert "flat[VS1, 0x8]:a64" in visa.format(a)
