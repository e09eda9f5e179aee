"""AST -> vISA 4.1 binary.

The object layout (header, string pool, variable tables, inputs, attributes)
follows Intel's GenX_IR text assembler (igc-1.0.14828.26), the last writer of
correct vISA 4.1 binaries; the container itself is written by
:mod:`visa.binary.objfile`.  Each instruction is its opcode byte followed by
the atoms of its form (:mod:`visa.isa.forms`).

Facts established against the references (see also ../shared/spec/BINARY-NOTES.md):

* String pool: the unit's name, the 28 predefined names (%null ... %msg0,
  %slm, T1, T2, TSS, %bss, %scratch, S31), then every other name in the order
  the text first mentions it (declarations, attribute names, labels, function
  names), without repeats.
* Variable ids: general variables count from 32 (V0-V31 are predefined),
  surfaces from 6 (T0-T5), predicates from 1; address and sampler ids from 0.
"""
from __future__ import annotations

import struct
from collections.abc import Callable, Mapping
from typing import Any

from . import ast
from .binary import objfile
from .errors import Diagnostic, VisaError, WarningOptions
from .isa import datatypes, targets, field_codes, opcodes, predefined, attributes, keywords
from .isa.atoms import TYPE_CODE, EncodeError
from .isa import forms as _forms
from .repeats import Repeats

# the strings every object's pool starts with, after its own name
PREDEFINED_STRINGS = (predefined.PREDEFINED_VAR_NAMES + predefined.PREDEFINED_SURFACE_NAMES
                      + (predefined.BINDLESS_SAMPLER_NAME,))
LABEL_BLOCK, LABEL_SUBROUTINE, LABEL_FC = 0, 1, 2
INPUT_CLASS = {"G": 0, "S": 1, "T": 2}
TARGETS = {n: int(k) for k, n in field_codes.KERNEL_TARGET_NAMES.items()}  # Intel takes no other target


class EncodeErrors(Exception):
    """Several EncodeErrors of one program (each instruction is tried)."""

    def __init__(self, errors):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = list(errors)


MAX_ERRORS = 20


_ATTR_KIND_WORDS = {attributes.AttrValueKind.BOOL: "takes no value",
                    attributes.AttrValueKind.INT32: "takes an integer",
                    attributes.AttrValueKind.STRING: "takes a string"}


def _check_attr(a: ast.Attr, scope: "attributes.AttrScope") -> None:
    """``a`` is an attribute Intel's builder knows for ``scope`` (kernel or
    variable), with a value of its kind; anything else Intel's GenX_IR
    aborts on or writes as bytes that do not read back as written."""
    name = attributes.ATTRIBUTE_ALIASES.get(a.name, a.name)
    ad = attributes.ATTRIBUTES_BY_NAME.get(name)
    where = "kernel" if scope is attributes.AttrScope.KERNEL else "variable"
    if ad is None:
        if a.name in attributes.OLDER_ONLY_ATTRIBUTES:
            raise EncodeError(f"attribute '{a.name}' ({attributes.OLDER_ONLY_ATTRIBUTES[a.name]}) "
                              "does not exist in vISA 4.1", a)
        raise EncodeError(f"unknown {where} attribute '{a.name}'", a)
    if ad.scope is not scope:
        raise EncodeError(f"'{a.name}' is a {ad.scope.value} attribute, not a {where} attribute", a)
    v = a.value
    if ad.kind is attributes.AttrValueKind.BOOL:
        ok = v is None
    elif ad.kind is attributes.AttrValueKind.STRING:
        ok = v is None or isinstance(v, str)
    elif name == "Target":
        ok = v in TARGETS or (isinstance(v, int) and v in TARGETS.values())
    else:
        ok = isinstance(v, int) and -(1 << 31) <= v < (1 << 32)
    if not ok:
        what = ('takes "cm" or "3d"' if name == "Target" else _ATTR_KIND_WORDS[ad.kind])
        raise EncodeError(f"attribute '{a.name}' {what}", a)


def _attr_value(a: ast.Attr) -> bytes:
    """An attribute's value bytes, as Intel's builder stores them: a string
    as its bytes, an integer as 4 bytes, no value as none; ``Target`` given
    as "cm" or "3d" is one byte."""
    if a.value is None:
        return b""
    if isinstance(a.value, str):
        if a.name == "Target":
            return bytes((TARGETS[a.value],))
        return a.value.encode("utf-8", "surrogateescape")
    return struct.pack("<i" if a.value < 0 else "<I", a.value)


def _kernel_attr_name(name: str) -> str:
    """The name Intel's builder records: ``AsmName`` is written as its
    current name ``OutputAsmPath``; other names as written."""
    return "OutputAsmPath" if name == "AsmName" else name


def _pos(node) -> tuple[int, int]:
    return (getattr(node, "line", 0) or 0, getattr(node, "col", 0) or 0)


class Symbols:
    """Names -> ids for one unit, and its string pool in the order Intel's
    builder fills it: declarations and kernel attributes in text order, then
    labels at their first mention, fresh entries for what adds one each time.

    Forms also read the declared types (``var_types``), may raise a
    variable's alignment (``var_align``, as dpas does), append a fresh pool
    entry (``add_string``: GenX_IR gives every fcall / faddr / FILE its own),
    and need the GRF size of the target (``grf_bytes``)."""

    def __init__(self, unit: ast.Unit, grf_bytes: int = 32):
        self.grf_bytes = grf_bytes
        self.var_types = {d.name: d.type for d in unit.decls if type(d) is ast.VarDecl}
        self.var_align = {d.name: datatypes.ALIGN_CODE_BY_PRINTED[d.align]
                          for d in unit.decls if type(d) is ast.VarDecl}
        self.strings: list[str] = [unit.name]
        self._index: dict[str, int] = {unit.name: 0}
        for s in PREDEFINED_STRINGS:
            self.string_id(s)
        self.vars: dict[str, tuple[str, int]] = {}
        for i in range(predefined.NUM_PREDEFINED_VARS):
            self.vars[f"V{i}"] = ("G", i)  # predefined variables by number
        for i, n in enumerate(predefined.PREDEFINED_VAR_NAMES):
            self.vars[n] = ("G", i)
        for i, n in enumerate(predefined.PREDEFINED_SURFACE_NAMES):
            self.vars[n] = ("T", i)
        self.vars["S31"] = ("S", 31)
        self.labels: list[tuple[str, int]] = []  # (name, kind)
        self._label_index: dict[str, int] = {}
        # declarations and kernel attributes enter the pool in text order
        # (see _enter); what the text has after the body began waits in
        # ``late`` for the body to reach it (``reach``)
        self.attr_ids: dict[int, tuple[int, ...]] = {}  # id(decl) -> its attribute name ids
        self.kattr_ids: dict[int, int] = {}  # id(kernel attribute) -> its name id
        items = sorted(list(unit.decls) + list(unit.attrs), key=_pos)
        first = next((_pos(s) for s in unit.body), None)
        late = []
        for it in items:
            at = _pos(it)
            if first is None or at < first or at == (0, 0):
                self._enter(it)
            else:
                late.append(it)
        late.reverse()
        self.late = late  # popped in text order

    def _enter(self, it) -> None:
        """Pool entries, as Intel's builder adds them: a declaration's name
        and then a fresh entry for each of its attribute names; a kernel
        attribute's name (fresh each time)."""
        if type(it) is ast.Attr:
            _check_attr(it, attributes.AttrScope.KERNEL)
            self.kattr_ids[id(it)] = self.add_string(_kernel_attr_name(it.name))
            return
        for a in it.attrs:
            _check_attr(a, attributes.AttrScope.VAR)
        self.string_id(it.name)
        self.attr_ids[id(it)] = tuple(self.add_string(a.name) for a in it.attrs)

    def reach(self, node) -> None:
        """The body is at ``node``: enter what the text has before it."""
        late = self.late
        at = _pos(node)
        while late and _pos(late[-1]) < at:
            self._enter(late.pop())

    def finish(self) -> None:
        """Enter what the text has after the body's last statement."""
        while self.late:
            self._enter(self.late.pop())

    def decl_attrs(self, d) -> tuple:
        if not d.attrs:  # most declarations
            return ()
        return tuple(objfile.Attribute(i, _attr_value(a))
                     for a, i in zip(d.attrs, self.attr_ids[id(d)], strict=True))

    def add_string(self, s: str) -> int:
        """A new pool entry for ``s``, even if it is there already (the
        empty string is index 0)."""
        if not s:
            return 0
        self.strings.append(s)
        return len(self.strings) - 1

    def string_id(self, s: str) -> int:
        i = self._index.get(s)
        if i is None:
            i = self._index[s] = len(self.strings)
            self.strings.append(s)
        return i

    def declare(self, name: str, kind: str, ident: int) -> None:
        self.vars[name] = (kind, ident)

    def var_kind(self, name: str, node) -> tuple[str, int]:
        r = self.vars.get(name)
        if r is None:
            raise EncodeError(f"undeclared variable '{name}'", node)
        return r

    def label_id(self, name: str, node=None, kind: int = LABEL_BLOCK) -> int:
        i = self._label_index.get(name)
        if i is None:
            i = self._label_index[name] = len(self.labels)
            self.labels.append((name, kind))
            self.string_id(name)
        return i


def _input_size(i: ast.Input, decls: dict) -> int:
    """An input's size: as written, else the size of its variable (general
    variables only, as Intel's ``%sizeof``)."""
    if i.size is not None:
        return i.size
    d = decls.get(i.name)
    if type(d) is ast.VarDecl:
        return d.num_elts * datatypes.TYPE_INFO_BY_NAME[d.type].size
    raise EncodeError(f".{i.kind} {i.name} needs size= (only a general variable's size is known)", i)


def encode_unit(unit: ast.Unit, grf_bytes: int = 32) -> objfile.VisaObject:
    sym = Symbols(unit, grf_bytes)
    # declarations, in program order (ids count per kind)
    decls = unit.decls
    counters = {"G": predefined.NUM_PREDEFINED_VARS, "A": 0, "P": predefined.NUM_PREDEFINED_PREDICATES,
                "S": 0, "T": predefined.NUM_PREDEFINED_SURFACES}
    kind_of = {ast.VarDecl: "G", ast.AddrDecl: "A", ast.PredDecl: "P", ast.SamplerDecl: "S",
               ast.SurfaceDecl: "T"}
    for d in decls:
        k = kind_of[type(d)]
        sym.declare(d.name, k, counters[k])
        counters[k] += 1
    code = encode_body(unit.body, sym)
    sym.finish()
    variables = []
    for d in unit.vars:
        alias_index = alias_offset = 0
        if d.alias is not None:
            k, alias_index = sym.var_kind(d.alias.var, d)
            if k != "G":
                raise EncodeError(f"alias target '{d.alias.var}' is not a general variable", d)
            alias_offset = d.alias.offset
        variables.append(objfile.GeneralVar(sym.string_id(d.name),
                                       TYPE_CODE[d.type] | (sym.var_align[d.name] << 4),
                                       d.num_elts, alias_index, alias_offset, 0,
                                       sym.decl_attrs(d)))
    addresses = [objfile.AddressVar(sym.string_id(d.name), d.num_elts, sym.decl_attrs(d))
                 for d in unit.addrs]
    predicates = [objfile.PredicateVar(sym.string_id(d.name), d.num_elts, sym.decl_attrs(d))
                  for d in unit.preds]
    samplers = [objfile.StateVar(sym.string_id(d.name), d.num_elts, sym.decl_attrs(d))
                for d in unit.samplers]
    surfaces = [objfile.StateVar(sym.string_id(d.name), d.num_elts, sym.decl_attrs(d))
                for d in unit.surfaces]
    inputs = None
    if unit.kind == "kernel":
        inputs = []
        by_name = {d.name: d for d in decls}
        for i in unit.inputs:
            k, ident = sym.var_kind(i.name, i)
            if k not in INPUT_CLASS:
                raise EncodeError(f"'{i.name}' cannot be a kernel input", i)
            inputs.append(objfile.Input(INPUT_CLASS[k] | (field_codes.implicit_input_kind(i.kind) << 3), ident,
                                   i.offset or 0, _input_size(i, by_name)))
    kernel_attributes = [objfile.Attribute(sym.kattr_ids[id(a)], _attr_value(a)) for a in unit.attrs]
    if not any(a.name == "Target" for a in unit.attrs):
        # Intel's builder gives every object a Target when it is finished:
        # GenX_IR's default, "3d"
        kernel_attributes.append(objfile.Attribute(sym.add_string("Target"), bytes((TARGETS["3d"],))))
    labels = [objfile.Label(sym.string_id(n), k) for n, k in sym.labels]
    if unit.kind == "kernel":
        return objfile.VisaObject(tuple(sym.strings), 0, variables, addresses, predicates, labels,
                             samplers, surfaces, (), inputs, None, None, kernel_attributes, code)
    return objfile.VisaObject(tuple(sym.strings), 0, variables, addresses, predicates, labels,
                         samplers, surfaces, (), None, 0, 0, kernel_attributes, code)


def encode_body(body, sym: Symbols) -> bytes:
    """The instruction stream.  An instruction's bytes depend only on the
    instruction and the unit's symbols (label and string ids are fixed at
    first mention), so equal instructions are encoded once.

    A record may have several layouts for one mnemonic (``select(ins)``
    picks one), and an atom may count bytes Intel's writer reserves but never
    writes (``unwritten``, 2D block LSC): those come as zeros at the end of
    the unit's code, where the declared size puts them."""
    table = _forms.FORMS
    out: list[bytes] = []
    sub_op = opcodes.SUBROUTINE_OPCODE
    label_op = opcodes.LABEL_OPCODE
    memo = Repeats()
    unwritten = 0
    errors: list[EncodeError] = []
    reach = sym.reach if sym.late else None
    for s in body:
        if reach is not None:
            reach(s)
        t = type(s)
        if t is ast.Instruction:
            m = memo.get(s)
            if m is not None:
                out.append(m[0])
                unwritten += m[1]
                continue
            try:
                m = encode_instruction(s, sym, table)
            except EncodeError as e:  # report it, and go on looking for more
                errors.append(e)
                if len(errors) >= MAX_ERRORS:
                    break
                continue
            f = table.get(s.op)
            if f is None or not f.stateful:  # a fresh string each time: not reused
                memo.put(s, m)
            out.append(m[0])
            unwritten += m[1]
            continue
        if t is ast.Unparsed:
            raise EncodeError(f"a line that did not parse: {s.message}", s)
        elif t is ast.Subroutine:
            i = sym.label_id(s.name, s, LABEL_SUBROUTINE)
            out.append(struct.pack("<BH", sub_op, i))
        else:  # Label
            out.append(struct.pack("<BH", label_op, sym.label_id(s.name, s)))
    if errors:
        raise EncodeErrors(errors)
    out.append(bytes(unwritten))
    return b"".join(out)


def encode_instruction(s: ast.Instruction, sym: Symbols, table=None) -> tuple[bytes, int]:
    """One instruction's bytes and the zero bytes it leaves for the end (its
    record in ``table``, by default the records').  Raises EncodeError for
    what its record cannot encode."""
    record = (table if table is not None else _forms.FORMS).get(s.op)
    if record is None:
        if s.op in keywords.OLDER_ONLY_OPS:
            raise EncodeError(f"'{s.op}' {keywords.OLDER_ONLY_OPS[s.op]}", s)
        raise EncodeError(f"unknown or not yet encodable instruction '{s.mnemonic}'", s)
    f = record.select(s)
    part = [bytes((f.opcode,))]
    try:
        for a in f.atoms:
            a.encode(s, sym, part)
    except struct.error as e:  # a value written in the text does not fit its binary field
        raise EncodeError(f"a value of '{s.mnemonic}' does not fit its field in the binary ({e})", s) from None
    return b"".join(part), f.unwritten


def platform_code(p) -> int:
    """The Gen binary code of a platform given by code (any code is taken)
    or by name (any of Intel's names for it, any case)."""
    return p if isinstance(p, int) else find_platform(p).code


def _gen_table(gen_binaries, names: list[str]) -> dict[str, list[tuple[int, bytes]]]:
    """Each kernel's Gen binaries.  ``gen_binaries`` is either (platform, blob)
    pairs, which go with the first kernel, or a mapping from kernel name to
    such pairs."""
    if isinstance(gen_binaries, Mapping):
        unknown = sorted(set(gen_binaries) - set(names))
        if unknown:
            raise ValueError(f"Gen binaries given for unknown kernel(s): {', '.join(unknown)}")
        table = {n: list(gen_binaries.get(n, ())) for n in names}
    else:
        table = {n: [] for n in names}
        if names:
            table[names[0]] = list(gen_binaries)
    for n, pairs in table.items():
        if len(pairs) > 4:
            raise ValueError("a kernel carries at most 4 Gen binaries")
        table[n] = [(platform_code(p), bytes(b)) for p, b in pairs]
    return table


def assemble_module(module: ast.Module, gen_binaries=()) -> bytes:
    if tuple(module.version) >= (4, 2):
        # vISA 4.2 text: the binary is 4.1's, so the program is said in 4.1
        # first; every construct 4.1 cannot say is an error
        from .dialect import V41, translated
        module, errors = translated(module, V41)
        if errors:
            raise EncodeErrors(errors[:MAX_ERRORS])
    kernels, functions = [], []
    gens = _gen_table(gen_binaries, [u.name for u in module.units if u.kind == "kernel"])
    grf = targets.grf_bytes_of(p for pairs in gens.values() for p, _ in pairs)
    for u in module.units:
        obj = encode_unit(u, grf)
        if u.kind == "kernel":
            kernels.append((u.name, obj, gens[u.name]))
        else:
            functions.append((u.name, obj))
    # the only object format written is vISA 4.1 (an older text's .version
    # names the syntax it was written in, not the binary wanted)
    return objfile.build_bytes(kernels, functions, major=4, minor=1)


def find_platform(platform) -> "targets.Platform":
    """A platform given by name (any of Intel's) or Gen binary code."""
    if isinstance(platform, targets.Platform):
        return platform
    if isinstance(platform, str) and not platform[:1].isdigit():
        p = targets.platform_named(platform)
    else:
        p = targets.PLATFORM_BY_CODE.get(int(platform, 0) if isinstance(platform, str) else platform)
    if p is None:
        raise ValueError(f"unknown platform '{platform}' (expected a code or one of "
                         f"{targets.platform_names_text()})")
    return p


def validate_module(module: ast.Module, *, text: str | None = None, filename: str = "<input>",
                    platform: "targets.Platform | str | int | None" = None,
                    codes: list[int] | tuple[int, ...] = (),
                    options: "WarningOptions | None" = None) -> list[Diagnostic]:
    """The validator's diagnostics for ``module``, for ``platform`` (a name
    or code), else the platform of the first Gen binary code in ``codes``,
    else the platform a vISA 4.2 dump names on its ``//Platform:`` line.
    With none of these the program could be for any platform: what depends
    on the platform is judged for each GRF size (32 and 64 bytes), and is an
    error only where it fails for both, else a warning naming the platforms
    it fails on (instructions a platform lacks are not judged).  This is
    the one place that decides which platform a program is judged for.
    ``options`` then sets each diagnostic's severity (-Werror and the like)."""
    from .validator import validate
    codes = list(codes)
    plat = find_platform(platform) if platform is not None else (
        targets.PLATFORM_BY_CODE.get(codes[0]) if codes else
        targets.platform_named(module.platform or ""))
    if plat is not None or codes:
        grf = plat.grf_bytes if plat is not None else targets.grf_bytes_of(codes)
        found = validate(module, grf_bytes=grf, platform=plat, text=text, filename=filename)
    else:
        found = _for_any_platform(module, text, filename)
    return found if options is None else options.apply(found)


def _for_any_platform(module: ast.Module, text: str | None, filename: str) -> list[Diagnostic]:
    """The validator's verdict on a program that names no platform: each
    GRF size judged (the second only where the first finds an error, so a
    clean program is validated once), an error kept where both sizes fail,
    one size's error a warning that names that size's platforms."""
    import attrs

    from .validator import validate
    sizes = sorted({p.grf_bytes for p in targets.PLATFORMS})
    first = validate(module, grf_bytes=sizes[0], platform=None, text=text, filename=filename)
    if not any(d.severity == "error" for d in first):
        return first
    runs = [first] + [validate(module, grf_bytes=g, platform=None, text=text, filename=filename)
                      for g in sizes[1:]]

    def key(d: Diagnostic) -> tuple:
        return (d.line, d.col, d.rule)
    errors = [{key(d) for d in run if d.severity == "error"} for run in runs]
    everywhere = set.intersection(*errors)
    out: list[Diagnostic] = []
    for i, (g, run) in enumerate(zip(sizes, runs)):
        names = ", ".join(p.name for p in targets.PLATFORMS if p.grf_bytes == g)
        earlier = set().union(*errors[:i])
        for d in run:
            k = key(d)
            if d.severity == "error" and k not in everywhere:
                if k in earlier:
                    continue  # an error on an earlier size, said already
                d = attrs.evolve(d, severity="warning",
                                 message=f"{d.message} (an error on platforms with {g}-byte GRFs: "
                                         f"{names}; name the platform to decide)")
            elif run is not first:
                continue  # its warnings and common errors are the first run's
            out.append(d)
    return sorted(out, key=lambda d: (d.line, d.col))


def check_module(module: ast.Module, *, text: str | None, filename: str,
                 platform: "targets.Platform | str | int | None" = None,
                 codes: list[int] | tuple[int, ...] = (),
                 gen_binaries: objfile.GenBinaries = (),
                 options: "WarningOptions | None" = None) -> list[Diagnostic]:
    """Everything ``assemble`` would refuse, without a binary: the
    validator's diagnostics (as :func:`validate_module` says), and when it
    finds no error, what the encoder refuses (:func:`encoding_problems`),
    sorted by position."""
    found = validate_module(module, text=text, filename=filename, platform=platform, codes=codes,
                            options=options)
    if any(d.severity == "error" for d in found):
        return found
    return sorted(found + encoding_problems(module, text=text, filename=filename,
                                            gen_binaries=gen_binaries),
                  key=lambda d: (d.line, d.col))


def encoding_problems(module: ast.Module, *, text: str | None, filename: str,
                      gen_binaries: objfile.GenBinaries = ()) -> list[Diagnostic]:
    """What the encoder refuses in a vISA 4.1 module the validator passed
    (rule ``encode``): a modifier or a name only the binary form's fields
    can judge.  With the validator's diagnostics this is everything
    ``assemble`` refuses; a vISA 4.2 module has no binary form of its own,
    so it gets none from here."""
    from .errors import node_diag
    if tuple(module.version) >= (4, 2):
        return []
    try:
        return _encoded(module, gen_binaries,
                        lambda node, message: node_diag(text, filename, node, message, "encode"))[1]
    except ValueError as e:  # Gen binaries that fit no kernel
        return [node_diag(text, filename, None, str(e), "encode")]


def _encoded(module: ast.Module, gen_binaries: objfile.GenBinaries,
             diag: Callable[[object, str], Diagnostic]) -> tuple[bytes | None, list[Diagnostic]]:
    """``module``'s binary, or None and every refusal of the encoder as
    ``diag(node, message)`` (node None: the object file as a whole)."""
    try:
        return assemble_module(module, gen_binaries), []
    except EncodeErrors as es:
        return None, [diag(e.node, str(e)) for e in es.errors]
    except EncodeError as e:
        return None, [diag(e.node, str(e))]
    except objfile.ObjectFormatError as e:
        return None, [diag(None, str(e))]


# runs two independent jobs and gives both results: (side(), main())
Beside = Callable[[Callable[[], Any], Callable[[], Any]], tuple[Any, Any]]


def assemble(text: str, *, gen_binaries: objfile.GenBinaries = (), filename: str = "<input>",
             validate: bool = True, warnings: list[Diagnostic] | None = None,
             platform: "targets.Platform | str | int | None" = None,
             beside: Beside | None = None, options: "WarningOptions | None" = None) -> bytes:
    """Text -> binary.  With ``validate`` the program is checked first
    (visa/validator.py) for ``platform`` (a name or code; by default the
    platform of the first Gen binary, else none): any error raises VisaError
    with every diagnostic; warnings are appended to ``warnings`` when a list
    is given.  ``beside``: see :func:`assemble_checked`."""
    from .parser import parse
    return assemble_checked(parse(text, filename), text=text, filename=filename,
                            gen_binaries=gen_binaries, validate=validate, warnings=warnings,
                            platform=platform, beside=beside, options=options)


def assemble_checked(module: ast.Module, *, text: str | None, filename: str,
                     gen_binaries: objfile.GenBinaries = (), validate: bool = True,
                     warnings: list[Diagnostic] | None = None,
                     platform: "targets.Platform | str | int | None" = None, encoded: ast.Module | None = None,
                     origin=None, beside: Beside | None = None,
                     options: "WarningOptions | None" = None) -> bytes:
    """``module`` validated (as :func:`assemble` says), then encoded; every
    problem a VisaError at its position in ``text`` (when known).
    ``encoded``: the module to encode instead, standing for ``module``
    (``origin`` maps one of its nodes to the node of ``module`` it stands
    for).

    ``beside(validation, encoding)``, when given, runs the two at once (the
    command line gives one that validates in a second process) and returns
    both results; the outcome is the same as validating first: the
    validator's errors win, and the encoder's result (or exception) is
    looked at only when there are none."""
    from .errors import node_diag

    def validation() -> list[Diagnostic]:
        gens = _gen_table(gen_binaries, [u.name for u in module.units if u.kind == "kernel"])
        return validate_module(module, text=text, filename=filename, platform=platform, options=options,
                               codes=[p for pairs in gens.values() for p, _ in pairs])

    def diag(node: object, message: str) -> Diagnostic:
        return node_diag(text, filename, node if origin is None or node is None else origin(node),
                         message, "encode")

    def encoding() -> tuple[bytes | None, list[Diagnostic]]:
        return _encoded(module if encoded is None else encoded, gen_binaries, diag)

    def encoding_caught() -> tuple[bytes | None, list[Diagnostic], BaseException | None]:
        # an invalid program may upset the encoder in ways the validator
        # reports: its exception counts only for a program found valid
        try:
            return (*encoding(), None)
        except Exception as e:  # noqa: BLE001 - re-raised below when it is the answer
            return None, [], e

    if validate and beside is not None:
        found, done = beside(validation, encoding_caught)
    else:  # the encoder runs only once the validator has passed the program
        found, done = (validation() if validate else []), None
    if any(d.severity == "error" for d in found):
        raise VisaError(found)
    if warnings is not None:
        warnings.extend(found)
    data, problems, failure = done if done is not None else (*encoding(), None)
    if failure is not None:
        raise failure
    if data is None:
        raise VisaError(problems)
    return data
