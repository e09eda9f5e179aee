"""Field atoms: the pieces an instruction's binary form is made of.

Each atom knows both directions for one field of the instruction stream
(envytools' atoms, Mesa isaspec's fields):

* ``encode(ins, cx, out)`` appends the field's bytes for AST instruction
  ``ins`` (``cx`` resolves names to ids: :class:`visa.encode.Symbols`);
* ``decode(rd, cx, b)`` reads the field from ``rd`` (a :class:`Reader`) and
  puts what it means into ``b`` (an :class:`InsBuilder`: ``b.mods[pos]``,
  ``b.operands[index]``, ``b.pred``, ``b.exec``, ``b.extra_mods``,
  ``b.post_mods``).  ``cx`` (:class:`visa.decode.Names`) gives names:
  ``cx.var_name(kind, id, at)`` with kind 'G' 'A' 'P' 'S' 'T',
  ``cx.label_name(id, at)``, ``cx.string(index, at)``.  A field whose value
  rules this form out (another form shares the opcode) raises
  :class:`Mismatch`; bytes that fit no form raise :class:`DecodeError`.
  ``cx`` also says what the object declares: ``cx.kind_of(name)`` (G A P
  S T, or None), ``cx.type_size(name)`` (a general variable's element
  size), ``cx.label_kind(id)`` (None where not known) and ``cx.grf_bytes``.

An instruction form (visa/isa/forms.py) is an opcode and a tuple of atoms;
the encoder and the decoder are loops over that tuple.
"""
from __future__ import annotations

import struct
from typing import Callable, NamedTuple

from .._record import record

from .. import ast
from . import datatypes, field_codes, predefined

_UB = struct.Struct("<B")
_UW = struct.Struct("<H")
_W = struct.Struct("<h")
_UD = struct.Struct("<I")
_UQ = struct.Struct("<Q")
SIZES = {1: _UB, 2: _UW, 4: _UD, 8: _UQ}

TYPE_CODE = {k: int(v) for k, v in datatypes.TYPE_BY_NAME.items()}
TYPE_NAME = {v: k for k, v in TYPE_CODE.items()}
MOD_CODE = {None: 0, "abs": 1, "-": 2, "-abs": 3, "sat": 4, "~": 5}
MOD_NAME = {v: k for k, v in MOD_CODE.items()}
REGION_CODE = {v: int(c) for v, c in field_codes.REGION_CODE_BY_VALUE.items()}
REGION_VALUE = {int(c): v for c, v in field_codes.REGION_VALUE.items()}
EXEC_SIZE_CODE = {w: int(c) for w, c in field_codes.EXEC_SIZE_BY_WIDTH.items()}
EXEC_WIDTH = {c: w for w, c in EXEC_SIZE_CODE.items()}
MASK_CODE = {k: int(v) for k, v in field_codes.EXEC_MASK_BY_NAME.items() if k != "NoMask"}
MASK_NAME = {v: k for k, v in MASK_CODE.items()}
WIDE_TYPES = frozenset(n for n, i in datatypes.TYPE_INFO_BY_NAME.items() if i.imm_size == 8)

# vector operand classes (the low 3 bits of the tag)
GENERAL, ADDRESS, PREDICATE, INDIRECT, ADDRESSOF, IMMEDIATE, STATE = range(7)
SURFACE_CLASS, SAMPLER_CLASS = 0, 1


class EncodeError(ValueError):
    """An instruction that cannot be encoded; ``node`` locates it."""

    def __init__(self, message: str, node=None):
        super().__init__(message)
        self.node = node


def fail(msg, node):
    """Raise the EncodeError ``msg`` at ``node`` (every form module's one way
    to refuse an instruction)."""
    raise EncodeError(msg, node)


_fail = fail


# ----------------------------------------------------- the decode interface
class DecodeError(ValueError):
    """Bytes that do not form a valid instruction; ``offset`` locates them."""

    def __init__(self, message: str, offset: int | None = None):
        super().__init__(message if offset is None else f"byte offset {offset}: {message}")
        self.offset = offset


class Mismatch(Exception):
    """A field does not match this form (the decoder tries the next form)."""


class Reader:
    """A cursor over an instruction stream: ``ub() uw() w() ud() uq()`` read
    little-endian integers, ``pos`` is the offset in the stream."""

    __slots__ = ("data", "pos", "base")

    def __init__(self, data: bytes, pos: int = 0, base: int = 0):
        self.data, self.pos, self.base = data, pos, base

    def _take(self, st: struct.Struct):
        p = self.pos
        if p + st.size > len(self.data):
            raise DecodeError(f"instruction stream ends inside a {st.size}-byte field",
                              self.base + p)
        self.pos = p + st.size
        return st.unpack_from(self.data, p)[0]

    def ub(self):
        return self._take(_UB)

    def uw(self):
        return self._take(_UW)

    def w(self):
        return self._take(_W)

    def ud(self):
        return self._take(_UD)

    def uq(self):
        return self._take(_UQ)

    def uint(self, size: int):
        return self._take(SIZES[size])

    def at(self) -> int:
        return self.base + self.pos


class InsBuilder:
    """An instruction under construction while its atoms are decoded:
    ``mods`` maps modifier position -> text, ``operands`` operand index ->
    node; ``finish`` makes the AST node."""

    __slots__ = ("op", "mods", "extra_mods", "pred", "exec", "operands", "post_mods")

    def __init__(self, op: str):
        self.op = op
        self.mods: dict[int, str] = {}
        self.extra_mods: list[str] = []  # appended after the positional ones (.sat)
        self.pred = None
        self.exec = None
        self.operands: dict[int, object] = {}
        self.post_mods: list[str] = []

    def finish(self) -> ast.Instruction:
        mods = tuple(self.mods[k] for k in sorted(self.mods)) + tuple(self.extra_mods)
        ops = tuple(self.operands[k] for k in sorted(self.operands))
        return ast.Instruction(self.op, mods, self.pred, self.exec, ops, tuple(self.post_mods))


def read_code(rd: Reader, table: dict, what: str):
    """A one-byte code looked up in ``table`` (code -> meaning); a code the
    table lacks is a DecodeError 'invalid <what> <code>'."""
    at = rd.at()
    v = rd.ub()
    if v not in table:
        raise DecodeError(f"invalid {what} {v}", at)
    return table[v]


def region_values_checked(code: int, at: int):
    if code >> 12:
        raise DecodeError(f"invalid region code 0x{code:04x}", at)
    try:
        return region_values(code)
    except KeyError:
        raise DecodeError(f"invalid region code 0x{code:04x}", at) from None


# --------------------------------------------------------------- region codes
def region_code(values, node) -> int:
    """``<h>`` / ``<w,h>`` / ``<v;w,h>`` -> the 16-bit region field."""
    try:
        if len(values) == 1:
            return REGION_CODE[values[0]] << 8
        if len(values) == 2:
            return (REGION_CODE[values[0]] << 4) | (REGION_CODE[values[1]] << 8)
        v, w, h = values
        return REGION_CODE[v] | (REGION_CODE[w] << 4) | (REGION_CODE[h] << 8)
    except KeyError:
        _fail(f"region <{';'.join(map(str, values))}> has a stride or width vISA cannot "
              "encode (allowed: 0, 1, 2, 4, 8, 16, 32)", node)


def region_values(code: int):
    v, w, h = code & 0xF, (code >> 4) & 0xF, (code >> 8) & 0xF
    if w == 0:
        return (REGION_VALUE[h],)
    if v == 0:
        return (REGION_VALUE[w], REGION_VALUE[h])
    return (REGION_VALUE[v], REGION_VALUE[w], REGION_VALUE[h])


# ------------------------------------------------------------------- atoms
class Atom:
    """What every atom declares about the instruction it encodes (the one
    protocol by which the record, the validator and the builder learn what a
    form reads; no stage asks for an atom's class).  The defaults say "reads
    nothing": an atom overrides what it reads.

    * ``operand_slots``: the text operands it reads (by index);
      ``operands_from``: it reads every operand from this index on (lists);
    * ``mod_slots``: ((position, the words it takes there | a test), ...)
      of the dotted modifiers; ``mod_free``: words it takes at any position
      (a destination's ``.sat``); ``mod_list``: (words, first position,
      words after the execution size): no other modifier than these from
      that position on (:class:`ModCheck`); ``mod_least``: the fewest
      modifiers the instruction is written with (it reads one at a position
      below it); ``mod_ordered`` / ``mod_last``: every modifier but the last
      is one of these words, in this order, and the last is what this test
      (a :class:`ModTest`) takes (the 3D sampler's flags and channel mask);
      ``mod_own``: it reads modifiers in a way of its own that the validator
      cannot describe (cache controls, dpas precisions ...: the family's
      rule judges them);
    * ``name_slots``: ((operand index, kind letters), ...) of the operands
      written as a bare name that it reads as a variable of one of these
      kinds (G, A, P, S, T: a surface ``T6``, a sampler, a bare raw ``V``);
    * ``exec_field`` / ``pred_field``: it is the execution-size / predicate
      field; ``refuses_pred``: the form has no predicate and says so;
    * ``label_slots``: ((operand index, label kind), ...) of labels it names;
    * ``stateful``: encoding it adds to the string pool each time (its bytes
      depend on what came before); ``unwritten``: zero bytes it counts that
      Intel's writer leaves for the end of the stream;
    * ``operand_field``: ``"vector"`` or ``"raw"`` where it writes one
      vector or one raw operand field of its opcode's row (the operand it
      reads, or none: a ``%null`` payload), None for any other field.
    """
    __slots__ = ()
    operand_slots: tuple = ()
    operand_field: str | None = None
    operands_from: int | None = None
    mod_slots: tuple = ()
    mod_free: frozenset = frozenset()
    mod_list: tuple | None = None
    mod_least: int = 0
    mod_ordered: tuple = ()
    mod_last: "ModTest | None" = None
    mod_own: bool = False
    name_slots: tuple = ()
    exec_field: bool = False
    pred_field: bool = False
    refuses_pred: bool = False
    label_slots: tuple = ()
    stateful: bool = False
    unwritten: int = 0

    def encode(self, ins, cx, out) -> None:  # pragma: no cover - every atom says
        raise NotImplementedError

    def decode(self, rd, cx, b) -> None:  # pragma: no cover - every atom says
        raise NotImplementedError


_SAT = frozenset(("sat",))
ALL_KINDS = "GAPST"  # a bare name of any declared kind (its place's rules judge the kind)


class ModTest(NamedTuple):
    """What a modifier position takes when no list of words says it: a test
    of the word, and how messages describe what it takes."""
    test: Callable[[str], bool]
    words: str

    def __call__(self, m: str) -> bool:
        return self.test(m)


@record
class Exec(Atom):
    """The execution size and mask byte: size code | mask << 4."""
    exec_field = True

    def encode(self, ins, cx, out):
        e = ins.exec
        if e is None:
            _fail(f"'{ins.mnemonic}' needs an execution size, e.g. (M1, 16)", ins)
        if e.size not in EXEC_SIZE_CODE:
            _fail(f"execution size {e.size} is not 1, 2, 4, 8, 16 or 32", e)
        out.append(_UB.pack(EXEC_SIZE_CODE[e.size] | (MASK_CODE[e.mask or "M1"] << 4)))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        if (v & 0xF) not in EXEC_WIDTH:
            raise DecodeError(f"invalid execution size code {v & 0xF}", at)
        b.exec = ast.ExecSize(EXEC_WIDTH[v & 0xF], MASK_NAME[v >> 4])


@record
class PredField(Atom):
    """The predicate word: id | control << 13 | inverse << 15 (0: none)."""
    pred_field = True

    def encode(self, ins, cx, out):
        p = ins.pred
        if p is None:
            out.append(b"\0\0")
            return
        kind, ident = cx.var_kind(p.name, p)
        if kind != "P":
            _fail(f"'{p.name}' is not a predicate variable", p)
        ctrl = {None: 0, "any": 1, "all": 2}.get(p.control)
        if ctrl is None:
            _fail(f"unknown predicate control '.{p.control}' (expected .any or .all)", p)
        out.append(_UW.pack(ident | (ctrl << 13) | (0x8000 if p.negate else 0)))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.uw()
        if v & 0x1000 or (not v & 0xFFF and v):
            raise DecodeError(f"predicate field 0x{v:04x} has control bits but no predicate", at)
        if v & 0xFFF:
            ctrl = (v >> 13) & 3
            if ctrl == 3:
                raise DecodeError("invalid predicate control 3", at)
            b.pred = ast.Predicate(cx.var_name("P", v & 0xFFF, at), bool(v & 0x8000),
                                 (None, "any", "all")[ctrl])


@record
class Vec(Atom):
    """AST operand ``index`` as a vector operand; ``sat`` takes the
    instruction's ``.sat`` into the tag (destinations)."""
    index: int
    sat: bool = False
    operand_field = "vector"

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    @property
    def mod_free(self) -> frozenset:
        return _SAT if self.sat else frozenset()

    @property
    def name_slots(self) -> tuple:
        return ((self.index, ALL_KINDS),)  # a predicate or a state operand

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        _ops.encode_vector(o, cx, out, self.sat and "sat" in ins.mods)

    def decode(self, rd, cx, b):
        o, sat = _ops.decode_vector(rd, cx, self.sat)
        b.operands[self.index] = o
        if sat:
            b.extra_mods.append("sat")


@record
class RawOp(Atom):
    """AST operand ``index`` as a raw operand."""
    index: int
    operand_field = "raw"

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    @property
    def name_slots(self) -> tuple:
        return ((self.index, "G"),)  # a bare V is V.0

    def encode(self, ins, cx, out):
        _ops.encode_raw(operand(ins, self.index), cx, out)

    def decode(self, rd, cx, b):
        b.operands[self.index] = _ops.decode_raw(rd, cx)


@record
class Lit(Atom):
    """A constant field."""
    size: int
    value: int

    def encode(self, ins, cx, out):
        out.append(SIZES[self.size].pack(self.value))

    def decode(self, rd, cx, b):
        if rd.uint(self.size) != self.value:
            raise Mismatch()


@record
class ModEnum(Atom):
    """A field chosen by one of the instruction's dotted modifiers, looked up
    in ``table`` (modifier text -> value); ``pos`` is the modifier's position."""
    size: int
    pos: int
    table: tuple  # ((text, value), ...)

    @property
    def mod_slots(self) -> tuple:
        return ((self.pos, frozenset(t for t, _ in self.table)),)

    @property
    def mod_least(self) -> int:
        return self.pos + 1

    def encode(self, ins, cx, out):
        if self.pos >= len(ins.mods):
            _fail(f"'{ins.op}' needs a modifier ({', '.join('.' + t for t, _ in self.table)})", ins)
        m = ins.mods[self.pos]
        for text, value in self.table:
            if text == m:
                out.append(SIZES[self.size].pack(value))
                return
        _fail(f"unknown modifier '.{m}' for '{ins.op}' (expected "
              f"{', '.join('.' + t for t, _ in self.table)})", ins)

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.uint(self.size)
        for text, value in self.table:
            if value == v:
                b.mods[self.pos] = text
                return
        raise DecodeError(f"invalid value {v} for a modifier field", at)


def is_hex_word(m: str) -> bool:
    """``x<hex digits>`` (either case of the x)."""
    if m[:1] not in ("x", "X"):
        return False
    try:
        int(m[1:], 16)
    except ValueError:
        return False
    return True


HEX_WORD = ModTest(is_hex_word, ".x<hex>")


def is_decimal_word(m: str) -> bool:
    return m.isdigit()


@record
class HexMod(Atom):
    """A field written as a modifier ``x<hex>`` (``bfn.xf8``)."""
    size: int
    pos: int

    @property
    def mod_slots(self) -> tuple:
        return ((self.pos, HEX_WORD),)

    @property
    def mod_least(self) -> int:
        return self.pos + 1

    def encode(self, ins, cx, out):
        m = ins.mods[self.pos] if self.pos < len(ins.mods) else ""
        try:
            if not m[:1] in ("x", "X"):
                raise ValueError
            v = int(m[1:], 16)
        except ValueError:
            _fail(f"'{ins.op}' needs a modifier .x<hex>, e.g. .xf8", ins)
        if not 0 <= v < 1 << (8 * self.size):
            _fail(f"'{ins.op}': .{m} does not fit in {self.size} byte(s)", ins)
        out.append(SIZES[self.size].pack(v))

    def decode(self, rd, cx, b):
        b.mods[self.pos] = f"x{rd.uint(self.size):x}"

    def canonical(self, mods: tuple) -> tuple:
        """``x0F`` and ``XF`` are ``xf``, as Intel prints the field."""
        m = mods[self.pos] if self.pos < len(mods) else ""
        if m[:1] not in ("x", "X"):
            return mods
        try:
            v = int(m[1:], 16)
        except ValueError:
            return mods  # the encoder names the problem
        return mods[:self.pos] + (f"x{v:x}",) + mods[self.pos + 1:]


@record
class NumOp(Atom):
    """A bare-number operand written as an integer field."""
    size: int
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if type(o) is ast.Number:
            v = o.value
        elif type(o) is ast.Imm:
            v = o.bits
        else:
            _fail(f"expected a number, found {_ops.describe(o)}", o)
        if not 0 <= v < (1 << (8 * self.size)) and not -(1 << (8 * self.size - 1)) <= v < 0:
            _fail(f"{v} does not fit in {self.size} byte(s)", o)
        out.append(SIZES[self.size].pack(v & ((1 << (8 * self.size)) - 1)))

    def decode(self, rd, cx, b):
        b.operands[self.index] = ast.Number(rd.uint(self.size))


def grf_bytes(cx) -> int:
    """Bytes per GRF of the target (the text does not name its platform; the
    Gen blobs' platform codes do)."""
    return cx.grf_bytes


def var_type(cx, name: str) -> str | None:
    """The element type of general variable ``name`` (declared or predefined)."""
    t = cx.var_types.get(name)
    if t is not None:
        return t
    v = predefined.PREDEFINED_VAR_BY_NAME.get(name)
    return datatypes.TYPE_INFO[v.type].name if v is not None else None


def var_type_size(cx, name: str) -> int:
    t = var_type(cx, name)
    return datatypes.TYPE_INFO_BY_NAME[t].size if t else 1


def operand(ins, index: int):
    if index >= len(ins.operands):
        _fail(f"'{ins.mnemonic}' needs at least {index + 1} operand(s), found {len(ins.operands)}", ins)
    return ins.operands[index]


@record
class ModCheck(Atom):
    """Writes nothing: rejects the dotted modifiers the text does not have
    for the instruction.  Those after the first ``skip`` (which other atoms
    read) must be in ``allowed``; those after the execution size in
    ``post``.  ``why`` says why a modifier is refused."""
    allowed: tuple = ("sat",)
    skip: int = 0
    why: str = ""
    post: tuple = ()

    @property
    def mod_list(self) -> tuple:
        return (frozenset(self.allowed), self.skip, frozenset(self.post))

    def encode(self, ins, cx, out):
        for m in ins.mods[self.skip:]:
            if m not in self.allowed:
                expected = (f" (expected {', '.join('.' + a for a in self.allowed)})"
                            if self.allowed and not self.why else "")
                reason = f" ({self.why})" if self.why else ""
                fail(f"unknown modifier '.{m}' for '{ins.op}'{expected}{reason}", ins)
        for m in ins.post_mods:
            if m not in self.post:
                fail(f"unexpected '.{m}' after the execution size of '{ins.op}'", ins)

    def decode(self, rd, cx, b):
        pass


# The operand kinds (visa/isa/operands.py) build on this module's codes and
# errors; the atoms above reach them through the module object, which is
# complete by the time any atom runs.
from . import operands as _ops  # noqa: E402
