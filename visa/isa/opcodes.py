"""The vISA 4.1 instruction table: one declarative description shared by the
parser, printer, validator, encoder and decoder.

Everything here is data.  The facts were transcribed from Intel's
intel-graphics-compiler sources (``visa/IsaDescription.cpp`` and the headers
and tables it relies on) at tag ``igc-1.0.14828.26`` -- the release whose
``GenX_IR`` wrote our reference binaries -- and compared with tag
``igc-1.0.12504.6``, whose text dialect our corpus uses.

What the table holds
--------------------
* ``OPCODES`` -- one :class:`~visa.isa.descriptions.OpcodeDef` per opcode
  number 0..0x94, carrying Intel's *instruction info* (mnemonic, category,
  number of sources and destinations) and Intel's *instruction
  description* (platform, attributes and the ordered operand descriptions,
  :class:`~visa.isa.descriptions.OperandDef`), with the :class:`Opcode`
  numbers and the 3D sampler operations of ``sample_3d`` / ``load_3d`` /
  ``gather4_3d`` / ``info_3d``.

The rest of what was transcribed lives beside it, one concern a module:
``datatypes`` (types, alignments), ``targets`` (platforms),
``field_codes`` (execution size and mask, modifiers, predicates,
conditions, categories, a vector operand's bytes), ``descriptions`` (the
row records and their builders), ``value_codes`` (atomics, channels, media,
fences, precisions ...), ``lsc_codes`` and ``subops`` (the sub-operation
tables of ``lsc_untyped`` / ``lsc_typed``, ``svm``, ``va`` and
``va_skl_plus``), ``predefined`` (variables, surfaces), ``attributes``
(kernel and variable attributes) and ``keywords`` (the text's instruction
keywords).

Caveat on operand descriptions
------------------------------
Intel's description rows are *descriptions*, not the exact byte layout.
The binary writer emits the operands that Intel's builder attached to an
instruction, and for several opcodes those differ from the row (extra
operands, operands that are vector operands in the binary although the row
calls them immediates, variable-length tails...).  Each such case we found is
recorded in ``OpcodeDef.note`` / ``SubOpDef.note``; codecs must be checked
against the golden binaries, not derived blindly from the rows.

Numbering between the two tags
------------------------------
Opcode numbers 0x00..0x92 are identical in igc-1.0.12504.6 and
igc-1.0.14828.26 (same ``ISA_Opcode`` enum, same mnemonics, categories and
source/destination counts).  14828 appends two opcodes: 0x93 ``reserved93``
and 0x94 ``breakpoint`` (``since="igc-1.0.14828.26"``); the 12504 text
lexer does not know ``breakpoint``.  Other differences between the tags:
``srnd`` src1 allows ub/uw/f/hf in 14828 (f/hf in 12504); the LSC sub-op
tables are padded to 40/41 entries in 14828 (32 in 12504; padding only);
label kind 4 (divergent resource loop) and the kernel attributes
``ForceSpill`` and ``AllLaneActive`` are new in 14828.  Sub-op numbers,
enumeration codes and spellings are otherwise unchanged.
"""

from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping

from .._record import record
from .datatypes import TYPES_FLOAT, TYPES_FLOAT_ALL, TYPES_FLOAT_HF, TYPES_INT, VisaType
from .targets import TargetPlatform
from .field_codes import InstCategory
from .descriptions import (Constraint, DST_G_I, DST_G_I_P, InstAttr, OpcodeDef, OperandClass,
    OperandKind, SRC_G_A_AO, SRC_G_I, SRC_G_IMM_AO, SRC_G_I_IMM, SRC_G_I_IMM_AO, SRC_G_I_IMM_P_AO,
    STATE_SPECIAL, alu_row, exec_field, imm_field, opcode_row, operand, other_field, pred_field,
    raw_field, reserved_row, sampler_field, source_fields, surface_field)
from .later import LaterTuple
from .subops import SVM_SUBOPS, VA_SKL_PLUS_SUBOPS, VA_SUBOPS

# the rows' shorthand
_K = OperandKind
_T = VisaType
_X = Constraint
_C = OperandClass
_LSC = InstCategory.LSC
_SA = InstCategory.SAMPLER
_SV = InstCategory.SVM
# the LSC sub-op rows: lsc_codes' tables, read when first used (a kernel
# without LSC instructions does not build them; see visa/isa/later.py)
_LSC_UNTYPED_SUBOPS = LaterTuple("visa.isa.lsc_codes", "LSC_UNTYPED_SUBOPS")
_LSC_TYPED_SUBOPS = LaterTuple("visa.isa.lsc_codes", "LSC_TYPED_SUBOPS")


REFERENCE_TAG = "igc-1.0.14828.26"
TEXT_TAG = "igc-1.0.12504.6"


_AR = InstCategory.ARITH
_LG = InstCategory.LOGIC
_SAME = InstAttr.SAME_DATA_TYPE
_SPEC = InstAttr.SAME_SPECIAL_KIND
_UD_D = frozenset({_T.UD, _T.D})
_W_D = frozenset({_T.W, _T.UW, _T.D, _T.UD})
_DPAS_ACC = frozenset({_T.D, _T.UD, _T.F})
_UD_D_F = frozenset({_T.UD, _T.D, _T.F})
_B_UB = frozenset({_T.B, _T.UB})
_W_UW = frozenset({_T.W, _T.UW})


# ---------------------------------------------------------------------------
# Opcode numbers
# ---------------------------------------------------------------------------


class Opcode(enum.IntEnum, metaclass=QuickEnumType):
    """Opcode byte (Intel: ISA_Opcode, "ISA_" dropped; 3D ops get a _3D suffix)."""

    RESERVED_0 = 0x00
    ADD = 0x01
    AVG = 0x02
    DIV = 0x03
    DP2 = 0x04
    DP3 = 0x05
    DP4 = 0x06
    DPH = 0x07
    EXP = 0x08
    FRC = 0x09
    LINE = 0x0A
    LOG = 0x0B
    MAD = 0x0C
    MULH = 0x0D
    LRP = 0x0E
    MOD = 0x0F
    MUL = 0x10
    POW = 0x11
    RNDD = 0x12
    RNDU = 0x13
    RNDE = 0x14
    RNDZ = 0x15
    SAD2 = 0x16
    SIN = 0x17
    COS = 0x18
    SQRT = 0x19
    RSQRT = 0x1A
    INV = 0x1B
    DPASW = 0x1C
    FCVT = 0x1D
    SRND = 0x1E
    LZD = 0x1F
    AND = 0x20
    OR = 0x21
    XOR = 0x22
    NOT = 0x23
    SHL = 0x24
    SHR = 0x25
    ASR = 0x26
    CBIT = 0x27
    ADDR_ADD = 0x28
    MOV = 0x29
    SEL = 0x2A
    SETP = 0x2B
    CMP = 0x2C
    MOVS = 0x2D
    FBL = 0x2E
    FBH = 0x2F
    SUBROUTINE = 0x30
    LABEL = 0x31
    JMP = 0x32
    CALL = 0x33
    RET = 0x34
    OWORD_LD = 0x35
    OWORD_ST = 0x36
    MEDIA_LD = 0x37
    MEDIA_ST = 0x38
    GATHER = 0x39
    SCATTER = 0x3A
    RESERVED_3B = 0x3B
    OWORD_LD_UNALIGNED = 0x3C
    RESERVED_3D = 0x3D
    RESERVED_3E = 0x3E
    RESERVED_3F = 0x3F
    SAMPLE = 0x40
    SAMPLE_UNORM = 0x41
    LOAD = 0x42
    AVS = 0x43
    VA = 0x44
    FMINMAX = 0x45
    BFE = 0x46
    BFI = 0x47
    BFREV = 0x48
    ADDC = 0x49
    SUBB = 0x4A
    GATHER4_TYPED = 0x4B
    SCATTER4_TYPED = 0x4C
    VA_SKL_PLUS = 0x4D
    SVM = 0x4E
    IFCALL = 0x4F
    FADDR = 0x50
    FILE = 0x51
    LOC = 0x52
    RESERVED_53 = 0x53
    VME_IME = 0x54
    VME_SIC = 0x55
    VME_FBR = 0x56
    VME_IDM = 0x57
    RESERVED_58 = 0x58
    BARRIER = 0x59
    SAMPLER_CACHE_FLUSH = 0x5A  # Intel: ISA_SAMPLR_CACHE_FLUSH
    WAIT = 0x5B
    FENCE = 0x5C
    RAW_SEND = 0x5D
    RESERVED_5E = 0x5E
    YIELD = 0x5F
    NBARRIER = 0x60
    RESERVED_61 = 0x61
    RESERVED_62 = 0x62
    RESERVED_63 = 0x63
    RESERVED_64 = 0x64
    RESERVED_65 = 0x65
    RESERVED_66 = 0x66
    FCALL = 0x67
    FRET = 0x68
    SWITCHJMP = 0x69
    SAD2ADD = 0x6A
    PLANE = 0x6B
    GOTO = 0x6C
    SAMPLE_3D = 0x6D  # Intel: ISA_3D_SAMPLE
    LOAD_3D = 0x6E
    GATHER4_3D = 0x6F
    INFO_3D = 0x70
    RT_WRITE_3D = 0x71
    URB_WRITE_3D = 0x72
    TYPED_ATOMIC = 0x73  # Intel: ISA_3D_TYPED_ATOMIC
    GATHER4_SCALED = 0x74
    SCATTER4_SCALED = 0x75
    RESERVED_76 = 0x76
    RESERVED_77 = 0x77
    GATHER_SCALED = 0x78
    SCATTER_SCALED = 0x79
    RAW_SENDS = 0x7A
    LIFETIME = 0x7B
    SBARRIER = 0x7C
    DWORD_ATOMIC = 0x7D
    SQRTM = 0x7E
    DIVM = 0x7F
    ROL = 0x80
    ROR = 0x81
    DP4A = 0x82
    DPAS = 0x83
    ADD3 = 0x84
    BFN = 0x85
    QW_GATHER = 0x86
    QW_SCATTER = 0x87
    RESERVED_88 = 0x88
    LSC_UNTYPED = 0x89
    LSC_TYPED = 0x8A
    LSC_FENCE = 0x8B
    RESERVED_8C = 0x8C
    RESERVED_8D = 0x8D
    RESERVED_8E = 0x8E
    RESERVED_8F = 0x8F
    RESERVED_90 = 0x90
    MADW = 0x91
    ADD3O = 0x92
    RESERVED_93 = 0x93
    BREAKPOINT = 0x94


NUM_OPCODES = 0x95  # opcode numbers 0..0x94 (0..0x92 in igc-1.0.12504.6)
# the two statements that are written as instructions in the binary: the
# start of a subroutine (.function "X" with its label X:) and a label (L:)
SUBROUTINE_OPCODE = int(Opcode.SUBROUTINE)
LABEL_OPCODE = int(Opcode.LABEL)

# ---------------------------------------------------------------------------
# The opcode table
# ---------------------------------------------------------------------------

_O = Opcode
_MOV, _CMP, _ADR = InstCategory.MOV, InstCategory.COMPARE, InstCategory.ADDRESS
_FLOW, _DP, _MISC = InstCategory.FLOW, InstCategory.DATA_PORT, InstCategory.MISC
_SIMD, _SYNC, _RES = InstCategory.SIMD_FLOW, InstCategory.SYNC, InstCategory.RESERVED
_SAT_HS1 = (_X.SAT, _X.HORIZON_STRIDE_1)
_DPAS_OPERANDS = (
    exec_field(),
    operand(_C.DST_GEN, _DPAS_ACC, _X.GRF_ALIGNED, name="dst"),
    operand(_C.SRC_GEN, _DPAS_ACC, _X.GRF_ALIGNED, name="src0"),
    operand(_C.SRC_GEN, _UD_D, _X.GRF_ALIGNED, name="src1"),
    operand(_C.SRC_GEN, _UD_D, _X.GRF_ALIGNED, name="src2"),
    other_field(_T.UD, "dpas_info"),
)
_DPAS_NOTE = ("binary: dst, src0 and src1 are raw operands and src2 a vector operand; "
              "dpas_info packs the precisions, systolic depth and repeat count")
_MEDIA_TAIL = (
    imm_field(_T.UB, "plane", _X.VALUE_0_3),
    imm_field(_T.UB, "block_width", _X.VALUE_1_32),
    imm_field(_T.UB, "block_height", _X.VALUE_1_64),
    operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="x_offset"),
    operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="y_offset"),
    raw_field(None, "msg", _X.GRF_ALIGNED, _X.SIZE_GE_WIDTH_X_HEIGHT),
)
_GLOBAL_OFFSET = operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="global_offset")
_SCALED_OFFSET = operand(SRC_G_I_IMM, _T.UD, _X.SCALAR_REGION, name="global_offset")
_TYPED_UVRL = (raw_field(_T.UD, "u"), raw_field(_T.UD, "v"), raw_field(_T.UD, "r"), raw_field(_T.UD, "lod"))
_SAMPLE_3D_NOTE = ("binary at vISA 4: 'op' is a 16-bit word (bits 0..7 Sampler3DOp, bit 8 pixel "
                   "null mask, bit 9 cps, bit 10 non-uniform sampler); 'aoffimmi' is a vector "
                   "operand; 'num_params' is followed by that many raw operands")
_ADD3_TYPES = _W_D

OPCODES: tuple = (
    reserved_row(0x00, "reserved0", "RESERVED_0"),
    alu_row(_O.ADD, "add", _AR, 2, TYPES_INT | TYPES_FLOAT_ALL),
    alu_row(_O.AVG, "avg", _AR, 2, TYPES_INT),
    alu_row(_O.DIV, "div", _AR, 2, TYPES_INT | TYPES_FLOAT, TYPES_INT | TYPES_FLOAT_HF,
         dst_cons=(_X.SAT_FLOAT_ONLY,)),
    alu_row(_O.DP2, "dp2", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    alu_row(_O.DP3, "dp3", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    alu_row(_O.DP4, "dp4", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    alu_row(_O.DPH, "dph", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    alu_row(_O.EXP, "exp", _AR, 1, TYPES_FLOAT_HF, dst_cons=_SAT_HS1, src_cons=(_X.HORIZON_STRIDE_1,)),
    alu_row(_O.FRC, "frc", _AR, 1, TYPES_FLOAT),
    opcode_row(_O.LINE, "line", _AR, 2, 1, (
        exec_field(_X.GE_4),
        pred_field(),
        operand(DST_G_I, TYPES_INT | TYPES_FLOAT, _X.SAT, name="dst"),
        operand(_C.SRC_GEN, TYPES_INT | TYPES_FLOAT, _X.HORIZON_VERTICAL_STRIDE_0, name="src0"),
        operand(SRC_G_I_IMM_AO, TYPES_INT | TYPES_FLOAT, name="src1"),
    ), attr=_SAME),
    alu_row(_O.LOG, "log", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.MAD, "mad", _AR, 3, TYPES_FLOAT_ALL, dst_cons=(_X.SAT_FLOAT_ONLY,)),
    alu_row(_O.MULH, "mulh", _AR, 2, _UD_D),
    alu_row(_O.LRP, "lrp", _AR, 3, TYPES_FLOAT, dst_cons=(_X.SAT_FLOAT_ONLY,), desc_category=_RES),
    alu_row(_O.MOD, "mod", _AR, 2, TYPES_INT),
    alu_row(_O.MUL, "mul", _AR, 2, TYPES_FLOAT_ALL | TYPES_INT, dst_cons=(_X.SAT,)),
    alu_row(_O.POW, "pow", _AR, 2, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.RNDD, "rndd", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    alu_row(_O.RNDU, "rndu", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    alu_row(_O.RNDE, "rnde", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    alu_row(_O.RNDZ, "rndz", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    alu_row(_O.SAD2, "sad2", _AR, 2, _W_UW, _B_UB, dst_cons=(_X.SAT, _X.HORIZON_STRIDE_2)),
    alu_row(_O.SIN, "sin", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.COS, "cos", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.SQRT, "sqrt", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.RSQRT, "rsqrt", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    alu_row(_O.INV, "inv", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    opcode_row(_O.DPASW, "dpasw", _MISC, 3, 1, _DPAS_OPERANDS, platform=TargetPlatform.XE_HP_SDV,
        attr=_SAME, note=_DPAS_NOTE),
    opcode_row(_O.FCVT, "fcvt", _MOV, 1, 1, (
        exec_field(),
        operand(_C.DST_GEN, {_T.UB, _T.B, _T.UD, _T.HF, _T.F}, name="dst"),
        operand(_C.SRC_GEN, {_T.UB, _T.B, _T.UD, _T.HF, _T.F}, name="src0"),
    ), platform=TargetPlatform.PVC, attr=_SPEC),
    opcode_row(_O.SRND, "srnd", _AR, 2, 1, (
        exec_field(),
        operand(_C.DST_GEN, {_T.UB, _T.HF}, name="dst"),
        operand(_C.SRC_GEN, {_T.HF, _T.F}, name="src0"),
        # igc-1.0.12504.6 lists only f and hf here.
        operand(_C.SRC_GEN | _C.IMM, {_T.UB, _T.UW, _T.F, _T.HF}, name="src1"),
    ), platform=TargetPlatform.PVCXT, attr=_SPEC),
    alu_row(_O.LZD, "lzd", _AR, 1, _T.UD),
    alu_row(_O.AND, "and", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    alu_row(_O.OR, "or", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    alu_row(_O.XOR, "xor", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    alu_row(_O.NOT, "not", _LG, 1, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    alu_row(_O.SHL, "shl", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,), attr=InstAttr.NONE),
    alu_row(_O.SHR, "shr", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,), attr=InstAttr.NONE),
    opcode_row(_O.ASR, "asr", _LG, 2, 1, (
        exec_field(),
        pred_field(_X.PREDICATE_NONEPRED_OPND),
        operand(DST_G_I, {_T.B, _T.W, _T.D}, name="dst"),
        operand(SRC_G_I_IMM_AO, {_T.B, _T.W, _T.D}, name="src0"),
        operand(SRC_G_I_IMM_AO, TYPES_INT, name="src1"),
    )),
    alu_row(_O.CBIT, "cbit", _LG, 1, _T.UD, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         attr=InstAttr.NONE),
    opcode_row(_O.ADDR_ADD, "addr_add", _ADR, 2, 1, (
        exec_field(),
        operand(_C.DST_ADDR, name="dst"),
        operand(SRC_G_A_AO, None, _X.SCALAR_REGION, name="src0"),
        operand(SRC_G_IMM_AO, _T.UW, name="src1"),
    )),
    alu_row(_O.MOV, "mov", _MOV, 1, None, attr=InstAttr.NONE),
    alu_row(_O.SEL, "sel", _MOV, 2, None, attr=InstAttr.NONE),
    opcode_row(_O.SETP, "setp", _MOV, 1, 1, (
        exec_field(),
        operand(_C.DST_PRED, name="dst"),
        operand(SRC_G_I_IMM_AO, TYPES_INT, name="src0"),
    )),
    opcode_row(_O.CMP, "cmp", _CMP, 2, 1, (
        exec_field(),
        operand(_K.CMP_SUBOP, _T.UB, name="relation"),
        operand(_C.DST_PRED | _C.DST_GEN, name="dst"),
        *source_fields(2, SRC_G_I_IMM_AO, None),
    ), attr=_SAME, note="relation byte: CondMod in bits 0..2, bit 7 = cmpn"),
    opcode_row(_O.MOVS, "movs", _MOV, 1, 1, (
        exec_field(),
        operand(STATE_SPECIAL, _T.UW, name="dst"),
        operand(STATE_SPECIAL, _T.UW, name="src0"),
    ), attr=_SPEC),
    alu_row(_O.FBL, "fbl", _LG, 1, _T.UD, attr=InstAttr.NONE),
    alu_row(_O.FBH, "fbh", _LG, 1, _T.UD, _UD_D, attr=InstAttr.NONE),
    opcode_row(_O.SUBROUTINE, "func", _FLOW, 1, 0, (operand(_K.LABEL, _T.UW, name="label"),)),
    opcode_row(_O.LABEL, "label", _FLOW, 1, 0, (operand(_K.LABEL, _T.UW, name="label"),)),
    opcode_row(_O.JMP, "jmp", _FLOW, 1, 0, (
        exec_field(_X.EXEC_SIZE_1), pred_field(), operand(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="label"))),
    opcode_row(_O.CALL, "call", _FLOW, 1, 0, (
        exec_field(_X.EXEC_SIZE_1), pred_field(), operand(_K.LABEL, _T.UW, _X.LABEL_FUNC, name="label"))),
    opcode_row(_O.RET, "ret", _FLOW, 0, 0, (exec_field(_X.EXEC_SIZE_1), pred_field())),
    opcode_row(_O.OWORD_LD, "oword_ld", _DP, 2, 1, (
        operand(_K.OWORD_SIZE, _T.UB, name="size"),
        operand(_K.IS_MODIFIED, _T.UB, name="modifier"),
        surface_field(),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        raw_field(None, "dst", _X.GE_READSIZE),
    )),
    opcode_row(_O.OWORD_ST, "oword_st", _DP, 3, 0, (
        operand(_K.OWORD_SIZE, _T.UB, name="size"),
        surface_field(),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        raw_field(None, "src", _X.GE_WRITESIZE),
    )),
    opcode_row(_O.MEDIA_LD, "media_ld", _DP, 5, 1, (
        operand(_K.MEDIA_LD_MODIFIER, _T.UB, name="modifier"), surface_field(), *_MEDIA_TAIL)),
    opcode_row(_O.MEDIA_ST, "media_st", _DP, 6, 0, (
        operand(_K.MEDIA_ST_MODIFIER, _T.UB, name="modifier"), surface_field(), *_MEDIA_TAIL)),
    opcode_row(_O.GATHER, "gather", _DP, 4, 1, (
        operand(_K.ELEM_SIZE, _T.UB, name="elem_size"),
        operand(_K.IS_MODIFIED, _T.UB, name="modifier"),
        operand(_K.ELEM_NUM, _T.UB, _X.ELEM_NUM_8_16, name="num_elts"),
        surface_field(),
        _GLOBAL_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    opcode_row(_O.SCATTER, "scatter", _DP, 5, 0, (
        operand(_K.ELEM_SIZE, _T.UB, name="elem_size"),
        operand(_K.ELEM_NUM, _T.UB, _X.ELEM_NUM_8_16, name="num_elts"),
        surface_field(),
        _GLOBAL_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    reserved_row(0x3B, "reserved3b", "reserved_3B", desc_opnd_num=8,
              note="Intel's row claims 8 operands but describes none"),
    opcode_row(_O.OWORD_LD_UNALIGNED, "oword_ld_unaligned", _DP, 2, 1, (
        operand(_K.OWORD_SIZE, _T.UB, name="size"),
        operand(_K.IS_MODIFIED, _T.UB, name="modifier"),
        surface_field(),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        raw_field(_T.UD, "dst", _X.GRF_ALIGNED, _X.GE_READSIZE),
    )),
    reserved_row(0x3D, "reserved3d", "reserved_3D"),
    reserved_row(0x3E, "reserved3e", "reserved_3E"),
    reserved_row(0x3F, "reserved3f", "reserved_3F"),
    opcode_row(_O.SAMPLE, "sample", _SA, 5, 1, (
        operand(_K.CHANNEL_SIMD_MODE, _T.UB, name="mode"),
        sampler_field(),
        surface_field(),
        raw_field(_T.F, "u", _X.GRF_ALIGNED),
        raw_field(_T.F, "v", _X.GRF_ALIGNED),
        raw_field(_T.F, "r", _X.GRF_ALIGNED),
        raw_field(_T.F, "dst", _X.GRF_ALIGNED),
    ), note="mode byte: channel mask in bits 0..3, SIMD16 when bits 4..5 are non-zero"),
    opcode_row(_O.SAMPLE_UNORM, "sample_unorm", _SA, 6, 1, (
        operand(_K.CHAN_PATT, _T.UB, name="channel"),
        sampler_field(),
        surface_field(),
        operand(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="u_offset"),
        operand(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="v_offset"),
        operand(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="delta_u"),
        raw_field(_T.UW, "dst", _X.GRF_ALIGNED),
    ), desc_opnd_num=8, note=(
        "Intel's row lists 7 of its 8 operands: the binary has a 4th vector operand "
        "(delta_v) before dst; channel byte: mask in bits 0..3, output format in bits 4..5")),
    opcode_row(_O.LOAD, "load", _SA, 4, 1, (
        operand(_K.CHANNEL_SIMD_MODE, _T.UB, name="mode"),
        surface_field(),
        raw_field(_T.F, "u", _X.GRF_ALIGNED),
        raw_field(_T.F, "v", _X.GRF_ALIGNED),
        raw_field(_T.F, "r", _X.GRF_ALIGNED),
        raw_field(_T.F, "dst", _X.GRF_ALIGNED),
    )),
    opcode_row(_O.AVS, "avs", _SA, 13, 1, (
        operand(_K.CHANNEL_SIMD_MODE, _T.UB, name="channel"),
        sampler_field(),
        surface_field(),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="u_offset"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="v_offset"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="delta_u"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="delta_v"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="u2d"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="group_id"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="vertical_block_number"),
        other_field(_T.UB, "cntrl"),
        operand(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="v2d"),
        other_field(_T.UB, "exec_mode"),
        operand(SRC_G_I_IMM, {_T.UW, _T.UD}, _X.SCALAR_REGION, name="ief_bypass"),
        raw_field(_T.F, "dst", _X.GRF_ALIGNED),
    ), attr=_SAME),
    opcode_row(_O.VA, "va", _SA, 0, 0, (operand(_K.SUBOPCODE, _T.UB, name="subop"),), attr=_SAME,
        subops=VA_SUBOPS),
    opcode_row(_O.FMINMAX, "fminmax", _MOV, 2, 1, (
        exec_field(),
        operand(_K.OP_EXT, _T.UB, name="op"),
        operand(DST_G_I, name="dst"),
        *source_fields(2, SRC_G_I_IMM, None),
    ), note="op: 0 = min, 1 = max (text mnemonics min / max)"),
    opcode_row(_O.BFE, "bfe", _LG, 3, 1, (
        exec_field(), pred_field(),
        operand(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *source_fields(3, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    opcode_row(_O.BFI, "bfi", _LG, 4, 1, (
        exec_field(), pred_field(),
        operand(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *source_fields(4, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    opcode_row(_O.BFREV, "bfrev", _LG, 1, 1, (
        exec_field(), pred_field(),
        operand(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *source_fields(1, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    opcode_row(_O.ADDC, "addc", _AR, 2, 2, (
        exec_field(), pred_field(),
        operand(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="dst"),
        operand(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="carry"),
        *source_fields(2, SRC_G_I_IMM, _T.UD, _X.GRF_ALIGNED),
    )),
    opcode_row(_O.SUBB, "subb", _AR, 2, 2, (
        exec_field(), pred_field(),
        operand(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="dst"),
        operand(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="borrow"),
        *source_fields(2, SRC_G_I_IMM, _T.UD, _X.GRF_ALIGNED),
    )),
    opcode_row(_O.GATHER4_TYPED, "gather4_typed", _DP, 7, 1, (
        exec_field(), pred_field(), other_field(_T.UB, "channel_mask"), surface_field(),
        *_TYPED_UVRL, raw_field(_UD_D_F, "dst"),
    )),
    opcode_row(_O.SCATTER4_TYPED, "scatter4_typed", _DP, 8, 0, (
        exec_field(), pred_field(), other_field(_T.UB, "channel_mask"), surface_field(),
        *_TYPED_UVRL, raw_field(_UD_D_F, "src"),
    )),
    opcode_row(_O.VA_SKL_PLUS, "va_skl_plus", _SA, 0, 0, (operand(_K.SUBOPCODE, _T.UB, name="subop"),),
        subops=VA_SKL_PLUS_SUBOPS),
    opcode_row(_O.SVM, "svm", _SV, 0, 0, (operand(_K.SUBOPCODE, _T.UB, name="subop"),), subops=SVM_SUBOPS),
    opcode_row(_O.IFCALL, "ifcall", _FLOW, 3, 0, (
        exec_field(), pred_field(),
        imm_field(_T.UD, "function_addr"),
        imm_field(_T.UB, "arg_size"),
        imm_field(_T.UB, "return_size"),
    ), note="binary: function_addr is a vector operand"),
    opcode_row(_O.FADDR, "faddr", _FLOW, 1, 1, (
        imm_field(_T.UW, "symbol"),
        operand(DST_G_I, _T.UD, name="dst"),
    ), note="symbol: string-pool index of the function name"),
    opcode_row(_O.FILE, "file", _MISC, 1, 0, (
        operand(_K.STRING, _T.UD, _X.LENGTH_LESS_256, name="filename"),),
        note="filename: string-pool index (32 bits since vISA 3.4)"),
    opcode_row(_O.LOC, "loc", _MISC, 1, 0, (imm_field(_T.UD, "line"),)),
    reserved_row(0x53, "reserved53", "reserved_53"),
    opcode_row(_O.VME_IME, "vme_ime", _MISC, 5, 1, (
        raw_field(_T.UB, "uni_input", _X.ELEM_NUM_96),
        raw_field(_T.UB, "ime_input", _X.SIZE_STREAM_MODE_DEPENDENT_1),
        operand(_K.STREAM_MODE, _T.UB, name="stream_mode"),
        operand(_K.SEARCH_CTRL, _T.UB, name="search_ctrl"),
        surface_field(),
        raw_field(_T.UW, "ref0", _X.ELEM_NUM_GE_2),
        raw_field(_T.UW, "ref1", _X.ELEM_NUM_GE_2),
        raw_field(_T.UB, "cost_center", _X.ELEM_NUM_4),
        raw_field(_T.UB, "dst", _X.SIZE_STREAM_MODE_DEPENDENT_2),
    ), note=("binary order: stream_mode, search_ctrl, uni_input, ime_input, surface, "
             "ref0, ref1, cost_center, dst")),
    opcode_row(_O.VME_SIC, "vme_sic", _MISC, 2, 1, (
        raw_field(_T.UB, "uni_input", _X.ELEM_NUM_96),
        raw_field(_T.UB, "sic_input", _X.ELEM_NUM_128),
        surface_field(),
        raw_field(_T.UB, "dst", _X.ELEM_NUM_224),
    )),
    opcode_row(_O.VME_FBR, "vme_fbr", _MISC, 2, 1, (
        raw_field(_T.UB, "uni_input", _X.ELEM_NUM_96),
        raw_field(_T.UB, "fbr_input", _X.ELEM_NUM_128),
        surface_field(),
        operand(_K.MATRIX_MODE, _T.UB, name="mb_mode"),
        operand(_K.SUBMATRIX_SHAPE, _T.UB, name="sub_mb_shape"),
        operand(_K.SUBPRE_SHAPE, _T.UB, name="sub_pred_mode"),
        raw_field(_T.UB, "dst", _X.ELEM_NUM_224),
    ), note="binary: mb_mode, sub_mb_shape and sub_pred_mode are vector operands"),
    opcode_row(_O.VME_IDM, "vme_idm", _MISC, 2, 1, (
        raw_field(_T.UB, "uni_input", _X.ELEM_NUM_128),
        raw_field(_T.UB, "idm_input", _X.ELEM_NUM_GE_32),
        surface_field(),
        raw_field(_T.UB, "dst", _X.ELEM_NUM_GE_32),
    ), platform=TargetPlatform.SKL),
    reserved_row(0x58, "reserved58", "reserved_58"),
    opcode_row(_O.BARRIER, "barrier", _SYNC, 0, 0),
    opcode_row(_O.SAMPLER_CACHE_FLUSH, "sampler_cache_flush", _SYNC, 0, 0,
        desc_name="samplr_cache_flush"),
    opcode_row(_O.WAIT, "wait", _SYNC, 0, 0, (operand(SRC_G_I_IMM, _T.UB, name="mask"),), desc_category=_RES),
    opcode_row(_O.FENCE, "fence", _SYNC, 0, 0, (imm_field(_T.UB, "mode"),), desc_category=_RES,
        note="mode: FenceFlag bits (text: fence_global / fence_local / fence_sw + .EISCRL1)"),
    opcode_row(_O.RAW_SEND, "raw_send", _MISC, 0, 0, (
        imm_field(_T.UB, "modifier"),
        exec_field(), pred_field(),
        imm_field(_T.UD, "ex_msg_desc"),
        imm_field(_T.UB, "num_srcs"),
        imm_field(_T.UB, "num_dsts"),
        operand(SRC_G_I_IMM, _T.UD, name="desc"),
        raw_field(_T.UB, "src", _X.GRF_ALIGNED),
        raw_field(_T.UB, "dst", _X.GRF_ALIGNED),
    ), note="modifier bit 0: sendc (text raw_sendc)"),
    reserved_row(0x5E, "reserved5E", "reserved_5e"),
    opcode_row(_O.YIELD, "yield", _SYNC, 0, 0),
    opcode_row(_O.NBARRIER, "nbarrier", _SYNC, 0, 1, (
        imm_field(_T.UB, "mode"),
        operand(SRC_G_I_IMM, _T.UB, name="barrier_id"),
        operand(SRC_G_I_IMM, _T.UB, name="num_threads"),
    ), platform=TargetPlatform.PVC, note="mode bit 0: 1 = signal, 0 = wait"),
    reserved_row(0x61, "reserved61", "reserved_61"),
    reserved_row(0x62, "reserved62", "reserved_62"),
    reserved_row(0x63, "reserved63", "reserved_63"),
    reserved_row(0x64, "reserved64", "reserved_64"),
    reserved_row(0x65, "reserved65", "reserved_65"),
    reserved_row(0x66, "reserved66", "reserved_66"),
    opcode_row(_O.FCALL, "fcall", _FLOW, 3, 0, (
        exec_field(), pred_field(),
        imm_field(_T.UW, "function_id"),
        imm_field(_T.UB, "arg_size"),
        imm_field(_T.UB, "return_size"),
    ), note="function_id: string-pool index of the callee's name"),
    opcode_row(_O.FRET, "fret", _FLOW, 0, 0, (exec_field(), pred_field())),
    opcode_row(_O.SWITCHJMP, "switchjmp", _FLOW, 0, 0, (
        exec_field(),
        imm_field(_T.UB, "num_labels"),
        operand(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="index"),
        operand(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="labels"),
    ), note="the label slot repeats num_labels times (1..32)"),
    alu_row(_O.SAD2ADD, "sad2add", _AR, 3, _W_UW, _B_UB, dst_cons=(_X.SAT, _X.HORIZON_STRIDE_2),
         attr=InstAttr.NONE),
    alu_row(_O.PLANE, "plane", _AR, 2, _T.F, src_cls=SRC_G_I_IMM, attr=InstAttr.NONE),
    opcode_row(_O.GOTO, "goto", _SIMD, 1, 0, (
        exec_field(_X.EXEC_SIZE_1), pred_field(), operand(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="label"))),
    opcode_row(_O.SAMPLE_3D, "sample_3d", _SA, 5, 1, (
        other_field(_T.UW, "op"),
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        other_field(_T.UB, "channel_mask"),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        sampler_field(), surface_field(),
        raw_field(_T.F, "dst", _X.GRF_ALIGNED),
        other_field(_T.UB, "num_params"),
    ), desc_name="3d_sample", note=_SAMPLE_3D_NOTE),
    opcode_row(_O.LOAD_3D, "load_3d", _SA, 5, 1, (
        other_field(_T.UW, "op"),
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        other_field(_T.UB, "channel_mask"),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        surface_field(),
        raw_field({_T.F, _T.UD, _T.D}, "dst"),
        other_field(_T.UB, "num_params"),
    ), desc_name="3d_load", note=_SAMPLE_3D_NOTE),
    opcode_row(_O.GATHER4_3D, "gather4_3d", _SA, 5, 1, (
        other_field(_T.UW, "op"),
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        other_field(_T.UB, "channel"),
        operand(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        sampler_field(), surface_field(),
        raw_field({_T.F, _T.UD, _T.D}, "dst"),
        other_field(_T.UB, "num_params"),
    ), desc_name="3d_gather4", note=_SAMPLE_3D_NOTE + "; channel is a single channel 0..3 (R, G, B, A)"),
    opcode_row(_O.INFO_3D, "info_3d", _SA, 2, 1, (
        other_field(_T.UW, "op"),
        exec_field(),
        other_field(_T.UB, "channel_mask"),
        surface_field(),
        raw_field(_T.UD, "lod"),
        raw_field(_T.UD, "dst"),
    ), desc_name="3d_info", desc_opnd_num=5, note=(
        "binary: op is one byte (resinfo / sampleinfo); lod is present only for resinfo")),
    opcode_row(_O.RT_WRITE_3D, "rt_write_3d", _DP, 3, 0, (
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        other_field(_T.UW, "mode"),
        surface_field(),
    ), desc_name="3d_rt_write", desc_category=_SA, note=(
        "binary: the row is followed by a raw header operand and, by mode bits, sample index, "
        "CPS counter, RT index (vectors), s0a, oM (raw), R G B A (raw), Z, stencil (raw)")),
    opcode_row(_O.URB_WRITE_3D, "urb_write_3d", _MISC, 6, 0, (
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        other_field(_T.UB, "num_out"),
        raw_field(_T.UD, "channel_mask"),
        other_field(_T.UW, "global_offset"),
        raw_field(_T.UD, "urb_handle"),
        raw_field(_T.UD, "per_slot_offset"),
        raw_field(_UD_D_F, "vertex_data"),
    ), desc_name="3d_urb_write", desc_category=_SA),
    opcode_row(_O.TYPED_ATOMIC, "typed_atomic", _DP, 9, 1, (
        other_field(_T.UB, "op"),
        exec_field(_X.EXEC_SIZE_1), pred_field(),
        surface_field(),
        *_TYPED_UVRL,
        raw_field(_T.UD, "src0"), raw_field(_T.UD, "src1"),
        raw_field(_UD_D, "dst"),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT flag above"),
    opcode_row(_O.GATHER4_SCALED, "gather4_scaled", _DP, 4, 1, (
        exec_field(), pred_field(),
        other_field(_T.UB, "channel_mask"), other_field(_T.UW, "scale"),
        surface_field(), _SCALED_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    opcode_row(_O.SCATTER4_SCALED, "scatter4_scaled", _DP, 5, 0, (
        exec_field(), pred_field(),
        other_field(_T.UB, "channel_mask"), other_field(_T.UW, "scale"),
        surface_field(), _SCALED_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    reserved_row(0x76, "reserved76", "reserved_76"),
    reserved_row(0x77, "reserved77", "reserved_77"),
    opcode_row(_O.GATHER_SCALED, "gather_scaled", _DP, 4, 1, (
        exec_field(), pred_field(),
        other_field(_T.UB, "block_size"), other_field(_T.UB, "num_blocks"), other_field(_T.UW, "scale"),
        surface_field(), _SCALED_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    opcode_row(_O.SCATTER_SCALED, "scatter_scaled", _DP, 5, 0, (
        exec_field(), pred_field(),
        other_field(_T.UB, "block_size"), other_field(_T.UB, "num_blocks"), other_field(_T.UW, "scale"),
        surface_field(), _SCALED_OFFSET,
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    opcode_row(_O.RAW_SENDS, "raw_sends", _MISC, 0, 0, (
        imm_field(_T.UB, "modifier"),
        exec_field(), pred_field(),
        imm_field(_T.UB, "num_src0"),
        imm_field(_T.UB, "num_src1"),
        imm_field(_T.UB, "num_dsts"),
        imm_field(_T.UB, "ffid"),
        imm_field(_T.UD, "ex_msg_desc"),
        operand(SRC_G_I_IMM, _T.UD, name="desc"),
        raw_field(_T.UB, "src0", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src1", _X.GRF_ALIGNED),
        raw_field(_T.UB, "dst", _X.GRF_ALIGNED),
    ), note="binary: ex_msg_desc is a vector operand; modifier bit 0 sendc, bit 1 eot"),
    opcode_row(_O.LIFETIME, "lifetime", _MISC, 2, 0, (
        imm_field(_T.UB, "properties"),
        imm_field(_T.UD, "var_id"),
    ), note="properties: bit 0 = 1 end / 0 start, bits 4..6 operand class of var_id"),
    opcode_row(_O.SBARRIER, "sbarrier", _SYNC, 1, 0, (imm_field(_T.UB, "mode"),),
        note="mode: 1 = signal, 0 = wait"),
    opcode_row(_O.DWORD_ATOMIC, "dword_atomic", _DP, 5, 1, (
        operand(_K.ATOMIC_SUBOP, _T.UB, name="op"),
        exec_field(), pred_field(),
        surface_field(),
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src0", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src1", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "dst", _X.GRF_ALIGNED),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT flag above"),
    alu_row(_O.SQRTM, "sqrtm", _AR, 1, _T.DF, dst_cons=(_X.SAT,)),
    alu_row(_O.DIVM, "divm", _AR, 2, TYPES_FLOAT, dst_cons=(_X.SAT_FLOAT_ONLY,)),
    alu_row(_O.ROL, "rol", _LG, 2, _W_D, platform=TargetPlatform.ICLLP),
    alu_row(_O.ROR, "ror", _LG, 2, _W_D, platform=TargetPlatform.ICLLP),
    opcode_row(_O.DP4A, "dp4a", _AR, 3, 1, (
        exec_field(), pred_field(),
        operand(DST_G_I, _UD_D, name="dst"),
        *source_fields(2, SRC_G_I, _UD_D),
        operand(SRC_G_I_IMM, _UD_D, name="src2"),
    ), platform=TargetPlatform.TGLLP, attr=_SAME),
    opcode_row(_O.DPAS, "dpas", _MISC, 3, 1, _DPAS_OPERANDS, platform=TargetPlatform.XE_HP_SDV,
        attr=_SAME, note=_DPAS_NOTE),
    alu_row(_O.ADD3, "add3", _AR, 3, _ADD3_TYPES, src_cls=SRC_G_I_IMM),
    opcode_row(_O.BFN, "bfn", _LG, 3, 1, (
        exec_field(), pred_field(),
        operand(DST_G_I, _W_D, name="dst"),
        *source_fields(3, SRC_G_I_IMM, _W_D),
        other_field(_T.UB, "function_ctrl"),
    ), attr=_SAME, note="function_ctrl: the 8-bit boolean function (text bfn.x<hex>)"),
    opcode_row(_O.QW_GATHER, "qw_gather", _DP, 3, 1, (
        exec_field(), pred_field(),
        other_field(_T.UB, "num_blocks"), surface_field(),
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field({_T.DF, _T.UQ}, "dst", _X.GRF_ALIGNED),
    ), platform=TargetPlatform.XE_HP_SDV),
    opcode_row(_O.QW_SCATTER, "qw_scatter", _DP, 4, 0, (
        exec_field(), pred_field(),
        other_field(_T.UB, "num_blocks"), surface_field(),
        raw_field(_T.UD, "offsets", _X.GRF_ALIGNED),
        raw_field({_T.DF, _T.UQ}, "src", _X.GRF_ALIGNED),
    ), platform=TargetPlatform.XE_HP_SDV),
    opcode_row(_O.RESERVED_88, "reserved88", _MOV, 1, 1, desc_name="reserved_88", desc_category=_RES),
    opcode_row(_O.LSC_UNTYPED, "lsc_untyped", _LSC, 0, 0, (operand(_K.SUBOPCODE, _T.UB, name="subop"),),
        platform=TargetPlatform.DG2, attr=_SPEC, subops=_LSC_UNTYPED_SUBOPS),
    opcode_row(_O.LSC_TYPED, "lsc_typed", _LSC, 0, 0, (operand(_K.SUBOPCODE, _T.UB, name="subop"),),
        platform=TargetPlatform.DG2, attr=_SPEC, subops=_LSC_TYPED_SUBOPS),
    opcode_row(_O.LSC_FENCE, "lsc_fence", _LSC, 0, 0, (
        exec_field(), pred_field(),
        other_field(_T.UB, "sfid"),
        other_field(_T.UB, "fence_op"),
        other_field(_T.UB, "scope"),
    ), platform=TargetPlatform.DG2),
    reserved_row(0x8C, "reserved8c", "reserved_8c"),
    reserved_row(0x8D, "reserved8d", "reserved_8d"),
    reserved_row(0x8E, "reserved8e", "reserved_8e"),
    reserved_row(0x8F, "reserved8f", "reserved_8f"),
    reserved_row(0x90, "reserved90", "reserved_90"),
    alu_row(_O.MADW, "madw", _AR, 3, _UD_D),
    alu_row(_O.ADD3O, "add3.o", _AR, 3, _ADD3_TYPES, src_cls=SRC_G_I_IMM),
    reserved_row(0x93, "reserved93", "reserved_93", since=REFERENCE_TAG),
    opcode_row(_O.BREAKPOINT, "breakpoint", _MISC, 0, 0, since=REFERENCE_TAG),
)

OPCODES_BY_NUMBER: Mapping[int, OpcodeDef] = MappingProxyType({d.number: d for d in OPCODES})
OPCODES_BY_MNEMONIC: Mapping[str, OpcodeDef] = MappingProxyType({d.mnemonic: d for d in OPCODES})
# Opcodes that select their operand list with a sub-opcode byte.
SUBOP_OPCODES: Mapping[int, tuple] = MappingProxyType(
    {d.number: d.subops for d in OPCODES if d.subops}
)


def opcode(key) -> OpcodeDef:
    """Look an opcode up by number (int / Opcode) or mnemonic (str)."""
    if isinstance(key, str):
        return OPCODES_BY_MNEMONIC[key]
    return OPCODES_BY_NUMBER[int(key)]


# ---------------------------------------------------------------------------


# 3D sampler operations (sample_3d, load_3d, gather4_3d, info_3d)
# ---------------------------------------------------------------------------


class Sampler3DOp(enum.IntEnum, metaclass=QuickEnumType):
    SAMPLE = 0
    SAMPLE_B = 1
    SAMPLE_L = 2
    SAMPLE_C = 3
    SAMPLE_D = 4
    SAMPLE_B_C = 5
    SAMPLE_L_C = 6
    LD = 7
    GATHER4 = 8
    LOD = 9
    RESINFO = 10
    SAMPLEINFO = 11
    SAMPLE_KILLPIX = 12
    GATHER4_C = 16
    GATHER4_PO = 17
    GATHER4_PO_C = 18
    SAMPLE_D_C = 20
    SAMPLE_LZ = 24
    SAMPLE_C_LZ = 25
    LD_LZ = 26
    LD2DMS_W = 28
    LD_MCS = 29


@record
class Sampler3DOpInfo:
    op: Sampler3DOp
    name: str  # Intel's name (text keyword where the lexer knows it)
    opcode: Opcode
    in_text: bool = True  # False: the 12504 text lexer has no keyword for it


_S3 = Sampler3DOp
SAMPLER_3D_OPS: Mapping[Sampler3DOp, Sampler3DOpInfo] = MappingProxyType(
    {
        i.op: i
        for i in (
            Sampler3DOpInfo(_S3.SAMPLE, "sample_3d", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_B, "sample_b", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_L, "sample_l", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_C, "sample_c", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_D, "sample_d", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_B_C, "sample_b_c", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_L_C, "sample_l_c", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.LD, "load_3d", _O.LOAD_3D),
            Sampler3DOpInfo(_S3.GATHER4, "sample4", _O.GATHER4_3D),
            Sampler3DOpInfo(_S3.LOD, "lod", _O.SAMPLE_3D, in_text=False),
            Sampler3DOpInfo(_S3.RESINFO, "resinfo", _O.INFO_3D),
            Sampler3DOpInfo(_S3.SAMPLEINFO, "sampleinfo", _O.INFO_3D),
            Sampler3DOpInfo(_S3.SAMPLE_KILLPIX, "sample+killpix", _O.SAMPLE_3D, in_text=False),
            Sampler3DOpInfo(_S3.GATHER4_C, "sample4_c", _O.GATHER4_3D),
            Sampler3DOpInfo(_S3.GATHER4_PO, "sample4_po", _O.GATHER4_3D),
            Sampler3DOpInfo(_S3.GATHER4_PO_C, "sample4_po_c", _O.GATHER4_3D),
            Sampler3DOpInfo(_S3.SAMPLE_D_C, "sample_d_c", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_LZ, "sample_lz", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.SAMPLE_C_LZ, "sample_c_lz", _O.SAMPLE_3D),
            Sampler3DOpInfo(_S3.LD_LZ, "load_lz", _O.LOAD_3D),
            Sampler3DOpInfo(_S3.LD2DMS_W, "load_2dms_w", _O.LOAD_3D),
            Sampler3DOpInfo(_S3.LD_MCS, "load_mcs", _O.LOAD_3D),
        )
    }
)
# Bits of the 16-bit sampler op word (vISA 4; an 8-bit form existed before).
SAMPLER_3D_OP_MASK = 0xFF
SAMPLER_3D_PIXEL_NULL_MASK = 1 << 8  # ".pixel_null_mask"
SAMPLER_3D_CPS = 1 << 9  # ".cps"
SAMPLER_3D_NON_UNIFORM = 1 << 10  # ".divS"
