"""Text-layout facts per mnemonic family: how Intel's printer spaces operands.

Intel's printer (IsaDisassembly.cpp) writes most instructions as
``mnemonic (exec) op op op``, but some families differ: LSC instructions put
two blanks before every operand, the 3D sampler ones two blanks before the
first, media blocks print ``(w,h)`` without a blank, ``vme_ime(a,b)`` glues
its tuple to the mnemonic.  The printer asks :func:`style_of`; the parser does
not need it (it accepts any blanks).
"""
from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Style:
    lead: str = " "        # between mnemonic/exec and the first operand
    sep: str = " "         # between operands
    tuple_sep: str = ", "  # between the items of a parenthesised operand
    glue_first: bool = False  # first operand (a tuple) printed right after the mnemonic
    hex_operands: tuple = ()  # indices of bare-number operands printed in hex


DEFAULT = Style()
LSC = Style(lead="  ", sep="  ")
SAMPLER_3D = Style(lead="  ")
MEDIA = Style(tuple_sep=",")
VME_IME = Style(tuple_sep=",", glue_first=True)
RAW_SEND = Style(hex_operands=(0,))  # the extended message descriptor

_SAMPLE_3D_OPS = (
    # ISA_3D_SAMPLE and ISA_3D_LOAD mnemonics (getSampleOp3DName)
    "sample_3d", "sample_b", "sample_l", "sample_c", "sample_d", "sample_b_c",
    "sample_l_c", "sample_d_c", "sample_lz", "sample_c_lz", "sample_killpix",
    "sample_lod", "load_3d", "load_lz", "load_2dms_w", "load_mcs", "load_ms",
    "sample_d_c_mlod", "sample_mlod", "sample_c_mlod", "sample_b_c_mlod",
    "sample_l_c_mlod", "sample_l_mlod",
)

_STYLES = {op: SAMPLER_3D for op in _SAMPLE_3D_OPS}
_STYLES.update({"media_ld": MEDIA, "media_st": MEDIA, "vme_ime": VME_IME,
                "raw_send": RAW_SEND, "raw_sendc": RAW_SEND})


def style_of(op: str) -> Style:
    s = _STYLES.get(op)
    if s is not None:
        return s
    if op.startswith("lsc_"):
        return LSC
    return DEFAULT


# ----------------------------------------------------- canonical spellings
# Spellings that mean the same binary: the parser rewrites them to the one
# Intel's printer uses, so that programs equal in the binary are equal ASTs.
# Modifiers the binary does not record, per mnemonic:
SILENT_MODS = {
    "oword_ld": frozenset(("mod",)), "oword_ld_unaligned": frozenset(("mod",)),
    "oword_st": frozenset(("mod",)), "gather": frozenset(("mod",)),
    "svm_block_ld": frozenset(("unaligned",)), "svm_block_st": frozenset(("unaligned",)),
    "svm_atomic": frozenset(("32",)),
    "sample_3d": frozenset(("divS",)), "sample_b": frozenset(("divS",)),
    "sample_l": frozenset(("divS",)), "sample_c": frozenset(("divS",)),
    "sample_d": frozenset(("divS",)), "sample_b_c": frozenset(("divS",)),
    "sample_l_c": frozenset(("divS",)), "sample_d_c": frozenset(("divS",)),
    "sample_lz": frozenset(("divS",)), "sample_c_lz": frozenset(("divS",)),
}
# the SIMD mode of sample/load: 16 is recorded, anything else (or nothing) is 8
SIMD8_OR_16 = frozenset(("sample", "load"))
