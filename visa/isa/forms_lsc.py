"""Instruction forms: the lsc family (its records, gathered into visa.isa.forms.FORMS).

Opcodes 0x89 ``lsc_untyped``, 0x8A ``lsc_typed`` and 0x8B ``lsc_fence``.
One text mnemonic (``lsc_load_quad``) maps to lsc_untyped or lsc_typed by its
SFID (``.tgm`` is typed), so each LSC mnemonic's record is a family: its
members are the untyped and typed layouts, and its choice
(``Form.select(ins)``) picks one by the instruction's SFID.

Binary layout (what GenX_IR 14828's builder attaches to the instruction,
written in order by its emitter; checked against the golden and corpus
references).  ``UB``/``UW``/``D``/``UD`` are little-endian integers, *vec* a
vector operand, *raw* a raw operand (``UD`` variable id, ``UW`` byte offset;
an absent operand is ``%null``: id 0, offset 0).

lsc_untyped (0x89), subop = LscOp:

* load / store / quad / atomic / load_status / store_uncompressed /
  ccs_update: ``subop UB, exec UB, pred UW, sfid UB, l1 UB, l3 UB,
  addr_type UB, addr_scale UW, addr_offset D, addr_size UB, data_size UB,
  data_order UB, elems UB, chmask UB, surface vec, dst raw, src0 raw,
  src1 raw, src2 raw``.  ``elems`` and ``chmask`` are one C union in Intel's
  LSC_DATA_SHAPE and both bytes are written from it: the two bytes are equal
  (the vector-size code, or the channel mask for the quad ops).  No
  ``reserved`` field is written (the row lists one).  A flat/arg address
  writes the surface as the immediate ``0:ud``; ``bti(0x1)`` an immediate
  ``:ud``; ``bti(V)`` a general operand ``V(0,0)<0;1,0>`` (``V.n`` -> column
  n).  The ``, index`` of ``bti(S, index)`` is not written.  ``k*V`` scales
  (addr_scale, default 1), ``V+off`` / ``V-off`` is addr_offset.
* load_strided / store_strided: same head, then ``surface vec, dst raw,
  src0 base raw, src0 pitch vec, src1 raw`` (no src2).  A missing pitch is
  the immediate ``:ud`` of the natural block stride (element bytes x vector
  length, or element bytes for a transposed shape).
* load_block2d / store_block2d: ``subop, exec, pred, sfid, l1, l3,
  data_size UB, data_order UB, blocks UB, width UW, height UW, vnni UB,
  dst raw, base vec, width vec, height vec, pitch vec, x vec, x_offset D,
  y vec`` and nothing more: the emitter stops after the number of fields of
  the sub-op row (19, exec and pred included), so the y offset and src1
  (the stored data) are never written.  The kernel's size still counts
  them: the unit's instruction stream ends with 10 zero bytes per 2D block
  instruction (the :class:`Shortfall` atom).  Immediates are ``:ud``.
* The strided ops write their ``chmask`` byte as 0 (the others repeat
  ``elems``).

lsc_typed (0x8A): ``subop, exec, pred, l1, l3, addr_type UB, addr_size UB,
data_size, data_order, elems, chmask, surface vec, surface_index D, dst raw,
u raw, u_offset D, v raw, v_offset D, r raw, r_offset D, lod raw, src1 raw,
src2 raw``.  ``lsc_read_state_info.tgm`` is exec 1 NoMask (0x80), cache
df/df, address a32, data d32x16t.

lsc_fence (0x8B): ``exec UB (always 0x80: 1, NoMask), pred UW (0), sfid UB,
fence_op UB, scope UB``.
"""
from __future__ import annotations

import struct

import attrs
from .._record import evolve as evolve_record, record

from .. import ast
from . import lsc_codes, opcodes, predefined
from . import rules_lsc as rules
from .atoms import (SIZES, Atom, DecodeError, Exec, Lit, ModEnum, PredField, read_code, region_code)
from .operands import decode_vector, encode_raw, encode_vector, lsc_shape_text
from .atoms import fail as _fail
from .records import Checks, Form, Text, row_form, text_facts
from .syntax import LSC

_UB, _UW, _D, _UD = SIZES[1], SIZES[2], struct.Struct("<i"), SIZES[4]
UNTYPED = int(opcodes.OPCODES_BY_MNEMONIC["lsc_untyped"].number)
TYPED = int(opcodes.OPCODES_BY_MNEMONIC["lsc_typed"].number)
FENCE = int(opcodes.OPCODES_BY_MNEMONIC["lsc_fence"].number)
_REGION_SCALAR = (0, 1, 0)  # Intel's LscVectorOpReg: <0;1,0>
_REGION_SCALAR_BYTES = _UW.pack(region_code(_REGION_SCALAR, None))
_NOMASK_1 = 0x80  # exec byte of (M1_NM, 1)




def _pack_d(v: int, node) -> bytes:
    if not -(1 << 31) <= v < (1 << 31):
        _fail(f"offset {v} does not fit in 32 bits", node)
    return _D.pack(v)


# ---------------------------------------------------------------- enum tables
SFID = tuple((s.name.lower(), int(s)) for s in lsc_codes.LscSfid)
UNTYPED_SFID = tuple((n, v) for n, v in SFID if n != "tgm")
CACHE = tuple((n, int(v)) for n, v in lsc_codes.LSC_CACHE_OPT_BY_NAME.items())
FENCE_OP = tuple((n, int(v)) for v, n in lsc_codes.LSC_FENCE_OP_NAMES.items())
SCOPE = tuple((n, int(v)) for v, n in lsc_codes.LSC_SCOPE_NAMES.items())
ADDR_TYPE = {"flat": int(lsc_codes.LscAddrType.FLAT), "bss": int(lsc_codes.LscAddrType.BSS),
             "ss": int(lsc_codes.LscAddrType.SS), "bti": int(lsc_codes.LscAddrType.BTI),
             "arg": int(lsc_codes.LscAddrType.ARG)}
ADDR_SIZE = {"a16": int(lsc_codes.LscAddrSize.A16), "a32": int(lsc_codes.LscAddrSize.A32),
             "a32s": int(lsc_codes.LscAddrSize.A32), "a32u": int(lsc_codes.LscAddrSize.A32),
             "a64": int(lsc_codes.LscAddrSize.A64)}
DATA_SIZE = {"8": int(lsc_codes.LscDataSize.D8), "16": int(lsc_codes.LscDataSize.D16),
             "32": int(lsc_codes.LscDataSize.D32), "64": int(lsc_codes.LscDataSize.D64),
             "8c32": int(lsc_codes.LscDataSize.D8C32), "16c32": int(lsc_codes.LscDataSize.D16C32),
             "16c32h": int(lsc_codes.LscDataSize.D16C32H)}
DATA_BYTES = {int(lsc_codes.LscDataSize.D8): 1, int(lsc_codes.LscDataSize.D16): 2,
              int(lsc_codes.LscDataSize.D64): 8}
ELEMS = {str(lsc_codes.LSC_DATA_ELEMS_COUNT[e]): int(e) for e in lsc_codes.LSC_DATA_ELEMS_COUNT}
NONTRANSPOSE, TRANSPOSE = int(lsc_codes.LscDataOrder.NONTRANSPOSE), int(lsc_codes.LscDataOrder.TRANSPOSE)
CHANNEL = {"x": int(lsc_codes.LscChannelMask.X), "y": int(lsc_codes.LscChannelMask.Y),
           "z": int(lsc_codes.LscChannelMask.Z), "w": int(lsc_codes.LscChannelMask.W)}


# ------------------------------------------------------------ data shapes
@record
class ShapeCodes:
    """An LSC data shape: size, order and the elems/chmask union."""
    size: int
    order: int
    elems: int  # the vector-size code, or the channel mask of a quad op


@record
class Shape2DCodes:
    size: int
    order: int
    blocks: int
    width: int
    height: int
    vnni: int


def _shape_text(shape: ast.LscShape) -> str:
    return lsc_shape_text(shape)


def _no_typed_block(shape: ast.LscShape, node) -> None:
    if shape.size is None and shape.block is not None:
        _fail(f"the typed 2D block shape ':{_shape_text(shape)}' is vISA 4.2's: vISA 4.1 has no "
              "binary form for it", node)
    if shape.size is None:
        _fail("an LSC data shape needs a data size (d8, d16, d32, d64, ...)", node)


def _size_code(shape: ast.LscShape, node) -> int:
    size = DATA_SIZE.get(shape.size[1:]) if shape.size[:1] == "d" else None
    if size is None:
        _fail(f"unknown LSC data size '{shape.size}' (expected d8, d16, d32, d64, d8c32, d16c32 "
              "or d16c32h)", node)
    return size


def parse_shape(shape: ast.LscShape, node) -> ShapeCodes:
    """The binary fields of a vector or channel shape (``d32x4t``, ``d32.xy``)."""
    _no_typed_block(shape, node)
    size = _size_code(shape, node)
    if shape.block is not None:
        _fail(f"invalid LSC data shape ':{_shape_text(shape)}' for this op (a 2D block shape; "
              "expected e.g. :d32, :d32x4, :d32x8t, :d32.xyzw)", node)
    if shape.channels is not None:
        mask = 0
        for ch in shape.channels:
            if ch not in CHANNEL:
                _fail(f"unknown LSC channel '{ch}' in '.{shape.channels}' (expected x, y, z, w)", node)
            mask |= CHANNEL[ch]
        return ShapeCodes(size, NONTRANSPOSE, mask)
    elems = ELEMS.get(str(shape.vector))
    if elems is None:
        _fail(f"an LSC vector of {shape.vector} elements (expected 1, 2, 3, 4, 8, 16, 32 or 64)", node)
    return ShapeCodes(size, TRANSPOSE if shape.transpose else NONTRANSPOSE, elems)


def parse_shape_2d(shape: ast.LscShape, node) -> Shape2DCodes:
    """The binary fields of a 2D block shape (``d16.2x16x8nn``)."""
    _no_typed_block(shape, node)
    if shape.block is None:
        _fail(f"invalid 2D block data shape ':{_shape_text(shape)}' "
              "(expected e.g. :d16.2x16x8nn or :d16.16x8)", node)
    blocks, width, height = shape.block
    if blocks > 0xFF or width > 0xFFFF or height > 0xFFFF:
        _fail(f"2D block shape ':{_shape_text(shape)}' is too large "
              "(blocks < 256, width and height < 65536)", node)
    return Shape2DCodes(_size_code(shape, node), TRANSPOSE if shape.transpose else NONTRANSPOSE,
                        blocks, width, height, 1 if shape.vnni else 0)


def natural_stride(shape: ShapeCodes) -> int:
    """Intel's default pitch of a strided op with no pitch written."""
    stride = DATA_BYTES.get(shape.size, 4)
    if shape.order == NONTRANSPOSE:
        inv = {v: int(k) for k, v in ELEMS.items()}
        stride *= inv[shape.elems]
    return stride


# ------------------------------------------------------ register expressions
@record
class RegItem:
    """A register item of an LSC operand: ``V``, ``V.n``, ``V(r,c)``, each
    optionally ``k*`` scaled and ``+ off`` / ``- off`` displaced."""
    name: str
    dot: int | None = None  # ``V.n``: a raw byte offset, or a vector column
    row: int = 0
    col: int = 0
    offset: int = 0
    scale: int = 1
    node: object = None


def as_reg(o, node=None, offset: int = 0) -> RegItem | None:
    """The register an operand names, or None if it is a number."""
    node = node if node is not None else o
    t = type(o)
    if t is ast.LscReg:
        row, col = o.rc if o.rc is not None else (0, 0)
        return RegItem(o.name, o.dot, row, col, o.offset + offset, o.scale, node)
    if t is ast.Name:
        return RegItem(o.name, None, 0, 0, offset, 1, node)
    if t is ast.VarRef:
        if o.region not in (None, _REGION_SCALAR) or o.mod is not None or len(o.offsets) != 2:
            _fail("an LSC address register is written V, V.n or V(row,col)", o)
        return RegItem(o.name, None, o.offsets[0], o.offsets[1], offset, 1, node)
    if t is ast.Raw:
        return RegItem(o.name, o.offset, 0, 0, offset, 1, node)
    if t is ast.LscData:
        return RegItem(o.name, o.offset, 0, 0, offset, 1, node)
    return None


def as_number(o):
    if type(o) is ast.Number:
        return o.value
    if type(o) is ast.Imm:
        return o.bits
    return None


def write_raw(reg: RegItem | None, cx, out) -> None:
    """A raw operand: id and byte offset (``V.n`` -> n; None -> %null)."""
    if reg is None:
        out.append(b"\0\0\0\0\0\0")
        return
    if reg.row or reg.col:
        _fail(f"'{reg.name}({reg.row},{reg.col})': a payload register is written V or V.offset", reg.node)
    encode_raw(ast.Raw(reg.name, reg.dot or 0), cx, out)


def write_vector(o, cx, out, node) -> None:
    """A vector operand of a surface or 2D-block parameter: a register
    ``V(r,c)<0;1,0>`` (``V.n`` is column n) or an immediate ``:ud``."""
    if o is None:
        encode_vector(ast.Imm(0, "ud"), cx, out)
        return
    n = as_number(o)
    if n is not None:
        if type(o) is ast.Imm:
            encode_vector(o, cx, out)
        else:
            encode_vector(ast.Imm(n & 0xFFFFFFFF, "ud"), cx, out)
        return
    r = as_reg(o, node)
    if r is None:
        _fail("expected a register or a number", node)
    col = r.dot if r.dot is not None else r.col
    encode_vector(ast.VarRef(r.name, (r.row, col), _REGION_SCALAR), cx, out)


# ------------------------------------------------------------- operand views
def _operand(ins, index, what):
    if index >= len(ins.operands):
        _fail(f"'{ins.mnemonic}' needs {what} (operand {index + 1})", ins)
    return ins.operands[index]


def _addr(ins, index) -> ast.LscAddr:
    o = _operand(ins, index, "an address operand")
    if type(o) is not ast.LscAddr:
        _fail(f"'{ins.mnemonic}' expects an address like flat[V]:a64 here", o)
    return o


def _data(ins, index) -> ast.LscData:
    o = _operand(ins, index, "a data operand")
    if type(o) is not ast.LscData:
        _fail(f"'{ins.mnemonic}' expects a data operand like V:d32 here", o)
    return o


def _surface(addr: ast.LscAddr):
    """(surface operand or None, surface index) of ``bti(S)`` / ``bss(S, i)``."""
    return addr.surface, addr.surface_index


def _base(addr: ast.LscAddr) -> RegItem:
    r = as_reg(addr.base, addr, addr.offset) if addr.base is not None else None
    if r is None:
        _fail("an LSC address needs a register inside [...]", addr)
    return r


# ------------------------------------------------------- decoding helpers
# While an instruction decodes, the LSC operands are assembled in place:
# b.operands[index] holds a _PData / _PAddr that later atoms fill in, and the
# form's last atom (Finish) turns them into LscData / LscAddr nodes.
class _PData:
    __slots__ = ("shape", "reg")

    def __init__(self, shape):
        self.shape, self.reg = shape, None


class _PAddr:
    __slots__ = ("model", "scale", "offset", "size", "surface", "sindex", "base", "extra")

    def __init__(self):
        self.model, self.scale, self.offset, self.size = "flat", 1, 0, None
        self.surface, self.sindex, self.base = None, 0, None
        self.extra = {}


def _paddr(b, index) -> _PAddr:
    p = b.operands.get(index)
    if not isinstance(p, _PAddr):
        p = b.operands[index] = _PAddr()
    return p


def _signed32(v: int) -> int:
    return v - (1 << 32) if v & 0x80000000 else v


def _read_d(rd) -> int:
    return _signed32(rd.ud())


def _decode_raw(rd, cx):
    """A raw operand -> (name, byte offset); id 0 is %null."""
    at = rd.at()
    ident, off = rd.ud(), rd.uw()
    return (None if ident == 0 else cx.var_name("G", ident, at)), off, at


def _raw_node(name, off):
    n = name if name is not None else _NULL
    return ast.Name(n) if off == 0 else ast.Raw(n, off)


def _decode_item(rd, cx):
    """A vector operand of a surface / pitch / 2D parameter -> AST item:
    an immediate ``:ud`` is a Number (printed 0x..), a register
    ``V(r,c)<0;1,0>`` is ``V`` or ``V(r,c)``."""
    at, start = rd.at(), rd.pos
    o, _ = decode_vector(rd, cx)
    if rd.data[start] & 0xF8:
        raise DecodeError("an LSC surface or address parameter has a source modifier", at)
    if type(o) is ast.Imm:
        return ast.Number(o.bits) if o.type == "ud" else o
    if type(o) is ast.VarRef and len(o.offsets) == 2 and o.mod is None \
            and rd.data[start + 7:start + 9] == _REGION_SCALAR_BYTES:
        return ast.LscReg(o.name) if o.offsets == (0, 0) else ast.LscReg(o.name, rc=o.offsets)
    raise DecodeError("an LSC surface or address parameter must be a register <0;1,0> or an "
                      "immediate", at)


_NULL = predefined.PREDEFINED_VARS[0].name  # %null
_CACHE_NAME = {v: n for n, v in CACHE if n != "cc"}
_ADDR_TYPE_NAME = {v: n for n, v in ADDR_TYPE.items()}
_ADDR_SIZE_NAME = {int(lsc_codes.LscAddrSize.A16): "a16", int(lsc_codes.LscAddrSize.A32): "a32",
                   int(lsc_codes.LscAddrSize.A64): "a64"}
_DATA_SIZE_NAME = {v: "d" + k for k, v in DATA_SIZE.items()}
_ELEMS_COUNT = {v: int(k) for k, v in ELEMS.items()}


def shape_of(size, order, elems, quad: bool, at) -> ast.LscShape:
    """The shape a vector or quad op's binary fields stand for."""
    if size not in _DATA_SIZE_NAME:
        raise DecodeError(f"invalid LSC data size {size}", at)
    s = _DATA_SIZE_NAME[size]
    if quad:
        if order != NONTRANSPOSE or not 0 < elems < 16:
            raise DecodeError(f"invalid channel mask {elems} / order {order} for a quad op", at)
        return ast.LscShape(s, channels="".join(c for c in "xyzw" if elems & CHANNEL[c]))
    if order not in (NONTRANSPOSE, TRANSPOSE) or elems not in _ELEMS_COUNT:
        raise DecodeError(f"invalid LSC vector size {elems} / order {order}", at)
    return ast.LscShape(s, _ELEMS_COUNT[elems], order == TRANSPOSE)


def shape_2d_of(s: Shape2DCodes, at) -> ast.LscShape:
    """The shape a 2D block op's binary fields stand for."""
    if s.size not in _DATA_SIZE_NAME or s.order not in (NONTRANSPOSE, TRANSPOSE) or s.vnni > 1 \
            or not s.blocks or not s.width or not s.height:
        raise DecodeError("invalid 2D block data shape", at)
    return ast.LscShape(_DATA_SIZE_NAME[s.size], block=(s.blocks, s.width, s.height),
                      transpose=s.order == TRANSPOSE, vnni=bool(s.vnni))


# ------------------------------------------------------------------- atoms
@record
class CacheMod(Atom):
    """An L1/L3 cache control modifier at mods[pos]; default .df (0)."""
    pos: int
    mod_own = True  # a cache control (the LSC rule judges them)

    def encode(self, ins, cx, out):
        if self.pos >= len(ins.mods):
            out.append(b"\0")
            return
        m = ins.mods[self.pos]
        for n, v in CACHE:
            if n == m:
                out.append(_UB.pack(v))
                return
        _fail(f"unknown cache control '.{m}' (expected {', '.join('.' + n for n, _ in CACHE)})", ins)

    def decode(self, rd, cx, b):
        b.mods[self.pos] = read_code(rd, _CACHE_NAME, "LSC cache control")


@record
class FixedMod(Atom):
    """A modifier that no field stores (``.tgm`` of lsc_typed): nothing to
    encode (the form was chosen by it); decoding puts it back."""
    pos: int
    text: str
    mod_own = True  # the SFID that chose the form

    def encode(self, ins, cx, out):
        pass

    def decode(self, rd, cx, b):
        b.mods[self.pos] = self.text


@record
class AddrType(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        if a.model not in ADDR_TYPE:
            _fail(f"unknown address model '{a.model}' (expected flat, bti, ss, bss or arg)", a)
        out.append(_UB.pack(ADDR_TYPE[a.model]))

    def decode(self, rd, cx, b):
        _paddr(b, self.index).model = read_code(rd, _ADDR_TYPE_NAME, "LSC address type")


@record
class AddrScale(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        scale = _base(a).scale
        if not 0 <= scale <= 0xFFFF:
            _fail(f"address scale {scale} does not fit in 16 bits", a)
        out.append(_UW.pack(scale))

    def decode(self, rd, cx, b):
        _paddr(b, self.index).scale = rd.uw()


@record
class AddrOffset(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        out.append(_pack_d(_base(a).offset, a))

    def decode(self, rd, cx, b):
        _paddr(b, self.index).offset = _read_d(rd)


@record
class AddrSize(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        if a.size is None:
            _fail("an LSC address needs a size suffix (:a16, :a32 or :a64)", a)
        if a.size not in ADDR_SIZE:
            _fail(f"unknown address size ':{a.size}' (expected :a16, :a32 or :a64)", a)
        out.append(_UB.pack(ADDR_SIZE[a.size]))

    def decode(self, rd, cx, b):
        _paddr(b, self.index).size = read_code(rd, _ADDR_SIZE_NAME, "LSC address size")


@record
class DataShape(Atom):
    """data_size, data_order, elems, chmask of the data operand at ``index``
    (``chmask`` repeats the elems/chmask union, except for the strided ops,
    whose builder writes a literal 0); ``quad``: the union is a channel mask."""
    index: int
    strided: bool = False
    quad: bool = False

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        d = _data(ins, self.index)
        s = parse_shape(d.shape, d)
        if d.shape.block is None and self.quad != (d.shape.channels is not None):
            _fail(f"'{ins.op}' takes a data shape {'with' if self.quad else 'without'} "
                  "channels (e.g. " + (":d32.xyzw)" if self.quad else ":d32x4)"), d)
        out.append(bytes((s.size, s.order, s.elems, 0 if self.strided else s.elems)))

    def decode(self, rd, cx, b):
        at = rd.at()
        size, order, elems, chmask = rd.ub(), rd.ub(), rd.ub(), rd.ub()
        if chmask != (0 if self.strided else elems):
            raise DecodeError(f"LSC elems ({elems}) and channel mask ({chmask}) bytes disagree", at)
        b.operands[self.index] = _PData(shape_of(size, order, elems, self.quad, at))


@record
class DataShape2D(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        d = _data(ins, self.index)
        s = parse_shape_2d(d.shape, d)
        out.append(struct.pack("<BBBHHB", s.size, s.order, s.blocks, s.width, s.height, s.vnni))

    def decode(self, rd, cx, b):
        at = rd.at()
        s = Shape2DCodes(rd.ub(), rd.ub(), rd.ub(), rd.uw(), rd.uw(), rd.ub())
        b.operands[self.index] = _PData(shape_2d_of(s, at))


@record
class LscSurface(Atom):
    """The surface of the address at ``index`` (flat/arg: ``0:ud``)."""
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        s, _ = _surface(a)
        if s is None and a.model not in ("flat", "arg"):
            _fail(f"address model '{a.model}' needs a surface: {a.model}(...)", a)
        if s is not None and a.model in ("flat", "arg"):
            _fail(f"address model '{a.model}' takes no surface", a)
        write_vector(s, cx, out, a)

    def decode(self, rd, cx, b):
        at = rd.at()
        p = _paddr(b, self.index)
        item = _decode_item(rd, cx)
        if p.model in ("flat", "arg"):
            if type(item) is not ast.Number or item.value != 0:
                raise DecodeError(f"a {p.model} address has a surface operand", at)
            return
        p.surface = item


@record
class SurfaceIndex(Atom):
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        out.append(_pack_d(_surface(a)[1], a))

    def decode(self, rd, cx, b):
        at = rd.at()
        p = _paddr(b, self.index)
        p.sindex = _read_d(rd)
        if p.sindex and (p.surface is None or type(p.surface) is ast.Imm):
            raise DecodeError("a surface index without a register or :ud surface", at)


@record
class Payload(Atom):
    """A raw data operand (``V:d32``, ``V``, ``V.64``, ``%null``); None: %null."""
    index: int | None
    operand_field = "raw"

    @property
    def operand_slots(self) -> tuple:
        return () if self.index is None else (self.index,)

    def encode(self, ins, cx, out):
        if self.index is None:
            write_raw(None, cx, out)
            return
        o = _operand(ins, self.index, "a data register")
        r = as_reg(o)
        if r is None or r.offset or r.scale != 1:
            _fail("expected a data register like V, V.64 or %null", o)
        write_raw(r, cx, out)

    def decode(self, rd, cx, b):
        name, off, at = _decode_raw(rd, cx)
        if self.index is None:
            if name is not None or off:
                raise DecodeError("an operand slot this LSC op does not use is not %null", at)
            return
        p = b.operands.get(self.index)
        if isinstance(p, _PData):
            p.reg = (name if name is not None else _NULL, off)
        else:
            b.operands[self.index] = _raw_node(name, off)


@record
class AddrReg(Atom):
    """The address register inside [...] as a raw operand."""
    index: int
    operand_field = "raw"

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        write_raw(_base(_addr(ins, self.index)), cx, out)

    def decode(self, rd, cx, b):
        name, off, at = _decode_raw(rd, cx)
        if name is None:
            raise DecodeError("an LSC address register is %null", at)
        _paddr(b, self.index).base = (name, off)


@record
class Pitch(Atom):
    """The pitch of a strided address (``flat[V, 4]``), or the natural block
    stride of the data operand at ``data`` when none is written."""
    index: int
    data: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index, self.data,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        if len(a.extra) > 1:
            _fail("a strided address is [base, pitch]", a)
        if a.extra:
            write_vector(a.extra[0], cx, out, a)
            return
        d = _data(ins, self.data)
        encode_vector(ast.Imm(natural_stride(parse_shape(d.shape, d)), "ud"), cx, out)

    def decode(self, rd, cx, b):
        _paddr(b, self.index).extra[0] = _decode_item(rd, cx)


def _block2d_items(a: ast.LscAddr):
    if a.model != "flat":
        _fail("a 2D block address is flat[base, width, height, pitch, x, y]", a)
    items = (a.base,) + tuple(a.extra)
    if len(items) != 6 or a.base is None:
        _fail("a 2D block address has six items: flat[base, width, height, pitch, x, y]", a)
    return items


@record
class Block2DParam(Atom):
    """Item ``k`` of a 2D block address (0 base ... 5 y) as a vector operand;
    ``with_offset`` also writes its ``+ off`` displacement (x) as D.  The y
    offset is parsed but never written (see the module notes)."""
    index: int
    k: int
    with_offset: bool = False

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        o = _block2d_items(a)[self.k]
        off = a.offset if self.k == 0 else 0
        r = as_reg(o, a, off)
        if r is not None:
            if r.scale != 1 or (r.offset and self.k < 4):
                _fail("only the x and y items of a 2D block address take a + offset", a)
            col = r.dot if r.dot is not None else r.col
            encode_vector(ast.VarRef(r.name, (r.row, col), _REGION_SCALAR), cx, out)
            if self.with_offset:
                out.append(_pack_d(r.offset, a))
            return
        if self.k == 0:
            _fail("the base of a 2D block address must be a register", a)
        write_vector(o, cx, out, a)
        if self.with_offset:
            out.append(_D.pack(0))

    def decode(self, rd, cx, b):
        p = _paddr(b, self.index)
        at = rd.at()
        item = _decode_item(rd, cx)
        off = _read_d(rd) if self.with_offset else 0
        if off:
            if type(item) is not ast.LscReg or item.rc is not None:
                raise DecodeError("a 2D block x with an offset must be a plain register", at)
            item = attrs.evolve(item, offset=off)
        if self.k == 0:
            if type(item) is ast.Number:
                raise DecodeError("the base of a 2D block address is an immediate", at)
            p.base = item
        else:
            p.extra[self.k - 1] = item


@record
class TypedCoord(Atom):
    """Coordinate ``k`` (u, v, r, lod) of a typed address as a raw operand
    (None: %null), followed by its D offset when ``with_offset``."""
    index: int
    k: int
    with_offset: bool = True
    operand_field = "raw"

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        a = _addr(ins, self.index)
        items = (a.base,) + tuple(a.extra) if a.base is not None else ()
        if len(items) > 4:
            _fail("a typed address has at most four coordinates [u, v, r, lod]", a)
        r = None
        if self.k < len(items):
            r = as_reg(items[self.k], a, a.offset if self.k == 0 else 0)
            if r is None or r.scale != 1:
                _fail("a typed address coordinate is a register, optionally + offset", a)
            if r.offset and not self.with_offset:
                _fail("the lod coordinate of a typed address takes no offset", a)
        write_raw(r, cx, out)
        if self.with_offset:
            out.append(_pack_d(r.offset if r is not None else 0, a))

    def decode(self, rd, cx, b):
        p = _paddr(b, self.index)
        name, dot, at = _decode_raw(rd, cx)
        off = _read_d(rd) if self.with_offset else 0
        if name is None:
            if dot or off:
                raise DecodeError("a %null typed coordinate with an offset", at)
            return
        if len(p.extra) + (p.base is not None) != self.k:
            raise DecodeError("a typed coordinate follows a %null one", at)
        if self.k == 0:
            p.base, p.offset = (name, dot), off
        else:
            p.extra[self.k - 1] = ast.LscReg(name, dot or None, offset=off)


@record
class Finish(Atom):
    """Last atom of every LSC form: nothing to encode; decoding turns the
    partial operands into LscData / LscAddr and drops a .df.df cache pair
    (Intel prints no cache controls when both are default)."""

    def encode(self, ins, cx, out):
        pass

    def decode(self, rd, cx, b):
        for k, p in list(b.operands.items()):
            if isinstance(p, _PData):
                # lsc_store_block2d: the stored register is not in the binary
                name, off = p.reg if p.reg is not None else (_NULL, 0)
                b.operands[k] = ast.LscData(name, p.shape, off)
            elif isinstance(p, _PAddr):
                b.operands[k] = _addr_node(p)
        if b.mods.get(1) == "df" and b.mods.get(2) == "df":
            del b.mods[1], b.mods[2]


def _addr_node(p: _PAddr) -> ast.LscAddr:
    base, offset = None, 0
    if isinstance(p.base, tuple):
        name, dot = p.base
        base, offset = ast.LscReg(name, dot or None, scale=p.scale), p.offset
    elif p.base is not None:
        base = p.base
    extra = tuple(p.extra[i] for i in sorted(p.extra))
    return ast.LscAddr(p.model, p.surface, base, offset, extra, p.size, p.sindex)


def _hex(n: int) -> str:
    return f"0x{n:x}"


@record
class Shortfall(Atom):
    """Bytes GenX_IR counts in the unit's code size but never writes (a 2D
    block op's y offset D and src1 raw: 10 bytes).  They are zeros at the
    end of the unit's instruction stream, after the last instruction.

    Pure data: ``unwritten`` is what the encoder adds to the unit's trailing
    zeros for each instruction of this form, and what the decoder expects
    there; the atom itself reads and writes nothing."""
    unwritten: int

    def encode(self, ins, cx, out):
        pass

    def decode(self, rd, cx, b):
        pass


# ------------------------------------------------------------------- forms
@record
class BySfid:
    """An LSC mnemonic's choice of layout: the typed one (lsc_typed) for the
    SFID .tgm, else the untyped one (lsc_untyped)."""
    untyped: Form | None
    typed: Form | None

    def __call__(self, ins) -> Form:
        sfid = ins.mods[0] if ins.mods else None
        f = self.typed if sfid == "tgm" else self.untyped
        if f is None:
            if sfid == "tgm":
                _fail(f"'{ins.op}' has no typed (.tgm) form", ins)
            if sfid is None:
                _fail(f"'{ins.op}' needs an SFID modifier (.ugm, .ugml, .slm or .tgm)", ins)
            _fail(f"'{ins.op}' is only typed: write '{ins.op}.tgm'", ins)
        return f


_HEAD = (Exec(), PredField())


def _untyped_addr(a):
    return (AddrType(a), AddrScale(a), AddrOffset(a), AddrSize(a))


def untyped_atoms(op: lsc_codes.LscOp) -> tuple | None:
    """Atoms of an lsc_untyped sub-op, with the text's operand order."""
    info = lsc_codes.LSC_OP_INFO[op]
    sub = Lit(1, int(op))
    head = (sub,) + _HEAD + (ModEnum(1, 0, UNTYPED_SFID), CacheMod(1), CacheMod(2))
    if info.is_block2d:
        load = op == lsc_codes.LscOp.LOAD_BLOCK2D
        d, a = (0, 1) if load else (1, 0)
        return head + (DataShape2D(d), Payload(0 if load else None),
                       Block2DParam(a, 0), Block2DParam(a, 1), Block2DParam(a, 2),
                       Block2DParam(a, 3), Block2DParam(a, 4, True), Block2DParam(a, 5),
                       Shortfall(10), Finish())
    if info.kind is lsc_codes.LscOpKind.STORE:  # store addr data
        d, a = 1, 0
        ops = (Payload(None), AddrReg(a), Payload(d), Payload(None))
    elif info.kind is lsc_codes.LscOpKind.ATOMIC:  # atomic dst addr src1 src2
        d, a = 0, 1
        ops = (Payload(0), AddrReg(a), Payload(2), Payload(3))
    elif info.kind is lsc_codes.LscOpKind.LOAD:  # load dst addr
        d, a = 0, 1
        ops = (Payload(0), AddrReg(a), Payload(None), Payload(None))
    else:
        return None
    if info.is_strided:
        ops = ops[:2] + (Pitch(a, d),) + (ops[2],)
    return (head + _untyped_addr(a) + (DataShape(d, info.is_strided, info.has_channel_mask),
                                       LscSurface(a)) + ops + (Finish(),))


def typed_atoms(op: lsc_codes.LscOp) -> tuple | None:
    info = lsc_codes.LSC_OP_INFO[op]
    sub = Lit(1, int(op))
    if op == lsc_codes.LscOp.READ_STATE_INFO:  # dst, model(surface)[coords]
        return (sub, Lit(1, _NOMASK_1), PredField(), FixedMod(0, "tgm"), Lit(1, 0), Lit(1, 0),
                AddrType(1), Lit(1, int(lsc_codes.LscAddrSize.A32)),
                Lit(1, int(lsc_codes.LscDataSize.D32)), Lit(1, TRANSPOSE),
                Lit(1, int(lsc_codes.LscDataElems.X16)), Lit(1, int(lsc_codes.LscDataElems.X16)),
                LscSurface(1), SurfaceIndex(1), Payload(0),
                TypedCoord(1, 0), TypedCoord(1, 1), TypedCoord(1, 2), TypedCoord(1, 3, False),
                Payload(None), Payload(None), Finish())
    if info.kind is lsc_codes.LscOpKind.STORE:
        d, a, dst, s1, s2 = 1, 0, None, 1, None
    elif info.kind is lsc_codes.LscOpKind.ATOMIC:
        d, a, dst, s1, s2 = 0, 1, 0, 2, 3
    elif info.kind is lsc_codes.LscOpKind.LOAD:
        d, a, dst, s1, s2 = 0, 1, 0, None, None
    else:
        return None
    return (sub,) + _HEAD + (
        FixedMod(0, "tgm"), CacheMod(1), CacheMod(2), AddrType(a), AddrSize(a),
        DataShape(d, False, info.has_channel_mask),
        LscSurface(a), SurfaceIndex(a), Payload(dst),
        TypedCoord(a, 0), TypedCoord(a, 1), TypedCoord(a, 2), TypedCoord(a, 3, False),
        Payload(s1), Payload(s2), Finish())


@record
class No41Binary(Atom):
    """The one atom of a vISA 4.2-only form: vISA 4.1's binary format has no
    field layout for it (and no 4.2 binary format exists), so encoding it is
    an error that names the construct."""
    what: str

    def encode(self, ins, cx, out):
        _fail(f"'{ins.mnemonic}': {self.what} exists only in vISA 4.2 text (IGC 2.x); "
              "vISA 4.1, the only binary format, has no form for it", ins)

    def decode(self, rd, cx, b):  # pragma: no cover - no sub-op of the binary leads here
        raise DecodeError("vISA 4.2 form in a 4.1 binary", rd.at())


_TYPED_BLOCK2D = "a typed 2D block (.tgm with a WxH block shape)"


def _typed_block2d_to_41(ins):
    """A typed 2D block has no vISA 4.1 spelling."""
    if ins.mods[:1] == ("tgm",):
        _fail(f"'{ins.mnemonic}': {_TYPED_BLOCK2D} exists only in vISA 4.2; vISA 4.1 cannot "
              "say it", ins)
    return ins


def _families() -> list:
    """(mnemonic, untyped layout, typed layout) of each LSC message."""
    typed_ops = {s.code for s in lsc_codes.LSC_TYPED_SUBOPS}
    typed_42 = {s.code: s for s in lsc_codes.LSC_TYPED_BLOCK2D_SUBOPS}
    untyped_ops = {s.code for s in lsc_codes.LSC_UNTYPED_SUBOPS}
    out = []
    for op in lsc_codes.LscOp:
        if op == lsc_codes.LscOp.FENCE:
            continue
        m = lsc_codes.LSC_OP_INFO[op].mnemonic
        u = untyped_atoms(op) if op in untyped_ops else None
        t = typed_atoms(op) if op in typed_ops else None
        uf = Form(m, UNTYPED, u) if u is not None else None
        tf = Form(m, TYPED, t) if t is not None else None
        if op in typed_42:  # vISA 4.2's typed 2D block: a record without a binary form
            tf = Form(m, TYPED, (No41Binary(_TYPED_BLOCK2D),), since=typed_42[op].since)
        if uf is not None or tf is not None:
            out.append((m, uf, tf))
    return out


# ------------------------------------------------------------- text facts
def _explicit_pitch(ins, declared):
    """A strided address without a pitch means the natural block stride
    (element bytes x vector length): written out, as the binary has it."""
    addr = next((o for o in ins.operands if type(o) is ast.LscAddr), None)
    data = next((o for o in ins.operands if type(o) is ast.LscData), None)
    if addr is None or data is None or addr.extra or addr.base is None or data.shape.block:
        return None
    pitch = natural_stride(parse_shape(data.shape, data))
    new = attrs.evolve(addr, extra=(ast.Number(pitch, line=addr.line, col=addr.col),))
    return attrs.evolve(ins, operands=tuple(new if o is addr else o for o in ins.operands))


_TEXT = text_facts(
    ("lsc_load_strided", dict(older=_explicit_pitch)), ("lsc_store_strided", dict(older=_explicit_pitch)),
    (("lsc_load_block2d", "lsc_store_block2d"), dict(to_41=_typed_block2d_to_41)),
)


def _records() -> tuple:
    out = []
    own = Checks(own_modifiers=True)  # the LSC rules judge the SFID, caches and fences
    for m, uf, tf in _families():
        members = tuple(f for f in (uf, tf) if f is not None)
        out.append(row_form(opcodes.OPCODES_BY_NUMBER[members[0].opcode], m, atoms=(),
                            text=evolve_record(_TEXT.get(m, Text()), style=LSC), checks=own,
                            members=members, choose=BySfid(uf, tf), verify=(rules.lsc_shapes, rules.lsc)))
    out.append(row_form(opcodes.OPCODES_BY_NUMBER[FENCE], "lsc_fence", atoms=(
        Lit(1, _NOMASK_1), Lit(2, 0), ModEnum(1, 0, SFID), ModEnum(1, 1, FENCE_OP),
        ModEnum(1, 2, SCOPE)), text=Text(style=LSC),
        checks=Checks(own_modifiers=True, predicate=False), verify=(rules.lsc_fence,)))
    return tuple(out)


RECORDS: tuple = _records()
