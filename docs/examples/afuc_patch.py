"""Patch one packet handler of an Adreno a630 firmware and reassemble it.

Run from the repository's root: ``python docs/examples/afuc_patch.py``.  The
image is one of Mesa's test vectors vendored in tests/data/afuc (a real
firmware, such as Debian's /lib/firmware/qcom/a630_sqe.fw, works the same).
"""
from __future__ import annotations

from pathlib import Path

import visa.afuc as afuc
from visa.afuc import ast

# start-load
FIRMWARE = Path("tests/data/afuc/dis/a630_std_001.fw")
data = FIRMWARE.read_bytes()
program = afuc.disassemble(data)
print(f"{FIRMWARE.name}: {len(data) // 4} words, {len(program.statements)} statements")
assert afuc.assemble(program) == data  # unchanged, it reassembles to the same bytes
# end-load

# start-find
stmts = list(program.statements)
at = next(i for i, s in enumerate(stmts) if type(s) is ast.Label and s.name == "CP_DRAW_INDIRECT")
print("before:")
print(afuc.format(ast.Program(tuple(stmts[at:at + 4]))), end="")
# end-find

# start-patch
# the handler counts the packets it sees in $0b before going on; the new
# instruction goes right after its label, so the other packets that share
# the code (UNKN14) do not run it
count = afuc.parse("add $0b, $0b, 0x1\n").statements[0]
stmts.insert(at + 1, count)
patched = afuc.assemble(ast.Program(tuple(stmts)))
print(f"patched: {len(patched) // 4} words")
# end-patch

# start-check
# every branch, call and the packet table follow the code they name (they
# are labels); list the new image and look at the handler again
listing = afuc.listing(patched)
lines = listing.split("\n")
at = lines.index("CP_DRAW_INDIRECT:")
print("after:")
print("\n".join(lines[at:at + 6]))
assert afuc.assemble(listing) == patched  # the new listing reads back too
# end-check
