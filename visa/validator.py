"""The validator: the checks Intel's verifier (visa/IsaVerification.cpp at
igc-1.0.14828.26) makes on a program, each reported as a Diagnostic with a
stable rule id at the declaration, directive or operand it is about.

Unit checks (``@check``) cover declarations, aliases, kernel attributes and
inputs; instruction checks (``@instruction_check``) run in one pass over the
body (execution size, platform, predicates, operand modifiers, regions,
labels).  ``docs/VALIDATION.md`` lists Intel's checks with the rule id that
implements each, and those still to come (the per-opcode family checks).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import attrs

from . import ast as A
from .errors import Diagnostic, source_line
from .isa import opcodes as O
from .isa.forms import FORMS

# ------------------------------------------------------------------ facts
# Intel's limits (IsaVerification.cpp, PlatformInfo.h)
MAX_SAMPLERS_ELTS = 128        # COMMON_ISA_MAX_SAMPLER_SIZE
MAX_SURFACE_ELTS = 128         # COMMON_ISA_MAX_SURFACE_SIZE
MAX_ADDRESS_ELTS = 16          # "Max possible address registers are 16"
PREDICATE_ELTS = (1, 2, 4, 8, 16, 32)
MAX_VAR_ELTS_PER_GRF_BYTE = 256  # getMaxVariableSize: 256 * GRF size (in elements)
INPUT_AREA_GRFS = 255          # an input ends before 255 GRFs
# element types a general variable cannot have (vectors of immediates, bool)
NOT_VARIABLE_TYPES = frozenset(("v", "vf", "uv", "bool"))
LABEL_FC = int(O.LabelKind.FC)


class _Report:
    """Diagnostics of one program, with the source lines for carets."""

    def __init__(self, text: str | None, filename: str, platform: "O.Platform | None" = None):
        self.text, self.filename = text, filename
        self.platform = platform  # None: no platform-dependent checks
        self.out: list[Diagnostic] = []

    def __call__(self, rule: str, node, message: str, severity: str = "error") -> None:
        line = getattr(node, "line", 0) or 0
        col = getattr(node, "col", 0) or 0
        src = source_line(self.text, line) if self.text is not None else None
        self.out.append(Diagnostic(self.filename, line, col, message, severity, src, rule))


Check = Callable[[A.Unit, _Report, int], None]
_CHECKS: list[tuple[str, Check]] = []


def check(name: str):
    """Register a check of a unit (its rules are listed in its docstring)."""
    def add(fn: Check) -> Check:
        _CHECKS.append((name, fn))
        return fn
    return add


def _type_size(d: A.VarDecl) -> int:
    return O.TYPE_INFO_BY_NAME[d.type].size


# ------------------------------------------------------------ declarations
@check("declarations")
def _declarations(unit: A.Unit, report: _Report, grf: int) -> None:
    """decl-duplicate: a name declared twice in one object.
    decl-type: a general variable of type v, vf, uv or bool.
    decl-num-elts: element counts: general 1..256 GRFs' worth, address
    1..16, predicate 1/2/4/8/16/32, sampler and surface 1..128.
    alias-undeclared, alias-kind, alias-offset: an alias names a declared
    general variable, and its offset (through a chain of aliases) lies
    inside that variable."""
    seen: dict[str, object] = {}
    for d in unit.decls:
        if d.name in seen:
            first = seen[d.name]
            report("decl-duplicate", d, f"'{d.name}' is declared twice (first at line {first.line})")
        else:
            seen[d.name] = d
        t = type(d)
        if t is A.VarDecl:
            if d.type in NOT_VARIABLE_TYPES:
                report("decl-type", d, f"variable '{d.name}' has type {d.type}; a variable cannot have "
                                       f"type {', '.join(sorted(NOT_VARIABLE_TYPES))}")
            limit = MAX_VAR_ELTS_PER_GRF_BYTE * grf
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"variable '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
        elif t is A.AddrDecl:
            if not 1 <= d.num_elts <= MAX_ADDRESS_ELTS:
                report("decl-num-elts", d, f"address '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{MAX_ADDRESS_ELTS}")
        elif t is A.PredDecl:
            if d.num_elts not in PREDICATE_ELTS:
                report("decl-num-elts", d, f"predicate '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: {', '.join(map(str, PREDICATE_ELTS))}")
        else:
            limit = MAX_SAMPLERS_ELTS if t is A.SamplerDecl else MAX_SURFACE_ELTS
            what = "sampler" if t is A.SamplerDecl else "surface"
            if not 1 <= d.num_elts <= limit:
                report("decl-num-elts", d, f"{what} '{d.name}' has num_elts={d.num_elts}; "
                                           f"allowed: 1..{limit}")
    _aliases(unit, report)


def _aliases(unit: A.Unit, report: _Report) -> None:
    by_name = {d.name: d for d in unit.decls}
    order = {id(d): k for k, d in enumerate(unit.decls)}
    for d in unit.vars:
        if d.alias is None:
            continue
        target = by_name.get(d.alias.var)
        if target is None:
            if d.alias.var in O.PREDEFINED_VAR_NAMES:
                continue  # an alias of %r0, %sr0, ...: Intel checks those elsewhere
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not declared")
            continue
        if order[id(target)] > order[id(d)]:
            report("alias-undeclared", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is declared "
                                                f"after it (line {target.line})")
            continue
        if type(target) is not A.VarDecl:
            report("alias-kind", d.alias, f"'{d.name}' aliases '{d.alias.var}', which is not a general variable")
            continue
        offset, base, chain = d.alias.offset, target, {d.name}
        while base.alias is not None and base.name not in chain:
            chain.add(base.name)
            nxt = by_name.get(base.alias.var)
            if type(nxt) is not A.VarDecl:
                break
            offset += base.alias.offset
            base = nxt
        size = base.num_elts * _type_size(base)
        if not 0 <= offset < size:
            report("alias-offset", d.alias, f"'{d.name}' starts at byte {offset} of '{base.name}', "
                                            f"which has {size} bytes")


# ------------------------------------------------------- kernel attributes
_ONCE = ("SLMSize", "NBarrierCnt")


@check("kernel-attributes")
def _kernel_attributes(unit: A.Unit, report: _Report, grf: int) -> None:
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
@check("inputs")
def _inputs(unit: A.Unit, report: _Report, grf: int) -> None:
    """input-undeclared: an input names no declared variable.
    input-kind: an input is a general variable, a sampler or a surface.
    input-size: an input's size is its variable's (elements x type size;
    4 bytes per surface element).
    input-bounds: an input ends inside the first 255 GRFs.
    input-overlap: two inputs share bytes.
    input-grf-straddle: an input smaller than a GRF lies in one GRF.
    input-order: no explicit input after an implicit one."""
    if unit.kind != "kernel":
        return
    by_name = {d.name: d for d in unit.decls}
    spans: list[tuple[int, int, A.Input]] = []
    implicit_seen = False
    for i in unit.inputs:
        d = by_name.get(i.name)
        offset = i.offset or 0
        if d is None:
            report("input-undeclared", i, f"input '{i.name}' is not declared")
            continue
        t = type(d)
        if t not in (A.VarDecl, A.SamplerDecl, A.SurfaceDecl):
            report("input-kind", i, f"input '{i.name}' must be a general variable, a sampler or a surface")
            continue
        natural = (d.num_elts * _type_size(d) if t is A.VarDecl
                   else d.num_elts * 4 if t is A.SurfaceDecl else None)
        size = i.size if i.size is not None else natural
        if size is None:
            continue  # a sampler without size=: the encoder says so
        if natural is not None and size != natural:
            report("input-size", i, f"input '{i.name}' has size={size}; its variable has {natural} bytes")
        end = offset + size
        if end >= grf * INPUT_AREA_GRFS:
            report("input-bounds", i, f"input '{i.name}' ends at byte {end}, past {grf * INPUT_AREA_GRFS} "
                                      f"(255 GRFs)")
        for b, e, other in spans:
            if offset < e and b < end:
                report("input-overlap", i, f"input '{i.name}' [{offset}, {end}) overlaps "
                                           f"'{other.name}' [{b}, {e}) (line {other.line})")
                break
        spans.append((offset, end, i))
        if t is A.VarDecl and size < grf and offset // grf != (end - 1) // grf:
            report("input-grf-straddle", i, f"input '{i.name}' ({size} bytes) crosses a GRF boundary "
                                            f"at byte {(offset // grf + 1) * grf}")
        kind = O.implicit_input_kind(i.kind)
        if kind:
            implicit_seen = True
        elif implicit_seen:
            # Intel's verifier refuses this; its 14828 writer records named
            # implicit kinds as explicit, so such programs passed it: a warning
            report("input-order", i, f"explicit input '{i.name}' follows an implicit input", "warning")


# ------------------------------------------------------- per-mnemonic facts
@attrs.frozen
class _OpFacts:
    """What the checks ask of a mnemonic's form, read once from its atoms
    and its opcode's row."""
    category: "O.InstCategory | None"
    exec_field: bool
    pred_field: bool
    refuses_pred: bool
    min_platform: "O.TargetPlatform"
    label_slots: tuple[tuple[int, int], ...]  # (operand index, label kind)
    dst: int | None  # the destination operand's index (Intel's getDstIndex)
    regions: bool  # Intel verifies this instruction's regions
    shift: bool  # Intel's isShiftOp: a logic op whose sources may take (-)/(abs)
    dpas: bool  # verified by Intel's dpas rules instead


def _layouts(form) -> tuple:
    return tuple(form.variants()) if hasattr(form, "variants") else (form,)


def _has_field(form, marker: str) -> bool:
    """Whether a layout of ``form`` has an atom marked ``marker``."""
    return any(getattr(a, marker, False) for layout in _layouts(form) for a in getattr(layout, "atoms", ()))


# categories whose first text operand is the destination (Intel's
# getDstIndex; compare's is its operand 1 in the binary, after the relation,
# and the first one in the text)
_DST_FIRST = frozenset((O.InstCategory.MOV, O.InstCategory.ARITH, O.InstCategory.LOGIC,
                        O.InstCategory.ADDRESS, O.InstCategory.COMPARE))


@lru_cache(maxsize=None)
def _facts(op: str) -> _OpFacts | None:
    f = FORMS.get(op)
    if f is None:
        return None
    row = O.OPCODES[f.opcode] if f.opcode < len(O.OPCODES) else None
    cat = row.category if row is not None else None
    slots = tuple((i, a.label_kind) for layout in _layouts(f) for a in getattr(layout, "atoms", ())
                  for i in getattr(a, "label_indices", ()))
    return _OpFacts(cat, _has_field(f, "is_exec_size_field"), _has_field(f, "is_predicate_field"),
                    _has_field(f, "refuses_predicate"),
                    row.platform if row is not None else O.TargetPlatform.ALL, slots,
                    0 if cat in _DST_FIRST else None,
                    cat is not None and cat is not O.InstCategory.DATA_PORT
                    and f.opcode not in O.UNCHECKED_REGION_OPCODES,
                    f.opcode in O.SHIFT_OPCODES, f.opcode in O.DPAS_OPCODES)


@attrs.define
class _Unit:
    """One object being checked: its report and what the checks share."""
    unit: A.Unit
    report: _Report
    grf: int
    gvars: dict  # general variable name -> declaration (None: predefined)
    kinds: dict = attrs.Factory(dict)  # every declared or predefined name -> G, A, P, S or T
    label_uses: list = attrs.Factory(list)  # (node, name, kind)


InsCheck = Callable[[A.Instruction, _OpFacts, _Unit], None]
_INS_CHECKS: list[InsCheck] = []


def instruction_check(fn: InsCheck) -> InsCheck:
    """Register a check of one instruction (its rules in its docstring)."""
    _INS_CHECKS.append(fn)
    return fn


@check("instructions")
def _instructions(unit: A.Unit, report: _Report, grf: int) -> None:
    """Every instruction through every instruction check, in one pass; then
    the labels (label-duplicate, label-undefined)."""
    gvars: dict = {n: None for n in O.PREDEFINED_VAR_NAMES}
    gvars.update({d.name: d for d in unit.vars})
    ctx = _Unit(unit, report, grf, gvars, _kinds(unit))
    checks = tuple(_INS_CHECKS)
    for ins in unit.body:
        if type(ins) is A.Instruction:
            facts = _facts(ins.op)
            if facts is not None:
                for c in checks:
                    c(ins, facts, ctx)
    _labels(ctx)


# ------------------------------------------------------------- references
_DECL_KIND = {A.VarDecl: "G", A.AddrDecl: "A", A.PredDecl: "P", A.SamplerDecl: "S",
              A.SurfaceDecl: "T"}
_KIND_WORD = {"G": "a general variable", "A": "an address variable", "P": "a predicate",
              "S": "a sampler", "T": "a surface"}


def _kinds(unit: A.Unit) -> dict:
    """Every name an operand may use in ``unit``: its kind letter."""
    # predefined variables and surfaces, also by their numbers (V7 is %r0)
    kinds = {v.name: "G" for v in O.PREDEFINED_VARS}
    kinds.update({f"V{v.index}": "G" for v in O.PREDEFINED_VARS})
    kinds.update({n: "T" for n in O.PREDEFINED_SURFACE_NAMES})
    kinds.update({f"T{s.index}": "T" for s in O.PREDEFINED_SURFACES})
    kinds[O.BINDLESS_SAMPLER_NAME] = "S"
    kinds.update({d.name: _DECL_KIND[type(d)] for d in unit.decls})
    return kinds


def _operand_names(ins: A.Instruction):
    """(node, name, kinds allowed, what) for each variable an operand names
    with a register syntax (a bare name may be a label, a function, a
    predicate or a state operand: not checked here)."""
    if ins.pred is not None:
        yield ins.pred, ins.pred.name, "P", "the predicate"
    for o in ins.operands:
        t = type(o)
        if t is A.VarRef:
            if len(o.offsets) == 2:
                yield o, o.name, "G", "an operand with (row,col)"
            else:
                yield o, o.name, "AST", "an operand with one offset"
        elif t in (A.Raw, A.LscData):
            yield o, o.name, "G", "a raw operand" if t is A.Raw else "LSC data"
        elif t is A.Indirect:
            yield o, o.addr, "A", "the address of an indirect operand"
        elif t is A.AddrOf:
            yield o, o.name, "GST", "an address-of operand"
        elif t is A.LscAddr:
            for it in ((o.surface, o.base) + tuple(o.extra)):
                if type(it) is A.LscReg:
                    yield it if it.line else o, it.name, "G", "an LSC address register"
        elif t is A.Tuple:
            for it in o.items:
                if type(it) is A.VarRef:
                    yield it, it.name, "G", "an operand with (row,col)"


@instruction_check
def _references(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """name-undeclared: an operand names a variable that is neither declared
    nor predefined.
    operand-class: the variable is of the wrong kind for its place: (row,col)
    operands, raw operands, LSC data and LSC address registers are general
    variables; an indirect operand's address is an address variable; a
    predicate is a predicate variable."""
    kinds = ctx.kinds
    for node, name, allowed, what in _operand_names(ins):
        k = kinds.get(name)
        if k is None:
            ctx.report("name-undeclared", node, f"'{name}' is not declared")
        elif k not in allowed:
            want = " or ".join(_KIND_WORD[a] for a in allowed)
            ctx.report("operand-class", node, f"'{name}' is {_KIND_WORD[k]}; {what} must be {want}")


# ------------------------------------------------------------ logic types
_LOGIC_TYPES = frozenset(("b", "ub", "w", "uw", "d", "ud", "q", "uq", "v", "uv", "bool"))
_NO_QWORD = frozenset((O.Opcode.FBL, O.Opcode.FBH, O.Opcode.CBIT))
_ROTATES = frozenset((O.Opcode.ROL, O.Opcode.ROR))
_PREDEFINED_TYPE = {v.name: O.TYPE_INFO[v.type].name for v in O.PREDEFINED_VARS}


def _operand_type(o, ctx: "_Unit") -> str | None:
    """The element type of a vector operand (None: not known here)."""
    t = type(o)
    if t in (A.Imm, A.Indirect):
        return o.type
    if t is A.VarRef and len(o.offsets) == 2:
        d = ctx.gvars.get(o.name, False)
        if d is None:
            return _PREDEFINED_TYPE.get(o.name)
        return d.type if d else None
    if t is A.Name and ctx.kinds.get(o.name) == "P":
        return "bool"
    return None


@instruction_check
def _logic_types(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """type-logic: every operand of a logic instruction (and, or, xor, not,
    shifts, bit operations, bfn) has an integer type or is a predicate; fbl,
    fbh and cbit take no 64-bit operands; rol and ror no byte operands
    (Intel's verifyInstructionLogic)."""
    if facts.category is not O.InstCategory.LOGIC:
        return
    opcode = O.OPCODES_BY_MNEMONIC[ins.op].number if ins.op in O.OPCODES_BY_MNEMONIC else None
    for k, o in enumerate(ins.operands):
        ty = _operand_type(o, ctx)
        if ty is None:
            continue
        if ty not in _LOGIC_TYPES:
            ctx.report("type-logic", o, f"'{ins.op}' is a logic instruction: operand {k} has type "
                                        f"{ty}; allowed: ud, d, uw, w, ub, b, uq, q (or a predicate)")
        elif opcode in _NO_QWORD and ty in ("q", "uq"):
            ctx.report("type-logic", o, f"'{ins.op}' does not take 64-bit operands (operand {k} is {ty})")
        elif opcode in _ROTATES and ty in ("b", "ub"):
            ctx.report("type-logic", o, f"'{ins.op}' does not take byte operands (operand {k} is {ty})")


# ------------------------------------------------------- arithmetic types
@instruction_check
def _arith_types(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """type-arith: the destination type an arithmetic instruction allows
    (sin/cos/exp/log/pow: f or hf; rounding, dp*, frc, lrp, plane: f; avg and
    mod: integers up to 32 bits; lzd, addc, subb: ud; mulh, dp4a, madw: d or
    ud; sad2: w or uw; add3: d or w kinds; df only on mul, add, mad, div,
    inv, sqrt, sqrtm, divm).
    modifier-sat: no .sat on frc, lzd, mod, mulh, madw; div.sat on f and
    hf only (Intel's verifyInstructionArith; srnd and bf operands are checked
    elsewhere by Intel)."""
    if facts.category is not O.InstCategory.ARITH or not ins.operands:
        return
    row = O.OPCODES_BY_MNEMONIC.get(ins.op)
    if row is None or row.number == O.Opcode.SRND:
        return
    types = [_operand_type(o, ctx) for o in ins.operands]
    if "bf" in types:
        return
    op, dst, ty = row.number, ins.operands[0], types[0]
    if ty is None:
        return
    allowed = O.ARITH_DST_TYPES.get(op)
    if allowed is not None and ty not in allowed:
        ctx.report("type-arith", dst, f"'{ins.op}' destination has type {ty}; allowed: "
                                      f"{', '.join(sorted(allowed))}")
    elif ty == "df" and op not in O.ARITH_DF_OPCODES:
        ctx.report("type-arith", dst, f"'{ins.op}' cannot use df (only mul, add, mad, div, inv, "
                                      "sqrt, sqrtm and divm can)")
    if "sat" in ins.mods or "sat" in ins.post_mods:
        if op in O.NO_SAT_OPCODES:
            ctx.report("modifier-sat", ins, f"'{ins.op}' does not take .sat")
        elif op == O.Opcode.DIV and ty not in ("f", "hf"):
            ctx.report("modifier-sat", ins, f"'div.sat' is for f and hf destinations, not {ty}")


# ------------------------------------------------------------- LSC shapes
_LSC_BY_MNEMONIC = {i.mnemonic: i for i in O.LSC_OP_INFO.values()}
_QUAD_STORE_CHANNELS = ("x", "xy", "xyz", "xyzw")


@instruction_check
def _lsc_shapes(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """lsc-shape: the data shape suits the message (Intel's LSC verifier):
    a transposed shape needs execution size 1 and is not for atomics; a
    vector of more than one element needs d32 or d64 data;
    lsc_store_quad writes x, xy, xyz or xyzw; a 2D block store takes one
    block and no VNNI transform."""
    info = _LSC_BY_MNEMONIC.get(ins.op)
    if info is None:
        return
    for o in ins.operands:
        if type(o) is not A.LscData or o.shape.size is None:
            continue
        sh = o.shape
        if sh.block is not None:
            if info.op is O.LscOp.STORE_BLOCK2D and sh.vnni:
                ctx.report("lsc-shape", o, "a 2D block store cannot use the VNNI transform "
                                           "(the second order letter must be n)")
            if info.op is O.LscOp.STORE_BLOCK2D and sh.block[0] != 1:
                ctx.report("lsc-shape", o, f"a 2D block store writes one block, not {sh.block[0]}")
        elif not sh.transpose and sh.channels is None and sh.vector > 1 \
                and sh.size not in ("d32", "d64"):
            ctx.report("lsc-shape", o, f"a vector of {sh.vector} elements needs d32 or d64 data, "
                                       f"not {sh.size}")
        elif sh.transpose:
            if info.kind is O.LscOpKind.ATOMIC:
                ctx.report("lsc-shape", o, f"'{ins.op}' cannot use a transposed data shape")
            elif ins.exec is not None and ins.exec.size != 1:
                ctx.report("lsc-shape", o, f"a transposed data shape needs execution size 1, "
                                           f"not {ins.exec.size}")
        elif info.op is O.LscOp.STORE_QUAD and sh.channels not in _QUAD_STORE_CHANNELS:
            ctx.report("lsc-shape", o, f"lsc_store_quad writes channels x, xy, xyz or xyzw, "
                                       f"not {sh.channels}")


# ------------------------------------------------------------------ labels
@instruction_check
def _label_uses(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    for index, kind in facts.label_slots:
        if index < len(ins.operands):
            o = ins.operands[index]
            for it in (o.items if type(o) is A.Tuple else (o,)):
                t = type(it)
                name = it.name if t is A.Name else it.value if t is A.String else None
                if name is not None:
                    ctx.label_uses.append((it if getattr(it, "line", 0) else ins, name, kind))


def _labels(ctx: _Unit) -> None:
    """label-duplicate: a label defined twice in one object.
    label-undefined: a jump, call or switch target never defined (fccall
    targets are other objects' names, as Intel's verifier allows)."""
    report = ctx.report
    defined: dict[str, object] = {}
    for s in ctx.unit.body:
        if type(s) in (A.Label, A.Subroutine):
            if s.name in defined and type(defined[s.name]) is type(s):
                report("label-duplicate", s, f"label '{s.name}' is defined twice "
                                             f"(first at line {defined[s.name].line})")
            defined.setdefault(s.name, s)
    for node, name, kind in ctx.label_uses:
        if kind != LABEL_FC and name not in defined:
            report("label-undefined", node, f"label '{name}' is not defined in '{ctx.unit.name}'")


# ---------------------------------------------------------- execution size
EXEC_SIZES = (1, 2, 4, 8, 16, 32)


@instruction_check
def _exec_size(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """exec-size: an execution size is 1, 2, 4, 8, 16 or 32 (where the form
    has an execution-size field; oword_ld (n) and the like count other things).
    exec-mask: the channels of the mask offset (M1 0, M2 4, ... M8 28) plus
    the execution size stay within 32."""
    e = ins.exec
    if e is None or not facts.exec_field:
        return
    size, mask = e.size, e.mask
    if size not in EXEC_SIZES:
        ctx.report("exec-size", e, f"execution size {size}; allowed: 1, 2, 4, 8, 16, 32")
    elif mask is not None and mask[:1] == "M" and mask[1:2].isdigit():
        offset = (int(mask[1]) - 1) * 4
        if offset + size > 32:
            ctx.report("exec-mask", e, f"({mask}, {size}) reaches channel {offset + size - 1}; "
                                       f"{mask} allows at most {32 - offset} channels")


# --------------------------------------------------------------- platforms
@instruction_check
def _platform(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """platform: an instruction the selected platform does not have (the
    opcode's minimum platform in Intel's instruction description; only
    when a platform is given)."""
    plat = ctx.report.platform
    if plat is None or plat.target is None:  # none given, or newer than the 4.1 table
        return
    need = facts.min_platform
    if need is not O.TargetPlatform.ALL and plat.target < need:
        ctx.report("platform", ins, f"'{ins.op}' needs {need.name} or later; the platform is {plat.name}")


# -------------------------------------------------------------- predicates
@instruction_check
def _predicate(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """pred-none: a predicate on an instruction Intel's grammar gives none
    (its form refuses one).
    pred-dropped (warning): a predicate on an instruction whose binary form
    has no predicate field; Intel's assembler drops it without a word."""
    if ins.pred is None or facts.pred_field:
        return
    if facts.refuses_pred:
        ctx.report("pred-none", ins.pred, f"'{ins.op}' cannot be predicated")
    else:
        ctx.report("pred-dropped", ins.pred, f"'{ins.op}' has no predicate field: the predicate "
                                             "is not in the binary", "warning")


# --------------------------------------------------------- vector operands
_ARITH_MODS = frozenset(("-", "abs", "-abs"))


@instruction_check
def _operands(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """modifier-arith: (-), (abs), (-abs) are not used on logic instructions
    (shifts excepted).
    modifier-not: (~) is used on logic instructions only.
    modifier-kind: only general and indirect operands take a modifier.
    imm-bool: no immediate of type bool.
    imm-range: an hf immediate fits in 16 bits.
    dst-immediate: no immediate as a destination."""
    cat = facts.category
    if cat is None or facts.dpas:  # Intel verifies dpas elsewhere
        return
    report = ctx.report
    for k, o in enumerate(ins.operands):
        t = type(o)
        if t is A.Imm:
            if o.type == "bool":
                report("imm-bool", o, "an immediate cannot have type bool")
            elif o.type == "hf" and o.bits > 0xFFFF:
                report("imm-range", o, f"0x{o.bits:x} is too large for hf (16 bits), as Intel's "
                                       "reader says of such a literal")
            if k == facts.dst:
                report("dst-immediate", o, f"the destination of '{ins.op}' cannot be an immediate")
            continue
        mod = getattr(o, "mod", None)
        if mod is None:
            continue
        if t is A.Name:
            report("modifier-kind", o, f"a source modifier on a predicate operand ({mod}){o.name} "
                                       "belongs to the older vISA spec; vISA 4.1 cannot encode it")
        elif t not in (A.VarRef, A.Indirect):
            report("modifier-kind", o, f"modifier ({mod}) on an operand that is not a general "
                                       "or indirect one")
        elif mod in _ARITH_MODS and cat is O.InstCategory.LOGIC and not facts.shift:
            report("modifier-arith", o, f"'{ins.op}' is a logic instruction: its operands take "
                                        f"(~), not ({mod})")
        elif mod == "~" and cat is not O.InstCategory.LOGIC:
            report("modifier-not", o, f"(~) is for logic instructions; '{ins.op}' is not one")


# ----------------------------------------------------------------- regions
# Intel's region values (Common_ISA_Get_Region_Value) and the legal ones
H_STRIDES = (0, 1, 2, 4)
WIDTHS = (1, 2, 4, 8, 16)
V_STRIDES = (0, 1, 2, 4, 8, 16, 32)


@instruction_check
def _regions(ins: A.Instruction, facts: _OpFacts, ctx: _Unit) -> None:
    """On general and indirect operands (not of dataport instructions):
    region-dst-stride: a destination's horizontal stride is 1, 2 or 4 (not 0).
    region-hstride, region-width, region-vstride: a source region's values
    are among Intel's (h 0/1/2/4, width 1/2/4/8/16, v 0/1/2/4/8/16/32).
    region-width-exec: a source's width is at most the execution size.
    region-bounds (warning, as Intel warns): a region reaches past the end
    of its variable."""
    e = ins.exec
    if e is None or not facts.regions or e.size not in EXEC_SIZES:
        return  # no execution size, not an execution size, or exec-size says so
    gvars, dst = ctx.gvars, facts.dst
    for k, o in enumerate(ins.operands):
        t = type(o)
        if t is A.VarRef:
            if o.region is not None and len(o.offsets) == 2 and o.name in gvars:
                _region(o, o.region, k == dst, e.size, ctx, gvars[o.name])
        elif t is A.Indirect:
            _region(o, o.region, k == dst, e.size, ctx, None)


def _region(o, region: tuple, is_dst: bool, exec_size: int, ctx: _Unit, var: A.VarDecl | None) -> None:
    report = ctx.report
    name = o.name if type(o) is A.VarRef else f"r[{o.addr}]"
    if is_dst:
        if len(region) != 1:
            return
        h = region[0]
        if h not in (1, 2, 4):
            report("region-dst-stride", o, f"destination '{name}' has horizontal stride {h}; "
                                           "allowed: 1, 2, 4")
            return
        width, v = exec_size, exec_size * h
    elif len(region) == 3:  # a source <v;w,h>
        v, width, h = region
        bad = False
        if h not in H_STRIDES:
            report("region-hstride", o, f"'{name}' has horizontal stride {h}; allowed: 0, 1, 2, 4")
            bad = True
        if width not in WIDTHS:
            report("region-width", o, f"'{name}' has width {width}; allowed: 1, 2, 4, 8, 16")
            return
        if width > exec_size:
            report("region-width-exec", o, f"'{name}' has width {width}, more than the execution "
                                           f"size {exec_size}")
            return
        if v not in V_STRIDES:
            report("region-vstride", o, f"'{name}' has vertical stride {v}; allowed: "
                                        "0, 1, 2, 4, 8, 16, 32")
            bad = True
        if bad:
            return
    else:
        return  # <v;h> two-value (VxH) regions: not checked yet
    if var is None:
        return
    size = _type_size(var)
    last = (o.offsets[0] * ctx.grf + o.offsets[1] * size
            + (((exec_size // width) - 1) * v + (width - 1) * h) * size)
    total = var.num_elts * size
    if last >= total:
        report("region-bounds", o, f"'{name}' reaches byte {last} of '{var.name}', which has "
                                   f"{total} bytes", "warning")


# ------------------------------------------------------------------- entry
def validate(module: A.Module, *, grf_bytes: int | None = None, platform: "O.Platform | None" = None,
             text: str | None = None, filename: str = "<input>") -> list[Diagnostic]:
    """Every problem the validator finds in ``module``, in text order.
    ``text`` (the program's source) gives the diagnostics their source line;
    ``platform`` (an ``opcodes.Platform``) enables the platform checks and
    sets the GRF size, else ``grf_bytes`` (32 by default) does."""
    if grf_bytes is None:
        grf_bytes = platform.grf_bytes if platform is not None else O.DEFAULT_GRF_BYTES
    report = _Report(text, filename, platform)
    for unit in module.units:
        for _, fn in _CHECKS:
            fn(unit, report, grf_bytes)
    return sorted(report.out, key=lambda d: (d.line, d.col))
