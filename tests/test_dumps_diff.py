"""visa-diff / visa.diff: pairing by name (never by hash or file order) on the
corpus (IGC 1.0, vISA 4.1) against the same sources compiled by IGC 2.40
(tests/data/modern, vISA 4.2), an instruction diff that ignores what IGC
renumbers (checked on a kernel renumbered here), IGC's own dump names,
binaries, and the exit status."""
import json
import os
import random
import re
import shutil

import pytest

import visa
from visa import dumps_diff
from visa.dumps_cli import diff_main

from refs import CORPUS, MODERN

OLD = CORPUS / "tgllp"
NEW = MODERN / "tgllp"
KERNEL = "atomics_float__fatomic_cas_loop__simd16"


def _modules(folder):
    return [visa.parse(p.read_text(), str(p)) for p in sorted(folder.glob("*.visaasm"))]


@pytest.fixture(scope="module")
def corpus_vs_modern():
    return dumps_diff.diff(_modules(OLD), _modules(NEW), old_root=str(OLD), new_root=str(NEW))


def test_corpus_vs_modern_pairs_every_kernel_both_have(corpus_vs_modern):
    """The 93 TGLLP kernels (and 6 function files) whose files both folders
    have pair with each other, whatever IGC renumbered; dp4a, compiled at
    SIMD8 by IGC 1.0 and SIMD32 by IGC 2.40 (the only dp4a of its source on
    each side), pairs across the SIMD width; the two
    Intel_Symbol_Table_Void_Program kernels come from different sources and
    do not; the second pass of spill_heavy has no partner."""
    d = corpus_vs_modern
    old_names = {p.name for p in OLD.glob("*.visaasm")}
    new_names = {p.name for p in NEW.glob("*.visaasm")}
    both = old_names & new_names
    assert len([n for n in both if ".f" not in n]) == 93 and len(both) == 99
    by_file = {(os.path.basename(p["old"]), os.path.basename(p["new"])) for p in d["pairs"]}
    for n in both:
        assert (n, n) in by_file, n
    assert ("dot_product__dp4a__simd8.visaasm", "dot_product__dp4a__simd32.visaasm") in by_file
    assert len(d["pairs"]) == 100
    assert [os.path.basename(r["file"]) for r in d["only_old"]] == [
        "dot_product__Intel_Symbol_Table_Void_Program__simd8.visaasm"]
    assert sorted(os.path.basename(r["file"]) for r in d["only_new"]) == [
        "constant_mem__Intel_Symbol_Table_Void_Program__simd32.visaasm",
        "spill__spill_heavy__simd16__pass1.visaasm"]
    # every pair is of one kernel or function name (none renamed)
    assert all(" -> " not in p["name"] for p in d["pairs"])


def test_corpus_vs_modern_report_is_sorted_and_consistent(corpus_vs_modern):
    """Pairs come largest change first; each statistic's change is the two
    sides' own figures; a pair is 'same' exactly when nothing differs."""
    pairs = corpus_vs_modern["pairs"]
    sizes = [p["size"] for p in pairs]
    assert sizes == sorted(sizes, reverse=True)
    for p in pairs:
        so, sn = p["stats"]["old"], p["stats"]["new"]
        if so["instructions"] != sn["instructions"]:
            assert p["changes"]["instructions"] == [so["instructions"], sn["instructions"]]
        assert p["same"] == (not p["changes"] and p["size"] == 0)
    # the fatomic_cas_loop kernel: IGC 2.40 dropped one copy (mov V0074 <- V0073)
    p = next(p for p in pairs if p["name"] == "fatomic_cas_loop")
    assert p["code"] == {"removed": 1, "added": 0}
    movs = [_count(d / f"{KERNEL}.visaasm", "mov") for d in (OLD, NEW)]
    assert movs[0] == movs[1] + 1 and p["changes"]["by_mnemonic.mov"] == movs


def _count(path, mnemonic):
    """Instruction lines of a mnemonic in a dump (its text, not our parse)."""
    return sum(1 for ln in path.read_text().split("\n")
               if re.match(r"\s+(\([^)]*\)\s*)?" + mnemonic + r"[ .]", ln) and "///" in ln)


def _renumber(text: str, seed: int) -> str:
    """The same kernel as IGC might number it in another run: every declared
    variable (V, P, A) and every label renamed by a random permutation of
    numbers, the /// $N ids shifted, declarations in the same order."""
    r = random.Random(seed)
    decl = re.findall(r"^\.decl (V\d+|P\d+|A\d+) ", text, re.M)
    labels = [x for x in re.findall(r"^(\w+):", text, re.M) if not x.startswith("_main")]
    fresh = r.sample(range(5000, 9000), len(decl) + len(labels))
    names = {n: f"{n[0]}{k}" for n, k in zip(decl, fresh)}
    names.update({n: f"_L{k}" for n, k in zip(labels, fresh[len(decl):])})
    out = re.sub(r"\b(V\d{4}|P\d+|A\d+|_\w+?_\d+)\b", lambda m: names.get(m.group(1), m.group(1)), text)
    return re.sub(r"/// \$(\d+)", lambda m: f"/// ${int(m.group(1)) + 7}", out)


@pytest.mark.parametrize("stem", [KERNEL, "control_loops__nested_loops__simd32", "control_switch__sw__simd32"])
def test_renumbered_kernel_is_the_same(tmp_path, stem):
    text = (OLD / f"{stem}.visaasm").read_text()
    other = _renumber(text, 1)
    assert other != text
    a, b = tmp_path / "a.visaasm", tmp_path / "b.visaasm"
    a.write_text(text)
    b.write_text(other)
    assert diff_main([str(a), str(b), "--code"]) == 0


def test_one_inserted_instruction_is_one_added_line(tmp_path, capsys):
    """The renumbered kernel with one instruction added: the diff has that
    one line, with the new side's names written as the old side's."""
    text = (OLD / f"{KERNEL}.visaasm").read_text()
    other = _renumber(text, 2)
    lines = other.split("\n")
    k = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("max (M1, 16)"))
    dst = re.search(r"max \(M1, 16\) (V\d+)", lines[k]).group(1)
    lines.insert(k + 1, f"    mov (M1, 16) {dst}(0,0)<1> 0x0:d")
    a, b = tmp_path / "a.visaasm", tmp_path / "b.visaasm"
    a.write_text(text)
    b.write_text("\n".join(lines))
    assert diff_main([str(a), str(b), "--code", "--json"]) == 1
    d = json.loads(capsys.readouterr().out)
    (p,) = d["pairs"]
    diff = p["code"]["diff"]
    changed = [ln for ln in diff if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    old_dst = re.search(r"max \(M1, 16\) (V\d+)", [ln for ln in text.split("\n")
                                                    if ln.lstrip().startswith("max (M1, 16)")][0]).group(1)
    assert changed == [f"+mov (M1, 16) {old_dst}(0,0)<1> 0x0:d"]
    n_ins = text.count("/// $")
    n_mov = _count(OLD / f"{KERNEL}.visaasm", "mov")
    ch = p["changes"]
    assert ch["instructions"] == [n_ins, n_ins + 1] and ch["by_mnemonic.mov"] == [n_mov, n_mov + 1]
    assert set(ch) == {"instructions", "by_category.move", "by_mnemonic.mov", "by_mnemonic.mov.simd16"}
    assert re.match(r"@@ -\d+,\d+ \+\d+,\d+ @@", next(ln for ln in diff if ln.startswith("@@")))


def test_igc_dump_names_pair_without_their_hashes(tmp_path):
    """IGC's own dump folders: OCL_asm<hash>_simd<N>_<kernel>.visaasm and the
    functions <dump>_f<i>.visaasm; two compilers' hashes differ, and IGC
    numbers the functions in another order: pairs by name."""
    stem = "calls_stack__stackcalls__simd8"
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    shutil.copy(OLD / f"{stem}.visaasm", old / "OCL_asm0123456789abcdef_simd8_stackcalls.visaasm")
    shutil.copy(NEW / f"{stem}.visaasm", new / "OCL_asmfedcba9876543210_simd8_stackcalls.visaasm")
    for i in range(3):
        shutil.copy(OLD / f"{stem}.f{i}.visaasm", old / f"OCL_asm0123456789abcdef_simd8_stackcalls_f{i}.visaasm")
        shutil.copy(NEW / f"{stem}.f{i}.visaasm", new / f"OCL_asmfedcba9876543210_simd8_stackcalls_f{2 - i}.visaasm")
    d = dumps_diff.diff([visa.parse(p.read_text(), str(p)) for p in sorted(old.iterdir())],
                        [visa.parse(p.read_text(), str(p)) for p in sorted(new.iterdir())],
                        old_root=str(old), new_root=str(new))
    assert not d["only_old"] and not d["only_new"]
    names = sorted((p["kind"], p["name"]) for p in d["pairs"])
    assert names == [("function", "sc_mix"), ("function", "sc_poly"), ("function", "sc_vec"),
                     ("kernel", "stackcalls")]


def test_binary_against_its_text_is_the_same():
    """A corpus kernel's reference binary (vISA 4.1, decoded) against its
    text: nothing differs."""
    ref = (OLD / f"{KERNEL}.ref.isa").read_bytes()
    text = (OLD / f"{KERNEL}.visaasm").read_text()
    d = dumps_diff.diff(visa.disassemble(ref, module=True), visa.parse(text))
    assert [p["same"] for p in d["pairs"]] == [True]
    assert diff_main([str(OLD / f"{KERNEL}.ref.isa"), str(OLD / f"{KERNEL}.visaasm")]) == 0


def test_exit_status_and_json_schema(tmp_path, capsys):
    a = str(OLD / f"{KERNEL}.visaasm")
    b = str(NEW / f"{KERNEL}.visaasm")
    assert diff_main([a, a]) == 0
    capsys.readouterr()
    assert diff_main([a, b, "--json"]) == 1
    d = json.loads(capsys.readouterr().out)
    assert d["schema"] == 1 and set(d) >= {"pairs", "only_old", "only_new"}
    assert set(d["pairs"][0]) >= {"name", "old", "new", "changes"}
    # trouble: a missing file, a file that does not parse
    bad = tmp_path / "bad.visaasm"
    bad.write_text(".version 4.1\n.kernel \"k\"\n.function \"_main_0\"\n_main_0:\n    mov (M1, 1 V1 ]]]\n")
    assert diff_main([a, str(tmp_path / "missing.visaasm")]) == 2
    assert diff_main([a, str(bad)]) == 2
    err = capsys.readouterr().err
    assert "missing.visaasm" in err and "bad.visaasm:5" in err
    assert diff_main([str(tmp_path / "empty"), a]) == 2
