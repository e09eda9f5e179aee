"""The dataport family (legacy surface access and SVM): the layouts no Intel
reference pins, diagnostics, and the decode direction of its forms.

Byte equality with Intel's references (the golden legacy_memory__* and
svm__* programs, refs/forms/legacy_memory__SKL.reduced and svm__SKL, and the
corpus kernels using the family) is tests/test_binary_refs.py's business."""
from __future__ import annotations


import attrs
import pytest

import visa
from visa import ast as A
from visa import decode
from visa.encode import assemble, assemble_module
from conftest import FORMS

from refs import corpus_stems, golden_stems, program_text

MINE = frozenset((
    "oword_ld", "oword_ld_unaligned", "oword_st", "media_ld", "media_st", "gather", "scatter",
    "gather4_typed", "scatter4_typed", "gather4_scaled", "scatter4_scaled", "gather_scaled",
    "scatter_scaled", "dword_atomic", "typed_atomic", "qw_gather", "qw_scatter",
    "svm_block_ld", "svm_block_st", "svm_gather", "svm_scatter", "svm_gather4scaled",
    "svm_scatter4scaled", "svm_atomic"))

# the golden programs of the family (golden_stems() fails if the set is short)
GOLDEN_STEMS = [s for s in golden_stems() if s.name.startswith(("legacy_memory__", "svm__"))]


# ------------------------------------------------------- single instructions
HEAD = """.version 4.1
.kernel "k"
.decl VX v_type=G type=ud num_elts=1 align=dword
.decl VA v_type=G type=uq num_elts=1 align=qword
.decl VO v_type=G type=ud num_elts=16 align=hword
.decl VD v_type=G type=ud num_elts=64 align=hword
.decl P1 v_type=P num_elts=16
.decl T6 v_type=T num_elts=1
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
"""


def _code(line: str) -> bytes:
    """The instruction stream of a kernel with one instruction (before ret)."""
    from visa.binary import objfile as OF
    code = OF.read(assemble(HEAD + "    " + line + "\n    ret (M1, 1)\n")).kernels[0].obj.code
    return code[3:-4]  # drop the subroutine entry (3 bytes) and ret (4 bytes)


# T6 is surface id 6, VX general id 32 (0x20), VO 34, VD 35
RAW = {"VO": "220000000000", "VD": "230000000000", "null": "000000000000"}
# VX(0,0)<0;1,0>: tag 0, id, row, col, region codes 0 -> 1, 1 -> 2: 0x0121
VX_SCALAR = "00" "20000000" "00" "00" "2101"


# Layouts no Intel reference pins.  The other forms of the family are pinned by
# the references test_binary_refs.py checks byte for byte; for the cases this
# test used to carry:
#   oword_ld.mod (4) T6 0x40:ud       golden/legacy_memory__SKL (the same line)
#   media_ld, plane omitted            refs/forms/legacy_memory__SKL.reduced
#                                      (media_ld.nomod (16,4) T6 0x0:ud 0x0:ud)
#   gather exec byte (mask << 4), .mod refs/forms/legacy_memory__SKL.reduced
#                                      (gather.4 (M1_NM, 16), gather.2 (M1, 16) .mod)
#   (P1) gather4_scaled.<mask>         golden/legacy_memory__SKL ((P1) gather4_scaled.RG);
#                                      lower-case masks: refs/forms/legacy_memory__SKL.reduced
#   dword_atomic.fmax.16 (M1, 8)       golden/legacy_memory__SKL
#   svm_block_ld (8), svm_block_st.aligned (2)   golden/svm__SKL
#   svm_gather.8.4 (M1, 8)             refs/forms/svm__SKL
#   svm_atomic.cmpxchg.64 (M1, 8)      golden/svm__SKL (and corpus */atomics_long__latom64__simd32)
#   svm_scatter4scaled.<mask> 0x0:uq   golden/svm__SKL, golden/svm__DG2
# The cases below have no reference: their bytes are what Intel's builder
# writes, read from visa/VISAKernelImpl.cpp and
# visa/include/visa_igc_common_header.h at igc-1.0.14828.26 (the writer of
# every reference).
@pytest.mark.parametrize("line, hexbytes", [
    # (16) owords: OwordNum code OWORD_NUM_16 = 4 (references have 1, 2, 4, 8 only);
    # AppendVISASurfAccessOwordLoadStoreInst writes size, surface, offset, src
    # (oword_st has no modifier byte)
    ("oword_st (16) T6 VX(0,0)<0;1,0> VD.0", "36" "04" "06" + VX_SCALAR + RAW["VD"]),
    # a non-zero plane on media_st (references: media_st planes are 0 or omitted):
    # AppendVISASurfAccessMediaLoadStoreInst writes modifier, surface, plane,
    # width, height, x, y, raw
    ("media_st.top (16,2) T6 3 0x0:ud 0x0:ud VD.0",
     "38" "02" "06" "03" "10" "02" "050000000000" "050000000000" + RAW["VD"]),
    # execution size 1 (references: gather/scatter (8) and (16) only):
    # AppendVISASurfAccessGatherScatterInst writes EXEC_SIZE_1 as 2, | emask << 4
    ("scatter.1 (1) T6 0x0:ud VO.0 VD.0",
     "3a" "00" "02" "06" "050000000000" + RAW["VO"] + RAW["VD"]),
    # 8 blocks (no reference has gather_scaled.8 or scatter_scaled.8):
    # AppendVISASurfAccessScatterScaledInst writes 0:ub, the block count
    # (SVM_BLOCK_NUM_8 = 3), 0:uw
    ("scatter_scaled.8 (M2, 8) %slm 0x0:ud VO.0 VD.0",
     "79" "13" "0000" "00" "03" "0000" "00" "050000000000" + RAW["VO"] + RAW["VD"]),
])
def test_layout(line, hexbytes):
    assert _code(line).hex() == hexbytes


@pytest.mark.parametrize("line, message", [
    ("oword_ld (3) T6 0x0:ud VD.0", "1, 2, 4, 8 or 16 owords"),
    ("gather.4 (M1, 4) T6 0x0:ud VO.0 VD.0", "1, 8 or 16 elements"),
    ("gather.3 (M1, 8) T6 0x0:ud VO.0 VD.0", "unknown modifier '.3'"),
    ("gather4_scaled.X (M1, 16) T6 0x0:ud VO.0 VD.0", "channel mask"),
    ("dword_atomic.add.64 (M1, 16) T6 VO.0 VD.0 %null.0 VD.0", "'.64'"),
    ("svm_block_ld.odd (2) VA(0,0)<0;1,0> VD.0", ".aligned or .unaligned"),
    ("oword_ld (2) VX 0x0:ud VD.0", "not a surface"),
    ("(P1) oword_st (2) T6 0x0:ud VD.0", "cannot be predicated"),
])
def test_errors(line, message):
    """The encoder's own refusal (its message), and visa-as's (since issue 18
    the validator's rules say most of these first)."""
    text = HEAD + "    " + line + "\n    ret (M1, 1)\n"
    with pytest.raises(visa.VisaError) as e:
        assemble(text, validate=False)
    assert message in str(e.value)
    with pytest.raises(visa.VisaError):
        _code(line)


# ------------------------------------------------------------------- decode
_CHANNEL_OPS = frozenset(("gather4_typed", "scatter4_typed", "gather4_scaled", "scatter4_scaled",
                          "svm_gather4scaled", "svm_scatter4scaled"))


def _only_mine(module):
    units = tuple(attrs.evolve(u, body=tuple(s for s in u.body if type(s) is A.Instruction
                                             and s.op in MINE))
                  for u in module.units)
    return attrs.evolve(module, units=units)


def _canonical(ins: A.Instruction) -> A.Instruction:
    """The instruction as decoding gives it back: what the binary does not
    keep takes its canonical spelling."""
    mods, ex, ops = ins.mods, ins.exec, ins.operands
    if ins.op.startswith(("oword_", "svm_block_")):
        mods = tuple(m for m in mods if m not in ("mod", "unaligned"))  # .mod is dropped
        ex = A.ExecSize(ex.size)  # the size in owords, printed (n)
    elif ex is not None and ex.mask is None:
        ex = A.ExecSize(ex.size, "M1")
    if ins.op == "svm_atomic":
        mods = tuple(m for m in mods if m != "32")
    if ins.op in _CHANNEL_OPS:
        mods = (mods[0].upper(),) + mods[1:]
    if ins.op.startswith("media_") and type(ops[2]) is not A.Number:
        ops = ops[:2] + (A.Number(0),) + ops[2:]  # the plane, 0 when omitted
    return attrs.evolve(ins, mods=mods, exec=ex, operands=ops, post_mods=())


DECODE_FILES = [s.with_name(s.name + ".visaasm") for s in GOLDEN_STEMS] \
    + [FORMS / n for n in ("legacy_memory__SKL.visaasm", "svm__SKL.visaasm", "memory__DG2.visaasm")]


@pytest.mark.parametrize("path", DECODE_FILES,
                         ids=[f"{p.parent.name}/{p.name}" for p in DECODE_FILES])
def test_decode_round_trip(path):
    from visa.printer import instruction_text
    m = _only_mine(visa.parse(path.read_text(), str(path)))
    b = assemble_module(m)
    d = decode.disassemble_module(b)
    for u, v in zip(m.units, d.units, strict=True):
        for x, y in zip(u.body, v.body, strict=True):
            assert y == _canonical(x), (instruction_text(x), instruction_text(y))
    # the instruction streams (declaration order is the object tables' business)
    from visa.binary import objfile as OF
    assert [k.obj.code for k in OF.read(assemble_module(d)).kernels] == \
        [k.obj.code for k in OF.read(b).kernels]


@pytest.mark.parametrize("platform", ["skl", "tgllp", "dg2", "pvc"])
def test_decode_prints_corpus_text(platform):
    """Every instruction of this family in the corpus decodes to exactly the
    instruction IGC printed."""
    from visa.printer import instruction_text
    n = 0
    for stem in [s for s in corpus_stems() if s.parent.name == platform]:
        m = _only_mine(visa.parse(program_text(stem)))
        d = decode.disassemble_module(assemble_module(m))
        for u, v in zip(m.units, d.units, strict=True):
            for x, y in zip(u.body, v.body, strict=True):
                assert y == x, (stem.name, instruction_text(x), instruction_text(y))
                n += 1
    assert n > 0
