"""``frozen``: ``attrs.frozen`` whose classes share one ``__repr__``.

attrs writes and compiles each class's methods as Python source when the
class is made; the ``__repr__`` is about half of that source, and making the
package's AST, object-file and diagnostic classes (~50) is a large part of
the start-up of ``visa-as`` (the instruction set's ~90 record classes are
made by visa/_record.py, without attrs).  The shared ``__repr__`` below prints what attrs' own prints
(``Name(field=value, ...)``, the fields of ``repr=False`` left out, a
callable ``repr=`` applied, ``...`` for an object met again while printing
itself), so the classes behave as before.  A class that defines its own
``__repr__`` keeps it.
"""
from __future__ import annotations

import __future__
import re
import threading
from types import CodeType
from typing import TYPE_CHECKING, Any

import attrs

from ._fields_repr import fields_repr


def _repr(self: Any) -> str:
    return fields_repr(self, type(self).__attrs_attrs__)


def _frozen(maybe_cls: Any = None, **kwargs: Any) -> Any:
    def wrap(cls: Any) -> Any:
        own = "__repr__" in cls.__dict__
        with _ready_code():
            made = attrs.frozen(cls, repr=None if own else False, **kwargs)  # type: ignore[arg-type]
        if not own:
            made.__repr__ = _repr
        return made
    return wrap if maybe_cls is None else wrap(maybe_cls)


# ------------------------------------------------- attrs' methods ready-made
# attrs writes each class's methods as Python source and compiles it (about
# a fifth of visa-as's start-up for the ~140 classes).  While one of our
# classes is made, attrs' compile step takes the code object of that very
# source (and file name) from a memo kept between runs (visa/readymade.py),
# else compiles it and keeps it: the
# same code, the same class.  attrs' other steps are its own.  An attrs
# whose compile step is not the one this knows is left alone.
_lock = threading.RLock()
_memo: Any = None
_depth = 0
_FUTURE_FLAGS = sum(getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
_flags = 0  # the __future__ flags attrs' module compiles with


def _supported() -> Any:
    """attrs' compile step, where it is the one this replaces, else None."""
    try:
        from attr import _make
    except ImportError:  # pragma: no cover
        return None
    global _flags
    f = getattr(_make, "_compile_and_eval", None)
    code = getattr(f, "__code__", None)
    if code is None or code.co_varnames[:4] != ("script", "globs", "locs", "filename"):
        return None  # pragma: no cover - another attrs
    if f is not _compile_and_eval:
        _flags = code.co_flags & _FUTURE_FLAGS
    return _make


# A ``__hash__`` starts its tuple with a number attrs draws from the hash of
# the class's name, which changes from process to process (PYTHONHASHSEED).
# The class's code is kept with 0 there; its ``__hash__`` is kept apart, one
# per sign and length of that number (the code's table of columns depends on
# them), with a stand-in number of that sign and length, replaced by this
# process's number when it is loaded.
_TYPE_HASH = re.compile(r"(hash\(\(\n[ \t]*)(-?[0-9]+)(,\n)")


def _swap(c: Any, old: int, new: int) -> Any:
    if type(c) is int:
        return new if c == old else c
    if type(c) is tuple:  # (a folded constant tuple: a class of no hashed field)
        return tuple(_swap(x, old, new) for x in c)
    return c


def _with_constant(code: Any, old: int, new: int) -> Any:
    return code.replace(co_consts=_swap(code.co_consts, old, new))


def _hash_source(script: str) -> str | None:
    """``script``'s ``__hash__`` alone, at its own lines (None where the
    script is not laid out as this expects)."""
    lines = script.split("\n")
    starts = [i for i, ln in enumerate(lines) if ln.startswith("def __hash__(")]
    if len(starts) != 1:
        return None  # pragma: no cover - not attrs' layout
    i = starts[0]
    j = i + 1
    while j < len(lines) and (not lines[j] or lines[j][0] in " \t"):
        j += 1
    return "\n" * i + "\n".join(lines[i:j]) + "\n"


def _function(src: str, filename: str, name: str) -> Any:
    found = [c for c in compile(src, filename, "exec", _flags, True).co_consts
             if isinstance(c, CodeType) and c.co_name == name]
    return found[0] if len(found) == 1 else None


def _loaded(kept: Any) -> Any:
    import marshal
    try:
        return None if kept is None else marshal.loads(kept)
    except (ValueError, EOFError, TypeError):  # pragma: no cover - the store checked it
        return None


def _compile_and_eval(script: str, globs: Any, locs: Any = None, filename: str = "") -> None:
    """attrs' ``_compile_and_eval``, the compiled code kept ready-made."""
    import marshal
    found = _TYPE_HASH.findall(script) if "hash((" in script else ()
    if len(found) > 1:  # pragma: no cover - not attrs' layout
        eval(compile(script, filename, "exec", _flags, True), globs, locs)
        return
    key_script = _TYPE_HASH.sub(r"\g<1>0\g<3>", script) if found else script
    k = (filename, key_script)
    code = _loaded(_memo.get(k))
    if code is None:
        # (compiled as attrs' own module compiles it: with its __future__ flags)
        code = compile(key_script, filename, "exec", _flags, True)
        _memo.put(k, marshal.dumps(code))
    if found:
        hash_code = _kept_hash(script, key_script, found[0][1], filename)
        if hash_code is None:  # pragma: no cover - not attrs' layout
            code = compile(script, filename, "exec", _flags, True)
        else:
            code = code.replace(co_consts=tuple(
                hash_code if isinstance(c, CodeType) and c.co_name == "__hash__" else c
                for c in code.co_consts))
    eval(code, globs, locs)


def _kept_hash(script: str, key_script: str, number: str, filename: str) -> Any:
    """The code of ``script``'s ``__hash__`` (whose number is ``number``):
    kept (under the class's own key, with the sign and length of the
    number: the same key string, which the store writes once), else
    compiled alone and kept (None where the script is not laid out as this
    expects)."""
    stand_in = _stand_in(number.startswith("-"), len(number.lstrip("-")))
    code = _loaded(_memo.get((filename, key_script, stand_in)))
    if code is None:
        code = _keep_hashes(script, key_script, filename, stand_in)
        if code is None:
            return None  # pragma: no cover - not attrs' layout
    return _with_constant(code, int(stand_in), int(number))


def _stand_in(negative: bool, digits: int) -> str:
    return ("-" if negative else "") + "1" * digits


# The signs and lengths of nearly every number (a str's hash, 64 bits: 19
# digits for 89% of them, 18 for 10%, 17 for 1%): their codes are kept all
# at once, the first time one is missed, so that the runs after it (another
# PYTHONHASHSEED each) find theirs rather than compile one in a run of two.
_USUAL_HASHES = tuple(_stand_in(neg, n) for neg in (False, True) for n in (19, 18, 17))


def _keep_hashes(script: str, key_script: str, filename: str, wanted: str) -> Any:
    """The code of ``script``'s ``__hash__`` with the number ``wanted`` (a
    stand-in), compiled and kept, and those of the usual stand-ins beside it
    (None where the script is not laid out as this expects)."""
    import marshal
    found = None
    for stand_in in (wanted, *(h for h in _USUAL_HASHES if h != wanted)):
        hk = (filename, key_script, stand_in)
        if stand_in != wanted and _memo.get(hk) is not None:
            continue
        src = _hash_source(_TYPE_HASH.sub(rf"\g<1>{stand_in}\g<3>", script))
        code = None if src is None else _function(src, filename, "__hash__")
        if code is None:
            return None  # pragma: no cover - not attrs' layout
        _memo.put(hk, marshal.dumps(code))
        if stand_in == wanted:
            found = code
    return found


class _ready_code:
    """While attrs makes one of our classes, its compile step is
    :func:`_compile_and_eval` (for this thread and any other, meanwhile:
    the same result either way)."""

    def __enter__(self) -> None:
        global _depth, _memo
        _lock.acquire()
        if _depth == 0:
            make = _supported()
            if make is not None and _memo is None:
                from . import readymade
                # (named by Python's version and the __future__ flags attrs
                # compiles with: the code of a source depends on nothing
                # else; attrs.__version__ would cost an import of
                # importlib.metadata.  Also by where this package is, only
                # so that each installed copy keeps its own classes' code:
                # several copies of different versions sharing one memo
                # would each read all of theirs, ~5 ms a start for 1,200
                # entries, and evict each other's at the limit)
                import os
                _memo = readymade.Memo("attrs-code", readymade.key(
                    "attrs-code", str(_flags), os.path.dirname(os.path.abspath(__file__))), limit=2000)
            if make is not None and not _memo.enabled:
                make = None  # (nowhere to keep the code: attrs compiles as always)
            if make is not None:
                self._saved = make._compile_and_eval
                make._compile_and_eval = _compile_and_eval
            self._make = make
        _depth += 1

    def __exit__(self, *exc: Any) -> None:
        global _depth
        _depth -= 1
        if _depth == 0 and getattr(self, "_make", None) is not None:
            self._make._compile_and_eval = self._saved
        _lock.release()


if TYPE_CHECKING:  # type checkers know attrs' own decorator (same class shape)
    from attrs import frozen as frozen
else:
    frozen = _frozen
