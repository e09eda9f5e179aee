"""vISA 4.2 mutants judged as Intel's 2.x GenX_IR judges them
(tests/data/modern-verdicts: one changed line of a 4.2 dump, and what GenX_IR
from IGC v2.40.13 said).  Where Intel refuses (or crashes), we refuse with a
diagnostic on the changed line; where Intel accepts, we accept, unless a rule
of ours that the spec states refuses it (STRICTER).  The mutants our
validator does not judge yet are listed (xfail, strict: one that starts to
pass must leave the list)."""
from __future__ import annotations

import csv

import pytest

import visa

from refs import MODERN, MODERN_VERDICTS

ROWS = list(csv.DictReader((MODERN_VERDICTS / "EXPECTED.tsv").open(), delimiter="\t"))
assert len(ROWS) == 272, "tests/data/modern-verdicts/EXPECTED.tsv must hold the 272 mutants"

# rules by which we refuse what Intel accepts
STRICTER = {
    # the spec: a destination's horizontal stride is 1, 2 or 4 (GenX_IR 2.x lets
    # <0> through on a scalar move)
    "region-dst-stride",
    # issue 17: a row or column offset that puts a region's first element
    # outside its variable is an error (Intel only warns, then crashes or
    # hangs on some); -Wno-error=region-bounds gives Intel's verdict
    "region-bounds",
    # issue 17: a value too large for its field (bfn.x1ff: the function table
    # is one byte; IGC 2.40 keeps its low 8 bits) is refused in both dialects
    "imm-range",
    # an integer dpas precision paired with a float one (dpas.hf.s4): the
    # spec gives a bf/hf dpas 16-bit precisions on both sources; GenX_IR 2.40
    # takes it (its encoder only objects with a float accumulator)
    "dpas-mix",
}


def mutant_text(row) -> str:
    """The mutant, rebuilt from its original dump and the changed line."""
    orig = MODERN / row["original"].split("/", 1)[1]
    lines = orig.read_text().split("\n")
    n = int(row["line"]) - 1
    assert lines[n].split() == row["original_line"].split(), row["file"]
    indent = lines[n][: len(lines[n]) - len(lines[n].lstrip())]
    lines[n] = indent + row["mutated_line"]
    return "\n".join(lines)


def our_errors(row):
    """Our errors on the mutant, and the notes that go with them (a note
    points at the declaration whose type an error is about: a mutant that
    changes a declaration is refused at its uses, with a note at it)."""
    text = mutant_text(row)
    try:
        m = visa.parse(text, row["file"])
    except visa.VisaError as e:
        return list(e.diagnostics), []
    found = visa.validate(m, platform=row["genx_platform"])
    return ([d for d in found if d.severity == "error"], [d for d in found if d.severity == "note"])


# The mutants our validator does not judge as Intel does yet, each waiting
# for a rule (issues 8 and 9).  Fixed here, so that a mutant we stop
# refusing fails, and one we start judging must leave.
_NOT_YET: set = set()


@pytest.mark.parametrize("row", ROWS, ids=[r["file"].split("/", 1)[1] for r in ROWS])
def test_mutant_is_judged_as_intel_judges_it(row, request):
    if row["file"].split("/", 1)[1] in _NOT_YET:
        request.node.add_marker(pytest.mark.xfail(
            strict=True, reason=f"no rule yet for {row['kind']}: {row['mutation']} "
                                f"(Intel: {row['gx_verdict']} {row['gx_message'][:60]})"))
    errors, notes = our_errors(row)
    line = int(row["line"])
    if row["gx_verdict"] == "accepted":
        assert all(d.rule in STRICTER for d in errors), [str(d) for d in errors]
    else:
        assert errors and any(d.line == line for d in errors + notes), \
            (row["gx_message"], [str(d) for d in errors + notes])
