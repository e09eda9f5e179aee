#!/usr/bin/env python3
"""Write visa/afuc/regs_gen.py from Mesa's register database.

Reads adreno/adreno_control_regs.xml and adreno/adreno_pipe_regs.xml of Mesa
commit 04af4cbfea7a226793c5ac145b41d6a3bd497ba5 (src/freedreno/registers/;
a copy is in ../shared/afuc/mesa-src/registers/) and writes, per domain, the
number -> name table afuc-disasm uses for ``@NAME`` (control), ``%NAME``
(SQE) and ``|NAME`` (pipe) operands, and (from adreno/adreno_pm4.xml) the
PM4 type-3 packet names per chip, for jump-table labels.  A reg64 also names its high half
``NAME+0x1`` as Mesa's lookup does.  The output is committed; the project
never reads Mesa's files at run time.

usage: tools/gen_afuc_regs.py REGISTERS_DIR [OUT]
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

COMMIT = "04af4cbfea7a226793c5ac145b41d6a3bd497ba5"
FILES = ("adreno/adreno_control_regs.xml", "adreno/adreno_pipe_regs.xml")  # + adreno_pm4.xml


def domains(root: Path) -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = {}
    for rel in FILES:
        tree = ET.parse(root / rel)
        for dom in tree.getroot():
            if not dom.tag.endswith("domain"):
                continue
            table = out.setdefault(dom.get("name", ""), {})
            for reg in dom:
                tag = reg.tag.rsplit("}", 1)[-1]
                if tag not in ("reg32", "reg64"):
                    continue
                off = int(reg.get("offset", "0"), 0)
                name = reg.get("name", "")
                table.setdefault(off, name)
                if tag == "reg64":
                    table.setdefault(off + 1, name + "+0x1")
    return out


_ORDER = ["A2XX", "A3XX", "A4XX", "A5XX", "A6XX", "A7XX"]


def variant_ok(spec: str | None, chip: str) -> bool:
    """rnn ``variants="A2XX-A6XX"`` / ``"A6XX-"`` / ``"A5XX,A6XX"`` test."""
    if not spec:
        return True
    for part in spec.replace(" ", "").split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            i = _ORDER.index(chip)
            if _ORDER.index(lo) <= i and (not hi or i <= _ORDER.index(hi)):
                return True
        elif part == chip:
            return True
    return False


def packets(root: Path) -> dict[str, dict[int, str]]:
    """adreno_pm4_type3_packets per chip (A5XX/A6XX/A7XX): opcode -> name."""
    tree = ET.parse(root / "adreno/adreno_pm4.xml")
    out: dict[str, dict[int, str]] = {c: {} for c in ("A5XX", "A6XX", "A7XX")}
    for enum in tree.getroot():
        if enum.tag.endswith("enum") and enum.get("name") == "adreno_pm4_type3_packets":
            for val in enum:
                if not val.tag.endswith("value"):
                    continue
                for chip, table in out.items():
                    if variant_ok(val.get("variants"), chip):
                        table.setdefault(int(val.get("value", "0"), 0), val.get("name", ""))
    return out


def _tag(el: ET.Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _cx(n: int) -> str:
    """C's ``%#x``: ``0`` for zero, else ``0x...``."""
    return f"{n:#x}" if n else "0"


def gpu_regs(root: Path, rel: str, domain: str, chip: str,
             hi: set[int] | None = None) -> dict[int, str]:
    """GPU register names of ``domain`` the way rnn prints an address:
    ``NAME``, ``NAME_HI`` (high half of a reg64), ``ARRAY[0xI].NAME`` (index as C %#x: ``[0]``, ``[0x1]``).
    The offsets named with the ``_HI`` rnn appends go to ``hi``."""
    tree = ET.parse(root / rel)
    out: dict[int, str] = {}
    if hi is None:
        hi = set()

    def walk(el: ET.Element, base: int, prefix: str) -> None:
        for ch in el:
            t = _tag(ch)
            if not variant_ok(ch.get("variants"), chip):
                continue
            if t in ("reg32", "reg64"):
                off = base + int(ch.get("offset", "0"), 0)
                name = prefix + ch.get("name", "")
                out.setdefault(off, name)
                if t == "reg64":
                    high = "_HI" if chip == "A5XX" or ch.get("type") in ("address", "waddress") else "+0x1"
                    if off + 1 not in out and high == "_HI":
                        hi.add(off + 1)
                    out.setdefault(off + 1, name + high)  # as the listings name it
            elif t == "array":
                aoff = base + int(ch.get("offset", "0"), 0)
                stride = int(ch.get("stride", "1"), 0)
                if not len(ch):  # an array of bare words: NAME[i]+j
                    for i in range(int(ch.get("length", "1"), 0)):
                        for j in range(stride):
                            out.setdefault(aoff + i * stride + j, f"{prefix}{ch.get('name', '')}[{_cx(i)}]+{_cx(j)}")
                    continue
                for i in range(int(ch.get("length", "1"), 0)):
                    walk(ch, aoff + i * stride, f"{prefix}{ch.get('name', '')}[{i:#x}]." if i else f"{prefix}{ch.get('name', '')}[0].")

    for dom in tree.getroot():
        if _tag(dom) == "domain" and dom.get("name") == domain:
            walk(dom, 0, "")
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    doms = domains(Path(argv[1]))
    out = Path(argv[2]) if len(argv) > 2 else Path(__file__).resolve().parent.parent / "visa/afuc/regs_gen.py"
    lines = [f'"""Generated by tools/gen_afuc_regs.py from Mesa {COMMIT}',
             "(src/freedreno/registers/adreno); do not edit."
             ' Register database: MIT licence, Mesa authors."""', "",
             "DOMAINS: dict[str, dict[int, str]] = {"]
    for name in sorted(doms):
        lines.append(f"    {name!r}: {{")
        for off in sorted(doms[name]):
            lines.append(f"        0x{off:03x}: {doms[name][off]!r},")
        lines.append("    },")
    lines.append("}")
    lines += ["", "GPU_REGS: dict[str, dict[int, str]] = {"]
    his: dict[str, set[int]] = {}
    # a7xx registers live in a6xx.xml's A6XX domain (variants="A7XX-")
    for chip, rel, dom in (("A5XX", "adreno/a5xx.xml", "A5XX"), ("A6XX", "adreno/a6xx.xml", "A6XX"),
                           ("A7XX", "adreno/a6xx.xml", "A6XX")):
        hi = his[chip] = set()
        table = gpu_regs(Path(argv[1]), rel, dom, chip, hi)
        if dom == "A6XX":  # rnn merges a6xx_gmu.xml's A6XX domain into it
            more: set[int] = set()
            for off, name in gpu_regs(Path(argv[1]), "adreno/a6xx_gmu.xml", dom, chip, more).items():
                if off not in table:
                    table[off] = name
                    if off in more:
                        hi.add(off)
        # rnn looks in the chip's domain, then in the common AXXX domain
        more = set()
        for off, name in gpu_regs(Path(argv[1]), "adreno/adreno_common.xml", "AXXX", chip, more).items():
            if off not in table:
                table[off] = name
                if off in more:
                    hi.add(off)
        lines.append(f"    {chip!r}: {{")
        for off in sorted(table):
            lines.append(f"        0x{off:04x}: {table[off]!r},")
        lines.append("    },")
    lines.append("}")
    lines += ["", "# the GPU registers whose name ends in the \"_HI\" rnn appends to the name of an",
              "# address' high half (not part of the register's own name)",
              "GPU_HI: dict[str, frozenset[int]] = {"]
    for chip in ("A5XX", "A6XX", "A7XX"):
        lines.append(f"    {chip!r}: frozenset({{{', '.join(f'0x{o:04x}' for o in sorted(his[chip]))}}}),")
    lines.append("}")
    lines += ["", "PACKETS: dict[str, dict[int, str]] = {"]
    for chip, table in packets(Path(argv[1])).items():
        lines.append(f"    {chip!r}: {{")
        for op in sorted(table):
            lines.append(f"        0x{op:02x}: {table[op]!r},")
        lines.append("    },")
    lines.append("}")
    out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
