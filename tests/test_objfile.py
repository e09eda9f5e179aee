"""Tests for visa.binary.objfile: the vISA 4.1 object-file container layer."""
from __future__ import annotations

import lzma
import random
import struct

import attrs
import pytest

from visa.binary import objfile as O

import refs

REFS = [s.with_name(s.name + ".ref.isa") for s in refs.ref_stems()]
BIG_XZ = refs.BENCH / "big100k.ref.isa.xz"
LOSSY = refs.lossy_files()


def _big() -> bytes:
    return lzma.decompress(BIG_XZ.read_bytes())


def _ref(name: str) -> bytes:
    """A golden reference binary."""
    return (refs.GOLDEN / name).read_bytes()


# ---------------------------------------------------------------- round trip

def test_reference_count():
    # 407 corpus + 26 golden + 27 forms + 1 wanted + 9 handwritten (refs.ref_stems guards each set)
    assert len(REFS) == 470


@pytest.mark.parametrize("path", REFS, ids=[f"{p.parent.name}/{p.name}" for p in REFS])
def test_roundtrip_and_layout(path):
    """The container reads and writes back every reference byte for byte,
    and the writer's recomputed offsets equal the stored ones."""
    data = path.read_bytes()
    f = O.read(data)
    assert O.write(f) == data
    assert O.layout(f) == f.header


def test_reference_facts():
    seen_platforms = set()
    for p in REFS:
        f = O.read(p.read_bytes())
        h = f.header
        assert (h.magic, h.major, h.minor) == (b"CISA", 4, 1)
        assert len(f.kernels) == (3 if p.name.startswith("multi_kernel") else 1)
        for k in f.kernels:
            # string 0 is the kernel's own name, not ""
            assert k.obj.name_index == 0 and k.obj.strings[0] == k.name
            assert k.obj.is_kernel and k.obj.vmes == ()
            assert len(k.gen_binaries) == 1
            g = k.gen_binaries[0]
            seen_platforms.add(g.platform)
            assert (g.platform == 0) == (g.data == b"")
            ki = k.info
            assert ki.offset + ki.size == ki.gen_binaries[0].offset
            attrs_ = k.obj.attribute_dict()
            assert len(attrs_["Target"]) == 1
            if "SimdSize" in attrs_:
                assert len(attrs_["SimdSize"]) == 4
        for fn in f.functions:
            assert not fn.obj.is_kernel
            assert fn.obj.strings[fn.obj.name_index] == fn.name
            assert (fn.obj.input_size, fn.obj.return_type) == (0, 0)
            assert "ArgSize" in fn.obj.attribute_dict()
    assert {5, 12, 13, 14, 15} <= seen_platforms


def test_functions_follow_gen_blob():
    data = _ref("control_flow__SKL.ref.isa")
    f = O.read(data)
    assert len(f.functions) == 1
    gi = f.kernels[0].info.gen_binaries[0]
    assert f.functions[0].info.offset == gi.offset + gi.size
    assert f.functions[0].info.offset + f.functions[0].info.size == len(data)


def test_build_from_scratch_matches_reference():
    """Rebuilding a file from contents only (no stored offsets) must give
    exactly Intel's layout."""
    picks = [p for p in REFS if "calls_stack" in p.name][:2]
    picks += [p for p in REFS if p.name == "control_flow__SKL.ref.isa"]
    picks += [p for p in REFS if O.read(p.read_bytes()).kernels[0].gen_binaries[0].platform == 0][:1]
    picks += REFS[:3]
    assert picks
    for p in picks:
        data = p.read_bytes()
        f = O.read(data)
        # rebuild every object from plain field values so nothing stored is reused
        def clone(obj: O.VisaObject) -> O.VisaObject:
            return O.VisaObject(**{a.name: getattr(obj, a.name) for a in attrs.fields(O.VisaObject)})
        g = O.build(
            [(k.name, clone(k.obj), [(b.platform, b.data) for b in k.gen_binaries])
             for k in f.kernels],
            [(fn.name, clone(fn.obj)) for fn in f.functions])
        assert g == f
        assert O.write(g) == data, p
        assert g.header == f.header


def test_build_minimal_kernel_layout():
    obj = O.VisaObject(
        strings=["k", "v", "Target"],
        variables=[O.GeneralVar(1, 0x21, 4)],
        labels=[O.Label(0, 1)],
        inputs=[O.Input(0, 32, 64, 16)],
        attributes=[O.Attribute(2, b"\x01")],
        code=b"\x2d\x01\x02",
    )
    f = O.build([("k", obj, [(12, b"GENCODE!")])])
    data = O.write(f)
    back = O.read(data)
    assert back == f
    ki = back.kernels[0].info
    # header: 8 + kernel_info(2+1+12+2+2+1+9) + 2 + 2 = 41
    assert ki.offset == 41
    assert data[ki.offset:ki.offset + 4] == struct.pack("<I", 3)
    assert ki.gen_binaries[0].offset == ki.offset + ki.size
    assert data[ki.gen_binaries[0].offset:] == b"GENCODE!"
    assert struct.unpack_from("<I", data, ki.input_offset)[0] == 1
    assert back.kernels[0].obj.code == b"\x2d\x01\x02"


def test_classes_frozen_and_slotted():
    for cls in (O.Attribute, O.GeneralVar, O.AddressVar, O.PredicateVar, O.Label,
                O.StateVar, O.Input, O.VisaObject, O.GenBinary, O.GenBinaryInfo,
                O.KernelInfo, O.FunctionInfo, O.FileHeader, O.Kernel, O.Function,
                O.CisaFile, O.Reloc):
        assert attrs.has(cls)
        assert "__slots__" in cls.__dict__, cls
    a = O.Attribute(0, b"x")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.name_index = 1


def test_big_binary_round_trip():
    data = _big()
    f = O.read(data)
    assert O.write(f) == data
    assert O.layout(f) == f.header


# ---------------------------------------------------------------- malformed input

def _expect_error_or_ok(data: bytes):
    try:
        f = O.read(data)
    except O.ObjectFormatError as e:
        assert "byte offset" in str(e), str(e)
        return None
    # whatever reads must also write
    O.write(f)
    return f


def test_garbage_inputs():
    for bad in (b"", b"C", b"CISA", b"CISA\x04", b"CIS\x00\x04\x01\x00\x00",
                b"ELF\x7f" + bytes(60), bytes(100), b"\xff" * 100):
        with pytest.raises(O.ObjectFormatError, match="byte offset"):
            O.read(bad)
    rng = random.Random(1)
    for _ in range(300):
        n = rng.randrange(0, 200)
        blob = b"CISA\x04\x01" + bytes(rng.randrange(256) for _ in range(n))
        _expect_error_or_ok(blob)


def test_wrong_magic_and_version():
    data = _ref("arith__SKL.ref.isa")
    with pytest.raises(O.ObjectFormatError, match="magic"):
        O.read(b"XISA" + data[4:])
    with pytest.raises(O.ObjectFormatError, match="version"):
        O.read(data[:4] + b"\x02\x00" + data[6:])
    with pytest.raises(O.ObjectFormatError, match="expected bytes"):
        O.read("CISA")  # type: ignore[arg-type]


def test_lengths_past_end():
    data = bytearray(_ref("arith__SKL.ref.isa"))
    h, _ = O.read_header(bytes(data))
    nl = len(h.kernels[0].name)
    size_at = 8 + 2 + nl + 4
    bad = bytearray(data)
    struct.pack_into("<I", bad, size_at, 0xFFFFFF)
    with pytest.raises(O.ObjectFormatError, match=r"byte offset \d+ \(kernel 0 object\)"):
        O.read(bytes(bad))
    # gen blob past the end
    gen_at = 8 + 2 + nl + 12 + 4 + 1
    bad = bytearray(data)
    struct.pack_into("<I", bad, gen_at + 5, 0x7FFFFFFF)
    with pytest.raises(O.ObjectFormatError, match="gen binary"):
        O.read(bytes(bad))
    # string count far larger than the object
    off = h.kernels[0].offset
    bad = bytearray(data)
    struct.pack_into("<I", bad, off, 0x10000000)
    with pytest.raises(O.ObjectFormatError, match=rf"byte offset {off} .*string count"):
        O.read(bytes(bad))
    # file-scope variables are rejected
    f = O.read(bytes(data))
    hdr_end = f.header.kernels[0].offset
    bad = bytearray(data)
    struct.pack_into("<H", bad, hdr_end - 4, 1)
    with pytest.raises(O.ObjectFormatError, match="filescope"):
        O.read(bytes(bad))


def test_truncation_everywhere():
    """Every proper prefix of a reference is malformed (the last byte belongs
    to a declared object or blob)."""
    for name in ("arith__SKL.ref.isa", "control_flow__SKL.ref.isa"):
        data = _ref(name)
        cuts = list(range(0, min(len(data), 1500))) + list(range(1500, len(data), 7))
        for n in cuts:
            with pytest.raises(O.ObjectFormatError, match="byte offset"):
                O.read(data[:n])


def test_random_byte_flips():
    rng = random.Random(12345)
    names = ["arith__SKL.ref.isa", "control_flow__SKL.ref.isa", "sampler_media__SKL.ref.isa",
             "legacy_memory__DG2.ref.isa"]
    outcomes = {"ok": 0, "err": 0}
    for name in names:
        data = _ref(name)
        f = O.read(data)
        ki = f.kernels[0].info
        hot_end = ki.offset + ki.size - len(f.kernels[0].obj.code)  # end of kernel tables
        for _ in range(400):
            buf = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                # mostly hit the header and object tables, where structure lives
                if rng.random() < 0.8:
                    pos = rng.randrange(0, hot_end)
                else:
                    pos = rng.randrange(0, len(buf))
                buf[pos] = rng.randrange(256) if rng.random() < 0.5 else buf[pos] ^ (1 << rng.randrange(8))
            if rng.random() < 0.1:  # also insert / delete a byte
                pos = rng.randrange(0, len(buf))
                if rng.random() < 0.5:
                    del buf[pos]
                else:
                    buf.insert(pos, rng.randrange(256))
            outcomes["ok" if _expect_error_or_ok(bytes(buf)) is not None else "err"] += 1
    assert outcomes["err"] > 100 and outcomes["ok"] > 0, outcomes


def test_lossy_files():
    """Headers and tables of the 12504 lossy binaries are intact: the container
    reads them (the instruction stream stays undecoded bytes) and re-writes
    them unchanged; damaged copies only raise ObjectFormatError."""
    rng = random.Random(7)
    for p in LOSSY:
        data = p.read_bytes()
        f = O.read(data)
        assert f.kernels[0].obj.code
        assert O.write(f) == data
        for n in range(0, len(data), max(1, len(data) // 97)):
            with pytest.raises(O.ObjectFormatError):
                O.read(data[:n])
        for _ in range(50):
            buf = bytearray(data)
            buf[rng.randrange(min(len(buf), 600))] ^= 1 << rng.randrange(8)
            _expect_error_or_ok(bytes(buf))


def test_bad_string_index_detected():
    data = _ref("arith__SKL.ref.isa")
    f = O.read(data)
    k = f.kernels[0]
    bad_obj = attrs.evolve(k.obj, attributes=(O.Attribute(len(k.obj.strings) + 5, b"\x01"),))
    bad = O.write(attrs.evolve(f, kernels=(attrs.evolve(k, obj=bad_obj),)))
    with pytest.raises(O.ObjectFormatError, match="name_index"):
        O.read(bad)


# ---------------------------------------------------------------- writer errors

def test_writer_rejects_unencodable():
    base = O.VisaObject(strings=["k"], code=b"")
    cases = [
        attrs.evolve(base, strings=["k\0x"]),
        attrs.evolve(base, samplers=[O.StateVar(0, 1)] * 256),
        attrs.evolve(base, variables=[O.GeneralVar(0, 0, 70000)]),
        attrs.evolve(base, attributes=[O.Attribute(0, b"x" * 300)]),
        attrs.evolve(base, inputs=None),
    ]
    for obj in cases:
        with pytest.raises(O.ObjectFormatError):
            O.write(O.build([("k", obj, [])]))
    fn = O.VisaObject(strings=["f"], inputs=None)  # no input_size / return_type
    with pytest.raises(O.ObjectFormatError):
        O.write(O.build([("k", base, [])], [("f", fn)]))
    with pytest.raises(O.ObjectFormatError):
        O.write(O.build([("k", base, [(300, b"")])]))
