"""afuc-dis against Mesa's afuc-disasm -u listings, every GPU (a5xx jump
table; a6xx/a7xx bootstrap emulation, jump table, sections).

Compared line by line, byte for byte (GPU-register and pipe comments
included).  Only the lines of the two quirks the set's README names may
differ, and each is checked for what it must be instead:

* dontcare-bits-set: ours is ``[raw word]\t; <Mesa's line>`` (reads back to
  the same bytes; the comment is exactly Mesa's text);
* sqe-preinc-decimal: Mesa prints ``0x`` + decimal digits; ours is the same
  line with the true hex value."""
import re
import struct

import pytest

from refs import AFUC, afuc_rows
from test_afuc_isa import LISTINGS
from visa.afuc.cli import dis_main
from visa.afuc import listing

_PREINC = re.compile(r"(.*\+ 0x)([0-9]+)(\]!.*)")


def _quirk_ok(quirks: str, got: str, exp: str) -> bool:
    if "dontcare-bits-set" in quirks and re.fullmatch(r"\[[0-9a-f]{8}\]\t; " + re.escape(exp), got):
        return True
    m = _PREINC.fullmatch(exp)
    if "sqe-preinc-decimal" in quirks and m and ("sread" in exp or "swrite" in exp):
        return got == f"{m[1]}{int(m[2]):x}{m[3]}"
    return False


@pytest.mark.parametrize("row", LISTINGS, ids=lambda r: r["fw"])
def test_listing(row):
    got = listing((AFUC / "dis" / row["fw"]).read_bytes()).split("\n")
    exp = (AFUC / "dis" / row["expected"]).read_text().split("\n")
    assert len(got) == len(exp)
    quirks = row["mesa_quirks"]
    bad = [(i + 1, g, e) for i, (g, e) in enumerate(zip(got, exp)) if g != e and not _quirk_ok(quirks, g, e)]
    assert bad == []
    if "dontcare-bits-set" not in quirks and "sqe-preinc-decimal" not in quirks:
        assert got == exp


def test_counts():
    per = {}
    for r in LISTINGS:
        per[r["gpu"]] = per.get(r["gpu"], 0) + 1
    assert per == {"530": 38, "630": 37, "650": 6, "660": 28, "730": 35, "740": 10}


VIEWS = [r for r in afuc_rows("dis", "MANIFEST.tsv", "afuc listings") if r["args"] != "-u"]


@pytest.mark.parametrize("row", VIEWS, ids=lambda r: r["expected"])
def test_views(row):
    """-v (pc and word per line; a5xx's 127-line jump table dump) and -r
    (every word from the image's first, no jump table) as Mesa prints them."""
    data = (AFUC / "dis" / row["fw"]).read_bytes()
    got = listing(data, verbose="-v" in row["args"], raw="-r" in row["args"])
    assert got == (AFUC / "dis" / row["expected"]).read_text()


def test_views_count():
    assert sorted(r["args"] for r in VIEWS) == ["-u -r"] * 6 + ["-u -v"] * 6


def test_cli_flags(tmp_path, capsys):
    fw = AFUC / "dis" / "a630_std_001.fw"
    assert dis_main(["-u", "-v", str(fw)]) == 0
    assert capsys.readouterr().out == (AFUC / "dis" / "a630_std_001.v.asm").read_text()
    # -g: the id given wins over the version word's (a630 image read as a5xx)
    assert dis_main(["-u", "-c", "-g", "5ff", str(fw)]) == 0
    assert capsys.readouterr().out.startswith("; a5xx microcode\n")
    assert dis_main(["-u", "-g", "123", str(fw)]) == 2
    assert "unknown GPU version 123!" in capsys.readouterr().err
    assert dis_main(["-u", "-g", "zz", str(fw)]) == 2
    out = tmp_path / "o.asm"
    assert dis_main(["-u", "-o", str(out), str(AFUC / "dis" / "a730_std_001.fw")]) == 0
    assert out.read_text() == (AFUC / "dis" / "a730_std_001.asm").read_text()


def test_garbage_images_list():
    """Random a6xx/a7xx images (no real bootstrap) and damaged real ones:
    the emulation stops and a listing comes out, never an exception."""
    import random
    import struct

    rng = random.Random(19)
    for fwid in (0x6EE, 0x6DD, 0x730, 0x740):
        for _ in range(8):
            w = [0, fwid << 12] + [rng.getrandbits(32) for _ in range(rng.randint(0, 300))]
            assert listing(struct.pack("<%dI" % len(w), *w)).startswith("; a")
    for name in ("a630_std_002.fw", "a660_std_001.fw", "a730_std_001.fw"):
        b = bytearray((AFUC / "dis" / name).read_bytes())
        for i in range(12, 60, 4):  # the bootstrap's words
            b[i] ^= 0xFF
        assert "microcode" in listing(bytes(b))


# -c: Mesa colours the names its register database decoder (rnndec) builds,
# with envytools' default colours: each name green, an index yellow, an
# offset past a register bold red, the "_HI" of an address' high half plain
GREEN, YELLOW, RED, RESET = "\x1b[0;32m", "\x1b[0;33m", "\x1b[0;1;31m", "\x1b[0m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _coloured(*lines: str) -> list[str]:
    """The coloured raw listing of an a630 image of ``lines`` (after the
    header, the zero word and the version word)."""
    from visa.afuc import assemble

    data = assemble("[016ee54d]\n" + "".join(x + "\n" for x in lines))
    return listing(data, raw=True, colours=True).split("\n")[5:-1]


def test_colours_paint_register_names():
    got = _coloured("[00000c04]", "[00000850]", "[00000401]",
                    "cwrite $02, [$00 + @MEM_READ_ADDR+0x1]", "sread $03, [$00 + %SP]")
    assert got == [
        f"[00000c04]\t; {GREEN}VSC_DRAW_STRM_SIZE_ADDRESS{RESET}_HI",  # address' high half
        f"[00000850]\t; {GREEN}CP_PROTECT{RESET}[{YELLOW}0{RESET}].{GREEN}REG{RESET}",
        f"[00000401]\t; {GREEN}RBBM_PERFCTR_CP{RESET}[{YELLOW}0{RESET}]+{RED}0x1{RESET}",
        f"cwrite $02, [$00 + @{GREEN}MEM_READ_ADDR{RESET}+{RED}0x1{RESET}]",
        f"sread $03, [$00 + %{GREEN}SP{RESET}]"]


def test_colours_paint_pipe_registers():
    got = _coloured("mov $addr, 0x8404 << 16", "mov $addr, 0x1 << 24")
    assert got[0] == f"mov $addr, 0x8404 << 16\t; |{GREEN}WAIT_MEM_WRITES{RESET}"
    assert got[1] == "mov $addr, 0x1 << 24\t; 0x001"  # no name: a number, plain


@pytest.mark.parametrize("row", [r for r in LISTINGS if "sweep" in r["fw"] or r["fw"].endswith("std_001.fw")],
                         ids=lambda r: r["fw"])
def test_colours_change_nothing_else(row):
    data = (AFUC / "dis" / row["fw"]).read_bytes()
    coloured = listing(data, colours=True)
    assert "\x1b[" in coloured
    assert _ANSI.sub("", coloured) == listing(data)


def test_cli_colours(capsys):
    assert dis_main(["-u", "-c", str(AFUC / "dis" / "a630_std_001.fw")]) == 0
    out = capsys.readouterr().out
    assert f"@{GREEN}REG_READ_ADDR{RESET}]" in out
