"""The byte references: every stem with a .ref.isa in ../shared/corpus and
../shared/golden.  Program text and the expected disassembly follow the rules
of ../shared/corpus/README.md, taken from the measuring tool itself
(../shared/tools/corpus_check.py); Gen blobs are read with our own reader."""
from __future__ import annotations

import sys
from pathlib import Path

from conftest import CORPUS, GOLDEN, SHARED
from visa.binary import objfile

sys.path.insert(0, str(SHARED / "tools"))
from corpus_check import dis_text, program_text  # noqa: E402,F401  (re-exported)


def ref_stems():
    out = []
    for root in (CORPUS, GOLDEN):
        for ref in sorted(root.rglob("*.ref.isa")):
            out.append(Path(str(ref)[: -len(".ref.isa")]))
    return out


def stem_id(stem: Path) -> str:
    return f"{stem.parent.name}/{stem.name}"


def gen_blobs(data: bytes):
    """(platform, blob) pairs embedded with the first kernel."""
    k = objfile.read(data).kernels[0]
    return [(g.platform, g.data) for g in k.gen_binaries]


def assemble_stem(stem: Path) -> tuple[bytes, bytes]:
    """(our bytes, the reference bytes) for a reference stem."""
    import visa
    ref = Path(str(stem) + ".ref.isa").read_bytes()
    return visa.assemble(program_text(stem), gen_binaries=gen_blobs(ref)), ref
