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
from .._record import record

from .. import ast
from . import targets, value_codes, opcodes, predefined, keywords
from . import rules_misc as rules
from .atoms import (ALL_KINDS, Atom, DecodeError, Exec, Lit, Mismatch, NumOp, PredField, RawOp, Vec, grf_bytes,
                    is_decimal_word, operand, var_type_size)
from .operands import decode_vector, encode_vector
from .atoms import fail as _fail
from .records import OPEN, Checks, Form, Signature, Slot, Text, classes, row_form
from .syntax import RAW_SEND

_UB = struct.Struct("<B")
_UW = struct.Struct("<H")
_UD = struct.Struct("<I")
_SIZES = {1: _UB, 2: _UW, 4: _UD}

LABEL_BLOCK, LABEL_SUBROUTINE, LABEL_FC = 0, 1, 2

# bytes of one GRF per platform code (gen_binary_info platform); others 32

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")




# words Intel's lexer reads as instruction keywords, never as a name: a label
# so named is written as a string ("mov")
_KEYWORDS = frozenset(m.split(".")[0] for m in keywords.TEXT_MNEMONICS) | frozenset(
    o.mnemonic for o in opcodes.OPCODES if o.mnemonic)


def _name_node(s: str):
    """A name as the text writes it: bare if an identifier that is no
    keyword, else quoted."""
    return ast.Name(s) if _IDENT.match(s) and s not in _KEYWORDS else ast.String(s)


def _name_of(o, what: str) -> str:
    if type(o) is ast.Name:
        return o.name
    if type(o) is ast.String:
        return o.value
    _fail(f"expected {what}, found {type(o).__name__}", o)


# --------------------------------------- what the forms ask of the symbols
def _fresh_string(cx, s: str) -> int:
    """A new string-pool entry for ``s`` (GenX_IR's addStringPool never
    reuses an entry; the empty string is index 0)."""
    return cx.add_string(s)


# ------------------------------------------------------------- label atoms
@record
class LabelRef(Atom):
    """A label id (UW); a first use creates the label with ``kind``.
    Decoding, a subroutine form rejects FC labels and an FC form takes only
    FC labels (call and fccall share opcode 0x33)."""
    index: int
    kind: int = LABEL_BLOCK

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    @property
    def label_slots(self) -> tuple:
        return ((self.index, self.kind),)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        out.append(_UW.pack(cx.label_id(_name_of(o, "a label"), o, self.kind)))

    def decode(self, rd, cx, b):
        at = rd.at()
        ident = rd.uw()
        name = cx.label_name(ident, at)
        kind = cx.label_kind(ident)
        if kind is not None:
            if self.kind == LABEL_FC and kind != LABEL_FC:
                raise Mismatch()
            if self.kind == LABEL_SUBROUTINE and kind == LABEL_FC:
                raise Mismatch()
        b.operands[self.index] = _name_node(name)


@record
class SwitchBody(Atom):
    """switchjmp: the label count (UB), the index (vector operand
    ``index``), then the label ids (UW each) of the list operand ``labels``."""
    index: int = 0
    labels: int = 1

    @property
    def operand_slots(self) -> tuple:
        return (self.index, self.labels,)

    @property
    def label_slots(self) -> tuple:
        return ((self.labels, LABEL_BLOCK),)

    def encode(self, ins, cx, out):
        o = operand(ins, self.labels)
        items = o.items if type(o) is ast.Tuple else (o,)
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
        b.operands[self.labels] = ast.Tuple(tuple(names))


@record
class FixedExec(Atom):
    """An execution byte GenX_IR writes as a constant (jmp, switchjmp: 0x00);
    decoded as ``(mask, size)``, the spelling the text conventionally uses."""
    value: int
    size: int
    mask: str
    exec_field = True

    def encode(self, ins, cx, out):
        out.append(_UB.pack(self.value))

    def decode(self, rd, cx, b):
        if rd.ub() != self.value:
            rd.pos -= 1
            Exec().decode(rd, cx, b)
            return
        b.exec = ast.ExecSize(self.size, self.mask)


# ------------------------------------------------------------ string atoms
@record
class NewString(Atom):
    """A fresh string-pool entry for a name operand (fcall, faddr, FILE);
    ``quoted``: the text writes it as a string literal (FILE)."""
    index: int
    size: int = 2
    quoted: bool = False
    # each encoding adds to the unit's string pool: two equal instructions
    # are not encoded once and reused (visa.encode.encode_body)
    stateful = True

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        out.append(_SIZES[self.size].pack(_fresh_string(cx, _name_of(o, "a name"))))

    def decode(self, rd, cx, b):
        at = rd.at()
        s = cx.string(rd.uint(self.size), at)
        b.operands[self.index] = ast.String(s) if self.quoted else _name_node(s)



@record
class SimpleVec(Atom):
    """``V(r,c)`` with no region: the implicit source region <1;1,0>
    (dpas src2); decoded back without the region."""
    index: int
    operand_field = "vector"

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if type(o) is ast.VarRef and o.region is None:
            o = attrs.evolve(o, region=(1, 1, 0))
        encode_vector(o, cx, out)

    def decode(self, rd, cx, b):
        o = decode_vector(rd, cx)[0]
        if type(o) is ast.VarRef and o.region == (1, 1, 0) and len(o.offsets) == 2:
            o = attrs.evolve(o, region=None)
        b.operands[self.index] = o


# ------------------------------------------------------------- raw sends
@record
class ModNum(Atom):
    """A number written as the dotted modifier at ``pos`` (raw_sends.<n>...)."""
    size: int
    pos: int
    what: str = "number"

    @property
    def mod_slots(self) -> tuple:
        return ((self.pos, is_decimal_word),)

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
_PRECISION = {i.name: int(p) for p, i in value_codes.GEN_PRECISION_INFO.items()}
_PRECISION["tf32"] = int(value_codes.GenPrecision.TF32)
_PRECISION_NAME = {v: k for k, v in _PRECISION.items()}


@record
class DpasInfo(Atom):
    """dpas_info (UD): byte 0 the first precision of the text, byte 1 the
    second, byte 2 the systolic depth, byte 3 the repeat count."""
    mod_own = True  # precisions, depth and count (the dpas rule judges them)

    def encode(self, ins, cx, out):
        m = ins.mods
        if len(m) != 4:
            _fail(f"'{ins.mnemonic}' needs .<precision>.<precision>.<depth>.<count>, "
                  "e.g. dpas.s8.s8.8.8", ins)
        p1, p2 = _PRECISION.get(m[0].lower()), _PRECISION.get(m[1].lower())
        if p1 is None or p2 is None:
            _fail(f"unknown dpas precision in '.{m[0]}.{m[1]}' (expected "
                  f"{', '.join(_PRECISION)})", ins)
        tf32 = int(value_codes.GenPrecision.TF32)
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


@record
class DpasAlign(Atom):
    """Writes nothing: dpas's side effect on the variable table (dst and a
    non-null src0: elem size x exec size bytes; src1: one GRF)."""
    operand_slots = (0, 1, 2)

    def encode(self, ins, cx, out):
        width = ins.exec.size if ins.exec is not None else 1
        grf = grf_bytes(cx)
        for k, nbytes in ((0, None), (1, None), (2, grf)):
            o = operand(ins, k)
            if type(o) is not ast.Raw:
                continue
            kind, ident = cx.var_kind(o.name, o)
            if kind != "G" or ident < predefined.NUM_PREDEFINED_VARS:
                continue
            _raise_align(cx, o.name, var_type_size(cx, o.name) * width if nbytes is None else nbytes)

    def decode(self, rd, cx, b):
        pass


# ------------------------------------------------------- synchronisation
_FENCE_LETTERS = tuple(value_codes.FENCE_OPTION_LETTERS.items())  # E I S C R L1, printing order
_FENCE_LOCAL = int(value_codes.FenceFlag.LOCAL)
_FENCE_SW = int(value_codes.FenceFlag.SW_FENCE)


@record
class FenceMode(Atom):
    """fence's mode byte: ``base`` (0 global, 0x20 local) | the option
    letters of the modifier (E I S C R L1, in that order, as CISA.l lexes
    them: ``.EISCRL1``)."""
    base: int
    mod_own = True  # the option letters (the fence rule judges them)

    def encode(self, ins, cx, out):
        v = self.base
        for m in ins.mods:
            i = 0
            while i < len(m):
                if m.startswith("L1", i):
                    v |= int(value_codes.FenceFlag.FLUSH_L1)
                    i += 2
                    continue
                f = value_codes.FENCE_OPTION_LETTERS.get(m[i])
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


@record
class ModSelect(Atom):
    """A byte chosen by the first modifier (``table``: text -> value)."""
    table: tuple

    @property
    def mod_slots(self) -> tuple:
        return ((0, frozenset(t for t, _ in self.table)),)

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


@record
class NBarrierOps(Atom):
    """nbarrier operands: .signal id count / .wait id (id written twice)."""
    operands_from = 0  # one operand (.wait) or two (.signal)
    mod_slots = ((0, frozenset(("signal", "wait"))),)

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


@record
class NoOperands(Atom):
    """Checks that the text gave no operands (writes nothing)."""

    def encode(self, ins, cx, out):
        if ins.operands:
            _fail(f"'{ins.mnemonic}' takes no operands", ins)

    def decode(self, rd, cx, b):
        pass


_LIFETIME_CLASS = {"G": 0, "A": 1, "P": 2}
_LIFETIME_KIND = {v: k for k, v in _LIFETIME_CLASS.items()}


@record
class Lifetime(Atom):
    """lifetime.start / .end V: properties (UB: end bit | operand class
    << 4) and the variable's id (UD)."""
    operand_slots = (0,)
    mod_slots = ((0, frozenset(("start", "end"))),)
    mod_least = 1
    name_slots = ((0, ALL_KINDS),)  # declared; its kind is the lifetime rule's (operand-kind)

    def encode(self, ins, cx, out):
        if len(ins.mods) != 1 or ins.mods[0] not in ("start", "end"):
            _fail("expected lifetime.start or lifetime.end", ins)
        o = operand(ins, 0)
        if type(o) is not ast.Name:
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
        b.operands[0] = ast.Name(cx.var_name(kind, ident, at))


# ------------------------------------------------------------------ forms
def _ifcall_to_41(ins):
    """vISA 4.2's ifcall hints (``.uniform``: the target is the same in every
    lane; ``.noreturn``: the callee ends the thread) are a byte 4.1's ifcall
    does not have (IGC v2.40.13's row has four operands, 14828's three)."""
    hints = [m for m in ins.mods if m in ("uniform", "noreturn")]
    if hints:
        _fail(f"'ifcall.{'.'.join(hints)}': the .{hints[0]} hint of ifcall exists only in "
              "vISA 4.2; vISA 4.1 has no field for it", ins)
    return ins


def _older_file(ins, declared):
    """``FILE name`` (older spec): the name without quotes."""
    ops = tuple(ast.String(o.name, line=o.line, col=o.col) if type(o) is ast.Name else o
                for o in ins.operands)
    return attrs.evolve(ins, operands=ops) if ops != ins.operands else None


_TEXT = {
    "ifcall": Text(to_41=_ifcall_to_41),
    "FILE": Text(older=_older_file, numbered=False, directive="file"),
    "LOC": Text(numbered=False, directive="loc"),
    "raw_send": Text(style=RAW_SEND),
    "raw_sendc": Text(style=RAW_SEND),
    # Intel's lexer reads these mnemonics with their modifiers as one word
    **{m: Text(glued_mods=True) for m in ("dpas", "dpasw", "sbarrier", "nbarrier", "lifetime")},
}


# where Intel's grammar and verifier treat these apart
_UNCOUNTED = frozenset(("switchjmp", "fcall", "ifcall", "call", "fccall", "jmp", "goto", "ret",
                        "fret", "FILE", "LOC", "lifetime", "wait"))  # lists, optional operands
_UNPREDICATED = frozenset(("FILE", "LOC", "barrier", "breakpoint", "dpas", "dpasw", "faddr",
                           "fence_global", "fence_local", "fence_sw", "lifetime", "nbarrier",
                           "sampler_cache_flush", "sbarrier", "switchjmp", "wait", "yield"))
# their family's rule judges their dotted modifiers
_OWN_MODIFIERS = frozenset(("barrier", "sbarrier", "nbarrier", "yield", "sampler_cache_flush",
                            "fence_sw", "fence_global", "fence_local", "dpas", "dpasw"))
_PLATFORMS = {
    "dpasw": targets.Availability(targets.TargetPlatform.XE_HP_SDV, until="PVC", why="only before PVC"),
    # hasFusedEU (igc 1.0.12504)
    "switchjmp": targets.Availability(not_on=frozenset(("TGLLP", "XeHP_SDV", "DG2", "MTL")),
                                why="fused EUs"),
}


# the family's rules (rules_misc.py)
_RULES = {
    **{m: (rules.sync,) for m in ("barrier", "sbarrier", "nbarrier", "yield", "sampler_cache_flush",
                              "fence_sw")},
    "fence_global": (rules.fence,), "fence_local": (rules.fence,),
    "dpas": (rules.dpas,), "dpasw": (rules.dpas,),
    **{m: (rules.raw_send,) for m in ("raw_send", "raw_sendc", "raw_sends", "raw_sendsc",
                                  "raw_sends_eot", "raw_sendsc_eot")},
    "lifetime": (rules.lifetime,),
}


# the descriptor of a raw send is a general, indirect or immediate operand
_DESC = Slot("src", classes("G", "I", "IMM"), None, "descriptor")
_SIGNATURES = {
    **{m: Signature((Slot(), Slot(), Slot(), _DESC, Slot(raw=True), Slot("dst", raw=True)))
       for m in ("raw_send", "raw_sendc")},
    **{m: Signature((Slot(), _DESC, Slot(raw=True), Slot(raw=True), Slot("dst", raw=True)))
       for m in ("raw_sends", "raw_sendsc", "raw_sends_eot", "raw_sendsc_eot")},
}


def _form(text_op: str, opcode_mnemonic: str, atoms) -> Form:
    row = opcodes.OPCODES_BY_MNEMONIC[opcode_mnemonic]
    checks = Checks(vector=text_op not in ("dpas", "dpasw"),  # dpas: its own rules
                    predicate=text_op not in _UNPREDICATED, counted=text_op not in _UNCOUNTED,
                    own_modifiers=text_op in _OWN_MODIFIERS, flow=keywords.FLOW_ROLE.get(text_op))
    extra = {"platforms": _PLATFORMS[text_op]} if text_op in _PLATFORMS else {}
    return row_form(row, text_op, atoms=atoms, text=_TEXT.get(text_op, Text()), checks=checks,
                    signature=_SIGNATURES.get(text_op, OPEN), verify=_RULES.get(text_op, ()),
                    **extra)


def _records() -> tuple:
    out = [
        # control flow
        _form("jmp", "jmp", (FixedExec(0, 1, "M1_NM"), PredField(), LabelRef(0, LABEL_BLOCK))),
        _form("goto", "goto", (Exec(), PredField(), LabelRef(0, LABEL_BLOCK))),
        _form("call", "call", (Exec(), PredField(), LabelRef(0, LABEL_SUBROUTINE))),
        _form("fccall", "call", (Exec(), PredField(), LabelRef(0, LABEL_FC))),
        _form("switchjmp", "switchjmp", (FixedExec(0, 1, "M1"), SwitchBody(0, 1))),
        _form("fcall", "fcall", (Exec(), PredField(), NewString(0), NumOp(1, 1), NumOp(1, 2))),
        _form("ifcall", "ifcall", (Exec(), PredField(), Vec(0), NumOp(1, 1), NumOp(1, 2))),
        _form("faddr", "faddr", (NewString(0), Vec(1))),
        _form("ret", "ret", (Exec(), PredField())),
        _form("fret", "fret", (Exec(), PredField())),
    ]
    # raw sends: raw_send(c) <exdesc> <nsrc> <ndst> <desc> src dst;
    # raw_sends[_eot].<sfid>.<nsrc0>.<nsrc1>.<ndst> / raw_sendsc[_eot].<nsrc0>.<nsrc1>.<ndst>
    # <exdesc> <desc> src0 src1 dst; modifier bit 0 sendc, bit 1 eot
    for op, m in (("raw_send", 0), ("raw_sendc", 1)):
        out.append(_form(op, "raw_send", (Lit(1, m), Exec(), PredField(), NumOp(4, 0), NumOp(1, 1),
                                          NumOp(1, 2), Vec(3), RawOp(4), RawOp(5))))
    for op, m in (("raw_sends", 0), ("raw_sends_eot", 2)):
        out.append(_form(op, "raw_sends", (Lit(1, m), Exec(), PredField(), ModNum(1, 1, "src0 size"),
                                           ModNum(1, 2, "src1 size"), ModNum(1, 3, "dst size"),
                                           ModNum(1, 0, "sfid"), Vec(0), Vec(1), RawOp(2), RawOp(3),
                                           RawOp(4))))
    for op, m in (("raw_sendsc", 1), ("raw_sendsc_eot", 3)):
        out.append(_form(op, "raw_sends", (Lit(1, m), Exec(), PredField(), ModNum(1, 0, "src0 size"),
                                           ModNum(1, 1, "src1 size"), ModNum(1, 2, "dst size"),
                                           Lit(1, 0), Vec(0), Vec(1), RawOp(2), RawOp(3), RawOp(4))))
    # dpas
    for op in ("dpas", "dpasw"):
        out.append(_form(op, op, (DpasAlign(), Exec(), RawOp(0), RawOp(1), RawOp(2), SimpleVec(3),
                                  DpasInfo())))
    # synchronisation
    out += [
        _form("fence_global", "fence", (FenceMode(0),)),
        _form("fence_local", "fence", (FenceMode(_FENCE_LOCAL),)),
        _form("fence_sw", "fence", (Lit(1, _FENCE_SW), NoOperands())),
        _form("barrier", "barrier", (NoOperands(),)),
        _form("yield", "yield", (NoOperands(),)),
        _form("sampler_cache_flush", "sampler_cache_flush", (NoOperands(),)),
        _form("breakpoint", "breakpoint", (NoOperands(),)),
        _form("wait", "wait", (Vec(0),)),
        _form("sbarrier", "sbarrier", (ModSelect((("signal", 1), ("wait", 0))), NoOperands())),
        _form("nbarrier", "nbarrier", (ModSelect((("signal", 1), ("wait", 0))), NBarrierOps())),
        _form("lifetime", "lifetime", (Lifetime(),)),
        # debug info (.file / .loc are parsed as FILE / LOC)
        _form("FILE", "file", (NewString(0, 4, quoted=True),)),
        _form("LOC", "loc", (NumOp(4, 0),)),
    ]
    return tuple(out)


RECORDS: tuple = _records()
