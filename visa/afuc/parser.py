"""afuc text -> :class:`visa.afuc.ast.Program`.

The syntax is grammar/afuc.lark.  Its rules are regular, so
:class:`visa.bitisa.grammar.RegularGrammar` composes each statement rule
into one regular expression (with the grammar's own terminals, blanks and
comments between tokens, and Lark's keyword priorities): the reader matches
one statement at a time; the group that matched names the statement rule,
and the rule's action below builds its node.  An instruction's operands are
taken one by one with the ``operand`` rule, each alternative of which is
one operand shape.  Which operands a mnemonic takes is not the grammar's
business: the instruction records say it (:func:`visa.afuc.forms.candidates`).

Comments and blank lines become :class:`~visa.afuc.ast.Comment` and
:class:`~visa.afuc.ast.Blank` statements, a comment after a statement on its
line its note, so that a listing prints back as it was (comments inside a
statement that spans lines are dropped).

Every problem is collected (the reader resumes at the next line) and
raised at the end as one :class:`~visa.afuc.errors.AfucError`.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from collections.abc import Callable
from typing import Any

import attrs

from visa.afuc import ast
from visa.afuc.errors import AfucError, Diagnostic, shorten
from visa.afuc.forms import ALL_FORMS, SHAPE_OF, candidates, prefix_problem, shapes_wanted

# ------------------------------------------------------------------ grammar


def grammar_text() -> str:
    """grammar/afuc.lark of this copy of the package (installed as
    visa/grammar/afuc.lark, or in the source tree's grammar/)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for p in (os.path.join(here, "grammar", "afuc.lark"),
              os.path.join(os.path.dirname(here), "grammar", "afuc.lark")):
        if os.path.isfile(p):
            with open(p, encoding="utf-8") as fh:
                return fh.read()
    from importlib import resources
    return resources.files("visa.grammar").joinpath("afuc.lark").read_text(encoding="utf-8")


# the parts of each statement rule and operand alternative the actions read
_STATEMENT_PARTS = {
    "instruction": ("MNEMONIC", "BARE_MNEMONIC"),
    "label": ("NAME",),
    "literal": ("LITERAL",),
    "label_literal": ("LABEL_REF",),
    "align": ("immediate",),
    "jumptbl": (),
    "section": ("NAME",),
}
_OPERAND_PARTS = {
    "mem": ("REG", "immediate", "PREINC"),
    "shift": ("shifted", "amount"),
    "immediate": (),
    "REG": (), "BIT": (), "LABEL_REF": (), "TARGET": (),
}


@attrs.frozen
class _Grammar:
    """grammar/afuc.lark, composed (immutable)."""
    gap: re.Pattern[str]
    statement: re.Pattern[str]
    prefix: re.Pattern[str]
    operand: re.Pattern[str]
    term: re.Pattern[str]


_EXPRESSIONS = ("gap", "statement", "prefix", "operand", "term")


def _compose(text: str) -> dict[str, str]:
    """The reader's expressions, composed from the grammar ``text``."""
    from visa.bitisa.grammar import RegularGrammar  # (only where not cached)

    g = RegularGrammar(text)
    if set(g.choices("_statement")) != set(_STATEMENT_PARTS) or \
            set(g.choices("operand")) != set(_OPERAND_PARTS):  # pragma: no cover - a grammar edit
        raise AssertionError("grammar/afuc.lark and the parser's actions disagree")
    gap = g.gap
    return {
        "gap": gap,
        # a statement; an instruction up to its operands (the rule is cut there)
        "statement": g.alternatives({n: _STATEMENT_PARTS[n] for n in g.choices("_statement")},
                                    cut=("operands",)),
        # prefixes: one at a time (their order is the statement expression's)
        "prefix": g.alternatives({n: () for n in _PREFIX_RANK}),
        # operands: operand ("," operand)*  -- one operand, after its "," if any
        "operand": g.alternatives({n: _OPERAND_PARTS[n] for n in g.choices("operand")},
                                  lead=f"(?:{gap}(?P<comma>,))?"),
        # immediate: (named "+")* (named | HEX | INT)  -- one term, after its "+" if any
        "term": g.alternatives({n: () for n in ("CONTROL_REG", "SQE_REG", "HEX", "INT")},
                               lead=fr"(?:{gap}\+)?"),
    }


def _expressions(text: str, directory: str | None) -> dict[str, str]:
    """The reader's expressions: kept ready-made in ``directory``
    (:mod:`visa.readymade`, under a digest of the grammar text and of the
    composer's code: this module, the lexicon and the regular grammar),
    else composed and kept there for the next run; ``directory`` None: composed
    each time.  A damaged file, or a folder that cannot be written, only means
    composing again."""
    if directory is None:
        return _compose(text)
    from visa import readymade

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = []
    for name in ("bitisa/grammar.py", "lexicon.py", "afuc/parser.py"):
        with open(os.path.join(package, name), "rb") as fh:
            code.append(fh.read())
    name = readymade.key("afuc-expressions", text, *code)
    got = readymade.load("afuc-expressions", name, directory)
    if isinstance(got, dict) and set(got) == set(_EXPRESSIONS) and all(isinstance(v, str) for v in got.values()):
        return got
    made = _compose(text)
    readymade.save("afuc-expressions", name, made, directory)
    return made


@lru_cache(maxsize=1)
def _grammar() -> _Grammar:
    from visa.readymade import Regexes, directory
    where = directory()
    got = _expressions(grammar_text(), where)
    # (their compiled code too: re.compile of the two big alternations is ~5 ms)
    compile = re.compile if where is None else \
        Regexes("afuc-reader", "\0".join(got[k] for k in _EXPRESSIONS), where).compile
    return _Grammar(**{k: compile(got[k]) for k in _EXPRESSIONS})


@lru_cache(maxsize=1)
def _tokens() -> re.Pattern[str]:
    """Any one token, as the lexer would take it (for diagnostics)."""
    from visa.bitisa.grammar import RegularGrammar

    return re.compile(RegularGrammar(grammar_text()).tokens())


# ------------------------------------------------------------------ lexemes
_NAMED_REGS = {"$rem": 0x1c, "$memdata": 0x1d, "$addr": 0x1d, "$regdata": 0x1e,
               "$usraddr": 0x1e, "$data": 0x1f, "$sp": 0x1a, "$lr": 0x1b}
_REGS = {**{f"${i:02x}": i for i in range(0x20)}, **{f"${i:02X}": i for i in range(0x20)},
         **_NAMED_REGS}


class _Fail(Exception):
    """A problem at ``pos``; ``rest_of_line``: reading resumes at the next
    line (what follows the statement is wrong too)."""

    def __init__(self, pos: int, message: str, rest_of_line: bool = False, end: int = 0) -> None:
        self.pos = pos
        self.message = message
        self.rest_of_line = rest_of_line
        self.end = end  # where the statement read so far ends


def _register(text: str, pos: int, check: bool = True) -> int:
    n = _REGS.get(text)
    if n is None and not check:
        return int(text[1:], 16) if all(c in "0123456789abcdefABCDEF" for c in text[1:]) else 0
    if n is None:
        try:
            n = int(text[1:], 16)
        except ValueError:
            raise _Fail(pos, f"invalid register {shorten(text)!r}") from None
        if n > 0x1f:
            raise _Fail(pos, f"register {shorten(text)} out of range ($00-$1f)")
    return n


# more decimal digits than any field takes (and than Python reads without
# complaint): a number that long is refused where it is read
_DIGITS = 40



def _number(text: str, pos: int = 0) -> int:
    """A number as written: ``0x`` and hexadecimal digits (none is 0), or
    decimal ones, or ``-`` and either (a branch target)."""
    digits = text.lstrip("-")
    if len(digits) > _DIGITS:
        raise _Fail(pos, f"number {text[:12]}... is too large ({len(digits)} digits)")
    value = int(digits[2:] or "0", 16) if digits[:2] == "0x" else int(digits)
    return -value if text[:1] == "-" else value


_PREFIX_RANK = {"REP": 0, "XMOV": 1, "SDS": 1, "PEEK": 2}
# a character that begins no continuation of an instruction (a comma, a
# shift, a '+'...) and no blank or comment before one
_NOT_CONTINUING = frozenset("$([#.%@_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def _ends(text: str, end: int) -> bool:
    """The instruction ending at ``end`` certainly continues no further: its
    line ends and the next line begins with a statement (the common case,
    decided without matching an expression)."""
    return text[end:end + 1] == "\n" and text[end + 1:end + 2] in _NOT_CONTINUING


# ------------------------------------------------------------------ reader
class _Reader:
    """One parse: the text, where the current line starts, the diagnostics."""

    def __init__(self, text: str, g: _Grammar, check: bool = True) -> None:
        self.text = text
        self.g = g
        self.check = check  # the records' checks too (else the grammar's alone)
        self.diags: list[Diagnostic] = []
        self.line = 1      # line of self.lstart
        self.lstart = 0    # start of the current line
        self.lend = -1     # the first newline at or after lstart (-1: not known)
        self.lone_cr = False  # a carriage return was reported
        self.operand_match = g.operand.match
        self.gap_match = g.gap.match
        index = g.statement.groupindex
        self.i_instruction = index["instruction"]
        self.i_mnemonic = index["instruction__MNEMONIC"]
        self.i_bare = index["instruction__BARE_MNEMONIC"]
        self.i_reg = g.operand.groupindex["REG"]
        assert g.operand.groupindex["comma"] == 1

    def where(self, pos: int) -> tuple[int, int]:
        """(line, col) of ``pos`` at or after the current line's start."""
        text = self.text
        k = text.count("\n", self.lstart, pos)
        if not k:
            return self.line, pos - self.lstart + 1
        return self.line + k, pos - text.rindex("\n", self.lstart, pos)

    def advance(self, start: int, end: int) -> None:
        """The text ``start:end`` was read: count its lines."""
        k = self.text.count("\n", start, end)
        if k:
            self.line += k
            self.lstart = self.text.rindex("\n", start, end) + 1

    def error(self, pos: int, message: str) -> None:
        line, col = self.where(pos)
        self.diags.append(Diagnostic(line, col, message))

    # -- operands ------------------------------------------------------------
    def immediate(self, start: int, end: int) -> ast.Immediate:
        text = self.text
        line, col = self.where(start)
        if text[start] not in "@%":  # one number: the span is its token
            return ast.Imm(_number(text[start:end], start), line=line, col=col)
        term = self.g.term.match
        terms = []
        pos = start
        while pos < end:
            m = term(text, pos, end)
            if m is None:  # pragma: no cover - the operand expression matched it
                raise _Fail(pos, "expected an immediate")
            kind = m.lastgroup or ""
            terms.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        kind, word, s = terms[-1]
        line, col = self.where(s)
        node: ast.Immediate
        if kind == "CONTROL_REG":
            node = ast.ControlReg(word[1:], line=line, col=col)
        elif kind == "SQE_REG":
            node = ast.SqeReg(word[1:], line=line, col=col)
        else:
            node = ast.Imm(_number(word, s), line=line, col=col)
        for kind, word, s in reversed(terms[:-1]):
            line, col = self.where(s)
            cls = ast.ControlReg if kind == "CONTROL_REG" else ast.SqeReg
            node = cls(word[1:], node, line=line, col=col)
        return node

    def operand(self, m: re.Match[str], kind: str) -> ast.Operand:
        s, e = m.span(kind)
        word = self.text[s:e]
        if s < self.lend:
            line, col = self.line, s - self.lstart + 1
        else:
            line, col = self.where(s)
        if kind == "REG":
            n = _REGS.get(word)
            return ast.Reg(_register(word, s, self.check) if n is None else n, line=line, col=col)
        if kind == "immediate":
            return self.immediate(s, e)
        if kind == "BIT":
            return ast.Bit(_number(word[1:], s), line=line, col=col)
        if kind == "LABEL_REF":
            return ast.LabelRef(word[1:], line=line, col=col)
        if kind == "mem":
            r = m.start("mem__REG")
            rl, rc = self.where(r)
            return ast.Mem(ast.Reg(_register(m.group("mem__REG"), r, self.check), line=rl, col=rc),
                         self.immediate(*m.span("mem__immediate")),
                         m.start("mem__PREINC") >= 0, line=line, col=col)
        if kind == "shift":
            vs, ve = m.span("shift__shifted")
            value: ast.Immediate | ast.LabelRef
            if self.text[vs] == "#":
                vl, vc = self.where(vs)
                value = ast.LabelRef(self.text[vs + 1:ve], line=vl, col=vc)
            else:
                value = self.immediate(vs, ve)
            return ast.Shift(value, self.immediate(*m.span("shift__amount")), line=line, col=col)
        # TARGET: #-5, #0x10
        return ast.Target(_number(word[1:], s), line=line, col=col)

    # -- statements ----------------------------------------------------------
    def instruction(self, m: re.Match[str]) -> tuple[ast.Instruction, int]:
        text = self.text
        start = m.start(self.i_instruction)
        ms, me = m.span(self.i_mnemonic)
        bare = ms < 0
        if bare:
            ms, me = m.span(self.i_bare)
        rep = peek = False
        xmov = sds = 0
        if ms > start:  # (rep), then (xmovN) (peek), or (sdsN)
            rep, xmov, peek, sds = self.prefixes(start, ms)
        mnemonic = text[ms:me]
        end = me
        if bare:
            ops: tuple[ast.Operand, ...] = ()
        else:
            ops, end = self.operands(me, mnemonic)
        if not _ends(text, end):
            nxt = self.gap_match(text, end).end()  # type: ignore[union-attr]
            if text[nxt:nxt + 1] in (",", ":", "<", "+", "]", "!"):
                self.after(nxt, ops, start == ms, ms, mnemonic)
        if start < self.lend:
            line, col = self.line, start - self.lstart + 1
        else:
            line, col = self.where(start)
        note = None
        if text[end:end + 1] != "\n":
            note, end = self.note(end)
        ins = ast.Instruction(mnemonic, ops, rep, xmov, peek, sds, note, line=line, col=col)
        if self.check and not candidates(ALL_FORMS, ins):
            raise _Fail(start if rep or xmov or peek or sds else ms, _no_form(ins), end=end)
        return ins, end

    def prefixes(self, start: int, ms: int) -> tuple[bool, int, bool, int]:
        text = self.text
        rep = peek = False
        xmov = sds = 0
        rank = -1
        pos = start
        while True:
            p = self.g.prefix.match(text, pos, ms)
            if p is None:
                return rep, xmov, peek, sds
            kind = p.lastgroup or ""
            word = p.group(kind)
            r = _PREFIX_RANK[kind]
            if r <= rank or (kind == "PEEK" and sds) or (kind == "SDS" and (xmov or peek)):
                raise _Fail(p.start(kind), f"prefix {word} out of order or repeated (the "
                            "order is (rep), (xmovN), (peek); or (rep), (sdsN))")
            rank = r
            if kind == "REP":
                rep = True
            elif kind == "XMOV":
                xmov = int(word[5])
            elif kind == "SDS":
                sds = int(word[4])
            else:
                peek = True
            pos = p.end()

    def operands(self, me: int, mnemonic: str) -> tuple[tuple[ast.Operand, ...], int]:
        """operands: operand ("," operand)*, from ``me``: the nodes and where
        the last one ends."""
        text = self.text
        op_match = self.operand_match
        o = op_match(text, me)
        if o is None or o.start(1) >= 0:  # group 1: the "," before an operand
            raise _Fail(*_Tokens(text).operand(me, mnemonic), True)
        lend, lstart, line = self.lend, self.lstart, self.line
        ops: list[ast.Operand] = []
        add = ops.append
        i_reg = self.i_reg
        Reg = ast.Reg
        while True:
            s = o.start(i_reg)
            if s >= 0 and s < lend:  # a register, the common case, here
                end = o.end()
                n = _REGS.get(text[s:end])
                add(Reg(n if n is not None else _register(text[s:end], s, self.check), line=line,
                        col=s - lstart + 1))
            else:
                add(self.operand(o, o.lastgroup))  # type: ignore[arg-type]
                end = o.end()
            if text[end:end + 1] == "\n" and text[end + 1:end + 2] in _NOT_CONTINUING:
                break  # _ends(text, end), written out: this runs for every operand
            o = op_match(text, end)
            if o is None or o.start(1) < 0:
                break
        return tuple(ops), end

    def after(self, nxt: int, ops: tuple[ast.Operand, ...], bare: bool, ms: int,
              mnemonic: str) -> None:
        """What follows the instruction at ``nxt`` cannot follow one: say what
        is wrong with the instruction instead of with what follows it."""
        text = self.text
        toks = _Tokens(text)
        t = toks.at(nxt)
        word = t[1] if t is not None else ""
        if word == ":" and not ops and bare:
            raise _Fail(ms, f"{mnemonic!r} is a mnemonic, not a label name", True)
        if word == ",":
            raise _Fail(*toks.operand(t[2], ","), True)  # type: ignore[index]
        if word == "<<":
            raise _Fail(*toks.expected(t[2], "a shift amount after '<<'"), True)  # type: ignore[index]
        if word == "+" and ops and type(ops[-1]) is ast.Reg:
            raise _Fail(text.rindex("$", 0, nxt), "expected '[' before the register (a memory "
                        "operand is [$reg + offset])", True)
        if word in ("+", "]", "!"):
            raise _Fail(nxt, f"unexpected {word!r} after the operands", True)

    def statement(self, m: re.Match[str]) -> tuple[ast.Statement, int]:
        kind = m.lastgroup
        if kind == "instruction":
            return self.instruction(m)
        s = m.start(kind)  # type: ignore[arg-type]
        e = m.end()
        line, col = self.where(s)
        note = None
        if self.text[e:e + 1] != "\n":
            note, e = self.note(e)
        if kind == "label":
            return ast.Label(m.group("label__NAME"), note, line=line, col=col), e
        if kind == "literal":
            word = m.group("literal__LITERAL")
            value = int(word[1:-1], 16)
            if value >> 32 and self.check:
                raise _Fail(s, f"literal {shorten(word)} does not fit 32 bits")
            return ast.Literal(value, note, line=line, col=col), e
        if kind == "label_literal":
            name = m.group("label_literal__LABEL_REF")[1:]
            return ast.LabelLiteral(name, note, line=line, col=col), e
        if kind == "align":
            return ast.Align(self.immediate(*m.span("align__immediate")), note, line=line,
                           col=col), e
        if kind == "jumptbl":
            return ast.JumpTable(note, line=line, col=col), e
        return ast.Section(m.group("section__NAME"), note, line=line, col=col), e

    def gap(self, start: int, end: int, out: list[ast.Statement], fresh: bool) -> None:
        """Blank lines and comment lines in the gap ``start:end`` (``fresh``:
        it begins a line; else it ends the line of the previous statement)."""
        text = self.text
        pos = start
        first = True
        while True:
            nl = text.find("\n", pos, end)
            if nl < 0:
                break
            if fresh or not first:
                piece = text[pos:nl]
                semi = piece.find(";")
                if semi >= 0:
                    out.append(ast.Comment(piece[semi + 1:], line=self.line, col=semi + 1))
                else:
                    out.append(ast.Blank(line=self.line, col=1))
            first = False
            self.line += 1
            self.lstart = pos = nl + 1

    def note(self, end: int) -> tuple[ast.Comment | None, int]:
        """A comment after the statement ending at ``end``, on its line."""
        text = self.text
        j = end
        n = len(text)
        while j < n and text[j] in " \t":
            j += 1
        if j < n and text[j] == ";":
            nl = text.find("\n", j)
            if nl >= 0:
                line, col = self.where(j)
                return ast.Comment(text[j + 1:nl], line=line, col=col), nl
        return None, end

    def run(self) -> list[ast.Statement]:
        text, g = self.text, self.g
        n = len(text)
        gap, stmt = g.gap.match, g.statement.match
        out: list[ast.Statement] = []
        add = out.append
        memo: dict[str, Any] = {}  # line text -> (statement, column), then a maker
        memo_get = memo.get
        pos = 0
        fresh = True
        quiet = " \t\n;"
        line, lstart = 1, 0  # self.line, self.lstart, kept here between statements
        while True:
            if not fresh and text[pos:pos + 1] == "\n" and text[pos + 1:pos + 2] not in quiet:
                # the common case: the statement ended its line, the next one
                # begins the next line
                line += 1
                lstart = pos = pos + 1
            else:
                self.line, self.lstart = line, lstart
                e = gap(text, pos).end()  # type: ignore[union-attr]
                if e > pos:
                    if fresh or ";" in text[pos:e] or text.count("\n", pos, e) > 1:
                        self.gap(pos, e, out, fresh)
                    else:
                        self.advance(pos, e)
                    fresh = True
                    pos = e
                line, lstart = self.line, self.lstart
                if pos >= n:
                    break
            lend = text.find("\n", pos)
            if lend < 0:
                lend = n
            # a line read before (listings repeat many): its statement again
            key = text[pos:lend]
            again = memo_get(key)
            if again is not None:
                if type(again) is tuple:  # seen once: learn how to make it again
                    again = memo[key] = _maker(*again)
                add(again(line, pos - lstart + 1))
                pos = lend
                fresh = False
                continue
            self.line, self.lstart, self.lend = line, lstart, lend
            m = stmt(text, pos)
            if m is None:
                pos = self.recover(pos)
                line, lstart = self.line, self.lstart
                fresh = True
                continue
            try:
                node, end = self.statement(m)
            except _Fail as f:
                self.error(f.pos, f.message)
                end = max(m.end(), f.end)
                if f.rest_of_line or (m.lastgroup == "instruction" and not f.end):
                    # within the operands: what is left of them is no statement
                    nl = text.find("\n", max(f.pos, end))
                    end = n if nl < 0 else nl
                self.advance(pos, end)
                line, lstart = self.line, self.lstart
                pos = end
                fresh = False
                continue
            add(node)
            if end == lend:
                memo[key] = (node, pos - lstart + 1)
            elif text.count("\n", pos, end):
                self.advance(pos, end)
                line, lstart = self.line, self.lstart
            pos = end
            fresh = False
        self.line, self.lstart = line, lstart
        return out

    def recover(self, pos: int) -> int:
        """Report what is wrong at ``pos`` (no statement starts there) and
        return where reading resumes: the start of the line after the
        error's.  A carriage return (not followed by a line feed: the text
        is read with CRLF made LF) is reported once (text with CR line ends
        has one on every line)."""
        at, message = _diagnose(self.text, pos)
        if self.text[at:at + 1] == "\r":
            if not self.lone_cr:
                n = self.text.count("\r")
                self.error(at, "carriage return without a line feed: a line ends with LF or "
                           f"CRLF ({n} such carriage return{'s' * (n > 1)} in the file)")
            self.lone_cr = True
        else:
            self.error(at, message)
        nl = self.text.find("\n", at)
        end = len(self.text) if nl < 0 else nl + 1
        self.advance(pos, end)
        return end


def _maker(node: Any, col: int) -> Callable[[int, int], Any]:
    """A function making ``node`` (read at column ``col`` of one line) again
    at another line and column: the statement of a line read before."""
    t = type(node)
    c = node.col - col
    if t is ast.Reg or t is ast.Bit:
        v = node.number
        return lambda line, at: t(v, line=line, col=at + c)
    if t is ast.Imm or t is ast.Target:
        v = node.value
        return lambda line, at: t(v, line=line, col=at + c)
    if t is ast.LabelRef:
        v = node.name
        return lambda line, at: ast.LabelRef(v, line=line, col=at + c)
    if t is ast.Instruction:
        ops = [_maker(o, col) for o in node.operands]
        note = None if node.note is None else _maker(node.note, col)
        mnemonic, rep, xmov, peek, sds = node.mnemonic, node.rep, node.xmov, node.peek, node.sds
        return lambda line, at: ast.Instruction(
            mnemonic, tuple([f(line, at) for f in ops]), rep, xmov, peek, sds,
            None if note is None else note(line, at), line=line, col=at + c)
    if t is ast.Mem:
        base, offset, pre = _maker(node.base, col), _maker(node.offset, col), node.preincrement
        return lambda line, at: ast.Mem(base(line, at), offset(line, at), pre, line=line, col=at + c)
    if t is ast.Shift:
        value, amount = _maker(node.value, col), _maker(node.amount, col)
        return lambda line, at: ast.Shift(value(line, at), amount(line, at), line=line, col=at + c)
    if t is ast.ControlReg or t is ast.SqeReg:
        name = node.name
        plus = None if node.plus is None else _maker(node.plus, col)
        return lambda line, at: t(name, None if plus is None else plus(line, at),
                                  line=line, col=at + c)
    # the other statements and notes hold no node but their note
    values = {a.name: getattr(node, a.name) for a in t.__attrs_attrs__ if a.name not in ("line", "col")}
    inner = values.pop("note", None)
    note_maker = None if inner is None else _maker(inner, col)
    if note_maker is None:
        return lambda line, at: t(**values, line=line, col=at + c)
    return lambda line, at: t(**values, note=note_maker(line, at), line=line, col=at + c)


def _no_form(ins: ast.Instruction) -> str:
    forms = ALL_FORMS.get(ins.mnemonic, ())
    bare = attrs.evolve(ins, rep=False, xmov=0, peek=False, sds=0)
    if ins.rep or ins.xmov or ins.peek or ins.sds:
        fits = candidates(ALL_FORMS, bare)
        if fits:
            got = prefix_problem(fits[0], ins)
            if got is not None:
                return got
    shapes = ", ".join(SHAPE_OF[type(o)] for o in ins.operands) or "none"
    return (f"{ins.mnemonic}: operands ({shapes}) do not fit: expected "
            f"{shapes_wanted(ALL_FORMS, ins.mnemonic)}" if forms else f"unknown mnemonic {ins.mnemonic!r}")


# ------------------------------------------------------------------ errors
_PREFIXES = "(rep), (xmov1)-(xmov3), (peek), (sds1)-(sds3)"
_SHAPES = "a register, an immediate, bN, #label, [$reg + offset]"


def _diagnose(text: str, pos: int) -> tuple[int, str]:
    """(position, message) for the text at ``pos``, where no statement
    matches: what the token there is, and what was expected instead."""
    toks = _Tokens(text)
    t = toks.at(pos)
    if t is None:
        return pos, _bad_char(text, pos)
    kind, word, end = t
    nxt = toks.at(end)
    colon = nxt is not None and nxt[1] == ":"
    if kind == "NAME":
        if word[0] in "Xx" and text[pos - 1:pos] == "0":
            return pos - 1, f"'0{word}': a hexadecimal number begins with '0x'"
        return pos, f"unknown mnemonic {shorten(word)!r}"
    if kind in ("MNEMONIC", "BARE_MNEMONIC"):
        if colon:
            return pos, f"{word!r} is a mnemonic, not a label name"
        return toks.operand(end, word)
    if kind == "BIT" and colon:
        return pos, f"{word!r} is a bit operand, not a label name"
    if kind in _PREFIX_RANK:
        rank = -1
        last = t
        while t is not None and t[0] in _PREFIX_RANK:
            r = _PREFIX_RANK[t[0]]
            if r <= rank or (t[0] == "SDS" and rank > 0) or (t[0] == "PEEK" and last[0] == "SDS"):
                return t[2] - len(t[1]), (f"prefix {t[1]} out of order or repeated (the order "
                                          "is (rep), (xmovN), (peek); or (rep), (sdsN))")
            rank = r
            last = t
            t = toks.at(t[2])
        if t is not None and t[0] == "NAME":
            after = toks.at(t[2])
            if after is not None and after[1] == ":":
                return t[2] - len(t[1]), f"{t[1]!r}: a label cannot follow a prefix"
            return t[2] - len(t[1]), f"unknown mnemonic {shorten(t[1])!r}"
        return toks.expected(last[2], f"a mnemonic after {last[1]}")
    if word == ",":
        return toks.operand(end, ",")
    if word == "[":
        return toks.expected(end, "'#label' or hex digits in '[...]'")
    if word == ".align":
        return toks.expected(end, "an alignment after .align")
    if word == ".section":
        return toks.expected(end, "a section name after .section")
    if kind == "INT" and text[pos - 1:pos] == "0":
        return pos - 1, f"'0{word}': a decimal number has no leading zero"
    return pos, f"unexpected {shorten(word)!r}: expected a statement"


def _bad_char(text: str, pos: int) -> str:
    ch = text[pos]
    if "\udc80" <= ch <= "\udcff":
        return f"non-UTF-8 byte 0x{ord(ch) - 0xdc00:02x}"
    if ch == ";":
        return "comment at end of file without a newline (a comment ends at its line's newline)"
    m = re.match(r"\([A-Za-z0-9_]*\)", text[pos:pos + 40])
    if m:
        return f"unknown prefix {m.group(0)!r} (known: {_PREFIXES})"
    m = re.match(r"\.[A-Za-z_][A-Za-z0-9_]*", text[pos:pos + 40])
    if m:
        return f"unknown directive {m.group(0)!r} (known: .align, .jumptbl, .section)"
    return f"unknown character {ch!r}"


class _Tokens:
    """The token at a position, as the lexer takes it (for diagnostics)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.re = _tokens()
        self.gap = _grammar().gap

    def start(self, pos: int) -> int:
        return self.gap.match(self.text, pos).end()  # type: ignore[union-attr]

    def at(self, pos: int) -> tuple[str, str, int] | None:
        """(terminal, text, end) of the token after the blanks at ``pos``;
        None at the end or at a character no token takes."""
        p = self.start(pos)
        m = self.re.match(self.text, p)
        if m is None or not m.group(0):
            return None
        kind = m.lastgroup or ""
        return kind, m.group(0), m.end()

    def expected(self, after: int, what: str) -> tuple[int, str]:
        """``what`` was expected after the token ending at ``after``."""
        p = self.start(after)
        t = self.at(after)
        if t is None or self.text.count("\n", after, p):
            if t is None and p < len(self.text) and self.text.count("\n", after, p) == 0:
                return p, _bad_char(self.text, p)
            return after, f"expected {what} at end of line"
        return p, f"expected {what}, got {t[1]!r}"

    def operand(self, after: int, what: str) -> tuple[int, str]:
        """An operand was expected after the token ending at ``after``: the
        first token that does not fit one."""
        t = self.at(after)
        if t is None or t[1] != "[":
            if t is not None and t[0] in ("HEX", "INT", "CONTROL_REG", "SQE_REG", "LABEL_REF"):
                nxt = self.at(t[2])
                if nxt is not None and nxt[1] == "<<":
                    return self.expected(nxt[2], "a shift amount after '<<'")
                if nxt is not None and nxt[1] == "+" and t[0] in ("CONTROL_REG", "SQE_REG"):
                    return self.expected(nxt[2], "an immediate after '+'")
            return self.expected(after, f"an operand after {what!r} ({_SHAPES})")
        # [ REG + immediate ] !?
        t2 = self.at(t[2])
        if t2 is None or t2[0] != "REG":
            return self.expected(t[2], "a register after '['")
        t3 = self.at(t2[2])
        if t3 is None or t3[1] != "+":
            return self.expected(t2[2], "'+' after the register")
        t4 = self.at(t3[2])
        if t4 is None or t4[0] not in ("HEX", "INT", "CONTROL_REG", "SQE_REG"):
            return self.expected(t3[2], "an offset after '+'")
        end = t4[2]
        while t4 is not None and t4[0] in ("CONTROL_REG", "SQE_REG"):
            t5 = self.at(t4[2])
            if t5 is None or t5[1] != "+":
                break
            t4 = self.at(t5[2])
            if t4 is None or t4[0] not in ("HEX", "INT", "CONTROL_REG", "SQE_REG"):
                return self.expected(t5[2], "an offset after '+'")
            end = t4[2]
        return self.expected(end, "']'")


# ------------------------------------------------------------------ entry
def parse(text: str | bytes, path: str = "<input>") -> ast.Program:
    """The program of ``text`` (bytes are read as UTF-8).  Raises
    :class:`~visa.afuc.errors.AfucError` with every problem of the text."""
    program, diags, text = read(text)
    if diags:
        raise AfucError(diags, text, path)
    return program


def read(text: str | bytes, check: bool = True) -> tuple[ast.Program, list[Diagnostic], str]:
    """The program of the statements that read well, the problems of the
    others, and the text as read (for an assembler that reports every
    problem of a file at once).  ``check=False``: the grammar's problems
    alone (not those of registers, instruction forms, literal sizes)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    # a line ends with LF, CRLF or the end of the text (grammar/afuc.lark's
    # BLANK), except a comment's, which needs its newline: read as LF (no
    # column moves); a carriage return that ends the text stays, to be
    # reported, as does a last comment without its newline
    if "\r\n" in text:
        if "\r\r" in text:  # a lone carriage return before a CRLF stays lone
            text = re.sub("(?<!\r)\r\n", "\n", text)
        else:
            text = text.replace("\r\n", "\n")
    if text and not text.endswith("\n"):
        last = text[text.rfind("\n") + 1:]
        if not last.endswith("\r") and ";" not in last:
            text += "\n"
    r = _Reader(text, _grammar(), check)
    stmts = r.run()
    return ast.Program(tuple(stmts), line=1, col=1), r.diags, text


__all__ = ["grammar_text", "parse"]
