"""bitisa: a bit-field ISA description engine (isaspec / envydis model).

Shared by the afuc (Adreno SQE) and G80 (NVIDIA Tesla) toolchains.  An ISA is
data: a list of :class:`Bitset` records.  Decoder, encoder and printer are
derived from the records; nothing here knows any particular ISA.

API (stable):

* ``Kind`` -- an operand kind owns its syntax and codec:
  ``kind.show(value, ctx) -> str`` and ``kind.read(text, ctx) -> int``
  (raises ``ValueError`` with a message on bad text).  Ready kinds:
  ``UInt(fmt)``, ``Enum(names)``, ``Bool(display)``.
* ``Field(name, low, high, kind)`` -- bits ``low..high`` inclusive of the
  instruction word (``high`` may exceed 31: words are plain Python ints of
  ``Bitset.size`` bits, so 64-bit G80 words are one int).
* ``Bitset(name, size, match, mask, fields, display, gen=(lo, hi),
  dontcare=0, asserts=())`` -- a leaf instruction form.  ``match``/``mask``
  are the fixed pattern bits; ``dontcare`` the bits the form ignores
  (``x`` in isaspec).  ``display`` is a template: ``{NAME}`` is replaced by
  the field's shown value (``{NAME}`` the ``displayname``); ``overrides``
  are ``(predicate, display)`` pairs tried first, a predicate being a
  function of the field values or a mapping ``{field: value}`` that must all
  hold (isaspec's ``{SRC1} == 0``; a printer or parser can read it);
  ``asserts`` are ``(mask, value)`` pairs that must
  hold for a decode to match.  ``Bitset.from_pattern(name, "0101xx..", ...)``
  builds match/mask/dontcare from an isaspec pattern string written MSB first.
* ``Isa(bitsets, select_size=None)`` -- ``isa.decode(word, gen)`` returns the
  unique matching :class:`Decoded` (or ``None``; it walks a decision tree
  over the records' fixed bits, built per generation on first use, and tests
  the few records left); ``isa.encode(bitset,
  values)`` returns the word (raises ``FieldOverflow``);
  ``isa.format(decoded, ctx)`` renders the display template.
  ``select_size(first_word) -> bits`` lets an ISA with variable-length words
  (G80: bits 0-1 choose 32 or 64) say how many bits an instruction takes;
  ``isa.split(words32)`` then yields (offset, size, word) per instruction.
* ``Table`` -- envydis-style nested decode tables: ``Table(entries)`` where each
  entry is ``(mask, match, target)`` and target is a Bitset or another Table;
  ``Table.lookup(word)`` walks the first matching entry.
* :mod:`visa.bitisa.grammar` -- the text side: a regular Lark grammar (an
  assembler's statements) composed into regular expressions, so that the
  grammar file is what reads the text without Lark at run time.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence, Union

import attrs


#: an override's condition: a function of the field values, or field -> value
#: equalities that must all hold
Predicate = Union[Callable[[Mapping[str, int]], bool], Mapping[str, int]]


def holds(pred: Predicate, values: Mapping[str, int]) -> bool:
    """Whether an override's condition holds on the field ``values`` (a
    field missing from them is 0)."""
    if callable(pred):
        return bool(pred(values))
    return all(values.get(k, 0) == v for k, v in pred.items())


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


@attrs.frozen
class Field:
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


@attrs.frozen
class Bitset:
    name: str
    size: int
    match: int
    mask: int
    fields: tuple[Field, ...] = ()
    display: str = ""
    gen: tuple[int, int] = (0, 1 << 30)
    dontcare: int = 0
    asserts: tuple[tuple[int, int], ...] = ()
    #: (predicate over the field values, display) pairs tried before ``display``
    overrides: tuple[tuple[Predicate, str], ...] = ()
    #: the mnemonic ``{NAME}`` stands for in templates ("" means ``name``)
    displayname: str = ""
    #: fields not in the word: (name, constant value, kind), e.g. isaspec <derived>
    derived: tuple[tuple[str, int, Any], ...] = ()

    @classmethod
    def from_pattern(cls, name: str, pattern: str, fields: Sequence[Field] = (),
                     display: str = "", **kw: Any) -> "Bitset":
        """``pattern`` MSB first over all ``size`` bits: 0/1 fixed, x don't
        care, any other char a field bit."""
        size = len(pattern)
        match = mask = dontcare = 0
        for i, ch in enumerate(reversed(pattern)):
            if ch in "01":
                mask |= 1 << i
                match |= int(ch) << i
            elif ch == "x":
                dontcare |= 1 << i
        return cls(name, size, match, mask, tuple(fields), display,
                   dontcare=dontcare, **kw)

    def matches(self, word: int, gen: int) -> bool:
        if not (self.gen[0] <= gen <= self.gen[1]):
            return False
        if word & self.mask != self.match:
            return False
        return all(word & m == v for m, v in self.asserts)

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


@attrs.frozen
class Decoded:
    bitset: Bitset
    word: int
    values: Mapping[str, int]

    @property
    def lost_bits(self) -> int:
        """Don't-care bits set in the word (the text would lose them)."""
        return self.word & self.bitset.dontcare


_TEMPLATE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@attrs.frozen
class Table:
    entries: tuple[tuple[int, int, Any], ...]

    def lookup(self, word: int) -> Bitset | None:
        for mask, match, target in self.entries:
            if word & mask == match:
                return target.lookup(word) if isinstance(target, Table) else target
        return None


_NONE: list[Bitset] = []


def _tree(bitsets: Sequence[Bitset], used: int) -> Any:
    """A decision tree for decoding: ``(mask, {word & mask: subtree})`` over
    the bits every one of ``bitsets`` fixes (beyond ``used``), down to the
    lists of records that no such bit tells apart.  A word can only match a
    record of the leaf its bits lead to, so decoding tests those alone and
    finds the same records a test of every record finds."""
    common = ~used
    for b in bitsets:
        common &= b.mask
    if len(bitsets) <= 2 or not common:
        return list(bitsets)  # a leaf (a node is a tuple)
    groups: dict[int, list[Bitset]] = {}
    for b in bitsets:
        groups.setdefault(b.match & common, []).append(b)
    return (common, {k: _tree(v, used | common) for k, v in groups.items()})


class Isa:
    def __init__(self, bitsets: Iterable[Bitset],
                 select_size: Callable[[int], int] | None = None) -> None:
        self.bitsets: tuple[Bitset, ...] = tuple(bitsets)
        self.by_name: dict[str, Bitset] = {b.name: b for b in self.bitsets}
        self.select_size = select_size
        self._gen_cache: dict[int, tuple[Bitset, ...]] = {}
        # per generation, a decision tree over the fixed bits (see _tree)
        self._trees: dict[int, Any] = {}

    def for_gen(self, gen: int) -> tuple[Bitset, ...]:
        got = self._gen_cache.get(gen)
        if got is None:
            got = tuple(b for b in self.bitsets if b.gen[0] <= gen <= b.gen[1])
            self._gen_cache[gen] = got
        return got

    def decode(self, word: int, gen: int = 0) -> Decoded | None:
        tree = self._trees.get(gen)
        if tree is None:
            tree = self._trees[gen] = _tree(self.for_gen(gen), 0)
        # walk down to the few records that agree with the word on every bit
        # they all fix, then test those
        while type(tree) is tuple:
            tree = tree[1].get(word & tree[0], _NONE)
        hits = [b for b in tree if b.matches(word, gen)]
        if len(hits) != 1:
            return None
        b = hits[0]
        return Decoded(b, word, {f.name: f.get(word) for f in b.fields})

    def encode(self, bitset: Bitset | str, values: Mapping[str, int]) -> int:
        b = self.by_name[bitset] if isinstance(bitset, str) else bitset
        word = b.match
        for f in b.fields:
            if f.name in values:  # fields may alias the same bits
                word = f.put(word, values[f.name])
        return word

    def format(self, d: Decoded, ctx: Any = None) -> str:
        b = d.bitset
        template = b.display
        for pred, disp in b.overrides:
            if holds(pred, d.values):
                template = disp
                break

        def one(m: re.Match[str]) -> str:
            if m.group(1) == "NAME":
                return b.displayname or b.name
            for dname, dval, dkind in b.derived:
                if dname == m.group(1):
                    return str(dkind.show(dval, ctx))
            f = b.field(m.group(1))
            return str(f.kind.show(d.values[f.name], ctx))

        return _TEMPLATE.sub(one, template)

    def split(self, words32: Sequence[int]) -> Iterator[tuple[int, int, int]]:
        """(offset, size_bits, word) per instruction of a 32-bit word stream;
        a 64-bit instruction is low word | high word << 32."""
        i = 0
        while i < len(words32):
            size = self.select_size(words32[i]) if self.select_size else 32
            n = size // 32
            w = 0
            for k in range(n):
                if i + k < len(words32):
                    w |= words32[i + k] << (32 * k)
            yield i, size, w
            i += n
