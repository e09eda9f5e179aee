"""A regular Lark grammar composed into regular expressions.

An assembler's statements are usually a regular language: a mnemonic, some
operands, each operand a few tokens.  Such a grammar, written for Lark (rules
in lower case over tokens in upper case, blanks and comments ``%ignore``\\ d),
can be read without a parser at run time: every rule that does not refer to
itself is one regular expression.  :class:`RegularGrammar` reads the rules
of a ``.lark`` file and composes them, with the terminals composed by
:class:`visa.lexicon.Lexicon` from the same file, into expressions with a
named group for each part the caller asks for.  The grammar stays the only
definition of the syntax; Lark itself (``lexer="basic"``, ``parser="lalr"``)
reads the same file, and a test can compare the two.

What is composed, and how it keeps Lark's meaning:

* Between any two tokens the ignored terminals may stand (a possessive
  ``(?:BLANK|COMMENT)*+`` before each token).
* A token is matched whole and never given back (an atomic group), as a
  lexer does.  A terminal does not match where a terminal of higher
  priority (``NAME.2:``) matches, as in Lark's basic lexer, which tries
  terminals by priority (only terminals that can begin with the same
  character are checked).
* Alternatives are tried in the written order and repetitions are greedy;
  a grammar for this reader writes a longer alternative before a shorter
  one it begins with.

Only the subset of Lark's EBNF that such grammars need is read: rules
(``name:``, ``?name:``, ``_name:``), strings, ``/regexp/flags``, rule and
terminal names, parentheses, ``[...]``, ``|``, ``?``, ``*``, ``+``, and
``%ignore`` lines.  Templates (``{a}``), ``->`` aliases, ``%import`` and
``%declare`` are not.
"""
from __future__ import annotations

import re
import re._parser as _sre  # type: ignore[import-not-found]  # re.compile's own parser
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from visa.lexicon import GrammarError, Lexicon, definitions, is_terminal, read

# a rule's tree (visa.lexicon.read): ('alt', [seq, ...]) ('seq', [item, ...])
# ('rep', item, '?*+') ('lit', regexp[, string]) ('ref', TERMINAL) ('rule', name)
Node = tuple[Any, ...]

# an expression that is a fixed string: escaped or plain characters only
_LITERAL = re.compile(r"(?:\\.|[^\\.^$*+?{}\[\]|()])*")
_ANY = None  # a first-character set that may be anything


def _firsts(pattern: str) -> frozenset[str] | None:
    """The characters a match of ``pattern`` can begin with, or None where
    that is not known (a negated class, an empty match, a flag)."""
    try:
        tree = _sre.parse(pattern)
    except re.error:
        return _ANY
    got = _seq_firsts(list(tree))
    return None if got is None or "" in got else frozenset(got)


def _seq_firsts(items: list[Any]) -> set[str] | None:
    out: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name in ("ASSERT", "ASSERT_NOT", "AT"):
            continue  # zero width: the next item begins the match
        if name == "LITERAL":
            out.add(chr(arg))
            return out
        if name == "IN":
            chars = _class_chars(arg)
            if chars is None:
                return None
            return out | chars
        got: set[str] | None
        if name == "BRANCH":
            alts = [_seq_firsts(list(a)) for a in arg[1]]
            got = set()
            for a in alts:
                if a is None:
                    return None
                got |= a
        elif name in ("SUBPATTERN",):
            if arg[1] or arg[2]:  # flags (?i:...)
                return None
            got = _seq_firsts(list(arg[3]))
        elif name == "ATOMIC_GROUP":
            got = _seq_firsts(list(arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            inner = _seq_firsts(list(arg[2]))
            if inner is None:
                return None
            got = inner | ({""} if arg[0] == 0 else set())
        else:
            return None
        if got is None:
            return None
        here = got
        out |= here - {""}
        if "" not in here:
            return out
    out.add("")
    return out


def _class_chars(items: list[Any]) -> set[str] | None:
    out: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.add(chr(arg))
        elif name == "RANGE":
            out.update(chr(c) for c in range(arg[0], arg[1] + 1))
        else:  # NEGATE, CATEGORY (\d \w \s)
            return None
    return out


_ONE_CHAR = re.compile(r"(?:\(\?:)*(\[(?:\\.|[^\]\\])+\])\)*")


def _gap(ignored: list[str]) -> str:
    """What may stand between two tokens: any of the ``ignored`` terminals,
    any number of times, taken whole (possessive).  Written as ``C*+(?:O
    C*+)*+`` (C the one-character terminals, O the others), which means the
    same as ``(?:C|O)*+`` and lets the matcher run over blanks one class
    test a character."""
    chars = []
    others = []
    for r in ignored:
        m = _ONE_CHAR.fullmatch(r)
        if m is not None and m.group(0).count("(") == m.group(0).count(")"):
            chars.append(m.group(1))
        else:
            others.append(r)
    if not chars:
        return "(?:" + "|".join(others) + ")*+"
    c = chars[0] if len(chars) == 1 else "(?:" + "|".join(chars) + ")"
    if not others:
        return c + "*+"
    return f"{c}*+(?:(?:{'|'.join(others)}){c}*+)*+"


_WORDS = re.compile(r"\(\?:((?:[A-Za-z0-9_]+\|)+[A-Za-z0-9_]+)\)")


@lru_cache(maxsize=None)
def _tries(regexp: str) -> str:
    """``regexp`` with each group of plain alternative words (a keyword
    list, ``(?:add|addhi|and)``) written as a trie (``(?:a(?:dd(?:hi)?|nd))``):
    the same words, tried in the same order of preference where one begins
    another (the longer first, as Lark orders them), found without trying
    every word in turn."""
    def trie(m: re.Match[str]) -> str:
        return "(?:" + _trie(list(dict.fromkeys(m.group(1).split("|")))) + ")"
    return _tidy(_WORDS.sub(trie, regexp))


_PIECE = re.compile(r"""
    (?P<esc>\\.)
  | (?P<cls>\[\^?\]?(?:\\.|[^\]\\])*\])
  | (?P<open>\((?:\?(?:P<\w+>|[:>=!]|<[=!]))?)
  | (?P<close>\))
  | (?P<bar>\|)
  | (?P<quant>(?:[*+?]|\{\d*,?\d*\})[?+]?)
  | (?P<char>.)
""", re.X | re.S)


def _tidy(regexp: str) -> str:
    """``regexp`` without the groups that change nothing: a non-capturing
    group ``(?:...)`` with no ``|`` of its own and no quantifier after it,
    or around a single atom (composed terminals are full of them).  A
    shorter expression, which compiles faster, for the same language."""
    # a tree: a group is [opener, items, quantifier]; items are strings or groups
    root: list[Any] = ["", [], ""]
    stack = [root]
    last: object = None
    for m in _PIECE.finditer(regexp):
        kind = m.lastgroup
        text = m.group(0)
        if kind == "open":
            g: list[Any] = [text, [], ""]
            stack[-1][1].append(g)
            stack.append(g)
            last = None
        elif kind == "close":
            last = stack.pop()
        elif kind == "quant":
            if isinstance(last, list):
                last[2] += text
            else:
                stack[-1][1].append(text)
            last = None
        else:
            stack[-1][1].append(text)
            last = None
    if len(stack) != 1:  # pragma: no cover - not a well-formed expression: left alone
        return regexp

    def single(items: list[Any]) -> bool:
        """One atom: a character, an escape, a class, or a group without a
        quantifier (the group ``(?:...)`` itself being left out)."""
        if len(items) != 1:
            return False
        it = items[0]
        if isinstance(it, list):
            return not it[2]
        m = _PIECE.fullmatch(it)
        return m is not None and m.lastgroup != "quant"

    def group(it: list[Any], keep: bool) -> str:
        opener: str = it[0]
        inner: list[Any] = it[1]
        quant: str = it[2]
        if opener == "(?:" and inner and not keep:
            if not quant and "|" not in inner:
                return emit(inner)
            if quant and single(inner):  # the one atom keeps its own parentheses
                only = inner[0]
                return (group(only, True) if isinstance(only, list) else str(only)) + quant
        return opener + emit(inner) + ")" + quant

    def emit(items: list[Any]) -> str:
        return "".join(group(it, False) if isinstance(it, list) else it for it in items)

    return emit(root[1])


def _trie(words: list[str]) -> str:
    """Alternatives matching exactly ``words`` (plain word characters), one
    branch per first character; an optional tail is greedy, so the longer of
    two words that begin alike is preferred."""
    heads: dict[str, list[str]] = {}
    for w in words:
        if w:
            heads.setdefault(w[0], []).append(w[1:])
    alts = [c + _trie(rest) for c, rest in heads.items()]
    body = "" if not alts else alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
    if "" in words and body:
        body = f"(?:{body})?"
    return body


class RegularGrammar:
    """The rules and terminals of one grammar text (immutable)."""

    def __init__(self, text: str) -> None:
        self.lexicon = Lexicon(text)
        self._priority: dict[str, int] = {}
        self._rules: dict[str, Node] = {}
        self._ignore: list[str] = []
        body: dict[str, str] = {}
        for name, priority, src in definitions(text):
            if name == "%ignore":
                self._ignore += src.split()
            elif is_terminal(name):
                self._priority[name] = priority
            else:
                body[name.lstrip("?!")] = src
        self._rules = {name: read(src, f"rule {name}", rules=True) for name, src in body.items()}
        for name in self._ignore:
            if name not in self.lexicon.names:
                raise GrammarError(f"%ignore {name}: no such terminal")
        self.gap = _tidy(_gap([_tidy(self.lexicon.regex(n)) for n in self._ignore]))
        self._firsts_memo: dict[str, frozenset[str] | None] = {}
        self._used: set[str] | None = None
        self._tokens_memo: dict[tuple[str, int], str] = {}

    # ------------------------------------------------------------- composing
    @property
    def rules(self) -> frozenset[str]:
        return frozenset(self._rules)

    def choices(self, rule: str) -> tuple[str, ...]:
        """The names a rule of the form ``a | b | C`` chooses between."""
        tree = self._rules[rule]
        out = []
        for seq in tree[1]:
            items = seq[1]
            if len(items) != 1 or items[0][0] not in ("rule", "ref"):
                raise GrammarError(f"rule {rule} is not a choice of names")
            out.append(str(items[0][1]))
        return tuple(out)

    def priority(self, terminal: str) -> int:
        return self._priority.get(terminal, 0)

    def _first(self, regexp: str) -> frozenset[str] | None:
        if regexp not in self._firsts_memo:
            self._firsts_memo[regexp] = _firsts(regexp)
        return self._firsts_memo[regexp]

    def _leaves(self) -> Iterator[Node]:
        """Every token of every rule (``('lit', ...)``, ``('ref', TERMINAL)``)."""
        def walk(node: Node) -> Iterator[Node]:
            if node[0] in ("lit", "ref"):
                yield node
            elif node[0] in ("alt", "seq"):
                for n in node[1]:
                    yield from walk(n)
            elif node[0] == "rep":
                yield from walk(node[1])

        for tree in self._rules.values():
            yield from walk(tree)

    def _used_terminals(self) -> set[str]:
        if self._used is None:
            self._used = {str(t[1]) for t in self._leaves() if t[0] == "ref"}
        return self._used

    def _token(self, regexp: str, priority: int) -> str:
        """A token as the lexer would take it: not where a terminal of higher
        priority matches, and never shortened."""
        key = (regexp, priority)
        got = self._tokens_memo.get(key)
        if got is None:
            got = self._tokens_memo[key] = self._token_uncached(_tries(regexp), priority)
        return got

    def _token_uncached(self, regexp: str, priority: int) -> str:
        mine = self._first(regexp)
        higher = []
        for t in sorted(self._used_terminals()):
            if self.priority(t) <= priority:
                continue
            hr = _tries(self.lexicon.regex(t))
            theirs = self._first(hr)
            if mine is not None and theirs is not None and not (mine & theirs):
                continue
            higher.append(hr)
        guard = f"(?!{'|'.join(higher)})" if higher else ""
        if _LITERAL.fullmatch(regexp):  # a fixed string cannot be shortened
            return f"{self.gap}{guard}{regexp}"
        return f"{self.gap}{guard}(?>{regexp})"

    def expression(self, rule: str, parts: Iterable[str] = (), prefix: str = "",
                   cut: Iterable[str] = ()) -> str:
        """Rule (or terminal) ``rule`` as one regular expression: a group named
        ``prefix + part`` around each of ``parts`` (rule or terminal names;
        a part inside a repetition keeps its last occurrence).  Blanks and
        comments before the first token are part of the match, and the
        group of a part begins at the part's first token.

        A rule in ``cut`` is not composed: an empty group named ``prefix +
        rule`` marks where it begins, and the caller reads it from there
        with the rule's own expression (an instruction's operands, one at a
        time)."""
        want = frozenset(parts)
        for p in [*want, *cut]:
            if p not in self._rules and p not in self.lexicon.names:
                raise GrammarError(f"no rule or terminal {p} in the grammar")
        return _tidy(self._emit(("rule", rule) if rule in self._rules else ("ref", rule),
                                want, prefix, (), set(), frozenset(cut)))

    def alternatives(self, parts: Mapping[str, Iterable[str]], lead: str = "",
                     cut: Iterable[str] = ()) -> str:
        """``lead``, then one of the rules (or terminals) named by ``parts``,
        tried in this order: the one that matched is the group of its own
        name (``match.lastgroup``), and its parts are groups named
        ``NAME__PART``.  Blanks and comments before it are skipped, outside
        the groups.  ``cut`` as for :meth:`expression`."""
        alts = []
        for name, ps in parts.items():
            inner = self.expression(name, ps, name + '__', cut)
            if inner.startswith(self.gap):  # the gap before every alternative matched it
                inner = inner[len(self.gap):]
            alts.append(f"(?P<{name}>{inner})")
        return _tidy(f"{lead}{self.gap}(?:{'|'.join(alts)})")

    def _emit(self, node: Node, parts: frozenset[str], prefix: str, stack: tuple[str, ...],
              seen: set[str], cut: frozenset[str] = frozenset()) -> str:
        kind = node[0]
        if kind in ("lit", "ref"):
            name = node[1] if kind == "ref" else None
            regexp = self.lexicon.regex(str(name)) if name is not None else str(node[1])
            out = self._token(regexp, self.priority(str(name)) if name else 0)
            if name in parts:
                return self._group(str(name), out, prefix, seen)
            return out
        if kind == "rule":
            name = str(node[1])
            if name in stack:
                raise GrammarError(f"rule {name} refers to itself: not a regular rule")
            if name not in self._rules:
                raise GrammarError(f"no rule {name} in the grammar")
            if name in cut:
                return self._group(name, "", prefix, seen, gap=False)
            inner = self._emit(self._rules[name], parts, prefix, stack + (name,), seen, cut)
            if name in parts:
                return self._group(name, inner, prefix, seen)
            return f"(?:{inner})"
        if kind == "rep":
            return f"(?:{self._emit(node[1], parts, prefix, stack, seen, cut)}){node[2]}"
        if kind == "seq":
            return "".join(self._emit(n, parts, prefix, stack, seen, cut) for n in node[1])
        alts = [self._emit(n, parts, prefix, stack, seen, cut) for n in node[1]]
        if len(alts) == 1:
            return alts[0]
        gap = self.gap
        if all(a.startswith(gap) for a in alts):  # the blanks before each: before them all
            return gap + "(?:" + "|".join(a[len(gap):] for a in alts) + ")"
        return "(?:" + "|".join(alts) + ")"

    def _group(self, name: str, inner: str, prefix: str, seen: set[str], gap: bool = True) -> str:
        if name in seen:
            raise GrammarError(f"part {name} occurs twice in one expression")
        seen.add(name)
        if not gap:
            return f"(?P<{prefix}{name}>{inner})"
        # the blanks before the part stay outside its group (the inner
        # expression's own possessive gap would match nothing: it is left out)
        if inner.startswith(self.gap):
            inner = inner[len(self.gap):]
        return f"{self.gap}(?P<{prefix}{name}>{inner})"

    def tokens(self) -> str:
        """Every token of the grammar (the terminals the rules use, the
        strings and regexps written in rules, the ignored terminals) as one
        expression, tried as Lark's basic lexer tries them (priority, then
        the longer pattern); the named terminals are groups of their own
        name, the others ``_T<n>``.  For diagnostics: what token is here."""
        items: list[tuple[int, int, str, str]] = []
        anon: dict[str, str] = {}
        for leaf in self._leaves():
            if leaf[0] == "lit" and str(leaf[1]) not in anon:
                anon[str(leaf[1])] = f"_T{len(anon)}"
        for t in sorted(self._used_terminals() | set(self._ignore)):
            r = self.lexicon.regex(t)
            items.append((-self.priority(t), -len(r), t, r))
        for r, n in anon.items():
            items.append((0, -len(r), n, r))
        items.sort()
        return "|".join(f"(?P<{n}>{r})" for _, _, n, r in items)
