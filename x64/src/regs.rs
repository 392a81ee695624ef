//! Typed registers: a general-purpose register and an XMM register are
//! different types, so one cannot be passed where the other is meant,
//! and neither is a bare number outside this module (Cranelift's
//! `isa/x64/inst/regs.rs`, LuaJIT's `lj_target_x86.h`).
//!
//! dynasm takes a dynamic register as anything that converts into its
//! hardware number: `Rq(r)` with `r: Gpr`, `Rx(x)` with `x: Xmm`.

use std::fmt;

/// A general-purpose register, by its hardware number (0 to 15).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Gpr(u8);

/// An SSE register, by its hardware number (0 to 15).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Xmm(u8);

pub const RAX: Gpr = Gpr(0);
pub const RCX: Gpr = Gpr(1);
pub const RDX: Gpr = Gpr(2);
pub const RBX: Gpr = Gpr(3);
pub const RSP: Gpr = Gpr(4);
pub const RBP: Gpr = Gpr(5);
pub const RSI: Gpr = Gpr(6);
pub const RDI: Gpr = Gpr(7);
pub const R8: Gpr = Gpr(8);
pub const R9: Gpr = Gpr(9);
pub const R10: Gpr = Gpr(10);
pub const R11: Gpr = Gpr(11);
pub const R12: Gpr = Gpr(12);
pub const R13: Gpr = Gpr(13);
pub const R14: Gpr = Gpr(14);
pub const R15: Gpr = Gpr(15);

pub const XMM0: Xmm = Xmm(0);
pub const XMM1: Xmm = Xmm(1);

const GPR_NAMES: [&str; 16] = [
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13",
    "r14", "r15",
];

impl Gpr {
    /// Every general register, in hardware order.
    pub const ALL: [Gpr; 16] = [
        RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15,
    ];

    /// The register with hardware number `n`, if there is one.
    pub const fn new(n: u8) -> Option<Gpr> {
        if n < 16 {
            Some(Gpr(n))
        } else {
            None
        }
    }

    /// The hardware number, as an encoding's fields take it.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// This register's bit in a `u16` set of registers.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    pub fn name(self) -> &'static str {
        GPR_NAMES[self.0 as usize]
    }
}

impl Xmm {
    /// The register with hardware number `n`, if there is one.
    pub const fn new(n: u8) -> Option<Xmm> {
        if n < 16 {
            Some(Xmm(n))
        } else {
            None
        }
    }

    /// `xmm{n}` for a number known to be in range (a constant table).
    pub const fn of(n: u8) -> Xmm {
        assert!(n < 16);
        Xmm(n)
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    /// This register's bit in a `u16` set of registers.
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

impl From<Gpr> for u8 {
    fn from(r: Gpr) -> u8 {
        r.0
    }
}

impl From<Xmm> for u8 {
    fn from(x: Xmm) -> u8 {
        x.0
    }
}

impl fmt::Debug for Gpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Gpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Xmm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "xmm{}", self.0)
    }
}

impl fmt::Display for Xmm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "xmm{}", self.0)
    }
}
