"""Gen blobs: up to 4 per kernel, placed right after the kernel's object and
before any function object, as Intel's assembler places them."""
from __future__ import annotations

import pytest

import visa
from conftest import GOLDEN
from visa.binary import objfile

CF = (GOLDEN / "control_flow__SKL.visaasm").read_text()  # a kernel and a .global_function


def test_no_blob_means_an_empty_table():
    f = objfile.read(visa.assemble(CF))
    assert f.kernels[0].gen_binaries == ()


def test_blobs_follow_the_kernel_before_functions():
    blobs = [(5, b"\x01" * 16), ("TGLLP", b"\x02" * 7), (13, b""), ("pvc", b"\x03" * 3)]
    data = visa.assemble(CF, gen_binaries=blobs)
    f = objfile.read(data)
    k = f.kernels[0]
    assert [(g.platform, g.data) for g in k.gen_binaries] == [
        (5, b"\x01" * 16), (12, b"\x02" * 7), (13, b""), (14, b"\x03" * 3)]
    hdr = objfile.layout(f)
    kinfo, finfo = hdr.kernels[0], hdr.functions[0]
    offsets = [g.offset for g in kinfo.gen_binaries]
    assert offsets[0] == kinfo.offset + kinfo.size
    assert offsets == sorted(offsets)
    last = kinfo.gen_binaries[-1]
    assert finfo.offset == last.offset + last.size  # the function object comes after the blobs
    for g in kinfo.gen_binaries:
        assert data[g.offset:g.offset + g.size] == dict((14 if p == "pvc" else 12 if p == "TGLLP" else p, b)
                                                          for p, b in blobs)[g.platform]


def test_at_most_four_blobs():
    with pytest.raises(ValueError):
        visa.assemble(CF, gen_binaries=[(12, b"x")] * 5)


def test_unknown_platform_name():
    with pytest.raises(ValueError, match="unknown platform"):
        visa.assemble(CF, gen_binaries=[("NOPE", b"x")])
