"""The grammar's terminals as regular expressions with named parts.

``grammar/visa.lark`` defines every operand shape in EBNF from named parts
(``VREG: (SRC_MOD HS)? VAR VREG_AHEAD (HS ROW_COL)? (HS REGION)?``, and
``REGION``, ``ROW_COL``, ... in turn).  Lark flattens a terminal to one
regular expression and forgets the parts.  This module reads the same
terminal definitions and composes them again, this time with a named group
for each part the caller asks for, so that the parser takes an operand apart
with the grammar's own definition instead of expressions of its own::

    lex = Lexicon(grammar_text)
    vreg = lex.capture("VREG", ("SRC_MOD", "VAR", "ROW", "COL"))
    vreg.fullmatch("(-)V12(0,1)").group("COL")      # '1'

Only the subset of Lark's EBNF that terminals use is read: string literals
(``"x"``, ``"x"i``), regular expressions (``/x/flags``), terminal names,
parentheses, ``|``, ``?``, ``*`` and ``+``.  A :class:`Lexicon` is immutable
after construction apart from its memo of composed expressions.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import lru_cache

# ------------------------------------------------------- reading a grammar
# One reader of a grammar's definitions, for the terminals' composer below
# (Lexicon) and the rules' (visa.bitisa.grammar.RegularGrammar): read only
# when a memo does not have what they make (its expressions compiled then).
_TOKEN_TEXT = r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*"i?)
  | (?P<regexp>/(?:[^/\\\n]|\\.)+/[imslux]*)
  | (?P<rule>_?[a-z][a-z0-9_]*)
  | (?P<name>[A-Z_][A-Z_0-9]*)
  | (?P<op>[()\[\]|?*+])
"""
# a definition's start: a TERMINAL (with its priority: NAME.2:), or a
# terminal or a rule (its ?/! marks kept)
_TERMINAL_START_TEXT = r"([A-Z_][A-Z_0-9]*)(?:\.(-?[0-9]+))?[ \t]*:(?!:)"
_DEF_START_TEXT = r"([?!]?_?[a-z][a-z0-9_]*|[A-Z_][A-Z_0-9]*)(?:\.(-?[0-9]+))?[ \t]*:(?!:)"


def is_terminal(name: str) -> bool:
    """Whether a name :func:`definitions` gives is a terminal's."""
    return name[:1] not in ("?", "!", "%") and not any(c.islower() for c in name)


def _escape(text: str) -> str:
    """``re.escape``, with control characters written as escapes (``\\n``)
    so that the expression fits on one line."""
    out = re.escape(text)
    for ch, name in (("\n", "n"), ("\t", "t"), ("\r", "r"), ("\f", "f")):
        out = out.replace(ch, name)
    return out


class GrammarError(ValueError):
    """A terminal definition this reader cannot read, or a part that would be
    captured twice in one expression."""


def definitions(text: str) -> Iterator[tuple[str, int, str]]:
    """Each top-level definition of a grammar text, in order: (its name as
    written: a TERMINAL, or a rule with its ``?``/``!`` marks; its priority,
    0 unless written ``NAME.2:``; its text, continuation lines included);
    and ``("%ignore", 0, what it ignores)`` for an ``%ignore`` line."""
    def_start = re.compile(_DEF_START_TEXT)  # (re keeps what it compiled: a lookup after the first)
    cur: list[str] | None = None
    head: tuple[str, int] = ("", 0)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        if line[0] in " \t":
            if cur is not None:
                cur.append(line)
            continue
        if cur is not None:
            yield head[0], head[1], "\n".join(cur)
            cur = None
        if stripped.startswith("%ignore"):
            yield "%ignore", 0, stripped[len("%ignore"):].strip()
            continue
        m = def_start.match(line)
        if m:
            head = (m.group(1), int(m.group(2) or 0))
            cur = [line[m.end():]]
    if cur is not None:
        yield head[0], head[1], "\n".join(cur)


def read(src: str, what: str, rules: bool = False):
    """The tree of a definition's text ``src`` (``what`` names it in an
    error: ``terminal NAME``, ``rule name``): ('alt', [seq...]), ('seq',
    [item...]), ('rep', item, quantifier), ('lit', regexp text, the string)
    for a string, ('lit', regexp text) for a regular expression, ('ref',
    NAME) for a terminal; with ``rules``, also ('rule', name) and ``[...]``
    (what is optional).  Raises GrammarError."""
    tokens, pos = [], 0
    token = re.compile(_TOKEN_TEXT, re.X)  # (re keeps what it compiled)
    while pos < len(src):
        m = token.match(src, pos)
        if m is None:
            raise GrammarError(f"{what}: cannot read {src[pos:pos + 20]!r}")
        pos = m.end()
        kind = m.lastgroup
        assert kind is not None  # every alternative of _TOKEN_TEXT is a named group
        if kind not in ("space", "comment"):
            tokens.append((kind, m.group(kind)))
    at = 0

    def alternatives(close: str | None):
        nonlocal at
        seqs = [sequence()]
        while at < len(tokens) and tokens[at] == ("op", "|"):
            at += 1
            seqs.append(sequence())
        if close is not None:
            if at >= len(tokens) or tokens[at] != ("op", close):
                raise GrammarError(f"{what}: missing {close!r}")
            at += 1
        return ("alt", seqs)

    def sequence():
        nonlocal at
        items = []
        while at < len(tokens) and tokens[at] not in (("op", "|"), ("op", ")"), ("op", "]")):
            item = atom()
            if at < len(tokens) and tokens[at][0] == "op" and tokens[at][1] in "?*+":
                item = ("rep", item, tokens[at][1])
                at += 1
            items.append(item)
        return ("seq", items)

    def atom():
        nonlocal at
        kind, text = tokens[at]
        at += 1
        if kind == "name":
            return ("ref", text)
        if kind == "rule" and rules:
            return ("rule", text)
        if kind == "string":
            fold = text.endswith("i")
            body = text[1:-2] if fold else text[1:-1]
            raw = ast.literal_eval('"' + body + '"')
            lit = _escape(raw)
            return ("lit", f"(?i:{lit})" if fold else lit, raw)
        if kind == "regexp":
            if '\\\\"' in text:
                # Lark's reader turns \\" into \" (it drops the escaped
                # backslash): refuse what the two would read differently
                raise GrammarError(f"{what}: write [\"\\\\] rather than "
                                   f"[\\\\\"] in {text}")
            end = text.rindex("/")
            body, flags = text[1:end].replace("\\/", "/"), text[end + 1:]
            return ("lit", f"(?{flags}:{body})" if flags else f"(?:{body})")
        if text == "(":
            return alternatives(")")
        if text == "[" and rules:
            return ("rep", alternatives("]"), "?")
        raise GrammarError(f"{what}: unexpected {text!r}")

    tree = alternatives(None)
    if at != len(tokens):
        raise GrammarError(f"{what}: unexpected {tokens[at][1]!r}")
    return tree


def source() -> str:
    """This module's source (what a digest of what is composed here names,
    beside the grammar: visa/readymade.py)."""
    try:
        with open(__file__, encoding="utf-8") as f:
            return f.read()
    except (OSError, TypeError, ValueError):  # pragma: no cover - no source: the code instead
        import marshal
        return repr(marshal.dumps(Lexicon.__init__.__code__))


class Lexicon:
    """The terminal definitions of one grammar text."""

    def __init__(self, grammar_text: str, compile=re.compile, memo=None):
        """``compile``: what turns a composed expression into a pattern
        (``re.compile``, or a :class:`visa.readymade.Regexes`' that keeps
        the compiled code of the big alternations between runs).  ``memo``:
        where what is read and composed from the grammar is kept between
        runs (``get(key)``/``put(key, value)``, e.g. a
        :class:`visa.readymade.Memo` named by the grammar text and this
        module's source), or None."""
        self._text = grammar_text
        self._re = compile
        self._memo = memo
        trees = memo.get(("trees",)) if memo is not None else None
        if trees is None:
            trees = {name: read(src, f"terminal {name}")
                     for name, _, src in definitions(grammar_text) if is_terminal(name)}
            if memo is not None:
                memo.put(("trees",), trees)
        self._trees = trees
        self._compose = lru_cache(maxsize=None)(self._compose_kept)

    def _kept(self, key: tuple, make):
        """``make()``, kept in the memo under ``key``."""
        if self._memo is None:
            return make()
        got = self._memo.get(key)
        if got is None:
            got = make()
            self._memo.put(key, got)
        return got

    def lark_text(self) -> str:
        """The grammar for Lark: the rules as they are, and the terminals the
        rules use (and %ignore), each replaced by its composed regular
        expression.  The same language, which Lark loads without composing
        the terminals itself (slow for terminals built from many parts); the
        other terminals are the parser's business, not Lark's."""
        return self._kept(("lark_text",), self._lark_text)

    def _lark_text(self) -> str:
        used = set()
        in_def = False
        def_start = re.compile(_TERMINAL_START_TEXT)
        for ln in self._text.splitlines():
            if def_start.match(ln):
                in_def = True
                continue
            if in_def and ln[:1] in (" ", "\t") and ln.strip():
                continue
            in_def = False
            code = ln.split("//")[0] if not ln.lstrip().startswith("%") else ln
            used.update(re.findall(r"\b[A-Z_][A-Z_0-9]*\b", code))
        out = []
        skipping = False
        for line in self._text.splitlines():
            if skipping and line[:1] in (" ", "\t") and line.strip():
                continue  # a continuation line of a replaced definition
            skipping = False
            m = def_start.match(line)
            if m:
                skipping = True
                if m.group(1) in used:
                    body = self.regex(m.group(1)).replace("/", "\\/")
                    out.append(f"{line[:m.end()]} /{body}/")
            else:
                out.append(line)
        return "\n".join(out) + "\n"

    def with_terminals(self, definitions) -> "Lexicon":
        """A new lexicon: this grammar's terminals and ``definitions``
        ((NAME, grammar text of its definition) pairs, written as the
        grammar writes a terminal and composed from its terminals), for an
        operand kind the grammar file does not have.  A name the grammar
        has already is refused.  What it composes is not kept between runs
        (the grammar's memo is named by the grammar text alone); what it
        compiles is looked up by the expression's own text."""
        trees = dict(self._trees)
        for name, src in definitions:
            if name in trees:
                raise GrammarError(f"terminal {name} is in the grammar already")
            trees[name] = read(src, f"terminal {name}")
        new = Lexicon.__new__(Lexicon)
        new._text, new._re, new._memo, new._trees = self._text, self._re, None, trees
        new._compose = lru_cache(maxsize=None)(new._compose_kept)
        return new

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self._trees)

    def choices(self, name: str) -> tuple[str, ...]:
        """The alternatives of a terminal that is a plain choice of terminals
        or strings (``A | B | "x"``), in the order the grammar writes them:
        a terminal name, or the string itself."""
        if name not in self._trees:
            raise GrammarError(f"no terminal {name} in the grammar")
        out = []
        for seq in self._trees[name][1]:
            items = seq[1]
            if len(items) != 1 or items[0][0] not in ("ref", "lit") or len(items[0]) < 2 \
                    or (items[0][0] == "lit" and len(items[0]) != 3):
                raise GrammarError(f"terminal {name} is not a plain choice")
            out.append(items[0][-1] if items[0][0] == "lit" else items[0][1])
        return tuple(out)

    def regex(self, name: str) -> str:
        """Terminal ``name`` as one regular expression, without groups."""
        return self._compose(name, frozenset())

    def capture(self, name: str, parts, prefix: str = "") -> re.Pattern:
        """Terminal ``name`` compiled, with a group named ``prefix + part``
        for each of ``parts`` wherever it occurs in the definition (at any
        depth)."""
        return self._re(self.capture_text(name, parts, prefix))

    def capture_text(self, name: str, parts, prefix: str = "") -> str:
        """The expression :meth:`capture` compiles, for a caller that
        compiles it (:meth:`compiled`) only when a program needs it."""
        return self._compose(name, self._check(parts), prefix)

    def compiled(self, expression: str) -> re.Pattern:
        """An expression :meth:`capture_text` gave, compiled (what was
        compiled is kept, so a second call is a lookup)."""
        return self._re(expression)

    def alternatives(self, shapes: dict, lead: str = "", trail: str = "") -> re.Pattern:
        """``lead``, one of the terminals ``shapes`` (name -> parts, tried in
        this order), then ``trail``, compiled: the terminal that matched is
        the group of its own name (``match.lastgroup``), and its parts are
        groups named ``NAME__PART``."""
        alts = "|".join(f"(?P<{n}>{self._compose(n, self._check(parts), n + '__')})"
                        for n, parts in shapes.items())
        return self._re(f"{lead}(?:{alts}){trail}")

    def _check(self, parts) -> frozenset:
        for p in parts:
            if p not in self._trees:
                raise GrammarError(f"no terminal {p} in the grammar")
        return frozenset(parts)

    def _compose_kept(self, name: str, parts: frozenset, prefix: str = "") -> str:
        return self._kept(("compose", name, tuple(sorted(parts)), prefix),
                          lambda: self._compose_uncached(name, parts, prefix))

    def _compose_uncached(self, name: str, parts: frozenset, prefix: str = "") -> str:
        if name not in self._trees:
            raise GrammarError(f"no terminal {name} in the grammar")
        seen: set[str] = set()
        return self._emit(self._trees[name], parts, seen, (name,), prefix)

    def _emit(self, node, parts, seen: set, stack: tuple, prefix: str = "") -> str:
        kind = node[0]
        if kind == "lit":
            return node[1]
        if kind == "ref":
            ref = node[1]
            if ref in stack:
                raise GrammarError(f"terminal {ref} refers to itself")
            if ref not in self._trees:
                raise GrammarError(f"terminal {stack[-1]} refers to unknown {ref}")
            inner = self._emit(self._trees[ref], parts, seen, stack + (ref,), prefix)
            if ref in parts:
                if ref in seen:
                    raise GrammarError(f"part {ref} occurs twice in {stack[0]}")
                seen.add(ref)
                return f"(?P<{prefix}{ref}>{inner})"
            return f"(?:{inner})"
        if kind == "rep":
            return f"(?:{self._emit(node[1], parts, seen, stack, prefix)}){node[2]}"
        if kind == "seq":
            return "".join(self._emit(n, parts, seen, stack, prefix) for n in node[1])
        alts = [self._emit(n, parts, seen, stack, prefix) for n in node[1]]
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
