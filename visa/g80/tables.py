"""G80 (Tesla) decode tables as visa.bitisa records: facts transcribed from envytools'
envydis/g80.c by tools/g80_tables.py (do not edit: regenerate).  Operands carry the
names of g80.c's macros (SDST, IMM, ...); tables their own (without "tab").
"""

# ruff: noqa
# fmt: off
from visa.bitisa import SIGNED, ZERO
from visa.bitisa import (Bits, Bitset, Discard, Ignore, Imm, Mem, Reg, Special, Table, Target,
                         Unknown, Vec)

# chip features (a bit each), what a feature implies, the chips (-V) with their
# features, and the program types (-O)
FEATURES = {'sm11': 1, 'sm12': 2, 'fp64': 4, 'd3d10_1': 8}
IMPLIES = {'sm12': ['sm11']}
VARIANTS = {'g80': [], 'g84': ['sm11'], 'g200': ['sm12', 'fp64'], 'mcp77': ['sm12'], 'gt215': ['sm12', 'd3d10_1']}
MODES = {'vp': 1, 'gp': 2, 'fp': 4, 'cp': 8}

SM11 = 0x1
SM12 = 0x2
FP64 = 0x4
D3D10_1 = 0x8
VP = 0x1
GP = 0x2
FP = 0x4
CP = 0x8

# bit fields (envydis bitfield / rbitfield)
pmoff = Bits([(10, 4)])
baroff = Bits([(21, 4)])
barmaskoff = Bits([(9, 12)])
shcntoff = Bits([(16, 7)])
hshcntoff = Bits([(16, 4)])
toffxoff = Bits([(56, 4)], sign=SIGNED)
toffyoff = Bits([(52, 4)], sign=SIGNED)
toffzoff = Bits([(48, 4)], sign=SIGNED)
sdst_bf = Bits([(2, 6)])
ldst_bf = Bits([(2, 7)])
ssrc_bf = Bits([(9, 6)])
lsrc_bf = Bits([(9, 7)])
ssrc2_bf = Bits([(16, 6)])
lsrc2_bf = Bits([(16, 7)])
lsrc3_bf = Bits([(46, 7)])
sareg_bf = Bits([(26, 2)])
lareg_bf = Bits([(26, 2), (34, 1)])
adst_bf = Bits([(2, 3)])
cond_bf = Bits([(44, 2)])
c0_bf = Bits([(0, 0)])
cdst_bf = Bits([(36, 2)])
tex_bf = Bits([(9, 8)])
samp_bf = Bits([(17, 5)])
sreg_bf = Bits([(46, 4)])
tdst_cnt = Bits([], addend=0x4)
ltdst_mask = Bits([(25, 2), (46, 2)])
tsrc_cnt = Bits([(22, 2)], addend=0x1)
scmem_idx = Bits([(21, 1)])
lcmem_idx = Bits([(54, 4)])
global_idx = Bits([(16, 4)])
global2_idx = Bits([(23, 4)])
ctargoff = Bits([(11, 16), (46, 6)], shr=2)
immbf = Bits([(16, 6), (34, 26)], wrap=True)
offoff = Bits([(9, 16)], wrap=True)
fmem8_imm = Bits([(9, 16)], wrap=True)
fmem16_imm = Bits([(9, 15)], shr=1, wrap=True)
fmem32_imm = Bits([(9, 14)], shr=2, wrap=True)
ssmem8_imm = Bits([(9, 4)])
ssmem16_imm = Bits([(9, 4)], shr=1)
ssmem32_imm = Bits([(9, 4)], shr=2)
lsmem8_imm = Bits([(9, 5)])
lsmem16_imm = Bits([(9, 5)], shr=1)
lsmem32_imm = Bits([(9, 5)], shr=2)
ssmem8pi_imm = Bits([(9, 4)], sign=SIGNED)
ssmem16pi_imm = Bits([(9, 4)], shr=1, sign=SIGNED)
ssmem32pi_imm = Bits([(9, 4)], shr=2, sign=SIGNED)
lsmem8pi_imm = Bits([(9, 5)], sign=SIGNED)
lsmem16pi_imm = Bits([(9, 5)], shr=1, sign=SIGNED)
lsmem32pi_imm = Bits([(9, 5)], shr=2, sign=SIGNED)
scmem16_imm = Bits([(16, 5)], shr=1)
scmem32_imm = Bits([(16, 5)], shr=2)
scmem16pi_imm = Bits([(16, 5)], shr=1, sign=SIGNED)
scmem32pi_imm = Bits([(16, 5)], shr=2, sign=SIGNED)
l2cmem16_imm = Bits([(16, 7)], shr=1)
l2cmem32_imm = Bits([(16, 7)], shr=2)
l3cmem16_imm = Bits([(46, 7)], shr=1)
l3cmem32_imm = Bits([(46, 7)], shr=2)
l2cmem16pi_imm = Bits([(16, 7)], shr=1, sign=SIGNED)
l2cmem32pi_imm = Bits([(16, 7)], shr=2, sign=SIGNED)
l3cmem16pi_imm = Bits([(46, 7)], shr=1, sign=SIGNED)
l3cmem32pi_imm = Bits([(46, 7)], shr=2, sign=SIGNED)
samem_imm = Bits([(9, 6)], shr=2)
lamem_imm = Bits([(9, 7)], shr=2)
vmem_imm = Bits([(16, 8)], shr=2)
omem16_imm = Bits([(2, 7)], shr=1)
omem32_imm = Bits([(2, 7)], shr=2)
ignce = Bits([(38, 1)])
ignpred = Bits([(39, 7)])

# special registers
areg_sr = (Special(0, mode=ZERO),)
sreg_sr = (Special(0, 'physid'), Special(1, 'clock'), Special(3, 'vstride'), Special(4, 'pm0'), Special(5, 'pm1'), Special(6, 'pm2'), Special(7, 'pm3'), Special(8, 'sampleid', needs=D3D10_1),)

# registers (align: the registers a d/q operand spans)
sdst_r = Reg('r', sdst_bf)
ldst_r = Reg('r', ldst_bf)
shdst_r = Reg('r', sdst_bf, hilo=True)
lhdst_r = Reg('r', ldst_bf, hilo=True)
lddst_r = Reg('r', ldst_bf, suffix='d', align=2)
lqdst_r = Reg('r', ldst_bf, suffix='q', align=4)
ssrc_r = Reg('r', ssrc_bf)
lsrc_r = Reg('r', lsrc_bf)
shsrc_r = Reg('r', ssrc_bf, hilo=True)
lhsrc_r = Reg('r', lsrc_bf, hilo=True)
ldsrc_r = Reg('r', lsrc_bf, suffix='d', align=2)
ssrc2_r = Reg('r', ssrc2_bf)
lsrc2_r = Reg('r', lsrc2_bf)
shsrc2_r = Reg('r', ssrc2_bf, hilo=True)
lhsrc2_r = Reg('r', lsrc2_bf, hilo=True)
ldsrc2_r = Reg('r', lsrc2_bf, suffix='d', align=2)
lsrc3_r = Reg('r', lsrc3_bf)
lhsrc3_r = Reg('r', lsrc3_bf, hilo=True)
ldsrc3_r = Reg('r', lsrc3_bf, suffix='d', align=2)
sareg_r = Reg('a', sareg_bf, specials=areg_sr, cool=True)
lareg_r = Reg('a', lareg_bf, specials=areg_sr, cool=True)
adst_r = Reg('a', adst_bf, specials=areg_sr, cool=True)
cond_r = Reg('c', cond_bf, cool=True)
c0_r = Reg('c', c0_bf, cool=True)
cdst_r = Reg('c', cdst_bf, cool=True)
tex_r = Reg('t', tex_bf, cool=True)
samp_r = Reg('s', samp_bf, cool=True)
sreg_r = Reg('sr', sreg_bf, specials=sreg_sr, always_special=True)

# memory spaces
ssmem8_m = Mem('s', reg=sareg_r, imm=ssmem8_imm)
ssmem16_m = Mem('s', reg=sareg_r, imm=ssmem16_imm)
ssmem32_m = Mem('s', reg=sareg_r, imm=ssmem32_imm)
lsmem8_m = Mem('s', reg=lareg_r, imm=lsmem8_imm)
lsmem16_m = Mem('s', reg=lareg_r, imm=lsmem16_imm)
lsmem32_m = Mem('s', reg=lareg_r, imm=lsmem32_imm)
ssmem8pi_m = Mem('s', reg=sareg_r, imm=ssmem8pi_imm, postincr=True)
ssmem16pi_m = Mem('s', reg=sareg_r, imm=ssmem16pi_imm, postincr=True)
ssmem32pi_m = Mem('s', reg=sareg_r, imm=ssmem32pi_imm, postincr=True)
lsmem8pi_m = Mem('s', reg=lareg_r, imm=lsmem8pi_imm, postincr=True)
lsmem16pi_m = Mem('s', reg=lareg_r, imm=lsmem16pi_imm, postincr=True)
lsmem32pi_m = Mem('s', reg=lareg_r, imm=lsmem32pi_imm, postincr=True)
fsmem8_m = Mem('s', reg=lareg_r, imm=fmem8_imm)
fsmem16_m = Mem('s', reg=lareg_r, imm=fmem16_imm)
fsmem32_m = Mem('s', reg=lareg_r, imm=fmem32_imm)
fsmem8pi_m = Mem('s', reg=lareg_r, imm=fmem8_imm, postincr=True)
fsmem16pi_m = Mem('s', reg=lareg_r, imm=fmem16_imm, postincr=True)
fsmem32pi_m = Mem('s', reg=lareg_r, imm=fmem32_imm, postincr=True)
scmem16_m = Mem('c', idx=scmem_idx, reg=sareg_r, imm=scmem16_imm)
scmem32_m = Mem('c', idx=scmem_idx, reg=sareg_r, imm=scmem32_imm)
scmem16pi_m = Mem('c', idx=scmem_idx, reg=sareg_r, imm=scmem16pi_imm, postincr=True)
scmem32pi_m = Mem('c', idx=scmem_idx, reg=sareg_r, imm=scmem32pi_imm, postincr=True)
l2cmem16_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l2cmem16_imm)
l2cmem32_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l2cmem32_imm)
l3cmem16_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l3cmem16_imm)
l3cmem32_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l3cmem32_imm)
l2cmem16pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l2cmem16pi_imm, postincr=True)
l2cmem32pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l2cmem32pi_imm, postincr=True)
l3cmem16pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l3cmem16pi_imm, postincr=True)
l3cmem32pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=l3cmem32pi_imm, postincr=True)
l2cmem16na_m = Mem('c', idx=lcmem_idx, imm=l2cmem16_imm)
l2cmem32na_m = Mem('c', idx=lcmem_idx, imm=l2cmem32_imm)
l3cmem16na_m = Mem('c', idx=lcmem_idx, imm=l3cmem16_imm)
l3cmem32na_m = Mem('c', idx=lcmem_idx, imm=l3cmem32_imm)
fcmem8_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem8_imm)
fcmem16_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem16_imm)
fcmem32_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem32_imm)
fcmem8pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem8_imm, postincr=True)
fcmem16pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem16_imm, postincr=True)
fcmem32pi_m = Mem('c', idx=lcmem_idx, reg=lareg_r, imm=fmem32_imm, postincr=True)
lmem_m = Mem('l', reg=lareg_r, imm=fmem8_imm)
lmempi_m = Mem('l', reg=lareg_r, imm=fmem8_imm, postincr=True)
samem_m = Mem('a', imm=samem_imm)
lamem_m = Mem('a', imm=lamem_imm)
famem_m = Mem('a', reg=lareg_r, imm=lamem_imm)
spmem_m = Mem('p', reg=sareg_r, imm=samem_imm)
lpmem_m = Mem('p', reg=lareg_r, imm=lamem_imm)
svmem_m = Mem('v', reg=sareg_r, imm=vmem_imm)
lvmem_m = Mem('v', reg=lareg_r, imm=vmem_imm)
global_m = Mem('g', idx=global_idx, reg=lsrc_r)
global2_m = Mem('g', idx=global2_idx, reg=lsrc_r)
omem16_m = Mem('o', imm=omem16_imm)
omem32_m = Mem('o', imm=omem32_imm)
fomem32_m = Mem('o', reg=lareg_r, imm=fmem32_imm)

# register vectors
ltdst_v = Vec('r', ldst_bf, tdst_cnt, ltdst_mask)
stdst_v = Vec('r', sdst_bf, tdst_cnt)
ltsrc_v = Vec('r', ldst_bf, tsrc_cnt)
stsrc_v = Vec('r', sdst_bf, tsrc_cnt)

# the operands as the tables name them (g80.c's macros)
ADST = adst_r
BAR = Imm(baroff)
BARMASK = Imm(barmaskoff)
BTARG = Target(ctargoff)
C0 = c0_r
CDST = cdst_r
COND = cond_r
CTARG = Target(ctargoff, call=True)
FATTR = famem_m
FCONST16 = fcmem16_m
FCONST16PI = fcmem16pi_m
FCONST32 = fcmem32_m
FCONST32PI = fcmem32pi_m
FCONST8 = fcmem8_m
FCONST8PI = fcmem8pi_m
FOUT32 = fomem32_m
FSHARED16 = fsmem16_m
FSHARED16PI = fsmem16pi_m
FSHARED32 = fsmem32_m
FSHARED32PI = fsmem32pi_m
FSHARED8 = fsmem8_m
FSHARED8PI = fsmem8pi_m
GLOBAL = global_m
GLOBAL2 = global2_m
HSHCNT = Imm(hshcntoff)
IGNCE = Ignore(ignce)
IGNPRED = Ignore(ignpred)
IMM = Imm(immbf, reloc=True)
L2CONST16 = l2cmem16_m
L2CONST16NA = l2cmem16na_m
L2CONST16PI = l2cmem16pi_m
L2CONST32 = l2cmem32_m
L2CONST32NA = l2cmem32na_m
L2CONST32PI = l2cmem32pi_m
L3CONST16 = l3cmem16_m
L3CONST16NA = l3cmem16na_m
L3CONST16PI = l3cmem16pi_m
L3CONST32 = l3cmem32_m
L3CONST32NA = l3cmem32na_m
L3CONST32PI = l3cmem32pi_m
LAREG = lareg_r
LATTR = lamem_m
LDDST = lddst_r
LDSRC = ldsrc_r
LDSRC2 = ldsrc2_r
LDSRC3 = ldsrc3_r
LDST = ldst_r
LHDST = lhdst_r
LHSRC = lhsrc_r
LHSRC2 = lhsrc2_r
LHSRC3 = lhsrc3_r
LOCAL = lmem_m
LOCALPI = lmempi_m
LPRIM = lpmem_m
LQDST = lqdst_r
LSHARED16 = lsmem16_m
LSHARED16PI = lsmem16pi_m
LSHARED32 = lsmem32_m
LSHARED32PI = lsmem32pi_m
LSHARED8 = lsmem8_m
LSHARED8PI = lsmem8pi_m
LSRC = lsrc_r
LSRC2 = lsrc2_r
LSRC3 = lsrc3_r
LTDST = ltdst_v
LTSRC = ltsrc_v
LVAR = lvmem_m
OFFS = Imm(offoff, reloc=True)
OUT16 = omem16_m
OUT32 = omem32_m
PM = Imm(pmoff)
SAMP = samp_r
SATTR = samem_m
SCONST16 = scmem16_m
SCONST16PI = scmem16pi_m
SCONST32 = scmem32_m
SCONST32PI = scmem32pi_m
SDST = sdst_r
SHCNT = Imm(shcntoff)
SHDST = shdst_r
SHSRC = shsrc_r
SHSRC2 = shsrc2_r
SPRIM = spmem_m
SREG = sreg_r
SSHARED16 = ssmem16_m
SSHARED16PI = ssmem16pi_m
SSHARED32 = ssmem32_m
SSHARED32PI = ssmem32pi_m
SSHARED8 = ssmem8_m
SSHARED8PI = ssmem8pi_m
SSRC = ssrc_r
SSRC2 = ssrc2_r
STDST = stdst_v
STSRC = stsrc_v
SVAR = svmem_m
TEX = tex_r
TOFFX = Imm(toffxoff)
TOFFY = Imm(toffyoff)
TOFFZ = Imm(toffzoff)
OOPS = Unknown("???")
DISCARD = Discard()


def E(match, mask, display='', size=0, needs=0, modes=0):
    return Bitset('', size, match, mask, display=display, needs=needs, modes=modes)


TABLES = (
    Table('mcdst', (
        E(0x0, 0x4000000000),
        E(0x4000000000, 0x4000000000, '{CDST}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('fs8', (
        E(0x0, 0x2000000, '{FSHARED8}'),
        E(0x2000000, 0x2000000, '{FSHARED8PI}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('fs16', (
        E(0x0, 0x2000000, '{FSHARED16}'),
        E(0x2000000, 0x2000000, '{FSHARED16PI}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('fs32', (
        E(0x0, 0x2000000, '{FSHARED32}'),
        E(0x2000000, 0x2000000, '{FSHARED32PI}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('local', (
        E(0x0, 0x2000000, '{LOCAL}'),
        E(0x2000000, 0x2000000, '{LOCALPI}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ss', (
        E(0x1800000, 0x1800000, '{SPRIM}', modes=GP),
        E(0x1000000, 0x3806000, 'u8 {SSHARED8}', modes=CP),
        E(0x1002000, 0x3806000, 'u16 {SSHARED16}', modes=CP),
        E(0x1004000, 0x3806000, 's16 {SSHARED16}', modes=CP),
        E(0x1006000, 0x3806000, 'b32 {SSHARED32}', modes=CP),
        E(0x3000000, 0x3806000, 'u8 {SSHARED8PI}', modes=CP),
        E(0x3002000, 0x3806000, 'u16 {SSHARED16PI}', modes=CP),
        E(0x3004000, 0x3806000, 's16 {SSHARED16PI}', modes=CP),
        E(0x3006000, 0x3806000, 'b32 {SSHARED32PI}', modes=CP),
        E(0x1000000, 0x1800000, '{SATTR}', modes=VP | GP),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('realls', (
        E(0x0, 0x200c000, 'u8 {LSHARED8}', modes=CP),
        E(0x4000, 0x200c000, 'u16 {LSHARED16}', modes=CP),
        E(0x8000, 0x200c000, 's16 {LSHARED16}', modes=CP),
        E(0xc000, 0x200c000, 'b32 {LSHARED32}', modes=CP),
        E(0x2000000, 0x200c000, 'u8 {LSHARED8PI}', modes=CP),
        E(0x2004000, 0x200c000, 'u16 {LSHARED16PI}', modes=CP),
        E(0x2008000, 0x200c000, 's16 {LSHARED16PI}', modes=CP),
        E(0x200c000, 0x200c000, 'b32 {LSHARED32PI}', modes=CP),
        E(0x0, 0x0, '{LATTR}', modes=VP | GP),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('addop', (
        E(0x0, 0x10400000, 'add'),
        E(0x400000, 0x10400000, 'sub'),
        E(0x10000000, 0x10400000, 'subr'),
        E(0x10400000, 0x10400000, 'addc'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm1sat', (
        E(0x0, 0x100),
        E(0x100, 0x100, 'sat'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm1satg200', (
        E(0x0, 0x100, needs=SM12),
        E(0x100, 0x100, 'sat', needs=SM12),
        E(0x0, 0x0),
    )),
    Table('sm1us16', (
        E(0x0, 0x100, 'u16'),
        E(0x100, 0x100, 's16'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm1us32', (
        E(0x0, 0x100, 'u32'),
        E(0x100, 0x100, 's32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm1high', (
        E(0x0, 0x100),
        E(0x100, 0x100, 'high'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm1tex', (
        E(0x0, 0x100, 'all'),
        E(0x100, 0x100, 'live'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm2neg', (
        E(0x0, 0x8000),
        E(0x8000, 0x8000, 'neg'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm2abs', (
        E(0x0, 0x8000),
        E(0x8000, 0x8000, 'abs'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm2us16', (
        E(0x0, 0x8000, 'u16'),
        E(0x8000, 0x8000, 's16'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm2us24', (
        E(0x0, 0x8000, 'u24'),
        E(0x8000, 0x8000, 's24'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm3neg', (
        E(0x0, 0x400000),
        E(0x400000, 0x400000, 'neg'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sm3not', (
        E(0x0, 0x400000),
        E(0x400000, 0x400000, 'not'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ssfu', (
        E(0x0, 0x20000),
        E(0x20000, 0x20000, 'sfu'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ssh', (
        E(0x0, 0x1000000, '{SHSRC}'),
        E(0x1000000, 0x1000000, '{ss}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ssw', (
        E(0x0, 0x1000000, '{SSRC}'),
        E(0x1000000, 0x1000000, '{ss}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sch', (
        E(0x0, 0x1800000, '{SHSRC2}'),
        E(0x800000, 0x3800000, '{SCONST16}'),
        E(0x2800000, 0x3800000, '{SCONST16PI}'),
        E(0x1000000, 0x1800000, '{SHSRC2}'),
        E(0x1800000, 0x1800000, '{SHSRC2}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('scw', (
        E(0x0, 0x1800000, '{SSRC2}'),
        E(0x800000, 0x3800000, '{SCONST32}'),
        E(0x2800000, 0x3800000, '{SCONST32PI}'),
        E(0x1000000, 0x1800000, '{SSRC2}'),
        E(0x1800000, 0x1800000, '{SSRC2}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('addc0', (
        E(0x0, 0x10400000),
        E(0x400000, 0x10400000),
        E(0x10000000, 0x10400000),
        E(0x10400000, 0x10400000, '{C0}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s', (
        E(0x10000000, 0xf0008002, 'mov {ssfu} b16 {SHDST} {ssh}'),
        E(0x10008000, 0xf0008002, 'mov {ssfu} b32 {SDST} {ssw}'),
        E(0x20000000, 0xe0008002, '{addop} {sm1sat} b16 {SHDST} {ssh} {sch} {addc0}'),
        E(0x20008000, 0xe0008002, '{addop} {sm1sat} b32 {SDST} {ssw} {scw} {addc0}'),
        E(0x40000000, 0xf0400002, 'mul {SDST} {sm2us16} {ssh} {sm1us16} {sch}'),
        E(0x40400000, 0xf0400002, 'mul {SDST} {sm1high} {sm2us24} {ssw} {scw}'),
        E(0x50000000, 0xf0008002, 'sad {SDST} {sm1us16} {SHSRC} {SHSRC2} {SDST}'),
        E(0x50008000, 0xf0008002, 'sad {SDST} {sm1us32} {SSRC} {SSRC2} {SDST}'),
        E(0x60000000, 0xe0008102, '{addop} {SDST} (mul u16 {ssh} {sch}) {SDST} {addc0}'),
        E(0x60000100, 0xe0008102, '{addop} {SDST} (mul s16 {ssh} {sch}) {SDST} {addc0}'),
        E(0x60008000, 0xe0008102, '{addop} sat {SDST} (mul s16 {ssh} {sch}) {SDST} {addc0}'),
        E(0x60008100, 0xe0008102, '{addop} {SDST} (mul u24 {ssw} {scw}) {SDST} {addc0}'),
        E(0x80000000, 0xf3000102, 'interp {SDST} {SVAR}', modes=FP),
        E(0x81000000, 0xf3000102, 'interp {SDST} cent {SVAR}', modes=FP),
        E(0x82000000, 0xf3000102, 'interp {SDST} {SVAR} {SSRC}', modes=FP),
        E(0x83000000, 0xf3000102, 'interp {SDST} cent {SVAR} {SSRC}', modes=FP),
        E(0x80000100, 0xf3000102, 'interp {SDST} flat {SVAR}', modes=FP),
        E(0x90000000, 0xf0000002, 'rcp f32 {SDST} {sm3neg} {sm2abs} {SSRC}'),
        E(0xb0000000, 0xf0000002, 'add {sm1sat} f32 {SDST} {sm2neg} {ssw} {sm3neg} {scw}'),
        E(0xc0000000, 0xf0000002, 'mul {sm1satg200} f32 {SDST} {sm2neg} {ssw} {sm3neg} {scw}'),
        E(0xe0000000, 0xf0000002, 'add {sm1sat} f32 {SDST} {sm2neg} (mul {ssw} {scw}) {sm3neg} {SDST}'),
        E(0xf0000000, 0xf1000002, 'texauto {sm1tex} {STDST} {TEX} {SAMP} {STSRC}'),
        E(0xf1000000, 0xf1000002, 'texfetch {sm1tex} {STDST} {TEX} {SAMP} {STSRC}'),
        E(0x0, 0x2, '{OOPS} {SDST} {ssw} {scw}'),
        E(0x90000002, 0xf0000002, 'trap'),
        E(0xb0000002, 0xf0000002, 'brkpt', needs=SM11),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('is', (
        E(0x1000000, 0x1000000, '{SPRIM}', modes=GP),
        E(0x1000000, 0x3006000, 'u8 {SSHARED8}', modes=CP),
        E(0x1002000, 0x3006000, 'u16 {SSHARED16}', modes=CP),
        E(0x1004000, 0x3006000, 's16 {SSHARED16}', modes=CP),
        E(0x1006000, 0x3006000, 'b32 {SSHARED32}', modes=CP),
        E(0x3000000, 0x3006000, 'u8 {SSHARED8PI}', modes=CP),
        E(0x3002000, 0x3006000, 'u16 {SSHARED16PI}', modes=CP),
        E(0x3004000, 0x3006000, 's16 {SSHARED16PI}', modes=CP),
        E(0x3006000, 0x3006000, 'b32 {SSHARED32PI}', modes=CP),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ish', (
        E(0x0, 0x1000000, '{SHSRC}'),
        E(0x1000000, 0x1000000, '{is}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('isw', (
        E(0x0, 0x1000000, '{SSRC}'),
        E(0x1000000, 0x1000000, '{is}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('i', (
        E(0x10000000, 0xf0008000, 'mov b16 {LHDST} {IMM}'),
        E(0x10008000, 0xf0008000, 'mov b32 {LDST} {IMM}'),
        E(0x20000000, 0xe0008000, '{addop} {sm1sat} b16 {SHDST} {ish} {IMM} {addc0}'),
        E(0x20008000, 0xe0008000, '{addop} {sm1sat} b32 {SDST} {isw} {IMM} {addc0}'),
        E(0x40000000, 0xf0400000, 'mul {SDST} {sm2us16} {ish} {sm1us16} {IMM}'),
        E(0x40400000, 0xf0400000, 'mul {SDST} {sm1high} {sm2us24} {isw} {IMM}'),
        E(0x60000000, 0xe0008100, '{addop} {SDST} (mul u16 {ish} {IMM}) {SDST} {addc0}'),
        E(0x60000100, 0xe0008100, '{addop} {SDST} (mul s16 {ish} {IMM}) {SDST} {addc0}'),
        E(0x60008000, 0xe0008100, '{addop} sat {SDST} (mul s16 {ish} {IMM}) {SDST} {addc0}'),
        E(0x60008100, 0xe0008100, '{addop} {SDST} (mul u24 {isw} {IMM}) {SDST} {addc0}'),
        E(0xb0000000, 0xf0000000, 'add {sm1sat} f32 {SDST} {sm2neg} {isw} {sm3neg} {IMM}'),
        E(0xc0000000, 0xf0000000, 'mul {sm1satg200} f32 {SDST} {sm2neg} {isw} {sm3neg} {IMM}'),
        E(0xd0000000, 0xf0008100, 'and b32 {SDST} {sm3not} {isw} {IMM}'),
        E(0xd0000100, 0xf0008100, 'or b32 {SDST} {sm3not} {isw} {IMM}'),
        E(0xd0008000, 0xf0008100, 'xor b32 {SDST} {sm3not} {isw} {IMM}'),
        E(0xd0008100, 0xf0008100, 'mov2 b32 {SDST} {sm3not} {isw} {IMM}'),
        E(0xe0000000, 0xf0000000, 'add {sm1sat} f32 {SDST} {sm2neg} (mul {isw} {IMM}) {sm3neg} {SDST}'),
        E(0x0, 0x0, '{OOPS} {SDST} {isw} {IMM}'),
    )),
    Table('lsh', (
        E(0x0, 0x20000001800000, '{LHSRC}'),
        E(0x800000, 0x20000001800000, '{LHSRC}'),
        E(0x1000000, 0x20000001800000, '{LHSRC}'),
        E(0x1800000, 0x20000001800000, '{LPRIM}', modes=GP),
        E(0x20000000000000, 0x20000001800000, '{realls}'),
        E(0x20000000800000, 0x20000001800000, '{realls}'),
        E(0x20000001000000, 0x20000001800000, '{realls}'),
        E(0x20000001800000, 0x20000001800000, '{LPRIM}', modes=GP),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lsw', (
        E(0x0, 0x20000001800000, '{LSRC}'),
        E(0x800000, 0x20000001800000, '{LSRC}'),
        E(0x1000000, 0x20000001800000, '{LSRC}'),
        E(0x1800000, 0x20000001800000, '{LPRIM}', modes=GP),
        E(0x20000000000000, 0x20000001800000, '{realls}'),
        E(0x20000000800000, 0x20000001800000, '{realls}'),
        E(0x20000001000000, 0x20000001800000, '{realls}'),
        E(0x20000001800000, 0x20000001800000, '{LPRIM}', modes=GP),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lc2h', (
        E(0x0, 0x1800000, '{LHSRC2}'),
        E(0x800000, 0x20000003800000, '{L2CONST16}', modes=CP),
        E(0x2800000, 0x20000003800000, '{L2CONST16PI}', modes=CP),
        E(0x20000000800000, 0x20000001800000, '{L2CONST16NA}', modes=CP),
        E(0x800000, 0x3800000, '{L2CONST16}', modes=VP | GP | FP),
        E(0x2800000, 0x3800000, '{L2CONST16PI}', modes=VP | GP | FP),
        E(0x1000000, 0x1800000, '{LHSRC2}'),
        E(0x1800000, 0x20000001800000, '{L2CONST16NA}', modes=GP),
        E(0x20000001800000, 0x20000001800000, '{LHSRC2}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lc2w', (
        E(0x0, 0x1800000, '{LSRC2}'),
        E(0x800000, 0x20000003800000, '{L2CONST32}', modes=CP),
        E(0x2800000, 0x20000003800000, '{L2CONST32}', modes=CP),
        E(0x20000000800000, 0x20000001800000, '{L2CONST32NA}', modes=CP),
        E(0x800000, 0x3800000, '{L2CONST32}', modes=VP | GP | FP),
        E(0x2800000, 0x3800000, '{L2CONST32PI}', modes=VP | GP | FP),
        E(0x1000000, 0x1800000, '{LSRC2}'),
        E(0x1800000, 0x20000001800000, '{L2CONST32NA}', modes=GP),
        E(0x20000001800000, 0x20000001800000, '{LSRC2}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lc3h', (
        E(0x0, 0x1800000, '{LHSRC3}'),
        E(0x800000, 0x1800000, '{LHSRC3}'),
        E(0x1000000, 0x20000003800000, '{L3CONST16}', modes=CP),
        E(0x3000000, 0x20000003800000, '{L3CONST16PI}', modes=CP),
        E(0x20000001000000, 0x20000001800000, '{L3CONST16NA}', modes=CP),
        E(0x1000000, 0x3800000, '{L3CONST16}', modes=VP | GP | FP),
        E(0x3000000, 0x3800000, '{L3CONST16PI}', modes=VP | GP | FP),
        E(0x1800000, 0x20000001800000, '{L3CONST16NA}', modes=GP),
        E(0x20000001800000, 0x20000001800000, '{LHSRC3}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lc3w', (
        E(0x0, 0x1800000, '{LSRC3}'),
        E(0x800000, 0x1800000, '{LSRC3}'),
        E(0x1000000, 0x20000003800000, '{L3CONST32}', modes=CP),
        E(0x3000000, 0x20000003800000, '{L3CONST32PI}', modes=CP),
        E(0x20000001000000, 0x20000001800000, '{L3CONST32NA}', modes=CP),
        E(0x1000000, 0x3800000, '{L3CONST32}', modes=VP | GP | FP),
        E(0x3000000, 0x3800000, '{L3CONST32PI}', modes=VP | GP | FP),
        E(0x1800000, 0x20000001800000, '{L3CONST16NA}', modes=GP),
        E(0x20000001800000, 0x20000001800000, '{LSRC3}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lldst', (
        E(0x0, 0x800000000, '{LDST}'),
        E(0x8000001fc, 0x8000001fc, '{DISCARD}'),
        E(0x800000000, 0x800000000, '{OUT32}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('llhdst', (
        E(0x0, 0x800000000, '{LHDST}'),
        E(0x8000001fc, 0x8000001fc, '{DISCARD}'),
        E(0x800000000, 0x800000000, '{OUT16}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('shcnt', (
        E(0x0, 0x10000000000000, '{lc2w}'),
        E(0x10000000000000, 0x10000000000000, '{SHCNT}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('hshcnt', (
        E(0x0, 0x10000000000000, '{lc2h}'),
        E(0x10000000000000, 0x10000000000000, '{SHCNT}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s30us16', (
        E(0x0, 0x400000000000, 'u16'),
        E(0x400000000000, 0x400000000000, 's16'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s30high', (
        E(0x0, 0x400000000000),
        E(0x400000000000, 0x400000000000, 'high'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s31us16', (
        E(0x0, 0x800000000000, 'u16'),
        E(0x800000000000, 0x800000000000, 's16'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s31us24', (
        E(0x0, 0x800000000000, 'u24'),
        E(0x800000000000, 0x800000000000, 's24'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s32not', (
        E(0x0, 0x1000000000000),
        E(0x1000000000000, 0x1000000000000, 'not'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s33not', (
        E(0x0, 0x2000000000000),
        E(0x2000000000000, 0x2000000000000, 'not'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s35sat', (
        E(0x0, 0x8000000000000),
        E(0x8000000000000, 0x8000000000000, 'sat'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s35abs', (
        E(0x0, 0x8000000000000),
        E(0x8000000000000, 0x8000000000000, 'abs'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('s36satg200', (
        E(0x0, 0x10000000000000, needs=SM12),
        E(0x10000000000000, 0x10000000000000, 'sat', needs=SM12),
        E(0x0, 0x0),
    )),
    Table('s36abs', (
        E(0x0, 0x10000000000000),
        E(0x10000000000000, 0x10000000000000, 'abs'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('m1neg', (
        E(0x0, 0x400000000000000),
        E(0x400000000000000, 0x400000000000000, 'neg'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('m2neg', (
        E(0x0, 0x800000000000000),
        E(0x800000000000000, 0x800000000000000, 'neg'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('m2sat', (
        E(0x0, 0x800000000000000),
        E(0x800000000000000, 0x800000000000000, 'sat'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lm2us16', (
        E(0x0, 0x800000000000000, 'u16'),
        E(0x800000000000000, 0x800000000000000, 's16'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lm2us32', (
        E(0x0, 0x800000000000000, 'u32'),
        E(0x800000000000000, 0x800000000000000, 's32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('o0neg', (
        E(0x0, 0x2000000000000000),
        E(0x2000000000000000, 0x2000000000000000, 'neg'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('o0sat', (
        E(0x0, 0x2000000000000000),
        E(0x2000000000000000, 0x2000000000000000, 'sat'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lsfu', (
        E(0x0, 0x200000000000000),
        E(0x200000000000000, 0x200000000000000, 'sfu'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lfm1', (
        E(0x0, 0x0, '{m1neg} {s36abs}'),
    )),
    Table('lfm2', (
        E(0x0, 0x0, '{m2neg} {s35abs}'),
    )),
    Table('cvtmod', (
        E(0x0, 0x0, '{o0neg} {s36abs}'),
    )),
    Table('ldstm', (
        E(0x0, 0xe0000000000000, 'u8'),
        E(0x20000000000000, 0xe0000000000000, 's8'),
        E(0x40000000000000, 0xe0000000000000, 'u16'),
        E(0x60000000000000, 0xe0000000000000, 's16'),
        E(0x80000000000000, 0xe0000000000000, 'b64'),
        E(0xa0000000000000, 0xe0000000000000, 'b128'),
        E(0xc0000000000000, 0xe0000000000000, 'b32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('raadd', (
        E(0x80000000000000, 0xe0000000000000, 'u64', needs=SM12),
        E(0xc0000000000000, 0xe0000000000000, 'u32'),
        E(0xe0000000000000, 0xe0000000000000, 's32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('rab', (
        E(0x80000000000000, 0xe0000000000000, 'b64', needs=SM12),
        E(0xc0000000000000, 0xe0000000000000, 'b32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ramm', (
        E(0xc0000000000000, 0xe0000000000000, 'u32'),
        E(0xe0000000000000, 0xe0000000000000, 's32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('rab32', (
        E(0xc0000000000000, 0xe0000000000000, 'b32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('rau32', (
        E(0xc0000000000000, 0xe0000000000000, 'u32'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ldsto', (
        E(0x0, 0xe0000000000000, '{LDST}'),
        E(0x20000000000000, 0xe0000000000000, '{LDST}'),
        E(0x40000000000000, 0xe0000000000000, '{LDST}'),
        E(0x60000000000000, 0xe0000000000000, '{LDST}'),
        E(0x80000000000000, 0xe0000000000000, '{LDDST}'),
        E(0xa0000000000000, 0xe0000000000000, '{LQDST}'),
        E(0xc0000000000000, 0xe0000000000000, '{LDST}'),
        E(0xe0000000000000, 0xe0000000000000, '{LDST}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ldsts2', (
        E(0x80000000000000, 0xe0000000000000, '{LDSRC2}'),
        E(0xc0000000000000, 0xe0000000000000, '{LSRC2}'),
        E(0xe0000000000000, 0xe0000000000000, '{LSRC2}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ldsts3', (
        E(0x80000000000000, 0xe0000000000000, '{LDSRC3}'),
        E(0xc0000000000000, 0xe0000000000000, '{LSRC3}'),
        E(0xe0000000000000, 0xe0000000000000, '{LSRC3}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('mldsts3', (
        E(0x0, 0x3800000000),
        E(0x800000000, 0x3c00000000, '{ldsts3}'),
        E(0xc00000000, 0x3c00000000),
        E(0x1000000000, 0x3000000000),
        E(0x2000000000, 0x2000000000),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('redm', (
        E(0x0, 0x3c00000000, 'add {raadd}'),
        E(0x1000000000, 0x3c00000000, 'inc {rau32}'),
        E(0x1400000000, 0x3c00000000, 'dec {rau32}'),
        E(0x1800000000, 0x3c00000000, 'max {ramm}'),
        E(0x1c00000000, 0x3c00000000, 'min {ramm}'),
        E(0x2800000000, 0x3c00000000, 'and {rab32}'),
        E(0x2c00000000, 0x3c00000000, 'or {rab32}'),
        E(0x3000000000, 0x3c00000000, 'xor {rab32}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('atomm', (
        E(0x400000000, 0x3c00000000, 'exch {rab}'),
        E(0x800000000, 0x3c00000000, 'cas {rab}'),
        E(0x0, 0x0, 'ld {redm}'),
    )),
    Table('cvtrnd', (
        E(0x0, 0x6000000000000, 'rn'),
        E(0x2000000000000, 0x6000000000000, 'rm'),
        E(0x4000000000000, 0x6000000000000, 'rp'),
        E(0x6000000000000, 0x6000000000000, 'rz'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('cvtrint', (
        E(0x0, 0x6000000000000, 'rni'),
        E(0x2000000000000, 0x6000000000000, 'rmi'),
        E(0x4000000000000, 0x6000000000000, 'rpi'),
        E(0x6000000000000, 0x6000000000000, 'rzi'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('af64r', (
        E(0x0, 0x30000, 'rn'),
        E(0x10000, 0x30000, 'rm'),
        E(0x20000, 0x30000, 'rp'),
        E(0x30000, 0x30000, 'rz'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('af32r', (
        E(0x0, 0x30000, 'rn'),
        E(0x30000, 0x30000, 'rz'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('mf32r', (
        E(0x0, 0xc00000000000, 'rn'),
        E(0xc00000000000, 0xc00000000000, 'rz'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('mad64r', (
        E(0x0, 0xc0000000000000, 'rn'),
        E(0x40000000000000, 0xc0000000000000, 'rm'),
        E(0x80000000000000, 0xc0000000000000, 'rp'),
        E(0xc0000000000000, 0xc0000000000000, 'rz'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('seti', (
        E(0x0, 0x1c00000000000, 'never'),
        E(0x400000000000, 0x1c00000000000, 'l'),
        E(0x800000000000, 0x1c00000000000, 'e'),
        E(0xc00000000000, 0x1c00000000000, 'le'),
        E(0x1000000000000, 0x1c00000000000, 'g'),
        E(0x1400000000000, 0x1c00000000000, 'lg'),
        E(0x1800000000000, 0x1c00000000000, 'ge'),
        E(0x1c00000000000, 0x1c00000000000, 'always'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('setf', (
        E(0x0, 0x3c00000000000, 'never'),
        E(0x400000000000, 0x3c00000000000, 'l'),
        E(0x800000000000, 0x3c00000000000, 'e'),
        E(0xc00000000000, 0x3c00000000000, 'le'),
        E(0x1000000000000, 0x3c00000000000, 'g'),
        E(0x1400000000000, 0x3c00000000000, 'lg'),
        E(0x1800000000000, 0x3c00000000000, 'ge'),
        E(0x1c00000000000, 0x3c00000000000, 'lge'),
        E(0x2000000000000, 0x3c00000000000, 'u'),
        E(0x2400000000000, 0x3c00000000000, 'lu'),
        E(0x2800000000000, 0x3c00000000000, 'eu'),
        E(0x2c00000000000, 0x3c00000000000, 'leu'),
        E(0x3000000000000, 0x3c00000000000, 'gu'),
        E(0x3400000000000, 0x3c00000000000, 'lgu'),
        E(0x3800000000000, 0x3c00000000000, 'geu'),
        E(0x3c00000000000, 0x3c00000000000, 'always'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('cvtiisrc', (
        E(0x0, 0x1c00000000000, 'u16 {lsh}'),
        E(0x400000000000, 0x1c00000000000, 'u32 {lsw}'),
        E(0x800000000000, 0x1c00000000000, 'u8 {lsh}'),
        E(0xc00000000000, 0x1c00000000000, 'u8 {LSRC}'),
        E(0x1000000000000, 0x1c00000000000, 's16 {lsh}'),
        E(0x1400000000000, 0x1c00000000000, 's32 {lsw}'),
        E(0x1800000000000, 0x1c00000000000, 's8 {lsh}'),
        E(0x1c00000000000, 0x1c00000000000, 's8 {LSRC}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('dtex', (
        E(0x0, 0x800000000),
        E(0x800000000, 0x800000000, 'deriv'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('ltex', (
        E(0x0, 0x400000000, 'all'),
        E(0x400000000, 0x400000000, 'live'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('texf', (
        E(0x0, 0x0, '{ltex} {dtex}'),
    )),
    Table('lane', (
        E(0x0, 0x3c00000000000, '(lnone)'),
        E(0x400000000000, 0x3c00000000000, '(l0)'),
        E(0x800000000000, 0x3c00000000000, '(l1)'),
        E(0xc00000000000, 0x3c00000000000, '(l01)'),
        E(0x1000000000000, 0x3c00000000000, '(l2)'),
        E(0x1400000000000, 0x3c00000000000, '(l02)'),
        E(0x1800000000000, 0x3c00000000000, '(l12)'),
        E(0x1c00000000000, 0x3c00000000000, '(l012)'),
        E(0x2000000000000, 0x3c00000000000, '(l3)'),
        E(0x2400000000000, 0x3c00000000000, '(l03)'),
        E(0x2800000000000, 0x3c00000000000, '(l13)'),
        E(0x2c00000000000, 0x3c00000000000, '(l013)'),
        E(0x3000000000000, 0x3c00000000000, '(l23)'),
        E(0x3400000000000, 0x3c00000000000, '(l023)'),
        E(0x3800000000000, 0x3c00000000000, '(l123)'),
        E(0x3c00000000000, 0x3c00000000000),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('fcon', (
        E(0x0, 0xc00002000000, 'u8 {FCONST8}'),
        E(0x400000000000, 0xc00002000000, 'u16 {FCONST16}'),
        E(0x800000000000, 0xc00002000000, 's16 {FCONST16}'),
        E(0xc00000000000, 0xc00002000000, 'b32 {FCONST32}'),
        E(0x2000000, 0xc00002000000, 'u8 {FCONST8PI}'),
        E(0x400002000000, 0xc00002000000, 'u16 {FCONST16PI}'),
        E(0x800002000000, 0xc00002000000, 's16 {FCONST16PI}'),
        E(0xc00002000000, 0xc00002000000, 'b32 {FCONST32PI}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('qs1', (
        E(0x0, 0x70000, 'l0'),
        E(0x10000, 0x70000, 'l1'),
        E(0x20000, 0x70000, 'l2'),
        E(0x30000, 0x70000, 'l3'),
        E(0x40000, 0x50000, 'dx'),
        E(0x50000, 0x50000, 'dy'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('qop0', (
        E(0x0, 0xc00000000000000, 'add'),
        E(0x400000000000000, 0xc00000000000000, 'subr'),
        E(0x800000000000000, 0xc00000000000000, 'sub'),
        E(0xc00000000000000, 0xc00000000000000, 'mov2'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('qop1', (
        E(0x0, 0x300000000000000, 'add'),
        E(0x100000000000000, 0x300000000000000, 'subr'),
        E(0x200000000000000, 0x300000000000000, 'sub'),
        E(0x300000000000000, 0x300000000000000, 'mov2'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('qop2', (
        E(0x0, 0xc0000000000000, 'add'),
        E(0x40000000000000, 0xc0000000000000, 'subr'),
        E(0x80000000000000, 0xc0000000000000, 'sub'),
        E(0xc0000000000000, 0xc0000000000000, 'mov2'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('qop3', (
        E(0x0, 0x300000, 'add'),
        E(0x100000, 0x300000, 'subr'),
        E(0x200000, 0x300000, 'sub'),
        E(0x300000, 0x300000, 'mov2'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('logop', (
        E(0x0, 0xc00000000000, 'and'),
        E(0x400000000000, 0xc00000000000, 'or'),
        E(0x800000000000, 0xc00000000000, 'xor'),
        E(0xc00000000000, 0xc00000000000, 'mov2'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('addcond', (
        E(0x0, 0x10400000),
        E(0x400000, 0x10400000),
        E(0x10000000, 0x10400000),
        E(0x10400000, 0x10400000, '{COND}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('addop2', (
        E(0x0, 0xc00000000000000, 'add'),
        E(0x400000000000000, 0xc00000000000000, 'sub'),
        E(0x800000000000000, 0xc00000000000000, 'subr'),
        E(0xc00000000000000, 0xc00000000000000, 'addc'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('addcond2', (
        E(0x0, 0xc00000000000000),
        E(0x400000000000000, 0xc00000000000000),
        E(0x800000000000000, 0xc00000000000000),
        E(0xc00000000000000, 0xc00000000000000, '{COND}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('sstreg', (
        E(0x0, 0x20000000000000, '{LHSRC3}'),
        E(0x20000000000000, 0x20000000000000, '{LSRC3}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('unlock', (
        E(0x0, 0x80000000000000, needs=SM12),
        E(0x80000000000000, 0x80000000000000, 'unlock', needs=SM12),
        E(0x0, 0x0),
    )),
    Table('csldreg', (
        E(0x0, 0x400000000000000, '{llhdst}'),
        E(0x400000000000000, 0x400000000000000, '{lldst}'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('l', (
        E(0x420000000000000, 0xe4200000f0000000, '{lane} ld b32 {lldst} {FATTR}', modes=VP | GP),
        E(0x2000000000000000, 0xe0000000f0000000, 'mov {LDST} {COND}'),
        E(0x4000000000000000, 0xe0000000f0000000, 'mov {LDST} {LAREG}'),
        E(0x6000000000000000, 0xe0000000f0000000, 'mov {LDST} {SREG}'),
        E(0x80c0000000000000, 0xe0c00000f0000000, 'st b32 {FOUT32} {LSRC3}'),
        E(0xa000000000000000, 0xe0000000f0000000, 'mov {CDST} {LSRC} {IGNCE}'),
        E(0xc000000000000000, 0xe0000000f0000000, 'shl {ADST} {lsw} {HSHCNT}'),
        E(0xe040000000000000, 0xe0400000f0000000, 'st b8 {fs8} {sstreg}', modes=CP),
        E(0xe000000000000000, 0xe4400000f0000000, 'st b16 {fs16} {sstreg}', modes=CP),
        E(0xe400000000000000, 0xe4400000f0000000, 'st {unlock} b32 {fs32} {sstreg}', modes=CP),
        E(0x10000000, 0xe4000000f0000000, '{lane} mov {lsfu} b16 {llhdst} {lsh}'),
        E(0x400000010000000, 0xe4000000f0000000, '{lane} mov {lsfu} b32 {lldst} {lsw}'),
        E(0x2000000010000000, 0xe0000000f0000000, 'ld {csldreg} {fcon}'),
        E(0x4000000010000000, 0xe000c000f0000000, 'ld {csldreg} u8 {fs8}', needs=SM11, modes=CP),
        E(0x4000400010000000, 0xe000c000f0000000, 'ld {csldreg} u16 {fs16}', needs=SM11, modes=CP),
        E(0x4000800010000000, 0xe000c000f0000000, 'ld {csldreg} s16 {fs16}', needs=SM11, modes=CP),
        E(0x4000c00010000000, 0xe080c000f0000000, 'ld {csldreg} b32 {fs32}', needs=SM11, modes=CP),
        E(0x4080c00010000000, 0xe080c000f0000000, 'ld lock {CDST} {csldreg} b32 {fs32} {IGNCE}', needs=SM12, modes=CP),
        E(0x6000000010000200, 0xe0000000f0000600, 'vote any {CDST} {IGNCE}', needs=SM12),
        E(0x6000000010000400, 0xe0000000f0000600, 'vote all {CDST} {IGNCE}', needs=SM12),
        E(0x20000000, 0xe4000000e0000000, '{addop} b16 {m2sat} {mcdst} {llhdst} {lsh} {lc3h} {addcond}'),
        E(0x400000020000000, 0xe4000000e0000000, '{addop} b32 {m2sat} {mcdst} {lldst} {lsw} {lc3w} {addcond}'),
        E(0x6000000030000000, 0xe4000000f0000000, 'set {mcdst} {llhdst} {seti} {lm2us16} {lsh} {lc2h}'),
        E(0x6400000030000000, 0xe4000000f0000000, 'set {mcdst} {lldst} {seti} {lm2us32} {lsw} {lc2w}'),
        E(0x8000000030000000, 0xe4000000f0000000, 'max {lm2us16} {mcdst} {llhdst} {lsh} {lc2h}'),
        E(0x8400000030000000, 0xe4000000f0000000, 'max {lm2us32} {mcdst} {lldst} {lsw} {lc2w}'),
        E(0xa000000030000000, 0xe4000000f0000000, 'min {lm2us16} {mcdst} {llhdst} {lsh} {lc2h}'),
        E(0xa400000030000000, 0xe4000000f0000000, 'min {lm2us32} {mcdst} {lldst} {lsw} {lc2w}'),
        E(0xc000000030000000, 0xe4000000f0000000, 'shl b16 {mcdst} {llhdst} {lsh} {hshcnt}'),
        E(0xc400000030000000, 0xe4000000f0000000, 'shl b32 {mcdst} {lldst} {lsw} {shcnt}'),
        E(0xe000000030000000, 0xe4000000f0000000, 'shr {lm2us16} {mcdst} {llhdst} {lsh} {hshcnt}'),
        E(0xe400000030000000, 0xe4000000f0000000, 'shr {lm2us32} {mcdst} {lldst} {lsw} {shcnt}'),
        E(0x40000000, 0xe0010000f0000000, 'mul {mcdst} {lldst} {s31us16} {lsh} {s30us16} {lc2h}'),
        E(0x1000040000000, 0xe0010000f0000000, 'mul {mcdst} {lldst} {s30high} {s31us24} {lsw} {lc2w}'),
        E(0x50000000, 0xe4000000f0000000, 'sad {mcdst} {lldst} {lm2us16} {lsh} {lc2h} {lc3w}'),
        E(0x400000050000000, 0xe4000000f0000000, 'sad {mcdst} {lldst} {lm2us32} {lsw} {lc2w} {lc3w}'),
        E(0x60000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul u16 {lsh} {lc2h}) {lc3w} {addcond2}'),
        E(0x2000000060000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul s16 {lsh} {lc2h}) {lc3w} {addcond2}'),
        E(0x4000000060000000, 0xe0000000f0000000, '{addop2} sat {mcdst} {lldst} (mul s16 {lsh} {lc2h}) {lc3w} {addcond2}'),
        E(0x6000000060000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul u24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0x8000000060000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul s24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0xa000000060000000, 0xe0000000f0000000, '{addop2} sat {mcdst} {lldst} (mul s24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0xc000000060000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul high u24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0xe000000060000000, 0xe0000000f0000000, '{addop2} {mcdst} {lldst} (mul high s24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0x70000000, 0xe0000000f0000000, '{addop2} sat {mcdst} {lldst} (mul high s24 {lsw} {lc2w}) {lc3w} {addcond2}'),
        E(0x80000000, 0x70000f0000000, 'interp {LDST} {LVAR}', modes=FP),
        E(0x1000080000000, 0x70000f0000000, 'interp {LDST} cent {LVAR}', modes=FP),
        E(0x2000080000000, 0x70000f0000000, 'interp {LDST} {LVAR} {m1neg} {LSRC}', modes=FP),
        E(0x3000080000000, 0x70000f0000000, 'interp {LDST} cent {LVAR} {m1neg} {LSRC}', modes=FP),
        E(0x4000080000000, 0x70000f0000000, 'interp {LDST} flat {LVAR}', modes=FP),
        E(0x90000000, 0xe0000000f0000000, 'rcp f32 {lldst} {lfm1} {LSRC}'),
        E(0x4000000090000000, 0xe0000000f0000000, 'rsqrt f32 {lldst} {lfm1} {LSRC}'),
        E(0x6000000090000000, 0xe0000000f0000000, 'lg2 f32 {lldst} {lfm1} {LSRC}'),
        E(0x8000000090000000, 0xe0000000f0000000, 'sin f32 {lldst} {LSRC}'),
        E(0xa000000090000000, 0xe0000000f0000000, 'cos f32 {lldst} {LSRC}'),
        E(0xc000000090000000, 0xe0000000f0000000, 'ex2 f32 {m2sat} {lldst} {LSRC}'),
        E(0xc0000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {s35sat} f16 {mcdst} {llhdst} f16 {lsh}'),
        E(0xc8000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {s35sat} {cvtrint} f16 {mcdst} {llhdst} f16 {lsh}'),
        E(0xc0004000a0000000, 0xc4404000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f16 {mcdst} {llhdst} f32 {lsw}'),
        E(0xc4004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {s35sat} f32 {mcdst} {lldst} f32 {lsw}'),
        E(0xcc004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {s35sat} {cvtrint} f32 {mcdst} {lldst} f32 {lsw}'),
        E(0xc4000000a0000000, 0xc4404000f0000000, 'cvt {cvtmod} {s35sat} f32 {mcdst} {lldst} f16 {lsh}'),
        E(0xc0404000a0000000, 0xc4404000f0000000, 'cvt {cvtmod} {cvtrnd} f32 {mcdst} {lldst} f64 {LDSRC}', needs=FP64),
        E(0xc4404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} f64 {mcdst} {LDDST} f64 {LDSRC}', needs=FP64),
        E(0xcc404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} f64 {mcdst} {LDDST} f64 {LDSRC}', needs=FP64),
        E(0xc4400000a0000000, 0xc4404000f0000000, 'cvt {cvtmod} f64 {mcdst} {LDDST} f32 {lsw}', needs=FP64),
        E(0x80000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u16 {mcdst} {llhdst} f16 {lsh}'),
        E(0x80004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u16 {mcdst} {llhdst} f32 {lsw}'),
        E(0x88000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s16 {mcdst} {llhdst} f16 {lsh}'),
        E(0x88004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s16 {mcdst} {llhdst} f32 {lsw}'),
        E(0x84000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u32 {mcdst} {lldst} f16 {lsh}'),
        E(0x84004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u32 {mcdst} {lldst} f32 {lsw}'),
        E(0x8c000000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s32 {mcdst} {lldst} f16 {lsh}'),
        E(0x8c004000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s32 {mcdst} {lldst} f32 {lsw}'),
        E(0x80404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u32 {mcdst} {lldst} f64 {LDSRC}', needs=FP64),
        E(0x88404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s32 {mcdst} {lldst} f64 {LDSRC}', needs=FP64),
        E(0x84400000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u64 {mcdst} {LDDST} f32 {lsw}', needs=FP64),
        E(0x84404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} u64 {mcdst} {LDDST} f64 {LDSRC}', needs=FP64),
        E(0x8c400000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s64 {mcdst} {LDDST} f32 {lsw}', needs=FP64),
        E(0x8c404000a0000000, 0xcc404000f0000000, 'cvt {cvtmod} {cvtrint} s64 {mcdst} {LDDST} f64 {LDSRC}', needs=FP64),
        E(0x40000000a0000000, 0xc4400000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f16 {mcdst} {llhdst} {cvtiisrc}'),
        E(0x44000000a0000000, 0xc4400000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f32 {mcdst} {lldst} {cvtiisrc}'),
        E(0x44400000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f64 {mcdst} {LDDST} u32 {lsw}', needs=FP64),
        E(0x44410000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f64 {mcdst} {LDDST} s32 {lsw}', needs=FP64),
        E(0x40404000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f32 {mcdst} {lldst} u64 {LDSRC}', needs=FP64),
        E(0x40414000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f32 {mcdst} {lldst} s64 {LDSRC}', needs=FP64),
        E(0x44404000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f64 {mcdst} {LDDST} u64 {LDSRC}', needs=FP64),
        E(0x44414000a0000000, 0xc4414000f0000000, 'cvt {cvtmod} {s35sat} {cvtrnd} f64 {mcdst} {LDDST} s64 {LDSRC}', needs=FP64),
        E(0xa0000000, 0xcc080000f0000000, 'cvt {cvtmod} u16 {mcdst} {llhdst} {cvtiisrc}'),
        E(0x80000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} u8 {mcdst} {llhdst} {cvtiisrc}'),
        E(0x4000000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} u32 {mcdst} {lldst} {cvtiisrc}'),
        E(0x4080000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} u8 {mcdst} {lldst} {cvtiisrc}'),
        E(0x8000000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} s16 {mcdst} {llhdst} {cvtiisrc}'),
        E(0x8080000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} s8 {mcdst} {llhdst} {cvtiisrc}'),
        E(0xc000000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} s32 {mcdst} {lldst} {cvtiisrc}'),
        E(0xc080000a0000000, 0xcc080000f0000000, 'cvt {cvtmod} s8 {mcdst} {lldst} {cvtiisrc}'),
        E(0xb0000000, 0xc0000000f0000000, 'add {o0sat} {af32r} f32 {mcdst} {lldst} {m1neg} {lsw} {m2neg} {lc3w}'),
        E(0x60000000b0000000, 0xe0000000f0000000, 'set {mcdst} {lldst} {setf} f32 {lfm1} {lsw} {lfm2} {lc2w}'),
        E(0x80000000b0000000, 0xe0000000f0000000, 'max f32 {mcdst} {lldst} {lfm1} {lsw} {lfm2} {lc2w}'),
        E(0xa0000000b0000000, 0xe0000000f0000000, 'min f32 {mcdst} {lldst} {lfm1} {lsw} {lfm2} {lc2w}'),
        E(0xc0000000b0000000, 0xe0004000f0000000, 'presin f32 {lldst} {lfm1} {lsw}'),
        E(0xc0004000b0000000, 0xe0004000f0000000, 'preex2 f32 {lldst} {lfm1} {lsw}'),
        E(0xc0000000, 0xe0000000f0000000, 'mul {s36satg200} {mf32r} f32 {mcdst} {lldst} {m1neg} {lsw} {m2neg} {lc2w}'),
        E(0x40000000c0000000, 0xc0000000f0000000, 'slct b32 {mcdst} {lldst} {lsw} {lc2w} f32 {o0neg} {lc3w}'),
        E(0x80000000c0000000, 0xe0000000f0000000, 'quadop f32 {qop0} {qop1} {qop2} {qop3} {mcdst} {lldst} {qs1} {LSRC} {LSRC3}'),
        E(0xd0000000, 0xe4000000f0000000, '{logop} b16 {mcdst} {llhdst} {s32not} {lsh} {s33not} {lc2h}'),
        E(0x4000000d0000000, 0xe4000000f0000000, '{logop} b32 {mcdst} {lldst} {s32not} {lsw} {s33not} {lc2w}'),
        E(0x20000000d0000000, 0xe0000000f0000000, 'add {ADST} {LAREG} {OFFS}'),
        E(0x40000000d0000000, 0xe0000000f0000000, 'ld {ldstm} {ldsto} {local}'),
        E(0x60000000d0000000, 0xe0000000f0000000, 'st {ldstm} {local} {ldsto}'),
        E(0x80000000d0000000, 0xe0000000f0000000, 'ld {ldstm} {ldsto} {GLOBAL}', modes=CP),
        E(0xa0000000d0000000, 0xe0000000f0000000, 'st {ldstm} {GLOBAL} {ldsto}', modes=CP),
        E(0xc0000000d0000000, 0xe0000000f0000000, 'red {redm} {GLOBAL} {ldsto}', needs=SM11, modes=CP),
        E(0xe0000000d0000000, 0xe0000000f0000000, '{atomm} {ldsto} {GLOBAL2} {ldsts2} {mldsts3}', needs=SM11, modes=CP),
        E(0xe0000000, 0xc0000000f0000000, 'add {o0sat} f32 {mcdst} {lldst} {m1neg} (mul {lsw} {lc2w}) {m2neg} {lc3w}'),
        E(0x40000000e0000000, 0xe0000000f0000000, 'fma {mad64r} f64 {mcdst} {LDDST} {m1neg} {LDSRC} {LDSRC2} {m2neg} {LDSRC3}', needs=FP64),
        E(0x60000000e0000000, 0xe0000000f0000000, 'add {af64r} f64 {mcdst} {LDDST} {m1neg} {LDSRC} {m2neg} {LDSRC3}', needs=FP64),
        E(0x80000000e0000000, 0xe0000000f0000000, 'mul {cvtrnd} f64 {mcdst} {LDDST} {m1neg} {LDSRC} {LDSRC2}', needs=FP64),
        E(0xa0000000e0000000, 0xe0000000f0000000, 'min f64 {mcdst} {LDDST} {lfm1} {LDSRC} {lfm2} {LDSRC2}', needs=FP64),
        E(0xc0000000e0000000, 0xe0000000f0000000, 'max f64 {mcdst} {LDDST} {lfm1} {LDSRC} {lfm2} {LDSRC2}', needs=FP64),
        E(0xe0000000e0000000, 0xe0000000f0000000, 'set {mcdst} {lldst} {setf} f64 {lfm1} {LDSRC} {lfm2} {LDSRC2}', needs=FP64),
        E(0xf0000000, 0xf0000000f9000000, 'texauto {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}'),
        E(0xf8000000, 0xf0000000f9000000, 'texauto cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}'),
        E(0xf1000000, 0xf0000000f1000000, 'texfetch {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}'),
        E(0x20000000f0000000, 0xf0000000f8000000, 'texbias {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}'),
        E(0x20000000f8000000, 0xf0000000f8000000, 'texbias cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}'),
        E(0x40000000f0000000, 0xf0000000f8000000, 'texlod {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}'),
        E(0x40000000f8000000, 0xf0000000f8000000, 'texlod cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}'),
        E(0x60000000f0000000, 0xf00f0000f0000000, 'texsize {texf} {LTDST} {TEX} {SAMP} {LDST}'),
        E(0x60010000f8000000, 0xf00f0000f8000000, 'texprep cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}', needs=D3D10_1),
        E(0x60020000f0000000, 0xf00f0000f8000000, 'texquerylod {texf} {LTDST} {TEX} {SAMP} {LTSRC}', needs=D3D10_1),
        E(0x60020000f8000000, 0xf00f0000f8000000, 'texquerylod cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}', needs=D3D10_1),
        E(0x80000000f0000000, 0xf0000000f1000000, 'texcsaa {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}'),
        E(0x80000000f1000000, 0xf0000000f9000000, 'texgather {texf} {LTDST} {TEX} {SAMP} {LTSRC} {TOFFX} {TOFFY} {TOFFZ}', needs=D3D10_1),
        E(0x80000000f9000000, 0xf0000000f9000000, 'texgather cube {texf} {LTDST} {TEX} {SAMP} {LTSRC}', needs=D3D10_1),
        E(0xc0000000f0000200, 0xe0000000f0000600, 'emit', modes=GP),
        E(0xc0000000f0000400, 0xe0000000f0000600, 'restart', modes=GP),
        E(0xe0000000f0000000, 0xe0000004f0000000, 'nop'),
        E(0xe0000004f0000000, 0xe0000004f0000000, 'pmevent {PM}'),
        E(0x0, 0x0, '{OOPS} {mcdst} {lldst} {lsw} {lc2w} {lc3w}'),
    )),
    Table('p', (
        E(0x0, 0xf8000000000, '(never)'),
        E(0x8000000000, 0xf8000000000, '(l {COND})'),
        E(0x10000000000, 0xf8000000000, '(e {COND})'),
        E(0x18000000000, 0xf8000000000, '(le {COND})'),
        E(0x20000000000, 0xf8000000000, '(g {COND})'),
        E(0x28000000000, 0xf8000000000, '(lg {COND})'),
        E(0x30000000000, 0xf8000000000, '(ge {COND})'),
        E(0x38000000000, 0xf8000000000, '(lge {COND})'),
        E(0x40000000000, 0xf8000000000, '(u {COND})'),
        E(0x48000000000, 0xf8000000000, '(lu {COND})'),
        E(0x50000000000, 0xf8000000000, '(eu {COND})'),
        E(0x58000000000, 0xf8000000000, '(leu {COND})'),
        E(0x60000000000, 0xf8000000000, '(gu {COND})'),
        E(0x68000000000, 0xf8000000000, '(lgu {COND})'),
        E(0x70000000000, 0xf8000000000, '(geu {COND})'),
        E(0x78000000000, 0xf8000000000),
        E(0x80000000000, 0xf8000000000, '(o {COND})'),
        E(0x88000000000, 0xf8000000000, '(c {COND})'),
        E(0x90000000000, 0xf8000000000, '(a {COND})'),
        E(0x98000000000, 0xf8000000000, '(s {COND})'),
        E(0xe0000000000, 0xf8000000000, '(ns {COND})'),
        E(0xe8000000000, 0xf8000000000, '(na {COND})'),
        E(0xf0000000000, 0xf8000000000, '(nc {COND})'),
        E(0xf8000000000, 0xf8000000000, '(no {COND})'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('lim', (
        E(0x0, 0x4000000000),
        E(0x4000000000, 0x4000000000, 'lim'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('barinc', (
        E(0x0, 0x2000000),
        E(0x2000000, 0x2000000, 'inc'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('barwait', (
        E(0x0, 0x4000000),
        E(0x4000000, 0x4000000, 'wait'),
        E(0x0, 0x0, '{OOPS}'),
    )),
    Table('c', (
        E(0x0, 0xf0000000, '{p} discard', modes=FP),
        E(0x10000000, 0xf0000000, '{p} bra {BTARG}'),
        E(0x20000000, 0xf0000000, '{IGNPRED} call {lim} {CTARG}'),
        E(0x30000000, 0xf0000000, '{p} ret'),
        E(0x40000000, 0xf0000000, '{IGNPRED} breakaddr {BTARG}'),
        E(0x50000000, 0xf0000000, '{p} break'),
        E(0x60000000, 0xf0000000, '{IGNPRED} quadon'),
        E(0x70000000, 0xf0000000, '{IGNPRED} quadpop'),
        E(0x80000000, 0x4000f0000000, '{IGNPRED} bar {barinc} {barwait} {BAR} {BARMASK}'),
        E(0x400080000000, 0x4000f0000000, '{IGNPRED} bar {barinc} {barwait} {BAR} all'),
        E(0x90000000, 0xf0000000, '{IGNPRED} trap'),
        E(0xa0000000, 0xf0000000, '{IGNPRED} joinat {BTARG}'),
        E(0xb0000000, 0xf0000000, '{p} brkpt', needs=SM11),
        E(0xc0000000, 0xf0000000, '{IGNPRED} bra {lim} {FCONST8}', needs=D3D10_1),
        E(0xd0000000, 0xf0000000, '{IGNPRED} preret {lim} {BTARG}', needs=D3D10_1),
        E(0x0, 0x0, '{p} {OOPS} {BTARG}'),
    )),
    Table('root', (
        E(0x0, 0x1, '{s}', size=32),
        E(0x3, 0x3, '{c}', size=64),
        E(0x1, 0x300000003, '{p} {l}', size=64),
        E(0x100000001, 0x300000003, 'exit {p} {l}', size=64),
        E(0x200000001, 0x300000003, 'join {p} {l}', size=64),
        E(0x3, 0x3, 'long {c}', size=64),
        E(0x1, 0x300000003, 'long {p} {l}', size=64),
        E(0x100000001, 0x300000003, 'long exit {p} {l}', size=64),
        E(0x200000001, 0x300000003, 'long join {p} {l}', size=64),
        E(0x300000001, 0x300000003, '{i}', size=64),
        E(0x0, 0x0, '{OOPS}'),
    )),
)
# 107 tables, 701 entries
