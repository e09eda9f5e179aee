"""The platforms vISA targets: Intel's TARGET_PLATFORM codes, the platforms
by name with their generation order, Gen binary code and GRF size, and
:class:`Availability`, where an instruction exists."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType
from types import MappingProxyType
from typing import Mapping, NamedTuple

from .._record import record


class TargetPlatform(enum.IntEnum, metaclass=QuickEnumType):
    """Minimum platform of an instruction description (Intel: TARGET_PLATFORM).

    Not the platform code of ``gen_binary_info`` in the object file.
    """

    NONE = -1
    BDW = 0
    CHV = 1
    SKL = 2
    BXT = 3
    CNL = 4
    ICLLP = 5
    TGLLP = 6
    XE_HP_SDV = 7
    DG2 = 8
    MTL = 9
    PVC = 10
    PVCXT = 11
    ALL = 12


@record
class Platform:
    """A GPU platform as Intel's vISA knows it (visa/common.cpp
    ``PlatformInfo::ALL_PLATFORMS``): its name and the other names it goes by,
    its ``TARGET_PLATFORM`` (the instruction descriptions' minimum platform;
    None for those the 4.1 table does not know), the code that identifies
    its Gen binary in an object file's ``gen_binary_info``, and the size of
    its general registers."""
    name: str
    target: "TargetPlatform | None"
    code: int
    grf_bytes: int
    aliases: tuple[str, ...] = ()
    since: str = ""  # the Intel tag that added it, where later than 4.1's
    # Intel's product code names for it that Intel's table does not list
    # (Alchemist, Battlemage, Rocket Lake, ...): people say them, so the tools take them
    products: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every name it goes by: its own, Intel's aliases, the product names."""
        return (self.name,) + self.aliases + self.products


_V2 = "v2.40.13"
PLATFORMS: tuple[Platform, ...] = (
    Platform("BDW", TargetPlatform.BDW, 3, 32, ("GEN8",)),
    Platform("CHV", TargetPlatform.CHV, 4, 32, ("GEN8LP",)),
    Platform("SKL", TargetPlatform.SKL, 5, 32, ("GEN9", "KBL", "CFL")),
    Platform("BXT", TargetPlatform.BXT, 6, 32, ("GEN9LP",)),
    Platform("ICLLP", TargetPlatform.ICLLP, 10, 32, ("ICL", "GEN11", "GEN11LP")),
    Platform("TGLLP", TargetPlatform.TGLLP, 12, 32, ("DG1", "GEN12LP", "ADL"),
             products=("RKL", "RPL", "XE_LP")),
    Platform("XeHP_SDV", TargetPlatform.XE_HP_SDV, 11, 32),
    Platform("DG2", TargetPlatform.DG2, 13, 32, products=("ACM", "ATSM", "XE_HPG")),
    Platform("MTL", TargetPlatform.MTL, 13, 32, products=("XE_LPG",)),
    Platform("ARL", None, 13, 32, since=_V2),
    Platform("PVC", TargetPlatform.PVC, 14, 64, products=("XE_HPC",)),
    Platform("PVCXT", TargetPlatform.PVCXT, 15, 64),
    Platform("XE2", None, 18, 64, ("LNL",), since=_V2, products=("BMG",)),
    Platform("XE3", None, 19, 64, ("PTL",), since=_V2),
)
# every name, alias and product name, upper case (Intel matches them case-insensitively)
PLATFORM_BY_NAME: Mapping[str, Platform] = MappingProxyType(
    {n.upper(): p for p in PLATFORMS for n in p.names})


def platform_named(name: str) -> "Platform | None":
    """The platform a name means, in any case, with '-' or '_' or nothing
    between its words (``xe-hpg``, ``XeHPG``, ``XE_HPG``); None if unknown."""
    key = name.upper()
    p = PLATFORM_BY_NAME.get(key)
    if p is None:
        squeezed = key.replace("-", "").replace("_", "")
        p = _PLATFORM_BY_SQUEEZED.get(squeezed)
    return p


_PLATFORM_BY_SQUEEZED: Mapping[str, Platform] = MappingProxyType(
    {n.upper().replace("_", ""): p for p in PLATFORMS for n in p.names})


def platform_names_text() -> str:
    """The known names, for a message: 'TGLLP (DG1, GEN12LP, ...), DG2 (...)'."""
    return ", ".join(p.name + (f" ({', '.join(p.names[1:])})" if p.names[1:] else "")
                     for p in PLATFORMS)
# each platform's place in generation order (PLATFORMS' order), by name
PLATFORM_RANK: Mapping[str, int] = MappingProxyType({p.name: k for k, p in enumerate(PLATFORMS)})


def platform_at_least(platform: "Platform | None", name: str) -> bool:
    """Whether ``platform`` is ``name``'s generation or later (False for none)."""
    return platform is not None and PLATFORM_RANK[platform.name] >= PLATFORM_RANK[name]


def platform_before(platform: "Platform | None", name: str) -> bool:
    """Whether ``platform`` is of a generation before ``name``'s (False for none)."""
    return platform is not None and PLATFORM_RANK[platform.name] < PLATFORM_RANK[name]


class Availability(NamedTuple):
    """The platforms an instruction exists on: from the platform of Intel's
    row (``since``, a TARGET_PLATFORM; a platform the 4.1 table does not
    know is not judged by it), before the generation it no longer exists on
    (``until``, a platform name), and never on ``not_on`` (platform names);
    ``why`` says why for the last two."""
    since: "TargetPlatform" = TargetPlatform.ALL
    until: str | None = None
    not_on: frozenset = frozenset()
    why: str = ""

    def refusal(self, mnemonic: str, platform: "Platform | None") -> str | None:
        """Why ``mnemonic`` does not exist on ``platform``, or None."""
        if platform is None:
            return None
        if platform.target is not None and self.since is not TargetPlatform.ALL \
                and platform.target < self.since:
            return f"'{mnemonic}' needs {self.since.name} or later; the platform is {platform.name}"
        if (self.until is not None and platform_at_least(platform, self.until)) \
                or platform.name in self.not_on:
            return f"'{mnemonic}' does not exist on {platform.name} ({self.why})"
        return None


EVERYWHERE = Availability()


# Gen binary code -> the first platform with that code (DG2, MTL and ARL share 13)
PLATFORM_BY_CODE: Mapping[int, Platform] = MappingProxyType(
    {p.code: p for p in reversed(PLATFORMS)})
DEFAULT_GRF_BYTES = 32


def grf_bytes_of(codes) -> int:
    """The GRF size for Gen binaries of these platform codes (the largest;
    32 bytes where none is known)."""
    return max([PLATFORM_BY_CODE[c].grf_bytes for c in codes if c in PLATFORM_BY_CODE]
               or [DEFAULT_GRF_BYTES])
