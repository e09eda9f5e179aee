"""The AST nodes' shared ``__repr__`` (visa/_frozen.py) and the instruction
set's records' (visa/_record.py) print what attrs' own generated
``__repr__`` prints, for every class made with them and the objects a real
kernel and the instruction tables are made of."""
from __future__ import annotations

from collections.abc import Mapping

import attrs

from conftest import CORPUS

import visa
from visa import _frozen, _record
from visa.isa import (attributes, datatypes, descriptions, field_codes, forms, keywords, lsc_codes,
                      opcodes, predefined, subops, targets, value_codes)

STEM = CORPUS / "tgllp" / "loop_unroll_ilp__matmul_tiled__simd32"


def _has_fields(cls) -> bool:
    return attrs.has(cls) or _record.is_record(cls)


def _fields(cls):
    return attrs.fields(cls) if attrs.has(cls) else _record.fields(cls)


def _attrs_repr(obj) -> str:
    """What attrs prints for ``obj``: a twin class made by attrs with its
    own ``__repr__`` and the same fields, holding the same values."""
    cls = type(obj)
    twin = attrs.make_class(cls.__name__, {a.name: attrs.field(repr=a.repr) for a in _fields(cls)},
                            init=False, eq=False, slots=False, frozen=False)
    twin.__qualname__ = cls.__qualname__
    copy = object.__new__(twin)
    for a in _fields(cls):
        copy.__dict__[a.name] = getattr(obj, a.name)
    return repr(copy)


def _walk(obj, seen, out):
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if _has_fields(type(obj)):
        out.append(obj)
        for a in _fields(type(obj)):
            _walk(getattr(obj, a.name), seen, out)
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for x in obj:
            _walk(x, seen, out)
    elif isinstance(obj, Mapping):  # dicts and the records' FormTable
        for x in obj.values():
            _walk(x, seen, out)


def test_the_shared_repr_is_attrs_repr():
    module = visa.parse(STEM.with_suffix(".visaasm").read_text(), "k.visaasm")
    objs: list = []
    seen: set = set()
    _walk(module, seen, objs)
    for table in (m.__dict__ for m in (opcodes, forms, attributes, datatypes, descriptions, field_codes,
                                       keywords, lsc_codes, predefined, subops, targets, value_codes)):
        for value in list(table.values()):
            if isinstance(value, (Mapping, tuple, list)) or _has_fields(type(value)):
                _walk(value, seen, objs)
    shared = [o for o in objs if type(o).__repr__ in (_frozen._repr, _record._repr)]
    kinds = {type(o) for o in shared}
    assert len(kinds) >= 40 and len(shared) >= 1000, (len(kinds), len(shared))
    records = {k for k in kinds if k.__repr__ is _record._repr}
    assert len(records) >= 20 and len(kinds - records) >= 15, (len(records), len(kinds))
    for obj in shared:
        assert repr(obj) == _attrs_repr(obj)


def test_a_class_with_its_own_repr_keeps_it():
    @_frozen._frozen
    class Own:
        x: int

        def __repr__(self) -> str:
            return "own"

    @_frozen._frozen
    class Plain:
        x: int
        y: int = attrs.field(repr=False, default=0)
        z: str = attrs.field(repr=lambda v: v.upper(), default="a")

    assert repr(Own(1)) == "own"
    assert repr(Plain(1)) == "Plain(x=1, z=A)" == _attrs_repr(Plain(1))
