#!/usr/bin/env python3
"""Measure the project against its vendored references (tests/data), the way
progress is judged: one line per metric and set.

    python tools/corpus_check.py [--sets corpus,golden,forms,wanted,handwritten,modern] [--metrics parse,print,valid,asm,dis,rt] [-v]

Metrics (fraction of entries that pass):
  parse  visa.parse(text) succeeds                  (every text file of the set)
  print  visa.format(visa.parse(text)) == text      (Intel's printing: the corpus)
  asm    visa.assemble(program, Gen blobs of the reference) == .ref.isa
  dis    visa.disassemble(.ref.isa) == the program text (corpus; sampler and
         surface v_name aliases print as the variable's name), or parses to the
         program's AST (hand-written sets)
  rt     visa.assemble(visa.disassemble(ref), Gen blobs) == ref
Exit status 1 if any metric is below --min (default 100).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import refs  # noqa: E402

import visa  # noqa: E402

SETS = {
    "corpus": (refs.corpus_files, refs.corpus_stems),
    "golden": (refs.golden_files, refs.golden_stems),
    "forms": (refs.forms_files, refs.forms_ref_stems),
    "wanted": (lambda: [], refs.wanted_ref_stems),
    "handwritten": (refs.handwritten_files, refs.handwritten_ref_stems),
    "modern": (refs.modern_files, lambda: []),  # vISA 4.2 dumps: parse and print only
}


def check(metric: str, set_name: str, item: Path) -> bool:
    if metric == "parse":
        visa.parse(item.read_text(), str(item))
        return True
    if metric == "print":
        text = item.read_text()
        return visa.format(visa.parse(text, str(item))) == text
    if metric == "valid":  # the validator finds no error (warnings allowed), for
        # the corpus folder's platform (a 4.2 dump names its own)
        plat = item.parent.name.upper() if set_name == "corpus" else None
        return not [d for d in visa.validate(item.read_text(), filename=str(item), platform=plat)
                    if d.severity == "error"]
    ref = refs.ref_bytes(item)
    if metric == "asm":
        ours, ref = refs.assemble_stem(item)
        return ours == ref
    if metric == "dis":
        out = visa.disassemble(ref)
        text = refs.program_text(item)
        if set_name == "corpus":
            return out == refs.dis_text(text)
        return visa.parse(out) == visa.parse(text)
    if metric == "rt":
        return visa.assemble(visa.disassemble(ref), gen_binaries=refs.kernel_gen_blobs(ref)) == ref
    raise SystemExit(f"unknown metric {metric}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="corpus,golden,forms,wanted,handwritten,modern")
    ap.add_argument("--metrics", default="parse,print,valid,asm,dis,rt")
    ap.add_argument("--min", type=float, default=100.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    worst = 100.0
    for set_name in a.sets.split(","):
        files, stems = SETS[set_name]
        for metric in a.metrics.split(","):
            if metric == "print" and set_name not in ("corpus", "modern"):
                continue  # hand-written text is not in Intel's layout
            if metric == "dis" and set_name == "forms":
                continue  # spellings the binary does not keep ((16), upper-case types): rt is the target
            items = files() if metric in ("parse", "print", "valid") else stems()
            if not items:
                continue
            ok, fails, t0 = 0, [], time.perf_counter()
            for item in items:
                try:
                    good = check(metric, set_name, item)
                    err = "differs"
                except visa.VisaError as e:
                    good, err = False, str(e).splitlines()[0]
                ok += good
                if not good:
                    fails.append((item.name, err))
            pct = 100.0 * ok / len(items)
            worst = min(worst, pct)
            print(f"{set_name:12s} {metric:6s} {ok:4d}/{len(items):<4d} {pct:6.2f}%  "
                  f"{time.perf_counter() - t0:6.2f}s")
            for name, err in fails if a.verbose else fails[:3]:
                print(f"    FAIL {name}: {err}")
    return 0 if worst >= a.min else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
