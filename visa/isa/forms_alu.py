"""Instruction forms: the vector ALU families (Intel's categories move,
arithmetic, logic, compare and address): the forms derived from their
opcode rows, and those whose bytes are not what their row suggests
(mov, addr_add, cmp, the logic operations, min / max, bfn).

Facts of GenX_IR's (igc-1.0.14828.26) builder these forms follow,
checked against the golden and corpus references:

* ``mov dst P`` (a predicate source) is written as ``mov (M1_NM, 1)`` with
  no predicate and no ``.sat`` (AppendVISAPredicateMove).
* ``&V[off]`` (mov and addr_add sources) is written as a general operand
  ``V(off / GRF, (off % GRF) / sizeof(type))<0;1,0>``, never with the
  address-of class; ``&S`` / ``&T`` as a state operand
  (CreateVISAAddressOfOperandGeneric).
* ``cmp`` with no relation writes ISA_CMP_UNDEF (6).
* Logic operations keep ``.sat`` on shl/shr/asr only (elsewhere GenX_IR
  rejects it); their predicate-register forms (and/or/xor/not on predicate
  variables) drop the instruction's predicate and ``.sat``.
* min and max share an opcode (fminmax): the operation is a byte after
  the execution size.
"""
from __future__ import annotations

import struct

import attrs
from .._record import record

from .. import ast
from . import datatypes, targets, field_codes, opcodes
from . import rules_alu as rules
from .atoms import (_SAT, EXEC_SIZE_CODE, GENERAL, SAMPLER_CLASS, STATE, SURFACE_CLASS, Atom,
                    DecodeError, Exec, HexMod, Lit, ModCheck, PredField, Vec, grf_bytes, operand,
                    region_code, var_type_size)
from .atoms import fail as _fail
from .records import (ALL_TYPES, OPEN, Checks, Form, Signature, Slot, Text, but, classes,
                      row_atoms, row_form, type_names)
from .operands import decode_vector, encode_vector

_UB = struct.Struct("<B")


# ----------------------------------------------------- vector operand atoms
def encode_vector_ao(o, cx, out, sat=False) -> None:
    """A vector operand where ``&V[off]`` is written as GenX_IR's text
    builder writes it: a general operand V(off / GRF, (off % GRF) /
    elem)<0;1,0>, or a state operand for &S / &T."""
    if type(o) is not ast.AddrOf:
        encode_vector(o, cx, out, sat)
        return
    kind, ident = cx.var_kind(o.name, o)
    off = o.offset or 0
    if kind == "G":
        grf = grf_bytes(cx)
        tsize = var_type_size(cx, o.name) if off else 1
        if off % tsize:
            _fail(f"&{o.name}[{off}]: the offset must be a multiple of the "
                  f"element size ({tsize})", o)
        if not -0x8000 <= off <= 0x7FFF:
            _fail(f"&{o.name}[{off}]: the offset must fit in 16 bits", o)
        # Intel's builder takes the offset as unsigned 32-bit: a negative one
        # wraps (&V[-4] with 32-byte GRFs is V(255,7), 255*32+28 = 8192-4)
        off &= 0xFFFFFFFF
        out.append(struct.pack("<BIBBH", GENERAL, ident, (off // grf) & 0xFF,
                               ((off % grf) // tsize) & 0xFF, region_code((0, 1, 0), o)))
        return
    if kind in ("S", "T"):
        out.append(struct.pack("<BBHB", STATE, SAMPLER_CLASS if kind == "S" else SURFACE_CLASS,
                               ident, off & 0xFF))
        return
    _fail(f"'&{o.name}': only general, sampler and surface variables have an address", o)


@record
class VecAO(Vec):
    """A vector operand that may be ``&V`` (mov, addr_add): a :class:`Vec`
    (its fields, slots and modifiers; decoding gives the general operand the
    binary holds, ``V(r,c)<0;1,0>``) whose encoding also takes ``&V``."""

    def encode(self, ins, cx, out):
        encode_vector_ao(operand(ins, self.index), cx, out, self.sat and "sat" in ins.mods)


@record
class AddrSrc(VecAO):
    """addr_add's src0: decoded the way Intel's printer shows it, a general
    operand as ``&V[row * GRF + col * elem]`` and a state operand as
    ``&S[off]`` (the text's general-operand spelling encodes the same)."""

    def decode(self, rd, cx, b):
        o, _ = decode_vector(rd, cx)
        if type(o) is ast.VarRef and o.mod is None:
            kind = cx.kind_of(o.name)
            if kind == "G" and len(o.offsets) == 2 and o.region == (0, 1, 0):
                r, c = o.offsets
                off = r * cx.grf_bytes + c * cx.type_size(o.name)
                o = ast.AddrOf(o.name, off or None)
            elif kind in ("S", "T") and len(o.offsets) == 1:
                o = ast.AddrOf(o.name, o.offsets[0] or None)
        b.operands[self.index] = o


# ------------------------------------------------------------------- mov
def _is_pred_var(o, cx) -> bool:
    if type(o) is not ast.Name:
        return False
    r = cx.vars.get(o.name)
    return r is not None and r[0] == "P"


def _pred_source(ins, cx) -> bool:
    """``mov dst P``: the source is a bare predicate variable."""
    return len(ins.operands) >= 2 and _is_pred_var(ins.operands[1], cx)


@record
class MovExec(Atom):
    """mov's execution byte; (M1_NM, 1) when the source is a predicate."""
    exec_field = True

    def encode(self, ins, cx, out):
        if _pred_source(ins, cx):
            out.append(_UB.pack(EXEC_SIZE_CODE[1] | (int(field_codes.ExecMask.M1_NM) << 4)))
        else:
            Exec().encode(ins, cx, out)

    def decode(self, rd, cx, b):
        Exec().decode(rd, cx, b)


@record
class PredUnless(Atom):
    """The predicate field, written empty where ``drop(ins, cx)`` holds
    (GenX_IR writes no predicate for a mov of a predicate, nor for a logic op
    on predicate registers)."""
    drop: object  # (ins, cx) -> bool
    pred_field = True

    def encode(self, ins, cx, out):
        if self.drop(ins, cx):
            out.append(b"\0\0")
        else:
            PredField().encode(ins, cx, out)

    def decode(self, rd, cx, b):
        PredField().decode(rd, cx, b)


@record
class MovDst(Atom):
    """mov's destination: takes ``.sat``, except with a predicate source."""
    index: int = 0

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)
    mod_free = _SAT

    def encode(self, ins, cx, out):
        sat = "sat" in ins.mods and not _pred_source(ins, cx)
        encode_vector_ao(operand(ins, self.index), cx, out, sat)

    def decode(self, rd, cx, b):
        Vec(self.index, True).decode(rd, cx, b)


# ------------------------------------------------------------------- cmp
_CMP_UNDEF = 6  # ISA_CMP_UNDEF: cmp written with no relation
_CMP_CODE = {n: int(c) for c, n in field_codes.COND_MOD_NAMES.items()}
_CMP_NAME = {v: k for k, v in _CMP_CODE.items()}


@record
class CmpRelation(Atom):
    """cmp's relation byte: .eq .ne .gt .ge .lt .le, or 6 for none."""
    mod_own = True  # the relation (cmp's own rule judges it)

    def encode(self, ins, cx, out):
        if not ins.mods:
            out.append(_UB.pack(_CMP_UNDEF))
            return
        v = _CMP_CODE.get(ins.mods[0])
        if v is None or len(ins.mods) > 1:
            _fail(f"unknown relation '.{'.'.join(ins.mods)}' for cmp (expected "
                  f"{', '.join('.' + n for n in _CMP_CODE)})", ins)
        out.append(_UB.pack(v))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        if v == _CMP_UNDEF:
            return
        if v not in _CMP_NAME:
            raise DecodeError(f"invalid cmp relation {v}", at)
        b.mods[0] = _CMP_NAME[v]


# ------------------------------------------------------------ logic ops
_SAT_LOGIC = frozenset(("shl", "shr", "asr"))
_PRED_LOGIC = frozenset(("and", "or", "xor", "not"))
_LOGIC = ("not", "cbit", "fbh", "fbl", "bfrev", "bfe", "bfi", "and", "or", "xor", "shl", "shr",
          "asr", "rol", "ror")


def _predicate_logic(ins, cx) -> bool:
    return (ins.op in _PRED_LOGIC and bool(ins.operands)
            and all(_is_pred_var(o, cx) for o in ins.operands))


@record
class LogicDst(Atom):
    """A logic op's destination: ``.sat`` only on shl/shr/asr; dropped in
    the predicate-register form."""
    index: int = 0

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)
    mod_free = _SAT

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if _predicate_logic(ins, cx):
            encode_vector(o, cx, out)
            return
        sat = "sat" in ins.mods
        if sat and ins.op not in _SAT_LOGIC:
            _fail(f"'{ins.op}.sat': saturation is only supported on shl, shr and asr", ins)
        encode_vector(o, cx, out, sat)

    def decode(self, rd, cx, b):
        Vec(self.index, True).decode(rd, cx, b)



# ------------------------------------------------------------------ forms
def _older_movs(ins, declared):
    """``movs T1 T2`` (older spec): state operands without offsets."""
    ops = tuple(ast.VarRef(o.name, (0,), None, None, line=o.line, col=o.col)
                if type(o) is ast.Name and o.mod is None else o for o in ins.operands)
    return attrs.evolve(ins, operands=ops) if ops != ins.operands else None


# the forms made from their rows as they are, and the modifiers the text
# grammar gives those that take more or less than a destination's .sat
_ROW_FORMS = (
    "add", "avg", "div", "dp2", "dp3", "dp4", "dph", "exp", "frc", "line", "log", "mad", "mulh",
    "lrp", "mod", "mul", "pow", "rndd", "rndu", "rnde", "rndz", "sad2", "sin", "cos", "sqrt",
    "rsqrt", "inv", "lzd", "addc", "subb", "sel", "setp", "sad2add", "dp4a", "add3", "madw",
    "divm", "sqrtm", "srnd", "fcvt", "plane")
_MOD_CHECKS = {
    "addc": ModCheck((), why="addc / subb take no .sat"),
    "subb": ModCheck((), why="addc / subb take no .sat"),
    "add3": ModCheck(("sat",), why="add3.o: GenX_IR aborts on it (the text rule has no "
                                   "carry-predicate destination)"),
    **{m: ModCheck(("sat",)) for m in ("srnd", "fcvt", "dp4a", "madw")},
}
_TEXT = {"dph": Text(older_names=("dhp",))}  # the older spec's misspelling

# where Intel's grammar and verifier treat these apart from their category
_SAT = frozenset(("mov", "sel", "min", "max", "fcvt", "bfn"))  # SatModOpt besides arith, logic
_SHIFTS = frozenset(("shl", "shr", "asr", "rol", "ror"))  # isShiftOp
_UNPREDICATED = frozenset(("addr_add", "cmp", "fcvt", "movs", "setp"))  # no Predicate in CISA.y
_BEFORE_XE = targets.Availability(until="TGLLP", why="only before Xe")  # sad2, sad2add


# ------------------------------------------------------------- signatures
# The operand classes and types Intel's verifier takes (verifyInstructionArith,
# Logic, Compare, Address, Move at igc-1.0.14828.26): its rules where they
# differ from the instruction rows, else the rows'.
_INTS = type_names(datatypes.TYPES_INT)
_ANY_NUMBER = frozenset(("f", "df", "hf")) | _INTS  # the verifier's default destination
# destination types of the arithmetic instructions whose rule is not their row's
# (those not listed take _ANY_NUMBER); df only where _ARITH_DF allows it
_ARITH_DST = {
    **{m: frozenset(("f", "hf")) for m in ("cos", "exp", "log", "pow", "sin")},
    **{m: frozenset(("f",)) for m in ("rndd", "rndu", "rnde", "rndz", "plane", "dp2", "dp3", "dp4",
                                      "dph", "frc", "lrp")},
    "line": frozenset(("f",)) | _INTS,
    **{m: frozenset(("ud", "d", "uw", "w", "ub", "b")) for m in ("avg", "mod")},
    "lzd": frozenset(("ud",)),
    **{m: frozenset(("d", "ud")) for m in ("mulh", "dp4a", "madw")},
    **{m: frozenset(("w", "uw")) for m in ("sad2", "sad2add")},
    **{m: frozenset(("ud",)) for m in ("addc", "subb")},
    "add3": frozenset(("ud", "d", "uw", "w")),
    **{m: _ANY_NUMBER for m in ("add", "div", "mad", "mul", "sqrt", "rsqrt", "inv", "sqrtm", "divm")},
}
_ARITH_DF = frozenset(("mul", "add", "mad", "div", "inv", "sqrtm", "sqrt", "divm"))
# source types (besides the float/integer agreement with the destination
# every source obeys, and df only where _ARITH_DF allows it)
_ARITH_SRC = {
    **{m: frozenset(("f", "df", "vf")) for m in ("divm", "sqrtm")},
    **{m: frozenset(("ud", "uv")) for m in ("addc", "subb")},
    "dp4a": frozenset(("d", "ud")),
    "add3": frozenset(("d", "ud", "w", "uw")),
}
_NO_QWORD_SRC = frozenset(("mul", "div"))  # mul and div take no 64-bit integer source
# every operand of a logic instruction: an integer type or a predicate (bool)
_LOGIC_TYPES = _INTS | frozenset(("v", "uv", "bool"))
_LOGIC_NO_QWORD = frozenset(("fbl", "fbh", "cbit"))
_LOGIC_NO_BYTE = frozenset(("rol", "ror"))
_GI, _GIIMM = classes("G", "I"), classes("G", "I", "IMM")


def _row_types(od) -> frozenset | None:
    return type_names(od.types) if od.types else None


def _arith_signature(m: str, row) -> Signature:
    """dst: general or indirect, of the types the verifier's rule gives; each
    source general, indirect or an immediate, df only on the df opcodes, no
    64-bit integer on mul and div (bf operands are the BF mixed-mode rule's);
    line's coefficients (source 0) a general operand."""
    vec = [od for od in row.operands if od.is_vector]
    known = m in _ARITH_DST
    slots = []
    for k, od in enumerate(vec):
        if od.is_dst:
            # the verifier types the destination; a second one (addc's carry,
            # subb's borrow) is not checked (GenX_IR takes a d or f carry)
            types = (_ARITH_DST[m] if known else _row_types(od)) if k == 0 else None
            if types is not None and known and m not in _ARITH_DF:
                types = types - {"df"}
            slots.append(Slot("dst", _GI, types, "destination"))
            continue
        if known:
            types = _ARITH_SRC.get(m, ALL_TYPES)
            if m not in _ARITH_DF:
                types = types - {"df"}
            if m in _NO_QWORD_SRC:
                types = types - {"q", "uq"}
        else:
            types = _row_types(od)
        i = k - row.n_dsts
        slots.append(Slot("src", classes("G") if m == "line" and i == 0 else _GIIMM, types,
                          f"source {i}"))
    return Signature(tuple(slots), "type-arith", bf_rule=True)


def _logic_signature(m: str, row) -> Signature:
    """Every operand an integer or a predicate (fbl, fbh, cbit: no 64-bit
    one; rol, ror: no byte one), and no address operand."""
    types = _LOGIC_TYPES
    if m in _LOGIC_NO_QWORD:
        types = types - {"q", "uq"}
    if m in _LOGIC_NO_BYTE:
        types = types - {"b", "ub"}
    vec = [od for od in row.operands if od.is_vector]
    return Signature(tuple(Slot("dst" if od.is_dst else "src", but("A"), types, f"operand {k}")
                           for k, od in enumerate(vec)), "type-logic")


# move, compare and address instructions: the classes of their operands
_OTHER_SIGNATURES = {
    "cmp": Signature((Slot("dst", classes("P", "G"), None, "destination"),
                      Slot("src", but("A", "P"), None, "source"),
                      Slot("src", but("A", "P"), None, "source"))),
    "addr_add": Signature((Slot("dst", classes("A"), None, "destination"),
                           Slot("src", but("P"), None, "source"),
                           Slot("src", but("P"), frozenset(("b", "ub", "w", "uw")), "offset")),
                          "type-address"),
    "mov": Signature((Slot("dst", classes("G", "I", "A"), None, "destination"), Slot())),
    "movs": Signature((Slot("dst", classes("G", "S"), None, "destination"),
                       Slot("src", classes("G", "S", "I", "IMM"), None, "source"))),
    "setp": Signature((Slot("dst", classes("P"), None, "destination"),
                       Slot("src", _GIIMM, None, "source"))),
    **{m: Signature((Slot("dst", _GI, None, "destination"), Slot("src", _GIIMM, None, "source"),
                     Slot("src", _GIIMM, None, "source"))) for m in ("sel", "min", "max")},
    "fcvt": Signature((Slot("dst", classes("G"), None, "destination"),
                       Slot("src", classes("G"), None, "source"))),
    "srnd": Signature((Slot("dst", classes("G"), None, "destination"),
                       Slot("src", classes("G", "IMM"), None, "source"),
                       Slot("src", classes("G", "IMM"), None, "source"))),
}


def _signature(m: str, row) -> Signature:
    if m in _OTHER_SIGNATURES:
        return _OTHER_SIGNATURES[m]
    if row.category is field_codes.InstCategory.ARITH:
        return _arith_signature(m, row)
    if row.category is field_codes.InstCategory.LOGIC:
        return _logic_signature(m, row)
    return OPEN


def _checks(m: str, row) -> Checks:
    C = field_codes.InstCategory
    return Checks(regions=m != "plane",  # "Region parameters for plane are ignored"
                  read_only=m not in ("min", "max"),  # the verifier takes fminmax's selector for dst
                  shift=m in _SHIFTS, predicate=m not in _UNPREDICATED,
                  sat=row.category in (C.ARITH, C.LOGIC) or m in _SAT,
                  own_modifiers=m == "cmp")  # the relation: cmp's rule


def _rules(m: str, row) -> tuple:
    """The family rules of a form (rules_alu.py), by its category."""
    C = field_codes.InstCategory
    own = {"srnd": (rules.srnd,), "fcvt": (rules.fcvt,), "cmp": (rules.compare,), "addr_add": (rules.address,),
           "pow": (rules.arith, rules.pow_sources), "bfn": (rules.logic, rules.bfn_table)}
    if m in own:
        return own[m]
    return {C.ARITH: (rules.arith,), C.LOGIC: (rules.logic,), C.MOV: (rules.move,)}.get(row.category, ())


def _form(row, mnemonic: str | None = None, **kw) -> Form:
    m = mnemonic or row.mnemonic
    if m in ("sad2", "sad2add"):
        kw["platforms"] = _BEFORE_XE
    return row_form(row, m, checks=_checks(m, row), signature=_signature(m, row),
                    verify=_rules(m, row), **kw)


def _checked(atoms: tuple, check) -> tuple:
    return atoms if check is None else (check,) + atoms


def _logic_form(op: str) -> Form:
    atoms = []
    for a in row_atoms(opcodes.OPCODES_BY_MNEMONIC[op]):
        if type(a) is PredField:
            a = PredUnless(_predicate_logic)
        elif type(a) is Vec and a.sat:
            a = LogicDst(a.index)
        atoms.append(a)
    return _form(opcodes.OPCODES_BY_MNEMONIC[op], atoms=atoms)


def _records() -> tuple:
    rows = opcodes.OPCODES_BY_MNEMONIC
    out = [_form(rows[m], atoms=_checked(row_atoms(rows[m]), _MOD_CHECKS.get(m)),
                 text=_TEXT.get(m, Text()))
           for m in _ROW_FORMS if m in rows]
    out.append(_form(rows["movs"], text=Text(older=_older_movs),
                     fields=dict(dst=Vec(0), src0=Vec(1))))  # state operands, as vector operands
    out.append(_form(rows["fminmax"], "min", fields=dict(op=Lit(1, 0))))  # min and max share an
    out.append(_form(rows["fminmax"], "max", fields=dict(op=Lit(1, 1))))  # opcode: a byte after exec
    bfn_ctrl = HexMod(1, 0)
    out.append(_form(rows["bfn"], text=Text(canonical=bfn_ctrl.canonical, glued_mods=True),
                     atoms=(ModCheck(("sat",), skip=1),) + row_atoms(rows["bfn"],
                                                                    {"function_ctrl": bfn_ctrl})))
    out.append(_form(rows["mov"], atoms=(MovExec(), PredUnless(_pred_source), MovDst(0), VecAO(1))))
    out.append(_form(rows["addr_add"], atoms=(Exec(), Vec(0), AddrSrc(1), VecAO(2))))
    out.append(_form(rows["cmp"], atoms=(Exec(), CmpRelation(), Vec(0), Vec(1), Vec(2))))
    out += [_logic_form(op) for op in _LOGIC]
    return tuple(out)


RECORDS: tuple = _records()
