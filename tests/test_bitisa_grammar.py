"""visa.bitisa.grammar: a regular Lark grammar composed into expressions
that accept what Lark accepts (a toy grammar here; afuc's in
test_afuc_grammar.py), and the rewrites that keep the language while
shortening the expressions."""
import itertools
import re

import pytest

from visa.bitisa.grammar import RegularGrammar, _gap, _tidy, _tries
from visa.lexicon import GrammarError

TOY = r"""
start: _stmt*
_stmt: op | label
op: prefix* WORD args
prefix: "(r)" | "(x)"
args: arg ("," arg)*
arg: NUM "<<" NUM | NUM | REG
label: NAME ":"
WORD.2: ("ld" | "ldx" | "st") END
END: /(?![a-z0-9])/
NAME: /[a-z][a-z0-9]*/
NUM: /[0-9]+/
REG: "$" /[0-9]/
WS: /[ \t\n]/
COMMENT: /;[^\n]*\n/
%ignore WS
%ignore COMMENT
"""


def test_statements_and_parts():
    g = RegularGrammar(TOY)
    stmt = re.compile(g.alternatives({"op": ("WORD",), "label": ("NAME",)}))
    m = stmt.match("(r) (x)ldx 1 << 2, $3")
    assert m.lastgroup == "op" and m.group("op__WORD") == "ldx" and m.end() == 21
    m = stmt.match("  ; c\n foo :")
    assert m.lastgroup == "label" and m.group("label__NAME") == "foo" and m.start("label") == 7
    # a keyword (priority 2, a whole word) is never a name; a longer word is
    assert stmt.match("ld:") is None  # ld is no name; as an op it wants an argument
    assert stmt.match("ldy:").lastgroup == "label"
    assert stmt.match("ld 1").lastgroup == "op"


def test_cut_marks_where_a_rule_begins():
    g = RegularGrammar(TOY)
    op = re.compile(g.expression("op", ("WORD",), cut=("args",)))
    m = op.match("st  7, 8")
    assert m.group("WORD") == "st" and m.start("args") == 2 and m.end() == 2


def test_choices_and_errors():
    g = RegularGrammar(TOY)
    assert g.choices("_stmt") == ("op", "label")
    with pytest.raises(GrammarError):  # strings, not names
        g.choices("prefix")
    with pytest.raises(GrammarError):
        RegularGrammar("a: b\nb: a\n").expression("a")
    with pytest.raises(GrammarError):
        g.expression("op", ("NOPE",))


def test_tidy_keeps_the_language():
    patterns = [r"(?:(?:[ \t\n])|;(?:[^\n]*)\n)", r"(?:\$)(?:[a-z])*", r"(?:[a]*)+", r"(?:[a]*)x",
                r"(?:0|(?:[1-9][0-9]*))", r"(?:(?:(?![a-z])))", r"(?:ab)*c", r"(?:a|b)c",
                r"x(?:a(?:b)?)+", r"[(]a(?:b)", r"(?:[]a])b", r"a{2,3}(?:b){1}", r"(?:(?>ab))*",
                r"(?:(?P<x>a)+)*b", r"(?:)a", r"a(?:b|c)?d", r"(?:a(?:b|c))d",
                r"(?:(?:(?:x(?:a|b))))*", r"(?:(?:ab))+c", r"(?:(?:a|b))*", r"\((?:a)\)"]
    probes = ["".join(p) for n in range(5) for p in itertools.product("ab0c$d]x(); \n", repeat=n)]
    for p in patterns:
        t = _tidy(p)
        assert len(t) <= len(p)
        for s in probes:
            assert bool(re.fullmatch(p, s)) == bool(re.fullmatch(t, s)), (p, t, s)
    assert _tidy(r"(?:(?:[ \t\n])|;(?:[^\n]*)\n)") == r"(?:[ \t\n]|;[^\n]*\n)"


def test_keyword_lists_become_tries():
    words = ["add", "addhi", "and", "jump", "jumpa", "ret", "iret"]
    trie = _tries("(?:" + "|".join(words) + ")")
    assert trie == "(?:a(?:dd(?:hi)?|nd)|jumpa?|ret|iret)"
    for w in ["add", "addhi", "and", "jump", "jumpa", "ret", "iret", "ad", "addh", "jum", "x", ""]:
        assert bool(re.fullmatch(trie, w)) == (w in words), w
    # the longer of two words that begin alike is preferred, as Lark orders them
    assert re.match(trie, "addhi").group(0) == "addhi"


def test_gap_is_the_ignored_terminals_any_number_of_times():
    gap = _gap([r"[ \t\n]", r";[^\n]*\n"])
    plain = r"(?:[ \t\n]|;[^\n]*\n)*"
    for s in ["", " ", " \n\t", "; x\n", " ;a\n ;b\n  ", ";x", " ;x", "a", " a"]:
        assert re.match(gap, s).end() == re.match(plain, s).end(), repr(s)
