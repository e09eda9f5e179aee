#!/usr/bin/env python3
"""Benchmark the text front end: parse and parse+format throughput, linearity
in file size, and peak memory.

Usage (from the repository root):
    python benchmarks/bench_parse.py [FILE] [--repeat N]

Without FILE, both inputs of benchmarks/inputs.py are measured: big100k
(one kernel body repeated to 100,124 lines: the best case for the memo of
equal lines) and nonrepeating (about 100,000 lines of real kernels, no two
instruction lines equal).  Each measurement runs in a fresh interpreter so
that peak memory (ru_maxrss) is that of one parse; the best of N runs is
reported.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402

_CHILD = r"""
import gc, json, resource, sys, time
sys.path.insert(0, {root!r})
import visa
from visa.parser import _grammar
text = open({path!r}).read()
lines = text.count("\n")
if {nlines} and {nlines} < lines:
    # keep the declarations (the head) and the first instructions
    text = "".join(text.splitlines(keepends=True)[:{nlines}])
    lines = {nlines}
t0 = time.perf_counter(); _grammar(); t_load = time.perf_counter() - t0
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter(); m = visa.parse(text); t1 = time.perf_counter()
out = visa.format(m); t2 = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(dict(lines=lines, load=t_load, parse=t1 - t0, format=t2 - t1,
                      peak_mb=peak / 1024, base_mb=base / 1024)))
"""


def run_once(path: Path, nlines: int = 0) -> dict:
    code = _CHILD.format(root=str(ROOT), path=str(path), nlines=nlines)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def best(path: Path, repeat: int, nlines: int = 0) -> dict:
    runs = [run_once(path, nlines) for _ in range(repeat)]
    return min(runs, key=lambda r: r["parse"] + r["format"])


def report(path: Path, repeat: int) -> None:
    r = best(path, repeat)
    n = r["lines"]
    print(f"file: {path.name} ({n} lines)")
    print(f"  grammar load:  {r['load']*1000:8.1f} ms")
    print(f"  parse:         {r['parse']:8.2f} s   {n / r['parse']:10,.0f} lines/s")
    print(f"  parse+format:  {r['parse'] + r['format']:8.2f} s   "
          f"{n / (r['parse'] + r['format']):10,.0f} lines/s")
    print(f"  peak memory:   {r['peak_mb']:8.1f} MB (interpreter + library alone: {r['base_mb']:.1f} MB)")
    print("  linearity (parse time per line for growing prefixes):")
    for frac in (0.25, 0.5, 1.0):
        k = int(n * frac)
        rr = best(path, max(1, repeat - 1), k)
        print(f"    {rr['lines']:7d} lines: {rr['parse']:6.2f} s  {rr['parse'] / rr['lines'] * 1e6:6.1f} us/line")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if a.file:
            paths = [Path(a.file)]
        else:
            paths = [Path(tmp, "big100k.visaasm"), Path(tmp, "nonrepeating.visaasm")]
            paths[0].write_text(inputs.big100k())
            paths[1].write_text(inputs.nonrepeating())
        for path in paths:
            if not path.exists():
                print(f"error: {path} not found", file=sys.stderr)
                return 2
            report(path, a.repeat)
    code = (f"import sys, time, json; sys.path.insert(0, {str(ROOT)!r}); import visa, glob\n"
            f"texts = [open(f).read() for f in sorted(glob.glob({str(inputs.DATA / 'corpus')!r} + '/*/*.visaasm'))]\n"
            "visa.parse(texts[0]); t0 = time.perf_counter()\n"
            "for t in texts: visa.parse(t)\n"
            "print(json.dumps([len(texts), sum(t.count(chr(10)) for t in texts), time.perf_counter() - t0]))")
    runs = [json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                      text=True).stdout) for _ in range(max(1, a.repeat - 1))]
    files, lines, secs = min(runs, key=lambda r: r[2])
    print(f"corpus ({files} real kernel files, parsed one by one): {lines} lines in {secs:.2f} s, "
          f"{lines / secs:,.0f} lines/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
