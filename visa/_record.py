"""``record``: the instruction set's immutable description classes, made
without attrs (internal).

The records of :mod:`visa.isa` (forms, atoms, opcode rows, ...) are ~90
small frozen classes made at every start of ``visa-as``; attrs makes each
by writing its methods as Python source, compiling it and making the class
again with slots, a third of the package's import.  A record here behaves
as ``attrs.frozen`` made it (what the package and its tests use of it):

* the fields are the class's annotated names (``ClassVar`` ones left out)
  after those of a record base, a value in the class body their default,
  :func:`field` for more (a converter, a factory, no ``__init__`` argument,
  no part in equality or ``repr``);
* ``__init__`` takes them in order (a leading underscore dropped from the
  argument's name), converts, then calls ``__attrs_post_init__`` if the
  class has one;
* ``__eq__`` and ``__hash__`` compare and hash the fields of equality, for
  objects of the very same class; ``__repr__`` prints ``Name(field=value,
  ...)`` as attrs' does (unless the class writes its own);
* slotted, and immutable: setting or deleting a field raises attrs'
  ``FrozenInstanceError``; pickling and copying work;
* :func:`fields` and :func:`evolve` are ``attrs.fields`` and
  ``attrs.evolve`` for them.

The methods are not compiled per class: one template function per number
of fields (written out in visa/_record_code.py for the plain shapes, else
compiled once, on first need) is given each class's field names (a code
object's names and argument names are data: ``CodeType.replace``) and the
class's setters as its globals.
"""
from __future__ import annotations

import builtins
import threading
from types import CodeType, FunctionType
from typing import Any

from ._fields_repr import fields_repr

__all__ = ["record", "field", "fields", "evolve", "is_record"]


class _Nothing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NOTHING"


NOTHING: Any = _Nothing()


class Field:
    """One field of a record class (what ``attrs.fields`` gives of it)."""
    __slots__ = ("name", "default", "factory", "converter", "init", "eq", "repr", "alias")

    def __init__(self, name: str, default: Any = NOTHING, factory: Any = None, converter: Any = None,
                 init: bool = True, eq: bool = True, repr: Any = True) -> None:
        self.name = name
        self.default = default
        self.factory = factory
        self.converter = converter
        self.init = init
        self.eq = eq
        self.repr = repr
        self.alias = name.lstrip("_")

    def __repr__(self) -> str:
        return f"Field(name={self.name!r})"


class _Spec:
    __slots__ = ("kw",)

    def __init__(self, kw: dict[str, Any]) -> None:
        self.kw = kw


def field(*, default: Any = NOTHING, factory: Any = None, converter: Any = None, init: bool = True,
          eq: bool = True, repr: Any = True) -> Any:
    """A field of more than a default (as ``attrs.field``)."""
    if factory is not None and default is not NOTHING:
        raise TypeError("a default or a factory, not both")
    return _Spec(dict(default=default, factory=factory, converter=converter, init=init, eq=eq, repr=repr))


def is_record(cls: Any) -> bool:
    return isinstance(cls, type) and hasattr(cls, "__record_fields__")


def fields(cls: type) -> tuple[Field, ...]:
    """The fields of a record class, in order (as ``attrs.fields``)."""
    try:
        found: tuple[Field, ...] = cls.__record_fields__  # type: ignore[attr-defined]
        return found
    except AttributeError:
        raise TypeError(f"{cls!r} is not a record class") from None


def evolve(inst: Any, **changes: Any) -> Any:
    """A copy of the record ``inst`` with ``changes`` (as ``attrs.evolve``)."""
    cls = inst.__class__
    for f in cls.__record_fields__:
        if f.init and f.alias not in changes:
            changes[f.alias] = getattr(inst, f.name)
    return cls(**changes)


# ------------------------------------------------------------ the templates
_lock = threading.Lock()
_templates: dict[tuple[Any, ...], CodeType] = {}  # (kind, shape) -> code: compiled once, the same for every class


_WRITTEN = 16  # the plain shapes written out in visa/_record_code.py: up to this many fields
# and the other shapes the instruction set's records have (descriptions.OperandDef's
# converters, records.Form's made-apart field and check); any other is compiled
_ALSO_WRITTEN: tuple[tuple[str, int, int, bool, tuple[int, ...]], ...] = (
    ("init", 5, 0, False, (2, 3)), ("init", 13, 1, True, ()))


def _name(kind: str, n: int, extra: int = 0, post: bool = False, converted: tuple[int, ...] = ()) -> str:
    return (f"{kind}_{n}" + (f"_x{extra}" if extra else "") + ("_post" if post else "")
            + "".join(f"_c{i}" for i in converted))


def template_source(kind: str, n: int, extra: int = 0, post: bool = False, converted: tuple[int, ...] = (),
                    name: str = "f") -> str:
    """The source of one template function."""
    if kind == "init":
        params = "".join(f", _p{i}" for i in range(n))
        body = [f"    _s{i}(self, _c{i}(_p{i}))" if i in converted else f"    _s{i}(self, _p{i})"
                for i in range(n)]
        body += [f"    _x{i}(self)" for i in range(extra)]
        if post:
            body.append("    self.__attrs_post_init__()")
        return f"def {name}(self{params}):\n" + ("\n".join(body) or "    pass") + "\n"
    if kind == "eq":
        mine = "".join(f"self._f{i}, " for i in range(n))
        theirs = "".join(f"other._f{i}, " for i in range(n))
        return (f"def {name}(self, other):\n"
                "    if other.__class__ is not self.__class__:\n"
                "        return NotImplemented\n"
                f"    return ({mine}) == ({theirs})\n")
    mine = "".join(f", self._f{i}" for i in range(n))
    return f"def {name}(self):\n    return hash((_H{mine}))\n"


def written_source() -> str:
    """The text of visa/_record_code.py: the plain shapes' templates, so
    that they come compiled with the package's bytecode (compiling them at
    every start costs more than the rest of making the records)."""
    out = ['"""The templates of visa/_record.py\'s methods for the plain shapes (up to',
           f'{_WRITTEN} fields, no converter, every field an argument, no',
           '``__attrs_post_init__``) and a few others, written out by',
           '``_record.written_source()`` (tests/test_record.py checks that this file',
           'is what it writes)."""',
           "# flake8: noqa", ""]
    shapes: list[tuple[str, int, int, bool, tuple[int, ...]]] = [
        (kind, n, 0, False, ()) for n in range(_WRITTEN + 1) for kind in ("init", "eq", "hash")]
    for kind, n, extra, post, converted in shapes + list(_ALSO_WRITTEN):
        out += ["", template_source(kind, n, extra, post, converted, name=_name(kind, n, extra, post, converted))]
    return "\n".join(out)


def _template(kind: str, n: int, extra: int = 0, post: bool = False, converted: tuple[int, ...] = ()) -> CodeType:
    key = (kind, n, extra, post, converted)
    code: CodeType | None = _templates.get(key)
    if code is not None:
        return code
    from . import _record_code
    written = getattr(_record_code, _name(*key), None)
    if written is not None:
        code = written.__code__
    else:
        src = template_source(kind, n, extra, post, converted)
        (code,) = [c for c in compile(src, "<record>", "exec").co_consts if isinstance(c, CodeType)]
    with _lock:
        _templates[key] = code
    return code


def _function(code: CodeType, globs: dict[str, Any], qualname: str, name: str, names: list[str],
              defaults: tuple[Any, ...] | None = None, params: list[str] | None = None) -> Any:
    renamed = {f"_f{i}": n for i, n in enumerate(names)}
    changes: dict[str, Any] = {"co_name": name, "co_qualname": f"{qualname}.{name}",
                     "co_names": tuple(renamed.get(n, n) for n in code.co_names)}
    if params is not None:
        changes["co_varnames"] = ("self", *params) + code.co_varnames[1 + len(params):]
    return FunctionType(code.replace(**changes), globs, name, defaults)


# --------------------------------------------------------- shared methods
def _setattr(self: Any, name: str, value: Any) -> None:
    from attrs.exceptions import FrozenInstanceError
    raise FrozenInstanceError()


def _delattr(self: Any, name: str) -> None:
    from attrs.exceptions import FrozenInstanceError
    raise FrozenInstanceError()


def _getstate(self: Any) -> dict[str, Any]:
    return {f.name: getattr(self, f.name) for f in self.__record_fields__}


def _setstate(self: Any, state: dict[str, Any]) -> None:
    for name, value in state.items():
        object.__setattr__(self, name, value)


def _repr(self: Any) -> str:
    return fields_repr(self, type(self).__record_fields__)


def _is_classvar(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))
    return str(annotation).startswith("typing.ClassVar")


# ------------------------------------------------------------ the maker
def record(cls: type) -> Any:
    """The record class made of ``cls`` (see the module's doc)."""
    body = dict(cls.__dict__)
    inherited: list[Field] = []
    for base in reversed(cls.__mro__[1:-1]):
        for f in base.__dict__.get("__record_fields__", ()):
            inherited = [g for g in inherited if g.name != f.name] + [f]
    own: list[Field] = []
    for name, annotation in body.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        value = body.pop(name, NOTHING)
        own.append(Field(name, **value.kw) if isinstance(value, _Spec) else Field(name, value))
    names = {f.name for f in own}
    all_fields = tuple([f for f in inherited if f.name not in names] + own)
    taken: set[str] = set()
    for base in cls.__mro__[1:-1]:
        taken.update(getattr(base, "__slots__", ()))
    slots = [f.name for f in own if f.name not in taken]
    if not any("__weakref__" in getattr(b, "__slots__", ()) or "__weakref__" in b.__dict__
               for b in cls.__mro__[1:-1]):
        slots.append("__weakref__")
    for n in ("__dict__", "__weakref__"):
        body.pop(n, None)
    body["__slots__"] = tuple(slots)
    body["__record_fields__"] = all_fields
    qualname = body["__qualname__"] = cls.__qualname__
    init = [f for f in all_fields if f.init]
    seen_default = False
    for f in init:
        if f.default is not NOTHING or f.factory is not None:
            if f.factory is not None:
                raise TypeError(f"{qualname}.{f.name}: a factory only for a field made apart (init=False)")
            seen_default = True
        elif seen_default:
            raise ValueError(f"{qualname}: no field without a default after one with a default ({f.name})")
    apart = [f for f in all_fields if not f.init]
    # (the methods are put in the class's body, so that the class is made
    # once; the setters they call, the new class's slots, go into their
    # globals once it is made)
    globs: dict[str, Any] = {"__builtins__": builtins, "_H": hash(f"record {cls.__module__}.{qualname}")}
    post = hasattr(cls, "__attrs_post_init__")
    defaults = tuple(f.default for f in init if f.default is not NOTHING) or None
    converted = tuple(i for i, f in enumerate(init) if f.converter is not None)
    body["__init__"] = _function(_template("init", len(init), len(apart), post, converted), globs, qualname,
                                 "__init__", [], defaults, [f.alias for f in init])
    eq = [f.name for f in all_fields if f.eq]
    body["__eq__"] = _function(_template("eq", len(eq)), globs, qualname, "__eq__", eq)
    body["__hash__"] = _function(_template("hash", len(eq)), globs, qualname, "__hash__", eq)
    if "__repr__" not in body:
        body["__repr__"] = _repr
    body["__setattr__"] = _setattr
    body["__delattr__"] = _delattr
    body["__getstate__"] = _getstate
    body["__setstate__"] = _setstate
    body["__match_args__"] = tuple(f.name for f in init)
    new = type(cls)(cls.__name__, cls.__bases__, body)
    for i, f in enumerate(init):
        globs[f"_s{i}"] = getattr(new, f.name).__set__
        if f.converter is not None:
            globs[f"_c{i}"] = f.converter
    for i, f in enumerate(apart):
        globs[f"_x{i}"] = _made_apart(getattr(new, f.name).__set__, f)
    _fix_cells(new, cls)
    return new


def _made_apart(put: Any, f: Field) -> Any:
    factory, default = f.factory, f.default
    if factory is not None:
        return lambda self: put(self, factory())
    if default is NOTHING:
        return lambda self: None
    return lambda self: put(self, default)


def _fix_cells(new: type, old: type) -> None:
    """Methods that name ``__class__`` (``super()``) name the new class."""
    for value in new.__dict__.values():
        if isinstance(value, (classmethod, staticmethod)):
            value = value.__func__
        elif isinstance(value, property):
            value = value.fget
        closure = getattr(value, "__closure__", None)
        if not closure:
            continue
        for cell in closure:
            try:
                if cell.cell_contents is old:
                    cell.cell_contents = new
            except ValueError:  # an empty cell
                continue
