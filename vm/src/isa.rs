//! What each bytecode operation is on x86-64, in the terms of the shared
//! encodings (`x64::encode`): the one mapping the interpreter's
//! machine-code loop, the baseline compiler and the optimizing back end
//! all use, so an operation cannot mean one thing in one tier and
//! another in the next.

use crate::bytecode::Op;
use x64::{Alu, Cond, Division, FloatCmp, Shift, Sse};

/// `add`..`xor` as two-operand arithmetic.
pub fn alu(op: Op) -> Option<Alu> {
    Some(match op {
        Op::Add => Alu::Add,
        Op::Sub => Alu::Sub,
        Op::Mul => Alu::Imul,
        Op::And => Alu::And,
        Op::Or => Alu::Or,
        Op::Xor => Alu::Xor,
        _ => return None,
    })
}

/// `shl` is a left shift, `shr` arithmetic, `ushr` logical.
pub fn shift(op: Op) -> Option<Shift> {
    Some(match op {
        Op::Shl => Shift::Shl,
        Op::Shr => Shift::Sar,
        Op::Ushr => Shift::Shr,
        _ => return None,
    })
}

pub fn sse(op: Op) -> Option<Sse> {
    Some(match op {
        Op::FAdd => Sse::Add,
        Op::FSub => Sse::Sub,
        Op::FMul => Sse::Mul,
        Op::FDiv => Sse::Div,
        _ => return None,
    })
}

pub fn division(op: Op) -> Option<Division> {
    Some(match op {
        Op::Div => Division::Quotient,
        Op::Rem => Division::Remainder,
        _ => return None,
    })
}

pub fn float_cmp(op: Op) -> Option<FloatCmp> {
    Some(match op {
        Op::FEq => FloatCmp::Eq,
        Op::FNe => FloatCmp::Ne,
        Op::FLt => FloatCmp::Lt,
        Op::FLe => FloatCmp::Le,
        Op::FGt => FloatCmp::Gt,
        Op::FGe => FloatCmp::Ge,
        _ => return None,
    })
}

/// The flags condition that makes an integer comparison (`eq`..`ge`)
/// true after `cmp a, b`, or a conditional branch taken after `cmp`
/// (`jeq`..`jge`) or `test a, a` (`jz`, `jnz`).
pub fn condition(op: Op) -> Option<Cond> {
    Some(match op {
        Op::Eq | Op::Jeq | Op::Jz => Cond::E,
        Op::Ne | Op::Jne | Op::Jnz => Cond::Ne,
        Op::Lt | Op::Jlt => Cond::L,
        Op::Le | Op::Jle => Cond::Le,
        Op::Gt | Op::Jgt => Cond::G,
        Op::Ge | Op::Jge => Cond::Ge,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::MNEMONICS;

    /// Every operation that computes a value by arithmetic or comparison
    /// has its machine form, through exactly one of the mappings; every
    /// conditional branch has its condition.
    #[test]
    fn each_operation_maps_once() {
        for &(_, op, _) in MNEMONICS {
            let forms = [
                alu(op).is_some(),
                shift(op).is_some(),
                sse(op).is_some(),
                division(op).is_some(),
                float_cmp(op).is_some(),
                condition(op).is_some() && !op.is_cond_branch(),
            ];
            let n = forms.iter().filter(|&&f| f).count();
            let computes = matches!(
                op,
                Op::Add
                    | Op::Sub
                    | Op::Mul
                    | Op::And
                    | Op::Or
                    | Op::Xor
                    | Op::Shl
                    | Op::Shr
                    | Op::Ushr
                    | Op::FAdd
                    | Op::FSub
                    | Op::FMul
                    | Op::FDiv
                    | Op::Div
                    | Op::Rem
            ) || op.is_comparison();
            assert_eq!(n, computes as usize, "{}", op.mnemonic());
            if op.is_cond_branch() {
                assert!(condition(op).is_some(), "{}", op.mnemonic());
            }
        }
    }
}
