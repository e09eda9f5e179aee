"""``Name(field=value, ...)``: the one printer of fields for the package's
two record makers (visa/_record.py's records and visa/_frozen.py's attrs
classes), in a module of its own so that neither pulls the other in."""
from __future__ import annotations

import threading
from typing import Any

_printing = threading.local()


def fields_repr(self: Any, fields: Any) -> str:
    """``Name(field=value, ...)``, as attrs' generated ``__repr__`` prints
    it: ``fields`` (a record's ``__record_fields__``, an attrs class's
    ``__attrs_attrs__``: each with ``name`` and ``repr``) in order, those of
    ``repr=False`` left out, a callable ``repr=`` applied, ``...`` for an
    object met again while printing itself.  visa/_frozen.py's shared
    ``__repr__`` of attrs classes is this too (one set of objects being
    printed, as attrs keeps one)."""
    seen = getattr(_printing, "ids", None)
    if seen is None:
        seen = _printing.ids = set()
    if id(self) in seen:
        return "..."
    seen.add(id(self))
    try:
        parts = []
        for f in fields:
            if f.repr is False:
                continue
            value = getattr(self, f.name)
            parts.append(f"{f.name}={value!r}" if f.repr is True else f"{f.name}={f.repr(value)}")
        name = type(self).__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(parts)})"
    finally:
        seen.discard(id(self))
