"""Checks of what an instruction names: mnemonics, variables (declared, of
the kind their place takes, offsets), its operand signature (classes and
types, from its record), labels."""
from __future__ import annotations

from .. import ast
from ..isa import keywords, predefined
from ..isa.verify import check_signature
from .core import LABEL_BLOCK, LABEL_FC, LABEL_SUBROUTINE, OpFacts, Report, UnitContext, instruction_check


def unknown_mnemonic(ins: ast.Instruction, report: Report, table) -> None:
    """mnemonic-unknown: an instruction whose mnemonic no instruction record
    has (Intel's lexer has no token for it), with the nearest mnemonics of
    the records as suggestions.  The older spec's instructions that vISA 4.1
    lacks (if, asin, ...) are named as such by the encoder."""
    if ins.op in keywords.OLDER_ONLY_OPS:
        return
    close = table.close_to(ins.op)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    report("mnemonic-unknown", ins, f"unknown instruction '{ins.op}'{hint}")


# ------------------------------------------------------------- references
_DECL_KIND = {ast.VarDecl: "G", ast.AddrDecl: "A", ast.PredDecl: "P", ast.SamplerDecl: "S",
              ast.SurfaceDecl: "T"}
_KIND_WORD = {"G": "a general variable", "A": "an address variable", "P": "a predicate",
              "S": "a sampler", "T": "a surface"}


def kinds(unit: ast.Unit) -> dict:
    """Every name an operand may use in ``unit``: its kind letter."""
    # predefined variables and surfaces, also by their numbers (V7 is %r0)
    kinds = {v.name: "G" for v in predefined.PREDEFINED_VARS}
    kinds.update({f"V{v.index}": "G" for v in predefined.PREDEFINED_VARS})
    kinds.update({n: "T" for n in predefined.PREDEFINED_SURFACE_NAMES})
    kinds.update({f"T{s.index}": "T" for s in predefined.PREDEFINED_SURFACES})
    kinds[predefined.BINDLESS_SAMPLER_NAME] = "S"
    kinds.update({d.name: _DECL_KIND[type(d)] for d in unit.decls})
    return kinds


def operand_names(ins: ast.Instruction):
    """(node, name, kinds allowed, what) for each variable an operand names
    with a register syntax (a bare name may be a label, a function, a
    predicate or a state operand: not checked here)."""
    if ins.pred is not None:
        yield ins.pred, ins.pred.name, "P", "the predicate"
    for o in ins.operands:
        t = type(o)
        if t is ast.VarRef:
            if len(o.offsets) == 2:
                yield o, o.name, "G", "an operand with (row,col)"
            else:
                yield o, o.name, "AST", "an operand with one offset"
        elif t in (ast.Raw, ast.LscData):
            yield o, o.name, "G", "a raw operand" if t is ast.Raw else "LSC data"
        elif t is ast.Indirect:
            yield o, o.addr, "A", "the address of an indirect operand"
        elif t is ast.AddrOf:
            yield o, o.name, "GST", "an address-of operand"
        elif t is ast.LscAddr:
            for it in ((o.surface, o.base) + tuple(o.extra)):
                if type(it) is ast.LscReg:
                    yield it if it.line else o, it.name, "G", "an LSC address register"
        elif t is ast.Tuple:
            for it in o.items:
                if type(it) is ast.VarRef:
                    yield it, it.name, "G", "an operand with (row,col)"


_NAMELESS = frozenset((ast.Imm, ast.Number, ast.String))  # no variable operand_names reads


@instruction_check
def offsets(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """operand-offset: an operand's (row,col) or single offset is 0..255
    (one byte in the binary).  Intel's reader refuses a negative one ("row
    (register) offset must be positive", "sub-register offset out of
    bounds"); ours also refuses one past 255, which its writer would cut
    to a byte."""
    for o in ins.operands:
        if type(o) is ast.VarRef:
            for x in o.offsets:
                if x < 0 or x > 255:
                    ctx.report("operand-offset", o, f"'{o.name}' has offset {x}; an offset is "
                                                    "0..255")
                    break


@instruction_check
def references(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """name-undeclared: an operand names a variable that is neither declared
    nor predefined; so does an operand written as a bare name that the form
    reads as a variable (its atoms' name slots: a surface ``T6``, a
    sampler, lifetime's variable, a predicate or state vector operand, a
    bare raw ``V``; GenX_IR: "undefined surface variable", ...).
    operand-class: the variable is of the wrong kind for its place: (row,col)
    operands, raw operands, LSC data and LSC address registers are general
    variables; an indirect operand's address is an address variable; a
    predicate is a predicate variable; a bare name is of a kind its slot
    reads (a general variable where a surface goes)."""
    kinds = ctx.kinds
    # the common case first: every name declared and of the kind its place
    # wants, read without building the (node, name, kinds, what) items; a
    # bare name is looked at here only if the form reads one as a variable
    # and it is not of a kind each of those places takes
    p = ins.pred
    clean = p is None or kinds.get(p.name) == "P"
    named = False
    if clean:
        common = facts.name_kinds
        for o in ins.operands:
            t = type(o)
            if t is ast.VarRef:
                k = kinds.get(o.name)
                if k is None or (k != "G" if len(o.offsets) == 2 else k not in "AST"):
                    clean = False
                    break
            elif t is ast.Raw:
                if kinds.get(o.name) != "G":
                    clean = False
                    break
            elif t in _NAMELESS:
                continue
            elif t is ast.Name:
                if common is not None:
                    k = kinds.get(o.name)
                    if k is None or k not in common:
                        named = True
            else:
                clean = False
                break
    if not clean:
        for node, name, allowed, what in operand_names(ins):
            k = kinds.get(name)
            if k is None:
                ctx.report("name-undeclared", node, f"'{name}' is not declared")
            elif k not in allowed:
                want = " or ".join(_KIND_WORD[a] for a in allowed)
                ctx.report("operand-class", node, f"'{name}' is {_KIND_WORD[k]}; {what} must be {want}")
        named = facts.name_kinds is not None
    if named:
        ops = ins.operands
        for index, allowed in facts.name_slots:
            o = ops[index] if index < len(ops) else None
            if type(o) is not ast.Name:
                continue
            k = kinds.get(o.name)
            if k is None:
                ctx.report("name-undeclared", o, f"'{o.name}' is not declared")
            elif k not in allowed:
                want = " or ".join(_KIND_WORD[a] for a in allowed)
                ctx.report("operand-class", o, f"'{o.name}' is {_KIND_WORD[k]}; operand {index} of "
                                               f"'{ins.op}' must be {want}")


# ------------------------------------------------------ operand signature
@instruction_check(applies=lambda f: f.form.constrained)
def signature(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
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
def label_uses(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    for index, kind in facts.label_slots:
        if index < len(ins.operands):
            o = ins.operands[index]
            for it in (o.items if type(o) is ast.Tuple else (o,)):
                t = type(it)
                name = it.name if t is ast.Name else it.value if t is ast.String else None
                if name is not None:
                    ctx.label_uses.append((it if getattr(it, "line", 0) else ins, name, kind))


def last_return(ctx: UnitContext, plans: dict) -> None:
    """ret-fall-through: a predicated ret or fret is not the object's last
    statement: when its predicate is off it falls through, and there is
    nothing to fall into (Intel's flow graph adds an edge to the next block,
    which does not exist: GenX_IR crashes)."""
    body = ctx.unit.body
    last = body[-1] if body else None
    plan = plans.get(last.op) if type(last) is ast.Instruction else None
    if plan is not None and plan[0] is not None and plan[0].returns and last.pred is not None:
        ctx.report("ret-fall-through", last.pred, f"a predicated '{last.op}' ends '{ctx.unit.name}': "
                                                  f"when {last.pred.name} is off it falls through to "
                                                  "nothing; end the object with an unpredicated "
                                                  f"'{last.op}'")


def labels(ctx: UnitContext) -> None:
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
        if type(s) in (ast.Label, ast.Subroutine):
            if s.name in defined and type(defined[s.name]) is type(s):
                twice.setdefault((s.name, type(s)), [defined[s.name]]).append(s)
            defined.setdefault(s.name, s)
            of_kind[LABEL_BLOCK if type(s) is ast.Label else LABEL_SUBROUTINE].add(s.name)
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


