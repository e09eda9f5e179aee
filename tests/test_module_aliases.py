"""Readable module names: no module of the package imports anything under a
one-letter name (``import visa.ast as A``, ``from . import rules_lsc as R``).
A use then reads ``ast.VarRef`` or ``rules.check_shape``, and a reader never
has to look up what ``A``, ``OF`` or ``R`` stand for (issue 18, point 6).

The check reads every ``visa/**/*.py`` with Python's own parser and refuses
an ``import ... as X`` or ``from ... import ... as X`` whose ``X`` is one
character, module or not (at a use, a reader cannot tell the one from the
other).  Run as a script, it lists what it finds."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "visa"


def one_letter_imports(modules: list[Path] | None = None, root: Path = ROOT) -> list[str]:
    """``path:line: import ... as X`` for each one-letter import alias."""
    found = []
    for mod in modules if modules is not None else sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(mod.read_text(encoding="utf-8"), str(mod))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for alias in node.names:
                if alias.asname is not None and len(alias.asname) == 1:
                    where = "" if isinstance(node, ast.Import) else \
                        "from " + "." * node.level + (node.module or "") + " "
                    found.append(f"{mod.relative_to(root)}:{node.lineno}: "
                                 f"{where}import {alias.name} as {alias.asname}")
    return found


def test_no_module_imports_under_a_one_letter_name():
    found = one_letter_imports()
    assert found == [], "\n".join(found)


def test_the_check_sees_a_one_letter_alias(tmp_path):
    """The reading finds each spelling (it can fail), and leaves readable
    aliases and plain imports alone."""
    mod = tmp_path / "probe.py"
    mod.write_text("import visa.ast as A\nfrom . import ast as B\nfrom .binary import objfile as OF\n"
                   "from .. import rules_lsc as rules\nimport re\n"
                   "def f():\n    from re import _constants as C\n")
    assert [x.split(": ", 1)[1] for x in one_letter_imports([mod], tmp_path)] == [
        "import visa.ast as A", "from . import ast as B", "from re import _constants as C"]


if __name__ == "__main__":
    for line in one_letter_imports():
        print(line)
