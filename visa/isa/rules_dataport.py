"""The rules of the dataport family (visa/isa/forms_dataport.py): oword,
media, gather/scatter, typed and atomic messages, as Intel's verifier
(IsaVerification.cpp at igc-1.0.14828.26: verifyInstructionDataport)
checks them beyond what one operand's slot says.  Each rule is a
``verify`` hook registered with its forms (``hook(ins, form, ctx)``,
:mod:`visa.isa.verify`)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .. import ast
from .verify import Context

# dword_atomic's data types per sub-operation (verifyInstructionDataport):
# without .16, minsint/maxsint (imin/imax) d, add/sub d or ud, the float ones f, others ud;
# with .16 Intel's check compares the whole sub-op byte and expects ud
DWORD_ATOMIC_TYPES: Mapping = MappingProxyType({
    "minsint": frozenset(("d",)), "maxsint": frozenset(("d",)),
    "add": frozenset(("d", "ud")), "sub": frozenset(("d", "ud")),
    **{n: frozenset(("f",)) for n in ("fmax", "fmin", "fcmpwr", "fadd", "fsub")}})
DWORD_ATOMIC_NO_SRC0: frozenset = frozenset(("inc", "dec", "predec"))
DWORD_ATOMIC_TWO_SRC: frozenset = frozenset(("cmpxchg", "fcmpwr"))


_SLM = ("%slm", "T0")


_SCRATCH = ("%scratch", "T5")


_MEDIA_TRANSACTION = ((4, 64), (8, 32), (16, 16), (32, 8), (64, 4))  # (widest, rows at most)


def dword_atomic(ins: ast.Instruction, form, ctx: Context) -> None:
    """type-raw: dword_atomic's data and destination are of the
    sub-operation's type (d for imin/imax, d or ud for add/sub, f for the
    float ones, else ud), src0 %null for inc/dec/predec, src1 %null but for
    cmpxchg/fcmpwr (Intel's verifyInstructionDataport; predefined variables
    unchecked; its offsets' type is its signature's)."""
    ops = ins.operands
    if len(ops) != 5 or not ins.mods:
        return  # the older spec's form (global offset, destination first) is rewritten later
    sub = ins.mods[0]
    wide = len(ins.mods) > 1
    want = frozenset(("ud",)) if wide else DWORD_ATOMIC_TYPES.get(sub, frozenset(("ud",)))
    src0, src1, dst = ops[2], ops[3], ops[4]
    for o, role, null in ((src0, "src0", sub in DWORD_ATOMIC_NO_SRC0 and not wide),
                          (src1, "src1", sub not in DWORD_ATOMIC_TWO_SRC or wide), (dst, "dst", False)):
        name = getattr(o, "name", None)
        if null:
            if name is not None and name not in ("%null", "V0"):
                ctx.report("type-raw", o, f"'dword_atomic.{sub}' {role} is %null")
            continue
        ty = ctx.raw_type(o)
        if ty is not None and ty not in want:
            ctx.type_error("type-raw", o, f"'dword_atomic.{ins.mnemonic[13:]}' {role} has type {ty}; "
                                          f"allowed: {', '.join(sorted(want))}")


def media(ins: ast.Instruction, form, ctx: Context) -> None:
    """dataport-block (media_ld, media_st): the block is 1..64 bytes wide and
    1..64 rows high and fits one transaction (rows at most 64, 32, 16, 8, 4
    for widths up to 4, 8, 16, 32, 64 bytes; at most 256 bytes); the plane
    is 0..3.
    dataport-surface: not the SLM surface.  (The classes of the x and y
    offsets are its layouts' signatures'.)"""
    ops = ins.operands
    if len(ops) < 5 or type(ops[0]) is not ast.Tuple or len(ops[0].items) != 2:
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
    if type(ops[2]) is ast.Number and not 0 <= ops[2].value <= 3:
        ctx.report("dataport-block", ops[2], f"'{ins.op}' plane {ops[2].value}; allowed: 0..3")


_OWORD_SIZES = (1, 2, 4, 8, 16)


def oword(ins: ast.Instruction, form, ctx: Context) -> None:
    """dataport-block (oword_ld, oword_ld_unaligned, oword_st): 1, 2, 4, 8 or
    16 owords.
    dataport-surface: not the SLM surface before ICLLP.  (Its offset's
    classes are its signature's.)"""
    e, ops = ins.exec, ins.operands
    if e is not None and e.size not in _OWORD_SIZES:
        ctx.report("dataport-block", e, f"'{ins.op}' moves 1, 2, 4, 8 or 16 owords, not {e.size}")
    if ops and getattr(ops[0], "name", None) in _SLM and ctx.platform is not None \
            and ctx.before("ICLLP"):
        ctx.report("dataport-surface", ops[0], f"'{ins.op}' cannot use the SLM surface on "
                                               f"{ctx.platform.name} (only from ICLLP on)")


def typed4(ins: ast.Instruction, form, ctx: Context) -> None:
    """dataport-surface (gather4_typed, scatter4_typed): not the SLM or the
    scratch surface."""
    ops = ins.operands
    if ops and getattr(ops[0], "name", None) in _SLM + _SCRATCH:
        ctx.report("dataport-surface", ops[0], f"'{ins.op}' cannot use {ops[0].name}")
