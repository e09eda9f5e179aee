"""Reading text: the primitives every reader of vISA text shares (internal).

The grammar's lexicon (:data:`LEX`, from grammar/visa.lark), the error a
reader raises (:class:`Fail`: a message and a location), integers and
integer expressions (``%sizeof`` sees the declarations of the unit being
parsed through the context variable :data:`ENV`), immediates' bit patterns,
type names, regions, comma-separated lists and string literals.  The parser
(visa/parser.py) and the operand kinds (visa/isa/operands.py) read text with
these and nothing else.
"""
from __future__ import annotations

import math
import os
import re
import struct
from contextvars import ContextVar

from .expr import Env, evaluate
from .isa import datatypes
from .lexicon import Lexicon
from .lexicon import source as lexicon_source
from .readymade import Regexes


def grammar_text() -> str:
    """The grammar that belongs to this copy of the package: installed as
    visa/grammar/visa.lark, or at grammar/visa.lark in a source tree."""
    here = os.path.dirname(os.path.realpath(__file__))
    for p in (os.path.join(here, "grammar", "visa.lark"), os.path.join(os.path.dirname(here), "grammar", "visa.lark")):
        if os.path.isfile(p):
            with open(p, encoding="utf-8") as f:
                return f.read()
    from importlib import resources  # (about 10 ms to import: only where needed)
    return resources.files("visa.grammar").joinpath("visa.lark").read_text()


class Fail(Exception):
    """A problem found while building the AST: a message and a location."""

    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


# ------------------------------------------------------------ grammar parts
# The grammar's terminals with named groups for their parts (visa/lexicon.py):
# every operand is taken apart with the grammar's own definition.
# What is read and composed from the grammar, and the compiled code of the
# composed expressions, are kept between runs (visa/readymade.py, under a
# digest of the grammar and of the lexicon's source): compiling the parser's
# alternation of every operand shape alone is ~50 ms.
_GRAMMAR = grammar_text()


LEX_REGEXES = Regexes("visa-lexicon", _GRAMMAR + "\0" + lexicon_source())
LEX = Lexicon(_GRAMMAR, LEX_REGEXES.compile, LEX_REGEXES.memo)


def part_re(shape: str, *parts: str) -> re.Pattern:
    return LEX.capture(shape, parts)


def part_text(shape: str, *parts: str) -> str:
    """``part_re``'s expression, not compiled: a shape few programs use is
    compiled on first use (``re.compile`` keeps what it compiled), not at
    every start."""
    return LEX.capture_text(shape, parts)


INT_RE = LEX_REGEXES.compile(LEX.regex("INT_LITERAL") + r"\Z")


def to_int(text: str) -> int:
    """A decimal or hex integer, or an integer constant expression (see
    visa/expr.py; ``%sizeof`` sees the declarations parsed so far).
    Raises ValueError."""
    if INT_RE.match(text):
        if "x" in text or "X" in text:
            return int(text, 16)
        return int(text, 10)
    t = text.strip()
    if INT_RE.match(t):
        return int(t, 16) if "x" in t or "X" in t else int(t, 10)
    return evaluate(t, ENV.get())


# The declarations of the unit being parsed, for ``%sizeof``: set by parse()
# for its own duration, in its own context (each thread has its own).
ENV: ContextVar[Env | None] = ContextVar("visa_parse_env", default=None)


def unit_dependent(text: str) -> bool:
    """Whether ``text`` holds a value that depends on the unit being read
    (``%sizeof`` its declarations, ``%DispatchSimd`` its SIMD size): what
    the parser reads once and reuses, it reads afresh when this is true."""
    return "%sizeof" in text or "%DispatchSimd" in text


# ------------------------------------------------------------------ types
_SIGN_BIT = {"f": 1 << 31, "df": 1 << 63, "hf": 1 << 15, "bf": 1 << 15}
_FLOAT_RE = LEX_REGEXES.compile(LEX.regex("FLOAT_VALUE") + r"\Z")


def imm_bits(value: str, type_: str) -> int:
    """The bit pattern of immediate text ``value`` of vISA type ``type_``."""
    info = datatypes.TYPE_INFO_BY_NAME[type_]
    kind = info.literal
    mask = (1 << (8 * info.imm_size)) - 1
    v = value.strip()
    if v[:1] in "-+" and v[1:2] in (" ", "\t"):
        v = v[0] + v[1:].lstrip()
    if not _FLOAT_RE.match(v):
        if kind != "int" and v[:1] == "-" and INT_RE.match(v[1:]):
            # -0x3f800000:f is the negated float, as Intel's grammar reads it
            # (MINUS FloatLit): the sign bit flips
            return (to_int(v[1:]) & mask) ^ _SIGN_BIT[kind]
        return to_int(v) & mask
    f = float(v)
    if kind == "int":
        raise ValueError(f"floating-point value '{value}' for integer type '{type_}'")
    if kind == "df":
        return struct.unpack("<Q", struct.pack("<d", f))[0]
    # a literal too large for the format is infinity, as C's (float)atof gives
    fmt, word = {"f": ("<f", "<I"), "hf": ("<e", "<H"), "bf": ("<f", "<I")}[kind]
    try:
        packed = struct.pack(fmt, f)
    except OverflowError:
        packed = struct.pack(fmt, math.copysign(math.inf, f))
    bits = struct.unpack(word, packed)[0]
    return bits >> 16 if kind == "bf" else bits
    raise ValueError(f"invalid immediate value '{value}'")  # pragma: no cover




def type_name(t: str, line: int, col: int) -> str:
    tl = t.lower()
    if tl not in datatypes.TYPE_INFO_BY_NAME:
        raise Fail(f"unknown data type ':{t}'", line, col)
    return tl



MODS = {"(-)": "-", "(abs)": "abs", "(-abs)": "-abs", "(~)": "~", None: None}


def ints(m: re.Match, names, what: str, line: int, col: int) -> list:
    """The integer values of the parts ``names`` of match ``m`` (None where
    a part is absent)."""
    out: list[int | None] = []
    for n in names:
        t = m.group(n)
        if t is None:
            out.append(None)
        elif t.isdigit():
            out.append(int(t))
        else:
            try:
                out.append(to_int(t))
            except ValueError as e:
                raise Fail(f"invalid {what} in '{m.group()}': {e}", line, col) from None
    return out



def region_of(m: re.Match, p: str, line: int, col: int) -> tuple[int, ...] | None:
    if m.group(p + "HSTRIDE") is None:
        return None
    v, w, h = ints(m, (p + "VSTRIDE", p + "WIDTH", p + "HSTRIDE"), "region", line, col)
    if v is not None:
        return (v, w, h)
    return (h,) if w is None else (w, h)



def list_items(text: str, item: re.Pattern, what: str, line: int, col: int):
    """The matches of ``item`` (a part ending at a comma or at the end) over
    the comma-separated list ``text`` whose first character is at ``col``;
    a trailing comma ends the list."""
    out, pos, n = [], 0, len(text)
    while True:
        m = item.match(text, pos)
        if m is None:
            at = pos + len(text[pos:]) - len(text[pos:].lstrip())
            raise Fail(f"invalid {what} '{text[pos:].split(',')[0].strip()}'", line, col + at)
        out.append(m)
        pos = m.end()
        if pos >= n:
            return out
        pos += 1  # the comma
        if not text[pos:].strip():
            return out



# String literals read as Intel's lexer reads them (CISA.l): these escapes,
# ``\x`` with one or two hex digits, ``\`` with one to three decimal digits
# taken as base 8 (``\101`` is 'A'; Intel's lexer also takes 8 and 9 as
# digits), any other escape an error.  The value is a C string: it ends at the
# first NUL.
_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r",
            "t": "\t", "v": "\v", "'": "'", '"': '"', "?": "?", "\\": "\\"}
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _byte_char(b: int) -> str:
    """The character that stands for byte ``b`` of a C string (bytes past
    ASCII as surrogate escapes, so that they are written back as one byte)."""
    return chr(b) if b < 0x80 else chr(0xDC00 + b)


def unescape(s: str, line: int = 0, col: int = 0) -> str:
    """The value of a string literal's body ``s`` (``col``: its column)."""
    if "\\" not in s:
        return s
    out = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = s[i + 1] if i + 1 < n else ""
        if e == "x" and i + 2 < n and s[i + 2] in _HEX_DIGITS:
            j = i + 3 if i + 3 < n and s[i + 3] in _HEX_DIGITS else i + 2
            out.append(_byte_char(int(s[i + 2:j + 1], 16)))
            i = j + 1
        elif e.isdigit():
            j = i + 1
            val = 0
            while j < n and j < i + 4 and s[j].isdigit():
                val = 8 * val + int(s[j])
                j += 1
            out.append(_byte_char(val & 0xFF))
            i = j
        elif e in _ESCAPES:
            out.append(_ESCAPES[e])
            i += 2
        else:
            raise Fail(f"illegal escape sequence '\\{e}' in string literal", line, col + i)
    text = "".join(out)
    return text.split("\0", 1)[0]


