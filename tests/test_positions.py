"""Every node carries its own source line and column, including lines the
parser has seen before (it memoises repeated instruction text)."""
from __future__ import annotations

import visa
from visa import ast as A

TEXT = """.version 4.1
.kernel "k"
.decl V1 v_type=G type=d num_elts=16 align=hword
.decl P1 v_type=P num_elts=16
.function "main"

main:
    add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d
  add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d
    (P1) add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d
    ret (M1, 1)
"""


def test_repeated_lines_get_their_own_positions():
    body = visa.parse(TEXT).units[0].body
    a, b, c = body[1], body[2], body[3]
    assert a == b  # positions take no part in equality
    assert (a.line, a.col) == (8, 5)
    assert (b.line, b.col) == (9, 3)
    assert [(o.line, o.col) for o in a.operands] == [(8, 18), (8, 29), (8, 44)]
    assert [(o.line, o.col) for o in b.operands] == [(9, 16), (9, 27), (9, 42)]
    assert (a.exec.line, a.exec.col) == (8, 9)
    assert (b.exec.line, b.exec.col) == (9, 7)
    assert (c.line, c.col) == (10, 5) and c.pred == A.Predicate("P1")
    assert [(o.line, o.col) for o in c.operands] == [(10, 23), (10, 34), (10, 49)]
