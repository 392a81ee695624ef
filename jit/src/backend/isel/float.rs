//! Float instructions with SSE2, each operation rounded on its own:
//! arithmetic in place, comparisons by `ucomisd` (which treats NaN as the
//! spec does with the unsigned conditions), square root and conversion.

use crate::backend::emitter::{Emitter, RAX};
use crate::backend::operands::Src;
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

    /// `ucomisd a, b`, with the operands in place.
    pub(in crate::backend) fn ucomisd(&mut self, a: Value, b: Value) {
        let left = self.xmm_register(a, XMM0);
        let right = self.xmm_source(b, XMM1);
        encode::ucomisd(&mut self.ops, left, right.into());
    }

    /// A float comparison of `a` with `b` into rax (0 or 1), true for a
    /// NaN only if it is `fne` (`encode::set_if_float`).
    pub(in crate::backend) fn float_compare(&mut self, op: Op, a: Value, b: Value) {
        let Some(cmp) = isa::float_cmp(op) else {
            unreachable!("a float comparison for {}", op.mnemonic())
        };
        if cmp.swaps() {
            self.ucomisd(b, a);
        } else {
            self.ucomisd(a, b);
        }
        encode::set_if_float(&mut self.ops, cmp);
    }

    /// Straight into the result's XMM register (xmm0 if it has none),
    /// from the operand's own register or slot.
    pub(in crate::backend) fn fsqrt(&mut self, result: Option<Value>, a: Value) {
        let t = result.and_then(|r| self.xmm(r)).unwrap_or(XMM0);
        let source = self.xmm_source(a, XMM0);
        encode::sqrtsd(&mut self.ops, t, source.into());
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

#[cfg(test)]
mod tests {
    use crate::tools::disasm::asm_of;

    #[test]
    fn float_operations_use_sse2_and_nan_aware_compares() {
        let asm = asm_of(
            "func main(%a, %b)\n    fadd %c, %a, %b\n    fmul %d, %c, %c\n    flt %e, %d, %a\n    ret %e\nend\n",
            "main",
        );
        assert!(asm.iter().any(|i| i.starts_with("addsd ")), "{asm:#?}");
        assert!(asm.iter().any(|i| i.starts_with("mulsd ")), "{asm:#?}");
        // `d < a` is `a > d`: ucomisd a, d, then `above`, false for NaN.
        assert!(asm.iter().any(|i| i.starts_with("ucomisd ")), "{asm:#?}");
        assert!(asm.iter().any(|i| i == "seta al"), "{asm:#?}");
    }

    /// Float constants are read from the pool after the code, never
    /// built in a general register and moved over.
    #[test]
    fn float_constants_come_from_the_pool() {
        let asm = asm_of(
            "func main(%n)\n    mov %x, 1.0\n    mov %i, 0\nl:\n    fmul %x, %x, 1.5\n    fgt %b, %x, 1000.0\n    jnz %b, out\n    add %i, %i, 1\n    jlt %i, %n, l\nout:\n    fprint %x, 1\n    ret 0\nend\n",
            "main",
        );
        assert!(!asm.iter().any(|i| i.starts_with("movq xmm")), "{asm:#?}");
        for bits in ["3FF8000000000000h", "408F400000000000h"] {
            assert!(
                asm.iter().any(|i| i.starts_with(&format!("dq {bits}"))),
                "{asm:#?}"
            );
        }
    }

    /// `itof` converts from the integer's own register into the float's,
    /// with nothing moved on either side.
    #[test]
    fn itof_converts_in_place() {
        let asm = asm_of(
            "func main(%n)
    mov %s, 0.0
    mov %i, 0
l:
    itof %x, %i
    fadd %s, %s, %x
    add %i, %i, 1
    jlt %i, %n, l
    fprint %s, 1
    ret 0
end
",
            "main",
        );
        let at = asm
            .iter()
            .position(|i| i.starts_with("cvtsi2sd "))
            .expect("a conversion");
        let operands: Vec<&str> = asm[at]["cvtsi2sd ".len()..].split(',').collect();
        assert!(
            operands[0].starts_with("xmm") && operands[1].starts_with('r'),
            "{asm:#?}"
        );
        assert_eq!(
            asm[at - 1],
            format!("xorps {0},{0}", operands[0]),
            "{asm:#?}"
        );
        assert!(asm[at + 1].starts_with("addsd "), "{asm:#?}");
    }
}
