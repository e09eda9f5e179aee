"""LSC (load/store cache) messages: their operations (with what each
operation takes), the description rows of lsc_untyped / lsc_typed, and the
enumerations of their fields (SFID, caching, data size and elements, order,
address type and size, fences, scopes)."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping

from .._record import evolve, record
from .datatypes import VisaType
from .field_codes import InstCategory
from .descriptions import (Constraint, SRC_G_IMM_A, exec_field, operand, other_field, pred_field,
    raw_field, subop_row)

# the rows' shorthand
_T = VisaType
_X = Constraint


class LscSfid(enum.IntEnum, metaclass=QuickEnumType):
    UGM = 0
    UGML = 1
    TGM = 2
    SLM = 3


LSC_SFID_NAMES: Mapping[LscSfid, str] = MappingProxyType({s: s.name.lower() for s in LscSfid})


class LscCacheOpt(enum.IntEnum, metaclass=QuickEnumType):
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


class LscDataSize(enum.IntEnum, metaclass=QuickEnumType):
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


class LscDataElems(enum.IntEnum, metaclass=QuickEnumType):
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


class LscDataOrder(enum.IntEnum, metaclass=QuickEnumType):
    INVALID = 0
    NONTRANSPOSE = 1
    TRANSPOSE = 2  # "t" suffix


class LscChannelMask(enum.IntFlag, metaclass=QuickEnumType):
    """Channel enables of lsc_load_quad / lsc_store_quad (".xyzw")."""

    X = 1
    Y = 2
    Z = 4
    W = 8


class LscAddrType(enum.IntEnum, metaclass=QuickEnumType):
    INVALID = 0
    FLAT = 1
    BSS = 2
    SS = 3
    BTI = 4
    ARG = 5  # pseudo address type for kernel arguments


LSC_ADDR_TYPE_NAMES: Mapping[LscAddrType, str] = MappingProxyType(
    {t: t.name.lower() for t in LscAddrType if t is not LscAddrType.INVALID}
)


class LscAddrSize(enum.IntEnum, metaclass=QuickEnumType):
    INVALID = 0
    A16 = 1
    A32 = 2
    A64 = 3


LSC_ADDR_SIZE_NAMES: Mapping[LscAddrSize, str] = MappingProxyType(
    {s: s.name.lower() for s in LscAddrSize if s is not LscAddrSize.INVALID}
)


class LscFenceOp(enum.IntEnum, metaclass=QuickEnumType):
    NONE = 0
    EVICT = 1
    INVALIDATE = 2
    DISCARD = 3
    CLEAN = 4
    FLUSHL3 = 5
    TYPE6 = 6


LSC_FENCE_OP_NAMES: Mapping[LscFenceOp, str] = MappingProxyType({f: f.name.lower() for f in LscFenceOp})


class LscScope(enum.IntEnum, metaclass=QuickEnumType):
    GROUP = 0
    LOCAL = 1
    TILE = 2
    GPU = 3
    GPUS = 4
    SYSREL = 5
    SYSACQ = 6


LSC_SCOPE_NAMES: Mapping[LscScope, str] = MappingProxyType({s: s.name.lower() for s in LscScope})


class LscOp(enum.IntEnum, metaclass=QuickEnumType):
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


class LscOpKind(enum.Enum, metaclass=QuickEnumType):
    LOAD = "load"
    STORE = "store"
    ATOMIC = "atomic"
    OTHER = "other"


@record
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
    exec_field(),
    pred_field(),
    other_field(_T.UB, "sfid"),
    other_field(_T.UB, "l1_cache"),
    other_field(_T.UB, "l3_cache"),
)


def _lsc_untyped(op):
    return subop_row(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        *_LSC_HEAD,
        other_field(_T.UB, "addr_type"),
        other_field(_T.UW, "addr_scale"),
        other_field(_T.D, "addr_offset"),
        other_field(_T.UB, "addr_size"),
        other_field(_T.UB, "data_size"),
        other_field(_T.UB, "data_order"),
        other_field(_T.UB, "data_elems"),
        other_field(_T.UB, "channel_mask"),
        operand(SRC_G_IMM_A, _T.UB, name="surface"),
        other_field(_T.UD, "reserved"),
        raw_field(_T.UB, "dst", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src0_addr", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src1_data", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src2_data", _X.GRF_ALIGNED),
    ), note=(
        "binary: no 'reserved' operand is written (surface is followed by dst)"
        + ("; strided ops write dst, src0 base, src0 pitch (vector), src1 and no src2"
           if LSC_OP_INFO[op].is_strided else "")
    ))


def _lsc_block2d(op):
    return subop_row(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        *_LSC_HEAD,
        other_field(_T.UB, "data_size"),
        other_field(_T.UB, "data_order"),
        other_field(_T.UB, "blocks"),
        other_field(_T.UW, "block_width"),
        other_field(_T.UW, "block_height"),
        other_field(_T.UB, "vnni"),
        raw_field(_T.UB, "dst", _X.GRF_ALIGNED),
        operand(SRC_G_IMM_A, _T.UB, name="surface_base"),
        operand(SRC_G_IMM_A, _T.UB, name="surface_width"),
        operand(SRC_G_IMM_A, _T.UB, name="surface_height"),
        operand(SRC_G_IMM_A, _T.UB, name="surface_pitch"),
        operand(SRC_G_IMM_A, _T.UB, name="offset_x"),
        operand(SRC_G_IMM_A, _T.UB, name="offset_y"),
        raw_field(_T.UB, "src1_data", _X.GRF_ALIGNED),
    ), note="binary (14828 writer): offset_x and offset_y are each followed by a d immediate offset")


def _lsc_typed(op):
    return subop_row(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        exec_field(),
        pred_field(),
        other_field(_T.UB, "l1_cache"),
        other_field(_T.UB, "l3_cache"),
        other_field(_T.UB, "addr_type"),
        other_field(_T.UB, "addr_size"),
        other_field(_T.UB, "data_size"),
        other_field(_T.UB, "data_order"),
        other_field(_T.UB, "data_elems"),
        other_field(_T.UB, "channel_mask"),
        operand(SRC_G_IMM_A, _T.UB, name="surface"),
        other_field(_T.UD, "surface_offset"),
        raw_field(_T.UB, "dst", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src0_u", _X.GRF_ALIGNED),
        other_field(_T.D, "src0_u_offset"),
        raw_field(_T.UB, "src0_v", _X.GRF_ALIGNED),
        other_field(_T.D, "src0_v_offset"),
        raw_field(_T.UB, "src0_r", _X.GRF_ALIGNED),
        other_field(_T.D, "src0_r_offset"),
        raw_field(_T.UB, "src0_lod", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src1_data", _X.GRF_ALIGNED),
        raw_field(_T.UB, "src2_data", _X.GRF_ALIGNED),
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
    return evolve(subop_row(op, LSC_OP_INFO[op].mnemonic, _LSC, (
        exec_field(),
        pred_field(),
        other_field(_T.UB, "l1_cache"),
        other_field(_T.UB, "l3_cache"),
        other_field(_T.UB, "addr_type"),
        other_field(_T.UW, "block_width"),
        other_field(_T.UW, "block_height"),
        operand(SRC_G_IMM_A, _T.UB, name="surface"),
        other_field(_T.UD, "surface_index"),
        raw_field(_T.UB, "dst" if load else "dst_null", _X.GRF_ALIGNED),
        operand(SRC_G_IMM_A, _T.UB, name="offset_x"),
        other_field(_T.D, "imm_offset_x"),
        operand(SRC_G_IMM_A, _T.UB, name="offset_y"),
        other_field(_T.D, "imm_offset_y"),
        raw_field(_T.UB, "src1_data", _X.GRF_ALIGNED),
    ), note="vISA 4.2 only (IGC 2.x): no vISA 4.1 binary form"), since=(4, 2))


LSC_TYPED_BLOCK2D_SUBOPS = tuple(_lsc_typed_block2d(op)
                                 for op in (LscOp.LOAD_BLOCK2D, LscOp.STORE_BLOCK2D))
