"""Operand kinds (visa/isa/operands.py): each kind owns its syntax, node,
print, encode and decode, and the stages reach operands only through the
kinds: change a kind and the parser, printer, encoder or decoder follows."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import visa
from visa import ast as A
from visa.isa import atoms
from visa.isa import operands as K
from visa.lexicon import Lexicon

from refs import program_text, corpus_stems

HEAD = """.version 4.1
.kernel "k"
.decl V40 v_type=G type=d num_elts=16 align=GRF
.function "_main_0"

_main_0:
"""
LINE = "add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> 0x1:d"
GRAMMAR = (Path(__file__).resolve().parent.parent / "grammar" / "visa.lark").read_text()


def _program(line: str = LINE) -> str:
    return HEAD + "    " + line + "\n"


def test_every_shape_belongs_to_one_kind_and_is_in_the_grammar():
    lex = Lexicon(GRAMMAR)
    owners: dict[str, list] = {}
    for k in K.KINDS:
        for s in k.syntax:
            owners.setdefault(s.name, []).append(type(k).__name__)
            assert s.name in lex.names, s.name
            for part in s.parts:
                assert part in lex.names, (s.name, part)
            assert callable(getattr(k, s.reader))
    assert all(len(v) == 1 for v in owners.values()), owners
    assert set(K.SYNTAX) == set(owners) == set(K.READERS)


def test_every_operand_node_and_binary_class_has_its_kind():
    # every operand node the parser makes over a sample of the corpus prints
    # through a kind
    seen = set()
    for stem in corpus_stems()[::25]:
        for u in visa.parse(program_text(stem)).units:
            for ins in u.body:
                for o in getattr(ins, "operands", ()):
                    seen.add(type(o))
                    assert K.text(o) is not None
    assert {A.VarRef, A.Imm, A.Name}.issubset(seen)
    # each of the binary's seven vector-operand classes decodes through one kind
    decoders = [t for k in K.KINDS for t in k.tags]
    assert sorted(decoders) == list(range(7))
    assert sorted(decoders) == sorted((atoms.GENERAL, atoms.ADDRESS, atoms.PREDICATE, atoms.INDIRECT,
                                       atoms.ADDRESSOF, atoms.IMMEDIATE, atoms.STATE))


def test_no_stage_has_operand_syntax_or_codec_of_its_own():
    root = Path(visa.__file__).resolve().parent
    for name in ("parser.py", "printer.py", "encode.py", "decode.py"):
        src = (root / name).read_text()
        # no stage builds or prints an operand's text, or packs its fields
        assert "r[{" not in src and "<BIBBH" not in src and "<BHBhBH" not in src, name
        assert not re.search(r"def _r_(vreg|imm|indirect|raw|lsc)", src), name
    atoms_src = (root / "isa" / "atoms.py").read_text()
    assert "def encode_vector" not in atoms_src and "def decode_vector" not in atoms_src


def test_the_parser_reads_with_the_kinds_reader(monkeypatch):
    plain = visa.parse(_program()).units[0].body[1].operands[2]
    assert plain == A.Imm(1, "d")
    monkeypatch.setitem(K.READERS, "IMM", lambda m, line, col: A.Imm(7, "w", line=line, col=col))
    assert visa.parse(_program()).units[0].body[1].operands[2] == A.Imm(7, "w")


def test_the_printer_prints_with_the_kinds_text(monkeypatch):
    assert "0x1:d" in visa.format(visa.parse(_program()))
    monkeypatch.setattr(K.Immediate, "text", lambda self, o, version, sep: f"{o.bits}:{o.type}")
    out = visa.format(visa.parse(_program()))
    assert " 1:d" in out and "0x1:d" not in out


def test_the_encoder_and_decoder_use_the_kinds_codec(monkeypatch):
    data = visa.assemble(_program())
    assert "0x1:d" in visa.disassemble(data)

    def refuse(self, o, cx, out, sat):
        atoms.fail("immediates refused by this test", o)
    with monkeypatch.context() as mp:
        mp.setattr(K.Immediate, "encode", refuse)
        with pytest.raises(visa.VisaError, match="immediates refused by this test"):
            visa.assemble(_program())
    real = K.Immediate.decode

    def plus_one(self, tag, mod, rd, cx, at):
        o = real(self, tag, mod, rd, cx, at)
        return A.Imm(o.bits + 1, o.type)
    monkeypatch.setattr(K.Immediate, "decode", plus_one)
    assert "0x2:d" in visa.disassemble(data)


@pytest.mark.parametrize("text", [
    "V1(0,2)<8;8,1>", "(-)V1(1,0)<0;1,0>", "V1(0,0)<1>", "0x3f800000:f", "0xffffffffffffffff:q",
    "r[A0(1),-8]<4,1>:f", "(abs)r[A0(0),0]<1;1,0>:hf", "&V1[16]", "V1.64", "L1", "(-)P1", "12",
    "\"a\\tb\\x01\"", "(0x1:d, 3, L2 L3)", "V1.32:d16.2x16x8nn", "V1:d32x4t", "V1:d8c32",
    "flat[V1+0x10]:a64", "bti(0x1)[0x4*V1.2-4, 0x8]:a32", "bss(V1, 2)[V1(1,0)]:a32s",
    "bss(V1)",
])
def test_each_kind_prints_what_it_reads(text):
    """An operand read by its kind and printed by its kind is read back equal
    (the corpus and the references check that the text is Intel's)."""
    m = re.compile(Lexicon(GRAMMAR).alternatives(K.SYNTAX)).fullmatch(text)
    assert m is not None, text
    node = K.READERS[m.lastgroup](m, 1, 1)
    again = re.compile(Lexicon(GRAMMAR).alternatives(K.SYNTAX)).fullmatch(K.text(node))
    assert again is not None and again.lastgroup == m.lastgroup
    assert K.READERS[again.lastgroup](again, 1, 1) == node
