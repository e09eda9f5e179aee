"""visa: Intel vISA assembly text and binaries in Python.

The supported API is what this package exports (``__all__``); every other
module and name (``visa.parser``, ``visa.encode``, ``visa.isa``...) is
internal and may change.

* :func:`parse` -- text -> :class:`visa.ast.Module`;
* :func:`format` -- a Module (or text) -> text in Intel's layout;
* :func:`validate` -- a Module or text -> the list of problems;
* :func:`assemble` -- a Module or text -> vISA 4.1 binary (bytes);
* :func:`disassemble` -- bytes -> text, or the Module (``module=True``);
* :mod:`visa.build` (:class:`Builder`) -- build a Module from Python;
* :mod:`visa.ast` -- the nodes of a Module;
* :class:`VisaError` (raised for any bad input, with every
  :class:`Diagnostic`).

Text is parsed first wherever a Module is taken.  A Module made by
:mod:`visa.build` names the Python file that built it (``Module.file``) and
its nodes the lines of the builder calls, so diagnostics point there.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal, Union, overload

if TYPE_CHECKING:
    from . import ast
    from .errors import Diagnostic, VisaError, WarningOptions
# visa.ast, the printer (the instruction tables) and even the error classes
# (visa.errors: attrs, a fifth of a G80 command's start-up) are imported on
# first use: the afuc and G80 tools (visa.afuc, visa.g80) live in this
# package and need none of them, so `import visa.g80` costs them nothing of
# vISA's

__version__ = "0.1.0"


Program = Union[str, "ast.Module"]
"""vISA assembly text, or a module (:class:`visa.ast.Module`)."""

Platform = Union[str, int]
"""A platform by name (any of Intel's: ``"TGLLP"``, ``"DG2"``...) or by Gen
binary code (12, 13...)."""

GenBinaries = Union[Iterable[tuple[Platform, bytes]], Mapping[str, Iterable[tuple[Platform, bytes]]]]
"""Native Gen code to embed after the kernels: (platform, blob) pairs for
the first kernel, or a mapping from kernel name to such pairs."""


def parse(text: str, filename: str = "<input>", *, grf_size: int = 32) -> ast.Module:
    """Parse vISA assembly text (4.1, 4.2 or the older spec's dialect) into
    a :class:`visa.ast.Module`.

    ``filename`` names the text in diagnostics; ``grf_size`` is what
    ``%sizeof GRF`` means (64 on PVC).  Raises :class:`VisaError` with the
    file, line and column of each problem."""
    return _parse(text, filename, grf_size=grf_size)


def _parse(text: str, filename: str, grf_size: int = 32) -> ast.Module:
    # the parser (Lark, the grammar) is imported on first use: visa-dis
    # prints binaries without it
    from .parser import parse as parse_text
    return parse_text(text, filename, grf_size=grf_size)


def _format(module: ast.Module, version: tuple[int, int] | None = None) -> str:
    from .printer import format as format_module
    return format_module(module, version)


def _module(program: Program, filename: str | None) -> tuple[ast.Module, str | None, str]:
    """(module, source text for the carets, file name) of a program."""
    if isinstance(program, str):
        name = filename if filename is not None else "<input>"
        return _parse(program, name), program, name
    from . import ast
    if isinstance(program, ast.Module):
        name = filename if filename is not None else (program.file or "<input>")
        return program, _source_of(program, name), name
    raise TypeError(f"expected vISA text (str) or a visa.ast.Module, not {type(program).__name__}")


def _source_of(module: ast.Module, name: str) -> str | None:
    """The Python source a built module's lines refer to (for the carets)."""
    if module.file is None or name != module.file or not name.endswith(".py"):
        return None
    try:
        with open(name, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def format(program: Program, version: tuple[int, int] | None = None) -> str:  # noqa: A001
    """Print a module (or text, parsed first) in the layout Intel's compiler
    prints ``.visaasm`` in: vISA 4.1's or 4.2's (``version``; default the
    module's own)."""
    module, _, _ = _module(program, None)
    return _format(module, version)


def validate(program: Program, *, platform: Platform | None = None,
             filename: str | None = None, werror: bool | Iterable[str] = False,
             no_error: Iterable[str] = (), disable: Iterable[str] = (),
             options: WarningOptions | None = None) -> list[Diagnostic]:
    """Every problem the validator finds in a module or in text (parsed
    first; a syntax error raises :class:`VisaError`), as a list of
    :class:`Diagnostic` (each with its ``rule``), sorted by position.  A
    vISA 4.1 program the validator passes is also tried through the encoder,
    whose refusals come with rule ``encode``: what this returns no error for,
    :func:`assemble` takes.

    ``platform`` enables the platform checks and sets the GRF size; without
    one (and no ``//Platform:`` line), what depends on the platform is an
    error only where it fails on every platform, else a warning naming the
    platforms it fails on.  ``werror`` (True, or a set of rule ids),
    ``no_error`` and ``disable`` are gcc's ``-Werror``, ``-Werror=RULE``,
    ``-Wno-error=RULE`` and ``-Wno-RULE`` (see :class:`visa.WarningOptions`;
    ``options`` gives them as one object); an unknown rule id is a
    ``ValueError``.
    ``filename`` names the program in the diagnostics (default: ``<input>``
    for text, the module's ``file`` for a module, which for a built module is
    the Python file whose builder calls the positions are)."""
    from .encode import check_module
    from .errors import warning_options
    module, text, name = _module(program, filename)
    opts = warning_options(werror, no_error, disable, options)
    return check_module(module, text=text, filename=name, platform=platform,
                        options=None if opts.default else opts)


def assemble(program: Program, *, gen_binaries: GenBinaries = (), filename: str | None = None,
             validate: bool = True, warnings: list[Diagnostic] | None = None,
             platform: Platform | None = None, werror: bool | Iterable[str] = False,
             no_error: Iterable[str] = (), disable: Iterable[str] = (),
             options: WarningOptions | None = None) -> bytes:
    """A module or text (parsed first) -> the vISA 4.1 binary, laid out as
    Intel's GenX_IR writes it.

    ``gen_binaries``: native code embedded after the kernel (see
    :data:`GenBinaries`).  The program is validated first (``validate=False``
    skips it) for ``platform`` (default: the first Gen binary's): errors
    raise :class:`VisaError` with every diagnostic, warnings are appended to
    ``warnings`` when a list is given (``werror``, ``no_error``, ``disable``
    and ``options`` as for :func:`validate`).  Anything that cannot be encoded
    raises :class:`VisaError` at its position."""
    from .encode import assemble as _assemble_text
    from .encode import assemble_checked
    from .errors import warning_options
    opts: WarningOptions | None = warning_options(werror, no_error, disable, options)
    opts = None if opts is None or opts.default else opts
    if isinstance(program, str):
        return _assemble_text(program, gen_binaries=gen_binaries,
                              filename=filename if filename is not None else "<input>",
                              validate=validate, warnings=warnings, platform=platform,
                              options=opts)
    module, text, name = _module(program, filename)
    back: dict[int, object] = {}
    return assemble_checked(module, text=text, filename=name, gen_binaries=gen_binaries,
                            validate=validate, warnings=warnings, platform=platform, options=opts,
                            encoded=_text_ordered(module, back) if module.built else None,
                            origin=lambda n: back.get(id(n), n))


def _text_ordered(module: ast.Module, back: dict[int, object]) -> ast.Module:
    """A built module as its printed text places it: the encoder fills the
    string pool in text order, and in the printing every declaration and
    kernel attribute comes before the body (a built node's position is the
    line of its builder call, which says nothing of that order).  ``back``
    maps each node without position to the node it stands for."""
    import attrs

    def unplaced(n: Any) -> Any:
        m = attrs.evolve(n, line=0, col=0)
        back[id(m)] = n
        return m

    units = tuple(attrs.evolve(u, decls=tuple(unplaced(d) for d in u.decls),
                               inputs=tuple(unplaced(i) for i in u.inputs),
                               attrs=tuple(unplaced(a) for a in u.attrs))
                  for u in module.units)
    return attrs.evolve(module, units=units)


@overload
def disassemble(data: bytes, *, filename: str = ..., module: Literal[False] = ...) -> str: ...
@overload
def disassemble(data: bytes, *, filename: str = ..., module: Literal[True]) -> ast.Module: ...
@overload
def disassemble(data: bytes, *, filename: str = ..., module: bool) -> str | ast.Module: ...


def disassemble(data: bytes, *, filename: str = "<input>", module: bool = False) -> str | ast.Module:
    """A vISA 4.1 binary -> text in the layout Intel's compiler prints, or,
    with ``module=True``, the :class:`visa.ast.Module` (what the parser
    makes of that text).  A broken binary raises :class:`VisaError` naming
    the byte offset."""
    from .binary import objfile
    from .decode import disassemble_module
    from .errors import Diagnostic, VisaError
    from .isa.atoms import DecodeError
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("disassemble() takes bytes")
    try:
        m = disassemble_module(bytes(data))
    except (objfile.ObjectFormatError, DecodeError) as e:
        raise VisaError([Diagnostic(filename, 0, 0, f"invalid vISA binary: {e}", rule="binary")]) from None
    return m if module else _format(m)


_LAZY = {"VisaError": (".errors", "VisaError"), "Diagnostic": (".errors", "Diagnostic"),
         "WarningOptions": (".errors", "WarningOptions"),
         "ast": (".ast", None), "build": (".build", None), "Builder": (".build", "Builder"),
         "stats": (".dumps", "stats"), "cfg": (".dumps", "cfg"), "liveness": (".dumps", "liveness"),
         "diff": (".dumps_diff", "diff")}


def __getattr__(name: str) -> Any:
    """Names imported on first use (and kept here after it): the error
    classes (``visa.VisaError``, ``visa.Diagnostic``, ``visa.WarningOptions``:
    :mod:`visa.errors` loads attrs, which the G80 tools never need), and
    what neither vISA command-line tool needs: ``visa.build`` and
    ``visa.Builder`` (the builder), ``visa.stats``, ``visa.cfg`` and
    ``visa.liveness`` (the dump readers, :mod:`visa.dumps`) and
    ``visa.diff`` (:mod:`visa.dumps_diff`)."""
    if name in _LAZY:
        import importlib
        module_name, attr = _LAZY[name]
        module = importlib.import_module(module_name, __name__)
        value = module if attr is None else getattr(module, attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'visa' has no attribute {name!r}")


__all__ = ["parse", "format", "validate", "assemble", "disassemble", "build", "Builder", "ast",
           "VisaError", "Diagnostic", "WarningOptions", "Program", "Platform", "GenBinaries",
           "stats", "cfg", "liveness", "diff", "__version__"]
