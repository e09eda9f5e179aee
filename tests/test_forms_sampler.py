"""The sampler / 3D / media-sampler / render family (visa/isa/forms_sampler.py).

* Spellings that must give the same bytes (channel-mask case, ``.divS`` and
  an ``<SI>`` operand are not stored, ...).  The layouts themselves are pinned
  by Intel's references (golden/sampler_media__SKL, golden/sampler_3d__TGLLP,
  golden/render_3d__TGLLP, refs/forms/sampler_*, refs/forms/render_3d__TGLLP,
  corpus kernels), whose bytes tests/test_binary_refs.py checks.
* Diagnostics for text the family cannot encode.
* The decode direction: binary -> text -> the same binary.
"""
from __future__ import annotations

import pytest

from visa.encode import assemble
from visa.errors import VisaError


# ------------------------------------------------- same bytes, other spelling
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


# The layouts of the family are pinned by the references (test_binary_refs.py
# checks their bytes); the tests that compared one instruction with literal
# bytes are gone, each form being in a reference:
#   sample / load / sample_unorm / avs / vme_ime(1,3) / vme_sic  golden/sampler_media__SKL
#   sample.R (32), load.R (16) S1 T6, vme_fbr (0x1:ub, 0x2:ub, 0x3:ub)
#                                             refs/forms/sampler_media__SKL
#   sample_3d flags and predicate, sample4*, resinfo, sampleinfo
#                                             golden/sampler_3d__TGLLP, refs/forms/sampler_3d__TGLLP
#   sample_lz, load_lz                        corpus skl/image_misc__img_gather__simd32,
#                                             dg2/images_1d3d__img1d__simd32
#   rt_write_3d mode bits and operands, urb_write_3d
#                                             golden/render_3d__TGLLP, refs/forms/render_3d__TGLLP
# What is left: spellings that must give the same bytes as another.
def test_media_sample_simd_mode():
    # no exec size and (32) are SIMD8 (golden/sampler_media__SKL has sample.RG
    # without one, refs/forms/sampler_media__SKL sample.R (32))
    eight = code("sample.R (8) S1 T6 VU.0 VV.0 VU.0 VD.0")
    assert code("sample.R S1 T6 VU.0 VV.0 VU.0 VD.0") == eight
    assert code("sample.R (32) S1 T6 VU.0 VV.0 VU.0 VD.0") == eight


def test_load_drops_its_sampler():
    assert code("load.GA (16) S1 T6 VU.0 VV.0 VU.0 VD.0") == \
        code("load.GA (16) T6 VU.0 VV.0 VU.0 VD.0")


def test_channel_mask_case_insensitive():
    assert code("sample.rGbA (16) S1 T6 VU.0 VV.0 VU.0 VD.0") == \
        code("sample.RGBA (16) S1 T6 VU.0 VV.0 VU.0 VD.0")


def test_divs_is_not_stored():
    assert code("sample_3d.divS.RGBA (M1, 16) 0x0:uw S1 T6 VD.0 VU.0") == \
        code("sample_3d.RGBA (M1, 16) 0x0:uw S1 T6 VD.0 VU.0")


def test_rt_write_sample_index_is_dropped():
    # GenX_IR consumes the <SI> operand (the first after the header) but writes neither it
    # nor the mode bit (golden render_3d__TGLLP, whose bytes pin the <CPS><SI> layout)
    with_si = code("rt_write_3d.<CPS><SI> (M1, 16) T6 VB.0 0x7:ud 0x0:ud VU.0 VU.0 VU.0 VU.0")
    assert with_si == code("rt_write_3d.<CPS> (M1, 16) T6 VB.0 0x0:ud VU.0 VU.0 VU.0 VU.0")


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
    """The encoder's own refusal (its words), and visa-as's (since issue 18
    the validator's rules say the modifier and name errors first)."""
    with pytest.raises(VisaError) as e:
        assemble(HEAD + f"    {line}\n", validate=False)
    assert words in str(e.value)
    with pytest.raises(VisaError):
        code(line)


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
    "(!P1.any) sample_d_c.pixel_null_mask.RGA (M5, 16) 0x0:uw S1 T6 VD.0 VU.0 VV.0 VU.32",
    "sample_c.cps.RGA (M1, 16) 0x0:uw S1 T6 VD.0 VU.0 VV.0 VU.32",
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
