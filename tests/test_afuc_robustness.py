"""Hostile input gets named errors, never a traceback, a hang or a huge
output: numbers too long to read (Python refuses to read decimal numbers
of more than 4,300 digits), alignments larger than any firmware, packet
ids out of the table, names too long to print whole."""
import pytest

import visa.afuc as afuc

CASES = [
    ("mov $01, " + "1" * 5000, "is too large (5000 digits)"),
    ("mov $01, 0x" + "f" * 5000, "is too large"),
    ("brne $01, b" + "9" * 5000 + ", #x\nx:", "is too large"),
    ("jump #" + "9" * 5000, "is too large"),
    ("jump #-" + "9" * 5000, "is too large"),
    ("[" + "f" * 5000 + "]", "does not fit 32 bits"),
    (".align 0x40000000\nnop", "at most 65536 bytes"),
    (".align " + "9" * 50, "is too large"),
    ("mov $" + "a" * 5000 + ", $01", "out of range"),
    ("UNKN" + "9" * 5000 + ":\n.jumptbl", "outside the 128-entry table"),
    ("UNKN128:\n.jumptbl", "packet id 128 is outside"),
    ("frob" + "x" * 5000, "unknown mnemonic"),
    ("jump #" + "x" * 5000, "undefined label"),
    ("\x00", "unknown character"),
    ("nop \udcff", "non-UTF-8 byte 0xff"),
]


@pytest.mark.parametrize("body,message", CASES, ids=range(len(CASES)))
def test_named_error(body, message):
    with pytest.raises(afuc.AfucError) as e:
        afuc.assemble("[016ee54d]\n" + body + "\n", "x.asm")
    text = e.value.render()
    assert message in text
    assert max(len(line) for line in text.split("\n")[:1]) < 200  # the message, cut


def test_alignment_that_fits_is_taken():
    image = afuc.assemble("[016ee54d]\n.align 12\nnop\n")
    assert len(image) == 4 * 5  # zero word, version, two nop of padding, nop
