"""AST -> vISA 4.1 binary.

The object layout (header, string pool, variable tables, inputs, attributes)
follows Intel's GenX_IR text assembler (igc-1.0.14828.26), the last writer of
correct vISA 4.1 binaries; the container itself is written by
:mod:`visa.binary.objfile`.  Each instruction is its opcode byte followed by
the atoms of its form (:mod:`visa.isa.forms`).

Facts established against the references (see also ../shared/spec/BINARY-NOTES.md):

* String pool: the unit's name, the 28 predefined names (%null ... %msg0,
  %slm, T1, T2, TSS, %bss, %scratch, S31), then every other name in the order
  the text first mentions it (declarations, attribute names, labels, function
  names), without repeats.
* Variable ids: general variables count from 32 (V0-V31 are predefined),
  surfaces from 6 (T0-T5), predicates from 1; address and sampler ids from 0.
"""
from __future__ import annotations

import struct

import attrs

from . import ast as A
from .binary import objfile as OF
from .errors import Diagnostic, VisaError
from .isa import opcodes as O
from .isa.atoms import TYPE_CODE, EncodeError
from .isa.forms import FORMS
from .isa.forms_misc import STATEFUL_OPS  # forms that add to the string pool each time

PREDEFINED_VAR_NAMES = tuple(v.name for v in O.PREDEFINED_VARS)
PREDEFINED_SURFACE_NAMES = tuple(s.name for s in O.PREDEFINED_SURFACES)
PREDEFINED_STRINGS = PREDEFINED_VAR_NAMES + PREDEFINED_SURFACE_NAMES + ("S31",)
NUM_PREDEFINED_VARS = O.NUM_PREDEFINED_VARS  # 32
NUM_PREDEFINED_SURFACES = O.NUM_PREDEFINED_SURFACES  # 6

# printed align name (None: byte) -> code
ALIGN_CODE = {(None if a is O.Align.BYTE else info.name): int(a) for a, info in O.ALIGN_INFO.items()}
LABEL_BLOCK, LABEL_SUBROUTINE, LABEL_FC = 0, 1, 2
INPUT_CLASS = {"G": 0, "S": 1, "T": 2}
TARGETS = {"cm": 0, "3d": 1, "cs": 2}
# constructs of the older syntax spec that vISA 4.1 cannot encode
_SCF = ("is structured control flow of the older vISA spec (opcodes 0x60-0x66); vISA 4.1 "
        "has none: write it with goto and labels")
OLDER_ONLY = {
    "if": _SCF, "else": _SCF, "endif": _SCF, "do": _SCF, "while": _SCF, "break": _SCF, "cont": _SCF,
    "asin": "(inverse sine) is not an opcode in vISA 4.1",
    "acos": "(inverse cosine) is not an opcode in vISA 4.1",
    "atan": "(inverse tangent) is not an opcode in vISA 4.1",
}
GRF_BYTES = {14: 64, 15: 64}  # PVC, PVCXT; 32 bytes elsewhere
PLATFORM_CODES = {"SKL": 5, "TGLLP": 12, "DG2": 13, "PVC": 14, "PVCXT": 15}


class EncodeErrors(Exception):
    """Several EncodeErrors of one program (each instruction is tried)."""

    def __init__(self, errors):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = list(errors)


MAX_ERRORS = 20


class Symbols:
    """Names -> ids for one unit, and its string pool in first-mention order.

    Forms also read the declared types (``var_types``), may raise a
    variable's alignment (``var_align``, as dpas does), append a fresh pool
    entry (``add_string``: GenX_IR gives every fcall / faddr / FILE its own),
    and need the GRF size of the target (``grf_bytes``)."""

    def __init__(self, unit: A.Unit, grf_bytes: int = 32):
        self.grf_bytes = grf_bytes
        self.var_types = {d.name: d.type for d in unit.decls if type(d) is A.VarDecl}
        self.var_align = {d.name: ALIGN_CODE[d.align] for d in unit.decls if type(d) is A.VarDecl}
        self.strings: list[str] = [unit.name]
        self._index: dict[str, int] = {unit.name: 0}
        for s in PREDEFINED_STRINGS:
            self.string_id(s)
        self.vars: dict[str, tuple[str, int]] = {}
        for i in range(NUM_PREDEFINED_VARS):
            self.vars[f"V{i}"] = ("G", i)  # predefined variables by number
        for i, n in enumerate(PREDEFINED_VAR_NAMES):
            self.vars[n] = ("G", i)
        for i, n in enumerate(PREDEFINED_SURFACE_NAMES):
            self.vars[n] = ("T", i)
        self.vars["S31"] = ("S", 31)
        self.labels: list[tuple[str, int]] = []  # (name, kind)
        self._label_index: dict[str, int] = {}

    def add_string(self, s: str) -> int:
        """A new pool entry for ``s``, even if it is there already (the
        empty string is index 0)."""
        if not s:
            return 0
        self.strings.append(s)
        return len(self.strings) - 1

    def string_id(self, s: str) -> int:
        i = self._index.get(s)
        if i is None:
            i = self._index[s] = len(self.strings)
            self.strings.append(s)
        return i

    def declare(self, name: str, kind: str, ident: int) -> None:
        self.vars[name] = (kind, ident)

    def var_kind(self, name: str, node) -> tuple[str, int]:
        r = self.vars.get(name)
        if r is None:
            raise EncodeError(f"undeclared variable '{name}'", node)
        return r

    def label_id(self, name: str, node=None, kind: int = LABEL_BLOCK) -> int:
        i = self._label_index.get(name)
        if i is None:
            i = self._label_index[name] = len(self.labels)
            self.labels.append((name, kind))
            self.string_id(name)
        return i


def _attr_value(a: A.Attr) -> bytes:
    if a.value is None:
        return b""
    if isinstance(a.value, str):
        if a.name == "Target":
            if a.value not in TARGETS:
                raise EncodeError(f"unknown kernel target \"{a.value}\" (expected \"cm\" or \"3d\")", a)
            return bytes((TARGETS[a.value],))
        return a.value.encode("utf-8")
    if a.name == "Target":
        return bytes((a.value & 0xFF,))
    return struct.pack("<i" if a.value < 0 else "<I", a.value)


def _decl_attrs(attrs_, sym: Symbols) -> tuple:
    return tuple(OF.Attribute(sym.string_id(a.name), _attr_value(a)) for a in attrs_)


def encode_unit(unit: A.Unit, grf_bytes: int = 32) -> OF.VisaObject:
    sym = Symbols(unit, grf_bytes)
    # declarations, in program order (ids count per kind)
    decls = unit.decls
    counters = {"G": NUM_PREDEFINED_VARS, "A": 0, "P": 1, "S": 0, "T": NUM_PREDEFINED_SURFACES}
    kind_of = {A.VarDecl: "G", A.AddrDecl: "A", A.PredDecl: "P", A.SamplerDecl: "S",
               A.SurfaceDecl: "T"}
    for d in decls:
        k = kind_of[type(d)]
        sym.string_id(d.name)
        sym.declare(d.name, k, counters[k])
        counters[k] += 1
    variables = []
    for d in unit.vars:
        alias_index = alias_offset = 0
        if d.alias is not None:
            k, alias_index = sym.var_kind(d.alias.var, d)
            if k != "G":
                raise EncodeError(f"alias target '{d.alias.var}' is not a general variable", d)
            alias_offset = d.alias.offset
        variables.append(OF.GeneralVar(sym.string_id(d.name),
                                       TYPE_CODE[d.type] | (ALIGN_CODE[d.align] << 4),
                                       d.num_elts, alias_index, alias_offset, 0,
                                       _decl_attrs(d.attrs, sym)))
    addresses = [OF.AddressVar(sym.string_id(d.name), d.num_elts, _decl_attrs(d.attrs, sym))
                 for d in unit.addrs]
    predicates = [OF.PredicateVar(sym.string_id(d.name), d.num_elts, _decl_attrs(d.attrs, sym))
                  for d in unit.preds]
    samplers = [OF.StateVar(sym.string_id(d.name), d.num_elts, _decl_attrs(d.attrs, sym))
                for d in unit.samplers]
    surfaces = [OF.StateVar(sym.string_id(d.name), d.num_elts, _decl_attrs(d.attrs, sym))
                for d in unit.surfaces]
    inputs = None
    if unit.kind == "kernel":
        inputs = []
        for i in unit.inputs:
            k, ident = sym.var_kind(i.name, i)
            if k not in INPUT_CLASS:
                raise EncodeError(f"'{i.name}' cannot be a kernel input", i)
            inputs.append(OF.Input(INPUT_CLASS[k], ident, i.offset or 0, i.size or 0))
    attributes = [OF.Attribute(sym.string_id(a.name), _attr_value(a)) for a in unit.attrs]
    code = encode_body(unit.body, sym)
    # instructions may have raised alignments (dpas)
    variables = [v if sym.var_align[d.name] == v.bit_properties >> 4 else
                 attrs.evolve(v, bit_properties=(v.bit_properties & 0xF) | (sym.var_align[d.name] << 4))
                 for v, d in zip(variables, unit.vars)]
    labels = [OF.Label(sym.string_id(n), k) for n, k in sym.labels]
    if unit.kind == "kernel":
        return OF.VisaObject(tuple(sym.strings), 0, variables, addresses, predicates, labels,
                             samplers, surfaces, (), inputs, None, None, attributes, code)
    return OF.VisaObject(tuple(sym.strings), 0, variables, addresses, predicates, labels,
                         samplers, surfaces, (), None, 0, 0, attributes, code)


def encode_body(body, sym: Symbols) -> bytes:
    """The instruction stream.  An instruction's bytes depend only on the
    instruction and the unit's symbols (label and string ids are fixed at
    first mention), so equal instructions are encoded once.

    A form may have several layouts for one mnemonic (``resolve(ins)``
    picks one), and an atom may count bytes Intel's writer reserves but never
    writes (``unwritten``, 2D block LSC): those come as zeros at the end of
    the unit's code, where the declared size puts them."""
    out: list[bytes] = []
    sub_op = int(O.OPCODES_BY_MNEMONIC["func"].number)
    label_op = int(O.OPCODES_BY_MNEMONIC["label"].number)
    memo: dict = {}
    unwritten = 0
    errors: list[EncodeError] = []
    for s in body:
        t = type(s)
        if t is A.Instruction:
            m = memo.get(s)
            if m is not None:
                out.append(m[0])
                unwritten += m[1]
                continue
            try:
                m = _encode_one(s, sym)
            except EncodeError as e:  # report it, and go on looking for more
                errors.append(e)
                if len(errors) >= MAX_ERRORS:
                    break
                continue
            if s.op not in STATEFUL_OPS:
                memo[s] = m
            out.append(m[0])
            unwritten += m[1]
            continue
        if t is A.Subroutine:
            i = sym.label_id(s.name, s, LABEL_SUBROUTINE)
            out.append(struct.pack("<BH", sub_op, i))
        else:  # Label
            out.append(struct.pack("<BH", label_op, sym.label_id(s.name, s)))
    if errors:
        raise EncodeErrors(errors)
    out.append(bytes(unwritten))
    return b"".join(out)


def _encode_one(s: A.Instruction, sym: Symbols) -> tuple[bytes, int]:
    """One instruction's bytes and the zero bytes it leaves for the end."""
    f = FORMS.get(s.op)
    if f is None:
        if s.op in OLDER_ONLY:
            raise EncodeError(f"'{s.op}' {OLDER_ONLY[s.op]}", s)
        raise EncodeError(f"unknown or not yet encodable instruction '{s.mnemonic}'", s)
    resolve = getattr(f, "resolve", None)
    if resolve is not None:
        f = resolve(s)
    part = [bytes((f.opcode,))]
    for a in f.atoms:
        a.encode(s, sym, part)
    return b"".join(part), sum(getattr(a, "unwritten", 0) for a in f.atoms)


def _platform_code(p) -> int:
    if isinstance(p, int):
        return p
    try:
        return PLATFORM_CODES[str(p).upper()]
    except KeyError:
        raise ValueError(f"unknown platform '{p}' (expected a code or one of "
                         f"{', '.join(PLATFORM_CODES)})") from None


def assemble_module(module: A.Module, gen_binaries=()) -> bytes:
    kernels, functions = [], []
    gens = [(_platform_code(p), bytes(b)) for p, b in gen_binaries]
    if len(gens) > 4:
        raise ValueError("a kernel carries at most 4 Gen binaries")
    grf = max([GRF_BYTES.get(p, 32) for p, _ in gens] or [32])
    for u in module.units:
        obj = encode_unit(u, grf)
        if u.kind == "kernel":
            kernels.append((u.name, obj, gens if not kernels else ()))
        else:
            functions.append((u.name, obj))
    # the only object format written is vISA 4.1 (an older text's .version
    # names the syntax it was written in, not the binary wanted)
    return OF.write(OF.build(kernels, functions, major=4, minor=1))


def assemble(text: str, *, gen_binaries=(), filename: str = "<input>") -> bytes:
    from .errors import make_diag
    from .parser import parse
    module = parse(text, filename)

    def diag(e: EncodeError):
        n = e.node
        return make_diag(text, filename, getattr(n, "line", 0) or 0, getattr(n, "col", 0) or 0, str(e))

    try:
        return assemble_module(module, gen_binaries)
    except EncodeErrors as es:
        raise VisaError([diag(e) for e in es.errors]) from None
    except EncodeError as e:
        raise VisaError([diag(e)]) from None
    except OF.ObjectFormatError as e:
        raise VisaError([Diagnostic(filename, 0, 0, str(e))]) from None
