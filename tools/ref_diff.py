#!/usr/bin/env python3
"""Developer tool: assemble the program text of reference stems and show where
our bytes differ from the .ref.isa (the first differing table of each object,
or the offset in its instruction stream).

    python tools/ref_diff.py tests/data/refs/forms/*.ref.isa [-v]
"""
from __future__ import annotations

import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import refs  # noqa: E402

import visa  # noqa: E402
from visa.binary import objfile  # noqa: E402

TABLES = ("strings", "variables", "addresses", "predicates", "labels", "samplers",
          "surfaces", "inputs", "attributes", "code")


def first_difference(ours: bytes, ref: bytes) -> str:
    a, b = objfile.read(ours), objfile.read(ref)
    units_a = list(a.kernels) + list(a.functions)
    units_b = list(b.kernels) + list(b.functions)
    if len(units_a) != len(units_b):
        return f"objects: {len(units_a)} vs {len(units_b)}"
    for ua, ub in zip(units_a, units_b, strict=True):
        for table in TABLES:
            x, y = getattr(ua.obj, table), getattr(ub.obj, table)
            if x == y:
                continue
            if table == "code":
                i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
                return (f"{ua.name}: code at {i} of {len(y)}: ours {x[max(0, i - 12):i + 20].hex()} "
                        f"ref {y[max(0, i - 12):i + 20].hex()}")
            diffs = [(i, p, q) for i, (p, q) in enumerate(zip(x, y)) if p != q][:3]
            return f"{ua.name}: {table} ({len(x)} vs {len(y)} entries) {diffs}"
    return "container layout"


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    stats: collections.Counter = collections.Counter()
    for arg in (a for a in argv if not a.startswith("-")):
        stem = Path(arg[: -len(".ref.isa")] if arg.endswith(".ref.isa") else arg.removesuffix(".visaasm"))
        try:
            ours, ref = refs.assemble_stem(stem)
        except visa.VisaError as e:
            stats["error"] += 1
            print(f"{stem.name}: error: {str(e).splitlines()[0]}")
            continue
        if ours == ref:
            stats["same"] += 1
            if verbose:
                print(f"{stem.name}: same")
            continue
        stats["differ"] += 1
        print(f"{stem.name}: {first_difference(ours, ref)}")
    print(dict(stats))
    return 0 if not stats["error"] and not stats["differ"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
