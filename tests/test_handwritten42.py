"""Hand-written vISA 4.2 programs (tests/data/handwritten42): each form in
which 4.2 text differs from 4.1 reads, validates, translates to its 4.1 twin
(written by hand and accepted by Intel's 4.1 GenX_IR) and back, and
assembles to the twin's bytes; what 4.1 cannot say is an error at exactly
the lines that say it."""
from __future__ import annotations

import pytest

import visa
from visa import ast as A

from conftest import genx_ir_accepts, needs_genx_ir
from refs import HANDWRITTEN42, require

TWINS = require("handwritten 4.2 twins", sorted(HANDWRITTEN42.glob("*.v42.visaasm")))
TWINS = [p for p in TWINS if p.with_name(p.name.replace(".v42.", ".v41.")).exists()]
ONLY42 = HANDWRITTEN42 / "only42__XE2.v42.visaasm"


def _platform(path) -> str:
    return path.name.split("__")[1].split(".")[0]


def _twin(path):
    return path.with_name(path.name.replace(".v42.", ".v41."))


def _body(m: A.Module):
    return [(u.name, u.decls, u.body) for u in m.units]


def test_every_twin_is_there():
    assert len(TWINS) == 3 and ONLY42.exists()


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_42_reads_and_validates(path):
    m = visa.parse(path.read_text())
    assert tuple(m.version) == (4, 2)
    assert visa.validate(m, platform=_platform(path)) == []


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_42_translates_to_its_41_twin_and_back(path):
    m42 = visa.parse(path.read_text())
    m41 = visa.parse(_twin(path).read_text())
    # 4.2 said in 4.1 is the hand-written 4.1 program ...
    assert _body(visa.parse(visa.format(m42, version=(4, 1)))) == _body(m41)
    # ... and the 4.1 program said in 4.2 is the 4.2 one (svm block's
    # .unaligned, which 4.1 does not keep, aside)
    back = visa.parse(visa.format(m41, version=(4, 2)))
    strip = visa.parse(path.read_text().replace(".unaligned", ""))
    assert _body(back) == _body(strip)


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_42_assembles_to_the_bytes_of_its_41_twin(path):
    assert visa.assemble(path.read_text()) == visa.assemble(_twin(path).read_text())


@needs_genx_ir
@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_intel_accepts_the_41_twin(path, tmp_path):
    ok, out = genx_ir_accepts(_twin(path).read_text(), _platform(path), tmp_path)
    assert ok, out


def test_what_41_cannot_say_is_an_error_at_each_line():
    text = ONLY42.read_text()
    marked = {k for k, ln in enumerate(text.split("\n"), 1) if "// 4.2 only" in ln}
    assert len(marked) == 5
    assert visa.validate(text, platform="XE2") == []
    for call, rule in ((lambda: visa.assemble(text), "encode"),
                       (lambda: visa.format(visa.parse(text), version=(4, 1)), "dialect")):
        with pytest.raises(visa.VisaError) as ei:
            call()
        lines = [d.line for d in ei.value.diagnostics]
        assert sorted(lines) == sorted(marked) and len(lines) == len(set(lines))
        assert all("4.2" in d.message for d in ei.value.diagnostics)
        assert {d.rule for d in ei.value.diagnostics} == {rule}
