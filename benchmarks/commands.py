"""What the benchmarks share about running a whole command: its wall time,
CPU time and peak memory as /usr/bin/time measures them, and a tool found as
an installed user runs it (the console script beside this Python, not a
version manager's shim, which adds start-up of its own)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


def timed(cmd, cwd) -> tuple[float, float, int, float]:
    """(wall seconds, peak MB, exit status, CPU seconds: user + system) of
    one command."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", *cmd], cwd=cwd, capture_output=True,
                       text=True)
    last = r.stderr.strip().splitlines()[-1].split()
    return float(last[0]), int(last[1]) / 1024, r.returncode, float(last[2]) + float(last[3])


def tool(name: str) -> list[str]:
    """The command that runs visa's console script ``name`` (``visa-as``,
    ``visa-dis``): the script beside this Python, else on PATH, else its
    entry point through this Python."""
    beside = Path(sys.executable).parent / name
    exe = str(beside) if beside.exists() else shutil.which(name)
    return [exe] if exe else [sys.executable, "-c",
                              f"from visa.cli import {name.replace('visa-', '')}_main as m; m()"]
