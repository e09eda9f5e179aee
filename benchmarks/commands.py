"""What the benchmarks share about running a whole command: its wall time,
CPU time and peak memory, and a tool found as an installed user runs it
(the console script beside this Python, not a version manager's shim, which
adds start-up of its own)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path


def timed(cmd, cwd) -> tuple[float, float, int, float]:
    """(wall seconds, peak MB, exit status, CPU seconds: user + system) of
    one command, run under /usr/bin/time, which reports its peak memory and
    CPU time (a small process of its own between: a child forked from this
    Python would count this Python's memory as its own); the wall time is
    taken here, to the millisecond (/usr/bin/time gives hundredths), and
    includes /usr/bin/time's own start, well under a millisecond."""
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", *cmd], cwd=cwd, capture_output=True,
                       text=True)
    wall = time.perf_counter() - start
    last = r.stderr.strip().splitlines()[-1].split()
    return wall, int(last[1]) / 1024, r.returncode, float(last[2]) + float(last[3])


def tool(name: str) -> list[str]:
    """The command that runs visa's console script ``name`` (``visa-as``,
    ``visa-dis``): the script beside this Python, else on PATH, else its
    entry point through this Python."""
    beside = Path(sys.executable).parent / name
    exe = str(beside) if beside.exists() else shutil.which(name)
    return [exe] if exe else [sys.executable, "-c",
                              f"from visa.cli import {name.replace('visa-', '')}_main as m; m()"]
