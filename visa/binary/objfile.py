"""vISA 4.1 object-file container (magic ``CISA``): reader and writer.

This layer covers everything in a vISA binary except the meaning of the
instruction stream, which each kernel / function object keeps as raw ``bytes``.
``write(read(x)) == x`` holds for every reference written by GenX_IR
(igc-1.0.14828.26).  The writer recomputes every offset and size from the
contents, so a ``CisaFile`` built from scratch is laid out as Intel's writer
lays it out.

Layout established from the references and Intel's writer/reader sources
(all integers little endian, no padding; UB/UW/UD = 1/2/4 bytes, W = signed 2):

File header
  UD magic 'CISA' | UB major (4) | UB minor (1) | UW num_kernels
  kernel_info[num_kernels]:
    UW name_len (UW since 3.7; the 12504-era docs say UB) | name (no NUL)
    UD offset | UD size | UD input_offset (absolute offset of the kernel's
    num_inputs field) | UW num_var_relocs + (UW sym, UW resolved)*
    | UW num_func_relocs + (UW, UW)* (both always 0)
    | UB num_gen_binaries + gen_binary_info{UB platform, UD offset, UD size}*
  UW num_filescope_vars (always 0; nonzero is rejected, as Intel's reader does)
  UW num_functions
  function_info[num_functions]:
    UB linkage (0) | UW name_len | name | UD offset | UD size
    | UW num_var_relocs + (UW, UW)* | UW num_func_relocs + (UW, UW)*

File order (the documentation's picture, functions first, is wrong): header,
then for each kernel its object immediately followed by its Gen blob(s), then
the function objects.  kernel offset + size == first blob's offset; a failed
native compile leaves one gen_binary_info of platform 0, size 0 (its offset
still points just past the object).  Platform codes: 5 SKL, 12 TGLLP, 13 DG2,
14 PVC, 15 PVCXT.  The header never records function Gen code.

Kernel / function object (offsets inside it are relative to its start)
  UD string_count | string_count NUL-terminated strings.  String 0 is the
    kernel's / function's own name (the docs say it is the empty string).
  UD name_index (0 in every reference) | UD variable_count (the 32
    predefined V0-V31 are not stored: table entry i is V(32+i); input and
    alias indices count the predefined ones, e.g. alias_index 7 = %r0)
  var_info{UD name_index, UB bit_properties (type bits 0-3, align bits 4-7),
    UW num_elements, UD alias_index, UW alias_offset, UB alias_scope,
    UB attr_count, attribute*}                 -- 15 bytes + attributes
  UW address_count + {UD name_index, UW num_elements, UB attr_count, attr*}*
  UW predicate_count + (same 7-byte layout)*
  UW label_count + {UD name_index, UB kind, UB attr_count, attr*}*
  UB sampler_count + {UD name_index, UW num_elements, UB attr_count, attr*}*
  UB surface_count + (same)*  (predefined T0-T5 are not stored; a surface
    input's index counts them, samplers have none)
  UB vme_count (always 0 in 4.1; entries, if any, parsed as state vars)
  kernels only: UD num_inputs + input_info{UB kind (class bits 0-2,
    provenance bits 3-7), UD index, W offset, UW size}*   -- 9 bytes each.
    num_inputs is a UD (since 3.5) although Intel's writer squeezes the count
    through a uint8 first; input_offset in kernel_info points at this field.
  UD code_size | UD entry (== size of everything before the code)
  functions only: UB input_size | UB return_type.  Intel's writer stores the
    never-set ``return_type`` where its reader expects return_value_size, so
    both bytes are 0 in every reference (the real sizes are the ArgSize /
    RetValSize attributes).
  UW attribute_count (UW here, UB in the tables above)
  attribute_info{UD name_index (the docs' "UD name" is a string index),
    UB size, size bytes of value}*
  instruction stream: code_size bytes; the object's header-entry size is
    entry + code_size (there is no instruction count).

GenX_IR writes the SimdSize kernel attribute with 4 value bytes and Target
with 1 (the documentation recommends 1 for both).
"""
from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Callable, TypeVar, Union

import attrs
from .._frozen import frozen

__all__ = [
    "ObjectFormatError",
    "Attribute",
    "GeneralVar",
    "AddressVar",
    "PredicateVar",
    "Label",
    "StateVar",
    "Input",
    "VisaObject",
    "Reloc",
    "GenBinary",
    "GenBinaryInfo",
    "KernelInfo",
    "FunctionInfo",
    "FileHeader",
    "Kernel",
    "Function",
    "CisaFile",
    "read",
    "read_header",
    "write",
    "layout",
    "relayout",
    "build",
    "MAGIC",
    "GenBinaryPairs",
    "GenBinaries",
]

MAGIC = b"CISA"
_MIN_VERSION = (3, 7)   # name_len became UW in 3.7; indices are UD since 3.4
_MAX_VERSION = (4, 1)


class ObjectFormatError(ValueError):
    """The bytes are not a well-formed vISA object file (or a CisaFile cannot
    be encoded).  The message gives the byte offset and what was expected."""


# --------------------------------------------------------------------------
# data model

def _tuple(x: Iterable[Any]) -> tuple[Any, ...]:
    # the converter of the tuple fields (attrs' plugin types a field's
    # constructor argument by it: any iterable of the items)
    return x if type(x) is tuple else tuple(x)


GenBinaryPairs = Iterable[tuple[Union[str, int], bytes]]
"""Native Gen code blobs to embed after a kernel: (platform, blob) pairs,
the platform by Gen binary code (12, 13...) or by any of Intel's names."""

GenBinaries = Union[GenBinaryPairs, Mapping[str, GenBinaryPairs]]
"""The Gen code of a whole file, as the assembler takes it: pairs for the
first kernel, or a mapping from kernel name to pairs."""


@frozen
class Attribute:
    """attribute_info: string-pool index of the name and the raw value."""
    name_index: int
    value: bytes = b""


@frozen
class GeneralVar:
    """var_info (a general `.decl v_type=G` variable)."""
    name_index: int
    bit_properties: int
    num_elements: int
    alias_index: int = 0
    alias_offset: int = 0
    alias_scope: int = 0
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)

    @property
    def type_code(self) -> int:
        return self.bit_properties & 0xF

    @property
    def align_code(self) -> int:
        return self.bit_properties >> 4


@frozen
class AddressVar:
    name_index: int
    num_elements: int
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class PredicateVar:
    name_index: int
    num_elements: int
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class Label:
    """label_info; kind 0 block, 1 subroutine, 2 fc (fcall target), 3 function."""
    name_index: int
    kind: int
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class StateVar:
    """Sampler, surface (or VME) variable: state_info."""
    name_index: int
    num_elements: int
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class Input:
    """input_info of a kernel."""
    kind: int
    index: int
    offset: int
    size: int

    @property
    def category(self) -> int:
        """0 general, 1 sampler, 2 surface."""
        return self.kind & 0x7

    @property
    def provenance(self) -> int:
        return self.kind >> 3


@frozen
class VisaObject:
    """A kernel or function object.  ``inputs`` is a tuple for a kernel and
    None for a function; ``input_size``/``return_type`` are ints for a function
    and None for a kernel."""
    strings: tuple[str, ...] = attrs.field(converter=_tuple)
    name_index: int = 0
    variables: tuple[GeneralVar, ...] = attrs.field(default=(), converter=_tuple)
    addresses: tuple[AddressVar, ...] = attrs.field(default=(), converter=_tuple)
    predicates: tuple[PredicateVar, ...] = attrs.field(default=(), converter=_tuple)
    labels: tuple[Label, ...] = attrs.field(default=(), converter=_tuple)
    samplers: tuple[StateVar, ...] = attrs.field(default=(), converter=_tuple)
    surfaces: tuple[StateVar, ...] = attrs.field(default=(), converter=_tuple)
    vmes: tuple[StateVar, ...] = attrs.field(default=(), converter=_tuple)
    inputs: tuple[Input, ...] | None = attrs.field(
        default=(), converter=attrs.converters.optional(_tuple))
    input_size: int | None = None
    return_type: int | None = None
    attributes: tuple[Attribute, ...] = attrs.field(default=(), converter=_tuple)
    code: bytes = b""

    @property
    def is_kernel(self) -> bool:
        return self.inputs is not None

    @property
    def name(self) -> str:
        return self.strings[self.name_index]

    def string(self, index: int) -> str:
        return self.strings[index]

    def attribute_dict(self) -> dict[str, bytes]:
        return {self.strings[a.name_index]: a.value for a in self.attributes}


@frozen
class Reloc:
    symbolic_index: int
    resolved_index: int


@frozen
class GenBinary:
    """An embedded native Gen code blob."""
    platform: int
    data: bytes = b""


@frozen
class GenBinaryInfo:
    """gen_binary_info as stored in the header."""
    platform: int
    offset: int
    size: int


@frozen
class KernelInfo:
    """kernel_info header entry, as stored."""
    name: str
    offset: int
    size: int
    input_offset: int
    gen_binaries: tuple[GenBinaryInfo, ...] = attrs.field(default=(), converter=_tuple)
    variable_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    function_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class FunctionInfo:
    """function_info header entry, as stored."""
    linkage: int
    name: str
    offset: int
    size: int
    variable_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    function_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)


@frozen
class FileHeader:
    magic: bytes
    major: int
    minor: int
    kernels: tuple[KernelInfo, ...] = attrs.field(converter=_tuple)
    functions: tuple[FunctionInfo, ...] = attrs.field(converter=_tuple)


@frozen
class Kernel:
    """A kernel: header name, object, Gen blobs.  ``info`` is the header entry
    as read (None when built by hand); it takes no part in equality and the
    writer ignores it (offsets and sizes are recomputed)."""
    name: str
    obj: VisaObject
    gen_binaries: tuple[GenBinary, ...] = attrs.field(default=(), converter=_tuple)
    variable_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    function_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    info: KernelInfo | None = attrs.field(default=None, eq=False, repr=False)


@frozen
class Function:
    name: str
    obj: VisaObject
    linkage: int = 0
    variable_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    function_relocs: tuple[Reloc, ...] = attrs.field(default=(), converter=_tuple)
    info: FunctionInfo | None = attrs.field(default=None, eq=False, repr=False)


@frozen
class CisaFile:
    kernels: tuple[Kernel, ...] = attrs.field(converter=_tuple)
    functions: tuple[Function, ...] = attrs.field(default=(), converter=_tuple)
    major: int = 4
    minor: int = 1

    @property
    def header(self) -> FileHeader | None:
        """The header entries as read from the file (None if built by hand)."""
        ks = [k.info for k in self.kernels]
        fs = [f.info for f in self.functions]
        if any(x is None for x in ks) or any(x is None for x in fs):
            return None
        return FileHeader(MAGIC, self.major, self.minor, ks, fs)


# --------------------------------------------------------------------------
# precompiled structs

_S = struct.Struct
_U8 = _S("<B")
_U16 = _S("<H")
_U32 = _S("<I")
_FILE_HDR = _S("<4sBBH")          # magic, major, minor, num_kernels
_KERN_POS = _S("<III")            # offset, size, input_offset
_GEN_INFO = _S("<BII")            # platform, offset, size
_RELOC = _S("<HH")
_FUNC_HEAD = _S("<BH")            # linkage, name_len
_FUNC_POS = _S("<II")             # offset, size
_HDR_COUNTS = _S("<HH")           # num_filescope_vars, num_functions
_NAME_VC = _S("<II")              # name_index, variable_count
_VAR = _S("<IBHIHBB")             # 15 bytes
_ADDR = _S("<IHB")                # address / predicate / state var, 7 bytes
_LABEL = _S("<IBB")               # 6 bytes
_INPUT = _S("<BIhH")              # 9 bytes
_SIZE_ENTRY = _S("<II")
_FN_SIZES = _S("<BB")
_ATTR = _S("<IB")                 # 5 bytes + value


def _decode(b: bytes) -> str:
    return b.decode("utf-8", "surrogateescape")


def _encode(s: str, what: str) -> bytes:
    try:
        b = s.encode("utf-8", "surrogateescape")
    except (UnicodeError, AttributeError) as e:
        raise ObjectFormatError(f"cannot encode {what} {s!r}: {e}") from None
    return b


# --------------------------------------------------------------------------
# reader

class _Cursor:
    __slots__ = ("d", "o", "end", "where")

    def __init__(self, d: bytes, o: int, end: int, where: str):
        self.d = d
        self.o = o
        self.end = end
        self.where = where

    def fail(self, msg: str, at: int | None = None) -> ObjectFormatError:
        at = self.o if at is None else at
        return ObjectFormatError(f"byte offset {at} ({self.where}): {msg}")

    def short(self, what: str, n: int) -> ObjectFormatError:
        return self.fail(
            f"expected {what} ({n} byte{'s' if n != 1 else ''}), "
            f"but only {max(self.end - self.o, 0)} remain before byte {self.end}")

    def take(self, st: struct.Struct, what: str) -> tuple[Any, ...]:
        o = self.o
        e = o + st.size
        if e > self.end:
            raise self.short(what, st.size)
        self.o = e
        return st.unpack_from(self.d, o)

    def raw(self, n: int, what: str) -> bytes:
        o = self.o
        e = o + n
        if e > self.end:
            raise self.short(what, n)
        self.o = e
        return self.d[o:e]

    def count(self, st: struct.Struct, what: str, min_item: int) -> int:
        at = self.o
        n: int = self.take(st, what + " count")[0]
        if n * min_item > self.end - self.o:
            raise self.fail(
                f"{what} count {n} needs at least {n * min_item} bytes, "
                f"but only {self.end - self.o} remain before byte {self.end}", at)
        return n


def _read_relocs(c: _Cursor, what: str) -> tuple[Reloc, ...]:
    n = c.count(_U16, what, _RELOC.size)
    return tuple(Reloc(*c.take(_RELOC, what + " entry")) for _ in range(n))


def read_header(data: bytes) -> tuple[FileHeader, int]:
    """Parse the file header; returns it and its size in bytes."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ObjectFormatError(f"byte offset 0: expected bytes, got {type(data).__name__}")
    data = bytes(data)
    c = _Cursor(data, 0, len(data), "file header")
    magic, major, minor, nk = c.take(_FILE_HDR, "file header (magic, version, num_kernels)")
    if magic != MAGIC:
        raise c.fail(f"expected magic {MAGIC!r}, found {magic!r}", 0)
    if not _MIN_VERSION <= (major, minor) <= _MAX_VERSION:
        raise c.fail(f"expected vISA version {_MIN_VERSION[0]}.{_MIN_VERSION[1]}.."
                     f"{_MAX_VERSION[0]}.{_MAX_VERSION[1]}, found {major}.{minor}", 4)
    kernels = []
    for i in range(nk):
        c.where = f"file header, kernel_info {i}"
        (nl,) = c.take(_U16, "kernel name_len (UW)")
        name = _decode(c.raw(nl, "kernel name"))
        off, size, inoff = c.take(_KERN_POS, "kernel offset, size, input_offset (3 x UD)")
        vrel = _read_relocs(c, "variable reloc")
        frel = _read_relocs(c, "function reloc")
        ng = c.count(_U8, "gen binary", _GEN_INFO.size)
        gens = tuple(GenBinaryInfo(*c.take(_GEN_INFO, "gen_binary_info (UB, UD, UD)"))
                     for _ in range(ng))
        kernels.append(KernelInfo(name, off, size, inoff, gens, vrel, frel))
    c.where = "file header"
    at = c.o
    nv, nf = c.take(_HDR_COUNTS, "num_filescope_variables and num_functions (2 x UW)")
    if nv:
        raise c.fail(f"expected num_filescope_variables 0 (unsupported since vISA 3.x), "
                     f"found {nv}", at)
    functions = []
    for i in range(nf):
        c.where = f"file header, function_info {i}"
        linkage, nl = c.take(_FUNC_HEAD, "function linkage (UB) and name_len (UW)")
        name = _decode(c.raw(nl, "function name"))
        off, size = c.take(_FUNC_POS, "function offset and size (2 x UD)")
        vrel = _read_relocs(c, "variable reloc")
        frel = _read_relocs(c, "function reloc")
        functions.append(FunctionInfo(linkage, name, off, size, vrel, frel))
    return FileHeader(magic, major, minor, tuple(kernels), tuple(functions)), c.o


def _read_attrs(c: _Cursor, n: int, nstr: int, what: str) -> tuple[Attribute, ...]:
    out = []
    take = c.take
    for _ in range(n):
        at = c.o
        ni, size = take(_ATTR, what + " attribute name_index (UD) and size (UB)")
        if ni >= nstr:
            raise c.fail(f"expected {what} attribute name_index < {nstr} "
                         f"(string count), found {ni}", at)
        out.append(Attribute(ni, c.raw(size, what + " attribute value")))
    return tuple(out)


def _check_name(c: _Cursor, ni: int, nstr: int, what: str, at: int) -> None:
    if ni >= nstr:
        raise c.fail(f"expected {what} name_index < {nstr} (string count), found {ni}", at)


_Small = TypeVar("_Small", AddressVar, PredicateVar, StateVar)


def _read_small_vars(c: _Cursor, n: int, nstr: int,
                     cls: Callable[[int, int, tuple[Attribute, ...]], _Small],
                     what: str) -> tuple[_Small, ...]:
    out = []
    take = c.take
    for _ in range(n):
        at = c.o
        ni, ne, na = take(_ADDR, what + " (UD name_index, UW num_elements, UB attr_count)")
        _check_name(c, ni, nstr, what, at)
        out.append(cls(ni, ne, _read_attrs(c, na, nstr, what) if na else ()))
    return tuple(out)


def _read_object(data: bytes, off: int, size: int, is_kernel: bool, where: str) -> tuple[VisaObject, int]:
    """Parse one object occupying data[off:off+size]; returns the object and
    the relative offset of its num_inputs field (-1 for functions)."""
    end = off + size
    if end > len(data):
        raise ObjectFormatError(
            f"byte offset {off} ({where}): expected an object of {size} bytes, "
            f"but the file ends at byte {len(data)}")
    c = _Cursor(data, off, end, where)
    nstr = c.count(_U32, "string", 1)
    strings = []
    find = data.find
    o = c.o
    for i in range(nstr):
        e = find(b"\0", o, end)
        if e < 0:
            c.o = o
            raise c.fail(f"expected NUL-terminated string {i} of {nstr}, "
                         f"but no NUL before byte {end}")
        strings.append(_decode(data[o:e]))
        o = e + 1
    c.o = o
    at = o
    name_index, nvar = c.take(_NAME_VC, "name_index and variable_count (2 x UD)")
    _check_name(c, name_index, nstr, "object", at)
    if nvar * _VAR.size > end - c.o:
        raise c.fail(f"variable count {nvar} needs at least {nvar * _VAR.size} bytes, "
                     f"but only {end - c.o} remain before byte {end}", at + 4)
    variables = []
    take = c.take
    for _ in range(nvar):
        at = c.o
        ni, bp, ne, ai, ao, asc, na = take(_VAR, "var_info (15 bytes)")
        _check_name(c, ni, nstr, "variable", at)
        variables.append(GeneralVar(ni, bp, ne, ai, ao, asc,
                                    _read_attrs(c, na, nstr, "variable") if na else ()))
    n = c.count(_U16, "address", _ADDR.size)
    addresses = _read_small_vars(c, n, nstr, AddressVar, "address var")
    n = c.count(_U16, "predicate", _ADDR.size)
    predicates = _read_small_vars(c, n, nstr, PredicateVar, "predicate var")
    n = c.count(_U16, "label", _LABEL.size)
    labels = []
    for _ in range(n):
        at = c.o
        ni, kind, na = take(_LABEL, "label_info (UD name_index, UB kind, UB attr_count)")
        _check_name(c, ni, nstr, "label", at)
        labels.append(Label(ni, kind, _read_attrs(c, na, nstr, "label") if na else ()))
    n = c.count(_U8, "sampler", _ADDR.size)
    samplers = _read_small_vars(c, n, nstr, StateVar, "sampler")
    n = c.count(_U8, "surface", _ADDR.size)
    surfaces = _read_small_vars(c, n, nstr, StateVar, "surface")
    n = c.count(_U8, "vme", _ADDR.size)
    vmes = _read_small_vars(c, n, nstr, StateVar, "vme var")
    input_rel = -1
    inputs = None
    input_size = return_type = None
    if is_kernel:
        input_rel = c.o - off
        n = c.count(_U32, "input", _INPUT.size)
        inputs = tuple(Input(*take(_INPUT, "input_info (UB kind, UD index, W offset, UW size)"))
                       for _ in range(n))
    at = c.o
    code_size, entry = take(_SIZE_ENTRY, "instruction size and entry (2 x UD)")
    if not is_kernel:
        input_size, return_type = take(_FN_SIZES, "function input_size and return_type (2 x UB)")
    nattr = c.count(_U16, "kernel attribute", _ATTR.size)
    attributes = _read_attrs(c, nattr, nstr, "kernel")
    hdr_size = c.o - off
    if entry != hdr_size:
        raise c.fail(f"expected entry == {hdr_size} (end of the object header), "
                     f"found {entry}", at + 4)
    if hdr_size + code_size != size:
        raise c.fail(f"expected instruction size {size - hdr_size} (object size {size} "
                     f"from the file header minus entry {hdr_size}), found {code_size}", at)
    code = data[c.o:end]
    obj = VisaObject(strings, name_index, variables, addresses, predicates, labels,
                     samplers, surfaces, vmes, inputs, input_size, return_type,
                     attributes, code)
    return obj, input_rel


def read(data: bytes) -> CisaFile:
    """Parse a whole vISA object file.  Raises ObjectFormatError on malformed
    input.  The instruction streams are returned undecoded."""
    header, _ = read_header(data)
    data = bytes(data)
    n = len(data)
    kernels = []
    for i, ki in enumerate(header.kernels):
        obj, _ = _read_object(data, ki.offset, ki.size, True, f"kernel {i} object")
        gens = []
        for j, g in enumerate(ki.gen_binaries):
            if g.offset + g.size > n:
                raise ObjectFormatError(
                    f"byte offset {g.offset} (kernel {i} gen binary {j}): expected "
                    f"{g.size} bytes of Gen code, but the file ends at byte {n}")
            gens.append(GenBinary(g.platform, data[g.offset:g.offset + g.size]))
        kernels.append(Kernel(ki.name, obj, gens, ki.variable_relocs,
                              ki.function_relocs, ki))
    functions = []
    for i, fi in enumerate(header.functions):
        obj, _ = _read_object(data, fi.offset, fi.size, False, f"function {i} object")
        functions.append(Function(fi.name, obj, fi.linkage, fi.variable_relocs,
                                  fi.function_relocs, fi))
    return CisaFile(tuple(kernels), tuple(functions), header.major, header.minor)


# --------------------------------------------------------------------------
# writer

def _attrs_bytes(out: list[bytes], attributes: Sequence[Attribute]) -> None:
    pack = _ATTR.pack
    for a in attributes:
        v = bytes(a.value)
        out.append(pack(a.name_index, len(v)))
        out.append(v)


def _encode_object(obj: VisaObject, is_kernel: bool, where: str) -> tuple[bytes, int]:
    """Serialize one object; returns its bytes and the relative offset of the
    num_inputs field (-1 for functions)."""
    if is_kernel and obj.inputs is None:
        raise ObjectFormatError(f"{where}: a kernel object needs an inputs tuple (got None)")
    if not is_kernel and (obj.input_size is None or obj.return_type is None):
        raise ObjectFormatError(f"{where}: a function object needs input_size and return_type")
    table = "string pool"
    try:
        out: list[bytes] = [_U32.pack(len(obj.strings))]
        for i, s in enumerate(obj.strings):
            b = _encode(s, f"{where} string {i}")
            if b"\0" in b:
                raise ObjectFormatError(f"{where}: string {i} {s!r} contains a NUL byte")
            out.append(b)
            out.append(b"\0")
        table = "variables"
        out.append(_NAME_VC.pack(obj.name_index, len(obj.variables)))
        pack = _VAR.pack
        for v in obj.variables:
            out.append(pack(v.name_index, v.bit_properties, v.num_elements, v.alias_index,
                            v.alias_offset, v.alias_scope, len(v.attributes)))
            if v.attributes:
                _attrs_bytes(out, v.attributes)
        # the small tables in file order (labels sit between predicates and
        # samplers): name, count field, entry (name index, the entry's one
        # field, attribute count: its layout) and that field
        small: tuple[tuple[str, struct.Struct, struct.Struct, str, tuple[Any, ...]], ...] = (
            ("addresses", _U16, _ADDR, "num_elements", obj.addresses),
            ("predicates", _U16, _ADDR, "num_elements", obj.predicates),
            ("labels", _U16, _LABEL, "kind", obj.labels),
            ("samplers", _U8, _ADDR, "num_elements", obj.samplers),
            ("surfaces", _U8, _ADDR, "num_elements", obj.surfaces),
            ("vmes", _U8, _ADDR, "num_elements", obj.vmes))
        for table, cnt, layout, field, items in small:
            out.append(cnt.pack(len(items)))
            pack = layout.pack
            for sv in items:
                out.append(pack(sv.name_index, getattr(sv, field), len(sv.attributes)))
                if sv.attributes:
                    _attrs_bytes(out, sv.attributes)
        input_rel = -1
        table = "inputs"
        inputs = obj.inputs
        if is_kernel and inputs is not None:  # (a kernel's are never None: checked above)
            input_rel = sum(map(len, out))
            out.append(_U32.pack(len(inputs)))
            pack = _INPUT.pack
            for x in inputs:
                out.append(pack(x.kind, x.index, x.offset, x.size))
        table = "attributes"
        tail: list[bytes] = [_U16.pack(len(obj.attributes))]
        _attrs_bytes(tail, obj.attributes)
        code = bytes(obj.code)
        table = "size/entry"
        mid = _FN_SIZES.pack(obj.input_size, obj.return_type) if not is_kernel else b""
        entry = sum(map(len, out)) + _SIZE_ENTRY.size + len(mid) + sum(map(len, tail))
        out.append(_SIZE_ENTRY.pack(len(code), entry))
        out.append(mid)
        out.extend(tail)
        out.append(code)
    except (struct.error, TypeError) as e:
        raise ObjectFormatError(f"{where}: cannot encode {table}: {e}") from None
    return b"".join(out), input_rel


def _kernel_info_size(name: bytes, k: Kernel) -> int:
    return (2 + len(name) + _KERN_POS.size + 2 + 4 * len(k.variable_relocs)
            + 2 + 4 * len(k.function_relocs) + 1 + _GEN_INFO.size * len(k.gen_binaries))


def _function_info_size(name: bytes, f: Function) -> int:
    return (_FUNC_HEAD.size + len(name) + _FUNC_POS.size + 2 + 4 * len(f.variable_relocs)
            + 2 + 4 * len(f.function_relocs))


def _plan(f: CisaFile) -> tuple[FileHeader, list[bytes], list[bytes], list[bytes]]:
    """Encode all objects and compute the header Intel's writer would emit."""
    knames = [_encode(k.name, f"kernel {i} name") for i, k in enumerate(f.kernels)]
    fnames = [_encode(fn.name, f"function {i} name") for i, fn in enumerate(f.functions)]
    pos = (_FILE_HDR.size + sum(_kernel_info_size(nm, k) for nm, k in zip(knames, f.kernels))
           + _HDR_COUNTS.size
           + sum(_function_info_size(nm, fn) for nm, fn in zip(fnames, f.functions)))
    kinfos: list[KernelInfo] = []
    fininfos: list[FunctionInfo] = []
    body: list[bytes] = []
    for i, k in enumerate(f.kernels):
        blob, input_rel = _encode_object(k.obj, True, f"kernel {i}")
        off = pos
        pos += len(blob)
        body.append(blob)
        gens = []
        for j, g in enumerate(k.gen_binaries):
            try:
                d = bytes(g.data)
            except TypeError as e:
                raise ObjectFormatError(f"kernel {i} gen binary {j}: {e}") from None
            gens.append(GenBinaryInfo(g.platform, pos, len(d)))
            body.append(d)
            pos += len(d)
        kinfos.append(KernelInfo(k.name, off, len(blob), off + input_rel, gens,
                                 k.variable_relocs, k.function_relocs))
    for i, fn in enumerate(f.functions):
        blob, _ = _encode_object(fn.obj, False, f"function {i}")
        fininfos.append(FunctionInfo(fn.linkage, fn.name, pos, len(blob),
                                     fn.variable_relocs, fn.function_relocs))
        body.append(blob)
        pos += len(blob)
    header = FileHeader(MAGIC, f.major, f.minor, kinfos, fininfos)
    return header, knames, fnames, body


def layout(f: CisaFile) -> FileHeader:
    """The header (offsets, sizes, input offsets, Gen blob offsets) that
    ``write`` lays out for ``f``."""
    return _plan(f)[0]


def relayout(f: CisaFile) -> CisaFile:
    """``f`` with each kernel's / function's ``info`` set to the layout ``write`` uses."""
    h = layout(f)
    return CisaFile(
        tuple(attrs.evolve(k, info=ki) for k, ki in zip(f.kernels, h.kernels)),
        tuple(attrs.evolve(fn, info=fi) for fn, fi in zip(f.functions, h.functions)),
        f.major, f.minor)


def _relocs_bytes(out: list[bytes], relocs: Sequence[Reloc]) -> None:
    out.append(_U16.pack(len(relocs)))
    for r in relocs:
        out.append(_RELOC.pack(r.symbolic_index, r.resolved_index))


def write(f: CisaFile) -> bytes:
    """Serialize ``f`` as GenX_IR does: header, each kernel object followed by
    its Gen blob(s), then the function objects.  Offsets are recomputed."""
    header, knames, fnames, body = _plan(f)
    where = "file header"
    try:
        out = [_FILE_HDR.pack(MAGIC, f.major, f.minor, len(header.kernels))]
        for i, (ki, nm) in enumerate(zip(header.kernels, knames)):
            where = f"kernel_info {i}"
            out.append(_U16.pack(len(nm)))
            out.append(nm)
            out.append(_KERN_POS.pack(ki.offset, ki.size, ki.input_offset))
            _relocs_bytes(out, ki.variable_relocs)
            _relocs_bytes(out, ki.function_relocs)
            out.append(_U8.pack(len(ki.gen_binaries)))
            for g in ki.gen_binaries:
                out.append(_GEN_INFO.pack(g.platform, g.offset, g.size))
        where = "file header"
        out.append(_HDR_COUNTS.pack(0, len(header.functions)))
        for i, (fi, nm) in enumerate(zip(header.functions, fnames)):
            where = f"function_info {i}"
            out.append(_FUNC_HEAD.pack(fi.linkage, len(nm)))
            out.append(nm)
            out.append(_FUNC_POS.pack(fi.offset, fi.size))
            _relocs_bytes(out, fi.variable_relocs)
            _relocs_bytes(out, fi.function_relocs)
    except (struct.error, TypeError) as e:
        raise ObjectFormatError(f"{where}: cannot encode: {e}") from None
    out.extend(body)
    return b"".join(out)


def build(kernels: Iterable[tuple[str, VisaObject, Iterable[tuple[int, bytes]]]],
          functions: Iterable[tuple[str, VisaObject]] = (),
          *, major: int = 4, minor: int = 1) -> CisaFile:
    """Assemble a CisaFile from (name, object, [(platform, blob), ...]) kernels
    and (name, object) functions, with header entries laid out."""
    return relayout(_new_file(kernels, functions, major, minor))


def build_bytes(kernels: Iterable[tuple[str, VisaObject, Iterable[tuple[int, bytes]]]],
                functions: Iterable[tuple[str, VisaObject]] = (),
                *, major: int = 4, minor: int = 1) -> bytes:
    """``write(build(...))``, laying the file out once (``write`` computes
    every offset itself; the header entries ``build`` adds are not needed)."""
    return write(_new_file(kernels, functions, major, minor))


def _new_file(kernels: Iterable[tuple[str, VisaObject, Iterable[tuple[int, bytes]]]],
              functions: Iterable[tuple[str, VisaObject]], major: int, minor: int) -> CisaFile:
    ks = tuple(Kernel(name, obj, tuple(GenBinary(p, bytes(b)) for p, b in gens))
               for name, obj, gens in kernels)
    fs = tuple(Function(name, obj) for name, obj in functions)
    return CisaFile(ks, fs, major, minor)
