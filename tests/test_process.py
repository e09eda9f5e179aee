"""Every console script owns its process one way (visa/_process.py): the
garbage collector off, its status from ``main()`` (or a ``SystemExit``), a
closed pipe ending it quietly with status 1, an error writing standard
output reported with status 1, ^C giving 130 without a traceback, and no
interpreter teardown (what is ready-made for the next run written first).

The nine scripts are run as pyproject.toml names them (its entry points,
not whatever an older install put on PATH); the helper itself in a
process of its own.  The library functions (``*_main(argv)``) touch
neither the collector nor the exit.
"""
from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from refs import AFUC, CORPUS, G80

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
KERNEL = CORPUS / "tgllp" / "media_block__media_blk__simd8"
FW = AFUC / "dis" / "a530_edge_001.fw"
ASM = AFUC / "asm" / "a530_prog_001.asm"
G80_SRC = G80 / "asm" / "gen" / "prog000.s"
G80_HEX = G80 / "dis" / "cp" / "g80" / "ctrl.hex"

# each script with arguments that make it print to standard output
# (afuc-as writes a file only: its -o names standard output)
PRINTING = {
    "visa-as": [str(KERNEL) + ".visaasm", "-o", "-"],
    "visa-dis": [str(KERNEL) + ".ref.isa"],
    "visa-stats": [str(KERNEL) + ".visaasm"],
    "visa-cfg": [str(KERNEL) + ".visaasm"],
    "visa-diff": [str(KERNEL) + ".visaasm", str(KERNEL) + ".ref.isa"],
    "afuc-dis": [str(FW)],
    "afuc-as": [str(ASM), "-o", "/dev/stdout"],
    "g80-as": ["-O", "cp", "-V", "g80", "-w", str(G80_SRC)],
    "g80-dis": ["-w", "-n", "-O", "cp", "-V", "g80", str(G80_HEX)],
}
# each script reading standard input (or a file that is it), where ^C finds it waiting
READING = {
    "visa-as": ["-"], "visa-dis": ["-"], "visa-stats": ["/dev/stdin"], "visa-cfg": ["/dev/stdin"],
    "visa-diff": ["/dev/stdin", str(KERNEL) + ".visaasm"], "afuc-dis": ["-"], "afuc-as": ["-", "-o", "x.fw"],
    "g80-as": ["-O", "cp", "-V", "g80"], "g80-dis": ["-O", "cp", "-V", "g80"],
}


def script(name: str) -> list[str]:
    """The command of console script ``name``, run through its pyproject.toml entry point."""
    module, func = SCRIPTS[name].split(":")
    return [sys.executable, "-c", f"import sys; sys.argv[0] = {name!r}; from {module} import {func}; {func}()"]


def test_the_nine_scripts():
    assert set(SCRIPTS) == set(PRINTING) == set(READING) == {
        "visa-as", "visa-dis", "visa-stats", "visa-cfg", "visa-diff", "afuc-as", "afuc-dis", "g80-as", "g80-dis"}


@pytest.mark.parametrize("name", sorted(PRINTING))
def test_a_closed_pipe_ends_quietly_with_status_1(name, tmp_path):
    r, w = os.pipe()
    os.close(r)  # the reader is gone before the first write
    try:
        p = subprocess.run(script(name) + PRINTING[name], stdout=w, stderr=subprocess.PIPE, cwd=tmp_path,
                           timeout=120)
    finally:
        os.close(w)
    if name == "afuc-as":  # (an output file that cannot be written: said, as any other)
        assert p.returncode == 1 and p.stderr.decode() == "/dev/stdout: error: Broken pipe\n"
        return
    assert (p.returncode, p.stderr.decode()) == (1, "")


@pytest.mark.parametrize("name", sorted(PRINTING))
def test_standard_output_that_cannot_be_written_is_status_1(name, tmp_path):
    with open("/dev/full", "wb") as full:
        p = subprocess.run(script(name) + PRINTING[name], stdout=full, stderr=subprocess.PIPE, cwd=tmp_path,
                           timeout=120)
    err = p.stderr.decode()
    assert p.returncode == 1, err
    assert "No space left on device" in err and "Traceback" not in err, err
    # (nothing reaches standard output: the same run into a pipe prints)
    ok = subprocess.run(script(name) + PRINTING[name], capture_output=True, cwd=tmp_path, timeout=120)
    assert ok.returncode == 0 and ok.stdout, ok.stderr


def _waiting_on_a_pipe(pid: int) -> bool:
    """Whether process ``pid`` is blocked reading a pipe (Linux x86-64: read() is system call 0)."""
    try:
        call = Path(f"/proc/{pid}/syscall").read_text().split()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False
    return bool(call) and call[0] == "0" and "pipe" in wchan


needs_proc = pytest.mark.skipif(
    not (sys.platform == "linux" and os.uname().machine == "x86_64" and Path("/proc/self/syscall").exists()),
    reason="finding a process waiting on a read needs Linux x86-64's /proc/PID/syscall")


@needs_proc
@pytest.mark.parametrize("name", sorted(READING))
def test_ctrl_c_gives_130_without_a_traceback(name, tmp_path):
    p = subprocess.Popen(script(name) + READING[name], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while not _waiting_on_a_pipe(p.pid):
            assert p.poll() is None and time.monotonic() < deadline, p.stderr.read()
            time.sleep(0.01)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        p.kill()
    assert (p.returncode, err.decode()) == (130, "")
    assert not list(tmp_path.iterdir())  # (afuc-as: no output file)


# ------------------------------------------------------------- the helper itself
def _own(body: str, tmp_path, **kw) -> subprocess.CompletedProcess:
    """``own_process("tool", main)`` with ``main`` defined by ``body``, in a process of its own."""
    code = ("import gc, os, signal, sys, time\nfrom visa._process import own_process\n"
            + body + "\nown_process('tool', main)\nprint('not reached')\n")
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                          timeout=60, **kw)


@pytest.mark.parametrize("body, status, out, err", [
    ("def main():\n    print('gc', gc.isenabled())\n    return 3", 3, "gc False\n", ""),
    ("def main():\n    print('x')", 0, "x\n", ""),
    ("def main():\n    sys.exit(2)", 2, "", ""),
    ("def main():\n    sys.exit('tool: bad')", 1, "", "tool: bad\n"),
    ("def main():\n    raise BrokenPipeError", 1, "", ""),
    ("def main():\n    raise KeyboardInterrupt", 130, "", ""),
    # a real ^C, while code that would make it another status (click: "Aborted!", 1) runs
    ("def main():\n    try:\n        os.kill(os.getpid(), signal.SIGINT)\n        time.sleep(30)\n"
     "    except KeyboardInterrupt:\n        print('Aborted!')\n        return 1", 130, "", ""),
    ("def main():\n    raise FileNotFoundError(2, 'No such file or directory', 'in.s')", 1, "",
     "tool: error: in.s: No such file or directory\n"),
])
def test_own_process(body, status, out, err, tmp_path):
    r = _own(body, tmp_path)
    assert (r.returncode, r.stdout, r.stderr) == (status, out, err)


def test_own_process_reports_output_it_could_not_write(tmp_path):
    """Output still buffered at the end (``sys.stdout``: a buffer it fits in) that cannot be
    written: said, status 1; a status already saying failure stays what it was."""
    buffered = "sys.stdout = open(1, 'w', buffering=1 << 16, closefd=False)\n"
    for status, want in ((0, 1), (2, 2)):
        with open("/dev/full", "w") as full:
            r = _own(buffered + f"def main():\n    sys.stdout.write('x')\n    return {status}", tmp_path,
                     stdout=full)
        assert (r.returncode, r.stderr) == (want, "tool: error: standard output: No space left on device\n")


def test_own_process_writes_what_is_ready_made_for_the_next_run(tmp_path):
    """No exit handler runs after os._exit: the store's pending memos are written before."""
    store = tmp_path / "store"
    r = _own("from visa import readymade\nm = readymade.Memo('t', 'n')\n"
             "def main():\n    m.put('k', 'v')", tmp_path, env={**os.environ, "VISA_CACHE_DIR": str(store)})
    assert r.returncode == 0, r.stderr
    from visa import readymade
    assert readymade.Memo("t", "n", where=str(store)).kept() == {"k": "v"}


def test_the_library_mains_leave_gc_and_the_process_alone(capsys, tmp_path):
    """``*_main(argv)`` called from Python return a status; the collector stays as it was."""
    from visa import dumps_cli
    from visa.afuc import cli as afuc_cli
    from visa.g80 import cli as g80_cli
    assert gc.isenabled()
    assert afuc_cli.dis_main(["-u", str(FW)]) == 0
    assert afuc_cli.as_main([str(ASM), "-o", str(tmp_path / "x.fw")]) == 0
    assert g80_cli.dis_main(["-w", "-n", "-O", "cp", "-V", "g80", str(G80_HEX)]) == 0
    assert g80_cli.as_main(["-O", "cp", "-V", "g80", "-w", str(G80_SRC)]) == 0
    assert dumps_cli.stats_main([str(KERNEL) + ".visaasm"]) == 0
    assert dumps_cli.cfg_main([str(KERNEL) + ".visaasm"]) == 0
    assert dumps_cli.diff_main([str(KERNEL) + ".visaasm", str(KERNEL) + ".visaasm"]) == 0
    assert gc.isenabled()
    capsys.readouterr()
