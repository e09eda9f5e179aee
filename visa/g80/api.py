"""The library of :mod:`visa.g80` (loaded on first use of its names).

Not imported by ``import visa``.  The decode tables are records in :mod:`visa.g80.tables`
(transcribed from envytools' envydis/g80.c by tools/g80_tables.py), an Isa of the shared
engine :mod:`visa.bitisa` (:mod:`visa.g80.isa`): :mod:`visa.g80.dis` decodes through it
(the tables walked forwards), :mod:`visa.g80.asm` matches through its Matcher (backwards).

* :func:`parse` -- text -> :class:`Program` (labels, directives, instructions, with positions);
* :func:`format` -- a Program (or text) -> text, one item a line;
* :func:`assemble` -- a Program or text -> bytes (every section, in order, as ``g80-as -i``);
* :func:`disassemble` -- bytes -> envydis' listing (``exact=True``: text that reassembles to
  the bytes).

Bad input raises :class:`G80Error` with every diagnostic ``(line, column, message)``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Union

import attrs

from visa.bitisa import Variant

from . import asm as _asm
from . import listing as _listing

G80Error = _asm.AsmError


@attrs.frozen
class Label:
    name: str
    line: int
    col: int


@attrs.frozen
class Directive:
    name: str
    params: tuple
    line: int
    col: int


@attrs.frozen
class Instruction:
    subinsns: tuple  # ((prefix expressions, (mnemonic, operands, modifiers)), ...)
    line: int
    col: int


Item = Union[Label, Directive, Instruction]


@attrs.frozen
class Program:
    items: tuple[Item, ...]
    file: str = "<text>"


def parse(text: str, file: str = "<text>") -> Program:
    """Parse G80 assembly (envyas syntax); raises G80Error with every syntax error."""
    items: list[Item] = []
    for ln in _asm.parse(text):
        if ln[0] == "label":
            items.append(Label(ln[1], ln[2], ln[3]))
        elif ln[0] == "dir":
            items.append(Directive(ln[1], tuple(ln[2]), ln[3], ln[4]))
        else:
            items.append(Instruction(tuple(ln[1]), ln[2], ln[3]))
    return Program(tuple(items), file)


def _lines(program: Program) -> list[tuple]:
    out: list[tuple] = []
    for it in program.items:
        if isinstance(it, Label):
            out.append(("label", it.name, it.line, it.col))
        elif isinstance(it, Directive):
            out.append(("dir", it.name, list(it.params), it.line, it.col))
        else:
            out.append(("insn", list(it.subinsns), it.line, it.col, True))
    return out


_BINOPS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "mod": "%", "shl": "<<", "shr": ">>",
           "and": "&", "or": "|", "xor": "^", "land": "&&", "lor": "||"}


def _expr(e: tuple) -> str:
    k = e[0]
    if k == "num":
        return f"0x{e[1]:x}"
    if k == "label":
        return "#" + e[1]
    if k == "reg":
        return "$" + e[1]
    if k == "discard":
        return "#"
    if k == "zvec":
        return "()"
    if k == "str":
        return e[1]
    if k == "vec":
        return _expr(e[1]) + ":" + _expr(e[2])
    if k == "mem":
        inner = _expr(e[2])
        if e[3] is not None:
            inner += {"pp": "++", "mm": "--", "pe": "+=", "me": "-="}[e[4]] + _expr(e[3])
        return f"{e[1]}[{inner}]"
    if k == "sinsn":
        return "(" + _sinsn(e[1]) + ")"
    if k in ("neg", "not", "lnot"):
        return {"neg": "-", "not": "~", "lnot": "!"}[k] + _atomic(e[1])
    if k in ("add", "sub"):
        return _expr(e[1]) + _BINOPS[k] + _atomic(e[2])
    if k in _BINOPS:
        return "(" + _expr(e[1]) + _BINOPS[k] + _expr(e[2]) + ")"
    raise ValueError(k)


def _atomic(e: tuple) -> str:
    s = _expr(e)
    return s if e[0] in ("num", "label", "reg", "mem", "discard", "zvec", "sinsn") else f"({s})"


def _sinsn(s: tuple) -> str:
    name, operands, mods = s
    parts = [name]
    for om, exprs in operands:
        parts.extend(om)
        parts.append(" | ".join(_expr(x) for x in exprs))
    parts.extend(mods)
    return " ".join(parts)


def format(program: Program | str) -> str:  # noqa: A001 - the library's verb
    """Text of a Program: labels, directives and instructions one a line, numbers in hex."""
    if isinstance(program, str):
        program = parse(program)
    out = []
    for it in program.items:
        if isinstance(it, Label):
            out.append(f"{it.name}:")
        elif isinstance(it, Directive):
            out.append("\t." + " ".join([it.name] + [_expr(p) for p in it.params]))
        else:
            subs = []
            for prefs, s in it.subinsns:
                subs.append(" ".join([_atomic(p) for p in prefs] + [_sinsn(s)]))
            out.append("\t" + " & ".join(subs))
    return "\n".join(out) + "\n"


def variant(chip: str | None = "g80", ptype: str | None = None, features: Iterable[str] = ()) -> Variant:
    """Chip (-V), program type (-O) and extra features (-F), as envydis takes them."""
    from .cli import _Usage, variant_from
    try:
        return variant_from([chip] if chip else [], list(features), [ptype] if ptype else [])
    except _Usage as e:
        raise ValueError(str(e)) from None


def assemble(program: Program | str, *, chip: str | None = "g80", ptype: str | None = None,
             features: Iterable[str] = ()) -> bytes:
    """Assemble; the bytes of every section in order (g80-as -i)."""
    var = variant(chip, ptype, features)
    if isinstance(program, str):
        sections = _asm.assemble(program, var)
    else:
        sections = _asm.assemble_lines(_lines(program), var)
    return _asm.output(sections, "raw")


def disassemble(code: bytes, *, chip: str | None = "g80", ptype: str | None = None,
                features: Iterable[str] = (), base: int = 0, quiet: bool = False,
                exact: bool = False) -> str:
    """envydis -n's listing of ``code``; ``exact``: text that g80-as reassembles to ``code``."""
    return _listing.listing(bytes(code), variant(chip, ptype, features), base=base, quiet=quiet,
                            exact=exact)


__all__ = ["G80Error", "Program", "Label", "Directive", "Instruction", "parse", "format",
           "assemble", "disassemble", "variant"]
