"""Hand-written programs in the spec's style: what Intel's text assembler
(GenX_IR igc-1.0.14828.26) does with them, from its sources (visa/CISA.l,
visa/CISA.y, visa/BuildCISAIRImpl.cpp, visa/VISAKernelImpl.cpp) and from the
references in tests/data/refs."""
from __future__ import annotations

import struct

import pytest

import visa
from visa.binary import objfile as OF
from visa.isa import field_codes, attributes

HEAD = """.version 4.1
.kernel "k"
.decl V40 v_type=G type=f num_elts=16 align=hword
.decl V41 v_type=G type=f num_elts=16 align=hword
.decl VD v_type=G type=d num_elts=8 align=hword
.decl S0 v_type=S num_elts=1
"""
BODY = """.function "_main_0"

_main_0:
{body}    ret (M1, 1)
"""


def program(attrs: str = '.kernel_attr Target="cm"\n', body: str = "", head: str = HEAD) -> str:
    return head + attrs + BODY.format(body=body)


def kernel(data: bytes, i: int = 0) -> OF.Kernel:
    return OF.read(data).kernels[i]


def attributes_of(obj) -> list[tuple[str, bytes]]:
    return [(obj.strings[a.name_index], a.value) for a in obj.attributes]


def error(text: str) -> visa.Diagnostic:
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(text, filename="h.visaasm")
    (d,) = ei.value.diagnostics
    return d


# ------------------------------------------------------------ kernel target
def test_a_kernel_without_target_records_3d_last():
    """VISAKernelImpl::finalizeAttributes: an object with no Target gets
    GenX_IR's default target, 3d, when it is written: the last attribute, and
    the last string of the pool."""
    k = kernel(visa.assemble(program(attrs=".kernel_attr SimdSize=16\n")))
    assert attributes_of(k.obj) == [("SimdSize", struct.pack("<I", 16)), ("Target", b"\x01")]
    assert k.obj.strings[-1] == "Target" and k.obj.strings[-2] == "_main_0"


def test_a_function_without_target_records_3d_too():
    text = program() + """.global_function "f"
.decl GA v_type=G type=d num_elts=8 align=hword alias=<%arg, 0>
.function "f_0"

f_0:
    fret (M1, 1)
"""
    (f,) = OF.read(visa.assemble(text)).functions
    assert attributes_of(f.obj)[-1] == ("Target", b"\x01")


def test_a_written_target_is_kept_where_it_is():
    k = kernel(visa.assemble(program(attrs='.kernel_attr Target="3d"\n.kernel_attr SimdSize=8\n')))
    assert attributes_of(k.obj) == [("Target", b"\x01"), ("SimdSize", struct.pack("<I", 8))]


@pytest.mark.parametrize("value", ['"cs"', '"CM"', '"3D"', '"x"'])
def test_targets_other_than_cm_and_3d_are_refused(value):
    """BuildCISAIRImpl.cpp CISA_attr_directive: only "cm" and "3d"."""
    text = program(attrs=f".kernel_attr Target={value}\n")
    d = error(text)
    assert 'takes "cm" or "3d"' in d.message
    assert (d.line, d.col) == (text.splitlines().index(f".kernel_attr Target={value}") + 1, 1)


# ------------------------------------------------------- kernel attributes
def _value_text(ad: attributes.AttributeDef) -> str:
    if ad.name == "Target":
        return '="3d"'
    return {attributes.AttrValueKind.BOOL: "", attributes.AttrValueKind.INT32: "=48",
            attributes.AttrValueKind.STRING: '="out/k.asm"'}[ad.kind]


KERNEL_ATTRS = [ad for ad in attributes.ATTRIBUTES if ad.scope is attributes.AttrScope.KERNEL]


@pytest.mark.parametrize("ad", KERNEL_ATTRS, ids=[ad.name for ad in KERNEL_ATTRS])
def test_every_kernel_attribute_disassembles_as_written(ad):
    line = f".kernel_attr {ad.name}{_value_text(ad)}"
    extra = "" if ad.name == "Target" else '.kernel_attr Target="cm"\n'
    out = visa.disassemble(visa.assemble(program(attrs=extra + line + "\n")))
    assert line in out.splitlines() or line + "    " in out.splitlines()


@pytest.mark.parametrize("old, new", sorted(attributes.ATTRIBUTE_ALIASES.items()))
def test_older_attribute_names(old, new):
    """Only AsmName is renamed (to OutputAsmPath) in the binary; the
    lower-case spellings are recorded as written (CISA_attr_directive)."""
    value = '="k.asm"' if new == "OutputAsmPath" else "=32"
    k = kernel(visa.assemble(program(attrs=f'.kernel_attr Target="cm"\n.kernel_attr {old}{value}\n')))
    names = [n for n, _ in attributes_of(k.obj)]
    assert names == ["Target", "OutputAsmPath" if old == "AsmName" else old]


@pytest.mark.parametrize("line, words", [
    (".kernel_attr UnknownAttrName=3", "unknown kernel attribute 'UnknownAttrName'"),
    ('.kernel_attr SimdSize="16"', "attribute 'SimdSize' takes an integer"),
    (".kernel_attr OutputAsmPath=3", "attribute 'OutputAsmPath' takes a string"),
    (".kernel_attr NoBarrier=1", "attribute 'NoBarrier' takes no value"),
    (".kernel_attr Input", "'Input' is a var attribute, not a kernel attribute"),
])
def test_kernel_attribute_errors(line, words):
    text = program(attrs='.kernel_attr Target="cm"\n' + line + "\n")
    d = error(text)
    assert words in d.message
    assert d.line == text.splitlines().index(line) + 1


def test_variable_attribute_errors_point_at_the_attribute():
    text = program(head=HEAD + '.decl VA v_type=G type=d num_elts=8 attrs={Input, AsmName="v"}\n')
    d = error(text)
    assert "'AsmName' is a kernel attribute, not a variable attribute" in d.message
    line = text.splitlines()[d.line - 1]
    assert line.startswith(".decl VA") and line[d.col - 1:].startswith("AsmName")


def test_sampler_attributes_are_recorded_on_the_sampler():
    k = kernel(visa.assemble(program(head=HEAD + ".decl S1 v_type=S num_elts=1 attrs={Input}\n")))
    (s0, s1) = k.obj.samplers
    assert s0.attributes == () and [k.obj.strings[a.name_index] for a in s1.attributes] == ["Input"]


# --------------------------------------------------------------- inputs
def test_input_without_size_takes_the_variable_size():
    """CISA.y DirectiveInput without InputSize: %sizeof the variable."""
    k = kernel(visa.assemble(program(attrs='.input VD offset=32\n.input V40 offset=64\n.kernel_attr Target="cm"\n')))
    assert [(i.offset, i.size) for i in k.obj.inputs] == [(32, 32), (64, 64)]


def test_input_of_a_sampler_needs_a_size():
    d = error(program(attrs='.input S0 offset=32\n.kernel_attr Target="cm"\n'))
    assert "needs size=" in d.message


@pytest.mark.parametrize("directive, kind", [
    ("input", 0), ("implicit_LOCAL_SIZE", 1), ("implicit_GROUP_COUNT", 2), ("implicit_LOCAL_ID", 3),
    ("implicit_PSEUDO_INPUT", 0x10), ("implicit_UNDEFINED_7", 7), ("implicit_LOCAL_ID_X", 5),
    ("implicit_local_size", 5),
])
def test_implicit_input_kinds(directive, kind):
    text = program(attrs=f'.{directive} VD offset=32 size=32\n.kernel_attr Target="cm"\n')
    (i,) = kernel(visa.assemble(text)).obj.inputs
    assert i.kind == kind << 3
    back = visa.disassemble(visa.assemble(text))
    assert f".{field_codes.implicit_input_directive(kind)} VD offset=32 size=32" in back


# ------------------------------------------------------------- operands
@pytest.mark.parametrize("spaced", ["(-) V40(0,0)<1;1,0>", "(-)  V40(0,0)<1;1,0>", "(-)\tV40(0,0)<1;1,0>"])
def test_blank_after_a_source_modifier(spaced):
    """CISA.l skips blanks between the SRCMOD_NEG token and the operand."""
    tight = program(body="    add (M1, 16) V41(0,0)<1> (-)V40(0,0)<1;1,0> (abs)V40(0,0)<1;1,0>\n")
    loose = tight.replace("(-)V40(0,0)<1;1,0>", spaced).replace("(abs)V40", "(abs)  V40")
    assert visa.parse(loose) == visa.parse(tight)
    assert visa.assemble(loose) == visa.assemble(tight)


def test_blanks_inside_a_source_modifier_are_an_error():
    """"(-)" is one token of Intel's lexer: "( - )" does not read."""
    with pytest.raises(visa.VisaError):
        visa.assemble(program(body="    add (M1, 16) V41(0,0)<1> ( - ) V40(0,0)<1;1,0> V40(0,0)<1;1,0>\n"))


def test_switchjmp_labels_separated_by_blanks_or_commas():
    """CISA.y SwitchLabels: identifiers with optional commas between."""
    def sj(labels):
        return program(head=HEAD + ".decl VI v_type=G type=uw num_elts=1 align=word\n",
                       body=f"    switchjmp (M1, 1) VI(0,0)<0;1,0> {labels}\nL0:\nL1:\n")
    assert visa.parse(sj("(L0 L1)")) == visa.parse(sj("(L0, L1)")) == visa.parse(sj("(L0,L1,)"))
    assert visa.assemble(sj("(L0 L1)")) == visa.assemble(sj("(L0, L1)"))


@pytest.mark.parametrize("text, bits, ty", [
    ("-0x3f800000:f", 0xBF800000, "f"),      # MINUS FloatLit: the float negated
    ("-1065353216:f", 0xBF800000, "f"),
    ("-0x3ff0000000000000:df", 0xBFF0000000000000, "df"),
    ("-0x10:d", 0xFFFFFFF0, "d"),            # integers negate as integers
    ("-1:q", 0xFFFFFFFFFFFFFFFF, "q"),
])
def test_negative_immediates(text, bits, ty):
    dst = {"f": "V41(0,0)<1>", "df": "V41(0,0)<1>", "d": "VD(0,0)<1>", "q": "VD(0,0)<1>"}[ty]
    ins = visa.parse(program(body=f"    mov (M1, 8) {dst} {text}\n")).units[0].body[1]
    assert (ins.operands[1].bits, ins.operands[1].type) == (bits, ty)


def test_negative_address_of_offset_wraps_like_intel():
    """&V[-4] is written as Intel's builder writes it (the offset taken as
    unsigned 32-bit): V(255, 7) with 32-byte GRFs; refs/forms/operands__SKL
    holds Intel's bytes for it."""
    text = program(head=HEAD + ".decl A0 v_type=A num_elts=1\n",
                   body="    addr_add (M1_NM, 1) A0(0)<1> &VD[-4] 0x8:uw\n")
    code = kernel(visa.assemble(text)).obj.code
    vd_id = 34  # V40 32, V41 33, VD 34
    assert struct.pack("<BIBBH", 0, vd_id, 0xFF, 7, 0x0121) in code


# -------------------------------------------------------------- strings
@pytest.mark.parametrize("literal, value", [
    (r'"a\101b"', "aAb"),           # \ + up to three digits, read as octal
    (r'"\x41\x4g"', "A\x04g"),      # \x + one or two hex digits
    (r'"\1234"', "S4"),             # three digits at most
    (r'"\?\'\"\\"', "?'\"\\"),
    (r'"ab\0cd"', "ab"),            # a C string: it ends at the first NUL
    (r'"\e\a"', "\x1b\x07"),
])
def test_string_escapes(literal, value):
    ins = visa.parse(program(body=f"    FILE {literal}\n")).units[0].body[1]
    assert ins.operands[0].value == value


def test_an_illegal_escape_is_an_error_at_its_column():
    text = program(body='    FILE "ab\\qc"\n')
    with pytest.raises(visa.VisaError) as ei:
        visa.parse(text)
    d = ei.value.diagnostics[0]
    assert "illegal escape sequence '\\q'" in d.message
    assert text.splitlines()[d.line - 1][d.col - 1:].startswith("\\q")


# ------------------------------------------- tests/data/handwritten programs
from refs import handwritten_files  # noqa: E402

PROGRAMS = handwritten_files()
# a kernel without Target gets Target="3d" as the last pool entry; the
# disassembly (Intel's layout) prints it with the other kernel attributes, so
# its assembly puts the string earlier in the pool
RT_GAPS = {"directives__TGLLP.visaasm"}


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_handwritten_program_prints_and_reparses(path):
    m = visa.parse(path.read_text(), str(path))
    assert visa.parse(visa.format(m)) == m


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.name, marks=pytest.mark.xfail(strict=True, reason="default Target")) if p.name in RT_GAPS
    else pytest.param(p, id=p.name) for p in PROGRAMS])
def test_handwritten_program_round_trips_through_the_binary(path):
    data = visa.assemble(path.read_text(), filename=str(path))
    assert visa.assemble(visa.disassemble(data)) == data


def test_a_value_too_large_for_its_field_is_an_error():
    text = program(body="    bfn.x1ff (M1, 16) VD(0,0)<1> VD(0,0)<8;8,1> VD(0,0)<8;8,1> VD(0,0)<8;8,1>\n")
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(text, filename="h.visaasm")
    # a validator rule with an id (issue 17), so visa.validate says it too
    (d,) = [d for d in ei.value.diagnostics if d.severity == "error"]
    assert d.rule == "imm-range" and "8 bits" in d.message
    assert text.splitlines()[d.line - 1][d.col - 1:].startswith("bfn.x1ff")
    assert [x.rule for x in visa.validate(text) if x.severity == "error"] == ["imm-range"]


@pytest.mark.parametrize("literal, bits", [("3.4e+255:f", 0x7F800000), ("-3.4e+255:f", 0xFF800000)])
def test_a_float_literal_too_large_is_infinity(literal, bits):
    """As C's (float)atof in Intel's lexer gives."""
    ins = visa.parse(program(body=f"    mov (M1, 8) V40(0,0)<1> {literal}\n")).units[0].body[1]
    assert ins.operands[1].bits == bits


def test_handwritten_references_are_for_these_programs():
    """Each of Intel's binaries in refs/handwritten was made from the very
    text of a program in tests/data/handwritten or a .v41 twin of
    tests/data/handwritten42 (the copy beside it), and every one of those
    programs has its reference."""
    from refs import HANDWRITTEN, HANDWRITTEN42, handwritten_ref_stems
    stems = handwritten_ref_stems()
    programs = sorted(HANDWRITTEN.glob("*.visaasm")) + sorted(HANDWRITTEN42.glob("*.v41.visaasm"))
    assert sorted(s.name for s in stems) == sorted(p.name[: -len(".visaasm")] for p in programs)
    for p in programs:
        copy = next(s for s in stems if s.name == p.name[: -len(".visaasm")])
        assert copy.with_name(copy.name + ".visaasm").read_text() == p.read_text(), p.name
