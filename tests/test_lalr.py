"""visa/lalr.py runs Lark's LALR tables as Lark's own parser does: the same
trees and the same errors (type, place, expected and accepted terminals),
checked against Lark itself on a grammar using every feature the module
takes (inlined and ``?`` rules, aliases, kept and filtered tokens, keywords
a name terminal also matches, ignored terminals across lines, ``[x]``
placeholders, two start symbols, both lexers), and on vISA's grammar over
every program in tests/data, whole and with damaged lines."""
from __future__ import annotations

import random
from pathlib import Path

import lark
import pytest
from lark.exceptions import UnexpectedInput as LarkUnexpectedInput

from visa import lalr
from visa import parser as P

DATA = Path(__file__).resolve().parent / "data"

TOY = r'''
start: item* | "go" _sep? pair
other: pair+
item: "(" NAME ")" -> paren
    | "[" _names "]"
    | KEY "=" value ";"
    | bang
    | "{" [NAME] "}"
!bang: "!" NAME
_names: NAME ("," NAME)*
?value: NUMBER | NAME | value "+" value
pair: NAME NAME
_sep: ":"
KEY: "key"
NAME: /[a-z_]+/
NUMBER: /[0-9]+/
COMMENT: /#[^\n]*/
%ignore /[ \t\n]+/
%ignore COMMENT
'''
TOY_TEXTS = ["", "(a)", "(a) [b, c]\n key = 1 + x;", "go a b", "go: a b", "go a", "(key)", "[a,]",
             "[a b]", "key = ;", "key = 1 +", "(a", "((a))", "$", "a", "\n\n  (a) # c\n [x", "{}", "{a}",
             "{a b}", "! a", "!", "key = 1 + 2 + 3;", "(a)\n\n)", "go", "go go", "a b c d", "key key",
             "(a)\n# only a comment", "(\n\n\na\n)"]


def shape(x):
    """A tree or token as comparable data (Lark's or ours)."""
    if isinstance(x, (lark.Tree, lalr.Tree)):
        return (str(x.data), [shape(c) for c in x.children])
    if x is None:
        return None
    return (x.type, str(x), x.start_pos, x.line, x.column, x.end_line, x.end_column, x.end_pos)


def outcome(parse, text, start=None):
    """The tree, or what the error says, of one parse."""
    try:
        return "tree", shape(parse(text, start=start))
    except (LarkUnexpectedInput, lalr.UnexpectedInput) as e:
        if type(e).__name__ == "UnexpectedCharacters":
            return "characters", e.pos_in_stream, e.line, e.column, sorted(e.allowed)
        assert type(e).__name__ == "UnexpectedToken"
        return ("token", shape(e.token), e.line, e.column, e.pos_in_stream, sorted(e.expected),
                sorted(e.accepts or ()))


@pytest.mark.parametrize("lexer", ["contextual", "basic"])
@pytest.mark.parametrize("placeholders", [False, True])
def test_the_driver_parses_as_lark_does(lexer, placeholders):
    options = dict(parser="lalr", lexer=lexer, maybe_placeholders=placeholders, start=["start", "other"])
    theirs = lark.Lark(TOY, **options)
    ours = lalr.Parser(lalr.build_tables(TOY, **options))
    kinds = set()
    for text in TOY_TEXTS:
        for start in ("start", "other"):
            want = outcome(theirs.parse, text, start)
            assert outcome(ours.parse, text, start) == want, (text, start)
            kinds.add(want[0])
    assert kinds == {"tree", "characters", "token"}


def test_the_tables_survive_the_store(tmp_path):
    """What is kept and loaded again parses as what was built."""
    options = dict(parser="lalr", lexer="contextual", maybe_placeholders=True)
    built = lalr.Parser(lalr.build_tables(TOY, **options))
    lalr.parser(TOY, where=str(tmp_path), **options)
    loaded = lalr.parser(TOY, where=str(tmp_path), **options)
    assert lalr.canonical(loaded.tables) == lalr.canonical(built.tables)
    for text in TOY_TEXTS:
        assert outcome(loaded.parse, text) == outcome(built.parse, text)


def test_options_that_need_lark_at_parse_time_are_refused():
    with pytest.raises(ValueError, match="transformer"):
        lalr.build_tables(TOY, transformer=object())
    with pytest.raises(ValueError, match="lalr"):
        lalr.build_tables(TOY, parser="earley")
    with pytest.raises(ValueError, match="lexer"):
        lalr.build_tables(TOY, lexer="dynamic")


def test_tokens_and_trees_behave_as_lark_s():
    t = lalr.Token("NAME", "abc", 3, 1, 4, 1, 7, 6)
    u = lark.Token("NAME", "abc", 3, 1, 4, 1, 7, 6)
    assert t == "abc" == u and repr(t) == repr(u) and t.value == "abc"
    b = lalr.Token.new_borrow_pos("$END", "", t)
    assert (b.type, b.line, b.column, b.end_pos) == ("$END", 1, 4, 6)
    import pickle
    c = pickle.loads(pickle.dumps(t))
    assert (c, c.type, c.line, c.column) == ("abc", "NAME", 1, 4)
    assert lalr.Tree("a", [t]) == lalr.Tree("a", ["abc"]) != lalr.Tree("b", [t])
    assert repr(lalr.Tree("a", [t])) == "Tree('a', [Token('NAME', 'abc')])"


def _programs() -> list[Path]:
    files = sorted(DATA.rglob("*.visaasm")) + sorted(DATA.rglob("*.visa"))
    assert len(files) > 900  # tests/data's programs (tests/refs.py guards each set)
    return files


_JUNK = ["{", "}", "(", ")", '"', "/*", "*/", "\\", ":", ".decl", ".", "x:", "  ", "\n", "<", ">", "//",
         "@", "#", "%", "\t", ";", ",", "="]


def test_the_vISA_grammar_parses_as_lark_parses_it():
    """Every program in tests/data, and damaged copies of a third of them
    (characters inserted or removed on a few lines): the same tree, or the
    same error, as Lark's parser of the grammar the package parses with."""
    grammar = P._LEX.lark_text()
    theirs = lark.Lark(grammar, **P._LARK_OPTIONS)
    ours = P._grammar().lalr
    rnd = random.Random(22)
    kinds: dict[str, int] = {}
    for k, path in enumerate(_programs()):
        text = path.read_text()
        src = text if text.endswith("\n") else text + "\n"
        cases = [src]
        if k % 3 == 0:
            lines = src.split("\n")
            for _ in range(2):
                damaged = list(lines)
                for _ in range(rnd.randint(1, 3)):
                    i = rnd.randrange(len(damaged))
                    s = damaged[i]
                    j = rnd.randint(0, len(s))
                    damaged[i] = s[:j] + rnd.choice(_JUNK) + s[j + rnd.randint(0, 2):]
                cases.append("\n".join(damaged))
        for c in cases:
            want = outcome(theirs.parse, c)
            assert outcome(ours.parse, c) == want, (path.name, c[:200])
            kinds[want[0]] = kinds.get(want[0], 0) + 1
    assert kinds["tree"] > 1000 and kinds["characters"] > 20 and kinds["token"] > 20, kinds
