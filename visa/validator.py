"""The validator: the checks Intel's verifier (visa/IsaVerification.cpp at
igc-1.0.14828.26) makes on a program, each reported as a Diagnostic with a
stable rule id at the declaration, directive or operand it is about.

Unit checks (``@check``) cover declarations, aliases, kernel attributes and
inputs; instruction checks (``@instruction_check``) run in one pass over the
body (execution size, platform, predicates, operand modifiers, regions,
labels, operand counts), each only on the mnemonics it ``applies`` to; then
the family check of the mnemonic (``_OpFacts.family``: arithmetic, logic,
compare, address, move, dpas, srnd, fcvt, LSC, dataport, sampler, sync...).
What a check needs about a mnemonic is read once from its form and its
opcode's row (``_facts``); the per-opcode facts of Intel's verifier and
grammar are tables at the end of ``visa/isa/opcodes.py``.  vISA 4.1 follows
Debian's GenX_IR (igc 1.0.12504), 4.2 IGC v2.40.13, where they differ.
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
from .isa.records import OPEN, ModSpec, Signature, types_text
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
        # platform order (Intel compares platforms by generation)
        self.rank = _PLATFORM_RANK.get(platform.name, -1) if platform is not None else -1

    def __call__(self, rule: str, node, message: str, severity: str = "error") -> None:
        line = getattr(node, "line", 0) or 0
        col = getattr(node, "col", 0) or 0
        src = source_line(self.text, line) if self.text is not None else None
        self.out.append(Diagnostic(self.filename, line, col, message, severity, src, rule))


_PLATFORM_RANK = {p.name: k for k, p in enumerate(O.PLATFORMS)}


def _rank(name: str) -> int:
    return _PLATFORM_RANK[name]


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
    opcode: int | None = None
    n_dsts: int = 1
    n_operands: int | None = None  # the text operands a plain form reads (None: not fixed)
    family: "Callable | None" = None  # the per-opcode check of its family
    lsc: "O.LscOpInfo | None" = None
    mods: "ModSpec | None" = None  # the dotted modifiers its form reads (None: not checked)
    sat: bool = False  # its grammar rule takes .sat
    read_only: bool = True  # its destination is checked for read-only predefined variables
    returns: bool = False  # a return (a predicated one falls through)
    signature: "Signature" = OPEN  # its operands' classes and types


# categories whose first text operand is the destination (Intel's
# getDstIndex; compare's is its operand 1 in the binary, after the relation,
# and the first one in the text)
_DST_FIRST = frozenset((O.InstCategory.MOV, O.InstCategory.ARITH, O.InstCategory.LOGIC,
                        O.InstCategory.ADDRESS, O.InstCategory.COMPARE))


def _facts(f) -> _OpFacts:
    """What the checks ask of a record."""
    op = f.mnemonic
    cat = f.category
    C = O.InstCategory
    family = (_dpas if f.opcode in O.DPAS_OPCODES
              else _srnd if f.opcode == O.Opcode.SRND
              else _fcvt if f.opcode == O.Opcode.FCVT
              else _raw_types if op in ("gather", "scatter", "dword_atomic")
              else _arith_sources if cat is C.ARITH
              else _logic_extra if cat is C.LOGIC
              else _compare if cat is C.COMPARE
              else _address if cat is C.ADDRESS
              else _move if cat is C.MOV
              else _sync if op in O.SYNC_MODES
              else _fence if op in ("fence_global", "fence_local")
              else _lsc_fence if op == "lsc_fence"
              else _lsc if op in _LSC_BY_MNEMONIC
              else _FAMILY.get(op))
    facts, checks = f.facts, f.checks
    return _OpFacts(cat, facts.exec_field, facts.pred_field,
                    facts.refuses_pred or not checks.predicate, f.platforms, facts.label_slots,
                    0 if cat in _DST_FIRST else None,
                    cat is not None and cat is not C.DATA_PORT and checks.regions,
                    checks.shift, checks.vector, f.opcode, f.n_dsts,
                    facts.arity if checks.counted else None, family, _LSC_BY_MNEMONIC.get(op),
                    None if checks.own_modifiers else facts.mods,
                    checks.sat or cat in (C.ARITH, C.LOGIC), checks.read_only,
                    checks.flow == "return", f.signature)


@attrs.define
class _Unit:
    """One object being checked: its report and what the checks share."""
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
    plans: dict = {}  # mnemonic -> (facts, the checks that apply to it, may be remembered)
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
                    [c for c in _INS_CHECKS if _APPLIES.get(c, _always)(facts)]
                    + ([facts.family] if facts.family is not None else [])),
                    facts is not None and not facts.label_slots)
            facts, checks, memo = plan
            if facts is None:
                _unknown_mnemonic(ins, report, table)
                continue
            if memo and clean.get(ins):
                continue
            before = len(found)
            for c in checks:
                c(ins, facts, ctx)
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


# ---------------------------------------------------------- operand types
_ROTATES = frozenset((O.Opcode.ROL, O.Opcode.ROR))
_PREDEFINED_TYPE = {v.name: O.TYPE_INFO[v.type].name for v in O.PREDEFINED_VARS}


def _operand_type(o, ctx: "_Unit") -> str | None:
    """The element type of a vector operand (None: not known here)."""
    t = type(o)
    if t in (A.Imm, A.Indirect):
        return o.type
    if t is A.VarRef and len(o.offsets) == 2:
        d = ctx.gvars.get(o.name, False)
        if d is None:
            return _PREDEFINED_TYPE.get(o.name)
        return d.type if d else None
    if t is A.Name and ctx.kinds.get(o.name) == "P":
        return "bool"
    return None


# ------------------------------------------------------ operand signature
@instruction_check(applies=lambda f: f.signature.constrained)
def _signature(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-kind: an operand of a class its record's slot does not take
    (an arithmetic source is general, indirect or an immediate, a compare
    writes a predicate or a general operand, ...; an immediate destination
    is dst-immediate's).
    type-arith, type-logic, type-address, type-raw (the signature's rule):
    an operand of a type its slot does not take (bf operands of the forms
    with Intel's BF mixed-mode rule are that rule's)."""
    sig = facts.signature
    slots = sig.slots
    for k, o in enumerate(ins.operands[:len(slots)]):
        slot = slots[k]
        if slot.classes is not None:
            c = _opclass(o, ctx)
            if c == "?":
                continue  # an undeclared name: name-undeclared says so
            if c not in slot.classes:
                if k != facts.dst or type(o) is not A.Imm:
                    _kind_error(ctx, ins, o, k, slot.classes, slot.what)
                continue
        if slot.types is not None:
            ty = _raw_type(o, ctx) if slot.raw else _operand_type(o, ctx)
            if ty is not None and ty not in slot.types and not (ty == "bf" and sig.bf_rule):
                ctx.type_error(sig.type_rule, o, f"'{ins.op}' {slot.what} has type {ty}; allowed: "
                                                 f"{types_text(slot.types)}")


# ------------------------------------------------------- arithmetic types
def _arith_types(ins: A.Instruction, facts: _OpFacts, ctx: _Unit, types: list) -> None:
    """platform (vISA 4.2): no vf source from Xe2 on (IGC 2.x's
    hasPackedRestrictedFloatVector; always true at the 4.1 anchor).
    modifier-sat: no .sat on frc, lzd, mod, mulh, madw; div.sat on f and
    hf only (Intel's verifyInstructionArith; srnd and bf operands are checked
    elsewhere by Intel).  Called by _arith_sources with the operand types
    (the destination's types are its signature's)."""
    op, ty = facts.opcode, types[0]
    if ty is None:
        return
    if ctx.report.version >= (4, 2) and "vf" in types and ctx.report.platform is not None \
            and ctx.report.rank >= _rank("XE2"):
        for k in range(facts.n_dsts, len(types)):
            if types[k] == "vf":
                ctx.report("platform", ins.operands[k], f"a vf (packed restricted float) source does not "
                                                        f"exist on {ctx.report.platform.name} (only "
                                                        "before Xe2)")
    if "sat" in ins.mods or "sat" in ins.post_mods:
        if op in O.NO_SAT_OPCODES:
            ctx.report("modifier-sat", ins, f"'{ins.op}' does not take .sat")
        elif op == O.Opcode.DIV and ty not in ("f", "hf"):
            ctx.report("modifier-sat", ins, f"'div.sat' is for f and hf destinations, not {ty}")


# ------------------------------------------------------------- LSC shapes
_LSC_BY_MNEMONIC = {i.mnemonic: i for i in O.LSC_OP_INFO.values()}
_QUAD_STORE_CHANNELS = ("x", "xy", "xyz", "xyzw")


@instruction_check(applies=lambda f: f.lsc is not None)
def _lsc_shapes(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """lsc-shape: the data shape suits the message (Intel's LSC verifier):
    a transposed shape needs execution size 1 and is not for atomics; a
    vector of more than one element needs d32 or d64 data;
    lsc_store_quad writes x, xy, xyz or xyzw; a 2D block store takes one
    block and no VNNI transform."""
    info = _LSC_BY_MNEMONIC.get(ins.op)
    if info is None:
        return
    for o in ins.operands:
        if type(o) is not A.LscData or o.shape.size is None:
            continue
        sh = o.shape
        if sh.block is not None:
            if info.op is O.LscOp.STORE_BLOCK2D and sh.vnni:
                ctx.report("lsc-shape", o, "a 2D block store cannot use the VNNI transform "
                                           "(the second order letter must be n)")
            if info.op is O.LscOp.STORE_BLOCK2D and sh.block[0] != 1:
                ctx.report("lsc-shape", o, f"a 2D block store writes one block, not {sh.block[0]}")
        elif not sh.transpose and sh.channels is None and sh.vector > 1 \
                and _data_size(sh.size) not in ("d32", "d64"):
            ctx.report("lsc-shape", o, f"a vector of {sh.vector} elements needs d32 or d64 data, "
                                       f"not {sh.size}")
        elif sh.transpose:
            if info.kind is O.LscOpKind.ATOMIC:
                ctx.report("lsc-shape", o, f"'{ins.op}' cannot use a transposed data shape")
            elif ins.exec is not None and ins.exec.size != 1:
                ctx.report("lsc-shape", o, f"a transposed data shape needs execution size 1, "
                                           f"not {ins.exec.size}")
        elif info.op is O.LscOp.STORE_QUAD and sh.channels not in _QUAD_STORE_CHANNELS:
            ctx.report("lsc-shape", o, f"lsc_store_quad writes channels x, xy, xyz or xyzw, "
                                       f"not {sh.channels}")


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


# ------------------------------------------------- operand classes by place
def _opclass(o, ctx: _Unit) -> str:
    """Intel's operand class of an AST operand: G (general), I (indirect),
    IMM, A (address), P (predicate), S (state: surface or sampler), AO
    (address-of), or '' (something else: a label, a raw operand...)."""
    t = type(o)
    if t is A.VarRef:
        k = ctx.kinds.get(o.name)
        if k == "G" and len(o.offsets) == 2:
            return "G"
        if k is None:
            return "?"
        if len(o.offsets) == 2:
            return "G" if k in (None, "G") else k if k == "A" else "G"
        return "A" if k == "A" else "S" if k in ("S", "T") else "G" if k == "G" else ""
    if t is A.Indirect:
        return "I"
    if t is A.Imm:
        return "IMM"
    if t is A.AddrOf:
        return "AO"
    if t is A.Name:
        k = ctx.kinds.get(o.name)
        return "P" if k == "P" else "S" if k in ("S", "T") else "A" if k == "A" else (
            "G" if k == "G" else "")
    return ""


_CLASS_WORD = {"G": "a general operand", "I": "an indirect operand", "IMM": "an immediate",
               "A": "an address operand", "P": "a predicate", "S": "a state operand",
               "AO": "an address-of operand", "": "this kind of operand"}


_CLASS_ORDER = ("G", "I", "IMM", "A", "P", "S", "AO", "")


def _kind_error(ctx: _Unit, ins, o, k: int, allowed, what: str) -> None:
    """operand-kind: operand ``k`` (``what``) is of a class not ``allowed``
    (a set of classes, or their letters separated by blanks)."""
    if _opclass(o, ctx) == "?":
        return  # an undeclared name: name-undeclared says so
    taken = set(allowed.split()) if isinstance(allowed, str) else allowed
    words = " or ".join(_CLASS_WORD[c] for c in _CLASS_ORDER if c in taken and c)
    ctx.report("operand-kind", o, f"'{ins.op}' {what} (operand {k}) is {_CLASS_WORD[_opclass(o, ctx)]}; "
                                  f"allowed: {words}")


def _is_int(t: str) -> bool:
    return t in _LOGIC_INT


_LOGIC_INT = frozenset(("b", "ub", "w", "uw", "d", "ud", "q", "uq"))
_FLOATS = frozenset(("f", "df", "hf"))


# The family checks of Intel's verifier that look at one instruction's
# operands are chosen per mnemonic (_OpFacts.family): by its category
# (arithmetic sources, compare, address, move, logic extras) or by mnemonic
# (dpas, srnd, fcvt, dataport data types, LSC, sync, fences); the
# instruction pass runs each after the shared checks.


def _arith_sources(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """type-arith (sources): Intel's verifyInstructionArith per source, past
    what its slot says (the classes and the types each source may have,
    its signature): a float destination or source needs the same type on
    both sides (f from vf or hf, hf from f), otherwise the source is an
    integer (or a v/uv immediate); sad2 b/ub (w/uw for sad2add's src2).
    platform: no IEEE macros (divm, sqrtm; df div, inv, sqrt) on platforms
    without madm; integer div and mod only before XeHP."""
    ops = ins.operands
    op = facts.opcode
    nd = facts.n_dsts
    if len(ops) <= nd - 1 or op == O.Opcode.SRND:
        return
    types = [_operand_type(o, ctx) for o in ops]
    if "bf" in types:
        _bf_mixed(ins, facts, ctx, types)  # Intel checks bf operands in its BF mixed-mode rules
        return
    _arith_types(ins, facts, ctx, types)
    dt = types[0]
    plat = ctx.report.platform
    if plat is not None and dt is not None:
        if plat.name in O.NO_MADM_PLATFORMS and (
                (dt == "df" and op in O.IEEE_DF_OPCODES) or (dt == "f" and op in O.IEEE_F_OPCODES)):
            ctx.report("platform", ins, f"'{ins.op}' on {dt} is an IEEE macro {plat.name} does not have")
        if (op == O.Opcode.MOD or (op == O.Opcode.DIV and _is_int(dt))) and \
                ctx.report.rank >= _rank("XeHP_SDV"):
            ctx.report("platform", ins, f"integer '{ins.op}' does not exist on {plat.name} "
                                        "(only before XeHP)")
    if op == O.Opcode.PLANE and plat is not None and ctx.report.rank >= _rank("ICLLP") \
            and len(ops) > 2 and type(ops[2]) is A.Imm:
        ctx.report("operand-kind", ops[2], f"'plane' source 1 is an immediate: from ICLLP on "
                                           "plane is expanded into mads that read it as a register "
                                           f"region ({plat.name}; Intel's HWConformity "
                                           "expandPlaneInst: GenX_IR crashes)")
    slots = facts.signature.slots
    for k in range(nd, len(ops)):
        o = ops[k]
        if op == O.Opcode.LZD and getattr(o, "mod", None) is not None:
            ctx.report("modifier-arith", o, f"'lzd' takes no source modifier ({o.mod})")
        c = _opclass(o, ctx)
        st = types[k]
        slot = slots[k] if k < len(slots) else None
        if st is None or dt is None or slot is None or c not in slot.classes \
                or (slot.types is not None and st not in slot.types):
            continue  # (what the slot refuses, the signature check says)
        i = k - nd
        if dt in _FLOATS or st in _FLOATS:
            if not (dt == st or (dt == "f" and st in ("vf", "hf")) or (dt == "hf" and st == "f")):
                ctx.type_error("type-arith", o, f"'{ins.op}' source {i} is {st} and the destination "
                                                f"{dt}: a float operation takes one float type "
                                                "(f may read vf or hf, hf may read f)", ops[0])
                continue
        elif not (_is_int(st) or (c == "IMM" and st in ("v", "uv"))):
            ctx.type_error("type-arith", o, f"'{ins.op}' source {i} has type {st}; allowed with a "
                                            f"{dt} destination: an integer type", ops[0])
            continue
        if op in O.SAD_OPCODES:
            want = ("w", "uw") if i == 2 else ("b", "ub")
            if st not in want and c != "IMM":
                ctx.type_error("type-arith", o, f"'{ins.op}' source {i} has type {st}; allowed: "
                                                f"{', '.join(want)}")


def _logic_extra(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """type-logic: once an operand is a predicate, the later ones are too.
    platform: rol/ror on q/uq only from PVC on.
    modifier-sat: logic instructions writing a general or indirect operand
    take no .sat, shifts excepted (Intel's builder: "saturation is not
    supported on this op"; its verifier for bfn).
    platform (vISA 4.2; Debian's 4.1 GenX_IR does not check it): shl writing
    q or uq, shr writing uq, only up to XeHP_SDV and from PVC on."""
    if "sat" in ins.mods and not facts.shift and ins.operands \
            and _opclass(ins.operands[0], ctx) in ("G", "I"):
        ctx.report("modifier-sat", ins, f"'{ins.op}' is a logic instruction: saturation (.sat) is not "
                                        "supported on it")
    if facts.opcode in _SHIFTS_64 and ins.operands and ctx.report.platform is not None \
            and ctx.report.version >= (4, 2) and _rank("XeHP_SDV") < ctx.report.rank < _rank("PVC"):
        dt = _operand_type(ins.operands[0], ctx)
        if dt == "uq" or (dt == "q" and facts.opcode == O.Opcode.SHL):
            ctx.report("platform", ins.operands[0], f"'{ins.op}' writing {dt} does not exist on "
                                                    f"{ctx.report.platform.name} (only up to XeHP_SDV "
                                                    "and from PVC on)")
    pred_seen = False
    ops = ins.operands[:-1] if facts.opcode == O.Opcode.BFN and ins.operands and \
        type(ins.operands[-1]) is not A.VarRef else ins.operands
    for k, o in enumerate(ops):
        c = _opclass(o, ctx)
        if c == "A":
            continue  # (no address operand: the signature check says so)
        if c == "P":
            pred_seen = True
        elif pred_seen and c != "":
            ctx.report("type-logic", o, f"'{ins.op}' mixes predicates and other operands: once an "
                                        "operand is a predicate, the following ones must be too")
        if facts.opcode in _ROTATES and ctx.report.platform is not None \
                and ctx.report.rank < _rank("PVC"):
            ty = _operand_type(o, ctx)
            if ty in ("q", "uq"):
                ctx.report("platform", o, f"'{ins.op}' on {ty} needs PVC or later; the platform "
                                          f"is {ctx.report.platform.name}")


_SHIFTS_64 = frozenset((O.Opcode.SHL, O.Opcode.SHR))


def _compare(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """cmp-relation: the relation is eq, ne, gt, ge, lt or le."""
    if _uses_bf(ins, ctx):
        _bf_mixed(ins, facts, ctx, [_operand_type(o, ctx) for o in ins.operands])
    rel = ins.mods[0] if ins.mods else None
    if rel is not None and rel not in O.CMP_RELATIONS and rel != "sat":
        ctx.report("cmp-relation", ins, f"'cmp.{rel}': the relation is one of eq, ne, gt, ge, lt, le")


def _address(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-kind: addr_add does not take the address of a predefined
    variable or surface."""
    ops = ins.operands
    if len(ops) > 1 and type(ops[1]) in (A.VarRef, A.AddrOf) and _opclass(ops[1], ctx) != "P":
        name = ops[1].name
        if name in O.PREDEFINED_VAR_NAMES or name in O.PREDEFINED_SURFACE_NAMES:
            ctx.report("operand-kind", ops[1], f"'addr_add' cannot take the address of the "
                                               f"predefined '{name}'")


def _move(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """mov-flag: a mov from a predicate writes a non-64-bit integer (Intel's
    builder makes it a NoMask scalar copy and drops .sat and a predicate
    before its verifier looks).
    operand-kind: mov reads no surface or sampler; movs moves to or from
    a state operand; an unpredicated sel takes no immediate source 0 (the
    classes each operand takes are its signature's)."""
    ops = ins.operands
    if not ops:
        return
    op = facts.opcode
    if op != O.Opcode.FCVT and _uses_bf(ins, ctx):
        _bf_mixed(ins, facts, ctx, [_operand_type(o, ctx) for o in ops])
    if op == O.Opcode.MOV and len(ops) > 1 and _opclass(ops[1], ctx) == "P":
        dt = _operand_type(ops[0], ctx)
        if dt is not None and (not _is_int(dt) or dt in ("q", "uq")):
            ctx.type_error("mov-flag", ops[0], f"a mov from a predicate writes an integer of up to 32 "
                                               f"bits, not {dt}")
    if op == O.Opcode.MOV and len(ops) > 1 and type(ops[1]) is A.Name and _opclass(ops[1], ctx) == "S":
        # Intel: "not a predicate variable" (a surface or sampler is no mov source)
        _kind_error(ctx, ins, ops[1], 1, "G I IMM A P AO", "source")
    if op == O.Opcode.MOVS and ins.exec is not None and ins.exec.size != 1:
        ctx.report("exec-size", ins.exec, f"'movs' moves one state value: its execution size is 1, "
                                          f"not {ins.exec.size} (the spec; GenX_IR takes it)", "warning")
    if op == O.Opcode.MOVS and len(ops) > 1:
        d, s = _opclass(ops[0], ctx), _opclass(ops[1], ctx)
        if d in ("G", "S") and s in ("G", "S", "I", "IMM") and "S" not in (d, s):
            ctx.report("operand-kind", ops[0], "'movs' moves to or from a state operand (a surface "
                                               "or sampler): neither side is one")
    elif op == O.Opcode.SEL and ins.pred is None and len(ops) > 2 and type(ops[1]) is A.Imm \
            and type(ops[2]) is not A.Imm:
        ctx.report("operand-kind", ops[1], "an unpredicated 'sel' takes no immediate source 0 "
                                           "(Intel's HWConformity moves it to source 1 by "
                                           "inverting the predicate, which must exist: GenX_IR "
                                           "crashes); swap the sources or predicate it")


_LINE_POW_BFN = frozenset((O.Opcode.POW, O.Opcode.BFN))


@instruction_check(applies=lambda f: f.opcode in _LINE_POW_BFN)
def _line_pow_bfn(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-kind: pow's sources are not immediates (the spec; a warning,
    as GenX_IR takes them).
    imm-range: bfn's function table (.x<hex>) fits its byte (both
    dialects; the encoder has no other word for it)."""
    ops = ins.operands
    op = facts.opcode
    if op == O.Opcode.POW:
        for k in (1, 2):
            if k < len(ops) and type(ops[k]) is A.Imm:
                ctx.report("operand-kind", ops[k], f"'pow' source {k} is an immediate: the spec "
                                                   "takes general or indirect sources only", "warning")
    else:
        for m in ins.mods:
            if m[:1] in ("x", "X"):
                try:
                    v = int(m[1:], 16)
                except ValueError:
                    continue
                if v > 0xFF:
                    ctx.report("imm-range", ins, f"'bfn' function table .{m} is {v:#x}: it is "
                                                 "8 bits (0x00..0xff)")


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
    if ctx.report.version >= (4, 2) and _rewritten_in_42(ins.op):
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


def _rewritten_in_42(op: str) -> bool:
    f = _forms.FORMS.get(op)
    return f is not None and (f.text.to_41 is not None or f.since > (4, 1))


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


def _sync(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """sync-mode: barrier, yield, sampler_cache_flush and fence_sw take no
    dotted word; sbarrier and nbarrier take .signal or .wait."""
    allowed = O.SYNC_MODES.get(ins.op)
    if allowed is None:
        return
    bad = [m for m in ins.mods if m not in allowed]
    if bad or (allowed and len(ins.mods) != 1):
        want = ", ".join("." + m for m in sorted(allowed)) or "nothing"
        ctx.report("sync-mode", ins, f"'{ins.mnemonic}': '{ins.op}' takes {want}")


def _fence(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """fence-options: fence_global and fence_local take one group of
    options, in the order E, I, S, C, R, L1, each at most once."""
    if len(ins.mods) > 1 or (ins.mods and not _fence_ok(ins.mods[0])):
        ctx.report("fence-options", ins, f"'{ins.mnemonic}': not a fence option group; the options are "
                                         "a subset of E, I, S, C, R, L1 written in that order (e.g. .EI)")


def _fence_ok(word: str) -> bool:
    k = 0
    for part in O.FENCE_OPTION_ORDER:
        if word.startswith(part, k):
            k += len(part)
    return k == len(word) and k > 0


def _lsc_fence(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """lsc-fence: lsc_fence names a known SFID (ugm, ugml, tgm, slm), fence
    operation and scope; an SLM fence uses .none and .group."""
    m = ins.mods
    if not m:
        return  # Intel's printing of a default fence: 'lsc_fence' alone
    sfid = m[0]
    if sfid not in _SFIDS:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown SFID .{sfid}; allowed: "
                                     ".ugm, .ugml, .tgm, .slm")
        return
    if len(m) != 3:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': lsc_fence is written "
                                     "lsc_fence.<sfid>.<operation>.<scope>")
        return
    fop, scope = m[1], m[2]
    if fop not in _FENCE_OPS:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown fence operation .{fop}; allowed: "
                                     f"{', '.join('.' + x for x in _FENCE_OPS)}")
    elif scope not in _SCOPES:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown scope .{scope}; allowed: "
                                     f"{', '.join('.' + x for x in _SCOPES)}")
    elif sfid == "slm" and (fop != "none" or scope != "group"):
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': an SLM fence is lsc_fence.slm.none.group")


_SFIDS = tuple(O.LSC_SFID_NAMES.values())
_FENCE_OPS = tuple(O.LSC_FENCE_OP_NAMES.values())
_SCOPES = tuple(O.LSC_SCOPE_NAMES.values())


def _dpas(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """dpas: the precisions, systolic depth and repeat count Intel's lexer
    reads (dpas.<p1>.<p2>.<depth>.<count>: s/u 1, 2, 4, 8, bf, hf with each
    other, tf32 with tf32, bf8/hf8 with each other; depth 1, 2, 4 or 8;
    count 1..8); the operand types (destination and src0 d, ud or f, and
    hf, bf from PVC on; src1 and src2 d or ud); no predicate.
    platform: dpas has execution size 8
    before PVC and 16 from PVC on."""
    m = ins.mods
    if len(m) != 4:
        ctx.report("dpas", ins, f"'{ins.mnemonic}' is written {ins.op}.<p1>.<p2>.<depth>.<count>")
    else:
        p1, p2, depth, count = m[0].lower(), m[1].lower(), m[2], m[3]
        ok = ((p1 in O.DPAS_PRECISIONS_2 and p2 in O.DPAS_PRECISIONS_2)
              or (p1 == p2 == "tf32" and ins.op == "dpas")
              or (p1 in O.DPAS_PRECISIONS_FP8 and p2 in O.DPAS_PRECISIONS_FP8
                  and ctx.report.version >= (4, 2) and ins.op == "dpas"))
        if not ok:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': precisions .{p1}.{p2} are not a pair dpas takes "
                                    "(s1..s8/u1..u8/bf/hf with each other, tf32 with tf32)")
        elif not depth.isdigit() or int(depth) not in O.DPAS_DEPTHS:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': systolic depth {depth}; allowed: 1, 2, 4, 8")
        elif not count.isdigit() or int(count) not in O.DPAS_REPEATS:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': repeat count {count}; allowed: 1..8")
    plat = ctx.report.platform
    pvc = plat is not None and ctx.report.rank >= _rank("PVC")
    if plat is not None:
        want = 16 if pvc else 8
        if ins.exec is not None and ins.exec.size != want:
            ctx.report("platform", ins.exec, f"'{ins.op}' on {plat.name} has execution size {want}, "
                                             f"not {ins.exec.size}")
    ops = ins.operands
    acc = O.DPAS_ACC_TYPES_PVC if pvc or plat is None else O.DPAS_ACC_TYPES_OLD
    if len(ops) > 3 and getattr(ops[3], "mod", None) is not None:
        ctx.report("dpas", ops[3], f"'{ins.op}' src2 takes no modifier")
    for k, o in enumerate(ops[:4]):
        ty = _raw_type(o, ctx)
        if ty is None:
            continue
        want = acc if k < 2 else O.DPAS_INT_TYPES
        if ty not in want:
            ctx.type_error("dpas", o, f"'{ins.op}' operand {k} has type {ty}; allowed: "
                                      f"{', '.join(sorted(want))}")


def _srnd(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """srnd (Intel's verifyInstructionSrnd): NoMask; no .sat; sources without
    modifiers; (dst, src0) types ub from hf or hf from f; src1 of src0's
    type (vISA 4.1) or uw, ub, f, hf (IGC 2.x).  (Its operands' classes are
    its signature's.)"""
    ops = ins.operands
    if ins.exec is not None and not (ins.exec.mask or "").endswith("NM"):
        ctx.report("srnd", ins.exec, "'srnd' uses NoMask (M1_NM, ...)")
    if "sat" in ins.mods:
        ctx.report("modifier-sat", ins, "'srnd' takes no .sat")
    if len(ops) < 3:
        return
    for k in (1, 2):
        if getattr(ops[k], "mod", None) is not None:
            ctx.report("srnd", ops[k], "'srnd' sources take no modifier")
    dt, s0, s1 = (_operand_type(o, ctx) for o in ops[:3])
    if None not in (dt, s0) and (dt, s0) not in O.SRND_PAIRS:
        ctx.type_error("srnd", ops[1], f"'srnd' converts hf to ub or f to hf, not {s0} to {dt}", ops[0])
    if s1 is not None and s0 is not None:
        if ctx.report.version >= (4, 2):
            if s1 not in O.SRND_SRC1_TYPES_42:
                ctx.type_error("srnd", ops[2], f"'srnd' src1 has type {s1}; allowed: f, hf, ub, uw")
        elif s1 != s0:
            ctx.type_error("srnd", ops[2], f"'srnd' src1 has type {s1}; src0 has {s0}: the same type", ops[1])


def _fcvt(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """fcvt (Intel's verifyInstructionMove): operands without modifiers
    (their classes are its signature's); ub (bf8) from hf, hf from ub, ud
    (tf32) from f or f from ud; to ub with NoMask."""
    ops = ins.operands
    if len(ops) < 2:
        return
    for k, what in ((0, "destination"), (1, "source")):
        if _opclass(ops[k], ctx) in ("G", "?") and getattr(ops[k], "mod", None) is not None:
            ctx.report("fcvt", ops[k], f"'fcvt' {what} takes no modifier")
    if "sat" in ins.mods:
        ctx.report("fcvt", ins, "'fcvt' takes no .sat")
    dt, st = _operand_type(ops[0], ctx), _operand_type(ops[1], ctx)
    if dt is not None and st is not None and (dt, st) not in O.FCVT_PAIRS:
        ctx.type_error("fcvt", ops[1], f"'fcvt' converts hf to ub (bf8), ub to hf, f to ud (tf32) "
                                       f"or ud to f, not {st} to {dt}", ops[0])
    if dt == "ub" and ins.exec is not None and not (ins.exec.mask or "").endswith("NM"):
        ctx.report("fcvt", ins.exec, "'fcvt' to ub (hf to bf8) uses NoMask")


def _raw_types(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """type-raw: gather/scatter data is of a 4-byte type; dword_atomic's
    offsets are ud, its data and destination of the sub-operation's type
    (d for imin/imax, d or ud for add/sub, f for the float ones, else ud),
    src0 %null for inc/dec/predec, src1 %null but for cmpxchg/fcmpwr
    (Intel's verifyInstructionDataport; predefined variables unchecked).
    operand-kind: gather/scatter's global offset is not an address or a
    predicate operand."""
    ops = ins.operands
    if ins.op in ("gather", "scatter"):
        if len(ops) > 1:
            _not_addr_or_pred(ins, ops[1], 1, "global offset", ctx)
        if ops:
            ty = _raw_type(ops[-1], ctx)
            if ty is not None and O.TYPE_INFO_BY_NAME[ty].size != 4:
                ctx.type_error("type-raw", ops[-1], f"'{ins.op}' data has type {ty}; allowed: a 4-byte "
                                                    "type (d, ud, f)")
        return
    if len(ops) != 5 or not ins.mods:
        return  # the older spec's form (global offset, destination first) is rewritten later
    sub = ins.mods[0]
    wide = len(ins.mods) > 1
    want = frozenset(("ud",)) if wide else O.DWORD_ATOMIC_TYPES.get(sub, frozenset(("ud",)))
    offs, src0, src1, dst = ops[1], ops[2], ops[3], ops[4]
    ty = _raw_type(offs, ctx)
    if ty is not None and ty != "ud":
        ctx.type_error("type-raw", offs, f"'dword_atomic' offsets have type {ty}; allowed: ud")
    for o, role, null in ((src0, "src0", sub in O.DWORD_ATOMIC_NO_SRC0 and not wide),
                          (src1, "src1", sub not in O.DWORD_ATOMIC_TWO_SRC or wide), (dst, "dst", False)):
        name = getattr(o, "name", None)
        if null:
            if name is not None and name not in ("%null", "V0"):
                ctx.report("type-raw", o, f"'dword_atomic.{sub}' {role} is %null")
            continue
        ty = _raw_type(o, ctx)
        if ty is not None and ty not in want:
            ctx.type_error("type-raw", o, f"'dword_atomic.{ins.mnemonic[13:]}' {role} has type {ty}; "
                                          f"allowed: {', '.join(sorted(want))}")


_SLM = ("%slm", "T0")
_SCRATCH = ("%scratch", "T5")
_MEDIA_TRANSACTION = ((4, 64), (8, 32), (16, 16), (32, 8), (64, 4))  # (widest, rows at most)


def _not_addr_or_pred(ins, o, k: int, what: str, ctx: _Unit) -> None:
    if _opclass(o, ctx) in ("A", "P"):
        _kind_error(ctx, ins, o, k, "G I IMM", what)


def _media(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """dataport-block (media_ld, media_st): the block is 1..64 bytes wide and
    1..64 rows high and fits one transaction (rows at most 64, 32, 16, 8, 4
    for widths up to 4, 8, 16, 32, 64 bytes; at most 256 bytes); the plane
    is 0..3.
    dataport-surface: not the SLM surface.
    operand-kind: the x and y offsets are not address or predicate operands."""
    ops = ins.operands
    if len(ops) < 5 or type(ops[0]) is not A.Tuple or len(ops[0].items) != 2:
        return
    w, h = (getattr(x, "value", None) for x in ops[0].items)
    if isinstance(w, int) and isinstance(h, int):
        fits = any(w <= wide and h <= rows for wide, rows in _MEDIA_TRANSACTION) and w * h <= 256
        if not (1 <= w <= 64 and 1 <= h <= 64) or not fits:
            ctx.report("dataport-block", ops[0], f"'{ins.op}' block of {w} bytes x {h} rows does not fit "
                                                 "one transaction (width 1..64 bytes; rows at most 64, "
                                                 "32, 16, 8, 4 for widths up to 4, 8, 16, 32, 64; at "
                                                 "most 256 bytes)")
    if getattr(ops[1], "name", None) in _SLM:
        ctx.report("dataport-surface", ops[1], f"'{ins.op}' cannot use the SLM surface")
    k = 2
    if type(ops[2]) is A.Number:
        if not 0 <= ops[2].value <= 3:
            ctx.report("dataport-block", ops[2], f"'{ins.op}' plane {ops[2].value}; allowed: 0..3")
        k = 3
    for j in (k, k + 1):
        if j < len(ops):
            _not_addr_or_pred(ins, ops[j], j, "offset", ctx)


_OWORD_SIZES = (1, 2, 4, 8, 16)


def _oword(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """dataport-block (oword_ld, oword_ld_unaligned, oword_st): 1, 2, 4, 8 or
    16 owords.
    dataport-surface: not the SLM surface before ICLLP.
    operand-kind: the offset is not an address or predicate operand."""
    e, ops = ins.exec, ins.operands
    if e is not None and e.size not in _OWORD_SIZES:
        ctx.report("dataport-block", e, f"'{ins.op}' moves 1, 2, 4, 8 or 16 owords, not {e.size}")
    if ops and getattr(ops[0], "name", None) in _SLM and ctx.report.platform is not None \
            and ctx.report.rank < _rank("ICLLP"):
        ctx.report("dataport-surface", ops[0], f"'{ins.op}' cannot use the SLM surface on "
                                               f"{ctx.report.platform.name} (only from ICLLP on)")
    if len(ops) > 1:
        _not_addr_or_pred(ins, ops[1], 1, "offset", ctx)


def _typed4(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """dataport-surface (gather4_typed, scatter4_typed): not the SLM or the
    scratch surface."""
    ops = ins.operands
    if ops and getattr(ops[0], "name", None) in _SLM + _SCRATCH:
        ctx.report("dataport-surface", ops[0], f"'{ins.op}' cannot use {ops[0].name}")


def _raw_send(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """raw-send: raw_send reads 1..15 GRFs and writes at most 16; raw_sends
    reads 1..32 (src0) and at most 32 (src1) GRFs and writes at most 32; the
    descriptor is a general, indirect or immediate operand; an immediate
    descriptor's message length (bits 25..28) and response length (bits
    20..24) are within those counts (raw_send)."""
    ops = ins.operands
    if ins.op in ("raw_send", "raw_sendc"):
        if len(ops) < 4 or type(ops[1]) is not A.Number or type(ops[2]) is not A.Number:
            return
        n_src, n_dst, desc = ops[1].value, ops[2].value, ops[3]
        if not 1 <= n_src <= 15:
            ctx.report("raw-send", ops[1], f"'{ins.op}' reads 1..15 GRFs, not {n_src}")
        if n_dst > 16:
            ctx.report("raw-send", ops[2], f"'{ins.op}' writes at most 16 GRFs, not {n_dst}")
        if _opclass(desc, ctx) not in ("G", "I", "IMM", "?"):
            _kind_error(ctx, ins, desc, 3, "G I IMM", "descriptor")
        elif type(desc) is A.Imm:
            mlen, rlen = (desc.bits >> 25) & 0xF, (desc.bits >> 20) & 0x1F
            if mlen > n_src:
                ctx.report("raw-send", desc, f"the descriptor's message length {mlen} is more than the "
                                             f"{n_src} GRF(s) '{ins.op}' reads")
            if rlen > n_dst:
                ctx.report("raw-send", desc, f"the descriptor's response length {rlen} is more than the "
                                             f"{n_dst} GRF(s) '{ins.op}' writes")
        return
    m = ins.mods
    if len(m) >= 3 and all(x.isdigit() for x in m[-3:]):  # [.sfid].src0.src1.dst GRF counts
        n0, n1, nd = (int(x) for x in m[-3:])
        if not 1 <= n0 <= 32:
            ctx.report("raw-send", ins, f"'{ins.mnemonic}' reads 1..32 GRFs from src0, not {n0}")
        if n1 > 32:
            ctx.report("raw-send", ins, f"'{ins.mnemonic}' reads at most 32 GRFs from src1, not {n1}")
        if nd > 32:
            ctx.report("raw-send", ins, f"'{ins.mnemonic}' writes at most 32 GRFs, not {nd}")
    if len(ops) > 1 and _opclass(ops[1], ctx) not in ("G", "I", "IMM", "?"):
        _kind_error(ctx, ins, ops[1], 1, "G I IMM", "descriptor")


_PREDEFINED_SURFACES = frozenset(O.PREDEFINED_SURFACE_NAMES) | frozenset(
    f"T{x.index}" for x in O.PREDEFINED_SURFACES)


def _sampler(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """sampler-surface: sample, load and sample_unorm read a declared
    surface (Intel subtracts the predefined count from the index, so T0..T5
    fail as "undefined"); avs reads any surface but the SLM one.
    operand-kind: sample_unorm's u/v offsets and deltas and avs's vector
    parameters are general, indirect or immediate operands."""
    ops = ins.operands
    at = 1 if ins.op in ("sample", "sample_unorm") else 0
    if len(ops) <= at:
        return
    surf = ops[at]
    name = getattr(surf, "name", None)
    if name in ctx.declared:
        pass  # the older spec may declare a surface named like a predefined one
    elif ins.op == "avs":
        if name in _SLM:
            ctx.report("sampler-surface", surf, "'avs' cannot read the SLM surface")
    elif name in _PREDEFINED_SURFACES:
        ctx.report("sampler-surface", surf, f"'{ins.op}' reads a declared surface, not the predefined "
                                            f"{name}")
    if ins.op in ("sample_unorm", "avs"):
        for k in (_AVS_VECTORS if ins.op == "avs" else range(2, 6)):
            if k < len(ops) and _opclass(ops[k], ctx) not in ("G", "I", "IMM", "?"):
                _kind_error(ctx, ins, ops[k], k, "G I IMM", "parameter")


# avs's vector parameters: u/v offsets and deltas, u2d, group id, vertical
# block number, v2d, IEF bypass (between them: the output format and
# execution mode keywords)
_AVS_VECTORS = (2, 3, 4, 5, 6, 7, 8, 10, 12)


def _bf_mixed(ins: A.Instruction, facts: _OpFacts, ctx: _Unit, types: list) -> None:
    """type-bf (Intel's verifyBFMixedMode): bf operands only in mul, mad,
    mov, add, sel and cmp, on platforms with BF mixed mode (XeHP on, not
    MTL; vISA 4.1); each destination (not cmp's) and source f or bf."""
    plat = ctx.report.platform
    if plat is not None and ctx.report.version < (4, 2) and (
            ctx.report.rank < _rank("XeHP_SDV") or plat.name == "MTL"):
        ctx.report("platform", ins, f"bf operands need a platform with BF mixed mode (XeHP_SDV on, not "
                                    f"MTL); the platform is {plat.name}")
        return
    if ins.op not in _BF_OPS:
        ctx.report("type-bf", ins, f"'{ins.op}' takes no bf operand (only mul, mad, mov, add, sel, cmp)")
        return
    for k, (o, t) in enumerate(zip(ins.operands, types)):
        if t is not None and t not in ("f", "bf") and not (k == 0 and ins.op == "cmp"):
            ctx.type_error("type-bf", o, f"'{ins.op}' with bf operands takes f or bf only; operand {k} "
                                         f"is {t}")


_BF_OPS = frozenset(("mul", "mad", "mov", "add", "sel", "cmp"))


def _uses_bf(ins: A.Instruction, ctx: _Unit) -> bool:
    """Whether an operand has type bf (a declared bf variable, or a typed
    immediate or indirect operand), without typing every operand."""
    bf = ctx.bf_vars
    for o in ins.operands:
        t = type(o)
        if (t is A.Imm or t is A.Indirect) and o.type == "bf":
            return True
        if bf and t is A.VarRef and o.name in bf:
            return True
    return False

_CPS_OPS = frozenset(("sample_3d", "sample_b", "sample_c", "sample_b_c", "lod"))


def _sampler_3d(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """sampler-3d: CPS LOD compensation (.cps) only with execution size 8
    or 16 and only on sample, sample_b, sample_c, sample_b_c and lod.
    sampler-3d: the texel offset (aoffimmi, the first operand) is an
    immediate or a vector operand of type uw: an error for a float
    (GenX_IR dies: "Unknown fatal internal error"), a warning for another
    type (GenX_IR takes its bits).
    platform: .pixel_null_mask only from SKL on."""
    ops = ins.operands
    if ops:
        o = ops[0]
        ty = o.type if type(o) is A.Imm else _operand_type(o, ctx) if type(o) is A.VarRef else None
        if ty in ("f", "df"):  # GenX_IR: "Unknown fatal internal error"
            ctx.type_error("sampler-3d", o, f"'{ins.op}' texel offset (aoffimmi) has type {ty}; "
                                            "it is uw (packed 4-bit offsets, not a float)")
        elif ty is not None and ty != "uw":  # the spec; GenX_IR takes the bits
            ctx.report("sampler-3d", o, f"'{ins.op}' texel offset (aoffimmi) has type {ty}; "
                                        "the spec says uw", "warning")
    if "cps" in ins.mods:
        if ins.op not in _CPS_OPS:
            ctx.report("sampler-3d", ins, f"unexpected modifier .cps on '{ins.op}' (CPS LOD compensation "
                                          "is for sample_3d, sample_b, sample_c, sample_b_c and lod)")
        elif ins.exec is not None and ins.exec.size not in (8, 16):
            ctx.report("sampler-3d", ins.exec, f"'.cps' needs execution size 8 or 16, not {ins.exec.size}")
    if "pixel_null_mask" in ins.mods and ctx.report.platform is not None and ctx.report.rank < _rank("SKL"):
        ctx.report("platform", ins, f"'.pixel_null_mask' needs SKL or later; the platform is "
                                    f"{ctx.report.platform.name}")


def _urb_write(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """urb-write: urb_write_3d writes 1..8 outputs at a global offset of
    at most 2047, with execution size 1 or 8."""
    ops = ins.operands
    if ins.exec is not None and ins.exec.size not in (1, 8):
        ctx.report("urb-write", ins.exec, f"'urb_write_3d' has execution size 1 or 8, not {ins.exec.size}")
    if len(ops) >= 2 and type(ops[0]) is A.Number and type(ops[1]) is A.Number:
        if not 1 <= ops[0].value <= 8:
            ctx.report("urb-write", ops[0], f"'urb_write_3d' writes 1..8 outputs, not {ops[0].value}")
        if ops[1].value > 2047:
            ctx.report("urb-write", ops[1], f"'urb_write_3d' global offset {ops[1].value}; at most 2047")


def _lifetime(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """operand-kind: lifetime names a general, address or predicate variable."""
    for o in ins.operands:
        name = getattr(o, "name", None)
        k = ctx.kinds.get(name) if name is not None else None
        if k in ("S", "T"):
            ctx.report("operand-kind", o, f"lifetime names a general, address or predicate variable; "
                                          f"'{name}' is {_KIND_WORD[k]}")


_VME_STREAM_MODES = (0, 1, 2, 3)  # disable, out, in, in-out
_VME_SEARCH_CONTROLS = (0, 1, 3, 7)  # single ref single/dual start, single ref dual record, dual ref


def _vme(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """vme: vme_ime's (stream mode, search control) pair: the stream mode
    is 0..3 (disable, out, in, in-out), the search control 0, 1, 3 or 7.
    operand-kind: vme_fbr's (macroblock mode, sub-macroblock shape,
    sub-prediction mode) are general, indirect or immediate operands."""
    ops = ins.operands
    if ins.op == "vme_fbr":
        if ops and type(ops[0]) is A.Tuple:
            for it in ops[0].items:
                if _opclass(it, ctx) not in ("G", "I", "IMM", "?"):
                    _kind_error(ctx, ins, it, 0, "G I IMM", "mode")
        return
    if not ops or type(ops[0]) is not A.Tuple or len(ops[0].items) != 2:
        return
    for it, allowed, what in zip(ops[0].items, (_VME_STREAM_MODES, _VME_SEARCH_CONTROLS),
                                 ("stream mode", "search control")):
        v = getattr(it, "value", None)
        if isinstance(v, int) and v not in allowed:
            ctx.report("vme", it if getattr(it, "line", 0) else ops[0],
                       f"'vme_ime' {what} {v}; allowed: {', '.join(map(str, allowed))}")


# the family checks chosen by mnemonic (those chosen by category are in _facts)
_FAMILY = {"vme_ime": _vme, "vme_fbr": _vme, "sample": _sampler, "load": _sampler, "sample_unorm": _sampler, "avs": _sampler,
           **{m: _sampler_3d for m in O.SAMPLER_3D_MNEMONICS}, "urb_write_3d": _urb_write,
           "lifetime": _lifetime,
           "media_ld": _media, "media_st": _media, "oword_ld": _oword, "oword_ld_unaligned": _oword,
           "oword_st": _oword, "gather4_typed": _typed4, "scatter4_typed": _typed4,
           "raw_send": _raw_send, "raw_sendc": _raw_send, "raw_sends": _raw_send,
           "raw_sendsc": _raw_send, "raw_sends_eot": _raw_send, "raw_sendsc_eot": _raw_send}


def _raw_type(o, ctx: _Unit):
    t = type(o)
    if t is A.Raw or (t is A.VarRef):
        d = ctx.gvars.get(o.name, False)
        if d:
            return d.type
        return None
    return None


# ------------------------------------------------------------------- LSC
def _lsc(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """lsc-cache: the cache controls are none or one L1/L3 pair of known
    names that the message can encode (loads, stores, atomics have their
    own pairs; TGM and UGML messages use the defaults before Xe2).
    lsc-addr: the address size is a16, a32, a32s, a32u or a64 (a16 only on
    SLM; no a64 on TGM, SLM or 2D blocks); the flat model is not for TGM and
    takes surface 0 or %null; bti/ss/bss are not for SLM; the base is a
    register, scaled by a power of two (4.2; 4.1 has no scaling); a64
    addresses are q/uq, a32 ones d/ud.
    lsc-shape (2D blocks): rows at most 32, a load's width x blocks x
    element at most 64 bytes (4.1: width x element), a store's 512, the
    block counts of each element size."""
    info = facts.lsc
    m = ins.mods
    sfid = m[0] if m else None
    v42 = ctx.report.version >= (4, 2)
    if info.op is O.LscOp.READ_STATE_INFO:
        if len(m) > 1:  # .tgm only: it has no cache controls
            ctx.report("modifier-unknown", ins, f"unknown modifier '.{m[1]}' for '{ins.op}' (allowed: .tgm)")
        _typed_coords(ins, info, ctx, v42)
        return
    if sfid == "tgm":
        _typed_coords(ins, info, ctx, v42)
    cache = m[1:]
    if len(cache) == 1 and not v42:
        cache = (cache[0], "df")  # 4.1 reads one control as L1, with L3 default
    if cache:
        if len(cache) != 2:
            ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': {len(m) - 1} cache control(s); write "
                                         "none or two (L1 and L3)")
        elif any(c not in O.LSC_CACHE_NAMES for c in cache):
            bad = next(c for c in cache if c not in O.LSC_CACHE_NAMES)
            ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': unknown cache control .{bad}; allowed: "
                                         ".df, .uc, .ca, .wb, .wt, .st, .ri, .cc")
        else:
            pair = tuple("ri" if (c == "cc" and not v42) else c for c in cache)
            xe2 = ctx.report.platform is not None and ctx.report.rank >= _rank("XE2")
            if sfid in ("tgm", "ugml") and not xe2 and pair != ("df", "df"):
                ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': messages to {sfid.upper()} use the "
                                             "default cache controls (.df.df) before Xe2")
            elif pair not in O.LSC_CACHE_PAIRS_COMMON:
                kind = info.kind
                if kind is O.LscOpKind.LOAD:
                    ok = pair in O.LSC_CACHE_PAIRS_LOAD or (v42 and pair in O.LSC_CACHE_PAIRS_LOAD_42)
                    what = "a load"
                elif kind is O.LscOpKind.ATOMIC:
                    ok, what = pair in O.LSC_CACHE_PAIRS_ATOMIC, "an atomic (L1 uncached)"
                else:
                    ok, what = pair in O.LSC_CACHE_PAIRS_STORE, "a store"
                if not ok:
                    ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': .{cache[0]}.{cache[1]} is not a "
                                                 f"cache-control pair {what} can use")
    for o in ins.operands:
        t = type(o)
        if t is A.LscAddr:
            _lsc_addr(ins, info, sfid, o, ctx)
        elif t is A.LscData:
            if o.shape.block is not None:
                _lsc_block2d(ins, info, o, ctx, v42)
            else:
                _lsc_data_shape(ins, info, sfid, o, ctx)
                if not v42:
                    _lsc_size(ins, o, ctx)
    if info.kind is O.LscOpKind.ATOMIC and len(ins.operands) == 4:
        _lsc_atomic_data(ins, info, ctx)
    elif info.kind is O.LscOpKind.STORE:
        for o in ins.operands:
            if type(o) is A.LscData and o.name in ("%null", "V0"):
                if info.is_block2d:  # what Intel's 1.x writer leaves of a 2D block store: its binaries
                    ctx.report("lsc-data", o, f"'{ins.op}' stores nothing: its data is %null (Intel's "
                                              "1.x writer drops a 2D block store's data)", "warning")
                else:
                    ctx.report("lsc-data", o, f"'{ins.op}' stores data: its data operand cannot be %null")


def _typed_coords(ins, info, ctx: _Unit, v42: bool) -> None:
    """lsc-addr (typed messages, Intel's verifyTyped): the U coordinate is
    a register, not %null; read_state_info takes one coordinate register
    (U, V, R and LOD packed in it: no V, R or LOD of their own), which
    vISA 4.2 text must write (4.1's grammar has none: its builder leaves U
    %null, which this GenX_IR takes)."""
    a = next((o for o in ins.operands if type(o) is A.LscAddr), None)
    if a is None or a.base is None:
        if a is not None and v42 and info.op is O.LscOp.READ_STATE_INFO:
            ctx.report("lsc-addr", a, f"'{ins.op}' reads its coordinates (U, V, R, LOD packed) from "
                                      "one register: write it in brackets, e.g. bti(0x1)[VC]")
        return
    base = a.base
    if type(base) is A.LscReg and base.name in ("%null", "V0"):
        ctx.report("lsc-addr", base if base.line else a, f"'{ins.op}': the U coordinate cannot be %null")
    if info.op is O.LscOp.READ_STATE_INFO and a.extra:
        it = a.extra[0]
        ctx.report("lsc-addr", it if getattr(it, "line", 0) else a,
                   f"'{ins.op}' reads U, V, R and LOD packed in one register: it takes no V, R or "
                   "LOD coordinate of its own")


_UGML_VECTORS = (1, 2, 4)
_UGM_SLM_VECTORS = (1, 2, 3, 4, 8)
_ATOMIC_SIZES = ("d16c32", "d32", "d64")
_CONVERTING = ("d8c32", "d16c32", "d16c32h")


def _lsc_data_shape(ins, info, sfid, o: A.LscData, ctx: _Unit) -> None:
    """lsc-shape (Intel's verifyDataShape, beyond _lsc_shapes): no
    transposed quad message; vector lengths 1, 2, 4 on UGML and 1, 2, 3, 4,
    8 on UGM and SLM; atomics on d16u32, d32 or d64 data, one element, d64
    on SLM only for icas, fadd/fsub on UGM or UGML (and TGM from Xe2); the
    converting sizes one element; a payload of at most 8 GRFs (when the
    platform, hence the GRF size, is known)."""
    sh = o.shape
    size = _data_size(sh.size) if sh.size else None
    if size is None:
        return
    if sh.transpose and info.has_channel_mask:
        ctx.report("lsc-shape", o, f"'{ins.op}' (a channel-mask message) cannot use a transposed shape")
        return
    atomic = info.kind is O.LscOpKind.ATOMIC
    if not sh.transpose and sh.channels is None:
        vec = sh.vector
        allowed = _UGML_VECTORS if sfid == "ugml" else _UGM_SLM_VECTORS if sfid in ("ugm", "slm") else None
        if allowed is not None and vec not in allowed and not atomic:
            ctx.report("lsc-shape", o, f"a vector of {vec} on {sfid.upper()}; allowed: "
                                       f"{', '.join(map(str, allowed))}")
        if atomic:
            if size not in _ATOMIC_SIZES:
                ctx.report("lsc-shape", o, f"'{ins.op}' works on d16u32, d32 or d64 data, not {sh.size}")
            elif sfid == "slm" and size == "d64" and info.op is not O.LscOp.ATOMIC_ICAS:
                ctx.report("lsc-shape", o, f"'{ins.op}': SLM atomics on d64 are icas only")
            if vec != 1:
                ctx.report("lsc-shape", o, f"'{ins.op}' works on one element, not {vec}")
        elif vec != 1 and size in _CONVERTING:
            ctx.report("lsc-shape", o, f"a converting size ({sh.size}) takes one element, not {vec}")
    if atomic and info.op in (O.LscOp.ATOMIC_FADD, O.LscOp.ATOMIC_FSUB):
        ok = ("ugm", "ugml", "tgm") if ctx.report.platform is not None and ctx.report.rank >= _rank("XE2") \
            else ("ugm", "ugml")
        if sfid not in ok:
            ctx.report("lsc-shape", o, f"'{ins.op}' goes to {' or '.join(x.upper() for x in ok)}, "
                                       f"not {str(sfid).upper()}")
    nbytes = O.LSC_DATA_BYTES.get(size)
    e = ins.exec
    if nbytes is None or e is None or info.op is O.LscOp.LOAD_BLOCK2D or ctx.report.platform is None:
        return  # the payload limit counts GRFs: only for a known platform
    elems = len(sh.channels) if sh.channels else sh.vector
    grf = ctx.grf
    regs = (max(1, elems * nbytes // grf) if sh.transpose
            else elems * max(1, nbytes * e.size // grf))
    if regs > 8:
        ctx.report("lsc-shape", o, f"'{ins.op}' moves {regs} GRFs of data; at most 8")


def _lsc_atomic_data(ins, info, ctx: _Unit) -> None:
    """lsc-data: an atomic's data operands: none for inc/dec/load (both
    %null), one for the binary ones (the second %null), two for the
    ternary ones (cas), as Intel's verifyDataOperands wants."""
    src1, src2 = ins.operands[2], ins.operands[3]
    for o, k, need in ((src1, 1, info.extra_operands >= 1), (src2, 2, info.extra_operands >= 2)):
        null = getattr(o, "name", None) in ("%null", "V0")
        if need and null:
            ctx.report("lsc-data", o, f"'{ins.op}' needs data in src{k}, not %null")
        elif not need and not null:
            ctx.report("lsc-data", o, f"'{ins.op}' takes no src{k}: write %null")


def _lsc_size(ins, o: A.LscData, ctx: _Unit) -> None:
    """lsc-size: the data payload (lanes x vector x element, at least) fits
    in its variable from its offset (Intel's 4.1 builder refuses it; IGC
    2.x lets it through)."""
    d = ctx.gvars.get(o.name)
    sh = o.shape
    size = O.LSC_DATA_BYTES.get(_data_size(sh.size)) if sh.size else None
    if d is None or size is None or ins.exec is None:
        return
    if sh.size.startswith(("d8", "d16", "u8", "u16")) and "c32" not in sh.size and "u32" not in sh.size:
        size = 1 if "8" in sh.size else 2  # the least a narrow element can take
    elems = len(sh.channels) if sh.channels else sh.vector
    need = elems * size * (1 if sh.transpose else ins.exec.size)
    have = d.num_elts * _type_size(d) - o.offset
    if need > have:
        ctx.type_error("lsc-size", o, f"'{ins.op}' moves {need} bytes through '{o.name}', which has "
                                      f"{have} from its offset")


_POW2 = frozenset(1 << k for k in range(16))


def _data_size(size: str) -> str:
    """An LSC data size in its d spelling (the lexer also reads u32, ...)."""
    return "d" + size[1:] if size and size[0] == "u" else size


def _lsc_addr(ins, info, sfid, a: A.LscAddr, ctx: _Unit) -> None:
    size = a.size
    if size is not None:
        if size not in O.LSC_ADDR_SIZES:
            ctx.report("lsc-addr", a, f"address size :{size}; allowed: :a16, :a32, :a32s, :a32u, :a64")
            return
        if size == "a16" and sfid != "slm":
            ctx.report("lsc-addr", a, ":a16 addresses are for SLM only")
        if size == "a64" and sfid in ("tgm", "slm"):
            ctx.report("lsc-addr", a, f":a64 addresses are not for {sfid.upper()}")
        if size == "a64" and info.is_block2d:
            ctx.report("lsc-addr", a, "2D block messages take no :a64 address")
    model = a.model
    if model in ("flat", "arg"):
        if sfid == "tgm":
            ctx.report("lsc-addr", a, f"'{ins.mnemonic}': TGM messages cannot use the flat address model")
        s = a.surface
        if type(s) is A.Number and s.value != 0 or type(s) is A.Imm and s.bits != 0:
            ctx.report("lsc-addr", s if getattr(s, "line", 0) else a,
                       "the flat address model takes surface 0 or %null")
        elif type(s) is A.LscReg and s.name != "%null":
            ctx.report("lsc-addr", s if s.line else a, "the flat address model takes surface 0 or %null")
    elif model in ("bti", "ss", "bss", "surf"):
        if sfid == "slm":
            ctx.report("lsc-addr", a, "SLM messages use the flat address model")
        s = a.surface
        if type(s) is A.LscReg and s.name == "%null":
            ctx.report("lsc-addr", s if s.line else a, f"the {model} address model needs a surface, "
                                                       "not %null")
    if size == "a16" and not -0x7FFF <= a.offset <= 0x7FFF:
        ctx.report("lsc-addr", a, f"the immediate offset {a.offset:#x} overflows :a16 address arithmetic "
                                  "(at most +/-0x7fff)")
    if info.is_strided and a.extra:
        _pitch(ins, a, ctx)
    base = a.base
    if base is None:
        return
    if info.is_block2d:  # surface base, width, height, pitch, x and y: none is %null
        for it in (base,) + tuple(a.extra):
            if type(it) is A.LscReg and it.name in ("%null", "V0"):
                ctx.report("lsc-addr", it if it.line else a, "a 2D block's surface base, width, height, "
                                                             "pitch and offsets cannot be %null")
                break
    if type(base) is not A.LscReg:
        if not info.is_block2d:
            ctx.report("lsc-addr", base if getattr(base, "line", 0) else a,
                       "the address is a register (an immediate goes after it: [V+0x40])")
        return
    if base.scale not in _POW2:
        ctx.report("lsc-addr", base if base.line else a, f"the address scale {base.scale} is not a "
                                                         "power of two")
    elif base.scale != 1 and ctx.report.version < (4, 2):
        ctx.report("lsc-addr", base if base.line else a, "vISA 4.1's assembler has no address scaling "
                                                         "(it crashes: 'not supported yet'); scale the "
                                                         "address register instead")
    if size in ("a64", "a32", "a32s", "a32u") and not info.is_block2d and base.name != "%null":
        d = ctx.gvars.get(base.name)
        if d is not None and base.dot is None and base.rc is None:
            want = ("q", "uq") if size == "a64" else ("d", "ud")
            if d.type not in want:
                ctx.type_error("lsc-addr", base if base.line else a,
                               f":{size} addresses are {' or '.join(want)}; '{base.name}' is {d.type}")


def _pitch(ins, a: A.LscAddr, ctx: _Unit) -> None:
    """lsc-addr: a strided message's pitch is an immediate of at most 16
    bits or a register other than %null."""
    p = a.extra[0]
    t = type(p)
    at = p if getattr(p, "line", 0) else a
    if t is A.Number or t is A.Imm:
        v = p.value if t is A.Number else p.bits
        if t is A.Imm and v & 0x80000000 and p.type not in ("q", "uq"):
            v -= 1 << 32  # Intel compares the signed value
        if v > 0xFFFF:
            ctx.report("lsc-addr", at, f"the pitch {v:#x} does not fit in 16 bits")
    elif t is A.LscReg and p.name in ("%null", "V0"):
        ctx.report("lsc-addr", at, "the pitch is an immediate or a register, not %null")


_BLOCK2D_SIZES = ("d8", "d16", "d32", "d64")


def _lsc_block2d(ins, info, o: A.LscData, ctx: _Unit, v42: bool) -> None:
    sh = o.shape
    blocks, width, height = sh.block
    dsize = _data_size(sh.size)
    if sh.size is not None and dsize not in _BLOCK2D_SIZES:  # (a typed 2D block has no size)
        ctx.report("lsc-shape", o, f"a 2D block moves d8, d16, d32 or d64 data, not {sh.size}")
        return
    size = O.LSC_DATA_BYTES.get(dsize)
    if size is None or not (blocks and width and height):
        return
    rows = width if sh.transpose else height
    if rows > O.LSC_BLOCK2D_MAX_ROWS:
        ctx.report("lsc-shape", o, f"a 2D block has at most {O.LSC_BLOCK2D_MAX_ROWS} rows, not {rows}")
    if info.op is O.LscOp.LOAD_BLOCK2D:
        total = width * blocks * size if v42 else (height if sh.transpose else width) * size
        if total > O.LSC_BLOCK2D_MAX_LOAD_BYTES:
            ctx.report("lsc-shape", o, f"a 2D block load reads rows of {total} bytes "
                                       f"(width x blocks x element); at most "
                                       f"{O.LSC_BLOCK2D_MAX_LOAD_BYTES}")
    elif v42 and width * blocks * size > O.LSC_BLOCK2D_MAX_STORE_BYTES:
        ctx.report("lsc-shape", o, f"a 2D block store writes rows of {width * size} bytes; at most "
                                   f"{O.LSC_BLOCK2D_MAX_STORE_BYTES}")
    if not sh.transpose or sh.vnni:
        counts = O.LSC_BLOCK2D_COUNTS.get(dsize)
        if counts is not None and blocks not in counts:
            ctx.report("lsc-shape", o, f"a 2D block of {dsize} has {', '.join(map(str, counts))} "
                                       f"blocks, not {blocks}")
    elif blocks != 1:
        ctx.report("lsc-shape", o, f"a transposed 2D block has one block, not {blocks}")


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
