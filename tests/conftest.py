"""Shared test fixtures: where the reference folders are."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# In CI the property tests draw the same examples every run (a green run stays
# green); locally they explore.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPUS = SHARED / "corpus"
GOLDEN = SHARED / "golden"
SPEC = SHARED / "spec" / "visa-assembly-syntax.md"
SAMPLES = ROOT / "samples"
FORMS = ROOT / "tests" / "data" / "forms"

GENX_IR = shutil.which("GenX_IR")
needs_genx_ir = pytest.mark.skipif(
    GENX_IR is None,
    reason="GenX_IR (Debian 12 package libigc-tools) is not installed on this machine; "
           ".ci/run installs it where Debian 12 packages exist")


def corpus_files():
    return sorted(CORPUS.rglob("*.visaasm"))


def golden_files():
    return sorted(GOLDEN.glob("*.visaasm"))


def ids(paths):
    return [f"{p.parent.name}/{p.name}" for p in paths]
