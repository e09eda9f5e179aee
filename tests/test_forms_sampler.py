"""The sampler / 3D / media-sampler / render family (visa/isa/forms_sampler.py).

* Byte equality with Intel's references: the golden files of the family and
  every corpus stem whose text uses a 3D sampler instruction.
* The layout facts the references established (state operands are one byte,
  ``.divS`` and an ``<SI>`` operand are not stored, ...).
* Diagnostics for text the family cannot encode.
* The decode direction: binary -> text -> the same binary.
"""
from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from visa.encode import assemble
from visa.errors import VisaError

from conftest import CORPUS, GOLDEN
from refs import assemble_stem, program_text

GOLDEN_STEMS = ("sampler_media__SKL", "sampler_3d__TGLLP", "render_3d__TGLLP")
_SAMPLER_LINE = re.compile(r"^\s*(?:\([^)]*\)\s*)?(sample_lz|sample_l|load_lz|sample_3d|load_3d|"
                           r"sample4\w*|sample_\w+|load_\w+|resinfo|sampleinfo|rt_write_3d|"
                           r"urb_write_3d)[. ]", re.M)
_FUNC_FILE = re.compile(r"\.f(\d+)\.visaasm$")


# ------------------------------------------------------------------ helpers
def _corpus_stems():
    if not CORPUS.is_dir():
        return []
    out = []
    for p in sorted(CORPUS.glob("*/*.visaasm")):
        if _FUNC_FILE.search(p.name):
            continue
        stem = p.with_suffix("")
        if not Path(str(stem) + ".ref.isa").exists():
            continue
        if _SAMPLER_LINE.search(program_text(stem)):
            out.append(stem)
    return out


CORPUS_STEMS = _corpus_stems()


# ------------------------------------------------------- reference equality
@pytest.mark.parametrize("name", GOLDEN_STEMS)
def test_golden_byte_identical(name):
    stem = GOLDEN / name
    if not Path(str(stem) + ".ref.isa").exists():
        pytest.skip(f"{stem}.ref.isa is not on this machine")
    out, ref = assemble_stem(stem)
    assert out == ref


@pytest.mark.skipif(not CORPUS_STEMS, reason="the reference corpus is not on this machine")
@pytest.mark.parametrize("stem", CORPUS_STEMS,
                         ids=[f"{s.parent.name}/{s.name}" for s in CORPUS_STEMS])
def test_corpus_byte_identical(stem):
    out, ref = assemble_stem(stem)
    assert out == ref


# ----------------------------------------------------------- layout facts
HEAD = """.version 4.1
.kernel "k"
.decl VU v_type=G type=f num_elts=16 align=hword
.decl VV v_type=G type=f num_elts=16 align=hword
.decl VD v_type=G type=f num_elts=64 align=hword
.decl VS v_type=G type=ud num_elts=1 align=dword
.decl VB v_type=G type=ub num_elts=256 align=hword
.decl P1 v_type=P num_elts=16
.decl S1 v_type=S num_elts=1 v_name=S001
.decl T6 v_type=T num_elts=1 v_name=T006
.input S1 offset=32 size=4
.input T6 offset=36 size=4
.kernel_attr Target="3d"
.function "_main_0"

_main_0:
"""


def code(*lines: str) -> bytes:
    """The instruction stream of a kernel made of ``lines``."""
    from visa.binary import objfile as OF
    data = assemble(HEAD + "".join(f"    {ln}\n" for ln in lines))
    c = OF.read(data).kernels[0].obj.code
    assert c[:3] == bytes([0x30, 0, 0])  # the subroutine _main_0
    return c[3:]


def _raw(ident, off=0):
    return struct.pack("<IH", ident, off)


VU, VV, VD, VS, VB = 32, 33, 34, 35, 36  # general variable ids
S1, T6 = 0, 6


def test_media_sample_layout():
    # opcode, mode (mask | SIMD16), sampler and surface as one byte each, u v r dst raw
    assert code("sample.RGBA (16) S1 T6 VU.0 VV.0 VU.0 VD.0") == (
        bytes([0x40, 0x1F, S1, T6]) + _raw(VU) + _raw(VV) + _raw(VU) + _raw(VD))


def test_media_sample_simd_mode():
    eight = code("sample.R (8) S1 T6 VU.0 VV.0 VU.0 VD.0")
    assert code("sample.R S1 T6 VU.0 VV.0 VU.0 VD.0") == eight
    assert code("sample.R (32) S1 T6 VU.0 VV.0 VU.0 VD.0") == eight
    assert eight[1] == 0x01


def test_load_drops_its_sampler():
    assert (code("load.GA (16) S1 T6 VU.0 VV.0 VU.0 VD.0")
            == code("load.GA (16) T6 VU.0 VV.0 VU.0 VD.0")
            == bytes([0x42, 0x1A, T6]) + _raw(VU) + _raw(VV) + _raw(VU) + _raw(VD))


def test_channel_mask_case_insensitive():
    assert code("sample.rGbA (16) S1 T6 VU.0 VV.0 VU.0 VD.0") == \
        code("sample.RGBA (16) S1 T6 VU.0 VV.0 VU.0 VD.0")


def test_sample_unorm_channel_byte():
    c = code("sample_unorm.GB.8-downsampled S1 T6 0.0:f 0.0:f 0.0625:f 0.0625:f VB.0")
    assert c[:4] == bytes([0x41, 0x06 | (3 << 4), S1, T6])


def test_avs_sampler_before_surface_and_enums():
    c = code("avs.R T6 S1 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f AVS_8_FULL 0.0:f "
             "AVS_16x8 0x0:uw VB.0")
    imm = bytes([5, 0x7]) + b"\0\0\0\0"  # 0.0:f (type code 7)
    assert c == (bytes([0x43, 0x01, S1, T6]) + imm * 7 + bytes([2]) + imm + bytes([2])
                 + bytes([5, 0x2]) + b"\0\0\0\0" + _raw(VB))


def test_vme_layouts():
    assert code("vme_ime(1,3) T6 VB.0 VB.0 VB.0 VB.0 VB.0 VB.0") == (
        bytes([0x54, 1, 3]) + _raw(VB) * 2 + bytes([T6]) + _raw(VB) * 4)
    assert code("vme_sic T6 VB.0 VB.0 VB.0") == (
        bytes([0x55]) + _raw(VB) * 2 + bytes([T6]) + _raw(VB))
    c = code("vme_fbr (0x1:ub, 0x2:ub, 0x3:ub) T6 VB.0 VB.0 VB.0")
    assert c == (bytes([0x56]) + _raw(VB) * 2 + bytes([T6])
                 + b"".join(bytes([5, 0x4, k, 0, 0, 0]) for k in (1, 2, 3)) + _raw(VB))


def test_sample_3d_layout_and_flags():
    c = code("(P1) sample_lz.pixel_null_mask.cps.RG (M5, 16) 0x0:uw S1 T6 VD.0 VU.0 VV.0")
    assert c == (bytes([0x6D]) + struct.pack("<H", 24 | 0x100 | 0x200) + bytes([0x4 | (4 << 4)])
                 + struct.pack("<H", 1) + bytes([0x3]) + bytes([5, 0x2, 0, 0, 0, 0])
                 + bytes([S1, T6]) + _raw(VD) + bytes([2]) + _raw(VU) + _raw(VV))


def test_divs_is_not_stored():
    assert code("sample_3d.divS.RGBA (M1, 16) 0x0:uw S1 T6 VD.0 VU.0") == \
        code("sample_3d.RGBA (M1, 16) 0x0:uw S1 T6 VD.0 VU.0")


def test_load_3d_and_gather4():
    assert code("load_lz.R (M1, 16) 0x0:uw T6 VD.0 VU.0 VV.0")[:3] == bytes([0x6E, 26, 0])
    c = code("sample4_po_c.B (M1, 16) 0x0:uw S1 T6 VD.0 VU.0")
    assert c[:3] == bytes([0x6F, 18, 0]) and c[6] == 2  # channel B is channel number 2


def test_info_3d():
    assert code("resinfo.RG (M1_NM, 8) T6 VU.0 VD.0") == (
        bytes([0x70, 10, 0x3 | (8 << 4), 0x3, T6]) + _raw(VU) + _raw(VD))
    assert code("sampleinfo.A (M1, 16) T6 VD.0") == bytes([0x70, 11, 0x4, 0x8, T6]) + _raw(VD)


def test_rt_write_mode_and_operands():
    from visa.isa.atoms import region_code
    c = code("rt_write_3d.<RTI><A><O><Z><ST><LRTW> (M1, 16) T6 VB.0 VS(0,0)<0;1,0> VU.0 VU.0 "
             "VU.0 VU.0 VU.0 VU.0 VU.0 VU.0")
    mode = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7)
    rti = struct.pack("<BIBBH", 0, VS, 0, 0, region_code((0, 1, 0), None))
    assert c == (bytes([0x71, 0x4, 0, 0]) + struct.pack("<H", mode) + bytes([T6]) + _raw(VB)
                 + rti + _raw(VU) * 8)


def test_rt_write_sample_index_is_dropped():
    # GenX_IR consumes the <SI> operand (the first after the header) but writes neither it
    # nor the mode bit (golden render_3d__TGLLP)
    with_si = code("rt_write_3d.<CPS><SI> (M1, 16) T6 VB.0 0x7:ud 0x0:ud VU.0 VU.0 VU.0 VU.0")
    assert with_si == code("rt_write_3d.<CPS> (M1, 16) T6 VB.0 0x0:ud VU.0 VU.0 VU.0 VU.0")
    assert with_si[4:6] == struct.pack("<H", 1 << 8)


def test_urb_write_3d():
    assert code("urb_write_3d (M1, 8) 2 4 %null.0 VB.0 %null.0 VU.0") == (
        bytes([0x72, 0x3, 0, 0, 2]) + _raw(0) + struct.pack("<H", 4) + _raw(VB) + _raw(0)
        + _raw(VU))


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("line, words", [
    ("sample4.RG (M1, 16) 0x0:uw S1 T6 VD.0 VU.0", "one channel"),
    ("sample_3d.cps.pixel_null_mask.R (M1, 16) 0x0:uw S1 T6 VD.0 VU.0", "in this order"),
    ("load_3d.cps.R (M1, 16) 0x0:uw T6 VD.0 VU.0", "unexpected modifier"),
    ("sample_3d.RBG (M1, 16) 0x0:uw S1 T6 VD.0 VU.0", "not a channel mask"),
    ("sample_unorm.R S1 T6 0.0:f 0.0:f 0.0:f 0.0:f VB.0", "output format"),
    ("(P1) sample.R (16) S1 T6 VU.0 VV.0 VU.0 VD.0", "cannot be predicated"),
    ("sample.R (M1, 16) S1 T6 VU.0 VV.0 VU.0 VD.0", "SIMD mode"),
    ("sample.R (16) T6 VU.0 VV.0 VU.0 VD.0", "takes 6 operands"),
    ("rt_write_3d.<Z> (M1, 16) T6 VB.0 VU.0 VU.0 VU.0 VU.0", "takes 7 operands"),
    ("rt_write_3d.<FOO> (M1, 16) T6 VB.0 VU.0 VU.0 VU.0 VU.0", "unknown rt_write_3d option"),
    ("avs.R T6 S1 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f 0.0:f AVS_8_FULL 0.0:f AVS_8x4 0x0:uw VB.0",
     "AVS_16x4"),
    ("sample_3d.R (M1, 16) 0x0:uw VU T6 VD.0 VU.0", "not a sampler variable"),
    ("sample_3d.R (M1, 16) 0x0:uw S1 T6 VD.0 " + "VU.0 " * 16, "at most 15"),
])
def test_diagnostics(line, words):
    with pytest.raises(VisaError) as e:
        code(line)
    assert words in str(e.value)


# -------------------------------------------------------------- decoding
DECODE_LINES = (
    "sample.RGBA (16) S1 T6 VU.0 VV.0 VU.0 VD.0",
    "sample.GA (8) S1 T6 VU.0 VV.0 VU.0 VD.0",
    "load.RB (16) T6 VU.0 VV.0 VU.0 VD.0",
    "sample_unorm.A.16-downsampled S1 T6 VS(0,0)<0;1,0> 0.0:f 0.0625:f 0.0625:f VB.0",
    "avs.RGBA T6 S1 0.0:f 0.0:f 0.0625:f 0.0625:f 0.0:f 0.0:f 0.0:f AVS_8_DOWN_SAMPLE 0.0:f "
    "AVS_16x8 0x0:uw VB.0",
    "vme_ime(2,1) T6 VB.0 VB.0 VB.0 %null.0 VB.0 VB.0",
    "vme_sic T6 VB.0 VB.0 VB.0",
    "vme_fbr (VS(0,0)<0;1,0>, 0x1:ub, 0x2:ub) T6 VB.0 VB.0 VB.0",
    "(!P1.any) sample_d_c.pixel_null_mask.cps.RGA (M5, 16) 0x0:uw S1 T6 VD.0 VU.0 VV.0 VU.32",
    "sample_3d.R (M1_NM, 8) VS(0,0)<0;1,0> S1 T6 %null.0 VU.0",
    "load_2dms_w.pixel_null_mask.B (M1, 16) 0x0:uw T6 VD.0 VU.0 VV.0 VU.0 VV.0",
    "load_mcs.RGBA (M1, 16) 0x0:uw T6 VD.0 VU.0 VV.0",
    "(P1) sample4_c.A (M1, 16) 0x0:uw S1 T6 VD.0 VU.0 VV.0",
    "sample4_po.pixel_null_mask.G (M1, 8) 0x0:uw S1 T6 VD.0 VU.0 VV.0 VU.0 VV.0",
    "resinfo.RGBA (M1, 16) T6 VU.0 VD.0",
    "sampleinfo.GA (M1, 8) T6 VD.0",
    "rt_write_3d (M1, 16) T6 VB.0 VU.0 VU.0 VU.0 VU.0",
    "(P1) rt_write_3d.<RTI><A><O><Z><ST><LRTW><CPS><PS><CM><NULLRT> (M1, 16) T6 VB.0 0x1:ud "
    "VS(0,0)<0;1,0> VU.0 VU.0 VU.0 VU.0 VU.0 VU.0 VU.0 VU.0",
    "urb_write_3d (M1, 8) 1 0 VB.0 VB.0 %null.0 VU.0",
)


@pytest.mark.parametrize("line", DECODE_LINES)
def test_decode_round_trip(line):
    import visa
    data = assemble(HEAD + f"    {line}\n")
    text = visa.disassemble(data)
    assert assemble(text) == data
