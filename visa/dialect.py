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
from .isa import opcodes as O
from .isa.atoms import fail
from .isa.forms import text_of

V41, V42 = (4, 1), (4, 2)


def translate(module: A.Module, version: tuple, filename: str = "<input>") -> A.Module:
    """``module`` in the dialect ``version`` ((4, 1) or (4, 2)).  Raises
    :class:`visa.VisaError` with a diagnostic for every construct the target
    dialect cannot say."""
    out, errors = translated(module, version)
    if errors:
        raise VisaError([make_diag(None, filename, getattr(e.node, "line", 0) or 0,
                                   getattr(e.node, "col", 0) or 0, str(e)) for e in errors])
    return out


def translated(module: A.Module, version: tuple) -> tuple[A.Module, list[EncodeError]]:
    """``module`` in the dialect ``version``, and every construct that
    dialect cannot say (the module is only meaningful when there is none):
    one pass over the instructions."""
    version = tuple(version)
    if version not in (V41, V42):
        raise ValueError(f"no vISA text dialect {version[0]}.{version[1]} (4.1 and 4.2 are known)")
    source = V42 if tuple(module.version) >= V42 else V41
    if source == version:
        return module, []
    errors: list[EncodeError] = []
    units = []
    for u in module.units:
        body = []
        for s in u.body:
            try:
                body.append(_one(s, version))
            except EncodeError as e:
                errors.append(e)
                body.append(s)
        body = tuple(body)
        units.append(attrs.evolve(u, body=body) if body != u.body else u)
    return attrs.evolve(module, version=version, units=tuple(units)), errors


# the predefined variables only vISA 4.2 has (%scratchloc)
_ONLY_42 = frozenset(v.name for v in O.PREDEFINED_VARS if v.since > V41)


def _operands(ops):
    """The operands and the operands inside them (LSC address items, lists)."""
    for o in ops:
        yield o
        t = type(o)
        if t is A.LscAddr:
            yield from _operands(x for x in (o.surface, o.base, *o.extra) if x is not None)
        elif t is A.Tuple:
            yield from _operands(o.items)


def _one(s, version: tuple):
    if type(s) is not A.Instruction:
        return s
    facts = text_of(s.op)
    if version == V41:
        for o in _operands(s.operands):
            if getattr(o, "name", None) in _ONLY_42:
                fail(f"'{o.name}' is a predefined variable of vISA 4.2 only; vISA 4.1 has none "
                     "by that name", o)
        if facts.silent_mods and any(m in facts.silent_mods for m in s.mods):
            # what 4.1 reads and does not keep (svm_block's .unaligned) it does not write
            s = attrs.evolve(s, mods=tuple(m for m in s.mods if m not in facts.silent_mods))
    rewrite = facts.to_41 if version == V41 else facts.to_42
    return rewrite(s) if rewrite is not None else s
