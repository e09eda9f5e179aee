"""Checks of where an operand's bytes lie: regions (values, bounds,
indirect vxh), read-only predefined variables, regions crossing two GRFs,
raw operands' GRF alignment."""
from __future__ import annotations

from .. import ast
from ..isa import datatypes, predefined
from ..isa.field_codes import InstCategory
from .core import OpFacts, UnitContext, instruction_check, type_size
from .declarations import _alias_base
from .fields import EXEC_SIZES


# ----------------------------------------------------------------- regions
# Intel's region values (Common_ISA_Get_Region_Value) and the legal ones
H_STRIDES = (0, 1, 2, 4)
WIDTHS = (1, 2, 4, 8, 16)
V_STRIDES = (0, 1, 2, 4, 8, 16, 32)


@instruction_check(applies=lambda f: f.regions)
def regions(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """On general and indirect operands (not of dataport instructions):
    region-dst-stride: a destination's horizontal stride is 1, 2 or 4 (not 0).
    region-hstride, region-width, region-vstride: a source region's values
    are among Intel's (h 0/1/2/4, width 1/2/4/8/16, v 0/1/2/4/8/16/32).
    region-width-exec: a source's width is at most the execution size.
    region-bounds: a row or column offset puts a region's first element
    outside its variable (an error: Intel only warns, then crashes or hangs
    on some; -Wno-error=region-bounds makes it a warning); a region that
    starts inside but reaches past the end is a warning.
    region-missing: a general operand with (row,col) has its region: a
    source <v;w,h>, a destination <h> (Intel's grammar and the spec have no
    spelling without one; the binary's "no region" code is dpas's)."""
    e = ins.exec
    if e is None or not facts.regions or e.size not in EXEC_SIZES:
        return  # no execution size, not an execution size, or exec-size says so
    gvars, dst, size = ctx.gvars, facts.dst, e.size
    legal = ctx.legal_regions
    for k, o in enumerate(ins.operands):
        t = type(o)
        if t is ast.VarRef:
            region = o.region
            if len(o.offsets) != 2 or o.name not in gvars:
                continue
            if region is None:
                if not facts.vector:  # dpas: its sources are written without one
                    continue
                ctx.report("region-missing", o, f"'{o.name}({o.offsets[0]},{o.offsets[1]})' has no region: "
                                                + ("a destination is written V(r,c)<h>" if k == dst else
                                                   "a source is written V(r,c)<v;w,h>"))
                continue
            var = gvars[o.name]
        elif t is ast.Indirect:
            region, var = o.region, None
        else:
            continue
        # a region's values are judged once per (region, place, execution
        # size); the bounds depend on the operand's variable and offsets
        key = (region, k == dst, size)
        shape = legal.get(key)
        if shape is None:
            shape = _region(o, region, k == dst, size, ctx)
            if shape is None:
                continue
            legal[key] = shape
        if var is not None:
            tsize = type_size(var)
            last = o.offsets[0] * ctx.grf + o.offsets[1] * tsize + _reach(size, *shape, tsize)
            total = var.num_elts * tsize
            if last >= total:
                first = o.offsets[0] * ctx.grf + o.offsets[1] * tsize
                to_addr = dst is not None and dst < len(ins.operands) and \
                    ctx.kinds.get(getattr(ins.operands[dst], "name", None)) == "A"
                # the offset itself is outside the variable (not into an
                # address register: Intel prints &V[-4] moved there as V(255,7))
                if first >= total and not to_addr:
                    ctx.report("region-bounds", o, f"'{o.name}({o.offsets[0]},{o.offsets[1]})' starts at "
                                                   f"byte {first} of '{var.name}', which has {total} bytes")
                else:  # Intel's own programs read a region's unused tail: a warning
                    ctx.report("region-bounds", o, f"'{o.name}' reaches byte {last} of '{var.name}', "
                                                   f"which has {total} bytes", "warning")


def _reach(exec_size: int, width: int, v: int, h: int, tsize: int) -> int:
    """How many bytes past its first element a region's last element starts."""
    return (((exec_size // width) - 1) * v + (width - 1) * h) * tsize


def _region(o, region: tuple, is_dst: bool, exec_size: int, ctx: UnitContext) -> tuple | None:
    """The (width, vertical stride, horizontal stride) a legal region reads
    with, or None (its errors reported, or a two-value indirect region,
    checked whole by _vxh)."""
    report = ctx.report
    name = o.name if type(o) is ast.VarRef else f"r[{o.addr}]"
    if is_dst:
        if len(region) != 1:
            return None
        h = region[0]
        if h not in (1, 2, 4):
            report("region-dst-stride", o, f"destination '{name}' has horizontal stride {h}; "
                                           "allowed: 1, 2, 4")
            return None
        width, v = exec_size, exec_size * h
    elif len(region) == 3:  # a source <v;w,h>
        v, width, h = region
        bad = False
        if h not in H_STRIDES:
            report("region-hstride", o, f"'{name}' has horizontal stride {h}; allowed: 0, 1, 2, 4")
            bad = True
        if width not in WIDTHS:
            report("region-width", o, f"'{name}' has width {width}; allowed: 1, 2, 4, 8, 16")
            return None
        if width > exec_size:
            report("region-width-exec", o, f"'{name}' has width {width}, more than the execution "
                                           f"size {exec_size}")
            return None
        if v not in V_STRIDES:
            report("region-vstride", o, f"'{name}' has vertical stride {v}; allowed: "
                                        "0, 1, 2, 4, 8, 16, 32")
            bad = True
        if bad:
            return None
    else:
        if len(region) == 2:
            _vxh(o, name, region, exec_size, ctx)
        return None
    return (width, v, h)


MAX_VXH_ADDRESSES = 16  # "Number of Address for indirect operand exceeds 16"


def _vxh(o, name: str, region: tuple, exec_size: int, ctx: UnitContext) -> None:
    """region-width, region-hstride, region-width-exec, region-vxh: an
    indirect source <w,h> (no vertical stride: one address per row) has a
    legal width (not 0) and horizontal stride, a width at most the
    execution size, and needs at most 16 addresses (execution size / width)."""
    width, h = region
    report = ctx.report
    if width not in WIDTHS:
        report("region-width", o, f"'{name}' has width {width}; allowed: 1, 2, 4, 8, 16")
        return
    if h not in H_STRIDES:
        report("region-hstride", o, f"'{name}' has horizontal stride {h}; allowed: 0, 1, 2, 4")
    if width > exec_size:
        report("region-width-exec", o, f"'{name}' has width {width}, more than the execution size {exec_size}")
    elif exec_size // width > MAX_VXH_ADDRESSES:
        report("region-vxh", o, f"'{name}' <{width},{h}> reads {exec_size // width} rows, one address each; "
                                f"an indirect region has at most {MAX_VXH_ADDRESSES} addresses (widen it "
                                "or split the instruction)")


# predefined variables an instruction may write (Intel's isReadWritePreDefinedVar);
# %tsc and %sr0 only at some bytes (tm0.4; sr0.2 and sr0.3, or sr0.1 and sr0.2 in 4.2)
_WRITABLE_PREDEFINED = frozenset(("%null", "%arg", "%retval", "%sp", "%fp", "%cr0", "%dbg0",
                                  "%impl_arg_buf_ptr", "%local_id_buf_ptr"))
_WRITABLE_BYTES = {(4, 1): {"%tsc": (16,), "%sr0": (8, 12)}, (4, 2): {"%tsc": (16,), "%sr0": (4, 8)}}
# a predefined variable by its name and by its number (V7 is %r0): (name, element size)
_PREDEFINED_BY_ANY = {
    **{v.name: (v.name, datatypes.TYPE_INFO[v.type].size) for v in predefined.PREDEFINED_VARS},
    **{f"V{v.index}": (v.name, datatypes.TYPE_INFO[v.type].size) for v in predefined.PREDEFINED_VARS}}


@instruction_check(applies=lambda f: f.dst is not None and f.read_only)
def read_only(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """dst-read-only: a move, arithmetic, logic, address or compare
    instruction does not write a read-only predefined variable (all but
    %null, %arg, %retval, %sp, %fp, %cr0, %dbg0, the implicit-argument and
    local-id buffer pointers, tm0.4 and two dwords of %sr0).  min and max
    are not checked: Intel's verifier takes their selector byte for the
    destination."""
    ops = ins.operands
    if not ops:
        return
    o = ops[facts.dst]
    if type(o) is not ast.VarRef or len(o.offsets) != 2:
        return
    pre = _PREDEFINED_BY_ANY.get(o.name)
    if pre is None or o.name in ctx.declared:
        return
    name, size = pre
    if name in _WRITABLE_PREDEFINED:
        return
    v42 = ctx.report.version >= (4, 2)
    at = o.offsets[0] * ctx.grf + o.offsets[1] * size
    ok = _WRITABLE_BYTES[(4, 2) if v42 else (4, 1)].get(name, ())
    if at in ok:
        return
    where = f" (byte {at})" if ok else ""
    allowed = (f"; of {name} only byte{'s' if len(ok) > 1 else ''} {' and '.join(map(str, ok))} "
               "can be written") if ok else ""
    ctx.report("dst-read-only", o, f"'{ins.op}' writes {name}{where}, which is read-only{allowed}")


_SPLIT_CATEGORIES = frozenset((InstCategory.MOV, InstCategory.LOGIC, InstCategory.COMPARE,
                               InstCategory.ARITH))


def _root(name: str, ctx: UnitContext):
    """(the declaration at the end of ``name``'s alias chain, the byte offset
    of ``name`` in it); the declaration is ``name``'s own when it aliases a
    predefined variable or nothing.  None for a predefined or unknown name."""
    r = ctx.roots.get(name)
    if r is None and name not in ctx.roots:
        d = ctx.gvars.get(name)
        if d:
            r = _alias_base(d, ctx.gvars.get)
        ctx.roots[name] = r
    return r


@instruction_check(applies=lambda f: f.regions and f.category not in _SPLIT_CATEGORIES)
def two_grfs(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """region-grfs: outside move, logic, compare and arithmetic instructions
    (those the finalizer splits), a general source region spans less than
    2 GRFs and, from where its variable (through its aliases) puts it,
    touches at most 2 consecutive GRFs (platform-dependent: the GRF size)."""
    e = ins.exec
    if e is None:
        return
    exec_size = e.size
    grf = ctx.grf
    for o in ins.operands:
        if type(o) is not ast.VarRef or o.region is None or len(o.region) != 3 or len(o.offsets) != 2:
            continue
        v, width, h = o.region
        if width not in WIDTHS or width > exec_size or exec_size not in EXEC_SIZES:
            continue  # the region rules say so
        r = _root(o.name, ctx)
        if r is None:
            continue
        d = ctx.gvars[o.name]
        size = type_size(d)
        span = _reach(exec_size, width, v, h, size) + size - 1
        if span >= 2 * grf:
            ctx.report("region-grfs", o, f"'{o.name}' <{v};{width},{h}> spans {span + 1} bytes; '{ins.op}' "
                                         f"reads at most 2 GRFs ({2 * grf} bytes) through one operand")
            continue
        start = r[1] + o.offsets[0] * grf + o.offsets[1] * size
        if (start + span) // grf - start // grf > 1:
            ctx.report("region-grfs", o, f"'{o.name}' <{v};{width},{h}> covers bytes {start}..{start + span} "
                                         f"of '{r[0].name}': more than 2 GRFs ({grf} bytes each) because of "
                                         "where it starts")


@instruction_check(applies=lambda f: f.category not in _NO_RAW_CATEGORIES and f.vector)
def raw_align(ins: ast.Instruction, facts: OpFacts, ctx: UnitContext) -> None:
    """raw-align: a raw operand (and LSC data) whose variable, at the end of
    its alias chain, is at least one GRF starts at a GRF boundary (its
    offset plus the alias offsets is a multiple of the GRF size;
    platform-dependent)."""
    grf = ctx.grf
    for o in ins.operands:
        t = type(o)
        if t is ast.Raw or t is ast.LscData:
            off = o.offset
            if not off and o.name not in ctx.roots:
                d = ctx.gvars.get(o.name)
                if not d or d.alias is None:
                    continue  # offset 0 of a variable aliasing nothing: aligned
            r = _root(o.name, ctx)
            if r is None:
                continue
            d, base = r
            total = base + off
            if total % grf and d.num_elts * type_size(d) >= grf:
                via = f" ({off} in '{o.name}', which starts at byte {base} of '{d.name}')" if base else ""
                ctx.report("raw-align", o, f"raw operand '{o.name}.{off}' starts at byte {total}{via}; "
                                           f"a raw operand of a variable of a GRF or more starts at a "
                                           f"multiple of the GRF size ({grf} bytes)")


_NO_RAW_CATEGORIES = frozenset((InstCategory.MOV, InstCategory.ARITH, InstCategory.LOGIC,
                                InstCategory.COMPARE, InstCategory.ADDRESS))

