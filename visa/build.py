"""Build a vISA module from Python, without writing text.

A :class:`Builder` holds a module under construction; each kernel or
function in it is a :class:`UnitBuilder`, which declares variables and emits
instructions.  The result, :meth:`Builder.module`, is the same
:class:`visa.ast.Module` the parser makes of the equivalent text, so
:func:`visa.format`, :func:`visa.validate` and :func:`visa.assemble` all
apply to it::

    import visa
    from visa.build import Builder, imm

    b = Builder()
    k = b.kernel("vadd")
    x = k.var("X", "d", 16, align="GRF")
    y = k.var("Y", "d", 16, align="GRF")
    k.op("add", y[0, 0].region(1), x[0, 0].region(1, 1, 0), 7, exec=16)
    k.op("ret", exec=1)
    data = visa.assemble(b.module())

Instructions are emitted by mnemonic (``k.op("cmp.lt", ...)``); what an
instruction takes is read from its form record (``visa/isa/forms*.py``), the
same record the encoder and decoder use, so the builder knows no mnemonic of
its own.  Each instruction is checked when it is emitted: an unknown
mnemonic, a missing or superfluous operand, an operand of the wrong kind or
an undeclared name raises :class:`visa.VisaError` at once.

Every node the builder makes carries the line and column of the builder call
in the Python file that made the :class:`Builder` (``Builder(file=...)``
names another), and the module names that file (``Module.file``): the
validator's diagnostics for a built module point at the Python source.

Only the names in ``__all__`` are the supported interface.
"""
from __future__ import annotations

import re
import struct
import sys
from collections.abc import Mapping, Sequence
from types import CodeType, FrameType
from typing import Any, NoReturn, Union

import attrs

from . import ast
from .errors import Diagnostic, VisaError
from .decode import decode_instruction
from .encode import Symbols, encode_instruction
from .isa import forms as _forms
from .isa import datatypes, field_codes, predefined, keywords
from .isa.atoms import DecodeError, EncodeError, Reader
from .isa.verify import Context, check_signature

__all__ = [
    "Builder", "UnitBuilder", "Var", "Reg", "Addr", "Pred", "PredUse", "Surface", "Sampler",
    "Label", "imm", "num", "string", "name", "lsc_shape", "lsc_addr",
]

_HERE = __file__
_NAME_RE = re.compile(r"[A-Za-z_$@?][A-Za-z0-9_$@?]*\Z")
_PRED_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_LABEL_RE = re.compile(r"[A-Za-z_$@?][A-Za-z0-9_\-$@?]*\Z")
_INT_LIMIT = {"d": (-(1 << 31), 1 << 31), "q": (-(1 << 63), 1 << 63), "uq": (0, 1 << 64)}


class BuildError(Exception):
    """A problem with an operand, found while converting it; the builder
    reports it as a VisaError at the instruction's call."""


def _helper_error(message: str) -> VisaError:
    """A VisaError at the caller of a helper (imm, lsc_addr, V[r, c].region ...)
    that has no builder at hand: the innermost call outside this module."""
    f = _user_frame()
    if f is None:
        return VisaError([Diagnostic("<builder>", 0, 0, message)])
    line, col = _position(f, {})
    src: str | None = None
    try:
        with open(f.f_code.co_filename, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        src = lines[line - 1] if 0 < line <= len(lines) else None
    except OSError:
        pass
    return VisaError([Diagnostic(f.f_code.co_filename, line, col, message, source_line=src)])


# ------------------------------------------------------------ value helpers
def imm(value: int | float | None = None, type: str | None = None, *,  # noqa: A002
        bits: int | None = None) -> ast.Imm:
    """An immediate operand.

    ``imm(5)`` is ``0x5:d`` (a Python int is ``d`` when it fits in 32 signed
    bits, else ``q``, else ``uq``); ``imm(1.5)`` is ``f``; ``type`` overrides
    (``imm(3, "uw")``, ``imm(1.0, "hf")``, ``imm(2, "f")`` is 2.0).  ``bits``
    gives the bit pattern itself (``imm(bits=0x3f800000, type="f")``).
    Raises :class:`visa.VisaError` for a value the type cannot hold."""
    try:
        return _imm(value, type, bits)
    except BuildError as e:
        raise _helper_error(str(e)) from None


def _imm(value: int | float | None, ty: str | None, bits: int | None) -> ast.Imm:
    if isinstance(value, bool):
        raise BuildError("a bool is not an immediate: write 1 or 0 with a type")
    if bits is not None:
        if value is not None:
            raise BuildError("give an immediate's value or its bits, not both")
        if ty is None:
            raise BuildError("an immediate given by its bits needs a type")
        info = _type_info(ty)
        if not 0 <= bits < 1 << (8 * info.imm_size):
            raise BuildError(f"bits 0x{bits:x} do not fit an immediate of type '{ty}'")
        return ast.Imm(bits, ty)
    if value is None:
        raise BuildError("an immediate needs a value")
    if ty is None:
        if isinstance(value, float):
            ty = "f"
        elif isinstance(value, int):
            ty = next((t for t, (lo, hi) in _INT_LIMIT.items() if lo <= value < hi), None)
            if ty is None:
                raise BuildError(f"{value} does not fit in 64 bits")
        else:
            raise BuildError(f"an immediate must be an int or a float, not {_kind(value)}")
    info = _type_info(ty)
    width = 8 * info.imm_size
    if info.literal == "int":
        if not isinstance(value, int):
            raise BuildError(f"{value!r} is not an integer, and '{ty}' is an integer type")
        bits_ = width if ty in ("v", "vf", "uv") else 8 * info.size
        # a negative value is its two's complement, as C writes it
        if not -(1 << (bits_ - 1)) <= value < 1 << bits_:
            raise BuildError(f"{value} does not fit in type '{ty}'")
        return ast.Imm(value & ((1 << width) - 1), ty)
    if not isinstance(value, (int, float)):
        raise BuildError(f"an immediate must be an int or a float, not {_kind(value)}")
    f = float(value)
    if info.literal == "df":
        return ast.Imm(struct.unpack("<Q", struct.pack("<d", f))[0], ty)
    if info.literal == "hf":
        try:
            return ast.Imm(struct.unpack("<H", struct.pack("<e", f))[0], ty)
        except (OverflowError, struct.error):
            raise BuildError(f"{value!r} is out of range for type 'hf'") from None
    try:
        word = struct.unpack("<I", struct.pack("<f", f))[0]
    except (OverflowError, struct.error):
        raise BuildError(f"{value!r} is out of range for type '{ty}'") from None
    return ast.Imm(word >> 16 if info.literal == "bf" else word, ty)


def _type_info(ty: str) -> datatypes.TypeInfo:
    info = datatypes.TYPE_INFO_BY_NAME.get(ty)
    if info is None:
        raise BuildError(f"unknown type '{ty}' (expected one of {', '.join(datatypes.TYPE_INFO_BY_NAME)})")
    return info


def num(value: int) -> ast.Number:
    """A bare number operand (``LOC 7``, the argument sizes of ``fcall``),
    which the text writes without a type.  Where an instruction's form reads
    a bare number, a plain Python int becomes one by itself."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _helper_error(f"a number must be an int, not {_kind(value)}")
    return ast.Number(value)


def string(value: str) -> ast.String:
    """A string literal operand (``FILE "k.cpp"``)."""
    return ast.String(value)


def name(value: str) -> ast.Name:
    """A bare name operand: a keyword such as ``AVS_16_FULL``, or the name of
    a function or label given as text."""
    return ast.Name(value)


def lsc_shape(size: str | None, vector: int = 1, *, transpose: bool = False,
              channels: str | None = None, block: tuple[int, int, int] | None = None,
              vnni: bool = False) -> ast.LscShape:
    """The data shape of an LSC data operand: ``lsc_shape("d32", 4)`` is
    ``:d32x4``, ``lsc_shape("d32", 8, transpose=True)`` ``:d32x8t``,
    ``lsc_shape("d32", channels="xyz")`` ``:d32.xyz``,
    ``lsc_shape("d16", block=(1, 16, 8), vnni=True)`` ``:d16.16x8nt``."""
    return ast.LscShape(size, vector, transpose, channels, block, vnni)


LscItem = Union["Var", "Reg", ast.LscReg, ast.Number, ast.Imm, int]


def lsc_addr(model: str = "flat", base: LscItem | None = None, offset: int = 0, *,
             surface: Union[LscItem, "Surface", None] = None, surface_index: int = 0,
             extra: Sequence[LscItem] = (), size: str | None = None) -> ast.LscAddr:
    """An LSC address operand.

    ``lsc_addr("flat", A, size="a64")`` is ``flat[A]:a64``;
    ``lsc_addr("bti", A, 0x40, surface=1, size="a32")`` is
    ``bti(0x1)[A+0x40]:a32``; ``extra`` gives the items after the base
    (a strided pitch, the 2D block fields); ``lsc_addr("bss", surface=S)`` is
    ``bss(S)``, a surface without an address.  Items are variables (``A``,
    ``A.item(dot=4)``, ``A[0, 2]``), ints (bare numbers) or immediates."""
    try:
        return ast.LscAddr(model, None if surface is None else _lsc_item(surface), _opt_item(base),
                         offset, tuple(_lsc_item(x) for x in extra), size, surface_index)
    except BuildError as e:
        raise _helper_error(str(e)) from None


def _opt_item(x: LscItem | None) -> ast.LscReg | ast.Number | ast.Imm | None:
    return None if x is None else _lsc_item(x)


def _lsc_item(x: Any) -> Any:
    if isinstance(x, (ast.LscReg, ast.Number, ast.Imm)):
        return x
    if isinstance(x, bool):
        raise BuildError("a bool is not an LSC address item")
    if isinstance(x, int):
        return ast.Number(x)
    if isinstance(x, (Var, Surface, Sampler, Addr)):
        return ast.LscReg(x.name)
    if isinstance(x, Reg):
        if len(x.offsets) != 2 or x.region_values is not None or x.mod is not None:
            raise BuildError(f"'{x.name}{x.offsets}' is not an LSC address item: "
                             "write V, V.item(dot=n) or V[r, c]")
        return ast.LscReg(x.name, rc=(x.offsets[0], x.offsets[1]))
    raise BuildError(f"{_kind(x)} is not an LSC address item")


def _kind(x: object) -> str:
    return f"a {type(x).__name__} ({x!r})"


# ------------------------------------------------------------------ handles
@attrs.frozen
class Reg:
    """A general, address or state variable with its offsets, as an operand:
    ``V[0, 2]`` is ``V(0,2)``; ``.region(1)`` adds ``<1>`` (a destination),
    ``.region(8, 1)`` ``<8,1>``, ``.region(8, 8, 1)`` ``<8;8,1>``; ``-r``,
    ``abs(r)``, ``-abs(r)`` and ``~r`` are the source modifiers."""
    name: str
    offsets: tuple[int, ...]
    region_values: tuple[int, ...] | None = None
    mod: str | None = None

    def region(self, *values: int) -> Reg:
        """This operand with region ``<h>``, ``<w,h>`` or ``<v;w,h>``."""
        if not 1 <= len(values) <= 3 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                 for v in values):
            raise _helper_error("a region is 1, 2 or 3 ints: (h), (w, h) or (v, w, h)")
        return attrs.evolve(self, region_values=tuple(values))

    def _with_mod(self, m: str) -> Reg:
        if self.mod is None:
            return attrs.evolve(self, mod=m)
        if (self.mod, m) == ("abs", "-"):
            return attrs.evolve(self, mod="-abs")
        if (self.mod, m) == ("-", "-"):
            return attrs.evolve(self, mod=None)
        raise _helper_error(f"cannot apply '{m}' to an operand with modifier '{self.mod}'")

    def __neg__(self) -> Reg:
        return self._with_mod("-")

    def __abs__(self) -> Reg:
        if self.mod == "~":
            raise _helper_error("cannot take abs() of a '~' operand")
        return attrs.evolve(self, mod="abs")

    def __invert__(self) -> Reg:
        return self._with_mod("~")

    def node(self) -> ast.VarRef:
        """The AST operand."""
        return ast.VarRef(self.name, self.offsets, self.region_values, self.mod)


@attrs.frozen
class Var:
    """A general variable (``v_type=G``), or a predefined one (``%r0``)."""
    name: str
    type: str | None = None
    num_elts: int | None = None

    def __getitem__(self, key: int | tuple[int, int]) -> Reg:
        """``V[r, c]``: row ``r``, column ``c`` (``V[r]`` is ``V[r, 0]``)."""
        r, c = key if isinstance(key, tuple) else (key, 0)
        return Reg(self.name, (r, c))

    def raw(self, offset: int = 0) -> ast.Raw:
        """The raw operand ``V.offset`` (a byte offset)."""
        return ast.Raw(self.name, offset)

    def address(self, offset: int | None = None) -> ast.AddrOf:
        """``&V`` or ``&V[offset]``."""
        return ast.AddrOf(self.name, offset)

    def data(self, shape: ast.LscShape, offset: int = 0) -> ast.LscData:
        """An LSC data operand ``V:shape`` (or ``V.offset:shape``); see
        :func:`lsc_shape`."""
        if not isinstance(shape, ast.LscShape):
            raise _helper_error(f"the shape of an LSC data operand is an lsc_shape(...), e.g. "
                                f"lsc_shape('d32', 4), not {_kind(shape)}")
        return ast.LscData(self.name, shape, offset)

    def item(self, dot: int | None = None, *, scale: int = 1, offset: int = 0) -> ast.LscReg:
        """An LSC address item ``[k*]V[.dot][+offset]``."""
        return ast.LscReg(self.name, dot, None, offset, scale)


@attrs.frozen
class Addr:
    """An address variable (``v_type=A``): ``A[k]`` is ``A(k)<1>``;
    ``A.deref(...)`` the indirect operand ``r[A(k), off]<region>:type``."""
    name: str
    num_elts: int = 1

    def __getitem__(self, k: int) -> Reg:
        return Reg(self.name, (k,), (1,))

    def deref(self, type: str, offset: int = 0, *, sub: int = 0,  # noqa: A002
              region: tuple[int, ...] = (1,), mod: str | None = None) -> ast.Indirect:
        """``r[A(sub), offset]<region>:type``."""
        return ast.Indirect(self.name, sub, offset, tuple(region), type, mod)


@attrs.frozen
class PredUse:
    """A predicate guarding an instruction: ``P``, ``~P`` (``!P``),
    ``P.any``, ``(~P).all``."""
    name: str
    negate: bool = False
    control: str | None = None

    def __invert__(self) -> PredUse:
        return attrs.evolve(self, negate=not self.negate)

    @property
    def any(self) -> PredUse:
        """``.any``: true if any channel's predicate is."""
        return attrs.evolve(self, control="any")

    @property
    def all(self) -> PredUse:
        """``.all``: true if every channel's predicate is."""
        return attrs.evolve(self, control="all")


@attrs.frozen
class Pred:
    """A predicate variable (``v_type=P``): an operand as itself (the
    destination of ``cmp``), a guard as ``pred=P`` or ``pred=~P``."""
    name: str
    num_elts: int = 1

    def __invert__(self) -> PredUse:
        return PredUse(self.name, True)

    @property
    def any(self) -> PredUse:
        """``P.any``."""
        return PredUse(self.name, False, "any")

    @property
    def all(self) -> PredUse:
        """``P.all``."""
        return PredUse(self.name, False, "all")


@attrs.frozen
class Surface:
    """A surface variable (``v_type=T``), or a predefined one (``T0``...):
    an operand as itself (``T6``), or ``T[k]`` (``T6(k)``)."""
    name: str
    num_elts: int = 1

    def __getitem__(self, k: int) -> Reg:
        return Reg(self.name, (k,))


@attrs.frozen
class Sampler:
    """A sampler variable (``v_type=S``): an operand as itself, or ``S[k]``."""
    name: str
    num_elts: int = 1

    def __getitem__(self, k: int) -> Reg:
        return Reg(self.name, (k,))


@attrs.frozen
class Label:
    """A label or subroutine: an operand of ``jmp``, ``goto``, ``call``...;
    placed with :meth:`UnitBuilder.place`."""
    name: str


OperandLike = Union[ast.VarRef, ast.Indirect, ast.Imm, ast.Raw, ast.AddrOf, ast.Name, ast.Number, ast.String,
                    ast.Tuple, ast.LscData, ast.LscReg, ast.LscAddr, Reg, Var, Addr, Pred, Surface,
                    Sampler, Label, int, float, str, tuple[Any, ...], list[Any]]
ExecLike = Union[int, tuple[int, Union[str, None]], ast.ExecSize, None]
PredLike = Union[Pred, PredUse, ast.Predicate, None]
AttrsLike = Union[Mapping[str, Union[int, str, None]], None]

_OPERAND_NODES = (ast.VarRef, ast.Indirect, ast.Imm, ast.Raw, ast.AddrOf, ast.Name, ast.Number, ast.String,
                  ast.Tuple, ast.LscData, ast.LscReg, ast.LscAddr)


# ------------------------------------------------------------ the builder
class Builder:
    """A vISA module under construction: add kernels and functions with
    :meth:`kernel` and :meth:`function`, take the result with :meth:`module`.

    ``file`` is the Python file whose lines the nodes record (default: the
    file that makes the Builder); ``check=False`` skips the check of each
    instruction through its form when it is emitted (the validator and the
    assembler still check the module)."""

    def __init__(self, *, file: str | None = None, check: bool = True) -> None:
        if file is None:
            f = _user_frame()
            file = f.f_code.co_filename if f is not None else "<builder>"
        self.file = file
        self.check = check
        self.units: list[UnitBuilder] = []
        self._positions: dict[CodeType, list[tuple[int | None, int | None]]] = {}
        self._source: list[str] | None = None

    def kernel(self, name: str) -> UnitBuilder:
        """A new kernel (``.kernel "name"``)."""
        return self._unit("kernel", name)

    def function(self, name: str) -> UnitBuilder:
        """A new stack-called function (``.global_function "name"``)."""
        return self._unit("function", name)

    def _unit(self, kind: str, name: str) -> UnitBuilder:
        line, col = self.here()
        if not isinstance(name, str) or not name:
            self.fail(f"a {kind} needs a name (a non-empty str)", line, col)
        if any(u.name == name for u in self.units):
            self.fail(f"a kernel or function named '{name}' exists already", line, col)
        u = UnitBuilder(self, kind, name, line, col)
        self.units.append(u)
        return u

    def module(self) -> ast.Module:
        """The module built so far (vISA 4.1), as the parser would read its
        printed text.  A kernel that declared no ``.funcdecl`` lists every
        function of the module, as Intel's printer does."""
        if not self.units:
            line, col = self.here()
            self.fail("the module has no kernel or function", line, col)
        funcs = tuple(u.name for u in self.units if u.kind == "function")
        units = tuple(u.unit(funcs) for u in self.units)
        return ast.Module((4, 1), units, line=units[0].line, col=1, file=self.file, built=True)

    # positions and errors -------------------------------------------------
    def here(self) -> tuple[int, int]:
        """(line, column) of the innermost call in the builder's file."""
        f: FrameType | None = sys._getframe(1)
        while f is not None and f.f_code.co_filename != self.file:
            f = f.f_back
        if f is None:
            return 0, 0
        return _position(f, self._positions)

    def fail(self, message: str, line: int, col: int) -> NoReturn:
        """Raise VisaError(message) at (line, col) of the builder's file."""
        raise VisaError([Diagnostic(self.file, line, col, message, source_line=self.source_line(line))])

    def source_line(self, line: int) -> str | None:
        """The text of ``line`` of the builder's file (None if unreadable)."""
        if self._source is None:
            try:
                with open(self.file, encoding="utf-8", errors="replace") as fh:
                    self._source = fh.read().split("\n")
            except OSError:
                self._source = []
        return self._source[line - 1] if 0 < line <= len(self._source) else None


def _position(f: FrameType, cache: dict[CodeType, list[tuple[int | None, int | None]]]
              ) -> tuple[int, int]:
    """(line, 1-based column) of the call frame ``f`` is making (``cache``:
    each code object's instruction positions)."""
    code = f.f_code
    table = cache.get(code)
    if table is None:
        table = cache[code] = [(p[0], p[2]) for p in code.co_positions()]
    i = f.f_lasti // 2
    line, col = table[i] if 0 <= i < len(table) else (None, None)
    return (line if line is not None else f.f_lineno or 0), (col + 1 if col is not None else 1)


def _user_frame() -> FrameType | None:
    f: FrameType | None = sys._getframe(1)
    while f is not None and f.f_code.co_filename == _HERE:
        f = f.f_back
    return f


_DECL_KIND = {ast.VarDecl: "G", ast.AddrDecl: "A", ast.PredDecl: "P", ast.SamplerDecl: "S",
              ast.SurfaceDecl: "T"}


class UnitBuilder:
    """One kernel or function under construction (made by
    :meth:`Builder.kernel` or :meth:`Builder.function`): its declarations,
    inputs, attributes and body, in the order of the calls."""

    def __init__(self, builder: Builder, kind: str, name: str, line: int, col: int) -> None:
        self.builder = builder
        self.kind = kind
        self.name = name
        self.line, self.col = line, col
        self.decls: list[ast.VarDecl | ast.AddrDecl | ast.PredDecl | ast.SamplerDecl | ast.SurfaceDecl] = []
        self.inputs: list[ast.Input] = []
        self.attrs: list[ast.Attr] = []
        self.body: list[ast.Instruction | ast.Label | ast.Subroutine] = []
        self.funcdecls: list[str] = []
        self._names: dict[str, str] = {}  # declared name -> kind letter
        self._trial: _Trial | None = None
        self._checked: dict[tuple[ast.Instruction, tuple[type, ...], bool], ast.Instruction] = {}
        self._labels: set[str] = set()

    # declarations ---------------------------------------------------------
    def var(self, name: str, type: str, num_elts: int = 1, *,  # noqa: A002
            align: str | int | None = None, alias: Var | str | tuple[Var | str, int] | None = None,
            alias_offset: int = 0, attrs: AttrsLike = None) -> Var:
        """Declare a general variable: ``.decl name v_type=G type=type
        num_elts=n [align=...] [alias=<V, off>] [attrs={...}]``.

        ``align`` is a name (byte, word, dword, qword, oword, hword, GRF,
        GRFx2, wordx32, wordx64) or a size in bytes; ``alias`` the variable
        it overlays (a :class:`Var` or a name, or a ``(var, offset)`` pair),
        at byte ``alias_offset``."""
        line, col = self.builder.here()
        self._new_name(name, line, col)
        if type not in datatypes.TYPE_INFO_BY_NAME:
            self._fail(f"unknown type '{type}' for '{name}' (expected one of "
                       f"{', '.join(datatypes.TYPE_INFO_BY_NAME)})", line, col)
        self._count(num_elts, name, line, col)
        al = _align(align)
        if al is False:
            self._fail(f"invalid align {align!r} for '{name}' (expected byte, word, dword, qword, "
                       "oword, hword, GRF, GRFx2, wordx32, wordx64 or a size in bytes)", line, col)
        target = None
        if alias is not None:
            if isinstance(alias, tuple):
                alias, alias_offset = alias
            tname = alias.name if isinstance(alias, Var) else alias
            if not isinstance(tname, str):
                self._fail(f"the alias of '{name}' must be a variable or its name", line, col)
            target = ast.Alias(tname, alias_offset, line=line, col=col)
        d = ast.VarDecl(name, type, num_elts, al if isinstance(al, str) else None, target,
                      self._attrs(attrs, line, col), line=line, col=col)
        self._declare(d, "G")
        return Var(name, type, num_elts)

    def addr(self, name: str, num_elts: int = 1, *, attrs: AttrsLike = None) -> Addr:
        """Declare an address variable: ``.decl name v_type=A num_elts=n``."""
        line, col = self.builder.here()
        self._new_name(name, line, col)
        self._count(num_elts, name, line, col)
        self._declare(ast.AddrDecl(name, num_elts, self._attrs(attrs, line, col), line=line, col=col), "A")
        return Addr(name, num_elts)

    def pred(self, name: str, num_elts: int = 1, *, attrs: AttrsLike = None) -> Pred:
        """Declare a predicate variable: ``.decl name v_type=P num_elts=n``
        (its name is letters, digits and _, as a guard ``(!P)`` is read)."""
        line, col = self.builder.here()
        self._new_name(name, line, col)
        if not _PRED_RE.match(name):
            self._fail(f"invalid predicate name {name!r} (a letter or _ and then letters, "
                       "digits or _)", line, col)
        self._count(num_elts, name, line, col)
        self._declare(ast.PredDecl(name, num_elts, self._attrs(attrs, line, col), line=line, col=col), "P")
        return Pred(name, num_elts)

    def surface(self, name: str, num_elts: int = 1, *, attrs: AttrsLike = None) -> Surface:
        """Declare a surface: ``.decl name v_type=T num_elts=n``."""
        line, col = self.builder.here()
        self._new_name(name, line, col)
        self._count(num_elts, name, line, col)
        self._declare(ast.SurfaceDecl(name, num_elts, None, self._attrs(attrs, line, col),
                                    line=line, col=col), "T")
        return Surface(name, num_elts)

    def sampler(self, name: str, num_elts: int = 1, *, attrs: AttrsLike = None) -> Sampler:
        """Declare a sampler: ``.decl name v_type=S num_elts=n``."""
        line, col = self.builder.here()
        self._new_name(name, line, col)
        self._count(num_elts, name, line, col)
        self._declare(ast.SamplerDecl(name, num_elts, None, self._attrs(attrs, line, col),
                                    line=line, col=col), "S")
        return Sampler(name, num_elts)

    def predefined(self, name: str) -> Var | Surface | Sampler:
        """A predefined variable by name: ``%null``, ``%r0``, ... (a
        :class:`Var`), ``%slm``, ``T1``, ... (a :class:`Surface`), ``S31``
        (the bindless sampler)."""
        if name in predefined.PREDEFINED_VAR_NAMES:
            return Var(name)
        if name in predefined.PREDEFINED_SURFACE_NAMES:
            return Surface(name)
        if name == predefined.BINDLESS_SAMPLER_NAME:
            return Sampler(name)
        line, col = self.builder.here()
        known = predefined.PREDEFINED_VAR_NAMES + predefined.PREDEFINED_SURFACE_NAMES
        self._fail(f"'{name}' is not a predefined variable (expected one of "
                   f"{', '.join(known)}, {predefined.BINDLESS_SAMPLER_NAME})", line, col)

    def predefined_var(self, name: str) -> Var:
        """A predefined general variable by name (``%r0``, ``%group_id_x``,
        ...): :meth:`predefined` typed for the common case."""
        v = self.predefined(name)
        if not isinstance(v, Var):
            line, col = self.builder.here()
            self._fail(f"'{name}' is a predefined surface or sampler, not a variable", line, col)
        return v

    def input(self, var: Var | Surface | Sampler | str, offset: int | None = 0,  # noqa: A003
              size: int | None = None, *, kind: str = "input", attrs: AttrsLike = None) -> None:
        """A kernel input: ``.input V offset=N size=N``.  ``kind`` is
        ``input``, ``parameter`` (no offset: give ``offset=None``) or an
        implicit kind (``implicit_LOCAL_SIZE``...); ``size`` None means the
        variable's size."""
        line, col = self.builder.here()
        nm = var if isinstance(var, str) else var.name
        if kind == "input" and offset is None:
            offset = 0
        self.inputs.append(ast.Input(kind, nm, offset, size, self._attrs(attrs, line, col),
                                   line=line, col=col))

    def attr(self, name: str, value: int | str | None = None) -> None:
        """A kernel attribute: ``.kernel_attr name=value`` (``value`` None
        for a flag)."""
        line, col = self.builder.here()
        if not isinstance(name, str) or not _NAME_RE.match(name):
            self._fail(f"invalid attribute name {name!r}", line, col)
        self.attrs.append(ast.Attr(name, value, line=line, col=col))

    def funcdecl(self, name: str) -> None:
        """``.funcdecl "name"``: a function this kernel calls (without any,
        the kernel lists every function of the module)."""
        self.funcdecls.append(name)

    # labels ----------------------------------------------------------------
    def label(self, name: str) -> Label:
        """A label to jump to; it is placed in the body by :meth:`place`
        (before or after the jumps to it)."""
        line, col = self.builder.here()
        if not isinstance(name, str) or not _LABEL_RE.match(name):
            self._fail(f"invalid label name {name!r} (a letter, _, $, @ or ? and then letters, "
                       "digits, _, -, $, @, ?)", line, col)
        return Label(name)

    def place(self, label: Label | str) -> Label:
        """Place ``label`` here (``name:``)."""
        line, col = self.builder.here()
        nm = label.name if isinstance(label, Label) else label
        if not isinstance(nm, str) or not _LABEL_RE.match(nm):
            self._fail(f"invalid label name {nm!r}", line, col)
        if nm in self._labels:
            self._fail(f"label '{nm}' is placed twice", line, col)
        self._labels.add(nm)
        self.body.append(ast.Label(nm, line=line, col=col))
        return Label(nm)

    def subroutine(self, name: str) -> Label:
        """Start a subroutine here (``.function "name"`` and its label);
        call it with ``op("call", ..., label)``."""
        line, col = self.builder.here()
        if not isinstance(name, str) or not _LABEL_RE.match(name):
            self._fail(f"invalid subroutine name {name!r}", line, col)
        if name in self._labels:
            self._fail(f"label '{name}' is placed twice", line, col)
        self._labels.add(name)
        self.body.append(ast.Subroutine(name, line=line, col=col))
        return Label(name)

    # instructions ----------------------------------------------------------
    def op(self, mnemonic: str, *operands: OperandLike, exec: ExecLike = None,  # noqa: A002
           pred: PredLike = None, post_mods: Sequence[str] = ()) -> ast.Instruction:
        """Emit one instruction and return its node.

        ``mnemonic`` with its dotted modifiers (``"add.sat"``,
        ``"cmp.lt"``, ``"lsc_load.ugm"``); ``operands`` in the order of the
        text: :class:`Reg` (``V[0, 0].region(1)``), handles of declared
        variables (a bare name), ints and floats (immediates, see
        :func:`imm`; a bare number where the form reads one), tuples
        (``(32, 4)``), or any ``visa.ast`` operand node.  ``exec`` is the
        execution size: ``16``, ``(16, "M5")``, ``(1, "M1_NM")``; with only a
        size, the mask is the one the binary records (``M1`` for most
        instructions).  ``pred`` guards it: ``P``, ``~P``, ``P.any``.
        ``post_mods``: modifiers written after the execution size
        (``gather.4 (M1, 16).mod``).

        The instruction is checked through its form: a problem raises
        :class:`visa.VisaError` pointing at this call."""
        b = self.builder
        line, col = b.here()
        if not isinstance(mnemonic, str) or not mnemonic:
            self._fail("an instruction needs a mnemonic (a str)", line, col)
        parts = mnemonic.split(".")
        op, mods = parts[0], tuple(parts[1:])
        table = _forms.FORMS
        if op not in table and op.lower() in table:
            op = op.lower()
        if op not in table:
            if op in keywords.OLDER_ONLY_OPS:
                self._fail(f"'{op}' {keywords.OLDER_ONLY_OPS[op]}", line, col)
            close = table.close_to(op)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            self._fail(f"unknown instruction '{op}'{hint}", line, col)
        mods, post, _ = _forms.spelled(op, mods, tuple(post_mods), None)  # as the parser spells it
        ex, mask_given = self._exec(exec, line, col)
        ops: list[Any] = []
        for k, o in enumerate(operands):
            try:
                ops.append(_stamp(self._operand(o), line, col))
            except BuildError as e:
                self._fail(f"operand {k} of '{mnemonic}': {e}", line, col)
        ins = ast.Instruction(op, mods, self._pred(pred, line, col), ex, tuple(ops), post,
                            line=line, col=col)
        ins = self._canonical(ins)
        if b.check:
            # equal instructions check alike (positions take no part in equality)
            key = (ins, tuple(type(o) for o in operands), mask_given)
            done = self._checked.get(key)
            if done is None:
                done = self._checked[key] = self._trial_check(ins, operands, mask_given)
            ins = done if done is ins else _stamp_ins(done, line, col)
        try:  # sample/load's SIMD mode, as the parser reads the printed text
            _, _, exe = _forms.spelled(op, (), (), ins.exec)
        except _forms.SpellingError as e:
            self._fail(str(e), line, col)
        if exe is not ins.exec and exe is not None:
            ins = attrs.evolve(ins, exec=ast.ExecSize(exe.size, exe.mask, line=line, col=col))
        self.body.append(ins)
        return ins

    # the unit ----------------------------------------------------------------
    def unit(self, functions: Sequence[str] = ()) -> ast.Unit:
        """The unit built so far (``functions``: the module's function names,
        the ``.funcdecl`` list of a kernel that declared none)."""
        fd = tuple(self.funcdecls) if self.funcdecls or self.kind != "kernel" else tuple(functions)
        return ast.Unit(self.kind, self.name, fd, tuple(self.decls), tuple(self.inputs),
                      tuple(self.attrs), tuple(self.body), line=self.line, col=self.col)

    # internals ---------------------------------------------------------------
    def _fail(self, message: str, line: int, col: int) -> NoReturn:
        self.builder.fail(message, line, col)

    def _new_name(self, name: str, line: int, col: int) -> None:
        if not isinstance(name, str) or not _NAME_RE.match(name):
            self._fail(f"invalid variable name {name!r} (a letter, _, $, @ or ? and then "
                       "letters, digits, _, $, @, ?)", line, col)
        if name in self._names or name in predefined.PREDEFINED_VAR_NAMES \
                or name in predefined.PREDEFINED_SURFACE_NAMES:
            self._fail(f"'{name}' is declared already in {self.kind} '{self.name}'", line, col)

    def _count(self, n: int, name: str, line: int, col: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            self._fail(f"the number of elements of '{name}' must be a positive int, not {n!r}",
                       line, col)

    def _attrs(self, attrs_: AttrsLike, line: int, col: int) -> tuple[ast.Attr, ...]:
        if attrs_ is None:
            return ()
        out = []
        for k, v in attrs_.items():
            if not isinstance(k, str) or not _NAME_RE.match(k):
                self._fail(f"invalid attribute name {k!r}", line, col)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, str))):
                self._fail(f"attribute '{k}' must be an int, a str or None, not {v!r}", line, col)
            out.append(ast.Attr(k, v, line=line, col=col))
        return tuple(out)

    def _declare(self, d: ast.VarDecl | ast.AddrDecl | ast.PredDecl | ast.SamplerDecl | ast.SurfaceDecl,
                 kind: str) -> None:
        self.decls.append(d)
        self._names[d.name] = kind
        if self._trial is not None:
            self._trial.declare(d)

    def _exec(self, e: ExecLike, line: int, col: int) -> tuple[ast.ExecSize | None, bool]:
        if e is None:
            return None, False
        if isinstance(e, ast.ExecSize):
            return attrs.evolve(e, line=line, col=col), True
        size: Any
        mask: Any
        given = False
        if isinstance(e, tuple):
            if len(e) != 2:
                self._fail("exec is a size, or a (size, mask) pair such as (16, 'M1')", line, col)
            size, mask = e
            given = True
        else:
            size, mask = e, "M1"
        if isinstance(size, bool) or not isinstance(size, int):
            self._fail(f"the execution size must be an int, not {size!r}", line, col)
        if mask is not None and mask not in field_codes.EXEC_MASK_BY_NAME:
            self._fail(f"unknown execution mask {mask!r} (expected M1 ... M8 or M1_NM ... M8_NM)",
                       line, col)
        if mask == "NoMask":
            mask = "M1_NM"
        return ast.ExecSize(size, mask, line=line, col=col), given

    def _pred(self, p: PredLike, line: int, col: int) -> ast.Predicate | None:
        if p is None:
            return None
        if isinstance(p, ast.Predicate):
            return attrs.evolve(p, line=line, col=col)
        if isinstance(p, Pred):
            return ast.Predicate(p.name, line=line, col=col)
        if isinstance(p, PredUse):
            return ast.Predicate(p.name, p.negate, p.control, line=line, col=col)
        self._fail(f"a predicate must be a Pred (P, ~P, P.any), not {_kind(p)}", line, col)

    def _operand(self, o: Any) -> Any:
        if isinstance(o, _OPERAND_NODES):
            return o
        if isinstance(o, Reg):
            return o.node()
        if isinstance(o, (Var, Addr, Pred, Surface, Sampler, Label)):
            return ast.Name(o.name)
        if isinstance(o, PredUse):
            raise BuildError(f"'{'!' if o.negate else ''}{o.name}' is a guard: pass it as pred=")
        if isinstance(o, bool):
            raise BuildError("a bool is not an operand: write 1 or 0 (with a type: imm(1, 'ud'))")
        if isinstance(o, (int, float)):
            return _imm(o, None, None)
        if isinstance(o, str):
            return ast.Name(o)
        if isinstance(o, (tuple, list)):
            return ast.Tuple(tuple(self._item(x) for x in o))
        raise BuildError(f"{_kind(o)} cannot be an operand")

    def _item(self, x: Any) -> Any:
        """An item of a parenthesised list: ints are bare numbers."""
        if isinstance(x, int) and not isinstance(x, bool):
            return ast.Number(x)
        if isinstance(x, (tuple, list)):
            raise BuildError("a list inside a list")
        return self._operand(x)

    def _canonical(self, ins: ast.Instruction) -> ast.Instruction:
        """What the parser makes of the printed instruction (the same
        rewrite: visa.isa.forms.upgraded): the form's older-spelling
        rewrite, and an address operand's ``<1>``."""
        try:
            up = _forms.upgraded(ins, _forms.declared_in(self.decls),
                                 frozenset(n for n, k in self._names.items() if k == "A"))
        except EncodeError as e:
            self._fail(str(e), ins.line, ins.col)
        return ins if up is ins else _stamp_ins(up, ins.line, ins.col)

    def _trial_check(self, ins: ast.Instruction, given: Sequence[Any], mask_given: bool) -> ast.Instruction:
        """Check ``ins`` against its record (the classes of its operands: its
        signature) and through the encoder's own path, decode its bytes
        through the decoder's, and settle what the caller left open as the
        binary has it: the execution mask when only a size was given, a
        Python int where the form reads a bare number, a label name the
        text writes quoted.  What the record refuses is a VisaError here
        (EncodeError is the encoder's refusal; no other exception is taken
        for one)."""
        if self._trial is None:
            self._trial = _Trial(self)
        trial = self._trial
        line, col = ins.line, ins.col
        trial.problems.clear()
        check_signature(ins, _forms.FORMS[ins.op], trial, types=False)
        if trial.problems:
            self._fail(trial.problems[0], line, col)
        ints = [k for k, o in enumerate(given)
                if isinstance(o, int) and not isinstance(o, bool) and k < len(ins.operands)
                and type(ins.operands[k]) is ast.Imm]
        # the first reading that encodes: as given (M1, ints immediate), then
        # without a mask, then with the ints as bare numbers
        candidates = [ins]
        if not mask_given and ins.exec is not None and ins.exec.mask is not None:
            candidates.append(attrs.evolve(ins, exec=attrs.evolve(ins.exec, mask=None)))
        if ints:
            for c in list(candidates):
                ops = list(c.operands)
                for k in ints:
                    ops[k] = ast.Number(given[k], line=line, col=col)
                candidates.append(attrs.evolve(c, operands=tuple(ops)))
        first_problem = None
        for cand in candidates:
            try:
                code, _ = encode_instruction(cand, trial.sym)
            except EncodeError as e:
                first_problem = first_problem or str(e)
                continue
            break
        else:
            self._fail(first_problem or "cannot be encoded", line, col)
        ins = cand
        back, _, _ = decode_instruction(Reader(code, 1), _forms.FORMS.by_opcode()[code[0]], trial,
                                        code[0], 0)
        if ins.exec is not None and back.exec is None:
            self._fail(f"'{ins.mnemonic}' takes no execution size (its binary has none)", line, col)
        if ins.pred is not None and back.pred is None:
            self._fail(f"'{ins.mnemonic}' cannot be predicated (its binary has no predicate)",
                       line, col)
        if len(back.operands) < len(ins.operands):
            n = len(back.operands)
            self._fail(f"'{ins.mnemonic}' takes {n} operand{'s' if n != 1 else ''}, "
                       f"{len(ins.operands)} given", line, col)
        changed = False
        ops = list(ins.operands)
        for k, o in enumerate(given[:len(back.operands)]):
            dec, mine = back.operands[k], ops[k]
            if k in ints and type(dec) is ast.Number and type(mine) is ast.Imm:
                ops[k] = ast.Number(o, line=line, col=col)  # the form reads a bare number
                changed = True
            elif (isinstance(o, (Label, str)) and type(mine) is ast.Name and type(dec) is ast.String
                  and dec.value == mine.name):
                ops[k] = ast.String(mine.name, line=line, col=col)  # a name the text quotes
                changed = True
        ex = ins.exec
        if (ex is not None and not mask_given and back.exec is not None
                and back.exec.mask is None and ex.mask is not None):
            ex = attrs.evolve(ex, mask=None)  # the binary records no mask
            changed = True
        return attrs.evolve(ins, operands=tuple(ops), exec=ex) if changed else ins


def _align(a: str | int | None) -> str | None | bool:
    """The alignment name the parser records (None for byte), or False."""
    if a is None:
        return None
    if isinstance(a, bool):
        return False
    if isinstance(a, int):
        al = datatypes.ALIGN_BY_BYTES.get(a)
    else:
        al = next((v for k, v in datatypes.ALIGN_BY_NAME.items() if k.lower() == str(a).lower()), None)
    if al is None:
        return False
    return None if al is datatypes.Align.BYTE else datatypes.ALIGN_INFO[al].name


def _stamp(o: Any, line: int, col: int) -> Any:
    """Operand ``o`` (and the nodes inside it) at (line, col)."""
    t = type(o)
    if t is ast.Tuple:
        return ast.Tuple(tuple(_stamp(x, line, col) for x in o.items), line=line, col=col)
    if t is ast.LscAddr:
        return attrs.evolve(o, surface=None if o.surface is None else _stamp(o.surface, line, col),
                            base=None if o.base is None else _stamp(o.base, line, col),
                            extra=tuple(_stamp(x, line, col) for x in o.extra), line=line, col=col)
    return attrs.evolve(o, line=line, col=col)


def _stamp_ins(ins: ast.Instruction, line: int, col: int) -> ast.Instruction:
    return attrs.evolve(ins, pred=None if ins.pred is None else attrs.evolve(ins.pred, line=line, col=col),
                        exec=None if ins.exec is None else attrs.evolve(ins.exec, line=line, col=col),
                        operands=tuple(_stamp(o, line, col) for o in ins.operands),
                        line=line, col=col)


# ----------------------------------------------------- the check of a form
class _Trial(Context):
    """The unit's declarations so far, as the encoder's symbols (``sym``),
    the decoder's names and the validator's view of the operands: the
    builder checks an instruction against its record's signature, encodes
    it through the encoder's path and decodes the bytes through the
    decoder's."""

    def __init__(self, unit: UnitBuilder) -> None:
        self.sym = Symbols(ast.Unit(unit.kind, unit.name))
        self.counters = {"G": predefined.NUM_PREDEFINED_VARS, "A": 0,
                         "P": predefined.NUM_PREDEFINED_PREDICATES, "S": 0,
                         "T": predefined.NUM_PREDEFINED_SURFACES}
        self.names: dict[tuple[str, int], str] = {}
        for n, (k, i) in self.sym.vars.items():
            self.names.setdefault((k, i), n)
        for i, n in enumerate(predefined.PREDEFINED_VAR_NAMES):
            self.names[("G", i)] = n
        self.grf_bytes = self.sym.grf_bytes
        # the validator's view (visa.isa.verify.Context): the problems found
        self.problems: list[str] = []
        self.kinds = {n: k for n, (k, _) in self.sym.vars.items()}
        self.gvars: dict[str, ast.VarDecl | None] = {n: None for n in predefined.PREDEFINED_VAR_NAMES}
        self.declared = frozenset()
        self.bf_vars = frozenset()
        for d in unit.decls:
            self.declare(d)

    def declare(self, d: ast.VarDecl | ast.AddrDecl | ast.PredDecl | ast.SamplerDecl | ast.SurfaceDecl) -> None:
        k = _DECL_KIND[type(d)]
        ident = self.counters[k]
        self.counters[k] += 1
        self.sym.declare(d.name, k, ident)
        self.names[(k, ident)] = d.name
        self.kinds[d.name] = k
        if type(d) is ast.VarDecl:
            self.sym.var_types[d.name] = d.type
            self.sym.var_align[d.name] = datatypes.ALIGN_CODE_BY_PRINTED[d.align]
            self.gvars[d.name] = d

    def report(self, rule: str, node: Any, message: str, severity: str = "error") -> None:
        self.problems.append(message)

    # the decode side of the names (the atoms' ``cx``)
    def var_name(self, kind: str, ident: int, at: int | None = None) -> str:
        n = self.names.get((kind, ident))
        if n is None:
            raise DecodeError(f"no variable {kind}{ident}", at)
        return n

    def label_name(self, ident: int, at: int | None = None) -> str:
        if not 0 <= ident < len(self.sym.labels):
            raise DecodeError(f"no label {ident}", at)
        return self.sym.labels[ident][0]

    def label_kind(self, ident: int) -> int | None:
        return self.sym.labels[ident][1] if 0 <= ident < len(self.sym.labels) else None

    def kind_of(self, name: str) -> str | None:
        return self.kinds.get(name)

    def type_size(self, name: str) -> int:
        t = self.sym.var_types.get(name)
        if t is None:
            v = predefined.PREDEFINED_VAR_BY_NAME.get(name)
            return datatypes.TYPE_INFO[v.type].size if v is not None else 1
        return datatypes.TYPE_INFO_BY_NAME[t].size

    def string(self, index: int, at: int | None = None) -> str:
        if not 0 <= index < len(self.sym.strings):
            raise DecodeError(f"no string {index}", at)
        return self.sym.strings[index]
