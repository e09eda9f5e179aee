"""``afuc-dis``: list afuc firmware like Mesa's ``afuc-disasm`` (a5xx so far).

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
    ap.add_argument("-o", metavar="OUT", help="write the listing to OUT")
    args = ap.parse_args(argv)
    from visa.afuc.disasm import FirmwareError, disassemble

    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except OSError as e:
        print(f"{args.file}: error: {e.strerror}", file=sys.stderr)
        return 1
    try:
        text = disassemble(data)
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
