"""Intel's instruction descriptions as records: an operand slot
(:class:`OperandDef`: its kind or classes, types and constraints), an
opcode's row (:class:`OpcodeDef`) and a sub-operation's (:class:`SubOpDef`),
and the builders the tables (visa/isa/opcodes.py, subops.py,
lsc_codes.py) write their rows with."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping, Optional

from .._record import field, record
from .datatypes import TYPE_INFO, VisaType
from .targets import TargetPlatform
from .field_codes import InstCategory


class InstAttr(enum.IntFlag, metaclass=QuickEnumType):
    """Description-level attribute of an opcode."""

    NONE = 0x0
    SAME_DATA_TYPE = 0x1
    SAME_SPECIAL_KIND = 0x2


# ---------------------------------------------------------------------------
# Operand descriptions
# ---------------------------------------------------------------------------


class OperandKind(enum.IntEnum, metaclass=QuickEnumType):
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


class OperandClass(enum.IntFlag, metaclass=QuickEnumType):
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
# (the same as plain numbers: the tests of an OperandDef below run for every
# row at start-up, and an operation on flags makes a flag each time)
_VECTOR_BITS, _DST_BITS, _RAW_BITS = int(_VECTOR_CLASSES), int(_DST_CLASSES), int(_C.RAW_SRC | _C.RAW_DST)


class Constraint(enum.Enum, metaclass=QuickEnumType):
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


@record
class OperandDef:
    """One operand slot of an instruction description.

    ``kind`` names a special slot (exec size, label, sub-opcode, raw operand,
    ...); for ``OperandKind.CLASSES`` the slot is described by ``classes``.
    ``types`` is the set of element types Intel's row lists (empty: no type
    given).  For plain-number slots the single type gives the field's width.
    """

    kind: OperandKind
    classes: OperandClass = field(default=OperandClass(0))
    types: frozenset = field(default=frozenset(), converter=_type_set)
    constraints: frozenset = field(default=frozenset(), converter=frozenset)
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
        return self.kind is OperandKind.CLASSES and bool(int(self.classes) & _VECTOR_BITS)

    @property
    def is_raw(self) -> bool:
        return self.kind is OperandKind.RAW or bool(int(self.classes) & _RAW_BITS)

    @property
    def is_dst(self) -> bool:
        return bool(int(self.classes) & _DST_BITS)

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


@record
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


@record
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


_NO_CLASS = OperandClass(0)  # (the one member for 0: made once, not per operand)


_OPERANDS: dict = {}  # (desc, types, cons, name) -> its OperandDef


def operand(desc, types=None, *cons, name=""):
    """One operand slot; ``desc`` is an OperandKind or OperandClass flags.
    The rows repeat slots (every row's execution size and predicate ...):
    equal arguments give the one record already made (records cannot be
    changed), made once per start-up rather than once per row."""
    # (the kinds of desc are in the key: an OperandKind and an OperandClass
    # of the same number compare equal)
    if isinstance(types, (set, list)):
        types = frozenset(types)
    key = (type(desc), desc, types, cons, name)
    made = _OPERANDS.get(key)
    if made is None:
        if isinstance(desc, OperandKind):
            made = OperandDef(desc, _NO_CLASS, types, cons, name)
        else:
            made = OperandDef(OperandKind.CLASSES, desc, types, cons, name)
        _OPERANDS[key] = made
    return made


def exec_field(*cons):
    return operand(_K.EXEC_SIZE, _T.UB, *cons, name="exec_size")


def pred_field(*cons):
    return operand(_C.PRED, _T.UW, *cons, name="pred")


def other_field(t, name, *cons):
    return operand(_C.OTHER, t, *cons, name=name)


def imm_field(t, name, *cons):
    return operand(_C.IMM, t, *cons, name=name)


def surface_field(name="surface"):
    return operand(_C.SURFACE, _T.UB, name=name)


def sampler_field(name="sampler"):
    return operand(_C.SAMPLER, _T.UB, name=name)


def raw_field(types, name, *cons):
    return operand(_K.RAW, types, *cons, name=name)


def source_fields(n, cls, types, *cons, first=0):
    return tuple(operand(cls, types, *cons, name=f"src{first + i}") for i in range(n))


def opcode_row(number, mnemonic, category, n_srcs, n_dsts, operands=(), **kw):
    return OpcodeDef(number, mnemonic, category, n_srcs, n_dsts, tuple(operands), **kw)


def reserved_row(number, mnemonic, desc_name, **kw):
    return opcode_row(number, mnemonic, InstCategory.RESERVED, 0, 0, desc_name=desc_name, **kw)


def alu_row(number, mnemonic, category, n_srcs, dst_types, src_types=None, *,
         dst_cons=(), src_cons=(), exec_cons=(), pred_cons=(),
         dst_cls=DST_G_I, src_cls=SRC_G_I_IMM_AO, attr=InstAttr.SAME_DATA_TYPE, **kw):
    """exec size, predicate, one destination, ``n_srcs`` like sources."""
    src_types = dst_types if src_types is None else src_types
    operands = (
        exec_field(*exec_cons),
        pred_field(*pred_cons),
        operand(dst_cls, dst_types, *dst_cons, name="dst"),
        *source_fields(n_srcs, src_cls, src_types, *src_cons),
    )
    return opcode_row(number, mnemonic, category, n_srcs, 1, operands, attr=attr, **kw)


def subop_row(code, mnemonic, category, operands, note=""):
    return SubOpDef(code, mnemonic, category, tuple(operands), note)
