"""vISA 4.1 binary -> AST.

The container is read by :mod:`visa.binary.objfile`; the declaration tables
become declaration nodes, and the instruction stream is decoded by the same
forms that encode it (:mod:`visa.isa.forms`): for each opcode byte the
decoder tries the forms of that opcode in turn, each a loop over its atoms.
Anything that does not decode is a :class:`visa.VisaError` naming the byte
offset; any other exception is a bug of the decoder (the command-line tools
report it as an internal error).
"""
from __future__ import annotations

from . import ast
from .binary import objfile
from .errors import Diagnostic, VisaError
from .isa import datatypes, targets, field_codes, opcodes, predefined, attributes
from .isa.atoms import TYPE_NAME, DecodeError, InsBuilder, Mismatch, Reader
from .isa import forms as _forms

ALIGN_NAME = datatypes.ALIGN_PRINTED_BY_CODE
_SUB_OP = opcodes.SUBROUTINE_OPCODE
_LABEL_OP = opcodes.LABEL_OPCODE


class Names:
    """Ids -> names for one object (the decode-side twin of encode.Symbols)."""

    def __init__(self, obj: objfile.VisaObject, grf_bytes: int = 32):
        self.obj = obj
        self.grf_bytes = grf_bytes
        s = obj.strings
        self.g = {i: n for i, n in enumerate(predefined.PREDEFINED_VAR_NAMES)}
        for k, v in enumerate(obj.variables):
            self.g[predefined.NUM_PREDEFINED_VARS + k] = s[v.name_index]
        self.a = {k: s[v.name_index] for k, v in enumerate(obj.addresses)}
        self.p = {1 + k: s[v.name_index] for k, v in enumerate(obj.predicates)}
        self.s = {k: s[v.name_index] for k, v in enumerate(obj.samplers)}
        self.s[31] = "S31"
        self.t = {i: n for i, n in enumerate(predefined.PREDEFINED_SURFACE_NAMES)}
        for k, sv in enumerate(obj.surfaces):
            self.t[predefined.NUM_PREDEFINED_SURFACES + k] = s[sv.name_index]
        self.by_kind = {"G": self.g, "A": self.a, "P": self.p, "S": self.s, "T": self.t}
        self._kinds: dict | None = None
        self._sizes: dict | None = None

    def kind_of(self, name: str) -> str | None:
        """The kind (G, A, P, S or T) of a name of the object (None: not one)."""
        if self._kinds is None:
            self._kinds = {}
            for k, table in self.by_kind.items():
                for n in table.values():
                    self._kinds.setdefault(n, k)
        return self._kinds.get(name)

    def type_size(self, name: str) -> int:
        """The element size of general variable ``name`` (1 when not known)."""
        if self._sizes is None:
            obj = self.obj
            self._sizes = {}
            for v in obj.variables:
                self._sizes.setdefault(obj.strings[v.name_index],
                                       datatypes.TYPE_INFO[datatypes.VisaType(v.bit_properties & 0xF)].size)
            for p in predefined.PREDEFINED_VARS:
                self._sizes.setdefault(p.name, datatypes.TYPE_INFO[p.type].size)
        return self._sizes.get(name, 1)

    def label_kind(self, ident: int) -> int | None:
        labels = self.obj.labels
        return labels[ident].kind if 0 <= ident < len(labels) else None

    def var_name(self, kind: str, ident: int, at=None) -> str:
        n = self.by_kind[kind].get(ident)
        if n is None:
            if kind == "G" and ident < predefined.NUM_PREDEFINED_VARS:
                return f"V{ident}"
            raise DecodeError(f"no {'general address predicate sampler surface'.split()['GAPST'.index(kind)]}"
                              f" variable with id {ident}", at)
        return n

    def label_name(self, ident: int, at=None) -> str:
        labels = self.obj.labels
        if not 0 <= ident < len(labels):
            raise DecodeError(f"no label with id {ident}", at)
        return self.obj.strings[labels[ident].name_index]

    def string(self, index: int, at=None) -> str:
        if not 0 <= index < len(self.obj.strings):
            raise DecodeError(f"no string with index {index}", at)
        return self.obj.strings[index]


def _attr_value(name: str, raw: bytes):
    if not raw:
        return None
    if name == "Target" and len(raw) == 1:  # written as "cm" / "3d"
        return field_codes.KERNEL_TARGET_NAMES[field_codes.KernelTarget(raw[0])] if raw[0] in (0,
                                                                                               1) else raw[0]
    ad = attributes.ATTRIBUTES_BY_NAME.get(name)
    if ad is not None and ad.kind.value == "string":
        return raw.decode("utf-8", "surrogateescape")
    if len(raw) in (1, 2, 4):
        return int.from_bytes(raw, "little", signed=False)
    return raw.decode("utf-8", "surrogateescape")


def _decl_attrs(obj, attrs_):
    return tuple(ast.Attr(obj.strings[a.name_index], _attr_value(obj.strings[a.name_index], a.value))
                 for a in attrs_)


def decode_object(obj: objfile.VisaObject, kind: str, name: str, funcdecls=(), code_at: int = 0,
                  grf_bytes: int = 32, offsets: list | None = None) -> ast.Unit:
    s = obj.strings
    names = Names(obj, grf_bytes)
    pool_index = {}
    vars_ = []
    for v in obj.variables:
        ty = v.bit_properties & 0xF
        al = v.bit_properties >> 4
        if ty not in TYPE_NAME or al not in ALIGN_NAME:
            raise DecodeError(f"variable '{s[v.name_index]}' has an invalid type or alignment code")
        alias = None
        if v.alias_index:
            alias = ast.Alias(names.var_name("G", v.alias_index), v.alias_offset)
        vars_.append(ast.VarDecl(s[v.name_index], TYPE_NAME[ty], v.num_elements, ALIGN_NAME[al],
                               alias, _decl_attrs(obj, v.attributes)))
        pool_index[id(vars_[-1])] = v.name_index

    def small(cls, table, *extra):
        out = []
        for v in table:
            n = s[v.name_index]
            out.append(cls(n, v.num_elements, *(n for _ in extra), _decl_attrs(obj, v.attributes)))
            pool_index[id(out[-1])] = v.name_index
        return out

    addrs = small(ast.AddrDecl, obj.addresses)
    preds = small(ast.PredDecl, obj.predicates)
    samplers = small(ast.SamplerDecl, obj.samplers, "vname")
    surfaces = small(ast.SurfaceDecl, obj.surfaces, "vname")
    # program order: the order the names entered the string pool
    decls = sorted(vars_ + addrs + preds + samplers + surfaces, key=lambda x: pool_index[id(x)])
    inputs = []
    for i in obj.inputs or ():
        k = {0: "G", 1: "S", 2: "T"}.get(i.kind & 7)
        if k is None:
            raise DecodeError(f"input of unknown class {i.kind & 7}")
        inputs.append(ast.Input(field_codes.implicit_input_directive(i.kind >> 3), names.var_name(k, i.index),
                              i.offset, i.size))
    attrs_ = _decl_attrs(obj, obj.attributes)
    body = decode_code(obj, names, code_at, offsets)
    return ast.Unit(kind, name, tuple(funcdecls), tuple(decls), tuple(inputs), attrs_, tuple(body))


def decode_instruction(rd: Reader, forms: tuple, names, op: int, at: int) -> tuple:
    """The instruction whose opcode ``op`` was just read (at ``at``): its
    node, decoded by the first of ``forms`` (the opcode's layouts) that
    reads the bytes, that layout, and the furthest byte any attempt looked
    at (``rd`` is left after the instruction).  Raises DecodeError when no
    layout reads them."""
    start = rd.pos
    seen = start  # the furthest byte any attempt looked at
    last = None
    for f in forms:
        rd.pos = start
        b = InsBuilder(f.mnemonic)
        try:
            for a in f.atoms:
                a.decode(rd, names, b)
        except Mismatch:
            seen = max(seen, rd.pos)
            continue
        except DecodeError as e:
            seen = max(seen, rd.pos)
            last = e
            continue
        return b.finish(), f, max(seen, rd.pos)
    raise last or DecodeError(f"no form of opcode 0x{op:02x} matches these bytes", at)


def decode_code(obj: objfile.VisaObject, names: Names, base: int = 0,
                offsets: list | None = None) -> list:
    """The instruction stream -> statements (``offsets``, when given, gets
    each statement's byte offset: ``base`` plus its place in the stream).
    Equal byte sequences decode
    equally (decoded nodes carry no position), so each instruction is
    remembered under every byte its decoding looked at, failed attempts at
    other forms of the opcode included, and a repeat is not decoded again."""
    by_opcode = _forms.FORMS.by_opcode()
    data = obj.code
    rd = Reader(data, 0, base)
    body = []
    unwritten = 0  # zero bytes some forms leave for the end of the stream
    memo: dict[bytes, tuple] = {}  # bytes looked at -> (node, length, unwritten)
    spans: dict[int, set] = {}  # opcode -> the lengths of those byte keys
    while rd.pos < len(data) - unwritten:
        at = rd.at()
        if offsets is not None:
            offsets.append(at)
        pos0 = rd.pos
        op = data[pos0]
        hit = None
        for n in spans.get(op, ()):
            hit = memo.get(data[pos0:pos0 + n])
            if hit is not None:
                break
        if hit is not None and pos0 + hit[1] <= len(data) - unwritten:
            body.append(hit[0])
            rd.pos = pos0 + hit[1]
            unwritten += hit[2]
            continue
        rd.ub()
        if op == _SUB_OP:
            body.append(ast.Subroutine(names.label_name(rd.uw(), at)))
            continue
        if op == _LABEL_OP:
            body.append(ast.Label(names.label_name(rd.uw(), at)))
            continue
        forms = by_opcode.get(op)
        if not forms:
            raise DecodeError(f"unknown or not yet decodable opcode 0x{op:02x}", at)
        node, f, seen = decode_instruction(rd, forms, names, op, at)
        pad = f.unwritten
        body.append(node)
        unwritten += pad
        memo[data[pos0:seen]] = (node, rd.pos - pos0, pad)
        spans.setdefault(op, set()).add(seen - pos0)
    if rd.pos != len(data) - unwritten or any(data[rd.pos:]):
        raise DecodeError("the instruction stream does not end where the object's size says",
                          rd.at())
    return body


def disassemble_module(data: bytes, offsets: list | None = None) -> ast.Module:
    """The program of a vISA binary.  ``offsets``, when given, gets one list
    per unit (kernels, then functions): the file offset of each statement of
    its body."""
    f = objfile.read(data)
    funcs = tuple(fn.name for fn in f.functions)
    plan = objfile.layout(f)

    def code_at(info, obj):  # file offset of an object's instruction stream
        return info.offset + info.size - len(obj.code)

    grf = targets.grf_bytes_of(g.platform for k in f.kernels for g in k.gen_binaries)
    def where() -> list | None:
        if offsets is None:
            return None
        offsets.append([])
        return offsets[-1]

    units = [decode_object(k.obj, "kernel", k.name, funcs, code_at(i, k.obj), grf, where())
             for k, i in zip(f.kernels, plan.kernels)]
    units += [decode_object(fn.obj, "function", fn.name, (), code_at(i, fn.obj), grf, where())
              for fn, i in zip(f.functions, plan.functions)]
    return ast.Module((f.major, f.minor), tuple(units))


def disassemble(data: bytes, *, filename: str = "<input>") -> str:
    from .printer import format as fmt
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("disassemble() takes bytes")
    try:
        return fmt(disassemble_module(bytes(data)))
    except (objfile.ObjectFormatError, DecodeError) as e:
        raise VisaError([Diagnostic(filename, 0, 0, f"invalid vISA binary: {e}", rule="binary")]) from None
