"""Register names of afuc operands by generation (tables generated into regs_gen.py
from Mesa's register database): :func:`domain`, and the :class:`Names` context of
:meth:`visa.afuc.isa.ISA.format <visa.bitisa.Isa.format>`."""

from __future__ import annotations

from visa.afuc.regs_gen import DOMAINS

_EMPTY: dict[int, str] = {}


def domain(space: str, gen: int) -> dict[int, str]:
    """number -> name of the ``space`` registers (``CONTROL``, ``SQE``, ``PIPE``) of
    generation ``gen``: a7xx firmware uses the a6xx SQE registers; a5xx has none."""
    if space == "SQE":
        return DOMAINS["A6XX_SQE_REG"] if gen >= 6 else _EMPTY
    return DOMAINS.get(f"A{gen}XX_{space}_REG", _EMPTY)


class Names:
    """Names for one generation's control (``@``), SQE (``%``) registers (a plain class:
    the disassembler imports this module, and an attrs class costs start-up)."""

    __slots__ = ("gen",)

    def __init__(self, gen: int) -> None:
        self.gen = gen

    def control_name(self, value: int) -> str | None:
        n = domain("CONTROL", self.gen).get(value)
        return None if n is None else "@" + n

    def sqe_name(self, value: int) -> str | None:
        n = domain("SQE", self.gen).get(value)
        return None if n is None else "%" + n
