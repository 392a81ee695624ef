//! Integer instructions: arithmetic computed in place where the result's
//! home allows, comparisons, shifts, and division with the spec's traps
//! and `i64::MIN / -1`.

use crate::backend::emitter::{fail, Emitter, RAX, RCX};
use crate::backend::operands::Src;
use crate::ir::entity::Value;
use crate::pipeline::budget::Bail;
use dynasmrt::{dynasm, DynasmApi};
use vm::{isa, Op};
use x64::{encode, Alu, Gpr};

impl Emitter<'_> {
    /// Compares `a` with `b`, setting the flags.
    pub(in crate::backend) fn compare(&mut self, a: Value, b: Value) {
        let left = self.register(a, RAX);
        let right = self.source(b, RCX);
        encode::compare(&mut self.ops, left, right.into());
    }

    /// The flags of `a & b` (zero or not), for a branch on it.
    pub(in crate::backend) fn test_bits(&mut self, a: Value, b: Value) {
        let left = self.register(a, RAX);
        match self.source(b, RCX) {
            Src::Imm(imm) => dynasm!(self.ops ; .arch x64 ; test Rq(left), imm),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; test Rq(left), Rq(r)),
            Src::Frame(at) => dynasm!(self.ops ; .arch x64 ; test QWORD [rbp + at], Rq(left)),
        }
    }

    /// An integer `add`, `sub`, `mul`, `and`, `or` or `xor` computed in
    /// the result's own register where it can be, else in rax.
    pub(in crate::backend) fn two_operand(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        b: Value,
    ) {
        let home = result.and_then(|r| self.gpr(r));
        // `x = y + x` is `x += y`.
        let commutes = matches!(op, Op::Add | Op::Mul | Op::And | Op::Or | Op::Xor);
        let (a, b) = if commutes && home.is_some() && self.gpr(b) == home {
            (b, a)
        } else {
            (a, b)
        };
        let target = match home {
            Some(d) if self.gpr(b) != Some(d) || a == b => d,
            _ => RAX,
        };
        let other = self.gpr(a).filter(|&r| Some(target) == home && r != target);
        if other.is_some_and(|r| self.three_operand(op, target, r, b)) {
            return;
        }
        if self.gpr(a) != Some(target) {
            self.load(target, a);
        }
        let Some(alu) = isa::alu(op) else {
            unreachable!("two-operand arithmetic for {}", op.mnemonic())
        };
        match (alu, self.source(b, RCX)) {
            (Alu::Imul, Src::Imm(i)) => self.multiply_by(target, i),
            (alu, src) => encode::alu(&mut self.ops, alu, target, src.into()),
        }
        if target == RAX {
            self.store(result, RAX);
        }
    }

    /// `d = a op b` with `a` in another register, in one instruction
    /// where one does (`lea` for `a + b` and `a - imm`, `imul d, a, imm`)
    /// rather than a move and a two-operand one; false if none does.
    /// `lea` leaves the flags alone, which nothing after an `add` reads.
    fn three_operand(&mut self, op: Op, d: Gpr, a: Gpr, b: Value) -> bool {
        let imm = self
            .facts
            .f
            .constant(b)
            .and_then(|c| i32::try_from(c as i64).ok());
        match (op, imm, self.gpr(b)) {
            (Op::Add, Some(i), _) => dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) + i]),
            (Op::Add, None, Some(r)) => dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) + Rq(r)]),
            (Op::Sub, Some(i), _) if i != i32::MIN => {
                dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) - i])
            }
            // `lea` reads one register and writes another.
            (Op::Mul, Some(3), _) => dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) + Rq(a) * 2]),
            (Op::Mul, Some(5), _) => dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) + Rq(a) * 4]),
            (Op::Mul, Some(9), _) => dynasm!(self.ops ; .arch x64 ; lea Rq(d), [Rq(a) + Rq(a) * 8]),
            (Op::Mul, Some(i), _) if !cheaper_in_place(i) => {
                dynasm!(self.ops ; .arch x64 ; imul Rq(d), Rq(a), i)
            }
            _ => return false,
        }
        true
    }

    /// `t *= i`, by a shift, an `lea` or a negation where one does
    /// (one cycle, against `imul`'s three).
    fn multiply_by(&mut self, t: Gpr, i: i32) {
        match i {
            0 => dynasm!(self.ops ; .arch x64 ; xor Rd(t), Rd(t)),
            1 => {}
            -1 => dynasm!(self.ops ; .arch x64 ; neg Rq(t)),
            3 => dynasm!(self.ops ; .arch x64 ; lea Rq(t), [Rq(t) + Rq(t) * 2]),
            5 => dynasm!(self.ops ; .arch x64 ; lea Rq(t), [Rq(t) + Rq(t) * 4]),
            9 => dynasm!(self.ops ; .arch x64 ; lea Rq(t), [Rq(t) + Rq(t) * 8]),
            _ if i > 0 && i.count_ones() == 1 => {
                dynasm!(self.ops ; .arch x64 ; shl Rq(t), i.trailing_zeros() as i8)
            }
            _ => dynasm!(self.ops ; .arch x64 ; imul Rq(t), Rq(t), i),
        }
    }

    /// `eq`..`ge` into a 0/1 value.
    pub(in crate::backend) fn int_compare(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        b: Value,
    ) {
        let Some(cond) = isa::condition(op) else {
            unreachable!("an integer comparison for {}", op.mnemonic())
        };
        self.compare(a, b);
        let d = self.target_gpr(result);
        encode::set_if(&mut self.ops, cond, d);
        self.store(result, d);
    }

    fn unary(&mut self, op: Op) {
        match op {
            Op::Neg => dynasm!(self.ops ; .arch x64 ; neg rax),
            Op::Not => dynasm!(self.ops ; .arch x64 ; not rax),
            // Flips the sign bit only, NaN payloads included.
            Op::FNeg => dynasm!(self.ops ; .arch x64 ; btc rax, 63),
            Op::FToI => {
                dynasm!(self.ops ; .arch x64 ; movq xmm0, rax);
                encode::float_to_int(&mut self.ops);
            }
            _ => {}
        }
    }

    /// `neg` or `not` into `result`: in the result's register when it has
    /// one (`not r9`, not `mov rax, r9; not rax; mov r9, rax`), else
    /// through rax; `fneg` and `ftoi` through rax.
    pub(in crate::backend) fn unary_inst(&mut self, op: Op, result: Option<Value>, a: Value) {
        match (op, result.and_then(|r| self.gpr(r))) {
            (Op::Neg | Op::Not, Some(d)) => {
                if self.gpr(a) != Some(d) {
                    self.load(d, a);
                }
                match op {
                    Op::Neg => dynasm!(self.ops ; .arch x64 ; neg Rq(d)),
                    _ => dynasm!(self.ops ; .arch x64 ; not Rq(d)),
                }
            }
            _ => {
                self.load(RAX, a);
                self.unary(op);
                self.store(result, RAX);
            }
        }
    }

    /// A shift into `result`, in the result's register when it has one
    /// (no trip through rax), the count first into `cl` where it is not
    /// a constant (rcx is no value's home, and the count is read before
    /// `a` is moved into the result's register, which may be the
    /// count's); else through `shift`. The hardware masks a shift count
    /// to 6 bits, as the spec does.
    pub(in crate::backend) fn shift_inst(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        b: Value,
    ) {
        let Some(d) = result.and_then(|r| self.gpr(r)) else {
            self.shift(op, a, b);
            return self.store(result, RAX);
        };
        let count = self.facts.f.constant(b);
        if count.is_none() {
            self.load(RCX, b);
        }
        if self.gpr(a) != Some(d) {
            self.load(d, a);
        }
        match count {
            Some(c) => encode::shift_by(&mut self.ops, shift_of(op), d, c),
            None => encode::shift_by_cl(&mut self.ops, shift_of(op), d),
        }
    }

    /// `shl`, `shr` or `ushr` of `a` by `b` into rax.
    pub(in crate::backend) fn shift(&mut self, op: Op, a: Value, b: Value) {
        self.load(RAX, a);
        match self.facts.f.constant(b) {
            Some(c) => encode::shift_by(&mut self.ops, shift_of(op), RAX, c),
            None => {
                self.load(RCX, b);
                encode::shift_by_cl(&mut self.ops, shift_of(op), RAX);
            }
        }
    }

    /// `div` or `rem` of rax by rcx into rax.
    pub(in crate::backend) fn division(&mut self, op: Op, src: u32) -> Result<(), Bail> {
        let Some(division) = isa::division(op) else {
            return Err(fail(format!("no binary operation {}", op.mnemonic())));
        };
        let zero = self.trap_label(vm::runtime::native::TRAP_DIVISION_BY_ZERO, src);
        encode::divide(&mut self.ops, division, zero);
        Ok(())
    }
}

/// `shl`, `shr` or `ushr` as the machine's shift.
fn shift_of(op: Op) -> x64::Shift {
    isa::shift(op).unwrap_or_else(|| unreachable!("a shift for {}", op.mnemonic()))
}

/// Whether `multiply_by` multiplies by `i` without `imul` (a move, a
/// negation, an `lea` or a shift), so in place beats a three-operand
/// `imul`.
fn cheaper_in_place(i: i32) -> bool {
    matches!(i, -1..=1 | 3 | 5 | 9) || (i > 0 && i.count_ones() == 1)
}
