#!/usr/bin/env python3
"""Benchmark visa-as against Intel's GenX_IR, side by side in one run.

    python benchmarks/bench_assemble.py [--repeat N]

Assembles ../shared/bench/big100k.visaasm (100,124 lines) with its Gen blob
(taken from big100k.ref.isa) and checks the output equals big100k.ref.isa;
then runs Debian's ``GenX_IR big100k.visaasm -platform TGLLP -binary
-outputCisaBinaryName x.isa`` on the same file.  Wall time and peak memory of
each whole command come from /usr/bin/time; the best of N runs is reported.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT.parent / "shared" / "bench"
sys.path.insert(0, str(ROOT))


def timed(cmd, cwd) -> tuple[float, float, int]:
    """(wall seconds, peak MB, exit status) of one command."""
    fmt = "%e %M"
    r = subprocess.run(["/usr/bin/time", "-f", fmt, *cmd], cwd=cwd, capture_output=True, text=True)
    last = r.stderr.strip().splitlines()[-1].split()
    return float(last[0]), int(last[1]) / 1024, r.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    src, ref = BENCH / "big100k.visaasm", BENCH / "big100k.ref.isa"
    if not src.exists() or not os.path.exists("/usr/bin/time"):
        print("error: needs ../shared/bench/big100k.visaasm and /usr/bin/time", file=sys.stderr)
        return 2
    from visa.binary import objfile
    ref_bytes = ref.read_bytes()
    (blob,) = objfile.read(ref_bytes).kernels[0].gen_binaries
    visa_as = shutil.which("visa-as")
    as_cmd = [visa_as] if visa_as else [sys.executable, "-c", "from visa.cli import as_main; as_main()"]
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "blob.bin").write_bytes(blob.data)
        shutil.copy(src, Path(tmp, "big100k.visaasm"))
        ours = []
        for _ in range(a.repeat):
            ours.append(timed(as_cmd + ["big100k.visaasm", "--gen-binary", f"{blob.platform}:blob.bin",
                                        "-o", "ours.isa"], tmp))
        same = Path(tmp, "ours.isa").read_bytes() == ref_bytes
        theirs = []
        genx = shutil.which("GenX_IR")
        if genx:
            for _ in range(a.repeat):
                theirs.append(timed([genx, "big100k.visaasm", "-platform", "TGLLP", "-binary",
                                     "-outputCisaBinaryName", "x.isa"], tmp))
    o = min(ours)
    print(f"input: {src} ({src.read_text().count(chr(10))} lines)")
    print(f"visa-as : {o[0]:6.2f} s  {o[1]:7.1f} MB peak  output == big100k.ref.isa: {same}")
    if theirs:
        t = min(theirs)
        print(f"GenX_IR : {t[0]:6.2f} s  {t[1]:7.1f} MB peak  (Debian 12, also compiles to Gen code)")
        print(f"ratio   : visa-as takes {o[0] / t[0]:.2f} of GenX_IR's wall time, "
              f"{o[1] / t[1]:.2f} of its peak memory")
    else:
        print("GenX_IR : not installed here (Debian 12 package libigc-tools)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
