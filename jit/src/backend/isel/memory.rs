//! Loads and stores of the linear memory, indexed from `r14` by the cell
//! number, with an inline bounds check against the cell count unless the
//! access is in the unchecked copy of a versioned loop (`bounds`) or
//! accesses before it imply the check (`dedup_checks`). A loaded value
//! goes straight into its home, general or XMM.

#![allow(clippy::useless_conversion)]

use crate::backend::emitter::{Emitter, RAX, RDX};
use crate::backend::operands::Src;
use crate::entity::Value;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// Traps unless `cell` < the cell count.
    fn bounds_check(&mut self, cell: u8, src: u32) {
        let oob = self.trap_label(vm::native::TRAP_OUT_OF_BOUNDS, src);
        // The cell count is at most 2^28: an immediate.
        let cells = self.env.memory.cells as i32;
        dynasm!(self.ops ; .arch x64 ; cmp Rq(cell), cells ; jae =>oob);
    }

    /// The access's cell as `r14 + cell * 8 + disp`: the cell index in a
    /// register, checked where that is needed; with no check to make, a
    /// constant offset rides in the displacement instead of an `lea` (the
    /// address is the same modulo 2^64).
    fn cell(&mut self, base: Value, off: Value, src: u32) -> (u8, i32) {
        let checked = self.checked();
        if let (false, None, Some(k)) = (checked, self.f.constant(base), self.f.constant(off)) {
            let k = k as i64;
            if (-(1 << 28)..1 << 28).contains(&k) {
                return (self.register(base, RAX), 8 * k as i32);
            }
        }
        let cell = self.address(base, off);
        if checked {
            self.bounds_check(cell, src);
        }
        (cell, 0)
    }

    pub(in crate::backend) fn load_inst(
        &mut self,
        result: Option<Value>,
        base: Value,
        off: Value,
        src: u32,
    ) {
        let (cell, disp) = self.cell(base, off, src);
        // Straight into the result's home, whichever register file.
        match result.and_then(|r| self.homes[r.index()]) {
            Some(Home::Gpr(d)) => {
                if disp == 0 {
                    dynasm!(self.ops ; .arch x64 ; mov Rq(d), QWORD [r14 + Rq(cell) * 8])
                } else {
                    dynasm!(self.ops ; .arch x64 ; mov Rq(d), QWORD [r14 + Rq(cell) * 8 + disp])
                }
            }
            Some(Home::Xmm(x)) => {
                if disp == 0 {
                    dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [r14 + Rq(cell) * 8])
                } else {
                    dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [r14 + Rq(cell) * 8 + disp])
                }
            }
            None => {
                if disp == 0 {
                    dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [r14 + Rq(cell) * 8])
                } else {
                    dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [r14 + Rq(cell) * 8 + disp])
                };
                self.store(result, RAX);
            }
        }
    }

    pub(in crate::backend) fn store_inst(
        &mut self,
        base: Value,
        off: Value,
        value: Value,
        src: u32,
    ) {
        // A float in its XMM home is stored from there.
        if let (None, Some(x)) = (self.f.constant(value), self.xmm(value)) {
            let (cell, disp) = self.cell(base, off, src);
            if disp == 0 {
                dynasm!(self.ops ; .arch x64 ; movsd QWORD [r14 + Rq(cell) * 8], Rx(x))
            } else {
                dynasm!(self.ops ; .arch x64 ; movsd QWORD [r14 + Rq(cell) * 8 + disp], Rx(x))
            };
            return;
        }
        let value = match self.source(value, RDX) {
            Src::Mem(_) => {
                self.load(RDX, value);
                Src::Reg(RDX)
            }
            other => other,
        };
        let (cell, disp) = self.cell(base, off, src);
        match value {
            Src::Imm(i) => {
                if disp == 0 {
                    dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8], i)
                } else {
                    dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8 + disp], i)
                }
            }
            Src::Reg(r) => {
                if disp == 0 {
                    dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8], Rq(r))
                } else {
                    dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8 + disp], Rq(r))
                }
            }
            Src::Mem(_) => unreachable!("loaded into rdx above"),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::asm_of;

    #[test]
    fn an_access_is_checked_against_the_cell_count_as_an_immediate() {
        let asm = asm_of(
            ".memory 8\nfunc main(%i)\n    load %x, [%i+1]\n    ret %x\nend\n",
            "main",
        );
        let at = |needle: &str| asm.iter().position(|i| i.starts_with(needle));
        let load = asm.iter().position(|i| i.ends_with(",[r14+rax*8]"));
        let (lea, check, trap) = (at("lea rax,[rsi+1]"), at("cmp rax,8"), at("jae "));
        assert!(
            lea < check && check < trap && trap < load && lea.is_some(),
            "{asm:#?}"
        );
    }
}
