"""docs/ARCHITECTURE.md's worked example, run: an instruction the toolchain
does not have is added as one record, at an opcode number no row uses, and
every stage takes it from that record alone: it parses, prints, assembles,
disassembles, builds, and is validated by its operand signature (a wrong
type refused, a right one accepted).  No file of the package is touched:
the record goes into a new table value (``FORMS.with_forms``), which the
test puts in place of the package's for itself only (monkeypatch puts the
package's back), so no other test sees it."""
from __future__ import annotations

import pytest

import visa
from visa.build import Builder
from visa.isa import forms
from visa.isa.datatypes import TYPES_FLOAT, TYPES_INT
from visa.isa.descriptions import alu_row
from visa.isa.field_codes import InstCategory
from visa.isa.records import Checks, Signature, Slot, classes, row_form, type_names

NUMBER = 0x9F  # no row of Intel's table has it
TYPES = type_names(TYPES_INT | TYPES_FLOAT)


def _record():
    """The new instruction: one destination and one source, both general,
    indirect (or an immediate source), integer or float."""
    row = alu_row(NUMBER, "vabs", InstCategory.ARITH, 1, TYPES_INT | TYPES_FLOAT)
    signature = Signature((Slot("dst", classes("G", "I"), TYPES, "destination"),
                           Slot("src", classes("G", "I", "IMM"), TYPES, "source 0")), "type-arith")
    return row_form(row, checks=Checks(sat=True), signature=signature)


@pytest.fixture
def extended(monkeypatch):
    assert forms.FORMS.get("vabs") is None and NUMBER not in forms.FORMS.by_opcode()
    monkeypatch.setattr(forms, "FORMS", forms.FORMS.with_forms(_record()))


def _text(dst_type: str, src_type: str) -> str:
    return f""".version 4.1
.kernel "k"
.decl VA v_type=G type={dst_type} num_elts=16 align=GRF
.decl VB v_type=G type={src_type} num_elts=16 align=GRF
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    vabs (M1, 16) VA(0,0)<1> VB(0,0)<1;1,0>
    ret (M1, 1)
"""


def test_without_the_record_there_is_no_such_instruction():
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(_text("d", "f"))
    assert "mnemonic-unknown" in {d.rule for d in ei.value.diagnostics}


def test_a_new_opcode_is_one_record(extended):
    text = _text("d", "f")
    module = visa.parse(text)
    ins = module.units[0].body[1]
    assert ins.op == "vabs" and len(ins.operands) == 2
    printed = visa.format(module)
    assert [ln.split("///")[0].rstrip() for ln in printed.splitlines() if "vabs" in ln] == \
        ["    vabs (M1, 16) VA(0,0)<1> VB(0,0)<1;1,0>"]
    assert visa.parse(printed) == module
    data = visa.assemble(text)
    # the instruction's bytes: its opcode, then the execution size of its row
    assert bytes((NUMBER, 0x04)) in data
    assert visa.disassemble(data, module=True).units[0].body[1].op == "vabs"
    assert visa.parse(visa.disassemble(data)) == visa.parse(visa.format(module))
    assert visa.validate(text) == []


def test_the_signature_refuses_a_wrong_type_and_takes_a_right_one(extended):
    bad = [d for d in visa.validate(_text("d", "hf")) if d.severity == "error"]
    assert [d.rule for d in bad] == ["type-arith"] and "source 0" in bad[0].message
    bad = [d for d in visa.validate(_text("hf", "f")) if d.severity == "error"]
    assert [d.rule for d in bad] == ["type-arith"] and "destination" in bad[0].message
    assert visa.validate(_text("ud", "df")) == []


def _built(dst_type: str, src_type: str, dst=None):
    b = Builder()
    k = b.kernel("k")
    va = k.var("VA", dst_type, 16, align="GRF")
    vb = k.var("VB", src_type, 16, align="GRF")
    p1 = k.pred("P1", 16) if dst is not None else None
    k.attr("Target", "cm")
    k.subroutine("_main_0")
    k.op("vabs", va[0, 0].region(1) if dst is None else p1, vb[0, 0].region(1, 1, 0), exec=16)
    k.op("ret", exec=1)
    return b.module()


def test_the_builder_takes_it_from_the_record(extended):
    module = _built("d", "f")
    assert visa.assemble(module) == visa.assemble(_text("d", "f"))
    # the builder checks the operands' classes against the signature (an
    # predicate as the destination), the validator the types of its module
    with pytest.raises(visa.VisaError) as ei:
        _built("d", "f", dst="P1")
    assert "'vabs' destination (operand 0) is a predicate" in str(ei.value)
    assert [d.rule for d in visa.validate(_built("d", "hf")) if d.severity == "error"] == ["type-arith"]


def test_the_record_is_gone_after_the_test():
    assert forms.FORMS.get("vabs") is None
