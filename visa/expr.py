"""Integer constant expressions, as vISA text allows them wherever a number
goes (``num_elts=2*8``, ``(%sizeof V1 / 4):ud``, ``alias=<V, 4*4>``).

The language is the grammar's (grammar/visa.lark, "integer expressions"):
the operators of its ``INT_OP_*`` terminals, by the same precedence, loosest
first: ``?:``, ``&``, ``^``, ``|``, ``== !=``, ``< > <= >=``, ``<< >> >>>``,
``+ -``, ``* / %``, unary ``- ~ !`` (Intel's CISA.y ``IntExp``, where ``&``
binds looser than ``^`` and ``|``, and a shift, a comparison or an equality
takes two operands, not a chain).  Primaries: decimal and hex literals,
parentheses, ``%sizeof NAME`` / ``%sizeof(NAME)`` and ``%DispatchSimd``;
those last two need an :class:`Env`.
"""
from __future__ import annotations

import functools
import re

_TOKEN_TEXT = r"""\s*(?:
    (?P<hex>0[xX][0-9a-fA-F]+)
  | (?P<dec>[0-9]+)
  | (?P<sizeof>%sizeof\b)
  | (?P<simd>%DispatchSimd[A-Za-z]*)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>>>>|<<|>>|<=|>=|==|!=|[-+*/%&|^~!?:()<>])
)"""


@functools.cache
def _token_re() -> "re.Pattern[str]":
    """_TOKEN_TEXT compiled, on first use (most programs have no expression)."""
    return re.compile(_TOKEN_TEXT, re.X)


class ExprError(ValueError):
    pass


class Env:
    """What ``%sizeof`` and ``%DispatchSimd`` evaluate against: ``sizes``
    (a variable's name -> its size in bytes), the GRF size, the kernel's
    SIMD size (None: not given).  (A plain class: the parser changes it as
    it reads the declarations.)"""
    __slots__ = ("sizes", "grf_size", "dispatch_simd")

    def __init__(self, sizes: dict | None = None, grf_size: int = 32,
                 dispatch_simd: int | None = None) -> None:
        self.sizes = {} if sizes is None else sizes
        self.grf_size = grf_size
        self.dispatch_simd = dispatch_simd

    def __repr__(self) -> str:
        return f"Env(sizes={self.sizes!r}, grf_size={self.grf_size!r}, dispatch_simd={self.dispatch_simd!r})"

    def sizeof(self, name: str) -> int:
        if name in self.sizes:
            return self.sizes[name]
        if name == "GRF":
            return self.grf_size
        raise ExprError(f"%sizeof: unknown variable '{name}'")



def _lex(text: str):
    toks = []
    pos = 0
    n = len(text)
    token = _token_re()
    while pos < n:
        if text[pos] in " \t":
            pos += 1
            continue
        m = token.match(text, pos)
        if not m or m.end() == pos:
            raise ExprError(f"unexpected '{text[pos]}' in expression '{text.strip()}'")
        kind = m.lastgroup
        assert kind is not None  # every alternative of _TOKEN_TEXT is a named group
        toks.append((kind, m.group(kind)))
        pos = m.end()
    return toks


# the grammar's INT_OP_* terminals: the conditional, the binary operators by
# precedence (loosest first) and the unary ones (tests/test_grammar.py holds
# the two together)
CONDITIONAL = ("?", ":")
LEVELS = (("&",), ("^",), ("|",), ("==", "!="), ("<=", ">=", "<", ">"),
          ("<<", ">>>", ">>"), ("+", "-"), ("*", "/", "%"))
UNARY = ("-", "~", "!")
# the levels whose operator takes two operands and no chain
_ONE_OF = {"==": "an equality", "<=": "a comparison", "<<": "a shift"}
_UNCHAINED = frozenset(i for i, ops in enumerate(LEVELS) if ops[0] in _ONE_OF)


def evaluate(text: str, env: Env | None = None) -> int:
    toks = _lex(text)
    if not toks:
        raise ExprError("empty expression")
    i = 0

    def peek():
        return toks[i] if i < len(toks) else (None, None)

    def take():
        nonlocal i
        t = peek()
        i += 1
        return t

    def primary():
        kind, val = take()
        if kind == "hex":
            return int(val, 16)
        if kind == "dec":
            return int(val, 10)
        if kind == "op" and val == "(":
            v = cond()
            if take() != ("op", ")"):
                raise ExprError(f"missing ')' in expression '{text.strip()}'")
            return v
        if kind == "sizeof":
            if env is None:
                raise ExprError("%sizeof needs the declarations")
            k, v = take()
            if (k, v) == ("op", "("):
                k, name = take()
                if k != "ident" or take() != ("op", ")"):
                    raise ExprError(f"expected %sizeof(NAME) in '{text.strip()}'")
                return env.sizeof(name)
            if k != "ident":
                raise ExprError(f"expected a name after %sizeof in '{text.strip()}'")
            return env.sizeof(v)
        if kind == "simd":
            if env is None or env.dispatch_simd is None:
                raise ExprError("%DispatchSimd is not known here (no SimdSize attribute)")
            return env.dispatch_simd
        if kind is None:
            raise ExprError(f"incomplete expression '{text.strip()}'")
        raise ExprError(f"unexpected '{val}' in expression '{text.strip()}'")

    def unary():
        kind, val = peek()
        if kind == "op" and val in UNARY:
            take()
            v = unary()
            return -v if val == "-" else ~v if val == "~" else int(not v)
        return primary()

    def binary(level):
        if level == len(LEVELS):
            return unary()
        v = binary(level + 1)
        while True:
            kind, op = peek()
            if kind != "op" or op not in LEVELS[level]:
                return v
            take()
            r = binary(level + 1)
            v = _apply(op, v, r, text)
            if level in _UNCHAINED:
                kind, op = peek()
                if kind == "op" and op in LEVELS[level]:
                    raise ExprError(f"{_ONE_OF[LEVELS[level][0]]} takes two operands: '{op}' here "
                                    f"needs parentheses in expression '{text.strip()}'")
                return v

    def cond():
        v = binary(0)
        if peek() == ("op", CONDITIONAL[0]):
            take()
            a = binary(0)
            if take() != ("op", CONDITIONAL[1]):
                raise ExprError(f"expected ':' in expression '{text.strip()}'")
            b = cond()
            return a if v else b
        return v

    v = cond()
    if i != len(toks):
        raise ExprError(f"unexpected '{toks[i][1]}' in expression '{text.strip()}'")
    return v


def _apply(op, a, b, text):
    if op in ("/", "%") and b == 0:
        raise ExprError(f"division by 0 in '{text.strip()}'")
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q
    if op == "%":
        return a - b * _apply("/", a, b, text)
    if op == "<<":
        return a << b
    if op == ">>":
        return a >> b
    if op == ">>>":
        return (a & 0xFFFFFFFFFFFFFFFF) >> b
    if op == "&":
        return a & b
    if op == "|":
        return a | b
    if op == "^":
        return a ^ b
    return int({"==": a == b, "!=": a != b, "<": a < b, ">": a > b,
                "<=": a <= b, ">=": a >= b}[op])
