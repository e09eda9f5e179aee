"""Instruction records: for each text mnemonic, one record (:class:`Form`)
that holds every fact about it: its opcode, the atoms of its binary form in
the order of the instruction stream, the facts about its text
(:class:`Text`: print layout, modifiers the binary does not keep, older
spellings it accepts), its operand signature and the rules its family adds.

Most forms are derived from the opcode's row in the instruction table
(visa/isa/opcodes.py, :func:`row_form`): the execution size and predicate
fields become :class:`Exec` and :class:`PredField`, and each vector or raw
operand of the row takes the next operand written in the text.  The
families (visa/isa/forms_*.py) give their forms explicit atoms where the
text spells a field another way (a relation in ``cmp.lt``, a function
control in ``bfn.x80``, sub-opcodes, ...).

A record is made whole, once, by the family module that owns it, and
``visa.isa.forms`` gathers the records into ``FORMS``, a :class:`FormTable`
(which cannot be changed).
"""
from __future__ import annotations

import threading
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping, NamedTuple

from .._record import field, record

from . import datatypes, targets, descriptions, later
from .field_codes import InstCategory
from .atoms import Atom, EncodeError, Exec, PredField, RawOp, Vec
from .later import LaterFamily
from .syntax import DEFAULT, Style


@record
class Text:
    """The facts about how a form is written, beyond its operands' own syntax.

    * ``style``: the blanks Intel's printer puts around the operands
      (``style_42``: in vISA 4.2 text, where it differs);
    * ``silent_mods``: modifiers the binary does not record (the parser drops
      them, so that spellings equal in the binary are equal ASTs);
      ``silent_mods_42``: those of vISA 4.2 text, where they differ;
    * ``simd8_or_16``: the SIMD mode of sample/load: 16 is recorded, any
      other execution size (or none) means 8;
    * ``numbered``: Intel's listing gives the instruction its number
      (``/// $N``); FILE and LOC take none;
    * ``older_names``: other mnemonics the older spec spells it with;
      ``directive``: the directive that also spells it (``.loc 7`` is
      ``LOC 7``);
    * ``older``: ``older(ins, declared)`` rewrites a form the older spec (or
      vISA 4.1's more lenient spelling) writes to the vISA 4.1 one, or returns
      None; ``declared`` (a :class:`Declared`) tells which names are
      samplers and surfaces;
    * ``canonical``: ``canonical(mods)`` gives the one spelling of modifiers
      that have several (``bfn.x0F`` is ``bfn.xf``);
    * ``to_41`` / ``to_42``: the same instruction as vISA 4.1 / 4.2 text
      writes it, where the dialects differ (``to_41`` raises EncodeError
      naming what 4.1 cannot say);
    * ``glued_mods``: Intel's lexer reads the mnemonic and its modifiers as
      one word (``dpas.s8.s8.8.8``, ``bfn.x0F``, ``lifetime.start``), so no
      blank may stand before their dots (elsewhere one may: ``add .sat``).
    """
    style: Style = DEFAULT
    style_42: Style | None = None  # vISA 4.2's, where it differs
    silent_mods: frozenset = frozenset()
    silent_mods_42: frozenset | None = None  # vISA 4.2's, where they differ
    simd8_or_16: bool = False
    numbered: bool = True
    older_names: tuple = ()
    directive: str | None = None
    older: Callable | None = None
    canonical: Callable | None = None
    to_41: Callable | None = None
    to_42: Callable | None = None
    glued_mods: bool = False


PLAIN_TEXT = Text()


def text_facts(*groups) -> dict:
    """Each mnemonic's :class:`Text` from ``(mnemonics, facts)`` groups (a
    mnemonic or several, and a dict of Text fields), the facts a mnemonic
    gets from several groups merged: a family module says them next to its
    forms, and each record is made with its whole Text."""
    merged: dict[str, dict] = {}
    for names, facts in groups:
        for m in ([names] if isinstance(names, str) else names):
            merged.setdefault(m, {}).update(facts)
    return {m: Text(**kw) for m, kw in merged.items()}


@record
class Declared:
    """What the older-spelling rewrites (``Text.older``) may ask of a unit's
    declarations: the names of its samplers and of its surfaces (the
    predefined ones included)."""
    samplers: frozenset
    surfaces: frozenset


# ------------------------------------------------------------------ modifiers
class ModSpec(NamedTuple):
    """The dotted modifiers a form takes, read from its atoms: at position
    k, what ``slots[k]`` accepts (a set of spellings, or a test); anywhere
    else, the words of ``free`` (``.sat`` where a destination atom records
    it; a ModCheck's list past the positions other atoms read: below
    ``open_below``, a position no slot describes is not checked); after the
    execution size, ``post``.  ``least``: the fewest modifiers it is written
    with.  ``last`` (a test): the last modifier is one it takes, and those
    before it are words of ``ordered``, in that order (the slots and
    ``free`` are not asked then)."""
    slots: tuple  # ((position, frozenset of spellings | callable), ...)
    free: frozenset
    post: frozenset
    open_below: int = 0  # positions below it are read by atoms that check them
    least: int = 0
    ordered: tuple = ()
    last: Callable | None = None

    def bad(self, mods: tuple, post: tuple) -> str | None:
        """The first modifier the form does not take, or None."""
        if self.last is not None:
            if mods:
                k, ordered = 0, self.ordered
                for m in mods[:-1]:
                    while k < len(ordered) and ordered[k] != m:
                        k += 1
                    if k == len(ordered):
                        return m
                    k += 1
                if not self.last(mods[-1]):
                    return mods[-1]
        else:
            slots = dict(self.slots)
            for k, m in enumerate(mods):
                want = slots.get(k)
                if want is not None:
                    if (m in want) if isinstance(want, frozenset) else want(m):
                        continue
                    return m
                if k < self.open_below:
                    continue
                if m not in self.free:
                    return m
        for m in post:
            if m not in self.post:
                return m
        return None

    def spellings(self) -> str:
        if self.last is not None:
            flags = " ".join(f".{w}" for w in self.ordered)
            last = getattr(self.last, "words", "a word")
            return f"{flags} in this order, then {last}" if flags else last
        words = []
        for _, want in self.slots:
            if isinstance(want, frozenset):
                words += [f".{w}" for w in sorted(want)]
            elif hasattr(want, "words"):
                words.append(want.words)
        words += [f".{w}" for w in sorted(self.free)]
        return ", ".join(words) or "none"

    def needed(self) -> str:
        """What the first missing modifiers are (for a message)."""
        if self.last is not None:
            return getattr(self.last, "words", "a modifier")
        slots = dict(self.slots)
        out = []
        for k in range(self.least):
            want = slots.get(k)
            if isinstance(want, frozenset):
                out.append("one of " + ", ".join(f".{w}" for w in sorted(want)))
            elif want is not None:
                out.append(getattr(want, "words", "a modifier"))
        return "; then ".join(out) or "a modifier"


def _mod_spec(layouts: tuple) -> ModSpec | None:
    """What a form's atoms say of its dotted modifiers; None where an atom
    reads them in a way of its own (the LSC caches and data shapes, ...)
    and no ModCheck bounds the rest, or where the layouts of a family say
    different things."""
    specs = {_layout_mod_spec(f) for f in layouts}
    return specs.pop() if len(specs) == 1 else None


def _layout_mod_spec(layout) -> ModSpec | None:
    slots: list = []
    free: set = set()
    check = None
    own = False
    least = 0
    ordered: tuple = ()
    last = None
    for a in layout.atoms:
        slots += a.mod_slots
        free |= a.mod_free
        if a.mod_list is not None:
            check = a.mod_list
        own = own or a.mod_own
        least = max(least, a.mod_least)
        ordered = ordered or a.mod_ordered
        last = last if a.mod_last is None else a.mod_last
    if last is not None and not own:
        return ModSpec((), frozenset(), frozenset(), 0, max(least, 1), ordered, last)
    if check is not None:
        # the ModCheck's list is the whole truth past its first position (.sat included)
        allowed, skip, post = check
        return ModSpec(tuple(slots), allowed, post, skip if own else 0, least)
    if own:
        return None
    return ModSpec(tuple(slots), frozenset(free), frozenset(), 0, least)


# ------------------------------------------------------------------- facts
class Facts(NamedTuple):
    """What a record's atoms say of the instruction's text, read the first
    time a stage asks (:attr:`Form.facts`): its execution-size and predicate fields (and a
    predicate it refuses), the label operands (operand index, label kind),
    the number of operands its atoms read (None: a list, or none at all),
    the dotted modifiers it takes (None: not described), the operands
    written as bare names that it reads as variables ((index, kind
    letters), ...), and whether encoding it is stateful or leaves zero
    bytes for the end."""
    exec_field: bool
    pred_field: bool
    refuses_pred: bool
    label_slots: tuple
    arity: int | None
    mods: ModSpec | None
    stateful: bool
    unwritten: int
    name_slots: tuple = ()


def read_atoms(layouts: tuple) -> Facts:
    atoms = [a for f in layouts for a in f.atoms]
    counts = set()
    for f in layouts:
        slots = [k for a in f.atoms for k in a.operand_slots]
        listed = any(a.operands_from is not None for a in f.atoms)
        counts.add(None if listed else (max(slots) + 1 if slots else 0))
    arity = counts.pop() if len(counts) == 1 else None
    return Facts(any(a.exec_field for a in atoms), any(a.pred_field for a in atoms),
                 any(a.refuses_pred for a in atoms),
                 tuple(s for a in atoms for s in a.label_slots), arity or None,
                 _mod_spec(layouts), any(a.stateful for a in atoms),
                 sum(a.unwritten for a in (layouts[0].atoms if layouts else ())),
                 _name_slots(atoms))


def _name_slots(atoms: list) -> tuple:
    """(operand index, kind letters) of the operands the atoms read as a
    variable when written as a bare name (the kinds of every layout that
    reads one there)."""
    kinds: dict[int, str] = {}
    for a in atoms:
        for index, letters in a.name_slots:
            kinds[index] = "".join(sorted(set(kinds.get(index, "")) | set(letters)))
    return tuple(sorted(kinds.items()))


# --------------------------------------------------------------- signature
# Operand classes, as Intel's verifier tells operands apart: a general
# operand V(r,c) (G), an indirect one r[A(i),o] (I), an immediate (IMM), an
# address operand A(i) (A), a predicate (P), a surface or sampler (S), an
# address-of &V (AO); '' is anything else (a label, a raw operand, a list).
CLASS_WORDS: Mapping[str, str] = MappingProxyType({
    "G": "a general operand", "I": "an indirect operand", "IMM": "an immediate",
    "A": "an address operand", "P": "a predicate", "S": "a state operand",
    "AO": "an address-of operand", "": "this kind of operand"})
ALL_CLASSES = frozenset(CLASS_WORDS)
ALL_TYPES = frozenset(datatypes.TYPE_INFO_BY_NAME)


def classes(*words: str) -> frozenset:
    """A set of operand classes (``classes("G", "I")``)."""
    for w in words:
        if w not in CLASS_WORDS:
            raise ValueError(f"no operand class {w!r}")
    return frozenset(words)


def but(*words: str) -> frozenset:
    """Every operand class but these."""
    return ALL_CLASSES - classes(*words)


def type_names(types) -> frozenset:
    """Type names from VisaType members or names."""
    return frozenset(datatypes.TYPE_INFO[t].name if isinstance(t, datatypes.VisaType) else t for t in types)


def types_text(types: frozenset) -> str:
    """A set of types for a message: the types, or what it leaves out when
    that is shorter (``any type but q, uq``)."""
    left = ALL_TYPES - types
    if len(left) < len(types) and left:
        return "any type but " + ", ".join(sorted(left))
    return ", ".join(sorted(types))


class Slot(NamedTuple):
    """One operand of an instruction's text: whether it is written (``dst``)
    or read (``src``), the operand classes it takes (None: its atom
    judges), the element types it takes (None: any), what messages call it
    ("destination", "source 1", "offset" ...), and whether it is a raw
    operand (its type is its variable's)."""
    role: str = "src"
    classes: frozenset | None = None
    types: frozenset | None = None
    what: str = "operand"
    raw: bool = False


class Signature(NamedTuple):
    """A form's operands, one :class:`Slot` each in text order, and the rule
    id a type outside its slot's is reported with (``type-arith``, ...);
    ``bf_rule``: bf operands are judged by the BF mixed-mode rule, not by
    the slots.  The validator checks each operand against its slot; a
    form's family adds what one slot cannot say (a source's type that
    depends on the destination's, ...)."""
    slots: tuple = ()
    type_rule: str = ""
    bf_rule: bool = False

    @property
    def constrained(self) -> bool:
        """Whether a slot says anything (else the atoms judge the operands)."""
        return any(s.classes is not None or s.types is not None for s in self.slots)


OPEN = Signature()  # no class or type said: the atoms judge the operands


# ------------------------------------------------------------------ checks
class Checks(NamedTuple):
    """How the validator's passes treat a form, where Intel's verifier or
    text grammar treats it apart from the others of its category:

    * ``vector``: verifyVectorOperand looks at its operands (dpas has rules
      of its own);
    * ``regions``: its regions are verified ("region parameters for plane
      are ignored");
    * ``read_only``: its destination is checked against the read-only
      predefined variables (min and max: the verifier takes their selector
      byte for the destination);
    * ``shift``: isShiftOp, a logic instruction whose operands also take
      (-) and (abs);
    * ``predicate``: Intel's grammar takes a predicate on it;
    * ``sat``: its grammar rule takes ``.sat`` (SatModOpt);
    * ``counted``: its operands are counted (the lists and optional
      operands of calls, jumps, media blocks ... are not);
    * ``own_modifiers``: its family's rule judges its dotted modifiers;
    * ``flow``: what it does to the control flow ('return' ... FLOW_ROLE).
    """
    vector: bool = True
    regions: bool = True
    read_only: bool = True
    shift: bool = False
    predicate: bool = True
    sat: bool = False
    counted: bool = True
    own_modifiers: bool = False
    flow: str | None = None


PLAIN_CHECKS = Checks()
_DST_FIRST = frozenset((InstCategory.MOV, InstCategory.ARITH, InstCategory.LOGIC,
                        InstCategory.ADDRESS, InstCategory.COMPARE))


# ------------------------------------------------------------------ records
@record
class Form:
    """One text mnemonic: its opcode, its binary atoms, its text facts.

    A family of layouts under one mnemonic (an LSC message is untyped or
    typed by its SFID) is one record with ``members`` (a record each, with
    its own opcode and atoms) and ``choose(ins)``, which picks the member
    that encodes an instruction or raises EncodeError saying why none
    does.  :meth:`select` and :meth:`variants` are what the stages use:
    they treat both alike."""
    mnemonic: str
    opcode: int
    atoms: tuple = ()
    text: Text = PLAIN_TEXT
    since: tuple = (4, 1)  # the vISA text version that has it (4.2: no binary form)
    members: tuple = ()
    choose: Callable | None = None
    # Intel's instruction category and number of destinations (its row's)
    category: "InstCategory | None" = None
    n_dsts: int = 1
    platforms: "targets.Availability" = targets.EVERYWHERE  # where it exists
    signature: Signature = OPEN
    checks: Checks = PLAIN_CHECKS
    # the family's rules beyond the signature: hook(ins, form, ctx) each
    # (visa/isa/verify.py), run by the validator after its own passes
    verify: tuple = ()
    # its Facts, read from its atoms when first asked for (they are a
    # function of the atoms, which cannot change): not at import
    _read: list = field(init=False, factory=list, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        for a in self.atoms:
            if not isinstance(a, Atom):
                raise TypeError(f"{a!r} is not an atom (visa.isa.atoms.Atom)")

    @property
    def facts(self) -> Facts:
        """What its atoms say of the instruction's text (:class:`Facts`)."""
        read = self._read
        if not read:
            read.append(read_atoms(self.variants() if self.members else (self,)))
        return read[0]

    @property
    def stateful(self) -> bool:
        """Encoding it adds to the string pool each time (fcall, faddr, FILE):
        its bytes depend on what came before."""
        return self.facts.stateful

    @property
    def unwritten(self) -> int:
        """Zero bytes its atoms count but Intel's writer leaves for the end of
        the stream (2D block LSC)."""
        return self.facts.unwritten

    def select(self, ins) -> "Form":
        """The record whose atoms encode ``ins`` (a member of a family)."""
        return self if self.choose is None else self.choose(ins)

    def signature_of(self, ins) -> Signature:
        """The signature of the layout that writes ``ins`` (a family's member;
        the family's own where no member fits: the encoder says why)."""
        if self.choose is None:
            return self.signature
        try:
            return self.choose(ins).signature
        except EncodeError:
            return self.signature

    @property
    def dst_index(self) -> int | None:
        """The index of its destination as Intel's verifier finds it
        (getDstIndex: the first operand of the move, arithmetic, logic,
        address and compare instructions; compare's is its operand 1 in the
        binary, after the relation, and the first one in the text)."""
        return 0 if self.category in _DST_FIRST else None

    @property
    def constrained(self) -> bool:
        """Whether its signature (or a member's) says anything of its operands."""
        return self.signature.constrained or any(m.signature.constrained for m in self.members)

    def variants(self) -> tuple:
        """The layouts that may have written an instruction of this record
        (those of a family with a vISA 4.1 binary form)."""
        if not self.members:
            return (self,)
        return tuple(m for m in self.members if m.since <= (4, 1))


class FormTable(Mapping):
    """The records by mnemonic.  It cannot be changed: each mnemonic has one
    record (a second one for a mnemonic is an error), and
    :meth:`with_forms` makes a new table with more records.  What the
    stages look up by other keys (the forms of an opcode, the mnemonic of an
    older name or a directive) is made once per table.

    :meth:`of_families` makes a table of families in order, some of them
    :class:`~visa.isa.later.LaterFamily`: those are imported when one of
    their mnemonics or opcodes is first looked up, or the whole table is
    iterated (see visa/isa/later.py); the table reads the same either way."""

    def __init__(self, forms: Iterable[Form]):
        self._init((tuple(forms),))

    @classmethod
    def of_families(cls, families: Iterable["tuple | LaterFamily"]) -> "FormTable":
        """The table of ``families`` in order: each a tuple of records, or a
        :class:`~visa.isa.later.LaterFamily` imported on first need."""
        table = cls.__new__(cls)
        table._init(tuple(families))
        return table

    def _init(self, parts: tuple) -> None:
        self._lock = threading.Lock()
        self._derived: dict = {}  # what reads the same whatever is loaded
        # (the families in order: a tuple of records, or one not imported;
        # the records of those imported by mnemonic; the others by mnemonic
        # and by opcode; what is made of the records imported): replaced as
        # a whole when a family is imported
        self._state: tuple = self._state_of(parts)
        names = [m for p in parts for m in (p.mnemonics if isinstance(p, LaterFamily) else
                                           (f.mnemonic for f in p))]
        if len(set(names)) != len(names):
            twice = next(m for k, m in enumerate(names) if m in names[:k])
            raise ValueError(f"form '{twice}' is registered twice")

    @staticmethod
    def _state_of(parts: tuple) -> tuple:
        table: dict[str, Form] = {}
        later: dict[str, LaterFamily] = {}
        later_ops: dict[int, tuple] = {}
        for p in parts:
            if isinstance(p, LaterFamily):
                later.update(dict.fromkeys(p.mnemonics, p))
                for op in p.opcodes:
                    later_ops[op] = later_ops.get(op, ()) + (p,)
                continue
            for f in p:
                table[f.mnemonic] = f  # (each mnemonic once: _init checked them all)
        return parts, MappingProxyType(table), MappingProxyType(later), MappingProxyType(later_ops), {}

    def _load(self, family: LaterFamily) -> tuple:
        """The state with ``family`` imported (and checked against what the
        index says of it)."""
        records = tuple(later.value_of(family.module, "RECORDS"))
        if family_of(family.module, records) != family:
            raise RuntimeError(later.STALE.format(what=f"{family.module}'s records"))
        with self._lock:
            parts = self._state[0]
            if any(p is family for p in parts):
                self._state = self._state_of(tuple(records if p is family else p for p in parts))
            return self._state

    def _whole(self) -> Mapping[str, Form]:
        """The records by mnemonic, every family imported."""
        state = self._state
        while state[2]:
            state = self._load(next(iter(state[2].values())))
        return state[1]

    def __getitem__(self, mnemonic: str) -> Form:
        f = self.get(mnemonic)
        if f is None:
            raise KeyError(mnemonic)
        return f

    def get(self, mnemonic, default=None):
        _, table, later_, _, _ = self._state
        f = table.get(mnemonic)
        if f is None:
            family = later_.get(mnemonic)
            if family is None:
                return default
            return self._load(family)[1][mnemonic]
        return f

    def __contains__(self, mnemonic) -> bool:
        _, table, later_, _, _ = self._state
        return mnemonic in table or mnemonic in later_

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __len__(self) -> int:
        _, table, later_, _, _ = self._state
        return len(table) + len(later_)

    def __repr__(self) -> str:
        return f"FormTable({len(self)} records)"

    def with_forms(self, *forms: Form, replacing: bool = False) -> "FormTable":
        """A new table: this one and ``forms`` (with ``replacing``, a record of a
        mnemonic already here takes its place)."""
        new = {f.mnemonic for f in forms}
        kept = [f for m, f in self._whole().items() if not (replacing and m in new)]
        return FormTable(kept + list(forms))

    def _made(self, key: str, make: Callable) -> object:
        v = self._derived.get(key)
        if v is None:
            v = self._derived[key] = make()
        return v

    def _pairs(self, of_form: Callable, of_family: Callable) -> Iterator:
        """What each family says, in order: of_form(form) of each record of
        one imported, of_family(family) of one that is not."""
        for p in self._state[0]:
            if isinstance(p, LaterFamily):
                yield from of_family(p)
            else:
                for f in p:
                    yield from of_form(f)

    def by_opcode(self) -> Mapping[int, tuple]:
        """Opcode -> the layouts that may have written it (the decoder's
        candidates, in the table's order).  The families that hold an
        opcode are imported when it is looked up."""
        return self._made("by_opcode", lambda: _ByOpcode(self))

    def _with_opcode(self, opcode: int) -> tuple:
        """The state with every family that holds ``opcode`` imported."""
        state = self._state
        for p in state[3].get(opcode, ()):
            state = self._load(p)
        return state

    def older_names(self) -> Mapping[str, str]:
        """An older spec's name -> the mnemonic it spells (``dhp`` -> ``dph``)."""
        return self._made("older_names", lambda: MappingProxyType(dict(self._pairs(
            lambda f: ((old, f.mnemonic) for old in f.text.older_names), lambda p: p.older_names))))

    def directives(self) -> Mapping[str, str]:
        """A directive (lower case, without its dot) -> the mnemonic it spells."""
        return self._made("directives", lambda: MappingProxyType(dict(self._pairs(
            lambda f: ((f.text.directive, f.mnemonic),) if f.text.directive else (),
            lambda p: p.directives))))

    def close_to(self, mnemonic: str) -> tuple[str, ...]:
        """The nearest mnemonics to an unknown one (for a suggestion)."""
        memo = self._made("close", dict)
        hit = memo.get(mnemonic)
        if hit is None:
            import difflib
            names = list(self._pairs(lambda f: (f.mnemonic,), lambda p: p.mnemonics))
            hit = memo[mnemonic] = tuple(difflib.get_close_matches(mnemonic, names, n=3))
        return hit


class _ByOpcode(Mapping):
    """:meth:`FormTable.by_opcode`: opcode -> its layouts, the families that
    hold the opcode imported when it is looked up."""

    def __init__(self, forms: FormTable) -> None:
        self._forms = forms

    @staticmethod
    def _of(state: tuple) -> Mapping[int, tuple]:
        """The layouts by opcode of the records of ``state`` (made once per state)."""
        made = state[4]
        got = made.get("by_opcode")
        if got is None:
            out: dict[int, list] = {}
            for f in state[1].values():
                for g in f.variants():
                    out.setdefault(g.opcode, []).append(g)
            got = made["by_opcode"] = MappingProxyType({k: tuple(v) for k, v in out.items()})
        return got

    def get(self, opcode, default=None):
        state = self._forms._state
        if opcode in state[3]:
            state = self._forms._with_opcode(opcode)
        return self._of(state).get(opcode, default)

    def __getitem__(self, opcode) -> tuple:
        got = self.get(opcode)
        if got is None:
            raise KeyError(opcode)
        return got

    def __contains__(self, opcode) -> bool:
        state = self._forms._state
        return opcode in self._of(state) or opcode in state[3]

    def __iter__(self) -> Iterator[int]:
        self._forms._whole()
        return iter(self._of(self._forms._state))

    def __len__(self) -> int:
        self._forms._whole()
        return len(self._of(self._forms._state))


def family_of(module: str, records: Iterable[Form]) -> LaterFamily:
    """What a family's ``records`` hold, as the index (visa/isa/forms_index.py)
    writes it for the family of ``module``."""
    records = tuple(records)
    return LaterFamily(
        module, tuple(f.mnemonic for f in records),
        tuple(sorted({g.opcode for f in records for g in f.variants()})),
        tuple((old, f.mnemonic) for f in records for old in f.text.older_names),
        tuple((f.text.directive, f.mnemonic) for f in records if f.text.directive))


# ------------------------------------------------------- row-driven forms
def row_atoms(opdef, others=None, start=0) -> tuple:
    """Atoms for an opcode row: exec/pred fields, then one AST operand per
    vector/raw field in order; ``others`` gives the atom of each other field
    (by field name)."""
    others = others or {}
    atoms = []
    k = start
    first_dst = True
    for od in opdef.operands:
        if od.name in others:
            a = others[od.name]
            if a is not None:
                atoms.append(a)
            continue
        if od.is_exec_size:
            atoms.append(Exec())
        elif od.is_predicate:
            atoms.append(PredField())
        elif od.is_vector or (od.kind is descriptions.OperandKind.CLASSES and od.scalar_size is None
                              and not od.is_raw):
            atoms.append(Vec(k, sat=od.is_dst and first_dst))
            if od.is_dst:
                first_dst = False
            k += 1
        elif od.is_raw:
            atoms.append(RawOp(k))
            k += 1
        else:
            raise ValueError(f"{opdef.mnemonic}: field '{od.name}' needs an explicit atom")
    return tuple(atoms)


def row_form(row: "descriptions.OpcodeDef", mnemonic: str | None = None, *, atoms: Iterable | None = None,
             fields: dict | None = None, text: Text = PLAIN_TEXT, **facts) -> Form:
    """The record of an opcode row: its mnemonic (the row's by default), its
    atoms (from the row, ``fields`` giving the atom of a field by name, or
    ``atoms`` given whole), its category, number of destinations and first
    platform (the row's), and ``facts`` (the other fields of :class:`Form`)."""
    made = tuple(atoms) if atoms is not None else row_atoms(row, fields)
    facts.setdefault("platforms", targets.Availability(row.platform))
    return Form(mnemonic or row.mnemonic, int(row.number), made, text, category=row.category,
                n_dsts=row.n_dsts, **facts)


def layout_forms(layouts: Iterable[tuple[str, int, tuple]], rows: Mapping, facts: Callable[[str], dict],
                 signature: Callable[[str], "Signature"],
                 family: Callable[["descriptions.OpcodeDef", str, list], tuple[tuple, object]]) -> tuple:
    """The records of forms written as layouts, ``(mnemonic, opcode, atoms)``,
    in order: a mnemonic of one layout is one :func:`row_form` (its row from
    ``rows``, its ``signature(m)``); a mnemonic of several is a family,
    whose ``(members, choose)`` ``family(row, m, [(opcode, atoms), ...])``
    makes.  ``facts(m)``: the other fields of either."""
    by_mnemonic: dict[str, list] = {}
    for m, op, atoms in layouts:
        by_mnemonic.setdefault(m, []).append((op, atoms))
    out = []
    for m, made in by_mnemonic.items():
        row = rows[made[0][0]]
        if len(made) == 1:
            out.append(row_form(row, m, atoms=made[0][1], signature=signature(m), **facts(m)))
        else:
            members, choose = family(row, m, made)
            out.append(row_form(row, m, atoms=(), members=members, choose=choose, **facts(m)))
    return tuple(out)
