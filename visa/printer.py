"""AST -> text, in the layout Intel's compiler prints (IGC 1.0.12504.6).

The layout is derived from the program alone (never from how its text was
written), so the same function prints a parsed program and a decoded binary:

* a header: ``.version``, ``.kernel``/``.global_function``, ``.funcdecl``s,
  the predefined-variable comment block, then the declarations in program
  order (Intel's compiler groups them by kind: variables, addresses,
  predicates, samplers, surfaces; that order also fixes the string pool),
  inputs and kernel attributes;
* the body, one instruction per line, indented by four blanks, padded to 80
  columns and numbered ``/// $N`` (labels, subroutines, FILE and LOC take a
  number but do not show it); a label line is preceded by a blank line, and a
  subroutine prints as ``.function "X"``, a blank line and ``X:``.
"""
from __future__ import annotations


from . import ast
from .isa import predefined
from .isa import operands as _operands
from .isa.forms import text_of
from .isa.operands import hex_text as _hex
from .isa.operands import string_literal

V41, V42 = (4, 1), (4, 2)


def _predef_block(version) -> str:
    """The comment listing the predefined variables and surfaces."""
    return "\n/// VISA Predefined Variables" + "".join(
        f"\n// .decl V{i} v_type=G v_name={n}"
        for i, n in enumerate(predefined.predefined_var_names(version))) + "".join(
        f"\n// .decl T{i} v_type=T v_name={n}"
        for i, n in enumerate(predefined.PREDEFINED_SURFACE_NAMES)) + "\n"


# ------------------------------------------------------------------ operands
# Each operand kind prints itself (visa/isa/operands.py).
def operand_text(o, tuple_sep: str = ", ", version: tuple = V41) -> str:
    """An operand as Intel prints it (``tuple_sep``: between a list's items)."""
    return _operands.text(o, version, tuple_sep)


def exec_text(e: ast.ExecSize) -> str:
    return f"({e.mask}, {e.size})" if e.mask else f"({e.size})"


def pred_text(p: ast.Predicate) -> str:
    return f"({'!' if p.negate else ''}{p.name}{'.' + p.control if p.control else ''}) "


def instruction_text(ins: ast.Instruction, version: tuple = V41) -> str:
    """The instruction as IGC prints it, without indentation or number."""
    facts = text_of(ins.op)
    st = facts.style_42 if version >= V42 and facts.style_42 is not None else facts.style
    parts = [pred_text(ins.pred) if ins.pred else "", ins.mnemonic]
    ops = ins.operands
    if st.glue_first and ops and type(ops[0]) is ast.Tuple:
        parts.append(operand_text(ops[0], st.tuple_sep, version))
        ops = ops[1:]
    if ins.exec is not None:
        parts.append(" " + exec_text(ins.exec))
    for m in ins.post_mods:
        parts.append("." + m)
    if ops:
        texts = [operand_text(o, st.tuple_sep, version) for o in ops]
        for k in st.hex_operands:
            if k < len(ops) and type(ops[k]) is ast.Number:
                texts[k] = _hex(ops[k].value)
        parts.append(st.lead + st.sep.join(texts))
    return "".join(parts)


# ------------------------------------------------------------ declarations
def _attr_value(v) -> str:
    if v is None:
        return ""
    if isinstance(v, str):
        return "=" + string_literal(v)
    return f"={v}"


def _decl_attrs(attrs) -> str:
    if not attrs:
        return ""
    return " attrs={" + ", ".join(a.name + _attr_value(a.value) for a in attrs) + "}"


def decl_text(d) -> str:
    t = type(d)
    if t is ast.VarDecl:
        s = f".decl {d.name} v_type=G type={d.type} num_elts={d.num_elts}"
        if d.align is not None:
            s += f" align={d.align}"
        if d.alias is not None:
            s += f" alias=<{d.alias.var}, {d.alias.offset}>"
        return s + _decl_attrs(d.attrs)
    if t is ast.AddrDecl:
        return f".decl {d.name} v_type=A num_elts={d.num_elts}" + _decl_attrs(d.attrs)
    if t is ast.PredDecl:
        return f".decl {d.name} v_type=P num_elts={d.num_elts}" + _decl_attrs(d.attrs)
    if t in (ast.SamplerDecl, ast.SurfaceDecl):
        k = "S" if t is ast.SamplerDecl else "T"
        s = f".decl {d.name} v_type={k} num_elts={d.num_elts}"
        if d.vname is not None:
            s += f" v_name={d.vname}"
        return s + _decl_attrs(d.attrs)
    raise TypeError(f"not a declaration: {d!r}")


def input_text(i: ast.Input) -> str:
    s = f".{i.kind} {i.name}"
    if i.offset is not None and i.kind != "parameter":
        s += f" offset={i.offset}"
    if i.size is not None:
        s += f" size={i.size}"
    return s + _decl_attrs(i.attrs)


def kernel_attr_text(a: ast.Attr) -> str:
    if a.value is None:
        return f".kernel_attr {a.name}"
    if isinstance(a.value, str):
        return f".kernel_attr {a.name}={string_literal(a.value)}"
    return f".kernel_attr {a.name}={a.value}"


# ------------------------------------------------------------------- layout


def unit_text(u: ast.Unit, version: tuple = V41) -> str:
    v42 = version >= V42
    out = ['.kernel ' if u.kind == "kernel" else '.global_function ',
           string_literal(u.name), "\n"]
    if u.kind == "kernel":
        for f in u.funcdecls:
            out.append(f".funcdecl {string_literal(f)}\n")
    out.append(_predef_block(version))
    for d in u.decls:  # Intel's compiler writes them grouped by kind, in this order
        out.append("\n" + decl_text(d))
    for i in u.inputs:
        out.append("\n" + input_text(i))
    for a in u.attrs:
        out.append("\n" + kernel_attr_text(a))
    if u.body and type(u.body[0]) is ast.Instruction:
        out.append("\n")  # (Intel's bodies start with a subroutine or a label)
    n = 0
    for s in u.body:
        if isinstance(s, ast.Instruction):
            line = "    " + instruction_text(s, version)
            if not text_of(s.op).numbered:
                out.append(line + "\n")
            else:
                if len(line) < 80:
                    line = line + " " * (80 - len(line))
                out.append(f"{line} /// ${n}\n")
        elif isinstance(s, ast.Label):
            out.append(f"\n{s.name}:\n")
        elif isinstance(s, ast.Unparsed):  # as written
            out.append(f"    {s.text.strip()}\n")
        elif v42:  # Subroutine: 4.2 puts the blank line before .function
            out.append(f"    \n\n.function {string_literal(s.name)}\n{s.name}:\n")
        else:
            out.append(f"    \n.function {string_literal(s.name)}\n\n{s.name}:\n")
        n += 1
    return "".join(out)


def format(module: ast.Module, version: tuple[int, int] | None = None) -> str:  # noqa: A001 - public API name
    """Print a module in the layout Intel's compiler uses for ``.visaasm``:
    vISA 4.1's, or 4.2's (a blank line after ``.version``, the blank line
    before ``.function``, ``%scratchloc``, the platform and build-option
    lines at the end, no final newline).  ``version``: the dialect to print
    (default: the module's own)."""
    v: tuple[int, ...] = tuple(version) if version is not None else tuple(module.version)
    ma, mi = v
    if v != tuple(module.version):
        from .dialect import translate
        module = translate(module, (ma, mi))
    text = f".version {ma}.{mi}\n" + ("\n" if v >= V42 else "") + "".join(
        unit_text(u, v) for u in module.units)
    if module.platform is not None:
        text += f"\n//Platform: {module.platform}"
        if module.build_options is not None:
            text += f'\n//Build option: "{module.build_options}"'
    return text
