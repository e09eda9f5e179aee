"""The text front end against the references: every corpus file prints back
exactly as Intel's compiler printed it; every hand-written program re-parses
to the same AST after printing."""
from __future__ import annotations

import pytest

import visa
from conftest import CORPUS, GOLDEN, SAMPLES, corpus_files, forms_files, golden_files, ids

CORPUS_FILES = corpus_files()
GOLDEN_FILES = golden_files()


def test_reference_folders_present():
    assert len(CORPUS_FILES) == 432, f"expected the 432 corpus texts under {CORPUS}"
    assert len(GOLDEN_FILES) == 26, f"expected the 26 golden programs under {GOLDEN}"


@pytest.mark.parametrize("path", CORPUS_FILES, ids=ids(CORPUS_FILES))
def test_corpus_prints_back_identically(path):
    text = path.read_text()
    module = visa.parse(text, str(path))
    assert visa.format(module) == text


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=ids(GOLDEN_FILES))
def test_golden_reparses_equal(path):
    text = path.read_text()
    module = visa.parse(text, str(path))
    printed = visa.format(module)
    assert visa.parse(printed, "printed") == module
    # printing is a fixed point once in Intel's layout
    assert visa.format(visa.parse(printed)) == printed


HANDWRITTEN = sorted(SAMPLES.glob("*.visa")) + forms_files()


@pytest.mark.parametrize("path", HANDWRITTEN, ids=ids(HANDWRITTEN))
def test_samples_and_forms_parse_and_reparse(path):
    module = visa.parse(path.read_text(), str(path))
    assert visa.parse(visa.format(module)) == module


def test_every_sample_format_present():
    """samples/ has at least one program per instruction format (1-11) of the spec."""
    names = {p.name for p in SAMPLES.glob("*.visa")}
    for k in range(1, 12):
        assert any(n.startswith(f"fmt{k:02d}") for n in names), f"no sample for format {k}"
