#!/usr/bin/env python3
"""Where visa-as spends its time, stage by stage, on the two benchmark
inputs (benchmarks/inputs.py): parse, validate, encode.  In-process, best of
N runs, the garbage collector as the library leaves it.

    python benchmarks/bench_stages.py [--repeat N]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402

import visa  # noqa: E402
from visa.encode import assemble_module  # noqa: E402
from visa.validator import validate  # noqa: E402


def stages(text: str, repeat: int) -> dict[str, float]:
    best: dict[str, float] = {}
    for _ in range(repeat):
        t0 = time.perf_counter()
        module = visa.parse(text)
        t1 = time.perf_counter()
        found = validate(module)
        t2 = time.perf_counter()
        assemble_module(module)
        t3 = time.perf_counter()
        assert not [d for d in found if d.severity == "error"], found[:3]
        for k, v in (("parse", t1 - t0), ("validate", t2 - t1), ("encode", t3 - t2)):
            best[k] = min(best.get(k, v), v)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    visa.parse('.version 4.1\n.kernel "warm"\n')  # load the grammar first
    for name, text in (("big100k", inputs.big100k()), ("nonrepeating", inputs.nonrepeating())):
        b = stages(text, a.repeat)
        total = sum(b.values())
        print(f"{name}: {text.count(chr(10))} lines; " + ", ".join(
            f"{k} {v:.2f} s ({100 * v / total:.0f}%)" for k, v in b.items()) + f"; total {total:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
