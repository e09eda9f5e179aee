"""afuc: the microcode of Adreno's command processor (a5xx PFP/ME, a6xx and
a7xx SQE), read and written as Mesa's ``afuc-disasm`` and ``afuc-asm`` do.

Not imported by ``import visa``.  The instruction set is data: records on
the bit-field engine :mod:`visa.bitisa` (:mod:`visa.afuc.isa`, from Mesa's
afuc.xml); the syntax is grammar/afuc.lark.

* :func:`parse` -- text -> :class:`Program` (statements with positions);
* :func:`format` -- a Program -> text (afuc-dis' layout);
* :func:`assemble` -- a Program or text -> firmware image (bytes);
* :func:`disassemble` -- firmware image -> Program (the listing of
  ``afuc-disasm -u``; ``format`` of it is that text);
* :func:`listing` -- firmware image -> the text of ``afuc-dis`` with its
  options (``-v``, ``-r``, ``-g``, ``-c``).

Bad input raises :class:`AfucError` with every :class:`Diagnostic`
``(line, col, message)``.  The AST nodes are in :mod:`visa.afuc.ast` (and
here).
"""
from __future__ import annotations

from visa.afuc import ast
from visa.afuc.ast import (Align, Bit, Blank, Comment, ControlReg, Imm, Immediate, Instruction,
                           JumpTable, Label, LabelLiteral, LabelRef, Literal, Mem, Note, Operand,
                           Program, Reg, RegisterNote, Section, Shift, SqeReg, Statement, Target)
from visa.afuc.errors import AfucError, Diagnostic


def parse(text: str | bytes, path: str = "<input>") -> ast.Program:
    """The program of afuc source or listing text (bytes are read as UTF-8);
    ``path`` names the text in diagnostics.  Raises :class:`AfucError` with
    every problem of the text."""
    from visa.afuc.parser import parse as _parse
    return _parse(text, path)


def format(program: ast.Program, colours: bool = False) -> str:  # noqa: A001 - the API's name
    """The text of ``program``, one statement a line, as afuc-dis prints it;
    ``colours``: register names coloured as ``afuc-disasm -c`` colours them."""
    from visa.afuc.printer import format as _format
    return _format(program, colours)


def assemble(program: ast.Program | str | bytes, path: str = "<input>",
             fwid: int | None = None) -> bytes:
    """The firmware image of ``program`` (text is parsed first), laid out as
    Mesa's afuc-asm lays it out.  The GPU is that of the first raw word (the
    version word) unless ``fwid`` (0x730...) is given.  Raises
    :class:`AfucError` with every problem."""
    from visa.afuc.asm import assemble as _assemble
    return _assemble(program, path, fwid)


def disassemble(data: bytes, raw: bool = False, fwid: int | None = None) -> ast.Program:
    """The program of a firmware image, as ``afuc-disasm -u`` lists it
    (``format`` prints that listing; ``assemble`` gives ``data`` back).
    ``raw``: every word from the first, no jump table (``-r``); ``fwid``:
    the firmware id instead of the version word's (``-g``).  Raises
    :class:`AfucError` for an image of no known GPU."""
    from visa.afuc.disasm import disassemble as _disassemble
    return _disassemble(data, raw, fwid)


def listing(data: bytes, verbose: bool = False, raw: bool = False, fwid: int | None = None,
            colours: bool = False) -> str:
    """The text ``afuc-dis -u`` prints for a firmware image: ``verbose``
    (``-v``) leads each instruction's lines with its pc and word (a5xx: and
    dumps the jump table), ``raw`` (``-r``), ``fwid`` (``-g``), ``colours``
    (``-c``)."""
    from visa.afuc.disasm import listing as _listing
    return _listing(data, verbose, raw, fwid, colours)


__all__ = [
    "AfucError", "Align", "Bit", "Blank", "Comment", "ControlReg", "Diagnostic", "Imm",
    "Immediate", "Instruction", "JumpTable", "Label", "LabelLiteral", "LabelRef", "Literal", "Mem",
    "Note", "Operand", "Program", "Reg", "RegisterNote", "Section", "Shift", "SqeReg", "Statement",
    "Target", "assemble", "ast", "disassemble", "format", "listing", "parse",
]
