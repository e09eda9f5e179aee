"""Bad text of any kind gets a VisaError (file, line, column, message) from
the parser and the assembler — never another exception."""
from __future__ import annotations

import random

import pytest

import visa
from conftest import forms_files, golden_files
from refs import handwritten_files

SEEDS = golden_files() + forms_files() + handwritten_files()
CHARS = '()<>[]{},;:.%&!~-+*/"\\ \t\n0123456789abcdefxVMPTSA_=#'


@pytest.mark.parametrize("seed", SEEDS, ids=[f"{p.parent.name}/{p.name}" for p in SEEDS])
def test_mutated_text_gives_only_visa_errors(seed):
    text = seed.read_text()
    rng = random.Random(seed.name)
    for _ in range(40):
        s = list(text)
        for _ in range(rng.randint(1, 5)):
            p = rng.randrange(len(s))
            r = rng.random()
            if r < 0.4:
                s[p] = rng.choice(CHARS)
            elif r < 0.7:
                del s[p]
            else:
                s.insert(p, rng.choice(CHARS))
        t = "".join(s)
        for fn in (visa.parse, visa.assemble):
            try:
                fn(t)
            except visa.VisaError as e:
                d = e.diagnostics[0]
                assert d.message and d.line >= 0 and d.col >= 0
