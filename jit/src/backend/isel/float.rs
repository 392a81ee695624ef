//! Float instructions with SSE2, each operation rounded on its own:
//! arithmetic in place (or, on a machine with AVX, in the three-operand
//! VEX form, which needs no copy of the left operand into the result's
//! register), comparisons by `ucomisd` (which treats NaN as the spec does
//! with the unsigned conditions), square root and conversion.

use crate::backend::emitter::{Emitter, RAX};
use crate::backend::operands::{Src, XSrc};
use crate::ir::entity::Value;
use dynasmrt::{dynasm, DynasmApi};
use vm::{isa, Op};
use x64::encode;
use x64::regs::{XMM0, XMM1};

impl Emitter<'_> {
    /// `fadd`, `fsub`, `fmul` or `fdiv`, computed in the result's own
    /// register where it can be, else in xmm0. `x = y + x` is `x += y`:
    /// IEEE addition and multiplication commute (only a NaN's payload could
    /// tell, and the spec leaves NaN bits open).
    pub(in crate::backend) fn float_arithmetic(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        b: Value,
    ) {
        let Some(sse) = isa::sse(op) else {
            unreachable!("float arithmetic for {}", op.mnemonic())
        };
        if self.facts.avx {
            return self.float_three_operand(sse, result, a, b);
        }
        let home = result.and_then(|r| self.xmm(r));
        let (a, b) = if sse.commutes() && home.is_some() && self.xmm(b) == home {
            (b, a)
        } else {
            (a, b)
        };
        let target = match home {
            Some(d) if self.xmm(b) != Some(d) || a == b => d,
            _ => XMM0,
        };
        if self.xmm(a) != Some(target) {
            self.load_xmm(target, a);
        }
        let source = self.xmm_source(b, XMM1);
        encode::sse(&mut self.ops, sse, target, source.into());
        if target == XMM0 {
            self.store_xmm(result, XMM0);
        }
    }

    /// `float_arithmetic` in the VEX form: `d = a op b` straight into the
    /// result's register (xmm0 if it has none), from `a`'s own register, or,
    /// where `a` has none, from `a` loaded into the result's register (or
    /// into xmm0, if `b` is in the result's register).
    fn float_three_operand(&mut self, sse: encode::Sse, result: Option<Value>, a: Value, b: Value) {
        let d = result.and_then(|r| self.xmm(r)).unwrap_or(XMM0);
        let left = match self.xmm(a) {
            Some(x) => x,
            None => {
                let scratch = if self.xmm(b) == Some(d) { XMM0 } else { d };
                self.load_xmm(scratch, a);
                scratch
            }
        };
        let source = self.xmm_source(b, XMM1);
        encode::avx(&mut self.ops, sse, d, left, source.into());
        if d == XMM0 {
            self.store_xmm(result, XMM0);
        }
    }

    /// `ucomisd a, b`, with the operands in place.
    pub(in crate::backend) fn ucomisd(&mut self, a: Value, b: Value) {
        let left = self.xmm_register(a, XMM0);
        let right = self.xmm_source(b, XMM1);
        encode::ucomisd(&mut self.ops, left, right.into());
    }

    /// A float comparison of `a` with `b` into `result` (0 or 1), true
    /// for a NaN only if it is `fne` (`encode::set_if_float`).
    pub(in crate::backend) fn float_compare(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        b: Value,
    ) {
        let Some(cmp) = isa::float_cmp(op) else {
            unreachable!("a float comparison for {}", op.mnemonic())
        };
        if cmp.swaps() {
            self.ucomisd(b, a);
        } else {
            self.ucomisd(a, b);
        }
        let d = self.target_gpr(result);
        encode::set_if_float(&mut self.ops, cmp, d);
        self.store(result, d);
    }

    /// Straight into the result's XMM register (xmm0 if it has none),
    /// from the operand's own register or slot. `sqrtsd` keeps the upper
    /// half of its destination, so it waits for whatever last wrote that
    /// register; with AVX the upper half comes from the operand's own
    /// register instead, and the root waits for the operand alone.
    pub(in crate::backend) fn fsqrt(&mut self, result: Option<Value>, a: Value) {
        let t = result.and_then(|r| self.xmm(r)).unwrap_or(XMM0);
        let source = self.xmm_source(a, XMM0);
        match source {
            XSrc::Reg(x) if self.facts.avx => {
                encode::vsqrtsd(&mut self.ops, t, x, source.into());
            }
            _ => encode::sqrtsd(&mut self.ops, t, source.into()),
        }
        if t == XMM0 {
            self.store_xmm(result, XMM0);
        }
    }

    /// Straight into the result's XMM register (xmm0 if it has none), from
    /// the operand's own register or slot. The `xorps` first breaks
    /// `cvtsi2sd`'s dependence on the register's old upper half.
    pub(in crate::backend) fn itof(&mut self, result: Option<Value>, a: Value) {
        let t = result.and_then(|r| self.xmm(r)).unwrap_or(XMM0);
        let r = match self.source(a, RAX) {
            Src::Frame(m) => {
                dynasm!(self.ops ; .arch x64 ; xorps Rx(t), Rx(t) ; cvtsi2sd Rx(t), QWORD [rbp + m]);
                None
            }
            Src::Reg(r) => Some(r),
            Src::Imm(_) => {
                self.load(RAX, a);
                Some(RAX)
            }
        };
        if let Some(r) = r {
            dynasm!(self.ops ; .arch x64 ; xorps Rx(t), Rx(t) ; cvtsi2sd Rx(t), Rq(r));
        }
        if t == XMM0 {
            self.store_xmm(result, XMM0);
        }
    }
}
