"""The afuc description (visa.afuc.isa) against Mesa's afuc-disasm listings.

Leaf bitset counts per generation are those of the set's COVERAGE.tsv (a5xx
50, a6xx 53, a7xx 61).  Every instruction word that Mesa's listing prints
without labels or comments (control and SQE register names included) is decoded and printed by the
records alone and compared with Mesa's line (lines before the first
directive, where words and lines align one to one)."""
import random
import struct

import pytest

from refs import AFUC, afuc_rows
from visa.afuc.isa import ISA
from visa.afuc.names import Names

GEN = {"5ff": 5, "6ee": 6, "6dc": 6, "6dd": 6, "730": 7, "740": 7}


@pytest.mark.parametrize("gen,count", [(5, 50), (6, 53), (7, 61)])
def test_leaf_counts(gen, count):
    assert len(ISA.for_gen(gen)) == count


def _pairs(row):
    data = (AFUC / "dis" / row["fw"]).read_bytes()
    words = struct.unpack("<%dI" % (len(data) // 4), data)[1:]
    lines = []
    for line in (AFUC / "dis" / row["expected"]).read_text().split("\n"):
        if line.startswith(".") or line == "jumptbl:":
            break
        if line and not line.startswith(";") and not line.endswith(":"):
            lines.append(line)
    return zip(words, lines)


LISTINGS = [r for r in afuc_rows("dis", "MANIFEST.tsv", "afuc listings") if r["args"] == "-u"]


@pytest.mark.parametrize("row", LISTINGS, ids=lambda r: r["fw"])
def test_plain_lines_match_mesa(row):
    gen = GEN[row["fwid"]]
    checked = 0
    for word, line in _pairs(row):
        if line.startswith("[") or any(c in line for c in "#;"):
            continue
        if "]!" in line and ("sread" in line or "swrite" in line):
            continue  # Mesa's sqe-preinc-decimal quirk
        d = ISA.decode(word, gen)
        if d is not None and d.lost_bits:
            continue  # don't-care bits: Mesa's text drops them
        assert d is not None, (hex(word), line)
        assert ISA.format(d, Names(gen)) == line, hex(word)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("gen", [5, 6, 7])
def test_random_words_reencode(gen):
    rng = random.Random(gen)
    for b in ISA.for_gen(gen):
        hits = 0
        for _ in range(50):
            w = b.match | (rng.getrandbits(32) & ~b.mask & ~b.dontcare & 0xFFFFFFFF)
            d = ISA.decode(w, gen)
            if d is None:
                continue
            assert ISA.encode(d.bitset, d.values) == w
            hits += 1
        assert hits, b.name
