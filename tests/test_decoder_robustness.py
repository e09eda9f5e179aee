"""Bad binaries of any kind get a VisaError naming the problem — never a
Python exception of another kind, never a hang."""
from __future__ import annotations

import random

import pytest

import visa
from refs import forms_ref_stems, golden_stems, lossy_files, ref_bytes, stem_id, wanted_ref_stems

LOSSY = lossy_files()
SEEDS = golden_stems() + forms_ref_stems() + wanted_ref_stems()


@pytest.mark.parametrize("path", LOSSY, ids=[p.name for p in LOSSY])
def test_lossy_binaries_are_reported(path):
    """IGC 1.0.12504.6 wrote these with garbage instruction streams (see
    tests/data/lossy/README.md): the tables read, the stream is reported."""
    with pytest.raises(visa.VisaError) as ei:
        visa.disassemble(path.read_bytes(), filename=path.name)
    msg = ei.value.diagnostics[0].message
    assert msg.startswith("invalid vISA binary: byte offset ")
    assert ei.value.diagnostics[0].rule == "binary"


@pytest.mark.parametrize("seed", SEEDS, ids=[stem_id(p) for p in SEEDS])
def test_mutated_binaries_raise_only_visa_error(seed):
    """Any other exception (IndexError, KeyError, struct.error...) is a bug
    in the decoder and fails here."""
    data = ref_bytes(seed)
    rng = random.Random(seed.name)
    for _ in range(300):
        b = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        if rng.random() < 0.3:
            b = b[: rng.randrange(len(b))]
        try:
            text = visa.disassemble(bytes(b))
        except visa.VisaError as e:
            assert e.diagnostics and e.diagnostics[0].message
        else:
            assert isinstance(text, str)


def test_not_a_binary():
    with pytest.raises(visa.VisaError) as ei:
        visa.disassemble(b".version 4.1\n.kernel \"k\"\n", filename="k.visaasm")
    assert "expected magic" in ei.value.diagnostics[0].message
    assert ei.value.render().startswith("k.visaasm: error: invalid vISA binary:")
    assert ei.value.render().endswith(" [binary]")


def test_empty_input():
    with pytest.raises(visa.VisaError):
        visa.disassemble(b"")
