"""Diagnostics: ``file:line:col: error: message``, the source line and a caret."""
from __future__ import annotations

from collections.abc import Iterable

import attrs
from ._frozen import frozen


@frozen(slots=True)
class Diagnostic:
    """One problem found in a program: where (``file``, ``line``, ``col``,
    1-based; line 0 when there is no position), what (``message``), how bad
    (``severity``: ``"error"`` or ``"warning"``) and, from the validator, the
    ``rule`` it breaks (see ``docs/VALIDATION.md``).  ``source_line`` is the
    text of the line, for the caret; ``offset`` the byte offset of the
    instruction in a binary (the line and column are then those of the
    printed listing).  ``str(e)`` of a :class:`VisaError` is every
    diagnostic's :meth:`render`."""

    file: str
    line: int
    col: int
    message: str
    severity: str = "error"
    source_line: str | None = None
    rule: str | None = None  # the validator's rule id
    # in a binary: the byte offset of the instruction in the file (the line
    # and column are then those of the printed listing, ``source_line``)
    offset: int | None = None

    def render(self) -> str:
        """``file:line:col: severity: message [rule]``, then the source line
        and a caret under the column when the source line is known."""
        tail = f" [{self.rule}]" if self.rule else ""
        if self.offset is not None:
            head = f"{self.file}+0x{self.offset:x}: {self.severity}: {self.message}{tail}"
        elif self.line <= 0:  # no source position (binary input)
            return f"{self.file}: {self.severity}: {self.message}{tail}"
        else:
            head = f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.message}{tail}"
        if self.source_line is None:
            return head
        from ._source_line import shown
        src, caret = shown(self.source_line, self.col)
        return f"{head}\n{src}\n{caret}"


class VisaError(Exception):
    """Raised for bad input of any kind; ``diagnostics`` (a list of
    :class:`Diagnostic`) says what and where.  The message is every
    diagnostic rendered, one after the other."""

    diagnostics: list[Diagnostic]

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    def render(self) -> str:
        """Every diagnostic rendered (:meth:`Diagnostic.render`), one per line."""
        return "\n".join(d.render() for d in self.diagnostics)


def source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of ``text`` without its newline, or None when
    there is no such line."""
    if line <= 0:
        return None
    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start)
        if start < 0:
            return None
        start += 1
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def make_diag(text: str | None, file: str, line: int, col: int, message: str,
              rule: str | None = None) -> Diagnostic:
    """An error at ``file:line:col`` that shows its line of ``text`` (when
    the text is known)."""
    return Diagnostic(file, line, col, message,
                      source_line=source_line(text, line) if text is not None else None, rule=rule)


def node_diag(text: str | None, file: str, node: object, message: str,
              rule: str | None = None) -> Diagnostic:
    """An error at an AST node's position (line 0 when it has none)."""
    return make_diag(text, file, getattr(node, "line", 0) or 0, getattr(node, "col", 0) or 0,
                     message, rule)


# Every rule id a diagnostic can carry (docs/VALIDATION.md describes each;
# tests/test_validate_rules_tested.py checks this list against the reports)
RULES: frozenset[str] = frozenset("""
alias-align alias-kind alias-offset alias-undeclared attr-repeated cmp-relation dataport-block
dataport-surface decl-duplicate decl-num-elts decl-predefined decl-type dpas dst-immediate
dst-read-only exec-mask exec-size fcvt fence-options imm-bool imm-range input-bounds
input-grf-straddle input-kind input-order input-overlap input-size input-undeclared
label-duplicate label-undefined lsc-addr lsc-cache lsc-data lsc-fence lsc-shape lsc-size
modifier-arith modifier-dst modifier-kind modifier-missing modifier-not modifier-sat modifier-unknown
mov-flag
name-undeclared null-source operand-class operand-count operand-kind operand-offset platform
pred-dropped pred-none pred-spelling raw-align raw-send region-bounds region-dst-stride
region-grfs region-hstride region-missing region-vstride region-vxh region-width
region-width-exec ret-fall-through sampler-3d sampler-surface srnd sync-mode type-address
type-arith type-bf type-logic type-raw urb-write vme mnemonic-unknown encode dpas-mix
syntax binary dialect
""".split())

# The errors a user may take back to warnings (-Wno-error=RULE): those whose
# programs Intel's own assembler takes with a warning
DEMOTABLE: frozenset[str] = frozenset({"region-bounds"})


def _werror(value: "bool | Iterable[str]") -> "bool | frozenset[str]":
    return value if isinstance(value, bool) else frozenset(value)


def _rule_set(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@frozen(slots=True)
class WarningOptions:
    """What to make of warnings, as gcc's options say it: ``werror`` True
    makes every warning an error (``-Werror``), a set of rule ids makes
    those rules' warnings errors (``-Werror=RULE``); ``no_error`` keeps
    those rules' diagnostics warnings, even under ``werror``, and takes the
    errors of the rules Intel only warns of (``region-bounds``) back to warnings
    (``-Wno-error=RULE``); ``disable`` drops those rules' warnings
    (``-Wno-RULE``).  A rule id that does not exist is a ``ValueError``."""

    werror: bool | frozenset[str] = attrs.field(default=False, converter=_werror)
    no_error: frozenset[str] = attrs.field(default=frozenset(), converter=_rule_set)
    disable: frozenset[str] = attrs.field(default=frozenset(), converter=_rule_set)

    def __attrs_post_init__(self) -> None:
        named = (set() if isinstance(self.werror, bool) else set(self.werror)) | self.no_error | self.disable
        unknown = sorted(named - RULES)
        if unknown:
            raise ValueError(f"unknown rule {', '.join(repr(r) for r in unknown)} (the rules: "
                             f"{', '.join(sorted(RULES))})")

    @property
    def default(self) -> bool:
        return self.werror is False and not self.no_error and not self.disable

    def apply(self, found: Iterable[Diagnostic]) -> list[Diagnostic]:
        """``found`` with each diagnostic's severity as these options make it
        (and the disabled warnings left out)."""
        if self.default:
            return list(found)
        out = []
        for d in found:
            sev = d.severity
            if sev == "error" and d.rule in self.no_error and d.rule in DEMOTABLE:
                sev = "warning"
            elif sev == "warning" and d.rule not in self.no_error and (
                    self.werror is True or (self.werror is not False and d.rule in self.werror)):
                sev = "error"
            if sev == "warning" and d.rule in self.disable:
                continue
            out.append(d if sev == d.severity else attrs.evolve(d, severity=sev))
        return out


def warning_options(werror: "bool | Iterable[str]" = False, no_error: Iterable[str] = (),
                    disable: Iterable[str] = (),
                    options: "WarningOptions | None" = None) -> WarningOptions:
    """One :class:`WarningOptions` from the library's keyword arguments."""
    if options is not None:
        if werror is not False or no_error or disable:
            raise ValueError("give warning options either as 'options' or as keywords, not both")
        return options
    return WarningOptions(werror=werror if isinstance(werror, bool) else frozenset(werror),
                          no_error=no_error, disable=disable)
