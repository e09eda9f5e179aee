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


def assemble(text, *, gen_binaries=(), filename="<input>", validate=True, warnings=None, platform=None):
    """vISA assembly text -> vISA 4.1 binary (bytes), laid out as Intel's
    GenX_IR writes it.  ``gen_binaries``: (platform, blob) pairs (platform as
    a code, e.g. 12, or a name, e.g. "TGLLP") embedded after the kernel, or
    a mapping from kernel name to such pairs.  The program is validated
    first (``validate=False`` skips it) for ``platform`` (a name or code; by
    default the first Gen binary's): errors raise VisaError; warnings go to
    the list ``warnings`` when one is given."""
    from .encode import assemble as _assemble
    return _assemble(text, gen_binaries=gen_binaries, filename=filename, validate=validate,
                     warnings=warnings, platform=platform)


def validate(program, *, platform=None, filename="<input>"):
    """Every problem the validator finds (a list of Diagnostic, each with a
    rule id), for a Module or for text (parsed first).  ``platform`` (a
    name or a Gen binary code) enables the platform checks and sets the GRF
    size the checks use."""
    from .encode import validate_module
    text = None
    if isinstance(program, str):
        text, program = program, parse(program, filename)
    return validate_module(program, text=text, filename=filename, platform=platform)


def disassemble(data, *, filename="<input>"):
    """vISA 4.1 binary -> text in the layout Intel's compiler prints."""
    from .decode import disassemble as _disassemble
    return _disassemble(data, filename=filename)


__all__ = ["parse", "format", "assemble", "disassemble", "validate", "VisaError", "Diagnostic", "ast",
           "__version__"]
