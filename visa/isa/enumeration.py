"""``QuickEnumType``: the metaclass the instruction set's enumerations are
made with, ``enum``'s own classes made by ``enum``'s cheaper path.

Python's ``class X(enum.IntEnum)`` runs the class body in enum's recording
namespace and makes each member through a chain of Python-level steps
(checks for existing members, descriptors, aliases, ``__set_name__``): about
a million machine instructions for an enumeration of a dozen members, some
60 M of every ``visa-as`` start for the ~60 enumerations here.  ``enum``'s
``_simple_enum`` (what the standard library uses for its own enumerations,
``re``'s flags, ``http``'s statuses) makes the same class from a plain class
body without those checks.  This metaclass runs the body in a plain dict,
hands it to ``_simple_enum`` and stores each member in the class as the
class statement does (``_simple_enum`` leaves a property in its place,
slower to read).  The result is the same: an ``IntEnum`` (``IntFlag``,
``Enum``) whose metaclass is ``enum.EnumType``, the same members, values,
names, aliases, order, methods and docstring (tests/test_enumeration.py
compares each with the class the plain ``enum`` path makes).  Where
``_simple_enum`` is missing, or a class passes keywords or several bases,
the plain path makes it.
"""
from __future__ import annotations

import enum
from typing import Any

_simple = getattr(enum, "_simple_enum", None)


class QuickEnumType(enum.EnumType):
    """``enum.EnumType`` made quicker for plain enumerations (see the module)."""

    @classmethod
    def __prepare__(metacls, cls: str, bases: tuple[type, ...], **kwds: Any) -> Any:  # type: ignore[override]
        if _simple is None or kwds or len(bases) != 1:
            return super().__prepare__(cls, bases, **kwds)
        return {}

    def __new__(metacls, cls: str, bases: tuple[type, ...], classdict: Any, **kwds: Any) -> Any:
        if type(classdict) is not dict:  # (made by enum's own __prepare__)
            return super().__new__(metacls, cls, bases, classdict, **kwds)
        qualname = classdict.pop("__qualname__", cls)
        made = _simple(bases[0])(type(cls, (), classdict))  # type: ignore[misc]
        made.__qualname__ = qualname
        put = type.__setattr__  # (enum's own __setattr__ refuses to rebind a member)
        for name, member in made._member_map_.items():
            put(made, name, member)
        return made
