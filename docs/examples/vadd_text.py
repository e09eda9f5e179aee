"""The user guide's worked example: the vector-add kernel of
samples/vadd_builder.visaasm through the library (parse, validate, assemble,
disassemble), then a mistake and how it is reported.

    python docs/examples/vadd_text.py

prints what docs/examples/vadd_text.out holds (tests/test_docs.py checks it).
"""
from __future__ import annotations

from pathlib import Path

import visa

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

print("== parse")
# [parse]
text = (SAMPLES / "vadd_builder.visaasm").read_text()
module = visa.parse(text, filename="vadd.visaasm")

unit = module.units[0]
print(f"vISA {module.version[0]}.{module.version[1]}, {unit.kind} {unit.name!r}:",
      f"{len(unit.vars)} variables, {len(unit.inputs)} inputs, {len(unit.body)} statements")
add = unit.body[2]                                     # add (M1, 16) IDX(0,0)<1> ...
assert isinstance(add, visa.ast.Instruction)
print(f"line {add.line}: {add.mnemonic}, exec size {add.exec.size if add.exec else None}")
for operand in add.operands:
    assert isinstance(operand, visa.ast.VarRef)
    print(f"   {operand.name}{operand.offsets} region {operand.region}")
# [/parse]

print("== validate")
# [validate]
assert visa.validate(module, platform="DG2") == []      # clean for DG2
problems = visa.validate(text, platform="SKL", filename="vadd.visaasm")
print(len(problems), "problems for SKL, which has no LSC messages; the first:")
print(problems[0].render())
# [/validate]

print("== assemble")
# [assemble]
data = visa.assemble(module, platform="DG2")           # validates first
print(f"{len(data)} bytes, magic {data[:4]!r}, vISA {data[4]}.{data[5]}")
assert data == visa.assemble(text, platform="DG2")      # text or module alike
# [/assemble]

print("== disassemble")
# [disassemble]
listing = visa.disassemble(data)
print("\n".join(line for line in listing.splitlines() if "(M1" in line))
assert visa.disassemble(data, module=True) == module   # the same program
assert visa.parse(listing) == module
# [/disassemble]

print("== error")
# [error]
bad = text.replace("flat[ADDR_A]", "flat[ADDR_Q]")
try:
    visa.assemble(bad, filename="bad.visaasm", platform="DG2")
except visa.VisaError as e:
    print(e)
    print([(d.line, d.col, d.rule) for d in e.diagnostics])
else:
    raise AssertionError("an undeclared variable is an error")
# [/error]
print("== end")
