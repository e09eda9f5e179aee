"""Register-name context for printing afuc operands (tables generated into
regs_gen.py from Mesa's register database)."""

from __future__ import annotations

import attrs

from visa.afuc.regs_gen import DOMAINS

_EMPTY: dict[int, str] = {}


@attrs.frozen
class Names:
    """Names for one generation's control (``@``), SQE (``%``) registers."""

    gen: int

    def _dom(self, what: str) -> dict[int, str]:
        return DOMAINS.get(f"A{self.gen}XX_{what}_REG", _EMPTY)

    def control_name(self, value: int) -> str | None:
        n = self._dom("CONTROL").get(value)
        return None if n is None else "@" + n

    def sqe_name(self, value: int) -> str | None:
        # a7xx firmware uses the a6xx SQE register space
        n = DOMAINS["A6XX_SQE_REG"].get(value) if self.gen >= 6 else None
        return None if n is None else "%" + n
