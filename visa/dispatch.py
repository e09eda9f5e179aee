"""An alternation of named expressions matched by trying only the
alternatives that can begin where a match would begin (internal).

``lead(?:(?P<A>...)|(?P<B>...)|...)trail`` tries A, B, ... in order at each
place the optional ``lead`` (blanks) may end, and ``re`` tries every
alternative there, also where none can match: an operand line's trailing
comment after thirty blanks costs thirty failed tries of each of the
parser's fifteen operand shapes.  :class:`Alternation` gives the same match
(the same alternative, span and groups) trying fewer: for each alternative
it knows which characters its match can begin with once the characters the
lead can consume are passed over (:func:`first`, a safe over-estimate from
the expression's parse), and it matches the alternation of only those
alternatives that can begin at the first character after the lead's
blanks (the others fail at once: the match keeps all the groups); none,
no match.  An alternative left out cannot match at any place the lead could
end, so the result is the one the whole alternation gives.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

# what first() says of an expression: (the ASCII characters outside `skip`
# its match can begin with, as a string; whether it can begin with a
# non-ASCII one; whether it can match nothing but characters of `skip`)
First = tuple[str, bool, bool]

_ASCII = frozenset(chr(i) for i in range(128))
_CATEGORY_ESCAPES = {"CATEGORY_DIGIT": r"\d", "CATEGORY_NOT_DIGIT": r"\D", "CATEGORY_SPACE": r"\s",
                     "CATEGORY_NOT_SPACE": r"\S", "CATEGORY_WORD": r"\w", "CATEGORY_NOT_WORD": r"\W"}


def chars_of(lead: str) -> frozenset[str] | None:
    """Every character a match of ``lead`` can hold, or None where that is
    not a short list (a class like ``.`` or ``\\w``)."""
    from re import _constants as re_constants
    from re import _parser
    out: set[str] = set()

    def walk(seq: Any) -> bool:
        for op, av in seq:
            if op is re_constants.LITERAL:
                out.add(chr(av))
            elif op is re_constants.IN:
                for iop, iav in av:
                    if iop is re_constants.LITERAL:
                        out.add(chr(iav))
                    elif iop is re_constants.RANGE and iav[1] - iav[0] < 256:
                        out.update(chr(i) for i in range(iav[0], iav[1] + 1))
                    else:
                        return False
            elif op is re_constants.BRANCH:
                if not all(walk(alt) for alt in av[1]):
                    return False
            elif op is re_constants.SUBPATTERN:
                if av[1] & re_constants.SRE_FLAG_IGNORECASE or not walk(av[3]):
                    return False
            elif op in (re_constants.MAX_REPEAT, re_constants.MIN_REPEAT, re_constants.POSSESSIVE_REPEAT):
                if not walk(av[2]):
                    return False
            elif op is re_constants.ATOMIC_GROUP:
                if not walk(av):
                    return False
            elif op not in (re_constants.AT, re_constants.ASSERT, re_constants.ASSERT_NOT):
                return False
        return True

    p = _parser.parse(lead, 0)
    if p.state.flags & re_constants.SRE_FLAG_IGNORECASE or not walk(p):
        return None
    return frozenset(out)


def first(pattern: str, skip: frozenset[str]) -> First:
    """Which characters a match of ``pattern`` can begin with once the
    characters of ``skip`` it begins with are passed over (see
    :data:`First`): a superset, from the expression's parse (lookarounds
    and anchors are taken as matching nothing; what this does not know of
    as matching anything)."""
    from re import _constants as re_constants
    from re import _parser
    anything = (_ASCII - skip, True, True)

    def chars(cs: set[str], flags: int, other: bool = False) -> tuple[set[str], bool, bool]:
        if flags & re_constants.SRE_FLAG_IGNORECASE:
            folded = {x for c in cs for x in (c, c.lower(), c.upper())}
            other = other or any(c.isalpha() or c.lower() != c.upper() for c in cs)  # (Unicode folds)
            cs = folded
        return ({c for c in cs if c not in skip and c in _ASCII},
                other or any(c not in _ASCII and c not in skip for c in cs),
                any(c in skip for c in cs))

    def category(code: Any) -> set[str]:
        esc = _CATEGORY_ESCAPES.get(getattr(code, "name", ""))
        if esc is None:
            return set(_ASCII)
        r = re.compile(f"[{esc}]")
        return {c for c in _ASCII if r.match(c)}

    def node(op: Any, av: Any, flags: int) -> tuple[set[str], bool, bool]:
        if op is re_constants.LITERAL:
            return chars({chr(av)}, flags)
        if op is re_constants.IN:
            cs: set[str] = set()
            other = False
            for iop, iav in av:
                if iop is re_constants.LITERAL:
                    cs.add(chr(iav))
                elif iop is re_constants.RANGE:
                    lo, hi = iav
                    cs.update(chr(i) for i in range(lo, min(hi, 127) + 1))
                    other = other or hi >= 128
                elif iop is re_constants.CATEGORY:
                    cs |= category(iav)
                    other = True
                else:  # NEGATE, and anything else: any character
                    return set(anything[0]), True, True
            return chars(cs, flags, other)
        if op is re_constants.BRANCH:
            x: set[str] = set()
            o = n = False
            for alt in av[1]:
                ax, ao, an = seq(alt, flags)
                x |= ax
                o, n = o or ao, n or an
            return x, o, n
        if op is re_constants.SUBPATTERN:
            _, add, remove, p = av
            return seq(p, (flags | add) & ~remove)
        if op in (re_constants.MAX_REPEAT, re_constants.MIN_REPEAT, re_constants.POSSESSIVE_REPEAT):
            lo, hi, p = av
            if hi == 0:
                return set(), False, True
            x, o, n = seq(p, flags)
            return x, o, n or lo == 0
        if op is re_constants.ATOMIC_GROUP:
            return seq(av, flags)
        if op in (re_constants.AT, re_constants.ASSERT, re_constants.ASSERT_NOT):
            return set(), False, True
        return set(anything[0]), True, True  # ANY, NOT_LITERAL, back references ...

    def seq(items: Any, flags: int) -> tuple[set[str], bool, bool]:
        x: set[str] = set()
        o = False
        for op, av in items:
            nx, no, nn = node(op, av, flags)
            x |= nx
            o = o or no
            if not nn:
                return x, o, False
        return x, o, True

    p = _parser.parse(pattern, 0)
    x, o, n = seq(p, p.state.flags)
    return "".join(sorted(x)), o, n


_UNSEEN = object()


class Alternation:
    """``lead(?:(?P<name>expr)|...)trail`` of ``alternatives`` ((name,
    expr) pairs, tried in this order), matched as :mod:`re` matches it, by
    way of the alternatives that can begin after the lead's blanks.

    ``compile`` compiles an expression (``re.compile``, or a ready-made
    store's); ``derive(kind, expr, make)`` keeps what ``make(expr)`` says of
    an expression (the analysis reads the expression's parse, which is slow
    for the big ones: a ready-made store keeps it with the compiled code).
    ``dispatch=False``: the whole alternation every time (where neither the
    analysis nor the shorter alternations can be kept, making them costs a
    short input more than they save)."""

    def __init__(self, alternatives: Sequence[tuple[str, str]], lead: str = "", trail: str = "",
                 compile: Callable[[str], re.Pattern[str]] = re.compile,
                 derive: Callable[[str, str, Callable[[str], Any]], Any] | None = None,
                 dispatch: bool = True) -> None:
        def derived(kind: str, expr: str, make: Callable[[str], Any]) -> Any:
            return make(expr) if derive is None else derive(kind, expr, make)

        self._alts = list(alternatives)
        self._lead, self._trail = lead, trail
        self._compile = compile
        self.full = compile(self._text())
        self.pattern = self.full.pattern
        skip: str | None = ""
        if not dispatch:
            skip = None
        elif lead:
            skip = derived("lead-chars", lead,
                           lambda e: (lambda cs: None if cs is None else "".join(sorted(cs)))(chars_of(e)))
        self._skip: frozenset[str] | None = None if skip is None else frozenset(skip)
        self._first: list[First] | None = None
        if self._skip is not None:
            key = "".join(sorted(self._skip))
            self._first = [tuple(derived("first " + key, expr, lambda e: first(e, self._skip or frozenset())))
                           for _, expr in self._alts]
        self._leading = compile(lead).match if lead else None
        self._by_char: dict[str, Any] = {}
        self._by_subset: dict[tuple[int, ...], Any] = {}
        if self._first is None:  # (no short-cut: the whole alternation, directly)
            self.match = self.full.match  # type: ignore[method-assign,assignment]

    def _text(self, keep: Sequence[int] | None = None) -> str:
        """The alternation; the alternatives not in ``keep`` stand as one
        that fails at once (``(?!)``) with empty groups of their groups'
        names, so that a match has the groups, numbers and names of the
        whole alternation's."""
        if keep is None:
            body = "|".join(f"(?P<{n}>{e})" for n, e in self._alts)
        else:
            body = "|".join(f"(?P<{n}>{e})" if i in keep else f"(?P<{n}>(?!){self._empty_groups(i)})"
                            for i, (n, e) in enumerate(self._alts))
        return f"{self._lead}(?:{body}){self._trail}"

    def _empty_groups(self, i: int) -> str:
        """Empty groups standing for the groups inside alternative ``i``
        (named as those, in their order)."""
        full = self.full
        number = {name: k for name, k in full.groupindex.items()}
        name_of = {k: name for name, k in number.items()}
        first = number[self._alts[i][0]]
        if i + 1 < len(self._alts):
            end = number[self._alts[i + 1][0]]
        else:
            end = full.groups + 1 - (self._compile(self._trail).groups if self._trail else 0)
        return "".join(f"(?P<{name_of[k]}>)" if k in name_of else "()" for k in range(first + 1, end))

    def _for(self, c: str) -> Any:
        """The compiled alternation to try where ``c`` follows the lead's
        blanks ('': the end of the text), or None: nothing can match."""
        if self._first is None or self._skip is None or c in self._skip:
            return self.full
        if c == "":
            keep = tuple(i for i, (_, _, n) in enumerate(self._first) if n)
        elif c in _ASCII:
            keep = tuple(i for i, (x, _, n) in enumerate(self._first) if n or c in x)
        else:
            keep = tuple(i for i, (_, o, n) in enumerate(self._first) if n or o)
        if not keep:
            return None
        if len(keep) == len(self._alts):
            return self.full
        hit = self._by_subset.get(keep)
        if hit is None:
            hit = self._by_subset[keep] = self._compile(self._text(keep))
        return hit

    def match(self, s: str, pos: int = 0) -> re.Match[str] | None:
        """``self.full.match(s, pos)``, trying fewer alternatives."""
        if self._leading is not None:
            lm = self._leading(s, pos)
            if lm is None:  # (a lead that is not optional, and is not there)
                return None
            q = lm.end()
        else:
            q = pos
        c = s[q:q + 1]
        r = self._by_char.get(c, _UNSEEN)
        if r is _UNSEEN:
            r = self._by_char[c] = self._for(c)
        return None if r is None else r.match(s, pos)
