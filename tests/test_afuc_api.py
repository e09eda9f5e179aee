"""The library: visa.afuc.parse/format/assemble/disassemble/listing over the
AST of visa.afuc.ast.

* a listing parses into statements that print back to the listing, for
  every vendored listing (Mesa's text, character for character);
* every node has the line and column it was read from (repeated lines
  too), which take no part in equality;
* the program of a firmware image assembles back to the image, through its
  text or as it is; a program built or patched by hand assembles.
"""
import attrs
import pytest

import visa.afuc as afuc
from refs import AFUC, afuc_rows
from visa.afuc import ast as A

LISTINGS = [r for r in afuc_rows("dis", "MANIFEST.tsv", "afuc listings") if r["args"] != "-u -v"]


@pytest.mark.parametrize("row", LISTINGS, ids=lambda r: r["expected"])
def test_listing_prints_back(row):
    text = (AFUC / "dis" / row["expected"]).read_text()
    program = afuc.parse(text, row["expected"])
    assert afuc.format(program) == text


def _nodes(node):
    """Every node under ``node`` (itself included)."""
    if isinstance(node, tuple):
        for x in node:
            yield from _nodes(x)
        return
    if not attrs.has(type(node)):
        return
    yield node
    for a in attrs.fields(type(node)):
        yield from _nodes(getattr(node, a.name))


def _starts(node):
    """What the text at a node's position begins with."""
    t = type(node)
    if t is A.Reg:
        return "$"
    if t is A.Instruction:
        return "(" if node.rep or node.xmov or node.peek or node.sds else node.mnemonic
    if t is A.Mem:
        return "["
    if t is A.Comment:
        return ";"
    if t is A.Label:
        return node.name
    if t is A.LabelRef:
        return "#" + node.name
    if t is A.ControlReg:
        return "@" + node.name
    if t is A.Imm:  # 0x10 or 16
        return ""
    return ""


@pytest.mark.parametrize("name", ["a530_std_001", "a630_sweep_001", "a660_std_003", "a730_std_002"])
def test_every_node_knows_where_it_was_read(name):
    text = (AFUC / "dis" / f"{name}.asm").read_text()
    lines = text.split("\n")
    program = afuc.parse(text)
    seen = 0
    for node in _nodes(program.statements):
        assert node.line >= 1 and node.col >= 1, node
        here = lines[node.line - 1][node.col - 1:]
        assert here.startswith(_starts(node)), (node, node.line)
        if type(node) is A.Imm:
            assert here[:1].isdigit(), (node, node.line)
        seen += 1
    assert seen > 200


def test_repeated_lines_get_their_own_positions():
    """Lines read before are made again, each node at its own place."""
    body = ["mov $01, $02", "  cwrite $01, [$02 + @REG_READ_ADDR+0x1]!\t; x", "brne $01, b3, #l",
            " (rep)mov $addr, 0x830 << 16", "l:"]
    text = "[016ee54d]\n" + "\n".join(body + [ln for ln in body[:-1]] + ["  " + ln for ln in body[:-1]]) + "\n"
    whole = afuc.parse(text)
    for st in whole.statements[1:]:
        alone = afuc.parse("\n" * (st.line - 1) + text.split("\n")[st.line - 1] + "\n")
        got = [(type(n).__name__, n.line, n.col) for n in _nodes(st)]
        assert got == [(type(n).__name__, n.line, n.col) for n in _nodes(alone.statements[-1])]


def test_equality_ignores_positions():
    a = afuc.parse("[016ee54d]\nmov $01, $02\n")
    b = afuc.parse("\n\n  [016ee54d]\n\t mov   $01 ,$02\n")
    assert [s for s in a.statements] == [s for s in b.statements if type(s) is not A.Blank]
    assert a.statements[1].line == 2 and b.statements[-1].line == 4


@pytest.mark.parametrize("fw", ["a530_std_001.fw", "a630_std_002.fw", "a660_std_005.fw",
                                "a730_std_001.fw", "a740_std_001.fw"])
def test_disassembled_program_assembles_back(fw):
    data = (AFUC / "dis" / fw).read_bytes()
    program = afuc.disassemble(data)
    assert afuc.assemble(program) == data
    assert afuc.assemble(afuc.format(program)) == data
    assert afuc.format(program) == afuc.listing(data)
    assert afuc.parse(afuc.format(program)).statements  # the text reads


def test_a_program_built_by_hand():
    program = A.Program((
        A.Literal(0x016EE54D),
        A.Label("start"),
        A.Instruction("mov", (A.Reg(1), A.Shift(A.Imm(0x830), A.Imm(16)))),
        A.Instruction("cwrite", (A.Reg(1), A.Mem(A.Reg(0), A.ControlReg("REG_READ_ADDR")))),
        A.Instruction("brne", (A.Reg(1), A.Bit(3), A.LabelRef("start"))),
        A.Instruction("waitin"),
    ))
    text = afuc.format(program)
    assert text == ("[016ee54d]\nstart:\nmov $01, 0x830 << 16\ncwrite $01, [$00 + @REG_READ_ADDR]\n"
                    "brne $01, b3, #start\nwaitin\n")
    assert afuc.assemble(program) == afuc.assemble(text)
    assert afuc.parse(text).statements == program.statements


def test_errors_of_a_program_built_by_hand():
    program = A.Program((A.Literal(0x016EE54D), A.Instruction("mov", (A.Reg(1), A.Imm(0x10000))),
                         A.Instruction("jump", (A.LabelRef("nowhere"),))))
    with pytest.raises(afuc.AfucError) as e:
        afuc.assemble(program, path="built")
    assert [d.message for d in e.value.diagnostics] == [
        "0x10000: value 0x10000 does not fit the 16-bit field RIMMED", "undefined label 'nowhere'"]
    assert e.value.render().startswith("built: error: 0x10000")


def test_patch_a_disassembled_program():
    """Change one instruction of a listing in place and reassemble: one word
    changes, the others stay."""
    data = (AFUC / "dis" / "a630_std_001.fw").read_bytes()
    program = afuc.disassemble(data)
    stmts = list(program.statements)
    i = next(i for i, s in enumerate(stmts) if type(s) is A.Instruction and s.mnemonic == "mov"
             and len(s.operands) == 2 and type(s.operands[1]) is A.Imm)
    stmts[i].operands = (stmts[i].operands[0], A.Imm(0x1234))
    patched = afuc.assemble(A.Program(tuple(stmts)))
    diff = [k for k in range(0, len(data), 4) if data[k:k + 4] != patched[k:k + 4]]
    assert len(diff) == 1 and int.from_bytes(patched[diff[0]:diff[0] + 4], "little") & 0xFFFF == 0x1234


def test_bad_input_raises_afuc_error():
    with pytest.raises(afuc.AfucError) as e:
        afuc.parse("[016ee54d]\nfrob $01\nmov $01\n", "x.asm")
    assert [(d.line, d.col) for d in e.value.diagnostics] == [(2, 1), (3, 1)]
    with pytest.raises(afuc.AfucError):
        afuc.disassemble(b"\0" * 6)
    with pytest.raises(afuc.AfucError, match="unknown GPU version 123"):
        afuc.disassemble(bytes(4) + (0x123 << 12).to_bytes(4, "little"))
