"""Comparing vISA dumps: :func:`diff` pairs the kernels and functions of two
sets of modules (two IGC versions' dumps of the same sources, say) by name,
and gives the change in every statistic of :func:`visa.dumps.unit_stats`
and an instruction diff that ignores what IGC renumbers between runs.

Pairing (never by hash, never by file order):

* units pair by kind and name: a kernel by its ``.kernel`` name, a function
  by its ``.global_function`` name within its kernel's pair;
* a file's name tells which program it comes from.  Our corpus names a
  kernel ``<source>__<kernel>__simd<N>[__pass<n>].visaasm`` and its
  functions ``<stem>.f<i>.visaasm``; IGC ``[<prefix>_]OCL_asm<hash>[_<n>]
  _simd<N>_<kernel>.visaasm`` and ``<dump>_f<i>.visaasm``.  What is left of
  the name without the kernel's name, the hashes (``asm``/``nos``/``pso``/
  ``spec`` + hex) and the function suffix is split into *variant* words
  (``simd<N>``, ``pass<n>``, plain numbers: what a compiler may change
  from one version to the next) and *program* words (the rest, and the
  sub-folders of a folder given);
* kernels of one name pair first with the kernel whose whole rest of the
  file name is the same, then with the only one left of the same program
  (a SIMD width or pass that changed); two kernels of one name from
  different programs (IGC's ``Intel_Symbol_Table_Void_Program`` of two
  sources) never pair: each is listed on its side alone;
* two files given (not folders) pair with each other whatever their names.

The instruction diff (``code=True``) prints both sides' instructions in one
dialect (the new side's) without ``/// $N`` ids, renames the new side's
variables and labels to the old side's names where they play the same part
(found by aligning the two instruction sequences with every declared name
replaced by its class, type and size, then pairing the names of aligned
instructions at their first use), writes a new-side name with no old
counterpart with a prime (``V0067'``), and gives a unified diff of the
result.
"""
from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from . import ast
from . import dumps

SCHEMA = 1

_HASH = re.compile(r"^(?:asm|nos|pso|spec)[0-9a-fA-F]{6,}$")
_VARIANT = re.compile(r"^(?:simd\d+|pass\d+|\d+)$", re.I)
_FUNC_SUFFIX = re.compile(r"[._]f\d+$")
_SPLIT = re.compile(r"[_.\-]+")


@attrs.define
class UnitRef:
    """One kernel or function of one side: where it comes from and the
    words of its file name that pair it."""
    unit: ast.Unit
    module: ast.Module
    file: str | None
    stem: str                      # the file name without extension and function suffix
    kernel: str | None             # the name of the kernel of its file group
    program: tuple[str, ...] = ()
    variant: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.unit.kind} {self.unit.name}"


def _stem(path: str) -> str:
    base = os.path.basename(path)
    for ext in (".visaasm", ".ref.isa", ".isa"):
        if base.endswith(ext):
            return base[: -len(ext)]
    return os.path.splitext(base)[0]


def _words(stem: str, kernel: str | None, dirs: Sequence[str] = ()) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(program words, variant words) of a file stem without its kernel's
    name (its last occurrence) and its hashes."""
    s = stem
    if kernel:
        # its last occurrence between separators (or at either end)
        hits = list(re.finditer(r"(?:^|(?<=[_.\-]))" + re.escape(kernel) + r"(?=$|[_.\-])", s))
        if hits:
            h = hits[-1]
            s = s[:h.start()] + "_" + s[h.end():]
    program, variant = list(dirs), []
    for w in _SPLIT.split(s):
        if not w or _HASH.match(w):
            continue
        (variant if _VARIANT.match(w) else program).append(w)
    return tuple(program), tuple(variant)


def side_units(modules: Iterable[ast.Module], root: str | None = None) -> list[UnitRef]:
    """The units of one side's modules, each with the words that pair it
    (``root``: the folder the files were found in, whose sub-folders are
    program words)."""
    mods = list(modules)
    # a file holding functions only belongs to the file group of its stem
    # without the function suffix (<stem>.f<i>, <dump>_f<i>)
    stems: list[str] = []
    kernel_of: dict[str, str] = {}
    for m in mods:
        st = _stem(m.file) if m.file else ""
        if m.units and all(u.kind == "function" for u in m.units):
            st = _FUNC_SUFFIX.sub("", st)
        d = os.path.dirname(m.file) if m.file else ""
        key = os.path.join(d, st)
        stems.append(key)
        for u in m.units:
            if u.kind == "kernel":
                kernel_of.setdefault(key, u.name)
    out = []
    for m, key in zip(mods, stems):
        dirs: tuple[str, ...] = ()
        if root is not None and m.file:
            rel = os.path.relpath(os.path.dirname(m.file), root)
            dirs = tuple(p for p in rel.split(os.sep) if p not in ("", "."))
        k = kernel_of.get(key)
        program, variant = _words(os.path.basename(key), k, dirs)
        for u in m.units:
            out.append(UnitRef(u, m, m.file, os.path.basename(key), k, program, variant))
    return out


def _group_key(r: UnitRef) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return (r.kernel or r.stem, r.program, r.variant)


def pair(old: list[UnitRef], new: list[UnitRef], *, by_file: bool = True
         ) -> tuple[list[tuple[UnitRef, UnitRef]], list[UnitRef], list[UnitRef]]:
    """(pairs, only old, only new).  ``by_file=False``: every unit of one
    side belongs to one group (two files compared as such)."""
    def groups(refs: list[UnitRef]) -> dict[tuple, list[UnitRef]]:
        g: dict[tuple, list[UnitRef]] = {}
        for r in refs:
            g.setdefault(_group_key(r) if by_file else ("",), []).append(r)
        return g
    go, gn = groups(old), groups(new)
    matched: list[tuple[tuple, tuple]] = []
    if not by_file:
        if go and gn:
            matched.append((("",), ("",)))
    else:
        # by kernel name: the same whole rest of the name, then the only one
        # left of the same program
        left_o = set(go)
        left_n = set(gn)
        for k in sorted(left_o & left_n):
            matched.append((k, k))
        left_o -= {k for k, _ in matched}
        left_n -= {k for _, k in matched}
        by_prog_o: dict[tuple, list[tuple]] = {}
        by_prog_n: dict[tuple, list[tuple]] = {}
        for k in left_o:
            by_prog_o.setdefault(k[:2], []).append(k)
        for k in left_n:
            by_prog_n.setdefault(k[:2], []).append(k)
        for p in sorted(set(by_prog_o) & set(by_prog_n)):
            if len(by_prog_o[p]) == 1 and len(by_prog_n[p]) == 1:
                matched.append((by_prog_o[p][0], by_prog_n[p][0]))
    pairs: list[tuple[UnitRef, UnitRef]] = []
    used_o: set[int] = set()
    used_n: set[int] = set()
    for ko, kn in matched:
        uo, un = go[ko], gn[kn]
        by_name_n: dict[tuple[str, str], list[UnitRef]] = {}
        for r in un:
            by_name_n.setdefault((r.unit.kind, r.unit.name), []).append(r)
        for r in uo:
            cand = by_name_n.get((r.unit.kind, r.unit.name), [])
            if len(cand) == 1 and id(cand[0]) not in used_n:
                pairs.append((r, cand[0]))
                used_o.add(id(r))
                used_n.add(id(cand[0]))
        # one kernel left on each side of a file pair: the kernel renamed
        ko_left = [r for r in uo if id(r) not in used_o and r.unit.kind == "kernel"]
        kn_left = [r for r in un if id(r) not in used_n and r.unit.kind == "kernel"]
        if not by_file and len(ko_left) == 1 and len(kn_left) == 1:
            pairs.append((ko_left[0], kn_left[0]))
            used_o.add(id(ko_left[0]))
            used_n.add(id(kn_left[0]))
    only_old = [r for r in old if id(r) not in used_o]
    only_new = [r for r in new if id(r) not in used_n]
    return pairs, only_old, only_new


# ------------------------------------------------------------ statistics
def flat_stats(st: dict) -> dict[str, int]:
    """The statistics of one unit (:func:`visa.dumps.unit_stats`) as
    ``{"instructions": N, "by_category.move": N, "by_mnemonic.mov": N,
    "by_mnemonic.mov.simd16": N, "variables.general.bytes": N, ...}``."""
    out = {"instructions": st["instructions"], "blocks": st["blocks"], "labels": st["labels"],
           "inputs": st["inputs"], "pressure.peak_bytes": st["pressure"]["peak_bytes"]}
    for c, n in st["by_category"].items():
        out["by_category." + c] = n
    for mn, d in st["by_mnemonic"].items():
        out["by_mnemonic." + mn] = d["count"]
        for size, n in d["exec_sizes"].items():
            out[f"by_mnemonic.{mn}.simd{size}"] = n
    for cls, v in st["variables"].items():
        for k, n in v.items():
            out[f"variables.{cls}.{k}"] = n
    return out


def _stat_order(k: str) -> tuple[int, str]:
    head = k.split(".")[0]
    rank = {"instructions": 0, "blocks": 1, "labels": 2, "inputs": 3, "pressure": 4,
            "by_category": 5, "by_mnemonic": 6, "variables": 7}.get(head, 8)
    return rank, k


def stat_changes(a: dict, b: dict) -> dict[str, list[int]]:
    """``{statistic: [old, new]}`` for every statistic that differs
    (a statistic one side lacks counts 0 there)."""
    fa, fb = flat_stats(a), flat_stats(b)
    keys = sorted(set(fa) | set(fb), key=_stat_order)
    return {k: [fa.get(k, 0), fb.get(k, 0)] for k in keys if fa.get(k, 0) != fb.get(k, 0)}


# --------------------------------------------------------- instruction diff
_IDENT = re.compile(r"(?<![\w$@?%.:])[A-Za-z_$@?][\w$@?]*")


@attrs.define
class _Code:
    """A unit's instruction lines: the text with each declared name or label
    replaced by slot markers, the names in slot order, the shape (each name
    replaced by the part it plays: class, type and size) and the bare shape
    (each name replaced by its class letter), the source line of each, and
    the part each name plays."""
    texts: list[str]
    names: list[list[str]]
    shapes: list[str]
    bare: list[str]
    lines: list[int]
    parts: dict[str, str]


def _classes(unit: ast.Unit) -> dict[str, str]:
    """Declared name or label -> the part it plays, for the alignment."""
    out: dict[str, str] = {}
    for d in unit.decls:
        t = type(d)
        if t is ast.VarDecl:
            out[d.name] = f"G:{d.type}x{d.num_elts}" + ("@" if d.alias is not None else "")
        elif t is ast.PredDecl:
            out[d.name] = f"P:{d.num_elts}"
        elif t is ast.AddrDecl:
            out[d.name] = f"A:{d.num_elts}"
        elif t is ast.SamplerDecl:
            out[d.name] = "S"
        elif t is ast.SurfaceDecl:
            out[d.name] = "T"
    for s in unit.body:
        if type(s) is ast.Label:
            out.setdefault(s.name, "L")
    return out


def _code(unit: ast.Unit, version: tuple[int, int]) -> _Code:
    from .printer import instruction_text
    cls = _classes(unit)
    texts, names, shapes, bare, lines = [], [], [], [], []
    for s in unit.body:
        t = type(s)
        if t is ast.Instruction:
            text = instruction_text(s, version)
        elif t is ast.Label:
            text = s.name + ":"
        elif t is ast.Subroutine:
            text = f'.function "{s.name}"'
        else:
            continue
        found: list[str] = []

        def slot(m: re.Match, found: list[str] = found, op: str | None = getattr(s, "op", None)) -> str:
            w = m.group(0)
            if w in cls and w != op:
                found.append(w)
                return "\x00"
            return w
        body = _IDENT.sub(slot, text)
        texts.append(body)
        names.append(found)
        shapes.append(_fill(body, ["{" + cls[n] + "}" for n in found]))
        bare.append(_fill(body, ["{" + cls[n][0] + "}" for n in found]))
        lines.append(s.line)
    return _Code(texts, names, shapes, bare, lines, cls)


def _map_names(a: _Code, b: _Code) -> dict[str, str]:
    """New name -> old name, for the names that play the same part: the two
    instruction sequences aligned by their shapes, the names of aligned lines
    pair at their first use (in order); in what the shapes leave unaligned,
    lines aligned by their bare shapes (a variable whose type, size or
    aliasing changed).  The spelling of a name plays no part: IGC's numbers
    are not kept from one version to the next."""
    to_old: dict[str, str] = {}
    taken: set[str] = set()

    def pair(i: int, j: int) -> None:
        for x, y in zip(a.names[i], b.names[j]):
            if y not in to_old and x not in taken and a.parts[x][0] == b.parts[y][0]:
                to_old[y] = x
                taken.add(x)
    sm = difflib.SequenceMatcher(None, a.shapes, b.shapes, autojunk=False)
    for i, j, n in sm.get_matching_blocks():
        for k in range(n):
            pair(i + k, j + k)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "replace":
            sub = difflib.SequenceMatcher(None, a.bare[i1:i2], b.bare[j1:j2], autojunk=False)
            for i, j, n in sub.get_matching_blocks():
                for k in range(n):
                    pair(i1 + i + k, j1 + j + k)
    return to_old


def _fill(text: str, names: list[str]) -> str:
    """``text`` with its slot markers filled with ``names`` in order."""
    it = iter(names)
    return re.sub("\x00", lambda _m: next(it), text)


def code_diff(old: ast.Unit, new: ast.Unit, *, version: tuple[int, int] = (4, 2), context: int = 3,
              old_name: str = "old", new_name: str = "new") -> tuple[list[str], int, int]:
    """(the unified diff's lines, instructions removed, instructions added)
    of two units, with the new side's names mapped to the old side's where
    they play the same part (see the module docstring)."""
    a, b = _code(old, version), _code(new, version)
    to_old = _map_names(a, b)
    # a new-side name with no counterpart is written with a prime
    rename = {y: to_old.get(y, y + "'") for ns in b.names for y in ns}
    ta = [_fill(t, ns) for t, ns in zip(a.texts, a.names)]
    tb = [_fill(t, [rename[y] for y in ns]) for t, ns in zip(b.texts, b.names)]
    # the unified diff of the renamed lines; hunk positions are source
    # lines (comments and blank lines are not compared)
    out: list[str] = []
    removed = added = 0
    sm = difflib.SequenceMatcher(None, ta, tb, autojunk=False)
    for group in sm.get_grouped_opcodes(context):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]

        def pos(lines: list[int], lo: int, hi: int) -> str:
            if hi > lo:
                return f"{lines[lo]},{hi - lo}"
            return f"{lines[lo - 1] if lo > 0 else 0},0"
        if not out:
            out.append(f"--- {old_name}")
            out.append(f"+++ {new_name}")
        out.append(f"@@ -{pos(a.lines, i1, i2)} +{pos(b.lines, j1, j2)} @@")
        for tag, x1, x2, y1, y2 in group:
            if tag == "equal":
                out.extend(" " + t for t in ta[x1:x2])
                continue
            if tag in ("replace", "delete"):
                out.extend("-" + t for t in ta[x1:x2])
                removed += x2 - x1
            if tag in ("replace", "insert"):
                out.extend("+" + t for t in tb[y1:y2])
                added += y2 - y1
    return out, removed, added


# ----------------------------------------------------------------- diff
def _entry(r: UnitRef) -> dict[str, Any]:
    return {"name": r.unit.name, "kind": r.unit.kind, "file": r.file}


def diff(a: ast.Module | Iterable[ast.Module], b: ast.Module | Iterable[ast.Module], *,
         code: bool = False, context: int = 3, old_root: str | None = None,
         new_root: str | None = None, by_file: bool | None = None) -> dict[str, Any]:
    """Compare two sets of modules (each a module or an iterable of them;
    ``Module.file`` names each one's file, which pairs units by program).

    The result is ``visa-diff --json`` (schema 1)::

        {"schema": 1,
         "pairs": [{"name", "kind", "old": file, "new": file, "same": bool,
                    "size": N, "changes": {statistic: [old, new]},
                    "code": {"removed": N, "added": N, "diff": [line...]}}],
         "only_old": [{"name", "kind", "file"}], "only_new": [...]}

    ``pairs`` are sorted by the size of their change, largest first: the
    instruction lines removed and added (the instruction diff is always
    made; its lines are given with ``code=True``), then the change in
    instructions and in the pressure peak.  A pair is ``same`` when its
    instructions (names mapped) and every statistic are equal.
    ``by_file`` (default: true unless each side is one module) pairs
    units by the programs their file names tell (see the module
    docstring); ``old_root``/``new_root``: the folders the files were found
    in (their sub-folders are program words)."""
    ma = [a] if isinstance(a, ast.Module) else list(a)
    mb = [b] if isinstance(b, ast.Module) else list(b)
    if by_file is None:
        by_file = not (len(ma) == 1 and len(mb) == 1)
    ra, rb = side_units(ma, old_root), side_units(mb, new_root)
    pairs, only_old, only_new = pair(ra, rb, by_file=by_file)
    out_pairs = []
    for x, y in pairs:
        sx = dumps.unit_stats(x.unit, None, x.file)
        sy = dumps.unit_stats(y.unit, None, y.file)
        changes = stat_changes(sx, sy)
        version = max(x.module.version or (4, 1), y.module.version or (4, 1))
        lines, removed, added = code_diff(
            x.unit, y.unit, version=version, context=context,
            old_name=f"{x.file or 'old'}\t{x.label}", new_name=f"{y.file or 'new'}\t{y.label}")
        entry: dict[str, Any] = {
            "name": x.unit.name if x.unit.name == y.unit.name else f"{x.unit.name} -> {y.unit.name}",
            "kind": x.unit.kind, "old": x.file, "new": y.file,
            "same": not changes and not lines, "size": removed + added, "changes": changes,
            "stats": {"old": _brief(sx), "new": _brief(sy)},
            "code": {"removed": removed, "added": added},
        }
        if code:
            entry["code"]["diff"] = lines
        out_pairs.append(entry)

    def weight(e: dict) -> tuple:
        ch = e["changes"]
        di = abs(ch["instructions"][1] - ch["instructions"][0]) if "instructions" in ch else 0
        dp = abs(ch["pressure.peak_bytes"][1] - ch["pressure.peak_bytes"][0]) \
            if "pressure.peak_bytes" in ch else 0
        return (-e["size"], -di, -dp, e["name"], e["old"] or "")
    out_pairs.sort(key=weight)
    return {"schema": SCHEMA, "pairs": out_pairs,
            "only_old": [_entry(r) for r in only_old], "only_new": [_entry(r) for r in only_new]}


def _brief(st: dict) -> dict[str, Any]:
    return {"instructions": st["instructions"], "blocks": st["blocks"],
            "peak_bytes": st["pressure"]["peak_bytes"], "peak_line": st["pressure"]["line"]}
