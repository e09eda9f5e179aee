"""The afuc abstract syntax tree.

A :class:`Program` is its statements in order: instructions, labels, raw
words, directives, and the comments and blank lines of the text (kept so
that a listing prints back as it was read).  Every node is a slotted attrs
class and carries the ``line`` and ``col`` (1-based) it was read from; those
take no part in equality, so programs compare by what they say.  Nodes made
by :func:`visa.afuc.disassemble` or by hand have line 0.

Nodes are mutable, so that a firmware can be patched in place (a list of
statements to insert into, an operand to change), and compare by value
(``==``); like lists, they are not hashable.  (Unlike vISA's frozen nodes:
a whole firmware is tens of thousands of nodes, and making a frozen attrs
node costs two and a half times as much.)

The tree follows the syntax (grammar/afuc.lark): an :class:`Instruction` is
its mnemonic, prefixes and operands as written, one operand node per shape
(register, immediate, named register, bit, label, shifted value, memory
operand).  Which instruction form they make, and its bits, is the business
of the records (``visa.afuc.isa``): the same mnemonic and operands are a
different word on another GPU generation.

Example::

    Instruction("mov", (Reg(0x1d), Shift(Imm(0x830), Imm(16))), rep=True)
    # (rep)mov $addr, 0x830 << 16
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Union

import attrs

if TYPE_CHECKING:  # type checkers know attrs' own decorator (the same class shape)
    from attrs import define as node
else:
    from visa._frozen import _repr

    def node(cls):
        # attrs.define with the package's one shared __repr__ (visa/_frozen.py:
        # it prints what attrs' would, without compiling one per class)
        made = attrs.define(cls, slots=True, repr=False)
        made.__repr__ = _repr
        return made


def _pos() -> int:
    # a node's source position: keyword-only, 0 by default, not compared
    return attrs.field(default=0, eq=False, repr=False, kw_only=True)


# ------------------------------------------------------------------ operands
@node
class Reg:
    """A general register ``$01`` ... ``$1f`` by number.  ``$rem`` is 0x1c,
    ``$memdata``/``$addr`` 0x1d, ``$regdata``/``$usraddr`` 0x1e, ``$data``
    0x1f, ``$sp`` 0x1a, ``$lr`` 0x1b: which name prints depends on whether
    the register is read or written."""
    number: int
    line: int = _pos()
    col: int = _pos()


@node
class Imm:
    """A number: ``0x10``, ``16``."""
    value: int
    line: int = _pos()
    col: int = _pos()


@node
class ControlReg:
    """A control register by name, ``@REG_READ_ADDR``; ``plus`` an immediate
    added to it (``@MEM_READ_ADDR+0x1``)."""
    name: str
    plus: Immediate | None = None
    line: int = _pos()
    col: int = _pos()


@node
class SqeReg:
    """An SQE register by name (a6xx and later), ``%SP``; ``plus`` as for
    :class:`ControlReg`."""
    name: str
    plus: Immediate | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Bit:
    """A bit number, ``b3``."""
    number: int
    line: int = _pos()
    col: int = _pos()


@node
class LabelRef:
    """A label used as a branch target or as its word offset, ``#CP_NOP``."""
    name: str
    line: int = _pos()
    col: int = _pos()


@node
class Target:
    """A branch target as its encoded value, ``#-5``, ``#900``: the signed
    offset of a relative branch, the address of an absolute one (what
    afuc-dis prints where the target is outside the listing)."""
    value: int
    line: int = _pos()
    col: int = _pos()


@node
class Shift:
    """``0x830 << 16``, ``#label << 2``."""
    value: Immediate | LabelRef
    amount: Immediate
    line: int = _pos()
    col: int = _pos()


@node
class Mem:
    """``[$02 + 0x10]``, ``[$00 + @REG_READ_ADDR]``; ``preincrement`` is the
    ``!`` after it (the base register is updated first)."""
    base: Reg
    offset: Immediate
    preincrement: bool = False
    line: int = _pos()
    col: int = _pos()


Immediate = Union[Imm, ControlReg, SqeReg]
Operand = Union[Reg, Imm, ControlReg, SqeReg, Bit, LabelRef, Target, Shift, Mem]


# ------------------------------------------------------------------ notes
@node
class Comment:
    """A comment: ``text`` is everything after the ``;`` (a statement of its
    own on its line, or a note after a statement)."""
    text: str
    line: int = _pos()
    col: int = _pos()


@node
class RegisterNote:
    """What afuc-dis notes after an immediate or raw word: the GPU register
    it names (``kind="gpu"``, ``; CP_SQE_INSTR_BASE``) or the pipe register a
    ``mov $addr, X << 24`` selects (``kind="pipe"``, ``; |NAME``, or the
    number where it has no name).  ``suffix`` is the ``_HI`` the register
    database appends to the name of an address' high half."""
    kind: str
    value: int
    name: str | None
    suffix: str = ""
    line: int = _pos()
    col: int = _pos()


# ------------------------------------------------------------------ statements
@node
class Instruction:
    """``(rep)(xmov1)(peek)add $01, $02, $03``: prefixes as flags (``xmov``
    and ``sds`` are 0 or 1-3), the mnemonic, the operands in order.  A note
    (comment) may follow it on its line."""
    mnemonic: str
    operands: tuple[Operand, ...] = ()
    rep: bool = False
    xmov: int = 0
    peek: bool = False
    sds: int = 0
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Label:
    """``name:``"""
    name: str
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Literal:
    """A raw word, ``[016dd56b]``.  A word afuc-dis cannot print as an
    instruction (don't-care bits set) has the instruction it decodes to as
    its note: ``[da37ca77]\\t; waitin``."""
    value: int
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class LabelLiteral:
    """A label's word offset as a raw word, ``[#jumptbl]`` (a6xx and later
    set bit 24)."""
    label: str
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Align:
    """``.align 32``: pad with ``nop`` to a multiple of ``value`` bytes."""
    value: Immediate
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class JumpTable:
    """``.jumptbl``: the 128-word packet table, from the labels named after
    packets (``CP_NOP:``) or ``UNKNn:``."""
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Section:
    """``.section BV``: a new section (padded to 32 bytes; offsets and
    labels start again)."""
    name: str
    note: Note | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Blank:
    """An empty line (layout only: the assembler ignores it)."""
    line: int = _pos()
    col: int = _pos()


Note = Union[Comment, RegisterNote, Instruction]
Statement = Union[Instruction, Label, Literal, LabelLiteral, Align, JumpTable, Section, Comment,
                  Blank]


@node
class Program:
    """A whole source or listing: its statements in order."""
    statements: tuple[Statement, ...] = ()
    line: int = _pos()
    col: int = _pos()


__all__ = ["Align", "Bit", "Blank", "Comment", "ControlReg", "Imm", "Immediate", "Instruction",
           "JumpTable", "Label", "LabelLiteral", "LabelRef", "Literal", "Mem", "Note", "Operand",
           "Program", "Reg", "RegisterNote", "Section", "SqeReg", "Statement", "Shift", "Target"]
