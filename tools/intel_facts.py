#!/usr/bin/env python3
"""Developer tool: record the facts of Intel's vISA sources that the tests
compare our instruction table with (tests/test_isa_table.py), as JSON under
tests/data/intel/, so that the tests need no Intel source at run time.

    python tools/intel_facts.py SRC_ROOT

SRC_ROOT holds ``<tag>/visa/...`` for the tags of TAGS (for example extracted with ``git show <tag>:<path>`` from
intel-graphics-compiler).  For each group of files below it writes
``tests/data/intel/<tag>__<group>.json``: the values of every enumerator,
and every braced initializer of the files with macros expanded, as nested
lists of C tokens.  These are facts read from Intel's files (names, numbers,
table rows), not code of ours.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "intel"
GROUPS = {
    "isa_description": ("include/visa_igc_common_header.h", "IsaDescription.h", "IsaDescription.cpp"),
    "common_isa": ("include/visa_igc_common_header.h", "Common_ISA.h", "Common_ISA.cpp",
                   "Common_ISA_util.cpp"),
    "platforms": ("include/visa_igc_common_header.h", "common.cpp"),
}
TAGS = {"igc-1.0.14828.26": ("isa_description", "common_isa", "platforms"),
        "igc-1.0.12504.6": ("isa_description",),
        "v2.40.13": ("platforms",)}


_TOKEN = re.compile(
    r'"(?:\\.|[^"\\])*"|[A-Za-z_]\w*|0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|<<|>>|::|\S'
)


class CSource:
    """Tokens of C/C++ files with their #define macros, enums and initializers."""

    def __init__(self, *paths: Path):
        self.macros: dict[str, tuple[list[str] | None, list[str]]] = {}
        self.tokens: list[str] = []
        for p in paths:
            self.tokens += self._load(p.read_text(encoding="utf-8", errors="replace"))
        self.enums = self._enums()

    def _load(self, text: str) -> list[str]:
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        text = text.replace("\\\n", " ")
        body = []
        for line in text.split("\n"):
            s = line.strip()
            if s.startswith("#"):
                m = re.match(r"#\s*define\s+(\w+)(\(([^)]*)\))?\s*(.*)", s)
                if m:
                    params = None
                    if m.group(2) is not None:
                        params = [x.strip() for x in m.group(3).split(",") if x.strip()]
                    self.macros[m.group(1)] = (params, _TOKEN.findall(m.group(4)))
                continue
            body.append(line)
        return _TOKEN.findall("\n".join(body))

    # -- enums -----------------------------------------------------------
    def _enums(self) -> dict[str, int]:
        values: dict[str, int] = {}
        toks, i = self.tokens, 0
        while i < len(toks):
            if toks[i] != "enum":
                i += 1
                continue
            j = i + 1
            while j < len(toks) and toks[j] not in ("{", ";"):
                j += 1
            if j >= len(toks) or toks[j] == ";":
                i = j
                continue
            j += 1
            nxt = 0
            while j < len(toks) and toks[j] != "}":
                name = toks[j]
                j += 1
                expr: list[str] = []
                if toks[j] == "=":
                    j += 1
                    depth = 0
                    while not (depth == 0 and toks[j] in (",", "}")):
                        depth += toks[j] == "("
                        depth -= toks[j] == ")"
                        expr.append(toks[j])
                        j += 1
                if expr:
                    val = self._eval(expr, values)
                    nxt = val if val is not None else nxt
                if re.fullmatch(r"[A-Za-z_]\w*", name):
                    values.setdefault(name, nxt)
                nxt += 1
                if toks[j] == ",":
                    j += 1
            i = j
        return values

    @staticmethod
    def _eval(expr: list[str], env: dict[str, int]):
        out = []
        for t in expr:
            if re.fullmatch(r"[A-Za-z_]\w*", t):
                if t not in env:
                    return None
                out.append(str(env[t]))
            else:
                out.append(re.sub(r"[uUlL]+$", "", t))
        try:
            return int(eval(" ".join(out), {"__builtins__": {}}, {}))  # noqa: S307 - literals only
        except Exception:
            return None

    # -- macros and initializers -------------------------------------------
    def expand(self, toks: list[str], depth: int = 0) -> list[str]:
        if depth > 20:
            raise RecursionError("macro expansion too deep")
        out: list[str] = []
        i = 0
        changed = False
        while i < len(toks):
            t = toks[i]
            if t in self.macros:
                params, body = self.macros[t]
                if params is None:
                    out += body
                    changed = True
                    i += 1
                    continue
                if i + 1 < len(toks) and toks[i + 1] == "(":
                    args, i = self._args(toks, i + 2)
                    sub = dict(zip(params, args))
                    for b in body:
                        out += sub.get(b, [b])
                    changed = True
                    continue
            out.append(t)
            i += 1
        return self.expand(out, depth + 1) if changed else out

    @staticmethod
    def _args(toks, i):
        args, cur, depth = [], [], 0
        while True:
            t = toks[i]
            if depth == 0 and t in (",", ")"):
                args.append(cur)
                cur = []
                i += 1
                if t == ")":
                    return args, i
                continue
            depth += t in "({"
            depth -= t in ")}"
            cur.append(t)
            i += 1

    def initializer(self, name: str):
        """Parsed braced initializer of the array or object ``name``.

        A group ``{...}`` becomes a list of items; an item is either a group
        or an expression (a list of token strings).
        """
        toks = self.tokens
        for i, t in enumerate(toks):
            if t != name:
                continue
            j = i + 1
            if j < len(toks) and toks[j] == "[":
                while toks[j] != "]":
                    j += 1
                j += 1
            if j < len(toks) and toks[j] == "=":
                j += 1
            if j < len(toks) and toks[j] == "{":
                end = self._match(toks, j)
                items, _ = self._braced(self.expand(toks[j:end + 1]), 0)
                return items
        raise KeyError(name)

    @staticmethod
    def _match(toks, j):
        depth = 0
        for k in range(j, len(toks)):
            depth += toks[k] == "{"
            depth -= toks[k] == "}"
            if depth == 0:
                return k
        raise ValueError("unbalanced braces")

    def _braced(self, toks, i):
        assert toks[i] == "{"
        i += 1
        items: list = []
        cur: list = []
        while True:
            t = toks[i]
            if t == "{":
                sub, i = self._braced(toks, i)
                cur.append(sub)
                continue
            if t in (",", "}"):
                if cur:
                    # a lone group stays a group; anything else is an expression
                    items.append(cur[0] if len(cur) == 1 and isinstance(cur[0], list) else cur)
                cur = []
                i += 1
                if t == "}":
                    return items, i
                continue
            cur.append(t)
            i += 1



    def initializer_names(self) -> list[str]:
        """Names that stand before a braced initializer (``name[...] = {``,
        ``name = {``, ``name[] {``)."""
        toks, out = self.tokens, []
        for i, t in enumerate(toks):
            if t != "{" or i == 0:
                continue
            j = i - 1
            if toks[j] == "=":
                j -= 1
            if toks[j] == "]":
                while j > 0 and toks[j] != "[":
                    j -= 1
                j -= 1
            if j >= 0 and re.fullmatch(r"[A-Za-z_]\w*", toks[j]) and toks[j] not in ("enum", "struct", "class"):
                out.append(toks[j])
        return list(dict.fromkeys(out))


def facts(paths: list[Path]) -> dict:
    src = CSource(*paths)
    inits = {}
    for name in src.initializer_names():
        try:
            inits[name] = src.initializer(name)
        except (KeyError, ValueError, IndexError, AssertionError, RecursionError):
            continue  # not a data initializer (a function body, a lambda)
    return {"files": [p.name for p in paths], "enums": src.enums, "initializers": inits}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    root = Path(argv[0])
    OUT.mkdir(parents=True, exist_ok=True)
    for tag, groups in TAGS.items():
        for group in groups:
            paths = [root / tag / "visa" / f for f in GROUPS[group]]
            data = {"tag": tag, **facts(paths)}
            out = OUT / f"{tag}__{group}.json"
            out.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
            print(f"{out}: {len(data['enums'])} enumerators, {len(data['initializers'])} initializers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
