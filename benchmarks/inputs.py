"""Benchmark inputs, built from the project's own reference data (tests/data).

* ``big100k()``: the body of the IGC-compiled ``vadd`` kernel
  (tests/data/bench/vadd_tgllp.visaasm) repeated straight-line, without its
  branch, to 100,124 lines; byte for byte the input whose Intel binary is
  tests/data/bench/big100k.ref.isa.xz.  It repeats one body, so any memo of
  equal lines helps it: it is the best case.
* ``nonrepeating(n)``: one kernel of about ``n`` lines made of the real TGLLP
  corpus kernels, copied as often as needed, every declared variable and
  label renamed per copy, so that no two instruction lines are equal (lines
  that would repeat, such as ``ret`` or an access to a predefined register
  only, are kept once).  Nothing a memo of equal lines can help with.
"""
from __future__ import annotations

import lzma
import re
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
VADD = DATA / "bench" / "vadd_tgllp.visaasm"
BIG100K_REF = DATA / "bench" / "big100k.ref.isa.xz"
CORPUS_TGLLP = DATA / "corpus" / "tgllp"

_COMMENT = re.compile(r"\s*///.*$")
_BIG_REPEATS = 3031  # 33 body lines each: 100,124 lines in all


def big100k() -> str:
    """The 100,124-line kernel of tests/data/bench/README.shared.md."""
    lines = VADD.read_text().splitlines(keepends=True)
    start = next(i for i, ln in enumerate(lines) if ln.startswith("_main_0:"))
    head = lines[:start + 1]
    body = []
    for ln in lines[start + 1:]:
        s = ln.rstrip("\n")
        if not s.startswith("    ") or "goto" in s or s.strip().startswith("ret "):
            continue  # labels, blank lines, the branch and the final ret
        body.append(_COMMENT.sub("", s) + "\n")
    ret = next(ln for ln in lines if ln.strip().startswith("ret "))
    return "".join(head) + "".join(body) * _BIG_REPEATS + ret


def big100k_ref() -> bytes:
    return lzma.decompress(BIG100K_REF.read_bytes())


_DECL = re.compile(r"^\.decl (\S+) ")
_LABEL_DEF = re.compile(r"^([A-Za-z_$@?][\w$@?\-]*):\s*$")
_WORD = re.compile(r"[A-Za-z_$@?][\w$@?]*")
# instructions that name other objects (functions) or need the kernel's own
# inputs and attributes: left out of the mix
_SKIP = re.compile(r"^\s*(?:\([^)]*\)\s*)?(?:fcall|ifcall|faddr|call|ret|fret|FILE|LOC)\b")


def _kernel_parts(text: str):
    """(declaration lines, body lines, declared names, label names); samplers
    and surfaces are not renamed (their ids must fit a byte): each name is
    declared once and shared by the copies."""
    decls, body, names, labels = [], [], set(), set()
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(".function"))
    for ln in lines[:start]:
        m = _DECL.match(ln)
        if m:
            decls.append(ln)
            if "v_type=S" not in ln and "v_type=T" not in ln:
                names.add(m.group(1))
    for ln in lines[start + 1:]:
        s = _COMMENT.sub("", ln).rstrip()
        if not s:
            continue
        m = _LABEL_DEF.match(s)
        if m:
            labels.add(m.group(1))
        body.append(s)
    return decls, body, names, labels


def nonrepeating(n_lines: int = 100_000) -> str:
    """One TGLLP kernel of about ``n_lines`` lines with no two equal
    instruction lines (see the module docstring)."""
    kernels = []
    for p in sorted(CORPUS_TGLLP.glob("*.visaasm")):
        if re.search(r"\.f\d+\.visaasm$", p.name):
            continue
        kernels.append(_kernel_parts(p.read_text()))
    if not kernels:
        raise FileNotFoundError(f"no kernels under {CORPUS_TGLLP}")
    head = [".version 4.1", '.kernel "nonrepeating"']
    decls: list[str] = []
    body: list[str] = []
    seen: set[str] = set()
    copy = 0
    while len(head) + len(decls) + len(body) + 4 < n_lines:
        for k, (kd, kb, names, labels) in enumerate(kernels):
            suffix = f"_c{copy}k{k}"
            rename = {nm: nm + suffix for nm in names | labels}

            def sub(s: str) -> str:
                return _WORD.sub(lambda m: rename.get(m.group(0), m.group(0)), s)
            for d in kd:
                d = sub(d)
                if d not in seen:
                    seen.add(d)
                    decls.append(d)
            for s in kb:
                if _SKIP.match(s) or s.startswith("_main_"):
                    continue
                t = sub(s)
                if t in seen:
                    continue
                seen.add(t)
                body.append(t)
            if len(head) + len(decls) + len(body) + 4 >= n_lines:
                break
        copy += 1
    tail = ['.kernel_attr Target="3d"', '.function "_main_0"', "", "_main_0:"]
    return "\n".join(head + decls + tail + body + ["    ret (M1, 1)"]) + "\n"
