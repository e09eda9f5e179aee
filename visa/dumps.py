"""Reading vISA dumps: statistics, control-flow graphs, liveness and
register pressure over a :class:`visa.ast.Module`.

Nothing here names an instruction: what an opcode is (its report family,
its control-flow role) comes from the instruction description in
:mod:`visa.isa.keywords` (``report_family``, ``FLOW_ROLE``).

Liveness model (documented in docs/dumps.md):

* a variable is its *root*: an alias (``alias=<V, off>``) counts as the
  variable it aliases, with the root's bytes;
* every operand naming a variable is a use, except the destination of an
  instruction with one destination in the first operand position
  (moves, arithmetic, logic, compares, address arithmetic);
* such a destination is a definition that *kills* the variable only if the
  instruction is not predicated, writes at offset (0,0) and writes at least
  the variable's bytes (execution size x element size); a partial or
  predicated write keeps the old value live (conservative);
* every other instruction (sends, control flow...) counts all its operands
  as uses, so their results stay live from the start of the function at
  worst -- an over-estimate, never an under-estimate;
* predicates and address registers are counted apart from general
  variables.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, Iterator

import attrs

from . import ast
from .isa import datatypes, keywords

SCHEMA = 1
_ID = re.compile(r"///?\s*\$(\d+)")
_DST_FAMILIES = frozenset({"move", "arithmetic", "logic", "compare", "address"})


def _type_size(t: str) -> int:
    info = datatypes.TYPE_INFO_BY_NAME.get(t) or datatypes.TYPE_INFO_BY_NAME.get(":" + t) \
        or datatypes.TYPE_INFO_BY_NAME.get("type=" + t)
    if info is None:
        for i in datatypes.TYPE_INFO.values():
            if i.name.split("=")[-1].lstrip(":").lower() == t.lower():
                return i.size
        return 4
    return info.size


def _names(node: Any) -> Iterator[str]:
    """Every symbol an operand names (variables, predicates, addresses)."""
    if isinstance(node, tuple):
        for x in node:
            yield from _names(x)
        return
    fields = _node_fields(type(node))
    if fields is None:
        return
    for a in ("name", "addr", "var"):
        v = getattr(node, a, None)
        if isinstance(v, str):
            yield v
    for name in fields:
        v = getattr(node, name)
        if isinstance(v, tuple) or _node_fields(type(v)) is not None:
            yield from _names(v)


@functools.cache
def _node_fields(cls: type) -> tuple[str, ...] | None:
    """The field names of an attrs node class (None for any other class)."""
    return tuple(f.name for f in attrs.fields(cls)) if attrs.has(cls) else None


# ------------------------------------------------------------------ CFG
@attrs.define
class Block:
    """A basic block: its label (the first label, or None), statement
    indexes into the unit body, instruction ids and source lines."""
    label: str | None
    start: int
    stmts: list[int] = attrs.field(factory=list)
    ids: list[int] = attrs.field(factory=list)
    lines: list[int] = attrs.field(factory=list)


@attrs.define
class Edge:
    src: int
    dst: int
    kind: str  # fallthrough | branch | goto | switch | call | return
    predicate: str | None = None


@attrs.define
class Graph:
    name: str
    unit: ast.Unit
    blocks: list[Block]
    edges: list[Edge]


def _ids(unit: ast.Unit, lines: list[str] | None) -> list[int | None]:
    """The ``$N`` id of each statement (from the text where it has them,
    else the instruction's position counting from 1)."""
    out: list[int | None] = []
    k = 0
    for s in unit.body:
        if type(s) is ast.Instruction:
            k += 1
            n: int | None = k
            if lines is not None and 0 < s.line <= len(lines):
                m = _ID.search(lines[s.line - 1])
                n = int(m.group(1)) if m else None
            out.append(n)
        else:
            out.append(None)
    return out


def _pred_text(p: ast.Predicate | None) -> str | None:
    if p is None:
        return None
    return ("!" if p.negate else "") + p.name + ("." + p.control if p.control else "")


def cfg_unit(unit: ast.Unit, text: str | None = None) -> Graph:
    """The control-flow graph of one kernel or function."""
    lines = text.split("\n") if text is not None else None
    ids = _ids(unit, lines)
    blocks: list[Block] = []
    cur: Block | None = None
    ended = True
    for i, s in enumerate(unit.body):
        t = type(s)
        if t in (ast.Label, ast.Subroutine):
            if cur is None or cur.stmts and any(type(unit.body[j]) is ast.Instruction
                                                 for j in cur.stmts) or ended or cur.label:
                cur = Block(s.name, i)
                blocks.append(cur)
            elif cur.label is None:
                cur.label = s.name
            cur.stmts.append(i)
            ended = False
            continue
        if t is not ast.Instruction:
            continue
        if cur is None or ended:
            cur = Block(None, i)
            blocks.append(cur)
            ended = False
        cur.stmts.append(i)
        if ids[i] is not None:
            cur.ids.append(ids[i])
        cur.lines.append(s.line)
        if s.op in keywords.FLOW_ROLE:
            ended = True
    by_label = {}
    for b_i, b in enumerate(blocks):
        for j in b.stmts:
            s = unit.body[j]
            if type(s) in (ast.Label, ast.Subroutine):
                by_label[s.name] = b_i
    edges: list[Edge] = []
    for b_i, b in enumerate(blocks):
        last = unit.body[b.stmts[-1]] if b.stmts else None
        nxt = b_i + 1 if b_i + 1 < len(blocks) else None
        role = keywords.FLOW_ROLE.get(last.op) if type(last) is ast.Instruction else None
        if role is None:
            if nxt is not None:
                edges.append(Edge(b_i, nxt, "fallthrough"))
            continue
        pred = _pred_text(last.pred)
        targets = [by_label[n] for n in _names(last.operands) if n in by_label]
        if role in ("branch", "goto"):
            for t_ in targets[:1]:
                edges.append(Edge(b_i, t_, role, pred))
            if pred is not None and nxt is not None:
                edges.append(Edge(b_i, nxt, "fallthrough"))
        elif role == "switch":
            for t_ in dict.fromkeys(targets):
                edges.append(Edge(b_i, t_, "switch", pred))
        elif role == "call":
            for t_ in targets[:1]:
                edges.append(Edge(b_i, t_, "call", pred))
            if nxt is not None:
                edges.append(Edge(b_i, nxt, "fallthrough"))
    return Graph(unit.name, unit, blocks, edges)


def cfg(module: ast.Module, text: str | None = None) -> list[Graph]:
    """The control-flow graph of every unit of a module (``text``: the
    source, for the instructions' ``/// $N`` ids)."""
    return [cfg_unit(u, text) for u in module.units]


def cfg_json(graphs: list[Graph]) -> dict:
    return {"schema": SCHEMA, "functions": [
        {"name": g.name,
         "blocks": [{"label": b.label, "ids": b.ids, "lines": b.lines} for b in g.blocks],
         "edges": [{"from": e.src, "to": e.dst, "kind": e.kind, "predicate": e.predicate}
                   for e in g.edges]} for g in graphs]}


# ------------------------------------------------------------- liveness
@attrs.define
class Liveness:
    """Per-instruction liveness of one unit.  ``live_after[i]`` is the set
    of root general variables live after body statement ``i`` (``bytes``
    their size); ``pred_live``/``addr_live`` the predicates and address
    registers; ``peak`` is the statement index of the largest figure."""
    graph: Graph
    sizes: dict[str, int]
    live_in: Mapping[int, frozenset[str]]  # statement index -> live across it (made per block when asked)
    bytes_at: dict[int, int]
    preds_at: dict[int, int]
    addrs_at: dict[int, int]
    block_peak: list[int]
    peak: int | None
    peak_bytes: int
    peak_line: int | None

    def peak_vars(self) -> list[tuple[str, int]]:
        """The general variables live at the peak, largest first."""
        if self.peak is None:
            return []
        return sorted(((v, self.sizes[v]) for v in self.live_in[self.peak] if v in self.sizes),
                      key=lambda x: (-x[1], x[0]))


def _roots(unit: ast.Unit) -> tuple[dict[str, str], dict[str, int], set[str], set[str]]:
    decl = {d.name: d for d in unit.vars}
    root: dict[str, str] = {}

    def find(n: str, depth: int = 0) -> str:
        d = decl.get(n)
        if d is None or d.alias is None or depth > 64 or d.alias.var not in decl:
            return n
        return find(d.alias.var, depth + 1)
    for n in decl:
        root[n] = find(n)
    sizes = {n: d.num_elts * _type_size(d.type) for n, d in decl.items() if root[n] == n}
    return root, sizes, {d.name for d in unit.preds}, {d.name for d in unit.addrs}


def _def_use(s: ast.Instruction, root: dict[str, str], sizes: dict[str, int],
             elt: dict[str, int]) -> tuple[set[str], set[str]]:
    """(killed, used) symbols of an instruction under the model above."""
    ops = s.operands
    uses: set[str] = set()
    kill: set[str] = set()
    if s.pred is not None:
        uses.add(s.pred.name)
    first_is_dst = keywords.report_family(s.op) in _DST_FAMILIES and ops
    rest = ops[1:] if first_is_dst else ops
    for n in _names(rest):
        uses.add(root.get(n, n))
    if first_is_dst:
        d = ops[0]
        names = [root.get(n, n) for n in _names(d)]
        if type(d) is ast.VarRef and d.name in root and s.pred is None:
            r = root[d.name]
            full = d.name == r and all(o == 0 for o in d.offsets)
            width = (s.exec.size if s.exec else 1) * elt.get(d.name, 4)
            if full and width >= sizes.get(r, 0):
                kill.add(r)
            else:
                uses.add(r)
            uses.update(n for n in names[1:])
        elif type(d) is ast.Name and s.pred is None:
            kill.add(d.name)  # a predicate destination (cmp)
        else:
            uses.update(names)
    return kill, uses



class _LiveSets(Mapping):
    """Statement index -> the variables live across that instruction, made a
    block at a time on first use (holding every instruction's set of a long
    kernel at once would take memory in its length times its live
    variables)."""

    def __init__(self, g: Graph, du: dict, tracked: set[str], live_out: list[frozenset]) -> None:
        self._g, self._du, self._tracked, self._live_out = g, du, tracked, live_out
        self._block = {j: b_i for b_i, b in enumerate(g.blocks) for j in b.stmts if j in du}
        self._sets: dict[int, frozenset[str]] = {}
        self._filled: set[int] = set()

    def _fill(self, b_i: int) -> None:
        live = set(self._live_out[b_i])
        for j in reversed(self._g.blocks[b_i].stmts):
            if j in self._du:
                k, u = self._du[j]
                live -= k
                live |= u & self._tracked
                self._sets[j] = frozenset(live | (k & self._tracked))
        self._filled.add(b_i)

    def __getitem__(self, j: int) -> frozenset[str]:
        b_i = self._block[j]  # KeyError for a statement that is no instruction
        if b_i not in self._filled:
            self._fill(b_i)
        return self._sets[j]

    def __iter__(self) -> Iterator[int]:
        return iter(self._block)

    def __len__(self) -> int:
        return len(self._block)


def liveness(unit: ast.Unit, graph: Graph | None = None) -> Liveness:
    """Liveness and register pressure of one kernel or function."""
    g = graph if graph is not None else cfg_unit(unit)
    root, sizes, preds, addrs = _roots(unit)
    elt = {d.name: _type_size(d.type) for d in unit.vars}
    du = {}
    for b in g.blocks:
        for j in b.stmts:
            s = unit.body[j]
            if type(s) is ast.Instruction:
                du[j] = _def_use(s, root, sizes, elt)
    tracked = set(sizes) | preds | addrs
    succ: list[list[int]] = [[] for _ in g.blocks]
    for e in g.edges:
        if e.kind != "call":
            succ[e.src].append(e.dst)
    live_out = [frozenset()] * len(g.blocks)
    live_top = [frozenset()] * len(g.blocks)

    def transfer(b_i: int, out: frozenset) -> frozenset:
        live = set(out)
        for j in reversed(g.blocks[b_i].stmts):
            if j in du:
                k, u = du[j]
                live -= k
                live |= u & tracked
        return frozenset(live)
    changed = True
    while changed:
        changed = False
        for b_i in reversed(range(len(g.blocks))):
            out = frozenset().union(*[live_top[s] for s in succ[b_i]]) if succ[b_i] else frozenset()
            top = transfer(b_i, out)
            if out != live_out[b_i] or top != live_top[b_i]:
                live_out[b_i], live_top[b_i] = out, top
                changed = True
    # the figures per instruction, counted as the live set changes (a sum
    # over the live set at each instruction is quadratic in a long kernel);
    # the live sets themselves are made per block only when asked for
    bytes_at: dict[int, int] = {}
    preds_at: dict[int, int] = {}
    addrs_at: dict[int, int] = {}
    block_peak = []
    peak, peak_bytes = None, -1

    tracked_size = {v: sizes.get(v, 0) for v in tracked}

    def weight(v: str) -> tuple[int, int, int]:
        return sizes.get(v, 0), v in preds, v in addrs
    for b_i, b in enumerate(g.blocks):
        live = set(live_out[b_i])
        nb = sum(map(tracked_size.__getitem__, live))
        np_ = len(live & preds)
        na = len(live & addrs)
        bp = 0
        for j in reversed(b.stmts):
            if j not in du:
                continue
            k, u = du[j]
            for v in k:
                if v in live:
                    live.discard(v)
                    w = weight(v)
                    nb, np_, na = nb - w[0], np_ - w[1], na - w[2]
            for v in u:
                if v in tracked and v not in live:
                    live.add(v)
                    w = weight(v)
                    nb, np_, na = nb + w[0], np_ + w[1], na + w[2]
            # live across the instruction: its inputs and what stays live,
            # and its tracked results
            xb, xp, xa = nb, np_, na
            for v in k:
                if v in tracked and v not in live:
                    w = weight(v)
                    xb, xp, xa = xb + w[0], xp + w[1], xa + w[2]
            bytes_at[j], preds_at[j], addrs_at[j] = xb, xp, xa
            bp = max(bp, xb)
            if xb > peak_bytes or (xb == peak_bytes and peak is not None and j < peak):
                peak, peak_bytes = j, xb
        block_peak.append(bp)
    live_in = _LiveSets(g, du, tracked, live_out)
    line = unit.body[peak].line if peak is not None else None
    return Liveness(g, sizes, live_in, bytes_at, preds_at, addrs_at, block_peak, peak,
                    max(peak_bytes, 0), line)


# ---------------------------------------------------------------- stats
def unit_stats(unit: ast.Unit, text: str | None = None, file: str | None = None) -> dict:
    """The statistics of one kernel or function (the ``units`` entry of
    ``visa-stats --json``)."""
    g = cfg_unit(unit, text)
    lv = liveness(unit, g)
    by_cat: Counter[str] = Counter()
    by_mn: dict[str, Counter[str]] = {}
    n = 0
    for s in unit.body:
        if type(s) is ast.Instruction:
            n += 1
            by_cat[keywords.report_family(s.op)] += 1
            by_mn.setdefault(s.op, Counter())[str(s.exec.size if s.exec else 1)] += 1
    root, sizes, _, _ = _roots(unit)
    variables: dict[str, dict[str, int]] = {}
    for d in unit.decls:
        cls = {ast.VarDecl: "general", ast.AddrDecl: "address", ast.PredDecl: "predicate",
               ast.SamplerDecl: "sampler", ast.SurfaceDecl: "surface"}[type(d)]
        v = variables.setdefault(cls, {"count": 0, "bytes": 0})
        v["count"] += 1
        if type(d) is ast.VarDecl:
            if root[d.name] == d.name:
                v["bytes"] += sizes[d.name]
            else:
                v["aliases"] = v.get("aliases", 0) + 1
        elif type(d) is ast.AddrDecl:
            v["bytes"] += 2 * d.num_elts
    return {
        "file": file, "name": unit.name, "kind": unit.kind, "instructions": n,
        "by_category": dict(sorted(by_cat.items())),
        "by_mnemonic": {k: {"count": sum(c.values()), "exec_sizes": dict(sorted(c.items(), key=lambda x: int(x[0])))}
                        for k, c in sorted(by_mn.items())},
        "variables": variables,
        "inputs": len(unit.inputs),
        "labels": sum(1 for s in unit.body if type(s) in (ast.Label, ast.Subroutine)),
        "blocks": len(g.blocks),
        "pressure": {"peak_bytes": lv.peak_bytes, "line": lv.peak_line,
                     "live": [[v, b] for v, b in lv.peak_vars()[:10]]},
    }


def stats(module: ast.Module, text: str | None = None, file: str | None = None) -> dict:
    """The statistics of every unit of a module (``visa-stats --json``)."""
    return {"schema": SCHEMA, "units": [unit_stats(u, text, file) for u in module.units]}
