"""grammar/g80.lark is what reads g80-as input: Lark's LALR parser runs its rules, and runs of
plain lines are cut with its PLAIN_* terminals -- the two must read alike."""
from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refs import G80
from visa.bitisa import shape
from visa.g80 import asm, reader

PROGRAMS = sorted(G80.rglob("*.s"))


def _plain(ln: tuple) -> tuple:
    return ln[:5]


def test_vendored_programs_read_alike():
    """Every vendored program (asm/, asm-invalid/, envyas-ub/) reads the same with the plain-line
    cutter as with the rules alone (lines, positions, errors), and a cut line's matcher tokens
    and shapes are those of its instruction."""
    assert len(PROGRAMS) >= 540
    cut = 0
    for path in PROGRAMS:
        text = path.read_text(errors="replace")
        fast, fast_errors = reader.parse(text)
        rules, rule_errors = reader.parse(text, fast=False)
        assert [_plain(x) for x in fast] == [_plain(x) for x in rules], path
        assert fast_errors == rule_errors, path
        for ln in fast:
            if len(ln) > 5:
                cut += 1
                toks = asm.tokens(ln[1])
                assert toks == ln[5] and [t if type(t) is str else shape(t) for t in toks] == ln[6]
    assert cut > 7000  # most lines are plain


def test_plain_line_is_the_grammars():
    """The cutter takes a line exactly when the grammar's PLAIN_LINE matches it."""
    from visa.lexicon import Lexicon
    g = reader._grammar()
    plain = re.compile(Lexicon(g.text).regex("PLAIN_LINE"))
    lines = {ln for path in PROGRAMS for ln in path.read_text(errors="replace").split("\n")}
    lines |= set(_SAMPLES)
    for ln in lines:
        if "\n" in ln:
            continue
        took = reader._cut_line(ln, 1, [], g) is not None
        assert took == bool(plain.fullmatch(ln + "\n")), repr(ln)


_SAMPLES = [
    "\tadd b32 $r1 $r0 c0[0x10]", "a: b: (lg $c0) bra #a+8", "foo:add $r1 $r2", "\t(never) ret // x",
    "\tmov $r0:$r1:# s[$a1-0x4]", "\tmov b32 $r0 -0x3", "\tld b32 $r0 g0[$r1]", "ADD $r1",
    "\tmov b32 $r0 09", "\tmov b32 $r0 1 - 2", "\tmov b32 $r0 1- 2", "\tmov b32 $r0 1-2",
    "\t( lg $c0) bra 0x8", "\t(lg $c0 ) bra 0x8", "\t((lg $c0)) bra 0x8", "\tadd $r1 (mul $r2 $r3) $r4",
    "\tadd $r1$r2", "\tadd $r1\x0b$r2", "\tmov b32 $r0 0x100000000000000000", "\t$r1 add",
    "\tadd #:#:#:#", "\tst b32 s[0x0++0x4] $r1", "\tadd [$a1+0x8] $r1", "x:", ":", "\tnop;",
]


_FRAGMENTS = ["add", "b32", "mov", "(", ")", "(lg", "$c0)", "$r1", "$r2d", "$a1", "#", "#l", "#l+8",
              "0x10", "010", "9", "-0x3", "-", "+", "c0[0x4]", "s[$a1+0x10]", "s[$a2++0x4]", "[0x8]",
              "$r0:$r1", "#:#", "l:", "_x:", "//c", "/*c*/", "/+c+/", "&", ";", "|", ":", "~1", "!",
              "\"s\"", "ADD", "?", ".b32", ".align 8", "exit", "nop", "(mul", "u16", "$r3)", "\r"]


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.tuples(st.sampled_from(_FRAGMENTS), st.sampled_from(["", " ", "\t", "  "])),
                         max_size=8), min_size=1, max_size=4))
def test_random_lines_read_alike(lines):
    """Property: any text made of envyas' lexemes reads the same both ways."""
    text = "\n".join("".join(f + sep for f, sep in ln) for ln in lines) + "\n"
    fast, fast_errors = reader.parse(text)
    rules, rule_errors = reader.parse(text, fast=False)
    assert [_plain(x) for x in fast] == [_plain(x) for x in rules]
    assert fast_errors == rule_errors


def _operand(text: str):
    lines, errors = reader.parse(text, fast=False)
    assert not errors, errors
    (_, subs, *_), = lines
    return subs[0][1][1]


def test_envyas_minus_rules():
    """envyas' lexer: `-` after a blank is unary (a negative operand), after a lexeme binary,
    and between a lexeme and a blank an error."""
    assert _operand("mov b32 $r0 -1\n")[1][1] == [("neg", ("num", 1))]
    assert _operand("mov b32 $r0 2-1\n")[1][1] == [("sub", ("num", 2), ("num", 1))]
    assert _operand("mov b32 $r0 2 - 1\n")[1][1] == [("sub", ("num", 2), ("num", 1))]
    assert reader.parse("mov b32 $r0 2- 1\n", fast=False)[1][0][:2] == (1, 14)


def test_whole_syntax_through_the_rules():
    """Directives, expressions, `;` and `&` (on either side of a line end), the three comment
    styles (nesting `/+ +/`), strings, sub-instructions and `|` operands all parse."""
    text = ("/* block\n comment */ start: .equ #n (1<<4)|2 ; .b32 #n*2 0x10%3 // line\n"
            "\tadd b32 $r1 $r2 $r3 & mov $r4 $r5 &\n\tmov $r6 $r7\n"
            "\tmov $r0 $r1\n\t& nop /+ nested /+ comment +/ still +/\n"
            "\tmul $r1 (mul u16 $r2l $r3l) $r1|$r2\n.b8 \"s\\n\"\n.section #code 0x100\n"
            "\tmov $r0 . $r1\n")
    lines, errors = reader.parse(text)
    kinds = [ln[0] for ln in lines]
    assert kinds == ["label", "dir", "dir", "insn", "insn", "insn", "dir", "dir"], (lines, errors)
    assert len(lines[3][1]) == 3 and len(lines[4][1]) == 2  # `&` joins sub-instructions
    assert lines[5][1][0][1][1][2] == ([], [("reg", "r1"), ("reg", "r2")])  # $r1|$r2: one operand
    assert lines[6][2] == [("str", '"s\\n"')]
    assert errors == [(10, 10, "syntax error: unexpected '.'")]
    assert lines[1][2] == [("label", "n", 2, 25), ("or", ("shl", ("num", 1), ("num", 4)), ("num", 2))]


def test_errors_all_reported_and_parse_goes_on():
    text = "\tadd $r1 $r2\n\tADD $r1\n\tmov $r0 (\n\tnop\n\tx ? y\n"
    lines, errors = reader.parse(text)
    assert [e[0] for e in errors] == [2, 3, 5]
    assert [ln[2] for ln in lines] == [1, 4]


def test_number_beyond_64_bits_is_an_error():
    """envyas' strtoull saturates such a number silently; it is an error here."""
    for fast in (True, False):
        lines, errors = reader.parse("\tmov b32 $r0 0x10000000000000000\n", fast=fast)
        assert errors == [(1, 14, "number 0x10000000000000000 does not fit in 64 bits")]


def test_grammar_file_is_the_package_data():
    """The grammar read at run time is grammar/g80.lark (installed as visa/grammar/g80.lark)."""
    assert reader.grammar_text() == (Path(__file__).resolve().parent.parent / "grammar" / "g80.lark").read_text()
