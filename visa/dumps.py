"""Reading vISA dumps: statistics, control-flow graphs, liveness and
register pressure over a :class:`visa.ast.Module`.

Nothing here names an instruction: what an opcode is (its report family,
its control-flow role) comes from the instruction description in
:mod:`visa.isa.keywords` (``report_family``, ``FLOW_ROLE``).

Liveness model (documented in docs/dumps.md).  A variable counts at an
instruction when it is *live* there (a path leads from it to a read of the
variable before any write of the whole variable) and *defined* there (a
write of it, whole or in part, comes before on some path from the entry):

* a variable is its *root*: an alias (``alias=<V, off>``) counts as the
  variable it aliases, with the root's bytes;
* the destination of a move, arithmetic, logic, compare or address
  instruction is its first operand; a message's (send, sampler, LSC,
  dpas...) is the operand its instruction description's ``dst`` field is
  read from (``_written_operand``);
* a destination *kills* its variable (writes it whole) only when the
  instruction is not predicated, writes its root at offset 0 and -- for the
  first-operand kinds -- with an execution size of at least its elements;
  a message's destination at offset 0 is taken as written whole (its
  response is what the variable was declared for).  Any other write is a
  write *in part*: the variable is also read there, so its old value stays
  live (never an under-estimate);
* every other operand naming a variable, predicate or address register is
  a read; a message whose destination the description does not name
  (``media_ld``, a 3D sampler's list) reads all its operands;
* a variable the unit never writes (an input, what is set outside it) is
  defined from the entry; before its first write a variable holds nothing
  and does not count, however it is written later;
* predicates and address registers are counted apart from general
  variables;
* a subroutine call (``call`` to a label of the unit) is followed into the
  subroutine and back from its ``ret`` to every return site of that
  subroutine; a stack call (``fcall``/``ifcall``, to another unit) only
  reads its operands: the callee's variables are its own unit's
  (``_flow_successors``);
* dead code (no path from the entry reaches it) is taken as entered
  afresh.
"""
from __future__ import annotations

import bisect
import functools
import heapq
import os
import re
from collections import Counter
from collections.abc import Mapping
from itertools import accumulate, compress
from operator import attrgetter, countOf, mul
from typing import Any, Callable, Iterator

import attrs

from . import ast
from .isa import datatypes, keywords, opcodes, targets

SCHEMA = 1
_ID = re.compile(r"///?\s*\$(\d+)")
# the statements a block holds (any other kind, such as an unparsed line, none)
_STATEMENTS = frozenset((ast.Label, ast.Subroutine, ast.Instruction))
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
    stmts: list[int] = attrs.field(factory=list)  # (a range in the statistics' own graphs)
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
    return _cfg_unit(unit, text, True)


def _cfg_unit(unit: ast.Unit, text: str | None, detail: bool, scan: _Scan | None = None) -> Graph:
    """:func:`cfg_unit`; without ``detail`` the blocks' ``ids`` and
    ``lines`` are left empty (the statistics read neither); ``scan``: the
    unit's :func:`_scan`, if made."""
    body = unit.body
    Label, Subroutine, Instruction = ast.Label, ast.Subroutine, ast.Instruction
    if scan is None:
        scan = _scan(unit, None, 0, len(body), False)
    starts = scan.starts
    ends = starts[1:] + [len(body)]
    whole = not scan.other
    ids = _ids(unit, text.split("\n")) if detail and text is not None else None
    blocks: list[Block] = []
    by_label: dict[str, int] = {}
    k = 0  # instructions before the block (positions, where the text gives no ids)
    for b_i, (st, en) in enumerate(zip(starts, ends)):
        first = body[st]
        label = None
        if type(first) is not Instruction:
            label = first.name
            by_label[label] = b_i
        stmts = (list(range(st, en)) if detail else range(st, en)) if whole else \
            [j for j in range(st, en) if type(body[j]) in (Label, Subroutine, Instruction)]
        b = Block(label, st, stmts)
        if detail:
            ins = [j for j in stmts if type(body[j]) is Instruction]
            b.lines = [body[j].line for j in ins]
            if ids is None:
                b.ids = list(range(k + 1, k + 1 + len(ins)))
            else:
                b.ids = [n for n in map(ids.__getitem__, ins) if n is not None]
            k += len(ins)
        blocks.append(b)
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


@attrs.define
class CallEdge:
    """A stack call (``fcall``) from a block of one graph to the entry of
    another unit's graph (indexes into the list of graphs)."""
    graph: int
    src: int
    callee: int
    predicate: str | None = None


def call_edges(graphs: list[Graph]) -> list[CallEdge]:
    """The stack calls among ``graphs`` (a kernel's and its functions'):
    each ``fcall`` whose function is one of the graphs' units, from its
    block to that unit's entry block.  An indirect call (``ifcall``) names
    no function: it has none."""
    by_name = {g.unit.name: i for i, g in enumerate(graphs) if g.unit.kind == "function"}
    out = []
    for gi, g in enumerate(graphs):
        body = g.unit.body
        for b_i, b in enumerate(g.blocks):
            for j in b.stmts:
                s = body[j]
                if type(s) is ast.Instruction and keywords.FLOW_ROLE.get(s.op) == "call":
                    for n in _names(s.operands):
                        if n in by_name and graphs[by_name[n]].blocks:
                            out.append(CallEdge(gi, b_i, by_name[n], _pred_text(s.pred)))
                            break
    return out


def cfg_json(graphs: list[Graph], calls: list[CallEdge] | None = None) -> dict:
    """``visa-cfg --format json`` (schema 1): per function its blocks and
    edges; a stack call to another of the graphs is an edge of kind
    ``call`` with ``"function"``: the callee's name, and ``to`` an index into
    the callee's blocks (its entry, 0)."""
    fns = []
    for gi, g in enumerate(graphs):
        edges: list[dict[str, Any]] = [
            {"from": e.src, "to": e.dst, "kind": e.kind, "predicate": e.predicate} for e in g.edges]
        for c in calls or ():
            if c.graph == gi:
                edges.append({"from": c.src, "to": 0, "kind": "call", "predicate": c.predicate,
                              "function": graphs[c.callee].name})
        fns.append({"name": g.name, "kind": g.unit.kind,
                    "blocks": [{"label": b.label, "ids": b.ids, "lines": b.lines} for b in g.blocks],
                    "edges": edges})
    return {"schema": SCHEMA, "functions": fns}


# ------------------------------------------------------------- liveness
class Liveness:
    """Per-instruction liveness and register pressure of one unit (made by
    :func:`visa.liveness`).

    * ``live_in[j]``: the symbols live across body statement ``j`` (an
      instruction): what is live before it, and its result (root general
      variables, predicates and address registers by name);
    * ``bytes_at[j]``: the bytes of the general variables of that set;
      ``preds_at[j]``/``addrs_at[j]``: how many predicates and address
      registers it holds;
    * ``block_peak``: the largest ``bytes_at`` of each block of ``graph``;
    * ``peak``: the statement of the largest ``bytes_at`` (the first such),
      ``peak_bytes`` and ``peak_line`` (its source line; None for a
      decoded binary);
    * ``sizes``: the bytes of each root general variable.

    The peak is found when the object is made; the per-instruction figures
    and sets are made on first use."""

    __slots__ = ("graph", "live_in", "peak", "peak_bytes", "peak_line", "_tr", "_walk", "_all")

    def __init__(self, graph: Graph, tr: Any, live_in: Mapping[int, frozenset[str]],
                 walk: Any, peak: int | None, peak_bytes: int, peak_line: int | None) -> None:
        self.graph, self._tr, self.live_in = graph, tr, live_in
        self.peak, self.peak_bytes, self.peak_line = peak, peak_bytes, peak_line
        self._walk = walk
        self._all: tuple[dict[int, int], dict[int, int], dict[int, int], list[int]] | None = None

    def _figures(self) -> tuple[dict[int, int], dict[int, int], dict[int, int], list[int]]:
        if self._all is None:
            bytes_at: dict[int, int] = {}
            preds_at: dict[int, int] = {}
            addrs_at: dict[int, int] = {}
            block_peak = []
            for b_i in range(len(self.graph.blocks)):
                at, bp = self._walk(b_i)
                for j, xb, xp, xa in reversed(at):
                    bytes_at[j], preds_at[j], addrs_at[j] = xb, xp, xa
                block_peak.append(bp)
            self._all = bytes_at, preds_at, addrs_at, block_peak
        return self._all

    @property
    def bytes_at(self) -> dict[int, int]:
        """Statement index -> bytes of general variables live across it."""
        return self._figures()[0]

    @property
    def preds_at(self) -> dict[int, int]:
        """Statement index -> predicates live across it."""
        return self._figures()[1]

    @property
    def addrs_at(self) -> dict[int, int]:
        """Statement index -> address registers live across it."""
        return self._figures()[2]

    @property
    def block_peak(self) -> list[int]:
        """The largest ``bytes_at`` of each block (0 for a block with no
        instruction)."""
        return self._figures()[3]

    @property
    def sizes(self) -> dict[str, int]:
        """Every root general variable -> its bytes."""
        return self._tr.sizes

    def peak_vars(self, limit: int | None = None) -> list[tuple[str, int]]:
        """The general variables live at the peak with their bytes, largest
        first (the first ``limit`` of them)."""
        if self.peak is None:
            return []
        of, weight, n_gen = self._tr.of, self._tr.weight, self._tr.n_gen
        pairs = ((v, weight[k]) for v in self.live_in[self.peak] if (k := of[v]) < n_gen)
        key = lambda x: (-x[1], x[0])  # noqa: E731
        if limit is not None:
            return heapq.nsmallest(limit, pairs, key=key)
        return sorted(pairs, key=key)


# the symbol an operand of each kind names (all other kinds: see _op_names)
_NAMED_BY = {ast.VarRef: "name", ast.Name: "name", ast.AddrOf: "name", ast.Raw: "name",
             ast.LscData: "name", ast.LscReg: "name", ast.Indirect: "addr"}
_NAMES_NONE = frozenset({ast.Imm, ast.Number, ast.String})


def _op_names(op: Any, out: list[str]) -> None:
    """Append the symbols an operand names to ``out`` (as ``_names``,
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


# the operand kinds a message writes its response to
_MESSAGE_DST = frozenset((ast.Raw, ast.LscData, ast.VarRef))


@functools.cache
def _written_operand(mnemonic: str) -> int | None:
    """The text operand a message (or any instruction whose destination is
    not its first operand) writes, from the instruction description: the
    operand that the form's atoms read for the row's field named ``dst``
    (Intel's description rows name the written field so), the atoms that
    write a row's vector or raw operand field saying so (``operand_field``).
    Negative: counted from the end.  None where no such field is read from
    the text (a store, a field named otherwise, a form whose atoms and row
    do not line up)."""
    from .isa.forms import FORMS
    f = FORMS.get(mnemonic)
    if f is None:
        return None
    found: set[int | None] = set()
    for layout in f.variants():
        d = opcodes.OPCODES[layout.opcode]
        row = d.operands
        if d.subops:
            sub = [x for x in d.subops if x.mnemonic == mnemonic]
            if len(sub) != 1:
                return None
            row = sub[0].operands
        atoms = [a for a in layout.atoms if a.operand_field is not None]
        raw_atoms = [a for a in atoms if a.operand_field == "raw"]
        raw_ods = [od for od in row if od.is_raw]
        data_ods = [od for od in row if od.is_raw or od.is_vector]
        if raw_ods and len(raw_ods) == len(raw_atoms):
            pairs = list(zip(raw_ods, raw_atoms))
        elif len(data_ods) == len(atoms):
            pairs = list(zip(data_ods, atoms))
        elif raw_ods and raw_atoms and raw_ods[0].name == "dst":
            pairs = [(raw_ods[0], raw_atoms[0])]  # the payloads lead with dst (2D block LSC)
        else:
            return None
        hit = [a.operand_slots[0] if a.operand_slots else None for od, a in pairs if od.name == "dst"]
        found.add(hit[0] if len(hit) == 1 else None)
    return found.pop() if len(found) == 1 else None


_ALIAS, _TYPE, _NAME, _NELTS, _VAR = (attrgetter(a) for a in ("alias", "type", "name", "num_elts", "var"))
_IS_NONE = None.__class__.__instancecheck__  # x is None


_NONZERO = re.compile(rb"[^\x00]")
_BYTE_BITS = [tuple(i for i in range(8) if v >> i & 1) for v in range(256)]


class _Tracked:
    """The symbols liveness tracks, numbered for bitsets: the root general
    variables (``n_gen`` of them, ``weight`` their bytes), then the
    predicates (``n_pred``), then the address registers.  ``of`` maps every
    declared name (aliases included) to its root's number, ``alias_root``
    an alias to its root variable, ``sizes`` a root to its bytes and
    ``nelts`` a root to its number of elements."""

    def __init__(self, unit: ast.Unit) -> None:
        VarDecl, PredDecl, AddrDecl = ast.VarDecl, ast.PredDecl, ast.AddrDecl
        decls = unit.decls
        self.classes = classes = Counter(map(type, decls))  # for variables()
        vars_ = list(decls) if classes[VarDecl] == len(decls) else [d for d in decls if type(d) is VarDecl]
        al = list(map(_ALIAS, vars_))
        n_roots = al.count(None)
        if n_roots == len(al):
            roots, aliases = vars_, []
        else:
            roots = list(compress(vars_, map(_IS_NONE, al)))
            aliases = list(compress(vars_, al))  # an Alias is true, None false
        types = list(map(_TYPE, roots))
        tsize = {t: _type_size(t) for t in set(types).union(map(_TYPE, aliases))}
        names = list(map(_NAME, roots))
        ne_list = list(map(_NELTS, roots))
        weight = list(map(mul, ne_list, map(tsize.__getitem__, types)))
        nelts = dict(zip(names, ne_list))
        of = dict(zip(names, range(len(names))))
        alias_root: dict[str, str] = {}
        if aliases:
            anames = list(map(_NAME, aliases))
            avars = list(map(_VAR, filter(None, al)))
            aset = set(anames)
            if len(of) == len(roots) and len(aset) == len(anames) and of.keys().isdisjoint(aset):
                # no name declared twice: an alias of a root variable has it
                # as its root, one of a variable not declared is a root
                # itself, one of an alias follows the chain (as below)
                own = []
                adecl: dict[str, ast.VarDecl] | None = None
                for d, n, r in zip(aliases, anames, avars):
                    if r in of:
                        alias_root[n] = r
                    elif r not in aset:
                        own.append(d)
                    else:
                        if adecl is None:
                            adecl = dict(zip(anames, aliases))
                        r, seen = n, 0
                        while seen <= 64:
                            x = adecl.get(r)  # None: a root (or not declared)
                            if x is None or (x.alias.var not in of and x.alias.var not in aset):
                                break
                            r = x.alias.var
                            seen += 1
                        if r == n or seen > 64:  # (a cycle of aliases: each its own root)
                            own.append(d)
                        else:
                            alias_root[n] = r
                for d in own:
                    nelts[d.name] = d.num_elts
                    of[d.name] = len(names)
                    names.append(d.name)
                    weight.append(d.num_elts * tsize[d.type])
                of.update(zip(alias_root, map(of.__getitem__, alias_root.values())))
            else:
                decl = {d.name: d for d in vars_}
                pending = []
                for d in aliases:  # an alias counts as the variable at the end of its chain
                    r, seen = d.name, 0
                    while seen <= 64:
                        x = decl.get(r)
                        if x is None or x.alias is None or x.alias.var not in decl:
                            break
                        r = x.alias.var
                        seen += 1
                    if r == d.name or seen > 64:  # aliases a variable not declared (or a cycle): a root itself
                        nelts[r] = d.num_elts
                        of[r] = len(names)
                        names.append(r)
                        weight.append(d.num_elts * tsize[d.type])
                    else:
                        alias_root[d.name] = r
                        pending.append(d.name)
                for n in pending:
                    of[n] = of[alias_root[n]]
        preds = [d.name for d in decls if type(d) is PredDecl] if classes[PredDecl] else []
        addr_decls = [d for d in decls if type(d) is AddrDecl] if classes[AddrDecl] else []
        addrs = [d.name for d in addr_decls]
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
        self.alias_root, self.nelts, self.of, self.names, self.weight = alias_root, nelts, of, names, weight
        # the bytes of each number: a root's, 0 for a predicate or address
        self.bytes_of = weight + [0] * (len(names) - len(weight))
        # and its figures packed in one int (bytes, predicates << _P,
        # addresses << _A): a set's three figures are one sum
        self.packed = weight + [1 << _P] * self.n_pred + [1 << _A] * (len(names) - len(weight) - self.n_pred)
        self._decls, self._addr_bytes = decls, sum(2 * d.num_elts for d in addr_decls)

    @functools.cached_property
    def sizes(self) -> dict[str, int]:
        """Every root general variable -> its bytes."""
        return dict(zip(self.names, self.weight))

    @property
    def root(self) -> dict[str, str]:
        """Every general variable -> its root."""
        r = {n: n for n in self.sizes}
        r.update(self.alias_root)
        return r

    def variables(self) -> dict[str, dict[str, int]]:
        """The ``variables`` entry of ``visa-stats --json``: per class (in
        the order the classes first appear), the declarations, their bytes
        and, for general variables, the aliases among them."""
        out: dict[str, dict[str, int]] = {}
        for t, c in self.classes.items():
            v = out[_DECL_CLASS[t]] = {"count": c, "bytes": 0}
            if t is ast.VarDecl:
                v["bytes"] = sum(self.weight)
                if self.alias_root:
                    v["aliases"] = len(self.alias_root)
            elif t is ast.AddrDecl:
                v["bytes"] = self._addr_bytes
        return out

    def count(self, x: int) -> int:
        """The packed figures (see ``_P``) of a bitset."""
        return _count(x, self.weight, self.n_gen, self.n_pred)


def _bits(x: int) -> list[int]:
    """The numbers set in a bitset, in order."""
    if not x:
        return []
    if x.bit_count() <= 4:  # a few bits: cheaper than scanning a wide number
        out = []
        while x:
            i = x.bit_length() - 1
            out.append(i)
            x ^= 1 << i
        return out[::-1]
    data = x.to_bytes((x.bit_length() + 7) >> 3, "little")
    out = []
    for m in _NONZERO.finditer(data):
        base = m.start() << 3
        out.extend([base + i for i in _BYTE_BITS[data[m.start()]]])
    return out


def _count(x: int, weight: list[int], n_gen: int, n_pred: int) -> int:
    """The packed figures (see ``_P``) of a bitset over a numbering whose
    first ``n_gen`` numbers are general variables of bytes ``weight``, the
    next ``n_pred`` predicates and the rest address registers."""
    if not x:
        return 0
    high = x >> n_gen
    gen = x ^ (high << n_gen) if high else x
    nb = sum(map(weight.__getitem__, _bits(gen))) if gen else 0
    return nb + ((high & ((1 << n_pred) - 1)).bit_count() << _P) + ((high >> n_pred).bit_count() << _A)


class _Globals:
    """The tracked symbols some block reads before writing (``gen``): the
    only ones live across a block boundary, so the only ones the data-flow
    passes carry (a symbol every block writes before it reads is live only
    inside blocks, and defined wherever it is live: the write comes first).
    Numbered afresh in tracked order (``numbers[i]``: the tracked number of
    global ``i``; ``index[t]``: the global number of tracked ``t``, -1 for
    none), so general variables, predicates and addresses stay in that
    order and the bitsets are as wide as the globals, not every symbol."""

    __slots__ = ("numbers", "index", "weight", "n_gen", "n_pred")

    def __init__(self, tr: _Tracked, gens: list[set[int]]) -> None:
        numbers = self.numbers = sorted(set().union(*gens))
        index = self.index = [-1] * len(tr.names)
        for i, t in enumerate(numbers):
            index[t] = i
        self.n_gen = bisect.bisect_left(numbers, tr.n_gen)
        self.n_pred = bisect.bisect_left(numbers, tr.n_gen + tr.n_pred) - self.n_gen
        self.weight = list(map(tr.weight.__getitem__, numbers[:self.n_gen]))

    def bits(self, xs: set[int]) -> int:
        """The bitset of a set of tracked numbers (those that are globals)."""
        ids = [i for i in map(self.index.__getitem__, xs) if i >= 0]
        r = 0
        if len(ids) < 8:
            for i in ids:
                r |= 1 << i
            return r
        buf = bytearray((max(ids) >> 3) + 1)
        for i in ids:
            buf[i >> 3] |= 1 << (i & 7)
        return int.from_bytes(buf, "little")

    def count(self, x: int) -> int:
        """The packed figures of a bitset of globals."""
        return _count(x, self.weight, self.n_gen, self.n_pred)


# the packed figures of a set: bytes of general variables in the low bits,
# then the predicates from bit _P, the address registers from bit _A (each
# field stays non-negative and within its bits: no carry crosses them)
_P, _A = 48, 72
_FIELD = (1 << 24) - 1


Row = list[tuple[int, int, list[int], tuple[int, ...]]]


class _Scan:
    """What one pass over (part of) a body finds (:func:`_scan`)."""

    __slots__ = ("starts", "other", "rows", "gen", "kill", "wrote", "local", "sizes")

    def __init__(self) -> None:
        self.starts: list[int] = []  # statement index where each block starts
        self.other = False  # a statement neither label nor instruction seen
        self.rows: list[Row] = []  # per block (want_rows)
        self.gen: list[set[int]] = []  # per block: read before any whole write in it
        self.kill: list[set[int]] = []  # written whole
        self.wrote: list[dict[int, int]] = []  # written, whole or in part -> the first such write
        self.local: list[int] = []  # a bound of the bytes live of the block's own variables
        # per mnemonic: [how it writes (_opinfo), its instructions' execution sizes]
        self.sizes: dict[str, list[Any]] = {}


def _scan(unit: ast.Unit, tr: _Tracked | None, lo: int, hi: int, want_rows: bool) -> _Scan:
    """One pass over statements ``lo:hi`` of a unit's body.

    It splits them into basic blocks (the one place that says where blocks
    start): at each label (an empty block falls through to the next), at the
    first instruction not preceded by a label and at each instruction after
    a control-flow instruction (``FLOW_ROLE``); a block runs to the next
    start, and statements other than labels and instructions belong to
    none.  Without ``tr`` that is all.

    With ``tr``, per block: its instructions as rows (statement index,
    killed number or -1, used numbers, numbers first written in the block
    there; a number may be listed twice; only ``want_rows``) under the model
    of the module docstring; its gen, kill and written sets; and ``local``:
    the largest sum of the bytes of the variables written in the block whose
    span covers an instruction, a span running from the variable's first
    write (whole or in part) in the block to its last use or write there.  A
    variable live and defined across an instruction is live-out and defined
    there, or one of the block's gen defined at its entry, or within its
    span: those three bound the bytes live in the block.  And per mnemonic,
    the execution size of each of its instructions."""
    sc = _Scan()
    body = unit.body
    Label, Subroutine, Instruction, flow = ast.Label, ast.Subroutine, ast.Instruction, keywords.FLOW_ROLE
    start = sc.starts.append
    if tr is None:
        ended = True
        for i in range(lo, hi):
            s = body[i]
            t = type(s)
            if t is Instruction:
                if ended:
                    start(i)
                    ended = False
                if s.op in flow:
                    ended = True
            elif t is Label or t is Subroutine:
                start(i)
                ended = False
            else:
                sc.other = True
        return sc
    of, nelts, bytes_of = tr.of, tr.nelts, tr.bytes_of
    VarRef, Name, Imm = ast.VarRef, ast.Name, ast.Imm
    of_get, nelts_get, per_op = of.get, nelts.get, sc.sizes
    op_get = per_op.get
    gen_b, kill_b, wrote_b, local_b, rows = sc.gen, sc.kill, sc.wrote, sc.local, sc.rows
    zero2 = (0, 0)
    gen: set[int] = set()
    kil: set[int] = set()
    last: dict[int, int] = {}  # a number -> its last use or write in the block
    wrote: dict[int, int] = {}  # a number -> its first write (whole or in part) in the block
    row: Row = []
    append = row.append
    p = 0  # the instruction's position in its block
    ended = True
    first = True
    for j in range(lo, hi + 1):
        if j < hi:
            s = body[j]
            t = type(s)
            if t is Instruction:
                op = s.op
                new_block = ended
                ended = op in flow
            elif t is Label or t is Subroutine:
                new_block = True
                ended = False
            else:
                sc.other = True
                continue
        else:
            new_block = True  # the end: close the last block
        if new_block:
            if not first:
                local = 0
                if wrote:
                    diff = [0] * (p + 1)
                    for v, a in wrote.items():
                        w = bytes_of[v]
                        if w:
                            diff[a] += w
                            diff[last[v] + 1] -= w
                    local = max(accumulate(diff))
                gen_b.append(gen)
                kill_b.append(kil)
                wrote_b.append(wrote)
                local_b.append(local)
                if want_rows:
                    rows.append(row)
                gen, kil, last, wrote, row = set(), set(), {}, {}, []
                append = row.append
                p = 0
            if j == hi:
                break
            first = False
            start(j)
            if t is not Instruction:
                continue
        ops = s.operands
        ex = s.exec
        size = ex.size if ex is not None else 1
        rec = op_get(op)
        if rec is None:
            rec = per_op[op] = [_OPINFO[op] if op in _OPINFO else _opinfo(op), []]
        info = rec[0]
        rec[1].append(size)
        use: list[int] = []
        pred = s.pred
        if pred is not None:
            k = of_get(pred.name)
            if k is not None:
                use.append(k)
        kill = part = -1  # part: a variable written in part (still read)
        rest = ops
        if info is True:
            if ops:
                d = ops[0]
                td = type(d)
                if td is VarRef:
                    # a write of a whole root variable (execution size x
                    # its element size >= its bytes), unpredicated, kills
                    # it; any other writes it in part
                    rest = ops[1:]
                    n = d.name
                    k = of_get(n)
                    if k is not None:
                        ne = nelts_get(n)
                        if pred is None and ne is not None and size >= ne and (
                                d.offsets == zero2 or not any(d.offsets)):
                            kill = k
                        else:
                            part = k
                            use.append(k)
                elif td is Name:
                    rest = ops[1:]
                    k = of_get(d.name)
                    if k is not None:
                        if pred is None:
                            kill = k
                        else:
                            part = k
                            use.append(k)
        elif info is not None and ops:
            # a message's destination: written whole when unpredicated,
            # at offset 0 and naming a root variable; else in part
            wi = info if info >= 0 else len(ops) + info
            if 0 <= wi < len(ops):
                d = ops[wi]
                td = type(d)
                n = getattr(d, "name", None)
                k = of_get(n) if td in _MESSAGE_DST else None
                if k is not None:
                    if pred is None and n in nelts and (
                            not any(d.offsets) if td is VarRef else d.offset == 0):
                        kill = k
                    else:
                        part = k
                        use.append(k)
                    rest = ops[:wi] + ops[wi + 1:]
        for o in rest:
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
        if want_rows:
            new: tuple[int, ...] = ()
            if kill >= 0:
                if kill not in wrote:
                    new = (kill,)
            elif part >= 0 and part not in wrote:
                new = (part,)
            append((j, kill, use, new))
        for v in use:
            last[v] = p
            if v not in kil:
                gen.add(v)
        if kill >= 0:
            last[kill] = p
            kil.add(kill)
            if kill not in wrote:
                wrote[kill] = p
        elif part >= 0 and part not in wrote:
            wrote[part] = p
        p += 1
    return sc


# per mnemonic: True (its first operand is its destination), the index of
# the operand a message writes, or None (it writes none); filled by _opinfo
_OPINFO: dict[str, bool | int | None] = {}


def _opinfo(op: str) -> bool | int | None:
    info = _OPINFO[op] = True if keywords.report_family(op) in _DST_FAMILIES else _written_operand(op)
    return info


class _LiveSets(Mapping):
    """Statement index -> the symbols live across that instruction, each
    made when first asked for by walking its block back from the block's
    live-out bitset (holding every instruction's set of a long kernel at
    once would take memory in its length times its live variables)."""

    def __init__(self, row_of: Callable[[int], Row], g: Graph, tr: _Tracked, gl: _Globals,
                 live_out: list[int], def_in: list[int]) -> None:
        self._row_of, self._g, self._tr, self._gl = row_of, g, tr, gl
        self._live_out, self._def_in = live_out, def_in
        self._sets: dict[int, frozenset[str]] = {}
        self._starts = [b.start for b in g.blocks]

    @functools.cached_property
    def _block(self) -> dict[int, int]:
        """Instruction statement index -> its block."""
        body = self._g.unit.body
        return {j: b_i for b_i, b in enumerate(self._g.blocks) for j in b.stmts
                if type(body[j]) is ast.Instruction}

    def __getitem__(self, j: int) -> frozenset[str]:
        sets = self._sets
        if j in sets:
            return sets[j]
        # the block holding statement j: blocks are runs of statements in order
        b_i = bisect.bisect_right(self._starts, j) - 1
        if b_i < 0:
            raise KeyError(j)
        row = self._row_of(b_i)
        pos = next((p for p, r in enumerate(row) if r[0] == j), None)
        if pos is None:
            raise KeyError(j)  # a statement that is no instruction
        numbers = self._gl.numbers
        live = set(map(numbers.__getitem__, _bits(self._live_out[b_i])))
        for i, k, u, _ in reversed(row[pos:]):
            if k >= 0:
                live.discard(k)
            live.update(u)
        defined = set(map(numbers.__getitem__, _bits(self._def_in[b_i])))
        for _, k, _, new in row[:pos + 1]:
            defined.update(new)
        k = row[pos][1]
        if k >= 0:
            live.add(k)
        names = self._tr.names
        r = sets[j] = frozenset(names[v] for v in live & defined)
        return r

    def __iter__(self) -> Iterator[int]:
        return iter(self._block)

    def __len__(self) -> int:
        return len(self._block)


def _flow_successors(g: Graph) -> list[list[int]]:
    """The successors of each block for liveness.

    * A stack call (``fcall``, ``ifcall``: the callee is another unit) goes
      on to the next block: the graph's fall-through edge.  The callee's
      variables are its own unit's; the call uses its operands.
    * A subroutine call (``call`` to a label of this unit: the callee shares
      the unit's variables) goes to the subroutine, and each ``ret`` the
      subroutine reaches goes back to the block after each call to it (one
      set of return sites per subroutine, merged over its callers: live
      sets are never smaller than along any real call path).  A predicated
      call may not happen: it also goes on to the next block.
    * A ``ret`` of the unit's own body (reached from its entry) ends it."""
    n = len(g.blocks)
    succ: list[list[int]] = [[] for _ in range(n)]
    after: dict[int, int] = {}  # a call's block -> its return site
    calls: list[Edge] = []
    for e in g.edges:
        if e.kind == "call":
            calls.append(e)
        elif e.kind == "fallthrough":
            after[e.src] = e.dst
    local = {e.src for e in calls if e.predicate is None}
    for e in g.edges:
        if e.kind == "fallthrough" and e.src in local:
            continue  # the return comes back through the subroutine's ret
        succ[e.src].append(e.dst)
    if calls:
        body = g.unit.body
        returns = set()
        for b_i, b in enumerate(g.blocks):
            last = body[b.stmts[-1]] if b.stmts else None
            if type(last) is ast.Instruction and keywords.FLOW_ROLE.get(last.op) == "return":
                returns.add(b_i)
        plain = [[e.dst for e in g.edges if e.src == b_i and e.kind != "call"] for b_i in range(n)]
        sites: dict[int, list[int]] = {}
        for e in calls:
            if e.src in after:
                sites.setdefault(e.dst, []).append(after[e.src])
        for entry, back in sites.items():
            seen, stack = set(), [entry]
            while stack:  # the subroutine's own blocks: a call inside it resumes at its return site
                x = stack.pop()
                if x in seen:
                    continue
                seen.add(x)
                if x in returns:
                    for t in back:
                        if t not in succ[x]:
                            succ[x].append(t)
                    continue
                stack.extend(plain[x])
    return succ


def liveness(unit: ast.Unit, graph: Graph | None = None) -> Liveness:
    """Liveness and register pressure of one kernel or function (see the
    module docstring for the model, ``_flow_successors`` for calls).

    Sets are bitsets (Python ints over ``_Tracked``'s numbering): the
    per-block data-flow fixpoint is a few integer operations per block
    however many variables are live.  A block's live-out bytes are then
    found from the next block's live-in (often the same set) and the
    difference, and its live-in bytes and an upper bound on its figures
    from its few gen and kill variables; only the blocks whose bound reaches
    the largest figure found so far are walked instruction by instruction
    to find the peak.  The walk counts as the live set changes (adding or
    taking away only what an instruction makes live or kills); the other
    blocks are walked when their figures are first asked for."""
    tr = _Tracked(unit)
    sc = _scan(unit, tr, 0, len(unit.body), False)
    g = graph if graph is not None else _cfg_unit(unit, None, True, sc)
    if [b.start for b in g.blocks] != sc.starts:
        raise ValueError(f"the graph given is not the control-flow graph of unit '{unit.name}'")
    return _liveness(unit, g, tr, sc)


def _liveness(unit: ast.Unit, g: Graph, tr: _Tracked, sc: _Scan) -> Liveness:
    gen_s, kill_s, wrote_s = sc.gen, sc.kill, sc.wrote
    row_cache: dict[int, Row] = {}
    ends = sc.starts[1:] + [len(unit.body)]

    def row_of(b_i: int) -> Row:
        """A block's instructions' rows (:func:`_scan`), made when first
        asked for: only the blocks walked need them."""
        r = row_cache.get(b_i)
        if r is None:
            r = row_cache[b_i] = _scan(unit, tr, sc.starts[b_i], ends[b_i], True).rows[0]
        return r

    nblk = len(g.blocks)
    gl = _Globals(tr, gen_s)
    gen_b = list(map(gl.bits, gen_s))
    kill_b = list(map(gl.bits, kill_s))
    wrote_b = list(map(gl.bits, wrote_s))
    succ = _flow_successors(g)
    # backward: live
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
    # forward: defined (a write, whole or in part, comes first on some path
    # from the entry); at the entry: what the unit never writes (its inputs,
    # what is set outside it).  A block no path from the entry reaches (dead
    # code) is taken as entered afresh.
    every = 0
    for x in wrote_b:
        every |= x
    entry = ((1 << len(gl.numbers)) - 1) ^ every
    reached = set()
    stack = [0] if nblk else []
    while stack:
        x = stack.pop()
        if x not in reached:
            reached.add(x)
            stack.extend(succ[x])
    preds: list[list[int]] = [[] for _ in range(nblk)]
    for b_i, ss in enumerate(succ):
        if b_i in reached:
            for t in ss:
                preds[t].append(b_i)
    def_in = [0 if b_i in reached else entry for b_i in range(nblk)]
    if nblk:
        def_in[0] = entry
    def_out = [d | w for d, w in zip(def_in, wrote_b)]
    changed = True
    while changed:
        changed = False
        for b_i in range(nblk):
            x = entry if b_i == 0 or b_i not in reached else 0
            for p in preds[b_i]:
                x |= def_out[p]
            if x != def_in[b_i]:
                def_in[b_i] = x
                o = x | wrote_b[b_i]
                if o != def_out[b_i]:
                    def_out[b_i] = o
                    changed = True
    count = gl.count
    bytes_of, packed, index = tr.bytes_of, tr.packed, gl.index
    low = (1 << _P) - 1

    def step(ref: int, ref_w: int, x: int) -> int:
        """The packed figures of bitset x from those of bitset ref."""
        if x == ref:
            return ref_w
        return ref_w + count(x ^ (x & ref)) - count(ref ^ (ref & x))

    # per block: the figures of its live-out set (what is defined there), and
    # an upper bound of its instructions' bytes: those, the gen defined at
    # its entry and not live-out, and the variables' spans in the block
    # (``local``, :func:`_scan`)
    out_w = [0] * nblk
    bound = [0] * nblk
    local = sc.local
    ref_set, ref_w = 0, 0
    for b_i in range(nblk - 1, -1, -1):
        xo = live_out[b_i] & def_out[b_i]
        ow = out_w[b_i] = step(ref_set, ref_w, xo)
        gd = gen_b[b_i] & def_in[b_i]
        bound[b_i] = ((ow + count(gd ^ (gd & xo))) & low) + local[b_i]
        xi = live_top[b_i] & def_in[b_i]
        ref_set, ref_w = xi, step(xo, ow, xi)

    def walk(b_i: int) -> tuple[list[tuple[int, int, int, int]], int]:
        """The (statement, bytes, predicates, addresses) of each instruction
        of a block, last first, and the block's largest bytes: the symbols
        live across it that some write has reached (``out``, ``din``:
        bitsets of globals, ``index``: a tracked number's global number)."""
        out = live_out[b_i]
        din = def_in[b_i]
        tot = out_w[b_i]  # packed figures of what is live and defined here
        state: dict[int, bool] = {}
        outb = out.to_bytes((out.bit_length() >> 3) + 1, "little")
        dinb = din.to_bytes((din.bit_length() >> 3) + 1, "little")
        n_out, n_din = len(outb), len(dinb)
        row = row_of(b_i)
        # where each variable is first written in the block
        first: dict[int, int] = {}
        for p, r in enumerate(row):
            for v in r[3]:
                if not ((i := index[v]) >= 0 and (i >> 3) < n_din and (dinb[i >> 3] >> (i & 7)) & 1):
                    first[v] = p
        at: list[tuple[int, int, int, int]] = []
        bp = 0
        for p in range(len(row) - 1, -1, -1):
            j, k, u, new = row[p]
            if k >= 0:
                live = state.get(k)
                if live is None:
                    live = (i := index[k]) >= 0 and (i >> 3) < n_out and (outb[i >> 3] >> (i & 7)) & 1 == 1
                if live:  # k is defined after this instruction: it writes it
                    tot -= packed[k]
                state[k] = False
            # what is first written here is undefined before it
            for v in new:
                if v != k and first.get(v) == p:
                    live = state.get(v)
                    if live is None:
                        live = (i := index[v]) >= 0 and (i >> 3) < n_out and (outb[i >> 3] >> (i & 7)) & 1 == 1
                    if live:
                        tot -= packed[v]
            for v in u:
                live = state.get(v)
                if live is None:
                    live = (i := index[v]) >= 0 and (i >> 3) < n_out and (outb[i >> 3] >> (i & 7)) & 1 == 1
                if not live:
                    state[v] = True
                    f = first.get(v)
                    if f is None:
                        if not ((i := index[v]) >= 0 and (i >> 3) < n_din and (dinb[i >> 3] >> (i & 7)) & 1):
                            continue  # written later in the block only
                    elif f >= p:
                        continue
                    tot += packed[v]
            # across the instruction: what is live before it and defined,
            # its result, and what it writes first in part
            x = tot
            if k >= 0 and (not state[k] or first.get(k) == p):
                x += packed[k]
            for v in new:
                if v != k and first.get(v) == p:
                    x += packed[v]
            xb = x & low
            at.append((j, xb, (x >> _P) & _FIELD, x >> _A))
            if xb > bp:
                bp = xb
        return at, bp

    # the peak: blocks by their bound, largest first, until no bound reaches it
    peak, peak_bytes = None, -1
    for b_i in sorted(range(nblk), key=bound.__getitem__, reverse=True):
        if bound[b_i] < peak_bytes:
            break
        if not row_of(b_i):
            continue
        for j, xb, _, _ in walk(b_i)[0]:
            if xb > peak_bytes or (xb == peak_bytes and peak is not None and j < peak):
                peak, peak_bytes = j, xb
    live_in = _LiveSets(row_of, g, tr, gl, live_out, def_in)
    line = (unit.body[peak].line or None) if peak is not None else None  # 0: a decoded binary
    return Liveness(g, tr, live_in, walk, peak, max(peak_bytes, 0), line)


# ------------------------------------------------------------- GRF file
_GRF_CHOICES = ((128, 32), (256, 32), (128, 64), (256, 64))


def grf_file(module: ast.Module, file: str | None = None, platform: str | None = None) -> dict[str, Any]:
    """The general register file a module's kernels get: ``{"platform",
    "from", "grfs", "grf_bytes", "bytes"}``.

    The platform is ``platform`` if given (``--platform``), else the text's
    ``//Platform:`` line (vISA 4.2), else what the file's path says: a
    folder or a ``__<P>`` part of the name that is a platform name (our
    corpus: ``corpus/tgllp/...``); ``from`` says which ("option", "text",
    "path"; None when unknown, and then ``grf_bytes`` and ``bytes`` are
    None).  ``grfs`` is 256 where the build options say ``-TotalGRFNum 256``
    (or a kernel attribute ``NumGRF=256``), else 128."""
    p = src = None
    if platform:
        p, src = targets.platform_named(platform), "option"
        if p is None:
            raise ValueError(f"unknown platform '{platform}' (known: {targets.platform_names_text()})")
    elif module.platform:
        p, src = targets.platform_named(module.platform), "text"
    if p is None and file:
        parts = os.path.normpath(file).split(os.sep)
        words = parts[:-1][::-1] + os.path.basename(file).split(".")[0].split("__")[1:]
        for w in words:
            q = targets.platform_named(w) if w else None
            if q is not None:
                p, src = q, "path"
                break
    grfs = 128
    opts = module.build_options or ""
    m = re.search(r"-TotalGRFNum\s+(\d+)", opts)
    if m:
        grfs = int(m.group(1))
    for u in module.units:
        for a in u.attrs:
            if a.name == "NumGRF" and isinstance(a.value, int) and a.value:
                grfs = a.value
    gb = p.grf_bytes if p is not None else None
    return {"platform": p.name if p is not None else None, "from": src, "grfs": grfs,
            "grf_bytes": gb, "bytes": grfs * gb if gb else None}


def _exceeded(peak_bytes: int, grf: dict[str, Any]) -> list[tuple[int, int]]:
    """(GRFs, bytes each) of the register files a pressure peak exceeds: the
    known file, or, where the platform is unknown, each of 128 or 256 GRFs
    of 32 or 64 bytes it exceeds; empty if none."""
    if grf.get("bytes"):
        return [(grf["grfs"], grf["grf_bytes"])] if peak_bytes > grf["bytes"] else []
    return [(n, b) for n, b in _GRF_CHOICES if peak_bytes > n * b]


def grf_overflow(peak_bytes: int, grf: dict[str, Any]) -> list[str]:
    """The register files a pressure peak exceeds (:func:`_exceeded`) as
    ``"128x32"`` (GRFs x bytes)."""
    return [f"{n}x{b}" for n, b in _exceeded(peak_bytes, grf)]


def overflow_message(unit_name: str, kind: str, peak_bytes: int, grf: dict[str, Any]) -> str | None:
    """The warning for a peak beyond the register file (None if within)."""
    over = _exceeded(peak_bytes, grf)
    if not over:
        return None
    what = f"{kind} '{unit_name}': register-pressure peak {peak_bytes} bytes"
    if grf.get("bytes"):
        return (f"{what} exceeds {grf['platform']}'s GRF file ({grf['grfs']} GRFs x "
                f"{grf['grf_bytes']} bytes = {grf['bytes']} bytes): it may spill")
    sizes = ", ".join(f"{n} GRFs x {b} bytes" for n, b in over)
    return f"{what} exceeds a GRF file of {sizes} (platform unknown: give --platform)"


def unit_stats(unit: ast.Unit, text: str | None = None, file: str | None = None,
               grf: dict[str, Any] | None = None) -> dict:
    """The statistics of one kernel or function (the ``units`` entry of
    ``visa-stats --json``; ``grf``: the register file, :func:`visa.dumps.grf_file`,
    for the ``pressure`` entry's ``grf`` and ``overflow``)."""
    tr = _Tracked(unit)
    sc = _scan(unit, tr, 0, len(unit.body), False)
    g = _cfg_unit(unit, None, False, sc)  # the blocks only: their ids and lines are not reported here
    lv = _liveness(unit, g, tr, sc)
    by_cat: Counter[str] = Counter()
    by_mn: dict[str, Counter[str]] = {}
    n = 0
    for op, (_, sizes) in sc.sizes.items():
        c = len(sizes)
        n += c
        by_cat[keywords.report_family(op)] += c
        by_mn[op] = Counter({str(size): k for size, k in Counter(sizes).items()})
    variables = tr.variables()
    return {
        "file": file, "name": unit.name, "kind": unit.kind, "instructions": n,
        "by_category": dict(sorted(by_cat.items())),
        "by_mnemonic": {k: {"count": sum(c.values()), "exec_sizes": dict(sorted(c.items(), key=lambda x: int(x[0])))}
                        for k, c in sorted(by_mn.items())},
        "variables": variables,
        "inputs": len(unit.inputs),
        "labels": sum(b.label is not None for b in g.blocks),  # each label starts a block
        "blocks": len(g.blocks),
        "pressure": {"peak_bytes": lv.peak_bytes, "line": lv.peak_line,
                     "instruction": (countOf(map(type, unit.body[:lv.peak + 1]), ast.Instruction)
                                     if lv.peak is not None else None),
                     "live": [[v, b] for v, b in lv.peak_vars(10)],
                     **({"grf": grf, "overflow": grf_overflow(lv.peak_bytes, grf)} if grf else {})},
    }


_DECL_CLASS = {ast.VarDecl: "general", ast.AddrDecl: "address", ast.PredDecl: "predicate",
               ast.SamplerDecl: "sampler", ast.SurfaceDecl: "surface"}


def stats(module: ast.Module, text: str | None = None, file: str | None = None,
          platform: str | None = None) -> dict:
    """The statistics of every unit of a module (``visa-stats --json``):
    ``file`` names it (and may tell its platform, :func:`visa.dumps.grf_file`),
    ``platform`` overrides that."""
    grf = grf_file(module, file if file is not None else module.file, platform)
    return {"schema": SCHEMA, "units": [unit_stats(u, text, file, grf) for u in module.units]}
