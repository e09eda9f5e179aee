"""The command-line tools, run as a user runs them (console scripts)."""
from __future__ import annotations

import shutil
import subprocess

from conftest import CORPUS, ROOT, run_tool

GOOD = CORPUS / "tgllp" / "arith_float__float_div__simd32.visaasm"
BAD = '.version 4.1\n.kernel "k"\n.function "f"\n\nf:\n    mov (M1, 16 V1(0,0)<1> 0x1:d\n'


run = run_tool


def test_version():
    r = run("visa-as", "--version")
    assert r.returncode == 0 and r.stdout.startswith("visa ")
    r = run("visa-dis", "--version")
    assert r.returncode == 0 and "vISA 4.1" in r.stdout


def test_help_mentions_options():
    r = run("visa-as", "--help")
    assert r.returncode == 0
    for opt in ("--syntax-only", "-o", "--gen-binary", "--version"):
        assert opt in r.stdout


def test_syntax_only_ok():
    r = run("visa-as", "--syntax-only", str(GOOD))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and r.stderr == ""


def test_syntax_only_error_reports_location(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    r = run("visa-as", "--syntax-only", str(bad))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert lines[0] == f"{bad}:6:9: error: unbalanced '(': no matching ')' on this line [syntax]"
    assert lines[1] == "    mov (M1, 16 V1(0,0)<1> 0x1:d"
    assert lines[2] == "        ^"
    assert "Traceback" not in r.stderr


def test_syntax_only_stdin():
    r = run("visa-as", "--syntax-only", "-", stdin=BAD)
    assert r.returncode == 1
    assert r.stderr.startswith("<stdin>:6:9: error:")


def test_several_inputs_report_each(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    r = run("visa-as", "--syntax-only", str(GOOD), str(bad), str(bad))
    assert r.returncode == 1
    assert r.stderr.count("error:") == 2


def test_usage_errors_exit_2(tmp_path):
    assert run("visa-as").returncode == 2
    assert run("visa-as", "--no-such-option", str(GOOD)).returncode == 2
    assert run("visa-as", "-o", "x.isa", str(GOOD), str(GOOD)).returncode == 2


def test_missing_file_is_an_input_error(tmp_path):
    r = run("visa-as", "--syntax-only", str(tmp_path / "nope.visa"))
    assert r.returncode == 1
    assert "nope.visa" in r.stderr and "Traceback" not in r.stderr


def test_binary_input_is_reported_not_crashed(tmp_path):
    f = tmp_path / "x.visa"
    f.write_bytes(b"CISA\x04\x01\xff\xfe\x00garbage")
    r = run("visa-as", "--syntax-only", str(f))
    assert r.returncode == 1
    assert "error:" in r.stderr and "Traceback" not in r.stderr


def test_failed_run_leaves_no_output(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text(BAD)
    out = tmp_path / "out.isa"
    r = run("visa-as", str(bad), "-o", str(out))
    assert r.returncode == 1
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad.visa"]


# ------------------------------------------------------------- assembling
from refs import dis_text, gen_blob_args, gen_blobs  # noqa: E402

STEM = CORPUS / "tgllp" / "arith_float__float_div__simd32"


def test_assemble_to_file_matches_reference(tmp_path):
    ref = STEM.with_name(STEM.name + ".ref.isa").read_bytes()
    out = tmp_path / "out.isa"
    r = run("visa-as", str(STEM) + ".visaasm", *gen_blob_args(ref, tmp_path), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == ref


def test_assemble_default_output_name(tmp_path):
    src = tmp_path / "k.visaasm"
    src.write_text(GOOD.read_text())
    r = run("visa-as", str(src))
    assert r.returncode == 0, r.stderr
    data = (tmp_path / "k.isa").read_bytes()
    assert data[:4] == b"CISA" and data[4:6] == b"\x04\x01"


def test_assemble_stdin_to_stdout(tmp_path):
    r = subprocess.run([shutil.which("visa-as") or "visa-as", "-", "-o", "-"], input=GOOD.read_bytes(),
                       capture_output=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout[:4] == b"CISA"
    # the same bytes as assembling the file
    assert r.stdout == visa_assemble(GOOD.read_text())


def visa_assemble(text):
    import visa
    return visa.assemble(text)


def test_platform_by_name(tmp_path):
    ref = STEM.with_name(STEM.name + ".ref.isa").read_bytes()
    (plat, blob), = gen_blobs(ref)
    assert plat == 12
    (tmp_path / "b.bin").write_bytes(blob)
    out = tmp_path / "o.isa"
    r = run("visa-as", str(STEM) + ".visaasm", "--gen-binary", f"TGLLP:{tmp_path / 'b.bin'}",
            "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == ref


def test_bad_gen_binary_option_is_a_usage_error(tmp_path):
    assert run("visa-as", str(GOOD), "--gen-binary", "nonsense").returncode == 2
    (tmp_path / "b.bin").write_bytes(b"x")
    r = run("visa-as", str(GOOD), "--gen-binary", f"NOPE:{tmp_path / 'b.bin'}")
    assert r.returncode == 2 and "unknown platform 'NOPE'" in r.stderr and "Traceback" not in r.stderr
    r = run("visa-as", str(GOOD), *[f"--gen-binary=12:{tmp_path / 'b.bin'}"] * 5)
    assert r.returncode == 2 and "at most 4" in r.stderr
    assert run("visa-as", str(GOOD), "--gen-binary", f"12:{tmp_path / 'missing.bin'}").returncode == 2


def test_assembly_error_leaves_existing_output_untouched(tmp_path):
    bad = tmp_path / "bad.visa"
    bad.write_text('.version 4.1\n.kernel "k"\n.function "f"\n\nf:\n    mov (M1, 16) NOPE(0,0)<1> 0x1:d\n')
    out = tmp_path / "out.isa"
    out.write_bytes(b"previous")
    r = run("visa-as", str(bad), "-o", str(out))
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == f"{bad}:6:18: error: 'NOPE' is not declared [name-undeclared]"
    assert out.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.visa", "out.isa"]


def test_several_inputs_each_to_its_own_output(tmp_path):
    a, b = tmp_path / "a.visaasm", tmp_path / "b.visaasm"
    a.write_text(GOOD.read_text())
    b.write_text(GOOD.read_text())
    r = run("visa-as", str(a), str(b))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "a.isa").exists() and (tmp_path / "b.isa").exists()


def test_disassemble_reference_to_stdout(tmp_path):
    ref = STEM.with_name(STEM.name + ".ref.isa")
    r = run("visa-dis", str(ref))
    assert r.returncode == 0, r.stderr
    assert r.stdout == dis_text(STEM.with_name(STEM.name + ".visaasm").read_text())


def test_disassemble_garbage_is_an_input_error(tmp_path):
    f = tmp_path / "x.isa"
    f.write_bytes(b"CISA\x04\x01\x01\x00\xff")
    r = run("visa-dis", str(f))
    assert r.returncode == 1
    assert r.stderr.startswith(f"{f}: error: invalid vISA binary:")
    assert "Traceback" not in r.stderr


INVALID = """.version 4.1
.kernel "k"
.decl VD v_type=G type=d num_elts=16 align=hword
.decl P1 v_type=P num_elts=64
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    mov (M1, 8) VD(0,0)<0> 0x1:d
    ret (M1, 1)
"""


def test_assembler_validates_and_writes_nothing_on_error(tmp_path):
    src = tmp_path / "bad.visaasm"
    src.write_text(INVALID)
    r = run("visa-as", str(src), "-o", str(tmp_path / "bad.isa"))
    assert r.returncode == 1 and not (tmp_path / "bad.isa").exists()
    lines = r.stderr.splitlines()
    assert f"{src}:4:1: error: predicate 'P1' has num_elts=64; allowed: 1, 2, 4, 8, 16, 32 [decl-num-elts]" in lines
    assert any(ln.startswith(f"{src}:9:17: error: ") and ln.endswith("[region-dst-stride]") for ln in lines)


def test_syntax_only_validates_for_a_platform(tmp_path):
    src = tmp_path / "s.visaasm"
    src.write_text(INVALID.replace(".decl P1 v_type=P num_elts=64\n", "").replace("<0>", "<1>").replace(
        "    mov (M1, 8) VD(0,0)<1> 0x1:d\n",
        "    srnd (M1_NM, 16) VD(0,0)<1> VD(0,0)<8;8,1> VD(0,0)<8;8,1>\n"))
    r = run("visa-as", "--syntax-only", "--platform", "TGLLP", str(src))
    assert r.returncode == 1 and "[platform]" in r.stderr
    r = run("visa-as", "--syntax-only", "--platform", "NOPE", str(src))
    assert r.returncode == 2


def test_disassembler_validates_on_request(tmp_path):
    import visa
    data = visa.assemble(INVALID, validate=False)
    f = tmp_path / "bad.isa"
    f.write_bytes(data)
    r = run("visa-dis", "--validate", str(f))
    assert r.returncode == 1
    assert "(disassembly):" in r.stderr and "[decl-num-elts]" in r.stderr and "[region-dst-stride]" in r.stderr
    assert r.stdout.startswith(".version 4.1")  # the listing is still printed
    # an instruction's diagnostic gives its byte offset in the file: the mov's
    # opcode byte is there, and the listing line follows with a caret
    import re
    from visa.isa.opcodes import Opcode
    lines = r.stderr.splitlines()
    k, m = next((k, re.match(rf"{re.escape(str(f))}\+0x([0-9a-f]+): error: .*\[region-dst-stride\]$", ln))
                for k, ln in enumerate(lines) if "[region-dst-stride]" in ln)
    assert m is not None, lines[k]
    assert data[int(m.group(1), 16)] == Opcode.MOV
    assert lines[k + 1].lstrip().startswith("mov (M1, 8) VD(0,0)<0>") and lines[k + 2].strip() == "^"
    ref = STEM.with_name(STEM.name + ".ref.isa")
    r = run("visa-dis", "--validate", str(ref))
    assert r.returncode == 0 and r.stderr == ""


def test_a_long_listing_reaches_standard_output_whole():
    # the tools leave their process without the interpreter's teardown
    # (cli._one_shot): what they print must all be flushed first; this
    # listing is more than twice a pipe's buffer
    big = ROOT / "tests/data/corpus/dg2/int64__long_arith__simd32"
    r = run("visa-dis", str(big) + ".ref.isa")
    assert r.returncode == 0, r.stderr
    want = dis_text(big.with_suffix(".visaasm").read_text())
    assert len(want) > 2 * 65536
    assert r.stdout == want
