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
from typing import Any, Iterator

import attrs

from . import ast
from .isa import datatypes, keywords, opcodes, targets

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
    ids = _ids(unit, lines) if lines is not None else None  # else: positions, counted below
    k = 0
    blocks: list[Block] = []
    cur: Block | None = None
    ended = True
    has_ins = False  # cur holds an instruction
    Label, Subroutine, Instruction, flow = ast.Label, ast.Subroutine, ast.Instruction, keywords.FLOW_ROLE
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
        k += 1
        n = ids[i] if ids is not None else k
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

    __slots__ = ("graph", "sizes", "live_in", "peak", "peak_bytes", "peak_line", "_walk", "_all")

    def __init__(self, graph: Graph, sizes: dict[str, int], live_in: Mapping[int, frozenset[str]],
                 walk: Any, peak: int | None, peak_bytes: int, peak_line: int | None) -> None:
        self.graph, self.sizes, self.live_in = graph, sizes, live_in
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
# atoms (by class name) that read one raw / one vector operand of the text
_RAW_ATOMS = frozenset(("RawOp", "RawAt", "MediaRaw", "Payload", "AddrReg", "TypedCoord"))
_DATA_ATOMS = _RAW_ATOMS | frozenset(("Vec", "SimpleVec", "MediaVec", "VecAO", "AddrSrc"))


@functools.cache
def _written_operand(mnemonic: str) -> int | None:
    """The text operand a message (or any instruction whose destination is
    not its first operand) writes, from the instruction description: the
    operand that the form's atoms read for the row's field named ``dst``
    (Intel's description rows name the written field so).  Negative: counted
    from the end.  None where no such field is read from the text (a store,
    a field named otherwise, a form whose atoms and row do not line up)."""
    from .isa.forms import FORMS
    f = FORMS.get(mnemonic)
    if f is None:
        return None
    found: set[int | None] = set()
    for layout in (f.variants() if hasattr(f, "variants") else (f,)):
        d = opcodes.OPCODES[layout.opcode]
        row = d.operands
        if d.subops:
            sub = [x for x in d.subops if x.mnemonic == mnemonic]
            if len(sub) != 1:
                return None
            row = sub[0].operands
        atoms = [a for a in getattr(layout, "atoms", ()) if type(a).__name__ in _DATA_ATOMS]
        raw_atoms = [a for a in atoms if type(a).__name__ in _RAW_ATOMS]
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
        hit = [a.index for od, a in pairs if od.name == "dst"]
        found.add(hit[0] if len(hit) == 1 else None)
    return found.pop() if len(found) == 1 else None


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
        vars_ = [d for d in decls if type(d) is VarDecl]
        roots = [d for d in vars_ if d.alias is None]
        aliases = [d for d in vars_ if d.alias is not None] if len(roots) < len(vars_) else []
        tsize = {t: _type_size(t) for t in {d.type for d in vars_}}
        names = [d.name for d in roots]
        ne_list = [d.num_elts for d in roots]
        weight = [ne * tsize[d.type] for ne, d in zip(ne_list, roots)]
        sizes = dict(zip(names, weight))
        nelts = dict(zip(names, ne_list))
        of = dict(zip(names, range(len(names))))
        preds = [d.name for d in decls if type(d) is PredDecl]
        addr_decls = [d for d in decls if type(d) is AddrDecl]
        addrs = [d.name for d in addr_decls]
        alias_root: dict[str, str] = {}
        if aliases:
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
                if r == d.name:  # aliases a variable not declared: a root itself
                    sizes[r] = w = d.num_elts * tsize[d.type]
                    nelts[r] = d.num_elts
                    of[r] = len(names)
                    names.append(r)
                    weight.append(w)
                else:
                    alias_root[d.name] = r
                    pending.append(d.name)
            for n in pending:
                of[n] = of[alias_root[n]]
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
        self.alias_root, self.sizes, self.nelts, self.of, self.names, self.weight = \
            alias_root, sizes, nelts, of, names, weight
        # the bytes of each number: a root's, 0 for a predicate or address
        self.bytes_of = weight + [0] * (len(names) - len(weight))
        # and its figures packed in one int (bytes, predicates << _P,
        # addresses << _A): a set's three figures are one sum
        self.packed = weight + [1 << _P] * self.n_pred + [1 << _A] * (len(names) - len(weight) - self.n_pred)
        self._decls, self._addr_bytes = decls, sum(2 * d.num_elts for d in addr_decls)

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
        for t, c in Counter(map(type, self._decls)).items():
            v = out[_DECL_CLASS[t]] = {"count": c, "bytes": 0}
            if t is ast.VarDecl:
                v["bytes"] = sum(self.weight)
                if self.alias_root:
                    v["aliases"] = len(self.alias_root)
            elif t is ast.AddrDecl:
                v["bytes"] = self._addr_bytes
        return out

    def bits(self, x: int) -> list[int]:
        """The numbers set in a bitset."""
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

    def count(self, x: int) -> int:
        """The packed figures (see ``_P``) of a bitset."""
        if not x:
            return 0
        g, p = self.n_gen, self.n_pred
        high = x >> g
        gen = x ^ (high << g) if high else x
        w = self.weight
        nb = sum(w[i] for i in self.bits(gen)) if gen else 0
        return nb + ((high & ((1 << p) - 1)).bit_count() << _P) + ((high >> p).bit_count() << _A)


# the packed figures of a set: bytes of general variables in the low bits,
# then the predicates from bit _P, the address registers from bit _A (each
# field stays non-negative and within its bits: no carry crosses them)
_P, _A = 48, 72
_FIELD = (1 << 24) - 1


def _unit_def_use(unit: ast.Unit, tr: _Tracked, blocks: list[Block]) -> tuple[
        list[list[tuple[int, int, list[int], tuple[int, ...]]]], list[set[int]], list[set[int]],
        list[set[int]], dict[tuple[str, int], int]]:
    """One pass over the instructions of ``blocks``.  Returns, per block,
    its instructions as (statement index, killed number or -1, used
    numbers, numbers first written in the block here) under the model of the
    module docstring (a number may be listed twice); its gen (used before
    any kill in it), kill and written sets; and the count of each
    (mnemonic, execution size)."""
    of, nelts = tr.of, tr.nelts
    # per mnemonic: True (its first operand is its destination), the index
    # of the operand a message writes, or None (it writes none)
    opinfo: dict[str, bool | int | None] = {}
    missing = object()
    body = unit.body
    rows: list[list[tuple[int, int, list[int], tuple[int, ...]]]] = []
    gen_b: list[set[int]] = []
    kill_b: list[set[int]] = []
    wrote_b: list[set[int]] = []
    counts: dict[tuple[str, int], int] = {}
    VarRef, Name, Imm, Instruction = ast.VarRef, ast.Name, ast.Imm, ast.Instruction
    of_get, nelts_get, info_get, counts_get = of.get, nelts.get, opinfo.get, counts.get
    zero2 = (0, 0)
    for b in blocks:
        gen: set[int] = set()
        kil: set[int] = set()
        wrote: set[int] = set()
        row: list[tuple[int, int, list[int], tuple[int, ...]]] = []
        append = row.append
        for j in b.stmts:
            s = body[j]
            if type(s) is not Instruction:
                continue
            ops = s.operands
            op = s.op
            ex = s.exec
            size = ex.size if ex is not None else 1
            key = (op, size)
            counts[key] = counts_get(key, 0) + 1
            info = info_get(op, missing)
            if info is missing:
                info = opinfo[op] = True if keywords.report_family(op) in _DST_FAMILIES else _written_operand(op)
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
            new: tuple[int, ...] = ()
            if kill >= 0:
                if kill not in wrote:
                    wrote.add(kill)
                    new = (kill,)
            elif part >= 0 and part not in wrote:
                wrote.add(part)
                new = (part,)
            append((j, kill, use, new))
            if kil:
                for v in use:
                    if v not in kil:
                        gen.add(v)
            else:
                gen.update(use)
            if kill >= 0:
                kil.add(kill)
        rows.append(row)
        gen_b.append(gen)
        kill_b.append(kil)
        wrote_b.append(wrote)
    return rows, gen_b, kill_b, wrote_b, counts


class _LiveSets(Mapping):
    """Statement index -> the symbols live across that instruction, each
    made when first asked for by walking its block back from the block's
    live-out bitset (holding every instruction's set of a long kernel at
    once would take memory in its length times its live variables)."""

    def __init__(self, rows: list, g: Graph, tr: _Tracked, live_out: list[int], def_in: list[int]) -> None:
        self._rows, self._g, self._tr, self._live_out, self._def_in = rows, g, tr, live_out, def_in
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
        row = self._rows[b_i]
        pos = next((p for p, r in enumerate(row) if r[0] == j), None)
        if pos is None:
            raise KeyError(j)  # a statement that is no instruction
        live = set(self._tr.bits(self._live_out[b_i]))
        for i, k, u, _ in reversed(row[pos:]):
            if k >= 0:
                live.discard(k)
            live.update(u)
        defined = set(self._tr.bits(self._def_in[b_i]))
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
    g = graph if graph is not None else cfg_unit(unit)
    return _liveness(unit, g, _Tracked(unit))[0]


def _liveness(unit: ast.Unit, g: Graph, tr: _Tracked) -> tuple[Liveness, dict[tuple[str, int], int]]:
    rows, gen_s, kill_s, wrote_s, counts = _unit_def_use(unit, tr, g.blocks)
    nblk = len(g.blocks)
    gen_b = [_to_bits(x) for x in gen_s]
    kill_b = [_to_bits(x) for x in kill_s]
    wrote_b = [_to_bits(x) for x in wrote_s]
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
    entry = ((1 << len(tr.names)) - 1) ^ every
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
    count = tr.count
    bytes_of, packed = tr.bytes_of, tr.packed
    low = (1 << _P) - 1

    def step(ref: int, ref_w: int, x: int) -> int:
        """The packed figures of bitset x from those of bitset ref."""
        if x == ref:
            return ref_w
        return ref_w + count(x ^ (x & ref)) - count(ref ^ (ref & x))

    # per block: the figures of its live-out set (what is defined there), and
    # an upper bound of its instructions' bytes (live-out and every variable
    # it touches)
    out_w = [0] * nblk
    bound = [0] * nblk
    ref_set, ref_w = 0, 0
    for b_i in range(nblk - 1, -1, -1):
        xo = live_out[b_i] & def_out[b_i]
        ow = out_w[b_i] = step(ref_set, ref_w, xo)
        bound[b_i] = (ow & low) + sum(map(bytes_of.__getitem__, gen_s[b_i])) \
            + sum(map(bytes_of.__getitem__, kill_s[b_i]))
        xi = live_top[b_i] & def_in[b_i]
        ref_set, ref_w = xi, step(xo, ow, xi)

    def walk(b_i: int) -> tuple[list[tuple[int, int, int, int]], int]:
        """The (statement, bytes, predicates, addresses) of each instruction
        of a block, last first, and the block's largest bytes: the symbols
        live across it that some write has reached."""
        out = live_out[b_i]
        din = def_in[b_i]
        tot = out_w[b_i]  # packed figures of what is live and defined here
        state: dict[int, bool] = {}
        outb = out.to_bytes((out.bit_length() >> 3) + 1, "little")
        dinb = din.to_bytes((din.bit_length() >> 3) + 1, "little")
        n_out, n_din = len(outb), len(dinb)
        row = rows[b_i]
        # where each variable is first written in the block
        first: dict[int, int] = {}
        for p, r in enumerate(row):
            for v in r[3]:
                if not ((v >> 3) < n_din and (dinb[v >> 3] >> (v & 7)) & 1):
                    first[v] = p
        at: list[tuple[int, int, int, int]] = []
        bp = 0
        for p in range(len(row) - 1, -1, -1):
            j, k, u, new = row[p]
            if k >= 0:
                live = state.get(k)
                if live is None:
                    live = (k >> 3) < n_out and (outb[k >> 3] >> (k & 7)) & 1 == 1
                if live:  # k is defined after this instruction: it writes it
                    tot -= packed[k]
                state[k] = False
            # what is first written here is undefined before it
            for v in new:
                if v != k and first.get(v) == p:
                    live = state.get(v)
                    if live is None:
                        live = (v >> 3) < n_out and (outb[v >> 3] >> (v & 7)) & 1 == 1
                    if live:
                        tot -= packed[v]
            for v in u:
                live = state.get(v)
                if live is None:
                    live = (v >> 3) < n_out and (outb[v >> 3] >> (v & 7)) & 1 == 1
                if not live:
                    state[v] = True
                    f = first.get(v)
                    if f is None:
                        if not ((v >> 3) < n_din and (dinb[v >> 3] >> (v & 7)) & 1):
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
        if not rows[b_i]:
            continue
        for j, xb, _, _ in walk(b_i)[0]:
            if xb > peak_bytes or (xb == peak_bytes and peak is not None and j < peak):
                peak, peak_bytes = j, xb
    live_in = _LiveSets(rows, g, tr, live_out, def_in)
    line = (unit.body[peak].line or None) if peak is not None else None  # 0: a decoded binary
    return Liveness(g, tr.sizes, live_in, walk, peak, max(peak_bytes, 0), line), counts


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
    g = cfg_unit(unit)  # the blocks only: the text's $N ids are not reported here
    tr = _Tracked(unit)
    lv, by_op_exec = _liveness(unit, g, tr)
    kinds = Counter(map(type, unit.body))
    by_cat: Counter[str] = Counter()
    by_mn: dict[str, Counter[str]] = {}
    n = 0
    for (op, size), c in by_op_exec.items():
        n += c
        by_cat[keywords.report_family(op)] += c
        by_mn.setdefault(op, Counter())[str(size)] += c
    variables = tr.variables()
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
                     "instruction": (sum(1 for s in unit.body[:lv.peak + 1] if type(s) is ast.Instruction)
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
