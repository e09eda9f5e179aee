"""LALR(1) parsing from ready-made tables: Lark's parser without importing
Lark at run time.

A ``.lark`` grammar stays the definition of the syntax and Lark the
generator of its tables: :func:`build_tables` has Lark build its LALR parser
and contextual lexer and takes from them, as plain data, everything a parse
uses (the parse table, the rules and how each builds its tree, each parser
state's lexer with its expressions, Lark's keyword rule).  :class:`Parser`
runs those tables with a small driver of its own that does what Lark's
LALR parser does: the same trees (:class:`Tree` of :class:`Token`), the
same errors with the same positions and expected sets
(:class:`UnexpectedCharacters`, :class:`UnexpectedToken`).

:func:`parser` is the entry point: it loads the tables kept ready-made by
:mod:`visa.readymade` (under a digest of the grammar text, the options,
Lark's version, this module's table layout and Python's version, the
compiled code of the lexers' expressions with them), and only where there
are none (the first run, an edited grammar, an upgrade) imports Lark to
build them, keeping them for the next process; where nothing can be kept
(a read-only install) the tables are built in memory::

    from visa import lalr
    p = lalr.parser(grammar_text, start="start")       # options as Lark's
    tree = p.parse(text)              # Tree('start', [...]) of Tokens
    try:
        p.parse(bad)
    except lalr.UnexpectedInput as e:
        e.line, e.column                  # and e.allowed / e.accepts

Options are Lark's: ``parser="lalr"`` (the only one), ``lexer="contextual"``
(default) or ``"basic"``, ``start`` (a name or a list of names),
``maybe_placeholders``, ``keep_all_tokens``, ``g_regex_flags``; what needs
Lark at parse time (a transformer, a post-lexer, callbacks, positions kept
on the trees) is refused by :func:`build_tables`.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Callable

from . import readymade

# the layout of the tables this module makes and reads (a new layout: a new
# number, so tables of the older one are rebuilt, not misread)
LAYOUT = 1

_OPTIONS = {"parser", "lexer", "start", "maybe_placeholders", "keep_all_tokens", "g_regex_flags"}
_DEFAULTS = {"parser": "lalr", "lexer": "contextual", "start": "start", "maybe_placeholders": True,
             "keep_all_tokens": False, "g_regex_flags": 0}


# ------------------------------------------------------------ what a parse makes
class Token(str):
    """A piece of the text, as Lark's ``Token``: the text itself (a str)
    with its terminal's name (``type``) and its place (``start_pos``,
    ``line``, ``column`` from 1, ``end_line``, ``end_column``: the column
    after it, ``end_pos``)."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")
    __match_args__ = ("type", "value")

    type: str
    start_pos: int | None
    value: Any
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(cls, type: str, value: Any, start_pos: int | None = None,  # noqa: A002
                line: int | None = None, column: int | None = None, end_line: int | None = None,
                end_column: int | None = None, end_pos: int | None = None) -> Token:
        inst = super().__new__(cls, value)
        inst.type = type
        inst.start_pos = start_pos
        inst.value = value
        inst.line = line
        inst.column = column
        inst.end_line = end_line
        inst.end_column = end_column
        inst.end_pos = end_pos
        return inst

    @classmethod
    def new_borrow_pos(cls, type_: str, value: Any, borrow_t: Token) -> Token:
        """A token of another type and text at ``borrow_t``'s place."""
        return cls(type_, value, borrow_t.start_pos, borrow_t.line, borrow_t.column,
                   borrow_t.end_line, borrow_t.end_column, borrow_t.end_pos)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column))

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"


class Tree:
    """A node of the parse: its rule's name (or alias) and its children
    (trees and tokens), as Lark's ``Tree``."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


class UnexpectedInput(Exception):
    """The text does not parse: where (``line``, ``column`` from 1,
    ``pos_in_stream`` from 0)."""

    line: int
    column: int
    pos_in_stream: int | None


class UnexpectedCharacters(UnexpectedInput):
    """No terminal the parser could take next matches the text at this
    place; ``allowed``: the names of those terminals."""

    def __init__(self, text: str, pos: int, line: int, column: int, allowed: frozenset[str]) -> None:
        self.pos_in_stream = pos
        self.line = line
        self.column = column
        self.allowed = set(allowed)
        self.char = text[pos]
        super().__init__(f"No terminal matches {self.char!r} in the current parser context, "
                         f"at line {line} col {column}")


class UnexpectedToken(UnexpectedInput):
    """The next token (``token``, type ``$END`` at the end of the text) is
    not one the parser can take here; ``expected``: the terminals of the
    parser's state (as Lark's), ``accepts``: those it would take (Lark's
    ``accepts``)."""

    def __init__(self, token: Token, expected: set[str],
                 accepts_of: Callable[[], set[str]] | None = None) -> None:
        self.token = token
        self.expected = expected
        self.line = token.line  # type: ignore[assignment]
        self.column = token.column  # type: ignore[assignment]
        self.pos_in_stream = token.start_pos
        self._accepts_of = accepts_of
        self._accepts: set[str] | None = None
        super().__init__(f"Unexpected token {token!r} at line {token.line}, column {token.column}")

    @property
    def accepts(self) -> set[str]:
        if self._accepts is None:
            self._accepts = self._accepts_of() if self._accepts_of is not None else set()
        return self._accepts


# ---------------------------------------------------------------- the tables
def _lark_version() -> str:
    """Lark's version, read without importing it where it is not imported
    yet (its ``__version__`` line); "none" where it is not installed."""
    import sys
    mod = sys.modules.get("lark")
    if mod is not None:
        return str(mod.__version__)
    from importlib.machinery import PathFinder
    spec = PathFinder.find_spec("lark")
    if spec is not None and spec.origin:
        try:
            with open(spec.origin, encoding="utf-8") as f:
                for line in f:
                    if line.startswith("__version__"):
                        return line.split("=", 1)[1].strip().strip("'\"")
        except OSError:
            pass
    try:
        import lark
    except ImportError:
        return "none"
    return str(lark.__version__)


def _options(options: dict[str, Any]) -> dict[str, Any]:
    unknown = set(options) - _OPTIONS
    if unknown:
        raise ValueError(f"visa.lalr does not run Lark option(s) {sorted(unknown)}")
    o = {**_DEFAULTS, **options}
    if o["parser"] != "lalr":
        raise ValueError("visa.lalr runs LALR tables only (parser='lalr')")
    if o["lexer"] not in ("contextual", "basic"):
        raise ValueError("visa.lalr runs Lark's 'contextual' and 'basic' lexers only")
    if isinstance(o["start"], str):
        o["start"] = [o["start"]]
    o["start"] = list(o["start"])
    o["g_regex_flags"] = int(o["g_regex_flags"])
    return o


def tables_key(grammar: str, **options: Any) -> str:
    """The name the tables of ``grammar`` with ``options`` are kept under:
    a digest of the grammar text, the options, Lark's version, this
    module's layout, the regular-expression engine and Python's version."""
    o = _options(options)
    return readymade.key("lalr", str(LAYOUT), grammar, repr(sorted(o.items())), _lark_version(),
                         readymade.engine_version())


def build_tables(grammar: str, *, codes: bool = True, **options: Any) -> dict[str, Any]:
    """Have Lark build the LALR parser of ``grammar`` and take from it, as
    plain data, everything :class:`Parser` runs (imports Lark); ``codes``:
    with the compiled code of the lexers' expressions (for tables that are
    kept: not worth its cost for tables used once)."""
    import lark
    from lark.lexer import ContextualLexer
    from lark.parsers.lalr_analysis import Shift

    o = _options(options)
    lk = lark.Lark(grammar, parser="lalr", lexer=o["lexer"], start=o["start"],
                   maybe_placeholders=o["maybe_placeholders"], keep_all_tokens=o["keep_all_tokens"],
                   g_regex_flags=o["g_regex_flags"])
    frontend = lk.parser
    table = frontend.parser._parse_table
    flags = o["g_regex_flags"]

    # the rules, numbered as the table meets them, each with how Lark's tree
    # builder makes its node (lark/parse_tree_builder.py)
    rules: list[tuple[Any, ...]] = []
    number: dict[Any, int] = {}

    def rule_no(rule: Any) -> int:
        if rule not in number:
            number[rule] = len(rules)
            rules.append(_rule_entry(rule, o["maybe_placeholders"]))
        return number[rule]

    n = len(table.states)
    assert sorted(table.states) == list(range(n))
    states = []
    for s in range(n):
        row = {}
        for sym, (action, arg) in table.states[s].items():
            row[str(sym)] = arg if action is Shift else -1 - rule_no(arg)
        states.append(row)

    # the lexers: each of Lark's, with the expressions its scanner tries
    lexers: list[tuple[Any, ...]] = []
    lexer_no: dict[int, int] = {}

    def lexer_entry(lx: Any) -> int:
        if id(lx) in lexer_no:
            return lexer_no[id(lx)]
        patterns, allowed, callbacks = _scanner_of(lx)
        unless = {}
        for type_, cb in callbacks.items():
            if type(cb).__name__ != "UnlessCallback":  # pragma: no cover - no user callbacks
                raise ValueError(f"terminal {type_}: a lexer callback visa.lalr cannot run")
            unless[str(type_)] = [(m.pattern, flags) for m in cb.scanner._mres]
        entry = ([(p, flags) for p in patterns],
                 sorted(str(t) for t in (allowed - lx.ignore_types) or {"<END-OF-FILE>"}),
                 sorted(str(t) for t in lx.newline_types), sorted(str(t) for t in lx.ignore_types),
                 unless)
        lexer_no[id(lx)] = len(lexers)
        lexers.append(entry)
        return lexer_no[id(lx)]

    lexer = frontend.lexer
    if isinstance(lexer, ContextualLexer):
        state_lexer = [lexer_entry(lexer.lexers[s]) for s in range(n)]
        root = lexer_entry(lexer.root_lexer)
    else:
        root = lexer_entry(lexer)
        state_lexer = [root] * n
    # the code of every expression, for the ready-made compiled patterns
    kept: dict[tuple[str, int], Any] = {}
    for pats, _, _, _, unless in lexers if codes else ():
        for p in pats + [p for ps in unless.values() for p in ps]:
            if p not in kept:
                code = readymade.code_of(*p)
                if code is not None:
                    kept[p] = code
    return {"layout": LAYOUT, "lark": lark.__version__, "options": repr(sorted(o.items())),
            "starts": {str(s): (table.start_states[s], table.end_states[s]) for s in o["start"]},
            "states": states, "rules": rules, "lexers": lexers, "state_lexer": state_lexer,
            "root_lexer": root, "contextual": isinstance(lexer, ContextualLexer), "codes": kept}


def _scanner_of(lx: Any) -> tuple[list[str], set[str], dict[str, Any]]:
    """(the expressions, the terminals, the callbacks) of the scanner a
    Lark lexer would build on first use: made as Lark makes them
    (``_create_unless``, then the terminals joined in their order) without
    compiling the joined expression (the contextual lexer has one per parser
    state, most of them with the instruction-block terminal: compiling them
    all is ~0.3 s); Lark's own build where that is not possible."""
    try:
        from lark.lexer import _create_unless
        if lx.user_callbacks or lx.use_bytes:
            raise ValueError  # pragma: no cover - (no user callbacks: refused later)
        terminals, callbacks = _create_unless(  # type: ignore[no-untyped-call]
            lx.terminals, lx.g_regex_flags, lx.re, lx.use_bytes)
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
        return [pattern], {t.name for t in terminals}, callbacks
    except (ImportError, ValueError, TypeError, AttributeError):  # pragma: no cover - another Lark
        scanner = lx.scanner  # (builds it, and the keyword callbacks)
        return [m.pattern for m in scanner._mres], set(scanner.allowed_types), lx.callback


def _rule_entry(rule: Any, maybe_placeholders: bool) -> tuple[Any, ...]:
    """(origin, length, tree name, child filter, expand single child) of a
    rule: Lark's tree-builder wrappers (lark/parse_tree_builder.py) as data.
    The child filter is None (the children as they are) or (includes,
    trailing Nones), each include (index, splice the child's children,
    Nones before it)."""
    options = rule.options
    expansion = rule.expansion
    empty = options.empty_indices if maybe_placeholders else None
    if empty:  # how many Nones stand before each symbol, and after the last
        nones_at = [len(ones) for ones in "".join(str(int(b)) for b in empty).split("0")]
        assert len(nones_at) == len(expansion) + 1
    else:
        nones_at = [0] * (len(expansion) + 1)
    include = []
    nones = 0
    for i, sym in enumerate(expansion):
        nones += nones_at[i]
        if options.keep_all_tokens or not (sym.is_term and sym.filter_out):
            include.append((i, (not sym.is_term) and sym.name.startswith("_"), nones))
            nones = 0
    nones += nones_at[len(expansion)]
    if empty or len(include) < len(expansion) or any(x for _, x, _ in include):
        filt = (tuple(include), nones if empty else 0)
    else:
        filt = None
    name = rule.alias or options.template_source or rule.origin.name
    return (str(rule.origin.name), len(expansion), str(name), filt,
            bool(options.expand1 and not rule.alias))


# ------------------------------------------------------------------ the driver
class _Lexer:
    __slots__ = ("patterns", "allowed", "newline", "ignore", "unless", "source", "compile")

    def __init__(self, entry: Sequence[Any], compile: Callable[[str, int], re.Pattern[str]]) -> None:
        pats, allowed, newline, ignore, unless = entry
        self.source = (pats, unless)
        self.compile = compile
        self.patterns: list[Callable[..., re.Match[str] | None]] | None = None
        self.allowed = frozenset(allowed)
        self.newline = frozenset(newline)
        self.ignore = frozenset(ignore)
        self.unless: dict[str, list[Callable[..., re.Match[str] | None]]] | None = None

    def ready(self) -> None:
        pats, unless = self.source
        self.patterns = [self.compile(p, f).match for p, f in pats]
        self.unless = {t: [self.compile(p, f).fullmatch for p, f in ps] for t, ps in unless.items()}


class Parser:
    """A LALR(1) parser run from tables :func:`build_tables` made."""

    def __init__(self, tables: dict[str, Any]) -> None:
        codes = tables.get("codes", {})
        compiled: dict[tuple[str, int], re.Pattern[str]] = {}

        def compile(pattern: str, flags: int) -> re.Pattern[str]:
            hit = compiled.get((pattern, flags))
            if hit is None:
                code = codes.get((pattern, flags))
                if code is not None:
                    try:
                        hit = readymade.from_code(pattern, code)
                    except Exception:  # pragma: no cover - the engine refused it
                        hit = None
                if hit is None:
                    hit = re.compile(pattern, flags)
                compiled[(pattern, flags)] = hit
            return hit

        self.tables = tables
        self._starts = {s: tuple(v) for s, v in tables["starts"].items()}
        self._default = next(iter(self._starts))
        self._states = tables["states"]
        self._rules = [tuple(r) for r in tables["rules"]]
        self._lexers = [_Lexer(e, compile) for e in tables["lexers"]]
        self._state_lexer = [self._lexers[i] for i in tables["state_lexer"]]
        self._root = self._lexers[tables["root_lexer"]]
        self._contextual = tables["contextual"]

    # -------------------------------------------------------------- lexing
    @staticmethod
    def _next(lx: _Lexer, text: str, pc: list[int]) -> Token | None:
        """The next token of ``lx`` at the place ``pc`` (pos, line, line
        start), skipping what is ignored; None at the end of the text.
        Raises UnexpectedCharacters where nothing matches."""
        if lx.patterns is None:
            lx.ready()
        n = len(text)
        while pc[0] < n:
            pos = pc[0]
            m = None
            for match in lx.patterns:  # type: ignore[union-attr]
                m = match(text, pos)
                if m:
                    break
            if not m:
                raise UnexpectedCharacters(text, pos, pc[1], pos - pc[2] + 1, lx.allowed)
            value = m.group(0)
            type_: str = m.lastgroup  # type: ignore[assignment]  # (each alternative is a group)
            line, col = pc[1], pos - pc[2] + 1
            if type_ in lx.newline:
                k = value.count("\n")
                if k:
                    pc[1] += k
                    pc[2] = pos + value.rindex("\n") + 1
            end = pos + len(value)
            pc[0] = end
            if type_ in lx.ignore:
                continue
            tok = Token(type_, value, pos, line, col, pc[1], end - pc[2] + 1, end)
            fulls = lx.unless.get(type_)  # type: ignore[union-attr]
            if fulls:
                for full in fulls:
                    k2 = full(value)
                    if k2:
                        tok.type = k2.lastgroup  # type: ignore[assignment]
                        break
            return tok
        return None

    # ------------------------------------------------------------- parsing
    def _build(self, rule: tuple[Any, ...], children: list[Any]) -> Any:
        _, _, name, filt, expand1 = rule
        if filt is not None:
            include, trailing = filt
            out: list[Any] = []
            for i, splice, nones in include:
                if nones:
                    out += [None] * nones
                if splice:
                    if out:
                        out += children[i].children
                    else:
                        out = children[i].children
                else:
                    out.append(children[i])
            if trailing:
                out += [None] * trailing
            children = out
        if expand1 and len(children) == 1:
            return children[0]
        return Tree(name, children)

    def _feed(self, stack: list[int], values: list[Any] | None, tok: Token, end_state: int,
              is_end: bool) -> Any:
        """Lark's ``ParserState.feed_token``: reduce as the table says, then
        shift ``tok`` (or, at the end, stop in the end state).  ``values``
        None: only the states (Lark's ``accepts``)."""
        states = self._states
        rules = self._rules
        type_ = tok.type
        while True:
            row = states[stack[-1]]
            act = row.get(type_)
            if act is None:
                raise UnexpectedToken(tok, {s for s in row if s.isupper()},
                                      self._accepts_of(list(stack), end_state))
            if act >= 0:  # shift
                assert not is_end
                stack.append(act)
                if values is not None:
                    values.append(tok)
                return None
            rule = rules[-1 - act]
            size = rule[1]
            if values is not None:
                if size:
                    kids = values[-size:]
                    del values[-size:]
                else:
                    kids = []
                value = self._build(rule, kids)
            if size:
                del stack[-size:]
            stack.append(states[stack[-1]][rule[0]])
            if values is not None:
                values.append(value)
            if is_end and stack[-1] == end_state:
                return values[-1] if values is not None else None

    def _accepts_of(self, stack: list[int], end_state: int) -> Callable[[], set[str]]:
        def accepts() -> set[str]:
            out = set()
            for t in self._states[stack[-1]]:
                if t.isupper():
                    try:
                        self._feed(list(stack), None, Token(t, ""), end_state, t == "$END")
                    except UnexpectedToken:
                        continue
                    out.add(t)
            return out
        return accepts

    def parse(self, text: str, start: str | None = None) -> Any:
        """The tree of ``text`` (from rule ``start``: the first start
        symbol by default).  Raises UnexpectedCharacters or UnexpectedToken."""
        start_state, end_state = self._starts[start or self._default]
        stack = [start_state]
        values: list[Any] = []
        pc = [0, 1, 0]  # position, line, start of the line
        contextual = self._contextual
        state_lexer = self._state_lexer
        nxt = self._next
        tok = None
        while True:
            lx = state_lexer[stack[-1]]
            try:
                t = nxt(lx, text, pc)
            except UnexpectedCharacters as e:
                if not contextual:
                    raise
                # as Lark's contextual lexer: a terminal of another state
                # matching here is an unexpected token, not characters
                try:
                    other = nxt(self._root, text, pc)
                except UnexpectedCharacters:
                    raise e from None
                if other is None:  # pragma: no cover - an ignored match was in lx too
                    raise e from None
                raise UnexpectedToken(other, set(e.allowed),
                                      self._accepts_of(list(stack), end_state)) from None
            if t is None:
                break
            tok = t
            self._feed(stack, values, t, end_state, False)
        end = Token.new_borrow_pos("$END", "", tok) if tok is not None else Token("$END", "", 0, 1, 1)
        return self._feed(stack, values, end, end_state, True)


def parser(grammar: str, *, where: str | None = None, **options: Any) -> Parser:
    """The parser of ``grammar`` (Lark's ``options``), from tables kept
    ready-made in ``where`` (default: :func:`visa.readymade.directory`)
    when there are tables made from this very grammar, options, Lark and
    Python; else built with Lark and kept there (where it can be written)."""
    where = readymade.directory() if where is None else where
    if where is None:  # (nowhere to keep them)
        return Parser(build_tables(grammar, codes=False, **options))
    name = tables_key(grammar, **options)
    tables = readymade.load("lalr", name, where)
    if not _usable(tables):
        tables = build_tables(grammar, **options)
        readymade.save("lalr", name, tables, where)
    return Parser(tables)


def _usable(tables: Any) -> bool:
    return (isinstance(tables, dict) and tables.get("layout") == LAYOUT
            and all(k in tables for k in ("starts", "states", "rules", "lexers", "state_lexer",
                                          "root_lexer", "contextual")))


def canonical(tables: dict[str, Any]) -> dict[str, Any]:
    """The tables with the parser states numbered in the order a walk from
    the start states meets them (each build numbers them its own way), for
    comparing two builds (the compiled code of the expressions left out:
    :func:`visa.readymade.code_of` of each pattern says what it must be)."""
    states = tables["states"]
    number: dict[int, int] = {}
    walk = [s for s, _ in tables["starts"].values()]
    while walk:
        s = walk.pop(0)
        if s in number:
            continue
        number[s] = len(number)
        walk.extend(a for _, a in sorted(states[s].items()) if a >= 0)
    order = sorted(number, key=lambda s: number[s])
    rows = [sorted((t, number[a] if a >= 0 else tuple(tables["rules"][-1 - a])) for t, a in states[s].items())
            for s in order]
    lexers = [tuple(map(repr, tables["lexers"][tables["state_lexer"][s]])) for s in order]
    return {"starts": {k: (number[a], number.get(b)) for k, (a, b) in tables["starts"].items()},
            "states": rows, "lexers": lexers,
            "root": repr(tables["lexers"][tables["root_lexer"]]), "options": tables["options"]}

