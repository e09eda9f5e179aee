"""G80 assembly text -> lines, by the grammar (grammar/g80.lark).

The lexer is envyas' (the grammar's lexemes, tried in the order of its LEXEME terminal,
with envyas' two stateful rules: the meaning of ``-`` by what precedes it, and nesting
``/+ +/`` comments).  Runs of plain lines (the grammar's INSN_BLOCK) are cut here with the
grammar's PLAIN_* terminals; everything else goes through the LALR parser of the grammar's
rules (visa/lalr.py: Lark's tables, kept ready-made), token by token.  A line that does not
parse is reported, and the parse goes on at the next line.

Lines: ``("insn", subinsns, line, col, names_a_label[, tokens, shapes, text])`` (plain lines
also carry the instruction's matcher tokens, their shapes and its text), ``("label", name, line, col)``,
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

from visa.bitisa import M64, fold, shape


def grammar_text() -> str:
    """grammar/g80.lark of this copy of the package (installed as visa/grammar/g80.lark)."""
    here = Path(__file__).resolve().parent.parent
    for p in (here / "grammar" / "g80.lark", here.parent / "grammar" / "g80.lark"):
        if p.is_file():
            return p.read_text()
    from importlib import resources
    return resources.files("visa.grammar").joinpath("g80.lark").read_text()


class _Grammar:
    """The grammar's lexemes composed as regular expressions (visa/lexicon.py); what is
    composed, and the compiled code of the expressions, kept between runs
    (visa/readymade.py, under a digest of the grammar and of the lexicon's source)."""

    def __init__(self) -> None:
        from visa.lexicon import Lexicon, source
        from visa.readymade import Regexes
        self.text = grammar_text()
        kept = Regexes("g80-lexicon", self.text + "\0" + source())
        lex = Lexicon(self.text, kept.compile, kept.memo)
        m = re.search(r"^LEXEME:(.*?)\n(?=\S)", self.text, re.M | re.S)
        assert m is not None
        order = re.findall(r"\b[A-Z_][A-Z_0-9]*\b", m.group(1))
        # LEXEME's alternatives in its order, each a group of its own name
        self.lexeme = lex.alternatives({name: () for name in order})
        # the items of a plain line, and the parts of a memory reference
        # the pieces of a plain line, each checked against its own terminal
        def whole(name: str):
            return kept.compile(lex.regex(name)).fullmatch
        self.word = whole("WORD")
        self.dolword = whole("DOLWORD")
        self.vec = whole("PLAIN_VEC")
        self.num = whole("NUM")
        self.sum = whole("PLAIN_SUM")
        self.neg = whole("PLAIN_NEG")
        self.labels = kept.compile(f"(?:{lex.regex('WORDC')})+")
        self.mem = lex.capture("PLAIN_MEM", ("WORDLB", "PLAIN_BASE", "PLAIN_SIGN", "PLAIN_OFFSET",
                                             "PLAIN_POST")).fullmatch
        self.other_space = re.compile(r"[^\S \t]").search
        # a line that begins with `&` continues the instruction before
        self.amp = re.compile(r"[ \t]*&")
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

def _cut_line(ln: str, line: int, errors: list, g: _Grammar,
              memo: dict | None = None) -> list[tuple] | None:
    """The lines a plain line holds (labels, an instruction), or None when it is not a
    PLAIN_LINE.  The line is cut at its blanks; each piece is labels (``NAME:``, only at
    the start), then an item (PLAIN_ITEM's terminals: each piece is checked against its
    own), with a ``(`` before it or a ``)`` after it; they are arranged as PLAIN_INSN says:
    prefix groups, the mnemonic, arguments, and no group in a group.

    ``memo``: the items read so far in this text (one parse's own dict), each
    ``(token, shape)``: words and operands recur from line to line, and an item that reads
    with no error and names no label reads the same wherever it is."""
    c = ln.find("//")
    body = ln if c < 0 else ln[:c]
    if not body.replace("\t", " ").isprintable() and g.other_space(body):
        # white space that is not a blank (a vertical tab...) is no separator (a printable
        # line has none)
        return None
    if memo is None:
        memo = {}
    out: list[tuple] = []
    errs: list = []
    toks: list = []  # the instruction's tokens for the matcher, and their shapes
    keys: list = []
    group: list | None = None  # the open group: [name, operands, mods, column]
    prefs: list = []
    name = None
    operands: list = []
    mods: list = []
    col0 = 0
    labelled = False
    pos = 0
    find = ln.find
    for raw in body.split():
        start = find(raw, pos)
        pos = start + len(raw)
        it = raw
        if not col0 and ":" in it and it[0] not in "$#":
            m = g.labels.match(it)
            if m is None:
                return None
            for lab in m.group().split(":")[:-1]:
                out.append(("label", lab, line, start + 1))
                start += len(lab) + 1
            it = it[m.end():]
            if not it:
                continue
        if it[0] == "(":
            if group is not None:
                return None
            group = [None, [], [], start + 1]
            if not col0:
                col0 = start + 1
            toks.append("(")
            keys.append("(")
            it = it[1:]
            start += 1
            if not g.word(it.rstrip(")")):
                return None
        close = it[-1] == ")"
        if close:
            it = it[:-1]
            if group is None or not it:
                return None
        got = memo.get(it)
        if got is None:
            n = len(errs)
            got = _item(it, line, start, errs, g)
            if got is None:
                return None
            if got[2] is None:
                labelled = True  # (an expression with a label: its positions are its own)
                got = (got[0], got[1], shape(got[1]))
            elif len(errs) == n:
                memo[it] = got
        e = got[0]
        if type(e) is str:
            toks.append(e)
            keys.append(e)
            if group is not None:
                if group[0] is None:
                    group[0] = e
                else:
                    group[2].append(e)
            elif name is None:
                name = e
                if not col0:
                    col0 = start + 1
            else:
                mods.append(e)
            if not close:
                continue
            e = None
        else:
            if group is None and name is None:
                return None  # only groups come before the mnemonic
            toks.append(got[1])
            keys.append(got[2])
        # an expression: an operand of the open group or of the instruction, or a prefix
        if e is not None:
            if group is not None:
                group[1].append((group[2], [e]))
                group[2] = []
            else:
                operands.append((mods, [e]))
                mods = []
        if close:
            g_name, g_ops, g_mods, g_col = group  # type: ignore[misc]
            group = None
            toks.append(")")
            keys.append(")")
            e = _at(("sinsn", (g_name, g_ops, g_mods)), line, g_col)
            if name is None:
                prefs.append(e)
            else:
                operands.append((mods, [e]))
                mods = []
    if group is not None or (prefs and name is None):
        return None
    if name is not None:
        out.append(("insn", [(prefs, (name, operands, mods))], line, col0, labelled, toks, keys,
                    body[col0 - 1:].rstrip()))
    errors += errs
    return out


def _item(it: str, line: int, start: int, errs: list, g: _Grammar) -> tuple | None:
    """One item of a plain line (at column ``start + 1``): ``(word, word, word)`` for a
    word, ``(expression, token, shape)`` for an operand (the token: the expression folded,
    for the matcher), with shape None for one that names a label (its terms carry their
    positions); None when it is none of PLAIN_ITEM's."""
    e: Any
    c = it[0]
    if "a" <= c <= "z" and g.word(it):
        return it, it, it
    if c == "$":
        if ":" in it:
            if not g.vec(it):
                return None
            e = _vec(it)
            return e, e, "$:"
        if not g.dolword(it):
            return None
        e = ("reg", it[1:])
        return e, e, shape(e)
    if "0" <= c <= "9" or c == "#" and len(it) > 1 and it[1] != ":":
        if "+" not in it and "-" not in it and c != "#":
            if c == "0" and len(it) > 2 and it[1] in "xX" and len(it) <= 18 and g.num(it):
                v = int(it, 16)
            elif g.num(it):
                v = _number(it, line, start + 1, errs)
            else:
                return None
            e = ("num", v)
            return e, e, "#n0" if v == 0 else "#n1" if v == 1 else "#n"
        if not g.sum(it):
            return None
        e = None
        labelled = False
        for t in g.sum_term.finditer(it):
            sign, hash_, part = t.groups()
            tcol = start + 1 + t.start() + len(sign)
            if hash_:
                labelled = True
                term: tuple = ("label", part, line, tcol)
            else:
                term = ("num", _number(part, line, tcol, errs))
            e = term if e is None else ("add" if sign == "+" else "sub", e, term)
        f = fold(e)
        return e, f, None if labelled else shape(f)
    if c == "#":
        if it == "#":
            e = ("discard",)
            return e, e, "#"
        if g.vec(it):
            e = _vec(it)
            return e, e, "$:"
        return None
    if c == "-":
        if not g.neg(it):
            return None
        e = ("neg", ("num", _number(it[1:], line, start + 2, errs)))
        f = fold(e)
        return e, f, shape(f)
    mm = g.mem(it)
    if mm is None:
        return None
    col = start + 1
    space = mm.group("WORDLB")
    base = mm.group("PLAIN_BASE")
    if base[0] == "$":
        addr: tuple = ("reg", base[1:])
    elif base[0] == "-":
        addr = ("neg", ("num", _number(base[1:], line, col + mm.start("PLAIN_BASE") + 1, errs)))
    else:
        addr = ("num", _number(base, line, col + mm.start("PLAIN_BASE"), errs))
    off = mm.group("PLAIN_OFFSET")
    if off is not None:
        n = ("num", _number(off, line, col + mm.start("PLAIN_OFFSET"), errs))
        addr = ("add" if mm.group("PLAIN_SIGN") == "+" else "sub", addr, n)
    post = mm.group("PLAIN_POST")
    if post is not None:
        e = ("mem", space[:-1] if space else "", addr,
             ("num", _number(post, line, col + mm.start("PLAIN_POST"), errs)), "pp")
    else:
        e = ("mem", space[:-1] if space else "", addr, None, "mem")
    f = fold(e)
    return e, f, shape(f)


def _vec(text: str) -> tuple:
    e = None
    for part in text.split(":"):
        x = ("discard",) if part == "#" else ("reg", part[1:])
        e = x if e is None else ("vec", e, x)
    return e  # type: ignore[return-value]


# ---------------------------------------------------------------- the lexer (envyas')

_OPENERS = frozenset(("LPAR", "LSQB", "LBRACE"))


def _lex(text: str, fast: bool, errors: list, blocks: dict[int, list]) -> Iterator[tuple]:
    """(type, value, line, column, position) of each lexeme; a run of plain lines at a line
    start is one INSN_BLOCK (``blocks[position]``: the lines it holds)."""
    g = _grammar()
    lexeme = g.lexeme.match
    memo: dict = {}  # the items of plain lines read so far (_cut_line)
    pos = 0
    n = len(text)
    line = 1
    lstart = 0
    ws = False
    at_line_start = True
    last = ""
    while pos < n:
        if fast and at_line_start:
            # a run of plain lines (a line end followed by `&` continues the line)
            run: list[tuple] = []
            p = pos
            k = 0
            e = text.find("\n", p)
            if e < 0:
                e = n
            while p < n:
                # (the next line's end: a `&` in it may continue this line)
                e2 = text.find("\n", e + 1) if e < n else -1
                if e2 < 0:
                    e2 = n
                if text.find("&", e + 1, e2) >= 0 and g.amp.match(text, e + 1):
                    break
                got = _cut_line(text[p:e], line + k, errors, g, memo)
                if got is None:
                    break
                run += got
                k += 1
                p = e + 1
                e = e2
            if k:
                blocks[pos] = run
                yield ("INSN_BLOCK", text[pos:min(p, n)], line, 1, pos)
                line += k
                pos = min(p, n)
                lstart = pos
                ws = True
                if pos >= n:
                    break
                at_line_start = False
                last = "_NL"
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
            pos = end
            continue
        if kind == "_NL":
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


# ---------------------------------------------------------------- the rules (LALR)

@lru_cache(maxsize=1)
def _parser():
    from . import rules
    return rules.build(_grammar().text)


def _describe(tok_type: str, value: str) -> str:
    if tok_type == "ERR":
        return "carriage return without a line feed" if value == "\r" else f"character '{value}'"
    if tok_type == "_NL":
        return "end of line"
    if tok_type == "$END":
        return "end of input"
    if tok_type == "WORD":
        return f"word '{value}'"
    return f"'{value}'"


def _statements(toks: list[tuple]) -> Iterator[list[tuple]]:
    """The lexemes cut into statements: a label, a run of plain lines, or the lexemes up to
    a line end or `;` (an instruction continues over a line end next to a `&`)."""
    cur: list[tuple] = []
    n = len(toks)
    for i, t in enumerate(toks):
        typ = t[0]
        if typ in ("INSN_BLOCK", "WORDC") and not cur:
            yield [t]
            continue
        cur.append(t)
        if typ == "SEMI" or (typ == "_NL" and not (len(cur) > 1 and cur[-2][0] == "AMP")
                             and not (i + 1 < n and toks[i + 1][0] == "AMP")):
            yield cur
            cur = []
    if cur:
        yield cur


def _rules(toks: list[tuple], blocks: dict[int, list], errors: list) -> list:
    """The lines of the lexemes: runs of plain lines as cut, each other statement by the
    LALR parse; a statement that does not parse is reported and left out."""
    out: list = []
    parser = build = None
    for st in _statements(toks):
        if st[0][0] == "INSN_BLOCK":
            out.extend(blocks[st[0][4]])
            continue
        if len(st) == 1 and st[0][0] == "_NL":
            continue
        if parser is None:
            from visa.lalr import Token, UnexpectedToken
            parser, build = _parser()
            build.errors = errors
        try:
            got = parser.parse_tokens(Token(typ, value, pos, line, col) for typ, value, line, col, pos in st)
            out.extend(x for x in got if isinstance(x, tuple))
        except UnexpectedToken as e:
            t = e.token
            errors.append((t.line, t.column, f"syntax error: unexpected {_describe(t.type, t.value)}"))
    return out


def parse(text: str, fast: bool = True) -> tuple[list[tuple], list[tuple[int, int, str]]]:
    """The lines of ``text`` and the syntax errors ``(line, column, message)``.  ``fast``:
    read runs of plain lines directly (the same result as the rules give)."""
    # a line ends with LF or CRLF (the grammar's _NL): read as LF (no column moves); a
    # carriage return without a line feed is an error
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"  # envyas needs a newline at the end; we do not
    errors: list = []
    blocks: dict[int, list] = {}
    toks = list(_lex(text, fast, errors, blocks))
    lines = _rules(toks, blocks, errors)
    errors.sort()
    return lines, errors


def names_label(subinsn: tuple) -> bool:
    """Whether a sub-instruction names a label (its line then is not shared with others)."""
    def has(e: Any) -> bool:
        if not isinstance(e, tuple):
            return False
        if e[0] == "label":
            return True
        if e[0] == "sinsn":
            return sinsn_has(e[1])
        return any(has(x) for x in e[1:])

    def sinsn_has(s: tuple) -> bool:
        return any(has(x) for _, xs in s[1] for x in xs)

    prefs, s = subinsn
    return any(has(p) for p in prefs) or sinsn_has(s)
