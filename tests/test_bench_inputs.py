"""The benchmark inputs (benchmarks/inputs.py) are what they claim to be."""
from __future__ import annotations

import sys
from pathlib import Path

import visa
from visa.binary import objfile as OF

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import inputs  # noqa: E402


def test_big100k_assembles_to_intels_binary():
    """100,124 lines built from the vadd kernel: Intel's writer made
    big100k.ref.isa from exactly this text."""
    text = inputs.big100k()
    assert text.count("\n") == 100_124
    ref = inputs.big100k_ref()
    (g,) = OF.read(ref).kernels[0].gen_binaries
    assert visa.assemble(text, gen_binaries=[(g.platform, g.data)]) == ref


def test_nonrepeating_input_repeats_no_instruction_line():
    text = inputs.nonrepeating(20_000)
    lines = [ln for ln in text.splitlines() if ln.startswith("    ")]
    assert 20_000 <= text.count("\n") <= 25_000  # whole kernels: up to one more
    assert len(lines) > 5_000 and len(set(lines)) == len(lines)
    assert visa.assemble(text)[:6] == b"CISA\x04\x01"
