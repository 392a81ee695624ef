//! The spec's meaning of each value-computing operation, as plain
//! functions: what the compiler folds and what the IR evaluator executes.
//! The interpreter inlines the same operations in its dispatch loop; a
//! property test below holds the two to the same results.

use crate::bytecode::Op;

fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// A unary operation (`neg`, `not`, `fneg`, `fsqrt`, `itof`, `ftoi`), or
/// `mov` (identity).
pub fn unary(op: Op, x: u64) -> u64 {
    match op {
        Op::Neg => x.wrapping_neg(),
        Op::Not => !x,
        Op::FNeg => x ^ (1 << 63),
        Op::FSqrt => f(x).sqrt().to_bits(),
        Op::IToF => (x as i64 as f64).to_bits(),
        Op::FToI => f(x) as i64 as u64,
        _ => x,
    }
}

/// A binary operation; `None` for a division or remainder by zero (a trap).
pub fn binary(op: Op, x: u64, y: u64) -> Option<u64> {
    let (sx, sy) = (x as i64, y as i64);
    Some(match op {
        Op::Add => x.wrapping_add(y),
        Op::Sub => x.wrapping_sub(y),
        Op::Mul => x.wrapping_mul(y),
        Op::Div if y == 0 => return None,
        Op::Div => sx.wrapping_div(sy) as u64,
        Op::Rem if y == 0 => return None,
        Op::Rem => sx.wrapping_rem(sy) as u64,
        Op::And => x & y,
        Op::Or => x | y,
        Op::Xor => x ^ y,
        Op::Shl => x << (y & 63),
        Op::Shr => (sx >> (y & 63)) as u64,
        Op::Ushr => x >> (y & 63),
        Op::Eq => (x == y) as u64,
        Op::Ne => (x != y) as u64,
        Op::Lt => (sx < sy) as u64,
        Op::Le => (sx <= sy) as u64,
        Op::Gt => (sx > sy) as u64,
        Op::Ge => (sx >= sy) as u64,
        Op::FAdd => (f(x) + f(y)).to_bits(),
        Op::FSub => (f(x) - f(y)).to_bits(),
        Op::FMul => (f(x) * f(y)).to_bits(),
        Op::FDiv => (f(x) / f(y)).to_bits(),
        Op::FEq => (f(x) == f(y)) as u64,
        Op::FNe => (f(x) != f(y)) as u64,
        Op::FLt => (f(x) < f(y)) as u64,
        Op::FLe => (f(x) <= f(y)) as u64,
        Op::FGt => (f(x) > f(y)) as u64,
        Op::FGe => (f(x) >= f(y)) as u64,
        _ => return None,
    })
}

/// Whether a conditional branch (`jz`..`jge`) is taken.
pub fn branch_taken(op: Op, x: u64, y: u64) -> bool {
    let (sx, sy) = (x as i64, y as i64);
    match op {
        Op::Jz => x == 0,
        Op::Jnz => x != 0,
        Op::Jeq => x == y,
        Op::Jne => x != y,
        Op::Jlt => sx < sy,
        Op::Jle => sx <= sy,
        Op::Jgt => sx > sy,
        _ => sx >= sy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::SharedBuffer;
    use crate::{Limits, Output, Vm};
    use proptest::prelude::*;

    const UNARY: [&str; 6] = ["neg", "not", "fneg", "fsqrt", "itof", "ftoi"];
    const BINARY: [&str; 27] = [
        "add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr", "ushr", "eq", "ne",
        "lt", "le", "gt", "ge", "fadd", "fsub", "fmul", "fdiv", "feq", "fne", "flt", "fle", "fgt",
        "fge",
    ];

    /// Runs `op %r, %x, %y` (or the unary form) in the interpreter.
    fn interpret(mnemonic: &str, x: u64, y: u64, unary: bool) -> Option<u64> {
        let operands = if unary { "%r, %x" } else { "%r, %x, %y" };
        let text =
            format!("func main(%x, %y)\n    {mnemonic} {operands}\n    print %r\n    ret 0\nend\n");
        let program = crate::load(text.as_bytes()).unwrap();
        let out = SharedBuffer::default();
        let mut vm = Vm::new(&program, Output::capture(out.clone()), Limits::default()).unwrap();
        let result = vm.run(&[x as i64, y as i64], false);
        vm.out.flush();
        result.ok()?;
        let text = String::from_utf8(out.contents()).unwrap();
        Some(text.trim().parse::<i64>().unwrap() as u64)
    }

    fn interesting() -> impl Strategy<Value = u64> {
        prop_oneof![
            any::<u64>(),
            Just(0u64),
            Just(u64::MAX),
            Just(i64::MIN as u64),
            Just(1u64 << 63 ^ u64::MAX),
            (0u64..130),
            any::<f64>().prop_map(f64::to_bits),
            prop_oneof![
                Just(f64::NAN),
                Just(f64::INFINITY),
                Just(-0.0),
                Just(9.3e18),
                Just(-9.3e18)
            ]
            .prop_map(f64::to_bits),
        ]
    }

    proptest! {
        #[test]
        fn semantics_agree_with_the_interpreter(k in 0usize..33, x in interesting(), y in interesting()) {
            let (mnemonic, is_unary) = if k < UNARY.len() { (UNARY[k], true) } else { (BINARY[k - UNARY.len()], false) };
            let (op, _) = Op::from_mnemonic(mnemonic).unwrap();
            let expected = interpret(mnemonic, x, y, is_unary);
            let got = if is_unary { Some(unary(op, x)) } else { binary(op, x, y) };
            // The spec leaves the bits of a NaN that a float operation
            // produces open (which operand's payload survives depends on
            // operand order, which compilers may commute); all else is exact.
            let produces_float = matches!(op, Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FSqrt);
            let nan = |r: Option<u64>| r.is_some_and(|b| f64::from_bits(b).is_nan());
            if !(produces_float && nan(got) && nan(expected)) {
                prop_assert_eq!(got, expected, "{} {:#x} {:#x}", mnemonic, x, y);
            }
        }
    }
}
