"""Instruction forms: for each text mnemonic, one record (:class:`Form`) with
its opcode, the atoms of its binary form in the order of the instruction
stream, and the facts about its text (:class:`Text`: print layout, modifiers
the binary does not keep, older spellings it accepts).

Most forms are derived from the opcode's row in the instruction table
(visa/isa/opcodes.py): the execution size and predicate fields become
:class:`Exec` and :class:`Pred`, and each vector or raw operand of the row
takes the next operand written in the text.  Only fields the text spells
another way (a relation in ``cmp.lt``, a function control in ``bfn.x80``,
sub-opcodes, ...) are given explicitly.  Adding a plain opcode is one line.
"""
from __future__ import annotations

from typing import Callable

import attrs
from .._frozen import frozen

from . import opcodes as O
from .atoms import Exec, HexMod, Lit, Pred, RawOp, Vec
from .syntax import DEFAULT, Style


@frozen
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
    * ``older``: ``older(ins, declared)`` rewrites a form the older spec (or
      vISA 4.1's more lenient spelling) writes to the vISA 4.1 one, or returns
      None; ``declared`` tells which names are samplers, surfaces, address
      variables;
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
    older: Callable | None = None
    canonical: Callable | None = None
    to_41: Callable | None = None
    to_42: Callable | None = None
    glued_mods: bool = False


PLAIN_TEXT = Text()


@frozen
class Form:
    """One text mnemonic: its opcode, its binary atoms, its text facts."""
    mnemonic: str
    opcode: int
    atoms: tuple
    text: Text = PLAIN_TEXT
    since: tuple = (4, 1)  # the vISA text version that has it (4.2: no binary form)
    # encoding it adds to the string pool each time (fcall, faddr, FILE): its
    # bytes depend on what came before (known from its atoms, once)
    stateful: bool = attrs.field(init=False, eq=False)

    # zero bytes its atoms count but Intel's writer leaves for the end of the
    # stream (2D block LSC; known from its atoms, once)
    unwritten: int = attrs.field(init=False, eq=False)

    @stateful.default
    def _stateful(self) -> bool:
        return any(getattr(a, "stateful", False) for a in self.atoms)

    @unwritten.default
    def _unwritten(self) -> int:
        return sum(getattr(a, "unwritten", 0) for a in self.atoms)


FORMS: dict[str, Form] = {}


def _row_atoms(opdef, others=None, start=0):
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
            atoms.append(Pred())
        elif od.is_vector or (od.kind is O.OperandKind.CLASSES and od.scalar_size is None
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


def register(f, *, replace: bool = False) -> None:
    """Add the form of a text mnemonic.  Each mnemonic has one form: a second
    registration is an error unless it says it replaces the first (a family
    wrapping a core form with a check)."""
    if (f.mnemonic in FORMS) != replace:
        raise ValueError(f"form '{f.mnemonic}' " + ("is registered twice" if not replace
                                                      else "replaces nothing"))
    FORMS[f.mnemonic] = f


def describe(mnemonics, **facts) -> None:
    """Set text facts (fields of :class:`Text`) of registered forms."""
    for m in ([mnemonics] if isinstance(mnemonics, str) else mnemonics):
        f = FORMS[m]
        text = attrs.evolve(f.text, **facts)
        if isinstance(f, Form):
            FORMS[m] = attrs.evolve(f, text=text)
        else:  # a family record (LscForm) that is not an attrs class
            f.text = text


def text_of(mnemonic: str) -> Text:
    """The text facts of a mnemonic (plain ones for an unknown mnemonic)."""
    f = FORMS.get(mnemonic)
    return PLAIN_TEXT if f is None else f.text


def form(mnemonic: str, opcode: str | None = None, **others):
    d = O.OPCODES_BY_MNEMONIC[opcode or mnemonic]
    register(Form(mnemonic, int(d.number), _row_atoms(d, others)))


def raw_form(mnemonic: str, opcode: str, atoms):
    register(Form(mnemonic, int(O.OPCODES_BY_MNEMONIC[opcode].number), tuple(atoms)))


# ----------------------------------------------------- plain row-driven forms
for _m in ("add", "avg", "div", "dp2", "dp3", "dp4", "dph", "exp", "frc", "line", "log", "mad",
           "mulh", "lrp", "mod", "mul", "pow", "rndd", "rndu", "rnde", "rndz", "sad2", "sin",
           "cos", "sqrt", "rsqrt", "inv", "lzd", "addc", "subb", "sel", "setp",
           "sad2add", "dp4a", "add3", "madw", "divm", "sqrtm", "srnd", "fcvt", "plane",
           "ret", "fret"):
    if _m in O.OPCODES_BY_MNEMONIC:
        form(_m)

form("movs", dst=Vec(0), src0=Vec(1))  # state operands, written as vector operands
form("min", "fminmax", op=Lit(1, 0))  # min and max share an opcode:
form("max", "fminmax", op=Lit(1, 1))  # the operation is a byte after exec
_BFN_CTRL = HexMod(1, 0)
form("bfn", function_ctrl=_BFN_CTRL)
describe("bfn", canonical=_BFN_CTRL.canonical, glued_mods=True)
describe("dph", older_names=("dhp",))  # the older spec's misspelling
# control flow, mov, addr_add, cmp, the logic and bit operations (and or xor
# not shl shr asr rol ror cbit fbh fbl bfrev bfe bfi), barriers, FILE / LOC:
# forms_misc.py


# the other families register their forms on import
from . import forms_dataport, forms_lsc, forms_misc, forms_sampler  # noqa: E402,F401
