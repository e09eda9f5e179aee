"""Differential tests against Intel's text reader, GenX_IR (Debian 12's
libigc-tools): what our printer writes must be text Intel's tools accept.

Where GenX_IR accepts a hand-written program, it must also accept our
printing of it (the same program in Intel's layout)."""
from __future__ import annotations

import subprocess

import pytest

import visa
from conftest import GENX_IR, forms_files, golden_files, ids, needs_genx_ir

# every program is named <name>__<PLATFORM>.visaasm
PROGRAMS = forms_files() + golden_files()


def genx_ir_accepts(text: str, platform: str, tmp_path) -> tuple[bool, str]:
    src = tmp_path / "prog.visaasm"
    src.write_text(text)
    r = subprocess.run([GENX_IR, src.name, "-platform", platform], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    return r.returncode == 0, (r.stdout + r.stderr)[-2000:]


@needs_genx_ir
@pytest.mark.parametrize("path", PROGRAMS, ids=ids(PROGRAMS))
def test_genx_ir_accepts_our_printing(path, tmp_path):
    platform = path.stem.rsplit("__", 1)[1]
    text = path.read_text()
    ok, _ = genx_ir_accepts(text, platform, tmp_path)
    if not ok:
        pytest.skip(f"this GenX_IR (1.0.12504.6) rejects the original {path.name} too")
    printed = visa.format(visa.parse(text, str(path)))
    ok, log = genx_ir_accepts(printed, platform, tmp_path)
    assert ok, f"GenX_IR rejects our printing of {path.name}:\n{log}"
