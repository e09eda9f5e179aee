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
