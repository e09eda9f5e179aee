"""The text layouts of Intel's printer: how it spaces operands.

Intel's printer (IsaDisassembly.cpp) writes most instructions as
``mnemonic (exec) op op op``, but some families differ: LSC instructions put
two blanks before every operand, the 3D sampler ones two blanks before the
first, media blocks print ``(w,h)`` without a blank, ``vme_ime(a,b)`` glues
its tuple to the mnemonic.  Each form's record names its style
(``Form.text.style``, set by the family module that registers the form); the
printer reads it, the parser does not need it (it accepts any blanks).
"""
from __future__ import annotations

from .._record import record


@record
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
