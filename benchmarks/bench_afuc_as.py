"""Time ``afuc-as`` (whole command, start-up included) on a listing the size
of Mesa's a630_sqe.fw listing (8,873 lines), built from the vendored a630
sweep listings: their code, copied with labels renamed per copy, then one
jump table.  Mesa's afuc-asm takes 0.04 s on a630_sqe.fw (issue 19); the
target is 0.25 s.

Usage: python benchmarks/bench_afuc_as.py [RUNS]
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DIS = Path(__file__).resolve().parent.parent / "tests/data/afuc/dis"
LINES = 8873


def listing() -> str:
    head: list[str] = []
    bodies = []
    for p in sorted(DIS.glob("a630_sweep_*.asm")):
        lines = p.read_text().split("\n")
        if not head:
            head = [x for x in lines[:12] if x.startswith("[")][:2]
        code = lines[: next(i for i, x in enumerate(lines) if x.startswith("jumptbl:"))]
        body = [x for x in code if not x.startswith(";") and x not in head]
        labels = set(re.findall(r"^(\w+):", "\n".join(body), re.M))
        name = re.compile(r"(?<![\w@%$])(#?)("
                          + "|".join(sorted(labels, key=len, reverse=True)) + r")\b")
        bodies.append((body, name))
    out = list(head)
    k = 0
    while len(out) < LINES - 130:
        for fi, (body, name) in enumerate(bodies):
            out += [name.sub(lambda m: f"{m.group(1)}{m.group(2)}_{k}_{fi}", x) for x in body]
        k += 1
    out = out[: LINES - 130]
    # a cut copy may reference labels defined further on: point those at the start
    defined = set(re.findall(r"^(\w+):", "\n".join(out), re.M))
    out = [re.sub(r"#(\w+)", lambda m: "#" + (m.group(1) if m.group(1) in defined else "start"), x)
           for x in out]
    out.insert(2, "start:")
    out += ["jumptbl:", ".jumptbl", ""]
    return "\n".join(out)


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "big.asm"
        src.write_text(listing())
        n = src.read_text().count("\n")
        best = 1e9
        for _ in range(runs):
            t = time.perf_counter()
            r = subprocess.run(["afuc-as", str(src), "-o", str(Path(d) / "big.fw")],
                               capture_output=True, text=True)
            best = min(best, time.perf_counter() - t)
            if r.returncode:
                print(r.stderr[:2000])
                return 1
        print(f"afuc-as: {n} lines, {(Path(d) / 'big.fw').stat().st_size // 4} words: "
              f"best of {runs} {best:.3f} s (Mesa 0.04 s; target 0.25 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
