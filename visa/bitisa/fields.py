"""Where a number lives in an instruction word, and the plain value kinds.

* :class:`Bits` -- a number stored in one or more bit ranges of the word, with
  envydis' transformations (shift, sign modes, addend, xor, wrapping): what an
  operand field is made of;
* :class:`Field` -- a named field with a value kind (isaspec's ``<field>``);
* the value kinds :class:`UInt`, :class:`Enum`, :class:`Bool`: ``show(value,
  ctx)`` and ``read(text, ctx)``.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

M64 = (1 << 64) - 1

# envydis' sign modes of a bit field
UNSIGNED, SIGNED, SLIGHTLY_SIGNED, ULTRASIGNED = 0, 1, 2, 3


class FieldOverflow(ValueError):
    """A value does not fit its field."""


class Record:
    """A record of the description: its ``_fields`` are set once, by ``__init__``, and
    never changed (the engine keeps what it derives from them); it prints as its fields.
    (Plain slotted classes: a description is thousands of them, made at every start.)"""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(" + ", ".join(
            f"{k}={getattr(self, k)!r}" for k in self._fields) + ")"


class Kind(Protocol):
    def show(self, value: int, ctx: Any) -> str: ...
    def read(self, text: str, ctx: Any) -> int: ...


class UInt(Record):
    __slots__ = _fields = ("fmt",)

    def __init__(self, fmt: str = "{:d}") -> None:
        self.fmt = fmt

    def show(self, value: int, ctx: Any) -> str:
        return self.fmt.format(value)

    def read(self, text: str, ctx: Any) -> int:
        try:
            return int(text, 0)
        except ValueError:
            raise ValueError(f"bad integer {text!r}") from None


class Enum(Record):
    __slots__ = _fields = ("names",)

    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names

    def show(self, value: int, ctx: Any) -> str:
        return self.names.get(value, f"<{value}>")

    def read(self, text: str, ctx: Any) -> int:
        for v, n in self.names.items():
            if n.lower() == text.lower():
                return v
        raise ValueError(f"unknown name {text!r}")


class Bool(Record):
    __slots__ = _fields = ("display",)

    def __init__(self, display: str) -> None:
        self.display = display

    def show(self, value: int, ctx: Any) -> str:
        return self.display if value else ""

    def read(self, text: str, ctx: Any) -> int:
        return 1 if text else 0


class Bits(Record):
    """A number stored in ``pieces``: ``(low bit, length)`` pairs, least significant
    piece first (envydis' ``bitfield``/``rbitfield``).

    The value read is the pieces' bits put together, shifted left by ``shr``,
    sign-extended by ``sign`` (``SIGNED``: two's complement; ``SLIGHTLY_SIGNED``:
    negative only when the two top bits are set; ``ULTRASIGNED``: always
    negative), xored with ``xorend`` and increased by ``addend``, as a 64-bit
    number.  ``wrap``: a value is stored modulo the field's width (as a negative
    number or a large unsigned one alike); otherwise it must read back whole.
    """

    _fields = ("pieces", "shr", "sign", "addend", "xorend", "wrap")
    #: mask: the bits of the word the field takes; width: shr plus the pieces' lengths
    __slots__ = _fields + ("mask", "width")

    def __init__(self, pieces: Any, shr: int = 0, sign: int = UNSIGNED, addend: int = 0,
                 xorend: int = 0, wrap: bool = False) -> None:
        self.pieces = tuple((int(lo), int(n)) for lo, n in pieces)
        self.shr = shr
        self.sign = sign
        self.addend = addend
        self.xorend = xorend
        self.wrap = wrap
        m = 0
        for lo, n in self.pieces:
            m |= ((1 << n) - 1) << lo
        self.mask = m
        self.width = shr + sum(n for _, n in self.pieces)

    def get(self, word: int) -> int:
        res = 0
        pos = self.shr
        for lo, n in self.pieces:
            res |= ((word >> lo) & ((1 << n) - 1)) << pos
            pos += n
        sign = self.sign
        if sign == SIGNED:
            if pos and res >> (pos - 1) & 1:
                res -= 1 << pos
        elif sign == SLIGHTLY_SIGNED:
            if pos > 1 and res >> (pos - 1) & 1 and res >> (pos - 2) & 1:
                res -= 1 << pos
        elif sign == ULTRASIGNED:
            res -= 1 << pos
        return ((res ^ self.xorend) + self.addend) & M64

    def scatter(self, value: int) -> int:
        """The word bits that store ``value`` (its low bits, after addend/xor/shift)."""
        n = (((value - self.addend) & M64) ^ self.xorend) >> self.shr
        word = 0
        for lo, ln in self.pieces:
            word |= (n & ((1 << ln) - 1)) << lo
            n >>= ln
        return word

    def put(self, value: int, lenient: bool = False) -> int | None:
        """The word bits storing ``value``, or None when it does not fit (it would
        read back as another number; with ``wrap``, a number beyond the width,
        unsigned or negative, unless ``lenient``, which cuts it)."""
        value &= M64
        word = self.scatter(value)
        back = self.get(word)
        if self.wrap and self.width < 64:
            total = self.width
            if not lenient and (1 << total) <= value < M64 + 1 - (1 << (total - 1)):
                return None
            m = (1 << total) - 1
            return word if (back & m) == (value & m) else None
        return word if back == value else None


class Field(Record):
    """A named field: bits ``low..high`` (inclusive; ``high`` may exceed 31: words are
    plain Python ints) holding a value of ``kind``."""

    _fields = ("name", "low", "high", "kind")
    __slots__ = _fields + ("width", "mask")

    def __init__(self, name: str, low: int, high: int, kind: Any = None) -> None:
        self.name = name
        self.low = low
        self.high = high
        self.kind = kind if kind is not None else UInt()
        self.width = high - low + 1
        self.mask = ((1 << self.width) - 1) << low

    def get(self, word: int) -> int:
        return (word >> self.low) & ((1 << self.width) - 1)

    def put(self, word: int, value: int) -> int:
        if value < 0 or value >> self.width:
            raise FieldOverflow(f"{self.name}: {value:#x} does not fit {self.width} bits")
        return (word & ~self.mask) | (value << self.low)
