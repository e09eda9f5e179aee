"""G80 assembler, envyas ``-m g80`` compatible: text -> bytes, matching the decode tables backwards.

Every table entry whose atoms consume the instruction's words (names, operands) is a
candidate encoding; candidates come in table order (short forms first), and layout takes
the first one that fits (label values, 8-byte alignment of long instructions).
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Sequence
from typing import Any

from visa.bitisa import (BINARY, CLOSE_TOKEN, M64, OPEN_TOKEN, Candidates, Match, MatchOptions,
                         Variant, fold, is_constant, resolve)

from . import reader
from .isa import CHIPS, FEATURES, ISA, MODES, mode_of




class AsmError(Exception):
    def __init__(self, diags: list[tuple[int, int, str]]) -> None:
        super().__init__("; ".join(m for _, _, m in diags))
        self.diags = diags


# ---------------------------------------------------------------- parsing

def parse(text: str) -> list[tuple]:
    """Text -> lines (:mod:`visa.g80.reader`); raises AsmError with every syntax error."""
    lines, errors = reader.parse(text)
    if errors:
        raise AsmError(errors)
    return lines


# ---------------------------------------------------------------- matching (on the engine)

class Options(MatchOptions):
    """How lines are matched (:class:`~visa.bitisa.MatchOptions`: ``var``, ``lenient`` to
    name a too-large immediate, ``strict`` to refuse an odd ``$r53d``, ``defaults`` to widen
    an instruction), with the engine's matcher for them."""

    __slots__ = ("matcher",)

    def __init__(self, var: Variant, lenient: bool = False, strict: bool = False,
                 defaults: bool = False) -> None:
        super().__init__(var, lenient, strict, defaults)
        self.matcher = ISA.matcher(var, lenient=lenient, strict=strict, defaults=defaults)

    def with_(self, **kw: Any) -> "Options":
        args = {k: getattr(self, k) for k in MatchOptions._fields}
        args.update(kw)
        return Options(**args)


def _flatten_sinsn(out: list, s: tuple) -> None:
    name, operands, mods = s
    out.append(name)
    for om, exprs in operands:
        out.extend(om)
        for e in exprs:
            _flatten_expr(out, e)
    out.extend(mods)


def _flatten_expr(out: list, e: tuple) -> None:
    if e[0] == "sinsn":
        out.append(OPEN_TOKEN)
        _flatten_sinsn(out, e[1])
        out.append(CLOSE_TOKEN)
    else:
        out.append(fold(e))


def tokens(subinsns: list[tuple]) -> list:
    """An instruction's tokens for the matcher: words, groups and folded operands."""
    out: list = []
    for prefs, s in subinsns:
        for p in prefs:
            _flatten_expr(out, p)
        _flatten_sinsn(out, s)
    return out


def candidates(subinsns: list[tuple], opts: Options, cache: dict | None = None) -> Candidates:
    """Every encoding of one instruction, in envyas' order of preference (lazily).
    ``cache`` (one per assembly, for lines that name no label: a label's expression carries the
    position its errors cite) shares the search between equal lines.  (A plain line's tokens
    and shapes come from the reader: :func:`assemble_lines` hands them to the matcher.)"""
    toks = tokens(subinsns)
    if cache is None:
        return opts.matcher.candidates(toks)
    key = tuple(toks)
    got = cache.get(key)
    if got is None:
        got = cache[key] = opts.matcher.candidates(toks)
    return got


def _oplen(m: Match) -> int:
    return (m[3] or 32) >> 3


# ---------------------------------------------------------------- layout

#: the most bytes a section may hold (envyas would try to allocate what .skip, .size or
#: .align asks, 2**64 - 1 bytes for a -1, and fail: no G80 program comes near it)
MAX_SECTION = 1 << 24


class Section:
    def __init__(self, name: str, base: int = 0) -> None:
        self.name = name
        self.base = base
        self.code = bytearray()
        self.pos = 0
        self.labels: list[tuple[str, int]] = []

    def put(self, data: bytes) -> None:
        if self.pos == len(self.code):
            self.code += data
            self.pos += len(data)
            return
        end = self.pos + len(data)
        if len(self.code) < end:
            self.code.extend(bytes(end - len(self.code)))
        self.code[self.pos:end] = data
        self.pos = end

    def zero_to(self, newpos: int) -> None:
        if len(self.code) < newpos:
            self.code.extend(bytes(newpos - len(self.code)))
        for j in range(self.pos, newpos):
            self.code[j] = 0
        self.pos = newpos


def _pos(ln: tuple) -> tuple[int, int]:
    """Line and column of a parsed line (instruction, label or directive)."""
    return (ln[3], ln[4]) if ln[0] == "dir" else (ln[2], ln[3])


def _local(name: str, glob: str | None) -> str:
    return "__" + (glob or "") + name


class _Layout:
    def __init__(self, lines: list[tuple]) -> None:
        self.lines = lines

    def calc(self, e: tuple, syms: dict[str, int], glob: str | None, line: tuple) -> int:
        k = e[0]
        if k == "num":
            return e[1]
        if k == "label":
            name = e[1]
            if name.startswith("_") and not name.startswith("__"):
                name = _local(name, glob)
            if name in syms:
                return syms[name]
            raise AsmError([(e[2], e[3], f'undefined label "{e[1]}"')])
        if k == "neg":
            return -self.calc(e[1], syms, glob, line) & M64
        if k == "not":
            return ~self.calc(e[1], syms, glob, line) & M64
        if k == "lnot":
            return int(not self.calc(e[1], syms, glob, line))
        if k in ("div", "mod"):
            b = self.calc(e[2], syms, glob, line)
            if not b:
                raise AsmError([(_pos(line)[0], _pos(line)[1], "division by zero")])
            a = self.calc(e[1], syms, glob, line)
            return a // b if k == "div" else a % b
        return BINARY[k](self.calc(e[1], syms, glob, line), self.calc(e[2], syms, glob, line)) & M64


def _num_dir(name: str) -> int | None:
    if name[:1] not in ("b", "s", "u"):
        return None
    rest = name[1:]
    try:
        bits = int(rest, 0) if rest else None
    except ValueError:
        return None
    if bits is None or bits > 64 or bits & 7 or not bits:
        return None
    return bits


def assemble_lines(lines: list[tuple], opts: Options | Variant,
                   errors: list[tuple[int, int, str]] | None = None,
                   notes: dict[int, tuple[int | None, int]] | None = None,
                   warnings: list[tuple[int, int, str, str]] | None = None,
                   fixed: bool = False) -> list[Section]:
    """Layout and encoding: the sections with their bytes (envyas' two passes, repeated until stable).
    ``errors``: syntax errors already found, reported together with the lines that match nothing.
    ``warnings`` receives ``(line, column, message, name)`` for accepted but suspect operands.
    ``fixed``: every instruction stays where it is (a listing: no long instruction is moved to
    an 8-byte boundary, no short one widened)."""
    if not isinstance(opts, Options):
        opts = Options(opts)
    errors = list(errors or [])
    im: dict[int, Candidates] = {}
    cache: dict = {}
    matcher = opts.matcher
    for idx, ln in enumerate(lines):
        if ln[0] == "insn":
            if len(ln) > 7:
                # a plain line: its tokens are read; equal lines share their encodings
                if ln[4]:
                    c = matcher.candidates(ln[5], ln[6])
                else:
                    c = cache.get(ln[7])
                    if c is None:
                        c = cache[ln[7]] = matcher.candidates(ln[5], ln[6])
            else:
                c = candidates(ln[1], opts, None if len(ln) > 4 and ln[4] else cache)
            if not c:
                if candidates(ln[1], opts.with_(lenient=True)):
                    errors.append((ln[2], ln[3], "an immediate or offset is too large for its field"))
                else:
                    errors.append((ln[2], ln[3], _why_no_match(ln[1], opts)))
            im[idx] = c
        elif ln[0] == "dir":
            d = ln[1]
            params = [fold(p) for p in ln[2]]
            lines[idx] = ln = ("dir", d, params, ln[3], ln[4])
            err = _check_dir(d, params)
            if err:
                errors.append((ln[3], ln[4], err))
    if errors:
        raise AsmError(sorted(errors))
    lay = _Layout(lines)
    sel = {i: 0 for i in im}
    chosen = {i: c.found[0] for i, c in im.items()}  # im[i][sel[i]]
    extra: dict[int, int] = {}
    for i in (im if notes else ()):
        note = notes.get(lines[i][2])
        if note:
            oplen, bits = note
            if oplen is not None:
                j = 0
                while im[i].has(j) and _oplen(im[i][j]) != oplen:
                    j += 1
                if im[i].has(j):
                    sel[i] = j
                    chosen[i] = im[i][j]
            extra[i] = bits
    for _round in range(10000):
        allok = True
        syms: dict[str, int] = {}
        equs: set[str] = set()
        sections = [Section("default")]
        cur = sections[0]
        glob: str | None = None
        for idx, ln in enumerate(lines):
            k = ln[0]
            if k == "insn":
                oplen = (chosen[idx][3] or 32) >> 3
                if oplen == 8 and cur.pos & 7 and not fixed:
                    cur.pos = (cur.pos & ~7) + 8
                cur.pos += oplen
            elif k == "label":
                name = ln[1]
                if name.startswith("_") and not name.startswith("__"):
                    name = _local(name, glob)
                else:
                    glob = name
                if name in syms:
                    raise AsmError([(ln[2], ln[3], f"label {name} redeclared")])
                syms[name] = cur.pos + cur.base
                cur.labels.append((name, cur.pos + cur.base))
            else:
                d, params = ln[1], ln[2]
                if d == "section":
                    found = next((s for s in sections if s.name == params[0][1]), None)
                    if found is None:
                        found = Section(params[0][1], params[1][1] if len(params) == 2 else 0)
                        sections.append(found)
                    cur = found
                elif d == "align":
                    num = params[0][1]
                    cur.pos = (cur.pos + num - 1) // num * num
                elif d == "size":
                    num = params[0][1]
                    if cur.pos > num:
                        raise AsmError([(ln[3], ln[4], f"section '{cur.name}' exceeds .size by {cur.pos - num} bytes")])
                    cur.pos = num
                elif d == "skip":
                    cur.pos += params[0][1]
                elif d == "equ":
                    name = params[0][1]
                    if name.startswith("_") and not name.startswith("__"):
                        name = _local(name, glob)
                    val = lay.calc(params[1], syms, glob, ln)
                    if name in syms:
                        raise AsmError([(ln[3], ln[4], f"label {name} redeclared")])
                    syms[name] = val
                    equs.add(name)
                else:
                    bits = _num_dir(d)
                    assert bits is not None
                    cur.pos += bits // 8 * len(params)
        # emission pass
        for s in sections:
            s.pos = 0
        cur = sections[0]
        glob = None
        prev_insn: int | None = None
        widen_errors: list[tuple[int, int, str]] = []
        for idx, ln in enumerate(lines):
            k = ln[0]
            if k == "insn":
                m = chosen[idx]
                if m[4]:
                    ok, val = _resolve(lay, m, syms, glob, ln)
                else:
                    ok, val = True, m[0]
                oplen = (m[3] or 32) >> 3
                if ok and (oplen != 8 or fixed or not cur.pos & 7) and cur.pos == len(cur.code) \
                        and idx not in extra:
                    # (the usual case: the encoding as found, at the end of the section)
                    cur.code += (val & ((1 << (8 * oplen)) - 1)).to_bytes(oplen, "little")
                    cur.pos += oplen
                    prev_insn = idx
                    continue
                if not ok:
                    cur.pos += _oplen(m)
                    sel[idx] += 1
                    if im[idx].has(sel[idx]):
                        chosen[idx] = im[idx][sel[idx]]
                    else:
                        raise AsmError([(ln[2], ln[3], "branch target or value does not fit any encoding "
                                         "(relocation failed)")])
                    allok = False
                else:
                    oplen = _oplen(m)
                    if oplen == 8 and cur.pos & 7 and not fixed:
                        if prev_insn is None:
                            widen_errors.append((ln[2], ln[3], "long instruction at an address that is not a "
                                                 "multiple of 8 after a directive (align it with .align 8)"))
                        elif _oplen(chosen[prev_insn]) == 4:
                            pm = im[prev_insn]
                            nxt = sel[prev_insn] + 1
                            while pm.has(nxt) and _oplen(pm[nxt]) != 8:
                                nxt += 1
                            if not pm.has(nxt):
                                # no long form as written: one with the default modifiers
                                # left implicit (e.g. the rounding mode of a long add f32)
                                pl = lines[prev_insn]
                                alt = candidates(pl[1], opts.with_(defaults=True))
                                k = 0
                                while alt.has(k) and _oplen(alt[k]) != 8:
                                    k += 1
                                if alt.has(k):
                                    im[prev_insn] = alt
                                    sel[prev_insn] = k
                                    chosen[prev_insn] = alt[k]
                                else:
                                    widen_errors.append((pl[2], pl[3], "this instruction has no long form, and "
                                                         "the long instruction after it must be 8-byte aligned"))
                            else:
                                sel[prev_insn] = nxt
                                chosen[prev_insn] = pm[nxt]
                        allok = False
                        cur.pos = (cur.pos & ~7) + 8
                    if idx in extra:
                        val |= extra[idx] & ((1 << (8 * oplen)) - 1)
                    cur.put((val & ((1 << (8 * oplen)) - 1)).to_bytes(oplen, "little"))
                prev_insn = idx
            elif k == "label":
                if not ln[1].startswith("_"):
                    glob = ln[1]
            else:
                prev_insn = None
                d, params = ln[1], ln[2]
                if d == "section":
                    cur = next(s for s in sections if s.name == params[0][1])
                elif d in ("align", "size", "skip"):
                    num = params[0][1]
                    if d == "size" and cur.pos > num:
                        raise AsmError([(ln[3], ln[4], f"section '{cur.name}' exceeds .size by {cur.pos - num} bytes")])
                    end = ((cur.pos + num - 1) // num * num if d == "align" else num if d == "size"
                           else cur.pos + num)
                    if end > MAX_SECTION:  # (a number read as 64 bits: -1 is 2**64 - 1)
                        raise AsmError([(ln[3], ln[4], f".{d} {num:#x} would make section '{cur.name}' "
                                                       f"{end:#x} bytes long: more than g80-as lays out "
                                                       f"({MAX_SECTION >> 20} MiB)")])
                    cur.zero_to(end)
                elif d == "equ":
                    pass
                else:
                    bits = _num_dir(d)
                    assert bits is not None
                    nb = bits // 8
                    for i, p in enumerate(params):
                        num = lay.calc(p, syms, glob, ln)
                        if (d[0] == "u" and bits != 64 and num >= 1 << bits) or \
                                (d[0] == "s" and bits != 64 and (1 << (bits - 1)) <= num < (M64 + 1 - (1 << (bits - 1)))):
                            raise AsmError([(ln[3], ln[4], f"argument {i} too large for .{d}")])
                        cur.put((num & ((1 << bits) - 1)).to_bytes(nb, "little"))
        if widen_errors:
            raise AsmError(widen_errors)
        if allok:
            for s in sections:
                s.labels = [(n, v) for n, v in s.labels if n not in equs]
            if warnings is not None:
                for idx, c in im.items():
                    for name, msg in chosen[idx][5]:
                        warnings.append((lines[idx][2], lines[idx][3], msg, name))
            return sections
    raise AsmError([(1, 1, "layout does not settle")])  # pragma: no cover


def _why_no_match(subinsns: list[tuple], opts: Options) -> str:
    """Name what keeps a line from matching: the program type, the chip, or the form itself."""
    if opts.strict:
        lax = candidates(subinsns, opts.with_(strict=False))
        if lax and lax[0].notes:
            name, msg = lax[0].notes[0]
            return f"{msg} [-Werror={name}]"
    var = opts.var
    now = mode_of(var)
    types = [p for p, bit in MODES.items() if p != now
             and candidates(subinsns, opts.with_(var=var.evolve(modes=bit)))]
    if types:
        return f"not available with {'-O ' + now if now else 'no -O'}; only in " \
            f"{', '.join('-O ' + p for p in types)} programs"
    allf = 0
    for f in FEATURES.values():
        allf |= f
    if candidates(subinsns, opts.with_(var=var.evolve(features=allf))):
        need = [v for v, f in CHIPS.items() if candidates(subinsns, opts.with_(var=var.evolve(features=f)))]
        return "not available on this chip" + (f"; needs -V {' or '.join(need)}" if need else
                                                 " (needs a feature: -F)")
    return ("no encoding matches this instruction (unknown mnemonic, or operands of the wrong "
            "kind, size or number)")


def _check_dir(d: str, params: list[tuple]) -> str | None:
    if d == "section":
        if len(params) > 2:
            return "too many arguments for .section"
        if not params or params[0][0] != "label" or (len(params) == 2 and params[1][0] != "num"):
            return "wrong arguments for .section"
    elif d in ("align", "size", "skip"):
        if len(params) > 1:
            return f"too many arguments for .{d}"
        if not params or params[0][0] != "num":
            return f"wrong arguments for .{d}"
        if d == "align" and params[0][1] == 0:
            return "wrong arguments for .align (zero)"
    elif d == "equ":
        if len(params) != 2 or params[0][0] != "label" or not is_constant(params[1]):
            return "wrong arguments for .equ"
    else:
        if _num_dir(d) is None:
            return f"unknown directive .{d}"
        for p in params:
            if not is_constant(p):
                return f"wrong arguments for .{d}"
    return None


def _resolve(lay: _Layout, m: Match, syms: dict[str, int], glob: str | None, ln: tuple) -> tuple[bool, int]:
    if not m[4]:
        return True, m[0]
    got = resolve(m, lambda e: lay.calc(e, syms, glob, ln))
    return (False, 0) if got is None else (True, got)


# ---------------------------------------------------------------- output

def output(sections: list[Section], fmt: str) -> bytes:
    out: list[str] = []
    raw = bytearray()
    live = [s for s in sections if not (s.name == "default" and not s.pos)]
    for s in live:
        code = bytes(s.code[:s.pos]) + bytes(max(0, s.pos - len(s.code)))
        if fmt == "raw":
            raw += code
            continue
        step = {"hex8": 1, "hex32": 4, "hex64": 8, "chex8": 1, "chex32": 4, "chex64": 8}[fmt]
        chex = fmt.startswith("c")
        if chex:
            ctype = {1: "uint8_t", 4: "uint32_t", 8: "uint64_t"}[step]
            out.append(f"{ctype} {s.name}[] = {{\n")
        width = {1: 2, 4: 8, 8: 16}[step]
        # the values, little-endian, in one go (the last one padded with zero bytes)
        count = -(-s.pos // step)
        vals = struct.unpack(f"<{count}{'BxIxQ'[step >> 1]}", code + bytes(count * step - s.pos))
        if not chex:
            out.append(f"0x%0{width}x,\n" * count % vals)
        else:
            # (the values a label comment comes before: a label's value read as an offset)
            at = {v // step for _, v in s.labels if 0 <= v < count * step}
            item = f"\t0x%0{width}x,\n"
            for j, val in enumerate(vals):
                if j in at:
                    for k in range(j * step, j * step + step):
                        for n, v in s.labels:
                            if v == k:
                                out.append(f"/* 0x{k:04x}: {n} */\n")
                out.append(item % val)
        if chex:
            out.append("};\n")
            if s is not sections[-1]:
                out.append("\n")
    if fmt == "raw":
        return bytes(raw)
    return "".join(out).encode()


def assemble(text: str, var: Variant | Options, listing: bool = False,
             warnings: list[tuple[int, int, str, str]] | None = None) -> list[Section]:
    """Assemble ``text``; ``listing``: it is envydis output (address/hex columns, target marks,
    address lines and notes are read: the hex columns fix the length, ``[unknown: ...]`` bits are
    kept).  ``warnings`` receives the suspect operands that were accepted."""
    opts = var if isinstance(var, Options) else Options(var)
    notes: dict[int, tuple[int | None, int]] = {}
    errors: list = []
    if listing:
        from .listing import read_listing
        text, notes, lerrors, lwarnings, fixed = read_listing(text, opts.var)
        errors += lerrors
        if warnings is not None:
            warnings += lwarnings
    else:
        fixed = False
    lines, perrors = reader.parse(text)
    if perrors and not listing:
        from .listing import listing_hint
        src = text.split("\n")
        hints = [listing_hint(src[ln - 1]) if 0 < ln <= len(src) else None for ln, _, _ in perrors]
        perrors = [(ln, col, f"{msg} ({hint})" if hint else msg)
                   for (ln, col, msg), hint in zip(perrors, hints)]
    return assemble_lines(lines, opts, errors + perrors, notes, warnings, fixed=fixed)


# ---------------------------------------------------------------- command line

def _report(out, fname: str, text: str, diags: list[tuple], severity: str = "error") -> None:
    from .._source_line import shown
    src = text.split("\n")
    for line, col, msg, *name in sorted(diags):
        tag = f" [-W{name[0]}]" if name else ""
        out.write(f"{fname}:{line}:{col}: {severity}: {msg}{tag}\n")
        if 1 <= line <= len(src):
            shown_line, caret = shown(src[line - 1], col)
            out.write(f"  {shown_line}\n  {caret}\n")


#: warnings g80-as gives (each may be silenced with --Wno-NAME; -s or --Werror makes every
#: warning an error)
WARNINGS = {"misaligned-register": "a multi-register operand ($r53d) at a register number that "
                                   "is not a multiple of its size"}


def main(argv: Sequence[str]) -> int:
    from .cli import _getopt, _Usage
    argv = list(argv)
    try:
        rest_given = bool(_getopt(argv, "m:V:O:F:o:awWiS:Ls")[1])
    except _Usage:
        rest_given = True
    stdin = b"" if rest_given else sys.stdin.buffer.read()
    rc, out, err = run(argv, stdin)
    sys.stderr.write(err)
    if out:
        sys.stdout.buffer.write(out)
        sys.stdout.flush()
    return rc


def run(argv: Sequence[str], stdin: bytes = b"") -> tuple[int, bytes, str]:
    """Run g80-as in-process: (exit status, stdout bytes, stderr text); ``-o`` writes its file."""
    from .cli import _getopt, _hexarg, _Usage, target_option, variant_from
    import io
    err = io.StringIO()
    try:
        opts, rest = _getopt(argv, "m:V:O:F:o:awWiS:Ls")
        fmt = "hex8"
        listing = False
        strict = False
        quiet: set[str] = set()
        outname = None
        variants: list[str] = []
        modes: list[str] = []
        feats: list[str] = []
        for o, v in opts:
            if o == "a":
                fmt = {"hex64": "chex64", "hex32": "chex32"}.get(fmt, "chex8")
            elif o == "w":
                fmt = "chex32" if fmt == "chex8" else "hex32"
            elif o == "W":
                fmt = "chex64" if fmt == "chex8" else "hex64"
            elif o == "i":
                fmt = "raw"
            elif target_option(o, v, variants, modes, feats):
                pass
            elif o == "o":
                outname = v
            elif o == "L":
                listing = True
            elif o in ("s", "--Werror"):
                strict = True
            elif o.startswith("--Wno-") and o[6:] in WARNINGS:
                quiet.add(o[6:])
            elif o.startswith("--"):
                raise _Usage(f"unknown option {o}")
            elif o == "S":
                _hexarg(v)
        if len(rest) > 1:
            raise _Usage("Too many parameters!")
        aopts = Options(variant_from(variants, feats, modes), strict=strict)
        fname = rest[0] if rest else "stdin"
        if rest:
            try:
                with open(rest[0], "rb") as fh:
                    data = fh.read()
            except OSError as e:
                raise _Usage(f"{rest[0]}: {e.strerror}") from None
        else:
            data = stdin
    except _Usage as e:
        return 2, b"", f"g80-as: {e}\n"
    text = data.decode("utf-8", errors="replace")
    warnings: list[tuple[int, int, str, str]] = []
    try:
        sections = assemble(text, aopts, listing, warnings)
        blob = output(sections, fmt)
    except AsmError as e:
        _report(err, fname, text, e.diags)
        return 1, b"", err.getvalue()
    except RecursionError:
        _report(err, fname, text, [(1, 1, "expression nested too deeply")])
        return 1, b"", err.getvalue()
    _report(err, fname, text, [w for w in warnings if w[3] not in quiet], "warning")
    if outname:
        from visa._files import replace_with
        try:
            replace_with(outname, blob)
        except OSError as e:
            return 1, b"", f"g80-as: {outname}: {e.strerror}\n"
        return 0, b"", err.getvalue()
    return 0, blob, err.getvalue()
