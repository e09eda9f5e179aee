#!/usr/bin/env python3
"""Benchmark visa-as against Intel's GenX_IR, side by side in one run.

    python benchmarks/bench_assemble.py [--repeat N]

Two inputs, built from the project's own data (benchmarks/inputs.py):

* big100k: the vadd kernel's body repeated to 100,124 lines, assembled with
  its Gen blob; the output must equal Intel's big100k.ref.isa.  One body
  repeated: a memo of equal lines helps here (the best case).
* nonrepeating: about 100,000 lines of real TGLLP kernels, every variable and
  label renamed per copy, no two instruction lines equal (the honest case).

Each is run through ``visa-as`` and through Debian's ``GenX_IR FILE -platform
TGLLP -binary`` (which also compiles to Gen code) where it is installed.
Wall time, CPU time and peak memory of each whole command come from
/usr/bin/time (the wall time to the millisecond:
benchmarks/commands.py); the best of N runs is reported, the commands taking turns
(a slow spell of the machine falls on all of them).  ``visa-as`` is timed
as installed (a long input is validated in a second process while the
first encodes it) and with ``-j 1`` (one process).

``visa-as`` is run as an installed user runs it: the console script beside
this Python (not a version manager's shim, which adds its own start-up), with
the package's bytecode compiled first, as ``pip install`` does (a
PYTHONDONTWRITEBYTECODE environment would otherwise compile every module
from source on each start, about 0.15 s).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import inputs  # noqa: E402
from commands import timed, tool  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("error: needs /usr/bin/time (Debian package 'time')", file=sys.stderr)
        return 2
    from visa.binary import objfile
    ref = inputs.big100k_ref()
    (blob,) = objfile.read(ref).kernels[0].gen_binaries
    import compileall
    import visa
    compileall.compile_dir(str(Path(visa.__file__).parent), quiet=1)
    as_cmd = tool("visa-as")
    genx = shutil.which("GenX_IR")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "blob.bin").write_bytes(blob.data)
        cases = [("big100k", inputs.big100k(), ["--gen-binary", f"{blob.platform}:blob.bin"]),
                 ("nonrepeating", inputs.nonrepeating(), [])]
        for name, text, extra in cases:
            src = Path(tmp, name + ".visaasm")
            src.write_text(text)
            ins = sum(1 for ln in text.splitlines() if ln.startswith("    "))
            print(f"{name}: {text.count(chr(10))} lines, {ins} instructions, "
                  f"{len(set(ln for ln in text.splitlines() if ln.startswith('    ')))} distinct")
            # the three commands take turns, N rounds, so that a slow spell of
            # the machine falls on all of them alike; the best of each is kept
            runs: dict[str, list] = {"ours": [], "one": [], "theirs": []}
            for _ in range(a.repeat):
                runs["ours"].append(timed(as_cmd + [src.name, *extra, "-o", "ours.isa"], tmp))
                # one process: validation and encoding one after the other
                runs["one"].append(timed(as_cmd + [src.name, *extra, "-o", "one.isa", "-j", "1"], tmp))
                if genx:
                    runs["theirs"].append(timed([genx, src.name, "-platform", "TGLLP", "-binary",
                                                 "-outputCisaBinaryName", "x.isa"], tmp))
            ours, one = min(runs["ours"]), min(runs["one"])
            note = ""
            if ours[2] != 0 or one[2] != 0:
                note, status = f"  FAILED (exit {ours[2]}, -j 1: {one[2]})", 1
            elif name == "big100k":
                same = Path(tmp, "ours.isa").read_bytes() == ref == Path(tmp, "one.isa").read_bytes()
                note = f"  output == big100k.ref.isa: {same}"
                status |= 0 if same else 1
            print(f"  visa-as : {ours[0]:6.2f} s  {ours[1]:7.1f} MB peak{note}  (CPU {ours[3]:.2f} s)")
            print(f"  -j 1    : {one[0]:6.2f} s  {one[1]:7.1f} MB peak  (one process; CPU {one[3]:.2f} s)")
            if not genx:
                print("  GenX_IR : not installed here (Debian 12 package libigc-tools)")
                continue
            theirs = min(runs["theirs"])
            print(f"  GenX_IR : {theirs[0]:6.2f} s  {theirs[1]:7.1f} MB peak  (exit {theirs[2]}; "
                  f"Debian 12, also compiles to Gen code; CPU {theirs[3]:.2f} s)")
            print(f"  ratio   : visa-as takes {ours[0] / theirs[0]:.2f} of GenX_IR's wall time "
                  f"({one[0] / theirs[0]:.2f} with -j 1), {ours[1] / theirs[1]:.2f} of its peak memory")
    return status


if __name__ == "__main__":
    sys.exit(main())
