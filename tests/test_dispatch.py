"""visa/dispatch.py: an alternation matched by way of the alternatives that
can begin after the lead's blanks gives the match the whole alternation
gives (alternative, span, every group), on the parser's operand and
directive-argument alternations at every place of sampled lines of every
program in tests/data, and on expressions built to catch each kind of node
the analysis reads; the analysis of the first characters is checked against
what ``re`` matches."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from visa import dispatch
from visa import parser as P
from visa.isa import operands

DATA = Path(__file__).resolve().parent / "data"
SKIP = frozenset(" \t\\\r\n")
LEAD = r"(?:(?:[ \t]|\\\r?\n)+)?"


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return ((a.span(), a.lastgroup, a.lastindex, a.groups(), a.regs)
            == (b.span(), b.lastgroup, b.lastindex, b.groups(), b.regs)
            and a.re.groupindex == b.re.groupindex)


def test_the_parser_s_alternations_match_as_re_matches_them():
    g = P._grammar()
    # the parser's (which take the short-cut where a store keeps what it
    # needs), and the same alternations taking it here in any case
    alternations = [P._operand_re(operands.KINDS), g.darg_re]
    alternations += [dispatch.Alternation(a._alts, a._lead, a._trail) for a in alternations]
    rnd = random.Random(22)
    files = sorted(DATA.rglob("*.visaasm")) + sorted(DATA.rglob("*.visa"))
    assert len(files) > 900
    n = dropped = 0
    for path in files[::3]:
        lines = path.read_text().split("\n")
        for line in rnd.sample(lines, min(20, len(lines))):
            for alt in alternations:
                for pos in range(0, len(line) + 1, 2):
                    got, want = alt.match(line, pos), alt.full.match(line, pos)
                    assert _same(got, want), (path.name, line, pos)
                    n += 1
    for alt in alternations[2:]:
        dropped += sum(r is None or r is not alt.full for r in alt._by_char.values())
    assert n > 150_000 and dropped > 5  # (and the short-cuts were taken)


# each kind of node the analysis reads, and blanks the lead passes over
EXPRS = {
    "LIT": r"ab", "IGN": r"(?i:k)x", "IGNR": r"(?i:[a-c])z", "CLS": r"[-+]?[0-9]+", "NEG": r"[^ab]c",
    "CAT": r"\w+", "DIG": r"\d", "SP": r"\s*q", "ANY": r"(?s:.)w", "OPT": r"x?y?z", "LOOK": r"(?=m)\w",
    "NLOOK": r"(?!n)[a-z]", "BEHIND": r"(?<=[)>])!", "AT": r"\bt", "BRANCH": r"(?:u|[ \t]v)",
    "ATOM": r"(?>[ \t]*)o", "POSS": r"[ \t]*+p", "REF": r"(?P<q1>e)(?P=q1)", "EMPTY": r"(?:)",
    "BLANKS": r"[ \t]+", "UNI": "\u00e9+", "CONT": r"\\\n?h", "NONE": r"(?!)", "REP0": r"(?:a){0}b",
}


@pytest.mark.parametrize("name", sorted(EXPRS))
def test_first_characters_cover_what_re_matches(name):
    expr = EXPRS[name]
    xs, other, blank_only = dispatch.first(expr, SKIP)
    r = re.compile(expr)
    rnd = random.Random(name)
    alphabet = "abcdeKkmnopqtuvwxyz!+-09 \t\\\n\r)>\u00e9\u212a"
    for _ in range(3000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 5)))
        m = r.match(s)
        if m is None:
            continue
        rest = [c for c in m.group() if c not in SKIP]
        if not rest:
            assert blank_only, (expr, s)
        elif rest[0] in dispatch._ASCII:
            assert rest[0] in xs, (expr, s)
        else:
            assert other, (expr, s)


def test_an_alternation_of_every_kind_of_node_matches_as_re():
    alts = [(n, e) for n, e in EXPRS.items() if n != "REF"] + [("REF", r"(?P<r1>e)(?P=r1)")]
    for lead, trail in ((LEAD, ""), (LEAD, r"(?![a-z])"), ("", ""), (r"[ ]*", r"\Z")):
        a = dispatch.Alternation(alts, lead, trail)
        rnd = random.Random(lead + trail)
        alphabet = "abcdeKkmnopqtuvwxyz!+-09 \t\\\n\r)>\u00e9\u212a"
        for _ in range(4000):
            s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 8)))
            for pos in range(len(s) + 1):
                assert _same(a.match(s, pos), a.full.match(s, pos)), (lead, trail, s, pos)


def test_a_lead_of_any_character_turns_the_short_cut_off():
    a = dispatch.Alternation([("A", "a"), ("B", "b")], r".?")
    assert a._first is None
    assert _same(a.match("xb"), a.full.match("xb")) and a.match("xb").lastgroup == "B"
