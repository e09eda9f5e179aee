"""``afuc-dis`` and ``afuc-as``: the command lines of :mod:`visa.afuc`.

Exit status: 0 done, 1 bad input (every problem reported as
``FILE:LINE:COL: error: message``, no output file written), 2 usage (and
``afuc-dis``' unknown GPU id, as Mesa's).
"""
from __future__ import annotations

import argparse
import functools
import gc
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from visa import __version__


def _write(path: str, data: bytes) -> None:
    """Write ``path`` whole or not at all (a temporary file beside it, then
    renamed over it)."""
    d, name = os.path.split(os.path.abspath(path))
    for n in range(100):
        tmp = os.path.join(d, f".{name}.{os.getpid()}.{n}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - a hundred stale temporary files
        raise FileExistsError(f"{d}: no temporary file name free")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _read(path: str) -> bytes | None:
    """The bytes of ``path`` (``-``: standard input); None after saying why
    there are none."""
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as e:
        print(f"{path}: error: {e.strerror}", file=sys.stderr)
        return None


def _quick(main: Callable[[Sequence[str] | None], int]) -> Callable[[Sequence[str] | None], int]:
    """Run ``main`` without the garbage collector: one short run, whose tree
    of nodes has no cycles to collect (the collector's passes over it were
    a tenth of the run).  Its state is restored after."""
    @functools.wraps(main)
    def run(argv: Sequence[str] | None = None) -> int:
        was = gc.isenabled()
        gc.disable()
        try:
            return main(argv)
        finally:
            if was:
                gc.enable()
    return run


@_quick
def dis_main(argv: Sequence[str] | None = None) -> int:
    """``afuc-dis [-u] [-v] [-r] [-c] [-g FWID] [-o OUT] FILE.fw``"""
    ap = argparse.ArgumentParser(
        prog="afuc-dis", description="List Adreno SQE/CP firmware (a5xx, a6xx, a7xx) as Mesa's "
        "afuc-disasm does; the listing reassembles with afuc-as to the same bytes.")
    ap.add_argument("file", help="firmware image (- for standard input)")
    ap.add_argument("-u", action="store_true", help="no '; Disassembling microcode: FILE' line")
    ap.add_argument("-v", action="store_true",
                    help="verbose: each instruction's pc and word (a5xx: and the jump table)")
    ap.add_argument("-r", action="store_true", help="raw: list every word, no jump table")
    ap.add_argument("-g", metavar="FWID",
                    help="firmware id in hex (5ff, 6ee, 730...) instead of the version word's")
    ap.add_argument("-c", action="store_true", help="colour register names (as Mesa's -c)")
    ap.add_argument("-o", metavar="OUT", help="write the listing to OUT")
    ap.add_argument("--version", action="version", version=f"afuc-dis (visa) {__version__}")
    args = ap.parse_args(None if argv is None else list(argv))
    fwid = None
    if args.g is not None:
        try:
            fwid = int(args.g, 16)
        except ValueError:
            print(f"afuc-dis: error: -g wants a hex firmware id, not {args.g!r}", file=sys.stderr)
            return 2
    from visa.afuc.disasm import listing
    from visa.afuc.errors import AfucError

    data = _read(args.file)
    if data is None:
        return 1
    try:
        text = listing(data, verbose=args.v, raw=args.r, fwid=fwid, colours=args.c)
    except AfucError as e:
        print(e.render().replace("<input>", args.file, 1), file=sys.stderr)
        return 2 if "unknown GPU version" in str(e) else 1
    if not args.u:
        first, _, rest = text.partition("\n")  # after "; aNxx microcode", as Mesa
        text = f"{first}\n; Disassembling microcode: {args.file}\n{rest}"
    try:
        if args.o:
            _write(args.o, text.encode())
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except BrokenPipeError:
        return 1
    except OSError as e:
        print(f"{args.o}: error: {e.strerror}", file=sys.stderr)
        return 1
    return 0


@_quick
def as_main(argv: Sequence[str] | None = None) -> int:
    """``afuc-as IN.asm [-o OUT.fw]``"""
    ap = argparse.ArgumentParser(
        prog="afuc-as", description="Assemble Adreno SQE/CP firmware source as Mesa's afuc-asm "
        "does; every error at once, nothing written on error.")
    ap.add_argument("file", help="source (- for standard input)")
    ap.add_argument("-o", metavar="OUT", help="output firmware (default: FILE with .fw)")
    ap.add_argument("--version", action="version", version=f"afuc-as (visa) {__version__}")
    args = ap.parse_args(None if argv is None else list(argv))
    if args.o is None and args.file == "-":
        print("afuc-as: error: reading standard input needs -o OUT", file=sys.stderr)
        return 2
    out = args.o or (os.path.splitext(args.file)[0] + ".fw")
    src = _read(args.file)
    if src is None:
        return 1
    from visa.afuc.asm import assemble
    from visa.afuc.errors import AfucError

    try:
        data = assemble(src, args.file)
    except AfucError as e:
        print(e.render(), file=sys.stderr)
        return 1
    try:
        _write(out, data)
    except OSError as e:
        print(f"{out}: error: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def _leave(status: int) -> NoReturn:
    """End the process at once, as the console scripts do once their output
    is out: freeing a firmware's tens of thousands of nodes one by one at
    exit would take a twentieth of the run, for nothing."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, OSError):
        status = status or 1
    os._exit(status)


def dis_script() -> NoReturn:
    """The ``afuc-dis`` console script."""
    _leave(dis_main(None))


def as_script() -> NoReturn:
    """The ``afuc-as`` console script."""
    _leave(as_main(None))
