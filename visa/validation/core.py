"""What the validator's passes share: Intel's limits, the report of one
program, what a pass asks of a mnemonic's record (:class:`OpFacts`, read
once per validation) and the unit being checked (:class:`UnitContext`, what
a family's hooks see as a :class:`visa.isa.verify.Context`)."""
from __future__ import annotations

from collections.abc import Callable

from .._frozen import frozen
from .. import ast
from ..errors import Diagnostic, source_line
from ..isa import datatypes, targets, field_codes
from ..isa.field_codes import InstCategory
from ..isa.records import OPEN, Form, ModSpec, Signature
from ..isa.verify import Context

# Intel's limits (IsaVerification.cpp, PlatformInfo.h)
MAX_SAMPLERS_ELTS = 128        # COMMON_ISA_MAX_SAMPLER_SIZE
MAX_SURFACE_ELTS = 128         # COMMON_ISA_MAX_SURFACE_SIZE
MAX_ADDRESS_ELTS = 16          # "Max possible address registers are 16"
PREDICATE_ELTS = (1, 2, 4, 8, 16, 32)
MAX_VAR_ELTS_PER_GRF_BYTE = 256  # getMaxVariableSize: 256 * GRF size (in elements)
INPUT_AREA_GRFS = 255          # an input ends before 255 GRFs
COMPILED_GRFS = 128            # the GRFs Intel's compiler binds inputs in by default
# element types a general variable cannot have (vectors of immediates, bool)
NOT_VARIABLE_TYPES = frozenset(("v", "vf", "uv", "bool"))
LABEL_FC = int(field_codes.LabelKind.FC)
LABEL_BLOCK = int(field_codes.LabelKind.BLOCK)
LABEL_SUBROUTINE = int(field_codes.LabelKind.SUBROUTINE)


class Report:
    """Diagnostics of one program, with the source lines for carets."""

    def __init__(self, text: str | None, filename: str, platform: "targets.Platform | None" = None,
                 version: tuple = (4, 1)):
        self.text, self.filename = text, filename
        self.platform = platform  # None: no platform-dependent checks
        self.version = version  # the module's dialect: (4, 1) or (4, 2)
        self.out: list[Diagnostic] = []

    def __call__(self, rule: str, node, message: str, severity: str = "error") -> None:
        line = getattr(node, "line", 0) or 0
        col = getattr(node, "col", 0) or 0
        src = source_line(self.text, line) if self.text is not None else None
        self.out.append(Diagnostic(self.filename, line, col, message, severity, src, rule))


def type_size(d: ast.VarDecl) -> int:
    return datatypes.TYPE_INFO_BY_NAME[d.type].size



# ------------------------------------------------------- per-mnemonic facts
@frozen
class OpFacts:
    """What the checks ask of a mnemonic's record, read once per validation."""
    category: "InstCategory | None"
    exec_field: bool
    pred_field: bool
    refuses_pred: bool
    platforms: "targets.Availability"
    label_slots: tuple[tuple[int, int], ...]  # (operand index, label kind)
    dst: int | None  # the destination operand's index (Intel's getDstIndex)
    regions: bool  # Intel verifies this instruction's regions
    shift: bool  # Intel's isShiftOp: a logic op whose sources may take (-)/(abs)
    vector: bool  # Intel's verifyVectorOperand looks at its operands (not dpas)
    form: "Form"  # the record
    n_operands: int | None = None  # the text operands a plain form reads (None: not fixed)
    mods: "ModSpec | None" = None  # the dotted modifiers its form reads (None: not checked)
    sat: bool = False  # its grammar rule takes .sat
    read_only: bool = True  # its destination is checked for read-only predefined variables
    returns: bool = False  # a return (a predicated one falls through)
    signature: "Signature" = OPEN  # its operands' classes and types
    name_slots: tuple = ()  # (operand index, kinds) of the bare names it reads as variables
    # the kinds every one of those slots takes (a bare name of one is fine
    # wherever it stands); None: it reads no bare name as a variable
    name_kinds: str | None = None


def facts(f) -> OpFacts:
    """What the checks ask of a record."""
    cat = f.category
    C = InstCategory
    facts, checks = f.facts, f.checks
    return OpFacts(cat, facts.exec_field, facts.pred_field,
                    facts.refuses_pred or not checks.predicate, f.platforms, facts.label_slots,
                    f.dst_index,
                    cat is not None and cat is not C.DATA_PORT and checks.regions,
                    checks.shift, checks.vector, f, facts.arity if checks.counted else None,
                    None if checks.own_modifiers else facts.mods,
                    checks.sat or cat in (C.ARITH, C.LOGIC), checks.read_only,
                    checks.flow == "return", f.signature, facts.name_slots,
                    _common_kinds(facts.name_slots))


def _common_kinds(slots: tuple) -> str | None:
    if not slots:
        return None
    common = set(slots[0][1])
    for _, letters in slots[1:]:
        common &= set(letters)
    return "".join(sorted(common))


class UnitContext(Context):
    """One object being checked: its report and what the checks share (the
    rules of the records see it as a :class:`visa.isa.verify.Context`):
    ``kinds``, every declared or predefined name -> G, A, P, S or T;
    ``label_uses``, (node, name, kind) of each label operand; ``blamed``, a
    declaration -> (rule, line) of the type error it was blamed for;
    ``legal_regions``, (region, is dst, exec size) -> (width, v, h);
    ``bf_vars``, the unit's variables of type bf; ``declared``, every name
    the unit declares (the older spec may declare T5); ``roots``, a
    variable's name -> (its alias chain's end, offset into it).  (A plain
    class: the passes fill it in as they go.)"""

    def __init__(self, unit: ast.Unit, report: Report, grf: int, gvars: dict,
                 kinds: dict | None = None, *, bf_vars: frozenset = frozenset(),
                 declared: frozenset = frozenset()) -> None:
        self.unit = unit
        self.report = report
        self.grf = grf
        self.gvars = gvars  # general variable name -> declaration (None: predefined)
        self.kinds = {} if kinds is None else kinds
        self.label_uses: list = []
        self.blamed: dict = {}
        self.legal_regions: dict = {}
        self.bf_vars = bf_vars
        self.declared = declared
        self.roots: dict = {}

    def type_error(self, rule: str, o, message: str, other=None) -> None:
        """An operand of the wrong type: the error at the operand, and a
        note at the declaration of its variable (and of ``other``'s, the
        operand it disagrees with), where the type was written."""
        self.report(rule, o, message)
        for x in (o, other):
            if type(x) in (ast.VarRef, ast.Raw, ast.LscData):
                d = self.gvars.get(x.name)
                if d is not None and d.line and d.line != o.line and d not in self.blamed:
                    self.blamed[d] = (rule, o.line)


InsCheck = Callable[[ast.Instruction, OpFacts, UnitContext], None]
APPLIES: dict = {}  # check -> which mnemonics it looks at (facts -> bool); default all


def always(facts) -> bool:
    return True


def instruction_check(fn=None, *, applies=None):
    """Mark a check of one instruction (its rules in its docstring);
    ``applies(facts)`` says which mnemonics it can have anything to say
    about, so that the others skip it without a call.  The validator runs
    the checks in the order visa/validator.py lists them."""
    def add(f: InsCheck) -> InsCheck:
        if applies is not None:
            APPLIES[f] = applies
        return f
    return add(fn) if fn is not None else add
