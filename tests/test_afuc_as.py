"""afuc-as against Mesa's afuc-asm: the vendored programs byte for byte,
the invalid programs refused at their defect line, and reassembly of the
listings (Mesa's, and our a5xx ones) to the firmware's bytes."""
import subprocess
import sys

import pytest

from refs import AFUC, afuc_rows
from visa.afuc import AfucError, assemble, listing

PROGRAMS = afuc_rows("asm", "MANIFEST.tsv", "afuc programs")
INVALID = afuc_rows("asm-invalid", "EXPECTED.tsv", "afuc invalid programs")
LISTINGS = afuc_rows("dis", "MANIFEST.tsv", "afuc listings")
PLAIN = [r for r in LISTINGS if r["args"] == "-u"]
# quirks where Mesa's text keeps the bytes but Mesa's assembler refuses or
# misreads it; ours takes them (README of the set)
_READABLE = {"rep-nop", "branch-target-out-of-range"}


@pytest.mark.parametrize("row", PROGRAMS, ids=lambda r: r["asm"])
def test_program_bytes(row):
    src = (AFUC / "asm" / row["asm"]).read_bytes()
    got = assemble(src, row["asm"])
    assert got == (AFUC / "asm" / row["fw"]).read_bytes()
    assert len(got) // 4 == int(row["words"])


# programs Mesa refuses (its lexer stops there, keeping what it read: its exit status is 0)
# that afuc-as reads, as documented: a line ends with LF, CRLF or the end of the text
ACCEPTED = {"crlf-line-endings"}


@pytest.mark.parametrize("row", [r for r in INVALID if r["category"] in ACCEPTED], ids=lambda r: r["asm"])
def test_crlf_is_a_line_end(row):
    """The text with CRLF line ends gives the bytes of the same text with LF line ends
    (issue 19: 'CRLF input (accept it as a line end)'; Mesa truncates it, exiting 0)."""
    src = (AFUC / "asm-invalid" / row["asm"]).read_bytes()
    plain = src.replace(b"\r\n", b"\n")
    assert plain != src and b"\r" not in plain
    got = assemble(src, row["asm"])
    assert got == assemble(plain, row["asm"]) and len(got) > 4


def test_a_carriage_return_without_a_line_feed_is_an_error():
    assert sorted(r["asm"] for r in INVALID if r["category"] in ACCEPTED) == ["a630_bad_100.asm"]
    src = b"[016ee332]\r\nnop\r\nnop\rnop\n; a comment keeps its \r\n"
    with pytest.raises(AfucError) as e:
        assemble(src, "x.asm")
    assert [(d.line, d.col) for d in e.value.diagnostics] == [(3, 4)]
    assert "carriage return without a line feed" in e.value.diagnostics[0].message
    assert assemble(b"[016ee332]\nnop ; \r in a comment\n", "x.asm")


@pytest.mark.parametrize("row", [r for r in INVALID if r["category"] not in ACCEPTED], ids=lambda r: r["asm"])
def test_invalid_refused_at_line(row):
    src = (AFUC / "asm-invalid" / row["asm"]).read_bytes()
    with pytest.raises(AfucError) as e:
        assemble(src, row["asm"])
    text = e.value.render()
    first = text.split("\n")[0]
    assert first.startswith(row["asm"] + ":") and ": error: " in first
    if row["defect_line"]:
        assert int(row["defect_line"]) in {d.line for d in e.value.diagnostics}, text


@pytest.mark.parametrize("row", PLAIN, ids=lambda r: r["fw"])
def test_mesa_listing_reassembles(row):
    """Mesa's own listing reads back to the file where its text keeps the
    bytes (roundtrip_same=yes, or only the quirks our assembler accepts)."""
    quirks = set(row["mesa_quirks"].split(",")) - {"-"}
    if row["roundtrip_same"] != "yes" and not quirks <= _READABLE:
        pytest.skip(f"Mesa's text loses the bytes ({row['mesa_quirks']})")
    got = assemble((AFUC / "dis" / row["expected"]).read_bytes(), row["expected"])
    assert got == (AFUC / "dis" / row["fw"]).read_bytes()


def test_mesa_listings_counted():
    readable = [r for r in PLAIN if r["roundtrip_same"] == "yes"
                or set(r["mesa_quirks"].split(",")) - {"-"} <= _READABLE]
    assert len(PLAIN) == 154 and len(readable) == 144


A5 = [r for r in PLAIN if r["fwid"] == "5ff"]


@pytest.mark.parametrize("row", A5, ids=lambda r: r["fw"])
def test_our_a5xx_listing_reassembles(row):
    fw = (AFUC / "dis" / row["fw"]).read_bytes()
    assert assemble(listing(fw), row["fw"]) == fw


def _run(*args, cwd=None):
    return subprocess.run([sys.executable, "-c", "import sys; from visa.afuc.cli import as_main; "
                           "sys.exit(as_main())", *args], capture_output=True, text=True, cwd=cwd)


def test_cli_writes_bytes(tmp_path):
    row = PROGRAMS[0]
    out = tmp_path / "out.fw"
    r = _run(str(AFUC / "asm" / row["asm"]), "-o", str(out))
    assert r.returncode == 0 and r.stderr == ""
    assert out.read_bytes() == (AFUC / "asm" / row["fw"]).read_bytes()


@pytest.mark.parametrize("name", ["a530_bad_003.asm", "a630_bad_017.asm", "a740_bad_088.asm"])
def test_cli_refuses_without_output(tmp_path, name):
    out = tmp_path / "out.fw"
    out.write_bytes(b"old")
    r = _run(name, "-o", str(out), cwd=AFUC / "asm-invalid")
    assert r.returncode == 1
    line = next(x for x in INVALID if x["asm"] == name)["defect_line"]
    assert r.stderr.startswith(f"{name}:{line}:")
    assert "\n  " in r.stderr and "^" in r.stderr  # source line and caret
    assert out.read_bytes() == b"old"  # untouched
    assert [p.name for p in tmp_path.iterdir()] == ["out.fw"]


def test_all_errors_at_once():
    src = ("[005ff7b5]\nadd $01, $02, 0x10000\nfrob $01\nbreq $01, b2, #nowhere\n"
           "mov $01, $02\n(peek)store $01, [$02 + 0x1]\n")
    with pytest.raises(AfucError) as e:
        assemble(src, "x.asm")
    assert [d.line for d in e.value.diagnostics] == [2, 3, 4, 6]


def test_named_errors():
    def err(src):
        with pytest.raises(AfucError) as e:
            assemble("[005ff7b5]\n" + src, "x.asm")
        return e.value.diagnostics[0].message

    assert "duplicate label" in err("a:\na:\nnop\n")
    assert "out of range" in err("breq $01, b2, #far\n" + ".align 64\n" * 0 + "[0]\n" * 0x8001 + "far:\nnop\n")
    assert "non-UTF-8" in err("nop \xff\n".encode("latin-1").decode("utf-8", "surrogateescape"))
    assert "does not exist on a5xx" in err("jumpa #x\nx:\n")


def test_mesa_extensions_accepted():
    # (rep)nop and numeric targets, as afuc-dis prints them
    a5 = assemble("[005ff7b5]\n(rep)nop\njump #-1\ncall #900\n")
    words = [int.from_bytes(a5[i:i + 4], "little") for i in range(0, len(a5), 4)]
    assert words[2] == 1 << 26  # REP bit of a5xx nop
    assert words[3] & 0xffff == 0xffff and words[4] & 0x3ffffff == 900


def test_a_last_comment_without_its_newline_is_refused():
    """Mesa's lexer takes it for an unknown token (error, status 0, the rest
    dropped); the reference set lists it as invalid: a named error here, while
    a last instruction without its newline is a line like any other."""
    with pytest.raises(AfucError) as e:
        assemble(b"[016ee332]\nnop\nnop ; the end", "x.asm")
    assert [(d.line, d.col) for d in e.value.diagnostics] == [(3, 5)]
    assert "comment at end of file without a newline" in e.value.diagnostics[0].message
    assert assemble(b"[016ee332]\nnop\nnop", "x.asm") == assemble(b"[016ee332]\nnop\nnop\n", "x.asm")
