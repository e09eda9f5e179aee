"""The record and AST classes made with visa/_frozen.py's ``frozen`` are
attrs' own: their generated methods are the code attrs compiles, whether it
was compiled in this run or kept from an earlier one (visa/readymade.py),
checked in a second process that takes every class's code from the store
(``__hash__``'s per-process number put back in)."""
from __future__ import annotations

import os
import subprocess
import sys

import attrs

from visa import _frozen

CHECK = r"""
import linecache, sys, types
import attrs
import visa.cli, visa.parser, visa.encode, visa.validator, visa.build, visa.decode, visa.printer
from visa import _frozen, readymade

def classes():
    seen = set()
    for name, mod in list(sys.modules.items()):
        if name == "visa" or name.startswith("visa."):
            for v in vars(mod).values():
                if isinstance(v, type) and attrs.has(v) and v.__module__ == name and v not in seen:
                    seen.add(v)
                    yield v

import __future__
from attr import _make
# the __future__ flags attrs' own compile step compiles with
FLAGS = _make._compile_and_eval.__code__.co_flags & sum(
    getattr(__future__, n).compiler_flag for n in __future__.all_feature_names)
checked = 0
for cls in classes():
    for k, f in vars(cls).items():
        code = getattr(f, "__code__", None)
        if code is None or not code.co_filename.startswith("<attrs generated"):
            continue
        # what attrs compiles: the source it wrote (linecache) compiled again
        src = "".join(linecache.cache[code.co_filename][2])
        fresh = [c for c in compile(src, code.co_filename, "exec", FLAGS, True).co_consts
                 if isinstance(c, types.CodeType) and c.co_name == code.co_name]
        assert len(fresh) == 1, (cls, k)
        assert fresh[0] == code and fresh[0].co_consts == code.co_consts, (cls, k)
        checked += 1
used = len(_frozen._memo._used) if _frozen._memo is not None else 0
readymade.flush()
print(checked, used)
"""


def test_the_kept_code_is_the_code_attrs_compiles(tmp_path):
    runs = []
    # each process has its own numbers in __hash__ (its own hash seed)
    for k, seed in enumerate(("1", "1", "2", "3")):
        env = {**os.environ, "VISA_CACHE_DIR": str(tmp_path), "PYTHONHASHSEED": seed}
        r = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        runs.append(tuple(map(int, r.stdout.split())))
        [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("attrs-code-")]
        if k == 0:
            before = kept.read_bytes()
        elif k == 1:  # the same numbers: every class's code came from the store
            assert kept.read_bytes() == before
    for checked, used in runs:
        # (the AST's, the object file's, the diagnostics'...: the
        # instruction set's records are made by visa/_record.py)
        assert checked >= 150 and used >= 90, runs


def test_the_compile_step_is_attrs_own_outside_our_classes():
    from attr import _make
    original = _make._compile_and_eval
    assert original is not _frozen._compile_and_eval

    @_frozen._frozen
    class Point:
        x: int
        y: int = 0

    assert _make._compile_and_eval is original
    p = Point(1, 2)
    assert p == Point(1, 2) and hash(p) == hash(Point(1, 2)) and p != Point(2, 1)
    assert attrs.evolve(p, y=5) == Point(1, 5)


MISSES = r"""
from visa import _frozen
missed = []
original = _frozen._function
def counting(src, filename, name):  # (the compile of a __hash__ alone)
    missed.append(filename)
    return original(src, filename, name)
_frozen._function = counting
import visa.cli, visa.parser, visa.encode, visa.validator, visa.decode, visa.printer
from visa import readymade
readymade.flush()
print(len(missed))
"""


def test_a_new_hash_seed_finds_its_hash_code_kept(tmp_path):
    """A class's ``__hash__`` holds a number of this process (its hash
    seed): the first process keeps the code for every usual sign and length
    of that number at once, so later processes (other seeds) compile none."""
    counts = []
    for seed in ("1", "2", "3", "4", "5"):
        env = {**os.environ, "VISA_CACHE_DIR": str(tmp_path), "PYTHONHASHSEED": seed}
        r = subprocess.run([sys.executable, "-c", MISSES], capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        counts.append(int(r.stdout))
    assert counts[0] >= 40, counts  # the first process: every class's missed (six times)
    # (a number of 16 digits or fewer, 0.1% of classes per process, may still miss)
    assert sum(counts[1:]) <= 2, counts
