"""The architecture check: no module of the vISA toolchain outside
``visa/isa/`` names a mnemonic.  What an instruction is, takes and means is
said once, by its record in ``visa/isa/``; the parser, printer, validator,
encoder, decoder and builder are loops over the records.

A mnemonic named elsewhere is a string literal equal to one (a text mnemonic
of the records, an opcode row's mnemonic, an older spelling, an older-spec
instruction) or a reference to a member of the ``Opcode`` enumeration.  The
modules read are ``visa/*.py``, ``visa/binary/*.py`` and
``visa/validation/*.py`` (the afuc and G80
toolchains have mnemonics of their own ISAs).  A literal passed to
``getattr``/``hasattr``/``setattr`` is an attribute name, not a mnemonic;
the few words that are a mnemonic's spelling but mean something else where
they are written are listed in ``NOT_MNEMONICS`` with what they mean there.

Run as a script, it lists what it finds: ``python tests/test_architecture.py``.
"""
from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "visa"

# (module, word) -> (how many times, what the word means there)
NOT_MNEMONICS = {
    ("visa/dumps.py", "call"): (6, "a control-flow role and CFG edge kind (FLOW_ROLE's values)"),
    ("visa/dumps.py", "goto"): (1, "a control-flow role (FLOW_ROLE's values)"),
    ("visa/dumps.py", "label"): (1, "a key of the CFG's JSON"),
    ("visa/dumps.py", "file"): (1, "a key of visa-stats' JSON"),
    ("visa/dumps.py", "line"): (1, "a key of visa-stats' JSON"),
    ("visa/dumps_cli.py", "file"): (4, "a key of visa-stats' JSON and the argument's name"),
    ("visa/dumps_cli.py", "line"): (3, "a key of visa-stats' JSON"),
    ("visa/dumps_diff.py", "file"): (1, "a key of visa-stats' JSON"),
    ("visa/dumps_diff.py", "line"): (1, "a key of visa-stats' JSON"),
    ("visa/lalr.py", "line"): (1, "a token's attribute name (Lark's Token.line)"),
    ("visa/binary/objfile.py", "label"): (3, "the name of the object file's label table"),
    ("visa/parser.py", "line"): (1, "an AST field name (positions are not compared)"),
}


def mnemonic_words() -> frozenset[str]:
    """Every spelling of a mnemonic the records know."""
    from visa.isa import opcodes, keywords
    from visa.isa.forms import FORMS
    words = set(FORMS) | {d.mnemonic for d in opcodes.OPCODES if not d.is_reserved}
    words |= {m.lstrip(".") for m in keywords.TEXT_MNEMONICS} | set(keywords.OLDER_ONLY_OPS)
    for f in FORMS.values():
        words |= set(f.text.older_names)
    return frozenset(w for w in words if w)


def _modules() -> list[Path]:
    return sorted(PACKAGE.glob("*.py")) + sorted((PACKAGE / "binary").glob("*.py")) + \
        sorted((PACKAGE / "validation").glob("*.py"))


def mnemonic_uses(modules: list[Path] | None = None, root: Path = ROOT) -> list[tuple[str, int, str]]:
    """(module, line, what) for each mnemonic named outside visa/isa/,
    NOT_MNEMONICS left out."""
    words = mnemonic_words()
    found: list[tuple[str, int, str]] = []
    for path in _modules() if modules is None else modules:
        rel = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(), rel)
        attr_names = {id(n.args[1]) for n in ast.walk(tree)
                      if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                      and n.func.id in ("getattr", "hasattr", "setattr") and len(n.args) >= 2}
        here: list[tuple[str, int, str]] = []
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in words \
                    and id(n) not in attr_names:
                here.append((rel, n.lineno, repr(n.value)))
            elif isinstance(n, ast.Attribute) and (
                    (isinstance(n.value, ast.Attribute) and n.value.attr == "Opcode")
                    or (isinstance(n.value, ast.Name) and n.value.id == "Opcode")):
                here.append((rel, n.lineno, "Opcode." + n.attr))
        counts = Counter(w for _, _, w in here)
        for (mod, word), (n, _) in NOT_MNEMONICS.items():
            if mod == rel and counts[repr(word)] == n:
                here = [h for h in here if h[2] != repr(word)]
        found += sorted(here, key=lambda h: h[1])
    return found


# The count when the check was written (issue 18) was 127; it went down as
# the modules stopped naming mnemonics, and stays at 0.
CEILING = 0


def test_the_exceptions_are_what_they_say():
    """Each NOT_MNEMONICS entry is there as many times as it says (an entry
    that no longer matches is removed, and a new use of the word counts)."""
    words = mnemonic_words()
    for (mod, word), (n, _) in NOT_MNEMONICS.items():
        assert word in words, word
        tree = ast.parse((ROOT / mod).read_text())
        seen = sum(1 for x in ast.walk(tree) if isinstance(x, ast.Constant) and x.value == word)
        assert seen >= n, (mod, word, seen)


def test_no_module_outside_isa_names_a_mnemonic():
    found = mnemonic_uses()
    assert len(found) <= CEILING, "\n".join(f"{m}:{ln}: {w}" for m, ln, w in found)


def test_the_check_sees_a_mnemonic(tmp_path):
    """The reading finds a literal and an Opcode member (it can fail)."""
    mod = tmp_path / "probe.py"
    mod.write_text("from .isa import opcodes\nX = ('mad', opcodes.Opcode.MAD, getattr(opcodes, 'line'))\n")
    assert [w for _, _, w in mnemonic_uses([mod], tmp_path)] == ["'mad'", "Opcode.MAD"]


if __name__ == "__main__":
    for m, ln, w in mnemonic_uses():
        print(f"{m}:{ln}: {w}")
    print(len(mnemonic_uses()))
