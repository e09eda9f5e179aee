""":class:`visa.afuc.ast.Program` -> firmware image, as Mesa's ``afuc-asm``
lays it out.

The image is a zero dword, then each section's words.  The GPU (so the
instruction set generation) comes from the first raw word of the program
(the version word, ``(word >> 12) & 0xfff``: 5ff a5xx, 6ee/6dc/6dd a6xx,
730/740 a7xx).  Within a section, labels are word offsets from the
section's start; ``.align N`` pads with ``nop`` to a multiple of N bytes,
``.jumptbl`` is 128 words (the offset of the label named after each PM4
packet, ``CP_NOP:``, or ``UNKNn:``), ``[#label]`` a label's offset (a6xx+:
with bit 24 set), and ``.section`` pads the previous section to 32 bytes.
Each instruction is encoded through the form it is on that generation
(:func:`visa.afuc.forms.resolve`), so this module has no per-mnemonic code.

Beyond Mesa, on purpose: relative branches after ``.jumptbl`` use the true
offset (Mesa's is 127 short); numeric branch targets (``#-5``, ``call
#900``: the encoded value, as afuc-dis prints it) and ``(rep)nop`` are
taken; an undefined or duplicate label, a branch out of range, a value too
large for its field (Mesa aborts), ``.align`` below 4 (Mesa: SIGFPE), an
instruction the generation lacks (Mesa writes a zero word) and an unknown
register name are errors.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from visa.afuc import ast
from visa.afuc.errors import AfucError, Diagnostic, shorten
from visa.afuc.forms import PREFIX_FIELDS, Form, candidates, forms_for_gen, resolve
from visa.afuc.isa import ISA, PAD, Branch
from visa.bitisa import Field

#: firmware id (version word bits 12-23) -> instruction set generation
FWIDS = {0x5FF: 5, 0x6EE: 6, 0x6DC: 6, 0x6DD: 6, 0x730: 7, 0x740: 7}

_REV: dict[tuple[str, int], dict[str, int]] = {}


def _names(space: str, gen: int) -> dict[str, int]:
    """name -> number of the ``space`` registers of generation ``gen``
    (:func:`visa.afuc.names.domain`; the register tables load on first use)."""
    got = _REV.get((space, gen))
    if got is None:
        from visa.afuc.names import domain
        got = _REV[space, gen] = {v: k for k, v in domain(space, gen).items() if "+" not in v}
    return got


_UNKN = re.compile(r"UNKN\s*([+-]?[0-9]+)")  # Mesa: sscanf(label, "UNKN%d")
#: the largest .align (bytes) taken: a firmware is tens of kilobytes
MAX_ALIGN = 1 << 16


class _Asm:
    def __init__(self, diags: list[Diagnostic], gen: int) -> None:
        self.diags = diags
        self.gen = gen
        self.forms = forms_for_gen(gen)
        self.pad = ISA.encode(self.forms[PAD][0].bitset, {})

    def err(self, node: object, msg: str) -> None:
        self.diags.append(Diagnostic(getattr(node, "line", 0), getattr(node, "col", 0), msg))

    def imm(self, op: ast.Immediate) -> int | None:
        """The value of an immediate: a number, or a register by name (plus
        what follows it)."""
        t = type(op)
        if t is ast.Imm:
            return op.value  # type: ignore[union-attr]
        if t is ast.ControlReg:
            v = _names("CONTROL", self.gen).get(op.name)  # type: ignore[union-attr]
            what = "control"
        else:
            v = _names("SQE", self.gen).get(op.name)  # type: ignore[union-attr]
            what = "SQE"
        if v is None:
            sigil = "@" if t is ast.ControlReg else "%"
            self.err(op, f"unknown {what} register {sigil}{shorten(op.name)} for a{self.gen}xx")  # type: ignore[union-attr]
            return None
        plus = op.plus  # type: ignore[union-attr]
        if plus is None:
            return v
        rest = self.imm(plus)
        return None if rest is None else v + rest

    def run(self, stmts: tuple[ast.Statement, ...]) -> bytes:
        out: list[int] = [0]
        section: list[ast.Statement] = []
        for s in stmts:
            if type(s) is ast.Section:
                out += self.section(section, final=False)
                section = []
            else:
                section.append(s)
        out += self.section(section, final=True)
        return b"".join(w.to_bytes(4, "little") for w in out)

    def section(self, stmts: list[ast.Statement], final: bool) -> list[int]:
        # pass 1: offsets and labels
        labels: dict[str, int] = {}
        placed: list[tuple[int, ast.Statement | None]] = []
        off = 0
        for s in stmts:
            if type(s) is ast.Label:
                if s.name in labels:
                    self.err(s, f"duplicate label {shorten(s.name)!r}")
                else:
                    labels[s.name] = off
            elif type(s) is ast.Align:
                n = self.imm(s.value)
                if n is None:
                    continue
                if n < 4:
                    self.err(s.value, f".align {n}: the alignment is in bytes, at least 4")
                    continue
                if n > MAX_ALIGN:
                    self.err(s.value, f".align {n}: at most {MAX_ALIGN} bytes (a whole "
                             "firmware is smaller)")
                    continue
                while off % (n // 4):
                    placed.append((off, None))
                    off += 1
            elif type(s) is ast.JumpTable:
                placed.append((off, s))
                off += 0x80
            elif type(s) is ast.Instruction or type(s) is ast.Literal or type(s) is ast.LabelLiteral:
                placed.append((off, s))
                off += 1
        if not final:
            while off % 8:
                placed.append((off, None))
                off += 1
        # pass 2: words
        words: list[int] = []
        for pc, p in placed:
            if p is None:
                words.append(self.pad)
            elif type(p) is ast.Instruction:
                words.append(self.insn(p, pc, labels))
            elif type(p) is ast.Literal:
                words.append(p.value)
            elif type(p) is ast.LabelLiteral:
                v = self.label(p, p.label, labels)
                words.append(0 if v is None else (v | (1 << 24) if self.gen >= 6 else v))
            else:
                words += self.jumptbl(labels, p)
        return words

    def label(self, node: object, name: str, labels: Mapping[str, int]) -> int | None:
        v = labels.get(name)
        if v is None:
            self.err(node, f"undefined label {shorten(name)!r}")
        return v

    def jumptbl(self, labels: Mapping[str, int], s: ast.Statement) -> list[int]:
        from visa.afuc.pm4_ids_gen import PM4_IDS
        table = [0] * 0x80
        for name, off in labels.items():
            pid = PM4_IDS.get(name)
            if pid is None:
                m = _UNKN.match(name)
                if m is None:
                    continue
                digits = m.group(1)
                pid = int(digits) if len(digits) < 10 else 1 << 31
            if not 0 <= pid < 0x80:
                self.err(s, f"label {shorten(name)!r}: packet id {shorten(str(pid))} is outside "
                         "the 128-entry table")
                continue
            table[pid] = off
        return table

    def insn(self, ins: ast.Instruction, pc: int, labels: Mapping[str, int]) -> int:
        form = resolve(self.forms, ins)
        if form is None:
            if ins.mnemonic not in self.forms:
                self.err(ins, f"{ins.mnemonic!r} does not exist on a{self.gen}xx")
            elif not candidates(self.forms, ins):
                from visa.afuc.parser import _no_form
                self.err(ins, f"{_no_form(ins)} on a{self.gen}xx")
            else:  # pragma: no cover - every mnemonic has a form without a condition
                self.err(ins, f"{ins.mnemonic}: no form of it on a{self.gen}xx takes these operands")
            return 0
        word = self.fill(form, ins, pc, labels)
        return 0 if word is None else word

    def fill(self, form: Form, ins: ast.Instruction, pc: int, labels: Mapping[str, int]) -> int | None:
        """The word ``ins`` makes of ``form``; None after reporting why it
        cannot."""
        match, prefixes, slots = _layout(form)
        word = match
        if ins.rep or ins.xmov or ins.peek or ins.sds:
            for name, low in prefixes:
                word |= int(getattr(ins, name)) << low
        ok = True
        for (slot, fields, one), op in zip(slots, ins.operands):
            t = type(op)
            if one is not None:  # a slot of one field: the common case
                if t is ast.Reg or t is ast.Bit:
                    v = op.number  # type: ignore[union-attr]
                elif t is ast.Imm:
                    v = op.value  # type: ignore[union-attr]
                else:
                    v = self.symbol(op, fields[0][0].kind, pc, labels)
                    if v is None:
                        ok = False
                        continue
                if v >= 0 and not v >> one[1]:
                    word |= v << one[0]
                    continue
            elif type(op) is ast.Mem:
                base, offset = op.base.number, op.offset
                v = offset.value if type(offset) is ast.Imm else self.imm(offset)
                if v is None:
                    ok = False
                    continue
                (_, l0, w0), (_, l1, w1), (_, l2, _w) = fields
                if 0 <= base and not base >> w0 and 0 <= v and not v >> w1:
                    word |= base << l0 | v << l1 | int(op.preincrement) << l2
                    continue
            for (f, low, width), value, node in zip(fields, slot.values(op), _parts(op)):
                if isinstance(value, int):
                    v = value
                else:
                    got = self.symbol(value, f.kind, pc, labels)
                    if got is None:
                        ok = False
                        continue
                    v = got
                if v < 0 or v >> width:
                    self.err(node, f"{shorten(_shown(node))}: value {shorten(f'{v:#x}')} does not "
                             f"fit the {width}-bit field {f.name}")
                    ok = False
                    continue
                word |= v << low
        return word if ok else None

    def symbol(self, v: object, kind: object, pc: int, labels: Mapping[str, int]) -> int | None:
        """The number a name (label, register), or a branch target as
        written, gives a field of operand kind ``kind``."""
        if type(v) is ast.Target:
            n = v.value
            if isinstance(kind, Branch):
                width = 26 if kind.absolute else 16
                if -(1 << (width - 1)) <= n < 0:
                    n &= (1 << width) - 1  # the encoded value, as listed: two's complement
            return n
        if type(v) is ast.LabelRef:
            off = self.label(v, v.name, labels)
            if off is None:
                return None
            if isinstance(kind, Branch) and not kind.absolute:
                d = off - pc
                if not -0x8000 <= d < 0x8000:
                    self.err(v, f"branch to #{v.name} out of range ({d} words)")
                    return None
                return d & 0xFFFF
            return off
        if type(v) is ast.ControlReg or type(v) is ast.SqeReg or type(v) is ast.Imm:
            return self.imm(v)
        raise TypeError(f"not a value: {v!r}")


Layout = tuple[int, tuple[tuple[str, int], ...],
               tuple[tuple[Any, tuple[tuple[Field, int, int], ...], tuple[int, int] | None], ...]]
_LAYOUTS: dict[int, Layout] = {}
_PREFIX_ATTRS = {f: f.lower() for f in PREFIX_FIELDS}  # field -> the Instruction's attribute


def _layout(form: Form) -> Layout:
    """A form's fixed bits, its prefix fields (node attribute, low bit) and
    each slot's fields (field, low bit, width) and, for a slot of one field,
    its (low bit, width) again, for encoding."""
    got = _LAYOUTS.get(id(form))
    if got is None:
        b = form.bitset
        prefixes = tuple((_PREFIX_ATTRS[f.name], f.low) for f in b.fields if f.name in _PREFIX_ATTRS)
        slots = tuple((s, tuple((f, f.low, f.width) for f in s.fields),
                       (s.fields[0].low, s.fields[0].width) if len(s.fields) == 1 else None)
                      for s in form.slots)
        got = _LAYOUTS[id(form)] = (b.match, prefixes, slots)
    return got


def _parts(op: ast.Operand) -> tuple[object, ...]:
    """The nodes of ``op`` in the order :meth:`Slot.values` gives their
    values (for the positions of messages)."""
    t = type(op)
    if t is ast.Mem:
        return (op.base, op.offset, op)  # type: ignore[union-attr]
    if t is ast.Shift:
        return (op.value, op.amount)  # type: ignore[union-attr]
    return (op, op)



def _shown(node: object) -> str:
    from visa.afuc.forms import text_of
    try:
        return text_of(node)
    except TypeError:
        return type(node).__name__


def assemble(program: ast.Program | str | bytes, path: str = "<input>",
             fwid: int | None = None) -> bytes:
    """The firmware image of ``program`` (text is parsed first).  ``fwid``
    gives the firmware id (0x730...) instead of the first raw word.  Raises
    :class:`~visa.afuc.errors.AfucError` with every problem."""
    text = ""
    diags: list[Diagnostic] = []
    if not isinstance(program, ast.Program):
        # every problem at once: those of the text, then those of what read well
        from visa.afuc.parser import read
        program, diags, text = read(program)
    stmts = program.statements
    if fwid is None:
        first = next((s for s in stmts if type(s) is ast.Literal), None)
        if first is None:
            if diags:
                raise AfucError(diags, text, path)
            at = next((s for s in stmts if type(s) not in (ast.Blank, ast.Comment)), program)
            diags.append(Diagnostic(getattr(at, "line", 0) or 1, getattr(at, "col", 0) or 1,
                                    "no version word: the first raw word [xxxxxxxx] gives the GPU"))
            raise AfucError(diags, text, path)
        fwid = (first.value >> 12) & 0xFFF
        node: object = first
    else:
        node = program
    gen = FWIDS.get(fwid)
    if gen is None:
        diags.append(Diagnostic(getattr(node, "line", 0), getattr(node, "col", 0),
                                f"unknown GPU version {fwid:03x} in the first raw word (known: "
                                + ", ".join(f"{k:03x}" for k in FWIDS) + ")"))
        raise AfucError(diags, text, path)
    data = _Asm(diags, gen).run(stmts)
    if diags:
        raise AfucError(diags, text, path)
    return data


__all__ = ["FWIDS", "assemble"]
