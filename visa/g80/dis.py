"""G80 instructions from bytes, on the shared engine: :data:`visa.g80.isa.ISA` decodes a
word (walking envydis' tables forwards) and prints it; this module reads the word at an
address and gives envydis' colours.  The listing itself is :mod:`visa.g80.listing`."""

from __future__ import annotations

from typing import Any

from visa.bitisa import NO_COLORS, Decoded, Variant

from .isa import ISA

NULL_COLORS = NO_COLORS
DEF_COLORS = {
    "reset": "\x1b[0m", "iname": "\x1b[0;32m", "rname": "\x1b[0;32m", "mod": "\x1b[0;36m",
    "sym": "\x1b[0;36m", "reg": "\x1b[0;31m", "regsp": "\x1b[0;35m", "num": "\x1b[0;33m",
    "mem": "\x1b[0;35m", "btarg": "\x1b[0;35m", "ctarg": "\x1b[0;1;37m", "bctarg": "\x1b[0;1;35m",
    "eval": "\x1b[0;35m", "comm": "\x1b[0;34m", "err": "\x1b[0;1;31m",
}


class Insn:
    """The instruction at an address: its decode, length in bytes, the bits read (``a``)
    and taken (``m``), whether the code ends inside it (``eof``), and whether flow stops
    after it (``endmark``: a call to a no-return label)."""

    __slots__ = ("d", "oplen", "a", "m", "eof", "endmark")

    def __init__(self, d: Decoded, oplen: int, a: int, eof: bool) -> None:
        self.d = d
        self.oplen = oplen
        self.a = a
        self.m = d.claimed
        self.eof = eof
        self.endmark = False

    @property
    def unknown_bits(self) -> int:
        return self.a & ((1 << (8 * self.oplen)) - 1) & ~self.m


def decode(code: bytes | bytearray, cur: int, var: Variant, num: int | None = None) -> Insn:
    """The instruction at byte ``cur`` of ``code`` (``num`` bytes are code)."""
    if num is None:
        num = len(code)
    a = int.from_bytes(code[cur:min(num, cur + 8)], "little")
    d = ISA.decode(a, var)
    assert d is not None  # the root table ends in a catch-all
    oplen = d.size >> 3
    return Insn(d, oplen, a, oplen + cur > num)


def mark_targets(insn: Insn, marks: Any) -> None:
    """Mark the branch (1) and call (2) targets of ``insn``; a call to a no-return label
    ends the flow."""
    for value, call in insn.d.targets:
        marks.mark(value, 2 if call else 1)
        if call and marks.is_nr(value):
            insn.endmark = True


class Ctx:
    """What printing needs: colours, the variant (special registers) and label names."""

    __slots__ = ("colors", "var", "labels")

    def __init__(self, colors: dict[str, str], var: Variant, labels: dict[int, str] | None) -> None:
        self.colors = colors
        self.var = var
        self.labels = labels

    def label(self, value: int) -> str | None:
        return self.labels.get(value) if self.labels else None


def insn_text(insn: Insn, ctx: Ctx) -> str:
    return ISA.format(insn.d, ctx)
