"""Instruction forms: the dataport family (its records, gathered into visa.isa.forms.FORMS).

Legacy surface access (oword, media, gather/scatter, typed, *_scaled, atomics,
qw_gather/qw_scatter) and shared virtual memory (the ``svm`` opcode and its
sub-operations).  Each form is the opcode's row in the instruction table with
the fields GenX_IR (igc-1.0.14828.26) writes in its own way spelled out.

Layout facts (GenX_IR's builder, BuildCISAIRImpl.cpp / VISAKernelImpl.cpp,
checked against the references):

* oword_ld / oword_ld_unaligned / oword_st: no exec-size byte; the text's
  execution size ``(n)`` is the number of owords, stored as an OwordNum code
  (1, 2, 4, 8, 16 -> 0..4).  The load's ``modifier`` byte is always 0: the
  parser accepts ``.mod`` (on oword_st too, which has no such byte) and the
  builder drops it.
* media_ld / media_st: modifier byte (nomod, modified, top, bottom, top_mod,
  bottom_mod -> 0..5), surface, plane byte (0 when the text omits it), block
  width and block height bytes (the text's ``(w,h)``), x and y offsets, raw.
* gather / scatter: no exec or predicate fields.  The element size byte is
  1, 2, 4 bytes -> 0, 1, 2; gather's ``modifier`` byte is always 0 (``.mod``
  is dropped); the element-count byte packs the execution size as 8 -> 0,
  16 -> 1, 1 -> 2 in its low bits and the execution mask in bits 4..7.
* gather4_scaled / scatter4_scaled (and svm_*4scaled): channel mask byte
  (R=1, G=2, B=4, A=8, not inverted), then a 16-bit scale that is always 0.
* gather_scaled / scatter_scaled: a block-size byte that is always 0, the
  block count (1, 2, 4, 8 -> 0..3), a 16-bit scale that is always 0.
* dword_atomic / typed_atomic / svm_atomic: the op byte is the AtomicOp code
  with 0x20 for ``.16`` (and 0x40 for svm_atomic ``.64``; ``.32`` adds
  nothing).  svm_atomic's text lists ``addresses dst src0 src1``; the binary
  writes addresses, src0, src1, dst.
* svm_block_ld / svm_block_st: no exec field; the properties byte is the
  OwordNum code of ``(n)`` with 0x80 set unless the text says ``.aligned``
  (no modifier means unaligned).
* svm_gather / svm_scatter: block size 1, 4, 8 -> 0, 1, 2 and block count
  1, 2, 4, 8 -> 0..3, from ``svm_gather.<size>.<count>``.
"""
from __future__ import annotations

import attrs
from .._record import record

from .. import ast
from . import datatypes, value_codes, subops, opcodes
from . import rules_dataport as rules
from .atoms import (MASK_CODE, MASK_NAME, SIZES, Atom, ModTest, DecodeError, Exec, Lit, Mismatch, ModCheck,
                    ModEnum, PredField, RawOp, Vec, operand, read_code)
from .atoms import fail as _fail
from .operands import describe as _describe
from .records import OPEN, Signature, Slot, Text, but, layout_forms, row_form
from .syntax import MEDIA

_OP = {k: int(v.number) for k, v in opcodes.OPCODES_BY_MNEMONIC.items()}
_SVM = _OP["svm"]




def _mask_code(ins):
    e = ins.exec
    return MASK_CODE[e.mask or "M1"]


# ------------------------------------------------------------ tables
OWORD_CODE = {value_codes.OWORD_COUNT[c]: int(c) for c in value_codes.OwordNum}  # 1 -> 0 ... 16 -> 4
OWORD_COUNT = {v: k for k, v in OWORD_CODE.items()}
_NUM_BLOCKS = tuple((str(value_codes.SVM_BLOCK_COUNT[n]), int(n)) for n in value_codes.SvmBlockNum)  # 1,2,4,8
_SVM_BLOCK_SIZE = tuple((str(value_codes.SVM_BLOCK_SIZE[t]),
                         int(t)) for t in value_codes.SvmBlockType)  # 1,4,8
_GATHER_ELT = (("1", int(value_codes.GatherElemSize.BYTE)), ("2", int(value_codes.GatherElemSize.WORD)),
               ("4", int(value_codes.GatherElemSize.DWORD)))
_MEDIA_MODE = tuple((n, int(m)) for m, n in value_codes.MEDIA_LD_MODIFIER_NAMES.items())
# gather/scatter element count: execution size -> low bits of the byte
_GATHER_NUM = {8: 0, 16: 1, 1: 2}
_GATHER_WIDTH = {v: k for k, v in _GATHER_NUM.items()}
_CHANNEL_BY_NAME = {n: int(m) for m, n in value_codes.CHANNEL_MASK_NAMES.items() if n}
_CHANNEL_NAME = {v: k for k, v in _CHANNEL_BY_NAME.items()}
_ATOMIC_BY_NAME = {n: int(op) for op, n in value_codes.ATOMIC_OP_NAMES.items()}
_ATOMIC_NAME = {v: k for k, v in _ATOMIC_BY_NAME.items()}
_ATOMIC_OPS = frozenset(_ATOMIC_BY_NAME)
_SVM_ALIGNMENT = frozenset(("aligned", "unaligned"))


def _is_channel_mask(m: str) -> bool:
    return m.upper() in _CHANNEL_BY_NAME


CHANNEL_MASK = ModTest(_is_channel_mask, "a channel mask (.R, .RG, .RGBA ...)")


# ------------------------------------------------------------- atoms
@record
class SurfaceId(Atom):
    """A surface operand written as a bare name (``T6``, ``%slm``): in these
    forms it is one byte, the surface id (not a state operand)."""
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    @property
    def name_slots(self) -> tuple:
        return ((self.index, "T"),)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if type(o) is ast.Name and o.mod is None:
            kind, ident = cx.var_kind(o.name, o)
            if kind == "T":
                if ident > 0xFF:
                    _fail(f"surface '{o.name}' has id {ident}, more than a byte holds", o)
                out.append(SIZES[1].pack(ident))
                return
            _fail(f"'{o.name}' is not a surface (declare it with v_type=T)", o)
        _fail(f"expected a surface such as T6 or %slm, found {_describe(o)}", o)

    def decode(self, rd, cx, b):
        at = rd.at()
        b.operands[self.index] = ast.Name(cx.var_name("T", rd.ub(), at))


@record
class OwordCount(Atom):
    """The text's execution size ``(n)`` as an OwordNum byte (oword_ld/st)."""

    def encode(self, ins, cx, out):
        out.append(SIZES[1].pack(_oword_code(ins)))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        if v not in OWORD_COUNT:
            raise DecodeError(f"invalid oword count code {v}", at)
        b.exec = ast.ExecSize(OWORD_COUNT[v])


def _oword_code(ins):
    e = ins.exec
    if e is None:
        _fail(f"'{ins.mnemonic}' needs a size in owords, e.g. (2)", ins)
    if e.size not in OWORD_CODE:
        _fail(f"'{ins.op}' moves 1, 2, 4, 8 or 16 owords, not {e.size}", e)
    return OWORD_CODE[e.size]


@record
class DroppedMod(Atom):
    """A byte GenX_IR always writes 0 for although the text may set it: the
    ``.mod`` of oword_ld and gather (``mods`` or ``post_mods``).  Decoding
    bit 0 set gives back ``.mod`` (binaries from Intel's C++ builder)."""
    post: bool = False  # where the decoder puts it: post_mods (gather) or mods

    def encode(self, ins, cx, out):
        out.append(b"\0")

    def decode(self, rd, cx, b):
        if rd.ub() & 1:
            if self.post:
                b.post_mods.append("mod")
            else:
                b.mods[0] = "mod"


@record
class GatherCount(Atom):
    """gather/scatter: the execution size (8, 16 or 1) and mask in one byte."""

    def encode(self, ins, cx, out):
        e = ins.exec
        if e is None:
            _fail(f"'{ins.mnemonic}' needs an execution size, e.g. (M1, 16)", ins)
        if e.size not in _GATHER_NUM:
            _fail(f"'{ins.op}' executes on 1, 8 or 16 elements, not {e.size}", e)
        out.append(SIZES[1].pack(_GATHER_NUM[e.size] | (_mask_code(ins) << 4)))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        if (v & 0xF) not in _GATHER_WIDTH:
            raise DecodeError(f"invalid gather/scatter element count code {v & 0xF}", at)
        b.exec = ast.ExecSize(_GATHER_WIDTH[v & 0xF], MASK_NAME[v >> 4])


@record
class ChannelMod(Atom):
    """A channel mask modifier (``.RGBA``, any case) as a byte R=1 G=2 B=4 A=8."""
    pos: int = 0

    @property
    def mod_slots(self) -> tuple:
        return ((self.pos, CHANNEL_MASK),)  # in any case

    @property
    def mod_least(self) -> int:
        return self.pos + 1

    def encode(self, ins, cx, out):
        m = ins.mods[self.pos] if self.pos < len(ins.mods) else None
        v = _CHANNEL_BY_NAME.get(m.upper()) if m else None
        if v is None:
            _fail(f"'{ins.op}' needs a channel mask such as .R, .RG or .RGBA"
                  + (f", not '.{m}'" if m else ""), ins)
        out.append(SIZES[1].pack(v))

    def decode(self, rd, cx, b):
        b.mods[self.pos] = read_code(rd, _CHANNEL_NAME, "channel mask")


@record
class AtomicOpMod(Atom):
    """The atomic operation byte: ``.op`` at mods[0], then an optional width
    ``.16`` (0x20), ``.64`` (0x40) or ``.32`` (nothing) at mods[1]."""
    widths: tuple = (("16", 0x20),)
    mod_least = 1

    @property
    def mod_slots(self) -> tuple:
        return ((0, _ATOMIC_OPS), (1, frozenset(t for t, _ in self.widths)))

    def encode(self, ins, cx, out):
        m = ins.mods[0] if ins.mods else None
        if m not in _ATOMIC_BY_NAME:
            _fail(f"'{ins.op}' needs an atomic operation (.add, .sub, .inc, .dec, .min, .max, "
                  ".xchg, .cmpxchg, .and, .or, .xor, .minsint, .maxsint, .fmax, .fmin, "
                  ".fcmpwr, .fadd, .fsub)" + (f", not '.{m}'" if m else ""), ins)
        v = _ATOMIC_BY_NAME[m]
        if len(ins.mods) > 1:
            w = dict(self.widths).get(ins.mods[1])
            if w is None:
                _fail(f"'{ins.op}' takes a width of "
                      f"{', '.join('.' + t for t, _ in self.widths)}, not '.{ins.mods[1]}'", ins)
            v |= w
        if len(ins.mods) > 2:
            _fail(f"unknown modifier '.{ins.mods[2]}' for '{ins.op}'", ins)
        out.append(SIZES[1].pack(v))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        op = v & value_codes.ATOMIC_OP_MASK
        if op not in _ATOMIC_NAME:
            raise DecodeError(f"invalid atomic operation {op}", at)
        b.mods[0] = _ATOMIC_NAME[op]
        flags = v & ~value_codes.ATOMIC_OP_MASK
        if flags:
            for text, w in self.widths:
                if w == flags:
                    b.mods[1] = text
                    break
            else:
                raise DecodeError(f"invalid atomic width flags 0x{flags:02x}", at)


@record
class SvmBlockProps(Atom):
    """svm_block_ld/st properties: OwordNum of ``(n)`` | 0x80 unless ``.aligned``."""
    mod_slots = ((0, _SVM_ALIGNMENT),)

    def encode(self, ins, cx, out):
        mods = ins.mods
        if len(mods) > 1 or (mods and mods[0] not in ("aligned", "unaligned")):
            _fail(f"unknown modifier '.{mods[-1]}' for '{ins.op}' (expected .aligned or "
                  ".unaligned)", ins)
        aligned = bool(mods) and mods[0] == "aligned"
        out.append(SIZES[1].pack(_oword_code(ins) | (0 if aligned else 0x80)))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        if (v & 0x7F) not in OWORD_COUNT:
            raise DecodeError(f"invalid svm block properties 0x{v:02x}", at)
        b.exec = ast.ExecSize(OWORD_COUNT[v & 0x7F])
        if not v & 0x80:
            b.mods[0] = "aligned"


def _has_plane(ins) -> bool:
    return len(ins.operands) > 2 and type(ins.operands[2]) is ast.Number


@record
class MediaBlock(Atom):
    """media_ld/st: plane, block width and block height bytes.  The text is
    ``(w,h) surface [plane] x y raw``: the block is operand 0, the plane
    operand ``plane`` (None: the text leaves it out, and it is 0)."""
    plane: int | None = 2

    @property
    def operand_slots(self) -> tuple:
        return (0,) if self.plane is None else (0, self.plane)

    def encode(self, ins, cx, out):
        t = operand(ins, 0)
        if type(t) is not ast.Tuple or len(t.items) != 2 or \
                any(type(x) is not ast.Number for x in t.items):
            _fail(f"'{ins.op}' needs a block size (width,height) first, found {_describe(t)}", t)
        w, h = (x.value for x in t.items)
        plane = 0 if self.plane is None else operand(ins, self.plane).value
        for v, what in ((plane, "plane"), (w, "block width"), (h, "block height")):
            if not 0 <= v <= 0xFF:
                _fail(f"{what} {v} does not fit in a byte", t)
        out.append(bytes((plane, w, h)))

    def decode(self, rd, cx, b):
        plane, w, h = rd.ub(), rd.ub(), rd.ub()
        if self.plane is None and plane:
            raise Mismatch()
        b.operands[0] = ast.Tuple((ast.Number(w), ast.Number(h)))
        if self.plane is not None:
            b.operands[self.plane] = ast.Number(plane)


@record
class WithPlane:
    """media_ld/st's choice: the layout with a plane operand when the text
    writes one (a number after the surface), else the one without."""
    with_plane: object
    without: object

    def __call__(self, ins):
        return self.with_plane if _has_plane(ins) else self.without


@record
class Operands(Atom):
    """No bytes: checks the number of text operands (``counts``: allowed)."""
    counts: tuple

    def encode(self, ins, cx, out):
        if len(ins.operands) not in self.counts:
            _fail(f"'{ins.mnemonic}' takes {' or '.join(map(str, self.counts))} operands, "
                  f"found {len(ins.operands)}", ins)

    def decode(self, rd, cx, b):
        pass


@record
class NoPred(Atom):
    """No bytes: the form has no predicate field, so a predicate is an error."""
    refuses_pred = True

    def encode(self, ins, cx, out):
        if ins.pred is not None:
            _fail(f"'{ins.op}' cannot be predicated", ins.pred)

    def decode(self, rd, cx, b):
        pass


# ------------------------------------------------------------- forms
_LAYOUTS: list = []  # (mnemonic, opcode, atoms) of each form, made into records below


def _reg(mnemonic, opcode, atoms):
    _LAYOUTS.append((mnemonic, opcode, tuple(atoms)))


def _chk(n, first=0, allowed=(), post=()):
    return (Operands((n,) if isinstance(n, int) else n), ModCheck(allowed, first, post=post), NoPred())


# oword_ld (n) surface offset dst
for _m in ("oword_ld", "oword_ld_unaligned"):
    _reg(_m, _OP[_m], (*_chk(3, 0, ("mod",)), OwordCount(), DroppedMod(), SurfaceId(0), Vec(1),
                       RawOp(2)))
_reg("oword_st", _OP["oword_st"], (*_chk(3, 0, ("mod",)), OwordCount(), SurfaceId(0), Vec(1),
                                   RawOp(2)))

# media_ld.<mode> (w,h) surface [plane] x y raw: a family of two layouts,
# with and without the plane (both write a plane byte)
for _m in ("media_ld", "media_st"):
    _reg(_m, _OP[_m], (*_chk(6, 1), ModEnum(1, 0, _MEDIA_MODE), SurfaceId(1), MediaBlock(2),
                       Vec(3), Vec(4), RawOp(5)))
    _reg(_m, _OP[_m], (*_chk(5, 1), ModEnum(1, 0, _MEDIA_MODE), SurfaceId(1), MediaBlock(None),
                       Vec(2), Vec(3), RawOp(4)))

# gather.<elt> (exec)[.mod] surface global_offset offsets dst
_reg("gather", _OP["gather"], (*_chk(4, 1, post=("mod",)), ModEnum(1, 0, _GATHER_ELT), DroppedMod(post=True),
                               GatherCount(), SurfaceId(0), Vec(1), RawOp(2), RawOp(3)))
_reg("scatter", _OP["scatter"], (*_chk(4, 1, post=("mod",)), ModEnum(1, 0, _GATHER_ELT), GatherCount(),
                                 SurfaceId(0), Vec(1), RawOp(2), RawOp(3)))

# gather4_typed.<ch> (exec) surface u v r lod dst
for _m in ("gather4_typed", "scatter4_typed"):
    _reg(_m, _OP[_m], (Operands((6,)), ModCheck((), 1), Exec(), PredField(), ChannelMod(), SurfaceId(0),
                       RawOp(1), RawOp(2), RawOp(3), RawOp(4), RawOp(5)))

# gather4_scaled.<ch> (exec) surface global_offset offsets dst
for _m in ("gather4_scaled", "scatter4_scaled"):
    _reg(_m, _OP[_m], (Operands((4,)), ModCheck((), 1), Exec(), PredField(), ChannelMod(), Lit(2, 0),
                       SurfaceId(0), Vec(1), RawOp(2), RawOp(3)))

# gather_scaled.<blocks> (exec) surface global_offset offsets dst
for _m in ("gather_scaled", "scatter_scaled"):
    _reg(_m, _OP[_m], (Operands((4,)), ModCheck((), 1), Exec(), PredField(), Lit(1, 0),
                       ModEnum(1, 0, _NUM_BLOCKS), Lit(2, 0), SurfaceId(0), Vec(1), RawOp(2),
                       RawOp(3)))

# dword_atomic.<op>[.16] (exec) surface offsets src0 src1 dst
_reg("dword_atomic", _OP["dword_atomic"], (Operands((5,)), ModCheck((), 2), AtomicOpMod(), Exec(),
                                           PredField(), SurfaceId(0), RawOp(1), RawOp(2), RawOp(3),
                                           RawOp(4)))
# typed_atomic.<op>[.16] (exec) surface u v r lod src0 src1 dst
_reg("typed_atomic", _OP["typed_atomic"], (Operands((8,)), ModCheck((), 2), AtomicOpMod(), Exec(),
                                           PredField(), SurfaceId(0), *(RawOp(k) for k in range(1, 8))))

# qw_gather.<blocks> (exec) surface offsets dst
for _m in ("qw_gather", "qw_scatter"):
    _reg(_m, _OP[_m], (Operands((3,)), ModCheck((), 1), Exec(), PredField(),
                       ModEnum(1, 0, _NUM_BLOCKS), SurfaceId(0), RawOp(1), RawOp(2)))

# ----------------------------------------------------------------- svm
_SUB = {s.mnemonic: int(s.code) for s in subops.SVM_SUBOPS}

# svm_block_ld[.aligned|.unaligned] (n) address raw
for _m in ("svm_block_ld", "svm_block_st"):
    _reg(_m, _SVM, (Lit(1, _SUB[_m]), Operands((2,)), ModCheck((), 1), NoPred(), SvmBlockProps(),
                    Vec(0),
                    RawOp(1)))

# svm_gather.<size>.<count> (exec) addresses dst
for _m in ("svm_gather", "svm_scatter"):
    _reg(_m, _SVM, (Lit(1, _SUB[_m]), Operands((2,)), ModCheck((), 2), Exec(), PredField(),
                    ModEnum(1, 0, _SVM_BLOCK_SIZE), ModEnum(1, 1, _NUM_BLOCKS), RawOp(0), RawOp(1)))

# svm_atomic.<op>[.16|.32|.64] (exec) addresses dst src0 src1
_reg("svm_atomic", _SVM, (Lit(1, _SUB["svm_atomic"]), Operands((4,)), ModCheck((), 2), Exec(),
                          PredField(),
                          AtomicOpMod((("16", 0x20), ("64", 0x40), ("32", 0))),
                          RawOp(0), RawOp(2), RawOp(3), RawOp(1)))

# svm_gather4scaled.<ch> (exec) address offsets dst
for _m in ("svm_gather4scaled", "svm_scatter4scaled"):
    _reg(_m, _SVM, (Lit(1, _SUB[_m]), Operands((3,)), ModCheck((), 1), Exec(), PredField(),
                    ChannelMod(), Lit(2, 0), Vec(0), RawOp(1), RawOp(2)))


# ---------------------------------------------------- older-spec spellings
def _older_gather(ins, declared):
    """``gather/scatter[.mod] (n) (elt) ...`` (older spec) is
    ``gather.<elt> (M1, n) ...``."""
    ops = ins.operands
    if not (ops and type(ops[0]) is ast.Tuple and len(ops[0].items) == 1
            and type(ops[0].items[0]) is ast.Number and ins.exec):
        return None
    elt = str(ops[0].items[0].value)
    mods = (elt,) + tuple(m for m in ins.mods if m != elt)
    exe = ins.exec if ins.exec.mask else attrs.evolve(ins.exec, mask="M1")
    return attrs.evolve(ins, mods=mods, exec=exe, operands=ops[1:])


_OLD_ATOMIC_NAMES = {"imin": "minsint", "imax": "maxsint"}


def _older_dword_atomic(ins, declared):
    """``dword_atomic.op (n) T goff offs dst src0 src1`` (older spec, goff 0)
    is ``dword_atomic.op (M1, n) T offs src0 src1 dst``; its ``imin``/``imax``
    are ``minsint``/``maxsint``."""
    ops = ins.operands
    if len(ops) != 6:
        return None
    goff = ops[1]
    if type(goff) is not ast.Imm or goff.bits != 0:
        _fail("dword_atomic with a global offset operand is the older spec's form; "
              "vISA 4.1 has no global offset (only 0 can be dropped)", goff)
    mods = tuple(_OLD_ATOMIC_NAMES.get(m, m) for m in ins.mods)
    exe = ins.exec if ins.exec is None or ins.exec.mask else attrs.evolve(ins.exec, mask="M1")
    surf, _, offs, dst, src0, src1 = ops
    return attrs.evolve(ins, mods=mods, exec=exe, operands=(surf, offs, src0, src1, dst))


_MOD = frozenset(("mod",))
_TEXT = {
    "gather": Text(older=_older_gather, silent_mods=_MOD),
    "scatter": Text(older=_older_gather),
    "dword_atomic": Text(older=_older_dword_atomic),
    # modifiers the binary does not record (vISA 4.2 records .unaligned)
    **{m: Text(silent_mods=_MOD) for m in ("oword_ld", "oword_ld_unaligned", "oword_st")},
    **{m: Text(silent_mods=frozenset(("unaligned",)), silent_mods_42=frozenset())
       for m in ("svm_block_ld", "svm_block_st")},
    "svm_atomic": Text(silent_mods=frozenset(("32",))),
    **{m: Text(style=MEDIA) for m in ("media_ld", "media_st")},
}

# the operands Intel's verifier checks alone: an offset not an address or
# predicate operand, gather/scatter data of a 4-byte type, dword_atomic's
# offsets ud
_OFFSET = Slot("src", but("A", "P"), None, "offset")
_FOUR_BYTES = frozenset(t for t, i in datatypes.TYPE_INFO_BY_NAME.items() if i.size == 4)
_SIGNATURES = {
    **{m: Signature((Slot(), _OFFSET, Slot("dst" if m != "oword_st" else "src", raw=True)))
       for m in ("oword_ld", "oword_ld_unaligned", "oword_st")},
    **{m: Signature((Slot(), Slot("src", but("A", "P"), None, "global offset"),
                     Slot("src", None, None, "offsets", raw=True),
                     Slot("dst" if m == "gather" else "src", None, _FOUR_BYTES, "data", raw=True)),
                    "type-raw")
       for m in ("gather", "scatter")},
    "dword_atomic": Signature((Slot(), Slot("src", None, frozenset(("ud",)), "offsets", raw=True),
                               Slot(raw=True), Slot(raw=True), Slot("dst", raw=True)), "type-raw"),
}
_MEDIA_SIGNATURES = (  # (w,h) surface plane x y raw; (w,h) surface x y raw
    Signature((Slot(), Slot(), Slot(), _OFFSET, _OFFSET, Slot(raw=True))),
    Signature((Slot(), Slot(), _OFFSET, _OFFSET, Slot(raw=True))))

# the family's rules (rules_dataport.py)
_RULES = {
    "dword_atomic": (rules.dword_atomic,),
    **{m: (rules.media,) for m in ("media_ld", "media_st")},
    **{m: (rules.oword,) for m in ("oword_ld", "oword_ld_unaligned", "oword_st")},
    **{m: (rules.typed4,) for m in ("gather4_typed", "scatter4_typed")},
}


def _media_family(row, m: str, made: list) -> tuple[tuple, object]:
    members = tuple(row_form(row, m, atoms=atoms, signature=sig)
                    for (_, atoms), sig in zip(made, _MEDIA_SIGNATURES))
    return members, WithPlane(*members)


def _records() -> tuple:
    return layout_forms(_LAYOUTS, opcodes.OPCODES_BY_NUMBER,
                        lambda m: dict(text=_TEXT.get(m, Text()), verify=_RULES.get(m, ())),
                        lambda m: _SIGNATURES.get(m, OPEN), _media_family)


RECORDS: tuple = _records()
