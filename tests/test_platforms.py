"""The platform table (visa.isa.targets.PLATFORMS) against Intel's
``PlatformInfo::ALL_PLATFORMS`` (visa/common.cpp) at igc-1.0.14828.26 (the
4.1 writer) and v2.40.13 (vISA 4.2), recorded in tests/data/intel/."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import visa
from visa.encode import platform_code
from visa.isa import targets

INTEL = Path(__file__).resolve().parent / "data" / "intel"


def intel_platforms(tag: str) -> dict[str, tuple]:
    """name -> (TARGET_PLATFORM value, code, GRF bytes, aliases) from Intel's
    table: PlatformInfo(PLATFORM, GEN, code, grf, "NAME", "ALIAS"...)."""
    data = json.loads((INTEL / f"{tag}__platforms.json").read_text())
    enums = data["enums"]
    records, cur = [], None
    for frag in data["initializers"]["ALL_PLATFORMS"]:
        if frag[:2] == ["PlatformInfo", "("]:
            cur = [frag[2:]]
            records.append(cur)
        else:
            cur.append(frag)
    out = {}
    for args in records:
        args[-1] = args[-1][:-1] if args[-1][-1:] == [")"] else args[-1]
        (target,), _gen, (code,), (grf,), *names = args
        names = [n[0].strip('"') for n in names]
        out[names[0]] = (enums[target], int(code), int(grf), tuple(names[1:]))
    return out


OLD = intel_platforms("igc-1.0.14828.26")
NEW = intel_platforms("v2.40.13")


def test_every_41_platform_is_known_with_its_target():
    ours = {p.name: p for p in targets.PLATFORMS}
    for name, (target, code, grf, aliases) in OLD.items():
        p = ours[name]
        assert (int(p.target), p.code, p.grf_bytes, p.aliases) == (target, code, grf, aliases), name
        assert p.since == ""


def test_platforms_of_today_are_known():
    for p in targets.PLATFORMS:
        if p.since:
            assert p.since == "v2.40.13" and p.target is None
            _, code, grf, aliases = NEW[p.name]
            assert (p.code, p.grf_bytes, p.aliases) == (code, grf, aliases), p.name


@pytest.mark.parametrize("name, code, grf", [
    ("TGLLP", 12, 32), ("DG2", 13, 32), ("MTL", 13, 32), ("PVC", 14, 64), ("PVCXT", 15, 64),
    ("XE2", 18, 64), ("LNL", 18, 64), ("XE3", 19, 64), ("ptl", 19, 64), ("skl", 5, 32)])
def test_platform_names(name, code, grf):
    assert platform_code(name) == code
    assert targets.grf_bytes_of([code]) == grf


def test_unknown_platform():
    with pytest.raises(ValueError, match="unknown platform 'XE9'"):
        platform_code("XE9")


def test_a_64_byte_grf_platform_changes_address_of():
    """&V[64] is V(1,0) with 64-byte GRFs and V(2,0) with 32-byte ones."""
    text = """.version 4.1
.kernel "k"
.decl VD v_type=G type=d num_elts=64 align=hword
.decl A0 v_type=A num_elts=1
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    addr_add (M1_NM, 1) A0(0)<1> &VD[64] 0x0:uw
    ret (M1, 1)
"""
    small = visa.assemble(text, gen_binaries=[("TGLLP", b"\0")])
    big = visa.assemble(text, gen_binaries=[("XE2", b"\0")])
    assert b"\x20\x00\x00\x00\x02\x00" in small and b"\x20\x00\x00\x00\x01\x00" in big


@pytest.mark.parametrize("name, intel", [
    ("LNL", "XE2"), ("lnl", "XE2"), ("BMG", "XE2"), ("Bmg", "XE2"), ("PTL", "XE3"), ("ptl", "XE3"),
    ("ARL", "ARL"), ("MTL", "MTL"), ("ACM", "DG2"), ("acm", "DG2"), ("ATSM", "DG2"),
    ("XeHPG", "DG2"), ("xe-hpg", "DG2"), ("XE_HPC", "PVC"), ("RKL", "TGLLP"), ("ADL", "TGLLP"),
    ("Xe_LPG", "MTL")])
def test_platform_names_people_say(name, intel):
    """Product code names (Alchemist = DG2's 'ACM', Battlemage = Xe2's 'BMG')
    and the names of Intel's 2.x table (LNL, PTL), in any case."""
    p = targets.platform_named(name)
    assert p is not None and p.name == intel
    assert platform_code(name) == p.code


def test_product_names_are_no_intel_aliases():
    """A product name never hides one of Intel's names for another platform."""
    intel = {n.upper(): p.name for p in targets.PLATFORMS for n in (p.name,) + p.aliases}
    for p in targets.PLATFORMS:
        for n in p.products:
            assert n.upper() not in intel, n


def test_unknown_platform_lists_the_names():
    with pytest.raises(ValueError) as e:
        platform_code("XE9")
    for p in targets.PLATFORMS:
        for n in p.names:
            assert n in str(e.value)


def test_unknown_platform_on_the_command_line_is_a_usage_error():
    from conftest import CORPUS, run_tool
    src = str(CORPUS / "tgllp" / "arith_float__float_div__simd32.visaasm")
    r = run_tool("visa-as", src, "--platform", "XE9", "--syntax-only")
    assert r.returncode == 2, r.stderr
    assert "XE9" in r.stderr and "BMG" in r.stderr and "PTL" in r.stderr and "Traceback" not in r.stderr
    r = run_tool("visa-as", src, "--platform", "rkl", "--syntax-only")
    assert r.returncode == 0, r.stderr
