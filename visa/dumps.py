"""Reading vISA dumps: statistics, control-flow graphs, liveness and
register pressure over a :class:`visa.ast.Module`.

Nothing here names an instruction: what an opcode is (its report family,
its control-flow role) comes from the instruction description in
:mod:`visa.isa.opcodes` (``report_family``, ``FLOW_ROLE``).

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

import bisect
import functools
import heapq
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, Iterator

import attrs

from . import ast
from .isa import opcodes as O

SCHEMA = 1
_ID = re.compile(r"///?\s*\$(\d+)")
_DST_FAMILIES = frozenset({"move", "arithmetic", "logic", "compare", "address"})


def _type_size(t: str) -> int:
    info = O.TYPE_INFO_BY_NAME.get(t) or O.TYPE_INFO_BY_NAME.get(":" + t) \
        or O.TYPE_INFO_BY_NAME.get("type=" + t)
    if info is None:
        for i in O.TYPE_INFO.values():
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
    has_ins = False  # cur holds an instruction
    Label, Subroutine, Instruction, flow = ast.Label, ast.Subroutine, ast.Instruction, O.FLOW_ROLE
    for i, s in enumerate(unit.body):
        t = type(s)
        if t is Label or t is Subroutine:
            # a label starts a block (an empty one falls through to the next)
            if cur is None or has_ins or ended or cur.label:
                cur = Block(s.name, i)
                blocks.append(cur)
                has_ins = False
            elif cur.label is None:
                cur.label = s.name
            cur.stmts.append(i)
            ended = False
            continue
        if t is not Instruction:
            continue
        if cur is None or ended:
            cur = Block(None, i)
            blocks.append(cur)
            ended = False
        cur.stmts.append(i)
        has_ins = True
        n = ids[i]
        if n is not None:
            cur.ids.append(n)
        cur.lines.append(s.line)
        if s.op in flow:
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
        role = O.FLOW_ROLE.get(last.op) if type(last) is ast.Instruction else None
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
    """Per-instruction liveness of one unit.  ``live_in[j]`` is the set of
    symbols live across body statement ``j`` (an instruction): what is live
    before it, and its results (root general variables, predicates and
    address registers by name; made a block at a time when asked for).
    ``bytes_at[j]`` is the bytes of the general variables of that set,
    ``preds_at[j]``/``addrs_at[j]`` how many predicates and address
    registers it holds; ``sizes`` the bytes of each root variable;
    ``block_peak`` the largest ``bytes_at`` of each block of ``graph``;
    ``peak`` the statement of the largest (the first such), with its bytes
    and source line."""
    graph: Graph
    sizes: dict[str, int]
    live_in: Mapping[int, frozenset[str]]
    bytes_at: dict[int, int]
    preds_at: dict[int, int]
    addrs_at: dict[int, int]
    block_peak: list[int]
    peak: int | None
    peak_bytes: int
    peak_line: int | None

    def peak_vars(self, limit: int | None = None) -> list[tuple[str, int]]:
        """The general variables live at the peak with their bytes, largest
        first (the first ``limit`` of them)."""
        if self.peak is None:
            return []
        sizes = self.sizes
        pairs = ((v, sizes[v]) for v in self.live_in[self.peak] if v in sizes)
        key = lambda x: (-x[1], x[0])  # noqa: E731
        if limit is not None:
            return heapq.nsmallest(limit, pairs, key=key)
        return sorted(pairs, key=key)


def _roots(unit: ast.Unit) -> tuple[dict[str, str], dict[str, int], set[str], set[str]]:
    """(alias -> root variable, root -> bytes, predicate names, address
    names) of a unit's declarations."""
    tr = _Tracked(unit)
    return tr.root, tr.sizes, set(tr.names[tr.n_gen:tr.n_gen + tr.n_pred]), set(tr.names[tr.n_gen + tr.n_pred:])


def _def_use(s: ast.Instruction, root: dict[str, str], sizes: dict[str, int],
             elt: dict[str, int]) -> tuple[set[str], set[str]]:
    """(killed, used) symbols of an instruction under the model above."""
    ops = s.operands
    uses: set[str] = set()
    kill: set[str] = set()
    if s.pred is not None:
        uses.add(s.pred.name)
    first_is_dst = O.report_family(s.op) in _DST_FAMILIES and ops
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


# the symbol an operand of each kind names (all other kinds: see _op_names)
_NAMED_BY = {ast.VarRef: "name", ast.Name: "name", ast.AddrOf: "name", ast.Raw: "name",
             ast.LscData: "name", ast.LscReg: "name", ast.Indirect: "addr"}
_NAMES_NONE = frozenset({ast.Imm, ast.Number, ast.String})


def _op_names(op: Any, out: list[str]) -> None:
    """Append the symbols an operand names to ``out`` (as :func:`_names`,
    dispatched on the operand's kind)."""
    a = _NAMED_BY.get(type(op))
    if a is not None:
        out.append(getattr(op, a))
    elif type(op) in _NAMES_NONE:
        return
    elif type(op) is ast.Tuple:
        for x in op.items:
            _op_names(x, out)
    else:
        out.extend(_names(op))


class _Tracked:
    """The symbols liveness tracks, numbered for bitsets: the root general
    variables (``n_gen`` of them, ``weight`` their bytes), then the
    predicates (``n_pred``), then the address registers.  ``of`` maps every
    declared name (aliases included) to its root's number, ``root`` an
    alias to its root variable, ``sizes`` a root to its bytes and ``elt``
    a variable to its element's bytes."""

    def __init__(self, unit: ast.Unit) -> None:
        VarDecl, PredDecl, AddrDecl = ast.VarDecl, ast.PredDecl, ast.AddrDecl
        tsize: dict[str, int] = {}
        root: dict[str, str] = {}
        sizes: dict[str, int] = {}
        elt: dict[str, int] = {}
        of: dict[str, int] = {}
        names: list[str] = []
        weight: list[int] = []
        decl: dict[str, ast.VarDecl] = {}
        aliases: list[ast.VarDecl] = []
        preds: list[str] = []
        addrs: list[str] = []
        for d in unit.decls:
            t = type(d)
            if t is VarDecl:
                n = d.name
                decl[n] = d
                e = tsize.get(d.type)
                if e is None:
                    e = tsize[d.type] = _type_size(d.type)
                elt[n] = e
                if d.alias is None:
                    root[n] = n
                    sizes[n] = w = d.num_elts * e
                    of[n] = len(names)
                    names.append(n)
                    weight.append(w)
                else:
                    aliases.append(d)
            elif t is PredDecl:
                preds.append(d.name)
            elif t is AddrDecl:
                addrs.append(d.name)
        pending = []
        for d in aliases:  # an alias counts as the variable at the end of its chain
            r, seen = d.name, 0
            while seen <= 64:
                x = decl.get(r)
                if x is None or x.alias is None or x.alias.var not in decl:
                    break
                r = x.alias.var
                seen += 1
            root[d.name] = r
            if r == d.name:  # aliases a variable not declared: a root itself
                sizes[r] = w = d.num_elts * elt[r]
                of[r] = len(names)
                names.append(r)
                weight.append(w)
            else:
                pending.append(d.name)
        for n in pending:
            of[n] = of[root[n]]
        self.n_gen = len(names)
        for n in preds:
            if n not in of:
                of[n] = len(names)
                names.append(n)
        self.n_pred = len(names) - self.n_gen
        for n in addrs:
            if n not in of:
                of[n] = len(names)
                names.append(n)
        self.root, self.sizes, self.elt, self.of, self.names, self.weight = root, sizes, elt, of, names, weight

    def bits(self, x: int) -> list[int]:
        """The numbers set in a bitset."""
        if not x:
            return []
        s = format(x, "b")[::-1]
        out = []
        i = s.find("1")
        while i >= 0:
            out.append(i)
            i = s.find("1", i + 1)
        return out

    def count(self, x: int) -> tuple[int, int, int]:
        """(bytes of general variables, predicates, address registers) of a
        bitset."""
        if not x:
            return 0, 0, 0
        g, p = self.n_gen, self.n_pred
        high = x >> g
        gen = x ^ (high << g) if high else x
        w = self.weight
        nb = sum(w[i] for i in self.bits(gen)) if gen else 0
        return nb, (high & ((1 << p) - 1)).bit_count(), (high >> p).bit_count()


def _unit_def_use(unit: ast.Unit, tr: _Tracked, graph: Graph
                  ) -> tuple[list[tuple[tuple[int, ...], list[int]] | None], list[int], list[int],
                             dict[tuple[str, int], int]]:
    """One pass over a unit's instructions, block by block: per body
    statement the (killed, used) tracked numbers of an instruction under the
    model of the module docstring (None for a statement that is no
    instruction; a number may be listed twice); per block its gen (used
    before any kill in it) and kill bitsets; and the count of each
    (mnemonic, execution size)."""
    of, root, sizes, elt = tr.of, tr.root, tr.sizes, tr.elt
    fam: dict[str, bool] = {}
    body = unit.body
    out: list[tuple[tuple[int, ...], list[int]] | None] = [None] * len(body)
    gen_b: list[int] = []
    kill_b: list[int] = []
    counts: dict[tuple[str, int], int] = {}
    VarRef, Name, Imm, Instruction = ast.VarRef, ast.Name, ast.Imm, ast.Instruction
    of_get = of.get
    for b in graph.blocks:
        gen: set[int] = set()
        kil: set[int] = set()
        for j in b.stmts:
            s = body[j]
            if type(s) is not Instruction:
                continue
            ops = s.operands
            op = s.op
            ex = s.exec
            key = (op, ex.size if ex else 1)
            counts[key] = counts.get(key, 0) + 1
            dst = fam.get(op)
            if dst is None:
                dst = fam[op] = O.report_family(op) in _DST_FAMILIES
            use: list[int] = []
            pred = s.pred
            if pred is not None:
                k = of_get(pred.name)
                if k is not None:
                    use.append(k)
            kill: tuple[int, ...] = ()
            first = 0
            if dst and ops:
                first = 1
                d = ops[0]
                td = type(d)
                if td is VarRef and pred is None and d.name in root:
                    n = d.name
                    r = root[n]
                    if (n == r and not any(d.offsets)
                            and (ex.size if ex else 1) * elt.get(n, 4) >= sizes.get(r, 0)):
                        kill = (of[n],)
                    else:
                        use.append(of[n])
                elif td is Name and pred is None:
                    k = of_get(d.name)
                    if k is not None:
                        kill = (k,)
                else:
                    first = 0
            for o in ops[first:] if first else ops:
                t = type(o)
                if t is VarRef:
                    k = of_get(o.name)
                    if k is not None:
                        use.append(k)
                elif t is not Imm:
                    names: list[str] = []
                    _op_names(o, names)
                    for n in names:
                        k = of_get(n)
                        if k is not None:
                            use.append(k)
            out[j] = (kill, use)
            if kil:
                for v in use:
                    if v not in kil:
                        gen.add(v)
            else:
                gen.update(use)
            if kill:
                kil.add(kill[0])
        gen_b.append(_to_bits(gen))
        kill_b.append(_to_bits(kil))
    return out, gen_b, kill_b, counts


class _LiveSets(Mapping):
    """Statement index -> the symbols live across that instruction, each
    made when first asked for by walking its block back from the block's
    live-out bitset (holding every instruction's set of a long kernel at
    once would take memory in its length times its live variables)."""

    def __init__(self, g: Graph, du: list, tr: _Tracked, live_out: list[int]) -> None:
        self._g, self._du, self._tr, self._live_out = g, du, tr, live_out
        self._sets: dict[int, frozenset[str]] = {}
        self._starts = [b.start for b in g.blocks]

    @functools.cached_property
    def _block(self) -> dict[int, int]:
        """Instruction statement index -> its block."""
        du = self._du
        return {j: b_i for b_i, b in enumerate(self._g.blocks) for j in b.stmts if du[j] is not None}

    def __getitem__(self, j: int) -> frozenset[str]:
        sets = self._sets
        if j in sets:
            return sets[j]
        # the block holding statement j: blocks are runs of statements in order
        blocks, du = self._g.blocks, self._du
        b_i = bisect.bisect_right(self._starts, j) - 1
        if b_i < 0 or not 0 <= j < len(du) or du[j] is None or j not in blocks[b_i].stmts:
            raise KeyError(j)  # a statement that is no instruction
        live = set(self._tr.bits(self._live_out[b_i]))
        for i in reversed(blocks[b_i].stmts):
            if i < j:
                break
            x = du[i]
            if x is not None:
                live.difference_update(x[0])
                live.update(x[1])
        names = self._tr.names
        r = sets[j] = frozenset([names[i] for i in live] + [names[i] for i in du[j][0]])
        return r

    def __iter__(self) -> Iterator[int]:
        return iter(self._block)

    def __len__(self) -> int:
        return len(self._block)


def _flow_successors(g: Graph) -> list[list[int]]:
    """The successors of each block for liveness: the graph's edges without
    its call edges (a call into another unit returns to the next block, which
    is a fall-through edge of the graph)."""
    succ: list[list[int]] = [[] for _ in g.blocks]
    for e in g.edges:
        if e.kind != "call":
            succ[e.src].append(e.dst)
    return succ


def liveness(unit: ast.Unit, graph: Graph | None = None) -> Liveness:
    """Liveness and register pressure of one kernel or function.

    Sets are bitsets (Python ints over :class:`_Tracked`'s numbering): the
    per-block data-flow fixpoint is a few integer operations per block
    however many variables are live; the figures per instruction are then
    counted by one backward walk over each block, starting from the bytes
    of its live-out set and adding or taking away only the variables that
    instruction makes live or kills."""
    g = graph if graph is not None else cfg_unit(unit)
    return _liveness(unit, g, _Tracked(unit))[0]


def _liveness(unit: ast.Unit, g: Graph, tr: _Tracked) -> tuple[Liveness, dict[tuple[str, int], int]]:
    du, gen_b, kill_b, counts = _unit_def_use(unit, tr, g)
    nblk = len(g.blocks)
    succ = _flow_successors(g)
    live_out = [0] * nblk
    live_top = gen_b[:]  # live-in: gen | (live-out - kill)
    changed = True
    while changed:
        changed = False
        for b_i in range(nblk - 1, -1, -1):
            out = 0
            for t in succ[b_i]:
                out |= live_top[t]
            if out != live_out[b_i]:
                live_out[b_i] = out
                top = gen_b[b_i] | (out ^ (out & kill_b[b_i]))
                if top != live_top[b_i]:
                    live_top[b_i] = top
                    changed = True
    # the figures per instruction: one backward walk per block, counting as
    # the live set changes; a block's live-out bytes are found from the
    # next block's live-in (often the same set) and the difference
    bytes_at: dict[int, int] = {}
    preds_at: dict[int, int] = {}
    addrs_at: dict[int, int] = {}
    block_peak = [0] * nblk
    peak, peak_bytes = None, -1
    weight, n_gen = tr.weight, tr.n_gen
    n_gp = n_gen + tr.n_pred
    ref_set, ref_w = 0, (0, 0, 0)
    for b_i in range(nblk - 1, -1, -1):
        out = live_out[b_i]
        if out == ref_set:
            nb, np_, na = ref_w
        else:
            plus, minus = out ^ (out & ref_set), ref_set ^ (ref_set & out)
            a, c = tr.count(plus), tr.count(minus)
            nb, np_, na = ref_w[0] + a[0] - c[0], ref_w[1] + a[1] - c[1], ref_w[2] + a[2] - c[2]
        state: dict[int, bool] = {}
        outb = out.to_bytes((out.bit_length() >> 3) + 1, "little")
        nbytes = len(outb)
        bp = 0
        for j in reversed(g.blocks[b_i].stmts):
            x = du[j]
            if x is None:
                continue
            k, u = x
            for v in k:
                live = state.get(v)
                if live is None:
                    live = (v >> 3) < nbytes and (outb[v >> 3] >> (v & 7)) & 1 == 1
                if live:
                    if v < n_gen:
                        nb -= weight[v]
                    elif v < n_gp:
                        np_ -= 1
                    else:
                        na -= 1
                state[v] = False
            for v in u:
                live = state.get(v)
                if live is None:
                    live = (v >> 3) < nbytes and (outb[v >> 3] >> (v & 7)) & 1 == 1
                if not live:
                    if v < n_gen:
                        nb += weight[v]
                    elif v < n_gp:
                        np_ += 1
                    else:
                        na += 1
                state[v] = True
            # live across the instruction: its inputs, what stays live, and
            # its results
            xb, xp, xa = nb, np_, na
            for v in k:
                if not state[v]:
                    if v < n_gen:
                        xb += weight[v]
                    elif v < n_gp:
                        xp += 1
                    else:
                        xa += 1
            bytes_at[j], preds_at[j], addrs_at[j] = xb, xp, xa
            if xb > bp:
                bp = xb
            if xb > peak_bytes or (xb == peak_bytes and peak is not None and j < peak):
                peak, peak_bytes = j, xb
        block_peak[b_i] = bp
        ref_set, ref_w = live_top[b_i], (nb, np_, na)
    live_in = _LiveSets(g, du, tr, live_out)
    line = unit.body[peak].line if peak is not None else None
    lv = Liveness(g, tr.sizes, live_in, bytes_at, preds_at, addrs_at, block_peak, peak,
                  max(peak_bytes, 0), line)
    return lv, counts


def _to_bits(xs: set[int]) -> int:
    """The bitset of a set of numbers."""
    if not xs:
        return 0
    if len(xs) < 8:
        r = 0
        for i in xs:
            r |= 1 << i
        return r
    buf = bytearray((max(xs) >> 3) + 1)
    for i in xs:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buf, "little")


# ---------------------------------------------------------------- stats
def unit_stats(unit: ast.Unit, text: str | None = None, file: str | None = None) -> dict:
    """The statistics of one kernel or function (the ``units`` entry of
    ``visa-stats --json``)."""
    g = cfg_unit(unit)  # the blocks only: the text's $N ids are not reported here
    tr = _Tracked(unit)
    lv, by_op_exec = _liveness(unit, g, tr)
    kinds = Counter(map(type, unit.body))
    by_cat: Counter[str] = Counter()
    by_mn: dict[str, Counter[str]] = {}
    n = 0
    for (op, size), c in by_op_exec.items():
        n += c
        by_cat[O.report_family(op)] += c
        by_mn.setdefault(op, Counter())[str(size)] += c
    root, sizes = tr.root, tr.sizes
    variables: dict[str, dict[str, int]] = {}
    for d in unit.decls:
        cls = _DECL_CLASS[type(d)]
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
        "labels": kinds[ast.Label] + kinds[ast.Subroutine],
        "blocks": len(g.blocks),
        "pressure": {"peak_bytes": lv.peak_bytes, "line": lv.peak_line,
                     "live": [[v, b] for v, b in lv.peak_vars(10)]},
    }


_DECL_CLASS = {ast.VarDecl: "general", ast.AddrDecl: "address", ast.PredDecl: "predicate",
               ast.SamplerDecl: "sampler", ast.SurfaceDecl: "surface"}


def stats(module: ast.Module, text: str | None = None, file: str | None = None) -> dict:
    """The statistics of every unit of a module (``visa-stats --json``)."""
    return {"schema": SCHEMA, "units": [unit_stats(u, text, file) for u in module.units]}
