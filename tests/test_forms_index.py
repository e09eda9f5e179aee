"""The instruction families imported on first need (visa/isa/later.py): a
kernel without LSC, sampler or dataport instructions does not build those
families, one with them reads as before, and the index that says what a
family holds without importing it (visa/isa/forms_index.py, generated) is
what the families make now: a stale index fails here, and at run time
where a family it describes is imported."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS
from refs import dis_text, gen_blob_args

from visa.isa import forms, forms_index, later, records

NO_LSC = CORPUS / "tgllp" / "loop_unroll_ilp__matmul_tiled__simd32"  # dataport, no LSC, no sampler
WITH_LSC = CORPUS / "dg2" / "arith_int__int_basic__simd32"  # LSC loads and stores
FAMILY_MODULES = ("visa.isa.forms_lsc", "visa.isa.lsc_codes", "visa.isa.rules_lsc",
                  "visa.isa.forms_sampler", "visa.isa.forms_dataport")

# A command run in a fresh interpreter that says on stderr which family
# modules it imports (a finder asked first for every module not yet
# imported: the process and a child visa-as forks both report).
_RUN = """
import os, sys
WATCH = set(sys.argv[1].split(","))
class Watch:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in WATCH:
            os.write(2, ("imported " + name + "\\n").encode())
sys.meta_path.insert(0, Watch)
sys.argv = sys.argv[2:]
from visa import cli
getattr(cli, sys.argv[0].replace("visa-", "") + "_main")()
"""


def _run(*argv: str, tmp_path: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    r = subprocess.run([sys.executable, "-c", _RUN, ",".join(FAMILY_MODULES), *argv], capture_output=True,
                       text=True, env={"VISA_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"})
    imported = {ln.split()[1] for ln in r.stderr.splitlines() if ln.startswith("imported ")}
    others = [ln for ln in r.stderr.splitlines() if not ln.startswith("imported ")]
    assert r.returncode == 0 and not others, r.stderr
    return r, imported


def test_the_index_is_what_the_families_make():
    """visa/isa/forms_index.py is what `python tools/forms_index.py` writes
    from the families now (a family edited without running it fails here)."""
    assert Path(forms_index.__file__).read_text() == forms.index_source()
    assert set(forms_index.FAMILIES) == set(forms.LATER)


def test_a_kernel_without_lsc_does_not_build_it(tmp_path):
    ref = NO_LSC.parent / (NO_LSC.name + ".ref.isa")
    out = tmp_path / "k.isa"
    _, imported = _run("visa-as", str(NO_LSC) + ".visaasm", *gen_blob_args(ref.read_bytes(), tmp_path),
                       "-o", str(out), tmp_path=tmp_path)
    assert out.read_bytes() == ref.read_bytes()
    assert imported == {"visa.isa.forms_dataport"}  # its gather4_scaled / scatter4_scaled
    _, imported = _run("visa-as", "--syntax-only", str(NO_LSC) + ".visaasm", tmp_path=tmp_path)
    assert imported == {"visa.isa.forms_dataport"}
    r, imported = _run("visa-dis", str(ref), tmp_path=tmp_path)
    assert r.stdout == dis_text(NO_LSC.with_suffix(".visaasm").read_text())
    assert imported == {"visa.isa.forms_dataport"}


def test_a_kernel_with_lsc_builds_it_and_gives_intels_bytes(tmp_path):
    ref = WITH_LSC.parent / (WITH_LSC.name + ".ref.isa")
    out = tmp_path / "k.isa"
    _, imported = _run("visa-as", str(WITH_LSC) + ".visaasm", *gen_blob_args(ref.read_bytes(), tmp_path),
                       "-o", str(out), tmp_path=tmp_path)
    assert out.read_bytes() == ref.read_bytes()
    assert imported == {"visa.isa.forms_lsc", "visa.isa.lsc_codes", "visa.isa.rules_lsc"}
    r, imported = _run("visa-dis", str(ref), tmp_path=tmp_path)
    assert r.stdout == dis_text(WITH_LSC.with_suffix(".visaasm").read_text())
    assert imported == {"visa.isa.forms_lsc", "visa.isa.lsc_codes", "visa.isa.rules_lsc"}


def test_reading_the_whole_table_builds_every_family():
    code = ("import sys; from visa.isa import forms; "
            "assert not {m for m in sys.modules if m.endswith(('_lsc', '_sampler', '_dataport'))}; "
            "n = len(list(forms.FORMS)); "
            "print(n, sorted(m for m in sys.modules if m[9:] in forms.FAMILIES))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    n, mods = r.stdout.split(" ", 1)
    assert int(n) == len(forms.FORMS) > 150
    assert eval(mods) == sorted(f"visa.isa.{m}" for m in forms.FAMILIES)


def test_threads_that_build_a_family_at_once_see_one_table():
    """Several threads asking for the LSC family at once, in a fresh
    interpreter, get the same records (one import, one table)."""
    code = """
import threading
from visa.isa import forms, keywords, opcodes
start = threading.Barrier(6)
got = []
def work(k):
    start.wait()
    if k % 3 == 0:
        got.append(forms.FORMS.get("lsc_load"))
    elif k % 3 == 1:
        got.append(forms.FORMS.by_opcode()[opcodes.Opcode.LSC_UNTYPED][0])
    else:
        got.append((keywords.TEXT_MNEMONICS["lsc_load"], opcodes.OPCODES[opcodes.Opcode.LSC_UNTYPED].subops[0]))
ts = [threading.Thread(target=work, args=(k,)) for k in range(6)]
[t.start() for t in ts]; [t.join() for t in ts]
lsc = forms.FORMS["lsc_load"]
assert len(got) == 6 and all(g is lsc or any(g is v for v in lsc.variants()) for g in got
                             if not isinstance(g, tuple))
assert {id(g[0]) for g in got if isinstance(g, tuple)} == {id(keywords.TEXT_MNEMONICS["lsc_load"])}
assert {id(g[1]) for g in got if isinstance(g, tuple)} == {id(opcodes.OPCODES[0x89].subops[0])}
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.stdout.strip() == "ok", r.stderr


def _family(module: str, **change) -> later.LaterFamily:
    import importlib
    fam = records.family_of(module, importlib.import_module(module).RECORDS)
    return later.LaterFamily(**{**{f: getattr(fam, f) for f in ("module", "mnemonics", "opcodes",
                                                                 "older_names", "directives")}, **change})


@pytest.mark.parametrize("change", [
    {"mnemonics": ("sample", "sample_b")},  # a record added since (or one named otherwise)
    {"opcodes": (109,)},  # an opcode the index does not know
    {"older_names": (("sample_old", "sample"),)},
])
def test_a_stale_index_entry_raises_when_its_family_is_read(change):
    stale = _family("visa.isa.forms_sampler", **change)
    table = records.FormTable.of_families((stale,))
    with pytest.raises(RuntimeError, match="forms_index.py is out of date.*tools/forms_index.py"):
        table.get(stale.mnemonics[0])
    with pytest.raises(RuntimeError, match="out of date"):
        list(table)


def test_a_table_of_later_families_reads_as_the_whole_one():
    """A table of one family imported and one not reads the same as the
    package's (the index is right): lookups by mnemonic, opcode, older name
    and directive, before and after the family is imported."""
    whole = records.FormTable(forms.FORMS.values())  # (every family imported)
    fresh = records.FormTable.of_families(
        [forms_index.FAMILIES.get(m) or __import__(f"visa.isa.{m}", fromlist=["RECORDS"]).RECORDS
         for m in forms.FAMILIES])
    assert fresh.older_names() == whole.older_names() and fresh.directives() == whole.directives()
    assert fresh.close_to("lsc_lod") == whole.close_to("lsc_lod") and len(fresh) == len(whole)
    assert all(op in fresh.by_opcode() for op in whole.by_opcode())
    assert 0xFF not in fresh.by_opcode() and "vabs" not in fresh and fresh.get("vabs") is None
    assert fresh.by_opcode()[0x89] == whole.by_opcode()[0x89]
    assert list(fresh.items()) == list(whole.items())
    assert dict(fresh.by_opcode()) == dict(whole.by_opcode())


def test_a_later_keyword_table_checks_its_keys():
    t = later.LaterMapping(({"a": 1}, later.LaterEntries(("b", "c"), lambda: {"b": 2, "c": 3}), {"d": 4}))
    assert list(t) == ["a", "b", "c", "d"] and len(t) == 4 and "c" in t and "e" not in t
    assert t["a"] == 1 and dict(t) == {"a": 1, "b": 2, "c": 3, "d": 4}
    stale = later.LaterMapping((later.LaterEntries(("b",), lambda: {"b": 2, "c": 3}),))
    assert "b" in stale and "c" not in stale
    with pytest.raises(RuntimeError, match="out of date"):
        stale["b"]


def test_a_later_tuple_reads_as_its_tuple():
    from visa.isa import lsc_codes, opcodes
    row = opcodes.OPCODES[opcodes.Opcode.LSC_TYPED]
    assert row.subops == lsc_codes.LSC_TYPED_SUBOPS and lsc_codes.LSC_TYPED_SUBOPS == row.subops
    assert repr(row.subops) == repr(lsc_codes.LSC_TYPED_SUBOPS)
    assert hash(row.subops) == hash(lsc_codes.LSC_TYPED_SUBOPS) and list(row.subops)[1] == row.subops[1]
    assert opcodes.SUBOP_OPCODES[opcodes.Opcode.LSC_UNTYPED] == lsc_codes.LSC_UNTYPED_SUBOPS
