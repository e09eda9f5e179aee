"""visa.dumps: CFGs against GenX_IR's recorded graphs (tools/genx_cfg.py),
instruction counts against IGC's /// $N numbering, liveness against
hand-worked live sets and brute-force path enumeration."""
import glob
import json
import os
import re
import shutil
import subprocess

import pytest

import visa
from visa import dumps

HERE = os.path.dirname(__file__)
GENX = sorted(glob.glob(os.path.join(HERE, "data", "genx_cfg", "tgllp", "*.json")))


def _ours(text, path):
    m = visa.parse(text, path)
    g = dumps.cfg(m, text)[0]
    key = [(b.label, frozenset(b.ids)) for b in g.blocks]
    return set(key), {(key[e.src], key[e.dst]) for e in g.edges}


# GenX_IR names a block that starts without a label (after a call or a
# branch) with a label of its own, _<kernel>_k<i>_<n>_: a lowering detail,
# compared as "no label"; in a function file it prefixes our labels with
# L_f<i>_ (the function's index), compared without it
_MADE = re.compile(r"^_\w+_[kf]\d+_\d+_$")
_FPREFIX = re.compile(r"^L_f\d+_")


def _theirs(rec):
    key = {n: (None if b["label"] and _MADE.match(b["label"])
               else b["label"] and _FPREFIX.sub("", b["label"]), frozenset(b["ids"]))
           for n, b in rec["blocks"].items()}
    return set(key.values()), {(key[a], key[b]) for a, b in rec["edges"]}


def test_genx_set_present():
    assert len(GENX) >= 30


@pytest.mark.parametrize("rec", GENX, ids=os.path.basename)
def test_cfg_equals_genx(rec):
    name = os.path.basename(rec)[:-5]
    path = os.path.join(HERE, "data", "corpus", "tgllp", name + ".visaasm")
    with open(path) as f:
        text = f.read()
    with open(rec) as f:
        theirs = _theirs(json.load(f))
    assert _ours(text, path) == theirs
