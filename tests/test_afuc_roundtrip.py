"""Every listing ``afuc-dis -u`` prints reassembles, with our ``afuc-as``,
to the firmware's own bytes (issue 19: Mesa's text loses them on the
``sqe-preinc-decimal`` and don't-care-bit lines, ours must not).  The images
are Mesa's vectors (tests/data/afuc/dis, count-guarded through afuc_rows)."""
import pytest

from refs import AFUC, afuc_rows
from visa.afuc import assemble, disassemble, format, listing

IMAGES = sorted({row["fw"] for row in afuc_rows("dis", "MANIFEST.tsv", "afuc listings")})


def test_every_image_is_listed():
    assert len(IMAGES) == 154


@pytest.mark.parametrize("fw", IMAGES)
def test_listing_reassembles_to_the_image(fw):
    data = (AFUC / "dis" / fw).read_bytes()
    program = disassemble(data)
    text = listing(data)
    assert format(program) == text
    assert assemble(text, path=f"{fw}.asm") == data  # through the text (afuc-as)
    assert assemble(program) == data  # the program itself


def test_a_table_the_code_cannot_name_is_not_listed_as_one():
    """a6xx/a7xx: the packet table is listed as ``.jumptbl`` (rebuilt from
    the labels) only where every entry is an offset of the listed code;
    otherwise (here one entry points past the table) the words are listed as
    they are, and the listing still reads back (Mesa's would not)."""
    from visa.afuc.emu import Bootstrap

    data = bytearray((AFUC / "dis" / "a630_std_001.fw").read_bytes())
    words = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
    emu = Bootstrap(words[1:], 6)
    emu.run()
    table = 1 + next(i for i in range(len(words)) if words[1 + i:1 + i + 128] == emu.jmptbl)
    assert ".jumptbl" in listing(bytes(data))
    data[4 * (table + 0x10):4 * (table + 0x11)] = (len(words) + 5).to_bytes(4, "little")
    changed = listing(bytes(data))
    assert ".jumptbl" not in changed
    assert assemble(changed) == bytes(data)
