"""The rules of grammar/g80.lark run by Lark's LALR parser: the results each rule builds
(lines, instructions, expressions with their positions).  Loaded only for text that is not
all plain lines (visa/g80/reader.py)."""

from __future__ import annotations

from typing import Any, Iterator

from lark import Lark, Token, Transformer
from lark.lexer import Lexer

from .reader import _at, _number, _Pos, names_label


class _Tokens(Lexer):
    """Lark's lexer slot: the tokens come from :func:`_lex`, fed one by one."""

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Token]:  # pragma: no cover - tokens are fed
        return iter(data)

def pos_of(x: Any) -> tuple[int, int]:
    if isinstance(x, Token):
        return x.line, x.column
    return x.line, x.col

def bin_(op: str):
    def f(self: Any, c: list) -> _Pos:
        return _at((op, c[0], c[2]), *pos_of(c[0]))
    return f

def un(op: str):
    def f(self: Any, c: list) -> _Pos:
        return _at((op, c[1]), *pos_of(c[0]))
    return f

class Build(Transformer):
    """The rules' results: lines, instructions, expressions (with positions)."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: list = []

    def label(self, c: list) -> tuple:
        t = c[0]
        return ("label", str(t)[:-1], t.line, t.column)

    def directive(self, c: list) -> tuple:
        if len(c) == 1:
            t = c[0]
            return ("dir", str(t)[1:], [], t.line, t.column)
        c[0][2].append(c[1])
        return c[0]

    def insn(self, c: list) -> tuple:
        if len(c) == 1:
            sub, (line, col) = c[0]
            return ("insn", [sub], line, col, names_label(sub))
        sub = c[-1][0]
        return ("insn", c[0][1] + [sub], c[0][2], c[0][3], c[0][4] or names_label(sub))

    def subinsn(self, c: list) -> tuple:
        prefs, sinsn = c
        pos = pos_of(prefs[0]) if prefs else sinsn[1]
        return (prefs, sinsn[0]), pos

    def prefs(self, c: list) -> list:
        """A left-recursive list (``prefs: | prefs item``): empty, then each item appended."""
        if not c:
            return []
        c[0].append(c[1])
        return c[0]

    operands = prefs

    def sinsn(self, c: list) -> tuple:
        t = c[0]
        return (str(t), c[1], c[2]), (t.line, t.column)

    def operand(self, c: list) -> tuple:
        if len(c) == 2:
            return (c[0], [c[1]])
        c[0][1].append(c[2])
        return c[0]

    def mods(self, c: list) -> list:
        if not c:
            return []
        c[0].append(str(c[1]))
        return c[0]

    vec = bin_("vec")
    lor = bin_("lor")
    land = bin_("land")
    or_ = bin_("or")
    xor = bin_("xor")
    and_ = bin_("and")
    shl = bin_("shl")
    shr = bin_("shr")
    add = bin_("add")
    sub = bin_("sub")
    mul = bin_("mul")
    div = bin_("div")
    mod = bin_("mod")
    neg = un("neg")
    not_ = un("not")
    lnot = un("lnot")

    def paren(self, c: list) -> Any:
        return _at(c[1], c[0].line, c[0].column)

    def num(self, c: list) -> _Pos:
        t = c[0]
        return _at(("num", _number(str(t), t.line, t.column, self.errors)), t.line, t.column)

    def labelref(self, c: list) -> _Pos:
        t = c[0]
        return _at(("label", str(t)[1:], t.line, t.column), t.line, t.column)

    def reg(self, c: list) -> _Pos:
        t = c[0]
        return _at(("reg", str(t)[1:]), t.line, t.column)

    def mem(self, c: list) -> _Pos:
        t = c[0]
        space = str(t)[:-1] if t.type == "WORDLB" else ""
        e1, e2, kind = c[1]
        return _at(("mem", space, e1, e2, kind), t.line, t.column)

    def membody(self, c: list) -> tuple:
        if len(c) == 2:
            return (c[1], None, "mem")
        kind = {"PLUSPLUS": "pp", "MINUSMINUS": "mm", "PLUSEQ": "pe", "MINUSEQ": "me"}[c[2].type]
        return (c[1], c[3], kind)

    def swizzle(self, c: list) -> _Pos:
        return _at(("swizzle", c[0], str(c[1])), *pos_of(c[0]))

    lswizzle = swizzle

    def swizzle_end(self, c: list) -> Any:
        return c[0]

    def group(self, c: list) -> _Pos:
        t = c[0]
        return _at(("sinsn", c[1][0]), t.line, t.column)

    def discard(self, c: list) -> _Pos:
        t = c[0]
        return _at(("discard",), t.line, t.column)

    def zvec(self, c: list) -> _Pos:
        t = c[0]
        return _at(("zvec",), t.line, t.column)

    def str(self, c: list) -> _Pos:
        t = c[0]
        return _at(("str", t.value), t.line, t.column)

    def start(self, c: list) -> list:
        return c


def build(grammar: str, cache: str | bool) -> tuple[Lark, "Build", type]:
    """The parser (saved to / loaded from ``cache``, keyed by the grammar's hash) and its
    builder."""
    builder = Build()
    return Lark(grammar, parser="lalr", lexer=_Tokens, transformer=builder, cache=cache), builder, Token
