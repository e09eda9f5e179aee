"""The rules of the misc family (visa/isa/forms_misc.py): synchronisation
(barriers, fences), dpas, raw sends and lifetime, as Intel's verifier
(IsaVerification.cpp at igc-1.0.14828.26: verifyInstructionMisc,
verifyInstructionSync) and its text grammar check them beyond what one
operand's slot says.  Each rule is a ``verify`` hook registered with its
forms (``hook(ins, form, ctx)``, :mod:`visa.isa.verify`)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .. import ast
from .verify import KIND_WORDS, Context

# fence_global / fence_local options: ".E?I?S?C?R?(L1)?" in this order
FENCE_OPTION_ORDER: tuple = ("E", "I", "S", "C", "R", "L1")
# the dotted words the sync instructions take (a bare barrier takes none)
SYNC_MODES: Mapping = MappingProxyType({
    "barrier": frozenset(), "sbarrier": frozenset(("signal", "wait")),
    "nbarrier": frozenset(("signal", "wait")), "yield": frozenset(),
    "sampler_cache_flush": frozenset(), "fence_sw": frozenset()})
# dpas operand precisions as Intel's lexer reads them: two-letter ones
# (s/u with 1, 2, 4, 8; bf, hf) pair with each other; tf32 only with tf32;
# bf8/hf8 (4.2) with each other
DPAS_PRECISIONS_2: frozenset = frozenset(("s1", "s2", "s4", "s8", "u1", "u2", "u4", "u8", "bf", "hf"))
# the 16-bit float precisions: a float dpas takes two of them, never an integer one
DPAS_PRECISIONS_FLOAT: frozenset = frozenset(("bf", "hf"))
DPAS_PRECISIONS_FP8: frozenset = frozenset(("bf8", "hf8"))
DPAS_DEPTHS: tuple = (1, 2, 4, 8)
DPAS_REPEATS: tuple = (1, 2, 3, 4, 5, 6, 7, 8)
# dpas raw operand types (verifyInstructionMisc): before PVC and from PVC on
DPAS_ACC_TYPES_OLD: frozenset = frozenset(("d", "ud", "f"))
DPAS_ACC_TYPES_PVC: frozenset = frozenset(("d", "ud", "f", "hf", "bf", "w", "uw"))
DPAS_INT_TYPES: frozenset = frozenset(("d", "ud"))


def sync(ins: ast.Instruction, form, ctx: Context) -> None:
    """sync-mode: barrier, yield, sampler_cache_flush and fence_sw take no
    dotted word; sbarrier and nbarrier take .signal or .wait."""
    allowed = SYNC_MODES.get(ins.op)
    if allowed is None:
        return
    bad = [m for m in ins.mods if m not in allowed]
    if bad or (allowed and len(ins.mods) != 1):
        want = ", ".join("." + m for m in sorted(allowed)) or "nothing"
        ctx.report("sync-mode", ins, f"'{ins.mnemonic}': '{ins.op}' takes {want}")


def fence(ins: ast.Instruction, form, ctx: Context) -> None:
    """fence-options: fence_global and fence_local take one group of
    options, in the order E, I, S, C, R, L1, each at most once."""
    if len(ins.mods) > 1 or (ins.mods and not _fence_ok(ins.mods[0])):
        ctx.report("fence-options", ins, f"'{ins.mnemonic}': not a fence option group; the options are "
                                         "a subset of E, I, S, C, R, L1 written in that order (e.g. .EI)")


def _fence_ok(word: str) -> bool:
    k = 0
    for part in FENCE_OPTION_ORDER:
        if word.startswith(part, k):
            k += len(part)
    return k == len(word) and k > 0


def dpas(ins: ast.Instruction, form, ctx: Context) -> None:
    """dpas: the precisions, systolic depth and repeat count Intel's lexer
    reads (dpas.<p1>.<p2>.<depth>.<count>: s/u 1, 2, 4, 8, bf, hf with each
    other, tf32 with tf32, bf8/hf8 with each other; depth 1, 2, 4 or 8;
    count 1..8); the operand types (destination and src0 d, ud or f, and
    hf, bf from PVC on; src1 and src2 d or ud); no predicate.
    dpas-mix (stricter than Intel's lexer and verifier): an integer precision
    is not paired with a float one (the spec: a bf/hf dpas has 16-bit
    precisions on both sources, an integer one inputs of at most 8 bits), and
    an integer dpas accumulates in integers (d/ud destination and src0).
    Intel's encoder reports both as an invalid Src1/Src2DataType where the
    accumulator is float, though GenX_IR still exits 0 and writes the code.
    platform: dpas has execution size 8
    before PVC and 16 from PVC on."""
    m = ins.mods
    if len(m) != 4:
        ctx.report("dpas", ins, f"'{ins.mnemonic}' is written {ins.op}.<p1>.<p2>.<depth>.<count>")
    else:
        p1, p2, depth, count = m[0].lower(), m[1].lower(), m[2], m[3]
        ok = ((p1 in DPAS_PRECISIONS_2 and p2 in DPAS_PRECISIONS_2)
              or (p1 == p2 == "tf32" and ins.op == "dpas")
              or (p1 in DPAS_PRECISIONS_FP8 and p2 in DPAS_PRECISIONS_FP8
                  and ctx.version >= (4, 2) and ins.op == "dpas"))
        if not ok:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': precisions .{p1}.{p2} are not a pair dpas takes "
                                    "(s1..s8/u1..u8/bf/hf with each other, tf32 with tf32)")
        elif (p1 in DPAS_PRECISIONS_FLOAT) != (p2 in DPAS_PRECISIONS_FLOAT):
            ctx.report("dpas-mix", ins, f"'{ins.mnemonic}': an integer precision with a float one; "
                                        "a float dpas takes bf/hf on both sources")
        elif not depth.isdigit() or int(depth) not in DPAS_DEPTHS:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': systolic depth {depth}; allowed: 1, 2, 4, 8")
        elif not count.isdigit() or int(count) not in DPAS_REPEATS:
            ctx.report("dpas", ins, f"'{ins.mnemonic}': repeat count {count}; allowed: 1..8")
    plat = ctx.platform
    pvc = plat is not None and ctx.since("PVC")
    if plat is not None:
        want = 16 if pvc else 8
        if ins.exec is not None and ins.exec.size != want:
            ctx.report("platform", ins.exec, f"'{ins.op}' on {plat.name} has execution size {want}, "
                                             f"not {ins.exec.size}")
    ops = ins.operands
    acc = DPAS_ACC_TYPES_PVC if pvc or plat is None else DPAS_ACC_TYPES_OLD
    if len(ops) > 3 and getattr(ops[3], "mod", None) is not None:
        ctx.report("dpas", ops[3], f"'{ins.op}' src2 takes no modifier")
    # an integer dpas accumulates in integers: Intel's encoder reports a float
    # destination or src0 of one as an invalid data type (GenX_IR still exits 0)
    integer = len(m) == 4 and all(p.lower() in DPAS_PRECISIONS_2 and p.lower() not in DPAS_PRECISIONS_FLOAT
                                  for p in m[:2])
    for k, o in enumerate(ops[:4]):
        ty = ctx.raw_type(o)
        if ty is None:
            continue
        if k < 2 and integer and ty in acc and ty not in DPAS_INT_TYPES:
            ctx.type_error("dpas-mix", o, f"'{ins.op}' with integer precisions accumulates in d or ud; "
                                          f"operand {k} has type {ty}")
            continue
        want = acc if k < 2 else DPAS_INT_TYPES
        if ty not in want:
            ctx.type_error("dpas", o, f"'{ins.op}' operand {k} has type {ty}; allowed: "
                                      f"{', '.join(sorted(want))}")


def raw_send(ins: ast.Instruction, form, ctx: Context) -> None:
    """raw-send: raw_send reads 1..15 GRFs and writes at most 16; raw_sends
    reads 1..32 (src0) and at most 32 (src1) GRFs and writes at most 32; an
    immediate descriptor's message length (bits 25..28) and response length
    (bits 20..24) are within those counts (raw_send).  (The descriptor's
    classes, general, indirect or immediate, are its signature's.)"""
    ops = ins.operands
    if ins.op in ("raw_send", "raw_sendc"):
        if len(ops) < 4 or type(ops[1]) is not ast.Number or type(ops[2]) is not ast.Number:
            return
        n_src, n_dst, desc = ops[1].value, ops[2].value, ops[3]
        if not 1 <= n_src <= 15:
            ctx.report("raw-send", ops[1], f"'{ins.op}' reads 1..15 GRFs, not {n_src}")
        if n_dst > 16:
            ctx.report("raw-send", ops[2], f"'{ins.op}' writes at most 16 GRFs, not {n_dst}")
        if type(desc) is ast.Imm:
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


def lifetime(ins: ast.Instruction, form, ctx: Context) -> None:
    """operand-kind: lifetime names a general, address or predicate variable."""
    for o in ins.operands:
        name = getattr(o, "name", None)
        k = ctx.kinds.get(name) if name is not None else None
        if k in ("S", "T"):
            ctx.report("operand-kind", o, f"lifetime names a general, address or predicate variable; "
                                          f"'{name}' is {KIND_WORDS[k]}")
