"""``afuc-dis`` and ``afuc-as``: the command lines of :mod:`visa.afuc`.

Exit status: 0 done, 1 bad input (every problem reported as
``FILE:LINE:COL: error: message``, no output file written), 2 usage (and
``afuc-dis``' unknown GPU id, as Mesa's).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from visa import __version__
from visa._files import replace_with


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
    if args.o:
        try:
            replace_with(args.o, text.encode())
        except OSError as e:
            print(f"{args.o}: error: {e.strerror}", file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


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
        replace_with(out, data)
    except OSError as e:
        print(f"{out}: error: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def dis_script() -> NoReturn:
    """The ``afuc-dis`` console script (owns its process: visa/_process.py)."""
    from visa._process import own_process
    own_process("afuc-dis", lambda: dis_main(None))


def as_script() -> NoReturn:
    """The ``afuc-as`` console script."""
    from visa._process import own_process
    own_process("afuc-as", lambda: as_main(None))
