"""Transcribe the decode tables of envytools' envydis/g80.c into visa/g80/tables.py.

The tables are facts (bit values, masks, field positions, names); this script reads the
C initialisers and writes them as visa.bitisa records (Bits, Reg, Mem, Vec, Imm, Target,
Table, Bitset entries with display templates), so the G80 description holds data only.  Usage: python tools/g80_tables.py path/to/g80.c > visa/g80/tables.py
"""

from __future__ import annotations

import re
import sys

# atom kinds of envydis' core, as the description records them
ATOM_FUNS = {
    "atomreg": "reg", "atommem": "mem", "atomimm": "imm", "atomrimm": "rimm",
    "atombtarg": "btarg", "atomctarg": "ctarg", "atomign": "ign", "atomvec": "vec",
    "atombf": "bf",
}
BUILTIN = {
    "OOPS": [("unk", "???")], "OP4B": [("oplen", 4)], "OP8B": [("oplen", 8)],
    "SESTART": [("sestart",)], "SEEND": [("seend",)], "ENDMARK": [("endmark",)],
    "DISCARD": [("discard",)],
}


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def split_top(body: str) -> list[str]:
    """Split at commas outside braces, parentheses and strings."""
    items, depth, cur, instr = [], 0, [], False
    for ch in body:
        if instr:
            cur.append(ch)
            if ch == '"':
                instr = False
            continue
        if ch == '"':
            instr = True
        elif ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    last = "".join(cur).strip()
    if last:
        items.append(last)
    return items


def num(tok: str, consts: dict[str, int]) -> int:
    tok = tok.strip()
    if tok in consts:
        return consts[tok]
    if "|" in tok:
        v = 0
        for part in tok.split("|"):
            v |= num(part, consts)
        return v
    tok = tok.rstrip("uUlL")
    return int(tok, 0)


def main(path: str) -> None:
    src = strip_comments(open(path, encoding="utf-8").read())
    consts = {"RBF_UNSIGNED": 0, "RBF_SIGNED": 1, "RBF_SLIGHTLY_SIGNED": 2, "RBF_ULTRASIGNED": 3,
              "BF_UNSIGNED": 0, "BF_SIGNED": 1, "BF_SLIGHTLY_SIGNED": 2, "BF_ULTRASIGNED": 3,
              "SR_NAMED": 0, "SR_ZERO": 1, "SR_ONE": 2, "SR_DISCARD": 3}
    for m in re.finditer(r"^#define\s+(\w+)\s+(0x[0-9a-fA-F]+|\d+)\s*$", src, re.M):
        consts[m.group(1)] = int(m.group(2), 0)
    macros: dict[str, str] = {}
    for m in re.finditer(r"^#define\s+(\w+)\s+(.+)$", src, re.M):
        if m.group(1) not in consts:
            macros[m.group(1)] = m.group(2).strip()

    bitfields, rbitfields, regs, mems, vecs, sregs, ints = {}, {}, {}, {}, {}, {}, {}
    tables: dict[str, list] = {}
    order: list[str] = []

    def expand(item: str) -> list[tuple]:
        item = item.strip()
        if not item:
            return []
        m = re.fullmatch(r"T\((\w+)\)", item)
        if m:
            return [("tab", m.group(1))]
        m = re.fullmatch(r'N\((".*")\)', item)
        if m:
            return [("name", eval(m.group(1)))]
        m = re.fullmatch(r'U\((".*")\)', item)
        if m:
            return [("unk", "unk" + eval(m.group(1)))]
        if item in BUILTIN:
            return list(BUILTIN[item])
        if item in macros:
            parts = split_top(macros[item])
            if len(parts) == 1:
                return expand(parts[0])
            fun, arg = parts
            kind = ATOM_FUNS[fun]
            return [(kind, arg.lstrip("&").strip(), item)]
        raise SystemExit(f"unknown atom {item!r}")

    def entry(body: str) -> dict:
        items = split_top(body)
        val = num(items[0], consts) if items else 0
        mask = num(items[1], consts) if len(items) > 1 else 0
        ent = {"val": val, "mask": mask, "fmask": 0, "ptype": 0, "atoms": []}
        for it in items[2:]:
            m = re.fullmatch(r"\.(\w+)\s*=\s*(.+)", it)
            if m:
                ent[m.group(1)] = num(m.group(2), consts)
            else:
                ent["atoms"].extend(expand(it))
        return ent

    def add_table(name: str, ents: list[dict]) -> None:
        tables[name] = ents
        order.append(name)

    def sbf_fields(items: list[str]) -> tuple[list[tuple[int, int]], list[str]]:
        if items and items[0].startswith("{"):
            nums = [num(x, consts) for x in split_top(items[0][1:-1])]
            rest = items[1:]
        else:
            nums = []
            while items and len(nums) < 4 and not items[0].startswith(".") and re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", items[0]):
                nums.append(num(items[0], consts))
                items = items[1:]
            rest = items
        pairs = [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
        return pairs, rest

    def designated(rest: list[str], names: list[str]) -> dict[str, str]:
        out, i = {}, 0
        for it in rest:
            m = re.fullmatch(r"\.(\w+)\s*=\s*(.+)", it, re.S)
            if m:
                out[m.group(1)] = m.group(2).strip()
            else:
                out[names[i]] = it
                i += 1
        return out

    pat = re.compile(
        r"static\s+struct\s+(\w+)\s+(\w+)(\[\])?\s*=\s*\{(.*?)\};"
        r"|static\s+int\s+(\w+)\[\]\s*=\s*\{(.*?)\};"
        r"|^(F|F1|F1V)\(([^\n]*)\)[ \t]*;?[ \t]*$", re.S | re.M)
    for m in pat.finditer(src):
        if m.group(5):
            ints[m.group(5)] = [num(x, consts) for x in split_top(m.group(6))]
            continue
        if m.group(7):
            args = split_top(m.group(8))
            kind = m.group(7)
            if kind == "F":
                n, f, a, b = args
                bit = 1 << num(f, consts)
                add_table(n, [{"val": 0, "mask": bit, "fmask": 0, "ptype": 0, "atoms": expand(a)},
                              {"val": bit, "mask": bit, "fmask": 0, "ptype": 0, "atoms": expand(b)},
                              {"val": 0, "mask": 0, "fmask": 0, "ptype": 0, "atoms": [("unk", "???")]}])
            elif kind == "F1":
                n, f, b = args
                bit = 1 << num(f, consts)
                add_table(n, [{"val": 0, "mask": bit, "fmask": 0, "ptype": 0, "atoms": []},
                              {"val": bit, "mask": bit, "fmask": 0, "ptype": 0, "atoms": expand(b)},
                              {"val": 0, "mask": 0, "fmask": 0, "ptype": 0, "atoms": [("unk", "???")]}])
            else:
                n, v, f, b = args
                bit = 1 << num(f, consts)
                fm = num(v, consts)
                add_table(n, [{"val": 0, "mask": bit, "fmask": fm, "ptype": 0, "atoms": []},
                              {"val": bit, "mask": bit, "fmask": fm, "ptype": 0, "atoms": expand(b)},
                              {"val": 0, "mask": 0, "fmask": 0, "ptype": 0, "atoms": []}])
            continue
        stype, name, arr, body = m.group(1), m.group(2), m.group(3), m.group(4)
        if stype == "insn":
            ents = []
            for e in split_top(body):
                e = e.strip()
                if e.startswith("{"):
                    ents.append(entry(e[1:-1]))
            add_table(name[3:], ents)
        elif stype in ("bitfield", "rbitfield"):
            pairs, rest = sbf_fields(split_top(body))
            fields = ["mode", "shr", "addend", "lut", "xorend"] if stype == "bitfield" else \
                ["mode", "shr", "pcrel", "addend", "pospreadd", "wrapok"]
            d = designated(rest, fields)
            rec = {"sbf": pairs, "mode": num(d.get("mode", "0"), consts), "shr": num(d.get("shr", "0"), consts),
                   "addend": num(d.get("addend", "0"), consts)}
            if stype == "bitfield":
                rec["xorend"] = num(d.get("xorend", "0"), consts)
                bitfields[name] = rec
            else:
                rec["pcrel"] = num(d.get("pcrel", "0"), consts)
                rec["wrapok"] = num(d.get("wrapok", "0"), consts)
                rbitfields[name] = rec
        elif stype == "reg":
            d = designated(split_top(body), ["bf", "name", "suffix", "specials", "always_special", "hilo", "cool"])
            regs[name] = {"bf": d["bf"].lstrip("&") if d.get("bf", "0") != "0" else None,
                          "name": eval(d["name"]),
                          "suffix": eval(d["suffix"]) if d.get("suffix", "0") != "0" else "",
                          "specials": d.get("specials") if d.get("specials", "0") != "0" else None,
                          "always_special": num(d.get("always_special", "0"), consts),
                          "hilo": num(d.get("hilo", "0"), consts), "cool": num(d.get("cool", "0"), consts)}
        elif stype == "mem":
            d = designated(split_top(body), ["name", "idx", "reg", "imm", "reg2", "reg2shr", "postincr", "literal"])

            def ref(k: str) -> str | None:
                v = d.get(k, "0")
                return None if v == "0" else v.lstrip("&")
            mems[name] = {"name": eval(d["name"]), "idx": ref("idx"), "reg": ref("reg"), "imm": ref("imm"),
                          "postincr": num(d.get("postincr", "0"), consts)}
            assert ref("reg2") is None and not num(d.get("literal", "0"), consts)
        elif stype == "vec":
            d = designated(split_top(body), ["name", "bf", "cnt", "mask", "cool"])
            vecs[name] = {"name": eval(d["name"]), "bf": d["bf"].lstrip("&"), "cnt": d["cnt"].lstrip("&"),
                          "mask": d["mask"].lstrip("&") if d.get("mask", "0") != "0" else None,
                          "cool": num(d.get("cool", "0"), consts)}
        elif stype == "sreg":
            lst = []
            for e in split_top(body):
                d = designated(split_top(e.strip()[1:-1]), ["num", "name", "mode", "fmask"])
                n = num(d["num"], consts)
                if n == -1:
                    break
                lst.append({"num": n, "name": eval(d["name"]) if d.get("name", "0") != "0" else None,
                            "mode": num(d.get("mode", "0"), consts), "fmask": num(d.get("fmask", "0"), consts)})
            sregs[name] = lst
        elif stype == "disisa":
            pass
        else:
            raise SystemExit(f"unknown struct {stype}")

    feats, implies, variants, modes = prep_facts(src)
    write(sys.stdout, feats, implies, variants, modes, bitfields, rbitfields, regs, mems, vecs,
          sregs, ints, tables, order)


def prep_facts(src: str) -> tuple[list[str], dict[str, list[str]], dict[str, list[str]], list[str]]:
    """The features, their implications, the chips (variants) with their features, and the
    program types (modes), from the vardata calls of g80_prep()."""
    body = src[src.index("g80_prep"):]
    fvar: dict[str, str] = {}
    feats: list[str] = []
    for m in re.finditer(r"int (\w+) = vardata_add_feature\([^,]+, \"(\w+)\"", body):
        fvar[m.group(1)] = m.group(2)
        feats.append(m.group(2))
    implies: dict[str, list[str]] = {}
    for m in re.finditer(r"vardata_feature_imply\([^,]+, (\w+), (\w+)\)", body):
        implies.setdefault(fvar[m.group(1)], []).append(fvar[m.group(2)])
    vvar: dict[str, str] = {}
    variants: dict[str, list[str]] = {}
    for m in re.finditer(r"int (\w+) = vardata_add_variant\([^,]+, \"(\w+)\"", body):
        vvar[m.group(1)] = m.group(2)
        variants[m.group(2)] = []
    for m in re.finditer(r"vardata_variant_feature\([^,]+, (\w+), (\w+)\)", body):
        variants[vvar[m.group(1)]].append(fvar[m.group(2)])
    modes = [m.group(1) for m in re.finditer(r"vardata_add_mode\([^,]+, \"(\w+)\"", body)]
    return feats, implies, variants, modes


SIGN = {0: "", 1: "SIGNED", 2: "SLIGHTLY_SIGNED", 3: "ULTRASIGNED"}


def _bits(rec: dict, wrap: bool = False) -> str:
    args = [repr([tuple(p) for p in rec["sbf"]])]
    if rec.get("shr"):
        args.append(f"shr={rec['shr']}")
    if rec.get("mode"):
        args.append(f"sign={SIGN[rec['mode']]}")
    if rec.get("addend"):
        args.append(f"addend={rec['addend']:#x}")
    if rec.get("xorend"):
        args.append(f"xorend={rec['xorend']:#x}")
    if wrap and rec.get("wrapok"):
        args.append("wrap=True")
    assert not rec.get("pcrel")
    return f"Bits({', '.join(args)})"


def _template(atoms: list[tuple]) -> tuple[str, int]:
    """An entry's atoms as a display template, and its size in bits (0: not set)."""
    parts: list[str] = []
    size = 0
    for a in atoms:
        k = a[0]
        if k == "oplen":
            size = 8 * a[1]
        elif k == "name":
            parts.append(a[1])
        elif k == "unk":
            assert a[1] == "???", a
            parts.append("{OOPS}")
        elif k == "tab":
            parts.append("{" + a[1] + "}")
        elif k == "sestart":
            parts.append("(")
        elif k == "seend":
            parts.append(")")
        elif k == "discard":
            parts.append("{DISCARD}")
        elif k == "endmark":
            raise SystemExit("ENDMARK is not used by the G80 tables")
        else:
            parts.append("{" + a[2] + "}")
    return " ".join(parts).replace("( ", "(").replace(" )", ")"), size


def write(out, feats, implies, variants, modes, bitfields, rbitfields, regs, mems, vecs, sregs,
          ints, tables, order) -> None:
    fbit = {f: 1 << i for i, f in enumerate(feats)}
    mbit = {m: 1 << i for i, m in enumerate(modes)}
    out.write('"""G80 (Tesla) decode tables as visa.bitisa records: facts transcribed from envytools\'\n'
              'envydis/g80.c by tools/g80_tables.py (do not edit: regenerate).  Operands carry the\n'
              'names of g80.c\'s macros (SDST, IMM, ...); tables their own (without "tab").\n"""\n\n')
    out.write("# ruff: noqa\n# fmt: off\n")
    used = sorted({SIGN[r["mode"]] for r in list(bitfields.values()) + list(rbitfields.values())
                   if r.get("mode")} | {("NAMED", "ZERO", "ONE", "DISCARD")[sr["mode"]]
                                         for lst in sregs.values() for sr in lst if sr["mode"]})
    out.write(f"from visa.bitisa import {', '.join(used)}\n"
              "from visa.bitisa import (Bits, Bitset, Discard, Ignore, Imm, Mem, Reg, Special, Table, Target,\n"
              "                         Unknown, Vec)\n\n")
    out.write("# chip features (a bit each), what a feature implies, the chips (-V) with their\n"
              "# features, and the program types (-O)\n")
    out.write(f"FEATURES = {dict((f, fbit[f]) for f in feats)!r}\n")
    out.write(f"IMPLIES = {implies!r}\n")
    out.write(f"VARIANTS = {variants!r}\n")
    out.write(f"MODES = {dict((m, mbit[m]) for m in modes)!r}\n\n")
    fconst = {fbit[f]: f.upper() for f in feats}
    mconst = {mbit[m]: m.upper() for m in modes}
    for f in feats:
        out.write(f"{f.upper()} = {fbit[f]:#x}\n")
    for m in modes:
        out.write(f"{m.upper()} = {mbit[m]:#x}\n")

    def flags(v: int, names: dict[int, str]) -> str:
        if not v:
            return "0"
        got = [names[b] for b in sorted(names) if v & b]
        assert sum(b for b in names if v & b) == v, v
        return " | ".join(got)

    out.write("\n# bit fields (envydis bitfield / rbitfield)\n")
    for name, rec in bitfields.items():
        out.write(f"{name} = {_bits(rec)}\n")
    for name, rec in rbitfields.items():
        out.write(f"{name} = {_bits(rec, wrap=True)}\n")
    for name, (lo, n) in ints.items():
        out.write(f"{name} = Bits([({lo}, {n})])\n")
    out.write("\n# special registers\n")
    modename = {0: "NAMED", 1: "ZERO", 2: "ONE", 3: "DISCARD"}
    for name, lst in sregs.items():
        items = []
        for sr in lst:
            args = [str(sr["num"])]
            if sr["name"] is not None:
                args.append(repr(sr["name"]))
            if sr["mode"]:
                args.append(f"mode={modename[sr['mode']]}")
            if sr["fmask"]:
                args.append(f"needs={flags(sr['fmask'], fconst)}")
            items.append(f"Special({', '.join(args)})")
        out.write(f"{name} = ({', '.join(items)},)\n")
    out.write("\n# registers (align: the registers a d/q operand spans)\n")
    for name, r in regs.items():
        args = [repr(r["name"]), r["bf"] or "None"]
        if r["suffix"]:
            args.append(f"suffix={r['suffix']!r}")
            args.append(f"align={ {'d': 2, 'q': 4}[r['suffix']] }")
        if r["specials"]:
            args.append(f"specials={r['specials']}")
        for k in ("always_special", "hilo", "cool"):
            if r[k]:
                args.append(f"{k}=True")
        out.write(f"{name} = Reg({', '.join(args)})\n")
    out.write("\n# memory spaces\n")
    for name, mm in mems.items():
        args = [repr(mm["name"])]
        for k in ("idx", "reg", "imm"):
            if mm[k]:
                args.append(f"{k}={mm[k]}")
        if mm["postincr"]:
            args.append("postincr=True")
        out.write(f"{name} = Mem({', '.join(args)})\n")
    out.write("\n# register vectors\n")
    for name, v in vecs.items():
        args = [repr(v["name"]), v["bf"], v["cnt"]]
        if v["mask"]:
            args.append(v["mask"])
        if v["cool"]:
            args.append("cool=True")
        out.write(f"{name} = Vec({', '.join(args)})\n")
    out.write("\n# the operands as the tables name them (g80.c's macros)\n")
    seen: dict[str, tuple] = {}
    for tname in order:
        for e in tables[tname]:
            for a in e["atoms"]:
                if len(a) == 3:
                    assert seen.get(a[2], a) == a, (a, seen[a[2]])
                    seen[a[2]] = a
    ctor = {"reg": "{}", "mem": "{}", "vec": "{}", "imm": "Imm({})", "rimm": "Imm({}, reloc=True)",
            "btarg": "Target({})", "ctarg": "Target({}, call=True)", "ign": "Ignore({})"}
    for macro in sorted(seen):
        kind, arg, _ = seen[macro]
        out.write(f"{macro} = {ctor[kind].format(arg)}\n")
    out.write('OOPS = Unknown("???")\nDISCARD = Discard()\n')
    out.write("\n\ndef E(match, mask, display='', size=0, needs=0, modes=0):\n"
              "    return Bitset('', size, match, mask, display=display, needs=needs, modes=modes)\n\n\n")
    out.write("TABLES = (\n")
    n_ent = 0
    for name in order:
        out.write(f"    Table({name!r}, (\n")
        for e in tables[name]:
            tmpl, size = _template(e["atoms"])
            args = [f"{e['val']:#x}", f"{e['mask']:#x}"]
            if tmpl:
                args.append(repr(tmpl))
            if size:
                args.append(f"size={size}")
            if e["fmask"]:
                args.append(f"needs={flags(e['fmask'], fconst)}")
            if e["ptype"]:
                args.append(f"modes={flags(e['ptype'], mconst)}")
            out.write(f"        E({', '.join(args)}),\n")
            n_ent += 1
        out.write("    )),\n")
    out.write(")\n")
    out.write(f"# {len(tables)} tables, {n_ent} entries\n")

if __name__ == "__main__":
    main(sys.argv[1])
