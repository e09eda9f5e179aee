#!/usr/bin/env python3
"""Benchmark the common case against Intel's GenX_IR, side by side in one run.

    python benchmarks/bench_startup.py [--repeat N]

* one kernel: ``visa-as`` on the 481-line TGLLP corpus kernel
  loop_unroll_ilp__matmul_tiled__simd32 (with its Gen blob; the output must
  equal its .ref.isa), ``visa-dis`` on that .ref.isa, ``GenX_IR FILE
  -platform TGLLP -binary`` on the text;
* a folder: the 95 TGLLP corpus kernels with a reference binary, in one
  ``visa-as`` command (``-o DIR/``; ``--syntax-only``; ``visa-dis`` of the 95
  binaries), against GenX_IR run once per file in a loop (a shell loop);
* the floor: the interpreter alone (``python -c pass``) and ``python -c
  'import lark, attrs, typer'``, our dependencies' own start-up;
* with ``--before DIR`` (a source tree of an earlier revision, e.g. made
  by ``git archive REV | tar -x -C DIR``), the one-kernel commands of that
  tree and of this one, both started the same way (``python -c`` importing
  the tree's visa), in the same rounds: the gain, measured side by side.

Wall time, CPU time (user + system) and peak memory of each whole command
come from /usr/bin/time (the wall time to the millisecond:
benchmarks/commands.py); every command takes its turn in each of N rounds (a
slow spell of the machine falls on all of them) and the best of each is
reported.  The tools run as an installed user runs them: this tree is
installed (``pip install --no-deps``, bytecode compiled) into a throwaway
virtual environment whose ``.pth`` file puts this Python's site-packages
(lark, attrs, typer) on its path, and its console scripts are run, with a
store of ready-made data of their own (``VISA_CACHE_DIR``) that one warm-up
run fills, as a user's first run does.  A development install (``pip
install -e``) runs setuptools' editable finder at every start of the
interpreter (pathlib, fnmatch, re: about half of ``python -c pass``), which
an installed user never runs; the floor (``python -c pass``, the
dependencies' imports) is taken with that environment's interpreter too.
``--here`` runs the console scripts beside this Python instead (and the floor
with this Python), saying so.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus" / "tgllp"
KERNEL = "loop_unroll_ilp__matmul_tiled__simd32"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from commands import timed, tools  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--before", metavar="DIR", help="a source tree of an earlier revision to time beside")
    ap.add_argument("--here", action="store_true",
                    help="run the console scripts beside this Python (no throwaway install)")
    a = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("error: needs /usr/bin/time (Debian package 'time')", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    import compileall

    import visa
    from visa.binary import objfile
    compileall.compile_dir(str(Path(visa.__file__).parent), quiet=1)
    genx = shutil.which("GenX_IR")
    stems = sorted(p.with_name(p.name[:-len(".ref.isa")]) for p in CORPUS.glob("*.ref.isa"))
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VISA_CACHE_DIR"] = str(Path(tmp, "cache"))  # (inherited by every command)
        python, cmds, how = tools(Path(tmp), a.here, ["visa-as", "visa-dis"])
        visa_as, visa_dis = cmds["visa-as"], cmds["visa-dis"]
        ref = (CORPUS / (KERNEL + ".ref.isa")).read_bytes()
        (blob,) = objfile.read(ref).kernels[0].gen_binaries
        Path(tmp, "blob.bin").write_bytes(blob.data)
        src = str(CORPUS / (KERNEL + ".visaasm"))
        texts = [str(s) + ".visaasm" for s in stems]
        bins = [str(s) + ".ref.isa" for s in stems]
        loop = ("for f in " + " ".join(shlex.quote(t) for t in texts)
                + f'; do {shlex.quote(genx or "GenX_IR")} "$f" -platform TGLLP -binary'
                  ' -outputCisaBinaryName x.isa >/dev/null 2>&1; done')
        cmds = {
            "python -c pass": [python, "-c", "pass"],
            "import attrs": [python, "-c", "import attrs"],
            "import lark, attrs, typer": [python, "-c", "import lark, attrs, typer"],
            "visa-as one kernel": visa_as + [src, "--gen-binary", f"{blob.platform}:blob.bin",
                                             "-o", "one.isa"],
            "visa-dis its binary": visa_dis + [str(CORPUS / (KERNEL + ".ref.isa")), "-o", "one.visaasm"],
            "GenX_IR one kernel": [genx, src, "-platform", "TGLLP", "-binary",
                                   "-outputCisaBinaryName", "x.isa"] if genx else None,
            f"visa-as {len(stems)} kernels": visa_as + ["-o", "out/", *texts],
            f"visa-as --syntax-only {len(stems)}": visa_as + ["--syntax-only", *texts],
            f"visa-dis {len(stems)} binaries": visa_dis + ["--output-dir", "dis", *bins],
            f"GenX_IR loop, {len(stems)} kernels": ["sh", "-c", loop] if genx else None,
        }
        if a.before:
            before = Path(a.before).resolve()
            if not (before / "visa" / "cli.py").is_file():
                print(f"error: {before} is not a source tree of visa", file=sys.stderr)
                return 2
            compileall.compile_dir(str(before / "visa"), quiet=1)
            for label, tree in (("before", before), ("now", ROOT)):
                cmds[f"{label}: visa-as one kernel"] = _from_tree(python, tree, "visa-as") + [
                    src, "--gen-binary", f"{blob.platform}:blob.bin", "-o", f"{label}.isa"]
                cmds[f"{label}: visa-dis its binary"] = _from_tree(python, tree, "visa-dis") + [
                    str(CORPUS / (KERNEL + ".ref.isa")), "-o", f"{label}.visaasm"]
        cmds = {k: v for k, v in cmds.items() if v is not None}
        for cmd in cmds.values():  # warm-up (the parser cache, the file cache)
            subprocess.run(cmd, cwd=tmp, capture_output=True)
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        runs: dict[str, list] = {k: [] for k in cmds}
        for _ in range(a.repeat):
            for k, cmd in cmds.items():
                runs[k].append(timed(cmd, tmp))
        best = {k: min(v) for k, v in runs.items()}
        same = Path(tmp, "one.isa").read_bytes() == ref
        outs = sorted(Path(tmp, "out").iterdir())
        print(f"{len(stems)} TGLLP corpus kernels; one kernel: {KERNEL} "
              f"({(CORPUS / (KERNEL + '.visaasm')).read_text().count(chr(10))} lines); best of {a.repeat}")
        print(f"  the tools: {how}; load average before the rounds: {load}")
        for k, (wall, mb, code, _cpu) in best.items():
            cpu = min(r[3] for r in runs[k])
            note = "" if code == 0 or k.startswith("GenX_IR") else f"  FAILED (exit {code})"
            if k.startswith("GenX_IR") and code:
                note = f"  (exit {code})"
            if k == "visa-as one kernel":
                note += f"  output == .ref.isa: {same}"
            print(f"  {k:32s} {wall:7.3f} s  (CPU {cpu:6.3f} s)  {mb:6.1f} MB peak{note}")
            if code and not k.startswith("GenX_IR"):
                status = 1
        if not same or len(outs) != len(stems):
            status = 1
        if a.before:
            for what in ("visa-as one kernel", "visa-dis its binary"):
                b, n = best[f"before: {what}"][0], best[f"now: {what}"][0]
                print(f"  {what}: before {b:.3f} s, now {n:.3f} s ({n / b:.2f} of before)")
            if Path(tmp, "before.isa").read_bytes() != Path(tmp, "now.isa").read_bytes():
                print("  before and now differ in their output")
                status = 1
        if genx:
            g1, gn = best["GenX_IR one kernel"][0], best[f"GenX_IR loop, {len(stems)} kernels"][0]
            print(f"  folder: visa-as takes {best[f'visa-as {len(stems)} kernels'][0] / gn:.2f} of the "
                  f"GenX_IR loop's wall time; one kernel: {best['visa-as one kernel'][0] / max(g1, 0.01):.1f}x "
                  f"GenX_IR's")
        else:
            print("  GenX_IR : not installed here (Debian 12 package libigc-tools)")
    return status


def _from_tree(python: str, tree: Path, name: str) -> list[str]:
    """``name`` (visa-as, visa-dis) run from the source tree ``tree``."""
    fn = "as_main" if name == "visa-as" else "dis_main"
    return [python, "-c", f"import sys; sys.path.insert(0, {str(tree)!r}); sys.argv[0] = {name!r}; "
                                  f"from visa.cli import {fn}; {fn}()"]


if __name__ == "__main__":
    sys.exit(main())
