"""The LSC family (lsc_untyped, lsc_typed, lsc_fence): byte equality with
Intel's reference binaries, and the decode direction of its forms."""
from __future__ import annotations

from pathlib import Path

import pytest

import visa
import visa.encode as E
from visa import ast as A
from visa.binary import objfile as OF
from visa.encode import assemble
from visa.isa import forms_lsc as L
from visa.isa.atoms import DecodeError, InsBuilder, Mismatch, Reader
from visa.isa.forms import FORMS
from visa.parser import parse
from conftest import CORPUS, FORMS as FORM_FILES, GOLDEN

from refs import assemble_stem, program_text  # noqa: E402

GOLDEN_STEMS = sorted(p.with_suffix("") for p in GOLDEN.glob("lsc_*.visaasm"))

# corpus stems whose instructions are LSC and core ones (ALU, moves, control flow)
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
    f = FORMS[ins.op]
    if hasattr(f, "resolve"):
        f = f.resolve(ins)
    return sum(getattr(a, "unwritten", 0) for a in f.atoms)


def _check_stem(stem: Path):
    out, ref = assemble_stem(stem)
    assert out == ref


@pytest.mark.parametrize("stem", GOLDEN_STEMS, ids=[p.name for p in GOLDEN_STEMS])
def test_golden_bytes(stem):
    _check_stem(stem)


@pytest.mark.parametrize("name", CORPUS_STEMS)
def test_corpus_bytes(name):
    _check_stem(CORPUS / name)


# --------------------------------------------------------------- decoding
def _forms_for(opcode: int):
    """The concrete forms of an opcode (LscForm.variants) and the LscForm
    objects themselves (the dispatching atom), in turn."""
    concrete, dispatch = [], []
    for f in FORMS.values():
        variants = getattr(f, "variants", None)
        if variants is not None:
            concrete += [g for g in variants() if g.opcode == opcode]
            if f.opcode == opcode:
                dispatch.append(f)
        elif f.opcode == opcode:
            concrete.append(f)
    return concrete, dispatch


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


def _encode_one(encode_body, ins, sym) -> bytes:
    """One instruction's bytes, without the zeros encode_body appends for a
    2D block op (the bytes Intel's writer reserves but never writes)."""
    b = encode_body([ins], sym)
    pad = _unwritten(ins)
    return b[:len(b) - pad] if pad else b


def _lsc_instructions(text: str, data: bytes, monkeypatch):
    """(statement, unit symbols, unit code, offset, length, Names) for each LSC
    instruction of the program, the offsets found by encoding each statement."""
    from visa.decode import Names
    found = []
    original = E.encode_body

    def recording(body, sym):
        pos, parts = 0, []
        for s in body:
            b = _encode_one(original, s, sym)
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
    for unit, o in zip(module.units, objs):
        found.clear()
        E.encode_unit(unit)
        names = Names(o.obj)
        out += [(s, sym, o.obj.code, pos, n, names) for s, sym, pos, n in found]
    monkeypatch.setattr(E, "encode_body", original)
    return out


def _roundtrip(text: str, data: bytes, monkeypatch, same_ast: bool):
    checked = 0
    for s, sym, code, pos, n, names in _lsc_instructions(text, data, monkeypatch):
        concrete, dispatch = _forms_for(code[pos])
        for forms in (concrete, dispatch or concrete):
            ins, length = _decode_one(forms, code, pos, names)
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
    _roundtrip(program_text(stem), Path(str(stem) + ".ref.isa").read_bytes(), monkeypatch, True)


@pytest.mark.parametrize("stem", GOLDEN_STEMS, ids=[p.name for p in GOLDEN_STEMS])
def test_golden_decode(stem, monkeypatch):
    """Hand-written text: the decoded instruction re-encodes to the same bytes
    (its spelling may differ: 1x16x8nn prints 16x8nn, a 2D store's data
    register and y offset are not in the binary)."""
    _roundtrip(program_text(stem), Path(str(stem) + ".ref.isa").read_bytes(), monkeypatch, False)


@pytest.mark.parametrize("path", sorted(FORM_FILES.glob("lsc*.visaasm")), ids=lambda p: p.name)
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


def _code(line: str) -> bytes:
    obj = OF.read(assemble(_PROLOGUE + "    " + line + "\n")).kernels[0].obj
    assert obj.code[0] == 0x30  # the label _main_0 (opcode, UW id)
    return obj.code[3:]


def test_untyped_load_layout():
    c = _code("lsc_load.ugm.ca.uc (M1, 16)  VD.64:d32x4  flat[VA-0x10]:a64")
    va, vd = 32, 34
    assert c == bytes((0x89, 0x00, 0x04, 0, 0, 0, 2, 1, 1)) + (1).to_bytes(2, "little") \
        + (-16).to_bytes(4, "little", signed=True) + bytes((3, 3, 1, 4, 4)) \
        + bytes((5, 0)) + bytes(4) + vd.to_bytes(4, "little") + (64).to_bytes(2, "little") \
        + va.to_bytes(4, "little") + bytes(2) + bytes(12)


def test_strided_default_pitch_and_zero_chmask():
    c = _code("lsc_load_strided.ugm (M1, 16)  VD:d16x4  flat[VA]:a64")
    # data shape: d16, nontranspose, x4, chmask 0; pitch 2 bytes x 4
    assert c[16:20] == bytes((2, 1, 4, 0))
    assert c[-12:] == bytes((5, 0, 8, 0, 0, 0)) + bytes(6)


def test_typed_and_fence_layout():
    c = _code("lsc_atomic_iadd.tgm (M1, 8)  VD:d32  bss(VB, 3)[VB+4, VB.64]:a32  VD  %null")
    assert c[:2] == b"\x8a\x0c"
    surface = bytes((0, 33, 0, 0, 0, 0, 0)) + b"\x21\x01"  # VB(0,0)<0;1,0>
    assert c[13:22] == surface and c[22:26] == (3).to_bytes(4, "little")
    assert _code("lsc_fence.slm.evict.gpu") == bytes((0x8B, 0x80, 0, 0, 3, 1, 3))


@pytest.mark.parametrize("line, message", [
    ("lsc_load (M1, 16)  VD:d32  flat[VA]:a64", r"needs a modifier \(\.ugm"),
    ("lsc_load.tgm (M1, 16)  VD:d32  flat[VA]:a64", "typed"),
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


def test_shape_texts():
    assert L.parse_shape("u16c32h", None) == L.Shape(7, 1, 1)
    assert L.parse_shape("d64x32t", None) == L.Shape(4, 2, 7)
    assert L.parse_shape("d32.yzw", None) == L.Shape(3, 1, 14)
    assert L.parse_shape_2d("d16.16x8", None) == L.Shape2D(2, 1, 1, 16, 8, 0)
    assert L.shape_text(4, 2, 7, False, 0) == "d64x32t"
    assert L.shape_text(3, 1, 14, True, 0) == "d32.yzw"
    assert L.shape_2d_text(L.Shape2D(2, 2, 2, 16, 8, 1), 0) == "d16.2x16x8tt"
    assert isinstance(FORMS["lsc_load"], L.LscForm) and FORMS["lsc_fence"].opcode == 0x8B


def test_strided_pitch_spellings_are_one_program():
    """No pitch means the natural block stride: both spellings are one AST,
    and the disassembly writes it out."""
    head = (".version 4.1\n.kernel \"k\"\n.decl VS1 v_type=G type=uq num_elts=1 align=qword\n"
            ".decl VD v_type=G type=ud num_elts=128 align=hword\n.function \"f\"\n\nf:\n")
    a = parse(head + "    lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VS1]:a64\n")
    b = parse(head + "    lsc_load_strided.ugm (M1, 16) VD:d32x2 flat[VS1, 0x8]:a64\n")
    assert a == b
    assert "flat[VS1, 0x8]:a64" in visa.format(a)
