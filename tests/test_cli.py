"""The command-line tools, run as a user runs them (console scripts)."""
from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from conftest import CORPUS, ROOT

GOOD = CORPUS / "tgllp" / "arith_float__float_div__simd32.visaasm"
BAD = '.version 4.1\n.kernel "k"\n.function "f"\n\nf:\n    mov (M1, 16 V1(0,0)<1> 0x1:d\n'


def run(tool, *args, stdin=None):
    exe = shutil.which(tool)
    cmd = [exe] if exe else [sys.executable, "-c", f"from visa.cli import {tool.replace('visa-', '')}_main as m; m()"]
    return subprocess.run(cmd + list(args), input=stdin, capture_output=True, text=True, cwd=ROOT)


def test_version():
    r = run("visa-as", "--version")
    assert r.returncode == 0 and r.stdout.startswith("visa ")
    r = run("visa-dis", "--version")
    assert r.returncode == 0 and "vISA 4.1" in r.stdout


def test_help_mentions_options():
    r = run("visa-as", "--help")
    assert r.returncode == 0
    for opt in ("--syntax-only", "-o", "--gen-binary", "--version"):
        assert opt in r.stdout


def test_syntax_only_ok():
    r = run("visa-as", "--syntax-only", str(GOOD))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and r.stderr == ""


def test_syntax_only_error_reports_location(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    r = run("visa-as", "--syntax-only", str(bad))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert lines[0] == f"{bad}:6:9: error: unbalanced '(': no matching ')' on this line"
    assert lines[1] == "    mov (M1, 16 V1(0,0)<1> 0x1:d"
    assert lines[2] == "        ^"
    assert "Traceback" not in r.stderr


def test_syntax_only_stdin():
    r = run("visa-as", "--syntax-only", "-", stdin=BAD)
    assert r.returncode == 1
    assert r.stderr.startswith("<stdin>:6:9: error:")


def test_several_inputs_report_each(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    r = run("visa-as", "--syntax-only", str(GOOD), str(bad), str(bad))
    assert r.returncode == 1
    assert r.stderr.count("error:") == 2


def test_usage_errors_exit_2(tmp_path):
    assert run("visa-as").returncode == 2
    assert run("visa-as", "--no-such-option", str(GOOD)).returncode == 2
    assert run("visa-as", "-o", "x.isa", str(GOOD), str(GOOD)).returncode == 2


def test_missing_file_is_an_input_error(tmp_path):
    r = run("visa-as", "--syntax-only", str(tmp_path / "nope.visa"))
    assert r.returncode == 1
    assert "nope.visa" in r.stderr and "Traceback" not in r.stderr


def test_binary_input_is_reported_not_crashed(tmp_path):
    f = tmp_path / "x.visa"
    f.write_bytes(b"CISA\x04\x01\xff\xfe\x00garbage")
    r = run("visa-as", "--syntax-only", str(f))
    assert r.returncode == 1
    assert "error:" in r.stderr and "Traceback" not in r.stderr


def test_failed_run_leaves_no_output(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    out = tmp_path / "out.isa"
    r = run("visa-as", str(bad), "-o", str(out))
    assert r.returncode == 1
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad.visa"]
