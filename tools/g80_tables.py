"""Transcribe the decode tables of envytools' envydis/g80.c into visa/g80/tables.py.

The tables are facts (bit values, masks, field positions, names); this script reads the
C initialisers and writes them as plain Python records, so the G80 description holds data
only.  Usage: python tools/g80_tables.py path/to/g80.c > visa/g80/tables.py
"""

from __future__ import annotations

import pprint
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
            return [(kind, arg.lstrip("&").strip())]
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

    out = sys.stdout
    out.write('"""G80 (Tesla) decode tables: facts transcribed from envytools\' envydis/g80.c by\n'
              'tools/g80_tables.py.  Records only; visa/g80/isa.py interprets them."""\n\n')
    out.write("# ruff: noqa\n# fmt: off\n")
    out.write(f"FEATURES = {{'sm11': 0x1, 'sm12': 0x2, 'fp64': 0x4, 'd3d10_1': 0x8}}\n")
    out.write(f"PTYPES = {{'vp': 1, 'gp': 2, 'fp': 4, 'cp': 8}}\n")
    for title, obj in (("BITFIELDS", bitfields), ("RBITFIELDS", rbitfields), ("REGS", regs), ("MEMS", mems),
                       ("VECS", vecs), ("SREGS", sregs), ("INTS", ints)):
        out.write(f"{title} = " + pprint.pformat(obj, width=120, sort_dicts=False) + "\n")
    out.write("TABLES = {\n")
    for name in order:
        out.write(f"    {name!r}: [\n")
        for e in tables[name]:
            out.write(f"        ({e['val']:#x}, {e['mask']:#x}, {e['fmask']}, {e['ptype']}, {tuple(e['atoms'])!r}),\n")
        out.write("    ],\n")
    out.write("}\n")
    n_ent = sum(len(t) for t in tables.values())
    out.write(f"# {len(tables)} tables, {n_ent} entries\n")


if __name__ == "__main__":
    main(sys.argv[1])
