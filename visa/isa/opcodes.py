"""The vISA 4.1 instruction table: one declarative description shared by the
parser, printer, validator, encoder and decoder.

Everything here is data.  The facts were transcribed from Intel's
intel-graphics-compiler sources (``visa/IsaDescription.cpp`` and the headers
and tables it relies on) at tag ``igc-1.0.14828.26`` -- the release whose
``GenX_IR`` wrote our reference binaries -- and compared with tag
``igc-1.0.12504.6``, whose text dialect our corpus uses.

What the table holds
--------------------
* ``OPCODES`` -- one :class:`OpcodeDef` per opcode number 0..0x94, carrying
  Intel's *instruction info* (mnemonic, category, number of sources and
  destinations) and Intel's *instruction description* (platform, attributes
  and the ordered operand descriptions, :class:`OperandDef`).
* Sub-operation tables (:class:`SubOpDef`) for ``va``, ``va_skl_plus``,
  ``svm``, ``lsc_untyped`` and ``lsc_typed``; name tables for the 3D sampler
  operations of ``sample_3d`` / ``load_3d`` / ``gather4_3d`` / ``info_3d``.
* The enumerations that the binary and the text share, with their numeric
  codes and spellings (data types, alignments, execution masks and sizes,
  modifiers, predicates, conditions, atomics, channel masks, LSC enums,
  predefined variables and surfaces, kernel attributes...).

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
from types import MappingProxyType
from typing import Mapping, NamedTuple, Optional

import attrs
from .._frozen import frozen

REFERENCE_TAG = "igc-1.0.14828.26"
TEXT_TAG = "igc-1.0.12504.6"

# ---------------------------------------------------------------------------
# Core enumerations
# ---------------------------------------------------------------------------


class VisaType(enum.IntEnum):
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


@frozen
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


class Align(enum.IntEnum):
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


@frozen
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


class ExecMask(enum.IntEnum):
    """Execution mask control: high nibble of the exec-size byte."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M1_NM = 8
    M2_NM = 9
    M3_NM = 10
    M4_NM = 11
    M5_NM = 12
    M6_NM = 13
    M7_NM = 14
    M8_NM = 15


EXEC_MASK_NAMES: Mapping[ExecMask, str] = MappingProxyType({m: m.name for m in ExecMask})
# "NoMask" is accepted by the text parser and means M1_NM.
EXEC_MASK_BY_NAME: Mapping[str, ExecMask] = MappingProxyType(
    {**{m.name: m for m in ExecMask}, "NoMask": ExecMask.M1_NM}
)


class ExecSize(enum.IntEnum):
    """Execution size code: low nibble of the exec-size byte."""

    SIMD1 = 0
    SIMD2 = 1
    SIMD4 = 2
    SIMD8 = 3
    SIMD16 = 4
    SIMD32 = 5


EXEC_SIZE_BY_WIDTH: Mapping[int, ExecSize] = MappingProxyType(
    {1: ExecSize.SIMD1, 2: ExecSize.SIMD2, 4: ExecSize.SIMD4, 8: ExecSize.SIMD8,
     16: ExecSize.SIMD16, 32: ExecSize.SIMD32}
)
EXEC_WIDTH: Mapping[ExecSize, int] = MappingProxyType({v: k for k, v in EXEC_SIZE_BY_WIDTH.items()})
EXEC_SIZE_CODE_MASK = 0x0F  # exec-size byte = size code | (ExecMask << 4)
EXEC_MASK_SHIFT = 4


class Modifier(enum.IntEnum):
    """Operand modifier (bits 3..5 of a vector operand's tag byte)."""

    NONE = 0x0
    ABS = 0x1
    NEG = 0x2
    NEG_ABS = 0x3
    SAT = 0x4  # destination only; written ".sat" after the mnemonic
    NOT = 0x5


MODIFIER_TEXT: Mapping[Modifier, str] = MappingProxyType(
    {Modifier.NONE: "", Modifier.ABS: "(abs)", Modifier.NEG: "(-)",
     Modifier.NEG_ABS: "(-abs)", Modifier.SAT: ".sat", Modifier.NOT: "(~)"}
)


class PredControl(enum.IntEnum):
    NONE = 0x0
    ANY = 0x1  # ".any"
    ALL = 0x2  # ".all"


PRED_CONTROL_TEXT: Mapping[PredControl, str] = MappingProxyType(
    {PredControl.NONE: "", PredControl.ANY: ".any", PredControl.ALL: ".all"}
)
# Binary predicate field (16 bits): id in bits 0..11 (0 = no predicate),
# control in bits 13..14, inverse ("!P1") in bit 15.
PRED_ID_MASK = 0x0FFF
PRED_CONTROL_SHIFT = 13
PRED_CONTROL_MASK = 0x6000
PRED_INVERSE_BIT = 0x8000


class CondMod(enum.IntEnum):
    """Relation of cmp (low 3 bits of cmp's relation byte)."""

    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


COND_MOD_NAMES: Mapping[CondMod, str] = MappingProxyType({c: c.name.lower() for c in CondMod})
CMP_N_BIT = 0x80  # bit 7 of the relation byte: "cmpn" (printer support only)


class InstCategory(enum.IntEnum):
    """Instruction category (Intel: ISA_Inst_Type)."""

    MOV = 0x0
    ARITH = 0x1
    LOGIC = 0x2
    COMPARE = 0x3
    ADDRESS = 0x4
    FLOW = 0x5
    DATA_PORT = 0x6
    SAMPLER = 0x7
    MISC = 0x8
    SIMD_FLOW = 0x9
    SYNC = 0xA
    SVM = 0xB
    LSC = 0xC
    RESERVED = 0xD


class TargetPlatform(enum.IntEnum):
    """Minimum platform of an instruction description (Intel: TARGET_PLATFORM).

    Not the platform code of ``gen_binary_info`` in the object file.
    """

    NONE = -1
    BDW = 0
    CHV = 1
    SKL = 2
    BXT = 3
    CNL = 4
    ICLLP = 5
    TGLLP = 6
    XE_HP_SDV = 7
    DG2 = 8
    MTL = 9
    PVC = 10
    PVCXT = 11
    ALL = 12


@frozen
class Platform:
    """A GPU platform as Intel's vISA knows it (visa/common.cpp
    ``PlatformInfo::ALL_PLATFORMS``): its name and the other names it goes by,
    its ``TARGET_PLATFORM`` (the instruction descriptions' minimum platform;
    None for those the 4.1 table does not know), the code that identifies
    its Gen binary in an object file's ``gen_binary_info``, and the size of
    its general registers."""
    name: str
    target: "TargetPlatform | None"
    code: int
    grf_bytes: int
    aliases: tuple[str, ...] = ()
    since: str = ""  # the Intel tag that added it, where later than 4.1's
    # Intel's product code names for it that Intel's table does not list
    # (Alchemist, Battlemage, Rocket Lake, ...): people say them, so the tools take them
    products: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every name it goes by: its own, Intel's aliases, the product names."""
        return (self.name,) + self.aliases + self.products


_V2 = "v2.40.13"
PLATFORMS: tuple[Platform, ...] = (
    Platform("BDW", TargetPlatform.BDW, 3, 32, ("GEN8",)),
    Platform("CHV", TargetPlatform.CHV, 4, 32, ("GEN8LP",)),
    Platform("SKL", TargetPlatform.SKL, 5, 32, ("GEN9", "KBL", "CFL")),
    Platform("BXT", TargetPlatform.BXT, 6, 32, ("GEN9LP",)),
    Platform("ICLLP", TargetPlatform.ICLLP, 10, 32, ("ICL", "GEN11", "GEN11LP")),
    Platform("TGLLP", TargetPlatform.TGLLP, 12, 32, ("DG1", "GEN12LP", "ADL"),
             products=("RKL", "RPL", "XE_LP")),
    Platform("XeHP_SDV", TargetPlatform.XE_HP_SDV, 11, 32),
    Platform("DG2", TargetPlatform.DG2, 13, 32, products=("ACM", "ATSM", "XE_HPG")),
    Platform("MTL", TargetPlatform.MTL, 13, 32, products=("XE_LPG",)),
    Platform("ARL", None, 13, 32, since=_V2),
    Platform("PVC", TargetPlatform.PVC, 14, 64, products=("XE_HPC",)),
    Platform("PVCXT", TargetPlatform.PVCXT, 15, 64),
    Platform("XE2", None, 18, 64, ("LNL",), since=_V2, products=("BMG",)),
    Platform("XE3", None, 19, 64, ("PTL",), since=_V2),
)
# every name, alias and product name, upper case (Intel matches them case-insensitively)
PLATFORM_BY_NAME: Mapping[str, Platform] = MappingProxyType(
    {n.upper(): p for p in PLATFORMS for n in p.names})


def platform_named(name: str) -> "Platform | None":
    """The platform a name means, in any case, with '-' or '_' or nothing
    between its words (``xe-hpg``, ``XeHPG``, ``XE_HPG``); None if unknown."""
    key = name.upper()
    p = PLATFORM_BY_NAME.get(key)
    if p is None:
        squeezed = key.replace("-", "").replace("_", "")
        p = _PLATFORM_BY_SQUEEZED.get(squeezed)
    return p


_PLATFORM_BY_SQUEEZED: Mapping[str, Platform] = MappingProxyType(
    {n.upper().replace("_", ""): p for p in PLATFORMS for n in p.names})


def platform_names_text() -> str:
    """The known names, for a message: 'TGLLP (DG1, GEN12LP, ...), DG2 (...)'."""
    return ", ".join(p.name + (f" ({', '.join(p.names[1:])})" if p.names[1:] else "")
                     for p in PLATFORMS)
# each platform's place in generation order (PLATFORMS' order), by name
PLATFORM_RANK: Mapping[str, int] = MappingProxyType({p.name: k for k, p in enumerate(PLATFORMS)})


def platform_at_least(platform: "Platform | None", name: str) -> bool:
    """Whether ``platform`` is ``name``'s generation or later (False for none)."""
    return platform is not None and PLATFORM_RANK[platform.name] >= PLATFORM_RANK[name]


def platform_before(platform: "Platform | None", name: str) -> bool:
    """Whether ``platform`` is of a generation before ``name``'s (False for none)."""
    return platform is not None and PLATFORM_RANK[platform.name] < PLATFORM_RANK[name]


class Availability(NamedTuple):
    """The platforms an instruction exists on: from the platform of Intel's
    row (``since``, a TARGET_PLATFORM; a platform the 4.1 table does not
    know is not judged by it), before the generation it no longer exists on
    (``until``, a platform name), and never on ``not_on`` (platform names);
    ``why`` says why for the last two."""
    since: "TargetPlatform" = TargetPlatform.ALL
    until: str | None = None
    not_on: frozenset = frozenset()
    why: str = ""

    def refusal(self, mnemonic: str, platform: "Platform | None") -> str | None:
        """Why ``mnemonic`` does not exist on ``platform``, or None."""
        if platform is None:
            return None
        if platform.target is not None and self.since is not TargetPlatform.ALL \
                and platform.target < self.since:
            return f"'{mnemonic}' needs {self.since.name} or later; the platform is {platform.name}"
        if (self.until is not None and platform_at_least(platform, self.until)) \
                or platform.name in self.not_on:
            return f"'{mnemonic}' does not exist on {platform.name} ({self.why})"
        return None


EVERYWHERE = Availability()


# Gen binary code -> the first platform with that code (DG2, MTL and ARL share 13)
PLATFORM_BY_CODE: Mapping[int, Platform] = MappingProxyType(
    {p.code: p for p in reversed(PLATFORMS)})
DEFAULT_GRF_BYTES = 32


def grf_bytes_of(codes) -> int:
    """The GRF size for Gen binaries of these platform codes (the largest;
    32 bytes where none is known)."""
    return max([PLATFORM_BY_CODE[c].grf_bytes for c in codes if c in PLATFORM_BY_CODE]
               or [DEFAULT_GRF_BYTES])


class InstAttr(enum.IntFlag):
    """Description-level attribute of an opcode."""

    NONE = 0x0
    SAME_DATA_TYPE = 0x1
    SAME_SPECIAL_KIND = 0x2


# ---------------------------------------------------------------------------
# Operand descriptions
# ---------------------------------------------------------------------------


class OperandKind(enum.IntEnum):
    """What an operand slot is (Intel: Common_ISA_Opnd_Desc_Type, values kept).

    ``CLASSES`` means the slot is described by :class:`OperandClass` flags.
    """

    CLASSES = 0
    EXEC_SIZE = 1
    STRING = 2
    LABEL = 3
    ATOMIC_SUBOP = 4
    EMASK_CTRL = 5
    COND_MODE = 6
    CHAN_PATT = 7
    OWORD_SIZE = 8
    IS_MODIFIED = 9
    ELEM_NUM = 10
    ELEM_SIZE = 11
    SIMD_MODE = 12
    CHANNEL_SIMD_MODE = 13
    CMP_SUBOP = 14
    VME_SUBOP = 15
    STREAM_MODE = 16
    SEARCH_CTRL = 17
    MATRIX_MODE = 18
    SUBMATRIX_SHAPE = 19
    SUBPRE_SHAPE = 20
    SPECIAL_KIND = 21
    MEDIA_LD_MODIFIER = 22
    MEDIA_ST_MODIFIER = 23
    RAW = 24
    SUBOPCODE = 25
    OP_EXT = 26


class OperandClass(enum.IntFlag):
    """Operand forms allowed in a slot (Intel's OPND_* bits, values kept)."""

    DST_GEN = 0x100
    SRC_GEN = 0x200
    DST_INDIR = 0x400
    SRC_INDIR = 0x800
    DST_PRED = 0x1000
    SRC_PRED = 0x2000
    DST_ADDR = 0x4000
    SRC_ADDR = 0x8000
    ADDRESS_OF = 0x10000
    SURFACE = 0x20000
    SAMPLER = 0x40000  # Intel: OPND_SAMPLE
    IMM = 0x100000
    PRED = 0x200000  # the instruction's predicate field
    OTHER = 0x400000  # a plain number of the slot's type
    RAW_SRC = 0x800000
    RAW_DST = 0x1000000


_C = OperandClass
# Intel's composite spellings, for readability of the table below.
SRC_G_IMM_AO = _C.SRC_GEN | _C.IMM | _C.ADDRESS_OF
SRC_G_I_IMM_AO = _C.SRC_GEN | _C.IMM | _C.SRC_INDIR | _C.ADDRESS_OF
SRC_G_I_IMM = _C.SRC_GEN | _C.IMM | _C.SRC_INDIR
SRC_G_I_IMM_P_AO = SRC_G_I_IMM_AO | _C.SRC_PRED
SRC_G_A_AO = _C.SRC_GEN | _C.SRC_ADDR | _C.ADDRESS_OF
SRC_G_I = _C.SRC_GEN | _C.SRC_INDIR
SRC_G_IMM_A = _C.SRC_GEN | _C.IMM | _C.SRC_ADDR  # LSC surface / 2D block params
SRC_VECTOR = SRC_G_I_IMM_AO | _C.SRC_ADDR | _C.SRC_PRED  # Intel: OPND_VECTOR_SRC
DST_G_I = _C.DST_GEN | _C.DST_INDIR
DST_G_I_P = DST_G_I | _C.DST_PRED
STATE_SPECIAL = _C.SAMPLER | _C.SURFACE  # Intel: OPND_SPECIAL

_VECTOR_CLASSES = (
    _C.DST_GEN | _C.SRC_GEN | _C.DST_INDIR | _C.SRC_INDIR | _C.DST_PRED | _C.SRC_PRED
    | _C.DST_ADDR | _C.SRC_ADDR | _C.ADDRESS_OF
)
_DST_CLASSES = _C.DST_GEN | _C.DST_INDIR | _C.DST_PRED | _C.DST_ADDR | _C.RAW_DST


class Constraint(enum.Enum):
    """Checks attached to an operand slot (Intel: OpndContraint/SpecificSize).

    Intel's spellings where they differ: SAT = SAT_C, LABEL_BLOCK =
    LABEL_BLOCK_C, LABEL_FUNC = LABEL_FUNC_C, EXEC_SIZE_1 = SIZE_1,
    SIZE_GE_WIDTH_X_HEIGHT = SIZE_GE_WIDTH_M_HIEGH, LENGTH_LESS_256 =
    LENGHT_LESS_256.
    """

    HORIZON_STRIDE_1 = "horizon_stride_1"
    HORIZON_VERTICAL_STRIDE_0 = "horizon_vertical_stride_0"
    HORIZON_STRIDE_2 = "horizon_stride_2"
    ELEM_NUM_2 = "elem_num_2"
    ELEM_NUM_4 = "elem_num_4"
    ELEM_NUM_8_16 = "elem_num_8_16"
    ELEM_NUM_96 = "elem_num_96"
    ELEM_NUM_128 = "elem_num_128"
    ELEM_NUM_224 = "elem_num_224"
    ELEM_NUM_GE_2 = "elem_num_ge_2"
    ELEM_NUM_GE_16 = "elem_num_ge_16"
    ELEM_NUM_GE_32 = "elem_num_ge_32"
    ELEM_NUM_GE_128 = "elem_num_ge_128"
    ELEM_NUM_GE_160 = "elem_num_ge_160"
    ELEM_NUM_MC32 = "elem_num_mc32"
    ELEM_NUM_MC16 = "elem_num_mc16"
    SIZE_54 = "size_54"
    SIZE_128 = "size_128"
    SIZE_192 = "size_192"
    SIZE_224 = "size_224"
    SIZE_228 = "size_228"
    SIZE_352 = "size_352"
    SIZE_SIZE = "size_size"
    OWORD_SIZE = "oword_size"
    GE_4 = "ge_4"
    VALUE_0_3 = "value_0_3"
    VALUE_1_32 = "value_1_32"
    VALUE_1_64 = "value_1_64"
    SINGLE_DATA_TYPE = "single_data_type"
    PREDICATE_NONEPRED_OPND = "predicate_nonepred_opnd"
    SCALAR_REGION = "scalar_region"
    LABEL_BLOCK = "label_block"
    LABEL_FUNC = "label_func"
    SIZE_GE_WIDTH_X_HEIGHT = "size_ge_width_x_height"
    GE_READSIZE = "ge_readsize"
    GE_WRITESIZE = "ge_writesize"
    SIZE_STREAM_MODE_DEPENDENT_1 = "size_stream_mode_dependent_1"
    SIZE_STREAM_MODE_DEPENDENT_2 = "size_stream_mode_dependent_2"
    SIZE_STREAM_MODE_DEPENDENT_3 = "size_stream_mode_dependent_3"
    SIZE_STREAM_MODE_DEPENDENT_4 = "size_stream_mode_dependent_4"
    LENGTH_LESS_256 = "length_less_256"
    GRF_ALIGNED = "grf_aligned"
    SAT = "sat"  # .sat allowed
    SAT_FLOAT_ONLY = "sat_float_only"  # .sat allowed for float types only
    EXEC_SIZE_1 = "exec_size_1"
    EXEC_SIZE_2 = "exec_size_2"
    EXEC_SIZE_4 = "exec_size_4"
    EXEC_SIZE_8 = "exec_size_8"


def _type_set(types) -> frozenset:
    if types is None:
        return frozenset()
    if isinstance(types, VisaType):
        return frozenset({types})
    return frozenset(types)


@frozen
class OperandDef:
    """One operand slot of an instruction description.

    ``kind`` names a special slot (exec size, label, sub-opcode, raw operand,
    ...); for ``OperandKind.CLASSES`` the slot is described by ``classes``.
    ``types`` is the set of element types Intel's row lists (empty: no type
    given).  For plain-number slots the single type gives the field's width.
    """

    kind: OperandKind
    classes: OperandClass = attrs.field(default=OperandClass(0))
    types: frozenset = attrs.field(default=frozenset(), converter=_type_set)
    constraints: frozenset = attrs.field(default=frozenset(), converter=frozenset)
    name: str = ""

    @property
    def intel_code(self) -> int:
        """Intel's ``opnd_type`` value."""
        return int(self.kind) | int(self.classes)

    @property
    def type_code(self) -> int:
        """Intel's ``data_type`` value (the OR of the listed type codes)."""
        code = 0
        for t in self.types:
            code |= int(t)
        return code

    @property
    def is_exec_size(self) -> bool:
        return self.kind is OperandKind.EXEC_SIZE

    @property
    def is_predicate(self) -> bool:
        return self.kind is OperandKind.CLASSES and self.classes == OperandClass.PRED

    @property
    def is_subopcode(self) -> bool:
        return self.kind is OperandKind.SUBOPCODE

    @property
    def is_vector(self) -> bool:
        """A vector operand (general/indirect/address/predicate/address-of/imm)."""
        return self.kind is OperandKind.CLASSES and bool(self.classes & _VECTOR_CLASSES)

    @property
    def is_raw(self) -> bool:
        return self.kind is OperandKind.RAW or bool(self.classes & (_C.RAW_SRC | _C.RAW_DST))

    @property
    def is_dst(self) -> bool:
        return bool(self.classes & _DST_CLASSES)

    @property
    def scalar_type(self) -> Optional[VisaType]:
        """The single listed type, if exactly one is listed."""
        if len(self.types) == 1:
            return next(iter(self.types))
        return None

    @property
    def scalar_size(self) -> Optional[int]:
        t = self.scalar_type
        return TYPE_INFO[t].size if t is not None else None


@frozen
class SubOpDef:
    """A sub-operation of an opcode that selects its operands by a sub-opcode."""

    code: int
    mnemonic: str
    category: InstCategory
    operands: tuple
    note: str = ""
    since: tuple = (4, 1)  # the vISA version whose text has it

    @property
    def opnd_num(self) -> int:
        return len(self.operands)


@frozen
class OpcodeDef:
    """One vISA opcode.

    ``mnemonic``/``category``/``n_srcs``/``n_dsts`` are Intel's instruction
    info; ``operands``/``platform``/``attr`` are its instruction description.
    ``desc_name``, ``desc_category`` and ``desc_opnd_num`` record the few
    places where the description row disagrees with the info row or with its
    own operand list (None = same).
    """

    number: int
    mnemonic: str
    category: InstCategory
    n_srcs: int
    n_dsts: int
    operands: tuple = ()
    platform: TargetPlatform = TargetPlatform.ALL
    attr: InstAttr = InstAttr.NONE
    subops: tuple = ()
    desc_name: Optional[str] = None
    desc_category: Optional[InstCategory] = None
    desc_opnd_num: Optional[int] = None
    since: str = ""  # Intel release that introduced the opcode, if after 12504
    note: str = ""

    @property
    def intel_desc_name(self) -> str:
        return self.mnemonic if self.desc_name is None else self.desc_name

    @property
    def intel_desc_category(self) -> InstCategory:
        return self.category if self.desc_category is None else self.desc_category

    @property
    def opnd_num(self) -> int:
        """Intel's ``opnd_num`` of the description row."""
        return len(self.operands) if self.desc_opnd_num is None else self.desc_opnd_num

    @property
    def is_reserved(self) -> bool:
        """A reserved (unused) opcode number."""
        return self.mnemonic.startswith("reserved")

    @property
    def has_subops(self) -> bool:
        return bool(self.subops)

    @property
    def subop_by_code(self) -> Mapping[int, SubOpDef]:
        return MappingProxyType({s.code: s for s in self.subops})

    @property
    def subop_by_mnemonic(self) -> Mapping[str, SubOpDef]:
        return MappingProxyType({s.mnemonic: s for s in self.subops})

    @property
    def has_exec_size(self) -> bool:
        return any(o.is_exec_size for o in self.operands)

    @property
    def has_predicate(self) -> bool:
        return any(o.is_predicate for o in self.operands)


# ---------------------------------------------------------------------------
# Small builders for the table (data only: each returns a frozen record)
# ---------------------------------------------------------------------------

_K = OperandKind
_T = VisaType
_X = Constraint


def _o(desc, types=None, *cons, name=""):
    """One operand slot; ``desc`` is an OperandKind or OperandClass flags."""
    if isinstance(desc, OperandKind):
        return OperandDef(desc, OperandClass(0), types, cons, name)
    return OperandDef(OperandKind.CLASSES, desc, types, cons, name)


def _exec(*cons):
    return _o(_K.EXEC_SIZE, _T.UB, *cons, name="exec_size")


def _pred(*cons):
    return _o(_C.PRED, _T.UW, *cons, name="pred")


def _other(t, name, *cons):
    return _o(_C.OTHER, t, *cons, name=name)


def _imm(t, name, *cons):
    return _o(_C.IMM, t, *cons, name=name)


def _surface(name="surface"):
    return _o(_C.SURFACE, _T.UB, name=name)


def _sampler(name="sampler"):
    return _o(_C.SAMPLER, _T.UB, name=name)


def _raw(types, name, *cons):
    return _o(_K.RAW, types, *cons, name=name)


def _srcs(n, cls, types, *cons, first=0):
    return tuple(_o(cls, types, *cons, name=f"src{first + i}") for i in range(n))


def _op(number, mnemonic, category, n_srcs, n_dsts, operands=(), **kw):
    return OpcodeDef(number, mnemonic, category, n_srcs, n_dsts, tuple(operands), **kw)


def _reserved(number, mnemonic, desc_name, **kw):
    return _op(number, mnemonic, InstCategory.RESERVED, 0, 0, desc_name=desc_name, **kw)


def _alu(number, mnemonic, category, n_srcs, dst_types, src_types=None, *,
         dst_cons=(), src_cons=(), exec_cons=(), pred_cons=(),
         dst_cls=DST_G_I, src_cls=SRC_G_I_IMM_AO, attr=InstAttr.SAME_DATA_TYPE, **kw):
    """exec size, predicate, one destination, ``n_srcs`` like sources."""
    src_types = dst_types if src_types is None else src_types
    operands = (
        _exec(*exec_cons),
        _pred(*pred_cons),
        _o(dst_cls, dst_types, *dst_cons, name="dst"),
        *_srcs(n_srcs, src_cls, src_types, *src_cons),
    )
    return _op(number, mnemonic, category, n_srcs, 1, operands, attr=attr, **kw)


def _sub(code, mnemonic, category, operands, note=""):
    return SubOpDef(code, mnemonic, category, tuple(operands), note)


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
# Sub-operation enumerations and tables
# ---------------------------------------------------------------------------


class SvmOp(enum.IntEnum):
    BLOCK_LD = 0x1
    BLOCK_ST = 0x2
    GATHER = 0x3
    SCATTER = 0x4
    ATOMIC = 0x5
    GATHER4SCALED = 0x6
    SCATTER4SCALED = 0x7


class VaOp(enum.IntEnum):
    """Sub-opcodes of va (0x44) and va_skl_plus (0x4D) (Intel: ISA_VA_Sub_Opcode)."""

    AVS = 0x00
    CONVOLVE = 0x01
    MINMAX = 0x02
    MINMAXFILTER = 0x03
    ERODE = 0x04
    DILATE = 0x05
    BOOLCENTROID = 0x06
    CENTROID = 0x07
    CONVOLVE_1D_VERTICAL = 0x08
    CONVOLVE_1D_HORIZONTAL = 0x09
    CONVOLVE_1PIXEL = 0x0A
    FLOOD_FILL = 0x0B
    LBP_CREATION = 0x0C
    LBP_CORRELATION = 0x0D
    NONE = 0x0E
    CORRELATION_SEARCH = 0x0F
    HDC_CONVOLVE_2D = 0x10
    HDC_MINMAXFILTER = 0x11
    HDC_ERODE = 0x12
    HDC_DILATE = 0x13
    HDC_LBP_CORRELATION = 0x14
    HDC_LBP_CREATION = 0x15
    HDC_CONVOLVE_1D_H = 0x16
    HDC_CONVOLVE_1D_V = 0x17
    HDC_CONVOLVE_1PIXEL = 0x18
    UNDEFINED = 0x19


class LscOp(enum.IntEnum):
    """LSC operation (sub-opcode of lsc_untyped / lsc_typed; Desc[5:0])."""

    LOAD = 0x00
    LOAD_STRIDED = 0x01
    LOAD_QUAD = 0x02
    LOAD_BLOCK2D = 0x03
    STORE = 0x04
    STORE_STRIDED = 0x05
    STORE_QUAD = 0x06
    STORE_BLOCK2D = 0x07
    ATOMIC_IINC = 0x08
    ATOMIC_IDEC = 0x09
    ATOMIC_LOAD = 0x0A
    ATOMIC_STORE = 0x0B
    ATOMIC_IADD = 0x0C
    ATOMIC_ISUB = 0x0D
    ATOMIC_SMIN = 0x0E
    ATOMIC_SMAX = 0x0F
    ATOMIC_UMIN = 0x10
    ATOMIC_UMAX = 0x11
    ATOMIC_ICAS = 0x12
    ATOMIC_FADD = 0x13
    ATOMIC_FSUB = 0x14
    ATOMIC_FMIN = 0x15
    ATOMIC_FMAX = 0x16
    ATOMIC_FCAS = 0x17
    ATOMIC_AND = 0x18
    ATOMIC_OR = 0x19
    ATOMIC_XOR = 0x1A
    LOAD_STATUS = 0x1B
    STORE_UNCOMPRESSED = 0x1C
    CCS_UPDATE = 0x1D
    READ_STATE_INFO = 0x1E
    FENCE = 0x1F


class LscOpKind(enum.Enum):
    LOAD = "load"
    STORE = "store"
    ATOMIC = "atomic"
    OTHER = "other"


@frozen
class LscOpInfo:
    op: LscOp
    mnemonic: str
    kind: LscOpKind
    extra_operands: int = 0  # atomics: data operands beyond the address (0, 1 or 2)

    @property
    def has_channel_mask(self) -> bool:
        return self.op in (LscOp.LOAD_QUAD, LscOp.STORE_QUAD)

    @property
    def is_strided(self) -> bool:
        return self.op in (LscOp.LOAD_STRIDED, LscOp.STORE_STRIDED)

    @property
    def is_block2d(self) -> bool:
        return self.op in (LscOp.LOAD_BLOCK2D, LscOp.STORE_BLOCK2D)


def _lsc_info(op, kind, extra=0):
    return LscOpInfo(op, "lsc_" + op.name.lower(), kind, extra)


_LD, _ST, _AT, _OT = LscOpKind.LOAD, LscOpKind.STORE, LscOpKind.ATOMIC, LscOpKind.OTHER
LSC_OP_INFO: Mapping[LscOp, LscOpInfo] = MappingProxyType(
    {
        i.op: i
        for i in (
            _lsc_info(LscOp.LOAD, _LD),
            _lsc_info(LscOp.LOAD_STRIDED, _LD),
            _lsc_info(LscOp.LOAD_QUAD, _LD),
            _lsc_info(LscOp.LOAD_BLOCK2D, _LD),
            _lsc_info(LscOp.STORE, _ST),
            _lsc_info(LscOp.STORE_STRIDED, _ST),
            _lsc_info(LscOp.STORE_QUAD, _ST),
            _lsc_info(LscOp.STORE_BLOCK2D, _ST),
            _lsc_info(LscOp.ATOMIC_IINC, _AT, 0),
            _lsc_info(LscOp.ATOMIC_IDEC, _AT, 0),
            _lsc_info(LscOp.ATOMIC_LOAD, _AT, 0),
            _lsc_info(LscOp.ATOMIC_STORE, _AT, 1),
            _lsc_info(LscOp.ATOMIC_IADD, _AT, 1),
            _lsc_info(LscOp.ATOMIC_ISUB, _AT, 1),
            _lsc_info(LscOp.ATOMIC_SMIN, _AT, 1),
            _lsc_info(LscOp.ATOMIC_SMAX, _AT, 1),
            _lsc_info(LscOp.ATOMIC_UMIN, _AT, 1),
            _lsc_info(LscOp.ATOMIC_UMAX, _AT, 1),
            _lsc_info(LscOp.ATOMIC_ICAS, _AT, 2),
            _lsc_info(LscOp.ATOMIC_FADD, _AT, 1),
            _lsc_info(LscOp.ATOMIC_FSUB, _AT, 1),
            _lsc_info(LscOp.ATOMIC_FMIN, _AT, 1),
            _lsc_info(LscOp.ATOMIC_FMAX, _AT, 1),
            _lsc_info(LscOp.ATOMIC_FCAS, _AT, 2),
            _lsc_info(LscOp.ATOMIC_AND, _AT, 1),
            _lsc_info(LscOp.ATOMIC_OR, _AT, 1),
            _lsc_info(LscOp.ATOMIC_XOR, _AT, 1),
            _lsc_info(LscOp.LOAD_STATUS, _LD),
            _lsc_info(LscOp.STORE_UNCOMPRESSED, _ST),
            _lsc_info(LscOp.CCS_UPDATE, _OT),
            _lsc_info(LscOp.READ_STATE_INFO, _LD),
            _lsc_info(LscOp.FENCE, _OT),
        )
    }
)

_LSC = InstCategory.LSC
_LSC_HEAD = (
    _exec(),
    _pred(),
    _other(_T.UB, "sfid"),
    _other(_T.UB, "l1_cache"),
    _other(_T.UB, "l3_cache"),
)


def _lsc_untyped(op):
    return _sub(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        *_LSC_HEAD,
        _other(_T.UB, "addr_type"),
        _other(_T.UW, "addr_scale"),
        _other(_T.D, "addr_offset"),
        _other(_T.UB, "addr_size"),
        _other(_T.UB, "data_size"),
        _other(_T.UB, "data_order"),
        _other(_T.UB, "data_elems"),
        _other(_T.UB, "channel_mask"),
        _o(SRC_G_IMM_A, _T.UB, name="surface"),
        _other(_T.UD, "reserved"),
        _raw(_T.UB, "dst", _X.GRF_ALIGNED),
        _raw(_T.UB, "src0_addr", _X.GRF_ALIGNED),
        _raw(_T.UB, "src1_data", _X.GRF_ALIGNED),
        _raw(_T.UB, "src2_data", _X.GRF_ALIGNED),
    ), note=(
        "binary: no 'reserved' operand is written (surface is followed by dst)"
        + ("; strided ops write dst, src0 base, src0 pitch (vector), src1 and no src2"
           if LSC_OP_INFO[op].is_strided else "")
    ))


def _lsc_block2d(op):
    return _sub(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        *_LSC_HEAD,
        _other(_T.UB, "data_size"),
        _other(_T.UB, "data_order"),
        _other(_T.UB, "blocks"),
        _other(_T.UW, "block_width"),
        _other(_T.UW, "block_height"),
        _other(_T.UB, "vnni"),
        _raw(_T.UB, "dst", _X.GRF_ALIGNED),
        _o(SRC_G_IMM_A, _T.UB, name="surface_base"),
        _o(SRC_G_IMM_A, _T.UB, name="surface_width"),
        _o(SRC_G_IMM_A, _T.UB, name="surface_height"),
        _o(SRC_G_IMM_A, _T.UB, name="surface_pitch"),
        _o(SRC_G_IMM_A, _T.UB, name="offset_x"),
        _o(SRC_G_IMM_A, _T.UB, name="offset_y"),
        _raw(_T.UB, "src1_data", _X.GRF_ALIGNED),
    ), note="binary (14828 writer): offset_x and offset_y are each followed by a d immediate offset")


def _lsc_typed(op):
    return _sub(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        _exec(),
        _pred(),
        _other(_T.UB, "l1_cache"),
        _other(_T.UB, "l3_cache"),
        _other(_T.UB, "addr_type"),
        _other(_T.UB, "addr_size"),
        _other(_T.UB, "data_size"),
        _other(_T.UB, "data_order"),
        _other(_T.UB, "data_elems"),
        _other(_T.UB, "channel_mask"),
        _o(SRC_G_IMM_A, _T.UB, name="surface"),
        _other(_T.UD, "surface_offset"),
        _raw(_T.UB, "dst", _X.GRF_ALIGNED),
        _raw(_T.UB, "src0_u", _X.GRF_ALIGNED),
        _other(_T.D, "src0_u_offset"),
        _raw(_T.UB, "src0_v", _X.GRF_ALIGNED),
        _other(_T.D, "src0_v_offset"),
        _raw(_T.UB, "src0_r", _X.GRF_ALIGNED),
        _other(_T.D, "src0_r_offset"),
        _raw(_T.UB, "src0_lod", _X.GRF_ALIGNED),
        _raw(_T.UB, "src1_data", _X.GRF_ALIGNED),
        _raw(_T.UB, "src2_data", _X.GRF_ALIGNED),
    ))


_UNTYPED_OPS = tuple(op for op in LscOp if op <= LscOp.CCS_UPDATE)
LSC_UNTYPED_SUBOPS = tuple(
    _lsc_block2d(op) if LSC_OP_INFO[op].is_block2d else _lsc_untyped(op) for op in _UNTYPED_OPS
)
_TYPED_OPS = tuple(
    op for op in LscOp
    if op <= LscOp.READ_STATE_INFO
    and op not in (LscOp.LOAD, LscOp.LOAD_STRIDED, LscOp.LOAD_BLOCK2D,
                   LscOp.STORE, LscOp.STORE_STRIDED, LscOp.STORE_BLOCK2D)
)
LSC_TYPED_SUBOPS = tuple(_lsc_typed(op) for op in _TYPED_OPS)


def _lsc_typed_block2d(op):
    """vISA 4.2's typed 2D block (IGC v2.40.13's LSC_TYPED_BLOCK2D_OP row):
    no data size, a block width in bytes and a height in elements, a
    surface and two coordinates each with an immediate offset.  vISA 4.1
    has no such sub-op, so it has no binary form here (v2.40.13's row names
    the store ``lsc_load_block2d`` too; the text says lsc_store_block2d)."""
    load = op == LscOp.LOAD_BLOCK2D
    return attrs.evolve(_sub(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        _exec(),
        _pred(),
        _other(_T.UB, "l1_cache"),
        _other(_T.UB, "l3_cache"),
        _other(_T.UB, "addr_type"),
        _other(_T.UW, "block_width"),
        _other(_T.UW, "block_height"),
        _o(SRC_G_IMM_A, _T.UB, name="surface"),
        _other(_T.UD, "surface_index"),
        _raw(_T.UB, "dst" if load else "dst_null", _X.GRF_ALIGNED),
        _o(SRC_G_IMM_A, _T.UB, name="offset_x"),
        _other(_T.D, "imm_offset_x"),
        _o(SRC_G_IMM_A, _T.UB, name="offset_y"),
        _other(_T.D, "imm_offset_y"),
        _raw(_T.UB, "src1_data", _X.GRF_ALIGNED),
    ), note="vISA 4.2 only (IGC 2.x): no vISA 4.1 binary form"), since=(4, 2))


LSC_TYPED_BLOCK2D_SUBOPS = tuple(_lsc_typed_block2d(op)
                                 for op in (LscOp.LOAD_BLOCK2D, LscOp.STORE_BLOCK2D))

_SV = InstCategory.SVM
_SVM_BLOCK_NOTE = ("properties: bits 0..2 OwordNum code, bit 7 (0x80) unaligned as written by "
                   "the 14828 builder (its binary reader tests bit 3 instead)")
SVM_SUBOPS = (
    _sub(SvmOp.BLOCK_LD, "svm_block_ld", _SV, (
        _other(_T.UB, "properties"),
        _o(SRC_VECTOR, _T.UQ, _X.GRF_ALIGNED, name="address"),
        _raw(_T.UQ, "dst"),
    ), note=_SVM_BLOCK_NOTE),
    _sub(SvmOp.BLOCK_ST, "svm_block_st", _SV, (
        _other(_T.UB, "properties"),
        _o(SRC_VECTOR, _T.UQ, _X.GRF_ALIGNED, name="address"),
        _raw(_T.UQ, "src"),
    ), note=_SVM_BLOCK_NOTE),
    _sub(SvmOp.GATHER, "svm_gather", _SV, (
        _exec(), _pred(),
        _other(_T.UB, "block_size"), _other(_T.UB, "num_blocks"),
        _raw(_T.UQ, "addresses"), _raw(_T.UQ, "dst"),
    )),
    _sub(SvmOp.SCATTER, "svm_scatter", _SV, (
        _exec(), _pred(),
        _other(_T.UB, "block_size"), _other(_T.UB, "num_blocks"),
        _raw(_T.UQ, "addresses"), _raw(_T.UQ, "src"),
    )),
    _sub(SvmOp.ATOMIC, "svm_atomic", _SV, (
        _exec(), _pred(),
        _other(_T.UB, "op"),
        _raw(_T.UQ, "addresses"), _raw(_T.UQ, "src0"), _raw(_T.UQ, "src1"), _raw(_T.UQ, "dst"),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT / ATOMIC_64BIT flags above"),
    _sub(SvmOp.GATHER4SCALED, "svm_gather4scaled", _SV, (
        _exec(), _pred(),
        _other(_T.UB, "channel_mask"), _other(_T.UW, "scale"),
        _o(SRC_G_I_IMM, _T.UQ, _X.SCALAR_REGION, name="address"),
        _raw(_T.UQ, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    _sub(SvmOp.SCATTER4SCALED, "svm_scatter4scaled", _SV, (
        _exec(), _pred(),
        _other(_T.UB, "channel_mask"), _other(_T.UW, "scale"),
        _o(SRC_G_I_IMM, _T.UQ, _X.SCALAR_REGION, name="address"),
        _raw(_T.UQ, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
)

_SA = InstCategory.SAMPLER


def _uv(t=_T.F):
    return (_o(SRC_G_I_IMM, t, _X.SCALAR_REGION, name="u_offset"),
            _o(SRC_G_I_IMM, t, _X.SCALAR_REGION, name="v_offset"))


def _scalar(t, name):
    return _o(SRC_G_I_IMM, t, _X.SCALAR_REGION, name=name)


def _hdc_dst():
    return (_surface("dst_surface"), _scalar(_T.UW, "dst_x_offset"), _scalar(_T.UW, "dst_y_offset"))


_VA_DST = _raw(_T.F, "dst", _X.GRF_ALIGNED)

VA_SUBOPS = (
    _sub(VaOp.CONVOLVE, "va_convolve_2d", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "properties"), _VA_DST)),
    _sub(VaOp.MINMAX, "va_minmax", _SA, (
        _surface(), *_uv(), _o(SRC_G_I_IMM, _T.UB, name="mmf_mode"), _VA_DST)),
    _sub(VaOp.MINMAXFILTER, "va_minmaxfilter", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "cntrl"), _other(_T.UB, "exec_mode"),
        _o(SRC_G_I_IMM, _T.UB, name="mmf_mode"), _VA_DST)),
    _sub(VaOp.ERODE, "va_erode", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "exec_mode"), _VA_DST)),
    _sub(VaOp.DILATE, "va_dilate", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "exec_mode"), _VA_DST)),
    _sub(VaOp.BOOLCENTROID, "va_boolcentroid", _SA, (
        _surface(), *_uv(), _scalar(_T.UB, "v_size"), _scalar(_T.UB, "h_size"), _VA_DST)),
    _sub(VaOp.CENTROID, "va_centroid", _SA, (
        _surface(), *_uv(), _scalar(_T.UB, "v_size"), _VA_DST)),
)


def _va_wdst(t=_T.W):
    return _o(_C.RAW_DST, t, _X.GRF_ALIGNED, name="dst")


VA_SKL_PLUS_SUBOPS = (
    _sub(VaOp.CONVOLVE_1D_VERTICAL, "va_convolve_1d_v", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "mode"), _va_wdst())),
    _sub(VaOp.CONVOLVE_1D_HORIZONTAL, "va_convolve_1d_h", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "mode"), _va_wdst())),
    _sub(VaOp.CONVOLVE_1PIXEL, "va_convolve_1pixel", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "mode"),
        _o(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="offsets"), _va_wdst())),
    _sub(VaOp.FLOOD_FILL, "va_floodfill", _SA, (
        _other(_T.UB, "is_8_connect"),
        _o(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="pixel_mask_h"),
        _scalar(_T.F, "pixel_mask_v_left"), _scalar(_T.F, "pixel_mask_v_right"),
        _scalar(_T.F, "loop_count"), _va_wdst())),
    _sub(VaOp.LBP_CREATION, "va_lbpcreation", _SA, (
        _surface(), *_uv(), _other(_T.UB, "mode"), _va_wdst(_T.UB))),
    _sub(VaOp.LBP_CORRELATION, "va_lbpcorrelation", _SA, (
        _surface(), *_uv(), _scalar(_T.W, "disparity"), _va_wdst())),
    _sub(VaOp.CORRELATION_SEARCH, "va_correlationsearch", _SA, (
        _surface(), *_uv(),
        _scalar(_T.F, "vertical_origin"), _scalar(_T.F, "horizontal_origin"),
        _scalar(_T.UB, "x_direction_size"), _scalar(_T.UB, "y_direction_size"),
        _scalar(_T.UB, "x_search_size"), _scalar(_T.UB, "y_search_size"),
        _va_wdst(_T.UD))),
    _sub(VaOp.HDC_CONVOLVE_2D, "va_hdc_convolve_2d", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "properties"), *_hdc_dst())),
    _sub(VaOp.HDC_MINMAXFILTER, "va_hdc_minmaxfilter", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "pixel_size"),
        _other(_T.UB, "mmf_mode"), *_hdc_dst())),
    _sub(VaOp.HDC_ERODE, "va_hdc_erode", _SA, (
        _sampler(), _surface(), *_uv(), *_hdc_dst())),
    _sub(VaOp.HDC_DILATE, "va_hdc_dilate", _SA, (
        _sampler(), _surface(), *_uv(), *_hdc_dst())),
    _sub(VaOp.HDC_LBP_CORRELATION, "va_hdc_lbpcorrelation", _SA, (
        _surface(), *_uv(), _scalar(_T.W, "disparity"), *_hdc_dst())),
    _sub(VaOp.HDC_LBP_CREATION, "va_hdc_lbpcreation", _SA, (
        _surface(), *_uv(), _other(_T.UB, "mode"), *_hdc_dst())),
    _sub(VaOp.HDC_CONVOLVE_1D_H, "va_hdc_convolve_1d_h", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "pixel_size"), *_hdc_dst())),
    _sub(VaOp.HDC_CONVOLVE_1D_V, "va_hdc_convolve_1d_v", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "pixel_size"), *_hdc_dst())),
    _sub(VaOp.HDC_CONVOLVE_1PIXEL, "va_hdc_convolve_1pixel", _SA, (
        _sampler(), _surface(), *_uv(), _other(_T.UB, "pixel_size"),
        _o(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="offsets"), *_hdc_dst())),
)


# ---------------------------------------------------------------------------
# Opcode numbers
# ---------------------------------------------------------------------------


class Opcode(enum.IntEnum):
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
    _exec(),
    _o(_C.DST_GEN, _DPAS_ACC, _X.GRF_ALIGNED, name="dst"),
    _o(_C.SRC_GEN, _DPAS_ACC, _X.GRF_ALIGNED, name="src0"),
    _o(_C.SRC_GEN, _UD_D, _X.GRF_ALIGNED, name="src1"),
    _o(_C.SRC_GEN, _UD_D, _X.GRF_ALIGNED, name="src2"),
    _other(_T.UD, "dpas_info"),
)
_DPAS_NOTE = ("binary: dst, src0 and src1 are raw operands and src2 a vector operand; "
              "dpas_info packs the precisions, systolic depth and repeat count")
_MEDIA_TAIL = (
    _imm(_T.UB, "plane", _X.VALUE_0_3),
    _imm(_T.UB, "block_width", _X.VALUE_1_32),
    _imm(_T.UB, "block_height", _X.VALUE_1_64),
    _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="x_offset"),
    _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="y_offset"),
    _raw(None, "msg", _X.GRF_ALIGNED, _X.SIZE_GE_WIDTH_X_HEIGHT),
)
_GLOBAL_OFFSET = _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="global_offset")
_SCALED_OFFSET = _o(SRC_G_I_IMM, _T.UD, _X.SCALAR_REGION, name="global_offset")
_TYPED_UVRL = (_raw(_T.UD, "u"), _raw(_T.UD, "v"), _raw(_T.UD, "r"), _raw(_T.UD, "lod"))
_SAMPLE_3D_NOTE = ("binary at vISA 4: 'op' is a 16-bit word (bits 0..7 Sampler3DOp, bit 8 pixel "
                   "null mask, bit 9 cps, bit 10 non-uniform sampler); 'aoffimmi' is a vector "
                   "operand; 'num_params' is followed by that many raw operands")
_ADD3_TYPES = _W_D

OPCODES: tuple = (
    _reserved(0x00, "reserved0", "RESERVED_0"),
    _alu(_O.ADD, "add", _AR, 2, TYPES_INT | TYPES_FLOAT_ALL),
    _alu(_O.AVG, "avg", _AR, 2, TYPES_INT),
    _alu(_O.DIV, "div", _AR, 2, TYPES_INT | TYPES_FLOAT, TYPES_INT | TYPES_FLOAT_HF,
         dst_cons=(_X.SAT_FLOAT_ONLY,)),
    _alu(_O.DP2, "dp2", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    _alu(_O.DP3, "dp3", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    _alu(_O.DP4, "dp4", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    _alu(_O.DPH, "dph", _AR, 2, TYPES_FLOAT, exec_cons=(_X.GE_4,), dst_cons=_SAT_HS1,
         src_cons=(_X.HORIZON_STRIDE_1,)),
    _alu(_O.EXP, "exp", _AR, 1, TYPES_FLOAT_HF, dst_cons=_SAT_HS1, src_cons=(_X.HORIZON_STRIDE_1,)),
    _alu(_O.FRC, "frc", _AR, 1, TYPES_FLOAT),
    _op(_O.LINE, "line", _AR, 2, 1, (
        _exec(_X.GE_4),
        _pred(),
        _o(DST_G_I, TYPES_INT | TYPES_FLOAT, _X.SAT, name="dst"),
        _o(_C.SRC_GEN, TYPES_INT | TYPES_FLOAT, _X.HORIZON_VERTICAL_STRIDE_0, name="src0"),
        _o(SRC_G_I_IMM_AO, TYPES_INT | TYPES_FLOAT, name="src1"),
    ), attr=_SAME),
    _alu(_O.LOG, "log", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.MAD, "mad", _AR, 3, TYPES_FLOAT_ALL, dst_cons=(_X.SAT_FLOAT_ONLY,)),
    _alu(_O.MULH, "mulh", _AR, 2, _UD_D),
    _alu(_O.LRP, "lrp", _AR, 3, TYPES_FLOAT, dst_cons=(_X.SAT_FLOAT_ONLY,), desc_category=_RES),
    _alu(_O.MOD, "mod", _AR, 2, TYPES_INT),
    _alu(_O.MUL, "mul", _AR, 2, TYPES_FLOAT_ALL | TYPES_INT, dst_cons=(_X.SAT,)),
    _alu(_O.POW, "pow", _AR, 2, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.RNDD, "rndd", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    _alu(_O.RNDU, "rndu", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    _alu(_O.RNDE, "rnde", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    _alu(_O.RNDZ, "rndz", _AR, 1, TYPES_FLOAT, dst_cons=(_X.SAT,)),
    _alu(_O.SAD2, "sad2", _AR, 2, _W_UW, _B_UB, dst_cons=(_X.SAT, _X.HORIZON_STRIDE_2)),
    _alu(_O.SIN, "sin", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.COS, "cos", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.SQRT, "sqrt", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.RSQRT, "rsqrt", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _alu(_O.INV, "inv", _AR, 1, TYPES_FLOAT_HF, dst_cons=(_X.SAT,)),
    _op(_O.DPASW, "dpasw", _MISC, 3, 1, _DPAS_OPERANDS, platform=TargetPlatform.XE_HP_SDV,
        attr=_SAME, note=_DPAS_NOTE),
    _op(_O.FCVT, "fcvt", _MOV, 1, 1, (
        _exec(),
        _o(_C.DST_GEN, {_T.UB, _T.B, _T.UD, _T.HF, _T.F}, name="dst"),
        _o(_C.SRC_GEN, {_T.UB, _T.B, _T.UD, _T.HF, _T.F}, name="src0"),
    ), platform=TargetPlatform.PVC, attr=_SPEC),
    _op(_O.SRND, "srnd", _AR, 2, 1, (
        _exec(),
        _o(_C.DST_GEN, {_T.UB, _T.HF}, name="dst"),
        _o(_C.SRC_GEN, {_T.HF, _T.F}, name="src0"),
        # igc-1.0.12504.6 lists only f and hf here.
        _o(_C.SRC_GEN | _C.IMM, {_T.UB, _T.UW, _T.F, _T.HF}, name="src1"),
    ), platform=TargetPlatform.PVCXT, attr=_SPEC),
    _alu(_O.LZD, "lzd", _AR, 1, _T.UD),
    _alu(_O.AND, "and", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    _alu(_O.OR, "or", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    _alu(_O.XOR, "xor", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    _alu(_O.NOT, "not", _LG, 1, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         dst_cls=DST_G_I_P, src_cls=SRC_G_I_IMM_P_AO),
    _alu(_O.SHL, "shl", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,), attr=InstAttr.NONE),
    _alu(_O.SHR, "shr", _LG, 2, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,), attr=InstAttr.NONE),
    _op(_O.ASR, "asr", _LG, 2, 1, (
        _exec(),
        _pred(_X.PREDICATE_NONEPRED_OPND),
        _o(DST_G_I, {_T.B, _T.W, _T.D}, name="dst"),
        _o(SRC_G_I_IMM_AO, {_T.B, _T.W, _T.D}, name="src0"),
        _o(SRC_G_I_IMM_AO, TYPES_INT, name="src1"),
    )),
    _alu(_O.CBIT, "cbit", _LG, 1, _T.UD, TYPES_INT, pred_cons=(_X.PREDICATE_NONEPRED_OPND,),
         attr=InstAttr.NONE),
    _op(_O.ADDR_ADD, "addr_add", _ADR, 2, 1, (
        _exec(),
        _o(_C.DST_ADDR, name="dst"),
        _o(SRC_G_A_AO, None, _X.SCALAR_REGION, name="src0"),
        _o(SRC_G_IMM_AO, _T.UW, name="src1"),
    )),
    _alu(_O.MOV, "mov", _MOV, 1, None, attr=InstAttr.NONE),
    _alu(_O.SEL, "sel", _MOV, 2, None, attr=InstAttr.NONE),
    _op(_O.SETP, "setp", _MOV, 1, 1, (
        _exec(),
        _o(_C.DST_PRED, name="dst"),
        _o(SRC_G_I_IMM_AO, TYPES_INT, name="src0"),
    )),
    _op(_O.CMP, "cmp", _CMP, 2, 1, (
        _exec(),
        _o(_K.CMP_SUBOP, _T.UB, name="relation"),
        _o(_C.DST_PRED | _C.DST_GEN, name="dst"),
        *_srcs(2, SRC_G_I_IMM_AO, None),
    ), attr=_SAME, note="relation byte: CondMod in bits 0..2, bit 7 = cmpn"),
    _op(_O.MOVS, "movs", _MOV, 1, 1, (
        _exec(),
        _o(STATE_SPECIAL, _T.UW, name="dst"),
        _o(STATE_SPECIAL, _T.UW, name="src0"),
    ), attr=_SPEC),
    _alu(_O.FBL, "fbl", _LG, 1, _T.UD, attr=InstAttr.NONE),
    _alu(_O.FBH, "fbh", _LG, 1, _T.UD, _UD_D, attr=InstAttr.NONE),
    _op(_O.SUBROUTINE, "func", _FLOW, 1, 0, (_o(_K.LABEL, _T.UW, name="label"),)),
    _op(_O.LABEL, "label", _FLOW, 1, 0, (_o(_K.LABEL, _T.UW, name="label"),)),
    _op(_O.JMP, "jmp", _FLOW, 1, 0, (
        _exec(_X.EXEC_SIZE_1), _pred(), _o(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="label"))),
    _op(_O.CALL, "call", _FLOW, 1, 0, (
        _exec(_X.EXEC_SIZE_1), _pred(), _o(_K.LABEL, _T.UW, _X.LABEL_FUNC, name="label"))),
    _op(_O.RET, "ret", _FLOW, 0, 0, (_exec(_X.EXEC_SIZE_1), _pred())),
    _op(_O.OWORD_LD, "oword_ld", _DP, 2, 1, (
        _o(_K.OWORD_SIZE, _T.UB, name="size"),
        _o(_K.IS_MODIFIED, _T.UB, name="modifier"),
        _surface(),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        _raw(None, "dst", _X.GE_READSIZE),
    )),
    _op(_O.OWORD_ST, "oword_st", _DP, 3, 0, (
        _o(_K.OWORD_SIZE, _T.UB, name="size"),
        _surface(),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        _raw(None, "src", _X.GE_WRITESIZE),
    )),
    _op(_O.MEDIA_LD, "media_ld", _DP, 5, 1, (
        _o(_K.MEDIA_LD_MODIFIER, _T.UB, name="modifier"), _surface(), *_MEDIA_TAIL)),
    _op(_O.MEDIA_ST, "media_st", _DP, 6, 0, (
        _o(_K.MEDIA_ST_MODIFIER, _T.UB, name="modifier"), _surface(), *_MEDIA_TAIL)),
    _op(_O.GATHER, "gather", _DP, 4, 1, (
        _o(_K.ELEM_SIZE, _T.UB, name="elem_size"),
        _o(_K.IS_MODIFIED, _T.UB, name="modifier"),
        _o(_K.ELEM_NUM, _T.UB, _X.ELEM_NUM_8_16, name="num_elts"),
        _surface(),
        _GLOBAL_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    _op(_O.SCATTER, "scatter", _DP, 5, 0, (
        _o(_K.ELEM_SIZE, _T.UB, name="elem_size"),
        _o(_K.ELEM_NUM, _T.UB, _X.ELEM_NUM_8_16, name="num_elts"),
        _surface(),
        _GLOBAL_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    _reserved(0x3B, "reserved3b", "reserved_3B", desc_opnd_num=8,
              note="Intel's row claims 8 operands but describes none"),
    _op(_O.OWORD_LD_UNALIGNED, "oword_ld_unaligned", _DP, 2, 1, (
        _o(_K.OWORD_SIZE, _T.UB, name="size"),
        _o(_K.IS_MODIFIED, _T.UB, name="modifier"),
        _surface(),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="offset"),
        _raw(_T.UD, "dst", _X.GRF_ALIGNED, _X.GE_READSIZE),
    )),
    _reserved(0x3D, "reserved3d", "reserved_3D"),
    _reserved(0x3E, "reserved3e", "reserved_3E"),
    _reserved(0x3F, "reserved3f", "reserved_3F"),
    _op(_O.SAMPLE, "sample", _SA, 5, 1, (
        _o(_K.CHANNEL_SIMD_MODE, _T.UB, name="mode"),
        _sampler(),
        _surface(),
        _raw(_T.F, "u", _X.GRF_ALIGNED),
        _raw(_T.F, "v", _X.GRF_ALIGNED),
        _raw(_T.F, "r", _X.GRF_ALIGNED),
        _raw(_T.F, "dst", _X.GRF_ALIGNED),
    ), note="mode byte: channel mask in bits 0..3, SIMD16 when bits 4..5 are non-zero"),
    _op(_O.SAMPLE_UNORM, "sample_unorm", _SA, 6, 1, (
        _o(_K.CHAN_PATT, _T.UB, name="channel"),
        _sampler(),
        _surface(),
        _o(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="u_offset"),
        _o(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="v_offset"),
        _o(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="delta_u"),
        _raw(_T.UW, "dst", _X.GRF_ALIGNED),
    ), desc_opnd_num=8, note=(
        "Intel's row lists 7 of its 8 operands: the binary has a 4th vector operand "
        "(delta_v) before dst; channel byte: mask in bits 0..3, output format in bits 4..5")),
    _op(_O.LOAD, "load", _SA, 4, 1, (
        _o(_K.CHANNEL_SIMD_MODE, _T.UB, name="mode"),
        _surface(),
        _raw(_T.F, "u", _X.GRF_ALIGNED),
        _raw(_T.F, "v", _X.GRF_ALIGNED),
        _raw(_T.F, "r", _X.GRF_ALIGNED),
        _raw(_T.F, "dst", _X.GRF_ALIGNED),
    )),
    _op(_O.AVS, "avs", _SA, 13, 1, (
        _o(_K.CHANNEL_SIMD_MODE, _T.UB, name="channel"),
        _sampler(),
        _surface(),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="u_offset"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="v_offset"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="delta_u"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="delta_v"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="u2d"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="group_id"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="vertical_block_number"),
        _other(_T.UB, "cntrl"),
        _o(SRC_G_I_IMM, _T.F, _X.SCALAR_REGION, name="v2d"),
        _other(_T.UB, "exec_mode"),
        _o(SRC_G_I_IMM, {_T.UW, _T.UD}, _X.SCALAR_REGION, name="ief_bypass"),
        _raw(_T.F, "dst", _X.GRF_ALIGNED),
    ), attr=_SAME),
    _op(_O.VA, "va", _SA, 0, 0, (_o(_K.SUBOPCODE, _T.UB, name="subop"),), attr=_SAME,
        subops=VA_SUBOPS),
    _op(_O.FMINMAX, "fminmax", _MOV, 2, 1, (
        _exec(),
        _o(_K.OP_EXT, _T.UB, name="op"),
        _o(DST_G_I, name="dst"),
        *_srcs(2, SRC_G_I_IMM, None),
    ), note="op: 0 = min, 1 = max (text mnemonics min / max)"),
    _op(_O.BFE, "bfe", _LG, 3, 1, (
        _exec(), _pred(),
        _o(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *_srcs(3, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    _op(_O.BFI, "bfi", _LG, 4, 1, (
        _exec(), _pred(),
        _o(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *_srcs(4, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    _op(_O.BFREV, "bfrev", _LG, 1, 1, (
        _exec(), _pred(),
        _o(DST_G_I, _UD_D, _X.GRF_ALIGNED, name="dst"),
        *_srcs(1, SRC_G_I_IMM, _UD_D, _X.GRF_ALIGNED),
    )),
    _op(_O.ADDC, "addc", _AR, 2, 2, (
        _exec(), _pred(),
        _o(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="dst"),
        _o(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="carry"),
        *_srcs(2, SRC_G_I_IMM, _T.UD, _X.GRF_ALIGNED),
    )),
    _op(_O.SUBB, "subb", _AR, 2, 2, (
        _exec(), _pred(),
        _o(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="dst"),
        _o(DST_G_I, _T.UD, _X.GRF_ALIGNED, name="borrow"),
        *_srcs(2, SRC_G_I_IMM, _T.UD, _X.GRF_ALIGNED),
    )),
    _op(_O.GATHER4_TYPED, "gather4_typed", _DP, 7, 1, (
        _exec(), _pred(), _other(_T.UB, "channel_mask"), _surface(),
        *_TYPED_UVRL, _raw(_UD_D_F, "dst"),
    )),
    _op(_O.SCATTER4_TYPED, "scatter4_typed", _DP, 8, 0, (
        _exec(), _pred(), _other(_T.UB, "channel_mask"), _surface(),
        *_TYPED_UVRL, _raw(_UD_D_F, "src"),
    )),
    _op(_O.VA_SKL_PLUS, "va_skl_plus", _SA, 0, 0, (_o(_K.SUBOPCODE, _T.UB, name="subop"),),
        subops=VA_SKL_PLUS_SUBOPS),
    _op(_O.SVM, "svm", _SV, 0, 0, (_o(_K.SUBOPCODE, _T.UB, name="subop"),), subops=SVM_SUBOPS),
    _op(_O.IFCALL, "ifcall", _FLOW, 3, 0, (
        _exec(), _pred(),
        _imm(_T.UD, "function_addr"),
        _imm(_T.UB, "arg_size"),
        _imm(_T.UB, "return_size"),
    ), note="binary: function_addr is a vector operand"),
    _op(_O.FADDR, "faddr", _FLOW, 1, 1, (
        _imm(_T.UW, "symbol"),
        _o(DST_G_I, _T.UD, name="dst"),
    ), note="symbol: string-pool index of the function name"),
    _op(_O.FILE, "file", _MISC, 1, 0, (
        _o(_K.STRING, _T.UD, _X.LENGTH_LESS_256, name="filename"),),
        note="filename: string-pool index (32 bits since vISA 3.4)"),
    _op(_O.LOC, "loc", _MISC, 1, 0, (_imm(_T.UD, "line"),)),
    _reserved(0x53, "reserved53", "reserved_53"),
    _op(_O.VME_IME, "vme_ime", _MISC, 5, 1, (
        _raw(_T.UB, "uni_input", _X.ELEM_NUM_96),
        _raw(_T.UB, "ime_input", _X.SIZE_STREAM_MODE_DEPENDENT_1),
        _o(_K.STREAM_MODE, _T.UB, name="stream_mode"),
        _o(_K.SEARCH_CTRL, _T.UB, name="search_ctrl"),
        _surface(),
        _raw(_T.UW, "ref0", _X.ELEM_NUM_GE_2),
        _raw(_T.UW, "ref1", _X.ELEM_NUM_GE_2),
        _raw(_T.UB, "cost_center", _X.ELEM_NUM_4),
        _raw(_T.UB, "dst", _X.SIZE_STREAM_MODE_DEPENDENT_2),
    ), note=("binary order: stream_mode, search_ctrl, uni_input, ime_input, surface, "
             "ref0, ref1, cost_center, dst")),
    _op(_O.VME_SIC, "vme_sic", _MISC, 2, 1, (
        _raw(_T.UB, "uni_input", _X.ELEM_NUM_96),
        _raw(_T.UB, "sic_input", _X.ELEM_NUM_128),
        _surface(),
        _raw(_T.UB, "dst", _X.ELEM_NUM_224),
    )),
    _op(_O.VME_FBR, "vme_fbr", _MISC, 2, 1, (
        _raw(_T.UB, "uni_input", _X.ELEM_NUM_96),
        _raw(_T.UB, "fbr_input", _X.ELEM_NUM_128),
        _surface(),
        _o(_K.MATRIX_MODE, _T.UB, name="mb_mode"),
        _o(_K.SUBMATRIX_SHAPE, _T.UB, name="sub_mb_shape"),
        _o(_K.SUBPRE_SHAPE, _T.UB, name="sub_pred_mode"),
        _raw(_T.UB, "dst", _X.ELEM_NUM_224),
    ), note="binary: mb_mode, sub_mb_shape and sub_pred_mode are vector operands"),
    _op(_O.VME_IDM, "vme_idm", _MISC, 2, 1, (
        _raw(_T.UB, "uni_input", _X.ELEM_NUM_128),
        _raw(_T.UB, "idm_input", _X.ELEM_NUM_GE_32),
        _surface(),
        _raw(_T.UB, "dst", _X.ELEM_NUM_GE_32),
    ), platform=TargetPlatform.SKL),
    _reserved(0x58, "reserved58", "reserved_58"),
    _op(_O.BARRIER, "barrier", _SYNC, 0, 0),
    _op(_O.SAMPLER_CACHE_FLUSH, "sampler_cache_flush", _SYNC, 0, 0,
        desc_name="samplr_cache_flush"),
    _op(_O.WAIT, "wait", _SYNC, 0, 0, (_o(SRC_G_I_IMM, _T.UB, name="mask"),), desc_category=_RES),
    _op(_O.FENCE, "fence", _SYNC, 0, 0, (_imm(_T.UB, "mode"),), desc_category=_RES,
        note="mode: FenceFlag bits (text: fence_global / fence_local / fence_sw + .EISCRL1)"),
    _op(_O.RAW_SEND, "raw_send", _MISC, 0, 0, (
        _imm(_T.UB, "modifier"),
        _exec(), _pred(),
        _imm(_T.UD, "ex_msg_desc"),
        _imm(_T.UB, "num_srcs"),
        _imm(_T.UB, "num_dsts"),
        _o(SRC_G_I_IMM, _T.UD, name="desc"),
        _raw(_T.UB, "src", _X.GRF_ALIGNED),
        _raw(_T.UB, "dst", _X.GRF_ALIGNED),
    ), note="modifier bit 0: sendc (text raw_sendc)"),
    _reserved(0x5E, "reserved5E", "reserved_5e"),
    _op(_O.YIELD, "yield", _SYNC, 0, 0),
    _op(_O.NBARRIER, "nbarrier", _SYNC, 0, 1, (
        _imm(_T.UB, "mode"),
        _o(SRC_G_I_IMM, _T.UB, name="barrier_id"),
        _o(SRC_G_I_IMM, _T.UB, name="num_threads"),
    ), platform=TargetPlatform.PVC, note="mode bit 0: 1 = signal, 0 = wait"),
    _reserved(0x61, "reserved61", "reserved_61"),
    _reserved(0x62, "reserved62", "reserved_62"),
    _reserved(0x63, "reserved63", "reserved_63"),
    _reserved(0x64, "reserved64", "reserved_64"),
    _reserved(0x65, "reserved65", "reserved_65"),
    _reserved(0x66, "reserved66", "reserved_66"),
    _op(_O.FCALL, "fcall", _FLOW, 3, 0, (
        _exec(), _pred(),
        _imm(_T.UW, "function_id"),
        _imm(_T.UB, "arg_size"),
        _imm(_T.UB, "return_size"),
    ), note="function_id: string-pool index of the callee's name"),
    _op(_O.FRET, "fret", _FLOW, 0, 0, (_exec(), _pred())),
    _op(_O.SWITCHJMP, "switchjmp", _FLOW, 0, 0, (
        _exec(),
        _imm(_T.UB, "num_labels"),
        _o(SRC_G_I_IMM_AO, _T.F, _X.SCALAR_REGION, name="index"),
        _o(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="labels"),
    ), note="the label slot repeats num_labels times (1..32)"),
    _alu(_O.SAD2ADD, "sad2add", _AR, 3, _W_UW, _B_UB, dst_cons=(_X.SAT, _X.HORIZON_STRIDE_2),
         attr=InstAttr.NONE),
    _alu(_O.PLANE, "plane", _AR, 2, _T.F, src_cls=SRC_G_I_IMM, attr=InstAttr.NONE),
    _op(_O.GOTO, "goto", _SIMD, 1, 0, (
        _exec(_X.EXEC_SIZE_1), _pred(), _o(_K.LABEL, _T.UW, _X.LABEL_BLOCK, name="label"))),
    _op(_O.SAMPLE_3D, "sample_3d", _SA, 5, 1, (
        _other(_T.UW, "op"),
        _exec(_X.EXEC_SIZE_1), _pred(),
        _other(_T.UB, "channel_mask"),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        _sampler(), _surface(),
        _raw(_T.F, "dst", _X.GRF_ALIGNED),
        _other(_T.UB, "num_params"),
    ), desc_name="3d_sample", note=_SAMPLE_3D_NOTE),
    _op(_O.LOAD_3D, "load_3d", _SA, 5, 1, (
        _other(_T.UW, "op"),
        _exec(_X.EXEC_SIZE_1), _pred(),
        _other(_T.UB, "channel_mask"),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        _surface(),
        _raw({_T.F, _T.UD, _T.D}, "dst"),
        _other(_T.UB, "num_params"),
    ), desc_name="3d_load", note=_SAMPLE_3D_NOTE),
    _op(_O.GATHER4_3D, "gather4_3d", _SA, 5, 1, (
        _other(_T.UW, "op"),
        _exec(_X.EXEC_SIZE_1), _pred(),
        _other(_T.UB, "channel"),
        _o(SRC_G_I_IMM_AO, _T.UD, _X.SCALAR_REGION, name="aoffimmi"),
        _sampler(), _surface(),
        _raw({_T.F, _T.UD, _T.D}, "dst"),
        _other(_T.UB, "num_params"),
    ), desc_name="3d_gather4", note=_SAMPLE_3D_NOTE + "; channel is a single channel 0..3 (R, G, B, A)"),
    _op(_O.INFO_3D, "info_3d", _SA, 2, 1, (
        _other(_T.UW, "op"),
        _exec(),
        _other(_T.UB, "channel_mask"),
        _surface(),
        _raw(_T.UD, "lod"),
        _raw(_T.UD, "dst"),
    ), desc_name="3d_info", desc_opnd_num=5, note=(
        "binary: op is one byte (resinfo / sampleinfo); lod is present only for resinfo")),
    _op(_O.RT_WRITE_3D, "rt_write_3d", _DP, 3, 0, (
        _exec(_X.EXEC_SIZE_1), _pred(),
        _other(_T.UW, "mode"),
        _surface(),
    ), desc_name="3d_rt_write", desc_category=_SA, note=(
        "binary: the row is followed by a raw header operand and, by mode bits, sample index, "
        "CPS counter, RT index (vectors), s0a, oM (raw), R G B A (raw), Z, stencil (raw)")),
    _op(_O.URB_WRITE_3D, "urb_write_3d", _MISC, 6, 0, (
        _exec(_X.EXEC_SIZE_1), _pred(),
        _other(_T.UB, "num_out"),
        _raw(_T.UD, "channel_mask"),
        _other(_T.UW, "global_offset"),
        _raw(_T.UD, "urb_handle"),
        _raw(_T.UD, "per_slot_offset"),
        _raw(_UD_D_F, "vertex_data"),
    ), desc_name="3d_urb_write", desc_category=_SA),
    _op(_O.TYPED_ATOMIC, "typed_atomic", _DP, 9, 1, (
        _other(_T.UB, "op"),
        _exec(_X.EXEC_SIZE_1), _pred(),
        _surface(),
        *_TYPED_UVRL,
        _raw(_T.UD, "src0"), _raw(_T.UD, "src1"),
        _raw(_UD_D, "dst"),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT flag above"),
    _op(_O.GATHER4_SCALED, "gather4_scaled", _DP, 4, 1, (
        _exec(), _pred(),
        _other(_T.UB, "channel_mask"), _other(_T.UW, "scale"),
        _surface(), _SCALED_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    _op(_O.SCATTER4_SCALED, "scatter4_scaled", _DP, 5, 0, (
        _exec(), _pred(),
        _other(_T.UB, "channel_mask"), _other(_T.UW, "scale"),
        _surface(), _SCALED_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    _reserved(0x76, "reserved76", "reserved_76"),
    _reserved(0x77, "reserved77", "reserved_77"),
    _op(_O.GATHER_SCALED, "gather_scaled", _DP, 4, 1, (
        _exec(), _pred(),
        _other(_T.UB, "block_size"), _other(_T.UB, "num_blocks"), _other(_T.UW, "scale"),
        _surface(), _SCALED_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    _op(_O.SCATTER_SCALED, "scatter_scaled", _DP, 5, 0, (
        _exec(), _pred(),
        _other(_T.UB, "block_size"), _other(_T.UB, "num_blocks"), _other(_T.UW, "scale"),
        _surface(), _SCALED_OFFSET,
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
    _op(_O.RAW_SENDS, "raw_sends", _MISC, 0, 0, (
        _imm(_T.UB, "modifier"),
        _exec(), _pred(),
        _imm(_T.UB, "num_src0"),
        _imm(_T.UB, "num_src1"),
        _imm(_T.UB, "num_dsts"),
        _imm(_T.UB, "ffid"),
        _imm(_T.UD, "ex_msg_desc"),
        _o(SRC_G_I_IMM, _T.UD, name="desc"),
        _raw(_T.UB, "src0", _X.GRF_ALIGNED),
        _raw(_T.UB, "src1", _X.GRF_ALIGNED),
        _raw(_T.UB, "dst", _X.GRF_ALIGNED),
    ), note="binary: ex_msg_desc is a vector operand; modifier bit 0 sendc, bit 1 eot"),
    _op(_O.LIFETIME, "lifetime", _MISC, 2, 0, (
        _imm(_T.UB, "properties"),
        _imm(_T.UD, "var_id"),
    ), note="properties: bit 0 = 1 end / 0 start, bits 4..6 operand class of var_id"),
    _op(_O.SBARRIER, "sbarrier", _SYNC, 1, 0, (_imm(_T.UB, "mode"),),
        note="mode: 1 = signal, 0 = wait"),
    _op(_O.DWORD_ATOMIC, "dword_atomic", _DP, 5, 1, (
        _o(_K.ATOMIC_SUBOP, _T.UB, name="op"),
        _exec(), _pred(),
        _surface(),
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src0", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "src1", _X.GRF_ALIGNED),
        _raw(_UD_D_F, "dst", _X.GRF_ALIGNED),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT flag above"),
    _alu(_O.SQRTM, "sqrtm", _AR, 1, _T.DF, dst_cons=(_X.SAT,)),
    _alu(_O.DIVM, "divm", _AR, 2, TYPES_FLOAT, dst_cons=(_X.SAT_FLOAT_ONLY,)),
    _alu(_O.ROL, "rol", _LG, 2, _W_D, platform=TargetPlatform.ICLLP),
    _alu(_O.ROR, "ror", _LG, 2, _W_D, platform=TargetPlatform.ICLLP),
    _op(_O.DP4A, "dp4a", _AR, 3, 1, (
        _exec(), _pred(),
        _o(DST_G_I, _UD_D, name="dst"),
        *_srcs(2, SRC_G_I, _UD_D),
        _o(SRC_G_I_IMM, _UD_D, name="src2"),
    ), platform=TargetPlatform.TGLLP, attr=_SAME),
    _op(_O.DPAS, "dpas", _MISC, 3, 1, _DPAS_OPERANDS, platform=TargetPlatform.XE_HP_SDV,
        attr=_SAME, note=_DPAS_NOTE),
    _alu(_O.ADD3, "add3", _AR, 3, _ADD3_TYPES, src_cls=SRC_G_I_IMM),
    _op(_O.BFN, "bfn", _LG, 3, 1, (
        _exec(), _pred(),
        _o(DST_G_I, _W_D, name="dst"),
        *_srcs(3, SRC_G_I_IMM, _W_D),
        _other(_T.UB, "function_ctrl"),
    ), attr=_SAME, note="function_ctrl: the 8-bit boolean function (text bfn.x<hex>)"),
    _op(_O.QW_GATHER, "qw_gather", _DP, 3, 1, (
        _exec(), _pred(),
        _other(_T.UB, "num_blocks"), _surface(),
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw({_T.DF, _T.UQ}, "dst", _X.GRF_ALIGNED),
    ), platform=TargetPlatform.XE_HP_SDV),
    _op(_O.QW_SCATTER, "qw_scatter", _DP, 4, 0, (
        _exec(), _pred(),
        _other(_T.UB, "num_blocks"), _surface(),
        _raw(_T.UD, "offsets", _X.GRF_ALIGNED),
        _raw({_T.DF, _T.UQ}, "src", _X.GRF_ALIGNED),
    ), platform=TargetPlatform.XE_HP_SDV),
    _op(_O.RESERVED_88, "reserved88", _MOV, 1, 1, desc_name="reserved_88", desc_category=_RES),
    _op(_O.LSC_UNTYPED, "lsc_untyped", _LSC, 0, 0, (_o(_K.SUBOPCODE, _T.UB, name="subop"),),
        platform=TargetPlatform.DG2, attr=_SPEC, subops=LSC_UNTYPED_SUBOPS),
    _op(_O.LSC_TYPED, "lsc_typed", _LSC, 0, 0, (_o(_K.SUBOPCODE, _T.UB, name="subop"),),
        platform=TargetPlatform.DG2, attr=_SPEC, subops=LSC_TYPED_SUBOPS),
    _op(_O.LSC_FENCE, "lsc_fence", _LSC, 0, 0, (
        _exec(), _pred(),
        _other(_T.UB, "sfid"),
        _other(_T.UB, "fence_op"),
        _other(_T.UB, "scope"),
    ), platform=TargetPlatform.DG2),
    _reserved(0x8C, "reserved8c", "reserved_8c"),
    _reserved(0x8D, "reserved8d", "reserved_8d"),
    _reserved(0x8E, "reserved8e", "reserved_8e"),
    _reserved(0x8F, "reserved8f", "reserved_8f"),
    _reserved(0x90, "reserved90", "reserved_90"),
    _alu(_O.MADW, "madw", _AR, 3, _UD_D),
    _alu(_O.ADD3O, "add3.o", _AR, 3, _ADD3_TYPES, src_cls=SRC_G_I_IMM),
    _reserved(0x93, "reserved93", "reserved_93", since=REFERENCE_TAG),
    _op(_O.BREAKPOINT, "breakpoint", _MISC, 0, 0, since=REFERENCE_TAG),
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


class Sampler3DOp(enum.IntEnum):
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


@frozen
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

# ---------------------------------------------------------------------------
# Enumerations of operand values
# ---------------------------------------------------------------------------


class AtomicOp(enum.IntEnum):
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


class ChannelMask(enum.IntEnum):
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


class SingleChannel(enum.IntEnum):
    """gather4_3d channel."""

    R = 0
    G = 1
    B = 2
    A = 3


class ChannelOutputFormat(enum.IntEnum):
    """sample_unorm output format (bits 4..5 of its channel byte)."""

    FULL_16 = 0
    DOWNSAMPLED_16 = 1
    FULL_8 = 2
    DOWNSAMPLED_8 = 3


CHANNEL_OUTPUT_NAMES: Mapping[ChannelOutputFormat, str] = MappingProxyType(
    {ChannelOutputFormat.FULL_16: "16-full", ChannelOutputFormat.DOWNSAMPLED_16: "16-downsampled",
     ChannelOutputFormat.FULL_8: "8-full", ChannelOutputFormat.DOWNSAMPLED_8: "8-downsampled"}
)


class MediaLdModifier(enum.IntEnum):
    NOMOD = 0x0
    MODIFIED = 0x1
    TOP = 0x2
    BOTTOM = 0x3
    TOP_MOD = 0x4
    BOTTOM_MOD = 0x5


MEDIA_LD_MODIFIER_NAMES: Mapping[MediaLdModifier, str] = MappingProxyType(
    {m: m.name.lower() for m in MediaLdModifier}
)


class MediaStModifier(enum.IntEnum):
    NOMOD = 0x0
    RESERVED = 0x1
    TOP = 0x2
    BOTTOM = 0x3


MEDIA_ST_MODIFIER_NAMES: Mapping[MediaStModifier, str] = MappingProxyType(
    {m: m.name.lower() for m in MediaStModifier}
)


class OwordNum(enum.IntEnum):
    """oword_ld/oword_st/svm_block size code."""

    OWORD_1 = 0x0
    OWORD_2 = 0x1
    OWORD_4 = 0x2
    OWORD_8 = 0x3
    OWORD_16 = 0x4


OWORD_COUNT: Mapping[OwordNum, int] = MappingProxyType({o: 1 << int(o) for o in OwordNum})


class GatherElemSize(enum.IntEnum):
    """gather / scatter element size."""

    BYTE = 0x0
    WORD = 0x1
    DWORD = 0x2


class SvmBlockType(enum.IntEnum):
    BYTE = 0x0
    DWORD = 0x1
    QWORD = 0x2


SVM_BLOCK_SIZE: Mapping[SvmBlockType, int] = MappingProxyType(
    {SvmBlockType.BYTE: 1, SvmBlockType.DWORD: 4, SvmBlockType.QWORD: 8}
)


class SvmBlockNum(enum.IntEnum):
    NUM_1 = 0x0
    NUM_2 = 0x1
    NUM_4 = 0x2
    NUM_8 = 0x3


SVM_BLOCK_COUNT: Mapping[SvmBlockNum, int] = MappingProxyType({n: 1 << int(n) for n in SvmBlockNum})


class FenceFlag(enum.IntFlag):
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


class VmeOpMode(enum.IntEnum):
    INTER = 0x0
    INTRA = 0x1
    ALL = 0x2


VME_OP_MODE_NAMES: Mapping[VmeOpMode, str] = MappingProxyType(
    {VmeOpMode.INTER: "inter", VmeOpMode.INTRA: "intra", VmeOpMode.ALL: "both"}
)


class VmeStreamMode(enum.IntEnum):
    DISABLE = 0
    OUT = 1
    IN = 2
    IN_OUT = 3


class VmeSearchCtrl(enum.IntEnum):
    SINGLE_REF_SINGLE_REC_SINGLE_START = 0
    SINGLE_REF_SINGLE_REC_DUAL_START = 1
    SINGLE_REF_DUAL_REC = 3
    DUAL_REF_DUAL_REC = 7


class AvsOutputFormat(enum.IntEnum):
    AVS_16_FULL = 0
    AVS_16_DOWN_SAMPLE = 1
    AVS_8_FULL = 2
    AVS_8_DOWN_SAMPLE = 3


class AvsExecMode(enum.IntEnum):
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


class GenPrecision(enum.IntEnum):
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


@frozen
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


class LifetimeKind(enum.IntEnum):
    START = 0
    END = 1


# ---------------------------------------------------------------------------
# LSC enumerations
# ---------------------------------------------------------------------------


class LscSfid(enum.IntEnum):
    UGM = 0
    UGML = 1
    TGM = 2
    SLM = 3


LSC_SFID_NAMES: Mapping[LscSfid, str] = MappingProxyType({s: s.name.lower() for s in LscSfid})


class LscCacheOpt(enum.IntEnum):
    DEFAULT = 0  # .df
    UNCACHED = 1  # .uc
    CACHED = 2  # .ca
    WRITEBACK = 3  # .wb
    WRITETHROUGH = 4  # .wt
    STREAMING = 5  # .st
    READ_INVALIDATE = 6  # .ri


LSC_CACHE_OPT_NAMES: Mapping[LscCacheOpt, str] = MappingProxyType(
    {LscCacheOpt.DEFAULT: "df", LscCacheOpt.UNCACHED: "uc", LscCacheOpt.CACHED: "ca",
     LscCacheOpt.WRITEBACK: "wb", LscCacheOpt.WRITETHROUGH: "wt", LscCacheOpt.STREAMING: "st",
     LscCacheOpt.READ_INVALIDATE: "ri"}
)
# Quirk of the 12504 lexer: ".cc" is accepted and falls through to .ri.
LSC_CACHE_OPT_BY_NAME: Mapping[str, LscCacheOpt] = MappingProxyType(
    {**{v: k for k, v in LSC_CACHE_OPT_NAMES.items()}, "cc": LscCacheOpt.READ_INVALIDATE}
)


class LscDataSize(enum.IntEnum):
    INVALID = 0
    D8 = 1
    D16 = 2
    D32 = 3
    D64 = 4
    D8C32 = 5  # load 8 bits, zero-extend to 32 (store truncates)
    D16C32 = 6
    D16C32H = 7  # 16 bits into the high half of 32


# Printed with a "d" prefix (":d32"); the lexer also accepts "u" ("u32").
LSC_DATA_SIZE_NAMES: Mapping[LscDataSize, str] = MappingProxyType(
    {s: s.name.lower() for s in LscDataSize if s is not LscDataSize.INVALID}
)


class LscDataElems(enum.IntEnum):
    INVALID = 0
    X1 = 1
    X2 = 2
    X3 = 3
    X4 = 4
    X8 = 5
    X16 = 6
    X32 = 7
    X64 = 8


# Vector-size suffix after the data size (x1 prints as nothing).
LSC_DATA_ELEMS_SUFFIX: Mapping[LscDataElems, str] = MappingProxyType(
    {e: ("" if e is LscDataElems.X1 else e.name.lower())
     for e in LscDataElems if e is not LscDataElems.INVALID}
)
LSC_DATA_ELEMS_COUNT: Mapping[LscDataElems, int] = MappingProxyType(
    {e: int(e.name[1:]) for e in LscDataElems if e is not LscDataElems.INVALID}
)


class LscDataOrder(enum.IntEnum):
    INVALID = 0
    NONTRANSPOSE = 1
    TRANSPOSE = 2  # "t" suffix


class LscChannelMask(enum.IntFlag):
    """Channel enables of lsc_load_quad / lsc_store_quad (".xyzw")."""

    X = 1
    Y = 2
    Z = 4
    W = 8


class LscAddrType(enum.IntEnum):
    INVALID = 0
    FLAT = 1
    BSS = 2
    SS = 3
    BTI = 4
    ARG = 5  # pseudo address type for kernel arguments


LSC_ADDR_TYPE_NAMES: Mapping[LscAddrType, str] = MappingProxyType(
    {t: t.name.lower() for t in LscAddrType if t is not LscAddrType.INVALID}
)


class LscAddrSize(enum.IntEnum):
    INVALID = 0
    A16 = 1
    A32 = 2
    A64 = 3


LSC_ADDR_SIZE_NAMES: Mapping[LscAddrSize, str] = MappingProxyType(
    {s: s.name.lower() for s in LscAddrSize if s is not LscAddrSize.INVALID}
)


class LscFenceOp(enum.IntEnum):
    NONE = 0
    EVICT = 1
    INVALIDATE = 2
    DISCARD = 3
    CLEAN = 4
    FLUSHL3 = 5
    TYPE6 = 6


LSC_FENCE_OP_NAMES: Mapping[LscFenceOp, str] = MappingProxyType({f: f.name.lower() for f in LscFenceOp})


class LscScope(enum.IntEnum):
    GROUP = 0
    LOCAL = 1
    TILE = 2
    GPU = 3
    GPUS = 4
    SYSREL = 5
    SYSACQ = 6


LSC_SCOPE_NAMES: Mapping[LscScope, str] = MappingProxyType({s: s.name.lower() for s in LscScope})

# ---------------------------------------------------------------------------
# Vector operand encoding enums (shared by binary and text)
# ---------------------------------------------------------------------------


class OperandTag(enum.IntEnum):
    """Operand class in the low 3 bits of a vector operand's tag byte."""

    GENERAL = 0x0
    ADDRESS = 0x1
    PREDICATE = 0x2
    INDIRECT = 0x3
    ADDRESS_OF = 0x4
    IMMEDIATE = 0x5
    STATE = 0x6


OPERAND_TAG_MASK = 0x7
OPERAND_MODIFIER_SHIFT = 3


class StateOperandClass(enum.IntEnum):
    SURFACE = 0
    SAMPLER = 1


class RegionCode(enum.IntEnum):
    """4-bit region field code (vertical stride, width, horizontal stride)."""

    NULL = 0x0  # value -1 ("not given")
    R0 = 0x1
    R1 = 0x2
    R2 = 0x3
    R4 = 0x4
    R8 = 0x5
    R16 = 0x6
    R32 = 0x7


REGION_VALUE: Mapping[RegionCode, int] = MappingProxyType(
    {RegionCode.NULL: -1, RegionCode.R0: 0, RegionCode.R1: 1, RegionCode.R2: 2,
     RegionCode.R4: 4, RegionCode.R8: 8, RegionCode.R16: 16, RegionCode.R32: 32}
)
REGION_CODE_BY_VALUE: Mapping[int, RegionCode] = MappingProxyType({v: k for k, v in REGION_VALUE.items()})


class LabelKind(enum.IntEnum):
    BLOCK = 0x0
    SUBROUTINE = 0x1
    FC = 0x2  # target of fccall
    FUNCTION = 0x3
    DIVERGENT_RESOURCE_LOOP = 0x4  # igc-1.0.14828.26 only


class VarClass(enum.IntEnum):
    """Variable classes (declarations "v_type=G/A/P/S/T" and labels)."""

    GENERAL = 0
    ADDRESS = 1
    PREDICATE = 2
    SAMPLER = 3
    SURFACE = 4
    LABEL = 5


V_TYPE_LETTERS: Mapping[str, VarClass] = MappingProxyType(
    {"G": VarClass.GENERAL, "A": VarClass.ADDRESS, "P": VarClass.PREDICATE,
     "S": VarClass.SAMPLER, "T": VarClass.SURFACE}
)


class InputClass(enum.IntEnum):
    """Bits 0..2 of an input's kind byte."""

    GENERAL = 0x0
    SAMPLER = 0x1
    SURFACE = 0x2


class ImplicitInputKind(enum.IntEnum):
    """Bits 3..7 of an input's kind byte."""

    EXPLICIT = 0x00
    LOCAL_SIZE = 0x01
    GROUP_COUNT = 0x02
    LOCAL_ID = 0x03
    PSEUDO_INPUT = 0x10


IMPLICIT_INPUT_NAMES: Mapping[ImplicitInputKind, str] = MappingProxyType(
    {k: k.name for k in ImplicitInputKind}  # printed ".implicit_<NAME>"
)
# Intel records a ``.implicit_<NAME>`` whose name it does not know as kind 5
# (one past its list of names) and prints kinds without a name as
# ``.implicit_UNDEFINED_<n>``, which reads back as kind n.
UNKNOWN_IMPLICIT_INPUT_KIND = 5


def implicit_input_kind(directive: str) -> int:
    """The implicit-kind bits (3-7) of an input directive without its dot:
    ``input`` and ``parameter`` are 0, ``implicit_<NAME>`` Intel's kind."""
    if not directive.startswith("implicit"):
        return 0
    name = directive[len("implicit_"):]
    num = name.removeprefix("UNDEFINED_")
    if num != name and num.isdigit():
        return int(num) & 0x1F
    names = {v: k for k, v in IMPLICIT_INPUT_NAMES.items()}
    return int(names.get(name, UNKNOWN_IMPLICIT_INPUT_KIND))


def implicit_input_directive(kind: int) -> str:
    """The directive (without its dot) Intel prints for implicit-kind bits."""
    if kind == 0:
        return "input"
    if kind in ImplicitInputKind.__members__.values():
        return "implicit_" + IMPLICIT_INPUT_NAMES[ImplicitInputKind(kind)]
    return f"implicit_UNDEFINED_{kind}"


class KernelTarget(enum.IntEnum):
    """Value of the ``Target`` kernel attribute (printed "cm" / "3d")."""

    CM = 0
    D3 = 1


KERNEL_TARGET_NAMES: Mapping[KernelTarget, str] = MappingProxyType(
    {KernelTarget.CM: "cm", KernelTarget.D3: "3d"}
)

# ---------------------------------------------------------------------------
# Predefined variables and surfaces
# ---------------------------------------------------------------------------


@frozen
class PredefinedVar:
    index: int  # V<index> in the binary's variable numbering
    name: str
    type: VisaType
    num_elements: int
    since: tuple = (4, 1)  # the vISA version that has it


PREDEFINED_VARS: tuple = (
    PredefinedVar(0, "%null", _T.UD, 1),
    PredefinedVar(1, "%thread_x", _T.UW, 1),
    PredefinedVar(2, "%thread_y", _T.UW, 1),
    PredefinedVar(3, "%group_id_x", _T.UD, 1),
    PredefinedVar(4, "%group_id_y", _T.UD, 1),
    PredefinedVar(5, "%group_id_z", _T.UD, 1),
    PredefinedVar(6, "%tsc", _T.UD, 5),
    PredefinedVar(7, "%r0", _T.UD, 8),
    PredefinedVar(8, "%arg", _T.UD, 256),
    PredefinedVar(9, "%retval", _T.UD, 96),
    PredefinedVar(10, "%sp", _T.UQ, 1),
    PredefinedVar(11, "%fp", _T.UQ, 1),
    PredefinedVar(12, "%hw_id", _T.UD, 1),
    PredefinedVar(13, "%sr0", _T.UD, 4),
    PredefinedVar(14, "%cr0", _T.UD, 1),
    PredefinedVar(15, "%ce0", _T.UD, 1),
    PredefinedVar(16, "%dbg0", _T.UD, 2),
    PredefinedVar(17, "%color", _T.UW, 1),
    PredefinedVar(18, "%impl_arg_buf_ptr", _T.UQ, 1),
    PredefinedVar(19, "%local_id_buf_ptr", _T.UQ, 1),
    PredefinedVar(20, "%msg0", _T.UD, 3),
    PredefinedVar(21, "%scratchloc", _T.UQ, 1, since=(4, 2)),
)
# General variables declared in a kernel are numbered from here (V32...).
NUM_PREDEFINED_VARS = 32
PREDEFINED_VAR_BY_NAME: Mapping[str, PredefinedVar] = MappingProxyType({v.name: v for v in PREDEFINED_VARS})


@frozen
class PredefinedSurface:
    index: int  # T<index> in the binary
    name: str
    bti: int  # binding-table index the surface maps to


PREDEFINED_SURFACES: tuple = (
    PredefinedSurface(0, "%slm", 254),
    PredefinedSurface(1, "T1", 1),
    PredefinedSurface(2, "T2", 2),
    PredefinedSurface(3, "TSS", 3),
    PredefinedSurface(4, "%bss", 252),
    PredefinedSurface(5, "%scratch", 255),
)
NUM_PREDEFINED_SURFACES = 6
PREDEFINED_SURFACE_BY_NAME: Mapping[str, PredefinedSurface] = MappingProxyType(
    {s.name: s for s in PREDEFINED_SURFACES}
)
BINDLESS_SAMPLER_INDEX = 31  # the predefined sampler "S31"
BINDLESS_SAMPLER_NAME = "S31"


def predefined_var_names(version: tuple = (4, 1)) -> tuple[str, ...]:
    """The predefined variables a vISA version has, in index order."""
    return tuple(v.name for v in PREDEFINED_VARS if v.since <= version)


# vISA 4.1's (the binary format's: its string pool starts with these)
PREDEFINED_VAR_NAMES: tuple[str, ...] = predefined_var_names((4, 1))
PREDEFINED_SURFACE_NAMES: tuple[str, ...] = tuple(s.name for s in PREDEFINED_SURFACES)
NUM_PREDEFINED_PREDICATES = 1  # P0 means "no predicate"; declared ones start at P1

# ---------------------------------------------------------------------------
# Kernel and variable attributes
# ---------------------------------------------------------------------------


class AttrValueKind(enum.Enum):
    BOOL = "bool"  # written without a value
    INT32 = "int32"
    INT64 = "int64"
    STRING = "string"


class AttrScope(enum.Enum):
    KERNEL = "kernel"
    VAR = "var"


@frozen
class AttributeDef:
    name: str
    kind: AttrValueKind
    scope: AttrScope
    default: object
    since: str = ""


_B, _I, _S = AttrValueKind.BOOL, AttrValueKind.INT32, AttrValueKind.STRING
_KS, _VS = AttrScope.KERNEL, AttrScope.VAR
ATTRIBUTES: tuple = (
    AttributeDef("Extern", _B, _KS, False),
    AttributeDef("NoBarrier", _B, _KS, False),
    AttributeDef("Callable", _B, _KS, False),
    AttributeDef("Caller", _B, _KS, False),
    AttributeDef("Composable", _B, _KS, False),
    AttributeDef("Entry", _B, _KS, False),
    AttributeDef("Input", _B, _VS, False),
    AttributeDef("Output", _B, _VS, False),
    AttributeDef("PayloadLiveOut", _B, _VS, False),
    AttributeDef("Input_Output", _B, _VS, False),
    AttributeDef("NoWidening", _B, _VS, False),
    AttributeDef("DoNotSpill", _B, _VS, False),
    AttributeDef("ForceSpill", _B, _VS, False, since=REFERENCE_TAG),
    AttributeDef("SepSpillPvtSS", _B, _KS, False),
    AttributeDef("LTO_InvokeOptTarget", _B, _KS, False),
    AttributeDef("AllLaneActive", _B, _KS, False, since=REFERENCE_TAG),
    AttributeDef("Target", _I, _KS, KernelTarget.CM),
    AttributeDef("SLMSize", _I, _KS, 0),
    AttributeDef("SpillMemOffset", _I, _KS, 0),
    AttributeDef("ArgSize", _I, _KS, 0),
    AttributeDef("RetValSize", _I, _KS, 0),
    AttributeDef("PerThreadInputSize", _I, _KS, 0),
    AttributeDef("SimdSize", _I, _KS, 0),
    AttributeDef("Scope", _I, _VS, 0),
    AttributeDef("SurfaceUsage", _I, _VS, 0),
    AttributeDef("CrossThreadInputSize", _I, _KS, -1),
    AttributeDef("NBarrierCnt", _I, _KS, 0),
    AttributeDef("OutputAsmPath", _S, _KS, ""),
)
ATTRIBUTES_BY_NAME: Mapping[str, AttributeDef] = MappingProxyType({a.name: a for a in ATTRIBUTES})
KERNEL_ATTRIBUTES: Mapping[str, AttributeDef] = MappingProxyType(
    {a.name: a for a in ATTRIBUTES if a.scope is AttrScope.KERNEL}
)
# Instructions of the older spec that vISA 4.1 has no opcode for: they parse,
# and assembling one is an error that says why.
_SCF = ("is structured control flow of the older vISA spec (opcodes 0x60-0x66); vISA 4.1 "
        "has none: write it with goto and labels")
OLDER_ONLY_OPS: Mapping[str, str] = MappingProxyType({
    "if": _SCF, "else": _SCF, "endif": _SCF, "do": _SCF, "while": _SCF, "break": _SCF, "cont": _SCF,
    "asin": "(inverse sine) is not an opcode in vISA 4.1",
    "acos": "(inverse cosine) is not an opcode in vISA 4.1",
    "atan": "(inverse tangent) is not an opcode in vISA 4.1",
})
# Attributes of the older spec that vISA 4.1 does not have (Intel's text
# assembler rejects them as unknown).
OLDER_ONLY_ATTRIBUTES: Mapping[str, str] = MappingProxyType(
    {"FlagRegNum": "the older spec's flag register number of a predicate"}
)
# Old spellings Intel still maps to current attributes.
ATTRIBUTE_ALIASES: Mapping[str, str] = MappingProxyType(
    {"AsmName": "OutputAsmPath", "perThreadInputSize": "PerThreadInputSize",
     "crossThreadInputSize": "CrossThreadInputSize"}
)

# ---------------------------------------------------------------------------
# Text instruction keywords
# ---------------------------------------------------------------------------


@frozen
class TextForm:
    """What an instruction keyword of the text selects.

    ``selector`` names the operand (by OperandDef.name) or property whose value
    the keyword fixes: "subop" (sub-opcode byte), "op" (fminmax op / 3D
    sampler op), "mode" (fence / sbarrier / nbarrier), "modifier" (raw sends),
    "properties" (lifetime) or "label_kind" (call targets).
    """

    opcode: Opcode
    selector: Optional[str] = None
    value: Optional[int] = None
    note: str = ""


def _plain(*mnemonics):
    return {m: TextForm(OPCODES_BY_MNEMONIC[m].number) for m in mnemonics}


_SELF_NAMED = (
    "add", "avg", "div", "dp2", "dp3", "dp4", "dph", "exp", "frc", "line", "log", "mad", "mulh",
    "lrp", "mod", "mul", "pow", "rndd", "rndu", "rnde", "rndz", "sad2", "sin", "cos", "sqrt",
    "rsqrt", "inv", "fcvt", "srnd", "lzd", "and", "or", "xor", "not", "shl", "shr", "asr", "cbit",
    "addr_add", "mov", "sel", "setp", "cmp", "movs", "fbl", "fbh", "jmp", "ret", "oword_ld",
    "oword_st", "media_ld", "media_st", "gather", "scatter", "oword_ld_unaligned", "sample",
    "sample_unorm", "load", "avs", "bfe", "bfi", "bfrev", "addc", "subb", "gather4_typed",
    "scatter4_typed", "ifcall", "faddr", "vme_ime", "vme_sic", "vme_fbr", "barrier",
    "sampler_cache_flush", "wait", "yield", "fcall", "fret", "switchjmp", "sad2add", "plane",
    "goto", "rt_write_3d", "urb_write_3d", "typed_atomic", "gather4_scaled", "scatter4_scaled",
    "gather_scaled", "scatter_scaled", "dword_atomic", "sqrtm", "divm", "rol", "ror", "dp4a",
    "add3", "qw_gather", "qw_scatter", "madw", "add3.o", "breakpoint",
)

# Keyword at the start of an instruction in the text (12504 lexer; breakpoint
# needs the 14828 lexer) -> what it encodes.  Not keywords: func, label (a
# label is "name:"), va / va_skl_plus ops and vme_idm (no text form).
TEXT_MNEMONICS: Mapping[str, TextForm] = MappingProxyType(
    {
        **_plain(*_SELF_NAMED),
        "dpas": TextForm(_O.DPAS, note="written dpas.<p1>.<p2>.<depth>.<count>"),
        "dpasw": TextForm(_O.DPASW, note="written dpasw.<p1>.<p2>.<depth>.<count>"),
        "bfn": TextForm(_O.BFN, note="written bfn.x<hex function_ctrl>"),
        "min": TextForm(_O.FMINMAX, "op", 0),
        "max": TextForm(_O.FMINMAX, "op", 1),
        "call": TextForm(_O.CALL, "label_kind", LabelKind.SUBROUTINE),
        "fccall": TextForm(_O.CALL, "label_kind", LabelKind.FC),
        "FILE": TextForm(_O.FILE), ".file": TextForm(_O.FILE),
        "LOC": TextForm(_O.LOC), ".loc": TextForm(_O.LOC),
        "fence_global": TextForm(_O.FENCE, "mode", 0x00, note="options .EISCRL1 OR in"),
        "fence_local": TextForm(_O.FENCE, "mode", int(FenceFlag.LOCAL), note="options .EISCRL1 OR in"),
        "fence_sw": TextForm(_O.FENCE, "mode", int(FenceFlag.SW_FENCE)),
        "raw_send": TextForm(_O.RAW_SEND, "modifier", 0),
        "raw_sendc": TextForm(_O.RAW_SEND, "modifier", 1),
        "raw_sends": TextForm(_O.RAW_SENDS, "modifier", 0),
        "raw_sendsc": TextForm(_O.RAW_SENDS, "modifier", 1),
        "raw_sends_eot": TextForm(_O.RAW_SENDS, "modifier", 2),
        "raw_sendsc_eot": TextForm(_O.RAW_SENDS, "modifier", 3),
        "lifetime.start": TextForm(_O.LIFETIME, "properties", LifetimeKind.START),
        "lifetime.end": TextForm(_O.LIFETIME, "properties", LifetimeKind.END),
        "sbarrier.signal": TextForm(_O.SBARRIER, "mode", 1),
        "sbarrier.wait": TextForm(_O.SBARRIER, "mode", 0),
        "nbarrier.signal": TextForm(_O.NBARRIER, "mode", 1),
        "nbarrier.wait": TextForm(_O.NBARRIER, "mode", 0),
        **{s.mnemonic: TextForm(_O.SVM, "subop", s.code) for s in SVM_SUBOPS},
        **{s.mnemonic: TextForm(_O.LSC_UNTYPED, "subop", s.code,
                                note="LSC_TYPED when the SFID is .tgm") for s in LSC_UNTYPED_SUBOPS},
        "lsc_read_state_info": TextForm(_O.LSC_TYPED, "subop", LscOp.READ_STATE_INFO),
        "lsc_fence": TextForm(_O.LSC_FENCE),
        **{i.name: TextForm(i.opcode, "op", i.op) for i in SAMPLER_3D_OPS.values() if i.in_text},
    }
)



# ---------------------------------------------------------------------------
# Facts for the dump readers (visa.dumps): what a control-flow instruction
# does to the graph, and the report family of the opcodes whose Intel
# category (MISC) does not say it.
# ---------------------------------------------------------------------------

FLOW_ROLE: Mapping[str, str] = MappingProxyType({
    "jmp": "branch",       # scalar jump to a label (predicated: conditional)
    "goto": "goto",        # SIMD goto (predicated: divergent)
    "switchjmp": "switch",  # indexed jump to one of its labels
    "call": "call",        # subroutine call (returns to the next instruction)
    "fcall": "call",       # stack call of a function
    "ifcall": "call",      # indirect stack call
    "ret": "return",       # end of subroutine / kernel
    "fret": "return",
})
"""Control-flow role of each branching opcode (by mnemonic)."""

REPORT_FAMILY: Mapping[str, str] = MappingProxyType({
    "raw_send": "raw send", "raw_sends": "raw send",
    "dpas": "dpas", "dpasw": "dpas",
    "loc": "debug", "file": "debug",  # source positions: IGC gives them no $N id
})
"""Report family of opcodes Intel files under MISC."""

CATEGORY_FAMILY: Mapping[InstCategory, str] = MappingProxyType({
    InstCategory.MOV: "move", InstCategory.ARITH: "arithmetic", InstCategory.LOGIC: "logic",
    InstCategory.COMPARE: "compare", InstCategory.ADDRESS: "address",
    InstCategory.FLOW: "control flow", InstCategory.SIMD_FLOW: "control flow",
    InstCategory.DATA_PORT: "legacy dataport", InstCategory.SVM: "legacy dataport",
    InstCategory.SAMPLER: "sampler", InstCategory.LSC: "lsc", InstCategory.SYNC: "sync",
    InstCategory.MISC: "other", InstCategory.RESERVED: "other",
})
"""Report family of each Intel instruction category."""


def report_family(mnemonic: str) -> str:
    """The statistics family of an instruction by its mnemonic ('other' for
    one the table does not know)."""
    from .forms import FORMS  # the text mnemonic's form names its opcode
    f = FORMS.get(mnemonic)
    d = OPCODES[f.opcode] if f is not None else OPCODES_BY_MNEMONIC.get(mnemonic)
    if d is None:
        return "other"
    return REPORT_FAMILY.get(d.mnemonic) or CATEGORY_FAMILY[d.category]
