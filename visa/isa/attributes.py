"""Kernel and variable attributes: their names, value kinds and scopes,
the older spec's attributes vISA 4.1 does not have, and older spellings
Intel still maps to current ones."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping

from .._record import record
from .field_codes import KernelTarget
from .opcodes import REFERENCE_TAG


class AttrValueKind(enum.Enum, metaclass=QuickEnumType):
    BOOL = "bool"  # written without a value
    INT32 = "int32"
    INT64 = "int64"
    STRING = "string"


class AttrScope(enum.Enum, metaclass=QuickEnumType):
    KERNEL = "kernel"
    VAR = "var"


@record
class AttributeDef:
    name: str
    kind: AttrValueKind
    scope: AttrScope
    default: object
    since: str = ""


_B, _I, _S = AttrValueKind.BOOL, AttrValueKind.INT32, AttrValueKind.STRING
_KS, _VS = AttrScope.KERNEL, AttrScope.VAR
ATTRIBUTES: tuple = (
    AttributeDef("Extern", _B, _KS, False),
    AttributeDef("NoBarrier", _B, _KS, False),
    AttributeDef("Callable", _B, _KS, False),
    AttributeDef("Caller", _B, _KS, False),
    AttributeDef("Composable", _B, _KS, False),
    AttributeDef("Entry", _B, _KS, False),
    AttributeDef("Input", _B, _VS, False),
    AttributeDef("Output", _B, _VS, False),
    AttributeDef("PayloadLiveOut", _B, _VS, False),
    AttributeDef("Input_Output", _B, _VS, False),
    AttributeDef("NoWidening", _B, _VS, False),
    AttributeDef("DoNotSpill", _B, _VS, False),
    AttributeDef("ForceSpill", _B, _VS, False, since=REFERENCE_TAG),
    AttributeDef("SepSpillPvtSS", _B, _KS, False),
    AttributeDef("LTO_InvokeOptTarget", _B, _KS, False),
    AttributeDef("AllLaneActive", _B, _KS, False, since=REFERENCE_TAG),
    AttributeDef("Target", _I, _KS, KernelTarget.CM),
    AttributeDef("SLMSize", _I, _KS, 0),
    AttributeDef("SpillMemOffset", _I, _KS, 0),
    AttributeDef("ArgSize", _I, _KS, 0),
    AttributeDef("RetValSize", _I, _KS, 0),
    AttributeDef("PerThreadInputSize", _I, _KS, 0),
    AttributeDef("SimdSize", _I, _KS, 0),
    AttributeDef("Scope", _I, _VS, 0),
    AttributeDef("SurfaceUsage", _I, _VS, 0),
    AttributeDef("CrossThreadInputSize", _I, _KS, -1),
    AttributeDef("NBarrierCnt", _I, _KS, 0),
    AttributeDef("OutputAsmPath", _S, _KS, ""),
)
ATTRIBUTES_BY_NAME: Mapping[str, AttributeDef] = MappingProxyType({a.name: a for a in ATTRIBUTES})
KERNEL_ATTRIBUTES: Mapping[str, AttributeDef] = MappingProxyType(
    {a.name: a for a in ATTRIBUTES if a.scope is AttrScope.KERNEL}
)


# Attributes of the older spec that vISA 4.1 does not have (Intel's text
# assembler rejects them as unknown).
OLDER_ONLY_ATTRIBUTES: Mapping[str, str] = MappingProxyType(
    {"FlagRegNum": "the older spec's flag register number of a predicate"}
)
# Old spellings Intel still maps to current attributes.
ATTRIBUTE_ALIASES: Mapping[str, str] = MappingProxyType(
    {"AsmName": "OutputAsmPath", "perThreadInputSize": "PerThreadInputSize",
     "crossThreadInputSize": "CrossThreadInputSize"}
)
