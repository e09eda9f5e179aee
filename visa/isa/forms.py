"""The instruction records, by mnemonic (:data:`FORMS`).

Each family module (``visa/isa/forms_*.py``) makes the records of its
forms (:class:`visa.isa.records.Form`) when it is imported; this module
gathers them into one :class:`~visa.isa.records.FormTable`, which cannot be
changed.  The stages read the table as ``forms.FORMS`` when they run (a
test may put another table there).
"""
from __future__ import annotations

import attrs

from .. import ast
from . import forms_alu, forms_dataport, forms_lsc, forms_misc, forms_sampler
from . import predefined
from .records import (PLAIN_TEXT, Declared, Form, FormTable, Text, row_atoms,  # noqa: F401
                      row_form)

FORMS: FormTable = FormTable(forms_alu.RECORDS + forms_dataport.RECORDS + forms_lsc.RECORDS
                             + forms_misc.RECORDS + forms_sampler.RECORDS)
"""Every record, by mnemonic."""


def text_of(mnemonic: str) -> Text:
    """The text facts of a mnemonic (plain ones for an unknown mnemonic)."""
    f = FORMS.get(mnemonic)
    return PLAIN_TEXT if f is None else f.text


# ------------------------------------------------------------------ spelling
# What the parser and the builder both make of an instruction: its one
# spelling (spellings that mean the same bytes are one AST), read from the
# record's text facts.
class SpellingError(ValueError):
    """A spelling the text cannot have (a SIMD mode of 4 ...)."""


def spelled(op: str, mods: tuple, post: tuple, exe: "ast.ExecSize | None",
            version: tuple | None = None) -> tuple[tuple, tuple, "ast.ExecSize | None"]:
    """The modifiers, the modifiers after the execution size, and the
    execution size of instruction ``op`` in their one spelling: canonical
    modifiers (``bfn.x0F`` is ``bfn.xf``), those the binary does not keep
    dropped (vISA ``version``'s), and sample/load's SIMD mode (none, 8 and
    32 all mean 8).  Raises SpellingError for a SIMD mode the text cannot have."""
    facts = text_of(op)
    if facts.canonical is not None:
        mods = tuple(facts.canonical(mods))
    silent = facts.silent_mods
    if facts.silent_mods_42 is not None and version is not None and version >= (4, 2):
        silent = facts.silent_mods_42
    if silent:
        mods = tuple(m for m in mods if m not in silent)
        post = tuple(m for m in post if m not in silent)
    elif facts.simd8_or_16 and (exe is None or (exe.mask is None and exe.size != 16)):
        # no SIMD mode, (8) and (32) all mean SIMD8 (only 16 is recorded);
        # Intel's grammar takes no other size
        if exe is not None and exe.size not in (8, 32):
            raise SpellingError(f"'{op}' takes a SIMD mode of 8 or 16 (written (8), (16) or (32)), "
                             f"not ({exe.size})")
        exe = ast.ExecSize(8, None)
    return mods, post, exe


def declared_in(decls) -> Declared:
    """What a unit's declarations (``decls``) tell the older-spelling
    rewrites: its samplers and surfaces, the predefined ones included (the
    surfaces also as T0 ... T5, as the older spec names them)."""
    return Declared(
        frozenset(d.name for d in decls if type(d) is ast.SamplerDecl) | {predefined.BINDLESS_SAMPLER_NAME},
        frozenset(d.name for d in decls if type(d) is ast.SurfaceDecl)
        | {s.name for s in predefined.PREDEFINED_SURFACES}
        | {f"T{s.index}" for s in predefined.PREDEFINED_SURFACES})


def upgraded(ins: ast.Instruction, declared: Declared, addresses) -> ast.Instruction:
    """``ins`` in vISA 4.1's spelling, where the older spec (or 4.1's more
    lenient spelling) wrote it otherwise: its record's own rewrite (the
    older operand orders of gather/scatter, dword_atomic, sample,
    sample_unorm and vme_fbr, ``movs T1 T2``, ``FILE name``, a strided
    address without a pitch), and an address operand ``A0(0)`` (of the
    address variables ``addresses``) given its ``<1>``.  Raises EncodeError
    for an older spelling 4.1 cannot say."""
    older = text_of(ins.op).older
    if older is not None:
        up = older(ins, declared)
        if up is not None:
            ins = up
    if addresses and any(type(o) is ast.VarRef and o.region is None and len(o.offsets) == 1
                         and o.name in addresses for o in ins.operands):
        ins = attrs.evolve(ins, operands=tuple(
            attrs.evolve(o, region=(1,))
            if type(o) is ast.VarRef and o.region is None and len(o.offsets) == 1
            and o.name in addresses else o for o in ins.operands))
    return ins
