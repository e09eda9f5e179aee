"""The rules of the sampler family (visa/isa/forms_sampler.py): media
sampler, 3D sampler, render output and VME, as Intel's verifier
(IsaVerification.cpp at igc-1.0.14828.26: verifyInstructionSampler,
verifyInstruction3D..., verifyInstructionVME) checks them beyond what one
operand's slot says.  Each rule is a ``verify`` hook registered with its
forms (``hook(ins, form, ctx)``, :mod:`visa.isa.verify`)."""
from __future__ import annotations

from .. import ast
from . import predefined
from .verify import Context

_SLM = ("%slm", "T0")


_PREDEFINED_SURFACES = frozenset(predefined.PREDEFINED_SURFACE_NAMES) | frozenset(
    f"T{x.index}" for x in predefined.PREDEFINED_SURFACES)


def sampler(ins: ast.Instruction, form, ctx: Context) -> None:
    """sampler-surface: sample, load and sample_unorm read a declared
    surface (Intel subtracts the predefined count from the index, so T0..T5
    fail as "undefined"); avs reads any surface but the SLM one.  (The
    classes of sample_unorm's and avs's vector parameters are their
    signatures'.)"""
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


_CPS_OPS = frozenset(("sample_3d", "sample_b", "sample_c", "sample_b_c", "lod"))


def sampler_3d(ins: ast.Instruction, form, ctx: Context) -> None:
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
        ty = o.type if type(o) is ast.Imm else ctx.operand_type(o) if type(o) is ast.VarRef else None
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
    if "pixel_null_mask" in ins.mods and ctx.platform is not None and ctx.before("SKL"):
        ctx.report("platform", ins, f"'.pixel_null_mask' needs SKL or later; the platform is "
                                    f"{ctx.platform.name}")


def urb_write(ins: ast.Instruction, form, ctx: Context) -> None:
    """urb-write: urb_write_3d writes 1..8 outputs at a global offset of
    at most 2047, with execution size 1 or 8."""
    ops = ins.operands
    if ins.exec is not None and ins.exec.size not in (1, 8):
        ctx.report("urb-write", ins.exec, f"'urb_write_3d' has execution size 1 or 8, not {ins.exec.size}")
    if len(ops) >= 2 and type(ops[0]) is ast.Number and type(ops[1]) is ast.Number:
        if not 1 <= ops[0].value <= 8:
            ctx.report("urb-write", ops[0], f"'urb_write_3d' writes 1..8 outputs, not {ops[0].value}")
        if ops[1].value > 2047:
            ctx.report("urb-write", ops[1], f"'urb_write_3d' global offset {ops[1].value}; at most 2047")


_VME_STREAM_MODES = (0, 1, 2, 3)  # disable, out, in, in-out


_VME_SEARCH_CONTROLS = (0, 1, 3, 7)  # single ref single/dual start, single ref dual record, dual ref


def vme(ins: ast.Instruction, form, ctx: Context) -> None:
    """vme: vme_ime's (stream mode, search control) pair: the stream mode
    is 0..3 (disable, out, in, in-out), the search control 0, 1, 3 or 7.
    operand-kind: vme_fbr's (macroblock mode, sub-macroblock shape,
    sub-prediction mode) are general, indirect or immediate operands."""
    ops = ins.operands
    if ins.op == "vme_fbr":
        if ops and type(ops[0]) is ast.Tuple:
            for it in ops[0].items:
                if ctx.opclass(it) not in ("G", "I", "IMM", "?"):
                    ctx.kind_error(ins, it, 0, "G I IMM", "mode")
        return
    if not ops or type(ops[0]) is not ast.Tuple or len(ops[0].items) != 2:
        return
    for it, allowed, what in zip(ops[0].items, (_VME_STREAM_MODES, _VME_SEARCH_CONTROLS),
                                 ("stream mode", "search control")):
        v = getattr(it, "value", None)
        if isinstance(v, int) and v not in allowed:
            ctx.report("vme", it if getattr(it, "line", 0) else ops[0],
                       f"'vme_ime' {what} {v}; allowed: {', '.join(map(str, allowed))}")
