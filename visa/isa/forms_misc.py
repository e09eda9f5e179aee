"""Instruction forms: the misc family (registered into visa.isa.forms.FORMS).

Control flow (jmp, goto, call, fccall, switchjmp, fcall, ifcall, faddr),
raw sends, dpas/dpasw, synchronisation (fence_*, sbarrier, nbarrier, wait,
yield, barrier), lifetime, breakpoint, debug info (FILE/LOC), and the core
forms whose bytes are not what their opcode row suggests (mov, addr_add,
cmp, the logic operations).

Every layout here was checked against the GenX_IR (igc-1.0.14828.26)
references in ../shared/golden and ../shared/corpus; the facts come from
that release's text builder (BuildCISAIRImpl.cpp) and VISAKernelImpl.cpp
(which operands each Append* call attaches, in which order):

* The string pool is not deduplicated by GenX_IR (addStringPool always
  appends): ``fcall``, ``faddr`` and ``FILE`` each add a fresh entry for
  their name (control_flow__SKL has ``gfunc`` twice).
* Labels enter the label table (and the string pool) at their first
  mention, definition or use.  ``call`` creates a subroutine label (kind 1),
  ``fccall`` an FC label (kind 2), jmp / goto / switchjmp a block label
  (kind 0); a later ``.function`` of the name reuses the label and its kind.
* ``jmp`` and ``switchjmp`` always write the execution byte 0x00
  (EXEC_SIZE_1, M1), whatever the text says.
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
* dpas / dpasw raise the declared alignment of their operands' variables
  (the variable table changes): dst and a non-null src0 to elem size x exec
  size bytes, src1 to one GRF (setAlignIfLarger).  dpas_info is 4 bytes:
  first precision of the text, second precision, depth, repeat count.
* nbarrier.wait writes its barrier id twice (the thread-count slot is
  padded with it).
* lifetime: properties = end bit | operand class << 4 (0 general,
  1 address, 2 predicate), then the variable id as UD.
"""
from __future__ import annotations

import re
import struct

import attrs
from .._frozen import frozen

from .. import ast as A
from . import opcodes as O
from .atoms import (EXEC_SIZE_CODE, GENERAL, SAMPLER_CLASS, STATE, SURFACE_CLASS, DecodeError,
                    Exec, Lit, Mismatch, NumOp, Pred, RawOp, Vec, operand, region_code)
from .operands import decode_vector, encode_vector
from .atoms import ModCheck
from .atoms import fail as _fail
from .forms import FORMS, Form, _row_atoms, describe, register
from .syntax import RAW_SEND

_UB = struct.Struct("<B")
_UW = struct.Struct("<H")
_UD = struct.Struct("<I")
_SIZES = {1: _UB, 2: _UW, 4: _UD}

LABEL_BLOCK, LABEL_SUBROUTINE, LABEL_FC = 0, 1, 2

# bytes of one GRF per platform code (gen_binary_info platform); others 32

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")




def _register(text_op: str, opcode_mnemonic: str, atoms) -> None:
    register(Form(text_op, int(O.OPCODES_BY_MNEMONIC[opcode_mnemonic].number), tuple(atoms)))


# words Intel's lexer reads as instruction keywords, never as a name: a label
# so named is written as a string ("mov")
_KEYWORDS = frozenset(m.split(".")[0] for m in O.TEXT_MNEMONICS) | frozenset(
    o.mnemonic for o in O.OPCODES if o.mnemonic)


def _name_node(s: str):
    """A name as the text writes it: bare if an identifier that is no
    keyword, else quoted."""
    return A.Name(s) if _IDENT.match(s) and s not in _KEYWORDS else A.String(s)


def _name_of(o, what: str) -> str:
    if type(o) is A.Name:
        return o.name
    if type(o) is A.String:
        return o.value
    _fail(f"expected {what}, found {type(o).__name__}", o)


# --------------------------------------- what the forms ask of the symbols
def _fresh_string(cx, s: str) -> int:
    """A new string-pool entry for ``s`` (GenX_IR's addStringPool never
    reuses an entry; the empty string is index 0)."""
    return cx.add_string(s)


def _grf_bytes(cx) -> int:
    """Bytes per GRF: 64 on PVC / PVCXT, else 32 (the text does not name
    its platform; the Gen blobs' platform codes do)."""
    return cx.grf_bytes


def _var_type(cx, name: str):
    t = cx.var_types.get(name)
    if t is not None:
        return t
    v = O.PREDEFINED_VAR_BY_NAME.get(name)
    return O.TYPE_INFO[v.type].name if v is not None else None


def _type_size(cx, name: str) -> int:
    t = _var_type(cx, name)
    return O.TYPE_INFO_BY_NAME[t].size if t else 1


# ------------------------------------------------------------- label atoms
@frozen
class LabelRef:
    """A label id (UW); a first use creates the label with ``kind``.
    Decoding, a subroutine form rejects FC labels and an FC form takes only
    FC labels (call and fccall share opcode 0x33)."""
    index: int
    kind: int = LABEL_BLOCK

    @property
    def label_indices(self) -> tuple[int, ...]:  # for the validator: where labels are
        return (self.index,)

    @property
    def label_kind(self) -> int:
        return self.kind

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        out.append(_UW.pack(cx.label_id(_name_of(o, "a label"), o, self.kind)))

    def decode(self, rd, cx, b):
        at = rd.at()
        ident = rd.uw()
        name = cx.label_name(ident, at)
        kind = cx.obj.labels[ident].kind if hasattr(cx, "obj") else None
        if kind is not None:
            if self.kind == LABEL_FC and kind != LABEL_FC:
                raise Mismatch()
            if self.kind == LABEL_SUBROUTINE and kind == LABEL_FC:
                raise Mismatch()
        b.operands[self.index] = _name_node(name)


@frozen
class SwitchBody:
    """switchjmp: the label count (UB), the index (vector operand
    ``index``), then the label ids (UW each) of the list operand ``labels``."""
    index: int = 0
    labels: int = 1
    label_kind = LABEL_BLOCK

    @property
    def label_indices(self) -> tuple[int, ...]:  # for the validator: where labels are
        return (self.labels,)

    def encode(self, ins, cx, out):
        o = operand(ins, self.labels)
        items = o.items if type(o) is A.Tuple else (o,)
        if not 1 <= len(items) <= 32:
            _fail(f"switchjmp takes 1 to 32 labels, found {len(items)}", o)
        out.append(_UB.pack(len(items)))
        encode_vector(operand(ins, self.index), cx, out)
        for it in items:
            out.append(_UW.pack(cx.label_id(_name_of(it, "a label"), it, LABEL_BLOCK)))

    def decode(self, rd, cx, b):
        at = rd.at()
        n = rd.ub()
        if not 1 <= n <= 32:
            raise DecodeError(f"switchjmp with {n} labels", at)
        b.operands[self.index] = decode_vector(rd, cx)[0]
        names = []
        for _ in range(n):
            at = rd.at()
            names.append(_name_node(cx.label_name(rd.uw(), at)))
        b.operands[self.labels] = A.Tuple(tuple(names))


@frozen
class FixedExec:
    """An execution byte GenX_IR writes as a constant (jmp, switchjmp: 0x00);
    decoded as ``(mask, size)``, the spelling the text conventionally uses."""
    is_exec_size_field = True  # the validator asks
    value: int
    size: int
    mask: str

    def encode(self, ins, cx, out):
        out.append(_UB.pack(self.value))

    def decode(self, rd, cx, b):
        if rd.ub() != self.value:
            rd.pos -= 1
            Exec().decode(rd, cx, b)
            return
        b.exec = A.ExecSize(self.size, self.mask)


# ------------------------------------------------------------ string atoms
@frozen
class NewString:
    """A fresh string-pool entry for a name operand (fcall, faddr, FILE);
    ``quoted``: the text writes it as a string literal (FILE)."""
    index: int
    size: int = 2
    quoted: bool = False
    # each encoding adds to the unit's string pool: two equal instructions
    # are not encoded once and reused (visa.encode.encode_body)
    stateful = True

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        out.append(_SIZES[self.size].pack(_fresh_string(cx, _name_of(o, "a name"))))

    def decode(self, rd, cx, b):
        at = rd.at()
        s = cx.string(rd.uint(self.size), at)
        b.operands[self.index] = A.String(s) if self.quoted else _name_node(s)


# ----------------------------------------------------- vector operand atoms
def encode_vector_ao(o, cx, out, sat=False) -> None:
    """A vector operand where ``&V[off]`` is written as GenX_IR's text
    builder writes it: a general operand V(off / GRF, (off % GRF) /
    elem)<0;1,0>, or a state operand for &S / &T."""
    if type(o) is not A.AddrOf:
        encode_vector(o, cx, out, sat)
        return
    kind, ident = cx.var_kind(o.name, o)
    off = o.offset or 0
    if kind == "G":
        grf = _grf_bytes(cx)
        tsize = _type_size(cx, o.name) if off else 1
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


@frozen
class VecAO:
    """A vector operand that may be ``&V`` (mov, addr_add).  Decoding gives
    the general operand the binary holds (``V(r,c)<0;1,0>``)."""
    index: int
    sat: bool = False

    def encode(self, ins, cx, out):
        encode_vector_ao(operand(ins, self.index), cx, out, self.sat and "sat" in ins.mods)

    def decode(self, rd, cx, b):
        Vec(self.index, self.sat).decode(rd, cx, b)


@frozen
class AddrSrc(VecAO):
    """addr_add's src0: decoded the way Intel's printer shows it, a general
    operand as ``&V[row * GRF + col * elem]`` and a state operand as
    ``&S[off]`` (the text's general-operand spelling encodes the same)."""

    def decode(self, rd, cx, b):
        o, _ = decode_vector(rd, cx)
        if type(o) is A.VarRef and o.mod is None:
            kind = _decoded_kind(cx, o.name)
            if kind == "G" and len(o.offsets) == 2 and o.region == (0, 1, 0):
                r, c = o.offsets
                off = r * getattr(cx, "grf_bytes", 32) + c * _decoded_type_size(cx, o.name)
                o = A.AddrOf(o.name, off or None)
            elif kind in ("S", "T") and len(o.offsets) == 1:
                o = A.AddrOf(o.name, o.offsets[0] or None)
        b.operands[self.index] = o


def _decoded_kind(cx, name: str):
    for k, table in getattr(cx, "by_kind", {}).items():
        if name in table.values():
            return k
    return None


def _decoded_type_size(cx, name: str) -> int:
    """Element size of general variable ``name`` of the object being decoded."""
    obj = getattr(cx, "obj", None)
    if obj is not None:
        for v in obj.variables:
            if obj.strings[v.name_index] == name:
                return O.TYPE_INFO[O.VisaType(v.bit_properties & 0xF)].size
    v = O.PREDEFINED_VAR_BY_NAME.get(name)
    return O.TYPE_INFO[v.type].size if v is not None else 1


@frozen
class SimpleVec:
    """``V(r,c)`` with no region: the implicit source region <1;1,0>
    (dpas src2); decoded back without the region."""
    index: int

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if type(o) is A.VarRef and o.region is None:
            o = attrs.evolve(o, region=(1, 1, 0))
        encode_vector(o, cx, out)

    def decode(self, rd, cx, b):
        o = decode_vector(rd, cx)[0]
        if type(o) is A.VarRef and o.region == (1, 1, 0) and len(o.offsets) == 2:
            o = attrs.evolve(o, region=None)
        b.operands[self.index] = o


# ------------------------------------------------------------------- mov
def _is_pred_var(o, cx) -> bool:
    if type(o) is not A.Name:
        return False
    r = cx.vars.get(o.name)
    return r is not None and r[0] == "P"


def _pred_source(ins, cx) -> bool:
    """``mov dst P``: the source is a bare predicate variable."""
    return len(ins.operands) >= 2 and _is_pred_var(ins.operands[1], cx)


@frozen
class MovExec:
    """mov's execution byte; (M1_NM, 1) when the source is a predicate."""
    is_exec_size_field = True  # the validator asks

    def encode(self, ins, cx, out):
        if _pred_source(ins, cx):
            out.append(_UB.pack(EXEC_SIZE_CODE[1] | (int(O.ExecMask.M1_NM) << 4)))
        else:
            Exec().encode(ins, cx, out)

    def decode(self, rd, cx, b):
        Exec().decode(rd, cx, b)


@frozen
class PredUnless:
    """The predicate field, written empty where ``drop(ins, cx)`` holds
    (GenX_IR writes no predicate for a mov of a predicate, nor for a logic op
    on predicate registers)."""
    drop: object  # (ins, cx) -> bool
    is_predicate_field = True  # the validator asks

    def encode(self, ins, cx, out):
        if self.drop(ins, cx):
            out.append(b"\0\0")
        else:
            Pred().encode(ins, cx, out)

    def decode(self, rd, cx, b):
        Pred().decode(rd, cx, b)


@frozen
class MovDst:
    """mov's destination: takes ``.sat``, except with a predicate source."""
    index: int = 0

    def encode(self, ins, cx, out):
        sat = "sat" in ins.mods and not _pred_source(ins, cx)
        encode_vector_ao(operand(ins, self.index), cx, out, sat)

    def decode(self, rd, cx, b):
        Vec(self.index, True).decode(rd, cx, b)


# ------------------------------------------------------------------- cmp
_CMP_UNDEF = 6  # ISA_CMP_UNDEF: cmp written with no relation
_CMP_CODE = {n: int(c) for c, n in O.COND_MOD_NAMES.items()}
_CMP_NAME = {v: k for k, v in _CMP_CODE.items()}


@frozen
class CmpRelation:
    """cmp's relation byte: .eq .ne .gt .ge .lt .le, or 6 for none."""

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


@frozen
class LogicDst:
    """A logic op's destination: ``.sat`` only on shl/shr/asr; dropped in
    the predicate-register form."""
    index: int = 0

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


def _logic_form(op: str) -> None:
    atoms = []
    for a in _row_atoms(O.OPCODES_BY_MNEMONIC[op]):
        if type(a) is Pred:
            a = PredUnless(_predicate_logic)
        elif type(a) is Vec and a.sat:
            a = LogicDst(a.index)
        atoms.append(a)
    _register(op, op, atoms)


# ------------------------------------------------- modifier checks (ALU)
def _checked_form(op: str, check: ModCheck) -> None:
    """Re-register the core form of ``op`` with a modifier check first."""
    f = FORMS[op]
    register(attrs.evolve(f, atoms=(check,) + tuple(a for a in f.atoms if type(a) is not ModCheck)),
             replace=True)


# ------------------------------------------------------------- raw sends
@frozen
class ModNum:
    """A number written as the dotted modifier at ``pos`` (raw_sends.<n>...)."""
    size: int
    pos: int
    what: str = "number"

    def encode(self, ins, cx, out):
        if self.pos >= len(ins.mods):
            _fail(f"'{ins.mnemonic}' needs a .<{self.what}> modifier", ins)
        try:
            v = int(ins.mods[self.pos], 10)
        except ValueError:
            _fail(f"'.{ins.mods[self.pos]}': expected a decimal number ({self.what})", ins)
        if not 0 <= v < (1 << (8 * self.size)):
            _fail(f"{self.what} {v} does not fit in {self.size} byte(s)", ins)
        out.append(_SIZES[self.size].pack(v))

    def decode(self, rd, cx, b):
        b.mods[self.pos] = str(rd.uint(self.size))


# ------------------------------------------------------------------- dpas
_PRECISION = {i.name: int(p) for p, i in O.GEN_PRECISION_INFO.items()}
_PRECISION["tf32"] = int(O.GenPrecision.TF32)
_PRECISION_NAME = {v: k for k, v in _PRECISION.items()}


@frozen
class DpasInfo:
    """dpas_info (UD): byte 0 the first precision of the text, byte 1 the
    second, byte 2 the systolic depth, byte 3 the repeat count."""

    def encode(self, ins, cx, out):
        m = ins.mods
        if len(m) != 4:
            _fail(f"'{ins.mnemonic}' needs .<precision>.<precision>.<depth>.<count>, "
                  "e.g. dpas.s8.s8.8.8", ins)
        p1, p2 = _PRECISION.get(m[0].lower()), _PRECISION.get(m[1].lower())
        if p1 is None or p2 is None:
            _fail(f"unknown dpas precision in '.{m[0]}.{m[1]}' (expected "
                  f"{', '.join(_PRECISION)})", ins)
        tf32 = int(O.GenPrecision.TF32)
        if (p1 == tf32) != (p2 == tf32) or (ins.op == "dpasw" and p1 == tf32):
            _fail("tf32 exists only as dpas.tf32.tf32", ins)
        if not (m[2].isdigit() and m[3].isdigit()):
            _fail("dpas systolic depth and repeat count must be numbers", ins)
        depth, count = int(m[2]), int(m[3])
        if depth not in (1, 2, 4, 8):
            _fail(f"dpas systolic depth {depth} is not 1, 2, 4 or 8", ins)
        if not 1 <= count <= 8:
            _fail(f"dpas repeat count {count} is not 1..8", ins)
        out.append(bytes((p1, p2, depth, count)))

    def decode(self, rd, cx, b):
        at = rd.at()
        p1, p2, depth, count = rd.ub(), rd.ub(), rd.ub(), rd.ub()
        if p1 not in _PRECISION_NAME or p2 not in _PRECISION_NAME:
            raise DecodeError(f"invalid dpas precision codes {p1}, {p2}", at)
        b.mods.update({0: _PRECISION_NAME[p1], 1: _PRECISION_NAME[p2], 2: str(depth),
                       3: str(count)})


_ALIGN_BYTES = {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 7: 32, 8: 64, 9: 128}


def _align_bytes(code: int, grf: int) -> int:
    if code == 5:  # GRF
        return grf
    if code == 6:  # GRFx2
        return 2 * grf
    return _ALIGN_BYTES.get(code, 1)


def _align_for_bytes(n: int) -> int:
    """Intel's getCISAAlign: the largest alignment code not above ``n`` bytes."""
    for limit, code in ((128, 9), (64, 8), (32, 7), (16, 4), (8, 3), (4, 2), (2, 1)):
        if n >= limit:
            return code
    return 0


def _raise_align(cx, name: str, nbytes: int) -> None:
    """GenX_IR's setAlignIfLarger on variable ``name`` (encode_unit writes
    ``cx.var_align`` into the variable table)."""
    grf = cx.grf_bytes
    new = _align_for_bytes(nbytes)
    table = cx.var_align
    if name in table and _align_bytes(new, grf) > _align_bytes(table[name], grf):
        table[name] = new


@frozen
class DpasAlign:
    """Writes nothing: dpas's side effect on the variable table (dst and a
    non-null src0: elem size x exec size bytes; src1: one GRF)."""

    def encode(self, ins, cx, out):
        width = ins.exec.size if ins.exec is not None else 1
        grf = _grf_bytes(cx)
        for k, nbytes in ((0, None), (1, None), (2, grf)):
            o = operand(ins, k)
            if type(o) is not A.Raw:
                continue
            kind, ident = cx.var_kind(o.name, o)
            if kind != "G" or ident < O.NUM_PREDEFINED_VARS:
                continue
            _raise_align(cx, o.name, _type_size(cx, o.name) * width if nbytes is None else nbytes)

    def decode(self, rd, cx, b):
        pass


# ------------------------------------------------------- synchronisation
_FENCE_LETTERS = tuple(O.FENCE_OPTION_LETTERS.items())  # E I S C R L1, printing order
_FENCE_LOCAL = int(O.FenceFlag.LOCAL)
_FENCE_SW = int(O.FenceFlag.SW_FENCE)


@frozen
class FenceMode:
    """fence's mode byte: ``base`` (0 global, 0x20 local) | the option
    letters of the modifier (E I S C R L1, in that order, as CISA.l lexes
    them: ``.EISCRL1``)."""
    base: int

    def encode(self, ins, cx, out):
        v = self.base
        for m in ins.mods:
            i = 0
            while i < len(m):
                if m.startswith("L1", i):
                    v |= int(O.FenceFlag.FLUSH_L1)
                    i += 2
                    continue
                f = O.FENCE_OPTION_LETTERS.get(m[i])
                if f is None:
                    _fail(f"unknown fence option '{m[i]}' in '.{m}' (expected letters from "
                          "E, I, S, C, R, L1)", ins)
                v |= int(f)
                i += 1
        out.append(_UB.pack(v))

    def decode(self, rd, cx, b):
        v = rd.ub()
        if v & (_FENCE_LOCAL | _FENCE_SW) != self.base:
            raise Mismatch()
        letters = "".join(t for t, f in _FENCE_LETTERS if v & int(f))
        if letters:
            b.mods[0] = letters


@frozen
class ModSelect:
    """A byte chosen by the first modifier (``table``: text -> value)."""
    table: tuple

    def encode(self, ins, cx, out):
        m = ins.mods[0] if len(ins.mods) == 1 else None
        for t, v in self.table:
            if t == m:
                out.append(_UB.pack(v))
                return
        _fail(f"expected {' or '.join(ins.op + '.' + t for t, _ in self.table)}", ins)

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        for t, value in self.table:
            if value == v:
                b.mods[0] = t
                return
        raise DecodeError(f"invalid mode {v}", at)


@frozen
class NBarrierOps:
    """nbarrier operands: .signal id count / .wait id (id written twice)."""

    def encode(self, ins, cx, out):
        m = ins.mods[0] if ins.mods else None
        n = {"signal": 2, "wait": 1}.get(m)
        if n is None:
            _fail("expected nbarrier.signal or nbarrier.wait", ins)
        if len(ins.operands) != n:
            _fail("nbarrier.signal takes a barrier id and a thread count" if n == 2
                  else "nbarrier.wait takes a barrier id", ins)
        encode_vector(ins.operands[0], cx, out)
        encode_vector(ins.operands[n - 1], cx, out)

    def decode(self, rd, cx, b):
        b.operands[0] = decode_vector(rd, cx)[0]
        second = decode_vector(rd, cx)[0]
        if b.mods.get(0) == "signal":
            b.operands[1] = second


@frozen
class NoOperands:
    """Checks that the text gave no operands (writes nothing)."""

    def encode(self, ins, cx, out):
        if ins.operands:
            _fail(f"'{ins.mnemonic}' takes no operands", ins)

    def decode(self, rd, cx, b):
        pass


_LIFETIME_CLASS = {"G": 0, "A": 1, "P": 2}
_LIFETIME_KIND = {v: k for k, v in _LIFETIME_CLASS.items()}


@frozen
class Lifetime:
    """lifetime.start / .end V: properties (UB: end bit | operand class
    << 4) and the variable's id (UD)."""

    def encode(self, ins, cx, out):
        if len(ins.mods) != 1 or ins.mods[0] not in ("start", "end"):
            _fail("expected lifetime.start or lifetime.end", ins)
        o = operand(ins, 0)
        if type(o) is not A.Name:
            _fail("lifetime takes a variable name", o)
        kind, ident = cx.var_kind(o.name, o)
        if kind not in _LIFETIME_CLASS:
            _fail(f"'{o.name}': lifetime takes a general, address or predicate variable", o)
        props = (1 if ins.mods[0] == "end" else 0) | (_LIFETIME_CLASS[kind] << 4)
        out.append(struct.pack("<BI", props, ident))

    def decode(self, rd, cx, b):
        at = rd.at()
        props, ident = rd.ub(), rd.ud()
        kind = _LIFETIME_KIND.get(props >> 4)
        if kind is None or props & 0x0E:
            raise DecodeError(f"invalid lifetime properties 0x{props:02x}", at)
        b.mods[0] = "end" if props & 1 else "start"
        b.operands[0] = A.Name(cx.var_name(kind, ident, at))


# ------------------------------------------------------------------ forms
# control flow
_register("jmp", "jmp", (FixedExec(0, 1, "M1_NM"), Pred(), LabelRef(0, LABEL_BLOCK)))
_register("goto", "goto", (Exec(), Pred(), LabelRef(0, LABEL_BLOCK)))
_register("call", "call", (Exec(), Pred(), LabelRef(0, LABEL_SUBROUTINE)))
_register("fccall", "call", (Exec(), Pred(), LabelRef(0, LABEL_FC)))
_register("switchjmp", "switchjmp", (FixedExec(0, 1, "M1"), SwitchBody(0, 1)))
_register("fcall", "fcall", (Exec(), Pred(), NewString(0), NumOp(1, 1), NumOp(1, 2)))
_register("ifcall", "ifcall", (Exec(), Pred(), Vec(0), NumOp(1, 1), NumOp(1, 2)))
_register("faddr", "faddr", (NewString(0), Vec(1)))


def _ifcall_to_41(ins):
    """vISA 4.2's ifcall hints (``.uniform``: the target is the same in every
    lane; ``.noreturn``: the callee ends the thread) are a byte 4.1's ifcall
    does not have (IGC v2.40.13's row has four operands, 14828's three)."""
    hints = [m for m in ins.mods if m in ("uniform", "noreturn")]
    if hints:
        _fail(f"'ifcall.{'.'.join(hints)}': the .{hints[0]} hint of ifcall exists only in "
              "vISA 4.2; vISA 4.1 has no field for it", ins)
    return ins


describe("ifcall", to_41=_ifcall_to_41)

# core forms with builder-specific bytes
_register("mov", "mov", (MovExec(), PredUnless(_pred_source), MovDst(0), VecAO(1)))
_register("addr_add", "addr_add", (Exec(), Vec(0), AddrSrc(1), VecAO(2)))
_register("cmp", "cmp", (Exec(), CmpRelation(), Vec(0), Vec(1), Vec(2)))
for _op in _LOGIC:
    _logic_form(_op)

# raw sends: raw_send(c) <exdesc> <nsrc> <ndst> <desc> src dst;
# raw_sends[_eot].<sfid>.<nsrc0>.<nsrc1>.<ndst> / raw_sendsc[_eot].<nsrc0>.<nsrc1>.<ndst>
# <exdesc> <desc> src0 src1 dst; modifier bit 0 sendc, bit 1 eot
for _op, _m in (("raw_send", 0), ("raw_sendc", 1)):
    _register(_op, "raw_send", (Lit(1, _m), Exec(), Pred(), NumOp(4, 0), NumOp(1, 1),
                                NumOp(1, 2), Vec(3), RawOp(4), RawOp(5)))
for _op, _m in (("raw_sends", 0), ("raw_sends_eot", 2)):
    _register(_op, "raw_sends", (Lit(1, _m), Exec(), Pred(), ModNum(1, 1, "src0 size"),
                                 ModNum(1, 2, "src1 size"), ModNum(1, 3, "dst size"),
                                 ModNum(1, 0, "sfid"), Vec(0), Vec(1), RawOp(2), RawOp(3),
                                 RawOp(4)))
for _op, _m in (("raw_sendsc", 1), ("raw_sendsc_eot", 3)):
    _register(_op, "raw_sends", (Lit(1, _m), Exec(), Pred(), ModNum(1, 0, "src0 size"),
                                 ModNum(1, 1, "src1 size"), ModNum(1, 2, "dst size"),
                                 Lit(1, 0), Vec(0), Vec(1), RawOp(2), RawOp(3), RawOp(4)))

# dpas
for _op in ("dpas", "dpasw"):
    _register(_op, _op, (DpasAlign(), Exec(), RawOp(0), RawOp(1), RawOp(2), SimpleVec(3),
                         DpasInfo()))

# synchronisation
_register("fence_global", "fence", (FenceMode(0),))
_register("fence_local", "fence", (FenceMode(_FENCE_LOCAL),))
_register("fence_sw", "fence", (Lit(1, _FENCE_SW), NoOperands()))
_register("barrier", "barrier", (NoOperands(),))
_register("yield", "yield", (NoOperands(),))
_register("sampler_cache_flush", "sampler_cache_flush", (NoOperands(),))
_register("breakpoint", "breakpoint", (NoOperands(),))
_register("wait", "wait", (Vec(0),))
_register("sbarrier", "sbarrier", (ModSelect((("signal", 1), ("wait", 0))), NoOperands()))
_register("nbarrier", "nbarrier", (ModSelect((("signal", 1), ("wait", 0))), NBarrierOps()))
_register("lifetime", "lifetime", (Lifetime(),))

# debug info (.file / .loc are parsed as FILE / LOC)
_register("FILE", "file", (NewString(0, 4, quoted=True),))
_register("LOC", "loc", (NumOp(4, 0),))



def _older_movs(ins, declared):
    """``movs T1 T2`` (older spec): state operands without offsets."""
    ops = tuple(A.VarRef(o.name, (0,), None, None, line=o.line, col=o.col)
                if type(o) is A.Name and o.mod is None else o for o in ins.operands)
    return attrs.evolve(ins, operands=ops) if ops != ins.operands else None


def _older_file(ins, declared):
    """``FILE name`` (older spec): the name without quotes."""
    ops = tuple(A.String(o.name, line=o.line, col=o.col) if type(o) is A.Name else o
                for o in ins.operands)
    return attrs.evolve(ins, operands=ops) if ops != ins.operands else None


describe("movs", older=_older_movs)
describe("FILE", older=_older_file, numbered=False)
describe("LOC", numbered=False)
describe(("raw_send", "raw_sendc"), style=RAW_SEND)
# Intel's lexer reads these mnemonics with their modifiers as one word
describe(("dpas", "dpasw", "sbarrier", "nbarrier", "lifetime"), glued_mods=True)

# ALU forms of the family: the text grammar's modifiers only
_checked_form("addc", ModCheck((), why="addc / subb take no .sat"))
_checked_form("subb", ModCheck((), why="addc / subb take no .sat"))
_checked_form("add3", ModCheck(("sat",), why="add3.o: GenX_IR aborts on it (the text rule "
                                               "has no carry-predicate destination)"))
_checked_form("bfn", ModCheck(("sat",), skip=1))
for _op in ("srnd", "fcvt", "dp4a", "madw"):
    _checked_form(_op, ModCheck(("sat",)))
