"""Diagnostics: ``file:line:col: error: message``, the source line and a caret."""
from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Diagnostic:
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
    """Raised for bad input of any kind; ``diagnostics`` says what and where."""

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


def source_line(text: str, line: int) -> str | None:
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


def make_diag(text: str, file: str, line: int, col: int, message: str) -> Diagnostic:
    return Diagnostic(file, line, col, message,
                      source_line=source_line(text, line) if text is not None else None)
