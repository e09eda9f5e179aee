"""Instruction forms: the misc family (registered into visa.isa.forms.FORMS)."""
from __future__ import annotations
