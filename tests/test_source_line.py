"""The source line under a diagnostic shows what was read, and its caret sits
under the column, in every tool (visa/_source_line.py): a carriage return
inside a line (and any other character a terminal acts on) is shown as
``<U+000D>`` rather than sent raw (a raw CR sends the terminal back to the
start of the line, hiding what came before it); a tab stays a tab, with a
tab at the same place in the caret line (g80-as put one space per tab before
this: its caret stood left of the column on tab-indented lines)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from visa._source_line import shown


@pytest.mark.parametrize("line, col, text, caret", [
    ("add r1", 5, "add r1", "    ^"),
    ("\tnop\r\tbad", 5, "\tnop<U+000D>\tbad", "\t   ^"),      # at the CR itself
    ("\tnop\r\tbad", 7, "\tnop<U+000D>\tbad", "\t   " + " " * 8 + "\t^"),
    ("a\x1b[2Jb", 2, "a<U+001B>[2Jb", " ^"),                  # an escape does not clear the screen
    ("a\x7fb\x85c", 5, "a<U+007F>b<U+0085>c", " " + " " * 8 + " " + " " * 8 + "^"),
    ("\ufeffmov", 2, "<U+FEFF>mov", " " * 8 + "^"),
    ("x = \u6f22\u5b57 y", 7, "x = \u6f22\u5b57 y", " " * 8 + "^"),  # two wide characters
    ("e\u0301x", 3, "e\u0301x", " ^"),                        # a combining accent takes no column
    ("ab", 5, "ab", "    ^"),                                  # past the end of the line
    ("nop\r\n", 1, "nop", "^"),                                # the line's own end is not shown
])
def test_shown(line, col, text, caret):
    assert shown(line, col) == (text, caret)


def _run(module: str, func: str, args: list[str], tmp_path) -> subprocess.CompletedProcess:
    code = f"import sys; sys.argv[0] = 'x'; from {module} import {func}; {func}()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, cwd=tmp_path)


def test_visa_as_shows_a_lone_carriage_return(tmp_path):
    (tmp_path / "k.visaasm").write_bytes(b'.kernel "k"\r\n  bogus (1) V1(0,0)<1> 1:d\rjunk\n')
    r = _run("visa.cli", "as_main", ["k.visaasm", "-o", "k.isa"], tmp_path)
    assert r.returncode == 1
    err = r.stderr.decode()
    assert "\r" not in err
    assert ("k.visaasm:2:28: error: expected an operand or end of line, found 'junk' [syntax]\n"
            "  bogus (1) V1(0,0)<1> 1:d<U+000D>junk\n"
            + " " * 34 + "^\n") in err
    assert not (tmp_path / "k.isa").exists()


def test_visa_as_keeps_tabs_under_the_caret(tmp_path):
    (tmp_path / "k.visaasm").write_bytes(b'.kernel "k"\n\tmov\t(M1, 1) V1(0,0)<1> 1:d junk\n')
    r = _run("visa.cli", "as_main", ["k.visaasm", "-o", "k.isa"], tmp_path)
    assert r.returncode == 1
    assert ("k.visaasm:2:29: error: 'mov' takes 2 operands, not 3 [operand-count]\n"
            "\tmov\t(M1, 1) V1(0,0)<1> 1:d junk\n"
            "\t   \t" + " " * 23 + "^\n") in r.stderr.decode()


def test_g80_as_caret_after_a_tab_and_a_lone_carriage_return(tmp_path):
    (tmp_path / "cr.s").write_bytes(b"\tnop\r\tbad $r0\n")
    r = _run("visa.g80.cli", "as_script", ["cr.s", "-o", "cr.bin"], tmp_path)
    assert r.returncode == 1
    assert r.stderr.decode() == (
        "cr.s:1:5: error: syntax error: unexpected carriage return without a line feed\n"
        "  \tnop<U+000D>\tbad $r0\n"
        "  \t   ^\n")


def test_afuc_as_shows_a_lone_carriage_return(tmp_path):
    (tmp_path / "cr.asm").write_bytes(b"[01730001]\nnop\rfoo\n")
    r = _run("visa.afuc.cli", "as_script", ["cr.asm", "-o", "cr.fw"], tmp_path)
    assert r.returncode == 1
    err = r.stderr.decode()
    assert "\r" not in err
    assert ("cr.asm:2:4: error: carriage return without a line feed: a line ends with LF or CRLF "
            "(1 such carriage return in the file)\n"
            "  nop<U+000D>foo\n"
            "     ^\n") in err
    assert not (tmp_path / "cr.fw").exists()
