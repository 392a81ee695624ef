//! Operand access: where each value is (an immediate, its home register
//! or its frame slot) and how an instruction gets it in place, or loaded
//! into a scratch register when it cannot take it as it is.

use super::emitter::{Emitter, RAX, RCX};
use crate::ir::entity::Value;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};

use x64::encode;
use x64::regs::RBP;
use x64::{Gpr, Xmm};

/// Where a right-hand integer operand is.
#[derive(Clone, Copy, Debug)]
pub(in crate::backend) enum Src {
    Imm(i32),
    Reg(Gpr),
    /// A frame slot, `[rbp + offset]`.
    Frame(i32),
}

/// Where a right-hand float operand is.
#[derive(Clone, Copy, Debug)]
pub(in crate::backend) enum XSrc {
    Reg(Xmm),
    /// A frame slot, `[rbp + offset]`.
    Frame(i32),
    /// A constant in the pool after the code, `[rip + label]`.
    Pool(DynamicLabel),
}

impl From<Src> for x64::Src {
    fn from(s: Src) -> x64::Src {
        match s {
            Src::Imm(i) => x64::Src::Imm(i),
            Src::Reg(r) => x64::Src::Reg(r),
            Src::Frame(m) => x64::Src::Frame(m),
        }
    }
}

impl From<XSrc> for x64::XSrc {
    fn from(s: XSrc) -> x64::XSrc {
        match s {
            XSrc::Reg(r) => x64::XSrc::Reg(r),
            XSrc::Frame(m) => x64::XSrc::Frame(m),
            XSrc::Pool(at) => x64::XSrc::Pool(at),
        }
    }
}

impl Emitter<'_> {
    pub(in crate::backend) fn slot(&self, v: Value) -> i32 {
        self.frame.slot(v)
    }

    /// Loads value `v` into general register `r`.
    pub(in crate::backend) fn load(&mut self, r: Gpr, v: Value) {
        match (self.facts.f.constant(v), self.home(v)) {
            (Some(c), _) => self.load_constant(r, c as i64),
            (None, Some(Home::Gpr(home))) => dynasm!(self.ops ; .arch x64 ; mov Rq(r), Rq(home)),
            (None, Some(Home::Xmm(home))) => dynasm!(self.ops ; .arch x64 ; movq Rq(r), Rx(home)),
            (None, None) => {
                let at = self.slot(v);
                encode::load(&mut self.ops, r, RBP, at);
            }
        }
    }

    /// Loads the constant `c` into general register `r` in the shortest
    /// form that leaves the flags alone (a load may come between a
    /// comparison and its branch, so no `xor` for zero): 5 bytes for an
    /// unsigned 32-bit value, 7 for a negative 32-bit one, else 10.
    pub(in crate::backend) fn load_constant(&mut self, r: Gpr, c: i64) {
        if let Ok(low) = u32::try_from(c) {
            dynasm!(self.ops ; .arch x64 ; mov Rd(r), DWORD low as i32);
        } else if let Ok(imm) = i32::try_from(c) {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), imm);
        } else {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), QWORD c);
        }
    }

    /// Loads the bits `c` into XMM register `x`: `xorps` for zero, else
    /// from the constant pool. Neither touches the flags or another
    /// register.
    pub(in crate::backend) fn load_xmm_constant(&mut self, x: Xmm, c: u64) {
        if c == 0 {
            dynasm!(self.ops ; .arch x64 ; xorps Rx(x), Rx(x));
        } else {
            let at = self.pooled(c);
            dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [=>at]);
        }
    }

    /// The pool entry holding `c`, made on first use.
    pub(in crate::backend) fn pooled(&mut self, c: u64) -> DynamicLabel {
        self.ops.pooled(c)
    }

    /// Stores general register `r` into value `v`'s location.
    pub(in crate::backend) fn store(&mut self, v: Option<Value>, r: Gpr) {
        let Some(v) = v else { return };
        match self.home(v) {
            // Computed in its home already.
            Some(Home::Gpr(home)) if home == r => {}
            Some(Home::Gpr(home)) => dynasm!(self.ops ; .arch x64 ; mov Rq(home), Rq(r)),
            Some(Home::Xmm(home)) => dynasm!(self.ops ; .arch x64 ; movq Rx(home), Rq(r)),
            None => {
                let at = self.slot(v);
                encode::store(&mut self.ops, RBP, at, r);
            }
        }
    }

    /// Where an instruction computes `result`: in its general register,
    /// or in rax, from which `store` takes it home.
    pub(in crate::backend) fn target_gpr(&self, result: Option<Value>) -> Gpr {
        result.and_then(|r| self.gpr(r)).unwrap_or(RAX)
    }

    /// `v`'s general register, if it lives in one.
    pub(in crate::backend) fn gpr(&self, v: Value) -> Option<Gpr> {
        match (self.facts.f.constant(v), self.home(v)) {
            (None, Some(Home::Gpr(r))) => Some(r),
            _ => None,
        }
    }

    /// `v` as a right-hand operand of an integer instruction: an immediate
    /// that fits, its register, its slot, or else loaded into `scratch`.
    pub(in crate::backend) fn source(&mut self, v: Value, scratch: Gpr) -> Src {
        if let Some(c) = self.facts.f.constant(v) {
            return match i32::try_from(c as i64) {
                Ok(imm) => Src::Imm(imm),
                Err(_) => {
                    self.load(scratch, v);
                    Src::Reg(scratch)
                }
            };
        }
        match self.home(v) {
            Some(Home::Gpr(r)) => Src::Reg(r),
            None => Src::Frame(self.slot(v)),
            Some(Home::Xmm(_)) => {
                self.load(scratch, v);
                Src::Reg(scratch)
            }
        }
    }

    /// `r = a - b`, setting the flags (`jo` on an overflow); `b` is read
    /// through `scratch` where it has to be.
    pub(in crate::backend) fn difference(&mut self, r: Gpr, a: Value, b: Value, scratch: Gpr) {
        self.load(r, a);
        match self.source(b, scratch) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; sub Rq(r), i),
            Src::Reg(o) => dynasm!(self.ops ; .arch x64 ; sub Rq(r), Rq(o)),
            Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; sub Rq(r), QWORD [rbp + m]),
        }
    }

    /// `v` in a general register: its own, or loaded into `scratch`.
    pub(in crate::backend) fn register(&mut self, v: Value, scratch: Gpr) -> Gpr {
        match self.gpr(v) {
            Some(r) => r,
            None => {
                self.load(scratch, v);
                scratch
            }
        }
    }

    /// `v`'s XMM register, if it lives in one.
    pub(in crate::backend) fn xmm(&self, v: Value) -> Option<Xmm> {
        match self.home(v) {
            Some(Home::Xmm(x)) => Some(x),
            _ => None,
        }
    }

    /// `v` in an XMM register: its own, or loaded into `scratch`.
    pub(in crate::backend) fn xmm_register(&mut self, v: Value, scratch: Xmm) -> Xmm {
        match self.xmm(v) {
            Some(x) => x,
            None => {
                self.load_xmm(scratch, v);
                scratch
            }
        }
    }

    /// `v` as the right-hand operand of a float instruction: its XMM
    /// register, its slot, or else loaded into `scratch`.
    pub(in crate::backend) fn xmm_source(&mut self, v: Value, scratch: Xmm) -> XSrc {
        match (self.facts.f.constant(v), self.home(v)) {
            (_, Some(Home::Xmm(x))) => XSrc::Reg(x),
            (None, None) => XSrc::Frame(self.slot(v)),
            (Some(c), _) if c != 0 => XSrc::Pool(self.pooled(c)),
            _ => {
                self.load_xmm(scratch, v);
                XSrc::Reg(scratch)
            }
        }
    }

    /// Loads value `v` into XMM register `x` (clobbers rax for a constant).
    pub(in crate::backend) fn load_xmm(&mut self, x: Xmm, v: Value) {
        match (self.facts.f.constant(v), self.home(v)) {
            (_, Some(Home::Xmm(home))) => dynasm!(self.ops ; .arch x64 ; movapd Rx(x), Rx(home)),
            (Some(c), _) => self.load_xmm_constant(x, c),
            (None, Some(Home::Gpr(home))) => dynasm!(self.ops ; .arch x64 ; movq Rx(x), Rq(home)),
            (None, None) => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at])
            }
        }
    }

    /// Stores XMM register `x` into value `v`'s location.
    pub(in crate::backend) fn store_xmm(&mut self, v: Option<Value>, x: Xmm) {
        let Some(v) = v else { return };
        match self.home(v) {
            Some(Home::Gpr(home)) => dynasm!(self.ops ; .arch x64 ; movq Rq(home), Rx(x)),
            Some(Home::Xmm(home)) => dynasm!(self.ops ; .arch x64 ; movapd Rx(home), Rx(x)),
            None => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; movsd QWORD [rbp + at], Rx(x));
            }
        }
    }

    /// The cell index `base + offset` in a register, for a load or store:
    /// rax, or the base's own register when the offset is 0.
    pub(in crate::backend) fn address(&mut self, base: Value, offset: Value) -> Gpr {
        let (base, offset) = match self.facts.f.constant(base) {
            Some(_) if self.facts.f.constant(offset).is_none() => (offset, base),
            _ => (base, offset),
        };
        match self
            .facts
            .f
            .constant(offset)
            .map(|c| i32::try_from(c as i64))
        {
            Some(Ok(0)) => self.register(base, RAX),
            Some(Ok(imm)) => {
                let r = self.register(base, RAX);
                dynasm!(self.ops ; .arch x64 ; lea rax, [Rq(r) + imm]);
                RAX
            }
            _ => {
                let r = self.register(base, RAX);
                if r != RAX {
                    dynasm!(self.ops ; .arch x64 ; mov rax, Rq(r));
                }
                match self.source(offset, RCX) {
                    Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; add rax, i),
                    Src::Reg(o) => dynasm!(self.ops ; .arch x64 ; add rax, Rq(o)),
                    Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; add rax, QWORD [rbp + m]),
                }
                RAX
            }
        }
    }
}
