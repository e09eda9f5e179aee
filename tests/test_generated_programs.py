"""Generated valid programs (hypothesis, bounded): Intel's GenX_IR accepts
their text, and they assemble, disassemble to the same program, and
re-assemble to the same bytes."""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import visa
from conftest import GENX_IR, needs_genx_ir

INT_TYPES = ("d", "ud", "w", "uw")
FLOAT_TYPES = ("f",)
INT_OPS2 = ("add", "mul", "and", "or", "xor", "shl", "shr", "asr", "min", "max", "sel", "avg")
FLOAT_OPS2 = ("add", "mul", "min", "max", "sel")
OPS1 = {"int": ("mov", "not", "cbit", "bfrev"), "float": ("mov", "frc", "rndd", "rndz", "inv")}
RELATIONS = ("eq", "ne", "gt", "ge", "lt", "le")


@st.composite
def programs(draw):
    n_int = draw(st.integers(2, 4))
    n_float = draw(st.integers(1, 3))
    decls, ints, floats = [], [], []
    for k in range(n_int):
        t = draw(st.sampled_from(INT_TYPES))
        decls.append(f".decl VI{k} v_type=G type={t} num_elts=32 align=hword")
        ints.append((f"VI{k}", t))
    for k in range(n_float):
        decls.append(f".decl VF{k} v_type=G type=f num_elts=32 align=hword")
        floats.append((f"VF{k}", "f"))
    decls.append(".decl P1 v_type=P num_elts=16")
    decls.append(".decl P2 v_type=P num_elts=16")
    body = []
    for _ in range(draw(st.integers(1, 12))):
        fam = draw(st.sampled_from(("int", "float")))
        pool = ints if fam == "int" else floats
        size, mask = draw(st.sampled_from(((16, "M1"), (8, "M1"), (8, "M5"), (16, "M1_NM"),
                                           (1, "M1_NM"))))
        ex = f"({mask}, {size})"

        def src():
            choice = draw(st.integers(0, 2))
            name, t = draw(st.sampled_from(pool))
            if choice == 0:
                return f"{name}(0,0)<1;1,0>" if size > 1 else f"{name}(0,0)<0;1,0>"
            if choice == 1:
                return f"{name}(0,{draw(st.integers(0, 3))})<0;1,0>"
            if fam == "float":
                return f"0x{draw(st.sampled_from((0x3f800000, 0x40000000, 0xbf000000))):x}:f"
            return f"0x{draw(st.integers(0, 0xFFFF)):x}:{draw(st.sampled_from(('d', 'ud', 'w', 'uw')))}"

        dst = f"{draw(st.sampled_from(pool))[0]}(0,0)<1>"
        kind = draw(st.integers(0, 3))
        pred = draw(st.sampled_from(("", "(P1) ", "(!P2) ")))
        if kind == 0:
            op = draw(st.sampled_from(INT_OPS2 if fam == "int" else FLOAT_OPS2))
            if op == "sel":
                pred = "(P1) "
            if op in ("min", "max"):  # no predicate field in the binary
                pred = ""
            body.append(f"    {pred}{op} {ex} {dst} {src()} {src()}")
        elif kind == 1:
            op = draw(st.sampled_from(OPS1[fam]))
            if op in ("cbit", "bfrev"):  # these want ud
                body.append(f"    {op} {ex} VI0(0,0)<1> VI0(0,0)<{'1;1,0' if size > 1 else '0;1,0'}>"
                            .replace("VI0", next((n for n, t in ints if t == "ud"), "")) if any(
                                t == "ud" for _, t in ints) else f"    mov {ex} {dst} {src()}")
            else:
                body.append(f"    {pred}{op} {ex} {dst} {src()}")
        elif kind == 2:
            rel = draw(st.sampled_from(RELATIONS))
            body.append(f"    cmp.{rel} {ex} {draw(st.sampled_from(('P1', 'P2')))} {src()} {src()}")
        else:
            if fam == "float":
                body.append(f"    mad {ex} {dst} {src()} {src()} {src()}")
            else:
                body.append(f"    {pred}add {ex} {dst} {src()} {src()}")
    text = "\n".join([".version 4.1", '.kernel "gen"', *decls, '.kernel_attr Target="cm"',
                      '.function "_main_0"', "", "_main_0:", *body, "    ret (M1, 1)", ""])
    return text


@needs_genx_ir
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_genx_ir_accepts_generated_programs(text):
    with tempfile.TemporaryDirectory() as d:
        Path(d, "gen.visaasm").write_text(text)
        r = subprocess.run([GENX_IR, "gen.visaasm", "-platform", "TGLLP"], cwd=d,
                           capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"GenX_IR rejects:\n{text}\n{r.stdout}{r.stderr}"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_generated_programs_round_trip(text):
    data = visa.assemble(text)
    again = visa.disassemble(data)
    assert visa.parse(again) == visa.parse(text)
    assert visa.assemble(again) == data
