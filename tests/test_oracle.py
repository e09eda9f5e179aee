"""Differential tests against Intel's text reader, GenX_IR (Debian 12's
libigc-tools): what our printer writes must be text Intel's tools accept.

Where GenX_IR accepts a hand-written program, it must also accept our
printing of it (the same program in Intel's layout)."""
from __future__ import annotations

import pytest

import visa
from conftest import forms_files, genx_ir_accepts, golden_files, ids, needs_genx_ir
from refs import (CORPUS, forms_ref_stems, golden_stems, handwritten_files, platform_of, ref_bytes,
                  stem_id, wanted_ref_stems)

# every program is named <name>__<PLATFORM>.visaasm
PROGRAMS = forms_files() + golden_files() + handwritten_files()
HANDWRITTEN = handwritten_files()
# Intel's binaries of hand-written programs (the corpus disassembles to
# Intel's own printing, tested byte for byte elsewhere)
BINARIES = golden_stems() + forms_ref_stems() + wanted_ref_stems()
# where Intel's reader cannot take what the binary says, printed as Intel's
# printer prints it
NOT_READABLE = {
    "forms/operands__SKL": "mov of a surface's address (&T6) is a state operand in the binary; "
                           "Intel's printer writes it T6(0), which Intel's reader does not take",
    "forms/lsc__PVC.reduced": "Intel's writer drops a 2D block store's data operand; its "
                              "disassembly has %null there, which Intel's verifier refuses",
}


@needs_genx_ir
@pytest.mark.parametrize("path", PROGRAMS, ids=ids(PROGRAMS))
def test_genx_ir_accepts_our_printing(path, tmp_path):
    platform = path.stem.rsplit("__", 1)[1]
    text = path.read_text()
    ok, _ = genx_ir_accepts(text, platform, tmp_path)
    if not ok:
        pytest.skip(f"this GenX_IR (1.0.12504.6) rejects the original {path.name} too")
    printed = visa.format(visa.parse(text, str(path)))
    ok, log = genx_ir_accepts(printed, platform, tmp_path)
    assert ok, f"GenX_IR rejects our printing of {path.name}:\n{log}"


@needs_genx_ir
@pytest.mark.parametrize("path", HANDWRITTEN, ids=ids(HANDWRITTEN))
def test_genx_ir_accepts_the_handwritten_programs(path, tmp_path):
    """They are meant as legal vISA 4.1: Intel's reader must take them."""
    ok, log = genx_ir_accepts(path.read_text(), path.stem.rsplit("__", 1)[1], tmp_path)
    assert ok, f"GenX_IR rejects {path.name}:\n{log}"


@needs_genx_ir
@pytest.mark.parametrize("stem", [
    pytest.param(s, id=stem_id(s), marks=pytest.mark.xfail(strict=True, reason=NOT_READABLE[stem_id(s)]))
    if stem_id(s) in NOT_READABLE else pytest.param(s, id=stem_id(s)) for s in BINARIES])
def test_genx_ir_accepts_our_disassembly(stem, tmp_path):
    """The disassembly of each of Intel's binaries is text Intel's reader
    takes (where it takes the program the binary was made from)."""
    assert stem.parent.parent != CORPUS
    platform = platform_of(stem)
    ok, _ = genx_ir_accepts(stem.with_name(stem.name + ".visaasm").read_text(), platform, tmp_path)
    if not ok:
        pytest.skip(f"this GenX_IR (1.0.12504.6) rejects the original {stem.name} too")
    ok, log = genx_ir_accepts(visa.disassemble(ref_bytes(stem)), platform, tmp_path)
    assert ok, f"GenX_IR rejects our disassembly of {stem_id(stem)}:\n{log}"
