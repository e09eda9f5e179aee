"""Ready-made data kept between runs (internal): what is slow to make at
every start and depends only on sources that rarely change.

A *store* keeps values (nested tuples, lists, dicts, strings, numbers) in
files named by a digest of everything they were made from: the sources'
text, the versions of the tools that made them and this Python's own
version.  A changed source or an upgrade names another file, so a value made
from older sources is never found; the file holds that name and a digest of
its contents (a CRC) too, so a damaged, truncated or renamed file is not used
either.  A file that cannot be read is made again; a location that cannot be
written (a read-only install, a full disk) only means making the value in
every run, never a failure::

    value = readymade.load("tables", key)        # None: not there, or not usable
    if value is None:
        value = build()
        readymade.save("tables", key, value)       # False: could not be kept

    key = readymade.key("tables", source_text, tool_version)

:class:`Regexes` keeps compiled regular expressions ready-made the same way:
``re`` compiles a pattern in two steps, a parse and code generation written
in Python (slow for a pattern of thousands of characters: 40 ms for the
parser's operand alternation), then a check and load of that code in C.
The store keeps the code of each pattern and hands it to the second step.

Where the files are: ``$VISA_CACHE_DIR`` (empty: keep nothing), else
``$XDG_CACHE_HOME/visa`` or ``~/.cache/visa``.
"""
from __future__ import annotations

import marshal
import os
import re
import sys
from collections.abc import Callable
from typing import Any

try:  # (hashlib loads OpenSSL: 2-4 ms at start-up for one digest)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without _blake2
    from hashlib import blake2b

# the layout of a file; a new layout is a new tag, so older files are not read
_TAG = b"visa-readymade-2\n"
_DIGEST = 16


def directory() -> str | None:
    """Where the files are kept: ``$VISA_CACHE_DIR`` (empty: nowhere), else
    ``$XDG_CACHE_HOME/visa`` or ``~/.cache/visa``."""
    d = os.environ.get("VISA_CACHE_DIR")
    if d is not None:
        return d or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "visa")


def digest(*parts: str | bytes) -> str:
    """A hex digest of ``parts`` (each length-prefixed: no two lists of
    parts give the same input)."""
    h = blake2b(digest_size=_DIGEST)
    for p in parts:
        b = p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "little"))
        h.update(b)
    return h.hexdigest()


def key(kind: str, *parts: str | bytes) -> str:
    """The name of the value of ``kind`` made from ``parts``: a digest of
    them, of this Python's version and build, and of the file layout."""
    return digest(_TAG, kind, sys.version, sys.implementation.cache_tag or "", *parts)


def _check(body: bytes | memoryview) -> bytes:
    """The check of a file's contents against damage (a CRC: the name
    already says what the file was made from; this only tells a damaged or
    truncated file, and costs far less than a digest of a large file)."""
    import zlib
    return zlib.crc32(body).to_bytes(4, "little")


def _path(where: str, kind: str, name: str) -> str:
    return os.path.join(where, f"{kind}-{name}.bin")


def load(kind: str, name: str, where: str | None = None) -> Any:
    """The value kept under ``name`` (see :func:`key`), or None where there
    is none or the file is not one this store wrote for that name."""
    where = directory() if where is None else where
    if where is None:
        return None
    try:
        with open(_path(where, kind, name), "rb") as f:
            data = f.read()
            _still_used(f.fileno())
    except (OSError, ValueError):
        return None
    head = _TAG + name.encode() + b"\n"
    if not data.startswith(head):
        return None
    body = memoryview(data)[len(head) + 4:]
    if data[len(head):len(head) + 4] != _check(body):
        return None
    try:
        return marshal.loads(body)
    except (ValueError, EOFError, TypeError):  # pragma: no cover - the digest matched
        return None


# ------------------------------------------------------------ stale files
# A changed source, an upgrade or another Python names new files and never
# reads the old ones again, which would pile up for good.  So a file that is
# read has its time of change set to now (where it is over a day old: one
# call a day per file), and when a file is written (something new was made:
# after an upgrade, say), once per process, the files of this store's names
# (and of its earlier layouts) left unread for STALE_DAYS are removed, with
# any temporary file a killed writer left behind.  Nothing else in the
# directory is touched, and a file that cannot be removed is left.
STALE_DAYS = 30
_DAY = 86400
_OUR_NAMES = re.compile(r"(?:[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{32}\.bin"  # this layout
                        r"|afuc-[0-9a-f]{16}\.txt|g80-parser\.lark|parser-[0-9a-f]{8,64}\.lark"  # earlier ones
                        r"|\..+\.[0-9a-f]{12}\.tmp)\Z")  # a writer's temporary file (visa/_files.py)
_swept: set[str] = set()


def _still_used(fd: int) -> None:
    """Mark the open file as read now (where it was last marked over a day ago)."""
    try:
        import time
        now = time.time()
        if now - os.fstat(fd).st_mtime > _DAY:
            os.utime(fd, (now, now))
    except OSError:  # (a read-only store: it cannot be swept either)
        pass


def sweep(where: str, now: float | None = None) -> list[str]:
    """Remove the stale files of the store at ``where`` (see above); the
    names removed."""
    import time
    now = time.time() if now is None else now
    gone: list[str] = []
    try:
        names = os.listdir(where)
    except OSError:
        return gone
    for n in names:
        if not _OUR_NAMES.match(n):
            continue
        p = os.path.join(where, n)
        try:
            if now - os.lstat(p).st_mtime > STALE_DAYS * _DAY:
                os.unlink(p)
                gone.append(n)
        except OSError:
            continue
    return gone


def save(kind: str, name: str, value: Any, where: str | None = None) -> bool:
    """Keep ``value`` under ``name``; False where it cannot be kept (nothing
    raised).  The file is written under a temporary name and renamed, so a
    reader never sees half a file."""
    where = directory() if where is None else where
    if where is None:
        return False
    try:
        body = marshal.dumps(value)
    except ValueError:
        raise TypeError(f"not a value the store keeps: {type(value).__name__}") from None
    data = _TAG + name.encode() + b"\n" + _check(body) + body
    from ._files import replace_with
    try:
        os.makedirs(where, exist_ok=True)
        replace_with(_path(where, kind, name), data, 0o644)
    except OSError:
        return False
    if where not in _swept:
        _swept.add(where)
        sweep(where)
    return True


# ------------------------------------------------------- compiled expressions
Code = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""What ``re`` compiles a pattern to: flags, the engine's code (its words,
compressed: the code of an alternation of many similar expressions repeats
itself, 117 KB of the parser's operand shapes take 3 KB), the number of
groups, the group index and its inverse."""


def _engine() -> tuple[Any, Any, Any] | None:
    """(sre, its parser, its code generator) where this Python's ``re``
    compiles in the two steps this store relies on, else None."""
    if sys.implementation.name != "cpython":  # pragma: no cover - CPython here
        return None
    try:
        import _sre  # type: ignore[import-not-found]
        from re import _compiler, _parser  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - CPython 3.11+ has both
        return None
    if not (callable(getattr(_compiler, "_code", None)) and callable(getattr(_sre, "compile", None))):
        return None  # pragma: no cover
    return _sre, _parser, _compiler


_CODE_LAYOUT = "zlib-words-1"  # how code_of() writes the code


def engine_version() -> str:
    """What the kept code of an expression depends on, beside the Python
    version :func:`key` names: the engine's own code version."""
    e = _engine()
    return "none" if e is None else f"sre {e[0].MAGIC} {e[0].CODESIZE} {_CODE_LAYOUT}"


def code_of(pattern: str, flags: int = 0) -> Code | None:
    """What ``re`` compiles ``pattern`` to, as plain data: (flags, code,
    groups, group index, index group); None where this Python cannot say."""
    e = _engine()
    if e is None:
        return None  # pragma: no cover
    _, parser, compiler = e
    flags = int(flags)
    p = parser.parse(pattern, flags)
    code = compiler._code(p, flags)
    groupindex = dict(p.state.groupdict)
    indexgroup: list[str | None] = [None] * p.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    import array
    import zlib
    words = array.array(_word_type(e[0].CODESIZE), [int(c) for c in code])
    return (int(flags | p.state.flags), zlib.compress(words.tobytes(), 6), p.state.groups - 1, groupindex,
            tuple(indexgroup))


def _word_type(size: int) -> str:
    import array
    for t in "IL":
        if array.array(t).itemsize == size:
            return t
    return "Q"  # pragma: no cover - an engine of 8-byte words


def from_code(pattern: str, code: Code) -> re.Pattern[str]:
    """The compiled expression of ``pattern`` from its :func:`code_of`
    (the engine checks the code before it takes it)."""
    e = _engine()
    if e is None:  # pragma: no cover
        raise ValueError("no ready-made code on this Python")
    import array
    import zlib
    flags, packed, groups, groupindex, indexgroup = code
    words = array.array(_word_type(e[0].CODESIZE))
    words.frombytes(zlib.decompress(packed))
    compiled: re.Pattern[str] = e[0].compile(pattern, flags, words.tolist(), groups, dict(groupindex),
                                             tuple(indexgroup))
    return compiled


class Memo:
    """A dict kept in the store under ``kind`` and ``name``: read on first
    use; what this process adds is written by :func:`flush` (called at the
    interpreter's exit, and by the command-line tools before they end their
    process), all at once rather than at each addition.  A memo grown past
    ``limit`` entries keeps only those this process used."""

    def __init__(self, kind: str, name: str, where: str | None = None, limit: int = 4000) -> None:
        self._where = directory() if where is None else where
        self._kind, self._name, self._limit = kind, name, limit
        self._entries: dict[Any, Any] | None = None
        self._used: set[Any] = set()
        self._pending = False

    @property
    def enabled(self) -> bool:
        """Whether anything is kept (False: no place for the store, so that
        what would only be made to be kept need not be made)."""
        return self._where is not None

    def _load(self) -> dict[Any, Any]:
        if self._entries is None:
            got = load(self._kind, self._name, self._where) if self._where is not None else None
            self._entries = got if isinstance(got, dict) else {}
        return self._entries

    def get(self, k: Any) -> Any:
        """The value kept for ``k``, or None."""
        v = self._load().get(k)
        if v is not None:
            self._used.add(k)
        return v

    def put(self, k: Any, v: Any) -> None:
        """Keep ``v`` for ``k`` (written at the next :func:`flush`)."""
        if self._where is None:
            return
        self._load()[k] = v
        self._used.add(k)
        if not self._pending:
            self._pending = True
            _pending(self)

    def flush(self) -> bool:
        """Write what was added; False where it could not be."""
        if not self._pending:
            return True
        self._pending = False
        entries = self._load()
        if len(entries) > self._limit:
            entries = {k: v for k, v in entries.items() if k in self._used}
        return save(self._kind, self._name, entries, self._where)

    def kept(self) -> dict[Any, Any]:
        """What the store holds now (for tests)."""
        got = load(self._kind, self._name, self._where) if self._where is not None else None
        return got if isinstance(got, dict) else {}


_PENDING: list[Memo] = []


def _pending(memo: Memo) -> None:
    if not _PENDING:
        import atexit
        atexit.register(flush)
    _PENDING.append(memo)


def flush() -> None:
    """Write what every :class:`Memo` of this process added (for a process
    that ends without the interpreter's exit handlers: ``os._exit``)."""
    while _PENDING:
        _PENDING.pop().flush()


class Regexes:
    """Regular expressions compiled from code kept ready-made.

    One :class:`Memo` per ``name`` and ``source`` (the text the patterns
    come from: a grammar), holding the code of each pattern compiled so far.
    A pattern is looked up by its own text and flags, so what is found is
    always that pattern's code; a pattern met for the first time is
    compiled by ``re`` and its code kept.  Where nothing can be kept (or
    this Python compiles otherwise) it is ``re.compile``."""

    def __init__(self, name: str, source: str, where: str | None = None):
        self._memo = Memo("re-" + name, key("re-" + name, engine_version(), source), where)
        self._compiled: dict[tuple[str, int], re.Pattern[str]] = {}
        self.memo = self._memo
        """The memo the code is kept in, for other things made from the same
        source (keys that are not (pattern, flags) pairs)."""

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        """``re.compile(pattern, flags)``, from kept code where there is some."""
        flags = int(flags)
        hit = self._compiled.get((pattern, flags))
        if hit is not None:
            return hit
        code = self._memo.get((pattern, flags))
        compiled = None
        if code is not None:
            try:
                compiled = from_code(pattern, code)
            except Exception:  # pragma: no cover - (the engine refused it: make it again)
                compiled = None
        if compiled is None and self._memo.enabled:
            # (one parse of the pattern: its code, kept, and the pattern
            # made from it, as re.compile makes it)
            try:
                made = code_of(pattern, flags)
                compiled = None if made is None else from_code(pattern, made)
            except re.error:
                raise
            except Exception:  # pragma: no cover - another engine: re.compile alone
                made = compiled = None
            if compiled is not None:
                self._memo.put((pattern, flags), made)
        if compiled is None:
            compiled = re.compile(pattern, flags)
        self._compiled[(pattern, flags)] = compiled
        return compiled

    def derived(self, kind: str, pattern: str, make: Callable[[str], Any]) -> Any:
        """What ``make(pattern)`` says of ``pattern`` (plain data), kept
        beside the compiled code (under (kind, pattern))."""
        k = (kind, pattern)
        got = self._memo.get(k)
        if got is None:
            got = make(pattern)
            self._memo.put(k, got)
        return got

    def kept(self) -> dict[Any, Any]:
        """What the store holds now: the code by (pattern, flags), and what
        was derived by (kind, pattern) (for tests)."""
        return self._memo.kept()
