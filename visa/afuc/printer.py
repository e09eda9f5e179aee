""":class:`visa.afuc.ast.Program` -> text, in afuc-dis' layout.

An instruction prints through the template of the form it is
(:func:`visa.afuc.forms.resolve`): each operand the way its slot writes it
(``0x`` and hex for an immediate field, ``$memdata`` or ``$addr`` for the
same register read or written, ``b3``, ``#label``).  One statement a line;
notes after a tab and ``;``.

``colours=True`` colours register names as Mesa's ``afuc-disasm -c`` does
(through its register database decoder): names green, array indices and
other numbers in a name yellow, offsets past a register bold red; nothing
else is coloured.
"""
from __future__ import annotations

import re

from visa.afuc import ast
from visa.afuc.forms import ALL_FORMS, Painter, resolve, text_of

# ANSI colours of Mesa's register-name decoder (freedreno/rnn colors.c,
# envy_def_colors): a register name, a number, an offset ("err")
RESET = "\x1b[0m"
NAME = "\x1b[0;32m"
NUMBER = "\x1b[0;33m"
OFFSET = "\x1b[0;1;31m"

_NAME_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[([^\]]*)\]|\+(0x[0-9a-fA-F]+|[0-9]+)|(.)")


class ColourPainter(Painter):
    """Colours a register name the way Mesa's decoder builds it: each name
    of the path green (``VPC_SO``, ``FLUSH_BASE``), each index yellow
    (``[0x1]``), an offset past the register bold red (``+0x1``)."""

    def name(self, name: str) -> str:
        out = []
        for m in _NAME_PART.finditer(name):
            if m.group(1):
                out.append(NAME + m.group(1) + RESET)
            elif m.group(2) is not None:
                out.append("[" + NUMBER + m.group(2) + RESET + "]")
            elif m.group(3):
                out.append("+" + OFFSET + m.group(3) + RESET)
            else:
                out.append(m.group(4))
        return "".join(out)

    def number(self, text: str) -> str:
        return OFFSET + text + RESET


def _prefixes(ins: ast.Instruction) -> str:
    out = "(rep)" if ins.rep else ""
    if ins.xmov:
        out += f"(xmov{ins.xmov})"
    if ins.sds:
        out += f"(sds{ins.sds})"
    if ins.peek:
        out += "(peek)"
    return out


def format_instruction(ins: ast.Instruction, paint: Painter | None = None) -> str:
    """One instruction, without its note."""
    form = resolve(ALL_FORMS, ins)
    if form is None:  # not an instruction of any form: as written
        ops = ", ".join(text_of(o, paint) for o in ins.operands)
    else:
        ops = ", ".join(s.render(o, paint) for s, o in zip(form.slots, ins.operands))
    return _prefixes(ins) + ins.mnemonic + (" " + ops if ops else "")


def _note(note: ast.Note | None, paint: Painter | None) -> str:
    if note is None:
        return ""
    if type(note) is ast.Comment:
        return "\t;" + note.text
    if type(note) is ast.RegisterNote:
        if note.name is None:
            return f"\t; 0x{note.value:03x}"
        name = (paint.name(note.name) if paint else note.name) + note.suffix
        return "\t; " + ("|" + name if note.kind == "pipe" else name)
    if type(note) is ast.Instruction:
        return "\t; " + format_instruction(note, paint)
    raise TypeError(f"not a note: {note!r}")


def format_statement(st: ast.Statement, paint: Painter | None = None) -> str:
    """One statement as one line (no newline)."""
    if type(st) is ast.Instruction:
        return format_instruction(st, paint) + _note(st.note, paint)
    if type(st) is ast.Label:
        return st.name + ":" + _note(st.note, paint)
    if type(st) is ast.Literal:
        return f"[{st.value:08x}]" + _note(st.note, paint)
    if type(st) is ast.LabelLiteral:
        return f"[#{st.label}]" + _note(st.note, paint)
    if type(st) is ast.Blank:
        return ""
    if type(st) is ast.Comment:
        return ";" + st.text
    if type(st) is ast.Align:
        v = st.value
        return ".align " + (str(v.value) if type(v) is ast.Imm else text_of(v, paint)) \
            + _note(st.note, paint)
    if type(st) is ast.JumpTable:
        return ".jumptbl" + _note(st.note, paint)
    if type(st) is ast.Section:
        return ".section " + st.name + _note(st.note, paint)
    raise TypeError(f"not a statement: {st!r}")


def format(program: ast.Program, colours: bool = False) -> str:
    """The text of ``program``, one statement a line."""
    paint = ColourPainter() if colours else None
    out = [format_statement(s, paint) for s in program.statements]
    return "\n".join(out) + "\n" if out else ""


__all__ = ["format", "format_instruction", "format_statement"]
