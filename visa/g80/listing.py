"""envydis' listing of G80 code: input readers, target marks, address/hex columns, notes."""

from __future__ import annotations

import re
from collections.abc import Sequence

from visa.bitisa import Variant

from . import dis

MAXOPLEN = 8
OPUNIT = 4


class Label:
    __slots__ = ("val", "type", "name", "size")

    def __init__(self, val: int, typ: int, name: str | None = None, size: int = 0) -> None:
        self.val = val
        self.type = typ
        self.name = name
        self.size = size


class Marks:
    def __init__(self, base: int, num: int) -> None:
        self.base = base
        self.num = num
        self.m = [0] * num

    def mark(self, ptr: int, m: int) -> None:
        if self.base <= ptr < self.base + self.num:
            self.m[ptr - self.base] |= m

    def is_nr(self, ptr: int) -> bool:
        if self.base <= ptr < self.base + self.num:
            return bool(self.m[ptr - self.base] & 0x40)
        return False


_HEX = re.compile(rb"\s*(?:0[xX])?([0-9a-fA-F]+)")
_SEP = re.compile(rb"\s*,?")


def read_hex(data: bytes, wsz: int) -> bytearray:
    """fscanf("%llx") then fscanf(" ,") in a loop: numbers of ``wsz`` little-endian bytes."""
    code = bytearray()
    pos = 0
    n = len(data)
    while pos < n:
        m = _HEX.match(data, pos)
        if not m:
            break
        v = int(m.group(1)[-16:], 16) if len(m.group(1)) <= 16 else (1 << 64) - 1
        code += (v & ((1 << (8 * wsz)) - 1)).to_bytes(wsz, "little")
        pos = m.end()
        # " ," : skip white space, then one comma if there
        while pos < n and data[pos:pos + 1].isspace():
            pos += 1
        if pos < n and data[pos:pos + 1] == b",":
            pos += 1
    return code


def read_binary(data: bytes, stride: int) -> bytearray:
    if stride <= 1:
        return bytearray(data)
    return bytearray(data[i] for i in range(len(data)) if i % stride < 1)


def listing(code: bytes | bytearray, var: Variant, *, base: int = 0, quiet: bool = False,
            labels: Sequence[Label] | None = None, colors: dict[str, str] = dis.NULL_COLORS,
            exact: bool = False) -> str:
    """The text envydis prints for ``code`` (every byte is code).

    ``exact``: a listing that g80-as reassembles to ``code``: no address/hex columns, ``long``
    where the short form would be chosen, and instructions whose text would not give back
    their bytes (unknown bits, misaligned long words, ...) as ``.b32`` data with the
    disassembly in a comment."""
    c = colors
    num = len(code)
    marks = Marks(base, num)
    names: list[str | None] = [None] * num
    labmap: dict[int, str] = {}
    if labels:
        for lb in labels:
            if lb.name and lb.val not in labmap:
                labmap[lb.val] = lb.name
    out: list[str] = []
    ctx = dis.Ctx(c, var, labmap)
    decoded: dict[int, dis.Insn] = {}  # the first pass's decodes, for the second
    if labels:
        for lb in labels:
            marks.mark(lb.val, lb.type)
            if base <= lb.val < base + num and lb.name:
                names[lb.val - base] = lb.name
            for j in range(0, lb.size, 4):
                marks.mark(lb.val + j, lb.type)
        while True:
            done = True
            cur = 0
            active = False
            while cur < num:
                if not active and marks.m[cur] & 3 and not marks.m[cur] & 8:
                    done = False
                    active = True
                    marks.m[cur] |= 8
                if active:
                    d = decoded.get(cur)
                    if d is None:
                        d = decoded[cur] = dis.decode(code, cur, var, num)
                    dis.mark_targets(d, marks)
                    if d.oplen and not d.endmark and not marks.m[cur] & 4:
                        cur += d.oplen
                    else:
                        active = False
                else:
                    cur += 1
            if done:
                break
    else:
        cur = 0
        while cur < num:
            d = decoded[cur] = dis.decode(code, cur, var, num)
            dis.mark_targets(d, marks)
            cur += d.oplen or 1

    def flush_skip() -> None:
        nonlocal skip, nonzero
        if skip:
            if nonzero:
                out.append(f"{c['err']}[{skip:x} bytes skipped]\n")
            else:
                out.append(f"{c['reset']}[{skip:x} zero bytes skipped]\n")
            skip = 0
            nonzero = False

    cur = 0
    active = False
    skip = 0
    nonzero = False
    while cur < num:
        mk = marks.m[cur]
        if names[cur]:
            flush_skip()
            if mk & 0x1b0:
                out.append(f"{c['reset']}{names[cur]}:\n")
            elif mk & 2:
                out.append(f"\n{c['ctarg']}{names[cur]}:\n")
            elif mk & 1:
                out.append(f"{c['btarg']}{names[cur]}:\n")
            else:
                out.append(f"{c['reset']}{names[cur]}:\n")
        if mk & 0x1b0 and not active:
            flush_skip()
            out.append(f"{c['mem']}{cur + base:08x}:{c['reset']}")
            if mk & 0x80:
                out.append(f" {c['num']}{code[cur]:02x}\n")
                cur += 1
            elif mk & 0x100:
                v = int.from_bytes(code[cur:cur + 2], "little")
                out.append(f" {c['num']}{v:04x}\n")
                cur += 2
            elif mk & 0x10:
                v = int.from_bytes(code[cur:cur + 4], "little")
                out.append(f" {c['num']}{v:08x}\n")
                cur += 4
            else:
                s = []
                while cur < num and code[cur]:
                    ch = code[cur]
                    s.append({10: "\\n", 92: "\\\\", 34: '\\"'}.get(ch, chr(ch)))
                    cur += 1
                cur += 1
                out.append(f" {c['num']}\"" + "".join(s) + "\"\n")
            continue
        if not active and mk & 7:
            active = True
        if not active and labels:
            if code[cur]:
                nonzero = True
            cur += 1
            skip += 1
            continue
        flush_skip()
        d = decoded.get(cur)
        if d is None:
            d = dis.decode(code, cur, var, num)
            dis.mark_targets(d, marks)
        if d.endmark or mk & 4:
            active = False
        if exact:
            out.append(_exact_line(code, cur, d, var, num, ctx))
            cur += d.oplen
            continue
        if mk & 2 and not names[cur]:
            out.append("\n")
        m3 = mk & 3
        if m3 == 0:
            if not quiet:
                out.append(f"{c['reset']}{cur + base:08x}:{c['reset']}")
        else:
            col = (c["btarg"], c["ctarg"], c["bctarg"])[m3 - 1]
            out.append(f"{col}{cur + base:08x}:{c['reset']}")
        if not quiet:
            for i in range(0, MAXOPLEN, OPUNIT):
                out.append(" ")
                for j in range(OPUNIT - 1, -1, -1):
                    if i + j and i + j >= d.oplen:
                        out.append("  ")
                    elif cur + i + j >= num:
                        out.append(f"{c['err']}??")
                    else:
                        out.append(f"{c['reset']}{code[cur + i + j]:02x}")
            out.append("  ")
            out.append(f"{c['ctarg']}C" if mk & 2 else " ")
            out.append(f"{c['btarg']}B" if mk & 1 else " ")
            out.append(" ")
        elif mk:
            out.append("\n")
        out.append(dis.insn_text(d, ctx))
        left = d.unknown_bits
        if left:
            out.append(f" {c['err']}[unknown:")
            i = 0
            while i < d.oplen or i == 0:
                out.append(" ")
                for j in range(OPUNIT - 1, -1, -1):
                    if cur + i + j >= num:
                        out.append("??")
                    else:
                        out.append(f"{(left >> ((i + j) * 8)) & 0xff:02x}")
                i += OPUNIT
            out.append("]")
        if d.eof:
            out.append(f" {c['err']}[incomplete]{c['reset']}")
        unk_insn, unk_operand = d.d.unknowns()
        if unk_insn:
            out.append(f" {c['err']}[unknown instruction]{c['reset']}")
        if unk_operand:
            out.append(f" {c['err']}[unknown operand]{c['reset']}")
        out.append(f"{c['reset']}\n")
        cur += d.oplen
    return "".join(out)


def _exact_line(code: bytes | bytearray, cur: int, d: dis.Insn, var: Variant, num: int,
                ctx: dis.Ctx) -> str:
    from . import asm
    text = dis.insn_text(d, dis.Ctx(dis.NULL_COLORS, var, ctx.labels))
    word = bytes(code[cur:cur + d.oplen])
    if not (d.unknown_bits or d.eof or any(d.d.unknowns()) or (d.oplen == 8 and cur & 7)):
        for prefix in ("", "long "):
            try:
                lines = asm.parse(prefix + text)
                cands = asm.candidates(lines[0][1], asm.Options(var))
            except asm.AsmError:
                continue
            if cands and not cands[0].relocs and \
                    cands[0].word.to_bytes(16, "little")[:cands[0].size >> 3] == word:
                return prefix + dis.insn_text(d, ctx) + "\n"
    return f"{_data(word)} /* {text} */\n"


# ---------------------------------------------------------------- reading a listing back

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_LST_INSN = re.compile(r"([0-9a-fA-F]{8}):((?: (?:[0-9a-f?]{8}| {8}))+)  [ C][ B] (.*)\Z")
_LST_DATA = re.compile(r'([0-9a-fA-F]{8}): (?:([0-9a-f]{2})|([0-9a-f]{4})|([0-9a-f]{8})|"(.*)")\Z')
_LST_ADDR = re.compile(r"[0-9a-fA-F]{8}:\s*\Z")
_LST_SKIP = re.compile(r"\[([0-9a-f]+) (zero )?bytes skipped\]\s*\Z")
_LST_UNK = re.compile(r"\s*\[unknown: ([0-9a-f? ]+)\]")
_LST_NOTES = re.compile(r"\s*\[(?:incomplete|unknown instruction|unknown operand)\]")
_LST_LABEL_NOTE = re.compile(r"\s*/\* #[A-Za-z_][A-Za-z_0-9]* \*/")
_UNESCAPE = {"\\n": "\n", "\\\\": "\\", '\\"': '"'}


def _data(words: bytes) -> str:
    """``words`` as a data directive (``.b32``, or ``.b8`` for a length not of whole words)."""
    if len(words) % 4:
        return ".b8 " + " ".join(f"0x{b:02x}" for b in words)
    return ".b32 " + " ".join(f"0x{int.from_bytes(words[i:i + 4], 'little'):08x}"
                              for i in range(0, len(words), 4))


def read_listing(text: str, var: Variant) -> tuple[str, dict[int, tuple[int | None, int]], list, list, bool]:
    """An envydis / g80-dis listing as g80-as source, line for line (so that diagnostics cite
    the listing's lines): ``(source, notes, errors, warnings)``.

    Every line g80-dis prints is read: colours are dropped; an instruction line whose text is
    what g80-dis prints for its hex columns is those bytes (``???`` and ``[incomplete]`` lines
    too, and bits no table shows); an edited one is assembled, at the length its columns
    show, with the bits of its ``[unknown: ...]`` note; ``-q`` address lines and target marks
    say nothing; ``-M`` data lines are their bytes and strings; ``[N zero bytes skipped]`` is
    N zero bytes, and ``[N bytes skipped]`` too, with a warning (the listing does not show
    them).  ``notes`` maps a line to (its length from the columns or None, extra bits); the
    last value says whether the listing has hex columns (then every instruction stays where
    the listing puts it; without them, as in ``-q`` listings, the lengths are envyas')."""
    out: list[str] = []
    notes: dict[int, tuple[int | None, int]] = {}
    errors: list = []
    warnings: list = []
    columns = False
    for no, line in enumerate(text.split("\n"), 1):
        if "\x1b" in line:
            line = _ANSI.sub("", line)
        line = line.rstrip("\r")
        if _LST_ADDR.match(line):
            out.append("")
            continue
        m = _LST_SKIP.match(line)
        if m:
            out.append(f".skip 0x{m.group(1)}")
            if not m.group(2):
                warnings.append((no, 1, f"the listing does not show these 0x{m.group(1)} bytes: "
                                        "they are read as zeros", "listing-bytes-not-shown"))
            continue
        m = _LST_DATA.match(line)
        if m:
            if m.group(5) is not None:
                s = re.sub(r'\\[n\\"]', lambda e: _UNESCAPE[e.group()], m.group(5))
                out.append(_data(s.encode("latin-1", "replace") + b"\0"))
            else:
                hexs = next(g for g in m.groups()[1:4] if g is not None)
                out.append(f".b{4 * len(hexs)} 0x{hexs}")
            continue
        m = _LST_INSN.match(line)
        extra = 0
        oplen = None
        body = line
        if m:
            columns = True
            cols = m.group(2).split()
            known = bytearray()
            for col in cols:
                for j in range(6, -1, -2):
                    pair = col[j:j + 2]
                    if pair == "??":
                        break
                    known.append(int(pair, 16))
            oplen = 4 * len(cols)
            body = m.group(3)
            # unedited: the text is what g80-dis prints for these bytes
            shown = _LST_LABEL_NOTE.sub("", _LST_NOTES.sub("", _LST_UNK.sub("", body))).strip()
            d = dis.decode(known, 0, var)
            if dis.insn_text(d, dis.Ctx(dis.NULL_COLORS, var, None)) == shown and d.oplen >= len(known):
                out.append(_data(bytes(known)))
                continue
            body = " " * (len(line) - len(body)) + body
        u = _LST_UNK.search(body)
        if u:
            for i, w in enumerate(u.group(1).split()):
                extra |= int(w.replace("?", "0"), 16) << (32 * i)
            body = body[:u.start()] + " " * (u.end() - u.start()) + body[u.end():]
        body = _LST_NOTES.sub(lambda mm: " " * len(mm.group()), body)
        if "???" in body:
            errors.append((no, body.index("???") + 1,
                           "this line of the listing shows no instruction to assemble and no bytes "
                           "(list without -q to read such lines back)" if m is None else
                           "an edited line with ??? has no encoding"))
            out.append("")
            continue
        if oplen is not None or extra:
            notes[no] = (oplen, extra)
        out.append(body)
    return "\n".join(out), notes, errors, warnings, columns


def listing_hint(line: str) -> str | None:
    """What to say of a source line that envydis prints and envyas does not read (an
    address line, address and hex columns, a note, ``???``), or None."""
    line = _ANSI.sub("", line).rstrip("\r")
    if _LST_INSN.match(line) or _LST_ADDR.match(line) or _LST_SKIP.match(line) \
            or _LST_UNK.search(line) or _LST_NOTES.search(line):
        return "this is a line of a g80-dis listing: g80-as -L reads listings"
    if "???" in line:
        return ("g80-dis prints ??? for what it cannot decode: a listing with hex columns "
                "(g80-dis without -q) read with g80-as -L keeps those bytes")
    return None
