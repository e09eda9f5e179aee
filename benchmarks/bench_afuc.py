#!/usr/bin/env python3
"""Benchmark the afuc tools, whole commands, start-up included:

    python benchmarks/bench_afuc.py [--repeat N] [--firmware FILE]

* ``afuc-dis -u a630_sqe.fw -o a630.asm`` (8,925 lines) and
* ``afuc-as a630.asm -o a630.fw`` (which must give the firmware back),

against issue 19's figures for Mesa's ``afuc-disasm``/``afuc-asm`` on this
machine (0.05 s and 0.04 s; Mesa's tools cannot run here) and its target
(0.25 s each).  The firmware is Debian's firmware-qcom-soc
(``/lib/firmware/qcom/a630_sqe.fw``, or ``--firmware``, or ``$FW_DIR``);
where it is not installed, an image of the same size made from the vendored
a630 sweep listings stands in (said so in the output).  The floors are the
interpreter alone (``python -c pass``) and ``import attrs``.

Each command takes its turn in every round (a slow spell of a shared
machine falls on all of them); the minimum, median and maximum wall times
are reported, with the CPU time (user + system) of the best round and the
load average.  The tools run as an installed user runs them, as
benchmarks/bench_startup.py runs them: this tree installed with pip
(``--no-deps``, bytecode compiled) into a throwaway virtual environment
(:func:`commands.install`), its console scripts, with a store of ready-made
data of their own (``VISA_CACHE_DIR``) filled by one warm-up run each; the
floors are taken with that environment's interpreter.  ``--here`` runs the
console scripts beside this Python instead (a development install runs its
editable finder at every start), saying so.
"""
from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIS = ROOT / "tests" / "data" / "afuc" / "dis"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from commands import timed, tools  # noqa: E402

MESA = {"afuc-dis": 0.05, "afuc-as": 0.04}
TARGET = 0.25


def stand_in(words: int) -> bytes:
    """An a630 image of ``words`` words from the vendored sweep listings:
    their code, copied with labels renamed per copy, then a jump table."""
    sys.path.insert(0, str(ROOT))
    from visa.afuc import assemble

    head: list[str] = []
    bodies = []
    for p in sorted(DIS.glob("a630_sweep_*.asm")):
        lines = p.read_text().split("\n")
        if not head:
            head = [x for x in lines[:12] if x.startswith("[")][:2]
        code = lines[: next(i for i, x in enumerate(lines) if x.startswith("jumptbl:"))]
        body = [x for x in code if not x.startswith(";") and x not in head and x]
        labels = set(re.findall(r"^(\w+):", "\n".join(body), re.M))
        name = re.compile(r"(?<![\w@%$])(#?)(" + "|".join(sorted(labels, key=len, reverse=True))
                          + r")\b")
        bodies.append((body, name))
    out = list(head)
    k = 0
    count = 0  # the words so far (labels take none)
    while count < words - 130:
        for fi, (body, name) in enumerate(bodies):
            for x in body:
                if count < words - 130:
                    out.append(name.sub(lambda m: f"{m.group(1)}{m.group(2)}_{k}_{fi}", x))
                    count += not x.endswith(":")
        k += 1
    defined = set(re.findall(r"^(\w+):", "\n".join(out), re.M))
    out = [re.sub(r"#(\w+)", lambda m: "#" + (m.group(1) if m.group(1) in defined else "start"), x)
           for x in out]
    out.insert(2, "start:")
    out += ["jumptbl:", ".jumptbl", ""]
    return assemble("\n".join(out))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--firmware", default=os.path.join(os.environ.get("FW_DIR", "/lib/firmware/qcom"),
                                                       "a630_sqe.fw"))
    ap.add_argument("--here", action="store_true",
                    help="run the console scripts beside this Python (no throwaway install)")
    a = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("error: needs /usr/bin/time (Debian package 'time')", file=sys.stderr)
        return 2
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # the children may keep their bytecode
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["VISA_CACHE_DIR"] = str(Path(tmp, "cache"))  # (inherited by every command)
        python, cmds, how = tools(Path(tmp), a.here, ["afuc-dis", "afuc-as"])
        dis, asm = cmds["afuc-dis"], cmds["afuc-as"]
        if python == sys.executable:
            import visa
            compileall.compile_dir(str(Path(visa.__file__).parent), quiet=1)
        fw = Path(a.firmware)
        if fw.is_file():
            what = str(fw)
        else:
            fw = Path(tmp) / "stand-in.fw"
            fw.write_bytes(stand_in(8014))
            what = f"{a.firmware} not installed: a stand-in of the same size from the vendored a630 sweeps"
        listing, back = Path(tmp) / "a630.asm", Path(tmp) / "a630.fw"
        runs = {
            "afuc-dis": [*dis, "-u", str(fw), "-o", str(listing)],
            "afuc-as": [*asm, str(listing), "-o", str(back)],
            "python -c pass": [python, "-c", "pass"],
            "python -c 'import attrs'": [python, "-c", "import attrs"],
        }
        for cmd in runs.values():  # warm-up (and the listing afuc-as reads)
            if timed(cmd, tmp)[2]:
                print("error: " + " ".join(cmd) + " failed", file=sys.stderr)
                return 1
        if back.read_bytes() != fw.read_bytes():
            print("error: afuc-as of the listing is not the firmware", file=sys.stderr)
            return 1
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        walls: dict[str, list[float]] = {k: [] for k in runs}
        cpus: dict[str, list[float]] = {k: [] for k in runs}
        for _ in range(a.repeat):
            for name, cmd in runs.items():
                wall, _mb, status, cpu = timed(cmd, tmp)
                if status:
                    print("error: " + " ".join(cmd) + " failed", file=sys.stderr)
                    return 1
                walls[name].append(wall)
                cpus[name].append(cpu)
        lines = listing.read_text().count("\n")
        print(f"input: {what} ({fw.stat().st_size // 4} words, listing {lines} lines)")
        print(f"the tools: {how}")
        print(f"{a.repeat} rounds, load average {load} before them, "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} after, on {os.cpu_count()} cores; "
              "wall seconds min / median / max (CPU of the best)")
        for name in runs:
            w = walls[name]
            best = w.index(min(w))
            note = f"   Mesa {MESA[name]:.2f} s, target {TARGET:.2f} s" if name in MESA else ""
            print(f"  {name:26s} {min(w):.3f} / {statistics.median(w):.3f} / {max(w):.3f}"
                  f"  ({cpus[name][best]:.3f}){note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
