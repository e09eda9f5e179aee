"""The text's instruction keywords: each keyword at the start of an
instruction and what it encodes, the older spec's instructions that vISA
4.1 has no opcode for, and the facts the dump readers (visa.dumps) need
about control flow and report families."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Optional

from .._record import record
from .field_codes import InstCategory, LabelKind
from .value_codes import FenceFlag, LifetimeKind
from .subops import SVM_SUBOPS
from .opcodes import OPCODES, OPCODES_BY_MNEMONIC, Opcode, SAMPLER_3D_OPS
from .later import LaterEntries, LaterMapping
from . import forms_index

# the rows' shorthand
_O = Opcode


# Instructions of the older spec that vISA 4.1 has no opcode for: they parse,
# and assembling one is an error that says why.
_SCF = ("is structured control flow of the older vISA spec (opcodes 0x60-0x66); vISA 4.1 "
        "has none: write it with goto and labels")
OLDER_ONLY_OPS: Mapping[str, str] = MappingProxyType({
    "if": _SCF, "else": _SCF, "endif": _SCF, "do": _SCF, "while": _SCF, "break": _SCF, "cont": _SCF,
    "asin": "(inverse sine) is not an opcode in vISA 4.1",
    "acos": "(inverse cosine) is not an opcode in vISA 4.1",
    "atan": "(inverse tangent) is not an opcode in vISA 4.1",
})


# ---------------------------------------------------------------------------
# Text instruction keywords
# ---------------------------------------------------------------------------


@record
class TextForm:
    """What an instruction keyword of the text selects.

    ``selector`` names the operand (by OperandDef.name) or property whose value
    the keyword fixes: "subop" (sub-opcode byte), "op" (fminmax op / 3D
    sampler op), "mode" (fence / sbarrier / nbarrier), "modifier" (raw sends),
    "properties" (lifetime) or "label_kind" (call targets).
    """

    opcode: Opcode
    selector: Optional[str] = None
    value: Optional[int] = None
    note: str = ""


def _plain(*mnemonics):
    return {m: TextForm(OPCODES_BY_MNEMONIC[m].number) for m in mnemonics}


_SELF_NAMED = (
    "add", "avg", "div", "dp2", "dp3", "dp4", "dph", "exp", "frc", "line", "log", "mad", "mulh",
    "lrp", "mod", "mul", "pow", "rndd", "rndu", "rnde", "rndz", "sad2", "sin", "cos", "sqrt",
    "rsqrt", "inv", "fcvt", "srnd", "lzd", "and", "or", "xor", "not", "shl", "shr", "asr", "cbit",
    "addr_add", "mov", "sel", "setp", "cmp", "movs", "fbl", "fbh", "jmp", "ret", "oword_ld",
    "oword_st", "media_ld", "media_st", "gather", "scatter", "oword_ld_unaligned", "sample",
    "sample_unorm", "load", "avs", "bfe", "bfi", "bfrev", "addc", "subb", "gather4_typed",
    "scatter4_typed", "ifcall", "faddr", "vme_ime", "vme_sic", "vme_fbr", "barrier",
    "sampler_cache_flush", "wait", "yield", "fcall", "fret", "switchjmp", "sad2add", "plane",
    "goto", "rt_write_3d", "urb_write_3d", "typed_atomic", "gather4_scaled", "scatter4_scaled",
    "gather_scaled", "scatter_scaled", "dword_atomic", "sqrtm", "divm", "rol", "ror", "dp4a",
    "add3", "qw_gather", "qw_scatter", "madw", "add3.o", "breakpoint",
)


def lsc_keywords() -> dict[str, TextForm]:
    """The keywords of the LSC messages (made when first read: their values
    name lsc_codes' operations, and a kernel without LSC instructions does
    not import lsc_codes; their keys are forms_index.LSC_KEYWORDS)."""
    from .lsc_codes import LSC_UNTYPED_SUBOPS, LscOp
    return {
        **{s.mnemonic: TextForm(_O.LSC_UNTYPED, "subop", s.code,
                                note="LSC_TYPED when the SFID is .tgm") for s in LSC_UNTYPED_SUBOPS},
        "lsc_read_state_info": TextForm(_O.LSC_TYPED, "subop", LscOp.READ_STATE_INFO),
    }


# Keyword at the start of an instruction in the text (12504 lexer; breakpoint
# needs the 14828 lexer) -> what it encodes.  Not keywords: func, label (a
# label is "name:"), va / va_skl_plus ops and vme_idm (no text form).
TEXT_MNEMONICS: Mapping[str, TextForm] = LaterMapping((
    {
        **_plain(*_SELF_NAMED),
        "dpas": TextForm(_O.DPAS, note="written dpas.<p1>.<p2>.<depth>.<count>"),
        "dpasw": TextForm(_O.DPASW, note="written dpasw.<p1>.<p2>.<depth>.<count>"),
        "bfn": TextForm(_O.BFN, note="written bfn.x<hex function_ctrl>"),
        "min": TextForm(_O.FMINMAX, "op", 0),
        "max": TextForm(_O.FMINMAX, "op", 1),
        "call": TextForm(_O.CALL, "label_kind", LabelKind.SUBROUTINE),
        "fccall": TextForm(_O.CALL, "label_kind", LabelKind.FC),
        "FILE": TextForm(_O.FILE), ".file": TextForm(_O.FILE),
        "LOC": TextForm(_O.LOC), ".loc": TextForm(_O.LOC),
        "fence_global": TextForm(_O.FENCE, "mode", 0x00, note="options .EISCRL1 OR in"),
        "fence_local": TextForm(_O.FENCE, "mode", int(FenceFlag.LOCAL), note="options .EISCRL1 OR in"),
        "fence_sw": TextForm(_O.FENCE, "mode", int(FenceFlag.SW_FENCE)),
        "raw_send": TextForm(_O.RAW_SEND, "modifier", 0),
        "raw_sendc": TextForm(_O.RAW_SEND, "modifier", 1),
        "raw_sends": TextForm(_O.RAW_SENDS, "modifier", 0),
        "raw_sendsc": TextForm(_O.RAW_SENDS, "modifier", 1),
        "raw_sends_eot": TextForm(_O.RAW_SENDS, "modifier", 2),
        "raw_sendsc_eot": TextForm(_O.RAW_SENDS, "modifier", 3),
        "lifetime.start": TextForm(_O.LIFETIME, "properties", LifetimeKind.START),
        "lifetime.end": TextForm(_O.LIFETIME, "properties", LifetimeKind.END),
        "sbarrier.signal": TextForm(_O.SBARRIER, "mode", 1),
        "sbarrier.wait": TextForm(_O.SBARRIER, "mode", 0),
        "nbarrier.signal": TextForm(_O.NBARRIER, "mode", 1),
        "nbarrier.wait": TextForm(_O.NBARRIER, "mode", 0),
        **{s.mnemonic: TextForm(_O.SVM, "subop", s.code) for s in SVM_SUBOPS},
    },
    LaterEntries(forms_index.LSC_KEYWORDS, lsc_keywords),
    {
        "lsc_fence": TextForm(_O.LSC_FENCE),
        **{i.name: TextForm(i.opcode, "op", i.op) for i in SAMPLER_3D_OPS.values() if i.in_text},
    },
))



# ---------------------------------------------------------------------------
# Facts for the dump readers (visa.dumps): what a control-flow instruction
# does to the graph, and the report family of the opcodes whose Intel
# category (MISC) does not say it.
# ---------------------------------------------------------------------------

FLOW_ROLE: Mapping[str, str] = MappingProxyType({
    "jmp": "branch",       # scalar jump to a label (predicated: conditional)
    "goto": "goto",        # SIMD goto (predicated: divergent)
    "switchjmp": "switch",  # indexed jump to one of its labels
    "call": "call",        # subroutine call (returns to the next instruction)
    "fcall": "call",       # stack call of a function
    "ifcall": "call",      # indirect stack call
    "ret": "return",       # end of subroutine / kernel
    "fret": "return",
})
"""Control-flow role of each branching opcode (by mnemonic)."""

REPORT_FAMILY: Mapping[str, str] = MappingProxyType({
    "raw_send": "raw send", "raw_sends": "raw send",
    "dpas": "dpas", "dpasw": "dpas",
    "loc": "debug", "file": "debug",  # source positions: IGC gives them no $N id
})
"""Report family of opcodes Intel files under MISC."""

CATEGORY_FAMILY: Mapping[InstCategory, str] = MappingProxyType({
    InstCategory.MOV: "move", InstCategory.ARITH: "arithmetic", InstCategory.LOGIC: "logic",
    InstCategory.COMPARE: "compare", InstCategory.ADDRESS: "address",
    InstCategory.FLOW: "control flow", InstCategory.SIMD_FLOW: "control flow",
    InstCategory.DATA_PORT: "legacy dataport", InstCategory.SVM: "legacy dataport",
    InstCategory.SAMPLER: "sampler", InstCategory.LSC: "lsc", InstCategory.SYNC: "sync",
    InstCategory.MISC: "other", InstCategory.RESERVED: "other",
})
"""Report family of each Intel instruction category."""


def report_family(mnemonic: str) -> str:
    """The statistics family of an instruction by its mnemonic ('other' for
    one the table does not know)."""
    from .forms import FORMS  # the text mnemonic's form names its opcode
    f = FORMS.get(mnemonic)
    d = OPCODES[f.opcode] if f is not None else OPCODES_BY_MNEMONIC.get(mnemonic)
    if d is None:
        return "other"
    return REPORT_FAMILY.get(d.mnemonic) or CATEGORY_FAMILY[d.category]
