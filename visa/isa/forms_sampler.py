"""Instruction forms: the sampler family (its records, gathered into visa.isa.forms.FORMS).

Media sampler (sample, sample_unorm, load, avs), VME (vme_ime, vme_sic,
vme_fbr), the 3D sampler (sample_3d ... sample_c_lz, load_3d, load_lz,
load_2dms_w, load_mcs, sample4*, resinfo, sampleinfo) and render output
(rt_write_3d, urb_write_3d).

Binary layouts, as Intel's builder (igc-1.0.14828.26 VISAKernelImpl.cpp)
hands the operands to the binary writer, checked byte for byte against the
golden references (sampler_media__SKL, sampler_3d__TGLLP, render_3d__TGLLP):

* The writer emits the operands in the order the builder adds them, not in
  the order of the IsaDescription row: only the row's exec-size and
  predicate slots are positional.  A sampler or surface operand is its
  variable id as one byte (not a vector operand).
* ``sample``  : mode UB (channel mask | 0x10 for a SIMD mode of 16), sampler,
  surface, u, v, r, dst (raw).  No exec size, no predicate.
* ``load``    : mode UB, surface, u, v, r, dst.  A sampler written before the
  surface is accepted by the text grammar and dropped.
* ``sample_unorm``: channel UB (mask | output format << 4), sampler, surface,
  u_offset, v_offset, delta_u, delta_v (vectors), dst (raw).
* ``avs``     : channel UB, sampler, surface (the text writes the surface
  first), u_offset, v_offset, delta_u, delta_v, u2d, group_id,
  vertical_block_number (vectors), cntrl UB, v2d (vector), exec_mode UB,
  ief_bypass (vector), dst (raw).
* ``vme_ime`` : stream_mode UB, search_ctrl UB, uni_input, ime_input, surface,
  ref0, ref1, cost_center, dst.  ``vme_sic``: uni_input, sic_input, surface,
  dst.  ``vme_fbr``: uni_input, fbr_input, surface, mb_mode, sub_mb_shape,
  sub_pred_mode (vectors), dst.
* 3D sample / gather4 / load: op UW (Sampler3DOp | pixel_null_mask << 8 |
  cps << 9; ``.divS`` is not stored), exec, predicate, channel UB (gather4:
  the single channel number 0..3, else the mask), aoffimmi (vector), sampler
  (not for load), surface, dst (raw), number of parameters UB, the parameters
  (raw).
* ``resinfo`` / ``sampleinfo``: op UB (10 / 11), exec, channel UB, surface,
  [lod (raw), resinfo only], dst (raw).  No predicate.
* ``rt_write_3d``: exec, predicate, mode UW, surface, header (raw), then the
  operands in text order: [sample index], [CPS counter], [RT index], [s0a],
  [oM], R, G, B, A, [Z], [stencil].  Each is written as the text spells it:
  a raw operand ``V.0`` as raw, anything else as a vector operand.  Mode bits:
  RTI 2, A 3, O 4, Z 5, ST 6, LRTW 7, CPS 8, PS 9, CM 10, NULLRT 12.
  ``<SI>``: GenX_IR's text builder takes the sample-index operand (the first
  after the header) but never sets the sample-index control, so neither bit
  11 nor that operand is written (render_3d__TGLLP, ``.<CPS><SI>``).
* ``urb_write_3d``: exec, predicate, num_out UB, channel_mask (raw),
  global_offset UW, urb_handle, per_slot_offset, vertex_data (raw).

The rt_write_3d operands are taken in that fixed order whatever the order of
the options in the text (``.<CPS><SI>``: the first operand is the sample index).

Not stored, so not recovered by decoding: a missing SIMD mode or ``(32)`` on
sample / load (both decode as ``(8)``), ``.divS``, an ``<SI>`` operand, a
sampler written on ``load``.  At most 15 sampler parameters (Intel's reader
rejects more).  The va / va_skl_plus operations, vme_idm, lod and
sample+killpix have no text form, so no form here.

Atoms index operands by position; ``load`` (with or without its ignored
sampler) is a family of two layouts.  On decode the channel mask takes
modifier position 100, after the 3D flags at 0..2.
"""
from __future__ import annotations

import re
import struct

import attrs
from .._record import record

from .. import ast
from . import value_codes, opcodes, predefined
from . import rules_sampler as rules
from .atoms import (Atom, ModTest, DecodeError, Exec, Lit, Mismatch, NumOp, PredField, RawOp, Vec)
from .operands import decode_raw, decode_vector, encode_raw, encode_vector
from .operands import describe as _describe
from .atoms import fail as _fail
from .records import OPEN, Checks, Signature, Slot, Text, classes, layout_forms, row_form, text_facts
from .syntax import SAMPLER_3D, VME_IME

_UB = struct.Struct("<B")
_UW = struct.Struct("<H")

_CHANNEL_RE = re.compile(r"(R?G?B?A?)\Z")
_CHANNEL_BITS = {"R": 1, "G": 2, "B": 4, "A": 8}
_SINGLE_CHANNEL = {1: 0, 2: 1, 4: 2, 8: 3}  # mask -> gather4 channel R, G, B, A
_OUTPUT_FORMAT = {n: int(f) for f, n in value_codes.CHANNEL_OUTPUT_NAMES.items()}
_AVS_CNTRL = {"AVS_16_FULL": 0, "AVS_16_DOWN_SAMPLE": 1, "AVS_8_FULL": 2, "AVS_8_DOWN_SAMPLE": 3}
_AVS_EXEC_MODE = {"AVS_16x4": 0, "AVS_16x8": 2}  # GenX_IR's table: 16x4, (invalid), 16x8
_RT_BITS = {"RTI": 2, "A": 3, "O": 4, "Z": 5, "ST": 6, "LRTW": 7, "CPS": 8, "PS": 9, "CM": 10,
            "SI": 11, "NULLRT": 12}
# GenX_IR's text builder reads a <SI> operand but never sets the sample-index
# control, so neither the bit nor the operand reaches the binary.
_RT_NOT_STORED = 1 << _RT_BITS["SI"]
_RT_PRINT_ORDER = ("RTI", "A", "O", "Z", "ST", "LRTW", "CPS", "PS", "CM", "SI", "NULLRT")
_RT_ALL = sum(1 << b for b in _RT_BITS.values())
_RT_OPTION_RE = re.compile(r"(?:<[A-Za-z]+>)+\Z")
MAX_3D_PARAMS = 15  # Intel's binary reader requires fewer than 16 parameters
_MASK_NAME = {int(m): n for m, n in value_codes.CHANNEL_MASK_NAMES.items() if n}
_SINGLE_NAME = {v: _MASK_NAME[k] for k, v in _SINGLE_CHANNEL.items()}
_FORMAT_NAME = {v: k for k, v in _OUTPUT_FORMAT.items()}
_LAST_MOD = 100  # decode-side modifier position of the channel mask after the 3D flags




def _is_channel_mask(m: str) -> bool:
    t = m.upper()
    return bool(t) and _CHANNEL_RE.match(t) is not None


def _is_single_channel(m: str) -> bool:
    return m.upper() in ("R", "G", "B", "A")


def _is_rt_options(m: str) -> bool:
    return (_RT_OPTION_RE.match(m) is not None
            and all(o in _RT_BITS for o in re.findall(r"<([A-Za-z]+)>", m)))


CHANNEL_MASK = ModTest(_is_channel_mask, "a channel mask (.R, .RG, .RGBA ...)")
SINGLE_CHANNEL = ModTest(_is_single_channel, "one channel (.R, .G, .B or .A)")
RT_OPTIONS = ModTest(_is_rt_options, "options such as .<RTI><Z> (of "
                     + ", ".join(f"<{k}>" for k in _RT_BITS) + ")")
_OUTPUT_FORMATS = frozenset(_OUTPUT_FORMAT)


def _get(ins, index):
    n = len(ins.operands)
    if not 0 <= index < n:
        _fail(f"'{ins.mnemonic}' needs more operands (found {n})", ins)
    return ins.operands[index]


def channel_mask(text: str, ins) -> int:
    """``RGBA`` / ``rgba`` / ``GA`` ... -> mask bits (R = 1 ... A = 8)."""
    t = text.upper()
    if not t or not _CHANNEL_RE.match(t):
        _fail(f"'.{text}' is not a channel mask (letters of RGBA in that order, e.g. .RGBA, .GA)",
              ins)
    m = 0
    for c in t:
        m |= _CHANNEL_BITS[c]
    return m


def _state(o, cx, want: str, out: list) -> None:
    """A sampler or surface operand: its id as one byte.  Like GenX_IR, either
    kind of state variable is accepted in either slot."""
    what = "sampler" if want == "S" else "surface"
    if type(o) is not ast.Name:
        _fail(f"expected a {what} variable, found {_describe(o)}", o)
    kind, ident = cx.var_kind(o.name, o)
    if kind not in ("S", "T"):
        _fail(f"'{o.name}' is not a {what} variable", o)
    if ident > 0xFF:
        _fail(f"'{o.name}': state variable id {ident} does not fit in a byte", o)
    out.append(_UB.pack(ident))


# ------------------------------------------------------------------- atoms
@record
class OperandCount(Atom):
    """Writes nothing: checks the operand count and that the text writes no
    predicate / execution size where the instruction has none."""
    low: int
    high: int
    pred: bool = True
    exec: bool = True

    @property
    def refuses_pred(self) -> bool:
        return not self.pred

    def encode(self, ins, cx, out):
        n = len(ins.operands)
        if not self.low <= n <= self.high:
            want = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
            _fail(f"'{ins.mnemonic}' takes {want} operands, found {n}", ins)
        if not self.pred and ins.pred is not None:
            _fail(f"'{ins.op}' cannot be predicated", ins.pred)
        if not self.exec and ins.exec is not None:
            _fail(f"'{ins.op}' takes no execution size", ins.exec)

    def decode(self, rd, cx, b):
        pass


@record
class Channel(Atom):
    """The channel byte from the modifier at ``pos`` (-1: the last one).

    style 'mask': the mask; 'simd': the mask | 0x10 when the SIMD mode
    ``(16)`` is written (sample, load); 'unorm': the mask | output format << 4
    (the next modifier: 16-full ...); 'single': gather4's channel number.
    ``nmods``: the number of modifiers the instruction takes (None: any, the
    3D sampler's flags are checked by :class:`Op3D`)."""
    style: str
    pos: int = -1
    nmods: int | None = None

    @property
    def mod_slots(self) -> tuple:
        if self.pos < 0:
            return ()
        test = SINGLE_CHANNEL if self.style == "single" else CHANNEL_MASK
        if self.style == "unorm":
            return ((self.pos, test), (self.pos + 1, _OUTPUT_FORMATS))
        return ((self.pos, test),)

    @property
    def mod_last(self) -> ModTest | None:
        if self.pos >= 0:
            return None
        return SINGLE_CHANNEL if self.style == "single" else CHANNEL_MASK

    @property
    def mod_least(self) -> int:
        return self.nmods if self.nmods is not None else 1

    def encode(self, ins, cx, out):
        mods = ins.mods
        if self.nmods is not None and len(mods) != self.nmods:
            if self.style == "unorm":
                _fail(f"'{ins.op}' needs a channel mask and an output format, "
                      "e.g. sample_unorm.RGBA.16-full", ins)
            _fail(f"'{ins.op}' needs exactly one modifier, a channel mask (e.g. .RGBA)", ins)
        if not mods:
            _fail(f"'{ins.op}' needs a channel mask (e.g. .RGBA)", ins)
        m = channel_mask(mods[self.pos], ins)
        if self.style == "simd":
            e = ins.exec
            if e is not None:
                if e.mask is not None:
                    _fail(f"'{ins.op}' takes a SIMD mode (8), (16) or (32), "
                          "not an execution mask", e)
                if e.size not in (8, 16, 32):
                    _fail("the SIMD mode can only be 8, 16 or 32", e)
                if e.size == 16:
                    m |= 0x10
        elif self.style == "unorm":
            f = _OUTPUT_FORMAT.get(mods[self.pos + 1])
            if f is None:
                _fail(f"unknown output format '.{mods[self.pos + 1]}' (expected "
                      f"{', '.join('.' + n for n in _OUTPUT_FORMAT)})", ins)
            m |= f << 4
        elif self.style == "single":
            if m not in _SINGLE_CHANNEL:
                _fail(f"'{ins.op}' takes one channel: .R, .G, .B or .A", ins)
            m = _SINGLE_CHANNEL[m]
        out.append(_UB.pack(m))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.ub()
        pos = _LAST_MOD if self.pos < 0 else self.pos
        if self.style == "single":
            if v not in _SINGLE_NAME:
                raise DecodeError(f"invalid gather4 channel {v}", at)
            b.mods[pos] = _SINGLE_NAME[v]
            return
        m, hi = v & 0xF, v >> 4
        if m not in _MASK_NAME:
            raise DecodeError("empty channel mask", at)
        b.mods[pos] = _MASK_NAME[m]
        if self.style == "simd":
            if hi > 1:
                raise DecodeError(f"invalid SIMD mode code {hi}", at)
            b.exec = ast.ExecSize(16 if hi else 8, None)
        elif self.style == "unorm":
            b.mods[pos + 1] = _FORMAT_NAME[hi & 3]
            if hi > 3:
                raise DecodeError(f"invalid sample_unorm channel byte 0x{v:02x}", at)
        elif hi:
            raise DecodeError(f"invalid channel mask byte 0x{v:02x}", at)


@record
class Op3D(Atom):
    """The 3D sampler op word: op | pixel_null_mask << 8 | cps << 9.  The
    modifiers before the channel mask must be among ``flags``, in order."""
    op: int
    flags: tuple = ("pixel_null_mask",)

    @property
    def mod_ordered(self) -> tuple:
        return self.flags

    def encode(self, ins, cx, out):
        given = ins.mods[:-1]
        k = 0
        for m in given:
            while k < len(self.flags) and self.flags[k] != m:
                k += 1
            if k == len(self.flags):
                allowed = " ".join("." + f for f in self.flags)
                _fail(f"unexpected modifier '.{m}' for '{ins.op}' (allowed before the channel "
                      f"mask, in this order: {allowed})", ins)
            k += 1
        v = self.op
        if "pixel_null_mask" in given:
            v |= opcodes.SAMPLER_3D_PIXEL_NULL_MASK
        if "cps" in given:
            v |= opcodes.SAMPLER_3D_CPS
        out.append(_UW.pack(v))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.uw()
        if v & opcodes.SAMPLER_3D_OP_MASK != self.op:
            raise Mismatch()
        bits = (("pixel_null_mask", opcodes.SAMPLER_3D_PIXEL_NULL_MASK), ("cps", opcodes.SAMPLER_3D_CPS),
                ("divS", opcodes.SAMPLER_3D_NON_UNIFORM))
        known = 0
        for k, (flag, bit) in enumerate(bits):
            if flag in self.flags:
                known |= bit
                if v & bit:
                    b.mods[k] = flag
        if v & ~(known | opcodes.SAMPLER_3D_OP_MASK):
            raise DecodeError(f"invalid sampler op word 0x{v:04x} for '{b.op}'", at)


@record
class State(Atom):
    """A sampler ('S') or surface ('T') operand, written as a state vector operand."""
    index: int
    kind: str

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    @property
    def name_slots(self) -> tuple:
        return ((self.index, "ST"),)  # either kind in either place, as GenX_IR

    def encode(self, ins, cx, out):
        _state(_get(ins, self.index), cx, self.kind, out)

    def decode(self, rd, cx, b):
        at = rd.at()
        b.operands[self.index] = ast.Name(cx.var_name(self.kind, rd.ub(), at))


@record
class RawList(Atom):
    """The operands from ``start`` on: their count (UB), then each as raw."""
    start: int
    limit: int = MAX_3D_PARAMS

    @property
    def operands_from(self) -> int:
        return self.start

    def encode(self, ins, cx, out):
        params = ins.operands[self.start:]
        if len(params) > self.limit:
            _fail(f"'{ins.op}' takes at most {self.limit} parameters, found {len(params)}", ins)
        out.append(_UB.pack(len(params)))
        for o in params:
            encode_raw(o, cx, out)

    def decode(self, rd, cx, b):
        at = rd.at()
        n = rd.ub()
        if n > self.limit:
            raise DecodeError(f"{n} sampler parameters (at most {self.limit})", at)
        for k in range(n):
            b.operands[self.start + k] = decode_raw(rd, cx)


@record
class NameEnum(Atom):
    """A keyword operand (AVS_16_FULL ...) written as a number."""
    size: int
    index: int
    table: tuple  # ((text, value), ...)

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        o = _get(ins, self.index)
        if type(o) is ast.Name:
            for text, value in self.table:
                if text == o.name:
                    out.append(struct.pack("<B" if self.size == 1 else "<H", value))
                    return
        _fail(f"expected one of {', '.join(t for t, _ in self.table)}, found {_describe(o)}", o)

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.uint(self.size)
        for text, value in self.table:
            if value == v:
                b.operands[self.index] = ast.Name(text)
                return
        raise DecodeError(f"invalid value {v} for {'/'.join(t for t, _ in self.table)}", at)


@record
class TupleItem(Atom):
    """Item ``item`` of the parenthesised operand ``index``: a number field of
    ``size`` bytes (vme_ime's stream mode / search control) or, with size 0,
    a vector operand (vme_fbr's modes)."""
    index: int
    item: int
    count: int
    size: int = 0

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        t = _get(ins, self.index)
        if type(t) is not ast.Tuple or len(t.items) != self.count:
            _fail(f"'{ins.op}' needs {self.count} values in parentheses first, e.g. "
                  f"({', '.join(['0'] * self.count)})", t)
        o = t.items[self.item]
        if self.size:
            if type(o) is not ast.Number:
                _fail(f"expected a number, found {_describe(o)}", o)
            if not 0 <= o.value < (1 << (8 * self.size)):
                _fail(f"{o.value} does not fit in {self.size} byte(s)", o)
            out.append(_UB.pack(o.value) if self.size == 1 else _UW.pack(o.value))
        else:
            encode_vector(o, cx, out)

    def decode(self, rd, cx, b):
        if self.size:
            o = ast.Number(rd.uint(self.size))
        else:
            o, _ = decode_vector(rd, cx)
        t = b.operands.get(self.index)
        b.operands[self.index] = ast.Tuple((t.items if t is not None else ()) + (o,))


def rt_options(ins) -> list[str]:
    """The ``<X>`` options of an rt_write_3d, in text order."""
    if not ins.mods:
        return []
    text = ".".join(ins.mods)
    if len(ins.mods) != 1 or not _RT_OPTION_RE.match(text):
        _fail(f"invalid rt_write_3d option '.{text}' (expected e.g. .<RTI><Z>)", ins)
    opts = re.findall(r"<([A-Za-z]+)>", text)
    for o in opts:
        if o not in _RT_BITS:
            _fail(f"unknown rt_write_3d option '<{o}>' (expected "
                  f"{', '.join('<' + k + '>' for k in _RT_BITS)})", ins)
    return opts


def rt_operand_count(opts) -> int:
    """Operands after the surface: header, the optional ones, R G B A."""
    return 5 + sum(1 for k in ("SI", "CPS", "RTI", "A", "O", "Z", "ST") if k in opts)


@record
class RtMode(Atom):
    """rt_write_3d's mode word, from its ``<X>`` options."""
    mod_slots = ((0, RT_OPTIONS),)

    def encode(self, ins, cx, out):
        opts = rt_options(ins)
        want = 1 + rt_operand_count(opts)
        if len(ins.operands) != want:
            _fail(f"'{ins.mnemonic}' takes {want} operands (surface, header, "
                  f"{'options, ' if opts else ''}R, G, B, A...), found {len(ins.operands)}", ins)
        v = 0
        for o in opts:
            v |= 1 << _RT_BITS[o]
        out.append(_UW.pack(v & ~_RT_NOT_STORED))

    def decode(self, rd, cx, b):
        at = rd.at()
        v = rd.uw()
        if v & ~_RT_ALL:
            raise DecodeError(f"invalid rt_write_3d mode 0x{v:04x}", at)
        if v:
            b.mods[0] = "".join(f"<{k}>" for k in _RT_PRINT_ORDER if v & (1 << _RT_BITS[k]))


@record
class RtTail(Atom):
    """rt_write_3d's operands from ``start`` on (after the header), each raw if
    written ``V.n``, else a vector; a ``<SI>`` sample index is not written."""
    start: int

    @property
    def operands_from(self) -> int:
        return self.start

    def encode(self, ins, cx, out):
        skip = 1 if "SI" in rt_options(ins) else 0
        for o in ins.operands[self.start + skip:]:
            if type(o) is ast.Raw:
                encode_raw(o, cx, out)
            else:
                encode_vector(o, cx, out)

    def decode(self, rd, cx, b):
        # as Intel's reader: sample index, CPS counter and RT index are vector
        # operands, the rest raw.  (A <SI> operand does not re-assemble: see RtMode.)
        opts = re.findall(r"<([A-Za-z]+)>", b.mods.get(0, ""))
        k = self.start
        for name in ("SI", "CPS", "RTI"):
            if name in opts:
                b.operands[k], _ = decode_vector(rd, cx)
                k += 1
        n = 4 + sum(1 for name in ("A", "O", "Z", "ST") if name in opts)
        for _ in range(n):
            b.operands[k] = decode_raw(rd, cx)
            k += 1


# ------------------------------------------------------------------- forms
_LAYOUTS: list = []  # (mnemonic, opcode, atoms) of each form, made into records below


def _register(text_op: str, opcode: str, atoms) -> None:
    _LAYOUTS.append((text_op, int(opcodes.OPCODES_BY_MNEMONIC[opcode].number), tuple(atoms)))


_register("sample", "sample", (
    OperandCount(6, 6, pred=False), Channel("simd", 0, 1), State(0, "S"), State(1, "T"),
    RawOp(2), RawOp(3), RawOp(4), RawOp(5)))
# load: a family of two layouts, the surface first or after a sampler that
# Intel's text grammar reads and drops
_register("load", "load", (
    OperandCount(5, 5, pred=False), Channel("simd", 0, 1), State(0, "T"),
    RawOp(1), RawOp(2), RawOp(3), RawOp(4)))
_register("load", "load", (
    OperandCount(6, 6, pred=False), Channel("simd", 0, 1), State(1, "T"),
    RawOp(2), RawOp(3), RawOp(4), RawOp(5)))
_register("sample_unorm", "sample_unorm", (
    OperandCount(7, 7, pred=False, exec=False), Channel("unorm", 0, 2), State(0, "S"), State(1, "T"),
    Vec(2), Vec(3), Vec(4), Vec(5), RawOp(6)))
_register("avs", "avs", (
    OperandCount(14, 14, pred=False, exec=False), Channel("mask", 0, 1), State(1, "S"), State(0, "T"),
    Vec(2), Vec(3), Vec(4), Vec(5), Vec(6), Vec(7), Vec(8),
    NameEnum(1, 9, tuple(_AVS_CNTRL.items())), Vec(10),
    NameEnum(1, 11, tuple(_AVS_EXEC_MODE.items())), Vec(12), RawOp(13)))
_register("vme_ime", "vme_ime", (
    OperandCount(8, 8, pred=False, exec=False), TupleItem(0, 0, 2, 1), TupleItem(0, 1, 2, 1),
    RawOp(2), RawOp(3), State(1, "T"), RawOp(4), RawOp(5), RawOp(6), RawOp(7)))
_register("vme_sic", "vme_sic", (
    OperandCount(4, 4, pred=False, exec=False), RawOp(1), RawOp(2), State(0, "T"), RawOp(3)))
_register("vme_fbr", "vme_fbr", (
    OperandCount(5, 5, pred=False, exec=False), RawOp(2), RawOp(3), State(1, "T"),
    TupleItem(0, 0, 3), TupleItem(0, 1, 3), TupleItem(0, 2, 3), RawOp(4)))

_S3D_FLAGS = ("pixel_null_mask", "cps", "divS")
for _info in opcodes.SAMPLER_3D_OPS.values():
    if not _info.in_text:
        continue
    _code = int(_info.op)
    if _info.opcode is opcodes.Opcode.SAMPLE_3D:
        _register(_info.name, "sample_3d", (
            OperandCount(4, 255), Op3D(_code, _S3D_FLAGS), Exec(), PredField(), Channel("mask"),
            Vec(0), State(1, "S"), State(2, "T"), RawOp(3), RawList(4)))
    elif _info.opcode is opcodes.Opcode.LOAD_3D:
        _register(_info.name, "load_3d", (
            OperandCount(3, 255), Op3D(_code), Exec(), PredField(), Channel("mask"),
            Vec(0), State(1, "T"), RawOp(2), RawList(3)))
    elif _info.opcode is opcodes.Opcode.GATHER4_3D:
        _register(_info.name, "gather4_3d", (
            OperandCount(4, 255), Op3D(_code), Exec(), PredField(), Channel("single"),
            Vec(0), State(1, "S"), State(2, "T"), RawOp(3), RawList(4)))

_register("resinfo", "info_3d", (
    OperandCount(3, 3, pred=False), Lit(1, int(opcodes.Sampler3DOp.RESINFO)), Exec(), Channel("mask", 0, 1),
    State(0, "T"), RawOp(1), RawOp(2)))
_register("sampleinfo", "info_3d", (
    OperandCount(2, 2, pred=False), Lit(1, int(opcodes.Sampler3DOp.SAMPLEINFO)), Exec(),
    Channel("mask", 0, 1), State(0, "T"), RawOp(1)))
_register("rt_write_3d", "rt_write_3d", (
    Exec(), PredField(), RtMode(), State(0, "T"), RawOp(1), RtTail(2)))
_register("urb_write_3d", "urb_write_3d", (
    OperandCount(6, 6), Exec(), PredField(), NumOp(1, 0), RawOp(2), NumOp(2, 1), RawOp(3), RawOp(4),
    RawOp(5)))


# ------------------------------------------------------------- text facts
def _is_state(o, names) -> bool:
    return type(o) in (ast.Name, ast.VarRef) and o.name in names


def _older_sample(ins, declared):
    """``sample / sample_unorm`` with the surface before the sampler (older
    spec) take the sampler first; ``sample_unorm`` without an output format
    is ``.16-full``."""
    ops = ins.operands
    if not (len(ops) >= 2 and _is_state(ops[0], declared.surfaces)
            and _is_state(ops[1], declared.samplers)):
        return None
    mods = ins.mods
    if ins.op == "sample_unorm" and len(mods) == 1:
        mods = mods + ("16-full",)
    return attrs.evolve(ins, mods=mods, operands=(ops[1], ops[0]) + ops[2:])


_FBR_MODES = {"16x16": 0, "16x8": 1, "8x16": 2, "8x8": 3}


def _older_vme_fbr(ins, declared):
    """``vme_fbr (16x16 0 0)`` (older spec) is ``vme_fbr (0x0:ub, 0x0:ub, 0x0:ub)``."""
    ops = ins.operands
    if not (ops and type(ops[0]) is ast.Tuple and len(ops[0].items) == 1
            and type(ops[0].items[0]) is ast.Name):
        return None
    t = ops[0]
    parts = t.items[0].name.split()
    if len(parts) != 3 or parts[0] not in _FBR_MODES or not all(p.isdigit() for p in parts[1:]):
        return None
    vals = (_FBR_MODES[parts[0]], int(parts[1]), int(parts[2]))
    items = tuple(ast.Imm(v, "ub", line=t.line, col=t.col) for v in vals)
    return attrs.evolve(ins, operands=(attrs.evolve(t, items=items),) + ops[1:])


# vISA 4.2 gives the 3D sampler messages one more operand after the
# destination: a paired resource (IsaDisassembly.cpp at v2.40.13, "paired
# resource"), %null when unused.  4.1 has no such operand.
# where each 3D sampler message's parameters start (its RawList)
_PARAMS_AT = {m: next(a.start for a in atoms if type(a) is RawList)
              for m, _, atoms in _LAYOUTS if any(type(a) is RawList for a in atoms)}


def _paired_at(mnemonic: str) -> int:
    return _PARAMS_AT[mnemonic]


def _drop_paired(ins):
    k = _paired_at(ins.op)
    if len(ins.operands) <= k:
        return ins
    p = ins.operands[k]
    if not (type(p) is ast.Raw and p.name == _NULL and p.offset == 0):
        _fail(f"'{ins.op}' with a paired resource ({p.name}) is vISA 4.2's: vISA 4.1 has no "
              "encoding for it (only %null.0 can be dropped)", p)
    return attrs.evolve(ins, operands=ins.operands[:k] + ins.operands[k + 1:])


def _add_paired(ins):
    k = _paired_at(ins.op)
    at = ins.operands[k - 1] if len(ins.operands) >= k else ins
    null = ast.Raw(_NULL, 0, line=at.line, col=at.col)
    return attrs.evolve(ins, operands=ins.operands[:k] + (null,) + ins.operands[k:])


_NULL = predefined.PREDEFINED_VARS[0].name
_3D = [i for i in opcodes.SAMPLER_3D_OPS.values() if i.in_text]
_TEXT = text_facts(
    ([i.name for i in _3D if i.opcode in (opcodes.Opcode.SAMPLE_3D, opcodes.Opcode.LOAD_3D)],
     dict(style=SAMPLER_3D)),
    ("vme_ime", dict(style=VME_IME)),
    (("resinfo", "sampleinfo"), dict(style_42=SAMPLER_3D)),  # IGC 2.x prints them as 3D ops
    # .divS is not recorded by these (Intel's text builder drops it)
    (("sample_3d", "sample_b", "sample_l", "sample_c", "sample_d", "sample_b_c", "sample_l_c",
      "sample_d_c", "sample_lz", "sample_c_lz"), dict(silent_mods=frozenset(("divS",)))),
    (("sample", "load"), dict(simd8_or_16=True)),
    (("sample", "sample_unorm"), dict(older=_older_sample)),
    ("vme_fbr", dict(older=_older_vme_fbr)),
    ([i.name for i in _3D
      if i.opcode in (opcodes.Opcode.SAMPLE_3D, opcodes.Opcode.LOAD_3D, opcodes.Opcode.GATHER4_3D)],
     dict(to_41=_drop_paired, to_42=_add_paired)),
)

# the vector parameters of sample_unorm (u/v offsets and deltas) and avs
# (u/v offsets and deltas, u2d, group id, vertical block number, v2d, IEF
# bypass) are general, indirect or immediate operands
_PARAM = Slot("src", classes("G", "I", "IMM"), None, "parameter")
_SIGNATURES = {
    "sample_unorm": Signature((Slot(), Slot()) + (_PARAM,) * 4 + (Slot("dst", raw=True),)),
    "avs": Signature(tuple(_PARAM if k in (2, 3, 4, 5, 6, 7, 8, 10, 12) else Slot()
                           for k in range(13)) + (Slot("dst", raw=True),)),
}

# the family's rules (rules_sampler.py)
_RULES = {
    **{m: (rules.sampler,) for m in ("sample", "load", "sample_unorm", "avs")},
    **{i.name: (rules.sampler_3d,) for i in _3D},
    "urb_write_3d": (rules.urb_write,),
    "vme_ime": (rules.vme,), "vme_fbr": (rules.vme,),
}

@record
class WithSampler:
    """load's choice: the layout that reads a sampler before the surface
    when the text writes six operands, else the one without."""
    without: object
    with_sampler: object

    def __call__(self, ins):
        return self.with_sampler if len(ins.operands) == 6 else self.without


def _sampler_family(row, m: str, made: list) -> tuple[tuple, object]:
    members = tuple(row_form(row, m, atoms=atoms) for _, atoms in made)
    return members, WithSampler(*members)


def _records() -> tuple:
    return layout_forms(
        _LAYOUTS, opcodes.OPCODES_BY_NUMBER,
        lambda m: dict(text=_TEXT.get(m, Text()), verify=_RULES.get(m, ()),
                       checks=Checks(counted=m not in ("urb_write_3d", "resinfo", "sampleinfo"))),
        lambda m: _SIGNATURES.get(m, OPEN), _sampler_family)


RECORDS: tuple = _records()
