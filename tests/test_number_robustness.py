"""Numbers of any size in any place of a real program give a VisaError from
the assembler, or a binary: never another exception (the validator or the
encoder says which value does not fit)."""
from __future__ import annotations

import random
import re

import pytest

import visa
from refs import corpus_files, forms_files, golden_files

SEEDS = golden_files() + forms_files() + corpus_files()[::24]
_NUMBER = re.compile(r"(?<![A-Za-z_%])(?:0x[0-9a-fA-F]+|\d+)")
EXTREMES = ["0", "1", "3", "255", "256", "65535", "65536", "0x7fffffff", "0xffffffff",
            "0x100000000", "4294967296", "0xffffffffffffffff", "18446744073709551616", "99999999999999999999"]


@pytest.mark.parametrize("seed", SEEDS, ids=[f"{p.parent.name}/{p.name}" for p in SEEDS])
def test_numbers_out_of_range_give_only_visa_errors(seed):
    text = seed.read_text()
    spots = [m for m in _NUMBER.finditer(text)]
    rng = random.Random(seed.name)
    for _ in range(60):
        m = rng.choice(spots)
        mutated = text[:m.start()] + rng.choice(EXTREMES) + text[m.end():]
        try:
            visa.assemble(mutated)
        except visa.VisaError as e:
            assert e.diagnostics and e.diagnostics[0].message
