"""What only the encoder can judge (a kernel attribute Intel aborts on,
the older spec's structured control flow) is reported by visa.validate and
by visa-as --syntax-only with rule ``encode``, at its position: what they
pass, visa-as assembles.  (An undeclared bare surface and the modifiers of
the sampler, atomic, svm_block, rt_write_3d and lifetime families were
judged here before: tests/test_validate_from_encoder.py.)"""
from pathlib import Path

import visa
from conftest import run_tool

DATA = Path(__file__).resolve().parent / "data"

PROGRAM = """.version 4.1
.kernel "k"
.decl VD v_type=G type=d num_elts=16 align=hword
.decl VAT5 v_type=G type=d num_elts=16 align=hword{attrs}
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    mov (M1, 8) VAT5(0,0)<1> 0x0:d
{more}    ret (M1, 1)
"""
BAD = ' attrs={AsmName="vat5"}'  # a kernel attribute on a variable: Intel's writer aborts


def test_kernel_attribute_on_a_variable():
    found = visa.validate(PROGRAM.format(attrs=BAD, more=""))
    assert [(d.rule, d.line, d.col, d.severity) for d in found] == [("encode", 4, 59, "error")]
    assert "'AsmName' is a kernel attribute, not a variable attribute" in found[0].message
    good = PROGRAM.format(attrs="", more="")
    assert visa.validate(good) == []
    assert visa.assemble(good)[:4] == b"CISA"


def test_syntax_only_reports_what_visa_as_refuses(tmp_path):
    src = tmp_path / "k.visaasm"
    src.write_text(PROGRAM.format(attrs=BAD, more=""))
    r = run_tool("visa-as", "--syntax-only", str(src))
    assert r.returncode == 1
    assert (f"{src}:4:59: error: 'AsmName' is a kernel attribute, not a variable attribute [encode]"
            in r.stderr)
    assert not list(tmp_path.glob("*.isa"))
    src.write_text(PROGRAM.format(attrs="", more=""))
    r = run_tool("visa-as", "--syntax-only", str(src))
    assert (r.returncode, r.stderr) == (0, "")
    assert not list(tmp_path.glob("*.isa"))


def test_a_validator_error_comes_alone():
    """The encoder is asked only about programs the validator passes: its
    view of a program with errors would repeat them."""
    bad = PROGRAM.format(attrs=BAD, more="    add (M1, 8) VD(0,0)<0> VD(0,0)<8;8,1> 0x1:d\n")
    assert [d.rule for d in visa.validate(bad)] == ["region-dst-stride"]


def test_vISA_42_text_is_not_judged_by_the_41_encoder():
    """A 4.2 construct with no 4.1 binary form is valid 4.2 text: validate
    says nothing of it; assembling it says it has no binary form."""
    text = (DATA / "handwritten42" / "only42__XE2.v42.visaasm").read_text()
    assert [d for d in visa.validate(text) if d.severity == "error"] == []
    try:
        visa.assemble(text)
    except visa.VisaError as e:
        assert e.diagnostics
    else:
        raise AssertionError("a 4.2-only program has no 4.1 binary form")
