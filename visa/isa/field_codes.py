"""The codes of an instruction's fields and of a vector operand's bytes:
execution masks and sizes, source modifiers, predicate controls, condition
modifiers, instruction categories, and the operand tags, region codes,
label kinds, variable and input classes of the binary (Intel's
Common_ISA.h enumerations, values kept)."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping


class ExecMask(enum.IntEnum, metaclass=QuickEnumType):
    """Execution mask control: high nibble of the exec-size byte."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M1_NM = 8
    M2_NM = 9
    M3_NM = 10
    M4_NM = 11
    M5_NM = 12
    M6_NM = 13
    M7_NM = 14
    M8_NM = 15


EXEC_MASK_NAMES: Mapping[ExecMask, str] = MappingProxyType({m: m.name for m in ExecMask})
# "NoMask" is accepted by the text parser and means M1_NM.
EXEC_MASK_BY_NAME: Mapping[str, ExecMask] = MappingProxyType(
    {**{m.name: m for m in ExecMask}, "NoMask": ExecMask.M1_NM}
)


class ExecSize(enum.IntEnum, metaclass=QuickEnumType):
    """Execution size code: low nibble of the exec-size byte."""

    SIMD1 = 0
    SIMD2 = 1
    SIMD4 = 2
    SIMD8 = 3
    SIMD16 = 4
    SIMD32 = 5


EXEC_SIZE_BY_WIDTH: Mapping[int, ExecSize] = MappingProxyType(
    {1: ExecSize.SIMD1, 2: ExecSize.SIMD2, 4: ExecSize.SIMD4, 8: ExecSize.SIMD8,
     16: ExecSize.SIMD16, 32: ExecSize.SIMD32}
)
EXEC_WIDTH: Mapping[ExecSize, int] = MappingProxyType({v: k for k, v in EXEC_SIZE_BY_WIDTH.items()})
EXEC_SIZE_CODE_MASK = 0x0F  # exec-size byte = size code | (ExecMask << 4)
EXEC_MASK_SHIFT = 4


class Modifier(enum.IntEnum, metaclass=QuickEnumType):
    """Operand modifier (bits 3..5 of a vector operand's tag byte)."""

    NONE = 0x0
    ABS = 0x1
    NEG = 0x2
    NEG_ABS = 0x3
    SAT = 0x4  # destination only; written ".sat" after the mnemonic
    NOT = 0x5


MODIFIER_TEXT: Mapping[Modifier, str] = MappingProxyType(
    {Modifier.NONE: "", Modifier.ABS: "(abs)", Modifier.NEG: "(-)",
     Modifier.NEG_ABS: "(-abs)", Modifier.SAT: ".sat", Modifier.NOT: "(~)"}
)


class PredControl(enum.IntEnum, metaclass=QuickEnumType):
    NONE = 0x0
    ANY = 0x1  # ".any"
    ALL = 0x2  # ".all"


PRED_CONTROL_TEXT: Mapping[PredControl, str] = MappingProxyType(
    {PredControl.NONE: "", PredControl.ANY: ".any", PredControl.ALL: ".all"}
)
# Binary predicate field (16 bits): id in bits 0..11 (0 = no predicate),
# control in bits 13..14, inverse ("!P1") in bit 15.
PRED_ID_MASK = 0x0FFF
PRED_CONTROL_SHIFT = 13
PRED_CONTROL_MASK = 0x6000
PRED_INVERSE_BIT = 0x8000


class CondMod(enum.IntEnum, metaclass=QuickEnumType):
    """Relation of cmp (low 3 bits of cmp's relation byte)."""

    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


COND_MOD_NAMES: Mapping[CondMod, str] = MappingProxyType({c: c.name.lower() for c in CondMod})
CMP_N_BIT = 0x80  # bit 7 of the relation byte: "cmpn" (printer support only)


class InstCategory(enum.IntEnum, metaclass=QuickEnumType):
    """Instruction category (Intel: ISA_Inst_Type)."""

    MOV = 0x0
    ARITH = 0x1
    LOGIC = 0x2
    COMPARE = 0x3
    ADDRESS = 0x4
    FLOW = 0x5
    DATA_PORT = 0x6
    SAMPLER = 0x7
    MISC = 0x8
    SIMD_FLOW = 0x9
    SYNC = 0xA
    SVM = 0xB
    LSC = 0xC
    RESERVED = 0xD


# Vector operand encoding enums (shared by binary and text)
# ---------------------------------------------------------------------------


class OperandTag(enum.IntEnum, metaclass=QuickEnumType):
    """Operand class in the low 3 bits of a vector operand's tag byte."""

    GENERAL = 0x0
    ADDRESS = 0x1
    PREDICATE = 0x2
    INDIRECT = 0x3
    ADDRESS_OF = 0x4
    IMMEDIATE = 0x5
    STATE = 0x6


OPERAND_TAG_MASK = 0x7
OPERAND_MODIFIER_SHIFT = 3


class StateOperandClass(enum.IntEnum, metaclass=QuickEnumType):
    SURFACE = 0
    SAMPLER = 1


class RegionCode(enum.IntEnum, metaclass=QuickEnumType):
    """4-bit region field code (vertical stride, width, horizontal stride)."""

    NULL = 0x0  # value -1 ("not given")
    R0 = 0x1
    R1 = 0x2
    R2 = 0x3
    R4 = 0x4
    R8 = 0x5
    R16 = 0x6
    R32 = 0x7


REGION_VALUE: Mapping[RegionCode, int] = MappingProxyType(
    {RegionCode.NULL: -1, RegionCode.R0: 0, RegionCode.R1: 1, RegionCode.R2: 2,
     RegionCode.R4: 4, RegionCode.R8: 8, RegionCode.R16: 16, RegionCode.R32: 32}
)
REGION_CODE_BY_VALUE: Mapping[int, RegionCode] = MappingProxyType({v: k for k, v in REGION_VALUE.items()})


class LabelKind(enum.IntEnum, metaclass=QuickEnumType):
    BLOCK = 0x0
    SUBROUTINE = 0x1
    FC = 0x2  # target of fccall
    FUNCTION = 0x3
    DIVERGENT_RESOURCE_LOOP = 0x4  # igc-1.0.14828.26 only


class VarClass(enum.IntEnum, metaclass=QuickEnumType):
    """Variable classes (declarations "v_type=G/A/P/S/T" and labels)."""

    GENERAL = 0
    ADDRESS = 1
    PREDICATE = 2
    SAMPLER = 3
    SURFACE = 4
    LABEL = 5


V_TYPE_LETTERS: Mapping[str, VarClass] = MappingProxyType(
    {"G": VarClass.GENERAL, "A": VarClass.ADDRESS, "P": VarClass.PREDICATE,
     "S": VarClass.SAMPLER, "T": VarClass.SURFACE}
)


class InputClass(enum.IntEnum, metaclass=QuickEnumType):
    """Bits 0..2 of an input's kind byte."""

    GENERAL = 0x0
    SAMPLER = 0x1
    SURFACE = 0x2


class ImplicitInputKind(enum.IntEnum, metaclass=QuickEnumType):
    """Bits 3..7 of an input's kind byte."""

    EXPLICIT = 0x00
    LOCAL_SIZE = 0x01
    GROUP_COUNT = 0x02
    LOCAL_ID = 0x03
    PSEUDO_INPUT = 0x10


IMPLICIT_INPUT_NAMES: Mapping[ImplicitInputKind, str] = MappingProxyType(
    {k: k.name for k in ImplicitInputKind}  # printed ".implicit_<NAME>"
)
# Intel records a ``.implicit_<NAME>`` whose name it does not know as kind 5
# (one past its list of names) and prints kinds without a name as
# ``.implicit_UNDEFINED_<n>``, which reads back as kind n.
UNKNOWN_IMPLICIT_INPUT_KIND = 5


def implicit_input_kind(directive: str) -> int:
    """The implicit-kind bits (3-7) of an input directive without its dot:
    ``input`` and ``parameter`` are 0, ``implicit_<NAME>`` Intel's kind."""
    if not directive.startswith("implicit"):
        return 0
    name = directive[len("implicit_"):]
    num = name.removeprefix("UNDEFINED_")
    if num != name and num.isdigit():
        return int(num) & 0x1F
    names = {v: k for k, v in IMPLICIT_INPUT_NAMES.items()}
    return int(names.get(name, UNKNOWN_IMPLICIT_INPUT_KIND))


def implicit_input_directive(kind: int) -> str:
    """The directive (without its dot) Intel prints for implicit-kind bits."""
    if kind == 0:
        return "input"
    if kind in ImplicitInputKind.__members__.values():
        return "implicit_" + IMPLICIT_INPUT_NAMES[ImplicitInputKind(kind)]
    return f"implicit_UNDEFINED_{kind}"


class KernelTarget(enum.IntEnum, metaclass=QuickEnumType):
    """Value of the ``Target`` kernel attribute (printed "cm" / "3d")."""

    CM = 0
    D3 = 1


KERNEL_TARGET_NAMES: Mapping[KernelTarget, str] = MappingProxyType(
    {KernelTarget.CM: "cm", KernelTarget.D3: "3d"}
)
