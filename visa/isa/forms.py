"""The instruction records, by mnemonic (:data:`FORMS`).

Each family module (``visa/isa/forms_*.py``) makes the records of its
forms (:class:`visa.isa.records.Form`) when it is imported; this module
gathers them into one :class:`~visa.isa.records.FormTable`, which cannot be
changed.  The stages read the table as ``forms.FORMS`` when they run (a
test may put another table there).
"""
from __future__ import annotations

from . import forms_alu, forms_dataport, forms_lsc, forms_misc, forms_sampler
from .records import (PLAIN_TEXT, Declared, Form, FormTable, Text, row_atoms,  # noqa: F401
                      row_form)

FORMS: FormTable = FormTable(forms_alu.RECORDS + forms_dataport.RECORDS + forms_lsc.RECORDS
                             + forms_misc.RECORDS + forms_sampler.RECORDS)
"""Every record, by mnemonic."""


def text_of(mnemonic: str) -> Text:
    """The text facts of a mnemonic (plain ones for an unknown mnemonic)."""
    f = FORMS.get(mnemonic)
    return PLAIN_TEXT if f is None else f.text
