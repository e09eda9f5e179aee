"""The misc family (visa/isa/forms_misc.py): control flow, raw sends, dpas,
synchronisation, lifetime, debug info, and the core forms whose bytes are
not what their opcode row suggests (mov, addr_add, cmp, logic operations).

* That the references cover the family: byte equality with them (the golden
  files of the family, the refs/forms programs, every corpus stem using one
  of the family's instructions) is tests/test_binary_refs.py's business.
* The layout facts no reference pins (switchjmp's constant execution byte,
  a predicated/saturated mov of a predicate, &V[off] with 64-byte GRFs);
  their bytes come from Intel's builder source.
* Diagnostics for text GenX_IR rejects.
* The decode direction: binary -> text -> the same instruction stream.
"""
from __future__ import annotations

import re

import pytest

import visa
from visa.binary import objfile as OF
from visa.encode import assemble
from visa.errors import VisaError

from conftest import FORMS, GOLDEN
from refs import corpus_stems, gen_blobs, program_text

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
def _corpus_stems():
    """The corpus stems (each with a .ref.isa) whose text uses one of the
    family's instructions."""
    return [s for s in corpus_stems() if _FAMILY_LINE.search(program_text(s))]


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


# ------------------------------------------------------------- coverage
def test_corpus_covers_the_family():
    """The family is well covered by Intel's references: more than 100 corpus
    kernels use its instructions (test_binary_refs.py checks their bytes)."""
    assert len(_corpus_stems()) > 100


# ------------------------------------------------------------ layout facts
# The layout facts of the module docstring of visa/isa/forms_misc.py that a
# reference pins are left to test_binary_refs.py:
#   fcall / faddr add a fresh string-pool entry   golden/control_flow__SKL (gfunc twice)
#   so does FILE, for a name already there       corpus */debug_info__with_debug__simd*
#   label kinds (call 1, fccall 2, jmp 0), first-mention order
#                                                 golden/control_flow__SKL,
#                                                 golden/control_flow_fccall__SKL,
#                                                 refs/forms/control_flow__SKL
#   jmp (M1_NM, 1) writes the exec byte 0        golden/control_flow__SKL
#   mov V P1 is written (M1_NM, 1)               golden/compare_select__SKL
#   &V[off] with 32-byte GRFs                    refs/forms/operands__SKL, golden/compare_select__SKL
#   cmp without a relation writes 6              refs/forms/alu__SKL
#   (P) and.sat on predicates drops both         refs/forms/logic__TGLLP
#   fence_global/fence_local options, fence_sw   golden/barriers_fences__SKL, refs/forms/sync_misc__SKL
#   sbarrier, nbarrier.wait, lifetime            golden/barriers_fences__PVC, golden/misc__TGLLP
#   dpas raises declared alignments              golden/dpas__PVC, golden/dpas__DG2
# The facts below have no reference: the expected bytes are what Intel's
# builder writes, read from visa/CISA.y and visa/VISAKernelImpl.cpp at
# igc-1.0.14828.26 (the writer of every reference).
def test_switchjmp_writes_exec_zero():
    # references write switchjmp (M1, 1) or (1) only: AppendVISACFSwitchJMPInst
    # writes EXEC_SIZE_1 | M1 << 4 whatever the text says
    s = _stream("L:\n    switchjmp (M1_NM, 1) 0x0:uw (L)\n")
    assert s == bytes.fromhex("31 0100" "69 00 01 0502 00000000 0100")


def test_mov_of_a_predicate_is_nomask_scalar_without_pred_or_sat():
    # no reference predicates or saturates a mov of a predicate: CISA.y's
    # MovInstruction rule for a PredVar source drops both, and
    # AppendVISAPredicateMove writes (M1_NM, 1), no predicate, no .sat
    s = _stream("    (P1) mov.sat (M1, 16) VW(0,0)<1> P1\n",
                ".decl VW v_type=G type=uw num_elts=16\n.decl P1 v_type=P num_elts=16\n")
    assert s == bytes.fromhex("29 80 0000 00 20000000 00 00 0002 02 0100")


def test_address_of_with_64_byte_grfs():
    # no reference takes &V[off] with an offset on a 64-byte-GRF platform (the
    # pvc corpus has &V alone):
    # CreateVISAAddressOfOperandGeneric writes row off / GRF bytes and column
    # (off % GRF bytes) / element size
    decls = ".decl VD v_type=G type=d num_elts=64\n.decl A0 v_type=A num_elts=1\n"
    s = _stream("    addr_add (M1_NM, 1) A0(0)<1> &VD[40] 0x0:uw\n", decls, platform="PVC")
    assert s[8:15] == bytes.fromhex("20000000 00 0a 21")  # 64-byte GRF: row 0, column 10


@pytest.mark.parametrize("body, message", [
    ("    and.sat (M1, 16) VD(0,0)<1> VD(0,0)<1;1,0> 0x1:d\n", "saturation"),
    ("    dpasw.tf32.tf32.8.8 (M1, 8) VD.0 VD.0 VD.0 VD(0,0)\n", "tf32"),
    ("    dpas.s8.s8.3.8 (M1, 8) VD.0 VD.0 VD.0 VD(0,0)\n", "depth"),
    ("    fence_global.X\n", "fence option"),
    ("    nbarrier.wait 0x1:ub 0x2:ub\n", "nbarrier.wait"),
    ("    lifetime.start S1\n", "lifetime"),
    ("    addc.sat (M1, 8) VU(0,0)<1> VU(1,0)<1> VU(0,0)<1;1,0> 0x1:ud\n", "no .sat"),
    ("    add3.o (M1, 8) VD(0,0)<1> VD(0,0)<1;1,0> VD(0,0)<1;1,0> 0x1:d\n", "add3.o"),
])
def test_rejected(body, message):
    decls = (".decl VD v_type=G type=d num_elts=64\n.decl VU v_type=G type=ud num_elts=64\n"
             ".decl S1 v_type=S num_elts=1\n")
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
