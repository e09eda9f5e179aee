"""vISA's data types and alignments: their codes, names, sizes and the
spellings the text uses (Intel: VISA_Type, VISA_Align).  Transcribed from
igc-1.0.14828.26 (see visa/isa/opcodes.py)."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping, Optional

from .._record import record


class VisaType(enum.IntEnum, metaclass=QuickEnumType):
    """Element data types (4-bit code in declarations and immediates)."""

    UD = 0x0
    D = 0x1
    UW = 0x2
    W = 0x3
    UB = 0x4
    B = 0x5
    DF = 0x6
    F = 0x7
    V = 0x8
    VF = 0x9
    BOOL = 0xA
    UQ = 0xB
    UV = 0xC
    Q = 0xD
    HF = 0xE
    BF = 0xF


@record
class TypeInfo:
    type: VisaType
    name: str  # spelling in the text, e.g. ":ud", "type=ud"
    size: int  # bytes per element
    imm_size: int = 4  # bytes an immediate of this type takes in the binary
    literal: str = "int"  # how a literal reads: "int" (bits as written), or the float format f/df/hf/bf


TYPE_INFO: Mapping[VisaType, TypeInfo] = MappingProxyType(
    {
        t.type: t
        for t in (
            TypeInfo(VisaType.UD, "ud", 4),
            TypeInfo(VisaType.D, "d", 4),
            TypeInfo(VisaType.UW, "uw", 2),
            TypeInfo(VisaType.W, "w", 2),
            TypeInfo(VisaType.UB, "ub", 1),
            TypeInfo(VisaType.B, "b", 1),
            TypeInfo(VisaType.DF, "df", 8, imm_size=8, literal="df"),
            TypeInfo(VisaType.F, "f", 4, literal="f"),
            TypeInfo(VisaType.V, "v", 4),
            TypeInfo(VisaType.VF, "vf", 4),
            TypeInfo(VisaType.BOOL, "bool", 1),
            TypeInfo(VisaType.UQ, "uq", 8, imm_size=8),
            TypeInfo(VisaType.UV, "uv", 4),
            TypeInfo(VisaType.Q, "q", 8, imm_size=8),
            TypeInfo(VisaType.HF, "hf", 2, literal="hf"),
            TypeInfo(VisaType.BF, "bf", 2, literal="bf"),
        )
    }
)
# Lower-case spelling -> type.  The 12504 lexer also accepts upper case for
# most names (UD, D, ..., Bool, BOOL); fold case before looking up.
TYPE_BY_NAME: Mapping[str, VisaType] = MappingProxyType({i.name: t for t, i in TYPE_INFO.items()})
TYPE_INFO_BY_NAME: Mapping[str, TypeInfo] = MappingProxyType({i.name: i for i in TYPE_INFO.values()})

# Families of element types used by the operand descriptions.
TYPES_INT = frozenset(
    {VisaType.UW, VisaType.W, VisaType.UB, VisaType.B, VisaType.D, VisaType.UD, VisaType.Q, VisaType.UQ}
)
TYPES_FLOAT = frozenset({VisaType.DF, VisaType.F})
TYPES_FLOAT_HF = TYPES_FLOAT | {VisaType.HF}
TYPES_FLOAT_ALL = TYPES_FLOAT_HF | {VisaType.BF}
TYPES_ANY = TYPES_INT | TYPES_FLOAT


class Align(enum.IntEnum, metaclass=QuickEnumType):
    """Variable alignment (bits 4..7 of a declaration's properties byte)."""

    BYTE = 0x0  # also "undefined"
    WORD = 0x1
    DWORD = 0x2
    QWORD = 0x3
    OWORD = 0x4
    GRF = 0x5
    GRFx2 = 0x6
    HWORD = 0x7
    WORDx32 = 0x8
    WORDx64 = 0x9


@record
class AlignInfo:
    align: Align
    name: str  # printed spelling
    size: Optional[int]  # bytes; None = depends on the GRF size


ALIGN_INFO: Mapping[Align, AlignInfo] = MappingProxyType(
    {
        a.align: a
        for a in (
            AlignInfo(Align.BYTE, "byte", 1),
            AlignInfo(Align.WORD, "word", 2),
            AlignInfo(Align.DWORD, "dword", 4),
            AlignInfo(Align.QWORD, "qword", 8),
            AlignInfo(Align.OWORD, "oword", 16),
            AlignInfo(Align.GRF, "GRF", None),
            AlignInfo(Align.GRFx2, "GRFx2", None),
            AlignInfo(Align.HWORD, "hword", 32),
            AlignInfo(Align.WORDx32, "wordx32", 64),
            AlignInfo(Align.WORDx64, "wordx64", 128),
        )
    }
)
# Every spelling the text parser accepts after "align=".  The keywords 2GRF,
# 32word and 64word are lexer tokens; "align=<n>" with n a byte count 1..128
# (power of two, no GRF forms) is also accepted.
# the align name a declaration prints (None for byte, which prints nothing)
# -> the binary's code, and back
ALIGN_CODE_BY_PRINTED: Mapping[str | None, int] = MappingProxyType(
    {(None if a is Align.BYTE else info.name): int(a) for a, info in ALIGN_INFO.items()})
ALIGN_PRINTED_BY_CODE: Mapping[int, str | None] = MappingProxyType(
    {v: k for k, v in ALIGN_CODE_BY_PRINTED.items()})
ALIGN_BY_NAME: Mapping[str, Align] = MappingProxyType(
    {
        **{i.name: a for a, i in ALIGN_INFO.items()},
        "2GRF": Align.GRFx2,
        "32word": Align.WORDx32,
        "64word": Align.WORDx64,
    }
)
ALIGN_BY_BYTES: Mapping[int, Align] = MappingProxyType(
    {1: Align.BYTE, 2: Align.WORD, 4: Align.DWORD, 8: Align.QWORD, 16: Align.OWORD,
     32: Align.HWORD, 64: Align.WORDx32, 128: Align.WORDx64}
)
