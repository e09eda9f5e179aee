"""Instruction forms: the dataport family (registered into visa.isa.forms.FORMS)."""
from __future__ import annotations
