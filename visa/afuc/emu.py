"""Just enough of an afuc SQE emulator to run a firmware's bootstrap (as
Mesa's afuc-disasm does on a6xx/a7xx) and learn its packet table.

It runs from word 0 until the first ``waitin`` or read of ``$data``:
ALU ops and ``mov``, ``cwrite``/``cread`` of control registers (GPU register
reads through ``@REG_READ_ADDR``/``$regdata``, writes through
``@REG_WRITE_ADDR``/``@REG_WRITE``, memory reads of the image itself through
``@MEM_READ_ADDR``/``$memdata``, ``@PACKET_TABLE_WRITE``), ``(rep)``.
Anything else is stepped over.  What each instruction does is its record's
``effect`` (visa/afuc/isa.py); this module only reads and writes the
machine's state for it."""

from __future__ import annotations

from collections import deque
from typing import Mapping

from visa.afuc.isa import ISA, M32, Alu, Bitfield, ControlAccess, Immediate, Wait
from visa.afuc.regs_gen import DOMAINS

BASE = 0x10000  # where the emulated image sits in GPU memory (any aligned address)
_STEPS = 100000  # instructions (each (rep) iteration counts): a bootstrap is a few dozen
_FIFO = 1 << 16  # most words one REG_READ/MEM_READ_DWORDS request queues


class Bootstrap:
    """State of one emulated bootstrap run over ``instrs`` (file words 1..)."""

    def __init__(self, instrs: list[int], gen: int, control: dict[int, int] | None = None,
                 gpu: dict[int, int] | None = None) -> None:
        self.instrs = instrs
        self.gen = gen
        self.ctrl_names = {v: k for k, v in DOMAINS[f"A{gen}XX_CONTROL_REG"].items()}
        self.regs = [0] * 32
        self.carry = 0
        self.control: dict[int, int] = dict(control or {})
        self.gpu: dict[int, int] = {0x830: BASE, 0x831: 0} | dict(gpu or {})
        self.jmptbl = [0] * 128
        self.jt_idx = 0
        self.memdata: deque[int] = deque()
        self.regdata: deque[int] = deque()
        self.reg_read = 0
        self.reg_write = 0

    def _c(self, name: str) -> int:
        return self.ctrl_names.get(name, -1)

    def _read_src(self, r: int) -> int | None:
        if r == 0x1D:
            return self.memdata.popleft() if self.memdata else 0
        if r == 0x1E:
            return self.regdata.popleft() if self.regdata else 0
        if r == 0x1F:
            return None  # $data: the bootstrap is over
        return self.regs[r] if r else 0  # $00 reads as zero

    def _write_dst(self, r: int, v: int) -> None:
        v &= M32
        if r == 0x1F:  # $data: a GPU register write through $addr (pipe registers ignored)
            addr = self.regs[0x1D]
            if addr >> 24 == 0 and addr < 0x40000:
                self.gpu[addr] = v
                self.regs[0x1D] = addr + 1
            elif not addr & 0x40000:
                self.regs[0x1D] = (addr + 0x01000000) & M32
        else:  # $addr/$usraddr are kept as the address of the next $data write
            self.regs[r] = v

    def _cwrite(self, reg: int, v: int) -> None:
        self.control[reg] = v
        if reg == self._c("PACKET_TABLE_WRITE_ADDR"):
            self.jt_idx = v
        elif reg == self._c("PACKET_TABLE_WRITE"):
            if 0 <= self.jt_idx < 128:
                self.jmptbl[self.jt_idx] = v
            self.jt_idx += 1
        elif reg == self._c("REG_READ_ADDR"):
            self.reg_read = v
        elif reg == self._c("REG_READ_DWORDS"):
            for _ in range(min(v, _FIFO)):
                self.regdata.append(self.gpu.get(self.reg_read, 0))
                self.reg_read += 1
        elif reg == self._c("REG_WRITE_ADDR"):
            self.reg_write = v
        elif reg == self._c("REG_WRITE"):
            self.gpu[self.reg_write] = v
            self.reg_write += 1
        elif reg == self._c("MEM_READ_DWORDS"):
            mra = self._c("MEM_READ_ADDR")
            addr = self.control.get(mra, 0) | self.control.get(mra + 1, 0) << 32
            for _ in range(min(v, _FIFO)):
                i = (addr - BASE) // 4
                self.memdata.append(self.instrs[i] if 0 <= i < len(self.instrs) else 0)
                addr += 4
            self.control[mra] = addr & M32
            self.control[mra + 1] = addr >> 32

    def reg64_control(self, name: str) -> int:
        n = self._c(name)
        return self.control.get(n, 0) | self.control.get(n + 1, 0) << 32

    def reg64_gpu(self, reg: int) -> int:
        return self.gpu.get(reg, 0) | self.gpu.get(reg + 1, 0) << 32

    def run(self) -> None:
        pc = 0
        budget = _STEPS
        while budget > 0:
            budget -= 1
            if not 0 <= pc < len(self.instrs):
                return
            d = ISA.decode(self.instrs[pc], self.gen)
            pc += 1
            if d is None:
                continue
            effect, v = d.bitset.effect, d.values
            if type(effect) is Wait:
                return
            reps = 1
            if v.get("REP"):
                reps = min(self.regs[0x1C] or 1, budget + 1)
                budget -= reps - 1
            for _ in range(reps):
                if effect is not None and self._step(effect, v) is False:
                    return
                if v.get("REP") and self.regs[0x1C]:
                    self.regs[0x1C] -= 1

    def _step(self, effect: object, v: Mapping[str, int]) -> bool:
        """Do ``effect`` with the instruction's field values ``v``; False
        where it reads $data (the bootstrap is over)."""
        if type(effect) is Immediate:
            self._write_dst(v["DST"], effect.op(v))
            return True
        if type(effect) is ControlAccess:
            off = self.regs[v["OFFSET"]] if 0 < v["OFFSET"] < 0x1D else 0
            reg = (off + v["BASE"]) & 0xFFF
            if v["PREINCREMENT"] and 0 < v["OFFSET"] < 0x1D:
                self.regs[v["OFFSET"]] = (off + v["BASE"]) & M32
            if effect.write:
                s = self._read_src(v["SRC"])
                if s is None:
                    return False
                self._cwrite(reg, s)
            else:
                self._write_dst(v["DST"], self.control.get(reg, 0))
            return True
        # the register read first (SRC1, else SRC), then the second source
        a = self._read_src(v["SRC1"] if "SRC1" in v else v["SRC"])
        if a is None:
            return False
        if type(effect) is Bitfield:
            dst = v["DST"]
            self._write_dst(dst, effect.op(a, v["LO"], v["HI"], self.regs[dst] if dst else 0))
            return True
        assert type(effect) is Alu, effect
        if "SRC2" in v:
            b = self._read_src(v["SRC2"])
            if b is None:
                return False
        else:
            b = v["RIMMED"] if "RIMMED" in v else v.get("BIT")
        r, carry = effect.op(a, b, self.carry)
        if carry is not None:
            self.carry = carry & M32
        self._write_dst(v["DST"], r & M32)
        return True
