"""Syntax errors read like a compiler's: file:line:col, a message, the source
line and a caret.  Each case pins the line, the column and the message."""
from __future__ import annotations

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
    (d,) = ei.value.diagnostics
    assert (d.file, d.line, d.col, d.message) == ("t.visa", line, col, message)
    rendered = d.render().splitlines()
    assert rendered[0] == f"t.visa:{line}:{col}: error: {message}"
    # the source line, then a caret under the column
    assert rendered[1] == text.splitlines()[line - 1] if text else rendered[1] == ""
    assert rendered[2] == " " * (col - 1) + "^"


def test_error_is_not_a_traceback_for_binary_garbage():
    with pytest.raises(visa.VisaError):
        visa.parse("\x00\x01CISA\x04\x01garbage\n")


def test_parse_rejects_bytes():
    with pytest.raises(TypeError):
        visa.parse(b".version 4.1\n")
