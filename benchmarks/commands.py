"""What the benchmarks share about running a whole command: its wall time,
CPU time and peak memory, and a tool found as an installed user runs it
(the console script beside this Python, not a version manager's shim, which
adds start-up of its own), and this tree installed as a user installs it, in a
throwaway environment (:func:`install`)."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def install(venv: Path) -> str | None:
    """The Python of a new virtual environment at ``venv`` with this tree
    installed (its console scripts beside it), or None where that fails
    (said on standard error).  The environment sees this Python's
    site-packages (the dependencies) through a ``.pth`` file, whose
    directory is only put on the path: its own ``.pth`` files, such as an
    editable install's finder, are not run."""
    import os
    import site
    import sysconfig
    base = getattr(sys, "_base_executable", sys.executable)
    r = subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], capture_output=True, text=True)
    if r.returncode:
        print(f"(no throwaway environment: {r.stderr.strip()})", file=sys.stderr)
        return None
    python = str(venv / "bin" / "python")
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True).stdout.strip()
    deps = [p for p in dict.fromkeys([sysconfig.get_paths()["purelib"], *site.getsitepackages()])
            if os.path.isdir(p)]
    Path(purelib, "_bench_dependencies.pth").write_text("".join(p + "\n" for p in deps))
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-input", "-q"]
    for extra in (["--no-build-isolation"], []):  # (offline where setuptools and wheel are here)
        r = subprocess.run(pip + extra + [str(ROOT)], capture_output=True, text=True)
        if r.returncode == 0 and (venv / "bin" / "visa-as").exists():
            return python
    print(f"(pip could not install this tree: {r.stderr.strip()[-400:]})", file=sys.stderr)
    return None


def tools(tmp: Path, here: bool, names: list[str]) -> tuple[str, dict[str, list[str]], str]:
    """The Python that runs the console scripts ``names``, their commands,
    and a sentence saying how they run: this tree installed into a
    throwaway environment under ``tmp`` (:func:`install`), else (``here``,
    or the install failed) the scripts beside this Python (:func:`tool`)."""
    python = install(Path(tmp, "venv")) if not here else None
    if python is None:
        how = (f"the console scripts beside {sys.executable} "
               f"({'as asked' if here else 'the throwaway install failed'})")
        return sys.executable, {n: tool(n) for n in names}, how
    bindir = Path(python).parent
    return (python, {n: [str(bindir / n)] for n in names},
            f"this tree installed with pip into a throwaway environment ({bindir.parent})")
