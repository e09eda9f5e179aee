"""Checks of a unit's declarations: names, types, element counts, aliases,
declared before use, kernel attributes, inputs."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .. import ast
from ..isa import datatypes, targets, field_codes, predefined
from .core import (COMPILED_GRFS, INPUT_AREA_GRFS, MAX_ADDRESS_ELTS, MAX_SAMPLERS_ELTS,
                   MAX_SURFACE_ELTS, MAX_VAR_ELTS_PER_GRF_BYTE, NOT_VARIABLE_TYPES, PREDICATE_ELTS,
                   Report, type_size)
from .references import operand_names


def declarations(unit: ast.Unit, report: Report, grf: int) -> None:
    """decl-duplicate: a name declared twice in one object.
    decl-type: a general variable of type v, vf, uv or bool.
    decl-num-elts: element counts: general 1..256 GRFs' worth, address
    1..16, predicate 1/2/4/8/16/32, sampler and surface 1..128.
    alias-undeclared, alias-kind, alias-offset: an alias names a declared
    general variable, and its offset (through a chain of aliases) lies
    inside that variable."""
    seen: dict[str, object] = {}
    reserved = _reserved_names(report.version)
    for d in unit.decls:
        if d.name in reserved:
            report("decl-predefined", d, f"'{d.name}' is {reserved[d.name]}: it cannot be declared "
                                         "again (Intel: variable redeclaration)")
        if d.name in seen:
            first = seen[d.name]
            report("decl-duplicate", d, f"'{d.name}' is declared twice (first at line {first.line})")
        else:
            seen[d.name] = d
        t = type(d)
        if t is ast.VarDecl:
            if d.type in NOT_VARIABLE_TYPES:
                report("decl-type", d, f"variable '{d.name}' has type {d.type}; a variable cannot have "
                                       f"type {', '.join(sorted(NOT_VARIABLE_TYPES))}")
            limit = MAX_VAR_ELTS_PER_GRF_BYTE * grf
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"variable '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
        elif t is ast.AddrDecl:
            if not 1 <= d.num_elts <= MAX_ADDRESS_ELTS:
                report("decl-num-elts", d, f"address '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{MAX_ADDRESS_ELTS}")
        elif t is ast.PredDecl:
            if d.num_elts not in PREDICATE_ELTS:
                report("decl-num-elts", d, f"predicate '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: {', '.join(map(str, PREDICATE_ELTS))}")
        else:
            limit = MAX_SAMPLERS_ELTS if t is ast.SamplerDecl else MAX_SURFACE_ELTS
            what = "sampler" if t is ast.SamplerDecl else "surface"
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"{what} '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
    _aliases(unit, report, grf)


@lru_cache(maxsize=None)
def _reserved_names(version: tuple) -> dict:
    """The names a declaration cannot take in ``version``: the predefined
    variables (by name and by number: V7 is %r0; V0..V20 in 4.1, V21 too in
    4.2), the predefined surfaces by name (T1, T2, TSS: Intel's T0, T3..T5
    are free) and the bindless sampler, each with what it is."""
    out = {}
    for v in predefined.PREDEFINED_VARS:
        if tuple(getattr(v, "since", (4, 1)) or (4, 1)) <= version:
            out[v.name] = out[f"V{v.index}"] = f"the predefined variable {v.name}"
    for n in predefined.PREDEFINED_SURFACE_NAMES:
        out[n] = f"the predefined surface {n}"
    out[predefined.BINDLESS_SAMPLER_NAME] = f"the predefined sampler {predefined.BINDLESS_SAMPLER_NAME}"
    return out


_WORD, _DWORD, _QWORD = int(datatypes.Align.WORD), int(datatypes.Align.DWORD), int(datatypes.Align.QWORD)


def _type_align(d: ast.VarDecl, grf: int) -> int:
    """Intel's getTypeAlignment (an alignment code): a GRF's alignment
    for variables of a GRF or more, else the element's."""
    size = type_size(d)
    if d.num_elts * size >= grf:
        return int(datatypes.Align.WORDx32 if grf == 64 else datatypes.Align.HWORD)
    return _DWORD if size == 4 else _QWORD if size == 8 else _WORD


def _align_code(d: ast.VarDecl) -> int:
    if d.align is None:
        return int(datatypes.Align.BYTE)
    a = datatypes.ALIGN_BY_NAME.get(d.align)
    return int(a) if a is not None else -1


def _alias_base(d: ast.VarDecl, lookup: Callable) -> tuple[ast.VarDecl, int]:
    """The general variable at the end of ``d``'s alias chain (``lookup``:
    name -> declaration), and the byte offset of ``d`` in it; the walk stops
    at a name that is not a general variable, and before a name it has
    passed (a cycle)."""
    off, seen = 0, {d.name}
    while d.alias is not None:
        nxt = lookup(d.alias.var)
        if type(nxt) is not ast.VarDecl or nxt.name in seen:
            break
        off += d.alias.offset
        seen.add(nxt.name)
        d = nxt
    return d, off


def _aliases(unit: ast.Unit, report: Report, grf: int = targets.DEFAULT_GRF_BYTES) -> None:
    by_name = {d.name: d for d in unit.decls}
    order = {id(d): k for k, d in enumerate(unit.decls)}
    for d in unit.vars:
        if d.alias is None:
            continue
        target = by_name.get(d.alias.var)
        if target is None:
            if d.alias.var in predefined.PREDEFINED_VAR_NAMES:
                continue  # an alias of %r0, %sr0, ...: Intel checks those elsewhere
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not declared")
            continue
        if target is d:  # Intel: "unbound alias referent"
            report("alias-undeclared", d.alias, f"'{d.name}' aliases itself: an alias names a "
                                                "variable declared before it")
            continue
        if order[id(target)] > order[id(d)]:
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is declared "
                                                f"after it (line {target.line})")
            continue
        if type(target) is not ast.VarDecl:
            report("alias-kind", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not a general variable")
            continue
        base, offset = _alias_base(d, by_name.get)
        size = base.num_elts * type_size(base)
        if not 0 <= offset < size:
            report("alias-offset", d.alias, f"'{d.name}' starts at byte {offset} of '{base.name}', "
                                            f"which has {size} bytes")
        declared = _align_code(base)
        if declared >= 0 and max(declared, _type_align(base, grf)) < _type_align(d, grf):
            need = datatypes.ALIGN_INFO[datatypes.Align(_type_align(d, grf))].name
            report("alias-align", d, f"'{d.name}' ({d.num_elts * type_size(d)} bytes of {d.type}) "
                                     f"needs {need} alignment, more than its base '{base.name}' has")


# ------------------------------------------------- declared before use
def declared_before_use(unit: ast.Unit, report: Report, grf: int) -> None:
    """name-undeclared: an instruction names a variable declared after it
    (further down the text).
    input-undeclared: an input names a variable declared after it.
    Intel's reader takes a declaration before its uses ("unbound
    identifier"); a name declared later is not declared where it is used."""
    first: dict[str, ast.Decl] = {}  # each name's first declaration (a second is decl-duplicate)
    for d in unit.decls:
        if d.line:
            first.setdefault(d.name, d)
    if not first:
        return
    last = max(d.line for d in first.values())
    for i in unit.inputs:
        d = first.get(i.name)
        if d is not None and 0 < i.line < d.line:
            report("input-undeclared", i, f"input '{i.name}' comes before the declaration of "
                                          f"'{i.name}' (line {d.line}): declare it first")
    for ins in unit.body:
        if type(ins) is not ast.Instruction or not 0 < ins.line < last:
            continue
        uses = [(node, name) for node, name, _, _ in operand_names(ins)]
        uses += [(o, o.name) for o in ins.operands if type(o) is ast.Name]
        for node, name in uses:
            d = first.get(name)
            if d is not None and d.line > ins.line:
                report("name-undeclared", node, f"'{name}' is declared at line {d.line}, after "
                                                "this use: declare a variable before the "
                                                "instructions that name it")


# ------------------------------------------------------- kernel attributes
_ONCE = ("SLMSize", "NBarrierCnt")


def kernel_attributes(unit: ast.Unit, report: Report, grf: int) -> None:
    """attr-repeated: SLMSize and NBarrierCnt are given at most once."""
    seen: dict[str, object] = {}
    for a in unit.attrs:
        if a.name in _ONCE:
            if a.name in seen:
                report("attr-repeated", a, f"kernel attribute {a.name} is given twice (first at line "
                                           f"{seen[a.name].line})")
            else:
                seen[a.name] = a


# ------------------------------------------------------------------ inputs
def inputs(unit: ast.Unit, report: Report, grf: int) -> None:
    """input-undeclared: an input names no declared variable.
    input-kind: an input is a general variable, a sampler or a surface.
    input-size: an input's size is its variable's (elements x type size;
    4 bytes per surface element).
    input-bounds: an input starts at byte 0 or after and ends inside the
    first 255 GRFs; a warning when a
    general variable's input reaches past the 128 GRFs Intel's compiler
    gives a kernel by default (GenX_IR stops there).
    input-overlap: two inputs share bytes.
    input-grf-straddle: an input smaller than a GRF lies in one GRF.
    input-order: no explicit input after an implicit one."""
    if unit.kind != "kernel":
        return
    by_name = {d.name: d for d in unit.decls}
    spans: list[tuple[int, int, ast.Input]] = []
    implicit_seen = False
    for i in unit.inputs:
        d = by_name.get(i.name)
        offset = i.offset or 0
        if d is None:
            report("input-undeclared", i, f"input '{i.name}' is not declared")
            continue
        t = type(d)
        if t not in (ast.VarDecl, ast.SamplerDecl, ast.SurfaceDecl):
            report("input-kind", i, f"input '{i.name}' must be a general variable, a sampler or a surface")
            continue
        natural = (d.num_elts * type_size(d) if t is ast.VarDecl
                   else d.num_elts * 4 if t is ast.SurfaceDecl else None)
        size = i.size if i.size is not None else natural
        if size is None:
            continue  # a sampler without size=: the encoder says so
        if natural is not None and size != natural:
            report("input-size", i, f"input '{i.name}' has size={size}; its variable has {natural} bytes")
            if d.line and d.line != i.line:
                report("input-size", d, f"'{d.name}' is declared here: {natural} bytes", "note")
        end = offset + size
        if offset < 0:  # GenX_IR binds it to a register past the file and crashes
            report("input-bounds", i, f"input '{i.name}' starts at byte {offset}: an input's offset "
                                      "is 0 or more")
        elif end >= grf * INPUT_AREA_GRFS:
            report("input-bounds", i, f"input '{i.name}' ends at byte {end}, past {grf * INPUT_AREA_GRFS} "
                                      f"(255 GRFs)")
        elif t is ast.VarDecl and offset // grf + -(-size // grf) > COMPILED_GRFS:
            report("input-bounds", i, f"input '{i.name}' reaches GRF {offset // grf + -(-size // grf) - 1}: "
                                      f"Intel's compiler binds inputs within the {COMPILED_GRFS} GRFs "
                                      "a kernel has unless compiled for more threads' worth, and "
                                      "stops on it ('INPUT payload exceeds the register number')",
                   "warning")
        for b, e, other in spans:
            if offset < e and b < end:
                report("input-overlap", i, f"input '{i.name}' [{offset}, {end}) overlaps "
                                           f"'{other.name}' [{b}, {e}) (line {other.line})")
                break
        spans.append((offset, end, i))
        if t is ast.VarDecl and size < grf and offset // grf != (end - 1) // grf:
            report("input-grf-straddle", i, f"input '{i.name}' ({size} bytes) crosses a GRF boundary "
                                            f"at byte {(offset // grf + 1) * grf}")
        kind = field_codes.implicit_input_kind(i.kind)
        if kind:
            implicit_seen = True
        elif implicit_seen:
            # Debian's GenX_IR (12504) refuses it ("Explicit input must not
            # follow an implicit input"); 14828's writer recorded named
            # implicit kinds as explicit, so its verifier never saw this
            report("input-order", i, f"explicit input '{i.name}' follows an implicit input; "
                                     "put the explicit inputs first")

