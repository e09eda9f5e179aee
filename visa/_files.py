"""Writing a file whole or not at all (internal): the one writer of every
output file of the package's commands (visa-as, visa-dis, visa-cfg, afuc-as,
afuc-dis, g80-as) and of the ready-made store's files.

The data goes to a new file beside the target, flushed to the disk
(``fsync``, as git, dpkg and editors do before a rename: after a crash the
name holds the old file or the new one, never an empty one) and renamed over
it once written, so that a reader never sees half a file and a failed write
(a full disk, ^C) leaves no file behind and an older target as it was.  The file is
made as LLVM's assembler (llvm-mc) makes its output, which it writes into
an existing file as ``gcc -E -o`` and ``cp`` do too (checked on Debian 12:
llvm-mc 14, gcc 12, coreutils 9.1; tests/test_files.py compares with
llvm-mc where it is installed):

* a new file has mode 0666 masked by the umask (0644 with the usual 022);
* an existing file keeps its mode (``chmod 600 out.isa`` stays private);
* a symbolic link stays a link: the file it names is the one replaced;
* what is not a regular file (``-o /dev/null``, ``/dev/stdout``, a FIFO)
  is written directly: there is no file to replace.

(GNU as and ld, behind ``gcc -c`` and ``gcc -o``, do otherwise: they
remove a target of some size, a link included, and make a new file of mode
0666 masked by the umask.  Keeping the mode keeps a deliberate ``chmod``.
Two things a write into the file would keep differ here: the file is a new
one, so another hard link to the old one keeps the old contents, and it is
owned by whoever writes it.  The target's folder must be writable.)
"""
from __future__ import annotations

import errno
import os
import stat


def new_file_beside(target: str, mode: int = 0o666) -> tuple[int, str]:
    """A new file of a name no other has, in ``target``'s directory, open
    for writing: (descriptor, name).  Created exclusively, not through a
    link, with ``mode`` masked by the umask (as ``tempfile.mkstemp`` makes
    one, but for the mode, without importing tempfile: about 2 ms of
    start-up)."""
    where = os.path.dirname(target) or "."
    flags = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_BINARY", 0))
    for _ in range(100):
        name = os.path.join(where, f".{os.path.basename(target)}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(name, flags, mode), name
        except FileExistsError:  # pragma: no cover - 48 random bits taken
            continue
    raise FileExistsError(f"no free temporary name beside {target}")  # pragma: no cover


def replace_with(target: str, data: bytes, mode: int = 0o666) -> None:
    """Make ``target`` a file holding ``data`` (see the module's doc);
    ``mode``: that of a new file, before the umask.  Raises OSError (the
    target untouched) where it cannot."""
    try:
        old = os.stat(target)  # (through a link)
    except OSError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        if stat.S_ISDIR(old.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), target)
        with open(target, "wb") as f:  # a device, a FIFO: written as it is
            f.write(data)
        return
    if os.path.islink(target):
        target = os.path.realpath(target)
    # (an existing file's data is never readable by more than it is now:
    # the new file is private until it has that file's mode)
    fd, tmp = new_file_beside(target, mode if old is None else 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            if old is not None and hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), stat.S_IMODE(old.st_mode))
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
