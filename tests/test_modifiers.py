"""Dotted modifiers: every mnemonic of tests/data/forms, with a word added
that no form takes (``add.foo``, ``lsc_load.ugm.foo``), is refused by us at
that line, and by Debian's GenX_IR ("syntax error, unexpected DOT").  Where
the validator reads the form's modifiers from its atoms, the rule is
modifier-unknown; the families with a modifier rule of their own (sync-mode,
fence-options, dpas, cmp-relation, lsc-cache, lsc-fence) or an encoder
check (the sampler channels, the atomics' widths, svm_block's alignment,
read by atoms of their own) keep theirs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import conftest
import visa
from conftest import needs_genx_ir
from refs import forms_files, platform_of
from visa.isa.forms import FORMS
from visa.validator import _facts

_LINE = re.compile(r"(\s*(?:\(!?[\w%]+(?:\.\w+)?\)\s*)?)([a-z_0-9]+)((?:\.\w+)*)(\s.*|)$")


def _first_uses():
    """(mnemonic, file, line number) of each mnemonic's first line in the
    forms programs (those our toolchain assembles as they are)."""
    seen: dict = {}
    for path in forms_files():
        for n, line in enumerate(path.read_text().split("\n"), 1):
            m = _LINE.match(line)
            if m and m.group(2) not in seen and FORMS.get(m.group(2)) is not None:
                seen[m.group(2)] = (path, n)
    return sorted((op, p, n) for op, (p, n) in seen.items())


USES = _first_uses()


def _with_foo(path: Path, n: int) -> str:
    lines = path.read_text().split("\n")
    m = _LINE.match(lines[n - 1])
    lines[n - 1] = m.group(1) + m.group(2) + m.group(3) + ".foo" + m.group(4)
    return "\n".join(lines)


def _platform(path: Path) -> str:
    return platform_of(path.with_suffix(""))


def test_the_forms_cover_the_mnemonics():
    assert len(USES) > 120


@pytest.mark.parametrize("op, path, n", USES, ids=[u[0] for u in USES])
def test_an_unknown_modifier_is_refused(op, path, n):
    text = _with_foo(path, n)
    with pytest.raises(visa.VisaError) as ei:
        visa.assemble(text, platform=_platform(path))
    at = [d for d in ei.value.diagnostics if d.severity == "error" and d.line == n]
    assert at, [d.render() for d in ei.value.diagnostics]
    spec = _facts(FORMS[op]).mods
    position = _LINE.match(path.read_text().split("\n")[n - 1]).group(3).count(".")  # where .foo lands
    if spec is not None and position >= spec.open_below:
        assert [d.rule for d in at] == ["modifier-unknown"], [d.render() for d in at]
        line = text.split("\n")[n - 1]  # at the instruction (its predicate, if any, comes first)
        assert at[0].col == len(line) - len(line.lstrip()) + 1


@needs_genx_ir
@pytest.mark.parametrize("op, path, n", USES[::3], ids=[u[0] for u in USES[::3]])
def test_genx_ir_refuses_it_too(op, path, n, tmp_path):
    ok, out = conftest.genx_ir_accepts(_with_foo(path, n), _platform(path), tmp_path)
    assert not ok and "syntax error" in out, out
