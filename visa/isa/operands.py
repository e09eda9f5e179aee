"""Operand kinds: each kind of operand is one class that owns its syntax,
its AST node, its text and its binary form.

A kind has:

* ``syntax``: the grammar shapes it reads (terminals of grammar/visa.lark,
  composed by visa/lexicon.py), each with the parts its reader takes and the
  name of its reader method.  One regular expression tries every shape; the
  shape that matched is the match's ``lastgroup``, its parts the groups
  ``SHAPE__PART``;
* ``node``: the AST class it reads to (visa/ast.py);
* ``text(o, version, sep)``: the operand as Intel prints it;
* ``tags``: the vector-operand classes of the binary it decodes (the low
  three bits of an operand's tag byte), and ``encode``/``decode`` for them.

A variable reference ``V(r,c)<...>`` is one node (:class:`visa.ast.VarRef`)
whose binary class is its declaration's: a general, address or state
variable (:class:`General`, :class:`Address`, :class:`State`); a bare name
in a vector slot is a predicate or state variable (:class:`Predicate`).
LSC data and addresses have no operand class in the binary: their fields
are the instruction's (visa/isa/forms_lsc.py writes them with the general
and raw codecs below).

The kinds are one value, :data:`KINDS` (a :class:`KindTable`;
:meth:`KindTable.with_kinds` makes a new one), which the stages read in place
when they run.  The parser, the printer, the encoder's and decoder's atoms
reach operands only through :data:`KINDS`, :func:`readers`, :func:`text`,
:func:`encode_vector`, :func:`decode_vector`, :func:`encode_raw` and
:func:`decode_raw`.  Internal module.
"""
from __future__ import annotations

import re
import struct
from functools import partial
from typing import Callable, ClassVar

import attrs
from .._record import record

from .. import ast
from ..textread import (LEX, MODS, Fail, imm_bits, ints, list_items, part_re, part_text, region_of, to_int,
                        type_name, unescape, unit_dependent)
from .atoms import (ADDRESS, ADDRESSOF, EXEC_SIZE_CODE, EXEC_WIDTH, GENERAL, IMMEDIATE, INDIRECT,
                    MOD_CODE, MOD_NAME, PREDICATE, SAMPLER_CLASS, STATE, SURFACE_CLASS,
                    TYPE_CODE, TYPE_NAME, WIDE_TYPES, DecodeError, fail, region_code,
                    region_values_checked)

V41, V42 = (4, 1), (4, 2)
_REGION_PARTS = ("VSTRIDE", "WIDTH", "HSTRIDE")


@record
class Spelling:
    """A grammar shape a kind reads: its terminal, the parts its reader
    takes (groups ``SHAPE__PART``) and the reader method's name."""
    name: str
    parts: tuple[str, ...] = ()
    reader: str = "read"


class Kind:
    """What every operand kind has (see the module's docstring)."""
    node: ClassVar[type]
    syntax: ClassVar[tuple[Spelling, ...]] = ()
    tags: ClassVar[tuple[int, ...]] = ()
    # the definition of each shape the grammar file does not have ((NAME,
    # grammar text) pairs, written as grammar/visa.lark writes a terminal and
    # composed from its terminals): a kind added as a value
    # (:meth:`KindTable.with_kinds`)
    grammar: ClassVar[tuple[tuple[str, str], ...]] = ()

    def text(self, o, version: tuple, sep: str) -> str:  # pragma: no cover - every kind says
        raise NotImplementedError

    def encode(self, o, cx, out: list, sat: bool) -> None:
        fail(f"expected a vector operand (variable, immediate, address), found {describe(o)}", o)

    def decode(self, tag: int, mod: str | None, rd, cx, at: int):  # pragma: no cover
        raise DecodeError(f"invalid operand class {tag & 7}", at)


def _mod_code(o) -> int:
    """The binary code of an operand's source modifier."""
    code = MOD_CODE.get(o.mod)
    if code is None or o.mod == "sat":
        fail(f"unknown source modifier '{o.mod}' (expected -, abs, -abs or ~)", o)
    return code


def _type_code(o) -> int:
    """The binary code of an operand's element type."""
    code = TYPE_CODE.get(o.type)
    if code is None:
        fail(f"unknown data type ':{o.type}'", o)
    return code


def _region_text(r) -> str:
    if len(r) == 1:
        return f"<{r[0]}>"
    if len(r) == 2:
        return f"<{r[0]},{r[1]}>"
    return f"<{r[0]};{r[1]},{r[2]}>"


def _mod_text(m) -> str:
    return f"({m})" if m else ""


def hex_text(n: int) -> str:
    """``0x1f`` / ``-0x4``: how Intel prints numbers inside LSC operands."""
    return f"-0x{-n:x}" if n < 0 else f"0x{n:x}"


# ------------------------------------------------------------- variables
_VREG_GROUPS = ("VREG__VAR", "VREG__ROW_COL", "VREG__ROW", "VREG__COL", "VREG__SRC_MOD",
                "VREG__VSTRIDE", "VREG__WIDTH", "VREG__HSTRIDE")


class General(Kind):
    """A general variable with a (row,column) offset and a region:
    ``(-)V7(0,1)<8;8,1>`` (spec: "Vector operands").  ``V<1>`` without an
    offset means ``V(0,0)<1>``.  The same syntax and node serve address
    (``A0(0)<1>``) and state (``T1(0)``) variables: the declaration decides
    the binary class."""
    node = ast.VarRef
    syntax = (Spelling("VREG", ("SRC_MOD", "VAR", "ROW_COL", "ROW", "COL") + _REGION_PARTS),)
    tags = (GENERAL,)

    def read(self, m: re.Match, line: int, col: int) -> ast.VarRef:
        var, rc, r, c, mod, v, w, h = m.group(*_VREG_GROUPS)
        # the common spelling (plain decimal numbers) read directly; anything
        # else (hex, %sizeof expressions) through ints()
        if (rc is None or (r.isdigit() and (c is None or c.isdigit()))) and (
                h is None or (h.isdigit() and (w is None or w.isdigit())
                              and (v is None or v.isdigit()))):
            offsets: tuple[int, ...] = (0, 0) if rc is None else (
                (int(r),) if c is None else (int(r), int(c)))
            region = None if h is None else (
                (int(h),) if w is None else (int(w), int(h)) if v is None
                else (int(v), int(w), int(h)))
            return ast.VarRef(var, offsets, region, MODS[mod], line=line, col=col)
        if rc is None:  # V<1>, V<8;8,1>: no (row,col) written means (0,0)
            offsets = (0, 0)
        else:
            r, c = ints(m, ("VREG__ROW", "VREG__COL"), "operand offset", line, col)
            offsets = (r,) if c is None else (r, c)
        return ast.VarRef(var, offsets, region_of(m, "VREG__", line, col), MODS[mod], line=line, col=col)

    def read_remembering(self, memo: dict, m: re.Match, line: int, col: int) -> ast.VarRef:
        """:meth:`read`, the values of the offsets and region taken from
        ``memo`` (one parse's) when their spelling, the text after the name,
        was read before: ``(0,0)<8;8,1>`` is read once however many
        variables carry it.  A spelling whose value depends on the unit
        (``%sizeof``: :func:`~visa.textread.unit_dependent`) is read each
        time."""
        end = m.end("VREG__VAR")
        tail = m.string[end:m.end("VREG")]
        hit = memo.get(tail)
        if hit is None:
            node = self.read(m, line, col)
            if not unit_dependent(tail):
                memo[tail] = (node.offsets, node.region)
            return node
        return ast.VarRef(m.string[m.start("VREG__VAR"):end], hit[0], hit[1],
                        MODS[m.group("VREG__SRC_MOD")], line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        s = f"{_mod_text(o.mod)}{o.name}({','.join(str(x) for x in o.offsets)})"
        return s + _region_text(o.region) if o.region is not None else s

    def encode_var(self, o, ident: int, mod: int, out: list) -> None:
        if len(o.offsets) != 2:
            fail(f"'{o.name}' needs a (row,column) offset", o)
        r, c = o.offsets
        region = region_code(o.region, o) if o.region is not None else 0
        out.append(struct.pack("<BIBBH", GENERAL | (mod << 3), ident, r & 0xFF, c & 0xFF, region))

    def decode(self, tag, mod, rd, cx, at):
        ident, r, c, region = rd.ud(), rd.ub(), rd.ub(), rd.uw()
        reg = region_values_checked(region, at) if region else None
        return ast.VarRef(cx.var_name("G", ident, at), (r, c), reg, mod)


class Address(General):
    """An address variable and its element: ``A0(1)<1>`` (the region's one
    value is the width)."""
    syntax = ()  # read and printed as its parent: the declaration gives the class
    tags = (ADDRESS,)

    def encode_var(self, o, ident, mod, out):
        width = o.region[0] if o.region else 1
        if width not in EXEC_SIZE_CODE:
            fail(f"address operand width <{width}> is not 1, 2, 4, 8, 16 or 32", o)
        out.append(struct.pack("<BHBB", ADDRESS | (mod << 3), ident, o.offsets[0] if o.offsets else 0,
                               EXEC_SIZE_CODE[width]))

    def decode(self, tag, mod, rd, cx, at):
        ident, off, width = rd.uw(), rd.ub(), rd.ub()
        if width not in EXEC_WIDTH:
            raise DecodeError(f"invalid address width code {width}", at)
        return ast.VarRef(cx.var_name("A", ident, at), (off,), (EXEC_WIDTH[width],), mod)


class State(General):
    """A surface or sampler with an element offset: ``T1(0)``, or its bare
    name (``T1``: offset 0)."""
    syntax = ()  # read and printed as its parent: the declaration gives the class
    tags = (STATE,)

    def encode_var(self, o, ident, mod, out, kind="T"):
        off = o.offsets[0] if type(o) is ast.VarRef and o.offsets else 0
        out.append(struct.pack("<BBHB", STATE, SAMPLER_CLASS if kind == "S" else SURFACE_CLASS,
                               ident, off))

    def decode(self, tag, mod, rd, cx, at):
        klass, ident, off = rd.ub(), rd.uw(), rd.ub()
        if klass not in (SURFACE_CLASS, SAMPLER_CLASS):
            raise DecodeError(f"invalid state operand class {klass}", at)
        return ast.VarRef(cx.var_name("S" if klass == SAMPLER_CLASS else "T", ident, at), (off,))


class Name(Kind):
    """A bare name: a label, a predicate, a surface or sampler, a function
    (``L1``, ``P3``, ``T1``); written ``(-)P1`` in the older spec's
    predicate operands."""
    node = ast.Name
    syntax = (Spelling("WORD"), Spelling("MOD_NAME", ("SRC_MOD", "VAR"), "read_mod_name"))

    def read(self, m, line, col):
        return ast.Name(m.group("WORD"), line=line, col=col)

    def read_mod_name(self, m, line, col):
        return ast.Name(m.group("MOD_NAME__VAR"), MODS[m.group("MOD_NAME__SRC_MOD")], line=line,
                      col=col)

    def text(self, o, version=V41, sep=", "):
        return f"({o.mod}){o.name}" if o.mod else o.name


class Predicate(Name):
    """A predicate variable as a vector operand (``P1``)."""
    syntax = ()  # read and printed as its parent: the declaration gives the class
    tags = (PREDICATE,)

    def encode_var(self, o, ident, mod, out):
        out.append(struct.pack("<BH", PREDICATE | (mod << 3), ident))

    def decode(self, tag, mod, rd, cx, at):
        return ast.Name(cx.var_name("P", rd.uw(), at), mod)


# --------------------------------------------------------- other operands
class Indirect(Kind):
    """``(-)r[A0(0),16]<8;8,1>:d``: an operand addressed by an address
    variable's element plus a byte offset, with a region and a type."""
    node = ast.Indirect
    syntax = (Spelling("INDIRECT", ("SRC_MOD", "IND_ADDR", "IND_SUBREG", "IND_OFFSET")
                    + _REGION_PARTS + ("TYPE_NAME",)),)
    tags = (INDIRECT,)

    def read(self, m, line, col):
        ty = m.group("INDIRECT__TYPE_NAME")
        if ty is None:
            raise Fail(f"indirect operand '{m.group('INDIRECT')}' needs a type, e.g. ':d'", line, col)
        sub, off = ints(m, ("INDIRECT__IND_SUBREG", "INDIRECT__IND_OFFSET"),
                        "indirect operand offset", line, col)
        return ast.Indirect(m.group("INDIRECT__IND_ADDR"), sub, off or 0,
                          region_of(m, "INDIRECT__", line, col), type_name(ty, line, col),
                          MODS[m.group("INDIRECT__SRC_MOD")], line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        return (f"{_mod_text(o.mod)}r[{o.addr}({o.addr_offset}),{o.offset}]"
                f"{_region_text(o.region)}:{o.type}")

    def encode(self, o, cx, out, sat):
        mod = MOD_CODE["sat"] if sat else _mod_code(o)
        kind, ident = cx.var_kind(o.addr, o)
        if kind != "A":
            fail(f"'{o.addr}' in r[...] must be an address variable", o)
        out.append(struct.pack("<BHBhBH", INDIRECT | (mod << 3), ident, o.addr_offset & 0xFF,
                               o.offset, _type_code(o), region_code(o.region, o)))

    def decode(self, tag, mod, rd, cx, at):
        ident, aoff, off, ty, region = rd.uw(), rd.ub(), rd.w(), rd.ub(), rd.uw()
        if ty not in TYPE_NAME:
            raise DecodeError(f"invalid type code {ty}", at)
        return ast.Indirect(cx.var_name("A", ident, at), aoff, off, region_values_checked(region, at),
                          TYPE_NAME[ty], mod)


class Immediate(Kind):
    """``0x3f800000:f``, ``1.5:f``, ``-3:d``: a value and its type; the
    node keeps the bit pattern."""
    node = ast.Imm
    syntax = (Spelling("IMM", ("IMM_VALUE", "TYPE_NAME")),)
    tags = (IMMEDIATE,)

    def read(self, m, line, col):
        ty = type_name(m.group("IMM__TYPE_NAME"), line, col)
        try:
            return ast.Imm(imm_bits(m.group("IMM__IMM_VALUE"), ty), ty, line=line, col=col)
        except ValueError as e:
            raise Fail(str(e), line, col) from None

    def text(self, o, version=V41, sep=", "):
        return f"0x{o.bits:x}:{o.type}"

    def encode(self, o, cx, out, sat):
        code = _type_code(o)
        if o.type in WIDE_TYPES:
            out.append(struct.pack("<BBQ", IMMEDIATE, code, o.bits))
        else:
            out.append(struct.pack("<BBI", IMMEDIATE, code, o.bits & 0xFFFFFFFF))

    def decode(self, tag, mod, rd, cx, at):
        if mod:
            raise DecodeError("a modifier on an immediate operand", at)
        ty = rd.ub()
        if ty not in TYPE_NAME:
            raise DecodeError(f"invalid immediate type code {ty}", at)
        name = TYPE_NAME[ty]
        return ast.Imm(rd.uq() if name in WIDE_TYPES else rd.ud(), name)


class AddressOf(Kind):
    """``&V``, ``&V[4]``, ``&V+4``: the address of a general variable plus
    a byte offset."""
    node = ast.AddrOf
    syntax = (Spelling("ADDR_OF", ("AO_VAR", "AO_INDEX", "AO_SIGN", "AO_OFFSET")),)
    tags = (ADDRESSOF,)

    def read(self, m, line, col):
        idx, num = ints(m, ("ADDR_OF__AO_INDEX", "ADDR_OF__AO_OFFSET"), "address offset", line, col)
        offset = idx if num is None else (num if m.group("ADDR_OF__AO_SIGN") == "+" else -num)
        return ast.AddrOf(m.group("ADDR_OF__AO_VAR"), offset, line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        return f"&{o.name}" if o.offset is None else f"&{o.name}[{o.offset}]"

    def encode(self, o, cx, out, sat):
        kind, ident = cx.var_kind(o.name, o)
        if kind != "G":
            fail(f"'&{o.name}': only general variables have an address", o)
        out.append(struct.pack("<BHh", ADDRESSOF, ident, o.offset if o.offset is not None else 0))

    def decode(self, tag, mod, rd, cx, at):
        ident, off = rd.uw(), rd.w()
        return ast.AddrOf(cx.var_name("G", ident, at), off if off else None)


class Raw(Kind):
    """``V.32``: a general variable and a byte offset (message payloads);
    a bare ``V`` in a raw slot is ``V.0``."""
    node = ast.Raw
    syntax = (Spelling("RAW", ("RAW_VAR", "RAW_OFFSET")),)

    def read(self, m, line, col):
        (off,) = ints(m, ("RAW__RAW_OFFSET",), "raw operand offset", line, col)
        return ast.Raw(m.group("RAW__RAW_VAR"), off, line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        return f"{o.name}.{o.offset}"

    def encode_raw(self, o, cx, out: list) -> None:
        if type(o) is ast.Raw or type(o) is ast.Name:
            kind, ident = cx.var_kind(o.name, o)
            if kind == "G":
                out.append(struct.pack("<IH", ident, o.offset if type(o) is ast.Raw else 0))
                return
            if type(o) is ast.Raw:
                fail(f"'{o.name}' in a raw operand must be a general variable", o)
        fail(f"expected a raw operand like V.0, found {describe(o)}", o)

    def decode_raw(self, rd, cx) -> ast.Raw:
        at = rd.at()
        ident, off = rd.ud(), rd.uw()
        return ast.Raw(cx.var_name("G", ident, at), off)


class Number(Kind):
    """A plain integer (an element count, a plane, a message field), or an
    integer expression; the older spec writes a media plane ``[p]``."""
    node = ast.Number
    syntax = (Spelling("NUMBER"), Spelling("BRACKET", (), "read_bracket"))

    def read(self, m, line, col):
        s = m.group("NUMBER")
        try:
            return ast.Number(to_int(s), line=line, col=col)
        except ValueError:
            raise Fail(f"expected an integer, found '{s}'", line, col) from None

    def read_bracket(self, m, line, col):
        s = m.group("BRACKET")
        try:
            return ast.Number(to_int(s[1:-1]), line=line, col=col)
        except ValueError:
            raise Fail(f"invalid plane '{s}'", line, col) from None

    def text(self, o, version=V41, sep=", "):
        return str(o.value)


_ESC = {"\a": "\\a", "\b": "\\b", "\x1b": "\\e", "\f": "\\f", "\n": "\\n", "\r": "\\r",
        "\t": "\\t", "\v": "\\v", "'": "\\'", '"': '\\"', "\\": "\\\\"}


def string_literal(s: str) -> str:
    """A string as Intel prints it: C escapes, other bytes as ``\\xNN``."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in _ESC:
            out.append(_ESC[ch])
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\x{o & 0xFF:02x}")
    out.append('"')
    return "".join(out)


class String(Kind):
    """``"text"``: a string literal with C escapes, read as Intel's lexer
    reads it."""
    node = ast.String
    syntax = (Spelling("STRING"),)

    def read(self, m, line, col):
        s = m.group("STRING")
        return ast.String(unescape(s[1:-1], line, col + 1), line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        return string_literal(o.value)


_TUPLE_ITEM = part_text("TUPLE_ITEM", "T_IMM", "T_INT", "T_REG", "T_WORDS", "T_TEXT")
_LABEL_WORD = part_re("LABEL_WORD")


class List(Kind):
    """``(a, b, c)``: a parenthesised list of immediates, numbers, register
    operands and names (labels may be separated by blanks:
    ``switchjmp (L1 L2)``)."""
    node = ast.Tuple
    syntax = (Spelling("PAREN"),)

    def read(self, m, line, col):
        return self.read_text(m.group("PAREN"), line, col)

    def read_text(self, s: str, line: int, col: int) -> ast.Tuple:
        items: list = []
        for m in list_items(s[1:-1], LEX.compiled(_TUPLE_ITEM), "list item", line, col + 1):
            kind = m.lastgroup
            t = m.group(kind)
            at = col + 1 + m.start(kind)
            if kind == "T_IMM":
                items.append(read("IMM", t, line, at, "immediate"))
            elif kind == "T_INT":
                (n,) = ints(m, ("T_INT",), "number", line, at)
                items.append(ast.Number(n, line=line, col=at))
            elif kind == "T_REG":
                items.append(read("VREG", t, line, at))
            elif kind == "T_WORDS":
                for w in _LABEL_WORD.finditer(t):
                    items.append(ast.Name(w.group(), line=line, col=at + w.start()))
            else:
                items.append(ast.Name(t, line=line, col=at))
        return ast.Tuple(tuple(items), line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        return "(" + sep.join(text(x, version) for x in o.items) + ")"


# ------------------------------------------------------------------- LSC
_LSC_REG_PARTS = ("LSC_SCALE", "LSC_REG_VAR", "LSC_REG_SUB", "LSC_REG_ROW", "LSC_REG_COL",
                  "LSC_REG_SIGN", "LSC_REG_OFFSET")
_LSC_ITEM = part_text("LSC_ITEM", "LSC_IMM", "LSC_NUM", *_LSC_REG_PARTS)
_LSC_SURFACE_ARGS = part_text("LSC_SURFACE_ARGS", "LSC_IMM", "LSC_NUM", *_LSC_REG_PARTS,
                            "LSC_SURF", "LSC_SURF_INDEX")
_LSC_SHAPE = part_re("LSC_SHAPE", "LSC_SIZE", "LSC_VECTOR", "LSC_TRANSPOSE", "LSC_CHANNELS",
                     "LSC_BLOCK", "LSC_BLOCKS", "LSC_BLOCK_WIDTH", "LSC_BLOCK_HEIGHT",
                     "LSC_BLOCK_ORDER", "LSC_BLOCK_VNNI", "LSC_TBLOCK_WIDTH",
                     "LSC_TBLOCK_HEIGHT")
# 4.2 spells the sizes that widen to 32 bits with a u (d8u32); 4.1 with a c
_SIZE_42 = {"d8c32": "d8u32", "d16c32": "d16u32", "d16c32h": "d16u32h"}
_SIZE_41 = {v: k for k, v in _SIZE_42.items()}


def lsc_shape(t: str, line: int = 0, col: int = 0) -> ast.LscShape:
    """An LSC data shape (the text after the colon: ``d32x4t``,
    ``d32.xyzw``, ``d16.2x16x8nn``, 4.2's typed block ``8x4``)."""
    m = _LSC_SHAPE.fullmatch(t)
    if m is None:
        raise Fail(f"invalid LSC data shape ':{t}' (expected e.g. :d32, :d32x4, :d32x8t, "
                   ":d32.xyzw or :d16.2x16x8nn)", line, col)
    if m["LSC_TBLOCK_WIDTH"] is not None:  # 4.2's typed 2D block: no data size
        return ast.LscShape(None, block=(1, int(m["LSC_TBLOCK_WIDTH"]), int(m["LSC_TBLOCK_HEIGHT"])))
    size = "d" + m["LSC_SIZE"][1:]  # u32 is d32
    size = _SIZE_41.get(size, size)
    if m["LSC_BLOCK"] is not None:
        return ast.LscShape(size, block=(int(m["LSC_BLOCKS"] or 1), int(m["LSC_BLOCK_WIDTH"]),
                                       int(m["LSC_BLOCK_HEIGHT"])),
                          transpose=m["LSC_BLOCK_ORDER"] == "t", vnni=m["LSC_BLOCK_VNNI"] == "t")
    if m["LSC_CHANNELS"] is not None:
        return ast.LscShape(size, channels=m["LSC_CHANNELS"])
    vec = m["LSC_VECTOR"]
    return ast.LscShape(size, 1 if vec is None else int(vec[1:]), m["LSC_TRANSPOSE"] is not None)


def lsc_shape_text(s: ast.LscShape, version: tuple = V41) -> str:
    """``d32x4t``, ``d32.xyz``, ``d16.2x16x8nn`` (Intel leaves out a vector
    of 1 and a block count of 1; 4.2 spells ``d8c32`` ``d8u32``)."""
    if s.size is None and s.block is None:  # (nothing a program reads to)
        return "?"
    if s.size is None:  # a typed 2D block
        return f"{s.block[1]}x{s.block[2]}"
    size = _SIZE_42.get(s.size, s.size) if version >= V42 else s.size
    if s.block is not None:
        blocks, width, height = s.block
        lead = f"{blocks}x" if blocks != 1 else ""
        return (f"{size}.{lead}{width}x{height}"
                f"{'t' if s.transpose else 'n'}{'t' if s.vnni else 'n'}")
    if s.channels is not None:
        return f"{size}.{s.channels}"
    return f"{size}{'x' + str(s.vector) if s.vector != 1 else ''}{'t' if s.transpose else ''}"


class LscData(Kind):
    """``V:d32x4``, ``V.64:d16.2x16x8nn``: an LSC data register (a raw
    variable and byte offset) and its data shape."""
    node = ast.LscData
    syntax = (Spelling("LSC_DATA", ("LSC_DATA_VAR", "LSC_DATA_OFFSET", "LSC_SHAPE_WORD")),)

    def read(self, m, line, col):
        (off,) = ints(m, ("LSC_DATA__LSC_DATA_OFFSET",), "offset", line, col)
        shape = lsc_shape(m.group("LSC_DATA__LSC_SHAPE_WORD"), line,
                          col + m.start("LSC_DATA__LSC_SHAPE_WORD") - m.start("LSC_DATA") - 1)
        return ast.LscData(m.group("LSC_DATA__LSC_DATA_VAR"), shape, off or 0, line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        if o.offset:
            return f"{o.name}.{o.offset}:{lsc_shape_text(o.shape, version)}"
        return f"{o.name}:{lsc_shape_text(o.shape, version)}"


class LscReg(Kind):
    """An item of an LSC address: ``V``, ``V.2``, ``V(1,0)``, ``0x4*V+16``
    (scale, register, offset), or an immediate or a number."""
    node = ast.LscReg

    def read_item(self, m: re.Match, line: int, col: int):
        """The item an LSC_ITEM or LSC_SURFACE_ARGS match holds."""
        if m.group("LSC_IMM") is not None:
            return read("IMM", m.group("LSC_IMM").strip(), line, col, "immediate")
        if m.group("LSC_NUM") is not None:
            (n,) = ints(m, ("LSC_NUM",), "number", line, col)
            return ast.Number(n, line=line, col=col)
        scale, sub, row, rcol, off = ints(
            m, ("LSC_SCALE", "LSC_REG_SUB", "LSC_REG_ROW", "LSC_REG_COL", "LSC_REG_OFFSET"),
            "number in LSC address item", line, col)
        off = off or 0
        return ast.LscReg(m.group("LSC_REG_VAR"), sub or None, None if row is None else (row, rcol),
                        -off if m.group("LSC_REG_SIGN") == "-" else off,
                        1 if scale is None else scale, line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        s = f"{hex_text(o.scale)}*{o.name}" if o.scale != 1 else o.name
        if o.dot:
            s += f".{o.dot}"
        if o.rc is not None:
            s += f"({o.rc[0]},{o.rc[1]})"
        if o.offset:
            s += f"+{o.offset}" if o.offset > 0 else f"-{-o.offset}"
        return s


def _lsc_item_text(o) -> str:
    """Numbers inside an LSC address print in hex (``bti(0x1)``, ``[V, 0x4]``)."""
    return hex_text(o.value) if type(o) is ast.Number else text(o)


class LscAddr(Kind):
    """``flat[V+0x10]:a64``, ``bti(0x1)[V]:a32``, ``bss(V)[V, V, V]``,
    ``bss(V)``: an LSC address with its model, surface (and index), base
    register, immediate offset, further items (2D-block and typed
    coordinates) and address size."""
    node = ast.LscAddr
    syntax = (Spelling("LSC_SURFACE", ("LSC_SURFACE_ARGS",), "read_surface_only"),
              Spelling("LSC_ADDR", ("LSC_MODEL", "LSC_SURFACE_ARGS", "LSC_ITEMS", "ADDR_SIZE")))

    def _surface(self, t: str, line: int, col: int):
        """``(S)`` or ``(S, index)`` -> (surface item, index)."""
        m = LEX.compiled(_LSC_SURFACE_ARGS).fullmatch(t)
        if not m:
            raise Fail(f"invalid surface '{t.strip()}' (expected (S) or (S, index))", line, col)
        (index,) = ints(m, ("LSC_SURF_INDEX",), "surface index", line, col)
        return _LSC_REG.read_item(m, line, col), index or 0

    def read(self, m, line, col):
        surf = m.group("LSC_ADDR__LSC_SURFACE_ARGS")
        surface, index = self._surface(surf, line, col) if surf is not None else (None, 0)
        items = [_LSC_REG.read_item(x, line, col)
                 for x in list_items(m.group("LSC_ADDR__LSC_ITEMS"), LEX.compiled(_LSC_ITEM), "LSC address item",
                                     line, col + m.start("LSC_ADDR__LSC_ITEMS") - m.start("LSC_ADDR"))]
        base = items[0]
        offset = 0
        if type(base) is ast.LscReg and base.offset:
            base, offset = attrs.evolve(base, offset=0), base.offset
        return ast.LscAddr(m.group("LSC_ADDR__LSC_MODEL") or "flat", surface, base, offset,
                         tuple(items[1:]), m.group("LSC_ADDR__ADDR_SIZE"), index, line=line, col=col)

    def read_surface_only(self, m, line, col):
        """``bss(V)``: a surface without an address."""
        args = m.group("LSC_SURFACE__LSC_SURFACE_ARGS")
        surface, index = self._surface(args, line, col)
        model = m.group("LSC_SURFACE")[:m.start("LSC_SURFACE__LSC_SURFACE_ARGS") - m.start("LSC_SURFACE")]
        return ast.LscAddr(model, surface, None, 0, (), None, index, line=line, col=col)

    def text(self, o, version=V41, sep=", "):
        s = o.model
        if o.surface is not None:
            index = f", {o.surface_index}" if o.surface_index else ""
            s += f"({_lsc_item_text(o.surface)}{index})"
        if o.base is None:
            return s
        s += "[" + text(o.base)
        if o.offset > 0:
            s += f"+{hex_text(o.offset)}"
        elif o.offset < 0:
            s += f"-{hex_text(-o.offset)}"
        item_sep = "," if version >= V42 else ", "  # 4.2 prints the items without blanks
        for x in o.extra:
            s += item_sep + _lsc_item_text(x)
        s += "]"
        if o.size:
            s += ":" + o.size
        return s


_LSC_REG = LscReg()

# ------------------------------------------------------------------ tables
# Every kind (its shapes are tried in the grammar's order, below).
GENERAL_KIND, ADDRESS_KIND, STATE_KIND, PREDICATE_KIND = General(), Address(), State(), Predicate()


class KindTable:
    """The operand kinds, as a value (as :data:`visa.isa.forms.FORMS` is
    the records): the kinds, the order the parser tries their shapes in, and
    the lexicon their shapes are composed with.  It is not changed once
    made; :meth:`with_kinds` makes a new table with more kinds.  Its lookups
    (shape -> parts and reader, node -> printer, binary class -> decoder)
    are made once, with the table; what the stages compose from it (the
    parser's operand expression, one shape alone) is made on first use and
    kept on the table (:meth:`made`), so a table's expression is never
    another table's."""

    def __init__(self, kinds, order, lexicon) -> None:
        self.kinds: tuple[Kind, ...] = tuple(kinds)
        self.order: tuple[str, ...] = tuple(order)
        self.lexicon = lexicon
        shapes = {s.name: (k, s) for k in self.kinds for s in k.syntax}
        if sorted(shapes) != sorted(self.order):  # (a shape twice in the order: the lengths differ)
            raise ValueError("every shape belongs to one kind and is tried once")
        self.shapes = shapes
        # grammar shape -> the parts its reader takes, in the order they are tried
        self.syntax: dict[str, tuple[str, ...]] = {n: shapes[n][1].parts for n in self.order}
        # grammar shape -> reader (match, line, col) -> node
        self.readers: dict[str, Callable] = {n: getattr(shapes[n][0], shapes[n][1].reader)
                                             for n in self.order}
        # AST class -> the kind that prints it; binary class -> the kind that decodes it
        self.printers: dict[type, Kind] = {}
        self.decoders: dict[int, Kind] = {}
        for k in self.kinds:
            self.printers.setdefault(k.node, k)
            for t in k.tags:
                self.decoders[t] = k
        self._made: dict = {}

    def __iter__(self):
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def __repr__(self) -> str:
        return f"KindTable({len(self.kinds)} kinds)"

    def with_kinds(self, *kinds: Kind, before: str | None = None) -> "KindTable":
        """A new table: this one and ``kinds``, whose shapes the parser tries
        just before shape ``before`` (None: after every other).  A shape
        the grammar file does not have is written as grammar
        (:attr:`Kind.grammar`, composed from the grammar's terminals)."""
        order = list(self.order)
        at = len(order) if before is None else order.index(before)
        order[at:at] = [s.name for k in kinds for s in k.syntax]
        terminals = tuple(t for k in kinds for t in k.grammar)
        lexicon = self.lexicon.with_terminals(terminals) if terminals else self.lexicon
        return KindTable(self.kinds + tuple(kinds), order, lexicon)

    def made(self, key, make: Callable):
        """``make()``, made once for this table."""
        v = self._made.get(key)
        if v is None:
            v = self._made[key] = make()
        return v

    def fresh_readers(self) -> dict[str, Callable]:
        """:attr:`readers` for one parse: a kind that can remember what it
        read (``read_remembering``) gets a memo of its own, which lives as
        long as the returned table."""
        table = dict(self.readers)
        for n in self.order:
            kind, spelling = self.shapes[n]
            if spelling.reader == "read" and hasattr(kind, "read_remembering"):
                table[n] = partial(kind.read_remembering, {})
        return table

    def alone(self, shape: str) -> re.Pattern:
        """One shape alone, with the same group names."""
        hit = self._made.get(("alone", shape))
        if hit is None:
            hit = self._made[("alone", shape)] = self.lexicon.alternatives({shape: self.syntax[shape]})
        return hit


# the package's kinds; their shapes in the order one operand tries them: the
# grammar's OPERAND, whose first matching alternative is the operand's shape
# (some spellings match two, and the order decides: tests/test_grammar.py).
# A stage reads the table in place when it runs (a test may put another).
KINDS = KindTable(
    (LscAddr(), GENERAL_KIND, Immediate(), Raw(), LscData(), Name(), Number(), List(), Indirect(),
     AddressOf(), String(), _LSC_REG, ADDRESS_KIND, STATE_KIND, PREDICATE_KIND),
    LEX.choices("OPERAND"), LEX)
# the package table's lookups, by their older names
SYNTAX = KINDS.syntax
READERS = KINDS.readers


def readers() -> dict[str, Callable]:
    """The readers of the kinds in place, for one parse
    (:meth:`KindTable.fresh_readers`)."""
    return KINDS.fresh_readers()


# declared class of a variable -> its kind in a vector slot
_BY_CLASS = {"G": GENERAL_KIND, "A": ADDRESS_KIND, "S": STATE_KIND, "T": STATE_KIND,
             "P": PREDICATE_KIND}
_RAW: Raw = next(k for k in KINDS if type(k) is Raw)


def read(shape: str, s: str, line: int, col: int, what: str = "operand"):
    """The operand text ``s``, which must have the grammar shape ``shape``."""
    kinds = KINDS
    m = kinds.alone(shape).fullmatch(s)
    if not m:
        raise Fail(f"invalid {what} '{s}'", line, col)
    return kinds.readers[shape](m, line, col)


def describe(o) -> str:
    """An operand for a message: its text in quotes (or its repr)."""
    try:
        return f"'{text(o)}'"
    except TypeError:
        return repr(o)


def text(o, version: tuple = V41, sep: str = ", ") -> str:
    """An operand node as Intel prints it (``sep``: between a list's items)."""
    k = KINDS.printers.get(type(o))
    if k is None:
        raise TypeError(f"not an operand: {o!r}")
    return k.text(o, version, sep)


def encode_vector(o, cx, out: list, sat: bool = False) -> None:
    """One vector operand: a tag byte (class | modifier << 3) and its fields."""
    t = type(o)
    if t is ast.VarRef:
        kind, ident = cx.var_kind(o.name, o)
        k = _BY_CLASS.get(kind)
        if k is None:
            fail(f"'{o.name}' cannot be used as a vector operand", o)
        if k is STATE_KIND:
            STATE_KIND.encode_var(o, ident, 0, out, kind)
        else:
            k.encode_var(o, ident, MOD_CODE["sat"] if sat else _mod_code(o), out)
        return
    if t is ast.Name:
        kind, ident = cx.var_kind(o.name, o)
        if o.mod is not None:
            fail(f"a source modifier on a predicate operand ({o.mod}){o.name} belongs to the "
                 "older vISA spec; vISA 4.1 cannot encode it", o)
        if kind == "P":
            PREDICATE_KIND.encode_var(o, ident, MOD_CODE["sat"] if sat else 0, out)
        elif kind in ("S", "T"):
            STATE_KIND.encode_var(o, ident, 0, out, kind)
        else:
            fail(f"'{o.name}' needs an offset and region here, e.g. {o.name}(0,0)<1;1,0>", o)
        return
    k2 = KINDS.printers.get(t)
    if k2 is None:
        fail(f"expected a vector operand (variable, immediate, address), found {describe(o)}", o)
    k2.encode(o, cx, out, sat)


def decode_vector(rd, cx, sat_ok: bool = False):
    """One vector operand -> (AST operand, saturate flag)."""
    at = rd.at()
    tag = rd.ub()
    cls, mod = tag & 7, (tag >> 3) & 7
    if mod not in MOD_NAME:
        raise DecodeError(f"invalid operand modifier {mod}", at)
    m = MOD_NAME[mod]
    sat = m == "sat"
    if sat:
        if not sat_ok:
            raise DecodeError("saturation on a source operand", at)
        m = None
    k = KINDS.decoders.get(cls)
    if k is None:
        raise DecodeError(f"invalid operand class {cls}", at)
    return k.decode(tag, m, rd, cx, at), sat


def encode_raw(o, cx, out: list) -> None:
    """A raw operand: the variable's id and a byte offset."""
    _RAW.encode_raw(o, cx, out)


def decode_raw(rd, cx) -> ast.Raw:
    return _RAW.decode_raw(rd, cx)
