"""Vector add built from Python with visa.build: C[i] = A[i] + B[i] on
floats, SIMD16, through LSC loads and stores (DG2 and later).

    python samples/vadd_builder.py [OUTPUT.isa]

validates the kernel for DG2, assembles it and writes the vISA binary
(default: vadd_builder.isa in the current folder).  samples/vadd_builder.visaasm
is the same kernel as text; both assemble to the same bytes.
"""
from __future__ import annotations

import sys

import visa
from visa.build import Builder, lsc_addr, lsc_shape


def build_vadd() -> visa.ast.Module:
    """The vadd kernel as a module."""
    b = Builder()
    k = b.kernel("vadd")
    # the thread's local ids and the three buffers' addresses come in as inputs
    lid = k.var("LID", "uw", 16, align="GRF")
    a = k.var("A", "uq", 1, align="qword")
    bb = k.var("B", "uq", 1, align="qword")
    c = k.var("C", "uq", 1, align="qword")
    base = k.var("BASE", "ud", 1, align="dword")
    idx = k.var("IDX", "ud", 16, align="GRF")
    off = k.var("OFF", "uq", 16, align="GRF")
    addr_a = k.var("ADDR_A", "uq", 16, align="GRF")
    addr_b = k.var("ADDR_B", "uq", 16, align="GRF")
    addr_c = k.var("ADDR_C", "uq", 16, align="GRF")
    x = k.var("X", "f", 16, align="GRF")
    y = k.var("Y", "f", 16, align="GRF")
    z = k.var("Z", "f", 16, align="GRF")
    k.input(lid, offset=32, size=32)
    k.input(a, offset=64, size=8)
    k.input(bb, offset=72, size=8)
    k.input(c, offset=80, size=8)
    k.attr("Target", "cm")
    k.attr("SimdSize", 16)

    scalar = (0, 1, 0)  # <0;1,0>: one element for every channel
    vector = (1, 1, 0)  # <1;1,0>: one element per channel
    group_x = k.predefined_var("%group_id_x")
    k.subroutine("vadd_main")
    # IDX = group_id_x * 16 + LID; OFF = IDX * 4 (bytes, 64-bit)
    k.op("shl", base[0, 0].region(1), group_x[0, 0].region(*scalar), visa.build.imm(4, "ud"),
         exec=(1, "M1_NM"))
    k.op("add", idx[0, 0].region(1), lid[0, 0].region(*vector), base[0, 0].region(*scalar),
         exec=16)
    k.op("shl", off[0, 0].region(1), idx[0, 0].region(*vector), visa.build.imm(2, "ud"), exec=16)
    for dst, buf in ((addr_a, a), (addr_b, bb), (addr_c, c)):
        k.op("add", dst[0, 0].region(1), off[0, 0].region(*vector), buf[0, 0].region(*scalar),
             exec=16)
    d32 = lsc_shape("d32")
    k.op("lsc_load.ugm", x.data(d32), lsc_addr("flat", addr_a, size="a64"), exec=16)
    k.op("lsc_load.ugm", y.data(d32), lsc_addr("flat", addr_b, size="a64"), exec=16)
    k.op("add", z[0, 0].region(1), x[0, 0].region(*vector), y[0, 0].region(*vector), exec=16)
    k.op("lsc_store.ugm", lsc_addr("flat", addr_c, size="a64"), z.data(d32), exec=16)
    k.op("ret", exec=1)
    return b.module()


def main(argv: list[str]) -> int:
    out = argv[1] if len(argv) > 1 else "vadd_builder.isa"
    module = build_vadd()
    try:
        data = visa.assemble(module, platform="DG2")  # validates first
    except visa.VisaError as e:
        print(e, file=sys.stderr)  # file:line:col of the builder call
        return 1
    with open(out, "wb") as f:
        f.write(data)
    print(f"{out}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
