"""The misc family (visa/isa/forms_misc.py): control flow, raw sends, dpas,
synchronisation, lifetime, debug info, and the core forms whose bytes are
not what their opcode row suggests (mov, addr_add, cmp, logic operations).

* Byte equality with Intel's references: the golden files of the family and
  every corpus stem whose text uses one of the family's instructions.
* The layout facts the references established (fresh string-pool entries,
  label kinds, jmp's constant execution byte, mov of a predicate, &V[off],
  dpas's alignment side effect, ...).
* Diagnostics for text GenX_IR rejects.
* The decode direction: binary -> text -> the same instruction stream.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import visa
from visa.binary import objfile as OF
from visa.encode import assemble
from visa.errors import VisaError

from conftest import CORPUS, FORMS, GOLDEN
from refs import assemble_stem, gen_blobs, program_text

GOLDEN_STEMS = ("control_flow__SKL", "control_flow_fccall__SKL", "raw_send__SKL",
                "raw_send_eot__TGLLP", "dpas__DG2", "dpas__PVC", "barriers_fences__SKL",
                "barriers_fences__PVC", "misc__TGLLP", "arith__SKL", "arith__DG2",
                "arith__PVCXT", "logic__TGLLP", "logic__DG2", "compare_select__SKL")
FORMS_FILES = ("control_flow__SKL", "raw_send__SKL", "dpas__DG2", "dpas__PVC", "sync__PVC",
               "sync_misc__SKL", "alu__SKL", "alu__DG2", "alu__PVCXT", "logic__TGLLP")
_FAMILY_LINE = re.compile(
    r"^\s*(?:\([^)]*\)\s*)?(jmp|goto|call|fccall|fcall|ifcall|faddr|fret|switchjmp|raw_sends?c?"
    r"(?:_eot)?|dpasw?|fence_\w+|sbarrier|nbarrier|barrier|wait|yield|lifetime|breakpoint|FILE|"
    r"LOC|\.file|\.loc|addr_add)\b", re.M)


# ------------------------------------------------------------------ helpers
def _first_diff(a: bytes, b: bytes) -> str:
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return f"first difference at byte {i}: ours {a[i:i + 16].hex()} ref {b[i:i + 16].hex()}"


def _check_stem(stem: Path):
    out, ref = assemble_stem(stem)
    assert out == ref, _first_diff(out, ref)


def _corpus_stems():
    stems = []
    for f in sorted(CORPUS.glob("*/*.ref.isa")):
        stem = f.with_name(f.name[:-len(".ref.isa")])
        if _FAMILY_LINE.search(program_text(stem)):
            stems.append(stem)
    return stems


def _code(data: bytes):
    f = OF.read(data)
    return [u.obj for u in list(f.kernels) + list(f.functions)]


def _kernel(body: str, decls: str = "", platform=None) -> bytes:
    text = (".version 4.1\n.kernel \"k\"\n" + decls + ".kernel_attr Target=\"cm\"\n"
            ".function \"_main_0\"\n\n_main_0:\n" + body + "    ret (M1, 1)\n")
    gens = [(platform, b"")] if platform else ()
    return assemble(text, gen_binaries=gens)


def _stream(body: str, decls: str = "", platform=None) -> bytes:
    """The instruction stream of a one-kernel program, without the leading
    subroutine label and the final ret."""
    code = _code(_kernel(body, decls, platform))[0].code
    return code[3:-4]


# ------------------------------------------------------- reference bytes
@pytest.mark.parametrize("name", GOLDEN_STEMS)
def test_golden_bytes(name):
    _check_stem(GOLDEN / name)


_CORPUS = _corpus_stems() if CORPUS.is_dir() else []


@pytest.mark.parametrize("stem", _CORPUS, ids=[s.name for s in _CORPUS])
def test_corpus_bytes(stem):
    _check_stem(stem)


def test_corpus_covers_the_family():
    assert len(_CORPUS) > 100


# ------------------------------------------------------------ layout facts
def test_fcall_faddr_file_add_fresh_strings():
    b = _kernel("    fcall (M1, 1) f 0 0\n    faddr f VQ(0,0)<1>\n    FILE \"a.cm\"\n"
                "    FILE \"a.cm\"\n", ".decl VQ v_type=G type=uq num_elts=1\n")
    strings = _code(b)[0].strings
    assert strings.count("f") == 2 and strings.count("a.cm") == 2


def test_label_kinds_and_first_use_order():
    text = (".version 4.1\n.kernel \"k\"\n.kernel_attr Target=\"cm\"\n.function \"_main_0\"\n\n"
            "_main_0:\n    jmp (M1_NM, 1) L1\nL1:\n    call (M1, 1) sub\n    fccall (M1, 1) fc\n"
            "    ret (M1, 1)\n\n.function \"sub\"\n\nsub:\n    ret (M1, 1)\n\n"
            ".function \"fc\"\n\nfc:\n    ret (M1, 1)\n")
    obj = _code(assemble(text))[0]
    assert [(obj.strings[lb.name_index], lb.kind) for lb in obj.labels] == [
        ("_main_0", 1), ("L1", 0), ("sub", 1), ("fc", 2)]


def test_jmp_and_switchjmp_write_exec_zero():
    s = _stream("    jmp (M1_NM, 1) L\nL:\n    switchjmp (M1_NM, 1) 0x0:uw (L)\n")
    assert s == bytes.fromhex("32 00 0000 0100" "31 0100" "69 00 01 0502 00000000 0100")


def test_mov_of_a_predicate_is_nomask_scalar_without_pred_or_sat():
    s = _stream("    (P1) mov.sat (M1, 16) VW(0,0)<1> P1\n",
                ".decl VW v_type=G type=uw num_elts=16\n.decl P1 v_type=P num_elts=16\n")
    assert s == bytes.fromhex("29 80 0000 00 20000000 00 00 0002 02 0100")


def test_address_of_is_a_general_operand():
    decls = ".decl VD v_type=G type=d num_elts=64\n.decl A0 v_type=A num_elts=1\n"
    s = _stream("    addr_add (M1_NM, 1) A0(0)<1> &VD[40] 0x0:uw\n", decls)
    # row 40 / 32 = 1, column (40 % 32) / 4 = 2, region <0;1,0>
    assert s == bytes.fromhex("28 80 01 0000 00 00 00 20000000 01 02 2101 05 02 00000000")
    s = _stream("    addr_add (M1_NM, 1) A0(0)<1> &VD[40] 0x0:uw\n", decls, platform="PVC")
    assert s[8:15] == bytes.fromhex("20000000 00 0a 21")  # 64-byte GRF: row 0, column 10


def test_cmp_without_relation_writes_undef():
    s = _stream("    cmp (M1, 16) P1 VD(0,0)<1;1,0> 0x0:d\n",
                ".decl VD v_type=G type=d num_elts=16\n.decl P1 v_type=P num_elts=16\n")
    assert s[:3] == bytes.fromhex("2c 04 06")


def test_predicate_logic_drops_pred_and_sat():
    decls = "".join(f".decl P{i} v_type=P num_elts=16\n" for i in (1, 2, 3))
    s = _stream("    (P3) and.sat (M1, 16) P1 P2 P3\n", decls)
    assert s == bytes.fromhex("20 04 0000 020100 020200 020300")


def test_fence_options():
    s = _stream("    fence_global.EISCRL1\n    fence_local.CL1\n    fence_sw\n")
    assert s == bytes.fromhex("5c 5f 5c 68 5c 80")


def test_barriers_and_lifetime():
    decls = ".decl VD v_type=G type=d num_elts=16\n.decl A0 v_type=A num_elts=1\n" \
            ".decl P1 v_type=P num_elts=16\n"
    s = _stream("    sbarrier.signal\n    nbarrier.wait 0x1:ub\n    lifetime.end A0\n"
                "    lifetime.start P1\n    lifetime.start VD\n", decls)
    assert s == bytes.fromhex("7c 01" "60 00 0504 01000000 0504 01000000" "7b 11 00000000"
                              "7b 20 01000000" "7b 00 20000000")


def test_dpas_raises_declared_alignment():
    decls = "".join(f".decl {n} v_type=G type={t} num_elts=128 align=hword\n"
                    for n, t in (("D", "f"), ("C", "f"), ("B", "d"), ("A", "d")))
    body = "    dpas.hf.hf.8.8 (M1, 16) D.0 C.0 B.0 A(0,0)\n"
    pvc = _code(_kernel(body, decls, platform="PVC"))[0]
    assert [v.bit_properties >> 4 for v in pvc.variables] == [8, 8, 8, 7]  # wordx32 x3, hword
    dg2 = _code(_kernel(body.replace("16", "8"), decls, platform="DG2"))[0]
    assert [v.bit_properties >> 4 for v in dg2.variables] == [7, 7, 7, 7]


@pytest.mark.parametrize("body, message", [
    ("    and.sat (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> 0x1:d\n", "saturation"),
    ("    dpasw.tf32.tf32.8.8 (M1, 8) VD.0 VD.0 VD.0 VD(0,0)\n", "tf32"),
    ("    dpas.s8.s8.3.8 (M1, 8) VD.0 VD.0 VD.0 VD(0,0)\n", "depth"),
    ("    fence_global.X\n", "fence option"),
    ("    nbarrier.wait 0x1:ub 0x2:ub\n", "nbarrier.wait"),
    ("    lifetime.start S1\n", "lifetime"),
    ("    addc.sat (M1, 8) VD(0,0)<1> VD(1,0)<1> VD(0,0)<1;1,0> 0x1:ud\n", "no .sat"),
    ("    add3.o (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> 0x1:d\n", "add3.o"),
])
def test_rejected(body, message):
    decls = ".decl VD v_type=G type=d num_elts=64\n.decl S1 v_type=S num_elts=1\n"
    with pytest.raises(VisaError, match=message):
        _kernel(body, decls)


# ------------------------------------------------------------ decode side
@pytest.mark.parametrize("name", FORMS_FILES)
def test_forms_file_decodes_to_the_same_stream(name):
    """Assemble, disassemble, assemble again: the same instruction streams
    (the string pool can differ: the printer groups declarations by kind)."""
    data = assemble((FORMS / f"{name}.visaasm").read_text())
    again = assemble(visa.disassemble(data))
    assert [o.code for o in _code(again)] == [o.code for o in _code(data)]


@pytest.mark.parametrize("name", GOLDEN_STEMS)
def test_golden_decodes_to_the_same_stream(name):
    ref = (GOLDEN / f"{name}.ref.isa").read_bytes()
    again = assemble(visa.disassemble(ref), gen_binaries=gen_blobs(ref))
    assert [o.code for o in _code(again)] == [o.code for o in _code(ref)]


def test_decoded_spellings():
    ref = (GOLDEN / "control_flow__SKL.ref.isa").read_bytes()
    text = visa.disassemble(ref)
    assert "jmp (M1_NM, 1) BB_1" in text
    assert "switchjmp (M1, 1) VUW0(0,0)<0;1,0> (SW_0, SW_1, SW_2)" in text
    assert "faddr gfunc VQ0(0,0)<1>" in text
    text = visa.disassemble((GOLDEN / "control_flow_fccall__SKL.ref.isa").read_bytes())
    assert "fccall (M1, 16) fc_sub" in text
    text = visa.disassemble((GOLDEN / "barriers_fences__SKL.ref.isa").read_bytes())
    assert "fence_global.EISCR" in text and "fence_local.C" in text and "fence_sw" in text
    text = visa.disassemble((GOLDEN / "misc__TGLLP.ref.isa").read_bytes())
    assert "lifetime.start A0" in text and 'FILE "other_file.cm"' in text
    text = visa.disassemble((GOLDEN / "compare_select__SKL.ref.isa").read_bytes())
    assert "addr_add (M1_NM, 1) A0(0)<1> &VD0[16] VUW0(0,0)<0;1,0>" in text
