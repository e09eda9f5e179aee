"""The vISA abstract syntax tree.

Every node is a frozen, slotted attrs class.  Every node carries the source
``line`` and ``col`` (1-based) it came from; those two fields take no part in
equality or hashing, so two programs compare equal when they mean the same
thing, wherever they were written.  Nodes made by the decoder have line 0.

The tree is semantic, not a copy of the text: immediates hold their bit
pattern, older spellings are normalised to vISA 4.1, and a subroutine's
``.function "X"`` directive and its ``X:`` label are one node, as they are one
instruction in the binary.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Union

import attrs
from ._frozen import frozen


def _pos() -> int:
    # a node's source position: keyword-only, 0 by default, not compared
    return attrs.field(default=0, eq=False, repr=False, kw_only=True)


# An instruction's hash is kept once computed: the validator and the encoder
# both look instructions up by value (equal instructions are checked and
# encoded once), so each is hashed once, not once per lookup.
if TYPE_CHECKING:  # type checkers know attrs' own decorator (same class shape)
    from attrs import frozen as instruction_node
    from attrs import frozen as node
else:
    node = frozen(slots=True, cache_hash=False)
    instruction_node = frozen(slots=True, cache_hash=True)


# ------------------------------------------------------------------ operands
@node
class VarRef:
    """``V(1,2)<1;1,0>``, ``V(0,0)<1>``, ``A0(0)<1>``, ``T6(0)``, ``V(0,0)``.

    ``offsets`` are the numbers inside the parentheses (row, column for a
    general variable; one offset for address and state operands); ``region``
    the numbers inside ``<...>`` (1: destination stride; 2: ``<w,h>``;
    3: ``<v;w,h>``) or None.  ``mod`` is a source modifier: '-', 'abs',
    '-abs', '~' or None.
    """
    name: str
    offsets: tuple[int, ...]
    region: tuple[int, ...] | None = None
    mod: str | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Indirect:
    """``r[A0(1),8]<8;8,1>:d`` (source) or ``r[A0(0),0]<1>:d`` (destination)."""
    addr: str
    addr_offset: int
    offset: int
    region: tuple[int, ...]
    type: str
    mod: str | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Imm:
    """An immediate: ``bits`` is its bit pattern (two's complement, masked to
    32 bits, or 64 bits for the 64-bit types), ``type`` its lower-case type."""
    bits: int
    type: str
    line: int = _pos()
    col: int = _pos()


@node
class Raw:
    """A raw operand ``V.off``."""
    name: str
    offset: int
    line: int = _pos()
    col: int = _pos()


@node
class AddrOf:
    """``&V`` or ``&V[off]``."""
    name: str
    offset: int | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Name:
    """A bare name: a predicate, sampler or surface variable, a label, a
    function or symbol name, or a keyword operand such as ``AVS_16_FULL``.
    ``mod`` is a source modifier (older syntax: ``(-)P1``) or None."""
    name: str
    mod: str | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Number:
    """A bare number (``LOC 7``, fcall argument sizes, media plane ...)."""
    value: int
    line: int = _pos()
    col: int = _pos()


@node
class String:
    """A string literal operand (``FILE "k.cl"``); ``value`` without the
    quotes and escapes."""
    value: str
    line: int = _pos()
    col: int = _pos()


@node
class Tuple:
    """A parenthesised list: ``(SW_0, SW_1)``, ``(32,4)``, ``(0x0:ub, ...)``."""
    items: tuple[Operand, ...]
    line: int = _pos()
    col: int = _pos()


@frozen(slots=True)
class LscShape:
    """The data shape of an LSC data operand, after its colon.

    ``size`` is ``d8``, ``d16``, ``d32``, ``d64``, ``d8c32``, ``d16c32`` or
    ``d16c32h`` (a ``u`` prefix, which Intel's lexer reads alike, is ``d``).
    One of three forms:

    * a vector: ``d32x4t`` is ``vector=4, transpose=True`` (``d32`` is
      ``vector=1``);
    * channels of a quad op: ``d32.xyz`` is ``channels='xyz'``;
    * a 2D block: ``d16.2x16x8tn`` is ``block=(2, 16, 8)`` (blocks, width,
      height; blocks 1 when not written), ``transpose=True`` (first ``t``),
      ``vnni=False`` (second letter ``n``);
    * a typed 2D block (vISA 4.2): ``64x4`` is ``size=None, block=(1, 64, 4)``.
    """
    size: str | None
    vector: int = 1
    transpose: bool = False
    channels: str | None = None
    block: tuple[int, int, int] | None = None
    vnni: bool = False


@node
class LscData:
    """An LSC data operand ``V:d32x4t`` or ``V.256:d32x4``: ``offset`` is the
    byte offset written after a dot (0 if none), ``shape`` what follows the
    colon."""
    name: str
    shape: LscShape
    offset: int = 0
    line: int = _pos()
    col: int = _pos()


@node
class LscReg:
    """A register item of an LSC address: ``V``, ``V.n`` (``dot``: a raw
    byte offset, or a column where a vector operand is meant), ``V(r,c)``
    (``rc``), each optionally scaled ``k*V`` and displaced ``V+off``.  In the
    base item of an address the displacement is the address's ``offset``."""
    name: str
    dot: int | None = None
    rc: tuple[int, int] | None = None
    offset: int = 0
    scale: int = 1
    line: int = _pos()
    col: int = _pos()


@node
class LscAddr:
    """An LSC address operand: ``flat[V+0x40]:a64``, ``bti(0x1)[V]:a32``,
    ``flat[V, 0x4]:a64`` (strided), ``flat[B, W, H, P, X, Y]`` (2D block),
    ``ss(V)`` (a surface alone, no brackets).

    ``model`` is flat/bti/ss/bss/...; ``surface`` the operand in parentheses
    after it (an LscReg, a Number or an Imm; or None) and ``surface_index``
    the index written after it (``bss(V, 2)``); ``base`` the first item
    inside the brackets (an LscReg; None when there are no brackets) and
    ``offset`` the immediate added to it; ``extra`` the further items
    (LscReg, Number or Imm); ``size`` the address size suffix ('a64') or None.
    """
    model: str
    surface: Operand | None
    base: Operand | None
    offset: int
    extra: tuple[Operand, ...] = ()
    size: str | None = None
    surface_index: int = 0
    line: int = _pos()
    col: int = _pos()


Operand = Union[VarRef, Indirect, Imm, Raw, AddrOf, Name, Number, String,
                Tuple, LscData, LscReg, LscAddr]
"""Any operand of an instruction."""


# -------------------------------------------------------------- instructions
@node
class Predicate:
    """``(P1)``, ``(!P1.any)``."""
    name: str
    negate: bool = False
    control: str | None = None
    # how the negation was written: "!" (Intel's grammar) or "~" (which
    # Intel's grammar refuses; the validator says so); not compared
    spelling: str = attrs.field(default="!", eq=False, repr=False)
    line: int = _pos()
    col: int = _pos()


@node
class ExecSize:
    """``(M1, 16)``, ``(M5_NM, 8)``, or ``(16)`` where no mask is written."""
    size: int
    mask: str | None = None
    line: int = _pos()
    col: int = _pos()


@instruction_node
class Instruction:
    """``op`` is the mnemonic without its dotted modifiers ``mods``
    (``lsc_load.ugm.ca.ca`` is op 'lsc_load', mods ('ugm', 'ca', 'ca'));
    ``post_mods`` are modifiers written after the execution size
    (``gather.4 (M1, 16).mod``)."""
    op: str
    mods: tuple[str, ...] = ()
    pred: Predicate | None = None
    exec: ExecSize | None = None
    operands: tuple[Operand, ...] = ()
    post_mods: tuple[str, ...] = ()
    line: int = _pos()
    col: int = _pos()

    @property
    def mnemonic(self) -> str:
        """The mnemonic as written, with its modifiers: ``"lsc_load.ugm.ca.ca"``."""
        return ".".join((self.op,) + self.mods) if self.mods else self.op


@node
class Label:
    """A label ``name:`` in a body (a jump or call target)."""
    name: str
    line: int = _pos()
    col: int = _pos()


@node
class Subroutine:
    """``.function "X"`` with its label ``X:`` (one instruction in the binary)."""
    name: str
    line: int = _pos()
    col: int = _pos()


@node
class Unparsed:
    """An instruction line the parser could not read (its syntax error is
    already reported): it holds the line's place, so that the validator can
    check the lines around it.  :func:`visa.parse` never returns a module
    that has one (it raises); the encoder refuses one."""
    text: str
    message: str
    line: int = _pos()
    col: int = _pos()


Statement = Union[Instruction, Label, Subroutine, Unparsed]
"""A statement of a unit's body."""


# -------------------------------------------------------------- declarations
@node
class Attr:
    """A declaration attribute in ``attrs={...}``, or a kernel attribute.
    ``value`` is an int, a str (written as a string literal), or None."""
    name: str
    value: int | str | None = None
    line: int = _pos()
    col: int = _pos()


@node
class Alias:
    """``alias=<V, offset>`` of a declaration: the variable aliased and the
    byte offset into it."""
    var: str
    offset: int
    line: int = _pos()
    col: int = _pos()


@node
class VarDecl:
    """``.decl V v_type=G type=f num_elts=16 align=GRF alias=<W, 0>
    attrs={...}``: a general variable.  ``type`` is the lower-case element
    type (``"f"``, ``"ud"``...), ``align`` the alignment as printed
    (``"GRF"``, ``"qword"``...; None for byte alignment)."""
    name: str
    type: str
    num_elts: int
    align: str | None = None
    alias: Alias | None = None
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


@node
class AddrDecl:
    """``.decl A v_type=A num_elts=1``: an address variable."""
    name: str
    num_elts: int
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


@node
class PredDecl:
    """``.decl P v_type=P num_elts=16``: a predicate variable."""
    name: str
    num_elts: int
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


def _alias_name() -> str | None:
    # the v_name= alias of a sampler/surface: the binary does not keep it, so
    # it takes no part in equality (programs differing only in it are equal)
    vname: str | None = attrs.field(default=None, eq=False)
    return vname


@node
class SamplerDecl:
    """``.decl S v_type=S num_elts=1 v_name=...``: a sampler; ``vname`` is the
    ``v_name`` alias, which the binary does not keep (not compared)."""
    name: str
    num_elts: int
    vname: str | None = _alias_name()
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


@node
class SurfaceDecl:
    """``.decl T v_type=T num_elts=1 v_name=...``: a surface; ``vname`` is
    the ``v_name`` alias, which the binary does not keep (not compared)."""
    name: str
    num_elts: int
    vname: str | None = _alias_name()
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


Decl = Union[VarDecl, AddrDecl, PredDecl, SamplerDecl, SurfaceDecl]
"""A declaration of any kind."""


@node
class Input:
    """``.input V offset=N size=N``; ``kind`` is the directive without its dot
    ('input', 'parameter', or an ``implicit_*`` kind); ``offset`` is None for
    ``.parameter``."""
    kind: str
    name: str
    offset: int | None
    size: int | None
    attrs: tuple[Attr, ...] = ()
    line: int = _pos()
    col: int = _pos()


@node
class Unit:
    """One vISA object: a kernel (``.kernel``) or a stack-called function
    (``.global_function``).  ``decls`` keeps the declarations of every kind
    in the order they were written (that order fixes the binary's string
    pool); ``vars``, ``addrs``, ... select one kind."""
    kind: str  # 'kernel' | 'function'
    name: str
    funcdecls: tuple[str, ...] = ()
    decls: tuple[Decl, ...] = ()
    inputs: tuple[Input, ...] = ()
    attrs: tuple[Attr, ...] = ()
    body: tuple[Statement, ...] = ()
    line: int = _pos()
    col: int = _pos()

    @property
    def vars(self) -> tuple[VarDecl, ...]:
        """The declared general variables (:class:`VarDecl`), in order."""
        return tuple(d for d in self.decls if type(d) is VarDecl)

    @property
    def addrs(self) -> tuple[AddrDecl, ...]:
        """The declared address variables (:class:`AddrDecl`), in order."""
        return tuple(d for d in self.decls if type(d) is AddrDecl)

    @property
    def preds(self) -> tuple[PredDecl, ...]:
        """The declared predicate variables (:class:`PredDecl`), in order."""
        return tuple(d for d in self.decls if type(d) is PredDecl)

    @property
    def samplers(self) -> tuple[SamplerDecl, ...]:
        """The declared samplers (:class:`SamplerDecl`), in order."""
        return tuple(d for d in self.decls if type(d) is SamplerDecl)

    @property
    def surfaces(self) -> tuple[SurfaceDecl, ...]:
        """The declared surfaces (:class:`SurfaceDecl`), in order."""
        return tuple(d for d in self.decls if type(d) is SurfaceDecl)


@node
class Module:
    """A whole text: its ``.version`` and its units in order.  A vISA 4.2
    dump of Intel's compiler ends with the platform it was made for and the
    finalizer options (``//Platform:`` and ``//Build option:`` lines):
    ``platform`` and ``build_options`` (the text between the quotes), None
    when absent.  ``file`` names where the module came from (a module made
    by :mod:`visa.build` names the Python file that built it, and its nodes
    carry the lines of the builder calls); it takes no part in equality."""
    version: tuple[int, int]
    units: tuple[Unit, ...]
    platform: str | None = None
    build_options: str | None = None
    line: int = _pos()
    col: int = _pos()
    # the file the module was read from or built in (a Python file for a
    # module made with visa.build): diagnostics name it; not part of equality
    file: str | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    # made by visa.build: the positions are those of the builder calls in
    # ``file``, not of a text (the program's text is its printing, where the
    # declarations come before the body); not part of equality
    built: bool = attrs.field(default=False, eq=False, repr=False, kw_only=True)
