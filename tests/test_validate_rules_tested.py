"""Every rule id the validator can report is pinned by a test: some test
of the validator (tests/test_validate*.py, tests/test_mutants_41.py,
tests/test_modern_verdicts.py) expects it by name.  A new rule without a
test, or a rule whose tests went away, fails here."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

# a report of a rule: report("id", ...), ctx.type_error("id", ...), rule = "id"
REPORTED = re.compile(r'(?:report|type_error)\(\s*"([a-z0-9]+(?:-[a-z0-9]+)*)"')


def _rule_ids() -> set[str]:
    ids = set(REPORTED.findall((ROOT / "visa" / "validator.py").read_text()))
    ids.add("encode")  # visa.validate's encoder pass (visa/encode.py encoding_problems)
    # what the parser, the decoder and the dialect translation report
    # (visa/parser.py, visa/cli.py; visa/decode.py; visa/dialect.py)
    ids.update(("syntax", "binary", "dialect"))
    return ids


def test_the_rule_ids_are_found():
    ids = _rule_ids()
    assert len(ids) >= 70, sorted(ids)  # the reading above still finds the reports
    doc = (ROOT / "docs" / "VALIDATION.md").read_text()
    assert [i for i in sorted(ids) if f"`{i}`" not in doc] == []  # each documented


def test_every_rule_has_a_test():
    me = Path(__file__).name
    text = "".join(p.read_text() for p in sorted(TESTS.glob("test_*.py")) if p.name != me
                   and (p.name.startswith("test_validate") or p.name in (
                       "test_mutants_41.py", "test_modern_verdicts.py", "test_syntax_errors.py",
                       "test_decoder_robustness.py", "test_handwritten42.py")))
    untested = [i for i in sorted(_rule_ids()) if f'"{i}"' not in text and f"'{i}'" not in text]
    assert untested == []


def test_the_rule_list_is_the_reports():
    """visa.errors.RULES (what the warning options accept) is every rule
    the validator reports, and no other."""
    from visa.errors import RULES
    assert sorted(RULES) == sorted(_rule_ids())
