"""The afuc instruction set as bitisa records, transcribed from Mesa's afuc.xml
(Mesa commit 04af4cbfea7a226793c5ac145b41d6a3bd497ba5).

Each record is written the way afuc.xml writes it: a parent (``#alu-2src``...)
gives the fields, display and the fixed bits it owns; a leaf adds its opcode
bits and its generation range.  Patterns are ``(low, high, bits MSB first)``;
``x`` marks don't-care bits.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import attrs

from visa.bitisa import Bitset, Bool, Enum, Field, Isa, UInt

# -- operand kinds -------------------------------------------------------

_REG_NAMES = {i: f"${i:02x}" for i in range(0x1a)} | {0x1a: "$sp", 0x1b: "$lr"}
SRC_NAMES = _REG_NAMES | {0x1c: "$rem", 0x1d: "$memdata", 0x1e: "$regdata", 0x1f: "$data"}
DST_NAMES = _REG_NAMES | {0x1c: "$rem", 0x1d: "$addr", 0x1e: "$usraddr", 0x1f: "$data"}

SRC = Enum(SRC_NAMES)
DST = Enum(DST_NAMES)
HEX = UInt("{:x}")
UINT = UInt("{:d}")
XMOV = Enum({0: "", 1: "(xmov1)", 2: "(xmov2)", 3: "(xmov3)"})
SDS = Enum({0: "", 1: "(sds1)", 2: "(sds2)", 3: "(sds3)"})
REP = Bool("(rep)")
PEEK = Bool("(peek)")
PREINC = Bool("!")


@attrs.frozen
class NamedReg:
    """A 12-bit control (``@NAME``) or SQE (``%NAME``) register number; the
    names come from the context (``ctx.control_name``/``ctx.sqe_name``)."""

    space: str  # "control" or "sqe"

    def show(self, value: int, ctx: Any) -> str:
        look = getattr(ctx, f"{self.space}_name", None)
        name = look(value) if look else None
        return name if name is not None else f"0x{value:03x}"

    def read(self, text: str, ctx: Any) -> int:
        look = getattr(ctx, f"{self.space}_number", None)
        if look is None:
            return int(text, 0)
        return int(look(text))


@attrs.frozen
class Branch:
    """A pc-relative (``absolute=False``, 16-bit signed) or absolute 26-bit
    target; ``ctx.target_name(pc, target, call)`` may give a label."""

    absolute: bool = False
    call: bool = False

    def show(self, value: int, ctx: Any) -> str:
        if self.absolute:
            target = value
        else:
            off = value - 0x10000 if value & 0x8000 else value
            target = (getattr(ctx, "pc", 0) + off) if ctx is not None else off
        name = getattr(ctx, "target_name", None)
        got = name(target, self.call, value) if name else None
        if got is not None:
            return str(got)
        # no label (outside the listing): Mesa prints the encoded offset
        # (an absolute 26-bit target as a signed number, as its %d does)
        if self.absolute and target & (1 << 25):
            target -= 1 << 26
        return str(target if self.absolute else off)

    def read(self, text: str, ctx: Any) -> int:
        return int(text, 0)


# -- what an instruction does ----------------------------------------------
# The semantics the bootstrap emulator (visa/afuc/emu.py) runs, after Mesa's
# emu.c (emu_alu, emu_instr) at the same commit; a record without an effect
# is stepped over.  Shifts by 32 or more give 0 (Mesa shifts in C, whose
# result is undefined there).

M32 = 0xFFFFFFFF


@attrs.frozen
class Alu:
    """``DST := op(a, b, carry)``: ``a`` is the register the form reads first
    (SRC1, else SRC), ``b`` its second source (the register SRC2, else the
    number in RIMMED or BIT; None where there is none); ``op`` gives the
    value (the emulator keeps its low 32 bits) and the carry after it (None:
    unchanged)."""

    op: Callable[[int, Any, int], tuple[int, int | None]]


@attrs.frozen
class Immediate:
    """``DST := op(fields)``: a value made of the instruction's fields alone."""

    op: Callable[[Mapping[str, int]], int]


@attrs.frozen
class Bitfield:
    """``DST := op(SRC, LO, HI, DST)``: a bit-field of SRC from bit LO to bit HI."""

    op: Callable[[int, int, int, int], int]


@attrs.frozen
class ControlAccess:
    """A control register at ``[OFFSET + BASE]`` (OFFSET's register, which
    PREINCREMENT sets to that sum), written from SRC or read into DST."""

    write: bool


@attrs.frozen
class Wait:
    """Waits for the next packet: where a bootstrap ends."""


def _mask(lo: int, hi: int) -> int:
    n = hi - lo + 1  # (Mesa's BITFIELD_MASK of an unsigned count: all ones from 32 on, or below 1)
    return M32 if n <= 0 or n >= 32 else (1 << n) - 1


def _value(f: Callable[[int, int], int]) -> Alu:
    return Alu(lambda a, b, carry: (f(a, b), None))


DO_ADD = Alu(lambda a, b, carry: (a + b, (a + b) >> 32))
DO_ADDHI = Alu(lambda a, b, carry: (a + b + carry, None))
# (the carry is Mesa's: the high word of the 64-bit sum or difference, so a
# borrow is 0xffffffff, which subhi adds)
DO_SUB = Alu(lambda a, b, carry: (a - b, M32 if a < b else 0))
DO_SUBHI = Alu(lambda a, b, carry: (a - b + carry, None))
DO_AND = _value(lambda a, b: a & b)
DO_OR = _value(lambda a, b: a | b)
DO_XOR = _value(lambda a, b: a ^ b)
DO_NOT = _value(lambda a, b: ~a)
DO_SHL = _value(lambda a, b: a << b if b < 32 else 0)
DO_USHR = _value(lambda a, b: a >> b if b < 32 else 0)
DO_ISHR = _value(lambda a, b: (a - (1 << 32) if a >> 31 else a) >> min(b, 31))
DO_ROT = _value(lambda a, b: (a << (b & 31)) | (a >> (32 - (b & 31))))
DO_MUL8 = _value(lambda a, b: (a & 0xFF) * (b & 0xFF))
DO_MIN = _value(min)
DO_MAX = _value(max)
DO_CMP = _value(lambda a, b: 0x00 if a > b else (0x2B if a == b else 0x1E))
DO_BIC = _value(lambda a, b: a & ~b)
DO_MSB = _value(lambda a, b: a.bit_length() - 1 if a else 0)
DO_SETBIT = _value(lambda a, b: (a & ~(1 << ((b >> 1) & 31))) | ((b & 1) << ((b >> 1) & 31)))
DO_SETBITI = _value(lambda a, bit: a | (1 << bit))
DO_CLRBIT = _value(lambda a, bit: a & ~(1 << bit))
DO_UBFX = Bitfield(lambda src, lo, hi, dst: (src >> lo) & _mask(lo, hi))
DO_BFI = Bitfield(lambda src, lo, hi, dst: dst | ((src & _mask(lo, hi)) << lo))
DO_MOVI = Immediate(lambda v: v["RIMMED"] << v["SHIFT"])
DO_NOTI = Immediate(lambda v: ~v["IMMED"])


# -- records --------------------------------------------------------------

Pat = tuple[int, int, str]
GEN_ALL = (0, 99)


def _bits(pats: Sequence[Pat]) -> tuple[int, int, int]:
    match = mask = dc = 0
    for low, high, bits in pats:
        assert len(bits) == high - low + 1, (low, high, bits)
        for i, ch in enumerate(reversed(bits)):
            b = 1 << (low + i)
            if ch == "x":
                dc |= b
            else:
                mask |= b
                match |= int(ch) << (low + i)
    return match, mask, dc


@attrs.frozen
class Parent:
    """An abstract isaspec bitset: fields, display, its own pattern bits."""

    fields: tuple[Field, ...]
    display: str
    pats: tuple[Pat, ...] = ()
    overrides: tuple[Any, ...] = ()


def leaf(name: str, parent: Parent, pats: Sequence[Pat], gen: tuple[int, int] = GEN_ALL,
         displayname: str = "", overrides: Sequence[Any] = (), display: str = "",
         derived: Sequence[Any] = (), effect: Any = None) -> Bitset:
    match, mask, dc = _bits(tuple(parent.pats) + tuple(pats))
    return Bitset(name, 32, match, mask, parent.fields, display or parent.display,
                  gen=gen, dontcare=dc, overrides=tuple(overrides) + parent.overrides,
                  displayname=displayname or name, derived=tuple(derived), effect=effect)


def F(name: str, low: int, high: int, kind: Any) -> Field:
    return Field(name, low, high, kind)


_REP = F("REP", 26, 26, REP)
ALU2 = Parent((_REP, F("PEEK", 8, 8, PEEK), F("XMOV", 9, 10, XMOV), F("DST", 11, 15, DST),
               F("SRC2", 16, 20, SRC), F("SRC1", 21, 25, SRC)),
              "{REP}{XMOV}{PEEK}{NAME} {DST}, {SRC1}, {SRC2}", ((5, 7, "xxx"), (27, 31, "10011")))
ALU1 = Parent((_REP, F("XMOV", 9, 10, XMOV), F("DST", 11, 15, DST), F("SRC1", 16, 20, SRC)),
              "{REP}{XMOV}{NAME} {DST}, {SRC1}",
              ((5, 8, "xxxx"), (21, 25, "xxxxx"), (27, 31, "10011")))
ALU2I = Parent((_REP, F("RIMMED", 0, 15, HEX), F("DST", 16, 20, DST), F("SRC1", 21, 25, SRC)),
               "{REP}{NAME} {DST}, {SRC1}, 0x{RIMMED}")
ALU2I12 = Parent((_REP, F("RIMMED", 0, 11, HEX), F("DST", 16, 20, DST), F("SRC1", 21, 25, SRC)),
                 "{REP}{NAME} {DST}, {SRC1}, 0x{RIMMED}", ((27, 31, "10010"),))
ALU1I = Parent((_REP, F("IMMED", 0, 15, HEX), F("DST", 16, 20, DST)),
               "{REP}{NAME} {DST}, 0x{IMMED}", ((21, 25, "xxxxx"),))
_SETCLR = (_REP, F("BIT", 1, 5, UINT), F("DST", 16, 20, DST), F("SRC", 21, 25, SRC))
SETCLR6 = Parent(_SETCLR, "{REP}{NAME} {DST}, {SRC}, b{BIT}", ((6, 15, "x" * 10), (27, 31, "10010")))
SETCLR7 = Parent(_SETCLR, "{REP}{NAME} {DST}, {SRC}, b{BIT}",
                 ((6, 11, "x" * 6), (12, 15, "0110"), (27, 31, "10010")))
BFI = Parent((_REP, F("LO", 0, 4, UINT), F("HI", 5, 9, UINT), F("DST", 16, 20, DST),
              F("SRC", 21, 25, SRC)),
             "{REP}{NAME} {DST}, {SRC}, b{LO}, b{HI}", ((10, 11, "xx"), (27, 31, "10010")))
MOVI = Parent((_REP, F("RIMMED", 0, 15, HEX), F("DST", 16, 20, DST), F("SHIFT", 21, 25, UINT)),
              "{REP}mov {DST}, 0x{RIMMED} << {SHIFT}",
              overrides=(({"SHIFT": 0}, "{REP}mov {DST}, 0x{RIMMED}"),))

_PRE = F("PREINCREMENT", 14, 14, PREINC)
_OFF = F("OFFSET", 21, 25, SRC)
STORE = Parent((_REP, _PRE, _OFF, F("IMMED", 0, 11, HEX), F("SRC", 16, 20, SRC)),
               "{REP}store {SRC}, [{OFFSET} + 0x{IMMED}]{PREINCREMENT}", ((12, 13, "00"),))
# in pre-increment mode the base prints as an immediate (hex for control
# registers; isaspec "uint" -- decimal digits after 0x -- for SQE registers,
# which is Mesa's sqe-preinc-decimal quirk: we print the true hex value)
def _PREINC_OVR(disp: str) -> tuple[tuple[dict[str, int], str], ...]:
    return (({"PREINCREMENT": 1}, disp),)
CWRITE = Parent((_REP, _PRE, _OFF, F("BASE", 0, 11, NamedReg("control")), F("BASEIMM", 0, 11, HEX),
                 F("SDS", 12, 13, SDS), F("SRC", 16, 20, SRC)),
                "{REP}{SDS}cwrite {SRC}, [{OFFSET} + {BASE}]{PREINCREMENT}", ((27, 31, "10101"),),
                _PREINC_OVR("{REP}{SDS}cwrite {SRC}, [{OFFSET} + 0x{BASEIMM}]{PREINCREMENT}"))
SWRITE = Parent((_REP, _PRE, _OFF, F("BASE", 0, 11, NamedReg("sqe")), F("BASEIMM", 0, 11, HEX),
                 F("SRC", 16, 20, SRC)),
                "{REP}swrite {SRC}, [{OFFSET} + {BASE}]{PREINCREMENT}",
                ((12, 13, "00"), (15, 15, "1"), (27, 31, "10101")),
                _PREINC_OVR("{REP}swrite {SRC}, [{OFFSET} + 0x{BASEIMM}]{PREINCREMENT}"))
LOAD = Parent((_REP, _PRE, _OFF, F("IMMED", 0, 11, HEX), F("DST", 16, 20, DST)),
              "{REP}load {DST}, [{OFFSET} + 0x{IMMED}]{PREINCREMENT}",
              ((12, 13, "00"), (15, 15, "0"), (27, 31, "10110")))
CREAD = Parent((_REP, _PRE, _OFF, F("BASE", 0, 11, NamedReg("control")), F("BASEIMM", 0, 11, HEX),
                F("DST", 16, 20, DST)),
               "{REP}cread {DST}, [{OFFSET} + {BASE}]{PREINCREMENT}", ((12, 13, "00"),),
               _PREINC_OVR("{REP}cread {DST}, [{OFFSET} + 0x{BASEIMM}]{PREINCREMENT}"))
SREAD = Parent((_REP, _PRE, _OFF, F("BASE", 0, 11, NamedReg("sqe")), F("BASEIMM", 0, 11, HEX),
                F("DST", 16, 20, DST)),
               "{REP}sread {DST}, [{OFFSET} + {BASE}]{PREINCREMENT}",
               ((12, 13, "00"), (15, 15, "1"), (27, 31, "10111")),
               _PREINC_OVR("{REP}sread {DST}, [{OFFSET} + 0x{BASEIMM}]{PREINCREMENT}"))

_BR = (F("OFFSET", 0, 15, Branch()), F("SRC", 21, 25, SRC))
BRI = Parent(_BR + (F("IMMED", 16, 20, HEX),), "{NAME} {SRC}, 0x{IMMED}, #{OFFSET}")
BRB = Parent(_BR + (F("BIT", 16, 20, UINT),), "{NAME} {SRC}, b{BIT}, #{OFFSET}")
NOARGS = Parent((), "{NAME}", ((0, 25, "x" * 26),))
RET = Parent((), "{NAME}", ((26, 31, "110100"), (0, 24, "x" * 25)))
CALL = Parent((F("TARGET", 0, 25, Branch(absolute=True, call=True)),), "{NAME} #{TARGET}")
JUMPA = Parent((F("TARGET", 0, 25, Branch(absolute=True)),), "{NAME} #{TARGET}")
NOP = Parent((_REP,), "{REP}nop")
JUMPR = Parent((F("SRC1", 0, 4, SRC),), "jump {SRC1}",
               ((26, 31, "110111"), (20, 25, "110111"), (5, 19, "0" * 15)))
SRET = Parent((), "sret", ((26, 31, "110111"), (20, 25, "110110"), (0, 19, "0" * 20)))

G5, G6, G7 = (0, 5), (6, 99), (7, 99)
LE6 = (0, 6)


def _op(n: int) -> str:
    return format(n, "05b")


def _alu_pair(name: str, opc: int, effect: Alu, gen: tuple[int, int] = GEN_ALL, imm: int | None = None,
              imm12: int | None = None) -> list[Bitset]:
    """``name`` (register form, ``opc`` in bits 0-4) and ``namei`` (the
    immediate form: opcode ``imm`` in bits 27-31, or ``imm12`` in bits 12-15
    of the 12-bit immediate form), both doing ``effect``."""
    out = [leaf(name, ALU2, [(0, 4, _op(opc))], gen, effect=effect)]
    if imm12 is not None:
        out.append(leaf(name + "i", ALU2I12, [(12, 15, format(imm12, "04b"))], gen, name, effect=effect))
    else:
        out.append(leaf(name + "i", ALU2I, [(27, 31, _op(opc if imm is None else imm))], gen, name,
                        effect=effect))
    return out


_mov_ovr = (({"SRC1": 0}, "{REP}{XMOV}{PEEK}mov {DST}, {SRC2}"),)

BITSETS: list[Bitset] = [
    *_alu_pair("add", 1, DO_ADD), *_alu_pair("addhi", 2, DO_ADDHI), *_alu_pair("sub", 3, DO_SUB),
    *_alu_pair("subhi", 4, DO_SUBHI),
    *_alu_pair("and", 5, DO_AND),
    leaf("or", ALU2, [(0, 4, _op(6))], overrides=_mov_ovr, effect=DO_OR),
    leaf("ori", ALU2I, [(27, 31, _op(6))], displayname="or", effect=DO_OR),
    *_alu_pair("xor", 7, DO_XOR),
    leaf("not", ALU1, [(0, 4, _op(8))], effect=DO_NOT),
    leaf("noti", ALU1I, [(27, 31, _op(8))], displayname="not", effect=DO_NOTI),
    *_alu_pair("shl", 9, DO_SHL, LE6), *_alu_pair("shl", 0x12, DO_SHL, G7, imm12=2),
    *_alu_pair("ushr", 0xa, DO_USHR, LE6), *_alu_pair("ushr", 0x13, DO_USHR, G7, imm12=3),
    *_alu_pair("ishr", 0xb, DO_ISHR, LE6), *_alu_pair("ishr", 0x14, DO_ISHR, G7, imm12=4),
    *_alu_pair("rot", 0xc, DO_ROT, LE6), *_alu_pair("rot", 0x15, DO_ROT, G7, imm12=5),
    *_alu_pair("mul8", 0xd, DO_MUL8, LE6), *_alu_pair("mul8", 0xc, DO_MUL8, G7),
    *_alu_pair("min", 0xe, DO_MIN, LE6), *_alu_pair("min", 0xa, DO_MIN, G7),
    *_alu_pair("max", 0xf, DO_MAX, LE6), *_alu_pair("max", 0xb, DO_MAX, G7),
    *_alu_pair("cmp", 0x10, DO_CMP, LE6), *_alu_pair("cmp", 0xd, DO_CMP, G7),
    *_alu_pair("bic", 0x9, DO_BIC, G7),
    leaf("msb", ALU1, [(0, 4, _op(0x14))], LE6, effect=DO_MSB),
    leaf("msb", ALU1, [(0, 4, _op(0x19))], G7, effect=DO_MSB),
    leaf("setbiti", SETCLR6, [(0, 0, "1")], LE6, "setbit", effect=DO_SETBITI),
    leaf("clrbit", SETCLR6, [(0, 0, "0")], LE6, effect=DO_CLRBIT),
    leaf("setbiti", SETCLR7, [(0, 0, "1")], G7, "setbit", effect=DO_SETBITI),
    leaf("clrbit", SETCLR7, [(0, 0, "0")], G7, effect=DO_CLRBIT),
    leaf("setbit", ALU2, [(0, 4, _op(0x16))], G7, effect=DO_SETBIT),
    leaf("ubfx", BFI, [(12, 15, "0111")], G7, effect=DO_UBFX),
    leaf("bfi", BFI, [(12, 15, "1000")], G7, effect=DO_BFI),
    leaf("movi", MOVI, [(27, 31, "10001")], LE6, effect=DO_MOVI),
    leaf("movi", MOVI, [(27, 31, "01110")], G7, effect=DO_MOVI),
    leaf("store", STORE, [(27, 31, "10101"), (15, 15, "0")], G5),
    leaf("store", STORE, [(15, 15, "0"), (27, 31, "10100")], G6),
    leaf("cwrite", CWRITE, [(15, 15, "1")], G5, effect=ControlAccess(write=True)),
    leaf("cwrite", CWRITE, [(15, 15, "0")], G6, effect=ControlAccess(write=True)),
    leaf("swrite", SWRITE, [], G6),
    leaf("load", LOAD, [], G6),
    leaf("cread", CREAD, [(15, 15, "1"), (27, 31, "10110")], G5, effect=ControlAccess(write=False)),
    leaf("cread", CREAD, [(15, 15, "0"), (27, 31, "10111")], G6, effect=ControlAccess(write=False)),
    leaf("sread", SREAD, [], G6),
    leaf("brnei", BRI, [(26, 31, "110000")], displayname="brne"),
    leaf("breqi", BRI, [(26, 31, "110001")], displayname="breq"),
    leaf("brneb", BRB, [(26, 31, "110010")], displayname="brne",
         overrides=(({"BIT": 0, "SRC": 0}, "jump #{OFFSET}"),)),
    leaf("breqb", BRB, [(26, 31, "110011")], displayname="breq"),
    leaf("ret", RET, [(25, 25, "0")]),
    leaf("iret", RET, [(25, 25, "1")]),
    leaf("call", CALL, [(26, 31, "110101")]),
    leaf("jumpa", JUMPA, [(26, 31, "111001")], G7),
    leaf("waitin", NOARGS, [(26, 31, "110110")], effect=Wait()),
    leaf("bl", CALL, [(26, 31, "111000")]),
    # setsecure's target is the derived constant 3 (skip two instructions)
    leaf("setsecure", NOARGS, [(26, 31, "111011")], display="setsecure $02, #{TARGET}",
         derived=(("TARGET", 3, Branch()),)),
    leaf("nop", NOP, [(0, 25, "0" * 26), (27, 31, "00000")], G5),
    leaf("nop", NOP, [(0, 25, "01" + "0" * 24), (27, 31, "00000")], G6),
    leaf("jumpr", JUMPR, [], G7),
    leaf("sret", SRET, [], G7),
]

ISA = Isa(BITSETS)

#: the instruction ``.align`` and a section's end pad with (as Mesa's afuc-asm pads)
PAD = "nop"
