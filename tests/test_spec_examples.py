"""The examples of the user's spec (tests/data/spec/visa-assembly-syntax.md)
parse, each in a minimal program, and print back in vISA 4.1 spelling."""
from __future__ import annotations

import re

import pytest

import visa
from conftest import SPEC

HEAD = """.kernel K
.version 4.1
.decl V21 v_type=G type=ud num_elts=64 align=GRF
.decl V55 v_type=G type=ud num_elts=16
.decl V58 v_type=G type=ud num_elts=64
.decl V16 v_type=G type=ud num_elts=16
.decl A3 v_type=A num_elts=2
.decl A11 v_type=A num_elts=1
.decl P17 v_type=P num_elts=16
.decl P8 v_type=P num_elts=16
.decl P64 v_type=P num_elts=16
.decl S9 v_type=S
.decl T2 v_type=T
.function main

main:
"""

# the spec's examples, as its tables give them
DIRECTIVES = [".attr AsmName=IS_genx_1.asm", ".input T2 offset=36 size=4"]
DECLS = [".decl V8 v_type=G type=UD num_elts=1 align=dword", ".decl A14 v_type=A type=UW num_elts=1",
         ".decl P182 v_type=P num_elts=8", ".decl S0 v_type=S", ".decl T5 v_type=T"]
LABELS = ["BB_11224:", "??$d_transpose@M$07$0IA@@@YAXVSurfaceIndex@@0HH@Z:"]
INSTRUCTIONS = [
    "(!P64.all) mov (M1, 4) V55(0,0)<1> V58(0,0)<8;8,1>",
    "mov (M1, 4) A3(0)<1> &V21+0",
    "mov (M1, 4) V55(0,0)<1> r[A3(0),448]<8;8,1>:ud",
    "mov (M1, 4) r[A11(0),64]<1>:ud 0x100:uw",
    "and (M1, 16) P8 P17 P17",
    "mov (M1, 4) A11(0) A3(0)<1>",
    "oword_ld (1) T2 0x0:ud V16.0",
    "movs (M1_NM, 1) T2 S9",
    "jmp (M1, 1) BB_11224",
]


def program(extra_decls=(), body=()):
    return HEAD.replace(".function main", "\n".join([*extra_decls, ".function main"])) + "".join(
        f"    {b}\n" if not b.endswith(":") else f"{b}\n" for b in body) + "    ret (M1, 1)\n"


def test_examples_are_from_the_spec():
    spec = SPEC.read_text()
    for ex in [*DIRECTIVES[:1], *DECLS, *LABELS, "V58(0,0)<8;8,1>", "r[A3(0),448]<8;8,1>:ud",
               "&V21+0", "A3(0)<1>", "r[A11(0),64]<1>:ud", "!P64.all", "(M1, 4)", "0x100:uw"]:
        assert ex in spec, ex


@pytest.mark.parametrize("decl", DECLS)
def test_declaration_examples(decl):
    m = visa.parse(program([decl]))
    assert visa.parse(visa.format(m)) == m


def test_directive_examples():
    m = visa.parse(program(DIRECTIVES))
    text = visa.format(m)
    assert '.kernel_attr AsmName="IS_genx_1.asm"' in text and ".input T2 offset=36 size=4" in text
    assert visa.parse(text) == m


@pytest.mark.parametrize("ins", INSTRUCTIONS)
def test_operand_examples(ins):
    m = visa.parse(program(body=["BB_11224:", ins]))
    text = visa.format(m)
    assert visa.parse(text) == m
    assert not re.search(r"\(M0|\(NM|&V21\+|:UD\b", text)


def test_label_examples():
    m = visa.parse(program(body=LABELS))
    assert [s.name for s in m.units[0].body[1:3]] == [lbl[:-1] for lbl in LABELS]


def test_version_and_kernel_examples():
    m = visa.parse(".kernel BlockMotionSearch\n.version 1.0\n.function foo\n\nfoo:\n    ret (M1, 1)\n")
    assert m.version == (1, 0) and m.units[0].name == "BlockMotionSearch"
    assert visa.format(m).startswith('.version 1.0\n.kernel "BlockMotionSearch"\n')
