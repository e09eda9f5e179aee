"""The instruction set's records (visa/_record.py) behave as the attrs
frozen classes they replace: each class below is made twice, by ``record``
and by ``attrs.frozen``, and both are asked the same things."""
from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from visa import _record
from visa._record import evolve, field, fields, record
from visa.isa import forms, records


def _pair(body):
    """(record class, attrs class) made of the same class body."""
    return record(body(_record.field)), attrs.frozen(body(attrs.field))


def _point(make_field):
    class Point:
        x: int
        y: int = 2
        tags: frozenset = make_field(default=(), converter=frozenset)
        _seen: list = make_field(init=False, factory=list, eq=False, repr=False)
        note: str = make_field(default="", eq=False)

        def total(self) -> int:
            return self.x + self.y
    return Point


class Base:
    __slots__ = ()
    kind = "base"


def test_init_eq_hash_repr_as_attrs():
    R, A = _pair(_point)
    for args, kw in (((1,), {}), ((1, 5), {}), ((1,), {"tags": [3, 4]}), ((1, 2, (), "n"), {})):
        r, a = R(*args, **kw), A(*args, **kw)
        assert repr(r) == repr(a)
        assert [(f.name, getattr(r, f.name)) for f in fields(R)] == \
               [(f.name, getattr(a, f.name)) for f in attrs.fields(A)]
        assert r.total() == a.total()
    assert R(1) == R(1, note="other") and A(1) == A(1, note="other")
    assert hash(R(1)) == hash(R(1, note="other"))
    assert R(1) != R(2) and R(1, 3) != R(1, 2)
    assert R(1) != A(1) and (R(1) == 1) is False
    assert len({R(1), R(1), R(2)}) == 2
    assert R.__match_args__ == A.__match_args__
    with pytest.raises(TypeError):
        R()
    with pytest.raises(TypeError):
        R(1, seen=[])


def test_immutable_and_copied():
    R, _ = _pair(_point)
    r = R(1, tags=[1])
    for change in (lambda: setattr(r, "x", 2), lambda: delattr(r, "x"), lambda: setattr(r, "other", 1)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            change()
    assert not hasattr(r, "__dict__")
    globals()["Point"] = R  # (pickle finds a class by its module and name)
    R.__qualname__ = "Point"
    try:
        for twin in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
            assert twin == r and twin is not r and repr(twin) == repr(r)
    finally:
        del globals()["Point"]
    assert evolve(r, y=7) == R(1, 7, tags=[1]) and evolve(r, y=7).tags == frozenset({1})
    assert evolve(r) == r and evolve(r)._seen is not r._seen


def _family(make):
    class Parent(Base):
        a: int
        b: int = 0
    parent = make(Parent)

    class Child(parent):
        c: str = "c"
        kind = "child"
    return parent, make(Child)


def test_inheritance_as_attrs():
    (RP, RC), (AP, AC) = _family(record), _family(attrs.frozen)
    assert [f.name for f in fields(RC)] == [f.name for f in attrs.fields(AC)] == ["a", "b", "c"]
    assert repr(RC(1, 2, "x")) == repr(AC(1, 2, "x")) == "Child(a=1, b=2, c='x')"
    assert RC(1).kind == AC(1).kind == "child" and RP(1).kind == "base"
    assert RC(1) != RP(1) and isinstance(RC(1), Base) and RC(1, 2) == RC(1, 2, "c")


def test_the_instruction_set_is_made_of_records():
    f = forms.FORMS["add"]
    assert _record.is_record(type(f)) and not attrs.has(type(f))
    assert all(_record.is_record(type(a)) for a in f.atoms)
    assert type(f).__repr__ is _record._repr and isinstance(f, records.Form)
    with pytest.raises(TypeError, match="not an atom"):
        records.Form("x", 1, atoms=(1,))
    assert evolve(f, mnemonic="add") == f and hash(evolve(f)) == hash(f)
    with pytest.raises(TypeError):
        fields(int)


def test_the_written_templates_are_what_the_maker_writes():
    from pathlib import Path
    written = Path(_record.__file__).with_name("_record_code.py").read_text()
    assert written == _record.written_source()
