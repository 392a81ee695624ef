//! The machine environment: what each register is for, in the compiled
//! code of both compilers and in the interpreter's machine-code loop. The
//! register allocator is given these sets and names no register itself
//! (regalloc2's `MachineEnv`, Cranelift's `create_reg_env_systemv`).
//!
//! Compiled code keeps three of the System V ABI's callee-saved registers
//! for itself: `r13`-`r15` are pinned for the whole activation (set by
//! the external entry), `rbp` is the frame pointer. Between compiled
//! functions `rbx`, `r10`, `r11` and `r12` are callee-saved, for values
//! that live across calls: a function saves its caller's in its frame if
//! it uses them, and every call of a runtime helper (System V, to which
//! `r10` and `r11` are scratch) saves and restores those two around
//! itself. Everything else is caller-saved. The VM pointer every helper
//! takes first is in the call state (`vm::tier::STATE_VM`), not in a
//! register.

use crate::regs::*;

/// Scratch general registers: never a value's home, free to clobber
/// between one instruction's code and the next (`rdx` is `cqo`/`idiv`'s
/// and the runtime helpers' third argument; `rcx` is the shift count).
pub const SCRATCH: [Gpr; 3] = [RAX, RCX, RDX];
/// Scratch XMM registers: the float sequences' (`float_to_int` uses both).
pub const SCRATCH_XMM: [Xmm; 2] = [XMM0, XMM1];

/// Caller-saved general registers that hold values for the whole function.
pub const VALUE_GPRS: [Gpr; 4] = [RSI, RDI, R8, R9];
/// XMM registers that hold values: all but the scratch ones.
pub const VALUE_XMMS: [Xmm; 14] = [
    Xmm::of(2),
    Xmm::of(3),
    Xmm::of(4),
    Xmm::of(5),
    Xmm::of(6),
    Xmm::of(7),
    Xmm::of(8),
    Xmm::of(9),
    Xmm::of(10),
    Xmm::of(11),
    Xmm::of(12),
    Xmm::of(13),
    Xmm::of(14),
    Xmm::of(15),
];
/// The registers System V's callee saves besides rbp, in the order code
/// entered from Rust pushes them (`encode::push_saved`).
pub const SYSV_SAVED: [Gpr; 5] = [RBX, R12, R13, R14, R15];
/// Callee-saved general registers that hold values: the function saves
/// its caller's in its frame.
pub const CALLEE_SAVED_VALUES: [Gpr; 4] = [RBX, R10, R11, R12];
/// The callee-saved value registers that System V functions may clobber:
/// a call of a runtime helper saves them around itself.
pub const SAVED_AROUND_HELPERS: [Gpr; 2] = [R10, R11];

/// Where a compiled call's first arguments go, in order: the caller-saved
/// value registers, which a call clobbers anyway. The rest go at
/// `[rsp + 8 k]`.
pub const ARG_GPRS: [Gpr; 4] = VALUE_GPRS;
/// Where a compiled function's result comes back.
pub const RESULT: Gpr = RAX;

/// Registers every compiled activation relies on, set by the external
/// entry and never a value's home.
pub mod pinned {
    use crate::regs::*;
    /// The frame pointer: slots are `[rbp - k]`.
    pub const FRAME: Gpr = RBP;
    /// The calls left before the depth limit.
    pub const CALLS_LEFT: Gpr = R13;
    /// The linear memory's base: cell `k` is `[r14 + 8 k]`.
    pub const MEMORY: Gpr = R14;
    /// The VM's `CallState`.
    pub const STATE: Gpr = R15;
}

/// The interpreter's machine-code loop's registers, pinned while it runs
/// (`vm`'s `asm_interp`): they are dynasm aliases there, named here.
pub mod interp {
    use crate::regs::*;
    /// The current instruction.
    pub const PC: Gpr = R12;
    /// The current frame: bytecode register `r` is `[base + 8 r]`.
    pub const BASE: Gpr = RBX;
    /// The handler table.
    pub const TABLE: Gpr = R13;
    /// The linear memory's base.
    pub const MEMORY: Gpr = R14;
    /// The linear memory's size in cells.
    pub const CELLS: Gpr = R15;
    /// The state it shares with the portable loop.
    pub const CTX: Gpr = RBP;
    /// The current function's record.
    pub const FUNC: Gpr = R10;
    /// The top of the frame list.
    pub const FRAMES: Gpr = R11;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_do_not_overlap() {
        let mut taken = 0u16;
        let all = SCRATCH
            .iter()
            .chain(&VALUE_GPRS)
            .chain(&CALLEE_SAVED_VALUES)
            .chain(&[
                pinned::FRAME,
                pinned::CALLS_LEFT,
                pinned::MEMORY,
                pinned::STATE,
                RSP,
            ]);
        for r in all {
            assert_eq!(taken & r.bit(), 0, "{r} has two roles");
            taken |= r.bit();
        }
        assert_eq!(taken, u16::MAX, "every register has a role");
        let xmms = SCRATCH_XMM.iter().chain(&VALUE_XMMS);
        let bits = xmms.fold(0u16, |m, x| {
            assert_eq!(m & x.bit(), 0);
            m | x.bit()
        });
        assert_eq!(bits, u16::MAX);
    }

    #[test]
    fn the_interpreter_keeps_its_registers_apart() {
        use interp::*;
        let regs = [PC, BASE, TABLE, MEMORY, CELLS, CTX, FUNC, FRAMES];
        let bits = regs.iter().fold(0u16, |m, r| {
            assert_eq!(m & r.bit(), 0);
            m | r.bit()
        });
        // rax, rcx, rdx, rsi, rdi, r8 and r9 stay free for handlers.
        for r in [RAX, RCX, RDX, RSI, RDI, R8, R9] {
            assert_eq!(bits & r.bit(), 0);
        }
    }
}
