"""Syntax errors read like a compiler's: file:line:col, a message, the source
line and a caret.  Each case pins the line, the column and the message."""
from __future__ import annotations

from pathlib import Path

import pytest

import visa

HEAD = ('.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16 align=hword\n'
        '.decl P1 v_type=P num_elts=16\n.function "_main_0"\n\n_main_0:\n')

CASES = [
    # (id, text, line, col, message)
    ("sampler-simd-mode", HEAD + "    sample.R (4) S1 T6 V1.0 V1.0 V1.0 V1.0\n",  # GenX_IR: "SIMD mode
     8, 14, "'sample' takes a SIMD mode of 8 or 16 (written (8), (16) or (32)), not (4)"),  # can only be 8, 16, or 32"
    ("stray-character", HEAD + "    mov (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> #\n",
     8, 44, "expected an operand or end of line, found '#'"),
    ("unknown-type", HEAD + "    mov (M1, 16) V1(0,0)<1> 0x1:zz\n",
     8, 29, "unknown data type ':zz'"),
    ("unknown-directive", HEAD.replace(".function", ".fnction"),
     5, 1, "unknown directive '.fnction'"),
    ("decl-before-kernel", ".version 4.1\n.decl V1 v_type=G type=d num_elts=16\n",
     2, 1, "expected '.kernel' or '.global_function' before this line"),
    ("instruction-before-kernel", ".version 4.1\n    mov (M1, 16) V1(0,0)<1> 0x1:d\n",
     2, 5, "expected '.kernel' or '.global_function' before this line"),
    ("empty-input", "", 1, 1, "empty input: expected '.version' and '.kernel'"),
    ("bad-version", '.version four\n.kernel "k"\n',
     1, 10, "expected a version like '4.1' after '.version'"),
    ("missing-v_type", '.version 4.1\n.kernel "k"\n.decl V1 type=d num_elts=16\n',
     3, 1, "declaration of 'V1' needs v_type="),
    ("unknown-v_type", '.version 4.1\n.kernel "k"\n.decl V1 v_type=Q num_elts=16\n',
     3, 17, "unknown variable kind 'v_type=Q' (expected G, A, P, S or T)"),
    ("bad-align", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16 align=huge\n',
     3, 44, "invalid align value 'huge' (expected byte, word, dword, qword, oword, hword, "
            "GRF, GRFx2, wordx32 or wordx64)"),
    ("bad-alias", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16 alias=<V2>\n',
     3, 44, "invalid alias '<V2>' (expected alias=<V, offset>)"),
    ("unterminated-string", '.version 4.1\n.kernel "k\n', 2, 9, "unterminated string literal"),
    ("bad-region", HEAD + "    mov (M1, 16) V1(0,0)<1> V1(0,0)<1;x,0>\n",
     8, 36, "invalid region '<1;x,0>' (expected <vstride;width,hstride>, <width,hstride> "
            "or <hstride>, integers)"),
    ("float-for-int", HEAD + "    mov (M1, 16) V1(0,0)<1> 1.5:d\n",
     8, 29, "floating-point value '1.5' for integer type 'd'"),
    ("unclosed-predicate", HEAD + "    (P1 mov (M1, 16) V1(0,0)<1> 0x1:d\n",
     8, 5, "unbalanced '(': no matching ')' on this line"),
    ("unclosed-exec-size", HEAD + "    mov (M1, 16 V1(0,0)<1> 0x1:d\n",
     8, 9, "unbalanced '(': no matching ')' on this line"),
    ("kernel-without-name", ".version 4.1\n.kernel\n", 2, 8, "expected a kernel name, found end of line"),
    ("duplicate-key", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d type=d num_elts=16\n',
     3, 26, "duplicate 'type=' in declaration"),
    ("missing-num_elts", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d\n',
     3, 1, "declaration of 'V1' needs num_elts="),
    ("key-not-allowed", '.version 4.1\n.kernel "k"\n.decl P1 v_type=P num_elts=16 align=dword\n',
     3, 31, "'align=' is not allowed in a v_type=P declaration"),
    ("label-with-blank", HEAD + "foo bar:\n", 8, 5, "expected an operand or end of line, found 'bar:'"),
    ("stray-character-in-decl", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16 #\n',
     3, 38, "expected directive arguments or end of line, found '#'"),
    ("extra-input-argument", '.version 4.1\n.kernel "k"\n.decl V1 v_type=G type=d num_elts=16\n'
     '.input V1 offset=0 size=4 junk\n', 4, 27, "unexpected 'junk' in .input"),
]


@pytest.mark.parametrize("text,line,col,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_syntax_error(text, line, col, message):
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(text, "t.visa")
    # the syntax error (the validator's errors for the other lines follow it:
    # HEAD's V1 is the predefined %thread_x, decl-predefined)
    (d,) = [d for d in ei.value.diagnostics if d.rule == "syntax"]
    assert (d.file, d.line, d.col, d.message) == ("t.visa", line, col, message)
    rendered = d.render().splitlines()
    assert rendered[0] == f"t.visa:{line}:{col}: error: {message} [syntax]"
    # the source line, then a caret under the column
    assert rendered[1] == text.splitlines()[line - 1] if text else rendered[1] == ""
    assert rendered[2] == " " * (col - 1) + "^"


def test_error_is_not_a_traceback_for_binary_garbage():
    with pytest.raises(visa.VisaError):
        visa.parse("\x00\x01CISA\x04\x01garbage\n")


def test_parse_rejects_bytes():
    with pytest.raises(TypeError):
        visa.parse(b".version 4.1\n")


# Every error at once: each bad line gets its diagnostic (the parse goes on
# at the next line), with its position; then the validator's errors for
# the lines that parsed, all sorted by position
CLEAN_HEAD = ('.version 4.1\n.kernel "k"\n.decl V41 v_type=G type=d num_elts=16 align=GRF\n'
              '.function "_main_0"\n\n_main_0:\n')
SEVERAL = CLEAN_HEAD + (
    "    movv (M1, 16) V41(0,0)<1> 0x1:d\n"             # 7: unknown mnemonic (validator)
    "    mov (M1, 16) V41(0,0)<1> 0x1:zz\n"             # 8: syntax
    "    mov (M1, 16) V41(0,0)<1> 0x1:d #\n"            # 9: syntax
    "    mov (M1, 16) V41(0,0)<1> V41(0,0)<1;1,0>\n"    # 10: fine
    "    mov (M1, 16) V41(0,0)<1> V99(0,0)<1;1,0>\n"    # 11: undeclared (validator)
    "    mov (M1, 16 V41(0,0)<1> V41(0,0)<1;1,0>\n"     # 12: syntax
    "    ret (M1, 1)\n")


def test_every_bad_line_is_reported_at_once():
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(SEVERAL, "t.visa")
    got = [(d.line, d.col, d.rule, d.message) for d in ei.value.diagnostics]
    assert got == [
        (7, 5, "mnemonic-unknown", "unknown instruction 'movv' (did you mean 'mov' or 'movs'?)"),
        (8, 30, "syntax", "unknown data type ':zz'"),
        (9, 36, "syntax", "expected an operand or end of line, found '#'"),
        (11, 30, "name-undeclared", "'V99' is not declared"),
        (12, 9, "syntax", "unbalanced '(': no matching ')' on this line"),
    ]
    # the same from the library's other entry points and the assembler
    with pytest.raises(visa.VisaError) as e2:
        visa.validate(SEVERAL, filename="t.visa")
    assert [(d.line, d.col) for d in e2.value.diagnostics] == [(7, 5), (8, 30), (9, 36), (11, 30),
                                                               (12, 9)]
    with pytest.raises(visa.VisaError) as e3:
        visa.assemble(SEVERAL, filename="t.visa")
    assert len(e3.value.diagnostics) == 5


def test_the_command_line_reports_every_bad_line(tmp_path):
    import subprocess
    import sys
    src = tmp_path / "t.visa"
    src.write_text(SEVERAL)
    import shutil
    exe = shutil.which("visa-as", path=str(Path(sys.executable).parent)) or "visa-as"
    r = subprocess.run([exe, str(src), "--syntax-only"], capture_output=True, text=True)
    assert r.returncode == 1
    heads = [ln for ln in r.stderr.splitlines() if ln.startswith(str(src))]
    assert [h.split(": error:")[0].rsplit(":", 2)[1:] for h in heads] == [
        ["7", "5"], ["8", "30"], ["9", "36"], ["11", "30"], ["12", "9"]]
    assert "Traceback" not in r.stderr


def test_an_unknown_mnemonic_is_a_validator_rule_with_suggestions():
    text = CLEAN_HEAD + "    movv (M1, 16) V41(0,0)<1> 0x1:d\n    lsc_lod.ugm (M1, 16) V41:d32 flat[V41]:a64\n" \
        "    qqqq (M1, 1)\n    ret (M1, 1)\n"
    found = visa.validate(text)
    assert [(d.line, d.col, d.rule, d.message) for d in found] == [
        (7, 5, "mnemonic-unknown", "unknown instruction 'movv' (did you mean 'mov' or 'movs'?)"),
        (8, 5, "mnemonic-unknown",
         "unknown instruction 'lsc_lod' (did you mean 'lsc_load' or 'lsc_load_quad' or "
         "'lsc_load_status'?)"),
        (9, 5, "mnemonic-unknown", "unknown instruction 'qqqq'"),
    ]


def test_a_failed_directive_reports_the_syntax_errors_only():
    # a declaration that failed may be what the other lines name: the
    # validator's verdicts on them would be noise
    text = ('.version 4.1\n.kernel "k"\n.decl V41 v_type=G type=zz num_elts=16\n'
            '.function "_main_0"\n\n_main_0:\n    mov (M1, 16) V41(0,0)<1> 0x1:d #\n    ret (M1, 1)\n')
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(text)
    assert [(d.line, d.col, d.rule) for d in ei.value.diagnostics] == [(3, 25, "syntax"), (7, 36, "syntax")]


def test_a_line_that_failed_holds_its_place_and_the_encoder_refuses_it():
    from visa import ast as A
    from visa.encode import check_module
    from visa.parser import _Builder, _grammar, _State
    state = _State(32)
    b = _Builder(_grammar(), state)
    b.build(_grammar().lalr.parse(SEVERAL))
    body = state.units[0].body
    assert [type(s).__name__ for s in body] == ["Subroutine", "Instruction", "Unparsed",
                                                "Unparsed", "Instruction", "Instruction",
                                                "Unparsed", "Instruction"]
    bad = body[2]
    assert (bad.line, bad.col, bad.message) == (8, 5, "unknown data type ':zz'")
    module = A.Module((4, 1), (state.units[0].build(),))
    found = check_module(module, text=SEVERAL, filename="t.visa")
    # no encoder pass for a program with errors; the encoder itself refuses it
    assert {d.rule for d in found} == {"mnemonic-unknown", "name-undeclared"}
    with pytest.raises(visa.VisaError):
        visa.assemble(module, validate=False)


def test_lines_the_structure_cannot_take_are_each_reported():
    # a line that is no statement at all (the LALR parse's own errors), a
    # stray brace and a bad operand: each reported, in line order
    text = CLEAN_HEAD + ("    #junk\n    mov (M1, 16) V41(0,0)<1> 0x1:d #\n  }\n  @@@\n"
                         "    ret (M1, 1)\n")
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(text)
    assert [(d.line, d.col, d.message) for d in ei.value.diagnostics] == [
        (7, 5, "expected an instruction, directive or label, found '#junk'"),
        (8, 36, "expected an operand or end of line, found '#'"),
        (9, 3, "'}' without a matching '{'"),
        (10, 3, "expected an instruction, directive or label, found '@@@'"),
    ]


def test_intel_refuses_the_unknown_mnemonic_and_takes_its_fix(tmp_path):
    from conftest import GENX_IR, genx_ir_accepts
    if GENX_IR is None:
        pytest.skip("GenX_IR is not installed (Debian 12's libigc-tools)")
    bad = CLEAN_HEAD + "    movv (M1, 16) V41(0,0)<1> 0x1:d\n    ret (M1, 1)\n"
    assert not genx_ir_accepts(bad, "TGLLP", tmp_path)[0]
    assert genx_ir_accepts(bad.replace("movv", "mov"), "TGLLP", tmp_path)[0]
