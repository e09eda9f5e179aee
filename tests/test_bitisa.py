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


# ---------------------------------------------------------------- nested tables (envydis model)

from visa.bitisa import (SIGNED, Bits, Imm, Reg, Table, Target, Unknown, Variant, resolve)  # noqa: E402

R = Reg("r", Bits([(4, 4)]))
RD = Reg("r", Bits([(4, 4)]), suffix="d", align=2)
R2 = Reg("r", Bits([(8, 4)]))
IMM = Imm(Bits([(16, 8), (36, 8)], wrap=True), reloc=True)
TGT = Target(Bits([(16, 12)], shr=2))
OFF = Imm(Bits([(20, 4)], sign=SIGNED))
OOPS = Unknown("???")
SAT = Table("sat", (Bitset("", 0, 0, 1 << 28), Bitset("", 0, 1 << 28, 1 << 28, display="sat")))
RND = Table("rnd", (Bitset("", 0, 0, 1 << 29, display="rn", needs=1),
                    Bitset("", 0, 1 << 29, 1 << 29, display="rz"), Bitset("", 0, 0, 0, display="{OOPS}")))
SHORT = Table("short", (
    Bitset("", 0, 0x0, 0xf001, display="add {sat} {R} {R2}"),
    Bitset("", 0, 0x1000, 0xf001, display="mov {R} (neg {R2})"),
    Bitset("", 0, 0x2000, 0xf001, display="add {R} {OFF}", modes=2),
    Bitset("", 0, 0x0, 0x0, display="{OOPS} {R}"),
))
LONG = Table("long", (
    Bitset("", 0, 0x1, 0xf001, display="add {sat} {rnd} {R} {IMM}"),
    Bitset("", 0, 0x1001, 0xf001, display="bra {TGT}"),
    Bitset("", 0, 0x2001, 0xf001, display="mov {RD} {R2}"),
    Bitset("", 0, 0x0, 0x0, display="{OOPS}"),
))
ROOT = Table("root", (Bitset("", 32, 0, 1, display="{short}"), Bitset("", 64, 1, 1, display="{long}"),
                      Bitset("", 64, 1, 1, display="long {long}")))
NESTED = Isa(ROOT, names={"R": R, "RD": RD, "R2": R2, "IMM": IMM, "TGT": TGT, "OFF": OFF, "OOPS": OOPS,
                          "sat": SAT, "rnd": RND, "short": SHORT, "long": LONG})


class _Colours:
    colors = {k: "" for k in ("reset", "sym", "reg", "regsp", "num", "mem", "btarg", "ctarg", "comm", "err")}
    colors.update(iname="<I>", mod="<M>", reset="|")


def test_bits_modes():
    assert Bits([(0, 4)], sign=SIGNED).get(0xf) == (1 << 64) - 1
    assert Bits([(0, 4)], shr=2).get(0x3) == 12 and Bits([(0, 4)], shr=2).put(13) is None
    b = Bits([(0, 4), (8, 4)], addend=4, xorend=1)
    assert b.get(b.put(0x25)) == 0x25
    wrap = Bits([(0, 8)], wrap=True)
    assert wrap.put((1 << 64) - 1) == 0xff and wrap.put(0x100) is None and wrap.put(0x100, lenient=True) == 0


def test_nested_decode_and_format():
    """First available entry wins, tables nest, the root entry gives the size, bits no entry
    takes are unknown, empty pieces take their blank with them, groups print as (...)."""
    v = Variant(features=1, modes=1)
    d = NESTED.decode(0x0230, v)
    assert d.size == 32 and NESTED.format(d) == "add $r3 $r2" and d.unknown_bits == 0
    d = NESTED.decode(0x1230 | 1 << 20, v)  # bit 20 is taken by no entry of this form
    assert NESTED.format(d) == "mov $r3 (neg $r2)" and d.unknown_bits == 1 << 20
    assert NESTED.format(d, _Colours()) == "<I>mov| $r3| (|<I>neg| $r2|)|"  # each piece then a reset
    d = NESTED.decode(0x2030, v)            # only in mode 2: the catch-all, an unknown instruction
    assert NESTED.format(d) == "??? $r3" and d.unknowns() == (True, False)
    assert NESTED.format(NESTED.decode(0x2030 | 0xf << 20, Variant(modes=2))) == "add $r3 -0x1"
    d = NESTED.decode(0x1 | 0x30 | 1 << 28 | 0xab << 36, v)
    assert d.size == 64 and NESTED.format(d) == "add sat rn $r3 0xab00"
    d = NESTED.decode(0x1 | 0x30 | 1 << 28 | 0xab << 36, Variant())  # rn needs feature 1
    assert NESTED.format(d) == "add sat ??? $r3 0xab00" and d.unknowns() == (False, True)
    d = NESTED.decode(0x101001, v)
    assert NESTED.format(d) == "bra 0x40" and d.targets == [(0x40, False)]


def _toks(text: str) -> list:
    out: list = []
    for w in text.replace("(", "( ").replace(")", " )").split():
        if w.startswith("$"):
            out.append(("reg", w[1:]))
        elif w[0].isdigit():
            out.append(("num", int(w, 0)))
        elif w.startswith("#"):
            out.append(("label", w[1:], 1, 1))
        else:
            out.append(w)
    return out


def test_matcher_order_values_and_relocations():
    """Encodings in table order (the short form first), values that do not fit refused,
    label expressions left as relocations, suspect registers noted."""
    v = Variant(features=1, modes=1)
    m = NESTED.matcher(v)
    c = m.candidates(_toks("add $r3 $r2"))
    assert c[0].word == 0x0230 and c[0].size == 32 and not c.has(1)
    c = m.candidates(_toks("add rn $r3 0x1234"))
    assert c[0].size == 64 and c[0].word == 0x1 | 0x30 | 0x34 << 16 | 0x12 << 36 and not c.has(1)
    assert m.candidates(_toks("long add rz $r3 5"))[0].word == 0x1 | 0x30 | 1 << 29 | 5 << 16
    assert not m.candidates(_toks("add $r16 $r2"))          # register 16 does not fit
    assert not m.candidates(_toks("add rn $r3 0x10000"))     # nor a 17-bit immediate
    assert NESTED.matcher(v, lenient=True).candidates(_toks("add rn $r3 0x10000"))
    b = m.candidates(_toks("bra #x"))[0]
    assert b.relocs and resolve(b, lambda e: 0x40) == 0x101001 and resolve(b, lambda e: 0x42) is None
    odd = m.candidates(_toks("mov $r3d $r2"))[0]
    assert odd.notes and odd.notes[0][0] == "misaligned-register"
    assert not NESTED.matcher(v, strict=True).candidates(_toks("mov $r3d $r2"))
    for text in ("add $r3 $r2", "add sat rz $r3 0x77", "mov $r3 (neg $r2)"):
        assert NESTED.format(NESTED.decode(m.candidates(_toks(text))[0].word, v)) == text


def test_matcher_defaults():
    """``defaults``: an entry that only names a word the line lacks matches without it."""
    v = Variant(features=1, modes=1)
    assert not NESTED.matcher(v).candidates(_toks("long add sat $r3 5"))
    got = NESTED.matcher(v, defaults=True).candidates(_toks("long add sat $r3 5"))[0]
    assert NESTED.format(NESTED.decode(got.word, v)) == "add sat rn $r3 0x5"


def test_override_conditions():
    """An override's condition is a function of the field values or a mapping of them."""
    f = [Field("A", 0, 3, UInt()), Field("B", 4, 7, UInt())]
    b = Bitset("op", 32, 0x100, 0xf00, f, "op {A}, {B}",
               overrides=(({"B": 0}, "op {A}"), (lambda v: v["A"] == 1, "one {B}")))
    isa = Isa([b])
    assert [isa.format(isa.decode(w)) for w in (0x102, 0x131, 0x132)] == ["op 2", "one 3", "op 2, 3"]


def test_matcher_shared_by_threads():
    """Threads sharing a matcher get the encodings in the same order as one thread."""
    import threading
    v = Variant(features=1, modes=1)
    texts = [f"add {s} $r{i % 16} $r{(i * 7) % 16}" for i in range(200) for s in ("", "sat")]
    want = [NESTED.matcher(v).candidates(_toks(t))[0].word for t in texts]
    fresh = Isa(ROOT, names=NESTED.names)
    got: dict[int, list] = {}

    def work(k: int) -> None:
        m = fresh.matcher(v)
        got[k] = [m.candidates(_toks(t))[0].word for t in texts]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == want for g in got.values())


# ---------------------------------------------------------------- the decode tables' decision trees

def _first_match(entries, word):
    """The definition: the first available entry, in table order, whose fixed bits and
    asserts the word meets."""
    for e in entries:
        b = e.bitset
        if word & b.mask == b.match and all(word & m == v for m, v in b.asserts):
            return e
    return None


def _tables():
    from visa.afuc.isa import ISA as AFUC
    from visa.g80.api import variant
    from visa.g80.isa import ISA as G80, TABLES

    for gen in (5, 6, 7):
        yield f"afuc a{gen}xx", AFUC, AFUC.root, Variant(gen), 32
    for chip, ptype in (("g80", None), ("g84", "vp"), ("g200", "cp"), ("gt215", "fp")):
        for t in TABLES.values():
            yield f"g80 {chip} {ptype} {t.name}", G80, t, variant(chip, ptype), 64
    yield "toy", NESTED, ROOT, Variant(modes=2), 64
    # an entry that fixes only bits tested above it (in the middle of its table): every
    # later entry's subtree must hold it too
    mid = Table("mid", (Bitset("a", 0, 0x12, 0xff), Bitset("w", 0, 0x02, 0x0f),
                        Bitset("b", 0, 0x22, 0xff), Bitset("c", 0, 0x33, 0xff)))
    yield "toy mid", Isa(mid), mid, Variant(), 8


def test_decision_trees_find_the_first_matching_entry():
    """Isa.decode finds a table's entry through a decision tree over the bits the entries
    fix; it must find the entry a scan of the table in order finds, for words near every
    entry (its fixed bits, the rest random) and random words."""
    import random
    rng = random.Random(19)
    checked = 0
    for what, isa, table, var, size in _tables():
        ct = isa._ctable(table, var)
        words = [rng.getrandbits(size) for _ in range(50)]
        for e in ct.entries:
            b = e.bitset
            words += [b.match | (rng.getrandbits(size) & ~b.mask) for _ in range(8)]
            for m, v in b.asserts:
                words += [(w & ~m) | v for w in words[-4:]]
        for w in words:
            assert isa._find(ct, w) is _first_match(ct.entries, w), (what, hex(w))
            checked += 1
    assert checked > 20000
