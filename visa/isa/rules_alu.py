"""The rules of the vector ALU families (visa/isa/forms_alu.py): what
Intel's verifier (IsaVerification.cpp at igc-1.0.14828.26:
verifyInstructionArith, Logic, Compare, Address, Move, verifyBFMixedMode,
verifyInstructionSrnd) and its text grammar check beyond what one operand's
slot says (the records' signatures: each operand's classes and types).

Each rule is a ``verify`` hook, ``hook(ins, form, ctx)``
(:mod:`visa.isa.verify`), registered with its forms in forms_alu.py.
"""
from __future__ import annotations

from .. import ast
from . import predefined
from .verify import FLOATS, Context, is_int

# ------------------------------------------------------------------ facts
# the IEEE macros a platform without madm lacks (ICLLP, TGLLP, DG2, MTL):
# df forms of these, and f forms of the second group
_IEEE_DF = frozenset(("divm", "sqrtm", "inv", "div", "sqrt"))
_IEEE_F = frozenset(("divm", "sqrtm"))
_NO_MADM = frozenset(("ICLLP", "TGLLP", "DG2", "MTL"))
_NO_SAT = frozenset(("frc", "lzd", "mod", "mulh", "madw"))  # verifyInstructionArith: no .sat
_SAD = frozenset(("sad2", "sad2add"))  # b/ub sources (w/uw for sad2add's src2)
# verifyBFMixedMode: the instructions that take bf operands
_BF_OPS = frozenset(("mul", "mad", "mov", "add", "sel", "cmp"))
# shl writing q or uq, shr writing uq: up to XeHP_SDV and from PVC on (IGC 2.x)
_SHIFTS_64 = frozenset(("shl", "shr"))
_ROTATES = frozenset(("rol", "ror"))  # on q/uq only from PVC on
# srnd's conversions (dst, src0), and src1's types in vISA 4.2
SRND_PAIRS = frozenset((("ub", "hf"), ("hf", "f")))
SRND_SRC1_TYPES_42 = frozenset(("uw", "ub", "f", "hf"))
# fcvt's conversions (dst, src): ub stands for bf8 and ud for tf32
FCVT_PAIRS = frozenset((("ub", "hf"), ("hf", "ub"), ("ud", "f"), ("f", "ud")))
# cmp's relations as Intel's lexer reads them (either case)
CMP_RELATIONS = frozenset(("eq", "ne", "gt", "ge", "lt", "le", "EQ", "NE", "GT", "GE", "LT", "LE"))
# the predefined variables and surfaces addr_add cannot take the address of
_PREDEFINED = frozenset(predefined.PREDEFINED_VAR_NAMES) | frozenset(predefined.PREDEFINED_SURFACE_NAMES)


def bf_mixed(ins: ast.Instruction, ctx: Context, types: list) -> None:
    """type-bf (Intel's verifyBFMixedMode): bf operands only in mul, mad,
    mov, add, sel and cmp, on platforms with BF mixed mode (XeHP on, not
    MTL; vISA 4.1); each destination (not cmp's) and source f or bf.
    platform: no bf operand on a platform without BF mixed mode."""
    plat = ctx.platform
    if plat is not None and ctx.version < (4, 2) and (ctx.before("XeHP_SDV") or plat.name == "MTL"):
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


# ------------------------------------------------------------- arithmetic
def arith(ins: ast.Instruction, form, ctx: Context) -> None:
    """type-arith (sources): Intel's verifyInstructionArith per source, past
    what its slot says (the classes and the types each source may have):
    a float destination or source needs the same type on both sides (f
    from vf or hf, hf from f), otherwise the source is an integer (or a
    v/uv immediate); sad2 b/ub (w/uw for sad2add's src2).
    type-bf: bf operands (verifyBFMixedMode) instead, where there are any.
    platform: no IEEE macros (divm, sqrtm; df div, inv, sqrt) on platforms
    without madm; integer div and mod only before XeHP; (vISA 4.2) no vf
    source from Xe2 on (IGC 2.x's hasPackedRestrictedFloatVector).
    modifier-sat: no .sat on frc, lzd, mod, mulh, madw; div.sat on f and
    hf only.
    modifier-arith: lzd's sources take no modifier.
    operand-kind: from ICLLP on plane's source 1 is a register region (the
    finalizer expands plane into mads: GenX_IR crashes on an immediate)."""
    ops = ins.operands
    op = ins.op
    nd = form.n_dsts
    if len(ops) <= nd - 1:
        return
    types = [ctx.operand_type(o) for o in ops]
    if "bf" in types:
        bf_mixed(ins, ctx, types)  # Intel checks bf operands in its BF mixed-mode rules
        return
    dt = types[0]
    plat = ctx.platform
    if dt is not None:
        if ctx.version >= (4, 2) and "vf" in types and ctx.since("XE2"):
            for k in range(nd, len(types)):
                if types[k] == "vf":
                    ctx.report("platform", ops[k], f"a vf (packed restricted float) source does not "
                                                   f"exist on {plat.name} (only before Xe2)")
        if "sat" in ins.mods or "sat" in ins.post_mods:
            if op in _NO_SAT:
                ctx.report("modifier-sat", ins, f"'{op}' does not take .sat")
            elif op == "div" and dt not in ("f", "hf"):
                ctx.report("modifier-sat", ins, f"'div.sat' is for f and hf destinations, not {dt}")
        if plat is not None:
            if plat.name in _NO_MADM and ((dt == "df" and op in _IEEE_DF) or (dt == "f" and op in _IEEE_F)):
                ctx.report("platform", ins, f"'{op}' on {dt} is an IEEE macro {plat.name} does not have")
            if (op == "mod" or (op == "div" and is_int(dt))) and ctx.since("XeHP_SDV"):
                ctx.report("platform", ins, f"integer '{op}' does not exist on {plat.name} "
                                            "(only before XeHP)")
    if op == "plane" and ctx.since("ICLLP") and len(ops) > 2 and type(ops[2]) is ast.Imm:
        ctx.report("operand-kind", ops[2], f"'plane' source 1 is an immediate: from ICLLP on "
                                           "plane is expanded into mads that read it as a register "
                                           f"region ({plat.name}; Intel's HWConformity "
                                           "expandPlaneInst: GenX_IR crashes)")
    slots = form.signature.slots
    for k in range(nd, len(ops)):
        o = ops[k]
        if op == "lzd" and getattr(o, "mod", None) is not None:
            ctx.report("modifier-arith", o, f"'lzd' takes no source modifier ({o.mod})")
        c = ctx.opclass(o)
        st = types[k]
        slot = slots[k] if k < len(slots) else None
        if st is None or dt is None or slot is None or c not in slot.classes \
                or (slot.types is not None and st not in slot.types):
            continue  # (what the slot refuses, the signature check says)
        i = k - nd
        if dt in FLOATS or st in FLOATS:
            if not (dt == st or (dt == "f" and st in ("vf", "hf")) or (dt == "hf" and st == "f")):
                ctx.type_error("type-arith", o, f"'{op}' source {i} is {st} and the destination "
                                                f"{dt}: a float operation takes one float type "
                                                "(f may read vf or hf, hf may read f)", ops[0])
                continue
        elif not (is_int(st) or (c == "IMM" and st in ("v", "uv"))):
            ctx.type_error("type-arith", o, f"'{op}' source {i} has type {st}; allowed with a "
                                            f"{dt} destination: an integer type", ops[0])
            continue
        if op in _SAD:
            want = ("w", "uw") if i == 2 else ("b", "ub")
            if st not in want and c != "IMM":
                ctx.type_error("type-arith", o, f"'{op}' source {i} has type {st}; allowed: "
                                                f"{', '.join(want)}")


def pow_sources(ins: ast.Instruction, form, ctx: Context) -> None:
    """operand-kind (a warning, as GenX_IR takes them): pow's sources are
    not immediates (the spec)."""
    ops = ins.operands
    for k in (1, 2):
        if k < len(ops) and type(ops[k]) is ast.Imm:
            ctx.report("operand-kind", ops[k], f"'pow' source {k} is an immediate: the spec "
                                               "takes general or indirect sources only", "warning")


def srnd(ins: ast.Instruction, form, ctx: Context) -> None:
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
    dt, s0, s1 = (ctx.operand_type(o) for o in ops[:3])
    if None not in (dt, s0) and (dt, s0) not in SRND_PAIRS:
        ctx.type_error("srnd", ops[1], f"'srnd' converts hf to ub or f to hf, not {s0} to {dt}", ops[0])
    if s1 is not None and s0 is not None:
        if ctx.version >= (4, 2):
            if s1 not in SRND_SRC1_TYPES_42:
                ctx.type_error("srnd", ops[2], f"'srnd' src1 has type {s1}; allowed: f, hf, ub, uw")
        elif s1 != s0:
            ctx.type_error("srnd", ops[2], f"'srnd' src1 has type {s1}; src0 has {s0}: the same type", ops[1])


# ------------------------------------------------------------------ logic
def logic(ins: ast.Instruction, form, ctx: Context) -> None:
    """type-logic: once an operand is a predicate, the later ones are too.
    platform: rol/ror on q/uq only from PVC on; (vISA 4.2; Debian's 4.1
    GenX_IR does not check it) shl writing q or uq, shr writing uq, only up
    to XeHP_SDV and from PVC on.
    modifier-sat: logic instructions writing a general or indirect operand
    take no .sat, shifts excepted (Intel's builder: "saturation is not
    supported on this op"; its verifier for bfn)."""
    op = ins.op
    if "sat" in ins.mods and not form.checks.shift and ins.operands \
            and ctx.opclass(ins.operands[0]) in ("G", "I"):
        ctx.report("modifier-sat", ins, f"'{op}' is a logic instruction: saturation (.sat) is not "
                                        "supported on it")
    if op in _SHIFTS_64 and ins.operands and ctx.version >= (4, 2) \
            and ctx.since("DG2") and ctx.before("PVC"):  # after XeHP_SDV, before PVC
        dt = ctx.operand_type(ins.operands[0])
        if dt == "uq" or (dt == "q" and op == "shl"):
            ctx.report("platform", ins.operands[0], f"'{op}' writing {dt} does not exist on "
                                                    f"{ctx.platform.name} (only up to XeHP_SDV "
                                                    "and from PVC on)")
    pred_seen = False
    ops = ins.operands[:-1] if op == "bfn" and ins.operands and \
        type(ins.operands[-1]) is not ast.VarRef else ins.operands
    for o in ops:
        c = ctx.opclass(o)
        if c == "A":
            continue  # (no address operand: the signature check says so)
        if c == "P":
            pred_seen = True
        elif pred_seen and c not in ("", "?"):
            ctx.report("type-logic", o, f"'{op}' mixes predicates and other operands: once an "
                                        "operand is a predicate, the following ones must be too")
        if op in _ROTATES and ctx.before("PVC"):
            ty = ctx.operand_type(o)
            if ty in ("q", "uq"):
                ctx.report("platform", o, f"'{op}' on {ty} needs PVC or later; the platform "
                                          f"is {ctx.platform.name}")


def bfn_table(ins: ast.Instruction, form, ctx: Context) -> None:
    """imm-range: bfn's function table (.x<hex>) fits its byte (both
    dialects; the encoder has no other word for it)."""
    for m in ins.mods:
        if m[:1] in ("x", "X"):
            try:
                v = int(m[1:], 16)
            except ValueError:
                continue
            if v > 0xFF:
                ctx.report("imm-range", ins, f"'bfn' function table .{m} is {v:#x}: it is "
                                             "8 bits (0x00..0xff)")


# -------------------------------------------------------- compare, address
def compare(ins: ast.Instruction, form, ctx: Context) -> None:
    """cmp-relation: the relation is eq, ne, gt, ge, lt or le, and there is
    at most one (Intel's grammar: one COND_MOD).
    type-bf: bf operands (verifyBFMixedMode)."""
    if ctx.uses_bf(ins):
        bf_mixed(ins, ctx, [ctx.operand_type(o) for o in ins.operands])
    mods = ins.mods
    if not mods:
        return
    rel = mods[0]
    if rel not in CMP_RELATIONS and rel != "sat":
        ctx.report("cmp-relation", ins, f"'cmp.{rel}': the relation is one of eq, ne, gt, ge, lt, le")
    elif len(mods) > 1 and any(m != "sat" for m in mods[1:]):
        ctx.report("cmp-relation", ins, f"'cmp.{'.'.join(mods)}': cmp takes one relation "
                                        "(eq, ne, gt, ge, lt or le)")


def address(ins: ast.Instruction, form, ctx: Context) -> None:
    """operand-kind: addr_add does not take the address of a predefined
    variable or surface."""
    ops = ins.operands
    if len(ops) > 1 and type(ops[1]) in (ast.VarRef, ast.AddrOf) and ctx.opclass(ops[1]) != "P":
        name = ops[1].name
        if name in _PREDEFINED:
            ctx.report("operand-kind", ops[1], f"'addr_add' cannot take the address of the "
                                               f"predefined '{name}'")


# ------------------------------------------------------------------- move
def move(ins: ast.Instruction, form, ctx: Context) -> None:
    """mov-flag: a mov from a predicate writes a non-64-bit integer (Intel's
    builder makes it a NoMask scalar copy and drops .sat and a predicate
    before its verifier looks).
    operand-kind: mov reads no surface or sampler; movs moves to or from a
    state operand; an unpredicated sel takes no immediate source 0 (the
    classes each operand takes are its signature's).
    exec-size (a warning, as GenX_IR takes it): movs moves one value.
    type-bf: bf operands (verifyBFMixedMode)."""
    ops = ins.operands
    if not ops:
        return
    op = ins.op
    if ctx.uses_bf(ins):
        bf_mixed(ins, ctx, [ctx.operand_type(o) for o in ops])
    if op == "mov" and len(ops) > 1 and ctx.opclass(ops[1]) == "P":
        dt = ctx.operand_type(ops[0])
        if dt is not None and (not is_int(dt) or dt in ("q", "uq")):
            ctx.type_error("mov-flag", ops[0], f"a mov from a predicate writes an integer of up to 32 "
                                               f"bits, not {dt}")
    if op == "mov" and len(ops) > 1 and type(ops[1]) is ast.Name and ctx.opclass(ops[1]) == "S":
        # Intel: "not a predicate variable" (a surface or sampler is no mov source)
        ctx.kind_error(ins, ops[1], 1, "G I IMM A P AO", "source")
    if op == "movs" and ins.exec is not None and ins.exec.size != 1:
        ctx.report("exec-size", ins.exec, f"'movs' moves one state value: its execution size is 1, "
                                          f"not {ins.exec.size} (the spec; GenX_IR takes it)", "warning")
    if op == "movs" and len(ops) > 1:
        d, s = ctx.opclass(ops[0]), ctx.opclass(ops[1])
        if d in ("G", "S") and s in ("G", "S", "I", "IMM") and "S" not in (d, s):
            ctx.report("operand-kind", ops[0], "'movs' moves to or from a state operand (a surface "
                                               "or sampler): neither side is one")
    elif op == "sel" and ins.pred is None and len(ops) > 2 and type(ops[1]) is ast.Imm \
            and type(ops[2]) is not ast.Imm:
        ctx.report("operand-kind", ops[1], "an unpredicated 'sel' takes no immediate source 0 "
                                           "(Intel's HWConformity moves it to source 1 by "
                                           "inverting the predicate, which must exist: GenX_IR "
                                           "crashes); swap the sources or predicate it")


def fcvt(ins: ast.Instruction, form, ctx: Context) -> None:
    """fcvt (Intel's verifyInstructionMove): operands without modifiers
    (their classes are its signature's), no .sat; ub (bf8) from hf, hf from
    ub, ud (tf32) from f or f from ud; to ub with NoMask."""
    ops = ins.operands
    if len(ops) < 2:
        return
    for k, what in ((0, "destination"), (1, "source")):
        if ctx.opclass(ops[k]) in ("G", "?") and getattr(ops[k], "mod", None) is not None:
            ctx.report("fcvt", ops[k], f"'fcvt' {what} takes no modifier")
    if "sat" in ins.mods:
        ctx.report("fcvt", ins, "'fcvt' takes no .sat")
    dt, st = ctx.operand_type(ops[0]), ctx.operand_type(ops[1])
    if dt is not None and st is not None and (dt, st) not in FCVT_PAIRS:
        ctx.type_error("fcvt", ops[1], f"'fcvt' converts hf to ub (bf8), ub to hf, f to ud (tf32) "
                                       f"or ud to f, not {st} to {dt}", ops[0])
    if dt == "ub" and ins.exec is not None and not (ins.exec.mask or "").endswith("NM"):
        ctx.report("fcvt", ins.exec, "'fcvt' to ub (hf to bf8) uses NoMask")
