"""The builder (visa.build): each feature makes the module the parser makes
of the equivalent hand-written text, assembles to the same bytes as that
text, and every mistake is a VisaError pointing at the builder call."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import visa
from visa import ast as A
from visa.build import Builder, imm, lsc_addr, lsc_shape, name, num, string
from conftest import SAMPLES, genx_ir_accepts, needs_genx_ir

HERE = __file__


def line_of(marker: str) -> int:
    """The line of this file that holds ``marker`` (a comment written once;
    the tests spell it in two pieces)."""
    lines = [i for i, t in enumerate(Path(HERE).read_text().splitlines(), 1) if marker in t]
    assert len(lines) == 1, lines
    return lines[0]


def same_as_text(module: A.Module, text: str, platform: str | None = None) -> None:
    """``module`` is what the parser reads from ``text``, prints to text that
    reads back to it, and assembles to the bytes of ``text``."""
    parsed = visa.parse(text)
    assert module == parsed
    assert visa.parse(visa.format(module)) == module
    assert visa.assemble(module, platform=platform) == visa.assemble(text, platform=platform)


HEAD = ".version 4.1\n.kernel \"k\"\n"


# ---------------------------------------------------------- declarations
def test_declarations_of_every_kind():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    k.var("W", "uw", 8, align=4, alias=(v, 8))
    k.var("X", "f", 2, alias="V", alias_offset=16, attrs={"Input": None, "Scope": 3})
    k.var("Y", "ub", 32, align="byte")
    k.var("Z", "df", 4, align="qword")
    k.addr("A0", 2)
    k.pred("P1", 16)
    k.surface("S1", 1)
    k.sampler("SM", 2)
    k.subroutine("main")
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=16 align=GRF
.decl W v_type=G type=uw num_elts=8 align=dword alias=<V, 8>
.decl X v_type=G type=f num_elts=2 alias=<V, 16> attrs={Input, Scope=3}
.decl Y v_type=G type=ub num_elts=32 align=byte
.decl Z v_type=G type=df num_elts=4 align=qword
.decl A0 v_type=A num_elts=2
.decl P1 v_type=P num_elts=16
.decl S1 v_type=T num_elts=1
.decl SM v_type=S num_elts=2
.function "main"
main:
    ret (M1, 1)
""")


def test_inputs_attributes_and_predefined_variables():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 8, align="GRF")
    w = k.var("W", "uq", 1, align="qword")
    t = k.surface("T6")
    k.input(v, offset=32, size=32)
    k.input(w, 64)
    k.input(t, 72, 4)
    ls = k.var("LS", "ud", 8, align="GRF")
    k.var("PRM", "d", 8, align="GRF")
    k.input("PRM", None, 32, kind="parameter", attrs={"Input": None})
    k.input(ls, 96, 32, kind="implicit_LOCAL_SIZE")  # implicit inputs last
    k.attr("Target", "cm")
    k.attr("SimdSize", 16)
    k.attr("Extern")
    k.subroutine("main")
    r0 = k.predefined_var("%r0")
    k.op("mov", v[0, 0].region(1), r0[0, 2].region(0, 1, 0), exec=(8, "M1_NM"))
    k.op("movs", t[0], imm(1, "ud"), exec=(1, "M1_NM"))
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=8 align=GRF
.decl W v_type=G type=uq num_elts=1 align=qword
.decl T6 v_type=T num_elts=1
.decl LS v_type=G type=ud num_elts=8 align=GRF
.decl PRM v_type=G type=d num_elts=8 align=GRF
.input V offset=32 size=32
.input W offset=64
.input T6 offset=72 size=4
.parameter PRM size=32 attrs={Input}
.implicit_LOCAL_SIZE LS offset=96 size=32
.kernel_attr Target="cm"
.kernel_attr SimdSize=16
.kernel_attr Extern
.function "main"
main:
    mov (M1_NM, 8) V(0,0)<1> %r0(0,2)<0;1,0>
    movs (M1_NM, 1) T6(0) 0x1:ud
    ret (M1, 1)
""")


# ----------------------------------------------------------------- operands
def test_offsets_regions_and_modifiers():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "f", 32, align="GRF")
    w = k.var("W", "d", 32, align="GRF")
    k.subroutine("main")
    k.op("add", v[1, 2].region(1), -v[0, 0].region(8, 8, 1), abs(v[0, 4]).region(4, 1), exec=8)
    k.op("mul", v[0, 0].region(2), -abs(v[1, 0].region(0, 1, 0)), v[0, 1].region(16, 8, 2), exec=8)
    k.op("not", w[0, 0].region(1), ~w[1, 0].region(1, 1, 0), exec=16)
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=f num_elts=32 align=GRF
.decl W v_type=G type=d num_elts=32 align=GRF
.function "main"
main:
    add (M1, 8) V(1,2)<1> (-)V(0,0)<8;8,1> (abs)V(0,4)<4,1>
    mul (M1, 8) V(0,0)<2> (-abs)V(1,0)<0;1,0> V(0,1)<16;8,2>
    not (M1, 16) W(0,0)<1> (~)W(1,0)<1;1,0>
    ret (M1, 1)
""")


@pytest.mark.parametrize("value, override, text", [
    (7, None, "0x7:d"),
    (-1, None, "-1:d"),
    (2**31, None, "0x80000000:q"),
    (-(2**40), None, "-0x10000000000:q"),
    (2**63, None, "0x8000000000000000:uq"),
    (1.5, None, "1.5:f"),
    (-0.25, None, "-0.25:f"),
    (3, "uw", "0x3:uw"),
    (-2, "w", "-2:w"),
    (255, "ub", "0xff:ub"),
    (1.0, "hf", "0x3c00:hf"),
    (2, "f", "2.0:f"),
    (0.1, "df", "0.1:df"),
    (5, "q", "5:q"),
])
def test_immediates_typed_from_python_values(value, override, text):
    """The type a Python value gives, or the one asked for; the bits are
    what the parser reads from the literal."""
    b = Builder()
    k = b.kernel("k")
    ty = override or text.rsplit(":", 1)[1]
    v = k.var("V", "df" if ty == "df" else ty if ty not in ("ub",) else "uw", 8, align="GRF")
    k.subroutine("main")
    src = value if override is None else imm(value, override)
    k.op("mov", v[0, 0].region(1), src, exec=(1, "M1_NM"))
    got = b.module().units[0].body[1].operands[1]
    want = visa.parse(HEAD + f".decl V v_type=G type=d num_elts=8\nmov (M1_NM, 1) V(0,0)<1> {text}\n"
                      ).units[0].body[0].operands[1]
    assert got == want


def test_immediate_given_by_bits():
    assert imm(bits=0x3F800000, type="f") == visa.parse(
        HEAD + ".decl V v_type=G type=f num_elts=1\nmov (M1, 1) V(0,0)<1> 1.0:f\n").units[0].body[0].operands[1]


@pytest.mark.parametrize("call, message", [
    (lambda: imm(2**64), "does not fit in 64 bits"),
    (lambda: imm(70000, "uw"), "does not fit in type 'uw'"),
    (lambda: imm(1.5, "d"), "is not an integer"),
    (lambda: imm(True), "a bool is not an immediate"),
    (lambda: imm(1, "zz"), "unknown type 'zz'"),
    (lambda: imm(1e300, "hf"), "out of range for type 'hf'"),
    (lambda: imm(bits=1), "needs a type"),
])
def test_bad_immediates_are_visa_errors(call, message):
    with pytest.raises(visa.VisaError) as e:
        call()
    assert message in str(e.value)
    assert e.value.diagnostics[0].file == HERE


def test_predicates_and_their_negation():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    p = k.pred("P1", 16)
    q = k.pred("P2", 16)
    k.subroutine("main")
    k.op("cmp.lt", p, v[0, 0].region(1, 1, 0), 5, exec=16)
    k.op("mov", v[0, 0].region(1), 1, exec=16, pred=p)
    k.op("mov", v[0, 0].region(1), 2, exec=16, pred=~p)
    k.op("mov", v[0, 0].region(1), 3, exec=16, pred=q.any)
    k.op("mov", v[0, 0].region(1), 4, exec=16, pred=~q.all)
    k.op("and", p, p, q, exec=(16, "M1_NM"))
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=16 align=GRF
.decl P1 v_type=P num_elts=16
.decl P2 v_type=P num_elts=16
.function "main"
main:
    cmp.lt (M1, 16) P1 V(0,0)<1;1,0> 0x5:d
    (P1) mov (M1, 16) V(0,0)<1> 0x1:d
    (!P1) mov (M1, 16) V(0,0)<1> 0x2:d
    (P2.any) mov (M1, 16) V(0,0)<1> 0x3:d
    (!P2.all) mov (M1, 16) V(0,0)<1> 0x4:d
    and (M1_NM, 16) P1 P1 P2
    ret (M1, 1)
""")


def test_address_indirect_and_address_of():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    w = k.var("W", "d", 16, align="GRF")
    a = k.addr("A0", 2)
    k.subroutine("main")
    k.op("addr_add", a[0], v.address(), imm(4, "uw"), exec=(1, "M1_NM"))
    k.op("addr_add", a[1], w.address(8), imm(0, "uw"), exec=(1, "M1_NM"))
    k.op("mov", a.deref("d", 0, region=(1,)), a.deref("d", 8, sub=1, region=(8, 8, 1)),
         exec=(8, "M1_NM"))
    k.op("mov", w[0, 0].region(1), a.deref("d", 4, region=(0, 1, 0), mod="-"), exec=8)
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=16 align=GRF
.decl W v_type=G type=d num_elts=16 align=GRF
.decl A0 v_type=A num_elts=2
.function "main"
main:
    addr_add (M1_NM, 1) A0(0)<1> &V 0x4:uw
    addr_add (M1_NM, 1) A0(1)<1> &W[8] 0x0:uw
    mov (M1_NM, 8) r[A0(0),0]<1>:d r[A0(1),8]<8;8,1>:d
    mov (M1, 8) W(0,0)<1> (-)r[A0(0),4]<0;1,0>:d
    ret (M1, 1)
""")


def test_lsc_addresses_and_data():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 64, align="GRF")
    a = k.var("ADDR", "uq", 16, align="GRF")
    o = k.var("OFF", "ud", 16, align="GRF")
    k.subroutine("main")
    k.op("lsc_load.ugm", v.data(lsc_shape("d32", 4)), lsc_addr("flat", a, 0x40, size="a64"), exec=16)
    k.op("lsc_load.ugm.ca.ca", v.data(lsc_shape("d32", 8, transpose=True)),
         lsc_addr("bti", o, surface=2, size="a32"), exec=(1, "M1_NM"))
    k.op("lsc_store.slm", lsc_addr("flat", o.item(), -16, size="a32"), v.data(lsc_shape("d16")),
         exec=16)
    k.op("lsc_load_quad.ugm", v.data(lsc_shape("d32", channels="xz")),
         lsc_addr("flat", a, size="a64"), exec=16)
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=64 align=GRF
.decl ADDR v_type=G type=uq num_elts=16 align=GRF
.decl OFF v_type=G type=ud num_elts=16 align=GRF
.function "main"
main:
    lsc_load.ugm (M1, 16) V:d32x4 flat[ADDR+0x40]:a64
    lsc_load.ugm.ca.ca (M1_NM, 1) V:d32x8t bti(0x2)[OFF]:a32
    lsc_store.slm (M1, 16) flat[OFF-0x10]:a32 V:d16
    lsc_load_quad.ugm (M1, 16) V:d32.xz flat[ADDR]:a64
    ret (M1, 1)
""", platform="DG2")


def test_labels_subroutines_and_functions():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    p = k.pred("P1", 16)
    k.subroutine("main")
    done = k.label("done")
    k.op("cmp.eq", p, v[0, 0].region(1, 1, 0), 0, exec=16)
    k.op("goto", done, exec=16, pred=p)
    sub = k.label("sub")
    k.op("call", sub, exec=1)
    k.op("fcall", "f", 1, 1, exec=1)
    k.op("jmp", done, exec=(1, "M1_NM"))
    k.place(done)
    k.op("ret", exec=1)
    k.subroutine("sub")
    k.op("ret", exec=1)
    f = b.function("f")
    f.subroutine("f_main")
    f.op("fret", exec=1)
    same_as_text(b.module(), HEAD + """.funcdecl "f"
.decl V v_type=G type=d num_elts=16 align=GRF
.decl P1 v_type=P num_elts=16
.function "main"
main:
    cmp.eq (M1, 16) P1 V(0,0)<1;1,0> 0x0:d
    (P1) goto (M1, 16) done
    call (M1, 1) sub
    fcall (M1, 1) f 1 1
    jmp (M1_NM, 1) done
done:
    ret (M1, 1)
.function "sub"
sub:
    ret (M1, 1)
.global_function "f"
.function "f_main"
f_main:
    fret (M1, 1)
""")


def test_bare_numbers_strings_names_and_lists():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    k.subroutine("main")
    k.op("FILE", string("k.cpp"))
    k.op("LOC", num(7))
    k.op("LOC", 8)  # a Python int where the form reads a bare number
    k.op("raw_send", 0xA, 2, 2, imm(0x4205E00, "ud"), v.raw(), v.raw(32), exec=16)
    k.op("ret", exec=1)
    same_as_text(b.module(), HEAD + """
.decl V v_type=G type=d num_elts=16 align=GRF
.function "main"
main:
    FILE "k.cpp"
    LOC 7
    LOC 8
    raw_send (M1, 16) 0xa 2 2 0x4205e00:ud V.0 V.32
    ret (M1, 1)
""")
    assert name("AVS_16_FULL") == A.Name("AVS_16_FULL")


def test_execution_mask_is_the_one_the_binary_records():
    """A size alone: M1 where the form has a mask field, none where it has
    not (oword_ld's size is its oword count; sample's its SIMD mode)."""
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 64, align="GRF")
    t = k.surface("T6")
    k.subroutine("main")
    k.op("add", v[0, 0].region(1), v[0, 0].region(1, 1, 0), 1, exec=16)
    k.op("oword_ld", t, imm(0, "ud"), v.raw(), exec=4)
    k.op("ret", exec=1)
    m = b.module()
    execs = [s.exec for s in m.units[0].body[1:3]]
    assert execs == [A.ExecSize(16, "M1"), A.ExecSize(4, None)]
    same_as_text(m, HEAD + """
.decl V v_type=G type=d num_elts=64 align=GRF
.decl T6 v_type=T num_elts=1
.function "main"
main:
    add (M1, 16) V(0,0)<1> V(0,0)<1;1,0> 0x1:d
    oword_ld (4) T6 0x0:ud V.0
    ret (M1, 1)
""")
    assert visa.disassemble(visa.assemble(m), module=True).units[0].body == m.units[0].body


# ---------------------------------------------------------------- errors
def _error(call) -> visa.VisaError:
    with pytest.raises(visa.VisaError) as e:
        call()
    return e.value


def _kernel():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    return b, k, v


def test_wrong_mnemonic():
    b, k, v = _kernel()
    e = _error(lambda: k.op("addd", v[0, 0].region(1), 1, 2, exec=16))  # MARK-addd
    d, = e.diagnostics
    assert "unknown instruction 'addd'" in d.message and "'add'" in d.message
    assert (d.file, d.line) == (HERE, line_of("MARK-" + "addd"))
    assert "k.op(\"addd\"" in d.source_line


def test_wrong_operand_count():
    b, k, v = _kernel()
    few = _error(lambda: k.op("add", v[0, 0].region(1), 1, exec=16))
    assert "'add' needs at least 3 operand(s), found 2" in str(few)
    many = _error(lambda: k.op("add", v[0, 0].region(1), 1, 2, 3, exec=16))
    assert "'add' takes 3 operands, 4 given" in str(many)
    none = _error(lambda: k.op("ret", 1, exec=1))
    assert "'ret' takes 0 operands, 1 given" in str(none)


def test_undeclared_variable():
    b, k, v = _kernel()
    e = _error(lambda: k.op("add", "Y", 1, 2, exec=16))
    assert "undeclared variable 'Y'" in str(e)
    other = Builder().kernel("j").var("W", "d", 16)
    e = _error(lambda: k.op("mov", other[0, 0].region(1), 1, exec=16))
    assert "undeclared variable 'W'" in str(e)
    e = _error(lambda: k.op("mov", v[0, 0].region(1), 1, exec=16, pred=visa.build.Pred("P9")))
    assert "undeclared variable 'P9'" in str(e)


@pytest.mark.parametrize("call, message", [
    (lambda k, v: k.var("V", "d"), "'V' is declared already"),
    (lambda k, v: k.var("%r0", "d"), "invalid variable name"),
    (lambda k, v: k.var("W", "int"), "unknown type 'int'"),
    (lambda k, v: k.var("W", "d", 0), "must be a positive int"),
    (lambda k, v: k.var("W", "d", align="page"), "invalid align 'page'"),
    (lambda k, v: k.var("W", "d", align=3), "invalid align 3"),
    (lambda k, v: k.pred("$p"), "invalid predicate name"),
    (lambda k, v: k.label("no space"), "invalid label name"),
    (lambda k, v: k.predefined("%nothing"), "is not a predefined variable"),
    (lambda k, v: k.predefined_var("%slm"), "not a variable"),
    (lambda k, v: k.op("add", v[0, 0].region(1), 1, 2, exec=(16, "M9")), "unknown execution mask"),
    (lambda k, v: k.op("add", v[0, 0].region(1), 1, 2, exec="16"), "execution size must be an int"),
    (lambda k, v: k.op("add", v[0, 0].region(1), {}, 2, exec=16), "operand 1 of 'add'"),
    (lambda k, v: k.op("add", v[0, 0].region(1), True, 2, exec=16), "a bool is not an operand"),
    (lambda k, v: k.op("add", v[0, 0].region(1), 1, 2, exec=16, pred="P1"), "a predicate must be"),
    (lambda k, v: k.op("add", v[0, 0].region(1), 1, 2), "needs an execution size"),
    (lambda k, v: k.op("addc.foo", v[0, 0].region(1), v[0, 0].region(1), 1, 2, exec=16),
     "unknown modifier '.foo'"),
    (lambda k, v: k.op("if", exec=16), "vISA 4.1 has none"),
    (lambda k, v: k.op("wait", v[0, 0].region(0, 1, 0), exec=8), "takes no execution size"),
    (lambda k, v: k.op("min", v[0, 0].region(1), 1, 2, exec=8, pred=k.pred("P1")), "cannot be predicated"),
    (lambda k, v: k.op("lsc_load", v.data(lsc_shape("d32")), lsc_addr("flat", v, size="a64"),
                       exec=16), "needs a modifier"),
    (lambda k, v: k.op("add", v[0, 0].region(1, 2, 3, 4), 1, 2, exec=16), "a region is 1, 2 or 3"),
    (lambda k, v: v.data("d32"), "is an lsc_shape(...)"),
    (lambda k, v: lsc_addr("flat", v[0, 0].region(1)), "is not an LSC address item"),
])
def test_mistakes_are_visa_errors_at_the_call(call, message):
    b, k, v = _kernel()
    e = _error(lambda: call(k, v))
    d, = e.diagnostics
    assert message in d.message
    assert d.file == HERE and d.line > 0


def test_an_unknown_modifier_of_a_plain_form():
    # GenX_IR refuses add.foo; so does the validator (modifier-unknown), at
    # the builder call
    import inspect
    b, k, v = _kernel()
    k.op("add.foo", v[0, 0].region(1), 1, 2, exec=16); line = inspect.currentframe().f_lineno
    (d,) = [d for d in visa.validate(b.module()) if d.severity == "error"]
    assert d.rule == "modifier-unknown" and "'.foo'" in d.message and d.line == line


def test_place_a_label_twice():
    b, k, v = _kernel()
    k.place("L")
    assert "placed twice" in str(_error(lambda: k.place("L")))


def test_a_module_without_units():
    assert "no kernel or function" in str(_error(lambda: Builder().module()))


# ------------------------------------------------- diagnostics and positions
def test_validation_points_at_the_builder_call():
    b = Builder()
    k = b.kernel("k")
    v = k.var("V", "d", 4)
    k.var("W", "d", 4, alias=(v, 64))  # MARK-alias
    k.subroutine("main")
    k.op("jmp", k.label("nowhere"), exec=(1, "M1_NM"))  # MARK-jmp
    k.op("ret", exec=1)
    module = b.module()
    assert module.file == HERE
    found = {d.rule: d for d in visa.validate(module)}
    assert found["alias-offset"].line == line_of("MARK-" + "alias")
    assert found["label-undefined"].line == line_of("MARK-" + "jmp")
    for d in found.values():
        assert d.file == HERE
    e = _error(lambda: visa.assemble(module))
    assert {d.line for d in e.diagnostics} >= {line_of("MARK-" + "jmp")}
    assert "k.op(\"jmp\"" in e.render()


def test_encoder_errors_point_at_the_builder_call():
    b = Builder(check=False)  # no check at the call: the assembler finds it
    k = b.kernel("k")
    v = k.var("V", "d", 16, align="GRF")
    k.subroutine("main")
    k.op("add", v[0, 0].region(1), 1, exec=16)  # MARK-late
    e = _error(lambda: visa.assemble(b.module(), validate=False))
    d, = e.diagnostics
    assert (d.file, d.line) == (HERE, line_of("MARK-" + "late"))
    assert "needs at least 3 operand" in d.message


def test_positions_are_in_the_file_that_made_the_builder(tmp_path):
    """A helper in another file that emits for a builder made here: the
    node is at the line here that called the helper."""
    helper = tmp_path / "helper_mod.py"
    helper.write_text("def emit(k, v):\n    k.op('mov', v[0, 0].region(1), 1, exec=16)\n")
    spec = importlib.util.spec_from_file_location("helper_mod", helper)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    b, k, v = _kernel()
    mod.emit(k, v)  # MARK-helper
    ins = b.module().units[0].body[-1]
    assert ins.line == line_of("MARK-" + "helper")
    other = Builder(file=str(helper))
    k2 = other.kernel("k")
    v2 = k2.var("V", "d", 16)
    mod.emit(k2, v2)
    assert other.module().units[0].body[-1].line == 2


def test_builders_are_independent():
    b1, k1, v1 = _kernel()
    b2, k2, v2 = _kernel()
    k1.subroutine("main")
    k2.subroutine("main")
    k1.op("mov", v1[0, 0].region(1), 1, exec=16)
    k2.var("X", "f", 8)
    k2.op("ret", exec=1)
    assert [type(s).__name__ for s in b1.module().units[0].body] == ["Subroutine", "Instruction"]
    assert [d.name for d in b1.module().units[0].decls] == ["V"]
    assert [d.name for d in b2.module().units[0].decls] == ["V", "X"]


def test_a_body_that_starts_with_an_instruction():
    b, k, v = _kernel()
    k.op("ret", exec=1)
    module = b.module()
    assert visa.parse(visa.format(module)) == module


# ------------------------------------------------------------- the sample
def _sample():
    spec = importlib.util.spec_from_file_location("vadd_builder", SAMPLES / "vadd_builder.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_sample_builds_the_bytes_of_its_text_version(tmp_path):
    mod = _sample()
    text = (SAMPLES / "vadd_builder.visaasm").read_text()
    module = mod.build_vadd()
    assert module == visa.parse(text)
    assert visa.validate(module, platform="DG2") == []
    out = tmp_path / "vadd.isa"
    assert mod.main(["vadd_builder.py", str(out)]) == 0
    assert out.read_bytes() == visa.assemble(text, platform="DG2")
    assert visa.disassemble(out.read_bytes(), module=True).units[0].body == module.units[0].body


@needs_genx_ir
def test_genx_ir_accepts_the_sample_text(tmp_path):
    ok, log = genx_ir_accepts((SAMPLES / "vadd_builder.visaasm").read_text(), "DG2", tmp_path)
    assert ok, log


@needs_genx_ir
def test_genx_ir_accepts_the_printing_of_the_built_sample(tmp_path):
    ok, log = genx_ir_accepts(visa.format(_sample().build_vadd()), "DG2", tmp_path)
    assert ok, log


def test_sample_reports_a_builder_mistake_at_its_line(tmp_path, capsys, monkeypatch):
    """The sample's error path: a mistake in a copy of it is reported at the
    copy's line."""
    src = (SAMPLES / "vadd_builder.py").read_text()
    bad = src.replace('k.op("ret", exec=1)', 'k.op("ret", exec=1)\n    k.op("jmp", k.label("x"), exec=1)')
    path = tmp_path / "bad_vadd.py"
    path.write_text(bad)
    spec = importlib.util.spec_from_file_location("bad_vadd", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["x", str(tmp_path / "o.isa")]) == 1
    err = capsys.readouterr().err
    jmp_line = next(i for i, t in enumerate(bad.splitlines(), 1) if '"jmp"' in t)
    assert f"{path}:{jmp_line}:" in err and "label-undefined" in err
    assert not (tmp_path / "o.isa").exists()
    assert sys.modules.get("bad_vadd") is None
