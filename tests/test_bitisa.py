"""The bit-field engine on a toy description (32- and 64-bit words)."""
import pytest

from visa.bitisa import Bitset, Enum, Field, FieldOverflow, Isa, UInt


REG = Enum({i: f"$r{i}" for i in range(4)})
ADD = Bitset.from_pattern("add", "0001" + "x" * 20 + "ddddssss",
                          [Field("D", 4, 7, REG), Field("S", 0, 3, REG)], "add {D}, {S}")
LONG = Bitset.from_pattern("long", "0" * 20 + "iiiiiiiiiiii" + "0" * 30 + "11",
                           [Field("I", 32, 43, UInt("{:#x}"))], "long {I}")
ISA = Isa([ADD, LONG], select_size=lambda w: 64 if w & 3 == 3 else 32)


def test_round_trip_32():
    w = ISA.encode("add", {"D": 2, "S": 3})
    assert w == 0x10000023
    d = ISA.decode(w)
    assert d is not None and ISA.format(d) == "add $r2, $r3"
    assert ISA.decode(w | 0x100).lost_bits == 0x100


def test_64_bit_split_and_overflow():
    w = ISA.encode("long", {"I": 0xabc})
    words = [w & 0xFFFFFFFF, w >> 32, ISA.encode("add", {})]
    parts = list(ISA.split(words))
    assert [(o, s) for o, s, _ in parts] == [(0, 64), (2, 32)]
    assert ISA.format(ISA.decode(parts[0][2])) == "long 0xabc"
    with pytest.raises(FieldOverflow):
        ISA.encode("long", {"I": 0x1000})
