//! Division and remainder by a constant, without `idiv` and without the
//! zero and -1 tests a variable divisor needs.
//!
//! - By 1 and -1: a move, a negation (`MIN / -1` wraps to `MIN`, as the
//!   spec wants), or zero.
//! - By `±2^k`: an arithmetic shift, after adding `2^k - 1` to a negative
//!   dividend so the quotient rounds toward zero.
//! - By any other constant: the high half of a product by a "magic"
//!   number, shifted, plus one if negative (for a positive divisor, tested
//!   on the dividend, beside the product) (Granlund and Montgomery,
//!   "Division by invariant integers using multiplication", PLDI 1994;
//!   Hacker's Delight, 2nd ed., section 10-3). `magic` derives the
//!   multiplier and the shift as the book does.
//!
//! The remainder is `a - q * d` in every case. `emulate` follows the
//! emitted instructions step by step in Rust, so the tests check the
//! sequences over every kind of divisor without running machine code; the
//! differential tests run the machine code itself.

use crate::backend::emitter::{Emitter, RAX, RCX, RDX};
use crate::ir::entity::Value;
use dynasmrt::{dynasm, DynasmApi};
use vm::Op;
use x64::Gpr;

/// How a nonzero constant divisor is divided by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Divisor {
    One,
    MinusOne,
    /// `2^k` or `-2^k`, `1 <= k <= 63` (`-2^63` is `i64::MIN`).
    PowerOfTwo {
        k: u32,
        negative: bool,
    },
    /// Multiply by `multiplier`, keep the high half, correct by the
    /// dividend when the multiplier's sign is not the divisor's, shift.
    Magic {
        multiplier: i64,
        shift: u32,
    },
}

impl Divisor {
    /// `None` for zero, which traps and is divided at run time.
    pub(crate) fn of(d: i64) -> Option<Divisor> {
        Some(match d {
            0 => return None,
            1 => Divisor::One,
            -1 => Divisor::MinusOne,
            _ if d.unsigned_abs().is_power_of_two() => Divisor::PowerOfTwo {
                k: d.unsigned_abs().trailing_zeros(),
                negative: d < 0,
            },
            _ => {
                let (multiplier, shift) = magic(d);
                Divisor::Magic { multiplier, shift }
            }
        })
    }
}

/// The magic multiplier and shift for signed 64-bit division by `d`
/// (`|d| >= 2`, not a power of two): the smallest `p >= 64` such that
/// `2^p > nc * (|d| - 2^p mod |d|)`, where `nc` is the largest dividend
/// with `nc mod |d| = |d| - 1`; the multiplier is `(2^p + |d| - 2^p mod
/// |d|) / |d|`, negated for a negative divisor, and the shift `p - 64`.
pub(crate) fn magic(d: i64) -> (i64, u32) {
    const TWO63: u64 = 1 << 63;
    let ad = d.unsigned_abs();
    let t = TWO63 + ((d as u64) >> 63);
    let anc = t - 1 - t % ad;
    let mut p = 63;
    let (mut q1, mut r1) = (TWO63 / anc, TWO63 % anc);
    let (mut q2, mut r2) = (TWO63 / ad, TWO63 % ad);
    loop {
        p += 1;
        (q1, r1) = (q1.wrapping_mul(2), r1.wrapping_mul(2));
        if r1 >= anc {
            q1 = q1.wrapping_add(1);
            r1 -= anc;
        }
        (q2, r2) = (q2.wrapping_mul(2), r2.wrapping_mul(2));
        if r2 >= ad {
            q2 = q2.wrapping_add(1);
            r2 -= ad;
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    let multiplier = q2.wrapping_add(1) as i64;
    let multiplier = if d < 0 {
        multiplier.wrapping_neg()
    } else {
        multiplier
    };
    (multiplier, p - 64)
}

impl Emitter<'_> {
    /// `b` as a constant divisor and how to divide by it; `None` for a
    /// variable divisor or zero, divided at run time.
    pub(in crate::backend) fn constant_divisor(&self, b: Value) -> Option<(i64, Divisor)> {
        let d = self.facts.f.constant(b)? as i64;
        Some((d, Divisor::of(d)?))
    }

    /// `div` or `rem` of `a` by the constant `d`, divided as `how`
    /// (`Divisor::of(d)`), computed in `result`'s register (rax if it
    /// has none) and taken home. `a` is read from its own register, or
    /// from rcx; rax and rdx are the scratch.
    pub(in crate::backend) fn division_by_constant(
        &mut self,
        op: Op,
        result: Option<Value>,
        a: Value,
        d: i64,
        how: Divisor,
    ) {
        let x = self.register(a, RCX);
        let r = self.target_gpr(result);
        match how {
            Divisor::One | Divisor::MinusOne if op == Op::Rem => {
                dynasm!(self.ops ; .arch x64 ; xor Rd(r), Rd(r))
            }
            Divisor::One => self.move_gpr(r, x),
            Divisor::MinusOne => {
                self.move_gpr(r, x);
                dynasm!(self.ops ; .arch x64 ; neg Rq(r));
            }
            Divisor::PowerOfTwo { k, negative } => self.by_power_of_two(op, r, x, k, negative),
            Divisor::Magic { multiplier, shift } => self.by_magic(op, r, x, d, multiplier, shift),
        }
        self.store(result, r);
    }

    /// `mov r, x`, unless they are one register.
    fn move_gpr(&mut self, r: Gpr, x: Gpr) {
        if r != x {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), Rq(x));
        }
    }

    /// `r = x - rax`: the remainder once rax holds the multiple of the
    /// divisor to take away.
    fn take_from(&mut self, r: Gpr, x: Gpr) {
        if r == x {
            dynasm!(self.ops ; .arch x64 ; sub Rq(r), rax);
        } else if r == RAX {
            dynasm!(self.ops ; .arch x64 ; neg rax ; add rax, Rq(x));
        } else {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), Rq(x) ; sub Rq(r), rax);
        }
    }

    /// a in `x`; `biased` into rax, then the quotient (shifted in `r`) or
    /// the remainder (`x` less `biased` with its low `k` bits cleared).
    fn by_power_of_two(&mut self, op: Op, r: Gpr, x: Gpr, k: u32, negative: bool) {
        let (k, right) = (k as i8, (64 - k) as i8);
        dynasm!(self.ops ; .arch x64 ; mov rax, Rq(x));
        // The bias is 2^k - 1 for a negative dividend: its sign bit spread
        // over k bits, which for k = 1 is the sign bit alone.
        if k > 1 {
            dynasm!(self.ops ; .arch x64 ; sar rax, 63);
        }
        dynasm!(self.ops ; .arch x64 ; shr rax, right);
        if op == Op::Rem {
            dynasm!(self.ops ; .arch x64 ; add rax, Rq(x));
            if k < 32 {
                dynasm!(self.ops ; .arch x64 ; and rax, -1i32 << k);
            } else {
                dynasm!(self.ops ; .arch x64 ; sar rax, k ; shl rax, k);
            }
            self.take_from(r, x);
            return;
        }
        if r == RAX {
            dynasm!(self.ops ; .arch x64 ; add rax, Rq(x));
        } else if r == x {
            dynasm!(self.ops ; .arch x64 ; add Rq(r), rax);
        } else {
            dynasm!(self.ops ; .arch x64 ; lea Rq(r), [rax + Rq(x)]);
        }
        dynasm!(self.ops ; .arch x64 ; sar Rq(r), k);
        if negative {
            dynasm!(self.ops ; .arch x64 ; neg Rq(r));
        }
    }

    /// a in `x`; the high half of `multiplier * a`, corrected, shifted,
    /// rounded toward zero: the quotient, in rdx, into `r`; for `rem`,
    /// `a - q * d` into `r`.
    fn by_magic(&mut self, op: Op, r: Gpr, x: Gpr, d: i64, multiplier: i64, shift: u32) {
        dynasm!(self.ops ; .arch x64 ; mov rax, QWORD multiplier ; imul Rq(x));
        if d > 0 && multiplier < 0 {
            dynasm!(self.ops ; .arch x64 ; add rdx, Rq(x));
        } else if d < 0 && multiplier > 0 {
            dynasm!(self.ops ; .arch x64 ; sub rdx, Rq(x));
        }
        if shift > 0 {
            dynasm!(self.ops ; .arch x64 ; sar rdx, shift as i8);
        }
        // Rounded toward zero by adding one to a negative quotient. For a
        // positive divisor it is negative exactly when the dividend is, and
        // the dividend's sign, taken beside the product, is one step less
        // after it than the quotient's own sign bit (digit sums' `x / 10`
        // chain, as gcc does it).
        if d > 0 {
            dynasm!(self.ops ; .arch x64 ; mov rax, Rq(x) ; sar rax, 63 ; sub rdx, rax);
        } else {
            dynasm!(self.ops ; .arch x64 ; mov rax, rdx ; shr rax, 63 ; add rdx, rax);
        }
        if op == Op::Div {
            self.move_gpr(r, RDX);
            return;
        }
        match i32::try_from(d) {
            Ok(imm) => dynasm!(self.ops ; .arch x64 ; imul rax, rdx, imm),
            Err(_) => dynasm!(self.ops ; .arch x64 ; mov rax, QWORD d ; imul rax, rdx),
        }
        self.take_from(r, x);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The quotient by a power of two `2^k` rounded toward zero, then
    /// shifted back (`q << k`), as the emitted code computes them: a negative
    /// dividend gets `2^k - 1` added first.
    fn biased(a: i64, k: u32) -> i64 {
        let bias = ((a >> 63) as u64 >> (64 - k)) as i64;
        a.wrapping_add(bias)
    }

    /// What the emitted code computes for `op` (`div` or `rem`) of `a` by
    /// `d`, step by step.
    fn emulate(op: Op, a: i64, d: i64) -> Option<i64> {
        let q = match Divisor::of(d)? {
            Divisor::One => a,
            Divisor::MinusOne => a.wrapping_neg(),
            Divisor::PowerOfTwo { k, negative } => {
                let b = biased(a, k);
                if op == Op::Rem {
                    // a less b with its low k bits cleared (by a mask,
                    // or shifted out and back for k >= 32).
                    let multiple = match k {
                        0..=31 => b & ((-1i32 << k) as i64),
                        _ => (b >> k) << k,
                    };
                    return Some(a.wrapping_sub(multiple));
                }
                if negative {
                    (b >> k).wrapping_neg()
                } else {
                    b >> k
                }
            }
            Divisor::Magic { multiplier, shift } => {
                let mut high = ((multiplier as i128 * a as i128) >> 64) as i64;
                if d > 0 && multiplier < 0 {
                    high = high.wrapping_add(a);
                } else if d < 0 && multiplier > 0 {
                    high = high.wrapping_sub(a);
                }
                let q = high >> shift;
                if d > 0 {
                    q.wrapping_sub(a >> 63)
                } else {
                    q.wrapping_add((q as u64 >> 63) as i64)
                }
            }
        };
        Some(match op {
            Op::Rem => a.wrapping_sub(q.wrapping_mul(d)),
            _ => q,
        })
    }

    /// Dividends at every edge: the extremes, around zero, around the
    /// divisor's multiples.
    fn dividends(d: i64) -> Vec<i64> {
        let mut all = vec![
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            i64::MAX - 1,
            0,
            1,
            -1,
            2,
            -2,
        ];
        for m in [1i64, 2, 3, 1000, i64::MAX / d.unsigned_abs().max(1) as i64] {
            let x = d.wrapping_mul(m);
            all.extend([x, x.wrapping_add(1), x.wrapping_sub(1), x.wrapping_neg()]);
        }
        all
    }

    fn divisors() -> Vec<i64> {
        let mut all: Vec<i64> = (-1000..=1000).collect();
        for k in 0..63 {
            let p = 1i64 << k;
            all.extend([p, -p, p + 1, p - 1, -(p + 1), -(p - 1)]);
        }
        all.extend([
            i64::MIN,
            i64::MAX,
            i64::MIN + 1,
            1_000_000_007,
            -1_000_000_007,
        ]);
        all
    }

    fn check(a: i64, d: i64) {
        for op in [Op::Div, Op::Rem] {
            let want = vm::semantics::binary(op, a as u64, d as u64).map(|v| v as i64);
            assert_eq!(emulate(op, a, d), want, "{} {a} by {d}", op.mnemonic());
        }
    }

    #[test]
    fn every_divisor_class_at_every_edge() {
        for d in divisors() {
            for a in dividends(d) {
                check(a, d);
            }
        }
    }

    proptest! {
        #[test]
        fn any_dividend_by_any_divisor(a in any::<i64>(), d in any::<i64>()) {
            check(a, d);
        }

        #[test]
        fn any_dividend_by_a_small_divisor(a in any::<i64>(), d in -70_000i64..70_000) {
            check(a, d);
        }
    }

    #[test]
    fn magic_numbers_match_the_published_ones() {
        // Hacker's Delight, table 10-2 (64-bit), and gcc's output.
        assert_eq!(magic(3), (0x5555555555555556, 0));
        assert_eq!(magic(5), (0x6666666666666667, 1));
        assert_eq!(magic(7), (0x4924924924924925, 1));
        assert_eq!(magic(-5), (-0x6666666666666667, 1));
    }
}
