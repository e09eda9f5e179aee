#!/usr/bin/env python3
"""Time ``g80-dis`` and ``g80-as`` (whole commands, start-up included) on 10,000 distinct
G80 instructions; the target is 0.5 s each way (issue 20).

    python benchmarks/bench_g80.py [--repeat N] [--count N] [--before DIR]

The input: random words aimed at each form (short, long, immediate, control flow; seed
fixed), the bits no table claims cleared, each decoded alone and printed as ``g80-dis -x`` prints it (the exact listing);
lines that are instructions (not ``.b32`` data) and not seen before are kept until there
are ``--count``, short ones two at a time between long ones.  ``g80-as -w`` of that program gives the words ``g80-dis -w`` reads back.
No line and no word repeats, so no cache of equal lines helps.

The commands run as an installed user runs them, as benchmarks/bench_startup.py runs
them: this tree installed with pip (``--no-deps``, bytecode compiled) into a throwaway
virtual environment (:func:`commands.install`), its console scripts ``g80-as`` and
``g80-dis``, with a store of ready-made data of their own (``VISA_CACHE_DIR``) filled by one
warm-up run; ``--here`` runs this tree through this Python instead (a development install
runs its editable finder at every start), saying so.  The load average is printed.

``--before DIR``: a source tree of another version (``git archive REV | tar -x -C DIR``);
its commands run from that tree, alternating with this tree's in every round (the machine
is shared: a slow spell falls on both), and both must print the same.  Then both trees'
commands run as ``python -c 'from visa.g80.cli import ..._script'`` (that environment's
Python) with the tree first on ``sys.path``, bytecode compiled first
(``PYTHONDONTWRITEBYTECODE`` unset), after one warm-up run.
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
from commands import install, timed  # noqa: E402


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


def command(tree: Path, main: str, args: list[str], python: str = sys.executable) -> list[str]:
    """The command ``main`` (dis_main, as_main) of ``tree`` as its console script runs it (the
    tree's ``*_script``, which owns the process; an older tree's ``*_main`` did that itself)."""
    script = main.replace("_main", "_script")
    code = (f"import sys; sys.path.insert(0, {str(tree)!r}); from visa.g80 import cli; "
            f"s = getattr(cli, {script!r}, None); s() if s else sys.exit(cli.{main}(sys.argv[1:]))")
    return [python, "-c", code, *args]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--before", type=Path)
    ap.add_argument("--here", action="store_true",
                    help="run this tree through this Python (no throwaway install)")
    a = ap.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    trees = {"this": ROOT}
    if a.before:
        trees = {"before": a.before.resolve(), "this": ROOT}
    for tree in trees.values():
        compileall.compile_dir(str(tree / "visa"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VISA_CACHE_DIR"] = str(Path(tmp, "cache"))  # (inherited by every command)
        python = install(Path(tmp, "venv")) if not a.here else None
        if python is None:
            python = sys.executable
            how = (f"this tree through {sys.executable} "
                   f"({'as asked' if a.here else 'the throwaway install failed'})")
        else:
            how = f"this tree installed with pip into a throwaway environment ({Path(python).parent.parent})"
        scripts = {"dis_main": "g80-dis", "as_main": "g80-as"}

        def cmd(name: str, fn: str, args: list[str]) -> list[str]:
            if name == "this" and not a.before and python != sys.executable:
                return [str(Path(python).parent / scripts[fn]), *args]
            return command(trees[name], fn, args, python)

        src = Path(tmp) / "prog.s"
        src.write_text(program(a.count))
        hexf = Path(tmp) / "prog.hex"
        r = subprocess.run(cmd("this", "as_main", ["-w", *FLAGS, str(src)]), capture_output=True)
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
        print(f"the tools: {how}")
        outs: dict[tuple[str, str], bytes] = {}
        times: dict[tuple[str, str], list[float]] = {}
        cpus: dict[tuple[str, str], list[float]] = {}
        for job, (fn, args) in jobs.items():
            for name in trees:
                r = subprocess.run(cmd(name, fn, args), capture_output=True)  # warm-up
                if r.returncode:
                    print(f"{job} ({name}) failed:\n{r.stderr.decode()[:2000]}")
                    return 1
                outs[job, name] = r.stdout
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        for _ in range(a.repeat):
            for job, (fn, args) in jobs.items():
                for name in trees:
                    wall, _mb, rc, cpu = timed(cmd(name, fn, args), tmp)
                    times.setdefault((job, name), []).append(wall)
                    cpus.setdefault((job, name), []).append(cpu)
        print(f"load average {load} before the rounds, "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} after, on {os.cpu_count()} cores")
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
