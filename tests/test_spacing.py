"""Blanks between the tokens of an operand or a mnemonic, wherever Intel's
lexer (CISA.l) cuts two tokens: a raw operand's `V . 0`, `:a32` and `:d32`
after a blank, `bti (0) [V]`, `flat [V]`, `0x1 :d`, an indirect operand's
type, `(P1 .any)`, `& V [ 4 ]`, a region and offsets spelled out, and a
mnemonic's modifiers (`add .sat`, `svm_gather. 4. 1`; below).  Each spaced line reads to
the AST of its unspaced twin and assembles to its bytes; GenX_IR (where it
is installed) reads both and writes one binary for the two."""
from __future__ import annotations

import pytest

import visa

from conftest import GENX_IR, needs_genx_ir

HEAD = ('.version 4.1\n.kernel "k"\n.decl V41 v_type=G type=d num_elts=16 align=GRF\n'
        '.decl V42 v_type=G type=d num_elts=16 align=GRF\n.decl A0 v_type=A num_elts=2\n'
        '.decl P1 v_type=P num_elts=16\n.decl T6 v_type=T num_elts=1 v_name=T6\n'
        '.kernel_attr Target="cm"\n.function "_main_0"\n\n_main_0:\n')

# (unspaced, spaced): GenX_IR (Debian 12504, -platform DG2) takes both and
# writes the same bytes for each pair
PAIRS = [
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.0 V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 . 0 V42 . 0"),
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.0 V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 .0 V42. 0"),
    ("gather4_scaled.R (M1, 16) T6 0x0:ud V41.(32) V42.0",
     "gather4_scaled.R (M1, 16) T6 0x0:ud V41 . (32) V42.0"),
    ("lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42]:a32",
     "lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42] :a32"),
    ("lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42]:a32",
     "lsc_load.ugm (M1, 16) V41 :d32 bti (0x0) [V42] :a32"),
    ("lsc_load.ugm (M1, 16) V41.0:d32 flat[V42]:a32",
     "lsc_load.ugm (M1, 16) V41 . 0 :d32 flat[V42] :a32"),
    ("lsc_load.ugm (M1, 16) V41:d32 flat[V42]:a32",
     "lsc_load.ugm (M1, 16) V41:d32 flat [V42]:a32"),
    ("lsc_load.ugm (M1, 16) V41:d32 bti(0x0)[V42]:a32",
     "lsc_load.ugm (M1, 16) V41:d32 bti [V42]:a32".replace("bti [", "bti(0x0) [")),
    ("mov (M1, 16) V41(0,0)<1> 0x1:d", "mov (M1, 16) V41(0,0)<1> 0x1 :d"),
    ("mov (M1, 8) V41(0,0)<1> r[A0(0),0]<8;8,1>:d",
     "mov (M1, 8) V41(0,0)<1> r[A0(0),0]<8;8,1> :d"),
    ("(P1.any) mov (M1, 16) V41(0,0)<1> 0x1:d", "(P1 .any) mov (M1, 16) V41(0,0)<1> 0x1:d"),
    ("(!P1.any) mov (M1, 16) V41(0,0)<1> 0x1:d",
     "( ! P1 .any ) mov (M1, 16) V41(0,0)<1> 0x1:d"),
    ("addr_add (M1, 1) A0(0)<1> &V41[4] 0x0:uw", "addr_add (M1, 1) A0(0)<1> & V41 [ 4 ] 0x0:uw"),
    ("mov (M1, 16) V41(0,0)<1> V42(0,0)<1;1,0>",
     "mov ( M1 , 16 ) V41 ( 0 , 0 ) < 1 > V42 ( 0 , 0 ) < 1 ; 1 , 0 >"),
    ("mov (M1, 16) V41(0,0)<1> (-)V42(0,0)<1;1,0>",
     "mov (M1, 16) V41(0,0)<1> (-) V42(0,0)<1;1,0>"),
]
IDS = [b for _, b in PAIRS]


def _program(line: str) -> str:
    return HEAD + f"    {line}\n    ret (M1, 1)\n"


@pytest.mark.parametrize("plain, spaced", PAIRS, ids=IDS)
def test_spaced_operands_read_as_their_unspaced_twin(plain, spaced):
    a, b = visa.parse(_program(plain)), visa.parse(_program(spaced))
    assert a == b
    assert a.units[0].body[1].operands  # the line itself, not only the head
    assert visa.assemble(a) == visa.assemble(_program(spaced), platform="DG2")
    # the spaced line's operands keep their own columns
    ins = b.units[0].body[1]
    line = _program(spaced).splitlines()[ins.line - 1]
    for o in ins.operands:
        assert line[o.col - 1] not in " \t", (o, line)


@needs_genx_ir
@pytest.mark.parametrize("plain, spaced", PAIRS, ids=IDS)
def test_intel_writes_one_binary_for_both_spellings(plain, spaced, tmp_path):
    import subprocess
    out = []
    for k, line in enumerate((plain, spaced)):
        d = tmp_path / str(k)
        d.mkdir()
        (d / "prog.visaasm").write_text(_program(line))
        r = subprocess.run([GENX_IR, "prog.visaasm", "-platform", "DG2"], cwd=d,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (line, r.stdout[-500:] + r.stderr[-500:])
        (isa,) = d.glob("*.isa")
        out.append(isa.read_bytes())
    assert out[0] == out[1]


# ---------------------------------------------------------------- mnemonics
# Intel's lexer (CISA.l) reads each dotted modifier of a mnemonic as a token
# of its own (`.sat`, `.lt`, `.ugm`, `.ca`, `.RGBA`, `.pixel_null_mask`, ...)
# and a dot and a number after it as two (`.`, `4`): a blank may stand
# before a dot, and after a dot that a number follows, never inside a word.
# These mnemonics it reads with their modifiers as one token (its rules
# `dpas"."...`, `bfn"."x...`, `lifetime"."start`, `nbarrier\.signal`, ...), so
# no blank may stand inside them.  Measured with Debian's GenX_IR on the first
# line of each mnemonic (and number of modifiers) in the programs below.
GLUED = {"dpas", "dpasw", "bfn", "lifetime", "nbarrier", "sbarrier"}

import re  # noqa: E402

from refs import corpus_files, forms_files, golden_files, handwritten_files, platform_of  # noqa: E402

_HEAD = re.compile(r"^(\s*)(\([^)]*\)\s*)?([A-Za-z_][A-Za-z0-9_]*(?:\.[^\s(]+)+)")


def _dotted_heads():
    """(file, platform, line index, head, column) of the first line of each
    dotted mnemonic (by mnemonic and number of modifiers) in the vISA 4.1
    programs of tests/data."""
    seen = {}
    for path in golden_files() + handwritten_files() + forms_files() + corpus_files():
        if "__" not in path.name and path.parent.parent.name != "corpus":
            continue
        for i, line in enumerate(path.read_text().split("\n")):
            m = _HEAD.match(line)
            if m is None or line.lstrip().startswith("."):
                continue
            head = m.group(3)
            key = (head.split(".")[0], head.count("."))
            if key not in seen:
                stem = path.with_name(path.name.split(".")[0])
                seen[key] = (path, platform_of(stem), i, head, m.start(3))
    return sorted(seen.values(), key=lambda h: h[3])


HEADS = _dotted_heads()
assert len(HEADS) >= 90, "the mnemonic spacing test reads the dotted mnemonics of tests/data"


def _variants(head):
    """(name, spelling, whether Intel's lexer takes it) of ``head``."""
    op, *mods = head.split(".")
    numeric = [m.isdigit() or m.lower().startswith("0x") for m in mods]
    out = [("blank-before-dots", op + "".join(" ." + m for m in mods), op not in GLUED)]
    if any(numeric):
        out.append(("blank-before-numbers", op + "".join((". " if n else ".") + m
                                                         for m, n in zip(mods, numeric)), op not in GLUED))
    words = [k for k, n in enumerate(numeric) if not n]
    if words:
        k = words[0]
        out.append(("blank-before-a-word", op + "".join((". " if j == k else ".") + m
                                                        for j, m in enumerate(mods)), False))
    return out


def _respelled(path, i, head, col, spelling):
    lines = path.read_text().split("\n")
    lines[i] = lines[i][:col] + spelling + lines[i][col + len(head):]
    return "\n".join(lines)


@pytest.mark.parametrize("path, platform, i, head, col", HEADS, ids=[h[3] for h in HEADS])
def test_blanks_in_a_dotted_mnemonic(path, platform, i, head, col):
    original = visa.parse(path.read_text())
    for name, spelling, legal in _variants(head):
        text = _respelled(path, i, head, col, spelling)
        if legal:
            assert visa.parse(text) == original, (name, spelling)
        else:
            with pytest.raises(visa.VisaError) as e:
                visa.parse(text)
            assert [(d.rule, d.line) for d in e.value.diagnostics] == [("syntax", i + 1)], \
                (name, spelling, e.value.render())


# GenX_IR's verdict on the three spellings, live, for a sample of the heads
# (every one takes about a minute: tools would run them all)
_SAMPLE = ("add.sat", "cmp.", "lsc_load.ugm.ca.ca", "svm_gather.4.1", "raw_sends.", "dpas.",
           "bfn.", "sample_3d.pixel_null_mask.RGBA", "fence_global.", "dword_atomic.add.16")
SAMPLED = [h for h in HEADS if any(h[3] == s or (s.endswith(".") and h[3].startswith(s))
                                   for s in _SAMPLE)]


@needs_genx_ir
@pytest.mark.parametrize("path, platform, i, head, col", SAMPLED, ids=[h[3] for h in SAMPLED])
def test_intel_takes_the_same_blanks_in_a_mnemonic(path, platform, i, head, col, tmp_path):
    import subprocess
    assert len(SAMPLED) >= len(_SAMPLE)
    for name, spelling, legal in _variants(head):
        (tmp_path / "prog.visaasm").write_text(_respelled(path, i, head, col, spelling))
        r = subprocess.run([GENX_IR, "prog.visaasm", "-platform", platform], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
        assert (r.returncode == 0) == legal, (name, spelling, r.stdout[-300:])
