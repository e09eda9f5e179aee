"""vISA 4.2 text, as IGC 2.40 prints it (tests/data/modern): every dump
parses into the structured AST, records its version, platform and build
options, and prints back byte for byte."""
from __future__ import annotations

import pytest

import visa
from visa import ast as A
from visa.isa import lsc_codes
from visa.isa.forms import FORMS

from refs import MODERN, modern_files, stem_id

# the `//Platform:` line each folder's dumps end with (tests/data/modern/README.shared.md)
_PLATFORM = {"tgllp": "TGLLP", "dg2": "DG2", "pvc": "PVCXT", "bmg": "XE2"}
_FILES = modern_files()


@pytest.mark.parametrize("path", _FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_dump_parses_and_prints_back_exactly(path):
    text = path.read_text()
    m = visa.parse(text, str(path))
    assert m.version == (4, 2)
    assert m.platform == _PLATFORM[path.parent.name]
    assert "-noverifyCISA" in m.build_options and not text.endswith("\n")
    assert visa.format(m) == text
    # and Intel's own dumps validate without an error
    errors = [d for d in visa.validate(m, platform=m.platform) if d.severity == "error"]
    assert not errors, [str(d) for d in errors[:3]]


def test_every_folder_is_there():
    assert {p.parent.name for p in _FILES} == set(_PLATFORM)


HEAD42 = """.version 4.2

.kernel "k"
.decl VD v_type=G type=d num_elts=64 align=GRF
.decl VA v_type=G type=uq num_elts=1 align=qword
.decl VB v_type=G type=ud num_elts=1 align=dword
.kernel_attr Target="cm"

.function "_main_0"
_main_0:
"""


def _ins42(line, head=HEAD42):
    return visa.parse(head + "    " + line + "\n").units[0].body[1]


def test_42_data_sizes_are_the_41_ones():
    # IsaDisassembly.cpp at v2.40.13 prints LSC_DATA_SIZE_8c32b as d8u32; its lexer
    # reads d8u32 and d8c32 alike
    a = _ins42("lsc_load.ugm (M1, 16)  VD:d8u32  flat[VA]:a64")
    b = _ins42("lsc_load.ugm (M1, 16)  VD:d8c32  flat[VA]:a64")
    assert a == b and a.operands[0].shape == A.LscShape("d8c32")
    m = visa.parse(HEAD42 + "    lsc_load.ugm (M1, 16)  VD:d16c32h  flat[VA]:a64\n")
    assert "VD:d16u32h" in visa.format(m) and "VD:d16c32h" in visa.format(m, version=(4, 1))


def test_42_keeps_unaligned_41_drops_it():
    line = "svm_block_st.unaligned (1) VA(0,0)<0;1,0> VD.0"
    assert _ins42(line).mods == ("unaligned",)
    head41 = HEAD42.replace(".version 4.2\n\n", ".version 4.1\n")
    assert _ins42(line, head41).mods == ()


def test_typed_2d_block_shape():
    ins = _ins42("lsc_load_block2d.tgm  VD:64x4  bss(VB)[VB,VB]")
    assert ins.operands[0].shape == A.LscShape(None, block=(1, 64, 4))
    # a record of the one description, vISA 4.2 only (Intel's v2.40.13 row)
    f = FORMS["lsc_load_block2d"].members[-1]
    assert f.opcode == 0x8A and f.since == (4, 2)
    row = {s.code: s for s in lsc_codes.LSC_TYPED_BLOCK2D_SUBOPS}[lsc_codes.LscOp.LOAD_BLOCK2D]
    assert [o.name for o in row.operands][5:7] == ["block_width", "block_height"]
    # it has no vISA 4.1 binary form and no 4.1 spelling: both errors name it
    # at the instruction
    prog = HEAD42 + "    lsc_load_block2d.tgm  VD:64x4  bss(VB)[VB,VB]\n"
    with pytest.raises(visa.VisaError, match=r"typed 2D block .* only in vISA 4\.2") as e:
        visa.assemble(prog)
    assert len(e.value.diagnostics) == 1 and e.value.diagnostics[0].col == 5
    with pytest.raises(visa.VisaError, match=r"typed 2D block .* vISA 4\.1 cannot say it"):
        visa.format(visa.parse(prog), version=(4, 1))
    # the decoder never takes it for a 4.1 sub-op
    assert all(g.since == (4, 1) for g in FORMS["lsc_load_block2d"].variants())


def test_printing_a_41_program_as_42():
    src = (MODERN / "tgllp").glob("*.visaasm")
    path = next(p for p in sorted(src) if ".f" not in p.name)
    m = visa.parse(path.read_text())
    as41 = visa.format(m, version=(4, 1))
    assert as41.startswith(".version 4.1\n.kernel") and "%scratchloc" not in as41
    back = visa.parse(as41)
    assert back.units == m.units


# the constructs of vISA 4.2 that 4.1 cannot say (each a form record's
# to_41 fact or a predefined variable's since)
_ONLY_42 = ("lsc_load_block2d.tgm", "lsc_store_block2d.tgm", "ifcall.uniform", "ifcall.noreturn",
            "%scratchloc(")


@pytest.mark.parametrize("path", _FILES[::7] + [p for p in _FILES if any(
    c in p.read_text() for c in _ONLY_42)], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_42_to_41_and_back(path):
    # each dump said in 4.1 (3D sampler messages lose their %null paired
    # resource, d8u32 becomes d8c32 ...) and back in 4.2 is the dump again,
    # but for svm_block's .unaligned, which vISA 4.1 reads and does not keep
    # (as Intel's 4.1 assembler does); a dump with what 4.1 cannot say is an
    # error at each such line, and at no other
    text = path.read_text()
    lines = text.split("\n")
    bad = {k for k, ln in enumerate(lines, 1) if any(c in ln.split("//")[0] for c in _ONLY_42)}
    if bad:
        with pytest.raises(visa.VisaError) as ei:
            visa.format(visa.parse(text), version=(4, 1))
        assert {d.line for d in ei.value.diagnostics} == bad
        assert all("4.2" in d.message for d in ei.value.diagnostics)
        return
    as41 = visa.format(visa.parse(text), version=(4, 1))
    assert as41.startswith(".version 4.1\n")
    back = visa.format(visa.parse(as41), version=(4, 2))
    assert back == text or back == visa.format(
        visa.parse(text.replace("_st.unaligned ", "_st ").replace("_ld.unaligned ", "_ld ")))


def _sampler_dump():
    return next(p for p in _FILES if "load_lz" in p.read_text() and ".f" not in p.stem)


def test_paired_resource_is_dropped_for_41():
    text = _sampler_dump().read_text()
    line = next(ln for ln in text.splitlines() if "load_lz" in ln)
    assert "%null.0" in line
    m = visa.parse(text)
    as41 = visa.format(m, version=(4, 1))
    line41 = next(ln for ln in as41.splitlines() if "load_lz" in ln)
    assert line41.split("///")[0].split() == [w for w in line.split("///")[0].split() if w != "%null.0"]
    # the binary is that of the 4.1 text
    assert visa.assemble(text) == visa.assemble(as41)


def test_a_paired_resource_4_1_cannot_say_is_an_error():
    text = _sampler_dump().read_text()
    line_no, line = next((k, ln) for k, ln in enumerate(text.splitlines(), 1) if "load_lz" in ln)
    bad = text.replace(line, line.replace("%null.0", "%r0.0", 1), 1)
    for call in (lambda: visa.assemble(bad), lambda: visa.format(visa.parse(bad), version=(4, 1))):
        with pytest.raises(visa.VisaError) as ei:
            call()
        (d,) = ei.value.diagnostics
        assert d.line == line_no and "paired resource" in d.message and "4.1" in d.message


def test_visa_dis_prints_42(tmp_path):
    import subprocess
    from refs import corpus_stems, ref_bytes
    stem = corpus_stems()[0]
    data = ref_bytes(stem)
    f = tmp_path / "k.isa"
    f.write_bytes(data)
    r = subprocess.run(["visa-dis", "--visa-version", "4.2", str(f)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith(".version 4.2\n\n.kernel")
    assert "%scratchloc" in r.stdout
    assert visa.format(visa.parse(r.stdout), version=(4, 1)) == visa.disassemble(data)


def test_a_dump_is_validated_for_the_platform_it_names():
    # PVC's GRF is 64 bytes: this dump's 12-byte input at offset 88 is inside
    # one GRF there, and would straddle a 32-byte GRF; the //Platform: line
    # says which
    path = MODERN / "pvc" / "subgroup_block__sg_block_buf__simd16.visaasm"
    text = path.read_text()
    assert "\n//Platform: PVCXT\n" in text
    assert [d for d in visa.validate(text) if d.severity == "error"] == []
    unnamed = text.replace("//Platform: PVCXT", "//Platform: NONE")
    # no platform named: valid on the 64-byte GRF platforms, so a warning that
    # names the 32-byte ones it fails on (issue 17); an error for TGLLP
    found = visa.validate(unnamed)
    assert [(d.rule, d.severity) for d in found] == [("input-grf-straddle", "warning")]
    assert "32-byte GRFs" in found[0].message and "TGLLP" in found[0].message
    assert [d.rule for d in visa.validate(unnamed, platform="TGLLP")
            if d.severity == "error" and d.rule != "platform"] == ["input-grf-straddle"]
    assert [d.rule for d in visa.validate(unnamed, platform="PVC") if d.severity == "error"] == []
