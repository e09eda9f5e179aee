"""The instruction set's enumerations, made by visa/isa/enumeration.py's
quicker path, are the classes Python's plain ``enum`` path makes from the
same definitions: each module of visa/isa/ that defines enumerations is run
a second time (under another name) with the quicker path off, and ``enum``'s
own equivalence check (``enum._test_simple_enum``: members, values, names,
aliases, order, class dictionary, methods, docstring) compares each pair."""
from __future__ import annotations

import enum
import importlib.util
import sys

import pytest

from visa.isa import enumeration

MODULES = ["attributes", "datatypes", "descriptions", "field_codes", "lsc_codes", "opcodes", "subops",
           "targets", "value_codes"]


def _plain_copy(module, monkeypatch):
    """``module`` run again as visa.isa._plain_<name>, its enumerations made
    by enum's plain path."""
    monkeypatch.setattr(enumeration, "_simple", None)
    name = f"visa.isa._plain_{module.__name__.rsplit('.', 1)[1]}"
    spec = importlib.util.spec_from_file_location(name, module.__file__)
    copy = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, copy)  # (removed again after the test)
    spec.loader.exec_module(copy)
    return copy


@pytest.mark.skipif(enumeration._simple is None, reason="this Python's enum has no _simple_enum: the plain path is used")
@pytest.mark.parametrize("name", MODULES)
def test_quick_enumerations_are_the_plain_ones(name, monkeypatch):
    module = importlib.import_module(f"visa.isa.{name}")
    quick = {k: v for k, v in vars(module).items()
             if isinstance(v, enum.EnumType) and v.__module__ == module.__name__ and v.__name__ == k}
    assert quick, f"no enumeration defined in visa.isa.{name}"
    plain = _plain_copy(module, monkeypatch)
    for k, cls in quick.items():
        ref = getattr(plain, k)
        assert type(cls) is enum.EnumType and type(ref) is enumeration.QuickEnumType  # the two paths ran
        ref.__module__ = cls.__module__  # (the copy's module name is the only intended difference)
        enum._test_simple_enum(ref, cls)
        for member in ref:
            assert cls.__dict__[member.name] is cls[member.name]  # members stored as the class statement stores them
        assert [(m.name, m.value) for m in cls] == [(m.name, m.value) for m in ref]
        assert list(cls.__members__) == list(ref.__members__)  # aliases too


def test_every_enumeration_of_visa_isa_is_made_quick():
    import pkgutil
    import visa.isa
    for info in pkgutil.iter_modules(visa.isa.__path__):
        module = importlib.import_module(f"visa.isa.{info.name}")
        for k, v in vars(module).items():
            if isinstance(v, enum.EnumType) and v.__module__ == module.__name__:
                assert info.name in MODULES, (info.name, k)
