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

import attrs

M64 = (1 << 64) - 1

# envydis' sign modes of a bit field
UNSIGNED, SIGNED, SLIGHTLY_SIGNED, ULTRASIGNED = 0, 1, 2, 3


class FieldOverflow(ValueError):
    """A value does not fit its field."""


class Kind(Protocol):
    def show(self, value: int, ctx: Any) -> str: ...
    def read(self, text: str, ctx: Any) -> int: ...


@attrs.frozen
class UInt:
    fmt: str = "{:d}"

    def show(self, value: int, ctx: Any) -> str:
        return self.fmt.format(value)

    def read(self, text: str, ctx: Any) -> int:
        try:
            return int(text, 0)
        except ValueError:
            raise ValueError(f"bad integer {text!r}") from None


@attrs.frozen
class Enum:
    names: Mapping[int, str]

    def show(self, value: int, ctx: Any) -> str:
        return self.names.get(value, f"<{value}>")

    def read(self, text: str, ctx: Any) -> int:
        for v, n in self.names.items():
            if n.lower() == text.lower():
                return v
        raise ValueError(f"unknown name {text!r}")


@attrs.frozen
class Bool:
    display: str

    def show(self, value: int, ctx: Any) -> str:
        return self.display if value else ""

    def read(self, text: str, ctx: Any) -> int:
        return 1 if text else 0


def _pieces(value: Any) -> tuple[tuple[int, int], ...]:
    return tuple((int(lo), int(n)) for lo, n in value)


@attrs.frozen
class Bits:
    """A number stored in ``pieces``: ``(low bit, length)`` pairs, least significant
    piece first (envydis' ``bitfield``/``rbitfield``).

    The value read is the pieces' bits put together, shifted left by ``shr``,
    sign-extended by ``sign`` (``SIGNED``: two's complement; ``SLIGHTLY_SIGNED``:
    negative only when the two top bits are set; ``ULTRASIGNED``: always
    negative), xored with ``xorend`` and increased by ``addend``, as a 64-bit
    number.  ``wrap``: a value is stored modulo the field's width (as a negative
    number or a large unsigned one alike); otherwise it must read back whole.
    """

    pieces: tuple[tuple[int, int], ...] = attrs.field(converter=_pieces)
    shr: int = 0
    sign: int = UNSIGNED
    addend: int = 0
    xorend: int = 0
    wrap: bool = False
    #: the bits of the word the field takes
    mask: int = attrs.field(init=False)
    #: shr plus the pieces' lengths: the width of the value
    width: int = attrs.field(init=False)

    @mask.default
    def _mask(self) -> int:
        m = 0
        for lo, n in self.pieces:
            m |= ((1 << n) - 1) << lo
        return m

    @width.default
    def _width(self) -> int:
        return self.shr + sum(n for _, n in self.pieces)

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


@attrs.frozen
class Field:
    """A named field: bits ``low..high`` (inclusive; ``high`` may exceed 31: words are
    plain Python ints) holding a value of ``kind``."""

    name: str
    low: int
    high: int
    kind: Any = UInt()

    @property
    def width(self) -> int:
        return self.high - self.low + 1

    @property
    def mask(self) -> int:
        return ((1 << self.width) - 1) << self.low

    def get(self, word: int) -> int:
        return (word >> self.low) & ((1 << self.width) - 1)

    def put(self, word: int, value: int) -> int:
        if value < 0 or value >> self.width:
            raise FieldOverflow(f"{self.name}: {value:#x} does not fit {self.width} bits")
        return (word & ~self.mask) | (value << self.low)
