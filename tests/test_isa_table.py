"""Checks of the declarative opcode table in visa.isa.opcodes.

The Intel-source checks compare the table with the facts of Intel's
``visa/IsaDescription.cpp`` and friends at two tags (enumerators and table
rows), recorded under tests/data/intel/ by tools/intel_facts.py.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from refs import GOLDEN
from visa.isa import (datatypes, targets, field_codes, descriptions, value_codes, lsc_codes,
    subops, opcodes, predefined, keywords)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import intel_facts  # noqa: E402

NEW_TAG = "igc-1.0.14828.26"
OLD_TAG = "igc-1.0.12504.6"
GOLDEN_OPCODES = GOLDEN / "OPCODES.tsv"


# ---------------------------------------------------------------------------
# Table invariants
# ---------------------------------------------------------------------------


def test_opcode_numbers_unique_and_contiguous():
    numbers = [d.number for d in opcodes.OPCODES]
    assert numbers == list(range(len(numbers)))
    assert len(numbers) == opcodes.NUM_OPCODES
    assert [int(o) for o in opcodes.Opcode] == numbers
    for d in opcodes.OPCODES:
        assert opcodes.OPCODES_BY_NUMBER[d.number] is d
        assert isinstance(d.category, field_codes.InstCategory)


def test_mnemonics_unique():
    # No aliases at opcode level: every ISA mnemonic names one opcode.  Text
    # keywords that map onto an opcode (min/max, fence_*, raw_sendc ...) live
    # in TEXT_MNEMONICS instead.
    mnemonics = [d.mnemonic for d in opcodes.OPCODES]
    assert len(set(mnemonics)) == len(mnemonics)
    assert set(opcodes.OPCODES_BY_MNEMONIC) == set(mnemonics)
    for d in opcodes.OPCODES:
        assert opcodes.opcode(d.mnemonic) is d
        assert opcodes.opcode(d.number) is d


def _check_operands(operands, where):
    names = [o.name for o in operands]
    repeated = {n for n in names if names.count(n) > 1}
    assert not repeated, f"{where}: repeated operand names {repeated}"
    for o in operands:
        assert isinstance(o, descriptions.OperandDef)
        assert o.name, f"{where}: unnamed operand"
        if o.kind is descriptions.OperandKind.CLASSES:
            assert o.classes, f"{where}.{o.name}: no operand classes"
        else:
            assert not o.classes, f"{where}.{o.name}: kind and classes both set"
        assert all(isinstance(t, datatypes.VisaType) for t in o.types)
        assert all(isinstance(c, descriptions.Constraint) for c in o.constraints)


def test_operand_definitions_well_formed():
    for d in opcodes.OPCODES:
        _check_operands(d.operands, d.mnemonic)
        if d.is_reserved:
            assert not d.operands and not d.subops
        if d.subops:
            assert len(d.operands) == 1 and d.operands[0].is_subopcode
            codes = [s.code for s in d.subops]
            assert codes == sorted(set(codes)), d.mnemonic
            names = [s.mnemonic for s in d.subops]
            assert len(set(names)) == len(names), d.mnemonic
            for s in d.subops:
                _check_operands(s.operands, f"{d.mnemonic}/{s.mnemonic}")
        assert d.opnd_num >= 0


def test_scalar_operand_sizes():
    # Exec sizes are bytes, predicates 16 bits.
    for d in opcodes.OPCODES:
        for o in d.operands:
            if o.is_exec_size:
                assert o.scalar_type is datatypes.VisaType.UB
            if o.is_predicate:
                assert o.scalar_type is datatypes.VisaType.UW


def test_text_mnemonics_point_into_table():
    for word, form in keywords.TEXT_MNEMONICS.items():
        d = opcodes.OPCODES_BY_NUMBER[form.opcode]
        if form.selector == "subop":
            assert form.value in d.subop_by_code, word
            if d.number == opcodes.Opcode.LSC_UNTYPED:
                assert d.subop_by_code[form.value].mnemonic == word
        elif form.selector not in (None, "label_kind"):
            assert form.selector in {o.name for o in d.operands}, word
    # every sampler op that the lexer knows is reachable
    for info in opcodes.SAMPLER_3D_OPS.values():
        if info.in_text:
            assert keywords.TEXT_MNEMONICS[info.name].value == info.op


def test_lsc_tables_follow_op_enum():
    for table, opc in ((lsc_codes.LSC_UNTYPED_SUBOPS, opcodes.Opcode.LSC_UNTYPED),
                       (lsc_codes.LSC_TYPED_SUBOPS, opcodes.Opcode.LSC_TYPED)):
        for s in table:
            assert s.mnemonic == lsc_codes.LSC_OP_INFO[lsc_codes.LscOp(s.code)].mnemonic
        assert opcodes.opcode(opc).subops == table


def test_enumeration_name_tables_are_complete():
    assert set(datatypes.TYPE_INFO) == set(datatypes.VisaType)
    assert set(datatypes.ALIGN_INFO) == set(datatypes.Align)
    assert set(field_codes.COND_MOD_NAMES) == set(field_codes.CondMod)
    assert set(value_codes.CHANNEL_MASK_NAMES) == set(value_codes.ChannelMask)
    assert set(lsc_codes.LSC_OP_INFO) == set(lsc_codes.LscOp)
    assert [v.index for v in predefined.PREDEFINED_VARS] == list(range(22))
    # vISA 4.1 has 21; 4.2 adds %scratchloc (PREDEFINED_SCRATCHLOC = 21 in
    # visa_igc_common_header.h at v2.40.13)
    assert len(predefined.predefined_var_names((4, 1))) == 21
    assert predefined.PREDEFINED_VARS[21].since == (4, 2)
    assert [s.index for s in predefined.PREDEFINED_SURFACES] \
        == list(range(predefined.NUM_PREDEFINED_SURFACES))
    assert field_codes.EXEC_SIZE_BY_WIDTH[32] is field_codes.ExecSize.SIMD32
    assert datatypes.ALIGN_BY_NAME["hword"] is datatypes.Align.HWORD


# ---------------------------------------------------------------------------
# Golden opcode list
# ---------------------------------------------------------------------------


def test_golden_opcode_list():
    assert GOLDEN_OPCODES.is_file(), f"missing {GOLDEN_OPCODES}"
    seen = 0
    with GOLDEN_OPCODES.open(newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            mnemonic, text = row["mnemonic"], row["opcode"].strip()
            number = int(text, 16) if text.lower().startswith("0x") else int(text)
            assert mnemonic in opcodes.OPCODES_BY_MNEMONIC, f"{mnemonic} not in the table"
            assert opcodes.OPCODES_BY_MNEMONIC[mnemonic].number == number, mnemonic
            seen += 1
    assert seen > 0


# ---------------------------------------------------------------------------
# Intel's facts: enumerators and table initializers of its sources, recorded
# by tools/intel_facts.py under tests/data/intel/
# ---------------------------------------------------------------------------

INTEL = Path(__file__).resolve().parent / "data" / "intel"


class CSource:
    """The enumerators and braced initializers (nested lists of C tokens) of
    one group of Intel's files at one tag."""

    def __init__(self, tag: str, group: str):
        path = INTEL / f"{tag}__{group}.json"
        assert path.is_file(), f"missing {path}: run tools/intel_facts.py with Intel's sources"
        data = json.loads(path.read_text())
        self.enums: dict[str, int] = data["enums"]
        self._inits: dict = data["initializers"]

    def initializer(self, name: str):
        return self._inits[name]

    # the value of a C constant expression of literals and enumerators (None
    # if it has anything else), as the tool that recorded the facts reads it
    _eval = staticmethod(intel_facts.CSource._eval)


def _terms(expr) -> list[str]:
    """Terms of an OR-expression, parentheses dropped."""
    return [t for t in expr if t not in ("(", ")", "|")]


_SOURCES: dict[str, CSource] = {}


def _isa_description(tag: str) -> CSource:
    if tag not in _SOURCES:
        _SOURCES[tag] = CSource(tag, "isa_description")
    return _SOURCES[tag]


# ---------------------------------------------------------------------------
# Row-by-row comparison with IsaDescription.cpp
# ---------------------------------------------------------------------------

_CONSTRAINT_NAMES = {
    "SAT_C": "SAT",
    "LABEL_BLOCK_C": "LABEL_BLOCK",
    "LABEL_FUNC_C": "LABEL_FUNC",
    "SIZE_1": "EXEC_SIZE_1",
    "SIZE_2": "EXEC_SIZE_2",
    "SIZE_4": "EXEC_SIZE_4",
    "SIZE_8": "EXEC_SIZE_8",
    "SIZE_GE_WIDTH_M_HIEGH": "SIZE_GE_WIDTH_X_HEIGHT",
    "LENGHT_LESS_256": "LENGTH_LESS_256",
}
_PLATFORM_NAMES = {"Xe_XeHPSDV": "XE_HP_SDV", "Xe_DG2": "DG2", "Xe_MTL": "MTL", "Xe_PVC": "PVC",
                   "Xe_PVCXT": "PVCXT", "ALL": "ALL"}
_SUBOP_TABLES = {
    "VASubOpcodeDesc": opcodes.Opcode.VA,
    "VAPlusSubOpcodeDesc": opcodes.Opcode.VA_SKL_PLUS,
    "SVMSubOpcodeDesc": opcodes.Opcode.SVM,
    "LscUntypedSubOpcodeDescs": opcodes.Opcode.LSC_UNTYPED,
    "LscTypedSubOpcodeDescs": opcodes.Opcode.LSC_TYPED,
}


def _category(src: CSource, expr) -> field_codes.InstCategory:
    (name,) = _terms(expr)
    cat = field_codes.InstCategory[name.removeprefix("ISA_Inst_").upper()]
    assert int(cat) == src.enums[name]
    return cat


def _num(src: CSource, expr) -> int:
    val = CSource._eval(list(expr), src.enums)
    assert val is not None, expr
    return val


def _string(expr) -> str:
    (s,) = _terms(expr)
    assert s.startswith('"'), expr
    return s[1:-1]


def _operand_diffs(src: CSource, where: str, ref_ops, ours) -> list[str]:
    diffs = []
    if len(ref_ops) != len(ours):
        return [f"{where}: {len(ref_ops)} operand descriptions in Intel's row, {len(ours)} in ours"]
    for k, (row, o) in enumerate(zip(ref_ops, ours, strict=True)):
        kind_expr, type_expr, cons_expr = row
        if _num(src, kind_expr) != o.intel_code:
            diffs.append(f"{where} operand {k} ({o.name}): kind {_num(src, kind_expr):#x} != {o.intel_code:#x}")
        ref_types = {datatypes.VisaType[t.removeprefix("ISA_TYPE_")] for t in _terms(type_expr) if t != "0"}
        if ref_types != set(o.types):
            diffs.append(f"{where} operand {k} ({o.name}): types {sorted(t.name for t in ref_types)} "
                         f"!= {sorted(t.name for t in o.types)}")
        ref_cons = {descriptions.Constraint[_CONSTRAINT_NAMES.get(c,
                                                                  c)] for c in _terms(cons_expr) if c != "0"}
        if ref_cons != set(o.constraints):
            diffs.append(f"{where} operand {k} ({o.name}): constraints {sorted(c.name for c in ref_cons)} "
                         f"!= {sorted(c.name for c in o.constraints)}")
    return diffs


def _table_diffs(tag: str, upto: int) -> list[str]:
    """Differences between our table and Intel's rows 0..upto-1 at ``tag``."""
    src = _isa_description(tag)
    diffs: list[str] = []
    info = src.initializer("ISA_Inst_Table")
    desc = src.initializer("CISA_INST_table")
    assert len(info) == upto and len(desc) == upto, (len(info), len(desc))
    for i, (irow, drow) in enumerate(zip(info, desc, strict=True)):
        d = opcodes.OPCODES[i]
        op, typ, name, n_srcs, n_dsts = irow
        if _num(src, op) != i:
            diffs.append(f"ISA_Inst_Table[{i}] is opcode {_num(src, op)}")
        if (_string(name), _category(src, typ), _num(src, n_srcs), _num(src, n_dsts)) != (
                d.mnemonic, d.category, d.n_srcs, d.n_dsts):
            diffs.append(f"{d.mnemonic}: info row {_string(name)} {_category(src, typ).name} "
                         f"{_num(src, n_srcs)} {_num(src, n_dsts)}")
        platform, op, typ, name, opnd_num, attr, *rest = drow
        operands = rest[0] if rest else []
        (pname,) = _terms(platform)
        ours_platform = targets.TargetPlatform[_PLATFORM_NAMES.get(pname, pname.removeprefix("GENX_"))]
        if int(ours_platform) != src.enums[pname] or ours_platform != d.platform:
            diffs.append(f"{d.mnemonic}: platform {pname} != {d.platform.name}")
        if _num(src, op) != i:
            diffs.append(f"CISA_INST_table[{i}] is opcode {_num(src, op)}")
        if _category(src, typ) != d.intel_desc_category:
            diffs.append(f"{d.mnemonic}: description category {_category(src, typ).name}")
        if _string(name) != d.intel_desc_name:
            diffs.append(f"{d.mnemonic}: description name {_string(name)!r} != {d.intel_desc_name!r}")
        if _num(src, opnd_num) != d.opnd_num:
            diffs.append(f"{d.mnemonic}: opnd_num {_num(src, opnd_num)} != {d.opnd_num}")
        if _num(src, attr) != int(d.attr):
            diffs.append(f"{d.mnemonic}: attr {_num(src, attr)} != {int(d.attr)}")
        diffs += _operand_diffs(src, d.mnemonic, operands, d.operands)

    for table, opc in _SUBOP_TABLES.items():
        d = opcodes.opcode(opc)
        rows = src.initializer(table)
        listed = set()
        for code, row in enumerate(rows):
            if not row:
                continue
            sub, typ, name, opnd_num, *rest = row
            operands = rest[0] if rest else []
            where = f"{d.mnemonic}/{_string(name)}"
            listed.add(code)
            if _num(src, sub) != code:
                diffs.append(f"{where}: sub-opcode {_num(src, sub)} at index {code}")
            s = d.subop_by_code.get(code)
            if s is None:
                diffs.append(f"{where}: sub-op {code:#x} missing from our table")
                continue
            if (_string(name), _category(src, typ), _num(src, opnd_num)) != (s.mnemonic, s.category, s.opnd_num):
                diffs.append(f"{where}: sub-op row differs ({s.mnemonic}, {s.category.name}, {s.opnd_num})")
            diffs += _operand_diffs(src, where, operands, s.operands)
        extra = set(d.subop_by_code) - listed
        if extra:
            diffs.append(f"{d.mnemonic}: sub-ops {sorted(extra)} not in Intel's {table}")
    return diffs


def test_rows_match_isa_description_reference():
    """Every row of IsaDescription.cpp at the reference tag, field by field."""
    assert _table_diffs(NEW_TAG, opcodes.NUM_OPCODES) == []


# Known differences of the 12504.6 text-side table (see the module docstring).
OLD_TAG_DIFFERENCES = [
    "srnd operand 3 (src1): types ['F', 'HF'] != ['F', 'HF', 'UB', 'UW']",
]


def test_rows_match_isa_description_text_side():
    """igc-1.0.12504.6 numbers opcodes 0..0x92 the same way; only the listed
    description details differ."""
    upto = opcodes.Opcode.ADD3O + 1
    assert [d.since for d in opcodes.OPCODES[upto:]] == [NEW_TAG] * (opcodes.NUM_OPCODES - upto)
    assert _table_diffs(OLD_TAG, upto) == OLD_TAG_DIFFERENCES


@pytest.mark.parametrize("tag", [NEW_TAG, OLD_TAG])
def test_opcode_enum_matches_header(tag):
    src = _isa_description(tag)
    names = {
        n: v for n, v in src.enums.items()
        if n.startswith("ISA_") and not n.startswith(("ISA_TYPE_", "ISA_Inst_", "ISA_CMP_", "ISA_HDC_"))
        and n not in ("ISA_NUM_OPCODE", "ISA_OPCODE_ENUM_SIZE", "ISA_QF_CVT")
    }
    renamed = {"3D_SAMPLE": "SAMPLE_3D", "3D_LOAD": "LOAD_3D", "3D_GATHER4": "GATHER4_3D",
               "3D_INFO": "INFO_3D", "3D_RT_WRITE": "RT_WRITE_3D", "3D_URB_WRITE": "URB_WRITE_3D",
               "3D_TYPED_ATOMIC": "TYPED_ATOMIC", "SAMPLR_CACHE_FLUSH": "SAMPLER_CACHE_FLUSH"}
    ours = {f"ISA_{k}": int(v) for k, v in opcodes.Opcode.__members__.items()}
    theirs = {f"ISA_{renamed.get(n[4:], n[4:])}": v for n, v in names.items()}
    expected = {k: v for k, v in ours.items() if v < src.enums["ISA_NUM_OPCODE"]}
    assert theirs == expected


def _enum_values(src: CSource, prefix: str, *, strip: str | None = None, skip=()) -> dict[str, int]:
    strip = prefix if strip is None else strip
    return {n.removeprefix(strip): v for n, v in src.enums.items() if n.startswith(prefix) and n not in skip}


@pytest.mark.parametrize("tag", [NEW_TAG, OLD_TAG])
def test_shared_enums_match_header(tag):
    src = _isa_description(tag)
    e = src.enums

    def check(enum_cls, prefix, rename=None, skip=()):
        got = _enum_values(src, prefix, skip=skip)
        rename = rename or {}
        mine = {rename.get(m.name, m.name): int(m) for m in enum_cls}
        assert got == mine, enum_cls.__name__

    check(datatypes.VisaType, "ISA_TYPE_", skip=("ISA_TYPE_NUM",))
    check(field_codes.CondMod, "ISA_CMP_", {"EQ": "E", "GT": "G", "LT": "L"}, skip=("ISA_CMP_UNDEF",))
    check(field_codes.ExecMask, "vISA_EMASK_")
    check(value_codes.ChannelMask, "CHANNEL_MASK_", skip=("CHANNEL_MASK_NUM",))
    svm_other = tuple(n for n in e if n.startswith(("SVM_BLOCK_NUM_", "SVM_BLOCK_TYPE_")))
    check(subops.SvmOp, "SVM_", skip=("SVM_LASTOP",) + svm_other)
    for lsc_enum in (lsc_codes.LscOp, lsc_codes.LscSfid):  # both live in the LSC_ namespace
        assert {m.name: e.get("LSC_" + m.name) for m in lsc_enum} == {m.name: int(m) for m in lsc_enum}
    assert e["LSC_INVALID"] == 0xFFFFFFFF and max(lsc_codes.LscOp) == e["LSC_FENCE"]
    check(lsc_codes.LscCacheOpt, "LSC_CACHING_", {"READ_INVALIDATE": "READINVALIDATE"})
    sizes = ["INVALID", "8b", "16b", "32b", "64b", "8c32b", "16c32b", "16c32bH"]
    check(lsc_codes.LscDataSize, "LSC_DATA_SIZE_",
          {m.name: n for m, n in zip(lsc_codes.LscDataSize, sizes, strict=True)})
    check(lsc_codes.LscDataElems, "LSC_DATA_ELEMS_",
          {m.name: m.name[1:] for m in lsc_codes.LscDataElems if m.name != "INVALID"})
    check(lsc_codes.LscDataOrder, "LSC_DATA_ORDER_")
    check(lsc_codes.LscAddrSize, "LSC_ADDR_SIZE_",
          {m.name: m.name[1:] + "b" for m in lsc_codes.LscAddrSize if m.name != "INVALID"})
    check(lsc_codes.LscAddrType, "LSC_ADDR_TYPE_")
    check(lsc_codes.LscFenceOp, "LSC_FENCE_OP_")
    check(lsc_codes.LscScope, "LSC_SCOPE_")
    check(datatypes.Align, "ALIGN_", {"GRFx2": "2_GRF", "WORDx32": "32WORD", "WORDx64": "64WORD"},
          skip=("ALIGN_UNDEF", "ALIGN_TOTAL_NUM"))
    check(opcodes.Sampler3DOp, "VISA_3D_", skip=("VISA_3D_TOTAL_NUM_OPS", "VISA_3D_GATHER4_CHANNEL_R",
                                            "VISA_3D_GATHER4_CHANNEL_G", "VISA_3D_GATHER4_CHANNEL_B",
                                            "VISA_3D_GATHER4_CHANNEL_A", "VISA_3D"))
    check(value_codes.MediaLdModifier, "MEDIA_LD_",
          {m.name: m.name.lower() for m in value_codes.MediaLdModifier}, skip=("MEDIA_LD_Mod_NUM",))
    atomic = {"ATOMIC_" + m.name: int(m) for m in value_codes.AtomicOp}
    assert {n: v for n, v in e.items() if n.startswith("ATOMIC_") and n != "ATOMIC_UNDEF"} == atomic
    va = {n: v for n, v in e.items() if n.endswith("_FOPCODE") or n.startswith(("VA_OP_CODE_", "ISA_HDC_"))}
    assert sorted(va.values()) == sorted(int(m) for m in subops.VaOp)
    plat = {_PLATFORM_NAMES.get(n, n.removeprefix("GENX_")): v for n, v in e.items()
            if n.startswith(("GENX_", "Xe_")) or n == "ALL"}
    assert plat == {m.name: int(m) for m in targets.TargetPlatform}
    labels = {k: v for k, v in _enum_values(src, "LABEL_").items() if k in field_codes.LabelKind.__members__}
    assert labels == {m.name: int(m) for m in field_codes.LabelKind if m.name in labels}
    assert len(labels) == (len(field_codes.LabelKind) if tag == NEW_TAG else len(field_codes.LabelKind) - 1)
    assert e["PREDEFINED_MSG0"] == predefined.PREDEFINED_VAR_BY_NAME["%msg0"].index
    assert e["MODIFIER_NOT"] == field_codes.Modifier.NOT and e["PRED_CTRL_ALL"] == field_codes.PredControl.ALL
    assert e["EXEC_SIZE_32"] == field_codes.ExecSize.SIMD32


def test_name_tables_match_intel_tables():
    src = CSource(NEW_TAG, "common_isa")

    types = src.initializer("CISATypeTable")
    assert [(_string(n), _num(src, s)) for _, n, s in types] == [
        (datatypes.TYPE_INFO[t].name, datatypes.TYPE_INFO[t].size) for t in datatypes.VisaType]

    atomics = [_string(x) for x in src.initializer("CISAAtomicOpNames")]
    assert {i: n for i, n in enumerate(atomics) if n} == {int(k): v for k,
                                                          v in value_codes.ATOMIC_OP_NAMES.items()}

    emask = [_string(x) for x in src.initializer("emask_str")]
    assert emask[:16] == [field_codes.EXEC_MASK_NAMES[m] for m in field_codes.ExecMask]
    assert field_codes.EXEC_MASK_BY_NAME[emask[16]] is field_codes.ExecMask.M1_NM

    rel = [_string(x) for x in src.initializer("Rel_op_str")][:6]
    assert rel == [field_codes.COND_MOD_NAMES[c] for c in field_codes.CondMod]

    media = [_string(x) for x in src.initializer("media_ld_mod_str")]
    assert media == [value_codes.MEDIA_LD_MODIFIER_NAMES[m] for m in value_codes.MediaLdModifier]

    out = [_string(x) for x in src.initializer("sampler_channel_output_str")]
    assert out == [value_codes.CHANNEL_OUTPUT_NAMES[f] for f in value_codes.ChannelOutputFormat]

    aligns = src.initializer("CISAAlignTable")
    assert [(_string(n), _num(src, b)) for _, n, b in aligns] == [
        (datatypes.ALIGN_INFO[a].name, datatypes.ALIGN_INFO[a].size or 0) for a in datatypes.Align]

    surfaces = src.initializer("vISAPreDefSurf")
    assert [(_num(src, i), _num(src, b), _string(n)) for i, b, n in surfaces] == [
        (s.index, s.bti, s.name) for s in predefined.PREDEFINED_SURFACES]

    # ChannelMask::Names: "0000" for no mask, letters otherwise
    names = [_string(x) for x in src.initializer("Names")]
    assert names[1:] == [value_codes.CHANNEL_MASK_NAMES[m] for m in value_codes.ChannelMask][1:]
