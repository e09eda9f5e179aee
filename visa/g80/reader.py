"""G80 assembly text -> lines, by the grammar (grammar/g80.lark).

The lexer is envyas' (the grammar's lexemes, tried in the order of its LEXEME terminal,
with envyas' two stateful rules: the meaning of ``-`` by what precedes it, and nesting
``/+ +/`` comments).  Runs of plain lines (the grammar's INSN_BLOCK) are cut here with the
grammar's PLAIN_* terminals; everything else goes through Lark's LALR parser built from
the grammar's rules, token by token.  A line that does not parse is reported, and the
parse goes on at the next line.

Lines: ``("insn", subinsns, line, col, names_a_label)``, ``("label", name, line, col)``,
``("dir", name, params, line, col)``; a sub-instruction is ``(prefix expressions,
(mnemonic, operands, trailing modifiers))``, an operand ``(modifiers, expressions)``;
expressions are the tuples of :mod:`visa.bitisa.operands` (with ``("sinsn", ...)`` for a
sub-instruction in parentheses and ``("swizzle", ...)`` for envyas' swizzles).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

M64 = (1 << 64) - 1


def grammar_text() -> str:
    """grammar/g80.lark of this copy of the package (installed as visa/grammar/g80.lark)."""
    here = Path(__file__).resolve().parent.parent
    for p in (here / "grammar" / "g80.lark", here.parent / "grammar" / "g80.lark"):
        if p.is_file():
            return p.read_text()
    from importlib import resources
    return resources.files("visa.grammar").joinpath("g80.lark").read_text()


class _Grammar:
    """The grammar's lexemes composed as regular expressions (visa/lexicon.py)."""

    def __init__(self) -> None:
        from visa.lexicon import Lexicon
        self.text = grammar_text()
        lex = Lexicon(self.text)
        m = re.search(r"^LEXEME:(.*?)\n(?=\S)", self.text, re.M | re.S)
        assert m is not None
        order = re.findall(r"\b[A-Z_][A-Z_0-9]*\b", m.group(1))
        # LEXEME's alternatives in its order, each a group of its own name
        self.lexeme = lex.alternatives({name: () for name in order})
        self.block = re.compile(lex.regex("INSN_BLOCK"))
        # the items of a plain line, and the parts of a memory reference
        self.item = lex.alternatives({
            "BLANK": (), "LINE_COMMENT": (), "WORDC": (), "PLAIN_MEM": (), "PLAIN_VEC": (),
            "DOLWORD": (), "PLAIN_SUM": (), "PLAIN_NEG": (), "HASH": (), "WORD": (), "LPAR": (),
            "RPAR": ()})
        self.mem = lex.capture("PLAIN_MEM", ("WORDLB", "PLAIN_BASE", "PLAIN_SIGN", "PLAIN_OFFSET",
                                             "PLAIN_POST"))
        self.sum_term = re.compile(r"([+-]?)(#?)([^+-]+)")


@lru_cache(maxsize=1)
def _grammar() -> _Grammar:
    return _Grammar()


# ---------------------------------------------------------------- numbers and positions

class _Pos(tuple):
    """An expression with the position of its first character (the rules need it for the
    instruction's position); equal to the plain tuple."""

    line: int
    col: int


def _at(value: tuple, line: int, col: int) -> _Pos:
    p = _Pos(value)
    p.line = line
    p.col = col
    return p


def _number(text: str, line: int, col: int, errors: list) -> int:
    """strtoull(text, 0, 0), refusing a number beyond 64 bits (envyas would saturate it)."""
    if text[:2] in ("0x", "0X"):
        v = int(text[2:], 16)
    elif text[0] == "0":
        v = int(text, 8)
    else:
        v = int(text)
    if v > M64:
        errors.append((line, col, f"number {text} does not fit in 64 bits"))
        return M64
    return v


# ---------------------------------------------------------------- plain lines (fast path)

def _cut_block(text: str, line: int, errors: list) -> list[tuple]:
    """The lines of a run of plain lines (INSN_BLOCK) starting at line ``line``."""
    g = _grammar()
    item_finditer = g.item.finditer
    out: list[tuple] = []
    for ln in text.split("\n"):
        if ln.strip():
            _cut_line(ln, line, errors, item_finditer, out)
        line += 1
    return out


def _cut_line(ln: str, line: int, errors: list, finditer: Any, out: list) -> None:
    stack: list[list] = []  # open groups: [name, operands, mods, prefs?, col]
    prefs: list = []
    name = None
    operands: list = []
    mods: list = []
    col0 = 0
    labelled = False
    for m in finditer(ln):
        kind = m.lastgroup
        text = m.group()
        col = m.start() + 1
        if kind == "BLANK" or kind == "LINE_COMMENT":
            continue
        if kind == "WORDC":
            out.append(("label", text[:-1], line, col))
            continue
        if not col0:
            col0 = col
        if kind == "WORD":
            if stack:
                grp = stack[-1]
                if grp[0] is None:
                    grp[0] = text
                else:
                    grp[2].append(text)
            elif name is None:
                name = text
            else:
                mods.append(text)
            continue
        if kind == "LPAR":
            stack.append([None, [], [], col])
            continue
        if kind == "RPAR":
            g_name, g_ops, g_mods, g_col = stack.pop()
            e = _at(("sinsn", (g_name, g_ops, g_mods)), line, g_col)
        elif kind == "DOLWORD":
            e = ("reg", text[1:])
        elif kind == "PLAIN_SUM":
            e = None
            for t in _grammar().sum_term.finditer(text):
                sign, hash_, body = t.groups()
                tcol = col + t.start() + len(sign)
                term = ("label", body, line, tcol) if hash_ else ("num", _number(body, line, tcol, errors))
                if hash_:
                    labelled = True
                e = term if e is None else ("add" if sign == "+" else "sub", e, term)
        elif kind == "PLAIN_NEG":
            e = ("neg", ("num", _number(text[1:], line, col + 1, errors)))
        elif kind == "HASH":
            e = ("discard",)
        elif kind == "PLAIN_VEC":
            e = None
            for part in text.split(":"):
                x = ("discard",) if part == "#" else ("reg", part[1:])
                e = x if e is None else ("vec", e, x)
        else:  # PLAIN_MEM
            mm = _grammar().mem.match(text)
            space = mm.group("WORDLB")
            base = mm.group("PLAIN_BASE")
            bcol = col + mm.start("PLAIN_BASE")
            if base[0] == "$":
                addr: tuple = ("reg", base[1:])
            elif base[0] == "-":
                addr = ("neg", ("num", _number(base[1:], line, bcol + 1, errors)))
            else:
                addr = ("num", _number(base, line, bcol, errors))
            off = mm.group("PLAIN_OFFSET")
            if off is not None:
                n = ("num", _number(off, line, col + mm.start("PLAIN_OFFSET"), errors))
                addr = ("add" if mm.group("PLAIN_SIGN") == "+" else "sub", addr, n)
            post = mm.group("PLAIN_POST")
            if post is not None:
                e = ("mem", space[:-1] if space else "", addr,
                     ("num", _number(post, line, col + mm.start("PLAIN_POST"), errors)), "pp")
            else:
                e = ("mem", space[:-1] if space else "", addr, None, "mem")
        # an expression: a prefix, or an operand of the innermost open group or instruction
        if stack:
            grp = stack[-1]
            grp[1].append((grp[2], [e]))
            grp[2] = []
        elif name is None:
            prefs.append(e)
        else:
            operands.append((mods, [e]))
            mods = []
    if name is not None:
        out.append(("insn", [(prefs, (name, operands, mods))], line, col0, labelled))


# ---------------------------------------------------------------- the lexer (envyas')

_OPENERS = frozenset(("LPAR", "LSQB", "LBRACE"))


def _lex(text: str, fast: bool, errors: list, blocks: dict[int, list]) -> Iterator[tuple]:
    """(type, value, line, column, position) of each lexeme; a run of plain lines at a line
    start is one INSN_BLOCK (``blocks[position]``: the lines it holds)."""
    g = _grammar()
    lexeme = g.lexeme.match
    block = g.block.match
    pos = 0
    n = len(text)
    line = 1
    lstart = 0
    ws = False
    at_line_start = True
    last = ""
    while pos < n:
        if fast and at_line_start:
            b = block(text, pos)
            if b is not None and b.end() > pos:
                body = b.group()
                blocks[pos] = _cut_block(body, line, errors)
                yield ("INSN_BLOCK", body, line, 1, pos)
                nls = body.count("\n")
                line += nls
                pos = b.end()
                if nls:
                    lstart = pos if body.endswith("\n") else lstart
                ws = True
                continue
        at_line_start = False
        col = pos - lstart + 1
        m = lexeme(text, pos)
        if m is None:
            yield ("ERR", text[pos], line, col, pos)
            pos += 1
            continue
        kind = m.lastgroup
        s = m.group()
        end = m.end()
        if kind == "BLOCK_COMMENT":
            nls = s.count("\n")
            if nls:
                line += nls
                lstart = pos + s.rfind("\n") + 1
            pos = end
            continue
        if kind == "NEST_OPEN":
            depth = 1
            p = end
            while depth and p < n:
                if text.startswith("+/", p):
                    depth -= 1
                    p += 2
                elif text.startswith("/+", p):
                    depth += 1
                    p += 2
                else:
                    if text[p] == "\n":
                        line += 1
                        lstart = p + 1
                    p += 1
            pos = p
            continue
        if kind == "BLANK":
            ws = True
        elif kind == "_NL":
            ws = True
            yield ("_NL", s, line, col, pos)
            line += 1
            lstart = end
            # (the line after one that ends with `&` continues the instruction)
            at_line_start = last != "AMP"
        elif kind in ("WORDC", "WORDLB") or kind in _OPENERS:
            ws = True
            yield (kind, s, line, col, pos)
        elif kind == "MINUS_ANY":
            nxt = text[end:end + 1]
            if nxt in (" ", "\t"):
                yield ("MINUS" if ws else "ERR", s, line, col, pos)
            else:
                yield ("UMINUS" if ws else "MINUS", s, line, col, pos)
            ws = False
        else:
            ws = False
            yield (kind, s, line, col, pos)
        last = kind
        pos = end


# ---------------------------------------------------------------- the rules (Lark, LALR)

def _build_parser():
    from . import rules
    return rules.build(_grammar().text, _cache_file())


def _cache_file() -> str | bool:
    import os
    import tempfile
    d = os.environ.get("VISA_CACHE_DIR")
    if d == "":
        return False
    if d is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        d = os.path.join(base, "visa")
    try:
        os.makedirs(d, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=d, delete=True)
        probe.close()
    except OSError:
        return False
    return os.path.join(d, "g80-parser.lark")  # Lark keys it by the grammar's hash


@lru_cache(maxsize=1)
def _parser():
    return _build_parser()


def _describe(tok_type: str, value: str) -> str:
    if tok_type == "ERR":
        return f"character '{value}'"
    if tok_type == "_NL":
        return "end of line"
    if tok_type == "$END":
        return "end of input"
    if tok_type == "WORD":
        return f"word '{value}'"
    return f"'{value}'"


def _rules(toks: list[tuple], errors: list) -> list:
    """The LALR parse of lexemes; a line that does not parse is reported and left out."""
    from lark.exceptions import UnexpectedInput
    lark, build, Token = _parser()
    build.errors = errors
    ip = lark.parse_interactive()
    saved = ip.copy(deepcopy_values=False)
    i = 0
    n = len(toks)
    while i < n:
        typ, value, line, col, pos = toks[i]
        try:
            ip.feed_token(Token(typ, value, pos, line, col))
        except UnexpectedInput:
            errors.append((line, col, f"syntax error: unexpected {_describe(typ, value)}"))
            # go on at the next line: back to the state at the start of this one
            while i < n and toks[i][0] != "_NL":
                i += 1
            ip = saved.copy(deepcopy_values=False)
            i += 1
            continue
        i += 1
        if typ in ("_NL", "INSN_BLOCK", "WORDC", "SEMI"):
            saved = ip.copy(deepcopy_values=False)
    try:
        return ip.feed_eof()
    except UnexpectedInput:  # pragma: no cover - every line ends in a newline
        errors.append((toks[-1][2], toks[-1][3], "syntax error: unexpected end of input"))
        return []


def parse(text: str, fast: bool = True) -> tuple[list[tuple], list[tuple[int, int, str]]]:
    """The lines of ``text`` and the syntax errors ``(line, column, message)``.  ``fast``:
    read runs of plain lines directly (the same result as the rules give)."""
    if not text.endswith("\n"):
        text += "\n"  # envyas needs a newline at the end; we do not
    errors: list = []
    blocks: dict[int, list] = {}
    toks = list(_lex(text, fast, errors, blocks))
    if all(t[0] == "INSN_BLOCK" for t in toks):
        lines = [ln for t in toks for ln in blocks[t[4]]]
    else:
        lines = []
        for item in _rules(toks, errors):
            if isinstance(item, tuple):
                lines.append(item)
            elif getattr(item, "type", None) == "INSN_BLOCK":
                lines.extend(blocks[item.start_pos])
    out = []
    for ln in lines:
        if ln[0] == "insn" and not ln[4]:
            ln = ("insn", ln[1], ln[2], ln[3], _names_label(ln[1]))
        out.append(ln)
    errors.sort()
    return out, errors


def _names_label(subinsns: list) -> bool:
    def has(e: Any) -> bool:
        if not isinstance(e, tuple):
            return False
        if e[0] == "label":
            return True
        return any(has(x) for x in e[1:]) if e[0] != "sinsn" else sinsn_has(e[1])

    def sinsn_has(s: tuple) -> bool:
        return any(has(x) for _, xs in s[1] for x in xs)

    return any(any(has(p) for p in prefs) or sinsn_has(s) for prefs, s in subinsns)
