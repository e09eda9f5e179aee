"""The G80 (Tesla) description on the shared engine: envydis' tables (visa/g80/tables.py,
bitisa records) as an :class:`~visa.bitisa.Isa`, and the chips, features and program types
that choose the entries available (envydis' ``-V``, ``-F``, ``-O``)."""

from __future__ import annotations

from visa.bitisa import Isa, Table, Variant

from . import tables

TABLES: dict[str, Table] = {t.name: t for t in tables.TABLES}


def _closure(names: list[str]) -> int:
    """The bits of ``names`` and of every feature they imply."""
    bits = 0
    todo = list(names)
    while todo:
        f = todo.pop()
        if not bits & tables.FEATURES[f]:
            bits |= tables.FEATURES[f]
            todo += tables.IMPLIES.get(f, [])
    return bits


#: -V chip -> its features; -F feature -> it and the features it implies; -O type -> its bit
CHIPS: dict[str, int] = {chip: _closure(feats) for chip, feats in tables.VARIANTS.items()}
FEATURES: dict[str, int] = {f: _closure([f]) for f in tables.FEATURES}
MODES: dict[str, int] = dict(tables.MODES)

ISA = Isa(TABLES["root"], names={**{k: v for k, v in vars(tables).items() if k.isupper()}, **TABLES},
          default_size=32)


def variant(features: int = 0, mode: str | None = None) -> Variant:
    """The availability of entries for chip ``features`` and program type ``mode`` (None:
    no -O, which leaves out every entry of a program type)."""
    return Variant(features=features, modes=MODES[mode] if mode else 0)


def mode_of(var: Variant) -> str | None:
    return next((m for m, bit in MODES.items() if var.modes == bit), None)
