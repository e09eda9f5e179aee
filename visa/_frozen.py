"""``frozen``: ``attrs.frozen`` whose classes share one ``__repr__``.

attrs writes and compiles each class's methods as Python source when the
class is made; the ``__repr__`` is about half of that source, and making the
package's ~140 record and AST classes at import is most of the start-up of
``visa-as``.  The shared ``__repr__`` below prints what attrs' own prints
(``Name(field=value, ...)``, the fields of ``repr=False`` left out, a
callable ``repr=`` applied, ``...`` for an object met again while printing
itself), so the classes behave as before.  A class that defines its own
``__repr__`` keeps it.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import attrs

_printing = threading.local()


def _repr(self: Any) -> str:
    seen = getattr(_printing, "ids", None)
    if seen is None:
        seen = _printing.ids = set()
    if id(self) in seen:
        return "..."
    seen.add(id(self))
    try:
        parts = []
        for a in type(self).__attrs_attrs__:
            if a.repr is False:
                continue
            value = getattr(self, a.name)
            parts.append(f"{a.name}={value!r}" if a.repr is True else f"{a.name}={a.repr(value)}")
        name = type(self).__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(parts)})"
    finally:
        seen.discard(id(self))


def _frozen(maybe_cls: Any = None, **kwargs: Any) -> Any:
    def wrap(cls: Any) -> Any:
        own = "__repr__" in cls.__dict__
        made = attrs.frozen(cls, repr=None if own else False, **kwargs)  # type: ignore[arg-type]
        if not own:
            made.__repr__ = _repr
        return made
    return wrap if maybe_cls is None else wrap(maybe_cls)


if TYPE_CHECKING:  # type checkers know attrs' own decorator (same class shape)
    from attrs import frozen as frozen
else:
    frozen = _frozen
