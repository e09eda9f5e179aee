"""Each form record's facts drive the stages that read them: change a fact in
the record and the stage's behaviour changes with it (no stage keeps a copy
of its own)."""
from __future__ import annotations

import attrs
import pytest

import visa
from visa._record import evolve
from visa.isa import forms as F
from visa.isa.syntax import LSC

HEAD = """.version 4.1
.kernel "k"
.decl V40 v_type=G type=d num_elts=16 align=GRF
.function "_main_0"

_main_0:
"""


@pytest.fixture
def record(monkeypatch):
    """Change the text facts of a registered form for one test."""
    def change(mnemonic, **facts):
        f = F.FORMS[mnemonic]
        changed = evolve(f, text=evolve(f.text, **facts))
        monkeypatch.setattr(F, "FORMS", F.FORMS.with_forms(changed, replacing=True))
    return change


def _ins(line):
    return visa.parse(HEAD + "    " + line + "\n").units[0].body[1]


def test_printer_reads_the_style(record):
    line = "add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d"
    assert "add (M1, 16) V40(0,0)<1> V40" in visa.format(visa.parse(HEAD + "    " + line + "\n"))
    record("add", style=LSC)
    assert "add (M1, 16)  V40(0,0)<1>  V40" in visa.format(visa.parse(HEAD + "    " + line + "\n"))


def test_parser_reads_the_silent_modifiers(record):
    assert _ins("add.foo (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d").mods == ("foo",)
    record("add", silent_mods=frozenset(("foo",)))
    assert _ins("add.foo (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d").mods == ()


def test_parser_reads_the_canonical_spelling(record):
    record("add", canonical=lambda mods: tuple(m.upper() for m in mods))
    assert _ins("add.sat (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d").mods == ("SAT",)


def test_parser_reads_the_older_rewrite(record):
    def swap(ins, declared):
        return attrs.evolve(ins, operands=ins.operands[::-1])
    plain = _ins("add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d")
    record("add", older=swap)
    assert _ins("add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d").operands == plain.operands[::-1]


def test_printer_reads_numbered(record):
    def loc_line():
        text = visa.disassemble(visa.assemble(HEAD + "    LOC 7\n    ret (M1, 1)\n"))
        return next(ln for ln in text.splitlines() if ln.strip().startswith("LOC"))
    assert loc_line() == "    LOC 7"
    record("LOC", numbered=True)
    assert loc_line().startswith("    LOC 7 ") and "/// $1" in loc_line()


def test_older_names_come_from_the_record(record):
    line = " (M1, 8) V40(0,0)<1> V40(0,0)<1;1,0> V40(0,0)<1;1,0>"
    assert _ins("dhp" + line) == _ins("dph" + line)  # the older spec's spelling of dph
    assert _ins("plus" + line).op == "plus"  # no record has it: an unknown mnemonic
    record("add", older_names=("plus",))
    assert _ins("plus" + line) == _ins("add" + line)


def test_stateful_follows_from_the_atoms():
    # a fresh string-pool entry per FILE: two equal lines are two entries
    assert F.FORMS["FILE"].stateful and F.FORMS["faddr"].stateful and not F.FORMS["add"].stateful
    from visa.binary import objfile as OF
    cisa = OF.read(visa.assemble(HEAD + '    FILE "a.c"\n    FILE "a.c"\n    ret (M1, 1)\n'))
    assert list(cisa.kernels[0].obj.strings).count("a.c") == 2
