"""Diagnostics: ``file:line:col: error: message``, the source line and a caret."""
from __future__ import annotations

from collections.abc import Iterable

import attrs


@attrs.frozen(slots=True)
class Diagnostic:
    """One problem found in a program: where (``file``, ``line``, ``col``,
    1-based; line 0 when there is no position), what (``message``), how bad
    (``severity``: ``"error"`` or ``"warning"``) and, from the validator, the
    ``rule`` it breaks (see ``docs/VALIDATION.md``).  ``source_line`` is the
    text of the line, for the caret; ``offset`` the byte offset of the
    instruction in a binary (the line and column are then those of the
    printed listing).  ``str(e)`` of a :class:`VisaError` is every
    diagnostic's :meth:`render`."""

    file: str
    line: int
    col: int
    message: str
    severity: str = "error"
    source_line: str | None = None
    rule: str | None = None  # the validator's rule id
    # in a binary: the byte offset of the instruction in the file (the line
    # and column are then those of the printed listing, ``source_line``)
    offset: int | None = None

    def render(self) -> str:
        """``file:line:col: severity: message [rule]``, then the source line
        and a caret under the column when the source line is known."""
        tail = f" [{self.rule}]" if self.rule else ""
        if self.offset is not None:
            head = f"{self.file}+0x{self.offset:x}: {self.severity}: {self.message}{tail}"
        elif self.line <= 0:  # no source position (binary input)
            return f"{self.file}: {self.severity}: {self.message}{tail}"
        else:
            head = f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.message}{tail}"
        if self.source_line is None:
            return head
        src = self.source_line.rstrip("\r\n").expandtabs(1)
        caret = " " * max(self.col - 1, 0) + "^"
        return f"{head}\n{src}\n{caret}"


class VisaError(Exception):
    """Raised for bad input of any kind; ``diagnostics`` (a list of
    :class:`Diagnostic`) says what and where.  The message is every
    diagnostic rendered, one after the other."""

    diagnostics: list[Diagnostic]

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    def render(self) -> str:
        """Every diagnostic rendered (:meth:`Diagnostic.render`), one per line."""
        return "\n".join(d.render() for d in self.diagnostics)


def source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of ``text`` without its newline, or None when
    there is no such line."""
    if line <= 0:
        return None
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start)
        if start < 0:
            return None
        start += 1
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def make_diag(text: str | None, file: str, line: int, col: int, message: str,
              rule: str | None = None) -> Diagnostic:
    """An error at ``file:line:col`` that shows its line of ``text`` (when
    the text is known)."""
    return Diagnostic(file, line, col, message,
                      source_line=source_line(text, line) if text is not None else None, rule=rule)


def node_diag(text: str | None, file: str, node: object, message: str,
              rule: str | None = None) -> Diagnostic:
    """An error at an AST node's position (line 0 when it has none)."""
    return make_diag(text, file, getattr(node, "line", 0) or 0, getattr(node, "col", 0) or 0,
                     message, rule)
