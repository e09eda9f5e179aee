"""What a family's rules may ask of the program being validated.

A record's ``verify`` hooks (``hook(ins, form, ctx)``, registered with the
family's forms in ``visa/isa/``) check what its signature cannot say: a
source's type that depends on the destination's, LSC data shapes, dpas
precisions, sampler channels, fences...  The validator runs them after its
generic passes, with a :class:`Context` of the unit being validated; this
module is the whole of what a hook sees of it: the diagnostics it reports,
the platform and dialect, the unit's declarations, and how an operand reads
(its class, its type).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import ast
from . import datatypes, targets, predefined
from .records import CLASS_WORDS, types_text

# the order the classes are named in a message
_CLASS_ORDER = ("G", "I", "IMM", "A", "P", "S", "AO")
_PREDEFINED_TYPE = {v.name: datatypes.TYPE_INFO[v.type].name for v in predefined.PREDEFINED_VARS}
INTEGERS = frozenset(("b", "ub", "w", "uw", "d", "ud", "q", "uq"))
FLOATS = frozenset(("f", "df", "hf"))
NULL = ("%null", "V0")  # the predefined null variable, by name and by number
# a variable's kind letter, for a message
KIND_WORDS = {"G": "a general variable", "A": "an address variable", "P": "a predicate",
              "S": "a sampler", "T": "a surface"}


def is_int(t: str) -> bool:
    return t in INTEGERS


class Context:
    """The unit under validation, as a rule sees it.  The validator makes one
    per unit (object) and fills in:

    * ``report(rule, node, message, severity="error")``, a diagnostic at a
      node (``report.platform``: the platform judged for, None for any;
      ``report.version``: the dialect, (4, 1) or (4, 2));
    * ``grf``: the GRF size in bytes;
    * ``gvars``: general variable name -> its declaration (None for a
      predefined one); ``kinds``: every declared or predefined name -> G,
      A, P, S or T; ``declared``: the names the unit declares; ``bf_vars``:
      its variables of type bf.
    """
    report: Callable[..., None]
    grf: int
    gvars: dict
    kinds: dict
    declared: frozenset
    bf_vars: frozenset

    # ----------------------------------------------------------- the target
    @property
    def platform(self) -> "targets.Platform | None":
        return self.report.platform  # type: ignore[attr-defined]

    @property
    def version(self) -> tuple:
        return self.report.version  # type: ignore[attr-defined]

    def since(self, name: str) -> bool:
        """The platform is known and of ``name``'s generation or later."""
        return targets.platform_at_least(self.platform, name)

    def before(self, name: str) -> bool:
        """The platform is known and of a generation before ``name``'s."""
        return targets.platform_before(self.platform, name)

    # ---------------------------------------------------------- diagnostics
    def type_error(self, rule: str, o: Any, message: str, other: Any = None) -> None:
        """An operand of the wrong type: the error at the operand, and a
        note at the declaration of its variable (and of ``other``'s, the
        operand it disagrees with), where the type was written."""
        raise NotImplementedError  # the validator's context keeps the notes

    def kind_error(self, ins: ast.Instruction, o: Any, k: int, allowed, what: str) -> None:
        """operand-kind: operand ``k`` (``what``) is of a class not
        ``allowed`` (a set of classes, or their letters separated by
        blanks)."""
        c = self.opclass(o)
        if c == "?":
            return  # an undeclared name: name-undeclared says so
        taken = set(allowed.split()) if isinstance(allowed, str) else allowed
        words = " or ".join(CLASS_WORDS[x] for x in _CLASS_ORDER if x in taken)
        self.report("operand-kind", o, f"'{ins.op}' {what} (operand {k}) is {CLASS_WORDS[c]}; "
                                       f"allowed: {words}")

    # -------------------------------------------------------------- operands
    def opclass(self, o: Any) -> str:
        """Intel's operand class of an AST operand: G (general), I
        (indirect), IMM, A (address), P (predicate), S (state: surface or
        sampler), AO (address-of), '' (something else: a label, a raw
        operand...), or '?' (an undeclared name)."""
        t = type(o)
        if t is ast.VarRef:
            k = self.kinds.get(o.name)
            if k == "G" and len(o.offsets) == 2:
                return "G"
            if k is None:
                return "?"
            if len(o.offsets) == 2:
                return "A" if k == "A" else "G"
            return "A" if k == "A" else "S" if k in ("S", "T") else "G" if k == "G" else ""
        if t is ast.Indirect:
            return "I"
        if t is ast.Imm:
            return "IMM"
        if t is ast.AddrOf:
            return "AO"
        if t is ast.Name:
            k = self.kinds.get(o.name)
            if k is None:
                return "?"  # an undeclared name: name-undeclared says so
            return "P" if k == "P" else "S" if k in ("S", "T") else "A" if k == "A" else (
                "G" if k == "G" else "")
        return ""

    def operand_type(self, o: Any) -> str | None:
        """The element type of a vector operand (None: not known here)."""
        t = type(o)
        if t is ast.Imm or t is ast.Indirect:
            return o.type
        if t is ast.VarRef and len(o.offsets) == 2:
            d = self.gvars.get(o.name, False)
            if d is None:
                return _PREDEFINED_TYPE.get(o.name)
            return d.type if d else None
        if t is ast.Name and self.kinds.get(o.name) == "P":
            return "bool"
        return None

    def raw_type(self, o: Any) -> str | None:
        """The declared type of a raw operand's (or a register's) variable
        (None: predefined or not known)."""
        t = type(o)
        if t is ast.Raw or t is ast.VarRef:
            d = self.gvars.get(o.name, False)
            if d:
                return d.type
        return None

    def uses_bf(self, ins: ast.Instruction) -> bool:
        """Whether an operand has type bf (a declared bf variable, or a typed
        immediate or indirect operand), without typing every operand."""
        bf = self.bf_vars
        for o in ins.operands:
            t = type(o)
            if (t is ast.Imm or t is ast.Indirect) and o.type == "bf":
                return True
            if bf and t is ast.VarRef and o.name in bf:
                return True
        return False


def check_signature(ins: ast.Instruction, form, ctx: Context, types: bool = True) -> None:
    """operand-kind: an operand of a class its record's slot does not take
    (the layout's signature, for a family); an immediate at the
    destination of Intel's vector ALU families is dst-immediate's.
    With ``types``: an operand of a type its slot does not take, reported
    with the signature's rule id (bf operands of the forms with Intel's BF
    mixed-mode rule are that rule's)."""
    sig = form.signature_of(ins)
    slots = sig.slots
    kinds = ctx.kinds
    gvars = ctx.gvars
    VarRef = ast.VarRef
    for k, o in enumerate(ins.operands[:len(slots)]):
        slot = slots[k]
        classes = slot.classes
        t = type(o)
        # (the common case inlined: a general vector operand, class G, its
        # variable's type; what opclass and operand_type say of it)
        general = t is VarRef and len(o.offsets) == 2 and kinds.get(o.name) == "G"
        if classes is not None:
            c = "G" if general else ctx.opclass(o)
            if c == "?":
                continue  # an undeclared name: name-undeclared says so
            if c not in classes:
                if t is not ast.Imm or k != form.dst_index:
                    ctx.kind_error(ins, o, k, classes, slot.what)
                continue
        allowed = slot.types
        if types and allowed is not None:
            if general and not slot.raw:
                d = gvars.get(o.name, False)
                ty = _PREDEFINED_TYPE.get(o.name) if d is None else d.type if d else None
            else:
                ty = ctx.raw_type(o) if slot.raw else ctx.operand_type(o)
            if ty is not None and ty not in allowed and not (ty == "bf" and sig.bf_rule):
                ctx.type_error(sig.type_rule, o, f"'{ins.op}' {slot.what} has type {ty}; allowed: "
                                                 f"{types_text(allowed)}")
