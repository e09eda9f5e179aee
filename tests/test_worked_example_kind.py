"""docs/ARCHITECTURE.md's second worked example, run: an operand kind the
toolchain does not have is added as one value, and every stage takes it from
there.  The kind is a lane selector written in braces, ``{3}``: its node, its
shape (written as grammar, composed from the grammar's terminals), its
reader and its text are one class; a form at an opcode number no row uses
takes it in its second slot, with an atom that writes it as one byte.  It
parses, prints back, assembles, disassembles, and is validated by the form's
signature (an operand of another class refused, a wrong type refused, the
right ones accepted).  No file of the package is touched: the kind goes into
a new kind table (``KINDS.with_kinds``) and the form into a new form table
(``FORMS.with_forms``), which the test puts in place of the package's for
itself only (monkeypatch puts the package's back)."""
from __future__ import annotations

import struct

import attrs
import pytest

import visa
from visa import parser as P
from visa.isa import forms, operands
from visa.isa.atoms import Atom, DecodeError, Exec, PredField, Vec, fail, operand
from visa.isa.datatypes import TYPES_FLOAT, TYPES_INT
from visa.isa.descriptions import alu_row
from visa.isa.field_codes import InstCategory
from visa.isa.records import Checks, Signature, Slot, classes, row_form, type_names
from visa.textread import Fail

NUMBER = 0x9F  # no row of Intel's table has it
TYPES = type_names(TYPES_INT | TYPES_FLOAT)
PACKAGE_KINDS, PACKAGE_FORMS = operands.KINDS, forms.FORMS


@attrs.frozen
class Lane:
    """The node: a lane number (its position takes no part in equality)."""
    index: int
    line: int = attrs.field(default=0, eq=False, kw_only=True)
    col: int = attrs.field(default=0, eq=False, kw_only=True)


class LaneKind(operands.Kind):
    """``{3}``: a lane selector, 0 to 15."""
    node = Lane
    grammar = (("LANE_INDEX", "DEC"), ("LANE", '"{" BLANKS? LANE_INDEX BLANKS? "}"'))
    syntax = (operands.Spelling("LANE", ("LANE_INDEX",)),)

    def read(self, m, line, col):
        n = int(m.group("LANE__LANE_INDEX"))
        if n > 15:
            raise Fail(f"lane {n} is not 0..15", line, col)
        return Lane(n, line=line, col=col)

    def text(self, o, version=operands.V41, sep=", "):
        return f"{{{o.index}}}"


@attrs.frozen
class LaneField(Atom):
    """Text operand ``index``, a lane, as one byte."""
    index: int

    @property
    def operand_slots(self) -> tuple:
        return (self.index,)

    def encode(self, ins, cx, out):
        o = operand(ins, self.index)
        if type(o) is not Lane:
            fail(f"expected a lane like {{3}}, found {operands.describe(o)}", o)
        out.append(struct.pack("<B", o.index))

    def decode(self, rd, cx, b):
        at = rd.at()
        n = rd.ub()
        if n > 15:
            raise DecodeError(f"invalid lane {n}", at)
        b.operands[self.index] = Lane(n)


def _record():
    """``vlane (M1, 16) dst {lane}``: a general (or indirect) integer or
    float destination, and a lane (a node of no operand class: '')."""
    row = alu_row(NUMBER, "vlane", InstCategory.ARITH, 1, TYPES_INT | TYPES_FLOAT)
    signature = Signature((Slot("dst", classes("G", "I"), TYPES, "destination"),
                           Slot("src", classes(""), None, "lane")), "type-arith")
    return row_form(row, atoms=(Exec(), PredField(), Vec(0, sat=True), LaneField(1)),
                    checks=Checks(sat=True), signature=signature)


@pytest.fixture
def extended(monkeypatch):
    assert "LANE" not in operands.KINDS.syntax and forms.FORMS.get("vlane") is None
    monkeypatch.setattr(operands, "KINDS", operands.KINDS.with_kinds(LaneKind(), before="WORD"))
    monkeypatch.setattr(forms, "FORMS", forms.FORMS.with_forms(_record()))


def _text(dst_type: str = "d", lane: str = "{3}") -> str:
    return f""".version 4.1
.kernel "k"
.decl VA v_type=G type={dst_type} num_elts=16 align=GRF
.decl VB v_type=G type=d num_elts=16 align=GRF
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    vlane (M1, 16) VA(0,0)<1> {lane}
    ret (M1, 1)
"""


def _errors(text: str) -> list:
    return [d for d in visa.validate(text) if d.severity == "error"]


def test_without_the_kind_there_is_no_such_operand():
    assert "LANE" not in operands.KINDS.syntax
    with pytest.raises(visa.VisaError):
        visa.parse(_text())


def test_a_new_operand_kind_is_one_value(extended):
    text = _text()
    module = visa.parse(text)
    ins = module.units[0].body[1]
    assert ins.op == "vlane" and ins.operands[1] == Lane(3)
    assert visa.parse(_text(lane="{ 3 }")) == module  # the shape's blanks, as its grammar says
    printed = visa.format(module)
    assert [ln.split("///")[0].rstrip() for ln in printed.splitlines() if "vlane" in ln] == \
        ["    vlane (M1, 16) VA(0,0)<1> {3}"]
    assert visa.parse(printed) == module
    data = visa.assemble(text)
    # the opcode, the execution size, the predicate (2 bytes), the
    # destination (a general operand: tag, id 4 bytes, row, column, region 2
    # bytes), then the lane's byte
    at = data.index(bytes((NUMBER, 0x04, 0x00, 0x00, 0x00)))
    assert data[at + 13] == 3
    back = visa.disassemble(data, module=True)
    assert back.units[0].body[1].operands[1] == Lane(3)
    assert visa.parse(visa.disassemble(data)) == visa.parse(visa.format(module))
    assert visa.validate(text) == []
    # the parser's operand expression is the table's own, kept on the table
    # (what the ready-made store keeps is looked up by the expression's text)
    ours, theirs = P._operand_re(operands.KINDS), P._operand_re(PACKAGE_KINDS)
    assert "(?P<LANE>" in ours.pattern and "(?P<LANE>" not in theirs.pattern
    assert P._operand_re(operands.KINDS) is ours


def test_the_kind_s_reader_refuses_what_its_shape_takes_but_it_does_not(extended):
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(_text(lane="{16}"))
    assert "lane 16 is not 0..15" in str(ei.value)


def test_the_signature_refuses_another_class_and_a_wrong_type(extended):
    # a general operand where the lane goes: its slot takes no operand class
    bad = _errors(_text(lane="VB(0,0)<1;1,0>"))
    assert [d.rule for d in bad] == ["operand-kind"] and "lane" in bad[0].message
    # a lane where the destination goes
    bad = _errors(_text().replace("VA(0,0)<1> {3}", "{3} {3}"))
    assert [d.rule for d in bad] == ["operand-kind"] and "destination" in bad[0].message
    # the destination's type
    bad = _errors(_text("hf"))
    assert [d.rule for d in bad] == ["type-arith"] and "destination" in bad[0].message
    assert _errors(_text("f")) == [] and _errors(_text("ud", "{15}")) == []


def test_nothing_remains_after_the_test():
    assert operands.KINDS is PACKAGE_KINDS and forms.FORMS is PACKAGE_FORMS
    assert "LANE" not in operands.KINDS.syntax and Lane not in operands.KINDS.printers
    assert all(type(k) is not LaneKind for k in operands.KINDS)
    with pytest.raises(TypeError):
        operands.text(Lane(3))
    # a program of the package's kinds reads and prints as it always has
    line = "    add (M1, 16) VA(0,0)<1> VB(0,0)<1;1,0> 0x1:d"
    text = _text().replace("    vlane (M1, 16) VA(0,0)<1> {3}", line)
    printed = visa.format(visa.parse(text))
    assert line in [ln.split("///")[0].rstrip() for ln in printed.splitlines()]
    with pytest.raises(visa.VisaError):
        visa.parse(_text())
