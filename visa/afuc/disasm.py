"""afuc listing in the form of Mesa's ``afuc-disasm -u`` (a5xx, a6xx, a7xx).

Labels: jump-table entries are packet names (``UNKNn`` when unnamed),
call/bl targets ``fxnN``, other branch targets ``lN`` (N = word offset)."""

from __future__ import annotations

import struct
from typing import Any

from visa.afuc.isa import ISA
from visa.afuc.names import Names
from visa.afuc.regs_gen import DOMAINS, GPU_REGS, PACKETS

GENS = {0x5FF: 5, 0x6EE: 6, 0x6DC: 6, 0x6DD: 6, 0x730: 7, 0x740: 7}
_CALLS = {"call", "bl"}
_BRANCHES = {"brnei", "breqi", "brneb", "breqb", "jumpa", "setsecure"}


class FirmwareError(ValueError):
    """The image is not an afuc firmware this tool knows."""


class _Ctx(Names):
    """Names plus the pc and labels a branch operand prints with."""

    def __init__(self, gen: int) -> None:
        super().__init__(gen)
        object.__setattr__(self, "pc", 0)
        object.__setattr__(self, "fxn", {})
        object.__setattr__(self, "lbl", {})

    def target_name(self, target: int, call: bool, raw: int) -> str | None:
        return (self.fxn if call else self.lbl).get(target)


def _target(d: Any, pc: int) -> int:
    if d.bitset.name == "setsecure":
        return pc + 3
    if d.bitset.name in _CALLS or d.bitset.name == "jumpa":
        return d.values["TARGET"]
    off = d.values["OFFSET"]
    return pc + (off - 0x10000 if off & 0x8000 else off)


def _gpu_comment(regs: dict[int, str], value: int) -> str:
    """Mesa's ``\t; NAME`` after an immediate that is a GPU register."""
    if value < 0x100:
        return ""
    name = regs.get(value)
    return "" if name is None else "\t; " + name


def _lines(instrs: list[int], n: int, gen: int, jmptbl: list[int], jt_off: int = -1,
           verbose: bool = False) -> list[str]:
    """The listing of ``instrs[:n]``: labels from ``jmptbl`` (packet entries) and branches."""
    chip = f"A{gen}XX"
    gpu = GPU_REGS[chip]
    decoded = [ISA.decode(w, gen) for w in instrs[:n]]
    fxn: set[int] = set()
    lbl: set[int] = set()
    for pc, d in enumerate(decoded):
        if d is None:
            continue
        if d.bitset.name in _CALLS:
            fxn.add(_target(d, pc))
        elif d.bitset.name in _BRANCHES:
            lbl.add(_target(d, pc))
    entries: dict[int, list[str]] = {}
    names = PACKETS[chip]
    for i, off in enumerate(jmptbl):
        entries.setdefault(off, []).append(names.get(i, f"UNKN{i}"))
    ctx = _Ctx(gen)
    for t in lbl:
        if 0 <= t < n:
            ctx.lbl[t] = f"l{t}"
    for t in fxn:
        if 0 <= t < n:
            ctx.fxn[t] = f"fxn{t}"
    nop_lit = 0x01000000 | jt_off if jt_off >= 0 else -1
    out: list[str] = []
    for pc, d in enumerate(decoded):
        start = len(out)
        _one(out, pc, d, instrs, entries, ctx, nop_lit, gpu, chip)
        if verbose:  # Mesa's -v: every line of an instruction gets its pc and word
            out[start:] = [f"\t{pc:04x}: {instrs[pc]:08x}  " + t for t in out[start:]]
    return out


def _one(out: list[str], pc: int, d: Any, instrs: list[int], entries: dict[int, list[str]],
         ctx: _Ctx, nop_lit: int, gpu: dict[int, str], chip: str) -> None:
    if True:
        if pc in entries or pc in ctx.fxn:
            if pc:
                out.append("")
        for name in sorted(entries.get(pc, ())):
            out.append(name + ":")
        if pc in ctx.fxn:
            out.append(ctx.fxn[pc] + ":")
        if pc in ctx.lbl:
            out.append(ctx.lbl[pc] + ":")
        if d is None or (d.lost_bits and d.bitset.name == "nop"):
            if instrs[pc] == nop_lit:
                out.append("[#jumptbl]")
            else:
                out.append(f"[{instrs[pc]:08x}]" + _gpu_comment(gpu, instrs[pc]))
            return
        object.__setattr__(ctx, "pc", pc)
        text = ISA.format(d, ctx)
        if d.bitset.name == "movi" and d.values["DST"] == 0x1D and d.values["SHIFT"] >= 16:
            val = (d.values["RIMMED"] << d.values["SHIFT"]) & 0xFFFBFFFF  # bit 18 ignored
            if val & 0xFFFFFF == 0:  # pipe register
                pipe = DOMAINS.get(chip + "_PIPE_REG", {}).get(val >> 24)
                text += "\t; |" + pipe if pipe else "\t; 0x%03x" % (val >> 24)
        elif "RIMMED" in d.values:
            text += _gpu_comment(gpu, (d.values["RIMMED"] << d.values.get("SHIFT", 0)) & 0xFFFFFFFF)
        if d.lost_bits:
            # don't-care bits set: the text would lose them; the raw word reads back
            text = f"[{instrs[pc]:08x}]\t; " + text
        out.append(text)


def disassemble_a5xx(instrs: list[int], verbose: bool = False) -> str:
    n = len(instrs)
    base = instrs[1] & 0xFFFF if n > 1 else 0
    jmptbl = instrs[base:base + 128] if base + 128 <= n else []
    out = ["; a5xx microcode", f"; Version: {instrs[0]:08x}", ""]
    out += _lines(instrs, n, 5, jmptbl, verbose=verbose)
    if verbose:  # Mesa's dump stops one short of the 128 entries
        out += [";" * 46, "; JUMP TABLE"]
        names = PACKETS["A5XX"]
        for i, off in enumerate(jmptbl[:0x7F]):
            out.append(f"{i:3d} {i:02x}: {off:04x}   ; " + names.get(i, f"UNKN{i}"))
    return "\n".join(out) + "\n"


def _find(instrs: list[int], n: int, table: list[int]) -> int:
    for i in range(0, n - len(table) + 1):
        if instrs[i:i + len(table)] == table:
            return i
    return -1


def _section(instrs: list[int], n: int, gen: int, jmptbl: list[int], align: bool,
             verbose: bool = False) -> list[str]:
    jt = _find(instrs, n, jmptbl)
    out = _lines(instrs, n if jt < 0 else min(n, jt), gen, jmptbl, jt, verbose)
    if jt >= 0:
        if align:  # a7xx: another section follows, 32-dword aligned
            out.append(".align 32")
        out += ["jumptbl:", ".jumptbl"]
        out += [f"[{w:08x}]" for w in instrs[jt + 128:n]]
    return out


def disassemble_a6xx(instrs: list[int], gen: int, verbose: bool = False) -> str:
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
    elif emu.reg64_gpu(0xB82):
        lpac = offset(emu.reg64_gpu(0xB82))
        n = lpac or n
    out = [f"; a{gen}xx microcode", f"; Version: {instrs[0]:08x}", ""]
    out += _section(instrs, n, gen, emu.jmptbl, gen >= 7 and bool(bv or lpac), verbose)
    for name, off, end in (("BV", bv, lpac or len(instrs)), ("LPAC", lpac, len(instrs))):
        if not off:
            continue
        sub = instrs[off:]
        ctl = {}
        names = {v: k for k, v in DOMAINS[f"A{gen}XX_CONTROL_REG"].items()}
        if gen >= 7:
            ctl[names[f"{name}_INSTR_BASE"]] = BASE
        e = Bootstrap(sub, gen, control=ctl, gpu={0xB82: BASE})
        e.run()
        out += ["", f".section {name}", ";", f"; {name} microcode:", ";"]
        out += _section(sub, end - off, gen, e.jmptbl, gen >= 7 and name == "BV" and bool(lpac), verbose)
    return "\n".join(out) + "\n"


def disassemble(data: bytes, verbose: bool = False, raw: bool = False, fwid: int | None = None) -> str:
    """Mesa's afuc-disasm listing of a firmware image: ``verbose`` (-v) adds
    each instruction's pc and word, ``raw`` (-r) lists every word from the
    image's first without looking for a jump table, ``fwid`` (-g) overrides
    the id read from the version word."""
    if len(data) < 8 or len(data) % 4:
        raise FirmwareError("not a firmware image (size)")
    words = list(struct.unpack("<%dI" % (len(data) // 4), data))
    if fwid is None:
        fwid = (words[1] >> 12) & 0xFFF
    gen = GENS.get(fwid)
    if gen is None:
        raise FirmwareError(f"unknown GPU version {fwid:03x}!")
    if raw:
        out = [f"; a{gen}xx microcode", f"; Version: {words[1]:08x}", ""]
        out += _lines(words, len(words), gen, [], -1, verbose)
        return "\n".join(out) + "\n"
    if gen != 5:
        return disassemble_a6xx(words[1:], gen, verbose)
    return disassemble_a5xx(words[1:], verbose)
