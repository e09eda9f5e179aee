"""``afuc-as``: assemble afuc source the way Mesa's ``afuc-asm`` does.

Tokens follow Mesa's flex lexer (longest match, keywords before names); the
statement forms are derived from the display templates of the records in
:mod:`visa.afuc.isa` (a template's operand slots give the shape an
instruction must have, and the fields the operands fill), so this module has
no per-mnemonic encoding code.  Every error of the file is collected and
reported as ``FILE:LINE:COL: error: message`` with the source line and a
caret.

Differences from Mesa, on purpose: relative branches after ``.jumptbl`` use
the true offset (Mesa's is 127 short); ``(rep)nop`` and numeric branch
targets (``#-5``, ``#3``: the encoded value, as ``afuc-dis`` prints) are
accepted; duplicate labels, field overflows, unknown characters (CR too), a
comment at end of file without a newline, and instructions the generation
lacks are errors.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

import attrs

from visa.afuc.isa import ISA, Branch
from visa.bitisa import Bitset, Enum, FieldOverflow

# -- errors ------------------------------------------------------------------


@attrs.frozen
class Diag:
    line: int
    col: int
    message: str


class AsmError(Exception):
    """Input errors; ``diags`` holds all of them."""

    def __init__(self, diags: list[Diag], text: str = "", path: str = "<input>") -> None:
        self.diags = sorted(diags, key=lambda d: (d.line, d.col))
        self.text = text
        self.path = path
        super().__init__(self.render())

    def render(self) -> str:
        lines = self.text.split("\n")
        out = []
        for d in self.diags:
            out.append(f"{self.path}:{d.line}:{d.col}: error: {d.message}")
            if 1 <= d.line <= len(lines):
                src = lines[d.line - 1].rstrip("\r")
                src = src.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                out.append("  " + src)
                pad = "".join("\t" if c == "\t" else " " for c in src[: d.col - 1])
                out.append("  " + pad + "^")
        return "\n".join(out)


# -- lexer (Mesa's lexer.l, longest match) ------------------------------------

KEYWORDS = frozenset(
    "nop add addhi sub subhi and or xor not shl ushr ishr rot mul8 min max cmp bic msb "
    "setbit clrbit ubfx bfi mov cwrite cread swrite sread store load brne breq ret iret "
    "call jump jumpa sret waitin bl setsecure".split())

_TOK = re.compile(r"""[ \t]*(?:
 (?P<nl>\n)
|(?P<comment>;[^\n]*\n)
|(?P<word>[A-Za-z_][A-Za-z0-9_]*)
|(?P<hex>0x[0-9a-fA-F]*)
|(?P<int>0|[1-9][0-9]*)
|(?P<reg>\$(?:[a-zA-Z][a-zA-Z0-9]*|[0-9a-fA-F]{2}))
|(?P<ctrl>@[a-zA-Z_][a-zA-Z0-9_]*)
|(?P<sqe>%[a-zA-Z_][a-zA-Z0-9_]*)
|(?P<label>\#[a-zA-Z_][a-zA-Z0-9_]*)
|(?P<target>\#-?(?:0x[0-9a-fA-F]+|[0-9]+))
|(?P<literal>\[[0-9a-fA-F]+\])
|(?P<prefix>\((?:rep|xmov[1-3]|sds[1-3]|peek)\))
|(?P<directive>\.(?:align|jumptbl|section))
|(?P<punct><<|[,\[\]+!:])
|(?P<badprefix>\([A-Za-z0-9_]*\))
|(?P<baddir>\.[A-Za-z_][A-Za-z0-9_]*)
|(?P<err>[\s\S])
|(?P<end>\Z))""", re.X)
_BIT = re.compile(r"b[0-9]+")
_HEXREG = re.compile(r"\$[0-9a-fA-F]{2}")

_NAMED_REGS = {"$rem": 0x1c, "$memdata": 0x1d, "$addr": 0x1d, "$regdata": 0x1e,
               "$usraddr": 0x1e, "$data": 0x1f, "$sp": 0x1a, "$lr": 0x1b}


class Tok:
    """A token: kind (word kw bit int hex reg ctrl sqe label target literal
    prefix directive punct bad eof), text, value, start and end position."""

    __slots__ = ("kind", "text", "value", "line", "col", "end_line", "end_col")

    def __init__(self, kind: str, text: str, value: Any, line: int, col: int,
                 end_line: int = 0, end_col: int = 0) -> None:
        self.kind = kind
        self.text = text
        self.value = value
        self.line = line
        self.col = col
        self.end_line = end_line
        self.end_col = end_col

    def __repr__(self) -> str:
        return f"Tok({self.kind!r}, {self.text!r}, {self.line}:{self.col})"


def lex(text: str, diags: list[Diag]) -> list[Tok]:
    toks: list[Tok] = []
    add = toks.append
    line, lstart, pos = 1, 0, 0
    names = {i: n for n, i in _TOK.groupindex.items()}
    keywords, named, bitre = KEYWORDS, _NAMED_REGS, _BIT.fullmatch
    for m in _TOK.finditer(text):
        idx = m.lastindex
        kind = names[idx]
        start = m.start(idx)
        pos = m.end()
        col = start - lstart + 1
        s = m.group(idx)
        if kind == "word":
            if s in keywords:
                add(Tok("kw", s, None, line, col, line, col + len(s)))
            elif s[0] == "b" and bitre(s):
                add(Tok("bit", s, int(s[1:]), line, col, line, col + len(s)))
            else:
                add(Tok("word", s, None, line, col, line, col + len(s)))
        elif kind == "reg":
            value = named.get(s)
            if value is None:
                try:
                    value = int(s[1:], 16)
                except ValueError:
                    value = None
            add(Tok(kind, s, value, line, col, line, col + len(s)))
        elif kind == "punct" or kind == "prefix" or kind == "directive" or kind == "ctrl" \
                or kind == "sqe" or kind == "label":
            add(Tok(kind, s, None, line, col, line, col + len(s)))
        elif kind == "nl" or kind == "comment":
            line += 1
            lstart = pos
        elif kind == "hex":
            add(Tok(kind, s, int(s[2:] or "0", 16), line, col, line, col + len(s)))
        elif kind == "int":
            add(Tok(kind, s, int(s), line, col, line, col + len(s)))
        elif kind == "literal":
            add(Tok(kind, s, int(s[1:-1], 16), line, col, line, col + len(s)))
        elif kind == "target":
            add(Tok(kind, s, int(s[1:], 0), line, col, line, col + len(s)))
        elif kind == "end":
            break
        elif kind == "badprefix":
            diags.append(Diag(line, col, f"unknown prefix {s!r} (known: (rep), (xmov1-3), "
                              "(peek), (sds1-3))"))
            add(Tok("bad", s, None, line, col, line, col + len(s)))
        elif kind == "baddir":
            diags.append(Diag(line, col, f"unknown directive {s!r} (known: .align, .jumptbl, "
                              ".section)"))
            add(Tok("bad", s, None, line, col, line, col + len(s)))
        else:  # err: one character no rule takes
            ch = s
            if "\udc80" <= ch <= "\udcff":
                diags.append(Diag(line, col, f"non-UTF-8 byte 0x{ord(ch) - 0xdc00:02x}"))
            elif ch == "\r":
                diags.append(Diag(line, col, "carriage return (CRLF line end) is not accepted"))
            elif ch == ";":
                diags.append(Diag(line, col, "comment at end of file without a newline"))
                break
            else:
                diags.append(Diag(line, col, f"unknown character {ch!r}"))
            add(Tok("bad", ch, None, line, col, line, col + 1))
    eof = Tok("eof", "", None, line, pos - lstart + 1, line, pos - lstart + 1)
    toks += [eof, eof, eof]
    return toks


# -- statement shapes from the records' templates ----------------------------

_PREFIX_FIELDS = {"REP": "(rep)", "XMOV": "(xmov", "PEEK": "(peek)", "SDS": "(sds"}


@attrs.frozen
class Form:
    """One way to write a bitset: mnemonic, operand slots, a predicate."""

    bitset: Bitset
    mnemonic: str
    slots: tuple[tuple[str, tuple[str, ...]], ...]  # (shape, field names)
    pred: Any = None


def _slot(piece: str, b: Bitset) -> tuple[str, tuple[str, ...]]:
    names = re.findall(r"\{([A-Za-z0-9_]+)\}", piece)
    fields = {f.name: f for f in b.fields}
    derived = {d[0] for d in b.derived}
    if piece.startswith("["):
        return "mem", tuple(names)
    if "<<" in piece:
        return "shift", tuple(names)
    if piece.startswith("#"):
        return ("target", ()) if names[0] in derived else ("target", tuple(names))
    if piece.startswith("b{"):
        return "bit", tuple(names)
    if piece.startswith("$"):
        return "reg", ()
    if not names:
        raise ValueError(piece)
    kind = fields[names[0]].kind
    if isinstance(kind, Enum):
        return "reg", tuple(names)
    return "imm", tuple(names)


def _forms(b: Bitset) -> list[Form]:
    out = []
    for pred, disp in [(None, b.display)] + [(p, d) for p, d in b.overrides]:
        t = re.sub(r"\{(REP|XMOV|PEEK|SDS)\}", "", disp).replace("{NAME}", b.displayname or b.name)
        head, _, rest = t.partition(" ")
        slots = tuple(_slot(p.strip(), b) for p in rest.split(", ")) if rest else ()
        out.append(Form(b, head, slots, pred))
    return out


_FORMS: dict[int, dict[str, list[Form]]] = {}


def forms_for_gen(gen: int) -> dict[str, list[Form]]:
    got = _FORMS.get(gen)
    if got is None:
        got = {}
        for b in ISA.for_gen(gen):
            for f in _forms(b):
                got.setdefault(f.mnemonic, []).append(f)
        _FORMS[gen] = got
    return got


_ALL_FORMS: dict[str, list[Form]] = {}
for _b in ISA.bitsets:
    for _f in _forms(_b):
        _ALL_FORMS.setdefault(_f.mnemonic, []).append(_f)
#: mnemonics written without operands in every form
_NO_OPERANDS = frozenset(m for m, fs in _ALL_FORMS.items() if all(not f.slots for f in fs))
#: mnemonics that take (xmovN)/(peek) in some form (Mesa's grammar then takes
#: them on every form of that mnemonic and ignores them where there is no field)
_LOOSE_XMOV = frozenset(m for m, fs in _ALL_FORMS.items()
                        if any(any(x.name == "XMOV" for x in f.bitset.fields) for f in fs))


# -- parser ------------------------------------------------------------------


class Operand:
    """An operand as written: shape (reg imm bit label target shift mem), its
    first token, the tokens making up its value(s)."""

    __slots__ = ("shape", "tok", "parts")

    def __init__(self, shape: str, tok: Tok, parts: tuple[Any, ...]) -> None:
        self.shape = shape
        self.tok = tok
        self.parts = parts


@attrs.frozen
class Insn:
    tok: Tok
    mnemonic: str
    prefixes: tuple[Tok, ...]
    operands: tuple[Operand, ...]


@attrs.frozen
class Stmt:
    kind: str  # label align jumptbl section insn literal labellit
    tok: Tok
    arg: Any = None


class _Stop(Exception):
    def __init__(self, diag: Diag | None) -> None:
        self.diag = diag


class Parser:
    def __init__(self, toks: list[Tok]) -> None:
        self.toks = toks
        self.i = 0

    def peek(self, k: int = 0) -> Tok:
        return self.toks[self.i + k]  # the lexer ends the list with 3 eof tokens

    def next(self) -> Tok:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def fail(self, what: str, here: bool = False) -> _Stop:
        t = self.peek()
        if t.kind == "bad":  # the lexer has reported it
            return _Stop(None)
        prev = self.toks[self.i - 1] if self.i else None
        got = "end of file" if t.kind == "eof" else repr(t.text)
        if not here and prev is not None and (t.kind == "eof" or t.line != prev.line):
            return _Stop(Diag(prev.end_line, prev.end_col, f"expected {what} at end of line"))
        return _Stop(Diag(t.line, t.col, f"expected {what}, got {got}"))

    def expect(self, kind: str, text: str | None = None, what: str = "") -> Tok:
        t = self.peek()
        if t.kind != kind or (text is not None and t.text != text):
            raise self.fail(what or repr(text) if text else what or kind)
        return self.next()

    def immediate(self) -> tuple[Tok, ...]:
        t = self.peek()
        if t.kind in ("int", "hex"):
            return (self.next(),)
        if t.kind in ("ctrl", "sqe"):
            self.next()
            if self.peek().kind == "punct" and self.peek().text == "+":
                self.next()
                return (t,) + self.immediate()
            return (t,)
        raise self.fail("an immediate")

    def operand(self) -> Operand:
        t = self.peek()
        if t.kind == "reg":
            return Operand("reg", self.next(), (t,))
        if t.kind == "bit":
            return Operand("bit", self.next(), (t,))
        if t.kind == "target":
            return Operand("target", self.next(), (t,))
        if t.kind == "punct" and t.text == "[":
            self.next()
            r = self.expect("reg", what="a register")
            self.expect("punct", "+")
            imm = self.immediate()
            self.expect("punct", "]")
            pre = ()
            if self.peek().kind == "punct" and self.peek().text == "!":
                pre = (self.next(),)
            return Operand("mem", t, (r, imm, pre))
        if t.kind == "label":
            self.next()
            if self.peek().kind == "punct" and self.peek().text == "<<":
                self.next()
                return Operand("shift", t, ((t,), self.immediate()))
            return Operand("label", t, (t,))
        imm = self.immediate()
        if self.peek().kind == "punct" and self.peek().text == "<<":
            self.next()
            return Operand("shift", t, (imm, self.immediate()))
        return Operand("imm", t, (imm,))

    def statement(self) -> Stmt:
        t = self.peek()
        if t.kind == "word":
            self.next()
            nxt = self.peek()
            if not (nxt.kind == "punct" and nxt.text == ":") and nxt.line == t.line:
                raise _Stop(Diag(t.line, t.col, f"unknown mnemonic {t.text!r}"))
            self.expect("punct", ":", "':' after a label name")
            return Stmt("label", t, t.text)
        if t.kind == "directive":
            self.next()
            if t.text == ".align":
                return Stmt("align", t, self.immediate())
            if t.text == ".jumptbl":
                return Stmt("jumptbl", t)
            name = self.peek()
            if name.kind not in ("word", "kw", "bit"):
                raise self.fail("a section name")
            self.next()
            return Stmt("section", t, name.text)
        if t.kind == "literal":
            return Stmt("literal", self.next(), t.value)
        if t.kind == "punct" and t.text == "[":
            self.next()
            lab = self.expect("label", what="'#label' or hex digits in '[...]'")
            self.expect("punct", "]")
            return Stmt("labellit", t, lab)
        prefixes = []
        while self.peek().kind == "prefix":
            prefixes.append(self.next())
        m = self.peek()
        if m.kind != "kw":
            if m.kind == "word":
                self.next()
                nxt = self.peek()
                if nxt.kind == "punct" and nxt.text == ":":
                    raise _Stop(Diag(m.line, m.col, f"{m.text!r}: a label cannot follow a prefix"))
                raise _Stop(Diag(m.line, m.col, f"unknown mnemonic {m.text!r}"))
            if m.kind == "bit" and self.peek(1).text == ":":
                raise _Stop(Diag(m.line, m.col, f"{m.text!r} is a bit operand, not a label name"))
            raise self.fail("an instruction", here=True)
        self.next()
        if self.peek().kind == "punct" and self.peek().text == ":":
            raise _Stop(Diag(m.line, m.col, f"{m.text!r} is a mnemonic, not a label name"))
        ops: list[Operand] = []
        if m.text not in _NO_OPERANDS:
            ops.append(self.operand())
            while self.peek().kind == "punct" and self.peek().text == ",":
                self.next()
                ops.append(self.operand())
        return Stmt("insn", m, Insn(m, m.text, tuple(prefixes), tuple(ops)))

    def parse(self, diags: list[Diag]) -> list[Stmt]:
        out = []
        while self.peek().kind != "eof":
            start = self.i
            try:
                out.append(self.statement())
            except _Stop as e:
                if e.diag is not None:
                    diags.append(e.diag)
                # resume at the first token of a later line than the error
                line = e.diag.line if e.diag is not None else self.peek().line
                if self.i == start:
                    self.next()
                while self.peek().kind != "eof" and self.peek().line <= line:
                    self.next()
        return out


# -- assembling --------------------------------------------------------------

_FWIDS = {0x5ff: 5, 0x6ee: 6, 0x6dc: 6, 0x6dd: 6, 0x730: 7, 0x740: 7}


def _reverse(table: dict[int, str]) -> dict[str, int]:
    return {v: k for k, v in table.items() if "+" not in v}


_REV: dict[str, dict[str, int]] = {}


def _names(dom: str) -> dict[str, int]:
    from visa.afuc.regs_gen import DOMAINS, PACKETS

    got = _REV.get(dom)
    if got is None:
        table = PACKETS[dom[:4]] if dom.endswith("PACKETS") else DOMAINS.get(dom, {})
        got = _REV[dom] = _reverse(table)
    return got


_UNKN = re.compile(r"UNKN\s*([+-]?[0-9]+)")


class _Asm:
    def __init__(self, stmts: list[Stmt], diags: list[Diag]) -> None:
        self.stmts = stmts
        self.diags = diags
        self.gen = 0

    def err(self, t: Tok, msg: str) -> None:
        self.diags.append(Diag(t.line, t.col, msg))

    def imm(self, toks: tuple[Tok, ...]) -> int | None:
        total = 0
        for t in toks:
            if t.kind in ("int", "hex"):
                total += t.value
            elif t.kind == "ctrl":
                v = _names(f"A{self.gen}XX_CONTROL_REG").get(t.text[1:])
                if v is None:
                    self.err(t, f"unknown control register {t.text!r} for a{self.gen}xx")
                    return None
                total += v
            elif t.kind == "sqe":
                v = _names("A6XX_SQE_REG").get(t.text[1:]) if self.gen >= 6 else None
                if v is None:
                    self.err(t, f"unknown SQE register {t.text!r} for a{self.gen}xx")
                    return None
                total += v
        return total

    def run(self) -> bytes:
        # the generation comes from the first raw literal (the version word)
        for s in self.stmts:
            if s.kind == "literal":
                fwid = (s.arg >> 12) & 0xfff
                gen = _FWIDS.get(fwid)
                if gen is None:
                    self.err(s.tok, f"unknown GPU version {fwid:03x} in the first literal")
                    return b""
                self.gen = gen
                break
        else:
            t = self.stmts[0].tok if self.stmts else Tok("eof", "", None, 1, 1)
            self.err(t, "no version literal: the first raw literal [xxxxxxxx] gives the GPU")
            return b""
        self.nop = ISA.encode(next(b for b in ISA.for_gen(self.gen) if b.name == "nop"), {})
        self.forms = forms_for_gen(self.gen)
        out: list[int] = [0]
        section: list[Stmt] = []
        for s in self.stmts:
            if s.kind == "section":
                out += self.section(section, final=False)
                section = []
            else:
                section.append(s)
        out += self.section(section, final=True)
        return b"".join(w.to_bytes(4, "little") for w in out)

    def section(self, stmts: list[Stmt], final: bool) -> list[int]:
        # pass 1: offsets and labels
        labels: dict[str, int] = {}
        placed: list[tuple[int, Stmt | None]] = []
        off = 0
        for s in stmts:
            if s.kind == "label":
                if s.arg in labels:
                    self.err(s.tok, f"duplicate label {s.arg!r}")
                else:
                    labels[s.arg] = off
            elif s.kind == "align":
                n = self.imm(s.arg)
                if n is None:
                    continue
                if n < 4:
                    self.err(s.arg[0], f".align {n}: the alignment is in bytes, at least 4")
                    continue
                while off % (n // 4):
                    placed.append((off, None))
                    off += 1
            elif s.kind == "jumptbl":
                placed.append((off, s))
                off += 0x80
            else:
                placed.append((off, s))
                off += 1
        if not final:
            while off % 8:
                placed.append((off, None))
                off += 1
        words: list[int] = []
        for pc, s in placed:
            if s is None:
                words.append(self.nop)
            elif s.kind == "literal":
                if s.arg >> 32:
                    self.err(s.tok, f"literal {s.tok.text} does not fit 32 bits")
                words.append(s.arg & 0xffffffff)
            elif s.kind == "labellit":
                v = self.label(s.arg, labels)
                words.append(0 if v is None else (v | (1 << 24) if self.gen >= 6 else v))
            elif s.kind == "jumptbl":
                words += self.jumptbl(labels, s)
            else:
                words.append(self.insn(s.arg, pc, labels))
        return words

    def label(self, t: Tok, labels: dict[str, int]) -> int | None:
        v = labels.get(t.text[1:])
        if v is None:
            self.err(t, f"undefined label {t.text[1:]!r}")
        return v

    def jumptbl(self, labels: dict[str, int], s: Stmt) -> list[int]:
        table = [0] * 0x80
        from visa.afuc.pm4_ids_gen import PM4_IDS as packets
        for name, off in labels.items():
            pid = packets.get(name)
            if pid is None:
                m = _UNKN.match(name)
                if m is None:
                    continue
                pid = int(m.group(1))
            if not 0 <= pid < 0x80:
                self.err(s.tok, f"label {name!r}: packet id {pid} is outside the 128-entry table")
                continue
            table[pid] = off
        return table

    def insn(self, ins: Insn, pc: int, labels: dict[str, int]) -> int:
        cands = self.forms.get(ins.mnemonic)
        if not cands:
            self.err(ins.tok, f"{ins.mnemonic!r} does not exist on a{self.gen}xx")
            return 0
        shapes = tuple(o.shape for o in ins.operands)
        for form in cands:
            if len(form.slots) != len(shapes):
                continue
            if all(_fits(got, want) for got, (want, _) in zip(shapes, form.slots)):
                break
        else:
            want = " or ".join(sorted({", ".join(s for s, _ in f.slots) or "no operands"
                                       for f in cands}))
            self.err(ins.tok, f"{ins.mnemonic}: operands ({', '.join(shapes) or 'none'}) "
                     f"do not fit: expected {want}")
            return 0
        b = form.bitset
        have = _fields_of(b)
        values: dict[str, int] = {}
        ok = True
        rank = -1
        for p in ins.prefixes:
            r, field, val = _prefix(p.text)
            if r <= rank:
                self.err(p, f"prefix {p.text} out of order or repeated "
                         "(order: (rep), (xmovN), (peek); (rep), (sdsN))")
                ok = False
            rank = r
            if field in have:
                values[field] = val
            elif field in ("XMOV", "PEEK") and ins.mnemonic in _LOOSE_XMOV:
                pass  # Mesa's grammar takes it and drops it
            else:
                self.err(p, f"{p.text} is not allowed on {ins.mnemonic}")
                ok = False
        for op, (want, names) in zip(ins.operands, form.slots):
            ok &= self.fill(op, want, names, b, pc, labels, values)
        if not ok:
            return 0
        if form.pred is not None:
            full = {f.name: values.get(f.name, 0) for f in b.fields}
            if not form.pred(full):
                self.err(ins.tok, f"{ins.mnemonic}: this form needs other field values")
                return 0
        try:
            return ISA.encode(b, values)
        except FieldOverflow as e:
            self.err(ins.tok, f"value too large: {e}")
            return 0

    def fill(self, op: Operand, want: str, names: tuple[str, ...], b: Bitset, pc: int,
             labels: dict[str, int], values: dict[str, int]) -> bool:
        fields = _fields_of(b)

        def put(name: str, v: int | None, t: Tok) -> bool:
            if v is None:
                return False
            f = fields[name]
            if v < 0 or v >> f.width:
                self.err(t, f"{t.text}: value {v:#x} does not fit the {f.width}-bit field {name}")
                return False
            values[name] = v
            return True

        if not names:
            return True
        if want == "reg":
            t = op.tok
            if t.value is None:
                self.err(t, f"invalid register {t.text!r}")
                return False
            return put(names[0], t.value, t)
        if want == "bit":
            return put(names[0], op.tok.value, op.tok)
        if want == "target":
            kind = fields[names[0]].kind
            if op.shape == "target":
                v = op.tok.value
                # the encoded value, as afuc-dis prints it (negative: two's
                # complement in the field)
                width = fields[names[0]].width
                if v < 0 and v >= -(1 << (width - 1)):
                    v &= (1 << width) - 1
                return put(names[0], v, op.tok)
            v = self.label(op.tok, labels)
            if v is None:
                return False
            if isinstance(kind, Branch) and not kind.absolute:
                d = v - pc
                if not -0x8000 <= d < 0x8000:
                    self.err(op.tok, f"branch to {op.tok.text} out of range ({d})")
                    return False
                v = d & 0xffff
            return put(names[0], v, op.tok)
        if want == "imm":
            if op.shape == "label":
                return put(names[0], self.label(op.tok, labels), op.tok)
            return put(names[0], self.imm(op.parts[0]), op.tok)
        if want == "shift":
            if op.shape == "shift":
                base, sh = op.parts
            elif op.shape == "label":
                base, sh = op.parts, None
            else:
                base, sh = op.parts[0], None
            if base[0].kind == "label":
                v = self.label(base[0], labels)
            else:
                v = self.imm(base)
            ok = put(names[0], v, base[0])
            return ok and put(names[1], 0 if sh is None else self.imm(sh),
                              op.tok if sh is None else sh[0])
        if want == "mem":
            reg, imm, pre = op.parts
            ok = put(names[0], reg.value, reg)
            ok &= put(names[1], self.imm(imm), imm[0])
            if pre:
                ok &= put(names[2], 1, pre[0])
            return ok
        raise AssertionError(want)


_FIELDS: dict[int, dict[str, Any]] = {}


def _fields_of(b: Bitset) -> dict[str, Any]:
    got = _FIELDS.get(id(b))
    if got is None:
        got = _FIELDS[id(b)] = {f.name: f for f in b.fields}
    return got


def _fits(got: str, want: str) -> bool:
    if got == want:
        return True
    if want == "imm":
        return got == "label"
    if want == "shift":
        return got in ("imm", "label")
    if want == "target":
        return got == "label"
    return False


def _prefix(text: str) -> tuple[int, str, int]:
    if text == "(rep)":
        return 0, "REP", 1
    if text == "(peek)":
        return 2, "PEEK", 1
    if text.startswith("(xmov"):
        return 1, "XMOV", int(text[5])
    return 1, "SDS", int(text[4])


def assemble(source: str | bytes, path: str = "<input>") -> bytes:
    """The firmware image of ``source`` (Mesa's afuc-asm layout: a zero
    dword, then every section's words).  Raises :class:`AsmError`."""
    if isinstance(source, bytes):
        text = source.decode("utf-8", "surrogateescape")
    else:
        text = source
    diags: list[Diag] = []
    toks = lex(text, diags)
    stmts = Parser(toks).parse(diags)
    data = b""
    if not diags or stmts:
        a = _Asm(stmts, diags)
        data = a.run()
    if diags:
        raise AsmError(diags, text, path)
    return data


def as_main(argv: Iterable[str] | None = None) -> int:
    import argparse
    import os
    import sys
    import tempfile

    ap = argparse.ArgumentParser(prog="afuc-as", description="assemble afuc firmware like Mesa's afuc-asm")
    ap.add_argument("file")
    ap.add_argument("-o", metavar="OUT", help="output firmware (default: FILE with .fw)")
    args = ap.parse_args(None if argv is None else list(argv))
    out = args.o or (os.path.splitext(args.file)[0] + ".fw")
    try:
        with open(args.file, "rb") as fh:
            src = fh.read()
    except OSError as e:
        print(f"{args.file}: error: {e.strerror}", file=sys.stderr)
        return 1
    try:
        data = assemble(src, args.file)
    except AsmError as e:
        print(e.render(), file=sys.stderr)
        return 1
    d = os.path.dirname(os.path.abspath(out))
    try:
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".afuc-as-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, out)
    except OSError as e:
        print(f"{out}: error: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(as_main())
