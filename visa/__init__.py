"""visa: Intel vISA 4.1 assembly text and binaries in Python.

Library API:
  parse(text, filename="<input>") -> visa.ast.Module   (raises VisaError)
  format(module) -> str                                  (IGC's layout)
"""
__version__ = "0.1.0"

from .errors import Diagnostic, VisaError  # noqa: E402
from .parser import parse  # noqa: E402
from .printer import format  # noqa: E402
from . import ast  # noqa: E402


def assemble(text, *, gen_binaries=(), filename="<input>"):
    """vISA assembly text -> vISA 4.1 binary (bytes), laid out as Intel's
    GenX_IR writes it.  ``gen_binaries``: (platform, blob) pairs (platform as
    a code, e.g. 12, or a name, e.g. "TGLLP") embedded after the kernel."""
    from .encode import assemble as _assemble
    return _assemble(text, gen_binaries=gen_binaries, filename=filename)


def disassemble(data, *, filename="<input>"):
    """vISA 4.1 binary -> text in the layout Intel's compiler prints."""
    from .decode import disassemble as _disassemble
    return _disassemble(data, filename=filename)


__all__ = ["parse", "format", "assemble", "disassemble", "VisaError", "Diagnostic", "ast",
           "__version__"]
