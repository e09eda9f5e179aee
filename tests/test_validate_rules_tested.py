"""Every rule id the validator can report (visa.errors.RULES, what the
warning options accept) is produced by a failing program: the programs of
the rule tests (tests/test_validate*.py, whose own tests pin each one's
diagnostic and, where Debian's GenX_IR is installed, its verdict) are run
through visa.validate, and each rule must come out of one of them.  A new
rule with no program that reaches it, or a rule whose programs went away,
fails here; so does a rule id no program can produce (a name in RULES the
validator never reports).  The rules the other stages report (``syntax``:
the parser, ``binary``: the decoder, ``dialect``: the translation to 4.1)
come from a failing input of those stages."""
from __future__ import annotations

from pathlib import Path

import pytest

import visa
from visa.errors import RULES

import test_validate as V
import test_validate_inputs as VI
import test_validate_issue17 as V17
import test_validate_from_encoder as V18
import test_validate_more as VM

ROOT = Path(__file__).resolve().parent.parent

_HEAD = """.version {version}
.kernel "k"
.decl VD v_type=G type=d num_elts=16 align=GRF
{decls}
.function "_main_0"

_main_0:
{body}    ret (M1, 1)
"""

# rules that only these programs reach (no rule test of their own needs them)
OTHERS = [
    # (rule, program, platform)
    ("mnemonic-unknown", _HEAD.format(version="4.1", decls="", body="    movv (M1, 8) VD(0,0)<1> 0x1:d\n"),
     None),
    # the older spec's source modifier on a predicate operand
    ("modifier-kind", _HEAD.format(version="4.1", decls=".decl P1 v_type=P num_elts=16\n"
                                                        ".decl P2 v_type=P num_elts=16",
                                   body="    and (M1, 16) P2 (-)P1 P2\n"), None),
    # a kernel attribute on a variable, which Intel's writer aborts on: only
    # the encoder says so (rule encode)
    ("encode", _HEAD.format(version="4.1", decls='.decl VU v_type=G type=ud num_elts=64 align=GRF '
                                                 'attrs={AsmName="vu"}', body=""), None),
]


_QWORD_42 = """.version 4.2
.kernel "k"
.decl VQ v_type=G type=q num_elts=16 align=GRF
.function "_main_0"

_main_0:
    mov (M1_NM, 1) VQ(0,0)<1> %scratchloc(0,0)<0;1,0>
    ret (M1, 1)
"""

# rules of the other stages: (rule, what fails by it)
STAGES = [
    ("syntax", lambda: visa.validate(_HEAD.format(version="4.1", decls="", body="    add (M1, 8\n"))),
    ("binary", lambda: visa.disassemble(b"CISA\x04\x01\xff")),
    ("dialect", lambda: visa.format(visa.parse(_QWORD_42), version=(4, 1))),
]


def _stage_rules(call) -> set[str]:
    try:
        call()
    except visa.VisaError as e:
        return {d.rule for d in e.diagnostics}
    return set()


def _programs():
    """(case, text, platform) of every failing program of the rule tests."""
    out = []
    for case, _rule, _at, parts in V.CASES + V.WARNINGS:
        out.append((case, V.program(parts), parts.get("platform")))
    for case, _rule, _at, bad, _good in VM.CASES:
        out.append((case, V.program(bad), bad["platform"]))
    for case, _rule, _at, bad, _good in VM.V42:
        out.append((case, VM._program_42(bad), bad["platform"]))
    for case, bad, _good, _rule, *_ in VI.CASES:
        out.append((case, VI.KERNEL.format(**bad), "TGLLP"))
    for case, bad, *_ in V17.CASES:
        out.append((case, V17.program(bad), V17.PLATFORM))
    for prec, acc, verdict, _ged in V17.DPAS_CASES:
        if verdict is not None:
            out.append((f"dpas {prec} {acc}", V17.dpas_program(prec, acc), "DG2"))
    for case, bad, *_ in V18.CASES:
        out.append((case, V18.program(bad), V18.PLATFORM))
    out += [(rule, text, platform) for rule, text, platform in OTHERS]
    return out


def _rules_of(text: str, platform) -> set[str]:
    try:
        return {d.rule for d in visa.validate(text, platform=platform)}
    except visa.VisaError as e:  # a program the parser refuses: its validator errors come with it
        return {d.rule for d in e.diagnostics}


def test_every_rule_is_produced_by_a_failing_program():
    produced: dict[str, str] = {}
    for case, text, platform in _programs():
        for r in _rules_of(text, platform):
            produced.setdefault(r, case)
    for rule, call in STAGES:
        for r in _stage_rules(call):
            produced.setdefault(r, rule)
    assert sorted(RULES - set(produced)) == []
    assert sorted(set(produced) - RULES - {None}) == []  # every rule reported is one of RULES


@pytest.mark.parametrize("rule, text, platform", OTHERS, ids=[o[0] for o in OTHERS])
def test_the_other_programs_fail_by_their_rule(rule, text, platform):
    assert rule in _rules_of(text, platform)


@pytest.mark.parametrize("rule, call", STAGES, ids=[s[0] for s in STAGES])
def test_the_other_stages_fail_by_their_rule(rule, call):
    assert _stage_rules(call) == {rule}


def test_every_rule_is_documented():
    doc = (ROOT / "docs" / "VALIDATION.md").read_text()
    assert [r for r in sorted(RULES) if f"`{r}`" not in doc] == []
