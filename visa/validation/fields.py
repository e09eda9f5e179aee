"""Checks of an instruction's fields and shape: execution size, platform,
predicate, operand and dotted modifiers, operand count, %null sources."""
from __future__ import annotations

from .. import ast
from ..isa.field_codes import InstCategory
from ..isa import targets
from ..isa.records import Form
from .core import OpFacts, UnitContext, instruction_check


# ---------------------------------------------------------- execution size
EXEC_SIZES = (1, 2, 4, 8, 16, 32)


@instruction_check(applies=lambda f: f.exec_field and f.category is not InstCategory.SVM)
def exec_size(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """exec-size: an execution size is 1, 2, 4, 8, 16 or 32 (where the form
    has an execution-size field; oword_ld (n) and the like count other things).
    exec-mask: the channels of the mask offset (M1 0, M2 4, ... M8 28) plus
    the execution size stay within 32."""
    e = ins.exec
    if e is None or not facts.exec_field or facts.category is InstCategory.SVM:
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
@instruction_check(applies=lambda f: f.platforms is not targets.EVERYWHERE)
def platform(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """platform: an instruction the selected platform does not have (the
    opcode's minimum platform in Intel's instruction description, and the
    generations a family no longer has it on; only when a platform is
    given)."""
    why = facts.platforms.refusal(ins.op, ctx.report.platform)
    if why is not None:
        ctx.report("platform", ins, why)


# -------------------------------------------------------------- predicates
@instruction_check
def predicate(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
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
def operands(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
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
        if t is ast.Imm:
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
        if t is ast.Name:
            report("modifier-kind", o, f"a source modifier on a predicate operand ({mod}){o.name} "
                                       "belongs to the older vISA spec; vISA 4.1 cannot encode it")
        elif t not in (ast.VarRef, ast.Indirect):
            report("modifier-kind", o, f"modifier ({mod}) on an operand that is not a general "
                                       "or indirect one")
        elif mod in _ARITH_MODS and cat is InstCategory.LOGIC and not facts.shift:
            report("modifier-arith", o, f"'{ins.op}' is a logic instruction: its operands take "
                                        f"(~), not ({mod})")
        elif mod == "~" and cat is not InstCategory.LOGIC:
            report("modifier-not", o, f"(~) is for logic instructions; '{ins.op}' is not one")



@instruction_check(applies=lambda f: f.mods is not None)
def modifiers(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """modifier-unknown: a dotted modifier the form does not take (Intel's
    lexer and grammar: 'syntax error, unexpected DOT'), at the mnemonic;
    what a form takes is read from its atoms (modifier tables, .x<hex>,
    numbers, channel masks, atomic operations and widths, the 3D sampler's
    flags in order, rt_write_3d's options, a destination's .sat, a
    ModCheck's list).
    modifier-missing: fewer modifiers than the form is written with (a
    channel mask, an atomic operation, lifetime's .start/.end, a table's
    word; Intel's grammar: 'syntax error, unexpected LPAREN').
    In vISA 4.2 text, forms that 4.2 writes with more than 4.1's atoms say
    (a to_41 rewriting: ifcall's hints) are not checked.  .sat where no
    atom takes it is modifier-sat's (where Intel's grammar has no
    SatModOpt)."""
    spec = facts.mods
    if not ins.mods and not ins.post_mods:
        if spec.least and not (ctx.report.version >= (4, 2) and _rewritten_in_42(facts.form)):
            ctx.report("modifier-missing", ins, f"'{ins.op}' needs a modifier: {spec.needed()}")
        return
    if ctx.report.version >= (4, 2) and _rewritten_in_42(facts.form):
        return
    m = spec.bad(ins.mods, ins.post_mods)
    if m is None:
        if len(ins.mods) < spec.least:
            ctx.report("modifier-missing", ins, f"'{ins.op}' takes {spec.least} modifiers "
                                                f"({spec.spellings()}), not {len(ins.mods)}")
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


def _sat_refused_by_grammar(ins: ast.Instruction, facts: OpFacts) -> bool:
    return not facts.sat


@instruction_check
def shape(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """operand-count: an instruction has the operands its form reads (no
    fewer, no more; forms with operand lists excepted).
    modifier-dst: a destination takes no source modifier ((-), (abs), (~)).
    modifier-sat: .sat only where Intel's grammar takes it (arithmetic,
    logic, mov, sel, min, max, fcvt, bfn).
    null-source (vISA 4.1): %null read as a source (Intel's 4.1 assembler
    crashes on it; IGC 2.x reads it)."""
    if "sat" in ins.mods and not facts.sat:
        ctx.report("modifier-sat", ins, f"'{ins.op}' takes no .sat")
    if ctx.report.version < (4, 2) and facts.category is not InstCategory.DATA_PORT:
        for k, o in enumerate(ins.operands):
            if type(o) is ast.VarRef and o.name == "%null" and k != facts.dst and len(o.offsets) == 2:
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
        if mod is not None and type(d) in (ast.VarRef, ast.Indirect):
            ctx.report("modifier-dst", d, f"the destination of '{ins.op}' takes no modifier ({mod}); "
                                          "only .sat on the instruction")


# avs's vector parameters: u/v offsets and deltas, u2d, group id, vertical
# block number, v2d, IEF bypass (between them: the output format and
