"""Enumerations of the values instructions carry in their fields: atomic
operations, channel masks and output formats, media and oword modifiers,
gather/svm block sizes, fence flags, vme/avs modes, dpas precisions,
lifetime kinds, with their spellings."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping

from .._record import record


# Enumerations of operand values
# ---------------------------------------------------------------------------


class AtomicOp(enum.IntEnum, metaclass=QuickEnumType):
    """dword_atomic / typed_atomic / svm_atomic operation (bits 0..4)."""

    ADD = 0x0
    SUB = 0x1
    INC = 0x2
    DEC = 0x3
    MIN = 0x4
    MAX = 0x5
    XCHG = 0x6
    CMPXCHG = 0x7
    AND = 0x8
    OR = 0x9
    XOR = 0xA
    IMIN = 0xB
    IMAX = 0xC
    PREDEC = 0xD  # no text spelling
    FMAX = 0x10
    FMIN = 0x11
    FCMPWR = 0x12
    FADD = 0x13
    FSUB = 0x14


ATOMIC_OP_NAMES: Mapping[AtomicOp, str] = MappingProxyType(
    {
        AtomicOp.ADD: "add", AtomicOp.SUB: "sub", AtomicOp.INC: "inc", AtomicOp.DEC: "dec",
        AtomicOp.MIN: "min", AtomicOp.MAX: "max", AtomicOp.XCHG: "xchg",
        AtomicOp.CMPXCHG: "cmpxchg", AtomicOp.AND: "and", AtomicOp.OR: "or",
        AtomicOp.XOR: "xor", AtomicOp.IMIN: "minsint", AtomicOp.IMAX: "maxsint",
        AtomicOp.FMAX: "fmax", AtomicOp.FMIN: "fmin", AtomicOp.FCMPWR: "fcmpwr",
        AtomicOp.FADD: "fadd", AtomicOp.FSUB: "fsub",
    }
)
ATOMIC_OP_BY_NAME: Mapping[str, AtomicOp] = MappingProxyType({v: k for k, v in ATOMIC_OP_NAMES.items()})
ATOMIC_OP_MASK = 0x1F
ATOMIC_16BIT = 0x20  # printed ".16"
ATOMIC_64BIT = 0x40  # printed ".64"


class ChannelMask(enum.IntEnum, metaclass=QuickEnumType):
    """Sampler / typed channel enable mask (R = bit 0 ... A = bit 3)."""

    NOMASK = 0x0
    R = 0x1
    G = 0x2
    RG = 0x3
    B = 0x4
    RB = 0x5
    GB = 0x6
    RGB = 0x7
    A = 0x8
    RA = 0x9
    GA = 0xA
    RGA = 0xB
    BA = 0xC
    RBA = 0xD
    GBA = 0xE
    RGBA = 0xF


# Printed after a dot (".RGBA"); the lexer accepts any case.  NOMASK prints "".
CHANNEL_MASK_NAMES: Mapping[ChannelMask, str] = MappingProxyType(
    {m: ("" if m is ChannelMask.NOMASK else m.name) for m in ChannelMask}
)


class SingleChannel(enum.IntEnum, metaclass=QuickEnumType):
    """gather4_3d channel."""

    R = 0
    G = 1
    B = 2
    A = 3


class ChannelOutputFormat(enum.IntEnum, metaclass=QuickEnumType):
    """sample_unorm output format (bits 4..5 of its channel byte)."""

    FULL_16 = 0
    DOWNSAMPLED_16 = 1
    FULL_8 = 2
    DOWNSAMPLED_8 = 3


CHANNEL_OUTPUT_NAMES: Mapping[ChannelOutputFormat, str] = MappingProxyType(
    {ChannelOutputFormat.FULL_16: "16-full", ChannelOutputFormat.DOWNSAMPLED_16: "16-downsampled",
     ChannelOutputFormat.FULL_8: "8-full", ChannelOutputFormat.DOWNSAMPLED_8: "8-downsampled"}
)


class MediaLdModifier(enum.IntEnum, metaclass=QuickEnumType):
    NOMOD = 0x0
    MODIFIED = 0x1
    TOP = 0x2
    BOTTOM = 0x3
    TOP_MOD = 0x4
    BOTTOM_MOD = 0x5


MEDIA_LD_MODIFIER_NAMES: Mapping[MediaLdModifier, str] = MappingProxyType(
    {m: m.name.lower() for m in MediaLdModifier}
)


class MediaStModifier(enum.IntEnum, metaclass=QuickEnumType):
    NOMOD = 0x0
    RESERVED = 0x1
    TOP = 0x2
    BOTTOM = 0x3


MEDIA_ST_MODIFIER_NAMES: Mapping[MediaStModifier, str] = MappingProxyType(
    {m: m.name.lower() for m in MediaStModifier}
)


class OwordNum(enum.IntEnum, metaclass=QuickEnumType):
    """oword_ld/oword_st/svm_block size code."""

    OWORD_1 = 0x0
    OWORD_2 = 0x1
    OWORD_4 = 0x2
    OWORD_8 = 0x3
    OWORD_16 = 0x4


OWORD_COUNT: Mapping[OwordNum, int] = MappingProxyType({o: 1 << int(o) for o in OwordNum})


class GatherElemSize(enum.IntEnum, metaclass=QuickEnumType):
    """gather / scatter element size."""

    BYTE = 0x0
    WORD = 0x1
    DWORD = 0x2


class SvmBlockType(enum.IntEnum, metaclass=QuickEnumType):
    BYTE = 0x0
    DWORD = 0x1
    QWORD = 0x2


SVM_BLOCK_SIZE: Mapping[SvmBlockType, int] = MappingProxyType(
    {SvmBlockType.BYTE: 1, SvmBlockType.DWORD: 4, SvmBlockType.QWORD: 8}
)


class SvmBlockNum(enum.IntEnum, metaclass=QuickEnumType):
    NUM_1 = 0x0
    NUM_2 = 0x1
    NUM_4 = 0x2
    NUM_8 = 0x3


SVM_BLOCK_COUNT: Mapping[SvmBlockNum, int] = MappingProxyType({n: 1 << int(n) for n in SvmBlockNum})


class FenceFlag(enum.IntFlag, metaclass=QuickEnumType):
    """Bits of the fence instruction's mode byte."""

    COMMIT_ENABLE = 0x01  # "E"
    FLUSH_INSTRUCTION_CACHE = 0x02  # "I"
    FLUSH_SAMPLER_CACHE = 0x04  # "S"
    FLUSH_CONSTANT_CACHE = 0x08  # "C"
    FLUSH_RW_CACHE = 0x10  # "R"
    LOCAL = 0x20  # fence_local (SLM) rather than fence_global
    FLUSH_L1 = 0x40  # "L1"
    SW_FENCE = 0x80  # fence_sw


# Option letters after "fence_global." / "fence_local.", in printing order.
FENCE_OPTION_LETTERS: Mapping[str, FenceFlag] = MappingProxyType(
    {"E": FenceFlag.COMMIT_ENABLE, "I": FenceFlag.FLUSH_INSTRUCTION_CACHE,
     "S": FenceFlag.FLUSH_SAMPLER_CACHE, "C": FenceFlag.FLUSH_CONSTANT_CACHE,
     "R": FenceFlag.FLUSH_RW_CACHE, "L1": FenceFlag.FLUSH_L1}
)


class VmeOpMode(enum.IntEnum, metaclass=QuickEnumType):
    INTER = 0x0
    INTRA = 0x1
    ALL = 0x2


VME_OP_MODE_NAMES: Mapping[VmeOpMode, str] = MappingProxyType(
    {VmeOpMode.INTER: "inter", VmeOpMode.INTRA: "intra", VmeOpMode.ALL: "both"}
)


class VmeStreamMode(enum.IntEnum, metaclass=QuickEnumType):
    DISABLE = 0
    OUT = 1
    IN = 2
    IN_OUT = 3


class VmeSearchCtrl(enum.IntEnum, metaclass=QuickEnumType):
    SINGLE_REF_SINGLE_REC_SINGLE_START = 0
    SINGLE_REF_SINGLE_REC_DUAL_START = 1
    SINGLE_REF_DUAL_REC = 3
    DUAL_REF_DUAL_REC = 7


class AvsOutputFormat(enum.IntEnum, metaclass=QuickEnumType):
    AVS_16_FULL = 0
    AVS_16_DOWN_SAMPLE = 1
    AVS_8_FULL = 2
    AVS_8_DOWN_SAMPLE = 3


class AvsExecMode(enum.IntEnum, metaclass=QuickEnumType):
    AVS_16x4 = 0
    AVS_8x4 = 1
    AVS_16x8 = 2
    AVS_4x4 = 3


# Spellings the avs printer/lexer use (Intel's tables only cover these).
AVS_OUTPUT_FORMAT_NAMES: Mapping[AvsOutputFormat, str] = MappingProxyType(
    {f: f.name for f in AvsOutputFormat}
)
AVS_EXEC_MODE_NAMES: Mapping[int, str] = MappingProxyType(
    {0: "AVS_16x4", 1: "AVS_INVALID", 2: "AVS_16x8"}
)


class GenPrecision(enum.IntEnum, metaclass=QuickEnumType):
    """dpas / dpasw operand precision."""

    INVALID = 0
    U1 = 1
    S1 = 2
    U2 = 3
    S2 = 4
    U4 = 5
    S4 = 6
    U8 = 7
    S8 = 8
    BF16 = 9
    FP16 = 10
    BF8 = 11
    TF32 = 12


@record
class PrecisionInfo:
    precision: GenPrecision
    bits: int
    name: str


# Spellings in "dpas.<src1>.<src2>.<depth>.<count>" (lexer accepts either case
# of the letter).  BF8 has no entry in Intel's table.
GEN_PRECISION_INFO: Mapping[GenPrecision, PrecisionInfo] = MappingProxyType(
    {
        p.precision: p
        for p in (
            PrecisionInfo(GenPrecision.U1, 1, "u1"),
            PrecisionInfo(GenPrecision.S1, 1, "s1"),
            PrecisionInfo(GenPrecision.U2, 2, "u2"),
            PrecisionInfo(GenPrecision.S2, 2, "s2"),
            PrecisionInfo(GenPrecision.U4, 4, "u4"),
            PrecisionInfo(GenPrecision.S4, 4, "s4"),
            PrecisionInfo(GenPrecision.U8, 8, "u8"),
            PrecisionInfo(GenPrecision.S8, 8, "s8"),
            PrecisionInfo(GenPrecision.BF16, 16, "bf"),
            PrecisionInfo(GenPrecision.FP16, 16, "hf"),
            PrecisionInfo(GenPrecision.TF32, 32, "tf32"),
        )
    }
)


class LifetimeKind(enum.IntEnum, metaclass=QuickEnumType):
    START = 0
    END = 1
