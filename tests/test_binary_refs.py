"""The assembler, disassembler and round trip against Intel's references.

* assemble: the program text, with the Gen blob(s) of the .ref.isa, gives
  exactly the bytes of the .ref.isa;
* disassemble (corpus, text printed by Intel's compiler): the .ref.isa prints
  exactly as the program text (sampler/surface v_name aliases excepted, the
  binary does not keep them);
* disassemble (golden, hand-written text): the disassembly parses to the same
  program as the text;
* round trip: assembling the disassembly gives the .ref.isa again.

Stems still failing are listed in KNOWN_GAPS and marked xfail(strict): the
test fails as soon as one starts passing, so the list cannot go stale.
"""
from __future__ import annotations

import pytest

import visa
from refs import dis_text, gen_blobs, program_text, ref_stems, stem_id

STEMS = ref_stems()
IDS = [stem_id(s) for s in STEMS]

# (metric, stem id) pairs known not to pass yet
KNOWN_GAPS: set[tuple[str, str]] = set()


def _mark(metric):
    return [pytest.param(s, id=i, marks=pytest.mark.xfail(strict=True, reason="known gap"))
            if (metric, i) in KNOWN_GAPS else pytest.param(s, id=i)
            for s, i in zip(STEMS, IDS)]


def _ref(stem):
    return stem.parent.joinpath(stem.name + ".ref.isa").read_bytes()


def test_reference_count():
    assert len(STEMS) == 433  # 407 corpus stems with a .ref.isa + 26 golden


@pytest.mark.parametrize("stem", _mark("asm"))
def test_assemble_matches_reference(stem):
    ref = _ref(stem)
    assert visa.assemble(program_text(stem), gen_binaries=gen_blobs(ref)) == ref


@pytest.mark.parametrize("stem", _mark("dis"))
def test_disassemble_matches_text(stem):
    ref = _ref(stem)
    text = program_text(stem)
    out = visa.disassemble(ref)
    if stem.parent.name == "golden":  # hand-written, not in Intel's layout
        assert visa.parse(out) == visa.parse(text)
    else:
        assert out == dis_text(text)


@pytest.mark.parametrize("stem", _mark("rt"))
def test_roundtrip(stem):
    ref = _ref(stem)
    assert visa.assemble(visa.disassemble(ref), gen_binaries=gen_blobs(ref)) == ref
