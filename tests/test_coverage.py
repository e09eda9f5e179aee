"""Every opcode of the vISA 4.1 table has a form (an encoder and decoder),
except those with no text spelling at all, each listed with its reason."""
from __future__ import annotations

from visa.isa import opcodes, keywords
from visa.isa.forms import FORMS

# opcode -> why no text form exists
NO_TEXT_FORM = {
    "func": "written by the encoder itself for `.function` (a subroutine label)",
    "label": "written by the encoder itself for a label definition",
    "va": "video analytics: no rule in Intel's 4.1 text grammar (CISA.y)",
    "va_skl_plus": "video analytics: no rule in Intel's 4.1 text grammar (CISA.y)",
    "vme_idm": "no rule in Intel's 4.1 text grammar (CISA.y)",
    "add3.o": "Intel's GenX_IR aborts on every platform (no carry-predicate destination rule)",
}


def _covered():
    out = set()
    for f in FORMS.values():
        for g in f.variants():
            out.add(g.opcode)
    return out


def test_every_opcode_has_a_form():
    covered = _covered()
    missing = [d.mnemonic for d in opcodes.OPCODES
               if int(d.number) not in covered and not d.mnemonic.startswith("reserved")
               and d.mnemonic not in NO_TEXT_FORM]
    assert missing == []


def test_the_exceptions_are_real():
    covered = _covered()
    for m in NO_TEXT_FORM:
        assert int(opcodes.OPCODES_BY_MNEMONIC[m].number) not in covered, m


def test_every_text_mnemonic_has_a_form():
    # `.file`/`.loc` are directive spellings of FILE/LOC; lsc_ccs_update makes GenX_IR abort
    missing = [m for m in keywords.TEXT_MNEMONICS
               if m.split(".")[0] not in FORMS and m not in (".file", ".loc", "lsc_ccs_update")]
    assert missing == []


def test_a_mnemonic_has_one_form_and_the_records_do_not_change():
    """A table refuses a second record for a mnemonic (no record can silently
    replace another); neither the table nor a record can be changed once
    made: a new table is made with more records."""
    import attrs
    import pytest
    from visa.isa.forms import FORMS, Form, FormTable
    f = FORMS["add"]
    with pytest.raises(ValueError, match="registered twice"):
        FORMS.with_forms(Form("add", f.opcode, f.atoms))
    with pytest.raises(TypeError):
        FORMS["add"] = f  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        f.atoms = ()  # type: ignore[misc]
    more = FORMS.with_forms(Form("no_such_op", f.opcode, f.atoms))
    assert isinstance(more, FormTable) and "no_such_op" in more and "no_such_op" not in FORMS
    assert FORMS["add"] is f and more["add"] is f
