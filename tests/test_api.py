"""The public API (the names visa exports): one set of functions over text
and modules.  A module gives what its text gives; the bytes are Intel's
(the reference binaries of tests/data)."""
from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import visa
from refs import golden_stems, corpus_stems, dis_text, kernel_gen_blobs, program_text, ref_bytes
from visa import ast as A

DATA = Path(__file__).resolve().parent / "data"
# programs with Intel's binary of them: hand-written golden programs, and a
# real kernel of each platform
_CORPUS = corpus_stems()
CASES = golden_stems()[:8] + [next(s for s in _CORPUS if s.parent.name == p)
                              for p in ("skl", "tgllp", "dg2", "pvc")]


def _id(stem: Path) -> str:
    return f"{stem.parent.name}/{stem.name}"


@pytest.mark.parametrize("stem", CASES, ids=_id)
def test_assemble_a_module_gives_intels_bytes(stem):
    text, ref = program_text(stem), ref_bytes(stem)
    module = visa.parse(text, filename=str(stem))
    assert visa.assemble(module, gen_binaries=kernel_gen_blobs(ref)) == ref
    assert visa.assemble(text, gen_binaries=kernel_gen_blobs(ref)) == ref


@pytest.mark.parametrize("stem", CASES, ids=_id)
def test_disassemble_to_a_module_is_the_parse_of_the_text(stem):
    data = ref_bytes(stem)
    module = visa.disassemble(data, module=True)
    assert isinstance(module, A.Module)
    assert module == visa.parse(visa.disassemble(data))
    assert visa.assemble(module, gen_binaries=kernel_gen_blobs(data)) == data


_CORPUS_CASES = [s for s in CASES if s in _CORPUS]


@pytest.mark.parametrize("stem", _CORPUS_CASES, ids=_id)
def test_disassemble_gives_intels_text_by_default_and_with_module_false(stem):
    """Without ``module`` (and with ``module=False``) disassemble gives text:
    Intel's text of the binary (the corpus' program, as tests/refs.dis_text
    says a disassembly prints it)."""
    data, want = ref_bytes(stem), dis_text(program_text(stem))
    assert visa.disassemble(data) == want
    assert visa.disassemble(data, module=False) == want


@pytest.mark.parametrize("stem", CASES[:4], ids=_id)
def test_format_and_validate_take_text_or_module(stem):
    text = program_text(stem)
    module = visa.parse(text)
    assert visa.format(text) == visa.format(module)
    assert visa.format(text, (4, 2)) == visa.format(module, version=(4, 2))
    import attrs
    # the same diagnostics; only text has the source lines for carets
    assert [attrs.evolve(d, source_line=None) for d in visa.validate(text)] == visa.validate(module)


def test_validate_names_the_file_and_keeps_the_source_line_of_text():
    text = ".version 4.1\n.kernel \"k\"\n.decl V v_type=G type=d num_elts=4\n" \
           ".decl W v_type=G type=d num_elts=4 alias=<V, 64>\n"
    d, = visa.validate(text, filename="k.visaasm")
    assert (d.file, d.line, d.rule) == ("k.visaasm", 4, "alias-offset")
    assert d.source_line.startswith(".decl W")
    m, = visa.validate(visa.parse(text), filename="k.visaasm")
    assert (m.file, m.line, m.rule, m.source_line) == ("k.visaasm", 4, "alias-offset", None)
    assert visa.validate(visa.parse(text))[0].file == "<input>"


def test_errors_of_a_module_are_visa_errors_at_their_nodes():
    text = ".version 4.1\n.kernel \"k\"\n.decl V v_type=G type=d num_elts=4\n" \
           "    mov (M1, 4) V(0,0)<1> 0x1:d\n    if (M1, 4) L\n"  # 4.1 cannot encode if
    module = visa.parse(text)
    with pytest.raises(visa.VisaError) as e:
        visa.assemble(module, filename="k.visaasm", validate=False)
    d, = e.value.diagnostics
    assert (d.file, d.line) == ("k.visaasm", 5)
    with pytest.raises(visa.VisaError) as t:
        visa.assemble(text, filename="k.visaasm", validate=False)
    assert (t.value.diagnostics[0].file, t.value.diagnostics[0].line) == ("k.visaasm", 5)
    assert t.value.diagnostics[0].message == d.message


def test_assemble_a_module_for_a_platform_with_gen_binaries():
    path = DATA / "bench" / "vadd_tgllp.visaasm"
    text = path.read_text()
    module = visa.parse(text)
    blob = bytes(range(16))
    assert visa.assemble(module, gen_binaries=[("TGLLP", blob)]) == \
        visa.assemble(text, gen_binaries=[(12, blob)])
    warnings: list = []
    visa.assemble(module, platform="TGLLP", warnings=warnings)
    assert all(w.severity == "warning" for w in warnings)


def test_wrong_input_types():
    with pytest.raises(TypeError):
        visa.assemble(b"not text")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        visa.validate(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        visa.disassemble("text")  # type: ignore[arg-type]
    with pytest.raises(visa.VisaError) as e:
        visa.disassemble(b"CISA\x04\x01garbage", module=True, filename="x.isa")
    assert e.value.diagnostics[0].file == "x.isa"


def test_the_exported_names_are_documented():
    assert set(visa.__all__) >= {"parse", "format", "validate", "assemble", "disassemble", "build",
                                 "Builder", "ast", "VisaError", "Diagnostic"}
    for n in visa.__all__:
        obj = getattr(visa, n)
        if inspect.isfunction(obj) or inspect.isclass(obj) or inspect.ismodule(obj):
            assert (obj.__doc__ or "").strip(), n
    assert "internal" in visa.__doc__
    for n in visa.build.__all__:
        obj = getattr(visa.build, n)
        assert (obj.__doc__ or "").strip(), n
        for m, f in inspect.getmembers(obj, inspect.isfunction):
            if not m.startswith("_"):
                assert (f.__doc__ or "").strip(), f"{n}.{m}"


def test_module_file_takes_no_part_in_equality():
    text = (DATA / "bench" / "vadd_tgllp.visaasm").read_text()
    a = visa.parse(text)
    import attrs
    b = attrs.evolve(a, file="elsewhere.py", built=True)
    assert a == b and hash(a) == hash(b)


def test_gen_binaries_may_be_any_mapping():
    # a read-only mapping from kernel name to (platform, blob) pairs is taken
    # like a dict: the result is Intel's reference binary
    from types import MappingProxyType
    stem = CASES[0]
    ref = ref_bytes(stem)
    blobs = MappingProxyType(kernel_gen_blobs(ref))
    assert visa.assemble(program_text(stem), gen_binaries=blobs) == ref


def test_a_parsed_module_keeps_its_file_name():
    text = (DATA / "handwritten42" / "only42__XE2.v42.visaasm").read_text()
    bad = text.replace("num_elts=16", "num_elts=0", 1)
    m = visa.parse(bad, "k.visaasm")
    assert m.file == "k.visaasm"
    # (its uses of the emptied variable are region-bounds errors too)
    (d,) = [d for d in visa.validate(m) if d.severity == "error" and d.rule == "decl-num-elts"]
    assert d.file == "k.visaasm" and d.line == 4
