#!/usr/bin/env python3
"""Benchmark visa-stats beside the parse alone, on the non-repeating
100k-line kernel of benchmarks/inputs.py (the issue's target: the whole
command within the parse's time plus 20%).

    python benchmarks/bench_stats.py [--repeat N] [--lines N]

Whole commands, each run as an installed user runs it (fresh interpreter,
console script beside this Python), wall and CPU time from /usr/bin/time:

* ``parse``: a fresh interpreter that imports visa, reads the file and
  parses it, as visa-as does (cyclic collector off, no teardown);
* ``visa-stats FILE`` (the table) and ``visa-stats --json FILE``.

Every command takes its turn in each of N rounds (a slow spell of the
machine falls on all of them); the best of each is reported, and the ratio
of visa-stats to the parse.  Then, in one process, the library's share:
``visa.parse`` against ``visa.stats`` on the parsed module (CPU time, best
of N, collector off as in the commands).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import inputs  # noqa: E402
from commands import timed, tool  # noqa: E402

_PARSE = ("import gc, os, sys; gc.disable(); import visa; "
          "visa.parse(open(sys.argv[1]).read(), sys.argv[1]); sys.stdout.flush(); os._exit(0)")

_SPLIT = r"""
import gc, json, sys, time
gc.disable()
import visa
text = open(sys.argv[1]).read()
best = {}
ratios = []
for _ in range(int(sys.argv[2])):
    t0 = time.process_time(); m = visa.parse(text, sys.argv[1]); t1 = time.process_time()
    visa.stats(m, text, sys.argv[1]); t2 = time.process_time()
    best["parse"] = min(best.get("parse", 1e9), t1 - t0)
    best["stats"] = min(best.get("stats", 1e9), t2 - t1)
    ratios.append((t2 - t1) / (t1 - t0))
    del m
ratios.sort()
best["ratio"] = ratios[len(ratios) // 2]
print(json.dumps(best))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lines", type=int, default=100_000)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "nonrepeating.visaasm")
        path.write_text(inputs.nonrepeating(a.lines))
        n = path.read_text().count("\n")
        stats = tool("visa-stats")
        cmds = {
            "parse": [sys.executable, "-c", _PARSE, str(path)],
            "visa-stats": [*stats, str(path)],
            "visa-stats --json": [*stats, "--json", str(path)],
        }
        subprocess.run(cmds["visa-stats"], capture_output=True)  # warm-up: the parser cache
        best: dict[str, tuple[float, float]] = {}
        ratios: dict[str, list[float]] = {}
        for _ in range(a.repeat):
            this: dict[str, float] = {}
            for name, cmd in cmds.items():
                wall, _mb, status, cpu = timed(cmd, ROOT)
                if status != 0:
                    print(f"error: {name} exited with {status}", file=sys.stderr)
                    return 2
                old = best.get(name)
                best[name] = (min(old[0], wall), min(old[1], cpu)) if old else (wall, cpu)
                this[name] = cpu
            for name, cpu in this.items():  # against the parse of the same round
                ratios.setdefault(name, []).append(cpu / this["parse"])
        print(f"input: non-repeating kernel, {n} lines (best of {a.repeat} rounds, whole commands; "
              "the ratio: the median over the rounds of CPU time against the same round's parse)")
        pw, pc = best["parse"]
        for name, (wall, cpu) in best.items():
            print(f"  {name:<20} wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
                  f"median {statistics.median(ratios[name]):5.2f}x the parse's CPU")
        r = subprocess.run([sys.executable, "-c", _SPLIT, str(path), str(a.repeat)],
                           capture_output=True, text=True, check=True)
        split = json.loads(r.stdout)
        print(f"  in one process (CPU, best): visa.parse {split['parse']:.2f} s, visa.stats "
              f"{split['stats']:.2f} s; visa.stats {100 * split['ratio']:.0f}% of the parse (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
