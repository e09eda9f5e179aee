"""Issue 17, point 1: a program valid on some platform gets no error when no
platform is named.  The platform comes from the file where it says so (a
vISA 4.2 dump's ``//Platform:`` line, an embedded Gen binary); otherwise
each platform-dependent rule is judged for every GRF size: an error only
where it fails on all, else a warning naming the platforms it fails on."""
from __future__ import annotations

import re

import pytest

import visa
from refs import (CORPUS, HANDWRITTEN42, corpus_files, forms_files, golden_files, handwritten_files,
                  modern_files)

# the two forms programs that say what Intel's writer aborts on (test_validate.REFUSED)
REFUSED = {"decls__SKL.visaasm", "directives__SKL.visaasm"}
PROGRAMS = (corpus_files() + golden_files() + [p for p in forms_files() if p.name not in REFUSED]
            + handwritten_files() + modern_files() + sorted(HANDWRITTEN42.glob("*.visaasm")))
PLATFORM_LINE = re.compile(r"^//Platform: \S+$", re.M)


@pytest.mark.parametrize("path", PROGRAMS, ids=[f"{p.parent.name}/{p.name}" for p in PROGRAMS])
def test_no_error_without_a_platform(path):
    text = PLATFORM_LINE.sub("//Platform: NONE", path.read_text())  # not even a 4.2 dump's line
    errors = [d.render() for d in visa.validate(text, filename=path.name) if d.severity == "error"]
    assert errors == []


def test_the_pvc_kernels_that_failed_without_a_platform():
    """PVC kernels IGC wrote put an input across a 32-byte GRF boundary
    (fine with PVC's 64-byte GRFs): no error without a platform, a warning
    naming the 32-byte platforms; an error for TGLLP, none for PVC."""
    straddling = []
    for path in sorted((CORPUS / "pvc").glob("*.visaasm")):
        found = visa.validate(path.read_text(), filename=path.name)
        if any(d.rule == "input-grf-straddle" for d in found):
            straddling.append(path)
            assert all(d.severity == "warning" for d in found), [d.render() for d in found]
            d = next(d for d in found if d.rule == "input-grf-straddle")
            assert "32-byte GRFs" in d.message and "TGLLP" in d.message and "PVC" not in d.message
            assert [d for d in visa.validate(path.read_text(), platform="PVC")
                    if d.severity == "error"] == []
            assert "input-grf-straddle" in [d.rule for d in visa.validate(path.read_text(),
                                                                           platform="TGLLP")]
    assert len(straddling) >= 1  # work_item__ids__simd32 (the others the issue found are not vendored)


KERNEL = """.version 4.1
.kernel "k"
.decl VS v_type=G type=d num_elts={n} align=dword
.input VS offset={off} size={size}
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    ret (M1, 1)
"""


def test_an_error_on_every_platform_stays_an_error():
    """A 16-byte input at byte 56 crosses both a 32- and a 64-byte boundary."""
    text = KERNEL.format(n=4, off=56, size=16)
    assert [(d.rule, d.severity, d.line, d.col) for d in visa.validate(text)] == [
        ("input-grf-straddle", "error", 4, 1)]


def test_an_error_on_some_platforms_is_a_warning_naming_them():
    text = KERNEL.format(n=4, off=24, size=16)
    (d,) = visa.validate(text)
    assert (d.rule, d.severity, d.line, d.col) == ("input-grf-straddle", "warning", 4, 1)
    assert "32-byte GRFs" in d.message and "SKL" in d.message and "XE2" not in d.message
    warnings: list = []
    assert visa.assemble(text, warnings=warnings)[:4] == b"CISA"
    assert [w.rule for w in warnings] == ["input-grf-straddle"]
    with pytest.raises(visa.VisaError):
        visa.assemble(text, platform="SKL")


def test_the_gen_binary_names_the_platform():
    """An embedded Gen binary's platform decides (code 12, TGLLP: 32-byte GRFs)."""
    text = KERNEL.format(n=4, off=24, size=16)
    with pytest.raises(visa.VisaError) as e:
        visa.assemble(text, gen_binaries=[(12, b"\0" * 16)])
    assert [d.rule for d in e.value.diagnostics] == ["input-grf-straddle"]
    assert visa.assemble(text, gen_binaries=[(14, b"\0" * 16)])[:4] == b"CISA"  # PVC


def test_visa_as_without_a_platform(tmp_path):
    from conftest import run_tool
    src = tmp_path / "k.visaasm"
    src.write_text(KERNEL.format(n=4, off=24, size=16))
    r = run_tool("visa-as", "--syntax-only", str(src))
    assert r.returncode == 0 and "warning:" in r.stderr and "[input-grf-straddle]" in r.stderr
    r = run_tool("visa-as", "--syntax-only", "--platform", "TGLLP", str(src))
    assert r.returncode == 1 and "error:" in r.stderr
