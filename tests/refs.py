"""The reference data the tests read, all of it vendored under tests/data/.

Layout (each folder keeps the README it came with):

* ``corpus/<platform>/``: real kernels as Intel's compiler printed them, with
  the binary Intel's last correct writer made of each (``<stem>.ref.isa``);
  kernels with stack calls have function files ``<stem>.f<k>.visaasm``.
* ``golden/``: hand-written programs covering every opcode, with references.
* ``refs/forms/``, ``refs/wanted/``: references for the programs of
  ``tests/data/forms`` (``*.reduced.*`` where Intel's writer aborts on the
  whole program) and for the typed-LSC program asked for earlier.
* ``lossy/``: broken binaries of Debian's IGC (hostile input, no byte target).
* ``spec/``: the user's spec and its notes.
* ``handwritten/``: small programs in the spec's style, accepted by Debian's
  GenX_IR; their references (and those of handwritten42's ``.v41`` twins)
  are in ``refs/handwritten/``, each beside a copy of its program.
* ``intel/``: facts of Intel's sources (enumerators, table rows) for the
  instruction-table tests.
* ``bench/``: the vadd kernel the benchmark inputs are built from, and the
  reference binary of the 100k-line kernel built from it (xz-compressed).

Every set is listed through :func:`require`, which fails (at collection time,
so the whole run fails) when a set has fewer members than it is known to have:
a missing or emptied folder can never shrink the run silently.
"""
from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
CORPUS = DATA / "corpus"
GOLDEN = DATA / "golden"
FORMS = DATA / "forms"
REFS = DATA / "refs"
LOSSY = DATA / "lossy"
SPEC = DATA / "spec" / "visa-assembly-syntax.md"
BENCH = DATA / "bench"
HANDWRITTEN = DATA / "handwritten"
MODERN = DATA / "modern"
MODERN_VERDICTS = DATA / "modern-verdicts"
HANDWRITTEN42 = DATA / "handwritten42"

# How many members each set has.  A set may grow (update the number); it may
# never come out smaller.
COUNTS = {
    "corpus text files": 432,   # kernels and their function files
    "corpus references": 407,   # stems with a .ref.isa (one kernel has none)
    "golden programs": 26,
    "golden references": 26,
    "forms programs": 27,
    "forms references": 27,     # 22 whole programs + 5 reduced copies
    "wanted references": 1,
    "handwritten references": 9,  # refs/handwritten: the 6 handwritten programs + 3 .v41 twins of handwritten42
    "lossy binaries": 12,
    "handwritten programs": 6,
    "vISA 4.2 dumps": 436,      # tests/data/modern: 412 kernels and their function files
    "vISA 4.1 mutants": 1051,    # tests/data/mutants-41/EXPECTED.tsv (tools/make_mutants_41.py)
    "handwritten 4.2 twins": 4,  # tests/data/handwritten42: *.v42.visaasm (3 twins + only42)
    # tests/data/g80: envytools' envydis/envyas -m g80 outputs (see its README.md)
    "g80 dis listings": 255,     # dis/DIS.tsv
    "g80 dis formats": 35,       # dis/formats/DIS.tsv
    "g80 asm programs": 453,     # asm/ASM.tsv: 293 fromdis + 160 gen
    "g80 asm-invalid": 71,       # asm-invalid/EXPECTED.tsv: 66 invalid + 5 quirks
    "g80 envyas-ub": 19,         # asm/envyas-ub/UB.tsv
    # tests/data/afuc: Mesa afuc-disasm/afuc-asm vectors (Mesa 04af4cbf, ../shared/afuc)
    "afuc listings": 166,        # dis/MANIFEST.tsv rows (154 images)
    "afuc programs": 110,        # asm/MANIFEST.tsv rows
    "afuc invalid programs": 103,  # asm-invalid/EXPECTED.tsv rows
    # tests/data/genx_cfg/<platform>: GenX_IR -dotAll's CFGConstruction graph
    # of every corpus kernel and function file of the platform (tools/genx_cfg.py)
    "GenX_IR CFGs tgllp": 101,
    "GenX_IR CFGs skl": 105,
    "GenX_IR CFGs dg2": 112,
    "GenX_IR CFGs pvc": 114,
}
GENX_CFG = DATA / "genx_cfg"
GENX_CFG_PLATFORMS = ("tgllp", "skl", "dg2", "pvc")


def genx_cfg_files(platform: str) -> list[Path]:
    """GenX_IR's recorded CFGs of one platform's corpus files (count-guarded)."""
    return require(f"GenX_IR CFGs {platform}", sorted((GENX_CFG / platform).glob("*.json")))
G80 = DATA / "g80"


def g80_rows(tsv: str, what: str) -> list[list[str]]:
    """The rows of a G80 reference TSV (comment lines dropped), count-guarded."""
    rows = [ln.rstrip("\n").split("\t") for ln in (G80 / tsv).read_text().splitlines(True)
            if ln.strip() and not ln.startswith("#")]
    return require(what, rows)


AFUC = DATA / "afuc"


def afuc_rows(sub: str, table: str, what: str) -> list[dict[str, str]]:
    """Rows of an afuc set's TSV manifest, after the count guard."""
    import csv

    with open(AFUC / sub / table, newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    return require(what, rows)


class MissingReferenceData(RuntimeError):
    """A reference set is missing or smaller than it is known to be."""


def require(what: str, items: list) -> list:
    """``items``, after checking that the set ``what`` is complete."""
    want = COUNTS[what]
    if len(items) != want:
        raise MissingReferenceData(
            f"{what}: found {len(items)}, expected {want} under {DATA}; "
            "a reference set must not shrink (or grow unnoticed): restore it, "
            "or update COUNTS in tests/refs.py with the reason")
    return items


_FUNC_FILE = re.compile(r"\.f\d+$")


def is_function_file(path: Path) -> bool:
    return bool(_FUNC_FILE.search(path.name[: -len(".visaasm")]))


def corpus_files() -> list[Path]:
    return require("corpus text files", sorted(CORPUS.glob("*/*.visaasm")))


def golden_files() -> list[Path]:
    return require("golden programs", sorted(GOLDEN.glob("*.visaasm")))


def forms_files() -> list[Path]:
    return require("forms programs", sorted(FORMS.glob("*.visaasm")))


def handwritten_files() -> list[Path]:
    """Small programs in the spec's style (tests/data/handwritten), each
    accepted by Debian's GenX_IR; references for them are wanted."""
    return require("handwritten programs", sorted(HANDWRITTEN.glob("*.visaasm")))


def modern_files() -> list[Path]:
    """The vISA 4.2 dumps of IGC 2.40 (tests/data/modern, README.shared.md)."""
    return require("vISA 4.2 dumps", sorted(MODERN.glob("*/*.visaasm")))


def lossy_files() -> list[Path]:
    return require("lossy binaries", sorted(LOSSY.glob("*.isa")))


def _stems(paths) -> list[Path]:
    return [Path(str(p)[: -len(".ref.isa")]) for p in sorted(paths)]


def corpus_stems() -> list[Path]:
    return require("corpus references", _stems(CORPUS.glob("*/*.ref.isa")))


def golden_stems() -> list[Path]:
    return require("golden references", _stems(GOLDEN.glob("*.ref.isa")))


def forms_ref_stems() -> list[Path]:
    return require("forms references", _stems((REFS / "forms").glob("*.ref.isa")))


def wanted_ref_stems() -> list[Path]:
    return require("wanted references", _stems((REFS / "wanted").glob("*.ref.isa")))


def handwritten_ref_stems() -> list[Path]:
    """Intel's binaries for tests/data/handwritten and the .v41 twins of
    tests/data/handwritten42, each beside a copy of its program."""
    return require("handwritten references", _stems((REFS / "handwritten").glob("*.ref.isa")))


def ref_stems() -> list[Path]:
    """Every stem with a .ref.isa: corpus, golden, then the hand-written refs."""
    return (corpus_stems() + golden_stems() + forms_ref_stems() + wanted_ref_stems()
            + handwritten_ref_stems())


def stem_id(stem: Path) -> str:
    return f"{stem.parent.name}/{stem.name}"


def platform_of(stem: Path) -> str:
    """The GenX_IR platform a stem was made for: the corpus folder, or the
    ``__<PLATFORM>`` suffix of a hand-written program's name."""
    if stem.parent.parent == CORPUS:
        return stem.parent.name.upper()
    name = stem.name.split(".")[0]
    return name.rsplit("__", 1)[1]


def _function_index(kernel: Path, path: Path) -> int:
    return int(path.name[len(kernel.name) + 2: -len(".visaasm")])


def program_text(stem: Path) -> str:
    """The text of a stem's whole program: the kernel file, then each of its
    function files in number order without their ``.version`` line (the rule
    of tests/data/corpus/README.md)."""
    text = stem.with_name(stem.name + ".visaasm").read_text()
    funcs = [p for p in stem.parent.glob(stem.name + ".f*.visaasm")
             if p.name[len(stem.name) + 2: -len(".visaasm")].isdigit()]
    for f in sorted(funcs, key=lambda p: _function_index(stem, p)):
        body = f.read_text()
        if body.startswith(".version"):
            body = body.split("\n", 1)[1] if "\n" in body else ""
        text += body
    return text


_SURFACE_ALIAS = re.compile(
    r"^(\.decl ([ST]\d+) v_type=[ST] num_elts=\d+ v_name=)\S+", re.M)


def dis_text(text: str) -> str:
    """What the disassembly of a corpus binary must print: the program text,
    except that a sampler or surface declaration's ``v_name=`` alias, which the
    binary does not keep, prints as the variable's own name."""
    return _SURFACE_ALIAS.sub(r"\1\2", text)


def ref_bytes(stem: Path) -> bytes:
    return stem.with_name(stem.name + ".ref.isa").read_bytes()


def gen_blobs(data: bytes) -> list[tuple[int, bytes]]:
    """(platform code, blob) pairs embedded with the first kernel."""
    from visa.binary import objfile
    k = objfile.read(data).kernels[0]
    return [(g.platform, g.data) for g in k.gen_binaries]


def gen_blob_args(data: bytes, folder) -> list[str]:
    """``visa-as`` options that embed the Gen blobs of reference ``data``
    (``--gen-binary PLATFORM:FILE`` each, the blobs written into ``folder``)."""
    args = []
    for k, (plat, blob) in enumerate(gen_blobs(data)):
        p = folder / f"blob{k}.bin"
        p.write_bytes(blob)
        args += ["--gen-binary", f"{plat}:{p}"]
    return args


def kernel_gen_blobs(data: bytes) -> dict[str, list[tuple[int, bytes]]]:
    """Each kernel's (platform code, blob) pairs, by kernel name."""
    from visa.binary import objfile
    return {k.name: [(g.platform, g.data) for g in k.gen_binaries]
            for k in objfile.read(data).kernels}


def assemble_stem(stem: Path) -> tuple[bytes, bytes]:
    """(our bytes, the reference bytes) for a reference stem."""
    import visa
    ref = ref_bytes(stem)
    return visa.assemble(program_text(stem), gen_binaries=kernel_gen_blobs(ref)), ref
