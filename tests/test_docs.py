"""The documentation (docs/: the user guide and the API reference generated
from the docstrings) builds with Sphinx without a single warning (``-W``,
every cross-reference resolved), covers the public API, and its examples
are what the code does: the worked example's scripts print what the guide
shows, the library page's code runs, and the command line page names every
option of the commands.
"""
from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import visa
import visa.ast
import visa.build

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML build of docs/ in a temporary folder (warnings are errors)."""
    try:
        import myst_parser  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError as e:  # the test extra installs them: missing is a failure
        pytest.fail(f"cannot build the documentation: {e} (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("docs-html")
    r = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-E", "-q", "-b", "html",
         "-d", str(out / ".doctrees"), str(DOCS), str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "WARNING" not in r.stderr and "ERROR" not in r.stderr, (
        f"sphinx-build failed (status {r.returncode}):\n{r.stdout}{r.stderr}")
    return out


def test_docs_build_without_warnings(html: Path) -> None:
    for page in ("index", "install", "cli", "library", "example", "api",
                 "ARCHITECTURE", "VALIDATION"):
        assert (html / f"{page}.html").is_file(), f"{page}.html was not built"


def _ids(page: Path) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8")))


def test_api_reference_documents_the_public_api(html: Path) -> None:
    ids = _ids(html / "api.html")
    missing = []
    for n in visa.__all__:
        obj = getattr(visa, n)
        if n == "__version__":
            continue
        want = f"module-{obj.__name__}" if inspect.ismodule(obj) else f"visa.{n}"
        if want not in ids:
            missing.append(want)
    for n in visa.build.__all__:
        if f"visa.build.{n}" not in ids:
            missing.append(f"visa.build.{n}")
    for n, obj in vars(visa.ast).items():
        if inspect.isclass(obj) and obj.__module__ == "visa.ast" and f"visa.ast.{n}" not in ids:
            missing.append(f"visa.ast.{n}")
    assert not missing, f"not in the API reference: {missing}"


def test_guide_includes_the_samples(html: Path) -> None:
    example = (html / "example.html").read_text(encoding="utf-8")
    # the builder sample and the text kernel, included from samples/
    assert "build_vadd" in example and "lsc_addr" in example
    assert "vadd_main" in example and "lsc_store.ugm" in example


def _run(script: Path) -> str:
    r = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, f"{script.name} failed:\n{r.stdout}{r.stderr}"
    return r.stdout


@pytest.mark.parametrize("script", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_worked_example_prints_what_the_guide_shows(script: Path) -> None:
    shown = script.with_suffix(".out").read_text(encoding="utf-8")
    assert _run(script) == shown, f"{script.name} no longer prints {script.with_suffix('.out').name}"


def test_worked_example_covers_the_steps() -> None:
    text = (EXAMPLES / "vadd_text.py").read_text(encoding="utf-8")
    for call in ("visa.parse(", "visa.validate(", "visa.assemble(", "visa.disassemble("):
        assert call in text
    guide = (DOCS / "example.md").read_text(encoding="utf-8")
    for marker in re.findall(r':(?:start-after|end-before): "([^"]+)"', guide):
        assert any(marker in p.read_text(encoding="utf-8") for p in EXAMPLES.iterdir()), marker


def test_library_page_code_runs(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """The python blocks of docs/library.md, in order, in one namespace."""
    page = (DOCS / "library.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", page, re.S | re.M)
    assert len(blocks) >= 8
    monkeypatch.chdir(ROOT)
    ns: dict[str, Any] = {}
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/library.md (block {i + 1})", "exec"), ns)  # noqa: S102
    # what the page says the validate block prints
    printed = capsys.readouterr().out
    shown = re.search(r"^prints\n\n```text\n(.*?)^```", page, re.S | re.M)
    assert shown is not None and printed == shown.group(1)


def test_cli_page_names_every_option() -> None:
    import typer.main

    from visa import cli
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for app in (cli.as_app, cli.dis_app):
        for param in typer.main.get_command(app).params:
            for opt in param.opts:
                if opt.startswith("-"):
                    assert f"`{opt}" in page or f"{opt} " in page, f"docs/cli.md lacks {opt}"


def test_readme_points_to_the_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Documentation", 1)
    assert len(section) == 2, "README.md has no Documentation section"
    assert "docs/" in section[1] and "sphinx-build" in section[1]
