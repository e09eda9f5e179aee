"""NVIDIA G80 (Tesla, sm_1x) shader code: envydis/envyas ``-m g80`` compatible tools.

Not imported by ``import visa``.  The description is :mod:`visa.g80.isa` (envydis' tables,
:mod:`visa.g80.tables`, as :mod:`visa.bitisa` records); :mod:`visa.g80.dis` and
:mod:`visa.g80.listing` disassemble, :mod:`visa.g80.reader` (grammar/g80.lark) and
:mod:`visa.g80.asm` assemble.

* :func:`parse` -- text -> :class:`Program` (labels, directives, instructions, with positions);
* :func:`format` -- a Program (or text) -> text, one item a line;
* :func:`assemble` -- a Program or text -> bytes (every section, in order, as ``g80-as -i``);
* :func:`disassemble` -- bytes -> envydis' listing (``exact=True``: text that reassembles to
  the bytes).

Bad input raises :class:`G80Error` with every diagnostic ``(line, column, message)``.  The
names load :mod:`visa.g80.api` when first used (the console scripts do not need it).
"""
from __future__ import annotations

from typing import Any

__all__ = ["G80Error", "Program", "Label", "Directive", "Instruction", "parse", "format",
           "assemble", "disassemble", "variant"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
