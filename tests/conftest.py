"""Shared test fixtures: the reference folders (all under tests/data, see
refs.py) and the GenX_IR oracle."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from refs import (CORPUS, FORMS, GOLDEN, LOSSY, REFS, SPEC,  # noqa: F401  (re-exported)
                  corpus_files, forms_files, golden_files)

# In CI the property tests draw the same examples every run (a green run stays
# green); locally they explore.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"

GENX_IR = shutil.which("GenX_IR")
needs_genx_ir = pytest.mark.skipif(
    GENX_IR is None,
    reason="GenX_IR (Debian 12 package libigc-tools) is not installed on this machine; "
           ".ci/run installs it where Debian 12 packages exist")


def run_tool(tool: str, *args: str, stdin: str | None = None,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``visa-as``/``visa-dis`` run as a user runs them (the console script;
    without one installed, the same entry point through this Python), from
    the project's root."""
    exe = shutil.which(tool)
    cmd = [exe] if exe else [sys.executable, "-c",
                             f"from visa.cli import {tool.replace('visa-', '')}_main as m; m()"]
    return subprocess.run(cmd + list(args), input=stdin, capture_output=True, text=True, cwd=ROOT,
                          env=None if env is None else {**os.environ, **env})


def genx_ir_accepts(text: str, platform: str, tmp_path) -> tuple[bool, str]:
    """(whether Debian's GenX_IR reads ``text`` for ``platform`` without
    error, the end of what it printed)."""
    src = tmp_path / "prog.visaasm"
    src.write_text(text)
    r = subprocess.run([GENX_IR, src.name, "-platform", platform], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    return r.returncode == 0, (r.stdout + r.stderr)[-2000:]


def ids(paths):
    return [f"{p.parent.name}/{p.name}" for p in paths]
