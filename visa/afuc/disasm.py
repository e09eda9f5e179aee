"""Firmware image -> :class:`visa.afuc.ast.Program`, the listing of Mesa's
``afuc-disasm -u`` (a5xx, a6xx, a7xx).

Labels: jump-table entries are packet names (``UNKNn`` when unnamed),
call/bl targets ``fxnN``, other branch targets ``lN`` (N = word offset).
a6xx/a7xx: the firmware's bootstrap is run (:mod:`visa.afuc.emu`) to learn
the packet table and the BV/LPAC sections.  Each word is decoded by the
records (:mod:`visa.afuc.isa`) and made into an instruction node through the
form of the template it prints with (:mod:`visa.afuc.forms`).

Where Mesa's text loses the word, the node reads back to it: a word with
don't-care bits set is a raw word with the instruction as its note
(``[da37ca77]\\t; waitin``), an SQE register's pre-increment offset is its
true value.
"""
from __future__ import annotations

import struct

from visa.afuc import ast
from visa.afuc.asm import FWIDS
from visa.afuc.errors import AfucError, Diagnostic
from visa.afuc.forms import FORMS, Form
from visa.afuc.isa import ISA, Branch
from visa.afuc.names import domain
from visa.afuc.regs_gen import GPU_HI, GPU_REGS, PACKETS
from visa.bitisa import Decoded, holds

M32 = 0xFFFFFFFF
REG_ADDR = 0x1D  # $addr: a mov to it with a shift of 16 or more selects a pipe register


def _form(d: Decoded) -> Form:
    """The form whose template prints ``d`` (its first override that holds)."""
    for f in FORMS[id(d.bitset)]:
        if f.pred is None or holds(f.pred, d.values):
            return f
    raise AssertionError(d.bitset.name)  # pragma: no cover - the template has no condition


def _named(cls: type, name: str) -> ast.ControlReg | ast.SqeReg:
    # the register database names a 64-bit register's high half NAME+0x1
    base, plus, off = name.partition("+")
    return cls(base, ast.Imm(int(off, 0)) if plus else None)  # type: ignore[no-any-return]


class Context:
    """What a decoded instruction's operands are named by: the GPU's
    register names, the pc, and the labels of the listing."""

    def __init__(self, gen: int) -> None:
        self.gen = gen
        self.control = domain("CONTROL", gen)
        self.sqe = domain("SQE", gen)
        self.pc = 0
        self.fxn: dict[int, str] = {}
        self.lbl: dict[int, str] = {}

    def register(self, space: str, value: int) -> ast.ControlReg | ast.SqeReg | None:
        name = (self.control if space == "control" else self.sqe).get(value)
        if name is None:
            return None
        return _named(ast.ControlReg if space == "control" else ast.SqeReg, name)

    def target(self, kind: Branch, value: int) -> ast.LabelRef | ast.Target:
        if kind.absolute:
            target = value
        else:
            off = value - 0x10000 if value & 0x8000 else value
            target = self.pc + off
        name = (self.fxn if kind.call else self.lbl).get(target)
        if name is not None:
            return ast.LabelRef(name)
        # no label (outside the listing): the encoded value, as Mesa prints it
        # (an absolute 26-bit target signed, as its %d does)
        if kind.absolute:
            return ast.Target(target - (1 << 26) if target & (1 << 25) else target)
        return ast.Target(off)


def instruction(d: Decoded, ctx: Context | None = None, note: ast.Note | None = None) -> ast.Instruction:
    """The instruction node of a decoded word (``ctx``: names and labels;
    without it registers and targets are numbers)."""
    form = _form(d)
    v = d.values
    c = ctx if ctx is not None else Context(0)
    ops = tuple(s.node(v, c) for s in form.slots)
    return ast.Instruction(form.mnemonic, ops, bool(v.get("REP")), v.get("XMOV", 0),
                         bool(v.get("PEEK")), v.get("SDS", 0), note)


def _gpu_note(gen: int, value: int) -> ast.RegisterNote | None:
    """Mesa's note after an immediate that is a GPU register."""
    if value < 0x100:
        return None
    chip = f"A{gen}XX"
    name = GPU_REGS[chip].get(value)
    if name is None:
        return None
    if value in GPU_HI[chip]:  # the database's "_HI" after the name
        return ast.RegisterNote("gpu", value, name[:-3], "_HI")
    return ast.RegisterNote("gpu", value, name)


def _note(d: Decoded, gen: int) -> ast.RegisterNote | None:
    v = d.values
    if "RIMMED" not in v:
        return None
    immed = (v["RIMMED"] << v.get("SHIFT", 0)) & M32
    if v.get("DST") == REG_ADDR and v.get("SHIFT", 0) >= 16:
        immed &= ~0x40000  # bit 18 turns off the address' auto-increment
        if immed & 0xFFFFFF == 0:
            pipe = domain("PIPE", gen).get(immed >> 24)
            return ast.RegisterNote("pipe", immed >> 24, pipe)
        return None
    return _gpu_note(gen, immed)


def _target(d: Decoded, pc: int) -> tuple[int, bool] | None:
    """The (address, is a call) a branch goes to."""
    for f in d.bitset.fields:
        if isinstance(f.kind, Branch):
            value = d.values[f.name]
            kind = f.kind
            break
    else:
        for name, value, kind in d.bitset.derived:
            if isinstance(kind, Branch):
                break
        else:
            return None
    if kind.absolute:
        return value, kind.call
    return pc + (value - 0x10000 if value & 0x8000 else value), kind.call


class _Out:
    """Statements and, for ``-v``, the (pc, word) each was listed at;
    ``share``: equal statements may be one node."""

    def __init__(self, share: bool = False) -> None:
        self.share = share
        self.stmts: list[ast.Statement] = []
        self.addrs: list[tuple[int, int] | None] = []

    def add(self, st: ast.Statement, addr: tuple[int, int] | None = None) -> None:
        self.stmts.append(st)
        self.addrs.append(addr)


def _lines(out: _Out, instrs: list[int], n: int, gen: int, jmptbl: list[int],
           jt_off: int = -1) -> None:
    """The listing of ``instrs[:n]``: labels from ``jmptbl`` (packet entries)
    and branches."""
    chip = f"A{gen}XX"
    cache: dict[int, Decoded | None] = {}
    decoded: list[Decoded | None] = []
    for w in instrs[:n]:
        if w in cache:
            d = cache[w]
        else:
            d = cache[w] = ISA.decode(w, gen)
        decoded.append(d)
    ctx = Context(gen)
    targets: list[tuple[int, bool] | None] = [None] * len(decoded)
    for pc, d in enumerate(decoded):
        if d is None:
            continue
        t = targets[pc] = _target(d, pc)
        if t is not None and 0 <= t[0] < n:
            if t[1]:
                ctx.fxn[t[0]] = f"fxn{t[0]}"
            else:
                ctx.lbl[t[0]] = f"l{t[0]}"
    entries: dict[int, list[str]] = {}
    names = PACKETS[chip]
    for i, off in enumerate(jmptbl):
        entries.setdefault(off, []).append(names.get(i, f"UNKN{i}"))
    nop_lit = 0x01000000 | jt_off if jt_off >= 0 else -1
    # the statement of a word that names no branch target is the same
    # wherever the word is: made once where ``out.share``
    # (only where the nodes stay inside this module: listing(); the
    # program disassemble() returns has a node of its own at every place)
    made: dict[int, ast.Statement] | None = {} if out.share else None
    for pc, d in enumerate(decoded):
        word = instrs[pc]
        at = (pc, word)
        if (pc in entries or pc in ctx.fxn) and pc:
            out.add(ast.Blank(), at)
        for name in sorted(entries.get(pc, ())):
            out.add(ast.Label(name), at)
        if pc in ctx.fxn:
            out.add(ast.Label(ctx.fxn[pc]), at)
        if pc in ctx.lbl:
            out.add(ast.Label(ctx.lbl[pc]), at)
        if made is not None:
            st = made.get(word)
            if st is not None:
                out.add(st, at)
                continue
        if d is None:
            if word == nop_lit:
                out.add(ast.LabelLiteral("jumptbl"), at)
            else:
                out.add(ast.Literal(word, _gpu_note(gen, word)), at)
            continue
        ctx.pc = pc
        st = instruction(d, ctx, _note(d, gen))
        if d.lost_bits:
            # don't-care bits set: the text would lose them; the raw word reads back
            st = ast.Literal(word, st)
        if made is not None and targets[pc] is None:
            made[word] = st
        out.add(st, at)


def _header(out: _Out, gen: int, version: int) -> None:
    out.add(ast.Comment(f" a{gen}xx microcode"))
    out.add(ast.Comment(f" Version: {version:08x}"))
    out.add(ast.Blank())


def _a5xx(out: _Out, instrs: list[int]) -> list[int]:
    n = len(instrs)
    base = instrs[1] & 0xFFFF if n > 1 else 0
    jmptbl = instrs[base:base + 128] if base + 128 <= n else []
    _header(out, 5, instrs[0])
    _lines(out, instrs, n, 5, jmptbl)
    return jmptbl


def _find(instrs: list[int], n: int, table: list[int]) -> int:
    for i in range(0, n - len(table) + 1):
        if instrs[i:i + len(table)] == table:
            return i
    return -1


def _section(out: _Out, instrs: list[int], n: int, gen: int, jmptbl: list[int],
             align: bool) -> None:
    jt = _find(instrs, n, jmptbl)
    if jt >= 0 and any(v >= jt for v in jmptbl):
        # an entry no label of the listed code can give (the bootstrap wrote
        # no real table): .jumptbl would not read back, so no table is listed
        jt = -1
    _lines(out, instrs, n if jt < 0 else min(n, jt), gen, jmptbl, jt)
    if jt >= 0:
        if align:  # a7xx: another section follows, 32-dword aligned
            out.add(ast.Align(ast.Imm(32)))
        out.add(ast.Label("jumptbl"))
        out.add(ast.JumpTable())
        for w in instrs[jt + 128:n]:
            out.add(ast.Literal(w))


def _a6xx(out: _Out, instrs: list[int], gen: int) -> None:
    from visa.afuc.emu import BASE, Bootstrap

    emu = Bootstrap(instrs, gen)
    emu.run()
    n = len(instrs)

    def offset(addr: int) -> int:
        # a section base outside the image (never written, or garbage) is no section
        off = (addr - BASE) // 4
        return off if 0 < off < n and addr >= BASE else 0

    bv = lpac = 0
    if gen >= 7:
        bv = offset(emu.reg64_control("BV_INSTR_BASE"))
        lpac = offset(emu.reg64_control("LPAC_INSTR_BASE"))
        if bv and lpac and bv > lpac:
            bv = 0
        n = min(x for x in (bv, lpac, n) if x)
    elif emu.reg64_gpu(0xB82):  # CP_LPAC_SQE_INSTR_BASE
        lpac = offset(emu.reg64_gpu(0xB82))
        n = lpac or n
    _header(out, gen, instrs[0])
    _section(out, instrs, n, gen, emu.jmptbl, gen >= 7 and bool(bv or lpac))
    for name, off, end in (("BV", bv, lpac or len(instrs)), ("LPAC", lpac, len(instrs))):
        if not off:
            continue
        sub = instrs[off:]
        ctl = {}
        regs = {v: k for k, v in domain("CONTROL", gen).items()}
        if gen >= 7:
            ctl[regs[f"{name}_INSTR_BASE"]] = BASE
        e = Bootstrap(sub, gen, control=ctl, gpu={0xB82: BASE})
        e.run()
        for st in (ast.Blank(), ast.Section(name), ast.Comment(""), ast.Comment(f" {name} microcode:"),
                   ast.Comment("")):
            out.add(st)
        _section(out, sub, end - off, gen, e.jmptbl, gen >= 7 and name == "BV" and bool(lpac))


def _words(data: bytes) -> list[int]:
    if len(data) < 8 or len(data) % 4:
        raise AfucError([Diagnostic(0, 0, f"not a firmware image: {len(data)} bytes (a "
                                          "multiple of 4, at least 8)")])
    return list(struct.unpack("<%dI" % (len(data) // 4), data))


def _gen(words: list[int], fwid: int | None) -> int:
    if fwid is None:
        fwid = (words[1] >> 12) & 0xFFF
    gen = FWIDS.get(fwid)
    if gen is None:
        raise AfucError([Diagnostic(0, 0, f"unknown GPU version {fwid:03x}!")])
    return gen


def _disassemble(data: bytes, raw: bool, fwid: int | None,
                 share: bool = False) -> tuple[_Out, int, list[int]]:
    words = _words(data)
    gen = _gen(words, fwid)
    out = _Out(share)
    jmptbl: list[int] = []
    if raw:
        _header(out, gen, words[1])
        _lines(out, words, len(words), gen, [])
    elif gen == 5:
        jmptbl = _a5xx(out, words[1:])
    else:
        _a6xx(out, words[1:], gen)
    return out, gen, jmptbl


def disassemble(data: bytes, raw: bool = False, fwid: int | None = None) -> ast.Program:
    """The program of a firmware image, as ``afuc-disasm -u`` lists it:
    ``raw`` (``-r``) lists every word from the image's first without looking
    for a jump table; ``fwid`` (``-g``, 0x730...) overrides the id of the
    version word.  Raises :class:`~visa.afuc.errors.AfucError` for an image
    of no known GPU."""
    out, _, _ = _disassemble(data, raw, fwid)
    return ast.Program(tuple(out.stmts))


def listing(data: bytes, verbose: bool = False, raw: bool = False, fwid: int | None = None,
            colours: bool = False) -> str:
    """``afuc-disasm -u``'s text of a firmware image: ``format(disassemble(
    data))``, and with ``verbose`` (``-v``) each instruction's lines led by
    its pc and word (a5xx: then the jump table), ``colours`` (``-c``)
    register names coloured."""
    from visa.afuc.printer import ColourPainter, format_statement

    out, gen, jmptbl = _disassemble(data, raw, fwid, share=True)
    paint = ColourPainter() if colours else None
    lines = []
    seen: dict[int, str] = {}  # the same node is printed once (see _lines)
    for st, at in zip(out.stmts, out.addrs):
        text = seen.get(id(st))
        if text is None:
            text = seen[id(st)] = format_statement(st, paint)
        lines.append(text if at is None or not verbose else f"\t{at[0]:04x}: {at[1]:08x}  {text}")
    if verbose and gen == 5 and not raw:  # Mesa's dump stops one short of the 128 entries
        lines += [";" * 46, "; JUMP TABLE"]
        names = PACKETS["A5XX"]
        for i, off in enumerate(jmptbl[:0x7F]):
            lines.append(f"{i:3d} {i:02x}: {off:04x}   ; " + names.get(i, f"UNKN{i}"))
    return "".join(x + "\n" for x in lines)


__all__ = ["Context", "disassemble", "instruction", "listing"]
