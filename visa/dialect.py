"""Translation between the two text dialects, vISA 4.1 and vISA 4.2.

The AST holds a program as its dialect writes it; where the dialects write
one instruction differently, the instruction's form record says how
(``Text.to_41`` / ``Text.to_42``).  The 4.1 binary format is the only one
there is, so a 4.2 program is translated to 4.1 before it is encoded; what
4.1 cannot say is an error naming the construct.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from . import ast
from .errors import VisaError, node_diag
from .isa.atoms import EncodeError
from .isa import predefined
from .isa.forms import text_of

Version = tuple[int, int]
"""A vISA text dialect: ``(4, 1)`` or ``(4, 2)``."""

V41: Version = (4, 1)
V42: Version = (4, 2)


def translate(module: ast.Module, version: Version, filename: str = "<input>") -> ast.Module:
    """``module`` in the dialect ``version`` (:data:`V41` or :data:`V42`).

    Raises :class:`visa.VisaError` with a diagnostic (at ``filename`` and the
    node's position) for every construct the target dialect cannot say."""
    out, errors = translated(module, version)
    if errors:
        raise VisaError([node_diag(None, filename, e.node, str(e), "dialect") for e in errors])
    return out


def translated(module: ast.Module, version: Version) -> tuple[ast.Module, list[EncodeError]]:
    """``module`` in the dialect ``version``, and every construct that
    dialect cannot say (the module is only meaningful when there is none):
    one pass over the instructions.  Raises ValueError for a version that is
    neither 4.1 nor 4.2."""
    asked = tuple(version)
    if asked not in (V41, V42):
        raise ValueError(f"no vISA text dialect {asked[0]}.{asked[1]} (4.1 and 4.2 are known)")
    version = V41 if asked == V41 else V42
    source = V42 if tuple(module.version) >= V42 else V41
    if source == version:
        return module, []
    errors: list[EncodeError] = []
    units: list[ast.Unit] = []
    for u in module.units:
        stmts: list[ast.Statement] = []
        for s in u.body:
            try:
                stmts.append(_one(s, version))
            except EncodeError as e:
                errors.append(e)
                stmts.append(s)
        body = tuple(stmts)
        units.append(attrs.evolve(u, body=body) if body != u.body else u)
    return attrs.evolve(module, version=version, units=tuple(units)), errors


# the predefined variables only vISA 4.2 has (%scratchloc)
_ONLY_42 = frozenset(v.name for v in predefined.PREDEFINED_VARS if v.since > V41)


def _operands(ops: Iterable[ast.Operand]) -> Iterator[ast.Operand]:
    """The operands and the operands inside them (LSC address items, lists)."""
    for o in ops:
        yield o
        if type(o) is ast.LscAddr:
            yield from _operands(x for x in (o.surface, o.base, *o.extra) if x is not None)
        elif type(o) is ast.Tuple:
            yield from _operands(o.items)


def _one(s: ast.Statement, version: Version) -> ast.Statement:
    """One statement in the dialect ``version`` (raises EncodeError for what
    that dialect cannot say)."""
    if type(s) is not ast.Instruction:
        return s
    facts = text_of(s.op)
    if version == V41:
        for o in _operands(s.operands):
            name = getattr(o, "name", None)
            if name in _ONLY_42:
                raise EncodeError(f"'{name}' is a predefined variable of vISA 4.2 only; vISA 4.1 "
                                  "has none by that name", o)
        if facts.silent_mods and any(m in facts.silent_mods for m in s.mods):
            # what 4.1 reads and does not keep (svm_block's .unaligned) it does not write
            s = attrs.evolve(s, mods=tuple(m for m in s.mods if m not in facts.silent_mods))
    rewrite = facts.to_41 if version == V41 else facts.to_42
    if rewrite is None:
        return s
    out: ast.Statement = rewrite(s)
    return out
