"""Tables made on first use (internal): the instruction families a kernel
does not use are not built when visa-as or visa-dis starts.

Making every family's records at each start costs more than the rest of a
small kernel's run, and a kernel without LSC or sampler instructions never
reads theirs.  Those families' modules (``forms_lsc`` with ``lsc_codes``,
``forms_sampler``) are imported when a table is first asked for something
only they hold:

* :data:`visa.isa.forms.FORMS` (a :class:`visa.isa.records.FormTable` of
  families, some of them :class:`LaterFamily`): a mnemonic, an opcode's
  layouts or an iteration over the whole table imports the family;
* ``OpcodeDef.subops`` of ``lsc_untyped`` / ``lsc_typed`` (a
  :class:`LaterTuple` naming ``lsc_codes``' table);
* ``keywords.TEXT_MNEMONICS`` (a :class:`LaterMapping`: the LSC sub-op
  keywords' values name ``lsc_codes``' operations).

What must be known without importing a family (its mnemonics, opcodes,
older names and directives; the keywords a table adds) is in the generated
module :mod:`visa.isa.forms_index`, which ``python tools/forms_index.py``
writes from the families themselves.  tests/test_forms_index.py fails when
it differs from what the sources make, and a family whose records are not
what the index says raises when it is imported, so a stale index is never
used silently.

Each table reads as the value the module made at import before (equal, the
same ``repr``, in the same order).  Loading is thread-safe: a module is
imported under Python's import lock, and a table's state is replaced, never
changed in place, by one assignment of a new immutable value made under a
lock, so that every thread reads the same objects.
"""
from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .._record import record

STALE = "visa/isa/forms_index.py is out of date ({what}): run `python tools/forms_index.py`"


def value_of(module: str, name: str) -> Any:
    """``module.name`` (the module imported if it is not yet)."""
    return getattr(importlib.import_module(module), name)


class LaterTuple(Sequence):
    """A tuple another module makes (``module.name``), read when first
    used: it compares, hashes and prints as that tuple.  It is never empty
    (its truth is known without importing the module)."""

    __slots__ = ("_module", "_name", "_value")

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name = module, name
        self._value: tuple | None = None

    def value(self) -> tuple:
        v = self._value
        if v is None:
            v = value_of(self._module, self._name)
            if not (type(v) is tuple and v):
                raise TypeError(f"{self._module}.{self._name} is not a non-empty tuple")
            self._value = v  # (the same object in every thread)
        return v

    def __getitem__(self, i):  # type: ignore[override]
        return self.value()[i]

    def __len__(self) -> int:
        return len(self.value())

    def __iter__(self) -> Iterator:
        return iter(self.value())

    def __bool__(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LaterTuple):
            other = other.value()
        return self.value() == other

    def __hash__(self) -> int:
        return hash(self.value())

    def __repr__(self) -> str:
        return repr(self.value())

    def __reduce__(self):
        return LaterTuple, (self._module, self._name)


@record
class LaterEntries:
    """Entries of a :class:`LaterMapping` made on first need: their keys (in
    order) and the function that makes them (a dict of those keys)."""
    keys: tuple
    make: Callable[[], Mapping]


class LaterMapping(Mapping):
    """An immutable mapping made of parts, in order: dicts, and
    :class:`LaterEntries` whose values are made when one of them is first
    read.  Its keys (membership, iteration, length) are known without
    making them."""

    def __init__(self, parts: Sequence[Mapping | LaterEntries]) -> None:
        self._parts = tuple(parts)
        self._keys = tuple(k for p in self._parts for k in (p.keys if isinstance(p, LaterEntries) else p))
        self._now: Mapping = MappingProxyType(
            {k: v for p in self._parts if not isinstance(p, LaterEntries) for k, v in p.items()})
        self._set = frozenset(self._keys)
        if len(self._set) != len(self._keys):
            raise ValueError("a key is in two parts")
        self._all: Mapping | None = None
        self._lock = threading.Lock()

    def _full(self) -> Mapping:
        full = self._all
        if full is not None:
            return full
        with self._lock:  # (made once: every thread reads the same values)
            if self._all is not None:
                return self._all
            made: dict = {}
            for p in self._parts:
                if isinstance(p, LaterEntries):
                    got = p.make()
                    if tuple(got) != p.keys:
                        raise RuntimeError(STALE.format(what=f"the keys {p.make.__qualname__} makes"))
                    made.update(got)
                else:
                    made.update(p)
            full = self._all = MappingProxyType(made)
            return full

    def __getitem__(self, key):
        v = self._now.get(key, _ABSENT)
        if v is _ABSENT:
            if key not in self._set:
                raise KeyError(key)
            v = self._full()[key]
        return v

    def __contains__(self, key) -> bool:
        return key in self._set

    def __iter__(self) -> Iterator:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self._full())!r})"


_ABSENT: Any = object()


@record
class LaterFamily:
    """A family of records whose module (its ``RECORDS``) is imported on
    first need, and what the index (visa/isa/forms_index.py) says it holds:
    its mnemonics in order, the opcodes of its layouts, its older names and
    directives ((name, mnemonic) pairs in order)."""
    module: str
    mnemonics: tuple[str, ...]
    opcodes: tuple[int, ...]
    older_names: tuple[tuple[str, str], ...]
    directives: tuple[tuple[str, str], ...]
