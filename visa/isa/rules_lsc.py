"""The rules of the LSC family (visa/isa/forms_lsc.py): cache controls,
address models and sizes, data shapes, 2D blocks and fences, as Intel's
verifier (IsaVerification.cpp at igc-1.0.14828.26: its LSC checker;
IGC v2.40.13's for vISA 4.2) checks them beyond what one operand's slot
says.  Each rule is a ``verify`` hook registered with its forms
(``hook(ins, form, ctx)``, :mod:`visa.isa.verify`)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .. import ast
from . import datatypes, lsc_codes
from .verify import Context

# LSC cache controls (LscTryEncodeCacheOpts): the (L1, L3) pairs each kind of
# message can encode.  Bits 17..19 (vISA 4.1, IGC 1.x); IGC 2.x also takes
# bits 16..19, three more pairs for loads.  '.cc' is read as .ri by the
# 12504 lexer and means "constant cached" in IGC 2.x.
LSC_CACHE_PAIRS_COMMON: frozenset = frozenset((("df", "df"), ("uc", "uc")))
LSC_CACHE_PAIRS_LOAD: frozenset = frozenset((
    ("uc", "ca"), ("ca", "uc"), ("ca", "ca"), ("st", "uc"), ("st", "ca"), ("ri", "ca")))
LSC_CACHE_PAIRS_LOAD_42: frozenset = frozenset((("ri", "ri"), ("uc", "cc"), ("ca", "cc")))
LSC_CACHE_PAIRS_ATOMIC: frozenset = frozenset((("uc", "wb"),))
LSC_CACHE_PAIRS_STORE: frozenset = frozenset((
    ("uc", "wb"), ("wt", "uc"), ("wt", "wb"), ("st", "uc"), ("st", "wb"), ("wb", "wb")))
LSC_CACHE_NAMES: frozenset = frozenset(("df", "uc", "ca", "wb", "wt", "st", "ri", "cc"))
LSC_ADDR_SIZES: frozenset = frozenset(("a16", "a32", "a32s", "a32u", "a64"))
# LSC 2D blocks: the largest row, load and store widths (bytes), and the
# block counts each data size allows (verifyUntypedBlock2D)
LSC_BLOCK2D_MAX_ROWS = 32
LSC_BLOCK2D_MAX_LOAD_BYTES = 64
LSC_BLOCK2D_MAX_STORE_BYTES = 512
LSC_BLOCK2D_COUNTS: Mapping = MappingProxyType({
    "d8": (1, 2, 4), "d16": (1, 2, 4), "d32": (1, 2), "d64": (1,)})
LSC_DATA_BYTES: Mapping = MappingProxyType({
    "d8": 1, "d16": 2, "d32": 4, "d64": 8, "d8c32": 4, "d16c32": 4, "d16c32h": 4})

_LSC_BY_MNEMONIC = {i.mnemonic: i for i in lsc_codes.LSC_OP_INFO.values()}


_QUAD_STORE_CHANNELS = ("x", "xy", "xyz", "xyzw")


def lsc_shapes(ins: ast.Instruction, form, ctx: Context) -> None:
    """lsc-shape: the data shape suits the message (Intel's LSC verifier):
    a transposed shape needs execution size 1 and is not for atomics; a
    vector of more than one element needs d32 or d64 data;
    lsc_store_quad writes x, xy, xyz or xyzw; a 2D block store takes one
    block and no VNNI transform."""
    info = _LSC_BY_MNEMONIC.get(ins.op)
    if info is None:
        return
    for o in ins.operands:
        if type(o) is not ast.LscData or o.shape.size is None:
            continue
        sh = o.shape
        if sh.block is not None:
            if info.op is lsc_codes.LscOp.STORE_BLOCK2D and sh.vnni:
                ctx.report("lsc-shape", o, "a 2D block store cannot use the VNNI transform "
                                           "(the second order letter must be n)")
            if info.op is lsc_codes.LscOp.STORE_BLOCK2D and sh.block[0] != 1:
                ctx.report("lsc-shape", o, f"a 2D block store writes one block, not {sh.block[0]}")
        elif not sh.transpose and sh.channels is None and sh.vector > 1 \
                and _data_size(sh.size) not in ("d32", "d64"):
            ctx.report("lsc-shape", o, f"a vector of {sh.vector} elements needs d32 or d64 data, "
                                       f"not {sh.size}")
        elif sh.transpose:
            if info.kind is lsc_codes.LscOpKind.ATOMIC:
                ctx.report("lsc-shape", o, f"'{ins.op}' cannot use a transposed data shape")
            elif ins.exec is not None and ins.exec.size != 1:
                ctx.report("lsc-shape", o, f"a transposed data shape needs execution size 1, "
                                           f"not {ins.exec.size}")
        elif info.op is lsc_codes.LscOp.STORE_QUAD and sh.channels not in _QUAD_STORE_CHANNELS:
            ctx.report("lsc-shape", o, f"lsc_store_quad writes channels x, xy, xyz or xyzw, "
                                       f"not {sh.channels}")


def lsc(ins: ast.Instruction, form, ctx: Context) -> None:
    """lsc-cache: the cache controls are none or one L1/L3 pair of known
    names that the message can encode (loads, stores, atomics have their
    own pairs; TGM and UGML messages use the defaults before Xe2).
    lsc-addr: the address size is a16, a32, a32s, a32u or a64 (a16 only on
    SLM; no a64 on TGM, SLM or 2D blocks); the flat model is not for TGM and
    takes surface 0 or %null; bti/ss/bss are not for SLM; the base is a
    register, scaled by a power of two (4.2; 4.1 has no scaling); a64
    addresses are q/uq, a32 ones d/ud.
    lsc-shape (2D blocks): rows at most 32, a load's width x blocks x
    element at most 64 bytes (4.1: width x element), a store's 512, the
    block counts of each element size."""
    info = _LSC_BY_MNEMONIC[ins.op]
    m = ins.mods
    sfid = m[0] if m else None
    v42 = ctx.version >= (4, 2)
    if info.op is lsc_codes.LscOp.READ_STATE_INFO:
        if len(m) > 1:  # .tgm only: it has no cache controls
            ctx.report("modifier-unknown", ins, f"unknown modifier '.{m[1]}' for '{ins.op}' (allowed: .tgm)")
        _typed_coords(ins, info, ctx, v42)
        return
    if sfid == "tgm":
        _typed_coords(ins, info, ctx, v42)
    cache = m[1:]
    if len(cache) == 1 and not v42:
        cache = (cache[0], "df")  # 4.1 reads one control as L1, with L3 default
    if cache:
        if len(cache) != 2:
            ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': {len(m) - 1} cache control(s); write "
                                         "none or two (L1 and L3)")
        elif any(c not in LSC_CACHE_NAMES for c in cache):
            bad = next(c for c in cache if c not in LSC_CACHE_NAMES)
            ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': unknown cache control .{bad}; allowed: "
                                         ".df, .uc, .ca, .wb, .wt, .st, .ri, .cc")
        else:
            pair = tuple("ri" if (c == "cc" and not v42) else c for c in cache)
            xe2 = ctx.platform is not None and ctx.since("XE2")
            if sfid in ("tgm", "ugml") and not xe2 and pair != ("df", "df"):
                ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': messages to {sfid.upper()} use the "
                                             "default cache controls (.df.df) before Xe2")
            elif pair not in LSC_CACHE_PAIRS_COMMON:
                kind = info.kind
                if kind is lsc_codes.LscOpKind.LOAD:
                    ok = pair in LSC_CACHE_PAIRS_LOAD or (v42 and pair in LSC_CACHE_PAIRS_LOAD_42)
                    what = "a load"
                elif kind is lsc_codes.LscOpKind.ATOMIC:
                    ok, what = pair in LSC_CACHE_PAIRS_ATOMIC, "an atomic (L1 uncached)"
                else:
                    ok, what = pair in LSC_CACHE_PAIRS_STORE, "a store"
                if not ok:
                    ctx.report("lsc-cache", ins, f"'{ins.mnemonic}': .{cache[0]}.{cache[1]} is not a "
                                                 f"cache-control pair {what} can use")
    for o in ins.operands:
        t = type(o)
        if t is ast.LscAddr:
            _lsc_addr(ins, info, sfid, o, ctx)
        elif t is ast.LscData:
            if o.shape.block is not None:
                _lsc_block2d(ins, info, o, ctx, v42)
            else:
                _lsc_data_shape(ins, info, sfid, o, ctx)
                if not v42:
                    _lsc_size(ins, o, ctx)
    if info.kind is lsc_codes.LscOpKind.ATOMIC and len(ins.operands) == 4:
        _lsc_atomic_data(ins, info, ctx)
    elif info.kind is lsc_codes.LscOpKind.STORE:
        for o in ins.operands:
            if type(o) is ast.LscData and o.name in ("%null", "V0"):
                if info.is_block2d:  # what Intel's 1.x writer leaves of a 2D block store: its binaries
                    ctx.report("lsc-data", o, f"'{ins.op}' stores nothing: its data is %null (Intel's "
                                              "1.x writer drops a 2D block store's data)", "warning")
                else:
                    ctx.report("lsc-data", o, f"'{ins.op}' stores data: its data operand cannot be %null")


def _typed_coords(ins, info, ctx: Context, v42: bool) -> None:
    """lsc-addr (typed messages, Intel's verifyTyped): the U coordinate is
    a register, not %null; read_state_info takes one coordinate register
    (U, V, R and LOD packed in it: no V, R or LOD of their own), which
    vISA 4.2 text must write (4.1's grammar has none: its builder leaves U
    %null, which this GenX_IR takes)."""
    a = next((o for o in ins.operands if type(o) is ast.LscAddr), None)
    if a is None or a.base is None:
        if a is not None and v42 and info.op is lsc_codes.LscOp.READ_STATE_INFO:
            ctx.report("lsc-addr", a, f"'{ins.op}' reads its coordinates (U, V, R, LOD packed) from "
                                      "one register: write it in brackets, e.g. bti(0x1)[VC]")
        return
    base = a.base
    if type(base) is ast.LscReg and base.name in ("%null", "V0"):
        ctx.report("lsc-addr", base if base.line else a, f"'{ins.op}': the U coordinate cannot be %null")
    if info.op is lsc_codes.LscOp.READ_STATE_INFO and a.extra:
        it = a.extra[0]
        ctx.report("lsc-addr", it if getattr(it, "line", 0) else a,
                   f"'{ins.op}' reads U, V, R and LOD packed in one register: it takes no V, R or "
                   "LOD coordinate of its own")


_UGML_VECTORS = (1, 2, 4)


_UGM_SLM_VECTORS = (1, 2, 3, 4, 8)


_ATOMIC_SIZES = ("d16c32", "d32", "d64")


_CONVERTING = ("d8c32", "d16c32", "d16c32h")


def _lsc_data_shape(ins, info, sfid, o: ast.LscData, ctx: Context) -> None:
    """lsc-shape (Intel's verifyDataShape, beyond _lsc_shapes): no
    transposed quad message; vector lengths 1, 2, 4 on UGML and 1, 2, 3, 4,
    8 on UGM and SLM; atomics on d16u32, d32 or d64 data, one element, d64
    on SLM only for icas, fadd/fsub on UGM or UGML (and TGM from Xe2); the
    converting sizes one element; a payload of at most 8 GRFs (when the
    platform, hence the GRF size, is known)."""
    sh = o.shape
    size = _data_size(sh.size) if sh.size else None
    if size is None:
        return
    if sh.transpose and info.has_channel_mask:
        ctx.report("lsc-shape", o, f"'{ins.op}' (a channel-mask message) cannot use a transposed shape")
        return
    atomic = info.kind is lsc_codes.LscOpKind.ATOMIC
    if not sh.transpose and sh.channels is None:
        vec = sh.vector
        allowed = _UGML_VECTORS if sfid == "ugml" else _UGM_SLM_VECTORS if sfid in ("ugm", "slm") else None
        if allowed is not None and vec not in allowed and not atomic:
            ctx.report("lsc-shape", o, f"a vector of {vec} on {sfid.upper()}; allowed: "
                                       f"{', '.join(map(str, allowed))}")
        if atomic:
            if size not in _ATOMIC_SIZES:
                ctx.report("lsc-shape", o, f"'{ins.op}' works on d16u32, d32 or d64 data, not {sh.size}")
            elif sfid == "slm" and size == "d64" and info.op is not lsc_codes.LscOp.ATOMIC_ICAS:
                ctx.report("lsc-shape", o, f"'{ins.op}': SLM atomics on d64 are icas only")
            if vec != 1:
                ctx.report("lsc-shape", o, f"'{ins.op}' works on one element, not {vec}")
        elif vec != 1 and size in _CONVERTING:
            ctx.report("lsc-shape", o, f"a converting size ({sh.size}) takes one element, not {vec}")
    if atomic and info.op in (lsc_codes.LscOp.ATOMIC_FADD, lsc_codes.LscOp.ATOMIC_FSUB):
        ok = ("ugm", "ugml", "tgm") if ctx.platform is not None and ctx.since("XE2") \
            else ("ugm", "ugml")
        if sfid not in ok:
            ctx.report("lsc-shape", o, f"'{ins.op}' goes to {' or '.join(x.upper() for x in ok)}, "
                                       f"not {str(sfid).upper()}")
    nbytes = LSC_DATA_BYTES.get(size)
    e = ins.exec
    if nbytes is None or e is None or info.op is lsc_codes.LscOp.LOAD_BLOCK2D or ctx.platform is None:
        return  # the payload limit counts GRFs: only for a known platform
    elems = len(sh.channels) if sh.channels else sh.vector
    grf = ctx.grf
    regs = (max(1, elems * nbytes // grf) if sh.transpose
            else elems * max(1, nbytes * e.size // grf))
    if regs > 8:
        ctx.report("lsc-shape", o, f"'{ins.op}' moves {regs} GRFs of data; at most 8")


def _lsc_atomic_data(ins, info, ctx: Context) -> None:
    """lsc-data: an atomic's data operands: none for inc/dec/load (both
    %null), one for the binary ones (the second %null), two for the
    ternary ones (cas), as Intel's verifyDataOperands wants."""
    src1, src2 = ins.operands[2], ins.operands[3]
    for o, k, need in ((src1, 1, info.extra_operands >= 1), (src2, 2, info.extra_operands >= 2)):
        null = getattr(o, "name", None) in ("%null", "V0")
        if need and null:
            ctx.report("lsc-data", o, f"'{ins.op}' needs data in src{k}, not %null")
        elif not need and not null:
            ctx.report("lsc-data", o, f"'{ins.op}' takes no src{k}: write %null")


def _lsc_size(ins, o: ast.LscData, ctx: Context) -> None:
    """lsc-size: the data payload (lanes x vector x element, at least) fits
    in its variable from its offset (Intel's 4.1 builder refuses it; IGC
    2.x lets it through)."""
    d = ctx.gvars.get(o.name)
    sh = o.shape
    size = LSC_DATA_BYTES.get(_data_size(sh.size)) if sh.size else None
    if d is None or size is None or ins.exec is None:
        return
    if sh.size.startswith(("d8", "d16", "u8", "u16")) and "c32" not in sh.size and "u32" not in sh.size:
        size = 1 if "8" in sh.size else 2  # the least a narrow element can take
    elems = len(sh.channels) if sh.channels else sh.vector
    need = elems * size * (1 if sh.transpose else ins.exec.size)
    have = d.num_elts * datatypes.TYPE_INFO_BY_NAME[d.type].size - o.offset
    if need > have:
        ctx.type_error("lsc-size", o, f"'{ins.op}' moves {need} bytes through '{o.name}', which has "
                                      f"{have} from its offset")


_POW2 = frozenset(1 << k for k in range(16))


def _data_size(size: str) -> str:
    """An LSC data size in its d spelling (the lexer also reads u32, ...)."""
    return "d" + size[1:] if size and size[0] == "u" else size


def _lsc_addr(ins, info, sfid, a: ast.LscAddr, ctx: Context) -> None:
    size = a.size
    if size is not None:
        if size not in LSC_ADDR_SIZES:
            ctx.report("lsc-addr", a, f"address size :{size}; allowed: :a16, :a32, :a32s, :a32u, :a64")
            return
        if size == "a16" and sfid != "slm":
            ctx.report("lsc-addr", a, ":a16 addresses are for SLM only")
        if size == "a64" and sfid in ("tgm", "slm"):
            ctx.report("lsc-addr", a, f":a64 addresses are not for {sfid.upper()}")
        if size == "a64" and info.is_block2d:
            ctx.report("lsc-addr", a, "2D block messages take no :a64 address")
    model = a.model
    if model in ("flat", "arg"):
        if sfid == "tgm":
            ctx.report("lsc-addr", a, f"'{ins.mnemonic}': TGM messages cannot use the flat address model")
        s = a.surface
        if type(s) is ast.Number and s.value != 0 or type(s) is ast.Imm and s.bits != 0:
            ctx.report("lsc-addr", s if getattr(s, "line", 0) else a,
                       "the flat address model takes surface 0 or %null")
        elif type(s) is ast.LscReg and s.name != "%null":
            ctx.report("lsc-addr", s if s.line else a, "the flat address model takes surface 0 or %null")
    elif model in ("bti", "ss", "bss", "surf"):
        if sfid == "slm":
            ctx.report("lsc-addr", a, "SLM messages use the flat address model")
        s = a.surface
        if type(s) is ast.LscReg and s.name == "%null":
            ctx.report("lsc-addr", s if s.line else a, f"the {model} address model needs a surface, "
                                                       "not %null")
    if size == "a16" and not -0x7FFF <= a.offset <= 0x7FFF:
        ctx.report("lsc-addr", a, f"the immediate offset {a.offset:#x} overflows :a16 address arithmetic "
                                  "(at most +/-0x7fff)")
    if info.is_strided and a.extra:
        _pitch(ins, a, ctx)
    base = a.base
    if base is None:
        return
    if info.is_block2d:  # surface base, width, height, pitch, x and y: none is %null
        for it in (base,) + tuple(a.extra):
            if type(it) is ast.LscReg and it.name in ("%null", "V0"):
                ctx.report("lsc-addr", it if it.line else a, "a 2D block's surface base, width, height, "
                                                             "pitch and offsets cannot be %null")
                break
    if type(base) is not ast.LscReg:
        if not info.is_block2d:
            ctx.report("lsc-addr", base if getattr(base, "line", 0) else a,
                       "the address is a register (an immediate goes after it: [V+0x40])")
        return
    if base.scale not in _POW2:
        ctx.report("lsc-addr", base if base.line else a, f"the address scale {base.scale} is not a "
                                                         "power of two")
    elif base.scale != 1 and ctx.version < (4, 2):
        ctx.report("lsc-addr", base if base.line else a, "vISA 4.1's assembler has no address scaling "
                                                         "(it crashes: 'not supported yet'); scale the "
                                                         "address register instead")
    if size in ("a64", "a32", "a32s", "a32u") and not info.is_block2d and base.name != "%null":
        d = ctx.gvars.get(base.name)
        if d is not None and base.dot is None and base.rc is None:
            want = ("q", "uq") if size == "a64" else ("d", "ud")
            if d.type not in want:
                ctx.type_error("lsc-addr", base if base.line else a,
                               f":{size} addresses are {' or '.join(want)}; '{base.name}' is {d.type}")


def _pitch(ins, a: ast.LscAddr, ctx: Context) -> None:
    """lsc-addr: a strided message's pitch is an immediate of at most 16
    bits or a register other than %null."""
    p = a.extra[0]
    t = type(p)
    at = p if getattr(p, "line", 0) else a
    if t is ast.Number or t is ast.Imm:
        v = p.value if t is ast.Number else p.bits
        if t is ast.Imm and v & 0x80000000 and p.type not in ("q", "uq"):
            v -= 1 << 32  # Intel compares the signed value
        if v > 0xFFFF:
            ctx.report("lsc-addr", at, f"the pitch {v:#x} does not fit in 16 bits")
    elif t is ast.LscReg and p.name in ("%null", "V0"):
        ctx.report("lsc-addr", at, "the pitch is an immediate or a register, not %null")


_BLOCK2D_SIZES = ("d8", "d16", "d32", "d64")


def _lsc_block2d(ins, info, o: ast.LscData, ctx: Context, v42: bool) -> None:
    sh = o.shape
    blocks, width, height = sh.block
    dsize = _data_size(sh.size)
    if sh.size is not None and dsize not in _BLOCK2D_SIZES:  # (a typed 2D block has no size)
        ctx.report("lsc-shape", o, f"a 2D block moves d8, d16, d32 or d64 data, not {sh.size}")
        return
    size = LSC_DATA_BYTES.get(dsize)
    if size is None or not (blocks and width and height):
        return
    rows = width if sh.transpose else height
    if rows > LSC_BLOCK2D_MAX_ROWS:
        ctx.report("lsc-shape", o, f"a 2D block has at most {LSC_BLOCK2D_MAX_ROWS} rows, not {rows}")
    if info.op is lsc_codes.LscOp.LOAD_BLOCK2D:
        total = width * blocks * size if v42 else (height if sh.transpose else width) * size
        if total > LSC_BLOCK2D_MAX_LOAD_BYTES:
            ctx.report("lsc-shape", o, f"a 2D block load reads rows of {total} bytes "
                                       f"(width x blocks x element); at most "
                                       f"{LSC_BLOCK2D_MAX_LOAD_BYTES}")
    elif v42 and width * blocks * size > LSC_BLOCK2D_MAX_STORE_BYTES:
        ctx.report("lsc-shape", o, f"a 2D block store writes rows of {width * size} bytes; at most "
                                   f"{LSC_BLOCK2D_MAX_STORE_BYTES}")
    if not sh.transpose or sh.vnni:
        counts = LSC_BLOCK2D_COUNTS.get(dsize)
        if counts is not None and blocks not in counts:
            ctx.report("lsc-shape", o, f"a 2D block of {dsize} has {', '.join(map(str, counts))} "
                                       f"blocks, not {blocks}")
    elif blocks != 1:
        ctx.report("lsc-shape", o, f"a transposed 2D block has one block, not {blocks}")


def lsc_fence(ins: ast.Instruction, form, ctx: Context) -> None:
    """lsc-fence: lsc_fence names a known SFID (ugm, ugml, tgm, slm), fence
    operation and scope; an SLM fence uses .none and .group."""
    m = ins.mods
    if not m:
        return  # Intel's printing of a default fence: 'lsc_fence' alone
    sfid = m[0]
    if sfid not in _SFIDS:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown SFID .{sfid}; allowed: "
                                     ".ugm, .ugml, .tgm, .slm")
        return
    if len(m) != 3:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': lsc_fence is written "
                                     "lsc_fence.<sfid>.<operation>.<scope>")
        return
    fop, scope = m[1], m[2]
    if fop not in _FENCE_OPS:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown fence operation .{fop}; allowed: "
                                     f"{', '.join('.' + x for x in _FENCE_OPS)}")
    elif scope not in _SCOPES:
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': unknown scope .{scope}; allowed: "
                                     f"{', '.join('.' + x for x in _SCOPES)}")
    elif sfid == "slm" and (fop != "none" or scope != "group"):
        ctx.report("lsc-fence", ins, f"'{ins.mnemonic}': an SLM fence is lsc_fence.slm.none.group")


_SFIDS = tuple(lsc_codes.LSC_SFID_NAMES.values())


_FENCE_OPS = tuple(lsc_codes.LSC_FENCE_OP_NAMES.values())


_SCOPES = tuple(lsc_codes.LSC_SCOPE_NAMES.values())
