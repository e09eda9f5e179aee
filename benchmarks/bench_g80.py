#!/usr/bin/env python3
"""Time ``g80-dis`` and ``g80-as`` (whole commands, start-up included) on 10,000 distinct
G80 instructions; the target is 0.5 s each way (issue 20).

    python benchmarks/bench_g80.py [--repeat N] [--count N] [--before DIR]

The input: random words aimed at each form (short, long, immediate, control flow; seed
fixed), the bits no table claims cleared, each decoded alone and printed as ``g80-dis -x`` prints it (the exact listing);
lines that are instructions (not ``.b32`` data) and not seen before are kept until there
are ``--count``, short ones two at a time between long ones.  ``g80-as -w`` of that program gives the words ``g80-dis -w`` reads back.
No line and no word repeats, so no cache of equal lines helps.

``--before DIR``: a source tree of another version (``git archive REV | tar -x -C DIR``);
its commands run from that tree, alternating with this tree's in every round (the machine
is shared: a slow spell falls on both), and both must print the same.  Each command runs as
``python -c 'from visa.g80.cli import ..._main'`` with its tree first on ``sys.path``,
bytecode compiled first (``PYTHONDONTWRITEBYTECODE`` unset), after one warm-up run.
"""
from __future__ import annotations

import argparse
import compileall
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["-O", "cp", "-V", "g200"]
_UNKNOWN = re.compile(r"\[unknown: ([0-9a-f ]+)\]")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from commands import timed  # noqa: E402


def program(count: int, seed: int = 20) -> str:
    """``count`` distinct instruction lines of the exact listing (this tree's g80-dis -x)."""
    sys.path.insert(0, str(ROOT))
    import visa.g80 as g80

    rng = random.Random(seed)
    seen: set[str] = set()
    shorts: list[str] = []
    longs: list[str] = []
    while len(shorts) + len(longs) < count:
        form = rng.randrange(5)
        lo, hi = rng.getrandbits(32), rng.getrandbits(32)
        if rng.randrange(3) == 0:  # the usual always-true predicate of long forms
            hi = (hi & ~(0x1f << 7)) | (0xf << 7)
        if form == 0:
            code = (lo & ~1).to_bytes(4, "little")
        elif form == 1:
            code = (((hi & ~3) | rng.randrange(3)) << 32 | (lo | 1) & ~2).to_bytes(8, "little")
        elif form == 2:
            code = ((hi | 3) << 32 | (lo | 1) & ~2).to_bytes(8, "little")
        else:
            code = (hi << 32 | lo | 3).to_bytes(8, "little")
        # clear the bits no table claims (the listing's [unknown: ...] note)
        unk = _UNKNOWN.search(g80.disassemble(code, chip="g200", ptype="cp"))
        if unk:
            words = [int(w, 16) for w in unk.group(1).split()]
            code = bytes(b & ~u & 0xff for b, u in
                         zip(code, b"".join(w.to_bytes(4, "little") for w in words)))
        text = g80.disassemble(code, chip="g200", ptype="cp", exact=True).rstrip("\n")
        if text.startswith(".") or "\n" in text or text in seen:
            continue
        seen.add(text)
        (shorts if len(code) == 4 else longs).append("\t" + text)
    # short instructions two at a time, so that no long one needs the one before widened
    # (some short forms have no long form)
    out: list[str] = []
    while shorts or longs:
        out += shorts[:2] + longs[:1]
        del shorts[:2], longs[:1]
    return "\n".join(out) + "\n"


def command(tree: Path, main: str, args: list[str]) -> list[str]:
    code = (f"import sys; sys.path.insert(0, {str(tree)!r}); "
            f"from visa.g80.cli import {main} as m; sys.exit(m(sys.argv[1:]))")
    return [sys.executable, "-c", code, *args]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--before", type=Path)
    a = ap.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    trees = {"this": ROOT}
    if a.before:
        trees = {"before": a.before.resolve(), "this": ROOT}
    for tree in trees.values():
        compileall.compile_dir(str(tree / "visa"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "prog.s"
        src.write_text(program(a.count))
        hexf = Path(tmp) / "prog.hex"
        r = subprocess.run(command(ROOT, "as_main", ["-w", *FLAGS, str(src)]), capture_output=True)
        if r.returncode:
            print(r.stderr.decode()[:2000])
            return 1
        hexf.write_bytes(r.stdout)
        nwords = r.stdout.count(b",")
        jobs = {"g80-dis": ("dis_main", ["-w", "-n", *FLAGS, str(hexf)]),
                "g80-as": ("as_main", ["-w", *FLAGS, str(src)])}
        print(f"{a.count} distinct instructions ({nwords} words), {' '.join(FLAGS)}; "
              f"best and median wall time of {a.repeat} whole commands, alternating, and the "
              f"best CPU time (user+system: what a busy machine does not inflate as much)")
        outs: dict[tuple[str, str], bytes] = {}
        times: dict[tuple[str, str], list[float]] = {}
        cpus: dict[tuple[str, str], list[float]] = {}
        for job, (fn, args) in jobs.items():
            for name, tree in trees.items():
                r = subprocess.run(command(tree, fn, args), capture_output=True)  # warm-up
                if r.returncode:
                    print(f"{job} ({name}) failed:\n{r.stderr.decode()[:2000]}")
                    return 1
                outs[job, name] = r.stdout
        for _ in range(a.repeat):
            for job, (fn, args) in jobs.items():
                for name, tree in trees.items():
                    wall, _mb, rc, cpu = timed(command(tree, fn, args), tmp)
                    times.setdefault((job, name), []).append(wall)
                    cpus.setdefault((job, name), []).append(cpu)
        status = 0
        for job in jobs:
            line = [f"{job:8}"]
            for name in trees:
                ts = times[job, name]
                line.append(f"{name}: best {min(ts):.2f} s, median {statistics.median(ts):.2f} s "
                            f"(CPU best {min(cpus[job, name]):.2f} s)")
            if len(trees) > 1 and outs[job, "before"] != outs[job, "this"]:
                line.append("OUTPUT DIFFERS")
                status = 1
            print("  ".join(line))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
