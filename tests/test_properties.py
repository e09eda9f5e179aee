"""Property tests: any AST in canonical form prints to text that parses back
to the same AST."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

import visa
from strategies import instructions, modules


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_parse_format_roundtrip(module):
    text = visa.format(module)
    assert visa.parse(text) == module


@settings(max_examples=500, deadline=None)
@given(instructions())
def test_instruction_roundtrip(ins):
    from visa import ast as A
    unit = A.Unit("kernel", "k", body=(A.Subroutine("main"), ins))
    module = A.Module((4, 1), (unit,))
    assert visa.parse(visa.format(module)).units[0].body[1] == ins
