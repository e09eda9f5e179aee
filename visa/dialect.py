"""Translation between the two text dialects, vISA 4.1 and vISA 4.2.

The AST holds a program as its dialect writes it; where the dialects write
one instruction differently, the instruction's form record says how
(``Text.to_41`` / ``Text.to_42``).  The 4.1 binary format is the only one
there is, so a 4.2 program is translated to 4.1 before it is encoded; what
4.1 cannot say is an error naming the construct.
"""
from __future__ import annotations

import attrs

from . import ast as A
from .errors import VisaError, make_diag
from .isa.atoms import EncodeError
from .isa.forms import text_of

V41, V42 = (4, 1), (4, 2)


def translate(module: A.Module, version: tuple, filename: str = "<input>") -> A.Module:
    """``module`` in the dialect ``version`` ((4, 1) or (4, 2)).  Raises
    :class:`visa.VisaError` with a diagnostic for every construct the target
    dialect cannot say."""
    version = tuple(version)
    if version not in (V41, V42):
        raise ValueError(f"no vISA text dialect {version[0]}.{version[1]} (4.1 and 4.2 are known)")
    source = V42 if tuple(module.version) >= V42 else V41
    if source == version:
        return module
    errors = problems(module, version)
    if errors:
        raise VisaError([make_diag(None, filename, getattr(e.node, "line", 0) or 0,
                                   getattr(e.node, "col", 0) or 0, str(e)) for e in errors])
    units = []
    for u in module.units:
        body = tuple(_one(s, version) for s in u.body)
        units.append(attrs.evolve(u, body=body) if body != u.body else u)
    return attrs.evolve(module, version=version, units=tuple(units))


def problems(module: A.Module, version: tuple) -> list[EncodeError]:
    """Every construct of ``module`` that the dialect ``version`` cannot say."""
    out = []
    source = V42 if tuple(module.version) >= V42 else V41
    if source == tuple(version):
        return out
    for u in module.units:
        for s in u.body:
            try:
                _one(s, tuple(version))
            except EncodeError as e:
                out.append(e)
    return out


def _one(s, version: tuple):
    if type(s) is not A.Instruction:
        return s
    facts = text_of(s.op)
    rewrite = facts.to_41 if version == V41 else facts.to_42
    return rewrite(s) if rewrite is not None else s
