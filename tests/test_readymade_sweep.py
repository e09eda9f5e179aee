"""The store of ready-made data does not grow for good (visa/readymade.py):
every upgrade, changed source or other Python names new files, so files
left unread for ``STALE_DAYS`` are removed when a new file is written; a
file that is read is marked as used (its time of change set to now, where
it was over a day old), so a file some run still reads is never removed;
nothing but the store's own names is touched."""
from __future__ import annotations

import os
import subprocess
import sys
import time

from visa import readymade

DAY = 86400
HEX32 = "0123456789abcdef" * 2


def _age(path, days: float) -> None:
    t = time.time() - days * DAY
    os.utime(path, (t, t))


def test_stale_files_of_the_store_go_and_nothing_else(tmp_path):
    ours_old = [f"attrs-code-{HEX32}.bin", f"re-visa-lexicon-{HEX32[::-1]}.bin",
                "afuc-12e8d46fbb2b3c72.txt", "g80-parser.lark", f"parser-{HEX32}.lark",
                f".lalr-{HEX32}.bin.a1b2c3d4e5f6.tmp"]
    ours_new = [f"lalr-{HEX32}.bin"]
    others = ["notes.txt", "my-0123.bin", f"{HEX32}.bin", "README", f"x-{HEX32}.bin.bak"]
    for n in ours_old + ours_new + others:
        (tmp_path / n).write_bytes(b"x")
        _age(tmp_path / n, 0 if n in ours_new else readymade.STALE_DAYS + 1)
    (tmp_path / "sub").mkdir()
    gone = readymade.sweep(str(tmp_path))
    assert sorted(gone) == sorted(ours_old)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(ours_new + others + ["sub"])


def test_a_file_read_is_marked_used(tmp_path):
    key = readymade.key("test-kind", "a source")
    assert readymade.save("test-kind", key, {"a": 1}, str(tmp_path))
    [path] = [p for p in tmp_path.iterdir() if p.name.startswith("test-kind-")]
    _age(path, readymade.STALE_DAYS + 5)
    assert readymade.load("test-kind", key, str(tmp_path)) == {"a": 1}
    assert time.time() - path.stat().st_mtime < 60
    assert readymade.sweep(str(tmp_path)) == []
    # a file read within the day is left as it is (one change a day at most)
    _age(path, 0.5)
    before = path.stat().st_mtime
    readymade.load("test-kind", key, str(tmp_path))
    assert path.stat().st_mtime == before


def test_writing_a_new_file_sweeps_the_store(tmp_path):
    """As a tool run after an upgrade: it makes and writes its tables anew,
    and the files of the old version, unread for months, go."""
    old = tmp_path / f"lalr-{HEX32}.bin"
    old.write_bytes(b"an old version's tables")
    _age(old, 90)
    env = {**os.environ, "VISA_CACHE_DIR": str(tmp_path)}
    src = tmp_path / "k.visaasm"
    src.write_text('.version 4.1\n.kernel "k"\nret (M1, 1)\n')
    r = subprocess.run([sys.executable, "-c", "import sys; from visa.cli import as_main; "
                        "sys.argv[0] = 'visa-as'; as_main()", str(src), "--syntax-only"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert not old.exists()
    assert any(p.name.startswith("lalr-") for p in tmp_path.iterdir())
