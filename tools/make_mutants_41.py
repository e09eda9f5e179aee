#!/usr/bin/env python3
"""Make one-line mutants of the vISA 4.1 programs in tests/data and record
what Intel's 4.1 assembler (Debian's GenX_IR, igc 1.0.12504) says of each:
the oracle of tests/test_mutants_41.py.

    python tools/make_mutants_41.py [--out tests/data/mutants-41] [--seed 41] [--per-program 6] [--per-kernel 1]

Each mutant is an original program (corpus, golden, forms) with one line
changed.  The mutants are not stored as files: EXPECTED.tsv keeps the
original's path, the line number, the line before and after, and the
verdict, and the test rebuilds each mutant from its original.

Mutation kinds (each a small edit of one instruction or declaration line):
type_swap (an immediate's type), var_swap (an operand's variable replaced by
a declared variable of another type), decl_type (a declaration's type),
exec_size, dst_stride, src_region, operand_kind (a source replaced by a
predicate, address, surface or %null), undeclared, label, decl_field,
predicate (added or written on a non-predicate), opcode (a mnemonic or
relation swapped), modifier (.sat, (-), (~), (abs) added), operand_count
(a source dropped or added).

GenX_IR runs as the project's tests run it (``GenX_IR prog.visaasm -platform
P``, which parses, verifies and compiles): exit status 0 is ``accepted``; a
non-zero exit ``rejected`` (its first error line is kept); a signal or an
abort message ``crashed``.  Originals GenX_IR does not accept are skipped.
"""
from __future__ import annotations

import argparse
import csv
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

TYPES = ("ud", "d", "uw", "w", "ub", "b", "f", "hf", "df", "q", "uq")
IMM_TYPES = TYPES + ("bool", "v", "uv", "vf")

_INS = re.compile(r"^(\s+)(\([!~]?\w+(?:\.\w+)?\)\s*)?([a-z_0-9]+(?:\.[\w.]+)?)\s*(\((?:M\d(?:_NM)?|NM), *\d+\))?(.*)$")
_DECL = re.compile(r"^\.decl (\S+) v_type=(\w)\b(.*)$")
_VREF = re.compile(r"(\([-~abs]+\))?\b([A-Za-z_][\w]*)\((\d+),(\d+)\)(<[\d;,]+>)?")
_IMM = re.compile(r"\b(0x[0-9a-fA-F]+|-?\d+(?:\.\d+)?):([a-z]+)\b")
_PREFIX = re.compile(r"^(\s+)(\([!~]?\w+(?:\.\w+)?\)\s*)?")


def platform_of(path: Path) -> str:
    if path.parent.parent.name == "corpus":
        return path.parent.name.upper()
    return path.stem.split(".")[0].rsplit("__", 1)[1]


def originals() -> list[Path]:
    """Golden and forms programs, and the corpus kernels of 60..400 lines
    (no function files), in a fixed order."""
    out = sorted((DATA / "golden").glob("*.visaasm")) + sorted((DATA / "forms").glob("*.visaasm"))
    for plat in ("skl", "tgllp", "dg2", "pvc"):
        for p in sorted((DATA / "corpus" / plat).glob("*.visaasm")):
            if re.search(r"\.f\d+\.visaasm$", p.name):
                continue
            n = p.read_text().count("\n")
            if 60 <= n <= 400:
                out.append(p)
    return out


class Program:
    def __init__(self, path: Path):
        self.path = path
        self.lines = path.read_text().split("\n")
        self.decls: dict[str, tuple[str, str]] = {}  # name -> (v_type, type)
        for ln in self.lines:
            m = _DECL.match(ln)
            if m:
                t = re.search(r"\btype=(\w+)", m.group(3))
                self.decls[m.group(1)] = (m.group(2), t.group(1) if t else "")
        self.ins = [k for k, ln in enumerate(self.lines) if _INS.match(ln) and not ln.strip().endswith(":")
                    and not ln.lstrip().startswith((".", "//"))]
        self.labels = [k for k, ln in enumerate(self.lines) if re.match(r"^[A-Za-z_][\w]*:\s*$", ln)]
        self.decl_lines = [k for k, ln in enumerate(self.lines) if _DECL.match(ln)]

    def of_kind(self, v: str) -> list[str]:
        return [n for n, (k, _) in self.decls.items() if k == v]

    def general(self) -> dict[str, str]:
        return {n: t for n, (k, t) in self.decls.items() if k == "G"}


def _sub_nth(pattern, text, repl, n):
    ms = list(pattern.finditer(text))
    if not ms:
        return None
    m = ms[n % len(ms)]
    r = repl(m)
    return None if r is None else text[: m.start()] + r + text[m.end():]


def mutate(prog: Program, kind: str, rnd: random.Random):
    """(line index, new line, description) or None."""
    L = prog.lines
    if kind in ("decl_type", "decl_field"):
        cands = [k for k in prog.decl_lines if " v_type=G" in L[k]] if kind == "decl_type" else prog.decl_lines
        if not cands:
            return None
        k = rnd.choice(cands)
        ln = L[k]
        if kind == "decl_type":
            t = re.search(r"\btype=(\w+)", ln)
            new = rnd.choice([x for x in TYPES if x != t.group(1)])
            return k, ln.replace(f"type={t.group(1)}", f"type={new}", 1), f"type={t.group(1)} -> type={new}"
        choices = []
        m = re.search(r"num_elts=(\d+)", ln)
        if m:
            for v in ("0", "3", "33", "17", "100000", str(int(m.group(1)) * 2)):
                choices.append(("num_elts=" + m.group(1), "num_elts=" + v))
        m = re.search(r"alias=<(\w+), *(\d+)>", ln)
        if m:
            choices.append((m.group(0), f"alias=<{m.group(1)}, {int(m.group(2)) + 4096}>"))
            choices.append((m.group(0), f"alias=<VNOPE, {m.group(2)}>"))
        m = re.search(r"align=(\w+)", ln)
        if m:
            for v in ("byte", "word", "dword", "qword", "GRF", "bogus"):
                choices.append((m.group(0), "align=" + v))
        if not choices:
            return None
        a, b = rnd.choice(choices)
        return k, ln.replace(a, b, 1), f"{a} -> {b}"
    if kind == "label":
        opts = []
        jumps = [k for k in prog.ins if re.search(r"\b(jmp|goto|call)\b", L[k])]
        if jumps:
            opts.append("target")
        if prog.labels:
            opts.append("dup")
        if not opts:
            return None
        if rnd.choice(opts) == "target":
            k = rnd.choice(jumps)
            ln = L[k]
            m = re.search(r"(\S+)\s*$", ln.split("///")[0].rstrip())
            return k, ln.replace(m.group(1), "NOWHERE_L", 1) if m else None, f"{m.group(1)} -> NOWHERE_L"
        k = rnd.choice(prog.labels)
        others = [x for x in prog.labels if x != k]
        other = L[rnd.choice(others)].strip() if others else None
        if other is None or other == L[k].strip():
            return None
        return k, other, f"{L[k].strip()} -> {other}"
    if not prog.ins:
        return None
    k = rnd.choice(prog.ins)
    ln = L[k]
    m = _INS.match(ln)
    indent, pred, op, exe, rest = m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)
    gen = prog.general()
    if kind == "type_swap":
        def r(mm):
            t = rnd.choice([x for x in IMM_TYPES if x != mm.group(2)])
            return f"{mm.group(1)}:{t}"
        new = _sub_nth(_IMM, ln, r, rnd.randrange(4))
        return (k, new, "immediate type") if new else None
    if kind == "var_swap":
        def r(mm):
            name = mm.group(2)
            if name not in gen:
                return None
            others = [n for n, t in gen.items() if t != gen[name]]
            if not others:
                return None
            return (mm.group(1) or "") + rnd.choice(others) + mm.group(0)[len(mm.group(1) or "") + len(name):]
        new = _sub_nth(_VREF, rest, r, rnd.randrange(4))
        return (k, ln[: len(ln) - len(rest)] + new, "variable of another type") if new else None
    if kind == "exec_size":
        if not exe:
            return None
        mm = re.match(r"\((\w+), *(\d+)\)", exe)
        mask, size = mm.group(1), mm.group(2)
        opts = [f"({mask}, {s})" for s in ("1", "2", "3", "4", "8", "16", "32", "64") if s != size]
        opts += ["(M5, 32)", "(M8, 16)", "(M2_NM, 8)"]
        new = rnd.choice(opts)
        return k, ln.replace(exe, new, 1), f"{exe} -> {new}"
    if kind == "dst_stride":
        mm = re.search(r"\((\d+),(\d+)\)<(\d)>", rest)
        if not mm:
            return None
        new = rnd.choice([x for x in ("0", "2", "3", "4", "8") if x != mm.group(3)])
        a = mm.group(0)
        b = f"({mm.group(1)},{mm.group(2)})<{new}>"
        return k, ln.replace(a, b, 1), f"{a} -> {b}"
    if kind == "src_region":
        regs = list(re.finditer(r"<(\d+);(\d+),(\d+)>", rest))
        if not regs:
            return None
        a = rnd.choice(regs).group(0)
        b = rnd.choice(["<8;3,1>", "<3;1,0>", "<0;32,1>", "<16;16,1>", "<8;8,3>", "<1;1,0>", "<0;1,0>",
                        "<4;4,1>", "<2;2,1>", "<64;8,1>"])
        if a == b:
            return None
        return k, ln.replace(a, b, 1), f"{a} -> {b}"
    if kind in ("operand_kind", "undeclared"):
        refs = [mm for mm in _VREF.finditer(rest) if mm.group(2) in gen]
        if not refs:
            return None
        mm = rnd.choice(refs)
        if kind == "undeclared":
            repl = "VNOPE"
        else:
            pool = prog.of_kind("P") + prog.of_kind("A") + prog.of_kind("T") + ["%null", "T1", "%sr0"]
            repl = rnd.choice(pool)
        new_rest = rest[: mm.start(2)] + repl + rest[mm.end(2):]
        return k, ln[: len(ln) - len(rest)] + new_rest, f"{mm.group(2)} -> {repl}"
    if kind == "predicate":
        preds = prog.of_kind("P")
        if pred:
            opts = [pred.replace("(", "(~", 1) if "!" not in pred else pred.replace("!", "~"),
                    "(VNOPE) ", "(%null) "]
            if gen:
                opts.append(f"({rnd.choice(list(gen))}) ")
            new = rnd.choice(opts)
            return k, indent + new + ln[len(indent) + len(pred):], f"{pred.strip()} -> {new.strip()}"
        p = rnd.choice(preds) if preds else rnd.choice(list(gen) or ["P1"])
        new = f"({rnd.choice(['', '!'])}{p}) "
        return k, indent + new + ln[len(indent):], f"+{new.strip()}"
    if kind == "opcode":
        swaps = {"add": ["and", "mul", "shl", "avg", "addc", "add3", "sel", "mad", "movs"],
                 "mov": ["movs", "not", "frc", "lzd", "cbit", "setp"],
                 "mul": ["mulh", "add", "xor", "div", "pow"],
                 "and": ["add", "or", "sel", "avg", "mul"], "or": ["and", "min", "add"],
                 "shl": ["shr", "rol", "asr", "add", "mul"], "shr": ["shl", "asr", "ror", "avg"],
                 "mad": ["lrp", "add3", "bfn.xfe", "madw"], "xor": ["add", "sel", "min"],
                 "sel": ["add", "min", "mov"], "min": ["max", "and", "sel"], "max": ["min", "or"],
                 "not": ["mov", "cbit", "fbl", "fbh"], "cmp.lt": ["cmp.ne", "cmp.neq", "cmp.le", "cmp.x"],
                 "cmp.eq": ["cmp.gt", "cmp.neq"], "cmp.gt": ["cmp.ge", "cmp.gte"],
                 "cmp.ne": ["cmp.eq", "cmp.neq"], "addc": ["add", "subb"], "movs": ["mov"],
                 "asr": ["shr", "add"], "frc": ["rndd", "mov", "lzd"], "rndd": ["rnde", "frc"],
                 "inv": ["sqrt", "log", "not"], "sqrt": ["rsqrt", "inv", "exp"]}
        base = op.split(".")[0] if not op.startswith("cmp") else op
        opts = swaps.get(op) or swaps.get(base)
        if not opts:
            return None
        new = rnd.choice(opts)
        return k, ln.replace(op, new, 1), f"{op} -> {new}"
    if kind == "modifier":
        opts = []
        if exe:
            opts.append("sat")
        vrefs = [mm for mm in _VREF.finditer(rest) if not mm.group(1)]
        if vrefs:
            opts += ["neg", "not", "abs", "dstabs"]
        if not opts:
            return None
        which = rnd.choice(opts)
        if which == "sat":
            return k, ln.replace(op, op + ".sat", 1) if ".sat" not in op else None, f"{op} -> {op}.sat"
        mm = vrefs[0] if which == "dstabs" else rnd.choice(vrefs)
        mod = {"neg": "(-)", "not": "(~)", "abs": "(abs)", "dstabs": "(abs)"}[which]
        new_rest = rest[: mm.start()] + mod + rest[mm.start():]
        return k, ln[: len(ln) - len(rest)] + new_rest, f"+{mod} on {mm.group(2)}"
    if kind == "operand_count":
        body, _, comment = rest.partition("///")
        parts = body.split()
        if len(parts) < 2:
            return None
        if rnd.random() < 0.5:
            parts = parts[:-1]
            what = "last operand dropped"
        else:
            parts = parts + [parts[-1]]
            what = "last operand repeated"
        new_rest = " " + " ".join(parts) + (" ///" + comment if comment else "")
        return k, ln[: len(ln) - len(rest)] + new_rest, what
    raise ValueError(kind)


# Targeted edits of the family forms (a second pass, after the random one, so
# that the random mutants keep their ids): (kind, line pattern, edits), each
# edit a (regex, replacement) tried in turn on a matching line.
TARGETED = (
    ("lsc_cache", r"^\s*lsc_(load|store|atomic)\w*\.(ugm|slm)\b",
     ((r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.wb.wb"), (r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.ri.ri"),
      (r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.ca"), (r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.uc.uc.uc"),
      (r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.st.ca"), (r"\.(ugm|slm)\b(\.\w\w\.\w\w)?", r".\1.uc.wb"))),
    ("lsc_addr", r"^\s*lsc_\w+\.(ugm|slm)\b.*:a(64|32)",
     ((r":a(64|32)\b", ":a16"), (r":a32\b", ":a64"), (r":a64\b", ":a32"), (r"flat\[", "flat[2*"),
      (r"flat\[", "bti(0x1)["), (r"flat\[(\w+)\]", r"flat[\1+0x40]"))),
    ("lsc_fence", r"^\s*lsc_fence\.",
     ((r"\.(none|evict|invalidate|discard|clean|flushl3)\.", ".wb."), (r"\.(group|local|tile|gpu|gpus|sysrel|sysacq)\b", ".wg"),
      (r"lsc_fence\.\w+", "lsc_fence.slm"), (r"\.(group|local|tile|gpu|gpus|sysrel|sysacq)\b", ".gpu"))),
    ("dpas", r"^\s*dpasw?\.",
     ((r"\.(\d)\.(\d) ", r".\1.9 "), (r"\.(\d)\.(\d) ", r".6.\2 "), (r"dpas(w?)\.\w\w\.", r"dpas\1.s5."),
      (r"dpas(w?)\.\w\w\.\w\w\.", r"dpas\1.u8.tf32."), (r"^(\s*)dpas\.", r"\1dpasw."), (r"\(M1(_NM)?, \d+\)", "(M1, 32)"))),
    ("media", r"^\s*media_(ld|st)\.",
     ((r"\((\d+),(\d+)\)", "(64,8)"), (r"\((\d+),(\d+)\)", "(4,64)"), (r"\((\d+),(\d+)\)", "(0,4)"))),
    ("oword", r"^\s*oword_(ld|st|ld_unaligned) \(",
     ((r"\((\d+)\)", "(3)"), (r"\((\d+)\)", "(16)"), (r"\((\d+)\)", "(32)"))),
    ("raw_send", r"^\s*(\([!~]?\w+\) )?raw_sendc? ",
     ((r"(\)\s+0x\w+) (\d+) (\d+)", r"\1 16 \3"), (r"(\)\s+0x\w+) (\d+) (\d+)", r"\1 \2 17"),
      (r"(\)\s+0x\w+) (\d+) (\d+)", r"\1 1 \3"))),
    ("cmp_relation", r"^\s*cmp\.",
     ((r"cmp\.\w+", "cmp.neq"), (r"cmp\.\w+", "cmp.gte"), (r"cmp\.(\w+)", r"cmp.\1.sat"))),
    ("sync", r"^\s*(barrier|sbarrier\.\w+|fence_global|fence_local)\b",
     ((r"(barrier|sbarrier\.\w+|fence_global|fence_local)\b(\.\w+)?", r"\1.wait"),
      (r"(fence_global|fence_local)\b(\.\w+)?", r"\1.CE"), (r"(fence_global|fence_local)\b(\.\w+)?", r"\1.EIR"))),
)

KINDS = ("type_swap", "var_swap", "decl_type", "exec_size", "dst_stride", "src_region", "operand_kind",
         "undeclared", "label", "decl_field", "predicate", "opcode", "modifier", "operand_count")


def run_genx(genx: str, text: str, platform: str, work: Path) -> tuple[str, int, str]:
    src = work / "m.visaasm"
    src.write_text(text)
    for f in work.glob("m.*"):
        if f.name != "m.visaasm":
            f.unlink()
    try:
        r = subprocess.run([genx, src.name, "-platform", platform], cwd=work, capture_output=True,
                           text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return "timeout", -1, ""
    out = (r.stdout + "\n" + r.stderr)
    errs = work / "m.errors.txt"
    lines = [x.strip() for x in out.splitlines() if x.strip()]
    if errs.exists():  # the verifier's report: its first "Error Message:" line
        found = [x.split("Error Message:", 1)[1].strip()
                 for x in errs.read_text(errors="replace").splitlines() if "Error Message:" in x]
        lines = found + lines
    msg = next((x for x in lines if re.search(r"error|Error|ERROR|syntax|unbound|undefined|not |invalid|must",
                                               x)), lines[0] if lines else "")
    if r.returncode < 0 or "abnormal program termination" in out or "Assertion" in out:
        return "crashed", r.returncode, msg[:200]
    if r.returncode == 0:
        return "accepted", 0, ""
    return "rejected", r.returncode, msg[:200]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(DATA / "mutants-41"))
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--per-program", type=int, default=6, help="mutants per golden/forms program")
    ap.add_argument("--per-kernel", type=int, default=1, help="mutants per corpus kernel")
    args = ap.parse_args()
    genx = shutil.which("GenX_IR")
    if genx is None:
        print("GenX_IR is not installed (Debian 12: libigc-tools)", file=sys.stderr)
        return 2
    rnd = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    seen = set()
    skipped: set = set()
    with tempfile.TemporaryDirectory() as td:
        work = Path(td)
        for path in originals():
            plat = platform_of(path)
            text = path.read_text()
            base, _, _ = run_genx(genx, text, plat, work)
            if base != "accepted":
                skipped.add(str(path))
                print(f"skip {path.relative_to(DATA)}: GenX_IR does not accept the original", file=sys.stderr)
                continue
            prog = Program(path)
            made, tries = 0, 0
            want = args.per_kernel if path.parent.parent.name == "corpus" else args.per_program
            while made < want and tries < 60:
                tries += 1
                kind = KINDS[rnd.randrange(len(KINDS))]
                got = mutate(prog, kind, rnd)
                if not got or got[1] is None or got[1] == prog.lines[got[0]]:
                    continue
                k, new, what = got
                key = (str(path), k, new)
                if key in seen:
                    continue
                seen.add(key)
                lines = list(prog.lines)
                lines[k] = new
                verdict, rc, msg = run_genx(genx, "\n".join(lines), plat, work)
                if verdict == "timeout":
                    continue
                made += 1
                rows.append(dict(id=f"m{len(rows) + 1:04d}", original=str(path.relative_to(DATA)),
                                 platform=plat, line=k + 1, kind=kind, mutation=what,
                                 original_line=prog.lines[k], mutated_line=new,
                                 gx_rc=rc, gx_verdict=verdict, gx_message=msg))
                print(f"{rows[-1]['id']} {kind:13} {verdict:9} {path.name}:{k + 1} {what}", file=sys.stderr)
        # the targeted pass: at most one edit per family and program
        for path in originals():
            if str(path) in skipped:
                continue
            plat = platform_of(path)
            lines0 = path.read_text().split("\n")
            for kind, pattern, edits in TARGETED:
                cands = [k for k, ln in enumerate(lines0) if re.match(pattern, ln)]
                if not cands:
                    continue
                k = rnd.choice(cands)
                rx, repl = rnd.choice(edits)
                new = re.sub(rx, repl, lines0[k], count=1)
                if new == lines0[k]:
                    continue
                lines = list(lines0)
                lines[k] = new
                verdict, rc, msg = run_genx(genx, "\n".join(lines), plat, work)
                if verdict == "timeout":
                    continue
                rows.append(dict(id=f"m{len(rows) + 1:04d}", original=str(path.relative_to(DATA)),
                                 platform=plat, line=k + 1, kind=kind, mutation=f"{rx} -> {repl}",
                                 original_line=lines0[k], mutated_line=new,
                                 gx_rc=rc, gx_verdict=verdict, gx_message=msg))
                print(f"{rows[-1]['id']} {kind:13} {verdict:9} {path.name}:{k + 1}", file=sys.stderr)
    fields = ["id", "original", "platform", "line", "kind", "mutation", "gx_rc", "gx_verdict",
              "gx_message", "original_line", "mutated_line"]
    with (out / "EXPECTED.tsv").open("w", newline="") as f:
        w = csv.DictWriter(f, fields, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} mutants written to {out / 'EXPECTED.tsv'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
