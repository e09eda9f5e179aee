"""bitisa: a bit-field ISA description engine (the isaspec and envydis model).

Shared by the afuc (Adreno SQE) and G80 (NVIDIA Tesla) toolchains.  An ISA is data:
:class:`Bitset` records (instruction forms, or entries of nested decode tables),
their :class:`Field`\\ s and operand kinds, gathered in :class:`Table`\\ s.  The
decoder, printer and encoder are derived from the records; nothing here knows any
particular ISA.

* :mod:`visa.bitisa.fields` -- :class:`Bits` (a number stored in bit ranges, with
  shift, sign mode, addend, xor, wrapping), :class:`Field` and the value kinds
  :class:`UInt`, :class:`Enum`, :class:`Bool` (``show(value, ctx)``/``read(text, ctx)``).
* :mod:`visa.bitisa.operands` -- operand kinds that own their decode, print and
  encode: :class:`Reg` (with :class:`Special`), :class:`Mem`, :class:`Vec`,
  :class:`Imm`, :class:`Target`, :class:`Discard`, :class:`Ignore`, :class:`Unknown`;
  the assembler's operand expressions (:func:`fold`, :func:`shape`).
* :mod:`visa.bitisa.isa` -- :class:`Bitset`, :class:`Table`, :class:`Variant` (gen,
  features, modes), :class:`Isa`: ``decode(word, variant)`` walks the tables forwards
  (first available entry that matches), ``format(decoded, ctx)`` renders the display
  templates, ``encode(bitset, values)`` sets fields, ``matcher(variant)`` matches
  instruction tokens against the tables backwards (every encoding, in table order,
  lazily), ``split(words)`` cuts a stream of 32-bit words into instructions of
  varying length (``select_size``).  A decoded instruction's length is its first
  entry's ``size`` (so the root table's entries choose it from the bits they match).
"""

from .fields import (M64, SIGNED, SLIGHTLY_SIGNED, ULTRASIGNED, UNSIGNED, Bits, Bool, Enum,
                     Field, FieldOverflow, Kind, UInt)
from .isa import (CLOSE_TOKEN, OPEN_TOKEN, Bitset, Candidates, Decoded, Isa, Match, Matcher,
                  MatchOptions, Predicate, Table, Variant, holds, resolve)
from .operands import (BINARY, DISCARD, NAMED, NO_COLORS, ONE, ZERO, Discard, Ignore, Imm, Mem,
                       Reg, Special, Target, Unknown, Vec, fold, is_constant, shape)

__all__ = [
    "M64", "UNSIGNED", "SIGNED", "SLIGHTLY_SIGNED", "ULTRASIGNED", "Bits", "Bool", "Enum", "Field",
    "FieldOverflow", "Kind", "UInt", "Predicate", "holds", "Bitset", "Candidates", "Decoded", "Isa", "Match", "Matcher",
    "MatchOptions", "Table", "Variant", "resolve", "OPEN_TOKEN", "CLOSE_TOKEN",
    "NAMED", "ZERO", "ONE", "DISCARD", "NO_COLORS", "Discard", "Ignore", "Imm", "Mem", "Reg",
    "Special", "Target", "Unknown", "Vec", "BINARY", "fold", "is_constant", "shape",
]
