"""The public API is typed: mypy, run with the project's configuration
(``[tool.mypy]`` in pyproject.toml), reports no error, the configuration
checks the public modules strictly, and the package ships ``py.typed``.

This file is itself in the configuration's files: the ``assert_type`` lines
of ``test_public_signatures`` pin, for mypy, the return types of the public
functions (of ``visa`` and of the internal modules whose functions are part
of the API), and at run time the test checks what they return.
"""
from __future__ import annotations

import inspect
import os
import subprocess
import sys
import tomllib
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, assert_type

import pytest

import visa
from visa import ast as A
from visa import decode, dialect, encode, parser, printer
from visa.errors import Diagnostic
from visa.isa.atoms import EncodeError

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"

# the modules the issue names as the public API: checked strictly, never
# exempted by an override
PUBLIC_MODULES = ["visa/__init__.py", "visa/ast.py", "visa/errors.py", "visa/build.py"]
# typed throughout as well (afuc's public API is visa.afuc, its AST and errors)
TYPED_MODULES = ["visa/dialect.py", "visa/binary", "visa/afuc", "visa/bitisa/grammar.py"]


def _config() -> dict[str, Any]:
    with open(PYPROJECT, "rb") as f:
        return tomllib.load(f)


def _mypy(args: list[str], cache: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """mypy with the project's configuration, from the repository's root."""
    try:
        import mypy  # noqa: F401
    except ImportError:  # the test extra installs it: a missing checker is a failure
        pytest.fail("mypy is not installed (pip install -e '.[test]')")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(PYPROJECT), "--cache-dir", str(cache),
         "--no-color-output", "--no-error-summary", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mypy-cache")


def test_mypy_reports_no_error(mypy_cache: Path) -> None:
    """mypy on the configured files (the public API, strict) finds nothing."""
    r = _mypy([], mypy_cache)
    assert r.returncode == 0, f"mypy found errors (status {r.returncode}):\n{r.stdout}{r.stderr}"
    assert "error:" not in r.stdout, r.stdout


def test_mypy_configuration_is_strict_on_the_public_modules() -> None:
    cfg = _config()
    mypy_cfg = cfg["tool"]["mypy"]
    assert mypy_cfg.get("strict") is True
    files = mypy_cfg["files"]
    for path in PUBLIC_MODULES + TYPED_MODULES + ["tests/test_typing.py"]:
        assert path in files, f"{path} is not in [tool.mypy] files"
    assert all((ROOT / p).exists() for p in files), files
    # no override relaxes a public or typed module
    relaxed: set[str] = set()
    for o in mypy_cfg.get("overrides", []):
        mods = o["module"] if isinstance(o["module"], list) else [o["module"]]
        if set(o) - {"module"}:
            relaxed.update(mods)
    public = {"visa", "visa.ast", "visa.errors", "visa.build", "visa.dialect", "visa.binary",
              "visa.binary.objfile", "visa.binary.*", "visa.*", "*"}
    assert not relaxed & public, f"overrides relax public modules: {sorted(relaxed & public)}"


def test_mypy_configuration_finds_errors(mypy_cache: Path, tmp_path: Path) -> None:
    """The configuration is strict where it applies: an unannotated function
    and a misuse of the public API are both errors."""
    bad = tmp_path / "front_end.py"
    bad.write_text(
        "import visa\n"
        "def untyped(x):\n"
        "    return x\n"
        "def wrong() -> str:\n"
        "    return visa.assemble('.version 4.1')\n")
    r = _mypy([str(bad)], mypy_cache, env={"MYPYPATH": str(ROOT)})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "front_end.py:2: error: Function is missing a type annotation" in r.stdout, r.stdout
    assert 'front_end.py:5: error: Incompatible return value type (got "bytes", expected "str")' \
        in r.stdout, r.stdout


def test_py_typed_is_shipped() -> None:
    assert (ROOT / "visa" / "py.typed").is_file()
    package_data = _config()["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["visa"]


# the public functions (exported by visa, and the API functions of internal
# modules): every parameter and the result are annotated, and the
# annotations name real types
PUBLIC_FUNCTIONS: list[Callable[..., Any]] = [
    *(getattr(visa, n) for n in visa.__all__ if inspect.isfunction(getattr(visa, n))),
    parser.parse, printer.format, encode.assemble, encode.validate_module,
    decode.disassemble, dialect.translate, dialect.translated,
]


@pytest.mark.parametrize("fn", PUBLIC_FUNCTIONS, ids=lambda f: f"{f.__module__}.{f.__name__}")
def test_public_function_is_annotated(fn: Callable[..., Any]) -> None:
    hints = typing.get_type_hints(fn)  # raises for a name that is not a type
    missing = [p.name for p in inspect.signature(fn).parameters.values()
               if p.name not in hints and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    assert not missing, f"{fn.__module__}.{fn.__name__}: parameters without a type: {missing}"
    assert "return" in hints, f"{fn.__module__}.{fn.__name__} has no return type"


def test_public_signatures() -> None:
    """What the public functions return, for mypy (assert_type) and at run
    time: the vadd sample through parse, format, validate, assemble and
    disassemble."""
    text = (ROOT / "samples" / "vadd_builder.visaasm").read_text()
    module = assert_type(visa.parse(text, "vadd.visaasm"), A.Module)
    assert module == assert_type(parser.parse(text), A.Module)
    printed = assert_type(visa.format(module), str)
    assert assert_type(printer.format(module, (4, 1)), str) == printed
    assert assert_type(visa.validate(module, platform="DG2"), list[Diagnostic]) == []
    assert assert_type(encode.validate_module(module, platform="DG2"), list[Diagnostic]) == []
    data = assert_type(visa.assemble(module, platform="DG2"), bytes)
    assert assert_type(encode.assemble(text, platform="DG2"), bytes) == data
    assert assert_type(visa.disassemble(data), str) == printed
    assert assert_type(decode.disassemble(data), str) == printed
    assert assert_type(visa.disassemble(data, module=True), A.Module) == module
    modern = assert_type(dialect.translate(module, dialect.V42), A.Module)
    assert modern.version == (4, 2)
    back, errors = assert_type(dialect.translated(modern, dialect.V41),
                               tuple[A.Module, list[EncodeError]])
    assert back == module and errors == []
    with pytest.raises(visa.VisaError) as e:
        visa.parse(".version 4.1\n.kernel \"k\"\n.decl X v_type=G type=zz num_elts=1\n",
                   "bad.visaasm")
    d = assert_type(e.value.diagnostics, list[Diagnostic])[0]
    assert (d.file, d.line, d.col, d.severity) == ("bad.visaasm", 3, 23, "error")
