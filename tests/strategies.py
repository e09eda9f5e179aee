"""Hypothesis strategies for vISA ASTs, one per node kind.

They generate trees in canonical form (what the parser itself produces: lower
case types, align never 'byte', immediates masked to their width, names that
are identifiers), so that ``parse(format(tree)) == tree`` must hold.
"""
from __future__ import annotations

import string

import attrs

from hypothesis import strategies as st

from visa import ast as A
from visa.isa.forms import FORMS
from visa.isa.datatypes import TYPE_INFO_BY_NAME as TYPES

_FIRST = string.ascii_letters + "_"
_REST = string.ascii_letters + string.digits + "_"
RESERVED = {"r"}  # `r[...]` starts an indirect operand

names = st.builds(lambda a, b: a + b, st.sampled_from(_FIRST),
                  st.text(_REST, max_size=8)).filter(lambda s: s not in RESERVED)
var_names = st.one_of(names, st.sampled_from(["%null", "%r0", "%arg", "%retval", "%sp"]))
small = st.integers(min_value=0, max_value=255)
type_names = st.sampled_from(sorted(TYPES))
mods = st.sampled_from([None, "-", "abs", "-abs", "~"])
regions = st.one_of(st.tuples(small), st.tuples(small, small), st.tuples(small, small, small))


def _imm(ty):
    width = 8 * TYPES[ty].imm_size
    return st.builds(A.Imm, st.integers(min_value=0, max_value=(1 << width) - 1), st.just(ty))


imms = type_names.flatmap(_imm)
var_refs = st.builds(A.VarRef, var_names,
                     st.one_of(st.tuples(small, small), st.tuples(small)),
                     st.one_of(st.none(), regions), mods)
indirects = st.builds(A.Indirect, names, small, st.integers(-512, 511),
                      regions, type_names, mods)
raws = st.builds(A.Raw, var_names, st.integers(0, 4096))
addr_ofs = st.builds(A.AddrOf, names, st.one_of(st.none(), st.integers(0, 4096)))
plain_names = st.builds(A.Name, names, st.one_of(st.none(), st.just("-")))
numbers = st.builds(A.Number, st.integers(0, 1 << 20))
strings = st.builds(A.String, st.text(string.printable, max_size=12))
_lsc_sizes = st.sampled_from(["d8", "d16", "d32", "d64", "d8c32", "d16c32", "d16c32h"])
lsc_shapes = st.one_of(
    st.builds(A.LscShape, _lsc_sizes, st.sampled_from([1, 2, 3, 4, 8, 16, 32, 64]), st.booleans()),
    st.builds(A.LscShape, _lsc_sizes, channels=st.sampled_from(["x", "xy", "xyzw", "zw", "yzw"])),
    st.builds(A.LscShape, _lsc_sizes, block=st.tuples(st.integers(1, 4), st.integers(1, 64),
                                                        st.integers(1, 32)),
              transpose=st.booleans(), vnni=st.booleans()))
lsc_datas = st.builds(A.LscData, var_names, lsc_shapes, st.integers(0, 1024))
lsc_regs = st.builds(A.LscReg, names, st.one_of(st.none(), st.integers(1, 256)),
                     st.one_of(st.none(), st.tuples(small, small)), st.integers(-64, 64),
                     st.sampled_from([1, 1, 2, 4]))
lsc_bases = st.builds(A.LscReg, names, st.one_of(st.none(), st.integers(1, 256)),
                      st.one_of(st.none(), st.tuples(small, small)), st.just(0), st.sampled_from([1, 2]))
lsc_addrs = st.builds(
    A.LscAddr, st.sampled_from(["flat", "bti", "ss", "bss"]),
    st.one_of(st.none(), st.builds(A.Number, small), st.builds(A.LscReg, names)),
    lsc_bases, st.integers(-4096, 4096),
    st.one_of(st.just(()), st.tuples(st.builds(A.Number, small)),
              st.lists(lsc_regs, min_size=5, max_size=5).map(tuple)),
    st.sampled_from([None, "a16", "a32", "a64"]), st.integers(0, 7),
).filter(lambda a: a.surface is not None or a.surface_index == 0)  # an index goes with a surface
tuples_ = st.builds(A.Tuple, st.lists(st.one_of(st.builds(A.Name, names), numbers, imms),
                                      min_size=2, max_size=4).map(tuple))

operands = st.one_of(var_refs, indirects, imms, raws, addr_ofs, plain_names, numbers,
                     strings, lsc_datas, lsc_addrs, tuples_)

masks = st.sampled_from([f"M{i}" for i in range(1, 9)] + [f"M{i}_NM" for i in range(1, 9)])
exec_sizes = st.builds(A.ExecSize, st.sampled_from([1, 2, 4, 8, 16, 32]),
                       st.one_of(st.none(), masks))
preds = st.builds(A.Predicate, names, st.booleans(), st.sampled_from([None, "any", "all"]))
# mnemonics whose spelling the parser rewrites (their form's Text facts) are
# left out
_REWRITTEN = {m for m, f in FORMS.items()
              if f.text.silent_mods or f.text.simd8_or_16 or f.text.older or f.text.canonical
              or f.text.older_names} | {n for f in FORMS.values() for n in f.text.older_names} | {"r"}
mnemonic_words = st.text(string.ascii_lowercase + "_", min_size=1, max_size=10).filter(
    lambda s: s[0] != "_" and s not in _REWRITTEN)
instr_mods = st.lists(st.text(string.ascii_lowercase + string.digits, min_size=1, max_size=4),
                      max_size=3).map(tuple)


def _unambiguous(ops) -> bool:
    """`X (a, b)` reads as the operand X(a,b): a name never precedes a tuple."""
    return not any(type(a) is A.Name and type(b) is A.Tuple for a, b in zip(ops, ops[1:]))


@st.composite
def instructions(draw):
    op = draw(mnemonic_words)
    ops = tuple(draw(st.lists(operands, max_size=5).filter(_unambiguous)))
    exe = draw(st.one_of(st.none(), exec_sizes))
    if exe is None and ops and type(ops[0]) is A.Tuple:
        # a leading tuple right after the mnemonic would read as an exec size
        # only if it looked like one; keep the generated tree unambiguous
        exe = A.ExecSize(1, "M1")
    return A.Instruction(op, draw(instr_mods), draw(st.one_of(st.none(), preds)), exe, ops)


statements = st.one_of(instructions(), st.builds(A.Label, names))

decl_attrs = st.lists(st.builds(A.Attr, names, st.one_of(st.none(), small, st.text(
    string.ascii_letters, max_size=5))), max_size=2).map(tuple)
aligns = st.sampled_from([None, "word", "dword", "qword", "oword", "GRF", "GRFx2",
                          "hword", "wordx32", "wordx64"])
var_decls = st.builds(A.VarDecl, names, type_names, st.integers(1, 4096), aligns,
                      st.one_of(st.none(), st.builds(A.Alias, var_names, st.integers(0, 512))),
                      decl_attrs)
inputs = st.builds(A.Input, st.just("input"), names, st.integers(0, 4096), st.integers(0, 512))
kernel_attrs = st.lists(st.builds(A.Attr, names, st.one_of(st.none(), small, st.text(
    string.ascii_letters, max_size=5))), max_size=3).map(tuple)


@st.composite
def units(draw, kind="kernel"):
    body = [A.Subroutine(draw(names))] + draw(st.lists(statements, max_size=8))
    decls = draw(st.lists(st.one_of(
        var_decls,
        st.builds(A.AddrDecl, names, st.integers(1, 16)),
        st.builds(A.PredDecl, names, st.integers(1, 32)),
        st.builds(A.SamplerDecl, names, st.integers(1, 4), names),
        st.builds(A.SurfaceDecl, names, st.integers(1, 4), names)), max_size=8))
    return A.Unit(kind, draw(names),
                  tuple(draw(st.lists(names, max_size=2))) if kind == "kernel" else (),
                  tuple(decls),
                  tuple(draw(st.lists(inputs, max_size=3))),
                  draw(kernel_attrs),
                  tuple(body))


@st.composite
def modules(draw):
    kernel = draw(units("kernel"))
    funcs = draw(st.lists(units("function"), max_size=2))
    if funcs and not kernel.funcdecls:  # the parser lists the program's functions
        kernel = attrs.evolve(kernel, funcdecls=tuple(f.name for f in funcs))
    return A.Module((4, 1), (kernel, *funcs))
