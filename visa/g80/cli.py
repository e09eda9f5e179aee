"""Console scripts ``g80-dis`` and ``g80-as`` (envydis/envyas ``-m g80`` options)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NoReturn


def _getopt(argv: Sequence[str], spec: str) -> tuple[list[tuple[str, str]], list[str]]:
    """POSIX getopt as glibc does it (permuting: options may follow operands)."""
    takes = {spec[i] for i in range(len(spec)) if i + 1 < len(spec) and spec[i + 1] == ":"}
    opts: list[tuple[str, str]] = []
    rest: list[str] = []
    i = 0
    argv = list(argv)
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i + 1:])
            break
        if arg.startswith("--color"):
            opts.append(("--color", arg.partition("=")[2] or "always"))
            i += 1
            continue
        if arg.startswith("--") and len(arg) > 2:
            opts.append((arg, ""))
            i += 1
            continue
        if arg.startswith("-") and len(arg) > 1:
            j = 1
            while j < len(arg):
                ch = arg[j]
                if ch not in spec or ch == ":":
                    raise _Usage(f"invalid option -- '{ch}'")
                if ch in takes:
                    val = arg[j + 1:]
                    if not val:
                        i += 1
                        if i >= len(argv):
                            raise _Usage(f"option requires an argument -- '{ch}'")
                        val = argv[i]
                    opts.append((ch, val))
                    break
                opts.append((ch, ""))
                j += 1
        else:
            rest.append(arg)
        i += 1
    return opts, rest


class _Usage(Exception):
    pass


def target_option(o: str, v: str, variants: list[str], modes: list[str], feats: list[str]) -> bool:
    """Take one of the options envyas and envydis share for what to read or
    write for (``-m`` the architecture, ``-V`` a chip, ``-O`` a program type,
    ``-F`` a feature) into ``variants``/``modes``/``feats``; False where
    ``o`` is not one of them."""
    if o == "m":
        if v != "g80":
            raise _Usage(f"Unknown architecture \"{v}\"!")
    elif o == "V":
        variants.append(v)
    elif o == "O":
        modes.append(v)
    elif o == "F":
        feats.append(v)
    else:
        return False
    return True


def _hexarg(s: str) -> int:
    """sscanf("%x"): leading hex digits (optional 0x), 0 if none."""
    s = s.strip()
    if s[:2].lower() == "0x":
        s = s[2:]
    n = 0
    for ch in s:
        if ch in "0123456789abcdefABCDEF":
            n = n * 16 + int(ch, 16)
        else:
            break
    return n & 0xFFFFFFFF


def variant_from(variants: list[str], features: list[str], modes: list[str]):
    from . import isa
    feats = 0
    if len(variants) > 1:
        raise _Usage("Variant already set")
    for v in variants:
        if v not in isa.CHIPS:
            raise _Usage(f"Unknown variant \"{v}\"")
        feats |= isa.CHIPS[v]
    for f in features:
        if f not in isa.FEATURES:
            raise _Usage(f"Unknown feature \"{f}\"")
        feats |= isa.FEATURES[f]
    ptype = None
    if len(modes) > 1:
        raise _Usage("Mode already set")
    for m in modes:
        if m not in isa.MODES:
            raise _Usage(f"Unknown mode \"{m}\"")
        ptype = m
    return isa.variant(feats, ptype)


def dis_run(argv: Sequence[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """Run g80-dis in-process: (exit status, stdout text, stderr text)."""
    try:
        return 0, _dis(argv, stdin), ""
    except _Usage as e:
        return 1, "", f"g80-dis: {e}\n"


DIS_USAGE = """usage: g80-dis [OPTIONS] [FILE]
Disassemble NVIDIA G80 (Tesla) shader code as envytools' envydis -m g80 does.
  -w / -W / -i   input: 32-bit / 64-bit hex words, raw binary (default: hex bytes)
  -S N           with -i: read one byte of every N
  -b ADDR        address of the first byte      -d N   skip N bytes    -l N   list N bytes
  -q             no address/hex columns         -u ADDR  flow mode from ADDR
  -M FILE        labels from an envydis map file
  -V CHIP        g80 g84 g200 mcp77 gt215       -F FEATURE  sm11 sm12 fp64 d3d10_1
  -O TYPE        program type: vp gp fp cp
  -n             no colours (default: colours, as envydis)   --color=auto|always|never
  -x             a listing that g80-as reassembles to the same bytes
  --help, --version
"""
AS_USAGE = """usage: g80-as [OPTIONS] [FILE]
Assemble NVIDIA G80 (Tesla) shader code as envytools' envyas -m g80 does.
  -w / -W / -i   output 32-bit / 64-bit words, raw binary (default: 0x%02x, bytes)
  -a             as C arrays (with -w/-W)          -o FILE   write FILE
  -V CHIP / -F FEATURE / -O TYPE   as g80-dis
  -L             the input is a g80-dis / envydis listing (every line it prints)
  -s, --Werror   warnings are errors               --Wno-misaligned-register
  --help, --version
"""


def _info(argv: Sequence[str], usage: str, name: str) -> str | None:
    """The text of --help / --version, if asked for."""
    if "--help" in argv or "-h" in argv:
        return usage
    if "--version" in argv:
        from visa import __version__
        return f"{name} (visa {__version__})\n"
    return None


def dis_main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    info = _info(argv, DIS_USAGE, "g80-dis")
    if info is not None:
        sys.stdout.write(info)
        return 0
    rc, out, err = dis_run(argv, b"" if sys.stdin is None else _stdin_if_needed(argv))
    sys.stderr.write(err)
    sys.stdout.write(out)
    return rc


def _stdin_if_needed(argv: Sequence[str]) -> bytes:
    try:
        _, rest = _getopt(argv, "b:d:l:m:V:O:F:wWinqu:M:S:xe")
    except _Usage:
        return b""
    return b"" if rest else sys.stdin.buffer.read()


def _dis(argv: Sequence[str], stdin: bytes = b"") -> str:
    from . import dis
    from . import listing
    opts, rest = _getopt(argv, "b:d:l:m:V:O:F:wWinqu:M:S:x")
    w = 0
    exact = False
    binary = False
    quiet = False
    colors = True
    base = skip = limit = wsz = 0
    variants: list[str] = []
    modes: list[str] = []
    feats: list[str] = []
    labels: list[listing.Label] = []
    for o, v in opts:
        if o == "b":
            base = _hexarg(v)
        elif o == "d":
            skip = _hexarg(v)
        elif o == "l":
            limit = _hexarg(v)
        elif o == "S":
            wsz = _hexarg(v)
        elif o == "w":
            w = 1
        elif o == "W":
            w = 2
        elif o == "i":
            binary = True
        elif o == "q":
            quiet = True
        elif o == "x":
            exact = True
        elif o == "n":
            colors = False
        elif o == "--color":
            if v == "never":
                colors = False
            elif v == "always":
                colors = True
            elif v == "auto":
                colors = sys.stdout.isatty()
            else:
                raise _Usage(f"bad --color value \"{v}\"")
        elif o.startswith("--"):
            raise _Usage(f"unknown option {o}")
        elif target_option(o, v, variants, modes, feats):
            pass
        elif o == "M":
            try:
                fh = open(v, "rb")
            except OSError as e:
                raise _Usage(f"{v}: {e.strerror}") from None
            with fh:
                for raw in fh:
                    line = raw.decode("latin-1")
                    if line.startswith("#") or line.startswith("\n"):
                        continue
                    line = line.split("#", 1)[0]
                    parts = line[1:].split() if line else []
                    typ = line[:1]
                    try:
                        val = int(parts[0], 16)
                    except (IndexError, ValueError):
                        sys.stderr.write(f"Malformated input: {line}")
                        continue
                    tmap = {"B": 1, "C": 2, "E": 4, "S": 0x20, "N": 0x42, "D": 0x10, "b": 0x80, "w": 0x100}
                    if typ not in tmap:
                        raise _Usage(f"Unknown label type {typ}")
                    name = parts[1] if len(parts) > 1 else None
                    size = 0
                    if len(parts) > 2:
                        size = _hexarg(parts[2])
                    labels.append(listing.Label(val, tmap[typ], name, size))
        elif o == "u":
            labels.append(listing.Label(_hexarg(v) if v else 0, 1))
    if len(rest) > 1:
        raise _Usage("Too many parameters!")
    if rest:
        try:
            with open(rest[0], "rb") as fh:
                data = fh.read()
        except OSError as e:
            raise _Usage(f"{rest[0]}: {e.strerror}") from None
    else:
        data = stdin
    var = variant_from(variants, feats, modes)
    if binary:
        if not wsz:
            wsz = 1
        code = listing.read_binary(data, wsz)
    else:
        if wsz:
            raise _Usage("Stride is meaningless in hex input mode!")
        code = listing.read_hex(data, 4 if w == 1 else 8 if w == 2 else 1)
    if len(code) <= skip:
        return ""
    cnt = len(code) - skip
    if limit and limit < cnt:
        cnt = limit
    text = listing.listing(bytes(code[skip:skip + cnt]), var, base=base, quiet=quiet, labels=labels or None,
                     colors=dis.DEF_COLORS if colors else dis.NULL_COLORS, exact=exact)
    return text


def as_main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    info = _info(argv, AS_USAGE, "g80-as")
    if info is not None:
        sys.stdout.write(info)
        return 0
    from . import asm
    return asm.main(list(argv))


def dis_script() -> NoReturn:
    """The ``g80-dis`` console script (owns its process: visa/_process.py)."""
    from visa._process import own_process
    own_process("g80-dis", lambda: dis_main(None))


def as_script() -> NoReturn:
    """The ``g80-as`` console script."""
    from visa._process import own_process
    own_process("g80-as", lambda: as_main(None))


if __name__ == "__main__":  # pragma: no cover
    dis_script()
