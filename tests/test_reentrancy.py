"""The library keeps no state between calls: programs parsed, assembled and
disassembled by several threads at once come out as they do one after the
other."""
from __future__ import annotations

import threading

import visa
from refs import assemble_stem, corpus_stems, golden_files, program_text

SIZEOF = """.version 4.1
.kernel "k{n}"
.decl V40 v_type=G type=d num_elts={n} align=hword
.decl V41 v_type=G type=d num_elts=(%sizeof V40 / 4) align=hword
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
    mov (M1, 8) V41(0,0)<1> (%sizeof V40):d
    ret (M1, 1)
"""


def _run_threads(jobs, n_threads: int = 4) -> list:
    """Run each job (a function of no arguments) on n_threads threads at
    once, every thread doing all jobs in a different order; the results in
    job order, per thread."""
    results = [[None] * len(jobs) for _ in range(n_threads)]
    errors = []
    start = threading.Barrier(n_threads)

    def work(t):
        try:
            start.wait()
            order = list(range(len(jobs)))
            order = order[t:] + order[:t]
            for i in order:
                results[t][i] = jobs[i]()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(n_threads)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    return results


def test_parallel_parses_equal_sequential_ones():
    texts = [p.read_text() for p in golden_files()] + [SIZEOF.format(n=n) for n in (8, 16, 32, 64)]
    expected = [visa.parse(t) for t in texts]
    for per_thread in _run_threads([lambda t=t: visa.parse(t) for t in texts]):
        assert per_thread == expected


def test_sizeof_sees_its_own_program():
    """%sizeof reads the declarations of the program being parsed, even when
    other threads parse programs that declare the same names."""
    texts = [SIZEOF.format(n=n) for n in (8, 16, 32, 64)]
    for per_thread in _run_threads([lambda t=t: visa.parse(t) for t in texts]):
        for n, m in zip((8, 16, 32, 64), per_thread, strict=True):
            v41 = m.units[0].decls[1]
            assert v41.num_elts == n
            assert m.units[0].body[1].operands[1].bits == 4 * n


def test_parallel_assembly_and_disassembly():
    stems = corpus_stems()[::40]
    expected = [assemble_stem(s) for s in stems]
    assert all(ours == ref for ours, ref in expected)
    jobs = [lambda s=s: assemble_stem(s)[0] for s in stems]
    jobs += [lambda r=r: visa.disassemble(r) for _, r in expected]
    for per_thread in _run_threads(jobs):
        assert per_thread[:len(stems)] == [ref for _, ref in expected]
        assert per_thread[len(stems):] == [visa.disassemble(r) for _, r in expected]


def test_parse_leaves_the_garbage_collector_alone(monkeypatch):
    # the collector is the interpreter's: parse() neither pauses nor tunes it
    import gc
    calls = []
    for name in ("disable", "enable", "set_threshold", "freeze"):
        monkeypatch.setattr(gc, name, lambda *a, _n=name: calls.append(_n))
    visa.parse(program_text(corpus_stems()[0]))
    assert calls == []


def test_the_pipeline_leaves_no_cyclic_garbage():
    # visa-as and visa-dis switch the cyclic collector off for their own
    # process; that is only sound while parsing, validating, assembling and
    # disassembling create no reference cycles
    import gc
    from refs import corpus_stems, program_text
    text = program_text(corpus_stems()[0])
    visa.assemble(text)  # first use: module-level caches fill up
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        data = visa.assemble(text)
        visa.disassemble(data)
        visa.validate(visa.parse(text))
        del data
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
