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
    """vISA assembly text -> vISA 4.1 binary (bytes).  Not implemented yet."""
    raise NotImplementedError("assembling to a vISA binary is not implemented yet "
                              "(use --syntax-only to check the text)")


def disassemble(data, *, filename="<input>"):
    """vISA 4.1 binary -> text in IGC's layout.  Not implemented yet."""
    raise NotImplementedError("disassembling vISA binaries is not implemented yet")


__all__ = ["parse", "format", "assemble", "disassemble", "VisaError", "Diagnostic", "ast",
           "__version__"]
