"""visa: Intel vISA 4.1 assembly text and binaries in Python.

Library API:
  parse(text, filename="<input>") -> visa.ast.Module   (raises VisaError)
  format(module) -> str                                  (IGC's layout)
"""
from .errors import Diagnostic, VisaError
from .parser import parse
from .printer import format
from . import ast

__version__ = "0.1.0"
__all__ = ["parse", "format", "VisaError", "Diagnostic", "ast", "__version__"]
