"""``afuc-dis``: list afuc firmware like Mesa's ``afuc-disasm`` (a5xx, a6xx, a7xx).

Exit 0 ok, 1 bad input, 2 usage or unknown GPU id (as Mesa)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile


def dis_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="afuc-dis", description=__doc__)
    ap.add_argument("file")
    ap.add_argument("-u", action="store_true", help="unit-test mode: no path line")
    ap.add_argument("-v", action="store_true", help="verbose: each instruction's pc and word (a5xx: jump table dump)")
    ap.add_argument("-r", action="store_true", help="raw: list every word, no jump table")
    ap.add_argument("-g", metavar="FWID", help="firmware id in hex (5ff, 6ee, 730...) instead of the version word's")
    ap.add_argument("-c", action="store_true", help="colours (accepted as Mesa's; the listing is printed plain)")
    ap.add_argument("-o", metavar="OUT", help="write the listing to OUT")
    args = ap.parse_args(argv)
    fwid = None
    if args.g is not None:
        try:
            fwid = int(args.g, 16)
        except ValueError:
            print(f"afuc-dis: error: -g wants a hex firmware id, not {args.g!r}", file=sys.stderr)
            return 2
    from visa.afuc.disasm import FirmwareError, disassemble

    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except OSError as e:
        print(f"{args.file}: error: {e.strerror}", file=sys.stderr)
        return 1
    try:
        text = disassemble(data, verbose=args.v, raw=args.r, fwid=fwid)
    except FirmwareError as e:
        print(f"{args.file}: error: {e}", file=sys.stderr)
        return 2 if "unknown GPU" in str(e) else 1
    if not args.u:
        text = f"; Disassembling microcode: {args.file}\n" + text
    if args.o:
        d = os.path.dirname(os.path.abspath(args.o))
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".afuc-dis-")
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.replace(tmp, args.o)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(dis_main())
