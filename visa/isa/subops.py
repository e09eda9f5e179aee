"""Sub-operations with tables of their own: svm, va and va_skl_plus
(their enumerations and description rows), and the 3D sampler operations
of sample_3d / load_3d / gather4_3d / info_3d."""
from __future__ import annotations

import enum

from .enumeration import QuickEnumType

from .datatypes import VisaType
from .field_codes import InstCategory
from .descriptions import (Constraint, OperandClass, SRC_G_I_IMM, SRC_VECTOR, exec_field, operand,
    other_field, pred_field, raw_field, sampler_field, subop_row, surface_field)

# the rows' shorthand
_T = VisaType
_X = Constraint
_C = OperandClass
_UD_D_F = frozenset({_T.UD, _T.D, _T.F})


class SvmOp(enum.IntEnum, metaclass=QuickEnumType):
    BLOCK_LD = 0x1
    BLOCK_ST = 0x2
    GATHER = 0x3
    SCATTER = 0x4
    ATOMIC = 0x5
    GATHER4SCALED = 0x6
    SCATTER4SCALED = 0x7


class VaOp(enum.IntEnum, metaclass=QuickEnumType):
    """Sub-opcodes of va (0x44) and va_skl_plus (0x4D) (Intel: ISA_VA_Sub_Opcode)."""

    AVS = 0x00
    CONVOLVE = 0x01
    MINMAX = 0x02
    MINMAXFILTER = 0x03
    ERODE = 0x04
    DILATE = 0x05
    BOOLCENTROID = 0x06
    CENTROID = 0x07
    CONVOLVE_1D_VERTICAL = 0x08
    CONVOLVE_1D_HORIZONTAL = 0x09
    CONVOLVE_1PIXEL = 0x0A
    FLOOD_FILL = 0x0B
    LBP_CREATION = 0x0C
    LBP_CORRELATION = 0x0D
    NONE = 0x0E
    CORRELATION_SEARCH = 0x0F
    HDC_CONVOLVE_2D = 0x10
    HDC_MINMAXFILTER = 0x11
    HDC_ERODE = 0x12
    HDC_DILATE = 0x13
    HDC_LBP_CORRELATION = 0x14
    HDC_LBP_CREATION = 0x15
    HDC_CONVOLVE_1D_H = 0x16
    HDC_CONVOLVE_1D_V = 0x17
    HDC_CONVOLVE_1PIXEL = 0x18
    UNDEFINED = 0x19


_SV = InstCategory.SVM
_SVM_BLOCK_NOTE = ("properties: bits 0..2 OwordNum code, bit 7 (0x80) unaligned as written by "
                   "the 14828 builder (its binary reader tests bit 3 instead)")
SVM_SUBOPS = (
    subop_row(SvmOp.BLOCK_LD, "svm_block_ld", _SV, (
        other_field(_T.UB, "properties"),
        operand(SRC_VECTOR, _T.UQ, _X.GRF_ALIGNED, name="address"),
        raw_field(_T.UQ, "dst"),
    ), note=_SVM_BLOCK_NOTE),
    subop_row(SvmOp.BLOCK_ST, "svm_block_st", _SV, (
        other_field(_T.UB, "properties"),
        operand(SRC_VECTOR, _T.UQ, _X.GRF_ALIGNED, name="address"),
        raw_field(_T.UQ, "src"),
    ), note=_SVM_BLOCK_NOTE),
    subop_row(SvmOp.GATHER, "svm_gather", _SV, (
        exec_field(), pred_field(),
        other_field(_T.UB, "block_size"), other_field(_T.UB, "num_blocks"),
        raw_field(_T.UQ, "addresses"), raw_field(_T.UQ, "dst"),
    )),
    subop_row(SvmOp.SCATTER, "svm_scatter", _SV, (
        exec_field(), pred_field(),
        other_field(_T.UB, "block_size"), other_field(_T.UB, "num_blocks"),
        raw_field(_T.UQ, "addresses"), raw_field(_T.UQ, "src"),
    )),
    subop_row(SvmOp.ATOMIC, "svm_atomic", _SV, (
        exec_field(), pred_field(),
        other_field(_T.UB, "op"),
        raw_field(_T.UQ, "addresses"), raw_field(_T.UQ, "src0"), raw_field(_T.UQ, "src1"), raw_field(_T.UQ, "dst"),
    ), note="op byte: AtomicOp in bits 0..4, ATOMIC_16BIT / ATOMIC_64BIT flags above"),
    subop_row(SvmOp.GATHER4SCALED, "svm_gather4scaled", _SV, (
        exec_field(), pred_field(),
        other_field(_T.UB, "channel_mask"), other_field(_T.UW, "scale"),
        operand(SRC_G_I_IMM, _T.UQ, _X.SCALAR_REGION, name="address"),
        raw_field(_T.UQ, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "dst", _X.GRF_ALIGNED),
    )),
    subop_row(SvmOp.SCATTER4SCALED, "svm_scatter4scaled", _SV, (
        exec_field(), pred_field(),
        other_field(_T.UB, "channel_mask"), other_field(_T.UW, "scale"),
        operand(SRC_G_I_IMM, _T.UQ, _X.SCALAR_REGION, name="address"),
        raw_field(_T.UQ, "offsets", _X.GRF_ALIGNED),
        raw_field(_UD_D_F, "src", _X.GRF_ALIGNED),
    )),
)

_SA = InstCategory.SAMPLER


def _uv(t=_T.F):
    return (operand(SRC_G_I_IMM, t, _X.SCALAR_REGION, name="u_offset"),
            operand(SRC_G_I_IMM, t, _X.SCALAR_REGION, name="v_offset"))


def _scalar(t, name):
    return operand(SRC_G_I_IMM, t, _X.SCALAR_REGION, name=name)


def _hdc_dst():
    return (surface_field("dst_surface"), _scalar(_T.UW, "dst_x_offset"), _scalar(_T.UW, "dst_y_offset"))


_VA_DST = raw_field(_T.F, "dst", _X.GRF_ALIGNED)

VA_SUBOPS = (
    subop_row(VaOp.CONVOLVE, "va_convolve_2d", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "properties"), _VA_DST)),
    subop_row(VaOp.MINMAX, "va_minmax", _SA, (
        surface_field(), *_uv(), operand(SRC_G_I_IMM, _T.UB, name="mmf_mode"), _VA_DST)),
    subop_row(VaOp.MINMAXFILTER, "va_minmaxfilter", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "cntrl"), other_field(_T.UB, "exec_mode"),
        operand(SRC_G_I_IMM, _T.UB, name="mmf_mode"), _VA_DST)),
    subop_row(VaOp.ERODE, "va_erode", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "exec_mode"), _VA_DST)),
    subop_row(VaOp.DILATE, "va_dilate", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "exec_mode"), _VA_DST)),
    subop_row(VaOp.BOOLCENTROID, "va_boolcentroid", _SA, (
        surface_field(), *_uv(), _scalar(_T.UB, "v_size"), _scalar(_T.UB, "h_size"), _VA_DST)),
    subop_row(VaOp.CENTROID, "va_centroid", _SA, (
        surface_field(), *_uv(), _scalar(_T.UB, "v_size"), _VA_DST)),
)


def _va_wdst(t=_T.W):
    return operand(_C.RAW_DST, t, _X.GRF_ALIGNED, name="dst")


VA_SKL_PLUS_SUBOPS = (
    subop_row(VaOp.CONVOLVE_1D_VERTICAL, "va_convolve_1d_v", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "mode"), _va_wdst())),
    subop_row(VaOp.CONVOLVE_1D_HORIZONTAL, "va_convolve_1d_h", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "mode"), _va_wdst())),
    subop_row(VaOp.CONVOLVE_1PIXEL, "va_convolve_1pixel", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "mode"),
        operand(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="offsets"), _va_wdst())),
    subop_row(VaOp.FLOOD_FILL, "va_floodfill", _SA, (
        other_field(_T.UB, "is_8_connect"),
        operand(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="pixel_mask_h"),
        _scalar(_T.F, "pixel_mask_v_left"), _scalar(_T.F, "pixel_mask_v_right"),
        _scalar(_T.F, "loop_count"), _va_wdst())),
    subop_row(VaOp.LBP_CREATION, "va_lbpcreation", _SA, (
        surface_field(), *_uv(), other_field(_T.UB, "mode"), _va_wdst(_T.UB))),
    subop_row(VaOp.LBP_CORRELATION, "va_lbpcorrelation", _SA, (
        surface_field(), *_uv(), _scalar(_T.W, "disparity"), _va_wdst())),
    subop_row(VaOp.CORRELATION_SEARCH, "va_correlationsearch", _SA, (
        surface_field(), *_uv(),
        _scalar(_T.F, "vertical_origin"), _scalar(_T.F, "horizontal_origin"),
        _scalar(_T.UB, "x_direction_size"), _scalar(_T.UB, "y_direction_size"),
        _scalar(_T.UB, "x_search_size"), _scalar(_T.UB, "y_search_size"),
        _va_wdst(_T.UD))),
    subop_row(VaOp.HDC_CONVOLVE_2D, "va_hdc_convolve_2d", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "properties"), *_hdc_dst())),
    subop_row(VaOp.HDC_MINMAXFILTER, "va_hdc_minmaxfilter", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "pixel_size"),
        other_field(_T.UB, "mmf_mode"), *_hdc_dst())),
    subop_row(VaOp.HDC_ERODE, "va_hdc_erode", _SA, (
        sampler_field(), surface_field(), *_uv(), *_hdc_dst())),
    subop_row(VaOp.HDC_DILATE, "va_hdc_dilate", _SA, (
        sampler_field(), surface_field(), *_uv(), *_hdc_dst())),
    subop_row(VaOp.HDC_LBP_CORRELATION, "va_hdc_lbpcorrelation", _SA, (
        surface_field(), *_uv(), _scalar(_T.W, "disparity"), *_hdc_dst())),
    subop_row(VaOp.HDC_LBP_CREATION, "va_hdc_lbpcreation", _SA, (
        surface_field(), *_uv(), other_field(_T.UB, "mode"), *_hdc_dst())),
    subop_row(VaOp.HDC_CONVOLVE_1D_H, "va_hdc_convolve_1d_h", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "pixel_size"), *_hdc_dst())),
    subop_row(VaOp.HDC_CONVOLVE_1D_V, "va_hdc_convolve_1d_v", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "pixel_size"), *_hdc_dst())),
    subop_row(VaOp.HDC_CONVOLVE_1PIXEL, "va_hdc_convolve_1pixel", _SA, (
        sampler_field(), surface_field(), *_uv(), other_field(_T.UB, "pixel_size"),
        operand(_C.RAW_SRC, _T.W, _X.GRF_ALIGNED, name="offsets"), *_hdc_dst())),
)
