"""The source line a diagnostic shows, and the caret under its column, as a
terminal prints them (shared by the vISA, afuc and G80 tools).

A character a terminal would act on rather than print (a carriage return
inside a line, an escape, a backspace, DEL, C1 controls, a byte-order mark)
is shown as ``<U+000D>``, as clang shows it, so that the line shown is the
line read.  A tab stays a tab, and the caret line has a tab at the same
place, so the caret sits under the column whatever the terminal's tab
width.  A wide character (CJK) takes two columns, a combining mark none.
"""
from __future__ import annotations


def _shown_char(c: str) -> str:
    o = ord(c)
    if c == "\t":
        return c
    if o < 0x20 or 0x7F <= o < 0xA0 or o in (0x2028, 0x2029, 0xFEFF):
        return f"<U+{o:04X}>"
    return c


def _width(c: str) -> int:
    if len(c) != 1 or c.isascii():
        return len(c)
    import unicodedata
    if unicodedata.combining(c):
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


def shown(line: str, col: int) -> tuple[str, str]:
    """(the line as shown, the caret line) for a 1-based column ``col`` of
    ``line`` (counted in characters, a tab one); the line's own end (a
    trailing CR or LF) is not shown."""
    line = line.rstrip("\r\n")
    text: list[str] = []
    pad: list[str] = []
    for i, c in enumerate(line):
        s = _shown_char(c)
        text.append(s)
        if i < col - 1:
            pad.append("\t" if s == "\t" else " " * _width(s))
    if col - 1 > len(line):  # (a column past the line's end: the end of the line)
        pad.append(" " * (col - 1 - len(line)))
    return "".join(text), "".join(pad) + "^"
