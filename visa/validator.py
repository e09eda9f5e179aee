"""The validator: the checks Intel's verifier (visa/IsaVerification.cpp at
igc-1.0.14828.26) makes on a program, each reported as a Diagnostic with a
stable rule id at the declaration, directive or operand it is about.

Unit checks (``@check``) cover declarations, aliases, kernel attributes and
inputs; instruction checks (``@instruction_check``) run in one pass over the
body, each only on the records it ``applies`` to.  They are generic: they
read each instruction's record (visa/isa/records.py ``Form``: its signature,
its atoms' facts, its platforms and checks) and know no mnemonic: references,
execution size, platform, predicates, operand modifiers, operand classes and
types (the signature), regions, labels, operand counts.  Then the record's
own ``verify`` hooks run: the rules of its family that one operand's slot
cannot say, registered with the family's forms in ``visa/isa/rules_*.py``
(they see the unit through :class:`visa.isa.verify.Context`).  vISA 4.1
follows Debian's GenX_IR (igc 1.0.12504), 4.2 IGC v2.40.13, where they differ.
``docs/VALIDATION.md`` lists Intel's checks with the rule id that implements
each, and those still to come.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import attrs
from ._frozen import frozen

from . import ast as A
from .errors import Diagnostic, source_line
from .isa import opcodes as O
from .isa import forms as _forms
from .isa.records import OPEN, Form, ModSpec, Signature
from .isa.verify import Context, check_signature
from .repeats import Repeats

# ------------------------------------------------------------------ facts
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
LABEL_FC = int(O.LabelKind.FC)
LABEL_BLOCK = int(O.LabelKind.BLOCK)
LABEL_SUBROUTINE = int(O.LabelKind.SUBROUTINE)


class _Report:
    """Diagnostics of one program, with the source lines for carets."""

    def __init__(self, text: str | None, filename: str, platform: "O.Platform | None" = None,
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


Check = Callable[[A.Unit, _Report, int], None]
_CHECKS: list[tuple[str, Check]] = []


def check(name: str):
    """Register a check of a unit (its rules are listed in its docstring)."""
    def add(fn: Check) -> Check:
        _CHECKS.append((name, fn))
        return fn
    return add


def _type_size(d: A.VarDecl) -> int:
    return O.TYPE_INFO_BY_NAME[d.type].size


# ------------------------------------------------------------ declarations
@check("declarations")
def _declarations(unit: A.Unit, report: _Report, grf: int) -> None:
    """decl-duplicate: a name declared twice in one object.
    decl-type: a general variable of type v, vf, uv or bool.
    decl-num-elts: element counts: general 1..256 GRFs' worth, address
    1..16, predicate 1/2/4/8/16/32, sampler and surface 1..128.
    alias-undeclared, alias-kind, alias-offset: an alias names a declared
    general variable, and its offset (through a chain of aliases) lies
    inside that variable."""
    seen: dict[str, object] = {}
    reserved = _reserved_names(report.version)
    for d in unit.decls:
        if d.name in reserved:
            report("decl-predefined", d, f"'{d.name}' is {reserved[d.name]}: it cannot be declared "
                                         "again (Intel: variable redeclaration)")
        if d.name in seen:
            first = seen[d.name]
            report("decl-duplicate", d, f"'{d.name}' is declared twice (first at line {first.line})")
        else:
            seen[d.name] = d
        t = type(d)
        if t is A.VarDecl:
            if d.type in NOT_VARIABLE_TYPES:
                report("decl-type", d, f"variable '{d.name}' has type {d.type}; a variable cannot have "
                                       f"type {', '.join(sorted(NOT_VARIABLE_TYPES))}")
            limit = MAX_VAR_ELTS_PER_GRF_BYTE * grf
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"variable '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
        elif t is A.AddrDecl:
            if not 1 <= d.num_elts <= MAX_ADDRESS_ELTS:
                report("decl-num-elts", d, f"address '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{MAX_ADDRESS_ELTS}")
        elif t is A.PredDecl:
            if d.num_elts not in PREDICATE_ELTS:
                report("decl-num-elts", d, f"predicate '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: {', '.join(map(str, PREDICATE_ELTS))}")
        else:
            limit = MAX_SAMPLERS_ELTS if t is A.SamplerDecl else MAX_SURFACE_ELTS
            what = "sampler" if t is A.SamplerDecl else "surface"
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"{what} '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
    _aliases(unit, report, grf)


@lru_cache(maxsize=None)
def _reserved_names(version: tuple) -> dict:
    """The names a declaration cannot take in ``version``: the predefined
    variables (by name and by number: V7 is %r0; V0..V20 in 4.1, V21 too in
    4.2), the predefined surfaces by name (T1, T2, TSS: Intel's T0, T3..T5
    are free) and the bindless sampler, each with what it is."""
    out = {}
    for v in O.PREDEFINED_VARS:
        if tuple(getattr(v, "since", (4, 1)) or (4, 1)) <= version:
            out[v.name] = out[f"V{v.index}"] = f"the predefined variable {v.name}"
    for n in O.PREDEFINED_SURFACE_NAMES:
        out[n] = f"the predefined surface {n}"
    out[O.BINDLESS_SAMPLER_NAME] = f"the predefined sampler {O.BINDLESS_SAMPLER_NAME}"
    return out


_WORD, _DWORD, _QWORD = int(O.Align.WORD), int(O.Align.DWORD), int(O.Align.QWORD)


def _type_align(d: A.VarDecl, grf: int) -> int:
    """Intel's getTypeAlignment (an alignment code): a GRF's alignment
    for variables of a GRF or more, else the element's."""
    size = _type_size(d)
    if d.num_elts * size >= grf:
        return int(O.Align.WORDx32 if grf == 64 else O.Align.HWORD)
    return _DWORD if size == 4 else _QWORD if size == 8 else _WORD


def _align_code(d: A.VarDecl) -> int:
    if d.align is None:
        return int(O.Align.BYTE)
    a = O.ALIGN_BY_NAME.get(d.align)
    return int(a) if a is not None else -1


def _alias_base(d: A.VarDecl, lookup: Callable) -> tuple[A.VarDecl, int]:
    """The general variable at the end of ``d``'s alias chain (``lookup``:
    name -> declaration), and the byte offset of ``d`` in it; the walk stops
    at a name that is not a general variable, and before a name it has
    passed (a cycle)."""
    off, seen = 0, {d.name}
    while d.alias is not None:
        nxt = lookup(d.alias.var)
        if type(nxt) is not A.VarDecl or nxt.name in seen:
            break
        off += d.alias.offset
        seen.add(nxt.name)
        d = nxt
    return d, off


def _aliases(unit: A.Unit, report: _Report, grf: int = O.DEFAULT_GRF_BYTES) -> None:
    by_name = {d.name: d for d in unit.decls}
    order = {id(d): k for k, d in enumerate(unit.decls)}
    for d in unit.vars:
        if d.alias is None:
            continue
        target = by_name.get(d.alias.var)
        if target is None:
            if d.alias.var in O.PREDEFINED_VAR_NAMES:
                continue  # an alias of %r0, %sr0, ...: Intel checks those elsewhere
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not declared")
            continue
        if target is d:  # Intel: "unbound alias referent"
            report("alias-undeclared", d.alias, f"'{d.name}' aliases itself: an alias names a "
                                                "variable declared before it")
            continue
        if order[id(target)] > order[id(d)]:
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is declared "
                                                f"after it (line {target.line})")
            continue
        if type(target) is not A.VarDecl:
            report("alias-kind", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not a general variable")
            continue
        base, offset = _alias_base(d, by_name.get)
        size = base.num_elts * _type_size(base)
        if not 0 <= offset < size:
            report("alias-offset", d.alias, f"'{d.name}' starts at byte {offset} of '{base.name}', "
                                            f"which has {size} bytes")
        declared = _align_code(base)
        if declared >= 0 and max(declared, _type_align(base, grf)) < _type_align(d, grf):
            need = O.ALIGN_INFO[O.Align(_type_align(d, grf))].name
            report("alias-align", d, f"'{d.name}' ({d.num_elts * _type_size(d)} bytes of {d.type}) "
                                     f"needs {need} alignment, more than its base '{base.name}' has")


# ------------------------------------------------- declared before use
@check("declared-before-use")
def _declared_before_use(unit: A.Unit, report: _Report, grf: int) -> None:
    """name-undeclared: an instruction names a variable declared after it
    (further down the text).
    input-undeclared: an input names a variable declared after it.
    Intel's reader takes a declaration before its uses ("unbound
    identifier"); a name declared later is not declared where it is used."""
    first: dict[str, A.Decl] = {}  # each name's first declaration (a second is decl-duplicate)
    for d in unit.decls:
        if d.line:
            first.setdefault(d.name, d)
    if not first:
        return
    last = max(d.line for d in first.values())
    for i in unit.inputs:
        d = first.get(i.name)
        if d is not None and 0 < i.line < d.line:
            report("input-undeclared", i, f"input '{i.name}' comes before the declaration of "
                                          f"'{i.name}' (line {d.line}): declare it first")
    for ins in unit.body:
        if type(ins) is not A.Instruction or not 0 < ins.line < last:
            continue
        uses = [(node, name) for node, name, _, _ in _operand_names(ins)]
        uses += [(o, o.name) for o in ins.operands if type(o) is A.Name]
        for node, name in uses:
            d = first.get(name)
            if d is not None and d.line > ins.line:
                report("name-undeclared", node, f"'{name}' is declared at line {d.line}, after "
                                                "this use: declare a variable before the "
                                                "instructions that name it")


# ------------------------------------------------------- kernel attributes
_ONCE = ("SLMSize", "NBarrierCnt")


@check("kernel-attributes")
def _kernel_attributes(unit: A.Unit, report: _Report, grf: int) -> None:
    """attr-repeated: SLMSize and NBarrierCnt are given at most once."""
    seen: dict[str, object] = {}
    for a in unit.attrs:
        if a.name in _ONCE:
            if a.name in seen:
                report("attr-repeated", a, f"kernel attribute {a.name} is given twice (first at line "
                                           f"{seen[a.name].line})")
            else:
                seen[a.name] = a


# ------------------------------------------------------------------ inputs
@check("inputs")
def _inputs(unit: A.Unit, report: _Report, grf: int) -> None:
    """input-undeclared: an input names no declared variable.
    input-kind: an input is a general variable, a sampler or a surface.
    input-size: an input's size is its variable's (elements x type size;
    4 bytes per surface element).
    input-bounds: an input starts at byte 0 or after and ends inside the
    first 255 GRFs; a warning when a
    general variable's input reaches past the 128 GRFs Intel's compiler
    gives a kernel by default (GenX_IR stops there).
    input-overlap: two inputs share bytes.
    input-grf-straddle: an input smaller than a GRF lies in one GRF.
    input-order: no explicit input after an implicit one."""
    if unit.kind != "kernel":
        return
    by_name = {d.name: d for d in unit.decls}
    spans: list[tuple[int, int, A.Input]] = []
    implicit_seen = False
    for i in unit.inputs:
        d = by_name.get(i.name)
        offset = i.offset or 0
        if d is None:
            report("input-undeclared", i, f"input '{i.name}' is not declared")
            continue
        t = type(d)
        if t not in (A.VarDecl, A.SamplerDecl, A.SurfaceDecl):
            report("input-kind", i, f"input '{i.name}' must be a general variable, a sampler or a surface")
            continue
        natural = (d.num_elts * _type_size(d) if t is A.VarDecl
                   else d.num_elts * 4 if t is A.SurfaceDecl else None)
        size = i.size if i.size is not None else natural
        if size is None:
            continue  # a sampler without size=: the encoder says so
        if natural is not None and size != natural:
            report("input-size", i, f"input '{i.name}' has size={size}; its variable has {natural} bytes")
            if d.line and d.line != i.line:
                report("input-size", d, f"'{d.name}' is declared here: {natural} bytes", "note")
        end = offset + size
        if offset < 0:  # GenX_IR binds it to a register past the file and crashes
            report("input-bounds", i, f"input '{i.name}' starts at byte {offset}: an input's offset "
                                      "is 0 or more")
        elif end >= grf * INPUT_AREA_GRFS:
            report("input-bounds", i, f"input '{i.name}' ends at byte {end}, past {grf * INPUT_AREA_GRFS} "
                                      f"(255 GRFs)")
        elif t is A.VarDecl and offset // grf + -(-size // grf) > COMPILED_GRFS:
            report("input-bounds", i, f"input '{i.name}' reaches GRF {offset // grf + -(-size // grf) - 1}: "
                                      f"Intel's compiler binds inputs within the {COMPILED_GRFS} GRFs "
                                      "a kernel has unless compiled for more threads' worth, and "
                                      "stops on it ('INPUT payload exceeds the register number')",
                   "warning")
        for b, e, other in spans:
            if offset < e and b < end:
                report("input-overlap", i, f"input '{i.name}' [{offset}, {end}) overlaps "
                                           f"'{other.name}' [{b}, {e}) (line {other.line})")
                break
        spans.append((offset, end, i))
        if t is A.VarDecl and size < grf and offset // grf != (end - 1) // grf:
            report("input-grf-straddle", i, f"input '{i.name}' ({size} bytes) crosses a GRF boundary "
                                            f"at byte {(offset // grf + 1) * grf}")
        kind = O.implicit_input_kind(i.kind)
        if kind:
            implicit_seen = True
        elif implicit_seen:
            # Debian's GenX_IR (12504) refuses it ("Explicit input must not
            # follow an implicit input"); 14828's writer recorded named
            # implicit kinds as explicit, so its verifier never saw this
            report("input-order", i, f"explicit input '{i.name}' follows an implicit input; "
                                     "put the explicit inputs first")


# ------------------------------------------------------- per-mnemonic facts
@frozen
class _OpFacts:
    """What the checks ask of a mnemonic's record, read once per validation."""
    category: "O.InstCategory | None"
    exec_field: bool
    pred_field: bool
    refuses_pred: bool
    platforms: "O.Availability"
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


def _facts(f) -> _OpFacts:
    """What the checks ask of a record."""
    cat = f.category
    C = O.InstCategory
    facts, checks = f.facts, f.checks
    return _OpFacts(cat, facts.exec_field, facts.pred_field,
                    facts.refuses_pred or not checks.predicate, f.platforms, facts.label_slots,
                    f.dst_index,
                    cat is not None and cat is not C.DATA_PORT and checks.regions,
                    checks.shift, checks.vector, f, facts.arity if checks.counted else None,
                    None if checks.own_modifiers else facts.mods,
                    checks.sat or cat in (C.ARITH, C.LOGIC), checks.read_only,
                    checks.flow == "return", f.signature)


@attrs.define
class _Unit(Context):
    """One object being checked: its report and what the checks share (the
    rules of the records see it as a :class:`visa.isa.verify.Context`)."""
    unit: A.Unit
    report: _Report
    grf: int
    gvars: dict  # general variable name -> declaration (None: predefined)
    kinds: dict = attrs.Factory(dict)  # every declared or predefined name -> G, A, P, S or T
    label_uses: list = attrs.Factory(list)  # (node, name, kind)
    blamed: dict = attrs.Factory(dict)  # declaration -> (rule, what its type broke, line)
    legal_regions: dict = attrs.Factory(dict)  # (region, is dst, exec size) -> (width, v, h)
    bf_vars: frozenset = frozenset()  # the unit's variables of type bf
    declared: frozenset = frozenset()  # every name the unit declares (the older spec may declare T5)
    roots: dict = attrs.Factory(dict)  # variable name -> (its alias chain's end, offset into it)

    def type_error(self, rule: str, o, message: str, other=None) -> None:
        """An operand of the wrong type: the error at the operand, and a
        note at the declaration of its variable (and of ``other``'s, the
        operand it disagrees with), where the type was written."""
        self.report(rule, o, message)
        for x in (o, other):
            if type(x) in (A.VarRef, A.Raw, A.LscData):
                d = self.gvars.get(x.name)
                if d is not None and d.line and d.line != o.line and d not in self.blamed:
                    self.blamed[d] = (rule, o.line)


InsCheck = Callable[[A.Instruction, _OpFacts, _Unit], None]


def _always(facts) -> bool:
    return True
_INS_CHECKS: list[InsCheck] = []


_APPLIES: dict = {}  # check -> which mnemonics it looks at (facts -> bool); default all


def instruction_check(fn=None, *, applies=None):
    """Register a check of one instruction (its rules in its docstring);
    ``applies(facts)`` says which mnemonics it can have anything to say
    about, so that the others skip it without a call."""
    def add(f: InsCheck) -> InsCheck:
        _INS_CHECKS.append(f)
        if applies is not None:
            _APPLIES[f] = applies
        return f
    return add(fn) if fn is not None else add


@check("instructions")
def _instructions(unit: A.Unit, report: _Report, grf: int) -> None:
    """Every instruction through every instruction check, in one pass; then
    the labels (label-duplicate, label-undefined)."""
    gvars: dict = {n: None for n in O.PREDEFINED_VAR_NAMES}
    gvars.update({d.name: d for d in unit.vars})
    ctx = _Unit(unit, report, grf, gvars, _kinds(unit),
                bf_vars=frozenset(d.name for d in unit.vars if d.type == "bf"),
                declared=frozenset(d.name for d in unit.decls))
    table = _forms.FORMS
    # mnemonic -> (facts, the checks that apply to it, its record's rules, may be remembered)
    plans: dict = {}
    # Instructions found clean.  Within one object an instruction's verdict
    # depends only on its value and the object's declarations, so an equal
    # instruction (positions are not part of equality) is clean too and is
    # not checked again; those naming labels are always checked, as the label
    # pass needs each use.
    clean = Repeats()
    found = report.out
    for ins in unit.body:
        if type(ins) is A.Instruction:
            plan = plans.get(ins.op)
            if plan is None:
                f = table.get(ins.op)
                facts = None if f is None else _facts(f)
                plan = plans[ins.op] = (facts, () if facts is None else tuple(
                    c for c in _INS_CHECKS if _APPLIES.get(c, _always)(facts)),
                    () if f is None else f.verify, facts is not None and not facts.label_slots)
            facts, checks, rules, memo = plan
            if facts is None:
                _unknown_mnemonic(ins, report, table)
                continue
            if memo and clean.get(ins):
                continue
            before = len(found)
            for c in checks:
                c(ins, facts, ctx)
            for r in rules:
                r(ins, facts.form, ctx)
            if memo and len(found) == before:
                clean.put(ins, True)
    _last_return(ctx, plans)
    _labels(ctx)
    for d, (rule, line) in ctx.blamed.items():
        report(rule, d, f"'{d.name}' is declared here with type {d.type}, which the instruction "
                        f"at line {line} cannot take", "note")


def _unknown_mnemonic(ins: A.Instruction, report: _Report, table) -> None:
    """mnemonic-unknown: an instruction whose mnemonic no instruction record
    has (Intel's lexer has no token for it), with the nearest mnemonics of
    the records as suggestions.  The older spec's instructions that vISA 4.1
    lacks (if, asin, ...) are named as such by the encoder."""
    if ins.op in O.OLDER_ONLY_OPS:
        return
    close = table.close_to(ins.op)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    report("mnemonic-unknown", ins, f"unknown instruction '{ins.op}'{hint}")


# ------------------------------------------------------------- references
_DECL_KIND = {A.VarDecl: "G", A.AddrDecl: "A", A.PredDecl: "P", A.SamplerDecl: "S",
              A.SurfaceDecl: "T"}
_KIND_WORD = {"G": "a general variable", "A": "an address variable", "P": "a predicate",
              "S": "a sampler", "T": "a surface"}


def _kinds(unit: A.Unit) -> dict:
    """Every name an operand may use in ``unit``: its kind letter."""
    # predefined variables and surfaces, also by their numbers (V7 is %r0)
    kinds = {v.name: "G" for v in O.PREDEFINED_VARS}
    kinds.update({f"V{v.index}": "G" for v in O.PREDEFINED_VARS})
    kinds.update({n: "T" for n in O.PREDEFINED_SURFACE_NAMES})
    kinds.update({f"T{s.index}": "T" for s in O.PREDEFINED_SURFACES})
    kinds[O.BINDLESS_SAMPLER_NAME] = "S"
    kinds.update({d.name: _DECL_KIND[type(d)] for d in unit.decls})
    return kinds


def _operand_names(ins: A.Instruction):
    """(node, name, kinds allowed, what) for each variable an operand names
    with a register syntax (a bare name may be a label, a function, a
    predicate or a state operand: not checked here)."""
    if ins.pred is not None:
        yield ins.pred, ins.pred.name, "P", "the predicate"
    for o in ins.operands:
        t = type(o)
        if t is A.VarRef:
            if len(o.offsets) == 2:
                yield o, o.name, "G", "an operand with (row,col)"
            else:
                yield o, o.name, "AST", "an operand with one offset"
        elif t in (A.Raw, A.LscData):
            yield o, o.name, "G", "a raw operand" if t is A.Raw else "LSC data"
        elif t is A.Indirect:
            yield o, o.addr, "A", "the address of an indirect operand"
        elif t is A.AddrOf:
            yield o, o.name, "GST", "an address-of operand"
        elif t is A.LscAddr:
            for it in ((o.surface, o.base) + tuple(o.extra)):
                if type(it) is A.LscReg:
                    yield it if it.line else o, it.name, "G", "an LSC address register"
        elif t is A.Tuple:
            for it in o.items:
                if type(it) is A.VarRef:
                    yield it, it.name, "G", "an operand with (row,col)"


_NAMELESS = frozenset((A.Imm, A.Name, A.Number, A.String))  # no variable _operand_names reads


@instruction_check
def _offsets(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-offset: an operand's (row,col) or single offset is 0..255
    (one byte in the binary).  Intel's reader refuses a negative one ("row
    (register) offset must be positive", "sub-register offset out of
    bounds"); ours also refuses one past 255, which its writer would cut
    to a byte."""
    for o in ins.operands:
        if type(o) is A.VarRef:
            for x in o.offsets:
                if x < 0 or x > 255:
                    ctx.report("operand-offset", o, f"'{o.name}' has offset {x}; an offset is "
                                                    "0..255")
                    break


@instruction_check
def _references(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """name-undeclared: an operand names a variable that is neither declared
    nor predefined.
    operand-class: the variable is of the wrong kind for its place: (row,col)
    operands, raw operands, LSC data and LSC address registers are general
    variables; an indirect operand's address is an address variable; a
    predicate is a predicate variable."""
    kinds = ctx.kinds
    # the common case first: every name declared and of the kind its place
    # wants, read without building the (node, name, kinds, what) items
    p = ins.pred
    clean = p is None or kinds.get(p.name) == "P"
    if clean:
        for o in ins.operands:
            t = type(o)
            if t is A.VarRef:
                k = kinds.get(o.name)
                if k is None or (k != "G" if len(o.offsets) == 2 else k not in "AST"):
                    clean = False
                    break
            elif t is A.Raw:
                if kinds.get(o.name) != "G":
                    clean = False
                    break
            elif t in _NAMELESS:
                continue
            else:
                clean = False
                break
    if clean:
        return
    for node, name, allowed, what in _operand_names(ins):
        k = kinds.get(name)
        if k is None:
            ctx.report("name-undeclared", node, f"'{name}' is not declared")
        elif k not in allowed:
            want = " or ".join(_KIND_WORD[a] for a in allowed)
            ctx.report("operand-class", node, f"'{name}' is {_KIND_WORD[k]}; {what} must be {want}")


# ------------------------------------------------------ operand signature
@instruction_check(applies=lambda f: f.form.constrained)
def _signature(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-kind: an operand of a class its record's slot does not take
    (an arithmetic source is general, indirect or an immediate, a compare
    writes a predicate or a general operand, ...; an immediate destination
    is dst-immediate's).
    type-arith, type-logic, type-address, type-raw (the signature's rule):
    an operand of a type its slot does not take (bf operands of the forms
    with Intel's BF mixed-mode rule are that rule's).
    (visa.isa.verify.check_signature, which the builder runs too.)"""
    check_signature(ins, facts.form, ctx)


# ------------------------------------------------------------------ labels
@instruction_check(applies=lambda f: bool(f.label_slots))
def _label_uses(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    for index, kind in facts.label_slots:
        if index < len(ins.operands):
            o = ins.operands[index]
            for it in (o.items if type(o) is A.Tuple else (o,)):
                t = type(it)
                name = it.name if t is A.Name else it.value if t is A.String else None
                if name is not None:
                    ctx.label_uses.append((it if getattr(it, "line", 0) else ins, name, kind))


def _last_return(ctx: _Unit, plans: dict) -> None:
    """ret-fall-through: a predicated ret or fret is not the object's last
    statement: when its predicate is off it falls through, and there is
    nothing to fall into (Intel's flow graph adds an edge to the next block,
    which does not exist: GenX_IR crashes)."""
    body = ctx.unit.body
    last = body[-1] if body else None
    plan = plans.get(last.op) if type(last) is A.Instruction else None
    if plan is not None and plan[0] is not None and plan[0].returns and last.pred is not None:
        ctx.report("ret-fall-through", last.pred, f"a predicated '{last.op}' ends '{ctx.unit.name}': "
                                                  f"when {last.pred.name} is off it falls through to "
                                                  "nothing; end the object with an unpredicated "
                                                  f"'{last.op}'")


def _labels(ctx: _Unit) -> None:
    """label-duplicate: a label defined twice in one object.
    label-undefined: a jump, call or switch target never defined (fccall
    targets are other objects' names, as Intel's verifier allows).  Block
    labels (``L:``) and subroutines (``.function "S"`` with ``S:``) are two
    kinds of label: jmp, goto and switchjmp reach a block label, call a
    subroutine; naming the other kind is naming a label never defined, as
    Intel's assembler makes it."""
    report = ctx.report
    defined: dict[str, object] = {}
    twice: dict = {}
    of_kind: dict[int, set[str]] = {LABEL_BLOCK: set(), LABEL_SUBROUTINE: set()}
    for s in ctx.unit.body:
        if type(s) in (A.Label, A.Subroutine):
            if s.name in defined and type(defined[s.name]) is type(s):
                twice.setdefault((s.name, type(s)), [defined[s.name]]).append(s)
            defined.setdefault(s.name, s)
            of_kind[LABEL_BLOCK if type(s) is A.Label else LABEL_SUBROUTINE].add(s.name)
    # Intel says only "label is redefined": either definition may be the
    # wrong one, so each is reported, naming the others
    for (name, _), defs in twice.items():
        for s in defs:
            others = ", ".join(str(o.line) for o in defs if o is not s)
            report("label-duplicate", s, f"label '{name}' is defined more than once "
                                         f"(also at line {others})")
    for node, name, kind in ctx.label_uses:
        if kind == LABEL_FC:
            continue
        if name not in defined:
            report("label-undefined", node, f"label '{name}' is not defined in '{ctx.unit.name}'")
        elif kind in of_kind and name not in of_kind[kind]:
            what = "subroutine" if kind == LABEL_SUBROUTINE else "block label"
            other = "a block label" if kind == LABEL_SUBROUTINE else "a subroutine (its .function)"
            report("label-undefined", node, f"'{name}' is {other}: no {what} '{name}' is defined "
                                            f"in '{ctx.unit.name}'")


# ---------------------------------------------------------- execution size
EXEC_SIZES = (1, 2, 4, 8, 16, 32)


@instruction_check(applies=lambda f: f.exec_field and f.category is not O.InstCategory.SVM)
def _exec_size(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """exec-size: an execution size is 1, 2, 4, 8, 16 or 32 (where the form
    has an execution-size field; oword_ld (n) and the like count other things).
    exec-mask: the channels of the mask offset (M1 0, M2 4, ... M8 28) plus
    the execution size stay within 32."""
    e = ins.exec
    if e is None or not facts.exec_field or facts.category is O.InstCategory.SVM:
        return  # SVM: Intel's verifier asks hasExecSize without the sub-op, and skips them
    size, mask = e.size, e.mask
    if size not in EXEC_SIZES:
        ctx.report("exec-size", e, f"execution size {size}; allowed: 1, 2, 4, 8, 16, 32")
    elif mask is not None and mask[:1] == "M" and mask[1:2].isdigit():
        offset = (int(mask[1]) - 1) * 4
        if offset + size > 32:
            ctx.report("exec-mask", e, f"({mask}, {size}) reaches channel {offset + size - 1}; "
                                       f"{mask} allows at most {32 - offset} channels")


# --------------------------------------------------------------- platforms
@instruction_check(applies=lambda f: f.platforms is not O.EVERYWHERE)
def _platform(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """platform: an instruction the selected platform does not have (the
    opcode's minimum platform in Intel's instruction description, and the
    generations a family no longer has it on; only when a platform is
    given)."""
    why = facts.platforms.refusal(ins.op, ctx.report.platform)
    if why is not None:
        ctx.report("platform", ins, why)


# -------------------------------------------------------------- predicates
@instruction_check
def _predicate(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """pred-none: a predicate on an instruction Intel's grammar gives none
    (its form refuses one).
    pred-dropped (warning): a predicate on an instruction whose binary form
    has no predicate field; Intel's assembler drops it without a word.
    pred-spelling: a negated predicate is written (!P); Intel's grammar
    (CISA.y PredSign, 4.1 and 2.x alike) has no (~P)."""
    p = ins.pred
    if p is None:
        return
    if p.spelling != "!" and p.negate:
        ctx.report("pred-spelling", p, f"a negated predicate is written (!{p.name}), not "
                                       f"({p.spelling}{p.name})")
    if facts.pred_field:
        return
    if facts.refuses_pred:
        ctx.report("pred-none", ins.pred, f"'{ins.op}' cannot be predicated")
    else:
        ctx.report("pred-dropped", ins.pred, f"'{ins.op}' has no predicate field: the predicate "
                                             "is not in the binary", "warning")


# --------------------------------------------------------- vector operands
_ARITH_MODS = frozenset(("-", "abs", "-abs"))


@instruction_check(applies=lambda f: f.category is not None and f.vector)
def _operands(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """modifier-arith: (-), (abs), (-abs) are not used on logic instructions
    (shifts excepted).
    modifier-not: (~) is used on logic instructions only.
    modifier-kind: only general and indirect operands take a modifier.
    imm-bool: no immediate of type bool.
    imm-range: an hf immediate fits in 16 bits.
    dst-immediate: no immediate as a destination."""
    cat = facts.category
    if cat is None or not facts.vector:  # Intel verifies dpas elsewhere
        return
    report = ctx.report
    for k, o in enumerate(ins.operands):
        t = type(o)
        if t is A.Imm:
            if o.type == "bool":
                report("imm-bool", o, "an immediate cannot have type bool")
            elif o.type == "hf" and o.bits > 0xFFFF:
                report("imm-range", o, f"0x{o.bits:x} is too large for hf (16 bits), as Intel's "
                                       "reader says of such a literal")
            if k == facts.dst:
                report("dst-immediate", o, f"the destination of '{ins.op}' cannot be an immediate")
            continue
        mod = getattr(o, "mod", None)
        if mod is None:
            continue
        if t is A.Name:
            report("modifier-kind", o, f"a source modifier on a predicate operand ({mod}){o.name} "
                                       "belongs to the older vISA spec; vISA 4.1 cannot encode it")
        elif t not in (A.VarRef, A.Indirect):
            report("modifier-kind", o, f"modifier ({mod}) on an operand that is not a general "
                                       "or indirect one")
        elif mod in _ARITH_MODS and cat is O.InstCategory.LOGIC and not facts.shift:
            report("modifier-arith", o, f"'{ins.op}' is a logic instruction: its operands take "
                                        f"(~), not ({mod})")
        elif mod == "~" and cat is not O.InstCategory.LOGIC:
            report("modifier-not", o, f"(~) is for logic instructions; '{ins.op}' is not one")


# ----------------------------------------------------------------- regions
# Intel's region values (Common_ISA_Get_Region_Value) and the legal ones
H_STRIDES = (0, 1, 2, 4)
WIDTHS = (1, 2, 4, 8, 16)
V_STRIDES = (0, 1, 2, 4, 8, 16, 32)


@instruction_check(applies=lambda f: f.regions)
def _regions(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """On general and indirect operands (not of dataport instructions):
    region-dst-stride: a destination's horizontal stride is 1, 2 or 4 (not 0).
    region-hstride, region-width, region-vstride: a source region's values
    are among Intel's (h 0/1/2/4, width 1/2/4/8/16, v 0/1/2/4/8/16/32).
    region-width-exec: a source's width is at most the execution size.
    region-bounds: a row or column offset puts a region's first element
    outside its variable (an error: Intel only warns, then crashes or hangs
    on some; -Wno-error=region-bounds makes it a warning); a region that
    starts inside but reaches past the end is a warning.
    region-missing: a general operand with (row,col) has its region: a
    source <v;w,h>, a destination <h> (Intel's grammar and the spec have no
    spelling without one; the binary's "no region" code is dpas's)."""
    e = ins.exec
    if e is None or not facts.regions or e.size not in EXEC_SIZES:
        return  # no execution size, not an execution size, or exec-size says so
    gvars, dst, size = ctx.gvars, facts.dst, e.size
    legal = ctx.legal_regions
    for k, o in enumerate(ins.operands):
        t = type(o)
        if t is A.VarRef:
            region = o.region
            if len(o.offsets) != 2 or o.name not in gvars:
                continue
            if region is None:
                if not facts.vector:  # dpas: its sources are written without one
                    continue
                ctx.report("region-missing", o, f"'{o.name}({o.offsets[0]},{o.offsets[1]})' has no region: "
                                                + ("a destination is written V(r,c)<h>" if k == dst else
                                                   "a source is written V(r,c)<v;w,h>"))
                continue
            var = gvars[o.name]
        elif t is A.Indirect:
            region, var = o.region, None
        else:
            continue
        # a region's values are judged once per (region, place, execution
        # size); the bounds depend on the operand's variable and offsets
        key = (region, k == dst, size)
        shape = legal.get(key)
        if shape is None:
            shape = _region(o, region, k == dst, size, ctx)
            if shape is None:
                continue
            legal[key] = shape
        if var is not None:
            tsize = _type_size(var)
            last = o.offsets[0] * ctx.grf + o.offsets[1] * tsize + _reach(size, *shape, tsize)
            total = var.num_elts * tsize
            if last >= total:
                first = o.offsets[0] * ctx.grf + o.offsets[1] * tsize
                to_addr = dst is not None and dst < len(ins.operands) and \
                    ctx.kinds.get(getattr(ins.operands[dst], "name", None)) == "A"
                # the offset itself is outside the variable (not into an
                # address register: Intel prints &V[-4] moved there as V(255,7))
                if first >= total and not to_addr:
                    ctx.report("region-bounds", o, f"'{o.name}({o.offsets[0]},{o.offsets[1]})' starts at "
                                                   f"byte {first} of '{var.name}', which has {total} bytes")
                else:  # Intel's own programs read a region's unused tail: a warning
                    ctx.report("region-bounds", o, f"'{o.name}' reaches byte {last} of '{var.name}', "
                                                   f"which has {total} bytes", "warning")


def _reach(exec_size: int, width: int, v: int, h: int, tsize: int) -> int:
    """How many bytes past its first element a region's last element starts."""
    return (((exec_size // width) - 1) * v + (width - 1) * h) * tsize


def _region(o, region: tuple, is_dst: bool, exec_size: int, ctx: _Unit) -> tuple | None:
    """The (width, vertical stride, horizontal stride) a legal region reads
    with, or None (its errors reported, or a two-value indirect region,
    checked whole by _vxh)."""
    report = ctx.report
    name = o.name if type(o) is A.VarRef else f"r[{o.addr}]"
    if is_dst:
        if len(region) != 1:
            return None
        h = region[0]
        if h not in (1, 2, 4):
            report("region-dst-stride", o, f"destination '{name}' has horizontal stride {h}; "
                                           "allowed: 1, 2, 4")
            return None
        width, v = exec_size, exec_size * h
    elif len(region) == 3:  # a source <v;w,h>
        v, width, h = region
        bad = False
        if h not in H_STRIDES:
            report("region-hstride", o, f"'{name}' has horizontal stride {h}; allowed: 0, 1, 2, 4")
            bad = True
        if width not in WIDTHS:
            report("region-width", o, f"'{name}' has width {width}; allowed: 1, 2, 4, 8, 16")
            return None
        if width > exec_size:
            report("region-width-exec", o, f"'{name}' has width {width}, more than the execution "
                                           f"size {exec_size}")
            return None
        if v not in V_STRIDES:
            report("region-vstride", o, f"'{name}' has vertical stride {v}; allowed: "
                                        "0, 1, 2, 4, 8, 16, 32")
            bad = True
        if bad:
            return None
    else:
        if len(region) == 2:
            _vxh(o, name, region, exec_size, ctx)
        return None
    return (width, v, h)


MAX_VXH_ADDRESSES = 16  # "Number of Address for indirect operand exceeds 16"


def _vxh(o, name: str, region: tuple, exec_size: int, ctx: _Unit) -> None:
    """region-width, region-hstride, region-width-exec, region-vxh: an
    indirect source <w,h> (no vertical stride: one address per row) has a
    legal width (not 0) and horizontal stride, a width at most the
    execution size, and needs at most 16 addresses (execution size / width)."""
    width, h = region
    report = ctx.report
    if width not in WIDTHS:
        report("region-width", o, f"'{name}' has width {width}; allowed: 1, 2, 4, 8, 16")
        return
    if h not in H_STRIDES:
        report("region-hstride", o, f"'{name}' has horizontal stride {h}; allowed: 0, 1, 2, 4")
    if width > exec_size:
        report("region-width-exec", o, f"'{name}' has width {width}, more than the execution size {exec_size}")
    elif exec_size // width > MAX_VXH_ADDRESSES:
        report("region-vxh", o, f"'{name}' <{width},{h}> reads {exec_size // width} rows, one address each; "
                                f"an indirect region has at most {MAX_VXH_ADDRESSES} addresses (widen it "
                                "or split the instruction)")


# predefined variables an instruction may write (Intel's isReadWritePreDefinedVar);
# %tsc and %sr0 only at some bytes (tm0.4; sr0.2 and sr0.3, or sr0.1 and sr0.2 in 4.2)
_WRITABLE_PREDEFINED = frozenset(("%null", "%arg", "%retval", "%sp", "%fp", "%cr0", "%dbg0",
                                  "%impl_arg_buf_ptr", "%local_id_buf_ptr"))
_WRITABLE_BYTES = {(4, 1): {"%tsc": (16,), "%sr0": (8, 12)}, (4, 2): {"%tsc": (16,), "%sr0": (4, 8)}}
# a predefined variable by its name and by its number (V7 is %r0): (name, element size)
_PREDEFINED_BY_ANY = {**{v.name: (v.name, O.TYPE_INFO[v.type].size) for v in O.PREDEFINED_VARS},
                      **{f"V{v.index}": (v.name, O.TYPE_INFO[v.type].size) for v in O.PREDEFINED_VARS}}


@instruction_check(applies=lambda f: f.dst is not None and f.read_only)
def _read_only(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """dst-read-only: a move, arithmetic, logic, address or compare
    instruction does not write a read-only predefined variable (all but
    %null, %arg, %retval, %sp, %fp, %cr0, %dbg0, the implicit-argument and
    local-id buffer pointers, tm0.4 and two dwords of %sr0).  min and max
    are not checked: Intel's verifier takes their selector byte for the
    destination."""
    ops = ins.operands
    if not ops:
        return
    o = ops[facts.dst]
    if type(o) is not A.VarRef or len(o.offsets) != 2:
        return
    pre = _PREDEFINED_BY_ANY.get(o.name)
    if pre is None or o.name in ctx.declared:
        return
    name, size = pre
    if name in _WRITABLE_PREDEFINED:
        return
    v42 = ctx.report.version >= (4, 2)
    at = o.offsets[0] * ctx.grf + o.offsets[1] * size
    ok = _WRITABLE_BYTES[(4, 2) if v42 else (4, 1)].get(name, ())
    if at in ok:
        return
    where = f" (byte {at})" if ok else ""
    allowed = (f"; of {name} only byte{'s' if len(ok) > 1 else ''} {' and '.join(map(str, ok))} "
               "can be written") if ok else ""
    ctx.report("dst-read-only", o, f"'{ins.op}' writes {name}{where}, which is read-only{allowed}")


_SPLIT_CATEGORIES = frozenset((O.InstCategory.MOV, O.InstCategory.LOGIC, O.InstCategory.COMPARE,
                               O.InstCategory.ARITH))


def _root(name: str, ctx: _Unit):
    """(the declaration at the end of ``name``'s alias chain, the byte offset
    of ``name`` in it); the declaration is ``name``'s own when it aliases a
    predefined variable or nothing.  None for a predefined or unknown name."""
    r = ctx.roots.get(name)
    if r is None and name not in ctx.roots:
        d = ctx.gvars.get(name)
        if d:
            r = _alias_base(d, ctx.gvars.get)
        ctx.roots[name] = r
    return r


@instruction_check(applies=lambda f: f.regions and f.category not in _SPLIT_CATEGORIES)
def _two_grfs(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """region-grfs: outside move, logic, compare and arithmetic instructions
    (those the finalizer splits), a general source region spans less than
    2 GRFs and, from where its variable (through its aliases) puts it,
    touches at most 2 consecutive GRFs (platform-dependent: the GRF size)."""
    e = ins.exec
    if e is None:
        return
    exec_size = e.size
    grf = ctx.grf
    for o in ins.operands:
        if type(o) is not A.VarRef or o.region is None or len(o.region) != 3 or len(o.offsets) != 2:
            continue
        v, width, h = o.region
        if width not in WIDTHS or width > exec_size or exec_size not in EXEC_SIZES:
            continue  # the region rules say so
        r = _root(o.name, ctx)
        if r is None:
            continue
        d = ctx.gvars[o.name]
        size = _type_size(d)
        span = _reach(exec_size, width, v, h, size) + size - 1
        if span >= 2 * grf:
            ctx.report("region-grfs", o, f"'{o.name}' <{v};{width},{h}> spans {span + 1} bytes; '{ins.op}' "
                                         f"reads at most 2 GRFs ({2 * grf} bytes) through one operand")
            continue
        start = r[1] + o.offsets[0] * grf + o.offsets[1] * size
        if (start + span) // grf - start // grf > 1:
            ctx.report("region-grfs", o, f"'{o.name}' <{v};{width},{h}> covers bytes {start}..{start + span} "
                                         f"of '{r[0].name}': more than 2 GRFs ({grf} bytes each) because of "
                                         "where it starts")


@instruction_check(applies=lambda f: f.category not in _NO_RAW_CATEGORIES and f.vector)
def _raw_align(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """raw-align: a raw operand (and LSC data) whose variable, at the end of
    its alias chain, is at least one GRF starts at a GRF boundary (its
    offset plus the alias offsets is a multiple of the GRF size;
    platform-dependent)."""
    grf = ctx.grf
    for o in ins.operands:
        t = type(o)
        if t is A.Raw or t is A.LscData:
            off = o.offset
            if not off and o.name not in ctx.roots:
                d = ctx.gvars.get(o.name)
                if not d or d.alias is None:
                    continue  # offset 0 of a variable aliasing nothing: aligned
            r = _root(o.name, ctx)
            if r is None:
                continue
            d, base = r
            total = base + off
            if total % grf and d.num_elts * _type_size(d) >= grf:
                via = f" ({off} in '{o.name}', which starts at byte {base} of '{d.name}')" if base else ""
                ctx.report("raw-align", o, f"raw operand '{o.name}.{off}' starts at byte {total}{via}; "
                                           f"a raw operand of a variable of a GRF or more starts at a "
                                           f"multiple of the GRF size ({grf} bytes)")


_NO_RAW_CATEGORIES = frozenset((O.InstCategory.MOV, O.InstCategory.ARITH, O.InstCategory.LOGIC,
                                O.InstCategory.COMPARE, O.InstCategory.ADDRESS))


@instruction_check(applies=lambda f: f.mods is not None)
def _modifiers(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """modifier-unknown: a dotted modifier the form does not take (Intel's
    lexer and grammar: 'syntax error, unexpected DOT'), at the mnemonic;
    what a form takes is read from its atoms (modifier tables, .x<hex>,
    numbers, a destination's .sat, a ModCheck's list).  In vISA 4.2 text,
    forms that 4.2 writes with more than 4.1's atoms say (a to_41
    rewriting: ifcall's hints) are not checked.  .sat where no atom takes
    it is modifier-sat's (where Intel's grammar has no SatModOpt)."""
    if not ins.mods and not ins.post_mods:
        return
    if ctx.report.version >= (4, 2) and _rewritten_in_42(facts.form):
        return
    spec = facts.mods
    m = spec.bad(ins.mods, ins.post_mods)
    if m is None:
        return
    if m == "sat" and m in ins.mods and _sat_refused_by_grammar(ins, facts):
        return  # modifier-sat says so
    if m == "sat":
        ctx.report("modifier-sat", ins, f"'{ins.op}' takes no .sat")
        return
    where = "after the execution size of" if m not in ins.mods else "for"
    ctx.report("modifier-unknown", ins, f"unknown modifier '.{m}' {where} '{ins.op}' "
                                        f"(allowed: {spec.spellings() if where == 'for' else 'none'})")


def _rewritten_in_42(f: Form) -> bool:
    return f.text.to_41 is not None or f.since > (4, 1)


def _sat_refused_by_grammar(ins: A.Instruction, facts: _OpFacts) -> bool:
    return not facts.sat


@instruction_check
def _shape(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-count: an instruction has the operands its form reads (no
    fewer, no more; forms with operand lists excepted).
    modifier-dst: a destination takes no source modifier ((-), (abs), (~)).
    modifier-sat: .sat only where Intel's grammar takes it (arithmetic,
    logic, mov, sel, min, max, fcvt, bfn).
    null-source (vISA 4.1): %null read as a source (Intel's 4.1 assembler
    crashes on it; IGC 2.x reads it)."""
    if "sat" in ins.mods and not facts.sat:
        ctx.report("modifier-sat", ins, f"'{ins.op}' takes no .sat")
    if ctx.report.version < (4, 2) and facts.category is not O.InstCategory.DATA_PORT:
        for k, o in enumerate(ins.operands):
            if type(o) is A.VarRef and o.name == "%null" and k != facts.dst and len(o.offsets) == 2:
                ctx.report("null-source", o, f"'{ins.op}' reads %null (operand {k}): it has no value "
                                             "(Intel's vISA 4.1 assembler crashes on it)")
    n = facts.n_operands
    if n is not None and len(ins.operands) != n:
        at = ins.operands[n] if len(ins.operands) > n else ins
        ctx.report("operand-count", at, f"'{ins.op}' takes {n} operand{'s' if n != 1 else ''}, "
                                        f"not {len(ins.operands)}")
    if facts.dst is not None and ins.operands:
        d = ins.operands[facts.dst]
        mod = getattr(d, "mod", None)
        if mod is not None and type(d) in (A.VarRef, A.Indirect):
            ctx.report("modifier-dst", d, f"the destination of '{ins.op}' takes no modifier ({mod}); "
                                          "only .sat on the instruction")


# avs's vector parameters: u/v offsets and deltas, u2d, group id, vertical
# block number, v2d, IEF bypass (between them: the output format and
# execution mode keywords)
# the family checks chosen by mnemonic (those chosen by category are in _facts)
# ------------------------------------------------------------------- entry
def validate(module: A.Module, *, grf_bytes: int | None = None, platform: "O.Platform | None" = None,
             text: str | None = None, filename: str = "<input>") -> list[Diagnostic]:
    """Every problem the validator finds in ``module``, in text order.
    ``text`` (the program's source) gives the diagnostics their source line;
    ``platform`` (an ``opcodes.Platform``) enables the platform checks and
    sets the GRF size, else ``grf_bytes`` (32 by default) does."""
    if grf_bytes is None:
        grf_bytes = platform.grf_bytes if platform is not None else O.DEFAULT_GRF_BYTES
    report = _Report(text, filename, platform, tuple(getattr(module, "version", (4, 1)) or (4, 1)))
    for unit in module.units:
        for _, fn in _CHECKS:
            fn(unit, report, grf_bytes)
    return sorted(report.out, key=lambda d: (d.line, d.col))
