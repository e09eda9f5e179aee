"""The user guide's worked example, built from Python: the vector-add
kernel of samples/vadd_builder.py validated, assembled and disassembled,
compared with its text version, then a builder mistake and how it is
reported.

    python docs/examples/vadd_build.py

prints what docs/examples/vadd_build.out holds (tests/test_docs.py checks it).
"""
from __future__ import annotations

import sys
from pathlib import Path

import visa
from visa.build import Builder

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
sys.path.insert(0, str(SAMPLES))

from vadd_builder import build_vadd  # noqa: E402  (samples/vadd_builder.py)

print("== build")
# [build]
module = build_vadd()                                  # a visa.ast.Module
assert visa.validate(module, platform="DG2") == []
data = visa.assemble(module, platform="DG2")
print(f"{len(data)} bytes")

text = (SAMPLES / "vadd_builder.visaasm").read_text()
assert module == visa.parse(text)                       # the parser's module of the text
assert data == visa.assemble(text, platform="DG2")      # and its bytes
assert visa.disassemble(data, module=True) == module   # and back
print("the same module and bytes as samples/vadd_builder.visaasm")
# [/build]

print("== mistake")
# [mistake]
b = Builder()
k = b.kernel("k")
k.op("jmp", k.label("nowhere"), exec=1)                # a label never placed
k.op("ret", exec=1)
try:
    visa.assemble(b.module())
except visa.VisaError as e:
    for d in e.diagnostics:
        print(f"{Path(d.file).name}:{d.line}:{d.col}: {d.message} [{d.rule}]")
        print(d.source_line)
else:
    raise AssertionError("a jump to a label never placed is an error")
# [/mistake]
print("== end")
