"""Operand kinds of envydis-style descriptions: each owns its decode, print and encode.

An operand is an object in a bitset's display template (``{name}``) with

* ``mask`` -- the word bits it takes;
* ``decode(word, var)`` -- its value in a word;
* ``show(value, ctx)`` -- its text (colours from ``ctx.colors``, special registers
  by ``ctx.var``, label names by ``ctx.label(address)``);
* ``accepts`` -- the shapes (:func:`shape`) of the assembler expressions it may take;
* ``encode(expr, opts)`` -- ``(bits, mask, relocs, notes)`` for an assembler
  expression, or None when it does not take it.  ``relocs`` are ``(Bits, expr)``
  pairs for expressions with labels, resolved at layout; ``notes`` are
  ``(name, message)`` pairs of accepted but suspect operands.

Kinds: :class:`Reg` (with :class:`Special` registers), :class:`Mem` (memory
spaces, post-increment), :class:`Vec` (register vectors), :class:`Imm`
(immediates), :class:`Target` (branch/call targets), :class:`Discard` (``#``),
:class:`Ignore` (bits read and not printed) and :class:`Unknown` (the text of an
undecodable entry).

Assembler expressions are tuples: ``("num", value)``, ``("label", name, line,
col)``, ``("reg", name)``, ``("mem", space, address, post, op)`` (op: ``mem``,
``pp`` (``++``), ``mm`` (``--``), ``pe`` (``+=``), ``me`` (``-=``)), ``("vec", a,
b)``, ``("discard",)``, ``("zvec",)``, ``("str", text)``, binary
``(op, a, b)`` (``add sub mul div mod shl shr and or xor land lor``) and unary
``(op, a)`` (``neg not lnot``).  Printed expressions follow envydis' printer:
``-0x4`` for a negative number, ``+0`` left out, ``a:b`` vectors.
"""

from __future__ import annotations

import re
from typing import Any

from .fields import M64, Bits, Record

NO_COLORS: dict[str, str] = dict.fromkeys(
    ("reset", "iname", "rname", "mod", "sym", "reg", "regsp", "num", "mem", "btarg", "ctarg",
     "bctarg", "eval", "comm", "err"), "")


def colors(ctx: Any) -> dict[str, str]:
    c = getattr(ctx, "colors", None)
    return c if c is not None else NO_COLORS


# ---------------------------------------------------------------- assembler expressions

_DIGITS = re.compile(r"\d+")
BINARY = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "shl": lambda a, b: a << b if b < 64 else 0, "shr": lambda a, b: a >> b if b < 64 else 0,
    "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
    "land": lambda a, b: int(bool(a and b)), "lor": lambda a, b: int(bool(a or b)),
}
UNARY = ("neg", "not", "lnot")


def fold(e: tuple) -> tuple:
    """``e`` with its constant parts computed (64-bit); a division by zero stays."""
    k = e[0]
    if k in BINARY or k in ("div", "mod"):
        a, b = fold(e[1]), fold(e[2])
        if a[0] == "num" and b[0] == "num":
            if k in ("div", "mod"):
                if b[1] == 0:
                    return (k, a, b)
                return ("num", (a[1] // b[1] if k == "div" else a[1] % b[1]) & M64)
            return ("num", BINARY[k](a[1], b[1]) & M64)
        return (k, a, b)
    if k in UNARY:
        a = fold(e[1])
        if a[0] == "num":
            v = a[1]
            return ("num", (-v if k == "neg" else ~v if k == "not" else int(not v)) & M64)
        return (k, a)
    if k == "vec":
        return ("vec", fold(e[1]), fold(e[2]))
    if k == "mem":
        return ("mem", e[1], fold(e[2]), fold(e[3]) if e[3] is not None else None, e[4])
    if k == "swizzle":
        return ("swizzle", fold(e[1]), *e[2:])
    if k == "sinsn":  # (a sub-instruction inside an expression, ``$r1:(mul ...)``: no
        return ("sinsn", _frozen(e[1]))  # operand takes one, but it is a value: hashable)
    return e


def _frozen(x: Any) -> Any:
    """``x`` with its lists made tuples, all the way down."""
    if isinstance(x, (list, tuple)):
        return tuple(_frozen(y) for y in x)
    return x


def is_constant(e: tuple) -> bool:
    """A number, or an expression of numbers and labels (known at layout)."""
    k = e[0]
    if k in BINARY or k in ("div", "mod"):
        return is_constant(e[1]) and is_constant(e[2])
    if k in UNARY:
        return is_constant(e[1])
    return k in ("num", "label")


def regkey(name: str) -> str:
    """The shape of a register or memory space name: its first digit run as ``#``."""
    return _DIGITS.sub("#", name, count=1)


def shape(e: tuple) -> str:
    """What kinds of operand may take expression ``e`` (a folded one): a key that
    :attr:`accepts` sets hold.  Never an identifier, so never a word."""
    k = e[0]
    if k == "num":
        v = e[1]
        return "#n0" if v == 0 else "#n1" if v == 1 else "#n"
    if k == "reg":
        return "$" + regkey(e[1])
    if k == "mem":
        return "[" + regkey(e[1]) + "]"
    if k == "vec":
        return "$:"
    if k == "discard":
        return "#"
    if k == "zvec":
        return "()"
    if k == "str":
        return "#str"
    return "#sym" if is_constant(e) else "#x"


NUM_KEYS = frozenset(("#n", "#n0", "#n1"))

# ---------------------------------------------------------------- printed expressions
# (envydis' printer: ("num", value, style) ("neg", e) ("add", a, b) ("reg", name, style)
#  ("discard",) ("zvec",) ("vec", a, b) ("mem", name, e, post))


def _pp(e: tuple) -> tuple:
    """envydis' post-processing: a negative plain number as a negation, ``+0`` dropped."""
    k = e[0]
    if k == "num":
        if e[1] >> 63 and not e[2]:
            return ("neg", ("num", (-e[1]) & M64, None))
        return e
    if k == "add":
        a, b = _pp(e[1]), _pp(e[2])
        if a[0] == "num" and a[1] == 0:
            return b
        if b[0] == "num" and b[1] == 0:
            return a
        return ("add", a, b)
    return e


def render(e: tuple, c: dict[str, str], lvl: int = -1) -> str:
    k = e[0]
    if k == "num":
        return f"{c[e[2]] if e[2] else c['num']}0x{e[1]:x}{c['reset']}"
    if k == "reg":
        return f"{c[e[2]] if e[2] else c['reg']}${e[1]}{c['reset']}"
    if k == "vec" and lvl <= -1:
        return render(e[1], c, -1) + c["sym"] + ":" + c["reset"] + render(e[2], c, 0)
    if k == "add" and lvl <= 0:
        return render(e[1], c, 0) + c["sym"] + "+" + c["reset"] + render(e[2], c, 1)
    if k == "neg" and lvl <= 2:
        return c["sym"] + "-" + c["reset"] + render(e[1], c, 2)
    if k == "discard":
        return c["sym"] + "#" + c["reset"]
    if k == "zvec":
        return c["sym"] + "()" + c["reset"]
    if k == "mem":
        out = c["mem"] + e[1] + "[" + c["reset"] + render(e[2], c, -1)
        if e[3] is not None:
            out += c["mem"] + "++" + c["reset"] + render(e[3], c, -1)
        return out + c["mem"] + "]" + c["reset"]
    return c["sym"] + "(" + c["reset"] + render(e, c, -1) + c["sym"] + ")" + c["reset"]


# ---------------------------------------------------------------- kinds

NAMED, ZERO, ONE, DISCARD = 0, 1, 2, 3


class Special(Record):
    """Register number ``num`` read as something else: ``$name`` (NAMED), nothing /
    the number 0 (ZERO), the number 1 (ONE) or ``#`` (DISCARD); ``needs``: features."""

    __slots__ = _fields = ("num", "name", "mode", "needs")

    def __init__(self, num: int, name: str | None = None, mode: int = NAMED, needs: int = 0) -> None:
        self.num = num
        self.name = name
        self.mode = mode
        self.needs = needs


def _masks(*parts: Any) -> int:
    """The word bits the ``parts`` (bit fields, registers; None: absent) take together."""
    m = 0
    for part in parts:
        if part is not None:
            m |= part.mask
    return m


def _put(bits: Bits | None, value: int, word: int, mask: int) -> tuple[int, int] | None:
    """``value`` into ``bits`` of a partial encoding (word, mask); None on a clash."""
    if bits is None:
        return (word, mask) if value == 0 else None
    got = bits.put(value)
    if got is None:
        return None
    m = bits.mask
    if (got ^ word) & m & mask:
        return None
    return word | got, mask | m


class Reg(Record):
    """A register ``$<name><number><suffix>`` (``bits`` None: the number is 0 and is not
    written).  ``hilo``: half registers ``$r5h``/``$r5l`` (number*2+1/+0); ``align``:
    the registers a suffixed operand spans (``$r4d``: 2), whose number should be a
    multiple of it; ``style``: the colour (``regsp`` for ``cool`` registers, ``err``
    for ``always_special`` ones, else ``reg``)."""

    _fields = ("name", "bits", "suffix", "specials", "always_special", "hilo", "cool", "align")
    __slots__ = _fields + ("mask", "accepts")

    def __init__(self, name: str, bits: Bits | None = None, suffix: str = "",
                 specials: tuple[Special, ...] = (), always_special: bool = False,
                 hilo: bool = False, cool: bool = False, align: int = 1) -> None:
        self.name = name
        self.bits = bits
        self.suffix = suffix
        self.specials = tuple(specials)
        self.always_special = always_special
        self.hilo = hilo
        self.cool = cool
        self.align = align
        self.mask = _masks(bits)
        keys = set()
        for sfx in (("h", "l") if hilo else (suffix,)):
            keys.add("$" + regkey(name + "0" + sfx))
            keys.add("$" + regkey(name + sfx))
        for sr in self.specials:
            keys.add({NAMED: "$" + regkey(sr.name or ""), ZERO: "#n0", ONE: "#n1", DISCARD: "#"}[sr.mode])
        self.accepts = frozenset(keys)

    def decode(self, word: int, var: Any = None) -> int:
        return self.bits.get(word) if self.bits is not None else 0

    def expr(self, num: int, var: Any) -> tuple | None:
        """The printed expression of register number ``num`` (None: a ZERO special)."""
        for sr in self.specials:
            if sr.needs and (var is None or (var.features & sr.needs) != sr.needs):
                continue
            if num == sr.num:
                if sr.mode == NAMED:
                    return ("reg", sr.name, "regsp")
                if sr.mode == ZERO:
                    return None
                if sr.mode == ONE:
                    return ("num", 1, None)
                return ("discard",)
        suf = self.suffix
        if self.hilo:
            suf = "h" if num & 1 else "l"
            num >>= 1
        name = f"{self.name}{num}{suf}" if self.bits is not None else f"{self.name}{suf}"
        return ("reg", name, "err" if self.always_special else "regsp" if self.cool else None)

    def show(self, num: int, ctx: Any) -> str:
        e = self.expr(num, getattr(ctx, "var", None))
        return render(e if e is not None else ("num", 0, None), colors(ctx))

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        got = self.put(e, opts, 0, 0)
        if got is None:
            return None
        word, mask, note = got
        return word, mask, (), note

    def put(self, e: tuple, opts: Any, word: int, mask: int) -> tuple | None:
        """(word, mask, notes) with this register written, or None."""
        bits = self.bits
        var = getattr(opts, "var", None)
        for sr in self.specials:
            if sr.needs and (var is None or (var.features & sr.needs) != sr.needs):
                continue
            mode = sr.mode
            if mode == NAMED:
                hit = e[0] == "reg" and e[1] == sr.name
            elif mode == ZERO:
                hit = e[0] == "num" and e[1] == 0
            elif mode == ONE:
                hit = e[0] == "num" and e[1] == 1
            else:
                hit = e[0] == "discard"
            if hit:
                got = _put(bits, sr.num, word, mask)
                return None if got is None else (got[0], got[1], ())
        if e[0] != "reg":
            return None
        name = self.name
        s = e[1]
        if not s.startswith(name):
            return None
        i = len(name)
        j = i
        while j < len(s) and s[j].isdigit():
            j += 1
        num = int(s[i:j]) if j > i else 0
        end = s[j:]
        notes: tuple = ()
        if not self.hilo:
            if end != self.suffix:
                return None
            if self.align > 1 and num % self.align:
                if getattr(opts, "strict", False):
                    return None
                notes = (("misaligned-register",
                          f"${s}: a {self.align}-register operand should start at a register "
                          f"number that is a multiple of {self.align}"),)
        else:
            if end not in ("h", "l"):
                return None
            num = num << 1 | (end == "h")
        got = _put(bits, num, word, mask)
        return None if got is None else (got[0], got[1], notes)


def _memaddr(acc: dict, e: tuple, flip: bool) -> bool:
    """Split a memory address into its constant part (``acc["iex"]``) and at most two
    other terms (``n1``, ``n2``), as envyas does."""
    if is_constant(e):
        x = acc.get("iex")
        if flip:
            acc["iex"] = ("neg", e) if x is None else ("sub", x, e)
        else:
            acc["iex"] = e if x is None else ("add", x, e)
        return True
    k = e[0]
    if k == "add":
        return _memaddr(acc, e[1], flip) and _memaddr(acc, e[2], flip)
    if k == "sub":
        return _memaddr(acc, e[1], flip) and _memaddr(acc, e[2], not flip)
    if k == "neg":
        return _memaddr(acc, e[1], not flip)
    if flip:
        return False
    if acc.get("n1") is None:
        acc["n1"] = e
    elif acc.get("n2") is None:
        acc["n2"] = e
    else:
        return False
    return True


def _imm(bits: Bits, e: tuple, opts: Any, word: int, mask: int, relocs: tuple) -> tuple | None:
    """A relocatable immediate into (word, mask, relocs); None if it cannot be one."""
    if e[0] != "num":
        if not is_constant(e):
            return None
        return word, mask, relocs + ((bits, e),)
    got = bits.put(e[1], getattr(opts, "lenient", False))
    if got is None or (got ^ word) & bits.mask & mask:
        return None
    return word | got, mask | bits.mask, relocs


class Mem(Record):
    """A memory operand ``<space><idx>[<reg>+<imm>]`` (``postincr``: ``[<reg>++<imm>]``)."""

    _fields = ("space", "idx", "reg", "imm", "postincr")
    __slots__ = _fields + ("mask", "accepts")

    def __init__(self, space: str, idx: Bits | None = None, reg: Reg | None = None,
                 imm: Bits | None = None, postincr: bool = False) -> None:
        self.space = space
        self.idx = idx
        self.reg = reg
        self.imm = imm
        self.postincr = postincr
        self.mask = _masks(idx, reg, imm)
        self.accepts = frozenset(("[" + regkey(space + ("0" if idx else "")) + "]",))

    def decode(self, word: int, var: Any = None) -> tuple:
        return (self.idx.get(word) if self.idx is not None else 0,
                self.reg.decode(word) if self.reg is not None else 0,
                self.imm.get(word) if self.imm is not None else 0)

    def show(self, value: tuple, ctx: Any) -> str:
        idx, regnum, imm = value
        expr = self.reg.expr(regnum, getattr(ctx, "var", None)) if self.reg is not None else None
        post = None
        if self.imm is not None:
            num = ("num", imm, None)
            if self.postincr:
                post = num
            elif expr is not None:
                expr = ("add", expr, num)
            else:
                expr = num
        if expr is None:
            expr = ("num", 0, None)
        name = f"{self.space}{idx}" if self.idx is not None else self.space
        return render(("mem", name, _pp(expr), post), colors(ctx))

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        if e[0] != "mem":
            return None
        word = mask = 0
        space = self.space
        if not e[1].startswith(space):
            return None
        if self.idx is not None:
            rest = e[1][len(space):]
            if not rest or not rest.isdigit():
                return None
            put = _put(self.idx, int(rest), word, mask)
            if put is None:
                return None
            word, mask = put
        elif e[1] != space:
            return None
        op = e[4]
        pexpr = None
        if op == "pp":
            pexpr = e[3]
        elif op == "mm":
            pexpr = fold(("neg", e[3]))
        elif op != "mem":
            return None
        addr = e[2]
        k = addr[0]
        # the usual addresses directly: a number, a register, a register plus a number
        if k == "num":
            acc: dict = {"iex": addr}
        elif k == "reg":
            acc = {"n1": addr}
        elif k == "add" and addr[1][0] == "reg" and addr[2][0] == "num":
            acc = {"n1": addr[1], "iex": addr[2]}
        else:
            acc = {}
            _memaddr(acc, addr, False)
        iex = acc.get("iex")
        relocs: tuple = ()
        if self.imm is not None:
            if self.postincr:
                # envyas refuses an explicit zero before ++ (envydis prints s[0x0++0x4]); taken
                if iex is not None and not (iex[0] == "num" and iex[1] == 0):
                    return None
                if pexpr is None:
                    return None
                got = _imm(self.imm, pexpr, opts, word, mask, relocs)
            else:
                if pexpr is not None:
                    return None
                got = _imm(self.imm, iex if iex is not None else ("num", 0), opts, word, mask, relocs)
            if got is None:
                return None
            word, mask, relocs = got
        elif iex is not None or pexpr is not None:
            return None
        n1, n2 = acc.get("n1"), acc.get("n2")
        notes: tuple = ()
        if self.reg is not None:
            if n2 is not None:
                return None
            got = self.reg.put(n1 if n1 is not None else ("num", 0), opts, word, mask)
            if got is None:
                return None
            word, mask, notes = got
        elif n1 is not None or n2 is not None:
            return None
        return word, mask, relocs, notes


class Vec(Record):
    """A register vector ``$r0:$r1:#:$r2`` of ``count`` registers from ``base`` (``mask``
    None: all present; else a discarded element is ``#`` and takes no register)."""

    _fields = ("name", "base", "count", "present", "cool")
    __slots__ = _fields + ("mask", "accepts")

    def __init__(self, name: str, base: Bits, count: Bits, present: Bits | None = None,
                 cool: bool = False) -> None:
        self.name = name
        self.base = base
        self.count = count
        self.present = present
        self.cool = cool
        self.mask = _masks(base, count, present)
        self.accepts = frozenset(("$:", "#", "()", "$" + regkey(name + "0"), "$" + regkey(name)))

    def decode(self, word: int, var: Any = None) -> tuple:
        return (self.base.get(word), self.count.get(word),
                self.present.get(word) if self.present is not None else -1)

    def show(self, value: tuple, ctx: Any) -> str:
        base, cnt, present = value
        expr = None
        k = 0
        style = "regsp" if self.cool else None
        for i in range(cnt):
            if present >> i & 1:
                sub: tuple = ("reg", f"{self.name}{base + k}", style)
                k += 1
            else:
                sub = ("discard",)
            expr = sub if expr is None else ("vec", expr, sub)
        return render(expr if expr is not None else ("zvec",), colors(ctx))

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        items: list[tuple] = []
        if e[0] != "zvec":
            while e[0] == "vec":
                items.append(e[2])
                e = e[1]
            items.append(e)
            items.reverse()
        start = cur = present = 0
        name = self.name
        for i, x in enumerate(items):
            if x[0] == "discard":
                continue
            if x[0] != "reg" or not x[1].startswith(name) or not x[1][len(name):].isdigit():
                return None
            num = int(x[1][len(name):])
            if present:
                if num != cur:
                    return None
                cur += 1
            else:
                start = num
                cur = num + 1
            present |= 1 << i
        cnt = len(items)
        word = mask = 0
        # an all-discard vector names no register: its base field stays free (envyas set
        # it to 0, which clashes where another operand shares the field)
        if present:
            got = _put(self.base, start, word, mask)
            if got is None:
                return None
            word, mask = got
        got = _put(self.count, cnt, word, mask)
        if got is None:
            return None
        word, mask = got
        if self.present is not None:
            got = _put(self.present, present, word, mask)
            if got is None:
                return None
            word, mask = got
        elif present != (1 << cnt) - 1:
            return None
        return word, mask, (), ()


class Imm(Record):
    """A number in ``bits``; ``reloc``: it may be an expression of labels, filled in at
    layout (envydis' rbitfield immediates), else it must be a number."""

    _fields = ("bits", "reloc")
    __slots__ = _fields + ("mask", "accepts")

    def __init__(self, bits: Bits, reloc: bool = False) -> None:
        self.bits = bits
        self.reloc = reloc
        self.mask = bits.mask
        self.accepts = NUM_KEYS | {"#sym"} if reloc else NUM_KEYS

    def decode(self, word: int, var: Any = None) -> int:
        return self.bits.get(word)

    def show(self, value: int, ctx: Any) -> str:
        return render(_pp(("num", value, None)), colors(ctx))

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        if self.reloc:
            got = _imm(self.bits, e, opts, 0, 0, ())
            return None if got is None else (got[0], got[1], got[2], ())
        if e[0] != "num":
            return None
        value = self.bits.put(e[1])
        return None if value is None else (value, self.bits.mask, (), ())


class Target(Record):
    """A branch (``call=False``) or call target: a number in ``bits`` (an expression of
    labels when assembling), printed in the ``btarg``/``ctarg`` colour with
    ``ctx.label(address)``'s name if it has one."""

    _fields = ("bits", "call")
    __slots__ = _fields + ("mask",)
    accepts = NUM_KEYS | {"#sym"}

    def __init__(self, bits: Bits, call: bool = False) -> None:
        self.bits = bits
        self.call = call
        self.mask = bits.mask

    def decode(self, word: int, var: Any = None) -> int:
        return self.bits.get(word)

    def show(self, value: int, ctx: Any) -> str:
        c = colors(ctx)
        style = "ctarg" if self.call else "btarg"
        out = f"{c[style]}0x{value:x}{c['reset']}"
        label = getattr(ctx, "label", None)
        name = label(value) if label is not None else None
        if name is not None:
            out += f" {c['comm']}/*{c['reset']} {c[style]}#{name}{c['reset']} {c['comm']}*/{c['reset']}"
        return out

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        got = _imm(self.bits, e, opts, 0, 0, ())
        return None if got is None else (got[0], got[1], got[2], ())


class Discard(Record):
    """``#``: an operand that is not there (a discarded destination)."""

    __slots__ = ()
    mask = 0
    accepts = frozenset(("#",))

    def decode(self, word: int, var: Any = None) -> int:
        return 0

    def show(self, value: int, ctx: Any) -> str:
        return render(("discard",), colors(ctx))

    def encode(self, e: tuple, opts: Any) -> tuple | None:
        return (0, 0, (), ()) if e[0] == "discard" else None


class Ignore(Record):
    """Bits the form reads and does not print (so they are not unknown bits)."""

    _fields = ("bits",)
    __slots__ = ("bits", "mask")

    def __init__(self, bits: Bits) -> None:
        self.bits = bits
        self.mask = bits.mask


class Unknown(Record):
    """The text of an entry that decodes nothing known (envydis' ``???``); it never
    assembles."""

    __slots__ = _fields = ("text",)

    def __init__(self, text: str = "???") -> None:
        self.text = text
