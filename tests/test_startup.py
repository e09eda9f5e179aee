"""Start-up and many inputs: what is kept ready-made, and the worker pool.

* the LALR tables and compiled expressions kept ready-made
  (visa/readymade.py) are those the grammar and ``re`` make now (a stale or
  broken file is rebuilt, never used); a store that cannot be written means
  building them each time, never a failure; Lark is imported only to build;
* several inputs are shared among worker processes, and what each prints
  comes out grouped, in input order, with the worst exit status;
* ``-o DIR/`` and ``--output-dir DIR`` write each output into DIR, byte for
  byte Intel's (the .ref.isa) and text for text the reference listing.
"""
from __future__ import annotations

import os
import shutil
import time

import pytest

from conftest import CORPUS, run_tool
from refs import dis_text, gen_blob_args

import visa.cli as cli
import visa.isa.operands
import visa.textread
from visa import Diagnostic, lalr, readymade
from visa import parser as P

STEM = CORPUS / "tgllp" / "loop_unroll_ilp__matmul_tiled__simd32"
BAD = '.version 4.1\n.kernel "k"\n.function "f"\n\nf:\n    mov (M1, 16 V1(0,0)<1> 0x1:d\n'
OPTIONS = P._LARK_OPTIONS


@pytest.fixture(scope="module")
def fresh():
    """The LALR tables Lark builds from the grammar now."""
    return lalr.canonical(lalr.build_tables(P._LEX.lark_text(), **OPTIONS))


def test_the_ready_made_tables_are_what_the_grammar_builds(tmp_path, fresh):
    """The tables kept ready-made, and those the package parses with, equal
    the tables Lark builds from the grammar: a stale table fails here."""
    grammar = P._LEX.lark_text()
    lalr.parser(grammar, where=str(tmp_path), **OPTIONS)  # builds and keeps
    [kept] = list(tmp_path.iterdir())
    assert kept.name == f"lalr-{lalr.tables_key(grammar, **OPTIONS)}.bin"
    loaded = readymade.load("lalr", lalr.tables_key(grammar, **OPTIONS), str(tmp_path))
    assert lalr.canonical(loaded) == fresh
    assert lalr.canonical(lalr.parser(grammar, where=str(tmp_path), **OPTIONS).tables) == fresh
    # the parser the package uses (from the user's store, or built) is that one too
    assert lalr.canonical(P._grammar().lalr.tables) == fresh


def test_the_kept_code_of_each_expression_is_what_re_compiles():
    """Every compiled expression kept ready-made (the lexicon's alternations,
    the LALR lexers') is the code ``re`` makes of its pattern now, and what
    is kept beside it (the first characters of each operand shape, see
    visa/dispatch.py) is what the analysis says now."""
    from visa import dispatch
    visa.parse(STEM.with_suffix(".visaasm").read_text())
    readymade.flush()  # (what this process made is written at its exit: now)
    kept = visa.textread.LEX_REGEXES.kept()
    tables = P._grammar().lalr.tables
    if readymade.directory() is not None:
        assert kept, "the lexicon's expressions are kept"
    codes = {k: v for k, v in kept.items() if len(k) == 2 and type(k[1]) is int}
    for (pattern, flags), code in [*codes.items(), *tables["codes"].items()]:
        assert readymade.code_of(pattern, flags) == code, pattern[:60]
    if readymade.directory() is not None:
        assert tables["codes"]
    # (and the tables kept in a store hold the code of every lexer's patterns)
    built = lalr.build_tables(P._LEX.lark_text(), **OPTIONS)
    patterns = {p for pats, _, _, _, unless in built["lexers"] for p in [*pats, *sum(unless.values(), [])]}
    assert set(built["codes"]) == {tuple(p) for p in patterns}
    for (pattern, flags), code in built["codes"].items():
        assert readymade.code_of(pattern, flags) == code
    derived = {k: v for k, v in kept.items() if len(k) == 2 and type(k[1]) is not int
               and (k[0] == "lead-chars" or k[0].startswith("first "))}
    for (kind, expr), value in derived.items():
        if kind == "lead-chars":
            assert value == "".join(sorted(dispatch.chars_of(expr))), expr
        else:
            assert kind.startswith("first ")
            assert tuple(value) == dispatch.first(expr, frozenset(kind[len("first "):])), expr[:60]
    if readymade.directory() is not None:
        assert len(derived) > len(visa.isa.operands.SYNTAX)


def test_what_the_lexicon_keeps_is_what_the_grammar_gives():
    """The terminal definitions and compositions kept ready-made (and used
    by the package) are those a lexicon reading the grammar afresh makes."""
    from visa.lexicon import Lexicon
    visa.parse(STEM.with_suffix(".visaasm").read_text())
    readymade.flush()
    fresh = Lexicon(visa.textread._GRAMMAR)
    lex = visa.textread.LEX
    assert lex._trees == fresh._trees
    assert lex.lark_text() == fresh.lark_text()
    kept = visa.textread.LEX_REGEXES.kept()
    if readymade.directory() is not None:
        assert kept[("trees",)] == fresh._trees and kept[("lark_text",)] == fresh.lark_text()
    composed = [k for k in kept if k[0] == "compose"]
    for _, name, parts, prefix in composed:
        assert kept[("compose", name, parts, prefix)] == fresh._compose_uncached(name, frozenset(parts),
                                                                                 prefix)
    if readymade.directory() is not None:
        assert len(composed) > len(visa.isa.operands.SYNTAX)


def test_a_broken_or_stale_tables_file_is_rebuilt(tmp_path, fresh):
    grammar = P._LEX.lark_text()
    lalr.parser(grammar, where=str(tmp_path), **OPTIONS)
    [saved] = list(tmp_path.iterdir())
    # the right name, another grammar's content: the name inside differs
    other = grammar.replace("start: _line*", 'start: _line* "%%the end%%"?', 1)
    assert other != grammar
    assert lalr.canonical(lalr.parser(other, where=str(tmp_path), **OPTIONS).tables) != fresh
    others = [p for p in tmp_path.iterdir() if p != saved]
    assert len(others) == 1  # another grammar, another file
    saved.write_bytes(others[0].read_bytes())
    assert lalr.canonical(lalr.parser(grammar, where=str(tmp_path), **OPTIONS).tables) == fresh
    # a damaged file (its digest no longer matches), then garbage
    data = bytearray(saved.read_bytes())
    data[-10] ^= 0xFF
    saved.write_bytes(bytes(data))
    assert readymade.load("lalr", lalr.tables_key(grammar, **OPTIONS), str(tmp_path)) is None
    assert lalr.canonical(lalr.parser(grammar, where=str(tmp_path), **OPTIONS).tables) == fresh
    saved.write_bytes(b"garbage\n")
    assert lalr.canonical(lalr.parser(grammar, where=str(tmp_path), **OPTIONS).tables) == fresh
    # (and each rebuild was kept again)
    assert lalr.canonical(readymade.load("lalr", lalr.tables_key(grammar, **OPTIONS),
                                         str(tmp_path))) == fresh


def test_the_key_names_what_the_tables_are_made_from(monkeypatch):
    grammar = P._LEX.lark_text()
    key = lalr.tables_key(grammar, **OPTIONS)
    assert lalr.tables_key(grammar + "\n", **OPTIONS) != key
    assert lalr.tables_key(grammar, **{**OPTIONS, "maybe_placeholders": True}) != key
    monkeypatch.setattr(lalr, "_lark_version", lambda: "0.0")
    assert lalr.tables_key(grammar, **OPTIONS) != key
    monkeypatch.undo()
    monkeypatch.setattr(readymade.sys, "version", "3.99.0 (another build)")
    assert lalr.tables_key(grammar, **OPTIONS) != key


def test_lark_s_version_is_read_without_importing_it():
    code = ("import sys; from visa import lalr; v = lalr._lark_version(); "
            "print(v, 'lark' in sys.modules); import lark; print(lark.__version__)")
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    first, second = r.stdout.splitlines()
    assert first == f"{second} False", r.stderr


def test_a_store_that_cannot_be_written_falls_back(tmp_path, fresh):
    grammar = P._LEX.lark_text()
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    # the directory cannot be made (as root too: a file is in the way)
    assert lalr.canonical(lalr.parser(grammar, where=str(blocker / "cache"), **OPTIONS).tables) == fresh
    rx = readymade.Regexes("t", "source", where=str(blocker / "cache"))
    assert rx.compile("a(?P<b>b+)c").fullmatch("abbc")["b"] == "bb"
    # the directory exists but the file's name cannot be written
    lalr.parser(grammar, where=str(tmp_path / "d"), **OPTIONS)
    [saved] = list((tmp_path / "d").iterdir())
    saved.unlink()
    saved.mkdir()
    assert lalr.canonical(lalr.parser(grammar, where=str(tmp_path / "d"), **OPTIONS).tables) == fresh


def test_kept_expressions_are_reloaded_and_checked(tmp_path):
    pattern = r"(?P<num>[0-9]+)(?:\.(?P<frac>[0-9]*))?|(?P<name>[a-z_]\w*)"
    rx = readymade.Regexes("t", "source", where=str(tmp_path))
    first = rx.compile(pattern)
    assert not list(tmp_path.iterdir())  # kept at the flush (at the latest, the exit)
    readymade.flush()
    [f] = list(tmp_path.iterdir())
    assert rx.kept() == {(pattern, 0): readymade.code_of(pattern, 0)}
    again = readymade.Regexes("t", "source", where=str(tmp_path)).compile(pattern)
    for s in ("12.5", "abc", "x1", "-", "7."):
        a, b = first.match(s), again.match(s)
        assert (a and (a.span(), a.groupdict(), a.lastgroup)) == (b and (b.span(), b.groupdict(), b.lastgroup))
    assert (again.pattern, again.flags, again.groups, again.groupindex) == \
        (first.pattern, first.flags, first.groups, first.groupindex)
    # another source: another file
    readymade.Regexes("t", "other source", where=str(tmp_path)).compile(pattern)
    readymade.flush()
    assert len(list(tmp_path.iterdir())) == 2
    # code the engine refuses is not used: the pattern is compiled again
    name = f.name[len("re-t-"):-len(".bin")]
    readymade.save("re-t", name, {(pattern, 0): (32, [1, 2, 3], 3, {}, (None,))}, str(tmp_path))
    third = readymade.Regexes("t", "source", where=str(tmp_path)).compile(pattern)
    assert third.match("12.5").group("frac") == "5"


def test_lark_is_imported_only_to_build_the_tables(tmp_path):
    code = "import sys, visa; visa.parse(open(sys.argv[1]).read()); print('lark' in sys.modules)"
    import subprocess
    import sys
    env = {**os.environ, "VISA_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code, str(STEM) + ".visaasm"], capture_output=True,
                           text=True, env=env) for _ in range(2)]
    assert [r.stdout.split() for r in runs] == [["True"], ["False"]], [r.stderr for r in runs]


def test_the_tools_work_with_an_unusable_cache_location(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    env = {"VISA_CACHE_DIR": str(blocker / "cache")}
    r = run_tool("visa-as", "--syntax-only", str(STEM) + ".visaasm", env=env)
    assert r.returncode == 0 and r.stderr == ""
    # nothing kept (no store, or one that cannot be written), a fresh store,
    # then that store read: the same bytes (Intel's), the same listing
    ref = (STEM.parent / (STEM.name + ".ref.isa")).read_bytes()
    blobs = gen_blob_args(ref, tmp_path)
    for k, where in enumerate(("", str(blocker / "cache"), str(tmp_path / "store"), str(tmp_path / "store"))):
        out = tmp_path / f"k{k}.isa"
        r = run_tool("visa-as", str(STEM) + ".visaasm", *blobs, "-o", str(out), env={"VISA_CACHE_DIR": where})
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert out.read_bytes() == ref
        r = run_tool("visa-dis", str(STEM) + ".ref.isa", env={"VISA_CACHE_DIR": where})
        assert r.returncode == 0 and r.stdout == dis_text(STEM.with_suffix(".visaasm").read_text())
    assert {p.name.split("-")[0] for p in (tmp_path / "store").iterdir()} == {"lalr", "re", "attrs"}


def test_the_pool_prints_in_input_order_with_the_worst_status(monkeypatch, capfd):
    if not hasattr(os, "fork"):
        pytest.skip("no os.fork here")
    monkeypatch.setattr(cli, "_cpus", lambda: 2)
    delays = {"a": 0.3, "b": 0.0, "c": 0.15, "d": 0.0}

    def work(inp):
        time.sleep(delays[inp])  # the later inputs finish first
        print(f"out {inp}")
        cli._err(f"err {inp} 1")
        if inp == "c":
            raise cli.VisaError([Diagnostic("c", 1, 1, "bad c")])
        cli._err(f"err {inp} 2")

    status = cli._each("tool", list("abcd"), work)
    out, err = capfd.readouterr()
    assert status == cli.EXIT_INPUT
    assert out.split() == ["out", "a", "out", "b", "out", "c", "out", "d"]
    lines = err.splitlines()
    assert lines[:5] == ["err a 1", "err a 2", "err b 1", "err b 2", "err c 1"]
    assert lines[5].startswith("c:1:1: error: bad c")
    assert lines[-2:] == ["err d 1", "err d 2"]


def test_several_inputs_report_each_in_order(tmp_path):
    names = []
    for k in range(4):
        p = tmp_path / f"k{k}.visa"
        if k in (1, 3):
            p.write_text(BAD)
        else:
            shutil.copy(str(STEM) + ".visaasm", p)
        names.append(str(p))
    r = run_tool("visa-as", "--syntax-only", *names)
    assert r.returncode == 1
    starts = [ln.split(":")[0] for ln in r.stderr.splitlines() if ": error:" in ln]
    assert starts == [names[1], names[3]]
    # a missing input is an input error too, reported in its place
    r = run_tool("visa-as", "--syntax-only", names[1], str(tmp_path / "nope.visa"), names[0])
    assert r.returncode == 1
    errs = [ln for ln in r.stderr.splitlines() if "error" in ln]
    assert errs[0].startswith(names[1]) and "nope.visa" in errs[-1]


@pytest.mark.parametrize("how", ["slash", "existing", "option"])
def test_several_inputs_into_an_output_directory_are_intels_bytes(tmp_path, how):
    ref = (STEM.parent / (STEM.name + ".ref.isa")).read_bytes()
    src = tmp_path / "src"
    src.mkdir()
    inputs = []
    for k in range(3):
        p = src / f"copy{k}.visaasm"
        shutil.copy(str(STEM) + ".visaasm", p)
        inputs.append(str(p))
    out = tmp_path / "out"
    if how == "slash":
        opts = ["-o", str(out) + "/"]
    elif how == "existing":
        out.mkdir()
        opts = ["-o", str(out)]
    else:
        opts = ["--output-dir", str(out)]
    r = run_tool("visa-as", *opts, *gen_blob_args(ref, tmp_path), *inputs)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["copy0.isa", "copy1.isa", "copy2.isa"]
    for p in out.iterdir():
        assert p.read_bytes() == ref
    assert not list(src.glob("*.isa"))


def test_visa_dis_of_several_binaries(tmp_path):
    stems = sorted(p.with_name(p.name[:-len(".ref.isa")]) for p in (CORPUS / "tgllp").glob("*.ref.isa"))[:3]
    refs = [str(s) + ".ref.isa" for s in stems]
    want = [dis_text((s.parent / (s.name + ".visaasm")).read_text()) for s in stems]
    r = run_tool("visa-dis", *refs)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "".join(want)
    r = run_tool("visa-dis", "--output-dir", str(tmp_path / "o"), *refs)
    assert r.returncode == 0, r.stderr
    for s, w in zip(stems, want):
        assert (tmp_path / "o" / (s.name + ".ref.visaasm")).read_text() == w


# ------------------------------------------- the common command lines, without typer
def test_the_plain_front_end_knows_only_typers_options():
    """Every spelling the front end takes is one of the typer command's
    options (and it takes all of them but --version and help)."""
    import typer.main
    for app, flags, valued in ((cli.as_app, cli.AS_FLAGS, cli.AS_VALUED),
                               (cli.dis_app, cli.DIS_FLAGS, cli.DIS_VALUED)):
        params = {o: p for p in typer.main.get_command(app).params for o in p.opts if o.startswith("-")}
        taken = {**flags, **valued}
        assert set(taken) == set(params) - {"--version"}
        for spelling, name in taken.items():
            assert params[spelling].name == name
            assert params[spelling].is_flag == (spelling in flags)


@pytest.mark.parametrize("argv", [
    [], ["--help"], ["-h"], ["a", "--version"], ["a", "--bogus"], ["a", "-o"], ["a", "-o", "x", "-o", "y"],
    ["a", "--", "-b"], ["a", "-ox"], ["a", "-o", "-x"], ["a", "--syntax-only", "--syntax-only"],
    ["a", "--syntax-only=1"],
])
def test_other_command_lines_go_to_typer(argv):
    assert cli._plain_args(argv, cli.AS_FLAGS, cli.AS_VALUED, ("gen_binary",)) is None


def test_the_plain_front_end_reads_the_common_forms():
    got = cli._plain_args(["a.visaasm", "-o", "-", "--gen-binary=1:x", "b", "--gen-binary", "2:y",
                           "-fsyntax-only", "--platform", "TGLLP", "-j", "1"],
                          cli.AS_FLAGS, cli.AS_VALUED, ("gen_binary",))
    assert got == (["a.visaasm", "b"], {"output": "-", "gen_binary": ["1:x", "2:y"], "syntax_only": True,
                                        "platform": "TGLLP", "jobs": "1"})


def test_assembling_a_kernel_does_not_import_typer(tmp_path):
    out = tmp_path / "k.isa"
    code = ("import sys, visa.cli as c; "
            f"s = c._run_plain('visa-as', [{str(STEM) + '.visaasm'!r}, '-o', {str(out)!r}], None); "
            "print(s, 'typer' in sys.modules)")
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.stdout.split() == ["0", "False"], r.stderr
    assert out.exists()


@pytest.mark.parametrize("args, message", [
    (["--platform", "NOPE"], "Invalid value for --platform: unknown platform 'NOPE'"),
    (["--gen-binary", "junk"], "Invalid value for --gen-binary: expected PLATFORM:FILE"),
    (["-j", "-1"], "Invalid value for '-j'"),
])
def test_a_bad_option_value_is_typers_usage_error(tmp_path, args, message):
    r = run_tool("visa-as", str(STEM) + ".visaasm", "-o", str(tmp_path / "k.isa"), *args)
    assert r.returncode == 2 and message in r.stderr and "Usage: visa-as" in r.stderr
    assert not (tmp_path / "k.isa").exists()
