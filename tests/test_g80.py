"""G80 (Tesla) g80-dis / g80-as against envytools' envydis / envyas -m g80 (tests/data/g80)."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from refs import G80, g80_rows
from visa.bitisa import Variant
from visa.g80 import asm, cli, isa as I, listing as L

DIS = G80 / "dis"
FORMATS = DIS / "formats"
ASM = G80 / "asm"
INVALID = G80 / "asm-invalid"


def _in(folder: Path):
    old = os.getcwd()
    os.chdir(folder)
    return old


def test_dis_listings():
    rows = g80_rows("dis/DIS.tsv", "g80 dis listings")
    old = _in(DIS)
    try:
        bad = []
        for inp, exp, flags in (r[:3] for r in rows):
            rc, out, err = cli.dis_run(shlex.split(flags) + [inp])
            if rc or out != Path(exp).read_text():
                bad.append(inp)
    finally:
        os.chdir(old)
    assert not bad, f"{len(bad)} of {len(rows)} listings differ: {bad[:5]}"


def test_dis_formats():
    rows = g80_rows("dis/formats/DIS.tsv", "g80 dis formats")
    old = _in(FORMATS)
    try:
        bad = []
        for inp, exp, flags, code in (r[:4] for r in rows):
            data = Path(inp).read_bytes() if Path(inp).exists() else b""
            rc, out, err = cli.dis_run(shlex.split(flags) + [inp], data)
            if out != Path(exp).read_text() or (rc != 0) != (code != "0"):
                bad.append((inp, flags))
    finally:
        os.chdir(old)
    assert not bad, bad


def test_asm_programs(tmp_path):
    rows = g80_rows("asm/ASM.tsv", "g80 asm programs")
    old = _in(ASM)
    try:
        bad = []
        for inp, exp, flags in (r[:3] for r in rows):
            outp = tmp_path / "out"
            argv = shlex.split(flags.replace("{OUT}", str(outp))) + [inp]
            rc, out, err = asm.run(argv)
            if "{OUT}" in flags:
                out = outp.read_bytes()
            if rc or out != Path(exp).read_bytes():
                bad.append((inp, err[:200]))
    finally:
        os.chdir(old)
    assert not bad, f"{len(bad)} of {len(rows)} differ: {bad[:5]}"


_LOC = re.compile(r"([^:\n]+):(\d+):(\d+): error: ")


def _invalid_rows():
    return g80_rows("asm-invalid/EXPECTED.tsv", "g80 asm-invalid")


@pytest.mark.parametrize("kind", ["invalid"])
def test_asm_invalid_refused_at_line(kind, tmp_path):
    old = _in(INVALID)
    try:
        bad = []
        n = 0
        for f, flags, code, line, col, k, msg in (r[:7] for r in _invalid_rows()):
            if k != kind:
                continue
            n += 1
            outp = tmp_path / "o"
            rc, out, err = asm.run(shlex.split(flags) + ["-o", str(outp), f])
            m = _LOC.match(err)
            if rc != 1 or out or outp.exists() or not m or m.group(1) != f or m.group(2) != line:
                bad.append((f, line, err[:120]))
            elif "^" not in err:
                bad.append((f, "no caret"))
    finally:
        os.chdir(old)
    assert n == 66
    assert not bad, bad


QUIRKS_KNOWN_FAILING: set[str] = set()


def test_asm_quirks_assemble():
    old = _in(INVALID)
    try:
        got = {}
        for f, flags, code, line, col, k, msg in (r[:7] for r in _invalid_rows()):
            if k == "quirk":
                rc, out, err = asm.run(shlex.split(flags) + [f])
                got[f] = (rc, err)
    finally:
        os.chdir(old)
    assert len(got) == 5
    failing = {f for f, (rc, _) in got.items() if rc}
    assert failing == QUIRKS_KNOWN_FAILING, got


def test_envyas_ub_deterministic():
    rows = g80_rows("asm/envyas-ub/UB.tsv", "g80 envyas-ub")
    old = _in(ASM / "envyas-ub")
    try:
        for f, flags in (r[:2] for r in rows):
            first = asm.run(shlex.split(flags) + [f])
            assert first == asm.run(shlex.split(flags) + [f]), f
            assert first[0] in (0, 1), (f, first)
            if first[0]:
                assert _LOC.match(first[2]) and not first[1], (f, first)
    finally:
        os.chdir(old)


def _variant(flags: list[str]) -> Variant:
    pick = (lambda o: [flags[flags.index(o) + 1]] if o in flags else [])
    return cli.variant_from(pick("-V"), [], pick("-O"))


def test_exact_listing_reassembles():
    """-x listings of every dis input give back the input words."""
    rows = g80_rows("dis/DIS.tsv", "g80 dis listings")
    old = _in(DIS)
    try:
        bad = []
        for inp, exp, flags in (r[:3] for r in rows):
            fl = shlex.split(flags)
            rc, text, err = cli.dis_run(fl + ["-x", inp])
            want = b"".join(int(w, 16).to_bytes(4, "little") for w in Path(inp).read_text().split())
            got = asm.output(asm.assemble(text, _variant(fl)), "raw")
            if got != want:
                bad.append(inp)
    finally:
        os.chdir(old)
    assert not bad and len(rows) == 255, bad


_M32 = (1 << 32) - 1
_FORMS = ("short", "long", "exit", "join", "immediate", "control")
_TARGETS = (("g80", "cp"), ("g200", "cp"), ("gt215", "fp"), ("g84", "vp"), ("mcp77", "gp"), ("g80", None))


def _shaped(form: str, bits: int) -> tuple[int, int]:
    """A word of ``form`` (bits 0-1 and 32-33 choose it) from random bits, and its size."""
    lo, hi = bits & _M32, bits >> 32
    if form == "short":
        return lo & ~1, 32
    if form in ("long", "exit", "join"):
        return ((hi & ~3) | ("long", "exit", "join").index(form)) << 32 | (lo | 1) & ~2, 64
    if form == "immediate":
        return (hi | 3) << 32 | (lo | 1) & ~2, 64
    return bits | 3, 64


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.sampled_from(_FORMS), st.integers(0, (1 << 64) - 1), st.sampled_from(_TARGETS))
def test_valid_words_roundtrip(form, bits, target):
    """Property, on the engine: a valid word of each form (random bits, those no table takes
    cleared, no ``???``) decodes (Isa.decode), prints (Isa.format), and
    * its exact listing (g80-dis -x) reassembles to the same bytes;
    * its text is a fixed point: the first encoding the matcher gives for it (Isa.matcher,
      envyas' choice) decodes to the same text."""
    chip, mode = target
    var = I.variant(I.CHIPS[chip], mode)
    word, size = _shaped(form, bits)
    d = I.ISA.decode(word, var)
    word &= ~d.unknown_bits & ((1 << size) - 1)
    d = I.ISA.decode(word, var)
    assume(not any(d.unknowns()))
    _FORM_SEEN[form] = _FORM_SEEN.get(form, 0) + 1
    code = word.to_bytes(size // 8, "little")
    exact = L.listing(code, var, exact=True)
    assert asm.output(asm.assemble(exact, var), "raw") == code, exact
    text = I.ISA.format(d)
    first = asm.candidates(asm.parse(text)[0][1], asm.Options(var))[0]
    assert I.ISA.format(I.ISA.decode(first.word, var)) == text


_FORM_SEEN: dict[str, int] = {}


def test_valid_words_cover_every_form():
    """(after the property above) every form had valid words."""
    if not _FORM_SEEN:
        test_valid_words_roundtrip()
    assert set(_FORM_SEEN) == set(_FORMS), _FORM_SEEN


def test_asm_errors_all_reported():
    text = "\tfrob $r0\n\tmov b32 $r0 $r1\n\tADD $r1\n\tbra #nowhere\n"
    with pytest.raises(asm.AsmError) as ei:
        asm.assemble(text, cli.variant_from(["g80"], [], ["cp"]))
    assert [d[0] for d in ei.value.diags] == [1, 3]


def test_immediate_too_large_refused():
    var = cli.variant_from(["g80"], [], ["cp"])
    with pytest.raises(asm.AsmError) as ei:
        asm.assemble("nop\nmov b32 $r0 0x100000000\n", var)
    assert ei.value.diags[0][0] == 2 and "too large" in ei.value.diags[0][2]
    assert asm.output(asm.assemble("mov b32 $r0 0xffffffff\n", var), "raw")


def test_cli_roundtrip(tmp_path):
    """The console scripts, once each way."""
    src = DIS / "cp" / "g80" / "ctrl.hex"
    exe = Path(sys.executable).parent
    r = subprocess.run([exe / "g80-dis", "-w", "-n", "-x", "-O", "cp", "-V", "g80", str(src)],
                       capture_output=True, text=True, check=True)
    s = tmp_path / "p.s"
    s.write_text(r.stdout)
    r2 = subprocess.run([exe / "g80-as", "-w", "-O", "cp", "-V", "g80", str(s)],
                        capture_output=True, text=True, check=True)
    want = [int(w, 16) for w in src.read_text().split()]
    assert [int(w.rstrip(","), 16) for w in r2.stdout.split()] == want
    bad = tmp_path / "bad.s"
    bad.write_text("nop\nfrob\n")
    r3 = subprocess.run([exe / "g80-as", "-O", "cp", str(bad), "-o", str(tmp_path / "x")],
                        capture_output=True, text=True)
    assert r3.returncode == 1 and f"{bad}:2:1: error:" in r3.stderr and not (tmp_path / "x").exists()


def test_import_visa_does_not_import_g80():
    r = subprocess.run([sys.executable, "-c", "import visa, sys; print('visa.g80' in sys.modules)"],
                       capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"


def test_library_parse_format_assemble():
    """visa.g80's API: format(parse(text)) and the Program assemble to the bytes envyas gave."""
    import visa.g80 as g
    rows = [r for r in g80_rows("asm/ASM.tsv", "g80 asm programs") if r[0].startswith("gen/")
            and "-i" in r[2].split()]
    assert rows
    for inp, exp, flags in (r[:3] for r in rows):
        fl = shlex.split(flags)
        pick = (lambda o: fl[fl.index(o) + 1] if o in fl else None)
        text = (ASM / inp).read_text()
        want = (ASM / exp).read_bytes()
        prog = g.parse(text)
        assert g.assemble(prog, chip=pick("-V"), ptype=pick("-O")) == want, inp
        assert g.assemble(g.format(prog), chip=pick("-V"), ptype=pick("-O")) == want, inp
    code = bytes.fromhex("0300000110000000")  # a long instruction (bra) and its decode
    text = g.disassemble(code, ptype="cp")
    assert text.startswith("00000000: ")
    assert g.assemble(g.disassemble(code, ptype="cp", exact=True), ptype="cp") == code


def _input_bytes(inp: Path, fl: list[str]) -> bytes:
    """The code g80-dis lists for an input file and flags (-w/-W/-i, -d, -l)."""
    data = inp.read_bytes()
    if "-i" in fl:
        code = bytes(L.read_binary(data, 1))
    else:
        code = bytes(L.read_hex(data, 4 if "-w" in fl else 8 if "-W" in fl else 1))
    skip = cli._hexarg(fl[fl.index("-d") + 1]) if "-d" in fl else 0
    limit = cli._hexarg(fl[fl.index("-l") + 1]) if "-l" in fl else 0
    code = code[skip:]
    return code[:limit] if limit else code


def _flags_variant(fl: list[str]):
    pick = (lambda o: [fl[fl.index(o) + 1]] if o in fl else [])
    return cli.variant_from(pick("-V"), [fl[i + 1] for i, x in enumerate(fl) if x == "-F"], pick("-O"))


def test_listing_read_back_exactly():
    """g80-as -L reads every line g80-dis prints and gives back the listed bytes: all 255
    listings (with their `???`, `[unknown: ...]` and `[incomplete]` lines) and every listing of
    dis/formats (-q address lines, B/C marks, colours, -b, -d, -l, -M labels and data, -u
    flow mode: `[N bytes skipped]` is read as zeros, with a warning)."""
    rows = g80_rows("dis/DIS.tsv", "g80 dis listings")
    bad = []
    for inp, exp, flags in (r[:3] for r in rows):
        fl = shlex.split(flags)
        got = asm.output(asm.assemble((DIS / exp).read_text(), _flags_variant(fl), listing=True), "raw")
        if got != _input_bytes(DIS / inp, fl):
            bad.append(inp)
    assert not bad and len(rows) == 255, bad
    n = 0
    for inp, exp, flags, code in (r[:4] for r in g80_rows("dis/formats/DIS.tsv", "g80 dis formats")):
        if code != "0":
            continue
        n += 1
        fl = shlex.split(flags)
        warnings: list = []
        got = asm.output(asm.assemble((FORMATS / exp).read_text(), _flags_variant(fl), listing=True,
                                      warnings=warnings), "raw")
        want = _input_bytes(FORMATS / inp, fl)
        if "-u" in fl and "[50 bytes skipped]" in (FORMATS / exp).read_text():
            assert [w[3] for w in warnings] == ["listing-bytes-not-shown"], exp
            assert got[0x50:] == want[0x50:] and got[:0x50] == bytes(0x50), exp
        else:
            assert not warnings and got == want, (exp, flags)
    assert n == 29


def test_listing_edited_line_is_assembled():
    """A line of a listing whose text was changed is assembled (at the length its columns show,
    with its [unknown: ...] bits); an unchanged one keeps its bytes (with the bits envydis does
    not print)."""
    var = cli.variant_from(["g80"], [], ["cp"])
    text = "00000000: 40299998              mul $r38 s16 $r6l s16 $r20h\n"
    assert asm.output(asm.assemble(text, var, listing=True), "raw") == bytes.fromhex("98992940")
    edited = text.replace("$r38", "$r37")
    plain = asm.output(asm.assemble(edited, var, listing=True), "raw")
    noted = asm.output(asm.assemble(edited.rstrip() + " [unknown: 00000100]\n", var, listing=True), "raw")
    assert int.from_bytes(noted, "little") == int.from_bytes(plain, "little") | 0x100
    assert "mul $r37" in L.listing(plain, var)
    # an edited line that gets a long form keeps its long length from the columns
    long_text = "00000000: 20848005 04000780     add b32 $r1 $r0 $r2\n"
    assert len(asm.output(asm.assemble(long_text.replace("$r2", "$r3"), var, listing=True), "raw")) == 8


def test_listing_artefacts_refused_by_default_with_a_hint():
    """Without -L the input is envyas' language: the listing artefacts of asm-invalid
    (dis_unknown_annotation.s, dis_address_line.s, dis_oops_line.s) are refused at their line,
    and the message says what they are; with -L the first two assemble."""
    for name, listed in (("dis_unknown_annotation.s", True), ("dis_address_line.s", True),
                         ("dis_oops_line.s", False)):
        rc, out, err = asm.run(["-O", "cp", "-V", "g80", "-w", str(INVALID / name)])
        assert rc == 1 and "g80-dis" in err.splitlines()[0], err
        rc, out, err = asm.run(["-L", "-O", "cp", "-V", "g80", "-w", str(INVALID / name)])
        assert (rc == 0) == listed, (name, err)


@pytest.mark.parametrize("name,needle", [
    ("interp_in_cp.s", "only in -O fp"), ("emit_in_cp.s", "only in -O gp"),
    ("no_mode_ptype_insn.s", "not available with no -O"), ("fp64_on_g84.s", "needs -V g200"),
    ("preret_on_g200.s", "needs -V gt215"), ("unknown_mnemonic.s", "no encoding matches"),
])
def test_refusals_named(name, needle):
    flags = next(r[1] for r in _invalid_rows() if r[0] == name)
    rc, out, err = asm.run(shlex.split(flags) + [str(INVALID / name)])
    assert rc == 1 and needle in err.splitlines()[0], err


def test_odd_64bit_register_warns(tmp_path):
    """envyas takes $r53d silently (51 fromdis references hold such lines): g80-as gives its
    bytes with a named warning; -s or --Werror refuses the line; --Wno-misaligned-register
    silences it."""
    src = tmp_path / "odd.s"
    src.write_text("cvt neg sat rp f64 $r52d s32 $r0\ncvt neg sat rp f64 $r53d s32 $r0\n")
    rc, out, err = asm.run(["-O", "cp", "-V", "g200", "-w", str(src)])
    assert rc == 0 and out.count(b",") == 4
    assert err.startswith(f"{src}:2:1: warning: $r53d: a 2-register operand") and \
        "[-Wmisaligned-register]" in err and err.count("warning:") == 1
    for flag in ("-s", "--Werror"):
        rc, refused, err = asm.run([flag, "-O", "cp", "-V", "g200", "-w", str(src)])
        assert rc == 1 and not refused and f"{src}:2:1: error: $r53d: a 2-register" in err, flag
        assert "[-Werror=misaligned-register]" in err
    rc, out2, err = asm.run(["--Wno-misaligned-register", "-O", "cp", "-V", "g200", "-w", str(src)])
    assert rc == 0 and out2 == out and not err


def test_widening_with_implicit_default_modifier():
    """A short add f32 before a misaligned long instruction is widened to the long form with its
    default rounding mode (envyas has no long match for it without `rn`: undefined behaviour)."""
    var = cli.variant_from(["g80"], [], ["cp"])
    code = asm.output(asm.assemble("add f32 $r38 $r32 $r11\nexit nop\n", var), "raw")
    assert len(code) == 16
    text = L.listing(code, var)
    assert "add rn f32 $r38 $r32 $r11" in text.splitlines()[0]
    short = asm.output(asm.assemble("add f32 $r38 $r32 $r11\n", var), "raw")
    assert "add f32 $r38 $r32 $r11" in L.listing(short, var)


def test_help_version_and_unknown_options(capsys):
    for main, name in ((cli.dis_main, "g80-dis"), (cli.as_main, "g80-as")):
        assert main(["--help"]) == 0 and capsys.readouterr().out.startswith(f"usage: {name}")
        assert main(["--version"]) == 0 and capsys.readouterr().out.startswith(f"{name} (visa ")
    assert cli.dis_run(["--frob", "x"])[0] == 1
    assert asm.run(["--frob", "x"])[0] == 2


@pytest.mark.parametrize("text, message", [
    # found by mutating the reference programs: a sub-instruction inside a vector made the
    # shared search's key unhashable (TypeError), and a .skip/.align/.size of a huge or
    # negative number (read as 64 bits) tried to allocate it (MemoryError, OverflowError)
    ("addc $r47:(mul u16 $r16h $r30l) $r47 $c0\n", "1:1: error: no encoding matches this instruction"),
    ("add sat f32 $r1 (mul $r12 c0[$a2+0x30]).neg $r1\n", "1:1: error: no encoding matches this instruction"),
    ("nop\n.skip -5\nnop\n", "2:1: error: .skip 0xfffffffffffffffb would make section 'default' "
                             "0x10000000000000003 bytes long: more than g80-as lays out (16 MiB)"),
    ("nop\n.align -16\n", "2:1: error: .align 0xfffffffffffffff0 would make section 'default'"),
    ("nop\n.align 0xfffffffffff16\nnop\n", "2:1: error: .align 0xfffffffffff16 would make"),
    (".size -1\n", "1:1: error: .size 0xffffffffffffffff would make section 'default'"),
    ("nop\n.skip 0x1000000\n", "2:1: error: .skip 0x1000000 would make section 'default' 0x1000008 bytes"),
])
def test_bad_input_found_by_fuzzing_is_an_error(text, message, tmp_path):
    src = tmp_path / "f.s"
    src.write_text(text)
    outp = tmp_path / "o"
    rc, out, err = asm.run(["-m", "g80", "-w", "-O", "cp", "-o", str(outp), str(src)])
    assert rc == 1 and not out and not outp.exists()
    assert f"{src}:{message}" in err and "Traceback" not in err


def test_the_largest_section_is_laid_out(tmp_path):
    src = tmp_path / "f.s"
    src.write_text("nop\n.skip 0xfffff8\n")
    rc, out, err = asm.run(["-m", "g80", "-i", "-O", "cp", str(src)])
    assert rc == 0 and len(out) == 1 << 24 and not out[8:].strip(b"\0"), err
