"""Issue 17, point 6: gcc's warning controls (-Werror, -Werror=RULE,
-Wno-error=RULE, -Wno-RULE) on visa-as, visa-dis --validate and the
library (visa.validate/visa.assemble keywords, visa.WarningOptions)."""
from __future__ import annotations

import pytest

import visa
from conftest import GENX_IR, genx_ir_accepts, run_tool

HEAD = """.version 4.1
.kernel "k"
.decl V40 v_type=G type=d num_elts=8 align=hword
.decl V41 v_type=G type=d num_elts=8 align=hword
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
"""
# a region that starts inside V41 and reads past its end: a warning (Intel warns)
READS_PAST = HEAD + "    mov (M1, 8) V40(0,0)<1> V41(0,4)<8;8,1>\n    ret (M1, 1)\n"
# a row offset outside V41: an error (Intel warns, then may crash)
OUTSIDE = HEAD + "    mov (M1, 8) V40(0,0)<1> V41(3,0)<8;8,1>\n    ret (M1, 1)\n"


def rules(found):
    return [(d.rule, d.severity, d.line, d.col) for d in found]


def test_defaults():
    assert rules(visa.validate(READS_PAST)) == [("region-bounds", "warning", 9, 29)]
    assert rules(visa.validate(OUTSIDE)) == [("region-bounds", "error", 9, 29)]
    assert "starts at byte 96" in visa.validate(OUTSIDE)[0].message


@pytest.mark.skipif(not GENX_IR, reason="GenX_IR is not installed")
def test_genx_ir_accepts_both(tmp_path):
    """Intel only warns of both (-Wno-error=region-bounds gives its verdict)."""
    assert genx_ir_accepts(READS_PAST, "TGLLP", tmp_path)[0]
    assert genx_ir_accepts(OUTSIDE, "TGLLP", tmp_path)[0]


def test_werror():
    assert rules(visa.validate(READS_PAST, werror=True)) == [("region-bounds", "error", 9, 29)]
    assert rules(visa.validate(READS_PAST, werror={"region-bounds"})) == [("region-bounds", "error", 9, 29)]
    assert rules(visa.validate(READS_PAST, werror={"pred-dropped"})) == [("region-bounds", "warning", 9, 29)]
    with pytest.raises(visa.VisaError):
        visa.assemble(READS_PAST, werror=True)
    assert visa.assemble(READS_PAST)[:4] == b"CISA"


def test_no_error():
    assert rules(visa.validate(READS_PAST, werror=True, no_error={"region-bounds"})) == [
        ("region-bounds", "warning", 9, 29)]
    # an error Intel only warns of goes back to a warning
    assert rules(visa.validate(OUTSIDE, no_error={"region-bounds"})) == [("region-bounds", "warning", 9, 29)]
    warnings: list = []
    assert visa.assemble(OUTSIDE, no_error={"region-bounds"}, warnings=warnings)[:4] == b"CISA"
    assert [w.rule for w in warnings] == ["region-bounds"]
    # a rule that is an error whatever Intel does stays one
    bad = HEAD + "    jmp (M1_NM, 1) NOWHERE\n    ret (M1, 1)\n"
    assert [d.severity for d in visa.validate(bad, no_error={"label-undefined"})] == ["error"]


def test_disable():
    assert visa.validate(READS_PAST, disable={"region-bounds"}) == []
    assert rules(visa.validate(OUTSIDE, disable={"region-bounds"})) == [("region-bounds", "error", 9, 29)]
    assert visa.validate(OUTSIDE, disable={"region-bounds"}, no_error={"region-bounds"}) == []


def test_options_object():
    opts = visa.WarningOptions(werror=True)
    assert rules(visa.validate(READS_PAST, options=opts)) == [("region-bounds", "error", 9, 29)]
    with pytest.raises(ValueError):
        visa.validate(READS_PAST, options=opts, werror=True)


def test_unknown_rule_is_a_value_error():
    with pytest.raises(ValueError, match="unknown rule 'region-bound'"):
        visa.validate(READS_PAST, disable={"region-bound"})
    with pytest.raises(ValueError, match="unknown rule"):
        visa.WarningOptions(werror={"nope"})


def test_visa_as(tmp_path):
    src = tmp_path / "k.visaasm"
    src.write_text(READS_PAST)
    out = tmp_path / "k.isa"
    r = run_tool("visa-as", str(src), "-o", str(out))
    assert r.returncode == 0 and "warning:" in r.stderr and out.exists()
    out.unlink()
    r = run_tool("visa-as", "-Werror", str(src), "-o", str(out))
    assert r.returncode == 1 and "error:" in r.stderr and "[region-bounds]" in r.stderr
    assert not out.exists()
    r = run_tool("visa-as", "--syntax-only", "-Werror=region-bounds", str(src))
    assert r.returncode == 1
    r = run_tool("visa-as", "--syntax-only", "-Werror", "-Wno-error=region-bounds", str(src))
    assert r.returncode == 0 and "warning:" in r.stderr
    r = run_tool("visa-as", "--syntax-only", "-Wno-region-bounds", str(src))
    assert r.returncode == 0 and r.stderr == ""
    src.write_text(OUTSIDE)
    r = run_tool("visa-as", "--syntax-only", str(src))
    assert r.returncode == 1
    r = run_tool("visa-as", "--syntax-only", "-Wno-error=region-bounds", str(src))
    assert r.returncode == 0 and "warning:" in r.stderr


def test_usage_errors():
    r = run_tool("visa-as", "--syntax-only", "-Wno-error=region-bound", "x.visaasm")
    assert r.returncode == 2 and "unknown rule 'region-bound'" in r.stderr and "region-bounds" in r.stderr
    r = run_tool("visa-as", "--syntax-only", "-Wall", "x.visaasm")
    assert r.returncode == 2 and "-Wall" in r.stderr
    r = run_tool("visa-dis", "--validate", "-Werror=nope", "x.isa")
    assert r.returncode == 2


def test_help_lists_them():
    for tool in ("visa-as", "visa-dis"):
        r = run_tool(tool, "--help")
        assert r.returncode == 0
        for opt in ("-Werror", "-Werror=RULE", "-Wno-error=RULE", "-Wno-RULE"):
            assert opt in r.stdout, (tool, opt)


def test_visa_dis_validate(tmp_path):
    src = tmp_path / "k.visaasm"
    src.write_text(READS_PAST)
    isa = tmp_path / "k.isa"
    isa.write_bytes(visa.assemble(READS_PAST))
    r = run_tool("visa-dis", "--validate", str(isa))
    assert r.returncode == 0 and "warning:" in r.stderr and "[region-bounds]" in r.stderr
    r = run_tool("visa-dis", "--validate", "-Werror", str(isa))
    assert r.returncode == 1 and "error:" in r.stderr and "[region-bounds]" in r.stderr
    r = run_tool("visa-dis", "--validate", "-Wno-region-bounds", str(isa))
    assert r.returncode == 0 and "region-bounds" not in r.stderr
