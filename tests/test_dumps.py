"""visa.dumps: CFGs against GenX_IR's recorded graphs (tools/genx_cfg.py),
instruction counts against IGC's /// $N numbering, liveness against
hand-worked live sets and brute-force path enumeration."""
import glob
from pathlib import Path
import json
import os
import re
import shutil
import subprocess

import pytest

import visa
from visa import dumps

HERE = os.path.dirname(__file__)
GENX = sorted(glob.glob(os.path.join(HERE, "data", "genx_cfg", "tgllp", "*.json")))


def _ours(text, path):
    m = visa.parse(text, path)
    g = dumps.cfg(m, text)[0]
    key = [(b.label, frozenset(b.ids)) for b in g.blocks]
    return set(key), {(key[e.src], key[e.dst]) for e in g.edges}


# GenX_IR names a block that starts without a label (after a call or a
# branch) with a label of its own, _<kernel>_k<i>_<n>_: a lowering detail,
# compared as "no label"; in a function file it prefixes our labels with
# L_f<i>_ (the function's index), compared without it
_MADE = re.compile(r"^_\w+_[kf]\d+_\d+_$")
_FPREFIX = re.compile(r"^L_f\d+_")


def _theirs(rec):
    key = {n: (None if b["label"] and _MADE.match(b["label"])
               else b["label"] and _FPREFIX.sub("", b["label"]), frozenset(b["ids"]))
           for n, b in rec["blocks"].items()}
    return set(key.values()), {(key[a], key[b]) for a, b in rec["edges"]}


def test_genx_set_present():
    assert len(GENX) >= 30


@pytest.mark.parametrize("rec", GENX, ids=os.path.basename)
def test_cfg_equals_genx(rec):
    name = os.path.basename(rec)[:-5]
    path = os.path.join(HERE, "data", "corpus", "tgllp", name + ".visaasm")
    with open(path) as f:
        text = f.read()
    with open(rec) as f:
        theirs = _theirs(json.load(f))
    assert _ours(text, path) == theirs


def _kernel(body: str) -> str:
    return (".version 4.1\n.kernel \"k\"\n"
            ".decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n"
            ".decl C v_type=G type=d num_elts=8\n.decl D v_type=G type=d num_elts=16\n"
            ".decl P1 v_type=P num_elts=8\n"
            ".function \"_main_0\"\n_main_0:\n" + body + "    ret (M1, 1)\n")


def _live(body: str):
    m = visa.parse(_kernel(body))
    u = m.units[0]
    lv = visa.liveness(u)
    return u, lv, {u.body[j].line - 9: set(v) for j, v in lv.live_in.items()}


def test_liveness_straight_line():
    u, lv, live = _live("    mov (M1, 8) A(0,0)<1> 0x1:d\n"
                        "    mov (M1, 8) B(0,0)<1> 0x2:d\n"
                        "    add (M1, 8) C(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n"
                        "    mov (M1, 8) A(0,0)<1> C(0,0)<1;1,0>\n")
    # live across each instruction (its inputs and its result)
    assert live[1] == {"A"} and live[2] == {"A", "B"} and live[3] == {"A", "B", "C"}
    assert live[4] == {"A", "C"}
    assert lv.peak_bytes == 96 and lv.peak_line == 12


def test_liveness_partial_write_keeps_value():
    # D has 64 bytes; an 8-wide d write covers 32: the old value stays live
    u, lv, live = _live("    mov (M1, 8) D(0,0)<1> 0x1:d\n"
                        "    mov (M1, 8) A(0,0)<1> D(0,0)<1;1,0>\n")
    assert "D" in live[1] and lv.live_in  # D is live from the entry
    assert live[2] == {"A", "D"}


def test_liveness_loop_carried_and_branch():
    u, lv, live = _live("    mov (M1, 8) A(0,0)<1> 0x0:d\n"
                        "L1:\n"
                        "    add (M1, 8) A(0,0)<1> A(0,0)<1;1,0> 0x1:d\n"
                        "    cmp.lt (M1, 8) P1 A(0,0)<1;1,0> 0x10:d\n"
                        "    (P1) jmp (M1, 1) L1\n"
                        "    mov (M1, 8) B(0,0)<1> A(0,0)<1;1,0>\n")
    # A is carried around the loop: live at the jmp; B only at its definition
    assert "A" in live[5] and "P1" in live[5]
    assert live[6] == {"A", "B"}
    g = lv.graph
    kinds = sorted((e.kind, e.predicate) for e in g.edges)
    assert ("branch", "P1") in kinds


def test_stats_counts_match_igc_ids():
    n = 0
    for p in sorted(glob.glob(os.path.join(HERE, "data", "corpus", "tgllp", "*.visaasm")))[:40]:
        with open(p) as f:
            text = f.read()
        s = visa.stats(visa.parse(text, p), text, p)
        body = text.split("\n")
        ids = sum(1 for ln in body if re.search(r"/// \$\d+\s*$", ln))
        counted = sum(u["instructions"] - u["by_category"].get("debug", 0) for u in s["units"])
        assert counted == ids, p
        n += 1
    assert n == 40


def test_cli_stats_json_and_cfg(tmp_path):
    p = os.path.join(HERE, "data", "corpus", "tgllp", "atomics_float__fatomic_cas_loop__simd16.visaasm")
    from visa.dumps_cli import cfg_main, stats_main
    out = tmp_path / "g.json"
    assert cfg_main([p, "--format", "json", "-o", str(out)]) == 0
    g = json.loads(out.read_text())
    assert g["schema"] == 1 and len(g["functions"][0]["blocks"]) == 4
    if shutil.which("dot") is None:
        pytest.skip("Graphviz dot not installed: svg rendering not tested")
    assert cfg_main([p, "-o", str(tmp_path / "g.svg")]) == 0
    assert (tmp_path / "g.svg").read_bytes().lstrip().startswith(b"<?xml")


def test_live_genx_sample(tmp_path):
    if shutil.which("GenX_IR") is None:
        pytest.skip("GenX_IR not installed: live oracle check skipped")
    import sys
    sys.path.insert(0, os.path.join(HERE, "..", "tools"))
    from genx_cfg import genx_graph
    p = os.path.join(HERE, "data", "corpus", "tgllp", "atomics_float__fatomic_cas_loop__simd16.visaasm")
    with open(p) as f:
        text = f.read()
    rec = genx_graph(p, "TGLLP")
    rec["edges"] = [list(e) for e in rec["edges"]]
    assert _ours(text, p) == _theirs(rec)


# ---- brute force: live sets from path enumeration on small random CFGs
from hypothesis import given, settings, strategies as st  # noqa: E402


def _random_program(r):
    nb = r.randint(2, 5)
    lines = []
    for b in range(nb):
        lines.append(f"L{b}:")
        for _ in range(r.randint(1, 3)):
            x, y, z = (r.choice("ABC") for _ in range(3))
            k = r.randint(0, 2)
            if k == 0:
                lines.append(f"    mov (M1, 8) {x}(0,0)<1> {y}(0,0)<1;1,0>")
            elif k == 1:
                lines.append(f"    add (M1, 8) {x}(0,0)<1> {y}(0,0)<1;1,0> {z}(0,0)<1;1,0>")
            else:
                lines.append(f"    cmp.lt (M1, 8) P1 {y}(0,0)<1;1,0> 0x3:d")
        e = r.randint(0, 2)
        if e and b + 1 < nb:
            pred = "(P1) " if e == 1 else ""
            lines.append(f"    {pred}jmp (M1, 1) L{r.randrange(nb)}")
    return "\n".join(lines) + "\n"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_liveness_equals_path_enumeration(seed):
    import random
    r = random.Random(seed)
    m = visa.parse(_kernel(_random_program(r)))
    u = m.units[0]
    lv = visa.liveness(u)
    root, sizes, preds, addrs = dumps._roots(u)
    elt = {d.name: dumps._type_size(d.type) for d in u.vars}
    body = u.body
    ins = [j for j, s in enumerate(body) if type(s) is visa.ast.Instruction]
    label_at = {}
    for j, s in enumerate(body):
        if type(s) in (visa.ast.Label, visa.ast.Subroutine):
            label_at[s.name] = next(k for k in ins if k > j)
    du = {j: dumps._def_use(body[j], root, sizes, elt) for j in ins}
    tracked = set(sizes) | preds

    def succs(j):
        s = body[j]
        nxt = [k for k in ins if k > j][:1]
        if s.op == "ret":
            return []
        if s.op == "jmp":
            t = [label_at[s.operands[0].name]]
            return t + (nxt if s.pred is not None else [])
        return nxt

    def live_before(j, v):
        seen, stack = set(), [j]
        while stack:
            k = stack.pop()
            if k in seen:
                continue
            seen.add(k)
            kill, use = du[k]
            if v in use:
                return True
            if v in kill:
                continue
            stack.extend(succs(k))
        return False

    for j in ins:
        want = {v for v in tracked if live_before(j, v)} | (du[j][0] & tracked)
        assert set(lv.live_in[j]) == want, (j, body[j])


def test_stats_into_a_closed_pipe_ends_quietly():
    """``visa-stats ... | head -1``: no traceback when the reader stops early."""
    import subprocess
    import sys
    small = sorted((Path(__file__).parent / "data" / "corpus" / "tgllp").glob("*.visaasm"),
                   key=lambda p: p.stat().st_size)[:5]
    files = [str(p) for p in small] * 200  # far more than a pipe's buffer of output
    code = ("import sys; from visa.dumps_cli import stats_main; sys.exit(stats_main(sys.argv[1:]))")
    p = subprocess.Popen([sys.executable, "-c", code, *files], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()  # the reader goes away while the tool still writes
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 1
    assert "Traceback" not in err and err == ""


def _live_text(text: str):
    """Liveness of the first unit of ``text``: {first word of each
    instruction line tagged '# name' -> its live set}."""
    m = visa.parse(text)
    u = m.units[0]
    lv = visa.liveness(u)
    lines = text.split("\n")
    tags = {}
    for j, s in enumerate(u.body):
        if type(s) is visa.ast.Instruction and "//" in lines[s.line - 1]:
            tags[lines[s.line - 1].split("//")[1].strip()] = set(lv.live_in[j])
    return lv, tags


_SUBROUTINE = """.version 4.1
.kernel "k"
.decl A v_type=G type=d num_elts=8
.decl B v_type=G type=d num_elts=8
.decl C v_type=G type=d num_elts=8
.decl D v_type=G type=d num_elts=8
.function "_main_0"
_main_0:
    mov (M1, 8) A(0,0)<1> 0x1:d                        // defA
    mov (M1, 8) C(0,0)<1> 0x2:d                        // defC
    call (M1, 8) sub_1                                 // call1
    add (M1, 8) D(0,0)<1> B(0,0)<1;1,0> C(0,0)<1;1,0>  // useBC
    call (M1, 8) sub_1                                 // call2
    mov (M1, 8) C(0,0)<1> D(0,0)<1;1,0>                // useD
    ret (M1, 1)                                        // end
.function "sub_1"
sub_1:
    add (M1, 8) B(0,0)<1> A(0,0)<1;1,0> 0x1:d          // inSub
    ret (M1, 8)                                        // subRet
"""


def test_liveness_follows_subroutine_calls():
    """A call to a subroutine of the same unit goes into it, and its ret
    back to the instruction after each call: what the subroutine reads is
    live at the call, what is read after the return is live through the
    subroutine (merged over the two call sites: D, read after the second
    return, is counted live through the subroutine and so at the first
    call too -- an over-estimate, never an under-estimate)."""
    lv, live = _live_text(_SUBROUTINE)
    assert live["call1"] == {"A", "C", "D"}     # B is written by the subroutine
    assert live["inSub"] == {"A", "B", "C", "D"}  # C (call 1) and D (call 2) wait for the return
    assert live["subRet"] == {"A", "B", "C", "D"}
    assert live["useBC"] == {"A", "B", "C", "D"}  # A: read by the second call's subroutine
    assert live["end"] == set()
    kinds = sorted(e.kind for e in lv.graph.edges)
    assert kinds.count("call") == 2


def test_liveness_stack_call_is_a_use_of_its_operands():
    """An fcall to another unit: the caller's variables live across it stay
    live (fall-through); the callee's are its own unit's."""
    text = (".version 4.1\n.kernel \"k\"\n.decl A v_type=G type=d num_elts=8\n"
            ".decl B v_type=G type=d num_elts=8\n.function \"_main_0\"\n_main_0:\n"
            "    mov (M1, 8) A(0,0)<1> 0x1:d                  // defA\n"
            "    fcall (M1, 8) callee 1 1                     // call\n"
            "    mov (M1, 8) B(0,0)<1> A(0,0)<1;1,0>          // useA\n"
            "    ret (M1, 1)                                  // end\n")
    lv, live = _live_text(text)
    assert live["call"] == {"A"} and live["useA"] == {"A", "B"}
