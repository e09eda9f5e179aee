"""The predefined variables (%null, %thread_x ...), surfaces (T0 ... T5)
and sampler (S31), by index and name."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .._record import record
from .datatypes import VisaType

# the rows' shorthand
_T = VisaType


@record
class PredefinedVar:
    index: int  # V<index> in the binary's variable numbering
    name: str
    type: VisaType
    num_elements: int
    since: tuple = (4, 1)  # the vISA version that has it


PREDEFINED_VARS: tuple = (
    PredefinedVar(0, "%null", _T.UD, 1),
    PredefinedVar(1, "%thread_x", _T.UW, 1),
    PredefinedVar(2, "%thread_y", _T.UW, 1),
    PredefinedVar(3, "%group_id_x", _T.UD, 1),
    PredefinedVar(4, "%group_id_y", _T.UD, 1),
    PredefinedVar(5, "%group_id_z", _T.UD, 1),
    PredefinedVar(6, "%tsc", _T.UD, 5),
    PredefinedVar(7, "%r0", _T.UD, 8),
    PredefinedVar(8, "%arg", _T.UD, 256),
    PredefinedVar(9, "%retval", _T.UD, 96),
    PredefinedVar(10, "%sp", _T.UQ, 1),
    PredefinedVar(11, "%fp", _T.UQ, 1),
    PredefinedVar(12, "%hw_id", _T.UD, 1),
    PredefinedVar(13, "%sr0", _T.UD, 4),
    PredefinedVar(14, "%cr0", _T.UD, 1),
    PredefinedVar(15, "%ce0", _T.UD, 1),
    PredefinedVar(16, "%dbg0", _T.UD, 2),
    PredefinedVar(17, "%color", _T.UW, 1),
    PredefinedVar(18, "%impl_arg_buf_ptr", _T.UQ, 1),
    PredefinedVar(19, "%local_id_buf_ptr", _T.UQ, 1),
    PredefinedVar(20, "%msg0", _T.UD, 3),
    PredefinedVar(21, "%scratchloc", _T.UQ, 1, since=(4, 2)),
)
# General variables declared in a kernel are numbered from here (V32...).
NUM_PREDEFINED_VARS = 32
PREDEFINED_VAR_BY_NAME: Mapping[str, PredefinedVar] = MappingProxyType({v.name: v for v in PREDEFINED_VARS})


@record
class PredefinedSurface:
    index: int  # T<index> in the binary
    name: str
    bti: int  # binding-table index the surface maps to


PREDEFINED_SURFACES: tuple = (
    PredefinedSurface(0, "%slm", 254),
    PredefinedSurface(1, "T1", 1),
    PredefinedSurface(2, "T2", 2),
    PredefinedSurface(3, "TSS", 3),
    PredefinedSurface(4, "%bss", 252),
    PredefinedSurface(5, "%scratch", 255),
)
NUM_PREDEFINED_SURFACES = 6
PREDEFINED_SURFACE_BY_NAME: Mapping[str, PredefinedSurface] = MappingProxyType(
    {s.name: s for s in PREDEFINED_SURFACES}
)
BINDLESS_SAMPLER_INDEX = 31  # the predefined sampler "S31"
BINDLESS_SAMPLER_NAME = "S31"


def predefined_var_names(version: tuple = (4, 1)) -> tuple[str, ...]:
    """The predefined variables a vISA version has, in index order."""
    return tuple(v.name for v in PREDEFINED_VARS if v.since <= version)


# vISA 4.1's (the binary format's: its string pool starts with these)
PREDEFINED_VAR_NAMES: tuple[str, ...] = predefined_var_names((4, 1))
PREDEFINED_SURFACE_NAMES: tuple[str, ...] = tuple(s.name for s in PREDEFINED_SURFACES)
NUM_PREDEFINED_PREDICATES = 1  # P0 means "no predicate"; declared ones start at P1
