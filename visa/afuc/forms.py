"""How each afuc instruction form is written, derived from the records.

A record's display template (and each of its overrides) is one way to write
the instruction: ``{REP}{XMOV}{PEEK}{NAME} {DST}, {SRC1}, 0x{RIMMED}`` is
the prefixes, a mnemonic, and operand *slots*, each of a *shape* (register,
bit, immediate, shifted immediate, branch target, memory operand) that
fills the fields it names.  :class:`Form` is that reading of a template; the
parser, the printer, the assembler and the disassembler all go through it,
so none of them knows a mnemonic:

* :func:`resolve` picks the form an :class:`~visa.afuc.ast.Instruction`
  means (its mnemonic, its operands' shapes, its prefixes, the conditions
  of an override template);
* :meth:`Slot.values` gives what an operand puts in the slot's fields,
  :meth:`Slot.render` prints an operand the way the template writes it, and
  :meth:`Slot.node` makes the operand node back from field values.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Union

import attrs

from visa.afuc import ast
from visa.afuc.isa import ISA, Branch, NamedReg, SRC_NAMES
from visa.bitisa import Bitset, Enum, Field, Predicate, holds

#: what an operand gives a field: a number, or a name only the assembler
#: (labels, registers by name) or the printer (as written) can use
Value = Union[int, ast.ControlReg, ast.SqeReg, ast.LabelRef, ast.Target]

PREFIX_FIELDS = ("REP", "XMOV", "PEEK", "SDS")
_PREFIXES = re.compile(r"\{(?:" + "|".join(PREFIX_FIELDS) + r")\}")
_UNIT = re.compile(r"(0x|b|#)?\{([A-Za-z0-9_]+)\}")

# the node types that fill each shape exactly, and those it also takes: a
# label's offset or a named register as an immediate, an immediate (or
# label) as a shifted value ``<< 0``
EXACT: dict[str, tuple[type, ...]] = {
    "reg": (ast.Reg,), "bit": (ast.Bit,), "imm": (ast.Imm, ast.ControlReg, ast.SqeReg),
    "shift": (ast.Shift,), "target": (ast.LabelRef, ast.Target), "mem": (ast.Mem,)}
LOOSE: dict[str, tuple[type, ...]] = {
    "reg": (), "bit": (), "imm": (ast.LabelRef,), "shift": (ast.Imm, ast.ControlReg, ast.SqeReg, ast.LabelRef),
    "target": (), "mem": ()}
#: an operand's shape, as the parser and the messages name it
SHAPE_OF: dict[type, str] = {ast.Reg: "reg", ast.Bit: "bit", ast.Imm: "imm", ast.ControlReg: "imm",
                             ast.SqeReg: "imm", ast.LabelRef: "label", ast.Target: "target",
                             ast.Shift: "shift", ast.Mem: "mem"}


@attrs.frozen
class Slot:
    """One operand of a template: its shape, the fields it fills (in the
    order the template writes them) and how it writes them: ``units`` are
    (text before, affix, field) with ``tail`` after the last."""
    shape: str
    fields: tuple[Field, ...]
    units: tuple[tuple[str, str, Field], ...]
    tail: str
    text: str
    #: for a slot without fields: the value a derived field gives (setsecure's target)
    derived: tuple[str, int, Any] | None = None

    def values(self, op: ast.Operand) -> tuple[Value, ...]:
        """What ``op`` gives each of :attr:`fields` (shape ``op`` fits)."""
        if type(op) is ast.Reg or type(op) is ast.Bit:
            return (op.number,)
        if type(op) is ast.Imm:
            return (op.value,) if self.shape != "shift" else (op.value, 0)
        if type(op) is ast.Mem:
            return (op.base.number, _value(op.offset), int(op.preincrement))
        if type(op) is ast.Shift:
            return (_value(op.value), _value(op.amount))
        if type(op) is ast.Target or type(op) is ast.LabelRef or type(op) is ast.ControlReg \
                or type(op) is ast.SqeReg:
            return (op, 0) if self.shape == "shift" else (op,)  # shifted by 0
        raise TypeError(f"not an operand: {op!r}")

    def render(self, op: ast.Operand, paint: Painter | None = None) -> str:
        """``op`` written as the template writes this slot."""
        if type(op) is ast.Reg and self.shape == "reg" and self.units:  # the common case
            kind = self.units[0][2].kind
            name = kind.names.get(op.number) if isinstance(kind, Enum) else None
            if name is not None:
                return name
        if not self.units:
            return text_of(op, paint)
        vals = self.values(op)
        out = []
        for (before, affix, f), v in zip(self.units, vals):
            out.append(before)
            if type(v) is int:
                out.append(affix + str(f.kind.show(v, None)))
            else:
                out.append(text_of(v, paint))
        out.append(self.tail)
        return "".join(out)

    def node(self, values: Mapping[str, int], ctx: Namer) -> ast.Operand:
        """The operand node of this slot for the decoded field ``values``
        (``ctx`` names registers and branch targets)."""
        s = self.shape
        if not self.fields:
            if self.derived is not None:
                return ctx.target(self.derived[2], self.derived[1])
            return ast.Reg(_REG_NUMBERS[self.text])
        if s == "reg":
            return ast.Reg(values[self.fields[0].name])
        if s == "bit":
            return ast.Bit(values[self.fields[0].name])
        if s == "imm":
            return _imm(self.fields[0], values, ctx)
        if s == "shift":
            return ast.Shift(_imm(self.fields[0], values, ctx), ast.Imm(values[self.fields[1].name]))
        if s == "target":
            f = self.fields[0]
            assert isinstance(f.kind, Branch)  # a target slot's field is a branch
            return ctx.target(f.kind, values[f.name])
        return ast.Mem(ast.Reg(values[self.fields[0].name]), _imm(self.fields[1], values, ctx),
                     bool(values[self.fields[2].name]))


class Namer(Protocol):
    """What names a decoded operand: registers by number, branch targets
    (:class:`visa.afuc.disasm.Context`)."""

    def register(self, space: str, value: int) -> ast.ControlReg | ast.SqeReg | None: ...

    def target(self, kind: Branch, value: int) -> ast.LabelRef | ast.Target: ...


_REG_NUMBERS = {n: i for i, n in SRC_NAMES.items()}


def _value(op: ast.Immediate | ast.LabelRef) -> Value:
    return op.value if type(op) is ast.Imm else op  # type: ignore[return-value]


def _imm(f: Field, values: Mapping[str, int], ctx: Namer) -> ast.Immediate:
    v = values[f.name]
    if isinstance(f.kind, NamedReg) and ctx is not None:
        got = ctx.register(f.kind.space, v)
        if got is not None:
            return got
    return ast.Imm(v)


@attrs.frozen
class Form:
    """One way to write a record: its template read as prefixes (the prefix
    fields it has), a mnemonic and slots; ``pred`` the condition of an
    override template (over the field values)."""
    bitset: Bitset
    mnemonic: str
    slots: tuple[Slot, ...]
    prefixes: frozenset[str]
    pred: Predicate | None
    template: str
    #: takes (xmovN) and (peek) even where it has no such field (Mesa's
    #: grammar takes them on every ALU instruction and drops them there)
    loose_prefixes: bool = False

    def field_values(self, ops: Sequence[ast.Operand]) -> dict[str, Value]:
        out: dict[str, Value] = {}
        for slot, op in zip(self.slots, ops):
            for f, v in zip(slot.fields, slot.values(op)):
                out[f.name] = v
        return out


def _slot(piece: str, b: Bitset) -> Slot:
    fields = {f.name: f for f in b.fields}
    derived = {d[0]: d for d in b.derived}
    units = []
    pos = 0
    names = []
    for m in _UNIT.finditer(piece):
        name = m.group(2)
        if name in derived:
            return Slot("target", (), (), "", piece, derived[name])
        units.append((piece[pos:m.start()], m.group(1) or "", fields[name]))
        names.append(name)
        pos = m.end()
    tail = piece[pos:]
    if piece.startswith("["):
        shape = "mem"
    elif "<<" in piece:
        shape = "shift"
    elif piece.startswith("#"):
        shape = "target"
    elif piece.startswith("b{"):
        shape = "bit"
    elif piece.startswith("$") or (names and isinstance(fields[names[0]].kind, Enum)):
        shape = "reg"
    else:
        shape = "imm"
    fs = tuple(u[2] for u in units)
    return Slot(shape, fs, tuple(units), tail, piece)


def _forms(b: Bitset) -> list[Form]:
    out = []
    have = frozenset(f.name for f in b.fields if f.name in PREFIX_FIELDS)
    for pred, disp in [*b.overrides, (None, b.display)]:
        t = _PREFIXES.sub("", disp).replace("{NAME}", b.displayname or b.name)
        head, _, rest = t.partition(" ")
        slots = tuple(_slot(p.strip(), b) for p in rest.split(", ")) if rest else ()
        alu = any(f.name == "DST" for f in b.fields) and all(s.shape != "mem" for s in slots)
        out.append(Form(b, head, slots, have, pred, disp, alu))
    return out


#: the forms of each record (overrides first, as the printer tries them), by ``id(record)``
FORMS: dict[int, tuple[Form, ...]] = {id(b): tuple(_forms(b)) for b in ISA.bitsets}


def _table(bitsets: Sequence[Bitset]) -> dict[str, tuple[Form, ...]]:
    got: dict[str, list[Form]] = {}
    for b in bitsets:
        for f in FORMS[id(b)]:
            got.setdefault(f.mnemonic, []).append(f)
    return {m: tuple(fs) for m, fs in got.items()}


#: every form of every generation, by mnemonic (the parser and the printer)
ALL_FORMS = _table(ISA.bitsets)
_BY_GEN: dict[int, dict[str, tuple[Form, ...]]] = {}


def forms_for_gen(gen: int) -> dict[str, tuple[Form, ...]]:
    """The forms of one generation (5, 6, 7), by mnemonic."""
    got = _BY_GEN.get(gen)
    if got is None:
        got = _BY_GEN[gen] = _table(ISA.for_gen(gen))
    return got


def prefix_problem(form: Form, ins: ast.Instruction) -> str | None:
    """Why ``ins``'s prefixes cannot go on ``form`` (None: they can)."""
    for name, on, text in (("REP", ins.rep, "(rep)"), ("SDS", ins.sds, f"(sds{ins.sds})"),
                           ("XMOV", ins.xmov, f"(xmov{ins.xmov})"), ("PEEK", ins.peek, "(peek)")):
        if on and name not in form.prefixes and not (form.loose_prefixes and name in ("XMOV", "PEEK")):
            return f"{text} is not allowed on {ins.mnemonic}"
    return None


_CANDIDATES: dict[tuple[Any, ...], tuple[Form, ...]] = {}


def candidates(forms: Mapping[str, tuple[Form, ...]], ins: ast.Instruction) -> tuple[Form, ...]:
    """The forms ``ins`` may be, best first: its mnemonic, as many slots as it
    has operands, each operand of the slot's shape (exact fits before loose
    ones), its prefixes allowed.  Overrides come before the template they
    override; :func:`resolve` then checks their conditions."""
    key = (id(forms), ins.mnemonic, ins.rep, ins.xmov, ins.peek, ins.sds,
           tuple(map(type, ins.operands)))
    got = _CANDIDATES.get(key)
    if got is None:
        exact, loose = [], []
        for f in forms.get(ins.mnemonic, ()):
            if len(f.slots) != len(ins.operands) or prefix_problem(f, ins) is not None:
                continue
            fit = 2
            for s, o in zip(f.slots, ins.operands):
                if type(o) in EXACT[s.shape]:
                    continue
                if type(o) in LOOSE[s.shape]:
                    fit = 1
                else:
                    fit = 0
                    break
            if fit == 2:
                exact.append(f)
            elif fit == 1:
                loose.append(f)
        got = _CANDIDATES[key] = tuple(exact + loose)
    return got


_CHOICES: dict[tuple[Any, ...], tuple[tuple[Form, bool], ...]] = {}


def _static(f: Form, ins: ast.Instruction) -> bool | None:
    """Whether ``f``'s override condition holds, where the instruction's
    shape decides it (fields no operand fills are 0, prefixes and a memory
    operand's ``!`` are in the shape); None where it needs the operands'
    numbers."""
    pred = f.pred
    if pred is None:
        return True
    if callable(pred):
        return None
    known = {"REP": int(ins.rep), "XMOV": ins.xmov, "PEEK": int(ins.peek), "SDS": ins.sds}
    for slot, op in zip(f.slots, ins.operands):
        for i, field in enumerate(slot.fields):
            if field.name not in pred:
                continue
            if type(op) is ast.Mem and i == 2:
                known[field.name] = int(op.preincrement)
            else:
                return None
    return all(known.get(k, 0) == v for k, v in pred.items())


def resolve(forms: Mapping[str, tuple[Form, ...]], ins: ast.Instruction) -> Form | None:
    """The form ``ins`` is: the first of its :func:`candidates` whose
    override condition (if any) holds on the numbers its operands give (0
    for names and for fields no operand fills)."""
    ops = ins.operands
    types: tuple[Any, ...] = tuple(map(type, ops))
    if ast.Mem in types:  # its "!" decides between templates
        types += tuple(o.preincrement for o in ops if type(o) is ast.Mem)
    key = (id(forms), ins.mnemonic, ins.rep, ins.xmov, ins.peek, ins.sds, types)
    choices = _CHOICES.get(key)
    if choices is None:
        choices = _CHOICES[key] = tuple(
            (f, v is None) for f in candidates(forms, ins)
            for v in (_static(f, ins),) if v is not False)
    for f, dynamic in choices:
        if not dynamic or (f.pred is not None and holds(f.pred, _numbers(f, ins))):
            return f
    return None


def _numbers(f: Form, ins: ast.Instruction) -> dict[str, int]:
    got = {k: v for k, v in f.field_values(ins.operands).items() if isinstance(v, int)}
    return {x.name: got.get(x.name, 0) for x in f.bitset.fields}


def shapes_wanted(forms: Mapping[str, tuple[Form, ...]], mnemonic: str) -> str:
    """The operand lists ``mnemonic`` takes, for a message."""
    return " or ".join(sorted({", ".join(s.shape for s in f.slots) or "no operands"
                               for f in forms.get(mnemonic, ())}))


# ------------------------------------------------------------------ text
class Painter:
    """Colours for register names (``afuc-dis -c``); the plain printer uses
    none.  Subclassed in :mod:`visa.afuc.printer`."""

    def name(self, name: str) -> str:  # pragma: no cover - overridden
        return name

    def number(self, text: str) -> str:  # pragma: no cover - overridden
        return text


def text_of(op: Any, paint: Painter | None = None) -> str:
    """An operand (or a part of one) as written, on its own."""
    if type(op) is ast.Reg:
        return SRC_NAMES.get(op.number) or f"${op.number:02x}"
    if type(op) is ast.Imm:
        return f"0x{op.value:x}"
    if type(op) is ast.ControlReg or type(op) is ast.SqeReg:
        head = ("@" if type(op) is ast.ControlReg else "%") + (paint.name(op.name) if paint else op.name)
        if op.plus is None:
            return head
        if paint is not None and type(op.plus) is ast.Imm:
            return head + "+" + paint.number(f"0x{op.plus.value:x}")
        return head + "+" + text_of(op.plus, paint)
    if type(op) is ast.Bit:
        return f"b{op.number}"
    if type(op) is ast.LabelRef:
        return "#" + op.name
    if type(op) is ast.Target:
        return f"#{op.value}"
    if type(op) is ast.Shift:
        amount = op.amount
        return text_of(op.value, paint) + " << " + (
            str(amount.value) if type(amount) is ast.Imm else text_of(amount, paint))
    if type(op) is ast.Mem:
        return (f"[{text_of(op.base)} + {text_of(op.offset, paint)}]"
                + ("!" if op.preincrement else ""))
    raise TypeError(f"not an operand: {op!r}")


__all__ = ["ALL_FORMS", "FORMS", "Branch", "Form", "Slot", "candidates", "forms_for_gen", "resolve",
           "text_of"]
