"""What a non-editable install ships: every package directory of the tree
is listed in pyproject.toml (a development install finds an unlisted one
on the path; an installed copy does not, and then fails at its first import:
visa/validation/ did so once), and a built wheel holds every module."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]


def _package_dirs() -> dict[str, Path]:
    """Package name -> directory, for every directory under visa/ holding
    an __init__.py, and the package-dir entries (the grammar)."""
    out = {}
    for init in (ROOT / "visa").rglob("__init__.py"):
        rel = init.parent.relative_to(ROOT)
        out[".".join(rel.parts)] = init.parent
    for name, where in _config().get("package-dir", {}).items():
        out[name] = ROOT / where
    return out


def test_every_package_directory_is_listed():
    listed = set(_config()["packages"])
    assert set(_package_dirs()) - listed == set()
    assert listed - set(_package_dirs()) == set()


def test_a_built_wheel_holds_every_module(tmp_path):
    for extra in (["--no-build-isolation"], []):  # (the second fetches setuptools and wheel)
        r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *extra, "-q", "-w",
                            str(tmp_path), str(ROOT)], capture_output=True, text=True,
                           env={**os.environ, "PIP_NO_INPUT": "1"})
        wheels = list(tmp_path.glob("visa-*.whl"))
        if wheels:
            break
    if r.returncode or not wheels:
        pytest.skip(f"no wheel built here (offline without setuptools/wheel?): {r.stderr[-300:]}")
    names = set(zipfile.ZipFile(wheels[0]).namelist())
    want = set()
    for pkg, where in _package_dirs().items():
        prefix = pkg.replace(".", "/")
        for f in where.iterdir():
            if f.suffix in (".py", ".lark"):
                want.add(f"{prefix}/{f.name}")
    assert want - names == set()
