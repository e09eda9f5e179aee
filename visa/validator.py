"""The validator: the checks Intel's verifier (visa/IsaVerification.cpp at
igc-1.0.14828.26) makes on a program, each reported as a Diagnostic with a
stable rule id at the declaration, directive or operand it is about.

Unit checks (visa/validation/declarations.py) cover declarations, aliases,
kernel attributes and inputs; instruction checks (``@instruction_check``,
in visa/validation/references.py, fields.py and regions.py, run in the
order ``INSTRUCTION_CHECKS`` lists) run in one pass over the body, each only
on the records it ``applies`` to.  They are generic: they
read each instruction's record (visa/isa/records.py ``Form``: its signature,
its atoms' facts, its platforms and checks) and know no mnemonic: references,
execution size, platform, predicates, operand modifiers, operand classes and
types (the signature), regions, labels, operand counts.  Then the record's
own ``verify`` hooks run: the rules of its family that one operand's slot
cannot say, registered with the family's forms in ``visa/isa/rules_*.py``
(they see the unit through :class:`visa.isa.verify.Context`).  vISA 4.1
follows Debian's GenX_IR (igc 1.0.12504), 4.2 IGC v2.40.13, where they differ.
``docs/VALIDATION.md`` lists Intel's checks with the rule id that implements
each, and those still to come.
"""
from __future__ import annotations

from . import ast
from .errors import Diagnostic
from .isa import predefined, targets
from .isa import forms as _forms
from .repeats import Repeats
from .validation import declarations, fields, references, regions
from .validation.core import APPLIES, Report, UnitContext, always, facts as _facts

# the checks of a unit, in order (the last runs the instruction checks)
UNIT_CHECKS = (declarations.declarations, declarations.declared_before_use,
               declarations.kernel_attributes, declarations.inputs)
# the checks of one instruction, in order (then its record's own hooks)
INSTRUCTION_CHECKS = (
    references.offsets, references.references, references.signature, references.label_uses,
    fields.exec_size, fields.platform, fields.predicate, fields.operands,
    regions.regions, regions.read_only, regions.two_grfs, regions.raw_align,
    fields.modifiers, fields.shape)
# those that say nothing without a platform
PLATFORM_CHECKS = (fields.platform,)


def _instructions(unit: ast.Unit, report: Report, grf: int) -> None:
    """Every instruction through every instruction check, in one pass; then
    the labels (label-duplicate, label-undefined)."""
    gvars: dict = {n: None for n in predefined.PREDEFINED_VAR_NAMES}
    gvars.update({d.name: d for d in unit.vars})
    ctx = UnitContext(unit, report, grf, gvars, references.kinds(unit),
                      bf_vars=frozenset(d.name for d in unit.vars if d.type == "bf"),
                      declared=frozenset(d.name for d in unit.decls))
    table = _forms.FORMS
    # mnemonic -> (facts, the checks that apply to it, its record's rules, may be remembered)
    plans: dict = {}
    # Instructions found clean.  Within one object an instruction's verdict
    # depends only on its value and the object's declarations, so an equal
    # instruction (positions are not part of equality) is clean too and is
    # not checked again; those naming labels are always checked, as the label
    # pass needs each use.
    clean = Repeats()
    found = report.out
    # (the platform checks only where a platform is given)
    checks_here = INSTRUCTION_CHECKS if report.platform is not None else tuple(
        c for c in INSTRUCTION_CHECKS if c not in PLATFORM_CHECKS)
    for ins in unit.body:
        if type(ins) is ast.Instruction:
            plan = plans.get(ins.op)
            if plan is None:
                f = table.get(ins.op)
                facts = None if f is None else _facts(f)
                plan = plans[ins.op] = (facts, () if facts is None else tuple(
                    c for c in checks_here if APPLIES.get(c, always)(facts)),
                    () if f is None else f.verify, facts is not None and not facts.label_slots)
            facts, checks, rules, memo = plan
            if facts is None:
                references.unknown_mnemonic(ins, report, table)
                continue
            if memo and clean.get(ins):
                continue
            before = len(found)
            for c in checks:
                c(ins, facts, ctx)
            for r in rules:
                r(ins, facts.form, ctx)
            if memo and len(found) == before:
                clean.put(ins, True)
    references.last_return(ctx, plans)
    references.labels(ctx)
    for d, (rule, line) in ctx.blamed.items():
        report(rule, d, f"'{d.name}' is declared here with type {d.type}, which the instruction "
                        f"at line {line} cannot take", "note")



# ------------------------------------------------------------------- entry
def validate(module: ast.Module, *, grf_bytes: int | None = None, platform: "targets.Platform | None" = None,
             text: str | None = None, filename: str = "<input>") -> list[Diagnostic]:
    """Every problem the validator finds in ``module``, in text order.
    ``text`` (the program's source) gives the diagnostics their source line;
    ``platform`` (an ``opcodes.Platform``) enables the platform checks and
    sets the GRF size, else ``grf_bytes`` (32 by default) does."""
    if grf_bytes is None:
        grf_bytes = platform.grf_bytes if platform is not None else targets.DEFAULT_GRF_BYTES
    report = Report(text, filename, platform, tuple(getattr(module, "version", (4, 1)) or (4, 1)))
    for unit in module.units:
        for fn in UNIT_CHECKS:
            fn(unit, report, grf_bytes)
        _instructions(unit, report, grf_bytes)
    return sorted(report.out, key=lambda d: (d.line, d.col))
