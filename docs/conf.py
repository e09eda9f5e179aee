"""Sphinx configuration of the visa documentation (user guide and API
reference).  Build it with

    sphinx-build -W --keep-going -b html docs build/docs

(tests/test_docs.py does, into a temporary folder, and fails on any warning).
The pages are Markdown (MyST); the API reference is generated from the
docstrings by autodoc.  The docstrings are reStructuredText (``code``,
:func:`references`), not Google or NumPy style, so napoleon is not used: it
would read "name (note: ...)" lines as typed fields.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # document the package of this checkout

import visa  # noqa: E402

project = "visa"
author = "the visa authors"
copyright = "the visa authors"  # noqa: A001
release = visa.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
# not pages: the worked example's files are included by the guide
exclude_patterns = ["_build", "examples"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# every cross-reference must resolve (with -W, a broken one fails the
# build); the standard library's classes have no target here (no network,
# so no intersphinx)
nitpicky = True
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|types|re)\..*"),
]

# autodoc: members in source order, the types in the signatures, the public
# aliases of visa by name.  (Only aliases that stand alone in a signature:
# Sphinx renders one inside another type, "Platform | None" or
# "tuple[Operand, ...]", as a broken "TypeAliasForwardRef(...)".)
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_type_aliases = {
    "Program": "visa.Program",
    "GenBinaries": "visa.GenBinaries",
}

html_theme = "alabaster"
html_title = f"visa {release}"
html_theme_options = {"description": "Intel vISA in Python", "fixed_sidebar": True}
html_static_path: list[str] = []
