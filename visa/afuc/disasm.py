"""afuc listing in the form of Mesa's ``afuc-disasm -u`` (a5xx so far).

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


def disassemble_a5xx(instrs: list[int]) -> str:
    gen = 5
    gpu = GPU_REGS["A5XX"]
    n = len(instrs)
    decoded = [ISA.decode(w, gen) for w in instrs]
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
    base = instrs[1] & 0xFFFF if n > 1 else 0
    names = PACKETS["A5XX"]
    if base + 128 <= n:
        for i in range(128):
            entries.setdefault(instrs[base + i], []).append(names.get(i, f"UNKN{i}"))
    ctx = _Ctx(gen)
    for t in lbl:
        if 0 <= t < n:
            ctx.lbl[t] = f"l{t}"
    for t in fxn:
        if 0 <= t < n:
            ctx.fxn[t] = f"fxn{t}"
    out = ["; a5xx microcode", f"; Version: {instrs[0]:08x}", ""]
    for pc, d in enumerate(decoded):
        if pc in entries or pc in ctx.fxn:
            if pc:
                out.append("")
        for name in sorted(entries.get(pc, ())):
            out.append(name + ":")
        if pc in ctx.fxn:
            out.append(ctx.fxn[pc] + ":")
        if pc in ctx.lbl:
            out.append(ctx.lbl[pc] + ":")
        if d is None or d.lost_bits:
            out.append(f"[{instrs[pc]:08x}]" + _gpu_comment(gpu, instrs[pc]))
            continue
        object.__setattr__(ctx, "pc", pc)
        text = ISA.format(d, ctx)
        if d.bitset.name == "movi" and d.values["DST"] == 0x1D:
            val = (d.values["RIMMED"] << d.values["SHIFT"]) & 0xFFFFFFFF
            if d.values["SHIFT"] >= 16 and val & 0xFBFFFF == 0:  # pipe register (bit 18 ignored)
                pipe = DOMAINS.get("A%dXX_PIPE_REG" % gen, {}).get(val >> 24)
                text += "\t; |" + pipe if pipe else "\t; 0x%03x" % (val >> 24)
        elif "RIMMED" in d.values:
            text += _gpu_comment(gpu, d.values["RIMMED"] << d.values.get("SHIFT", 0))
        out.append(text)
    return "\n".join(out) + "\n"


def disassemble(data: bytes) -> str:
    if len(data) < 8 or len(data) % 4:
        raise FirmwareError("not a firmware image (size)")
    words = list(struct.unpack("<%dI" % (len(data) // 4), data))
    fwid = (words[1] >> 12) & 0xFFF
    gen = GENS.get(fwid)
    if gen is None:
        raise FirmwareError(f"unknown GPU version {fwid:03x}!")
    if gen != 5:
        raise FirmwareError("a6xx/a7xx listing (bootstrap emulation) is not implemented yet")
    return disassemble_a5xx(words[1:])
