"""One writer of output files (visa/_files.py ``replace_with``), used by every
command that writes one: whole or not at all, and made as an assembler makes
its output -- a new file 0666 masked by the umask, an existing file keeping
its mode, a symbolic link kept (the file it names replaced), a FIFO or
device written directly.  LLVM's assembler, where installed, is the
reference for the modes; each command's ``-o`` is checked to go through it.
"""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from refs import AFUC, CORPUS, G80
from visa._files import replace_with

KERNEL = CORPUS / "tgllp" / "media_block__media_blk__simd8"


def mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.fixture
def umask():
    """Set the process's umask for a test (restored after)."""
    saved = os.umask(0o022)
    yield os.umask
    os.umask(saved)


def test_a_new_file_is_0666_masked_by_the_umask(tmp_path, umask):
    for mask in (0o022, 0o027, 0o002, 0o077):
        umask(mask)
        target = tmp_path / f"new{mask:o}"
        replace_with(str(target), b"data")
        assert target.read_bytes() == b"data" and mode(target) == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new2", "new22", "new27", "new77"]


def test_an_existing_file_keeps_its_mode(tmp_path, umask):
    umask(0o022)
    for m in (0o600, 0o640, 0o644, 0o755, 0o444):
        target = tmp_path / f"old{m:o}"
        target.write_bytes(b"old contents, longer than the new")
        os.chmod(target, m)
        replace_with(str(target), b"new")
        assert target.read_bytes() == b"new" and mode(target) == m


def test_a_symbolic_link_stays_and_its_file_is_replaced(tmp_path):
    (tmp_path / "real").write_bytes(b"old")
    os.chmod(tmp_path / "real", 0o640)
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "link"
    link.symlink_to("../real")
    replace_with(str(link), b"new")
    assert link.is_symlink() and os.readlink(link) == "../real"
    assert (tmp_path / "real").read_bytes() == b"new" and mode(tmp_path / "real") == 0o640
    assert sorted(p.name for p in (tmp_path / "sub").iterdir()) == ["link"]
    # a link to nothing yet: the file it names is made
    dangling = tmp_path / "dangling"
    dangling.symlink_to("made")
    replace_with(str(dangling), b"x")
    assert dangling.is_symlink() and (tmp_path / "made").read_bytes() == b"x"


def test_a_fifo_is_written_directly(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    replace_with(str(fifo), b"through the fifo")
    reader.join(60)
    assert got == [b"through the fifo"] and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["fifo"]


def test_a_failed_write_leaves_the_target_as_it_was_and_nothing_else(tmp_path):
    target = tmp_path / "out"
    target.write_bytes(b"old")
    with pytest.raises(TypeError):
        replace_with(str(target), "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["out"]
    with pytest.raises(IsADirectoryError):
        replace_with(str(tmp_path), b"x")
    with pytest.raises(FileNotFoundError):
        replace_with(str(tmp_path / "no" / "such"), b"x")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]



def test_the_data_is_on_disk_before_the_rename(tmp_path, monkeypatch):
    """The new file is written, flushed and fsync'ed, then renamed: a crash between leaves the
    old file or the new one under the name, never an empty one."""
    import visa._files as files
    seen: list[tuple] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        seen.append(("fsync", os.fstat(fd).st_size))
        real_fsync(fd)

    def replace(a, b):
        seen.append(("replace", os.path.basename(b)))
        real_replace(a, b)

    monkeypatch.setattr(files.os, "fsync", fsync)
    monkeypatch.setattr(files.os, "replace", replace)
    replace_with(str(tmp_path / "out"), b"12345")
    assert seen == [("fsync", 5), ("replace", "out")]
    assert (tmp_path / "out").read_bytes() == b"12345"

LLVM_MC = shutil.which("llvm-mc") or next(
    (str(p) for p in sorted(Path("/usr/bin").glob("llvm-mc-*"), reverse=True)), None)


@pytest.mark.skipif(LLVM_MC is None, reason="llvm-mc (Debian package llvm) is not installed")
def test_the_modes_are_llvm_mc_s(tmp_path):
    """LLVM's assembler, run on the same targets, makes the same files: a new file under two
    umasks, existing files of three modes, a link.  (GNU as differs: it removes a target of
    some size and makes a new file, 0666 & ~umask, a link included; cp keeps a target's mode.)"""
    src = tmp_path / "x.s"
    src.write_text("nop\n")

    def llvm_writes(target: Path, mask: int) -> None:
        subprocess.run([LLVM_MC, "-filetype=obj", str(src), "-o", str(target)], check=True,
                       preexec_fn=lambda: os.umask(mask))

    def we_write(target: Path, mask: int) -> None:
        subprocess.run([sys.executable, "-c", "import os, sys; from visa._files import replace_with; "
                        "os.umask(int(sys.argv[2])); replace_with(sys.argv[1], b'x')", str(target), str(mask)],
                       check=True)

    def outcome(write, side: Path) -> list:
        side.mkdir()
        seen = []
        for mask in (0o022, 0o077):
            write(side / f"new{mask:o}", mask)
            seen.append(mode(side / f"new{mask:o}"))
        for m in (0o600, 0o640, 0o755):
            (side / f"old{m:o}").write_bytes(b"old")
            os.chmod(side / f"old{m:o}", m)
            write(side / f"old{m:o}", 0o022)
            seen.append(mode(side / f"old{m:o}"))
        (side / "real").write_bytes(b"old")
        (side / "link").symlink_to("real")
        write(side / "link", 0o022)
        seen.append(((side / "link").is_symlink(), (side / "real").read_bytes() != b"old"))
        return seen

    assert outcome(we_write, tmp_path / "ours") == outcome(llvm_writes, tmp_path / "llvm")


# ----------------------------------------------------- each command's -o goes through it
def _commands(tmp_path: Path, out: Path) -> dict[str, list[str]]:
    from test_process import script
    src = tmp_path / "prog.s"
    src.write_text((G80 / "asm" / "gen" / "prog000.s").read_text())
    return {
        "visa-as": script("visa-as") + [str(KERNEL) + ".visaasm", "-o", str(out)],
        "visa-dis": script("visa-dis") + [str(KERNEL) + ".ref.isa", "-o", str(out)],
        "visa-cfg": script("visa-cfg") + [str(KERNEL) + ".visaasm", "--format", "json", "-o", str(out)],
        "afuc-as": script("afuc-as") + [str(AFUC / "asm" / "a530_prog_001.asm"), "-o", str(out)],
        "afuc-dis": script("afuc-dis") + [str(AFUC / "dis" / "a530_edge_001.fw"), "-o", str(out)],
        "g80-as": script("g80-as") + ["-O", "cp", "-V", "g80", "-w", str(src), "-o", str(out)],
    }


@pytest.mark.parametrize("tool", ["visa-as", "visa-dis", "visa-cfg", "afuc-as", "afuc-dis", "g80-as"])
def test_each_output_file_is_written_by_the_one_writer(tool, tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "result"
    cmd = _commands(tmp_path, out)[tool]
    r = subprocess.run(cmd, capture_output=True, preexec_fn=lambda: os.umask(0o027), timeout=120)
    assert r.returncode == 0, r.stderr
    made = out.read_bytes()
    assert made and mode(out) == 0o640  # new: 0666 & ~027
    out.write_bytes(b"stale")
    os.chmod(out, 0o600)
    r = subprocess.run(cmd, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == made and mode(out) == 0o600  # existing: its mode kept
    assert [p.name for p in out_dir.iterdir()] == ["result"]  # nothing left beside it
    # a folder that cannot take the file: said, status 1, nothing written
    r = subprocess.run(cmd[:-1] + [str(tmp_path / "no" / "such")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "No such file or directory" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "no").exists()
