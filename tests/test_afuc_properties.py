"""Random valid words of every leaf form of each generation print, and the
text reads back through the assembler (its parser, its form resolution, its
encoder) to the same word.

A valid word is a form's fixed bits with random bits in its fields (not in
its don't-care bits, which no text can carry: those words are listed as raw
words, see test_afuc_dis.py).  Its text is what afuc-dis prints for it
without labels (register names from the GPU's tables, branch targets as
numbers)."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import visa.afuc as afuc
from visa.afuc.disasm import Context, instruction
from visa.afuc.isa import ISA
from visa.afuc.printer import format_instruction

VERSION = {5: 0x005FF7B5, 6: 0x016EE54D, 7: 0x0173000A}


def _word(b, bits):
    return b.match | (bits & ~b.mask & ~b.dontcare & 0xFFFFFFFF)


def _text(word, gen):
    d = ISA.decode(word, gen)
    assert d is not None and not d.lost_bits, hex(word)
    return format_instruction(instruction(d, Context(gen)))


def _assembled(lines, gen):
    data = afuc.assemble(f"[{VERSION[gen]:08x}]\n" + "".join(x + "\n" for x in lines))
    return [int.from_bytes(data[i:i + 4], "little") for i in range(8, len(data), 4)]


@pytest.mark.parametrize("gen", [5, 6, 7])
def test_every_form_through_the_text(gen):
    """40 random words of every leaf form of the generation, in one program."""
    rng = random.Random(1900 + gen)
    words = []
    for b in ISA.for_gen(gen):
        for _ in range(40):
            w = _word(b, rng.getrandbits(32))
            if ISA.decode(w, gen) is not None:  # (an assert of the form may refuse it)
                words.append(w)
    forms = {ISA.decode(w, gen).bitset.name for w in words}
    assert len(forms) == len({b.name for b in ISA.for_gen(gen)})  # every leaf form
    assert _assembled([_text(w, gen) for w in words], gen) == words


@settings(max_examples=300, deadline=None)
@given(gen=st.sampled_from([5, 6, 7]), pick=st.integers(0, 10**6), bits=st.integers(0, 2**32 - 1))
def test_random_words_through_the_text(gen, pick, bits):
    forms = ISA.for_gen(gen)
    b = forms[pick % len(forms)]
    w = _word(b, bits)
    if ISA.decode(w, gen) is None:
        return
    text = _text(w, gen)
    assert _assembled([text], gen) == [w], text
