"""Real Adreno firmware (Debian's firmware-qcom-soc, installed by .ci/run;
``$FW_DIR`` may point elsewhere): ``afuc-dis -u`` lists each file and
``afuc-as`` of that listing gives the file's bytes again, as Mesa's README
asks of an unmodified firmware.  a650 and a660 are listed without ``-g``
(Mesa's disassembler hangs on them: its id table swaps 0x6dc and 0x6dd).
The files are not free and never committed: where they are missing, the
tests skip and say so."""
import os
from pathlib import Path

import pytest

from visa.afuc import assemble, listing

FW_DIR = Path(os.environ.get("FW_DIR", "/lib/firmware/qcom"))
FIRMWARE = ["a530_pfp.fw", "a530_pm4.fw", "a630_sqe.fw", "a650_sqe.fw", "a660_sqe.fw"]


@pytest.mark.parametrize("name", FIRMWARE)
def test_real_firmware_round_trips(name):
    path = FW_DIR / name
    if not path.exists():
        pytest.skip(f"{path} not installed (Debian package firmware-qcom-soc, non-free-firmware)")
    data = path.read_bytes()
    text = listing(data)
    assert text.count("\n") > 4000  # the whole image was listed, not a stub
    assert assemble(text, path=f"{name}.asm") == data
