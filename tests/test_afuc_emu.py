"""The bootstrap emulator (visa/afuc/emu.py) does what Mesa's emulator does
(src/freedreno/afuc/emu.c, emu_alu and emu_instr, at the afuc set's
commit): each expected value below is worked out by hand from that C code.
What an instruction does is its record's ``effect`` (visa/afuc/isa.py);
the emulator names no mnemonic, and no module of the afuc toolchain but the
records does."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from visa.afuc import assemble
from visa.afuc.emu import Bootstrap
from visa.afuc.isa import ISA

ROOT = Path(__file__).resolve().parent.parent


def _run(body: str, header: str = "[0173000a]", gen: int = 7) -> Bootstrap:
    data = assemble(f"{header}\n{body}waitin\n")
    words = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
    emu = Bootstrap(words[1:], gen)
    emu.run()
    return emu


def _ffffffff(reg: str) -> str:
    return f"mov {reg}, 0xffff << 16\nor {reg}, {reg}, 0xffff\n"


@pytest.mark.parametrize("body, reg, value", [
    # ubfx: (src >> lo) & BITFIELD_MASK(hi - lo + 1)
    ("mov $01, 0xabcd\nubfx $02, $01, b4, b11\n", 2, 0xBC),
    # bfi: dst | ((src & BITFIELD_MASK(hi - lo + 1)) << lo)
    ("mov $01, 0xabcd\nmov $03, 0x1\nbfi $03, $01, b4, b7\n", 3, 0xD1),
    # cmp: 0x00 when greater, 0x2b when equal, 0x1e when less
    ("mov $01, 5\nmov $02, 3\ncmp $04, $01, $02\n", 4, 0x00),
    ("mov $01, 3\nmov $02, 3\ncmp $04, $01, $02\n", 4, 0x2B),
    ("mov $01, 2\nmov $02, 3\ncmp $04, $01, $02\n", 4, 0x1E),
    # bic: src1 & ~src2
    ("mov $01, 0xff\nmov $02, 0xf\nbic $03, $01, $02\n", 3, 0xF0),
    # setbit (the register form): bit src2 >> 1 set to src2 & 1
    ("mov $01, 0\nmov $02, 11\nsetbit $07, $01, $02\n", 7, 0x20),
    ("mov $01, 0xff\nmov $02, 6\nsetbit $07, $01, $02\n", 7, 0xF7),
    # setbit/clrbit with an immediate bit
    ("mov $01, 0x10\nsetbit $02, $01, b0\n", 2, 0x11),
    ("mov $01, 0x11\nclrbit $02, $01, b4\n", 2, 0x01),
    # sub's carry is the high word of the 64-bit difference (a borrow:
    # 0xffffffff), which subhi adds: 5 - 1 + 0xffffffff = 3
    ("mov $01, 1\nmov $02, 2\nsub $03, $01, $02\nmov $05, 5\nmov $06, 1\nsubhi $04, $05, $06\n", 4, 3),
    ("mov $01, 1\nmov $02, 2\nsub $03, $01, $02\n", 3, 0xFFFFFFFF),
    # add's carry, added by addhi, which leaves it as it is (a second addhi adds it again)
    (_ffffffff("$01") + "add $03, $01, $01\naddhi $04, $00, $00\naddhi $05, $00, $00\n", 5, 1),
    (_ffffffff("$01") + "add $03, $01, $01\n", 3, 0xFFFFFFFE),
    ("mov $01, 0x1234\nnot $02, $01\n", 2, 0xFFFFEDCB),
    ("mov $01, 0x1234\nmsb $02, $01\n", 2, 12),
])
def test_alu_as_mesa_emulates_it(body, reg, value):
    assert _run(body).regs[reg] == value


def test_a_register_jump_in_a_bootstrap_is_stepped_over():
    """(It made the emulator fail before: a form with SRC1 and no second source.)"""
    emu = _run("mov $01, 0x10\njump $01\nmov $02, 7\n")
    assert emu.regs[2] == 7


def test_a_bootstrap_ends_where_it_reads_data():
    emu = _run("mov $01, 1\nubfx $02, $data, b0, b3\nmov $03, 7\n")
    assert emu.regs[1] == 1 and emu.regs[3] == 0


def _mnemonics_named(path: Path, words: set[str]) -> list[tuple[int, str]]:
    return [(n.lineno, n.value) for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in words]


WORDS = {b.name for b in ISA.bitsets} | {b.displayname for b in ISA.bitsets}


def test_no_afuc_module_but_the_records_names_a_mnemonic():
    found = {p.name: _mnemonics_named(p, WORDS) for p in sorted((ROOT / "visa" / "afuc").glob("*.py"))
             if p.name != "isa.py"}
    assert len(found) >= 10
    assert {k: v for k, v in found.items() if v} == {}


def test_the_check_sees_a_mnemonic(tmp_path):
    mod = tmp_path / "m.py"
    mod.write_text('def f(name):\n    return name == "cwrite"\n')
    assert _mnemonics_named(mod, WORDS) == [(2, "cwrite")]
