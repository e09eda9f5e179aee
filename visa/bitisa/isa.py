"""Bitsets, tables and the Isa: decode (forwards), print, and encode (backwards).

A description is data: :class:`Bitset` records (one instruction form, or one entry of
a decode table) gathered in :class:`Table`\\ s.  A bitset's ``display`` template names
what it prints: literal words and punctuation, ``{FIELD}`` (one of its ``fields``),
``{NAME}`` (its mnemonic), or any object the :class:`Isa` was given by name -- an
operand kind (:mod:`visa.bitisa.operands`), a nested :class:`Table`, an
:class:`~visa.bitisa.operands.Ignore` or :class:`~visa.bitisa.operands.Unknown`.
``(`` and ``)`` group a sub-instruction.

* Decoding walks the tables forwards, as envydis does: in a table the first entry
  available to the :class:`Variant` whose ``match`` bits are the word's under
  ``mask`` wins (found through a decision tree over the bits the entries fix, so that
  a word is tested against a few entries, not all); its template's tables are walked
  in turn.  The bits no entry,
  field or operand takes are ``Decoded.unknown_bits``.  A flat description (one
  table of leaf forms, isaspec style) is the same walk one level deep.
* Printing renders the templates: pieces separated by white space in the template
  are separated by one space, an empty piece takes its space with it, and none is
  printed inside ``( )``.  The first word of an instruction (or of a group) is its
  name (colour ``iname``), the others modifiers (``mod``).
* Encoding matches an instruction's tokens against the tables backwards, as envyas
  does (:class:`Matcher`): every entry whose template consumes the tokens is an
  encoding, in table order (depth first), found lazily.
"""

from __future__ import annotations

import re
import threading
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, Union

from .fields import M64, Field, Record
from .operands import NUM_KEYS, NO_COLORS, Ignore, Target, Unknown, shape


#: an override's condition: a function of the field values, or field -> value equalities
#: that must all hold (isaspec's ``{SRC1} == 0``; a printer or parser can read it)
Predicate = Union[Callable[[Mapping[str, int]], bool], Mapping[str, int]]


def holds(pred: Predicate, values: Mapping[str, int]) -> bool:
    """Whether an override's condition holds on the field ``values`` (a field missing from
    them is 0)."""
    if callable(pred):
        return bool(pred(values))
    return all(values.get(k, 0) == v for k, v in pred.items())


class Variant(Record):
    """What a description is used for: a generation (``gen``), chip features (a bit
    mask) and program modes (a bit mask; 0: none given).  Equal by value."""

    __slots__ = _fields = ("gen", "features", "modes")

    def __init__(self, gen: int = 0, features: int = 0, modes: int = 0) -> None:
        self.gen = gen
        self.features = features
        self.modes = modes

    def _key(self) -> tuple:
        return (self.gen, self.features, self.modes)

    def __eq__(self, other: object) -> bool:
        return type(other) is Variant and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def evolve(self, **kw: int) -> "Variant":
        """A copy with some values changed."""
        args = dict(gen=self.gen, features=self.features, modes=self.modes)
        args.update(kw)
        return Variant(**args)


class Bitset(Record):
    """One instruction form or table entry.

    ``match``/``mask``: its fixed bits; ``size``: its length in bits (0: as the
    enclosing entry); ``display``: its template; ``gen``, ``needs`` (features all
    required) and ``modes`` (any of; 0: every mode) say where it exists;
    ``dontcare``: bits the form ignores (isaspec ``x``); ``asserts``: ``(mask,
    value)`` pairs a word must also meet; ``overrides``: ``(predicate, display)``
    pairs tried before ``display`` (a :data:`Predicate`); ``displayname``: what ``{NAME}``
    prints (default ``name``); ``derived``: ``(name, value, kind)`` fields not in the
    word (isaspec ``<derived>``); ``effect``: what the instruction does, for an
    emulator of the instruction set (the engine itself does not read it)."""

    __slots__ = _fields = ("name", "size", "match", "mask", "fields", "display", "gen", "dontcare",
                           "asserts", "overrides", "displayname", "derived", "needs", "modes",
                           "effect")

    def __init__(self, name: str, size: int, match: int, mask: int, fields: Sequence[Field] = (),
                 display: str = "", gen: tuple[int, int] = (0, 1 << 30), dontcare: int = 0,
                 asserts: Sequence[tuple[int, int]] = (),
                 overrides: Sequence[tuple[Predicate, str]] = (),
                 displayname: str = "", derived: Sequence[tuple[str, int, Any]] = (),
                 needs: int = 0, modes: int = 0, effect: Any = None) -> None:
        self.name = name
        self.size = size
        self.match = match
        self.mask = mask
        self.fields = tuple(fields)
        self.display = display
        self.gen = tuple(gen)
        self.dontcare = dontcare
        self.asserts = tuple(asserts)
        self.overrides = tuple(overrides)
        self.displayname = displayname
        self.derived = tuple(derived)
        self.needs = needs
        self.modes = modes
        self.effect = effect

    @classmethod
    def from_pattern(cls, name: str, pattern: str, fields: Sequence[Field] = (),
                     display: str = "", **kw: Any) -> "Bitset":
        """``pattern`` MSB first over all ``size`` bits: 0/1 fixed, x don't care, any
        other char a field bit."""
        size = len(pattern)
        match = mask = dontcare = 0
        for i, ch in enumerate(reversed(pattern)):
            if ch in "01":
                mask |= 1 << i
                match |= int(ch) << i
            elif ch == "x":
                dontcare |= 1 << i
        return cls(name, size, match, mask, tuple(fields), display, dontcare=dontcare, **kw)

    def available(self, var: Variant) -> bool:
        return (self.gen[0] <= var.gen <= self.gen[1] and (var.features & self.needs) == self.needs
                and (not self.modes or bool(self.modes & var.modes)))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


class Table(Record):
    """A decode table: its entries in order (the first that matches wins)."""

    __slots__ = _fields = ("name", "entries")

    def __init__(self, name: str, entries: Iterable[Bitset] = ()) -> None:
        self.name = name
        self.entries = tuple(entries)


# compiled template items (decode and print)
WORD, TEXT, SEP, OPEN, CLOSE, OPER, TABLE, UNK, FIELD = range(9)
_TEMPLATE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}|(\s+)|([()])|([^{}\s()]+)")
_WORDLIKE = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\Z")
_SEP = (SEP,)
_OPEN = (OPEN,)
_CLOSE = (CLOSE,)


class Decoded:
    """One decoded instruction: the form found first (``bitset``), the word, its
    ``size`` in bits, the field values of that form (``values``), the printable
    atoms of the whole walk, the bits taken (``claimed``) and the branch/call
    targets (``targets``: ``(address, call)``)."""

    __slots__ = ("bitset", "word", "size", "values", "atoms", "claimed", "targets")

    def __init__(self, bitset: Bitset, word: int, size: int, values: dict, atoms: list,
                 claimed: int, targets: list) -> None:
        self.bitset = bitset
        self.word = word
        self.size = size
        self.values = values
        self.atoms = atoms
        self.claimed = claimed
        self.targets = targets

    @property
    def lost_bits(self) -> int:
        """Don't-care bits set in the word (the text would lose them)."""
        return self.word & self.bitset.dontcare

    @property
    def unknown_bits(self) -> int:
        """Bits of the instruction that no entry, field or operand takes."""
        return self.word & ((1 << self.size) - 1) & ~self.claimed

    def unknowns(self) -> tuple[bool, bool]:
        """(an unknown instruction, an unknown operand or modifier): whether an
        :class:`Unknown` stands as the first word of its group, or after it."""
        insn = oper = False
        first = [True]
        for a in self.atoms:
            code = a[0]
            if code == WORD:
                first[-1] = False
            elif code == UNK:
                if first[-1]:
                    insn = True
                    first[-1] = False
                else:
                    oper = True
            elif code == OPEN:
                first.append(True)
            elif code == CLOSE:
                first.pop()
        return insn, oper


class _CTable:
    """A table compiled for one variant: its available entries, and a decision tree
    over the bits they fix (:func:`_tree`) that leads a word to the few it may match."""

    __slots__ = ("entries", "tree", "deep", "walks")

    def __init__(self, entries: list) -> None:
        self.entries = entries
        self.tree = _tree(entries, 0)
        self.deep = -1  # the bits a walk from here may read (-1: not known yet)
        self.walks: dict[int, tuple] | None = None


def _tree(entries: list, used: int) -> Any:
    """A decision tree for finding the first of ``entries`` (in table order) that matches
    a word: ``(bits, {word & bits: subtree}, rest)``, or at a leaf a list of the entries
    to test in order.  ``bits`` are the bits every entry that fixes any beyond ``used``
    (those tested above) fixes; an entry that fixes none (a catch-all) is in every
    subtree after the entries before it, and in ``rest``, the subtree of the values no
    entry has.  So a word's subtree holds, in table order, every entry it can match."""
    bits = -1
    for e in entries:
        m = e.bitset.mask & ~used
        if m:
            bits &= m
    if len(entries) <= 2 or bits <= 0:
        return list(entries)
    groups: dict[int, list] = {}
    rest: list = []
    for e in entries:
        b = e.bitset
        if b.mask & ~used:
            got = groups.get(b.match & bits)
            if got is None:
                got = groups[b.match & bits] = list(rest)
            got.append(e)
        else:
            rest.append(e)
            for got in groups.values():
                got.append(e)
    used |= bits
    if len(groups) == 1 and not rest:  # nothing to tell apart here: the bits below
        return _tree(entries, used)
    return (bits, {k: _tree(g, used) for k, g in groups.items()}, rest)


class _CEntry:
    __slots__ = ("bitset", "items", "claim", "size", "fields", "alts", "asserts")

    def __init__(self, bitset: Bitset, items: tuple, claim: int, alts: tuple) -> None:
        self.bitset = bitset
        self.items = items
        self.claim = claim
        self.size = bitset.size
        self.fields = bitset.fields
        self.alts = alts  # (predicate, items) of the overrides
        self.asserts = bitset.asserts


class Isa:
    """An instruction set: a root :class:`Table` (or the bitsets of a flat
    description), the objects its templates name (``names``), and
    ``select_size(first word) -> bits`` for :meth:`split` where lengths vary."""

    def __init__(self, root: Table | Iterable[Bitset], select_size: Callable[[int], int] | None = None,
                 names: Mapping[str, Any] | None = None, default_size: int = 32) -> None:
        if not isinstance(root, Table):
            root = Table("root", tuple(root))
        self.root = root
        self.names: dict[str, Any] = dict(names or {})
        self.select_size = select_size
        self.default_size = default_size
        self.bitsets: tuple[Bitset, ...] = root.entries
        self.by_name: dict[str, Bitset] = {b.name: b for b in self.bitsets}
        self._gen_cache: dict[int, tuple[Bitset, ...]] = {}
        self._items: dict[tuple[int, str], tuple] = {}
        self._vtables: dict[Variant, dict[int, _CTable]] = {}  # variant -> id(table) -> it
        self._roots: dict[int | Variant, tuple[Variant, _CTable, dict[int, _CTable]]] = {}
        self._matchers: dict[Any, Matcher] = {}

    # ------------------------------------------------------------ templates

    def items(self, b: Bitset, display: str | None = None) -> tuple:
        """The compiled template of ``b`` (its ``display``, or another of its own)."""
        text = b.display if display is None else display
        key = (id(b), text)
        got = self._items.get(key)
        if got is not None:
            return got
        fields = {f.name: f for f in b.fields}
        derived = {d[0]: d for d in b.derived}
        out: list[tuple] = []
        for m in _TEMPLATE.finditer(text):
            ref, space, paren, lit = m.groups()
            if space is not None:
                out.append(_SEP)
            elif paren is not None:
                out.append(_OPEN if paren == "(" else _CLOSE)
            elif lit is not None:
                out.append((WORD if _WORDLIKE.match(lit) else TEXT, lit))
            elif ref == "NAME":
                out.append((WORD, b.displayname or b.name))
            elif ref in fields:
                out.append((FIELD, ref, fields[ref]))
            elif ref in derived:
                _, value, kind = derived[ref]
                out.append((OPER, _Const(kind), value))
            else:
                obj = self.names.get(ref)
                if obj is None:
                    raise KeyError(f"{b.name or 'entry'}: template names unknown {{{ref}}}")
                if isinstance(obj, Table):
                    out.append((TABLE, obj))
                elif isinstance(obj, Unknown):
                    out.append((UNK, obj.text))
                else:
                    out.append((OPER, obj))
        got = self._items[key] = tuple(out)
        return got

    def _centry(self, b: Bitset) -> _CEntry:
        items = self.items(b)
        claim = b.mask
        for it in items:
            if it[0] == OPER and len(it) == 2:
                claim |= it[1].mask
            elif it[0] == FIELD:
                claim |= it[2].mask
        alts = tuple((pred, self.items(b, disp)) for pred, disp in b.overrides)
        for _, its in alts:
            for it in its:
                if it[0] == FIELD:
                    claim |= it[2].mask
        return _CEntry(b, items, claim, alts)

    def _ctable(self, table: Table, var: Variant) -> _CTable:
        vt = self._vtables.get(var)
        if vt is None:
            vt = self._vtables[var] = {}
        got = vt.get(id(table))
        if got is None:
            entries = []
            for b in table.entries:
                if not b.available(var):
                    continue
                entries.append(self._centry(b))
                if not b.mask and not b.asserts:
                    break  # nothing after an entry that takes every word is reachable
            got = vt[id(table)] = _CTable(entries)
        return got

    # ------------------------------------------------------------ decoding

    def for_gen(self, gen: int) -> tuple[Bitset, ...]:
        got = self._gen_cache.get(gen)
        if got is None:
            got = tuple(b for b in self.bitsets if b.gen[0] <= gen <= b.gen[1])
            self._gen_cache[gen] = got
        return got

    @staticmethod
    def _find(ct: _CTable, word: int) -> _CEntry | None:
        """The first entry of ``ct`` that matches ``word`` (None: none does)."""
        node = ct.tree
        while type(node) is tuple:
            node = node[1].get(word & node[0], node[2])
        for e in node:
            b = e.bitset
            if word & b.mask == b.match and (not e.asserts or all(word & m == v
                                                                 for m, v in e.asserts)):
                return e
        return None

    def _deep(self, ct: _CTable, var: Variant) -> int:
        """Every bit a walk from table ``ct`` may read (its entries', their operands' and
        their tables')."""
        if ct.deep < 0:
            ct.deep = 0  # (the tables are not recursive; this stops a loop if one were)
            deep = 0
            for e in ct.entries:
                deep |= e.claim
                for m, _ in e.asserts:
                    deep |= m
                for it in e.items:
                    if it[0] == TABLE:
                        deep |= self._deep(self._ctable(it[1], var), var)
            ct.deep = deep
            ct.walks = {} if deep.bit_count() <= 16 else None
        return ct.deep

    def _walk(self, ce: _CEntry, word: int, var: Variant, vt: dict, atoms: list, targets: list,
              values: dict | None) -> int:
        claimed = ce.claim
        items = ce.items
        if ce.fields:
            if values is None:
                values = {f.name: f.get(word) for f in ce.fields}
            for pred, alt in ce.alts:
                if holds(pred, values):
                    items = alt
                    break
        for it in items:
            code = it[0]
            if code == OPER:
                if len(it) == 3:  # a derived constant
                    atoms.append((OPER, it[1].show, it[2]))
                    continue
                obj = it[1]
                if type(obj) is Ignore:
                    continue
                v = obj.decode(word, var)
                atoms.append((OPER, obj.show, v))
                if type(obj) is Target:
                    targets.append((v, obj.call))
            elif code == TABLE:
                ct = vt.get(id(it[1]))
                if ct is None:
                    ct = self._ctable(it[1], var)
                if ct.deep < 0:
                    self._deep(ct, var)
                walks = ct.walks
                if walks is not None:
                    # a small table: its walk is the same for the same bits read
                    key = word & ct.deep
                    got = walks.get(key)
                    if got is None:
                        sub = self._find(ct, word)
                        if sub is None:
                            raise ValueError(f"table {it[1].name} has no entry for {word:#x}")
                        a: list = []
                        t: list = []
                        c = self._walk(sub, word, var, vt, a, t, None)
                        got = walks[key] = (a, c, t)
                    atoms += got[0]
                    claimed |= got[1]
                    if got[2]:
                        targets += got[2]
                    continue
                sub = self._find(ct, word)
                if sub is None:
                    raise ValueError(f"table {it[1].name} has no entry for {word:#x}")
                claimed |= self._walk(sub, word, var, vt, atoms, targets, None)
            elif code == FIELD:
                atoms.append((OPER, it[2].kind.show, values[it[1]]))  # type: ignore[index]
            else:
                atoms.append(it)
        return claimed

    def decode(self, word: int, gen: int | Variant = 0) -> Decoded | None:
        """The instruction ``word`` (of at most the longest size) encodes, or None
        when no form matches."""
        root = self._roots.get(gen)  # (keyed as given: a generation is not made a Variant)
        if root is None:
            var = gen if isinstance(gen, Variant) else Variant(gen)
            root = self._roots[gen] = (var, self._ctable(self.root, var), self._vtables[var])
        var, ct, vt = root
        ce = self._find(ct, word)
        if ce is None:
            return None
        values = {f.name: f.get(word) for f in ce.fields} if ce.fields else {}
        atoms: list = []
        targets: list = []
        claimed = self._walk(ce, word, var, vt, atoms, targets, values)
        return Decoded(ce.bitset, word, ce.size or self.default_size, values, atoms, claimed, targets)

    # ------------------------------------------------------------ printing

    def format(self, d: Decoded, ctx: Any = None) -> str:
        """The text of ``d``: colours from ``ctx.colors`` (envydis' names: ``iname``,
        ``mod``, ``err``, ``sym``, ...), and the kinds' own use of ``ctx``."""
        c = getattr(ctx, "colors", None) or NO_COLORS
        reset = c["reset"]
        out: list[str] = []
        pending = False  # a separator is due before the next piece
        opened = True  # at the start, or just after "(": no separator
        first = [True]
        for a in d.atoms:
            code = a[0]
            if code == SEP:
                pending = not opened
                continue
            if code == OPER:
                text = a[1](a[2], ctx)
                if not text:
                    continue
            elif code == WORD:
                if first[-1]:
                    first[-1] = False
                    text = c["iname"] + a[1] + reset if reset else a[1]
                else:
                    text = c["mod"] + a[1] + reset if reset else a[1]
            elif code == UNK:
                first[-1] = False
                text = c["err"] + a[1] + reset if reset else a[1]
            elif code == OPEN:
                if pending:
                    out.append(" ")
                    pending = False
                out.append(c["sym"] + "(" + reset if reset else "(")
                opened = True
                first.append(True)
                continue
            elif code == CLOSE:
                pending = False
                if len(first) > 1:
                    first.pop()
                out.append(c["sym"] + ")" + reset if reset else ")")
                opened = False
                continue
            else:
                text = a[1]
            if pending:
                out.append(" ")
                pending = False
            opened = False
            out.append(text)
        return "".join(out)

    # ------------------------------------------------------------ encoding

    def encode(self, bitset: Bitset | str, values: Mapping[str, int]) -> int:
        """The word of form ``bitset`` with its fields set from ``values`` (raises
        :class:`~visa.bitisa.fields.FieldOverflow`)."""
        b = self.by_name[bitset] if isinstance(bitset, str) else bitset
        word = b.match
        for f in b.fields:
            if f.name in values:  # fields may alias the same bits
                word = f.put(word, values[f.name])
        return word

    def matcher(self, var: Variant | int = 0, *, lenient: bool = False, strict: bool = False,
                defaults: bool = False) -> "Matcher":
        """The encoder of instruction tokens for ``var`` (see :class:`Matcher`)."""
        if not isinstance(var, Variant):
            var = Variant(var)
        key = (var, lenient, strict, defaults)
        got = self._matchers.get(key)
        if got is None:
            got = self._matchers[key] = Matcher(self, MatchOptions(var, lenient, strict, defaults))
        return got

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


class _Const(Record):
    """A derived field: a value not in the word, shown by its kind."""

    __slots__ = _fields = ("kind",)
    mask = 0

    def __init__(self, kind: Any) -> None:
        self.kind = kind

    def show(self, value: int, ctx: Any) -> str:
        return str(self.kind.show(value, ctx))


# ---------------------------------------------------------------- encoding (backwards)

class MatchOptions(Record):
    """``var``: the variant; ``lenient``: immediates wider than their field are cut (as
    envyas does; for naming the error); ``strict``: suspect operands (notes) do not
    match; ``defaults``: an entry that only names a word the line lacks (a default
    modifier) matches without it."""

    __slots__ = _fields = ("var", "lenient", "strict", "defaults")

    def __init__(self, var: Variant, lenient: bool = False, strict: bool = False,
                 defaults: bool = False) -> None:
        self.var = var
        self.lenient = lenient
        self.strict = strict
        self.defaults = defaults


# matcher items
M_WORD, M_OPEN, M_CLOSE, M_TABLE, M_OPER, M_FIELD = range(6)
OPEN_TOKEN = "("
CLOSE_TOKEN = ")"
END = "\0end"


class Match(tuple):
    """An encoding found: (word, mask, end token, size, relocs, notes)."""

    __slots__ = ()

    @property
    def word(self) -> int:
        return self[0]

    @property
    def mask(self) -> int:
        return self[1]

    @property
    def size(self) -> int:
        return self[3]

    @property
    def relocs(self) -> tuple:
        return self[4]

    @property
    def notes(self) -> tuple:
        return self[5]


class _MEntry:
    __slots__ = ("val", "mask", "size", "items", "first", "required", "default_word")

    def __init__(self, b: Bitset, items: tuple, first: frozenset | None, required: frozenset,
                 default_word: str | None) -> None:
        self.val = b.match
        self.mask = b.mask
        self.size = b.size
        self.items = items
        self.first = first  # None: may consume nothing
        self.required = required
        self.default_word = default_word


class Matcher:
    """Instruction tokens -> encodings, in envyas' order.

    Tokens: words (``str``: the mnemonic and modifiers), :data:`OPEN_TOKEN` /
    :data:`CLOSE_TOKEN` around a sub-instruction, and operand expressions (tuples,
    :mod:`visa.bitisa.operands`).  Each table's entries are tried in order; an entry
    matches when its template's items consume the tokens (words equal, operands
    taken by their kinds, tables matched in turn) without two of them setting one
    bit differently.

    The search runs in two steps.  The *shape* of the tokens (words, and the
    :func:`~visa.bitisa.operands.shape` of each operand) chooses the entries: this
    gives the paths (fixed bits, and which operand kind takes which token), found
    once per shape of a table's tokens and kept, so that later instructions of the
    same shapes only look them up.  Then the operands' values are encoded along the
    paths in order; a path whose values do not fit or clash is not an encoding."""

    def __init__(self, isa: Isa, opts: MatchOptions) -> None:
        self.isa = isa
        self.opts = opts
        self._tables: dict[int, list[_MEntry]] = {}
        self._first: dict[int, tuple[frozenset, bool]] = {}
        self._span: dict[int, int] = {}
        self._dispatch: dict[tuple[int, str], tuple[_MEntry, ...]] = {}
        self._infos: dict[int, _TInfo] = {}
        self._lock = threading.RLock()
        self._lines: dict[tuple, _Paths] = {}
        self._encoded: dict[tuple, Any] = {}
        self._shape_of: dict[tuple, str] = {}

    def _mitems(self, b: Bitset) -> tuple | None:
        out: list[tuple] = []
        for it in self.isa.items(b):
            code = it[0]
            if code in (WORD, TEXT):
                out.append((M_WORD, it[1]))
            elif code == OPEN:
                out.append((M_OPEN, OPEN_TOKEN))
            elif code == CLOSE:
                out.append((M_CLOSE, CLOSE_TOKEN))
            elif code == TABLE:
                out.append((M_TABLE, self._info(it[1])))
            elif code == OPER:
                if len(it) == 3 or type(it[1]) is Ignore:
                    continue
                out.append((M_OPER, it[1], it[1].accepts))
            elif code == FIELD:
                out.append((M_FIELD, it[2], NUM_KEYS))
            elif code == UNK:
                return None
        return tuple(out)

    def _table(self, table: Table) -> list[_MEntry]:
        got = self._tables.get(id(table))
        if got is not None:
            return got
        var = self.opts.var
        got = []
        for b in table.entries:
            if b.available(var):
                items = self._mitems(b)
                if items is not None:
                    first, nullable = self._first_seq(items)
                    required = frozenset(it[1] for it in items if it[0] == M_WORD)
                    dw = items[0][1] if len(items) == 1 and items[0][0] == M_WORD and b.match == 0 \
                        and b.mask else None
                    got.append(_MEntry(b, items, None if nullable else frozenset(first), required, dw))
            if not b.mask and not b.asserts and not b.needs and not b.modes and b.gen == (0, 1 << 30):
                break  # an entry that takes every word ends the table
        self._tables[id(table)] = got
        return got

    def _first_table(self, table: Table) -> tuple[frozenset, bool]:
        got = self._first.get(id(table))
        if got is not None:
            return got
        self._first[id(table)] = (frozenset(), True)  # a recursive table: a safe guess
        first: set = set()
        nullable = False
        for e in self._table(table):
            if e.first is None:
                nullable = True
                f, _ = self._first_seq(e.items)
                first |= f
            else:
                first |= e.first
        got = self._first[id(table)] = (frozenset(first), nullable)
        return got

    def _first_seq(self, items: tuple) -> tuple[set, bool]:
        first: set = set()
        for it in items:
            code = it[0]
            if code in (M_WORD, M_OPEN, M_CLOSE):
                first.add(it[1])
                return first, False
            if code in (M_OPER, M_FIELD):
                first |= it[-1]
                return first, False
            f, n = self._first_table(it[1].table)
            first |= f
            if not n:
                return first, False
        return first, True

    def _info(self, table: Table) -> "_TInfo":
        got = self._infos.get(id(table))
        if got is None:
            got = self._infos[id(table)] = _TInfo(table)
        return got

    def span(self, table: Table) -> int:
        """The most tokens an entry of ``table`` can take (a large number if unbounded)."""
        got = self._span.get(id(table))
        if got is None:
            self._span[id(table)] = 1 << 20  # a recursive table: unbounded
            got = 0
            for e in self._table(table):
                n = 0
                for it in e.items:
                    n += self.span(it[1].table) if it[0] == M_TABLE else 1
                got = max(got, n)
            self._span[id(table)] = got
        return got

    def _entries(self, table: Table, key: str) -> tuple[_MEntry, ...]:
        dk = (id(table), key)
        got = self._dispatch.get(dk)
        if got is None:
            got = self._dispatch[dk] = tuple(e for e in self._table(table)
                                            if e.first is None or key in e.first)
        return got

    # -- step 1: the paths of a shape

    def _shape_table(self, info: "_TInfo", keys: tuple, pos: int, words: frozenset | None) -> list:
        """The paths of a table at ``keys[pos:]``: (fixed bits, mask, tokens taken, size,
        operands).  Operands are ``(kind, token index)`` pairs, or ``(offset, operands)`` for
        a nested table's (see :func:`_flat`)."""
        span = info.span
        if span < 0:
            span = info.span = self.span(info.table)
        ks = keys[pos:pos + span]
        memo = info.memo
        mk = ks if words is None else (ks, words)
        got = memo.get(mk)
        if got is None:
            key = ks[0] if ks else END
            got = []
            present = frozenset(ks)
            if words is None:
                entries = info.dispatch.get(key)
                if entries is None:
                    entries = info.dispatch[key] = self._entries(info.table, key)
                for e in entries:
                    if e.required <= present:
                        got += self._shape_entry(e, ks, None)
            else:
                # an entry that only names a default word the line lacks matches without it
                for e in self._table(info.table):
                    if (e.first is None or key in e.first) and e.required <= present:
                        got += self._shape_entry(e, ks, words)
                    elif e.default_word is not None and e.default_word not in words:
                        got.append((e.val, e.mask, 0, e.size, ()))
            memo[mk] = got
        return got

    def _shape_entry(self, e: _MEntry, ks: tuple, words: frozenset | None) -> list:
        n = len(ks)
        states = [(e.val, e.mask, 0, e.size, ())]
        for it in e.items:
            code = it[0]
            new: list[tuple] = []
            if code == M_TABLE:
                info = it[1]
                span = info.span
                if span < 0:
                    span = info.span = self.span(info.table)
                memo = info.memo
                for st in states:
                    p = st[2]
                    # (the table's paths at p: kept ones looked up here, the rest found)
                    sk = ks[p:p + span]
                    subs = memo.get(sk if words is None else (sk, words))
                    if subs is None:
                        subs = self._shape_table(info, ks, p, words)
                    w, m, ops0, size0 = st[0], st[1], st[4], st[3]
                    for sub in subs:
                        if (w ^ sub[0]) & m & sub[1]:
                            continue
                        ops = sub[4]
                        if ops:
                            ops = ops0 + ((p, ops),) if p else ops0 + ops
                        else:
                            ops = ops0
                        new.append((w | sub[0], m | sub[1], p + sub[2], sub[3] or size0, ops))
            elif code == M_OPER or code == M_FIELD:
                accepts = it[2]
                obj = it[1]
                for st in states:
                    p = st[2]
                    if p < n and ks[p] in accepts:
                        new.append((st[0], st[1], p + 1, st[3], st[4] + ((obj, p),)))
            else:
                w = it[1]
                for st in states:
                    p = st[2]
                    if p < n and ks[p] == w:
                        new.append((st[0], st[1], p + 1, st[3], st[4]))
            if not new:
                return new
            states = new
        return states

    def paths(self, keys: tuple, words: frozenset) -> "_Paths":
        """The paths of a whole instruction of shape ``keys``, in envyas' order (found as
        far as they are asked for, and kept for the next instruction of this shape)."""
        lk = (keys, words) if self.opts.defaults else keys
        got = self._lines.get(lk)
        if got is None:
            if len(self._lines) > 1 << 16:
                self._lines.clear()
                for info in self._infos.values():
                    info.memo.clear()
                self._encoded.clear()
            got = self._lines[lk] = _Paths(self, keys, words)
        return got

    # -- step 2: the values

    def apply(self, path: tuple, tokens: Sequence[Any]) -> Match | None:
        """The encoding of ``tokens`` along ``path``, or None (a value does not fit, or two
        set one bit differently)."""
        word, mask = path[0], path[1]
        relocs: tuple = ()
        notes: tuple = ()
        encoded = self._encoded
        opts = self.opts
        for obj, i in path[4]:
            t = tokens[i]
            k0 = t[0]
            if k0 == "reg" or k0 == "mem":  # registers and memory operands recur: their
                k = (obj, t)                # encodings are kept
                got = encoded.get(k, False)
                if got is False:
                    if len(encoded) > 1 << 16:
                        encoded.clear()
                    got = encoded[k] = obj.encode(t, opts)
            elif type(obj) is Field:
                got = None if t[1] >> obj.width else (t[1] << obj.low, obj.mask, (), ())
            else:
                got = obj.encode(t, opts)
            if got is None or (word ^ got[0]) & mask & got[1]:
                return None
            word |= got[0]
            mask |= got[1]
            if got[2]:
                relocs += got[2]
            if got[3]:
                notes += got[3]
        return Match((word, mask, len(tokens), path[3], relocs, notes))

    def candidates(self, tokens: Sequence[Any], keys: Sequence[str] | None = None) -> "Candidates":
        """The encodings of one instruction, lazily, in envyas' order.  ``keys``: the
        tokens' shapes, if the caller has them (words are their own)."""
        return Candidates(self, tokens if type(tokens) is list else list(tokens), keys)

    def shape(self, t: tuple) -> str:
        got = self._shape_of.get(t)
        if got is None:
            got = self._shape_of[t] = shape(t)
        return got


class _TInfo:
    """A table as one matcher uses it: its span (-1: not known yet), the paths found per
    slice of shapes, and its entries per first shape."""

    __slots__ = ("table", "span", "memo", "dispatch")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.span = -1
        self.memo: dict = {}
        self.dispatch: dict[str, tuple] = {}


def _flat(ops: tuple, base: int, out: list) -> list:
    """(kind, token index) pairs of a path's operands (nested tables' at their offsets),
    appended to ``out``."""
    for a, b in ops:
        if type(a) is int:
            _flat(b, base + a, out)
        else:
            out.append((a, b + base))
    return out


class _Paths:
    """The paths of one instruction shape: the root entries are matched one at a time, as
    far as the encodings are asked for (a short form usually is the first)."""

    __slots__ = ("items", "_todo", "_m", "_keys", "_words")

    def __init__(self, m: Matcher, keys: tuple, words: frozenset) -> None:
        self.items: list = []
        self._m = m
        self._keys = keys
        self._words = words
        n = len(keys)
        self._todo = iter(m._entries(m.isa.root, keys[0] if n else END))

    def more(self, seen: int) -> bool:
        """More paths than the ``seen`` first: match the next root entry if need be (False
        when there are none left).  (Threads that share the matcher take turns: the paths
        keep their order.)"""
        m = self._m
        keys = self._keys
        n = len(keys)
        dwords = self._words if m.opts.defaults else None
        with m._lock:
            if len(self.items) > seen:
                return True
            for e in self._todo:
                if e.required <= self._words:
                    got = [(p[0], p[1], n, p[3], tuple(_flat(p[4], 0, [])))
                           for p in m._shape_entry(e, keys, dwords) if p[2] == n]
                    if got:
                        self.items += got
                        return True
            return False


class Candidates:
    """The encodings (:class:`Match`) of one instruction's tokens in envyas' order,
    found as far as asked: ``has(i)``, ``[i]``, ``bool()``."""

    __slots__ = ("m", "tokens", "paths", "next", "found")

    def __init__(self, matcher: Matcher, tokens: list, keys: Sequence[str] | None = None) -> None:
        self.m = matcher
        self.tokens = tokens
        if keys is None:
            ks = []
            shape_of = matcher._shape_of
            for t in tokens:
                if type(t) is str:
                    ks.append(t)
                else:
                    k = shape_of.get(t)
                    ks.append(k if k is not None else matcher.shape(t))
            keys = ks
        keys = tuple(keys)
        # (the words only matter to a shape not seen before, or with default words)
        got = None if matcher.opts.defaults else matcher._lines.get(keys)
        self.paths = got if got is not None else \
            matcher.paths(keys, frozenset(t for t in tokens if type(t) is str))
        self.next = 0
        self.found: list[Match] = []

    def has(self, i: int) -> bool:
        found = self.found
        if len(found) > i:
            return True
        paths = self.paths
        items = paths.items
        apply = self.m.apply
        while len(found) <= i:
            if self.next >= len(items) and not paths.more(self.next):
                return False
            got = apply(items[self.next], self.tokens)
            self.next += 1
            if got is not None:
                found.append(got)
        return True

    def __getitem__(self, i: int) -> Match:
        if not self.has(i):
            raise IndexError(i)
        return self.found[i]

    def __bool__(self) -> bool:
        return self.has(0)


def resolve(match: Match, value_of: Callable[[tuple], int], lenient: bool = False) -> int | None:
    """The word of ``match`` with its relocations filled in (``value_of(expr)``), or
    None when a value does not fit."""
    word, mask = match[0], match[1]
    for bits, e in match[4]:
        got = bits.put(value_of(e), lenient)
        if got is None or (got ^ word) & bits.mask & mask:
            return None
        word |= got
        mask |= bits.mask
    return word


__all__ = ["Predicate", "holds", "Variant", "Bitset", "Table", "Decoded", "Isa", "Matcher", "MatchOptions", "Match",
           "Candidates", "resolve", "OPEN_TOKEN", "CLOSE_TOKEN", "M64"]
