"""Diagnostics of the afuc tools: ``FILE:LINE:COL: error: MESSAGE``, the
source line and a caret under the column."""
from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._source_line import shown


def shorten(text: str) -> str:
    """``text`` (a name, a number as written), cut for a message where it is
    long: the caret shows where it is."""
    return text if len(text) <= 40 else text[:36] + "..."


@attrs.frozen
class Diagnostic:
    """One problem: 1-based ``line`` and ``col`` in the text (0 for a node
    that was not read from text), and what is wrong."""
    line: int
    col: int
    message: str


class AfucError(ValueError):
    """Bad input (text, program or firmware image); ``diagnostics`` holds
    every problem found, in source order (a list of :class:`Diagnostic`)."""

    def __init__(self, diagnostics: Iterable[Diagnostic], text: str = "",
                 path: str = "<input>") -> None:
        self.diagnostics: list[Diagnostic] = sorted(diagnostics, key=lambda d: (d.line, d.col))
        self.text = text
        self.path = path
        super().__init__(self.render())

    def render(self) -> str:
        """Every diagnostic as ``path:line:col: error: message``, each with its
        source line and a caret where the text is known."""
        lines = self.text.split("\n")
        out = []
        for d in self.diagnostics:
            if d.line <= 0:
                out.append(f"{self.path}: error: {d.message}")
                continue
            out.append(f"{self.path}:{d.line}:{d.col}: error: {d.message}")
            if d.line <= len(lines):
                src = lines[d.line - 1].encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                shown_line, caret = shown(src, d.col)
                out.append("  " + shown_line)
                out.append("  " + caret)
        return "\n".join(out)
