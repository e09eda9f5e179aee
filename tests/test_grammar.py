"""grammar/visa.lark is the definition of the syntax: the operand shapes are
composed from named parts, the parser takes operands apart with those parts
(visa/lexicon.py), and the two readings of the grammar (Lark's and the
lexicon's) agree."""
from __future__ import annotations

import re
from pathlib import Path

try:
    from re import _parser as sre_parse  # Python 3.11+
except ImportError:  # pragma: no cover
    import sre_parse

import pytest

import visa.isa.operands
import visa.parser as P
import visa.textread
from visa.lexicon import GrammarError, Lexicon

from conftest import genx_ir_accepts, needs_genx_ir
from refs import corpus_stems, program_text

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = (ROOT / "grammar" / "visa.lark").read_text()


def test_no_raw_regular_expression_over_100_characters():
    literals = re.findall(r"/(?:[^/\\\n]|\\.)+/", GRAMMAR)
    assert literals and max(len(x) for x in literals) <= 100


def test_shapes_are_composed_from_named_parts():
    lex = Lexicon(GRAMMAR)
    for shape, parts in visa.isa.operands.SYNTAX.items():
        for part in parts:
            assert part in lex.names, (shape, part)
    # the parts the issue names exist and are used by the shapes
    for part in ("REGION", "ROW_COL", "SRC_MOD", "TYPE_SUFFIX", "ADDR_SIZE"):
        assert part in lex.names
        assert re.search(rf"^[A-Z_]+:.*\b{part}\b", GRAMMAR, re.M)


def test_parser_has_no_operand_syntax_of_its_own():
    # every regular expression the readers of text (the parser, the operand
    # kinds, the shared reading primitives) compile comes from the grammar
    for mod in (P, visa.isa.operands, visa.textread):
        src = Path(mod.__file__).read_text()
        for m in re.finditer(r"re\.compile\(([^\n]*)", src):
            assert "LEX" in m.group(1), (mod.__name__, m.group(0))
        assert not re.search(r"re\.(match|fullmatch|search|finditer|split|sub)\(r?[\"']", src)


def test_lexicon_reads_what_lark_reads():
    # Lark composing the grammar's own terminals and the lexicon composing
    # them (what the parser uses, and what Lark is given) read every corpus
    # instruction line alike
    from lark import Lark
    probe = Lark(GRAMMAR + "\nprobe: INSTR_LINE OPERANDS DARGS\n", parser="lalr",
                 start=["start", "probe"])
    lark_line = re.compile(probe.get_terminal("INSTR_LINE").pattern.to_regexp())
    ours = re.compile(Lexicon(GRAMMAR).regex("INSTR_LINE"))
    n = 0
    for stem in corpus_stems()[::20]:
        for line in program_text(stem).splitlines():
            s = line.strip()
            if not s or s.startswith((".", "//")) or s.endswith(":"):
                continue
            a, b = lark_line.fullmatch(s + "\n"), ours.fullmatch(s + "\n")
            assert (a is None) == (b is None) and (a is None or a.group() == b.group()), s
            n += 1
    assert n > 1000


def test_lark_gets_the_lexicons_terminals():
    # the parser hands Lark (the builder of its tables) the structural
    # terminals as the lexicon composes them
    from lark import Lark
    g = Lark(P._LEX.lark_text(), **P._LARK_OPTIONS)
    lex = Lexicon(GRAMMAR)
    for name in ("HEAD", "PRED", "INSTR_BLOCK", "DIRECTIVE_BLOCK", "REST_OF_LINE", "LABEL_DEF"):
        # the same expression (Lark's copy writes some escapes as characters:
        # compare what the two parse to)
        theirs = g.get_terminal(name).pattern.to_regexp()
        assert str(sre_parse.parse(theirs)) == str(sre_parse.parse(lex.regex(name))), name


def test_parts_capture_their_text():
    vreg = visa.isa.operands.KINDS.alone("VREG")
    m = vreg.fullmatch("(-)V12(2, 3)<8;8,1>")
    assert [m[f"VREG__{p}"] for p in ("SRC_MOD", "VAR", "ROW", "COL", "VSTRIDE", "WIDTH",
                                       "HSTRIDE")] == ["(-)", "V12", "2", "3", "8", "8", "1"]
    m = visa.isa.operands.KINDS.alone("INDIRECT").fullmatch("r[A0(1),8]<4,1>:f")
    assert (m["INDIRECT__IND_ADDR"], m["INDIRECT__IND_OFFSET"], m["INDIRECT__WIDTH"],
            m["INDIRECT__TYPE_NAME"]) == ("A0", "8", "4", "f")


def test_lexicon_refuses_a_part_captured_twice():
    lex = Lexicon('A: "a"\nB: A "," A\n')
    assert lex.capture("B", ()).fullmatch("a,a")
    with pytest.raises(GrammarError):
        lex.capture("B", ("A",))


def test_lines_with_slashes_and_backslashes_read_as_their_plain_text():
    # a run of lines is one token only when no line holds a block comment or
    # a continuation (LINE_BODY); a `/` in an expression or a line comment,
    # or a backslash inside a line, keeps the run, and every line reads as
    # its text without the comments and continuations
    head = ('.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16 align=hword\n'
            '.decl V2 v_type=G type=d num_elts=16 align=hword\n.function "_main_0"\n\n_main_0:\n')
    plain = ("    add (M1, 16) V1(0,0)<1> V2(0,0)<8;8,1> 0x8:d\n"
             "    mov (M1, 8) V1(0,(16/2))<1> V2(0,0)<8;8,1>\n"
             "    mov (M1, 16) V2(0,0)<1> V1(0,0)<8;8,1>\n"
             "    ret (M1, 1)\n")
    written = ("    add (M1, 16) V1(0,0)<1> /* a block comment */ V2(0,0)<8;8,1> 0x8:d\n"
               "    mov (M1, 8) V1(0,(16/2))<1> V2(0,0)<8;8,1> // 16/2, a\\b\n"
               "    mov (M1, 16) V2(0,0)<1> \\\n        V1(0,0)<8;8,1>\n"
               "    ret (M1, 1) /* one */ // two\n")
    want = P.parse(head + plain)
    got = P.parse(head + written)
    body = [(type(s).__name__, getattr(s, "op", None), getattr(s, "operands", None))
            for s in got.units[0].body]
    assert body == [(type(s).__name__, getattr(s, "op", None), getattr(s, "operands", None))
                    for s in want.units[0].body]
    # each statement keeps its own line (the subroutine is at its .function)
    assert [s.line for s in got.units[0].body] == [5, 8, 9, 10, 12]  # 5: the .function


def test_an_offset_spelling_is_remembered_only_where_it_means_one_thing():
    # the parser remembers the values of an offset-and-region spelling per
    # parse; one with %sizeof depends on the unit's declarations and is
    # read in each unit
    unit = ('.{kind} "{name}"\n.decl VX v_type=G type=d num_elts=64 align=hword\n'
            '.decl VS v_type=G type=d num_elts={n} align=hword\n{fn}\n{name}:\n'
            '    mov (M1, 8) VX(0,(%sizeof VS/4))<1> VX(0,0)<8;8,1>\n'
            '    mov (M1, 8) VX(1,2)<1> (-)VX(0,0)<8;8,1>\n    ret (M1, 1)\n')
    text = (".version 4.1\n"
            + unit.format(kind="kernel", name="k", n=8, fn='.function "k"')
            + unit.format(kind="global_function", name="f", n=16, fn='.function "f"'))
    m = P.parse(text)
    movs = [[s for s in u.body if getattr(s, "op", None) == "mov"] for u in m.units]
    assert [ms[0].operands[0].offsets for ms in movs] == [(0, 8), (0, 16)]
    # the remembered spelling gives each operand its own name, modifier and place
    second = movs[1][1].operands
    assert (second[0].offsets, second[0].region) == ((1, 2), (1,))
    assert (second[1].name, second[1].mod, second[1].region) == ("VX", "-", (8, 8, 1))
    assert second[1].col > second[0].col


# A block comment within one line, anywhere (GenX_IR's verdict on each line,
# Debian 12504: True = it reads the program)
_COMMENTED = [
    ("(/* p */P1) mov (M1, 16) VX(0,0)<1> 0x1:d", True),
    ("(P1/**/) mov (M1, 16) VX(0,0)<1> 0x1:d", True),
    ("mov (M1, /* n */ 16) VX(0,0)<1> 0x1:d", True),
    ("mov (M1, 16) VX(0,/*c*/0)<1> 0x1:d", True),
    ("mov (M1, 16) VX(0,0)/*r*/<1> 0x1:d", True),
    ("mov (M1, 16) VX(0,0)<1> 0x1/*t*/:d", True),
    ("mov/*m*/(M1, 16) VX(0,0)<1> 0x1:d", True),
    ("mov (M1, 16) VX/*n*/(0,0)<1> 0x1:d", True),
    ("mov (M1, 16) VX(0,0)<1> 0x1:d // a /* b", True),
    ("mov (M1, 16) V/**/X(0,0)<1> 0x1:d", False),  # a comment separates tokens
    ("mov.s/**/at (M1, 16) VX(0,0)<1> 0x1:d", False),
]


def _commented_program(body: str) -> str:
    return ('.version 4.1\n.kernel "k"\n.decl VX v_type=G type=d num_elts=16 align=hword\n'
            '.decl P1 v_type=P num_elts=16\n.kernel_attr Target="cm"\n.function "_main_0"\n\n'
            f'_main_0:\n    {body}\n    ret (M1, 1)\n')


@pytest.mark.parametrize("body, intel", _COMMENTED, ids=[b for b, _ in _COMMENTED])
def test_a_block_comment_in_a_line_reads_as_blanks(body, intel):
    import visa
    text = _commented_program(body)
    if not intel:  # refused, by the parser or the validator
        try:
            found = visa.validate(text)
        except visa.VisaError:
            return
        assert any(d.severity == "error" for d in found)
        return
    got = P.parse(text).units[0].body[1]
    plain = _commented_program(re.sub(r"/\*.*?\*/|//.*", "", body))
    want = P.parse(plain).units[0].body[1]
    assert got == want
    # positions are those of the text as written
    assert text.splitlines()[got.line - 1][got.operands[0].col - 1:].startswith("VX")


@needs_genx_ir
@pytest.mark.parametrize("body, intel", _COMMENTED, ids=[b for b, _ in _COMMENTED])
def test_intel_reads_the_commented_lines_as_recorded(body, intel, tmp_path):
    assert genx_ir_accepts(_commented_program(body), "TGLLP", tmp_path)[0] == intel


def test_a_comment_marker_in_a_string_is_text():
    text = ('.version 4.1\n.kernel "k"\n.kernel_attr OutputAsmPath="a/*b*/c.asm"\n'
            '.function "_main_0"\n\n_main_0:\n    ret (M1, 1)\n')
    attrs_ = P.parse(text).units[0].attrs
    assert any(getattr(a, "value", None) == "a/*b*/c.asm" for a in attrs_)


# The older spec's kernel names (§Strings <kernel_name>: a name with an
# optional bracket pair, `<...>` or `(...)`), and Intel's own spellings
_KERNEL_NAMES = [
    ("BlockMotionSearch", "BlockMotionSearch"),
    ("scale(float, int)", "scale(float, int)"),
    ("scale(float,int)", "scale(float,int)"),
    ("older_dialect<8, 4>", "older_dialect<8, 4>"),
    ("tmpl<T, U>", "tmpl<T, U>"),
    ("x-y", "x-y"),
    ('"quoted name"', "quoted name"),
]


@pytest.mark.parametrize("written, name", _KERNEL_NAMES, ids=[w for w, _ in _KERNEL_NAMES])
def test_kernel_names_read_alike_on_both_paths(written, name):
    # a run of directive lines is one token (DIRECTIVE_BLOCK); a line with a
    # continuation takes the lone directive rule (REST_OF_LINE): both read
    # the older spec's name forms to the same name
    tail = '\n.version 4.1\n.function "_main_0"\n\n_main_0:\n    ret (M1, 1)\n'
    for text in (f".kernel {written}" + tail, f".kernel /* c */ {written}" + tail,
                 f".kernel {written} // c" + tail, f".kernel \\\n    {written}" + tail, f'.version 4.1\n.kernel {written}\n'
                 '.function "_main_0"\n\n_main_0:\n    ret (M1, 1)\n'):
        assert P.parse(text).units[0].name == name, text


# ------------------------------------------------------ one operand language
def test_the_grammar_owns_the_order_of_operand_shapes():
    # the parser tries the operand shapes in the order of the grammar's
    # OPERAND, and reads a spelling two shapes match as the first of them
    order = Lexicon(GRAMMAR).choices("OPERAND")
    assert tuple(visa.isa.operands.SYNTAX) == order == tuple(visa.isa.operands.READERS)
    operand_re = P._operand_re(visa.isa.operands.KINDS)
    reversed_re = Lexicon(GRAMMAR).alternatives({n: () for n in reversed(order)})
    for spelling, first, other in [("bti(0x1)", "LSC_SURFACE", "VREG"),
                                   ("%DispatchSimd:d", "IMM", "LSC_DATA"),
                                   ("1 :d", "IMM", "NUMBER")]:
        shapes = [n for n in order if visa.isa.operands.KINDS.alone(n).match(spelling)]
        assert shapes == [first, other], spelling
        assert operand_re.match(spelling).lastgroup == first
        # the order decides: tried the other way round, the other shape reads it
        assert reversed_re.match(spelling).lastgroup == other


def test_one_integer_expression_language():
    # visa/expr.py evaluates the operators of the grammar's INT_OP_* terminals,
    # by the grammar's precedence (loosest first), and no others
    from visa import expr
    lex = Lexicon(GRAMMAR)
    names = re.findall(r"^(INT_OP_[A-Z]+):", GRAMMAR, re.M)
    assert names[0] == "INT_OP_COND" and names[-1] == "INT_OP_UNARY"
    assert lex.choices("INT_OP_COND") == expr.CONDITIONAL[:1]
    assert tuple(lex.choices(n) for n in names[1:-1]) == expr.LEVELS
    assert lex.choices("INT_OP_UNARY") == expr.UNARY
    # outside parentheses, the expression's operators are those of INT_BINOP
    # and INT_UNARY: all but the conditional, the comparisons and equalities
    binop, unary = re.compile(lex.regex("INT_BINOP")), re.compile(lex.regex("INT_UNARY"))
    outside = {op for n in ("INT_OP_SHIFT", "INT_OP_ADD", "INT_OP_MUL", "INT_OP_AND", "INT_OP_OR",
                            "INT_OP_XOR") for op in lex.choices(n)}
    everything = {op for ops in expr.LEVELS for op in ops} | set(expr.UNARY) | set(expr.CONDITIONAL)
    for op in sorted(everything | set("<>=!?:+-*/%&|^~$#@.,;")):
        assert bool(binop.fullmatch(f" {op} ")) == (op in outside), op
        assert bool(unary.fullmatch(op)) == (op in expr.UNARY), op


# (expression, its value, or None: refused), as GenX_IR reads them in an
# immediate `(...)`:d (Debian 12504: CISA.y IntExp)
_EXPRESSIONS = [
    ("1?5:6", 5), ("0?1:0?2:3", 3), ("1&2|4", 0), ("-9/2", -4), ("-9%4", -1),
    ("(1<<2)<<3", 32), ("1 < 2", 1), ("1==1", 1), ("2+-3", -1), ("!!5", 1),
    ("1<2<3", None), ("1==1==1", None), ("1<<2<<3", None), ("+5", None), ("1?2?3:4:5", None),
]


@pytest.mark.parametrize("text, value", _EXPRESSIONS, ids=[t for t, _ in _EXPRESSIONS])
def test_integer_expressions_read_as_intel_reads_them(text, value):
    from visa.expr import ExprError, evaluate
    if value is None:
        with pytest.raises(ExprError):
            evaluate(text)
    else:
        assert evaluate(text) == value


def _expression_program(text: str) -> str:
    return ('.version 4.1\n.kernel "k"\n.decl VD0 v_type=G type=d num_elts=16 align=hword\n'
            f'.function "_main_0"\n\n_main_0:\n    mov (M1, 16) VD0(0,0)<1> ({text}):d\n'
            '    ret (M1, 1)\n')


@needs_genx_ir
@pytest.mark.parametrize("text, value", _EXPRESSIONS, ids=[t for t, _ in _EXPRESSIONS])
def test_intel_reads_the_expressions_as_recorded(text, value, tmp_path):
    assert genx_ir_accepts(_expression_program(text), "TGLLP", tmp_path)[0] == (value is not None)
