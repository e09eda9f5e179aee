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

import attrs

from . import ast as A
from .isa import opcodes as O
from .isa.forms import text_of

V41, V42 = (4, 1), (4, 2)


def _predef_block(version) -> str:
    """The comment listing the predefined variables and surfaces."""
    return "\n/// VISA Predefined Variables" + "".join(
        f"\n// .decl V{i} v_type=G v_name={n}"
        for i, n in enumerate(O.predefined_var_names(version))) + "".join(
        f"\n// .decl T{i} v_type=T v_name={n}"
        for i, n in enumerate(O.PREDEFINED_SURFACE_NAMES)) + "\n"


def string_literal(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in _ESC:
            out.append(_ESC[ch])
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\x{o & 0xFF:02x}")
    out.append('"')
    return "".join(out)


_ESC = {"\a": "\\a", "\b": "\\b", "\x1b": "\\e", "\f": "\\f", "\n": "\\n", "\r": "\\r",
        "\t": "\\t", "\v": "\\v", "'": "\\'", '"': '\\"', "\\": "\\\\"}


# ------------------------------------------------------------------ operands
def _region(r) -> str:
    if len(r) == 1:
        return f"<{r[0]}>"
    if len(r) == 2:
        return f"<{r[0]},{r[1]}>"
    return f"<{r[0]};{r[1]},{r[2]}>"


def _mod(m) -> str:
    return f"({m})" if m else ""


def _hex(n: int) -> str:
    return f"-0x{-n:x}" if n < 0 else f"0x{n:x}"


def operand_text(o, tuple_sep: str = ", ", version: tuple = V41) -> str:
    t = type(o)
    if t is A.VarRef:
        s = f"{_mod(o.mod)}{o.name}({','.join(str(x) for x in o.offsets)})"
        if o.region is not None:
            s += _region(o.region)
        return s
    if t is A.Imm:
        return f"0x{o.bits:x}:{o.type}"
    if t is A.Raw:
        return f"{o.name}.{o.offset}"
    if t is A.Name:
        return f"({o.mod}){o.name}" if o.mod else o.name
    if t is A.Number:
        return str(o.value)
    if t is A.LscData:
        if o.offset:
            return f"{o.name}.{o.offset}:{lsc_shape_text(o.shape, version)}"
        return f"{o.name}:{lsc_shape_text(o.shape, version)}"
    if t is A.LscReg:
        s = f"{_hex(o.scale)}*{o.name}" if o.scale != 1 else o.name
        if o.dot:
            s += f".{o.dot}"
        if o.rc is not None:
            s += f"({o.rc[0]},{o.rc[1]})"
        if o.offset:
            s += f"+{o.offset}" if o.offset > 0 else f"-{-o.offset}"
        return s
    if t is A.LscAddr:
        s = o.model
        if o.surface is not None:
            index = f", {o.surface_index}" if o.surface_index else ""
            s += f"({_lsc_item(o.surface)}{index})"
        if o.base is None:
            return s
        s += "[" + operand_text(o.base)
        if o.offset > 0:
            s += f"+{_hex(o.offset)}"
        elif o.offset < 0:
            s += f"-{_hex(-o.offset)}"
        sep = "," if version >= V42 else ", "  # 4.2 prints the items without blanks
        for x in o.extra:
            s += sep + _lsc_item(x)
        s += "]"
        if o.size:
            s += ":" + o.size
        return s
    if t is A.Indirect:
        return (f"{_mod(o.mod)}r[{o.addr}({o.addr_offset}),{o.offset}]"
                f"{_region(o.region)}:{o.type}")
    if t is A.AddrOf:
        return f"&{o.name}" if o.offset is None else f"&{o.name}[{o.offset}]"
    if t is A.String:
        return string_literal(o.value)
    if t is A.Tuple:
        return "(" + tuple_sep.join(operand_text(x, version=version) for x in o.items) + ")"
    raise TypeError(f"not an operand: {o!r}")


_SIZE_42 = {"d8c32": "d8u32", "d16c32": "d16u32", "d16c32h": "d16u32h"}


def lsc_shape_text(s: A.LscShape, version: tuple = V41) -> str:
    """``d32x4t``, ``d32.xyz``, ``d16.2x16x8nn`` (Intel leaves out a vector
    of 1 and a block count of 1; 4.2 spells ``d8c32`` ``d8u32``)."""
    if s.size is None:  # a typed 2D block
        return f"{s.block[1]}x{s.block[2]}"
    if version >= V42 and s.size in _SIZE_42:
        s = attrs.evolve(s, size=_SIZE_42[s.size])
    if s.block is not None:
        blocks, width, height = s.block
        lead = f"{blocks}x" if blocks != 1 else ""
        return (f"{s.size}.{lead}{width}x{height}"
                f"{'t' if s.transpose else 'n'}{'t' if s.vnni else 'n'}")
    if s.channels is not None:
        return f"{s.size}.{s.channels}"
    return f"{s.size}{'x' + str(s.vector) if s.vector != 1 else ''}{'t' if s.transpose else ''}"


def _lsc_item(o) -> str:
    """Numbers inside an LSC address print in hex (``bti(0x1)``, ``[V, 0x4]``)."""
    return _hex(o.value) if type(o) is A.Number else operand_text(o)


def exec_text(e: A.ExecSize) -> str:
    return f"({e.mask}, {e.size})" if e.mask else f"({e.size})"


def pred_text(p: A.Predicate) -> str:
    return f"({'!' if p.negate else ''}{p.name}{'.' + p.control if p.control else ''}) "


def instruction_text(ins: A.Instruction, version: tuple = V41) -> str:
    """The instruction as IGC prints it, without indentation or number."""
    facts = text_of(ins.op)
    st = facts.style_42 if version >= V42 and facts.style_42 is not None else facts.style
    parts = [pred_text(ins.pred) if ins.pred else "", ins.mnemonic]
    ops = ins.operands
    if st.glue_first and ops and type(ops[0]) is A.Tuple:
        parts.append(operand_text(ops[0], st.tuple_sep, version))
        ops = ops[1:]
    if ins.exec is not None:
        parts.append(" " + exec_text(ins.exec))
    for m in ins.post_mods:
        parts.append("." + m)
    if ops:
        texts = [operand_text(o, st.tuple_sep, version) for o in ops]
        for k in st.hex_operands:
            if k < len(ops) and type(ops[k]) is A.Number:
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
    if t is A.VarDecl:
        s = f".decl {d.name} v_type=G type={d.type} num_elts={d.num_elts}"
        if d.align is not None:
            s += f" align={d.align}"
        if d.alias is not None:
            s += f" alias=<{d.alias.var}, {d.alias.offset}>"
        return s + _decl_attrs(d.attrs)
    if t is A.AddrDecl:
        return f".decl {d.name} v_type=A num_elts={d.num_elts}" + _decl_attrs(d.attrs)
    if t is A.PredDecl:
        return f".decl {d.name} v_type=P num_elts={d.num_elts}" + _decl_attrs(d.attrs)
    if t in (A.SamplerDecl, A.SurfaceDecl):
        k = "S" if t is A.SamplerDecl else "T"
        s = f".decl {d.name} v_type={k} num_elts={d.num_elts}"
        if d.vname is not None:
            s += f" v_name={d.vname}"
        return s + _decl_attrs(d.attrs)
    raise TypeError(f"not a declaration: {d!r}")


def input_text(i: A.Input) -> str:
    s = f".{i.kind} {i.name}"
    if i.offset is not None and i.kind != "parameter":
        s += f" offset={i.offset}"
    if i.size is not None:
        s += f" size={i.size}"
    return s + _decl_attrs(i.attrs)


def kernel_attr_text(a: A.Attr) -> str:
    if a.value is None:
        return f".kernel_attr {a.name}"
    if isinstance(a.value, str):
        return f".kernel_attr {a.name}={string_literal(a.value)}"
    return f".kernel_attr {a.name}={a.value}"


# ------------------------------------------------------------------- layout


def unit_text(u: A.Unit, version: tuple = V41) -> str:
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
    n = 0
    for s in u.body:
        t = type(s)
        if t is A.Instruction:
            line = "    " + instruction_text(s, version)
            if not text_of(s.op).numbered:
                out.append(line + "\n")
            else:
                if len(line) < 80:
                    line = line + " " * (80 - len(line))
                out.append(f"{line} /// ${n}\n")
        elif t is A.Label:
            out.append(f"\n{s.name}:\n")
        elif v42:  # Subroutine: 4.2 puts the blank line before .function
            out.append(f"    \n\n.function {string_literal(s.name)}\n{s.name}:\n")
        else:
            out.append(f"    \n.function {string_literal(s.name)}\n\n{s.name}:\n")
        n += 1
    return "".join(out)


def format(module: A.Module, version: tuple | None = None) -> str:  # noqa: A001 - public API name
    """Print a module in the layout Intel's compiler uses for ``.visaasm``:
    vISA 4.1's, or 4.2's (a blank line after ``.version``, the blank line
    before ``.function``, ``%scratchloc``, the platform and build-option
    lines at the end, no final newline).  ``version``: the dialect to print
    (default: the module's own)."""
    version = tuple(version) if version is not None else module.version
    if version != tuple(module.version):
        from .dialect import translate
        module = translate(module, version)
    ma, mi = version
    text = f".version {ma}.{mi}\n" + ("\n" if version >= V42 else "") + "".join(
        unit_text(u, version) for u in module.units)
    if module.platform is not None:
        text += f"\n//Platform: {module.platform}"
        if module.build_options is not None:
            text += f'\n//Build option: "{module.build_options}"'
    return text
