"""G80 decoder and envydis-style listing, driven by the records of :mod:`visa.g80.tables`.

A decode walks the tables as envydis does: in a table the first entry whose value matches
the word under its mask (and whose chip features / program type fit) wins, its mask is
claimed and its atoms run; atoms name modifiers, descend into other tables, or read
operand fields.  Bits that no atom claimed are the ``[unknown: ...]`` note.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import tables as T

M64 = (1 << 64) - 1

NULL_COLORS = dict.fromkeys(
    ("reset", "iname", "rname", "mod", "sym", "reg", "regsp", "num", "mem", "btarg", "ctarg",
     "bctarg", "eval", "comm", "err"), "")
DEF_COLORS = {
    "reset": "\x1b[0m", "iname": "\x1b[0;32m", "rname": "\x1b[0;32m", "mod": "\x1b[0;36m",
    "sym": "\x1b[0;36m", "reg": "\x1b[0;31m", "regsp": "\x1b[0;35m", "num": "\x1b[0;33m",
    "mem": "\x1b[0;35m", "btarg": "\x1b[0;35m", "ctarg": "\x1b[0;1;37m", "bctarg": "\x1b[0;1;35m",
    "eval": "\x1b[0;35m", "comm": "\x1b[0;34m", "err": "\x1b[0;1;31m",
}

VARIANTS = {
    "g80": 0, "g84": T.FEATURES["sm11"],
    "g200": T.FEATURES["sm11"] | T.FEATURES["sm12"] | T.FEATURES["fp64"],
    "mcp77": T.FEATURES["sm11"] | T.FEATURES["sm12"],
    "gt215": T.FEATURES["sm11"] | T.FEATURES["sm12"] | T.FEATURES["d3d10_1"],
}
# a feature and the features it implies
FEATURE_CLOSURE = {
    "sm11": T.FEATURES["sm11"], "sm12": T.FEATURES["sm12"] | T.FEATURES["sm11"],
    "fp64": T.FEATURES["fp64"], "d3d10_1": T.FEATURES["d3d10_1"],
}
PTYPES = T.PTYPES


class Variant:
    """Chip features (a bit mask of FEATURES) and the program type (or None)."""

    __slots__ = ("features", "ptype", "_tabs", "lenient", "strict", "implicit")

    def __init__(self, features: int = 0, ptype: str | None = None, *, lenient: bool = False,
                 strict: bool = False) -> None:
        self.features = features
        self.ptype = ptype
        self._tabs: dict[str, list[tuple[int, int, tuple]]] = {}
        # assembler only: ``lenient`` takes immediates wider than their field (cut, as envyas
        # does); ``strict`` refuses an odd register number for a 64-bit ("d") operand
        self.lenient = lenient
        self.strict = strict
        # assembler only: a zero-valued entry that only names a modifier the line lacks (the
        # default, such as a rounding mode) matches without it; used to widen an instruction
        self.implicit = False

    def with_(self, *, features: int | None = None, ptype: str | None = None, lenient: bool | None = None,
              strict: bool | None = None, keep_ptype: bool = True, implicit: bool | None = None) -> "Variant":
        v = Variant(self.features if features is None else features,
                    self.ptype if keep_ptype else ptype,
                    lenient=self.lenient if lenient is None else lenient,
                    strict=self.strict if strict is None else strict)
        v.implicit = self.implicit if implicit is None else implicit
        return v

    def ok(self, fmask: int, ptype: int) -> bool:
        if fmask and (self.features & fmask) != fmask:
            return False
        if ptype and (self.ptype is None or not ptype & PTYPES[self.ptype]):
            return False
        return True

    def table(self, name: str) -> list[tuple[int, int, tuple]]:
        tab = self._tabs.get(name)
        if tab is None:
            tab = [(val, mask, atoms) for val, mask, fmask, ptype, atoms in T.TABLES[name]
                   if self.ok(fmask, ptype)]
            self._tabs[name] = tab
        return tab


def _getbf(bf: dict, st: list) -> int:
    a = st[0]
    res = 0
    pos = bf["shr"]
    m = 0
    for s, ln in bf["sbf"]:
        fm = (1 << ln) - 1
        m |= fm << s
        res |= ((a >> s) & fm) << pos
        pos += ln
    st[1] |= m
    mode = bf["mode"]
    if mode == 1:
        if res >> (pos - 1) & 1:
            res -= 1 << pos
    elif mode == 2:
        if res >> (pos - 1) & 1 and res >> (pos - 2) & 1:
            res -= 1 << pos
    elif mode == 3:
        res -= 1 << pos
    res ^= bf.get("xorend", 0)
    res += bf["addend"]
    return res & M64


class _Ctx:
    __slots__ = ("var", "oplen", "atoms", "endmark", "st")

    def __init__(self, var: Variant, a: int) -> None:
        self.var = var
        self.oplen = 0
        self.atoms: list[tuple] = []
        self.endmark = False
        self.st = [a, 0]


def _reg(ctx: _Ctx, reg: dict) -> tuple | None:
    num = _getbf(T.BITFIELDS[reg["bf"]], ctx.st) if reg["bf"] else 0
    if reg["specials"]:
        for sr in T.SREGS[reg["specials"]]:
            if sr["fmask"] and not ctx.var.ok(sr["fmask"], 0):
                continue
            if num == sr["num"]:
                mode = sr["mode"]
                if mode == 0:
                    return ("reg", sr["name"], "regsp")
                if mode == 1:
                    return None
                if mode == 2:
                    return ("num", 1, None)
                return ("discard",)
    suf = reg["suffix"]
    if reg["hilo"]:
        suf = "h" if num & 1 else "l"
        num >>= 1
    name = f"{reg['name']}{num}{suf}" if reg["bf"] else f"{reg['name']}{suf}"
    special = None
    if reg["cool"]:
        special = "regsp"
    if reg["always_special"]:
        special = "err"
    return ("reg", name, special)


def _run(ctx: _Ctx, tabname: str) -> None:
    a = ctx.st[0] & M64
    for val, mask, atoms in ctx.var.table(tabname):
        if a & mask == val:
            break
    else:  # envydis would read past the table; every G80 table ends in a catch-all
        raise AssertionError(tabname)
    ctx.st[1] |= mask
    for atom in atoms:
        kind = atom[0]
        if kind == "tab":
            _run(ctx, atom[1])
        elif kind == "name":
            ctx.atoms.append(("name", atom[1], False))
        elif kind == "unk":
            ctx.atoms.append(("name", atom[1], True))
        elif kind == "oplen":
            ctx.oplen = atom[1]
        elif kind == "reg":
            e = _reg(ctx, T.REGS[atom[1]])
            ctx.atoms.append(("expr", e if e is not None else ("num", 0, None)))
        elif kind == "mem":
            ctx.atoms.append(("expr", _mem(ctx, T.MEMS[atom[1]])))
        elif kind == "imm":
            ctx.atoms.append(("expr", ("num", _getbf(T.BITFIELDS[atom[1]], ctx.st), None)))
        elif kind == "rimm":
            ctx.atoms.append(("expr", ("num", _getbf(T.RBITFIELDS[atom[1]], ctx.st), None)))
        elif kind == "btarg":
            ctx.atoms.append(("expr", ("num", _getbf(T.RBITFIELDS[atom[1]], ctx.st), "btarg")))
        elif kind == "ctarg":
            ctx.atoms.append(("expr", ("num", _getbf(T.RBITFIELDS[atom[1]], ctx.st), "ctarg")))
        elif kind == "ign":
            s, ln = T.INTS[atom[1]]
            ctx.st[1] |= ((1 << ln) - 1) << s
        elif kind == "vec":
            ctx.atoms.append(("expr", _vec(ctx, T.VECS[atom[1]])))
        elif kind == "sestart":
            ctx.atoms.append(("sestart",))
        elif kind == "seend":
            ctx.atoms.append(("seend",))
        elif kind == "endmark":
            ctx.endmark = True
        elif kind == "discard":
            ctx.atoms.append(("expr", ("discard",)))
        else:  # pragma: no cover - the tables hold no other kinds
            raise AssertionError(kind)


def _mem(ctx: _Ctx, mem: dict) -> tuple:
    expr = _reg(ctx, T.REGS[mem["reg"]]) if mem["reg"] else None
    pexpr = None
    if mem["imm"]:
        imm = ("num", _getbf(T.RBITFIELDS[mem["imm"]], ctx.st), None)
        if mem["postincr"]:
            pexpr = imm
        elif expr is not None:
            expr = ("add", expr, imm)
        else:
            expr = imm
    if expr is None:
        expr = ("num", 0, None)
    name = mem["name"]
    if mem["idx"]:
        name = f"{name}{_getbf(T.BITFIELDS[mem['idx']], ctx.st)}"
    return ("mem", name, expr, pexpr)


def _vec(ctx: _Ctx, vec: dict) -> tuple:
    base = _getbf(T.BITFIELDS[vec["bf"]], ctx.st)
    cnt = _getbf(T.BITFIELDS[vec["cnt"]], ctx.st)
    mask = _getbf(T.BITFIELDS[vec["mask"]], ctx.st) if vec["mask"] else -1
    expr = None
    k = 0
    for i in range(cnt):
        if mask >> i & 1:
            sub: tuple = ("reg", f"{vec['name']}{base + k}", "regsp" if vec["cool"] else None)
            k += 1
        else:
            sub = ("discard",)
        expr = sub if expr is None else ("vec", expr, sub)
    return expr if expr is not None else ("zvec",)


class Decoded:
    """One decoded instruction: its length, the parsed instruction and the bits no table claimed."""

    __slots__ = ("oplen", "prefs", "sinsn", "unk_insn", "unk_operand", "endmark", "a", "m", "eof")

    def __init__(self) -> None:
        self.oplen = 0
        self.prefs: list[tuple] = []
        self.sinsn: tuple = ("", False, [], [])
        self.unk_insn = False
        self.unk_operand = False
        self.endmark = False
        self.a = 0
        self.m = 0
        self.eof = False


def _parse_sinsn(d: Decoded, atoms: list[tuple], pos: int) -> tuple[tuple, int]:
    kind, name, isunk = atoms[pos]
    if isunk:
        d.unk_insn = True
    pos += 1
    operands: list[tuple[list, tuple]] = []
    mods: list[tuple[str, bool]] = []
    while pos < len(atoms) and atoms[pos][0] != "seend":
        at = atoms[pos]
        if at[0] == "name":
            if at[2]:
                d.unk_operand = True
            mods.append((at[1], at[2]))
            pos += 1
        else:
            e, pos = _parse_expr(d, atoms, pos)
            operands.append((mods, e))
            mods = []
    return (name, isunk, operands, mods), pos


def _parse_expr(d: Decoded, atoms: list[tuple], pos: int) -> tuple[tuple, int]:
    at = atoms[pos]
    if at[0] == "expr":
        return at[1], pos + 1
    s, pos = _parse_sinsn(d, atoms, pos + 1)
    return ("sinsn", s), pos + 1


def decode(code: bytes | bytearray, cur: int, var: Variant, num: int | None = None) -> Decoded:
    """Decode the instruction at byte ``cur`` of ``code`` (``num`` bytes are code)."""
    if num is None:
        num = len(code)
    end = min(num, cur + 16)
    a = int.from_bytes(code[cur:end], "little")
    ctx = _Ctx(var, a)
    _run(ctx, "root")
    d = Decoded()
    d.oplen = ctx.oplen or 4
    d.eof = d.oplen + cur > num
    d.endmark = ctx.endmark
    d.a = a
    d.m = ctx.st[1]
    atoms = ctx.atoms
    pos = 0
    while atoms[pos][0] != "name":
        e, pos = _parse_expr(d, atoms, pos)
        d.prefs.append(e)
    d.sinsn, pos = _parse_sinsn(d, atoms, pos)
    return d


# ---------------------------------------------------------------- post-processing and printing

def _pp(e: tuple, marks: Any, base: int, labels: dict[int, str] | None, d: Decoded) -> tuple:
    """envydis' dis_pp_expr: mark targets, negative numbers as negations, drop `+0`."""
    kind = e[0]
    if kind == "num":
        val, special = e[1], e[2]
        if special in ("btarg", "ctarg"):
            if marks is not None:
                marks.mark(val, 2 if special == "ctarg" else 1)
                if special == "ctarg" and marks.is_nr(val):
                    d.endmark = True
            lab = labels.get(val) if labels else None
            if lab is not None:
                return ("num", val, special, lab)
            return e
        if val >> 63 and not special:
            return ("neg", ("num", (-val) & M64, None))
        return e
    if kind == "add":
        e1 = _pp(e[1], marks, base, labels, d)
        e2 = _pp(e[2], marks, base, labels, d)
        if e1[0] == "num" and e1[1] == 0:
            return e2
        if e2[0] == "num" and e2[1] == 0:
            return e1
        return ("add", e1, e2)
    if kind == "mem":
        e1 = _pp(e[2], marks, base, labels, d)
        return ("mem", e[1], e1, e[3])
    if kind == "vec":
        return ("vec", _pp(e[1], marks, base, labels, d), _pp(e[2], marks, base, labels, d))
    if kind == "sinsn":
        return ("sinsn", _pp_sinsn(e[1], marks, base, labels, d))
    return e


def _pp_sinsn(s: tuple, marks: Any, base: int, labels: dict[int, str] | None, d: Decoded) -> tuple:
    name, isunk, operands, mods = s
    return (name, isunk, [(om, _pp(e, marks, base, labels, d)) for om, e in operands], mods)


def postprocess(d: Decoded, marks: Any = None, labels: dict[int, str] | None = None) -> None:
    d.prefs = [_pp(e, marks, 0, labels, d) for e in d.prefs]
    d.sinsn = _pp_sinsn(d.sinsn, marks, 0, labels, d)


def _sexpr(e: tuple, lvl: int, c: dict[str, str]) -> str:
    kind = e[0]
    if kind == "vec" and lvl <= -1:
        return _sexpr(e[1], -1, c) + c["sym"] + ":" + c["reset"] + _sexpr(e[2], 0, c)
    if kind in ("add", "sub") and lvl <= 0:
        op = "+" if kind == "add" else "-"
        return _sexpr(e[1], 0, c) + c["sym"] + op + c["reset"] + _sexpr(e[2], 1, c)
    if kind == "neg" and lvl <= 2:
        return c["sym"] + "-" + c["reset"] + _sexpr(e[1], 2, c)
    if kind == "num":
        special = e[2]
        col = c[special] if special else c["num"]
        out = f"{col}0x{e[1]:x}{c['reset']}"
        if len(e) > 3:
            out += f" {c['comm']}/*{c['reset']} {col}#{e[3]}{c['reset']} {c['comm']}*/{c['reset']}"
        return out
    if kind == "reg":
        col = c[e[2]] if e[2] else c["reg"]
        return f"{col}${e[1]}{c['reset']}"
    if kind == "discard":
        return c["sym"] + "#" + c["reset"]
    if kind == "zvec":
        return c["sym"] + "()" + c["reset"]
    if kind == "sinsn":
        return c["sym"] + "(" + c["reset"] + _sinsn(e[1], c) + c["sym"] + ")" + c["reset"]
    if kind == "mem":
        out = c["mem"] + e[1] + "[" + c["reset"] + _expr(e[2], -1, c)
        if e[3] is not None:
            out += c["mem"] + "++" + c["reset"] + _expr(e[3], -1, c)
        return out + c["mem"] + "]" + c["reset"]
    return c["sym"] + "(" + c["reset"] + _expr(e, -1, c) + c["sym"] + ")" + c["reset"]


def _expr(e: tuple, lvl: int, c: dict[str, str]) -> str:
    if lvl <= -1 and e[0] == "vec":
        return _expr(e[1], -1, c) + c["sym"] + ":" + c["reset"] + _sexpr(e[2], 0, c)
    return _sexpr(e, 0, c)


def _mods(mods: Sequence[tuple[str, bool]], c: dict[str, str]) -> str:
    return "".join(" " + (c["err"] if unk else c["mod"]) + s + c["reset"] for s, unk in mods)


def _sinsn(s: tuple, c: dict[str, str]) -> str:
    name, isunk, operands, mods = s
    out = (c["err"] if isunk else c["iname"]) + name + c["reset"]
    for om, e in operands:
        out += _mods(om, c) + " " + _sexpr(e, -1, c)
    return out + _mods(mods, c)


def insn_text(d: Decoded, c: dict[str, str] = NULL_COLORS) -> str:
    out = "".join(_sexpr(p, 2, c) + " " for p in d.prefs)
    return out + _sinsn(d.sinsn, c)
