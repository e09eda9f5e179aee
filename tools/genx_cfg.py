"""Record GenX_IR's CFG (``-dotAll``: ``<kernel>.000.after.CFGConstruction.dot``)
of corpus kernels as test data: per kernel, its blocks (label, ``$N`` ids),
edges ``BBi -> BBj``, and the spill GenX_IR reports for it ("Spill memory
used = N bytes", 0 where it says nothing: ``spill_bytes``).  Usage: python tools/genx_cfg.py PLATFORM FILE...
(writes tests/data/genx_cfg/<platform>/<file stem>.json)."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def genx_graph(path: str, platform: str) -> dict | None:
    with tempfile.TemporaryDirectory() as d:
        # GenX_IR writes <input>.isa beside its input: give it a copy in d
        copy = os.path.join(d, os.path.basename(path))
        with open(path, "rb") as src, open(copy, "wb") as dst:
            dst.write(src.read())
        try:
            r = subprocess.run(["GenX_IR", copy, "-platform", platform, "-dotAll"],
                               cwd=d, capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        said = (r.stdout + r.stderr).decode("utf-8", errors="replace")
        spills = [int(x) for x in re.findall(r"Spill memory used = (\d+) bytes", said)]
        dots = glob.glob(os.path.join(d, "*.000.after.CFGConstruction.dot"))
        if len(dots) != 1:
            return None
        text = open(dots[0], encoding="utf-8", errors="replace").read()
    blocks: dict[str, dict] = {}
    for m in re.finditer(r'(BB\d+) \[shape=plaintext, label=<(.*?)>\];', text, re.S):
        head = re.search(r'BB\d+: ([^<]*)', m.group(2))
        ids = sorted({int(x) for x in re.findall(r'// \$(\d+)', m.group(2))})
        blocks[m.group(1)] = {"label": head.group(1).strip() if head else None, "ids": ids}
    edges = sorted({(a, b) for a, b in re.findall(r'^\s*(BB\d+) -> (BB\d+)', text, re.M)})
    return {"blocks": blocks, "edges": edges, "spill_bytes": max(spills, default=0)}


def main() -> None:
    platform, files = sys.argv[1], sys.argv[2:]
    out = os.path.join("tests", "data", "genx_cfg", platform.lower())
    os.makedirs(out, exist_ok=True)
    for f in files:
        g = genx_graph(f, platform)
        if g is None:
            print("skip", f)
            continue
        with open(os.path.join(out, os.path.basename(f)[:-len(".visaasm")] + ".json"), "w") as o:
            json.dump(g, o, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
