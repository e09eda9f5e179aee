"""Text -> AST.

The LALR parser of grammar/visa.lark (Lark's tables, run by visa/lalr.py
without importing Lark) sees the program's structure: directives, labels,
scopes, and runs of instruction or directive lines, each run one token.
:class:`_Builder` cuts each line of its tree with the grammar's own operand
shapes and builds the AST; a line's parse is memoised by its text, each node
still getting its own position.  A statement-level pass (:class:`_State`, fed in
source order) groups statements into units and turns directives into
declaration nodes.  Spellings that mean the same binary are rewritten to one
(older dialect, modifiers the binary does not record).  Every problem is a
:class:`visa.VisaError` with file, line and column.
"""
from __future__ import annotations

import re
from functools import lru_cache


import attrs
from ._frozen import frozen
from . import lalr, readymade
from .dispatch import Alternation
from .lalr import Token, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import ast
from .errors import VisaError, make_diag
from .isa.atoms import EncodeError
from .expr import Env
from .isa import datatypes, keywords
from .isa import operands as _operands
from .isa import forms as _forms
from .textread import ENV as _ENV
from .textread import LEX as _LEX
from .textread import LEX_REGEXES as _LEX_REGEXES
from .textread import Fail as _Fail
from .textread import ints as _ints
from .textread import list_items as _list
from .textread import part_re as _part_re
from .textread import to_int as _to_int
from .textread import type_name as _type_name
from .textread import unescape as _unescape
from .textread import unit_dependent as _unit_dependent

# ------------------------------------------------------------------- grammar


# ------------------------------------------------------------ operand tokens
# Each operand shape of the grammar belongs to an operand kind
# (visa/isa/operands.py), which reads it: one regular expression tries them
# all; the shape that matched is the match's ``lastgroup`` and its parts are
# the groups ``SHAPE__PART``.
_read = _operands.read
_op_paren = _operands.List().read_text

_PRED = _part_re("PRED", "PRED_NOT", "PRED_VAR", "PRED_CTRL")
_EXEC = _part_re("EXEC_SIZE", "EXEC_MASK", "EXEC_SIMD", "EXEC_N")
_ATTR_ITEM = _part_re("ATTR_ITEM", "ATTR_NAME", "ATTR_VALUE")
_ALIAS_CALL = _part_re("ALIAS_CALL", "PAREN_TEXT")
_ALIAS_TARGET = _part_re("ALIAS_TARGET", "ALIAS_TARGET_VAR", "ALIAS_TARGET_OFFSET")
_LINE_REST = _part_re("LINE_REST")
_VERSION = _part_re("VERSION")
_TRAILER = _part_re("TRAILER", "TRAILER_PLATFORM", "TRAILER_OPTIONS")


def _parse_pred(tok: Token) -> ast.Predicate:
    m = _PRED.fullmatch(str(tok))
    if not m:  # pragma: no cover - the PRED token has this shape
        raise _Fail(f"invalid predicate '{tok}'", *_tok_pos(tok))
    ctrl = m.group("PRED_CTRL")
    neg = m.group("PRED_NOT")
    line, col = _tok_pos(tok)
    return ast.Predicate(m.group("PRED_VAR"), neg is not None,
                       None if ctrl is None else ctrl.lower(), neg or "!", line=line, col=col)


def _parse_exec(s: str, line: int, col: int) -> ast.ExecSize | None:
    """An execution size ``(M1, 16)``, or None if the list is not one."""
    m = _EXEC.fullmatch(s)
    if not m:
        return None
    mask, simd = m.group("EXEC_MASK"), m.group("EXEC_SIMD")
    if simd is not None:
        n = int(simd[4:])
    else:
        try:
            n = _to_int(m.group("EXEC_N"))
        except ValueError:
            return None
    if mask is not None:
        if mask in ("NM", "NoMask"):
            mask = "M1_NM"
        elif mask.startswith("M0"):
            mask = "M1" + mask[2:]
    return ast.ExecSize(n, mask, line=line, col=col)


# ------------------------------------------------- older-dialect spellings
_LOWER_MODS = frozenset(("eq", "ne", "gt", "ge", "lt", "le", "sat", "any", "all"))


def _lower_case_spelling(op: str, mods: tuple) -> tuple[str, tuple]:
    """``CMP.EQ`` / ``ADD.SAT`` (older spec): mnemonics and relations in lower case."""
    if op.lower() in keywords.TEXT_MNEMONICS or op.lower() in keywords.OLDER_ONLY_OPS:
        op = op.lower()
        mods = tuple(m.lower() if m.lower() in _LOWER_MODS else m for m in mods)
    return op, mods


def _upgrade(ub: "_UnitBuilder") -> None:
    """Rewrite older spellings that need the declarations to the vISA 4.1
    form (visa.isa.forms.upgraded, as the builder does)."""
    addrs = frozenset(d.name for d in ub.decls if type(d) is ast.AddrDecl)
    declared = _forms.declared_in(ub.decls)
    body = ub.body
    for k, ins in enumerate(body):
        if type(ins) is not ast.Instruction:
            continue
        try:
            body[k] = _forms.upgraded(ins, declared, addrs)
        except EncodeError as e:
            node = e.node if e.node is not None else ins
            raise _Fail(str(e), node.line, node.col) from None


# --------------------------------------------------------- tree construction
def _fields(cls):
    return tuple(f.name for f in attrs.fields(cls) if f.name not in ("line", "col"))


_FLAT = {c: _fields(c) for c in (ast.VarRef, ast.Imm, ast.Raw, ast.Name, ast.Number, ast.String, ast.LscData,
                                  ast.Indirect, ast.AddrOf, ast.ExecSize, ast.Predicate)}


def _node_template(n, base: int):
    """(class, field values, column relative to the line's mnemonic) of a
    node whose fields hold no other nodes."""
    return (type(n), tuple(getattr(n, f) for f in _FLAT[type(n)]), n.col - base)


def _template(ins: ast.Instruction, base: int):
    """What an instruction line parses to, positions relative to the line's
    first token; None where an operand holds nodes (LscAddr, Tuple): those
    lines are parsed afresh each time."""
    if any(type(o) not in _FLAT for o in ins.operands):
        return None
    return (ins.op, ins.mods, None if ins.pred is None else _node_template(ins.pred, base),
            None if ins.exec is None else _node_template(ins.exec, base),
            tuple(_node_template(o, base) for o in ins.operands), ins.post_mods, ins.col - base)


# memo value of a line whose parse holds nested nodes: parsed afresh each time
_NO_TEMPLATE = "no template"


def _instantiate(tpl, line: int, base: int) -> ast.Instruction:
    op, mods, ptpl, etpl, otpls, post, col = tpl
    pred = exe = None
    if ptpl is not None:
        pred = ptpl[0](*ptpl[1], line=line, col=base + ptpl[2])
    if etpl is not None:
        exe = etpl[0](*etpl[1], line=line, col=base + etpl[2])
    ops = tuple([cls(*args, line=line, col=base + c) for cls, args, c in otpls])
    return ast.Instruction(op, mods, pred, exe, ops, post, line=line, col=base + col)


# The declarations Intel's compiler writes, in its exact spelling: read
# directly (anything else goes through the general directive path).
_DECL_FAST = _part_re("DECL_FAST", "DECL_NAME", "G_TYPE", "G_NUM", "G_ALIGN", "ALIAS_VAR",
                      "ALIAS_OFFSET", "P_NUM", "ST_KIND", "ST_NUM", "ST_VNAME")


_NO_EXEC = object()  # not seen yet


class _Builder:
    """Builds one program's AST from the parse tree of its text (made anew
    for each parse: it holds that parse's state and memo)."""

    def __init__(self, grammar: "_Grammar", state: "_State"):
        self.operand_re = _operand_re(_operands.KINDS)  # (the kinds in place)
        self.darg_re = grammar.darg_re
        self.pred_re = grammar.pred_re
        self.head_re = grammar.head_re
        self.exec_re = grammar.exec_re
        self.rest_re = grammar.rest_re
        self.decl_re = grammar.decl_re
        self.state = state
        self.older_names = _forms.FORMS.older_names()
        self.readers = _operands.readers()  # shape -> reader, with this parse's memos
        self.memo: dict = {}  # (mnemonic, operands) text -> template
        self.execs: dict = {}  # execution-size text -> (size, mask), or None: not one
        # the syntax errors of the lines that failed, (line, col, message):
        # the parse goes on at the next line (each line is independent)
        self.errors: list[tuple[int, int, str]] = []
        self.failed_directive = False  # a directive line failed (a declaration may be missing)

    def failed(self, f: "_Fail", text: str, line: int, col: int, directive: bool = False) -> None:
        """Line ``line`` (``text``, at column ``col``) did not parse: record
        its error; an instruction line leaves an :class:`ast.Unparsed` in its
        place (when it is inside a unit)."""
        self.errors.append((f.line, f.col, f.message))
        if directive:
            self.failed_directive = True
        elif self.state.cur is not None:
            self.state.cur.body.append(ast.Unparsed(text, f.message, line=line, col=col))

    def build(self, tree) -> None:
        """Each statement of the tree (its children, in text order)."""
        for node in tree.children:
            try:
                getattr(self, node.data)(node.children)
            except _Fail as f:  # a label or a scope brace: go on at the next line
                self.errors.append((f.line, f.col, f.message))

    def split_operands(self, s: str, pos: int, line: int, col0: int):
        """(kind, match, col) for each operand of line ``s`` from ``pos``
        (``col0``: the column of ``s[0]``), up to the line's end or comment."""
        n = len(s)
        match = self.operand_re.match
        out = []
        while pos < n:
            m = match(s, pos)
            if m is None:
                if self.rest_re.fullmatch(s, pos):
                    break
                ln, c, msg = _error_at(s + "\n", pos, line, col0 + pos, ("OPERANDS", "_NL"))
                raise _Fail(msg, ln, c)
            kind = m.lastgroup
            assert kind is not None  # one alternative, a group of its name, matched
            out.append((kind, m, col0 + m.start(kind)))
            pos = m.end()
        return out

    def _exec(self, s: str, line: int, col: int) -> ast.ExecSize | None:
        """``_parse_exec``, remembering the value of each spelling (there are
        few) unless it uses a declaration (``%sizeof``)."""
        hit = self.execs.get(s, _NO_EXEC)
        if hit is _NO_EXEC:
            e = _parse_exec(s, line, col)
            if "%" not in s:
                self.execs[s] = None if e is None else (e.size, e.mask)
            return e
        return None if hit is None else ast.ExecSize(hit[0], hit[1], line=line, col=col)

    def instruction(self, ch):
        """An instruction line that is not one INSTR_LINE token (a block
        comment or a continuation inside it)."""
        i = 0
        pred = None
        t0 = ch[0]
        if t0.type == "PRED":
            pred = _parse_pred(t0)
            i = 1
        head = ch[i]
        items = []
        try:
            for t in ch[i + 1:]:
                items += self.split_operands(str(t), 0, t.line, t.column)
            ins = self._instruction(str(head), head.column, items, head.line)
            if pred is not None:
                ins = attrs.evolve(ins, pred=pred, line=t0.line, col=t0.column)
            self.state.statement(ins)
        except _Fail as f:
            self.failed(f, "".join(str(t) for t in ch), *_tok_pos(t0))

    def instruction_block(self, ch):
        """A run of instruction lines (one INSTR_BLOCK token): each line is
        cut into predicate, mnemonic and operands with the grammar's shapes
        (INSTR_LINE).  The parse of a line's text is memoised; each node gets
        its own line's position."""
        tok = ch[0]
        line = tok.line
        col = tok.column
        memo = self.memo
        statement = self.state.statement
        for piece in str(tok).split("\n")[:-1]:
            if col is None:  # lines after the first start with their blanks
                body = piece.lstrip(" \t\f\r")
                col = 1 + len(piece) - len(body)
            else:
                body = piece
            cut = body.find("//")
            key = (body[:cut] if cut >= 0 and '"' not in body else body).rstrip()
            seen = memo.get(key)
            try:
                if seen is None:  # first time: keep the instruction itself
                    ins = self._one_line(body, line, col)
                    # (a value that depends on the unit's declarations is read
                    # afresh in each unit)
                    memo[key] = _NO_TEMPLATE if _unit_dependent(key) else [ins, col]
                    statement(ins)
                elif type(seen) is list:  # second time: make the template
                    tpl = memo[key] = _template(*seen) or _NO_TEMPLATE
                    statement(_instantiate(tpl, line, col) if tpl is not _NO_TEMPLATE
                              else self._one_line(body, line, col))
                elif seen is _NO_TEMPLATE:
                    statement(self._one_line(body, line, col))
                else:
                    statement(_instantiate(seen, line, col))
            except _Fail as f:  # go on at the next line
                self.failed(f, body, line, col)
            line += 1
            col = None

    def _one_line(self, s: str, line: int, col0: int) -> ast.Instruction:
        """One instruction line (no newline; ``col0``: the column of s[0])."""
        pos = 0
        pm = self.pred_re.match(s)
        if pm is not None:
            pos = pm.end()
        hm = self.head_re.match(s, pos)
        if hm is None:
            ln, c, msg = _error_at(s + "\n", pos, line, col0 + pos, ("HEAD",))
            raise _Fail(msg, ln, c)
        head = hm.group()
        pos = hm.end()
        exe = None
        if "(" not in head:  # the execution size, where one follows the mnemonic
            em = self.exec_re.match(s, pos)
            if em is not None:
                exe = self._exec(em.group("EXEC_SIZE"), line, col0 + em.start("EXEC_SIZE"))
                if exe is not None:
                    pos = em.end()
        ins = self._instruction(head, col0 + hm.start(),
                                self.split_operands(s, pos, line, col0), line, exe)
        if pm is not None:
            pt = Token("PRED", pm.group("PRED"), line=line, column=col0)
            ins = attrs.evolve(ins, pred=_parse_pred(pt), line=line, col=col0)
        return ins

    def _instruction(self, hs: str, hcol: int, items: list, line: int,
                     exe: ast.ExecSize | None = None) -> ast.Instruction:
        """The instruction of head ``hs`` and operand matches ``items``;
        ``exe``: its execution size, already read after the head."""
        operands: list[ast.Operand] = []
        if hs[0] in " \t\\":
            stripped = hs.lstrip(" \t\\\r\n")
            hcol += len(hs) - len(stripped)
            hs = stripped
        glued = None
        if "(" in hs:  # vme_ime(0,0) takes a tuple; mov(M1,8) an execution size
            p = hs.index("(")
            glued = (hs[p:], hcol + p)
            hs = hs[:p].rstrip()
        parts = hs.split(".")
        spaced = hs.find(" ") if " " in hs or "\t" in hs else -1
        if spaced >= 0:  # `add .sat`, `svm_gather. 4. 1`: the grammar took blanks Intel's lexer takes
            spaced = min(i for i in (hs.find(" "), hs.find("\t")) if i >= 0)
            parts = [p.strip(" \t") for p in parts]
            hs = ".".join(parts)
        op = parts[0]
        mods = tuple(parts[1:])
        if not hs.islower():
            op, mods = _lower_case_spelling(op, mods)
        if op in self.older_names:  # the older spec's other names of a mnemonic
            op = self.older_names[op]
        if spaced >= 0 and _forms.text_of(op).glued_mods:
            raise _Fail(f"no blank may stand inside '{hs}' (Intel's lexer reads it as one word)",
                        line, hcol + spaced)
        post: tuple[str, ...] = ()
        if glued is not None:
            exe = self._exec(glued[0], line, glued[1])
            if exe is None:
                operands.append(_op_paren(glued[0], line, glued[1]))
        if items:
            readers = self.readers
            j = 0
            if exe is None and not operands and items[0][0] == "PAREN":
                exe = self._exec(items[0][1].group("PAREN"), line, items[0][2])
                if exe is not None:
                    j = 1
            for kind, m, col in items[j:]:
                if kind == "DOTMOD":
                    text = m.group(kind)
                    if exe is None and not operands:
                        mods += (text[1:],)  # `fence_global .E`
                    else:
                        post += (text[1:],)
                else:
                    operands.append(readers[kind](m, line, col))
        try:
            mods, post, spelled_exe = _forms.spelled(op, mods, post, exe, self.state.version)
        except _forms.SpellingError as e:  # a SIMD mode the text cannot have
            where = exe if exe is not None else ast.ExecSize(0, line=line, col=hcol)
            raise _Fail(str(e), where.line, where.col) from None
        if spelled_exe is not exe and spelled_exe is not None:  # (the record's text facts)
            exe = ast.ExecSize(spelled_exe.size, spelled_exe.mask, line=line, col=hcol + len(hs) + 1)
        return ast.Instruction(op, mods, None, exe, tuple(operands), post, line=line, col=hcol)

    def directive(self, ch):
        """Cut the arguments into KEY and value tokens; the state interprets
        the list."""
        d = ch[0]
        out = [d]
        try:
            for t in ch[1:]:
                self._dargs(str(t), t.line, t.column, out)
            self.state.directive(out)
        except _Fail as f:
            self.failed(f, "", *_tok_pos(d), directive=True)

    def _dargs(self, s: str, line: int, col: int, out: list) -> None:
        pos = 0
        n = len(s)
        match = self.darg_re.match
        while pos < n:
            m = match(s, pos)
            if m is None or m.end() == pos:
                rest = s[pos:]
                if not rest.strip() or rest.lstrip().startswith("//"):
                    return
                ln, c, msg = _error_at(s + "\n", pos, line, col + pos, ("DARGS", "_NL"))
                raise _Fail(msg, ln, c)
            if m.group("KEY") is not None:
                out.append(Token("KEY", m.group("KEY"), line=line, column=col + m.start("KEY")))
                pos = m.end("KEY")
                continue
            kind = m.lastgroup
            assert kind is not None  # one alternative, a group of its name, matched
            out.append(Token(kind, m.group(kind), line=line, column=col + m.start(kind)))
            pos = m.end()

    def directive_block(self, ch):
        """A run of directive lines (one DIRECTIVE_BLOCK token).  The common
        declarations take a direct path; any other line is cut into KEY and
        value tokens like a lone directive."""
        tok = ch[0]
        line = tok.line
        col = tok.column
        state = self.state
        fast = self.decl_re.fullmatch
        for piece in str(tok).split("\n")[:-1]:
            if col is None:
                body = piece.lstrip(" \t\f\r")
                col = 1 + len(piece) - len(body)
            else:
                body = piece
            m = fast(body)
            try:
                if m is not None and state.cur is not None:
                    state.fast_decl(m, line, col)
                else:
                    sp = body.find(" ")
                    name = body if sp < 0 else body[:sp]
                    out = [Token("DIRECTIVE", name, line=line, column=col)]
                    if sp >= 0:
                        self._dargs(body[sp:], line, col + sp, out)
                    state.directive(out)
            except _Fail as f:  # go on at the next line
                self.failed(f, body, line, col, directive=True)
            line += 1
            col = None

    def label_def(self, ch):
        t = ch[0]
        self.state.statement(ast.Label(str(t)[:-1], line=t.line, col=t.column))

    def scope_open(self, ch):
        self.state.scope(ch[0], +1)

    def scope_close(self, ch):
        self.state.scope(ch[0], -1)

    def start(self, ch):
        return None


@frozen
class _Grammar:
    """The grammar, loaded once: the LALR parser and the regular expressions
    composed from its terminals (visa/lexicon.py) that cut instruction and
    directive lines."""
    lalr: lalr.Parser
    darg_re: Alternation
    pred_re: re.Pattern
    head_re: re.Pattern
    exec_re: re.Pattern
    rest_re: re.Pattern
    decl_re: re.Pattern
    comment_re: re.Pattern


# the shapes a directive's arguments may take, in the order they are tried
_DARG_SHAPES = ("KEY", "STRING", "ANGLE", "BRACE", "PAREN", "BRACKET", "KERNEL_NAME", "VREG",
                "ALIAS_CALL",
                "NUMBER", "WORD", "DECL_EXPR", "ALIGN_WORD", "ATTR_COLON")


_LARK_OPTIONS = dict(parser="lalr", lexer="contextual", start="start", maybe_placeholders=False)


def lalr_parser(grammar: str, directory: str | None) -> lalr.Parser:
    """The LALR parser of ``grammar``: its tables loaded ready-made from
    ``directory`` when it holds tables made from this very grammar text by
    this Lark and Python, else built with Lark (about 50 ms with its import)
    and kept there for the next process; a directory that cannot be made or
    written (a read-only install, a full disk), or None, only means building
    them each time (see :mod:`visa.lalr`)."""
    if directory is None:
        return lalr.Parser(lalr.build_tables(grammar, codes=False, **_LARK_OPTIONS))
    return lalr.parser(grammar, where=directory, **_LARK_OPTIONS)


def _dispatching(shapes: dict, lead: str, lex=_LEX) -> Alternation:
    """``lex.alternatives(shapes, lead)`` (the same expression, each shape
    a group of its name, its parts ``SHAPE__PART``), matched as an
    :class:`Alternation`.  (What is kept ready-made is looked up by the
    expression's text: a kind table's is never another's.)"""
    return Alternation([(n, lex.capture_text(n, parts, n + "__")) for n, parts in shapes.items()], lead,
                       compile=lex.compiled, derive=_LEX_REGEXES.derived,
                       dispatch=_LEX_REGEXES.memo.enabled)


def _operand_re(kinds: "_operands.KindTable") -> Alternation:
    """The operand expression of a kind table: its shapes in its order, and
    the dotted modifiers; made once per table and kept on it."""
    return kinds.made("operand_re", lambda: _dispatching(
        {**kinds.syntax, "DOTMOD": ()}, f"(?:{_LEX.regex('BLANKS')})?", kinds.lexicon))


@lru_cache(maxsize=1)
def _grammar() -> _Grammar:
    # Lark gets the terminals as the lexicon composes them (the same
    # language; Lark's own composition of the part-built terminals is slow)
    parser = lalr_parser(_LEX.lark_text(), readymade.directory())
    blanks = f"(?:{_LEX.regex('BLANKS')})?"
    return _Grammar(
        lalr=parser,
        # (the alternations of the operand shapes and of a directive's
        # arguments, matched by way of the shapes that can begin where the
        # match would: the same match, fewer shapes tried)
        darg_re=_dispatching({n: () for n in _DARG_SHAPES}, blanks),
        pred_re=_LEX.alternatives({"PRED": ()}, "", blanks),
        head_re=_LEX.compiled(_LEX.regex("HEAD")),
        # an execution size after the mnemonic, read before the operands
        # (where nearly every line has one; else it is the PAREN operand)
        exec_re=_LEX.alternatives({"EXEC_SIZE": ()}, blanks, _LEX.regex("NOT_COLON")),
        rest_re=_LINE_REST,
        decl_re=_DECL_FAST,
        # what to pass over whole, and the comments to blank out
        comment_re=_LEX.alternatives({"STRING": (), "LINE_COMMENT": (), "INLINE_COMMENT": ()}))


# ----------------------------------------------------------- module assembly
# align spellings (case-insensitive) -> the name Intel prints; None for byte
# (alignment code 0, which the printer never shows).  From the table.
ALIGN_NAMES = {k.lower(): (None if a is datatypes.Align.BYTE else datatypes.ALIGN_INFO[a].name)
               for k, a in datatypes.ALIGN_BY_NAME.items()}
_ALIGN_BYTES = {n: (None if a is datatypes.Align.BYTE else datatypes.ALIGN_INFO[a].name)
                for n, a in datatypes.ALIGN_BY_BYTES.items()}


class _UnitBuilder:
    def __init__(self, kind, name, line, col):
        self.kind, self.name, self.line, self.col = kind, name, line, col
        self.funcdecls = []
        self.decls = []
        self.inputs, self.attrs, self.body = [], [], []

    def build(self) -> ast.Unit:
        return ast.Unit(self.kind, self.name, tuple(self.funcdecls), tuple(self.decls),
                      tuple(self.inputs), tuple(self.attrs),
                      tuple(self.body), line=self.line, col=self.col)


def _tok_pos(t: Token) -> tuple[int, int]:
    """A token's line and column (the lexer sets both on every token it
    makes; the token's types say they may be missing)."""
    return t.line or 0, t.column or 0


def _name_value(tok: Token) -> str:
    s = str(tok)
    if tok.type == "STRING":
        line, col = _tok_pos(tok)
        return _unescape(s[1:-1], line, col + 1)
    return s


def _int_value(tok: Token, what: str) -> int:
    try:
        return _to_int(str(tok)) if tok.type in ("NUMBER", "WORD", "PAREN") else _to_int(str(tok))
    except ValueError:
        raise _Fail(f"expected an integer for {what}, found '{tok}'", *_tok_pos(tok)) from None


def _kv(toks, start: int):
    """Split directive tokens from ``start`` into (key, key-token, values)
    triples: ``key=value`` takes the one token after it; the older spelling
    ``alias (V, off)`` is read as ``alias=``; anything else has key None."""
    pairs: list[tuple[str | None, Token, list[Token]]] = []
    i = start
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.type == "KEY":
            key = str(t)[:-1].strip()
            if i + 1 < n and toks[i + 1].type != "KEY":
                pairs.append((key, t, [toks[i + 1]]))
                i += 2
            else:
                pairs.append((key, t, []))
                i += 1
        elif t.type == "WORD" and str(t).lower() == "alias" and i + 1 < n and toks[i + 1].type == "PAREN":
            pairs.append(("alias", t, [toks[i + 1]]))  # older spelling: alias (V, off)
            i += 2
        elif t.type == "ATTR_COLON":
            i += 1  # `attr: Name=value` (older spelling): the pairs follow
        elif t.type == "ALIAS_CALL":
            am = _ALIAS_CALL.fullmatch(str(t))
            assert am is not None  # the ALIAS_CALL token has this shape
            p = am.start("PAREN_TEXT")
            pairs.append(("alias", t, [Token("PAREN", str(t)[p:], line=t.line, column=t.column + p)]))
            i += 1
        else:
            pairs.append((None, t, [t]))
            i += 1
    return pairs




def _decl_attrs(tok: Token) -> tuple[ast.Attr, ...]:
    """``{Name=1, Other="x", Flag}`` -> tuple of Attr."""
    inner = str(tok)[1:-1]
    if not inner.strip():
        return ()
    out = []
    line, col = _tok_pos(tok)
    for m in _list(inner, _ATTR_ITEM, "attribute", line, col + 1):
        out.append(ast.Attr(m["ATTR_NAME"], _attr_value_text(m["ATTR_VALUE"], tok),
                          line=line, col=col + 1 + m.start("ATTR_NAME")))
    return tuple(out)


def _attr_value_text(val, tok):
    if val is None:
        return None
    val = val.strip()
    if val.startswith('"'):
        return _unescape(val[1:-1])
    try:
        return _to_int(val)
    except ValueError:
        raise _Fail(f"invalid attribute value '{val}'", *_tok_pos(tok)) from None


def _decl(toks, ub: _UnitBuilder):
    d = toks[0]
    if len(toks) < 2 or toks[1].type not in ("WORD", "VREG"):
        raise _Fail("expected a variable name after '.decl'", *(_tok_pos(toks[1]) if len(toks) > 1 else (d.line, d.column + 5)))
    name_tok = toks[1]
    name = str(name_tok)
    line, col = d.line, d.column
    kv = {}
    order = []
    for key, kt, vals in _kv(toks, 2):
        if key is None:
            raise _Fail(f"unexpected '{kt}' in declaration", *_tok_pos(kt))
        k = key.lower()
        if k in kv:
            raise _Fail(f"duplicate '{key}=' in declaration", *_tok_pos(kt))
        if not vals and k not in ("attrs",):
            raise _Fail(f"missing value after '{key}='", *_tok_pos(kt))
        kv[k] = (kt, vals)
        order.append(k)
    if "v_type" not in kv:
        raise _Fail(f"declaration of '{name}' needs v_type=", line, col)
    vt_tok = kv["v_type"][1][0]
    vtype = str(vt_tok).upper()
    known = {"G": {"v_type", "type", "num_elts", "align", "alias", "attrs"},
             "A": {"v_type", "type", "num_elts", "attrs"},
             "P": {"v_type", "num_elts", "attrs", "flagregnum"},
             "S": {"v_type", "num_elts", "v_name", "attrs"},
             "T": {"v_type", "num_elts", "v_name", "attrs"}}
    if vtype not in known:
        raise _Fail(f"unknown variable kind 'v_type={vt_tok}' (expected G, A, P, S or T)", *_tok_pos(vt_tok))
    for k in order:
        if k not in known[vtype]:
            raise _Fail(f"'{k}=' is not allowed in a v_type={vtype} declaration", *_tok_pos(kv[k][0]))

    def get_int(k, default=None):
        if k not in kv:
            if default is None:
                raise _Fail(f"declaration of '{name}' needs {k}=", line, col)
            return default
        return _int_value(kv[k][1][0], k)

    attrs_: tuple[ast.Attr, ...] = ()
    if "attrs" in kv:
        vals = kv["attrs"][1]
        if not vals or vals[0].type != "BRACE":
            raise _Fail("expected '{...}' after 'attrs='", *_tok_pos(kv["attrs"][0]))
        attrs_ = _decl_attrs(vals[0])
    if vtype == "G":
        if "type" not in kv:
            raise _Fail(f"declaration of '{name}' needs type=", line, col)
        tt = kv["type"][1][0]
        ty = _type_name(str(tt), *_tok_pos(tt))
        num = get_int("num_elts")
        align = None
        if "align" in kv:
            at = kv["align"][1][0]
            text = str(at)
            if text.lower() in ALIGN_NAMES:
                align = ALIGN_NAMES[text.lower()]
            else:
                try:
                    align = _ALIGN_BYTES[_to_int(text)]
                except (ValueError, KeyError):
                    raise _Fail(f"invalid align value '{text}' (expected byte, word, dword, "
                                "qword, oword, hword, GRF, GRFx2, wordx32 or wordx64)",
                                *_tok_pos(at)) from None
        alias = None
        if "alias" in kv:
            at = kv["alias"][1][0]
            s = str(at)
            m = _ALIAS_TARGET.fullmatch(s) if at.type in ("ANGLE", "PAREN") else None
            if m is None:
                raise _Fail(f"invalid alias '{s}' (expected alias=<V, offset>)", *_tok_pos(at))
            (off,) = _ints(m, ("ALIAS_TARGET_OFFSET",), "alias offset", *_tok_pos(at))
            alias = ast.Alias(m["ALIAS_TARGET_VAR"], off, line=at.line, col=at.column)
        ub.decls.append(ast.VarDecl(name, ty, num, align, alias, attrs_, line=line, col=col))
    elif vtype == "A":
        ub.decls.append(ast.AddrDecl(name, get_int("num_elts"), attrs_, line=line, col=col))
    elif vtype == "P":
        if "flagregnum" in kv:
            kt = kv["flagregnum"][0]
            kl, kc = _tok_pos(kt)
            attrs_ = attrs_ + (ast.Attr("FlagRegNum", get_int("flagregnum"), line=kl, col=kc),)
        ub.decls.append(ast.PredDecl(name, get_int("num_elts"), attrs_, line=line, col=col))
    else:
        vname = _name_value(kv["v_name"][1][0]) if "v_name" in kv else None
        cls = ast.SamplerDecl if vtype == "S" else ast.SurfaceDecl
        ub.decls.append(cls(name, get_int("num_elts", 1), vname, attrs_, line=line, col=col))


def _input(toks, ub: _UnitBuilder, kind: str):
    d = toks[0]
    if len(toks) < 2:
        raise _Fail(f"expected a variable name after '.{kind}'", d.line, d.end_column or d.column)
    name = str(toks[1])
    offset = size = None
    attrs_: tuple[ast.Attr, ...] = ()
    for key, kt, vals in _kv(toks, 2):
        k = (key or "").lower()
        if k == "offset" and vals:
            offset = _int_value(vals[0], "offset")
        elif k == "size" and vals:
            size = _int_value(vals[0], "size")
        elif k == "attrs" and vals and vals[0].type == "BRACE":
            attrs_ = _decl_attrs(vals[0])
        else:
            raise _Fail(f"unexpected '{kt}' in .{kind}", *_tok_pos(kt))
    if kind == "input" and offset is None:
        offset = 0
    ub.inputs.append(ast.Input(kind, name, offset, size, attrs_, line=d.line, col=d.column))


def _kernel_attr(toks, ub: _UnitBuilder):
    d = toks[0]
    if len(toks) < 2:
        raise _Fail("expected an attribute name", d.line, d.column)
    t = toks[1]
    if t.type == "KEY":
        name = str(t)[:-1].strip()
        value: str | int | None
        if len(toks) == 2:
            value = None
        else:
            v = toks[2]
            if v.type == "STRING":
                vl, vc = _tok_pos(v)
                value = _unescape(str(v)[1:-1], vl, vc + 1)
            elif v.type in ("NUMBER", "PAREN"):
                value = _int_value(v, "the attribute value")
            else:
                value = str(v)  # older spelling: .attr AsmName=IS_genx_1.asm
            if len(toks) > 3:
                raise _Fail(f"unexpected '{toks[3]}' after attribute value", *_tok_pos(toks[3]))
    elif t.type == "WORD":
        name, value = str(t), None
        if len(toks) > 2:
            raise _Fail(f"unexpected '{toks[2]}' after attribute name", *_tok_pos(toks[2]))
    else:
        raise _Fail(f"expected an attribute name, found '{t}'", *_tok_pos(t))
    ub.attrs.append(ast.Attr(name, value, line=d.line, col=d.column))


def _one_name(toks, what):
    d = toks[0]
    if len(toks) != 2 or toks[1].type not in ("STRING", "WORD", "KERNEL_NAME", "VREG"):
        where = toks[1] if len(toks) > 1 else None
        found = f"'{where}'" if where is not None else "end of line"
        pos = _tok_pos(where) if where is not None else (d.line, d.column + len(str(d)))
        raise _Fail(f"expected {what}, found {found}", *pos)
    return _name_value(toks[1])


class _State:
    """The statement-level pass, fed one statement at a time in source order
    (so that ``%sizeof V`` sees the declarations above it): groups statements
    into units and turns directive token lists into declaration nodes."""

    def __init__(self, grf_size: int):
        self.version: tuple[int, int] | None = None
        self.units: list[_UnitBuilder] = []
        self.cur: _UnitBuilder | None = None
        self.first_pos: tuple[int, int] | None = None
        # (name, body index) of a subroutine awaiting its label
        self.pending_sub: tuple[str, int] | None = None
        self.env = Env({}, grf_size)
        self.depth = 0
        self.last_line = 1

    def need_unit(self, t) -> _UnitBuilder:
        if self.cur is None:
            line, col = _tok_pos(t) if isinstance(t, Token) else (t.line, t.col)
            raise _Fail("expected '.kernel' or '.global_function' before this line", line, col)
        return self.cur

    def directive(self, s):
        d = s[0]
        name = str(d)[1:]
        lname = name.lower()
        if self.first_pos is None:
            self.first_pos = (d.line, d.column)
        if lname == "version":
            if len(s) != 2 or s[1].type != "NUMBER" or not _VERSION.fullmatch(str(s[1])):
                pos = _tok_pos(s[1]) if len(s) > 1 else (d.line, d.column + 8)
                raise _Fail("expected a version like '4.1' after '.version'", *pos)
            if self.version is not None:
                raise _Fail("duplicate '.version'", d.line, d.column)
            ma, mi = str(s[1]).split(".")
            self.version = (int(ma), int(mi))
            return
        if lname in ("kernel", "global_function"):
            nm = _one_name(s, "a kernel name" if lname == "kernel" else "a function name")
            self.cur = _UnitBuilder("kernel" if lname == "kernel" else "function", nm, d.line, d.column)
            self.units.append(self.cur)
            self.pending_sub = None
            self.env.sizes.clear()
            self.env.dispatch_simd = None
            return
        ub = self.need_unit(d)
        if lname == "decl":
            _decl(s, ub)
            v = ub.decls[-1]
            if type(v) is ast.VarDecl:
                self.env.sizes[v.name] = v.num_elts * datatypes.TYPE_INFO_BY_NAME[v.type].size
            elif type(v) is ast.AddrDecl:
                self.env.sizes[v.name] = v.num_elts * 2
        elif lname in ("input", "parameter"):
            _input(s, ub, lname)
        elif lname.startswith("implicit"):
            # the implicit kind keeps its spelling: Intel matches it by case
            _input(s, ub, "implicit" + name[len("implicit"):])
        elif lname in ("kernel_attr", "attr"):
            _kernel_attr(s, ub)
            a = ub.attrs[-1]
            if a.name == "SimdSize" and isinstance(a.value, int):
                self.env.dispatch_simd = a.value
        elif lname in _forms.FORMS.directives():  # `.loc N` spells LOC N (its record says)
            ops = tuple(_read(t.type, str(t), t.line, t.column) for t in s[1:])
            ub.body.append(ast.Instruction(_forms.FORMS.directives()[lname], (), None, None, ops,
                                         line=d.line, col=d.column))
        elif lname == "funcdecl":
            ub.funcdecls.append(_one_name(s, "a function name"))
        elif lname == "function":
            nm = _one_name(s, "a function name")
            ub.body.append(ast.Subroutine(nm, line=d.line, col=d.column))
            self.pending_sub = (nm, len(ub.body) - 1)
        else:
            raise _Fail(f"unknown directive '.{name}'", d.line, d.column)

    def statement(self, s):
        if self.first_pos is None:
            self.first_pos = (s.line, s.col)
        ub = self.need_unit(s)
        ps = self.pending_sub
        if ps is not None and type(s) is ast.Label and s.name == ps[0] and ps[1] == len(ub.body) - 1:
            self.pending_sub = None
            return  # the subroutine's own label
        self.pending_sub = None
        ub.body.append(s)

    def fast_decl(self, m, line: int, col: int) -> None:
        """A declaration in Intel's spelling (matched by _DECL_FAST)."""
        ub = self.cur
        assert ub is not None  # the caller asks for a unit first
        name, ty, align, alias = m["DECL_NAME"], m["G_TYPE"], m["G_ALIGN"], m["ALIAS_VAR"]
        d: ast.Decl
        if ty is not None:
            if ty not in datatypes.TYPE_INFO_BY_NAME:
                raise _Fail(f"unknown data type '{ty}'", line, col + m.start("G_TYPE"))
            if align is not None:
                if align.lower() in ALIGN_NAMES:
                    align = ALIGN_NAMES[align.lower()]
                elif align.isdigit() and int(align) in _ALIGN_BYTES:
                    align = _ALIGN_BYTES[int(align)]
                else:
                    raise _Fail(f"invalid align value '{align}' (expected byte, word, dword, "
                                "qword, oword, hword, GRF, GRFx2, wordx32 or wordx64)",
                                line, col + m.start("G_ALIGN"))
            d = ast.VarDecl(name, ty, int(m["G_NUM"]), align,
                          ast.Alias(alias, int(m["ALIAS_OFFSET"]), line=line,
                                  col=col + m.start("ALIAS_VAR") - 1)
                          if alias is not None else None,
                          line=line, col=col)
            self.env.sizes[name] = d.num_elts * datatypes.TYPE_INFO_BY_NAME[ty].size
        elif m["P_NUM"] is not None:
            d = ast.PredDecl(name, int(m["P_NUM"]), line=line, col=col)
        else:
            cls = ast.SamplerDecl if m["ST_KIND"] == "S" else ast.SurfaceDecl
            d = cls(name, int(m["ST_NUM"]), m["ST_VNAME"], line=line, col=col)
        ub.decls.append(d)

    def scope(self, tok, step: int):
        """``{`` / ``}``: declarations inside a scope join the unit's (the
        binary keeps no scopes)."""
        self.need_unit(tok)
        self.last_line = tok.line
        self.depth += step
        if self.depth < 0:
            raise _Fail("'}' without a matching '{'", tok.line, tok.column)

    def finish(self) -> ast.Module:
        if self.depth > 0:
            raise _Fail("'{' without a matching '}' at the end of the input", self.last_line, 1)
        if not self.units:
            if self.first_pos is None:
                raise _Fail("empty input: expected '.version' and '.kernel'", 1, 1)
            raise _Fail("expected '.kernel' or '.global_function'", *self.first_pos)
        version = self.version if self.version is not None else (4, 1)
        funcs = [u.name for u in self.units if u.kind == "function"]
        for u in self.units:
            _upgrade(u)
            if u.kind == "kernel" and not u.funcdecls:
                # Intel's printer lists the functions of the program after the
                # kernel (.funcdecl); they come from the binary's function table
                u.funcdecls = list(funcs)
        return ast.Module(version, tuple(u.build() for u in self.units), line=self.units[0].line, col=1)


# ------------------------------------------------------------- entry points
_EXPECT_NAMES = {
    "_NL": "end of line", "DIRECTIVE": "a directive", "LABEL_DEF": "a label",
    "KEY": "'name='", "INDIRECT": "an indirect operand", "LSC_ADDR": "an address operand",
    "VREG": "an operand", "IMM": "an immediate", "RAW": "a raw operand",
    "LSC_DATA": "a data operand", "ADDR_OF": "'&variable'", "PAREN": "'(...)'",
    "BRACKET": "'[...]'", "ANGLE": "'<...>'", "BRACE": "'{...}'", "STRING": "a string",
    "NUMBER": "a number", "WORD": "a name", "DOTMOD": "'.mod'",
    "HEAD": "a mnemonic", "PRED": "a predicate", "OPERANDS": "an operand",
    "DARGS": "directive arguments", "OPERAND": "an operand",
}


def _expected(names) -> str:
    descr = sorted({_EXPECT_NAMES.get(n, n) for n in names})
    if not descr:
        return "something else"
    if len(descr) > 4:
        return "an instruction, directive or label" if "a directive" in descr else ", ".join(descr[:4]) + ", ..."
    return " or ".join(descr)


_CLOSERS = {"(": ")", "[": "]", "<": ">", "{": "}"}


def _error_at(src: str, pos: int, line: int, col: int, allowed) -> tuple[int, int, str]:
    """Line, column and message for a syntax error at ``pos``: point at the
    first non-blank character and name what is wrong where we can tell."""
    while pos < len(src) and src[pos] in " \t\f\r\\":
        pos += 1
        col += 1
    eol = src.find("\n", pos)
    rest = src[pos:eol if eol >= 0 else len(src)]
    words = rest.split()
    word = words[0] if words else ""
    if not word:
        return line, col, f"expected {_expected(allowed)}, found end of line"
    if word.startswith('"') and rest.count('"') % 2 == 1:
        return line, col, "unterminated string literal"
    for opener, closer in _CLOSERS.items():
        if opener in rest and rest.count(opener) > rest.count(closer):
            at = rest.index(opener)
            return line, col + at, f"unbalanced '{opener}': no matching '{closer}' on this line"
    found = word if len(word) <= 40 else word[:37] + "..."
    if word.startswith("<") and pos > 0 and src[pos - 1] in ")>":
        region = rest[:rest.index(">") + 1] if ">" in rest else word
        return line, col, (f"invalid region '{region}' (expected <vstride;width,hstride>, "
                           "<width,hstride> or <hstride>, integers)")
    if allowed:
        return line, col, f"expected {_expected(allowed)}, found '{found}'"
    return line, col, f"unexpected '{found}'"


def _blank_inline_comments(src: str, comment_re: re.Pattern) -> str:
    """``src`` with each block comment that ends on its own line replaced by
    as many blanks (INLINE_COMMENT; strings and line comments are passed
    over whole)."""
    return comment_re.sub(lambda m: " " * len(m.group()) if m.lastgroup == "INLINE_COMMENT"
                          else m.group(), src)


# at most this many syntax errors are reported (then the parse stops)
MAX_SYNTAX_ERRORS = 100


def _parse_error(e: UnexpectedInput, src: str, text: str) -> tuple[int, int, str]:
    """Line, column and message of an error of the LALR parse."""
    if isinstance(e, UnexpectedCharacters):
        return _error_at(src, e.pos_in_stream or 0, e.line, e.column, e.allowed or ())
    if isinstance(e, UnexpectedToken):
        tok = e.token
        allowed = e.accepts or e.expected
        if tok.type == "$END":
            return text.count("\n") + 1, 1, f"expected {_expected(allowed)}, found end of input"
        line, col = _tok_pos(tok)
        if tok.type == "_NL":
            return line, col, f"expected {_expected(allowed)}, found end of line"
        return _error_at(src, tok.start_pos or 0, line, col, allowed)
    return e.line, e.column, "syntax error"  # pragma: no cover - no other errors


def _structure(parser: lalr.Parser, src: str, text: str, errors: list):
    """The LALR parse of ``src``.  A line the structure cannot take is
    reported and read again as a blank line (its place kept), until the rest
    parses, so that every such line is reported; None when nothing is left
    to read (too many errors, or one at the end of the input)."""
    while True:
        try:
            return parser.parse(src, start="start")
        except UnexpectedInput as e:
            line, col, msg = _parse_error(e, src, text)
            errors.append((line, col, msg))
            start = 0
            for _ in range(line - 1):
                start = src.find("\n", start) + 1
                if start == 0:
                    return None
            end = src.find("\n", start)
            if end < 0 or len(errors) >= MAX_SYNTAX_ERRORS or not src[start:end].strip():
                return None
            src = src[:start] + " " * (end - start) + src[end:]


def parse(text: str, filename: str = "<input>", *, grf_size: int = 32) -> ast.Module:
    """Parse vISA assembly text into a :class:`visa.ast.Module`.

    ``grf_size`` is what ``%sizeof GRF`` evaluates to (64 on PVC).
    Raises :class:`visa.VisaError` with file/line/column diagnostics: every
    line that does not parse is reported (the parse goes on at the next
    line), then the validator's errors for the lines that did (unless a
    directive line failed: a declaration may be missing, and what the
    validator would say of its uses would be noise)."""
    if not isinstance(text, str):
        raise TypeError("parse() takes text (str); decode bytes first")
    src = text if text.endswith("\n") else text + "\n"
    grammar = _grammar()
    if "/*" in src:
        src = _blank_inline_comments(src, grammar.comment_re)
    state = _State(grf_size)
    env = _ENV.set(state.env)
    errors: list[tuple[int, int, str]] = []
    try:
        tree = _structure(grammar.lalr, src, text, errors)
        builder = _Builder(grammar, state)
        module: ast.Module | None = None
        if tree is not None:
            builder.build(tree)
            errors += builder.errors
            try:
                module = state.finish()
            except _Fail:
                if not errors:
                    raise
                # (what the failed lines leave unfinished is not reported again)
        if errors or module is None:
            raise _Fail("", 0, 0)
        tail = _TRAILER.search(text, max(0, len(text) - 4096))
        if tail is not None:
            module = attrs.evolve(module, platform=tail["TRAILER_PLATFORM"],
                                  build_options=tail["TRAILER_OPTIONS"])
        if filename != "<input>":
            module = attrs.evolve(module, file=filename)  # where diagnostics will point
        return module
    except _Fail as f:
        if f.message:
            errors.append((f.line, f.col, f.message))
        diags = [make_diag(text, filename, ln, c, msg, "syntax") for ln, c, msg in errors]
        if module is not None and tree is not None and not builder.failed_directive:
            diags += _validator_errors(module, text, filename)
        diags.sort(key=lambda d: (d.line, d.col))
        raise VisaError(diags) from None
    finally:
        _ENV.reset(env)


def _validator_errors(module: ast.Module, text: str, filename: str) -> list:
    """The validator's errors for the lines of ``module`` that parsed (no
    platform: the rules that hold on every one)."""
    from .validator import validate
    return [d for d in validate(module, text=text, filename=filename) if d.severity == "error"]
