//! A return before the frame: where a function's first test, made on its
//! parameters and constants, leads to a block that only returns a
//! parameter or a constant (plus a constant), the back end makes that test
//! at the internal entry on the argument registers and returns from there,
//! before the frame is built and the callee-saved registers are saved.
//! The base case of a recursion (fib's `n < 2`, Takeuchi's `y >= x`,
//! Ackermann's `m == 0`) is most of its calls, and costs then a compare, a
//! branch and a move.
//!
//! This is the simplest case of shrink-wrapping (Chow, "Minimizing
//! register usage penalty at procedure calls", PLDI 1988; LLVM's
//! `ShrinkWrap`): the prologue's work moved off the one path that needs
//! none of it. The function's code is unchanged: the test is made again
//! on the way through the frame (after a self tail call made a loop, the
//! exit is reached with other values too), so the analysis only reads the
//! path from the entry to the first test, with each value as the entry
//! defines it.
//!
//! Runs on the out-of-SSA IR (phis are copies by then), after register
//! allocation, which it does not need: it reads no home.

use crate::analysis::cfg::EntryPoint;
use crate::ir::entity::{Block, Value};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use vm::{isa, Op};

/// Instructions looked at on the way to the test and in the exit, at most.
const MAX_WALK: usize = 64;

/// A value on the path from the entry: a parameter or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    Param(u32),
    Const(i64),
}

/// The test made at the entry and what its exit returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EarlyExit {
    /// A conditional branch on integers (`jz`..`jge`) and its operands.
    pub op: Op,
    pub args: [Known; 2],
    /// Whether the function returns when the branch is taken (else when
    /// it falls through).
    pub when_taken: bool,
    /// The value returned: a known value plus a constant (wrapping).
    pub returns: (Known, i64),
}

/// What the entry defines on the way to the first test.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Def {
    Known(Known),
    /// The calls left at the entry (`CallsLeft`): `r13` as the caller
    /// left it, which giving them back leaves as it is.
    CallsLeft,
}

/// The early exit of `f`, if its first test has one (a list of one at
/// most, for the pass table's results). Only for code entered at its
/// start by compiled callers, with every operand a constant or one of the
/// first `in_registers` parameters (those passed in registers): the back
/// end emits exactly what this finds.
pub fn find(
    f: &Function,
    in_registers: usize,
    budget: &mut Budget,
) -> Result<Vec<EarlyExit>, Bail> {
    budget.charge(MAX_WALK as u64)?;
    if f.entry_point != EntryPoint::Start {
        return Ok(Vec::new());
    }
    let in_reach = |k: Known| !matches!(k, Known::Param(p) if p as usize >= in_registers);
    let exit = Walk::new(f)
        .first_test()
        .filter(|x| x.args.into_iter().chain([x.returns.0]).all(in_reach));
    Ok(exit.into_iter().collect())
}

struct Walk<'a> {
    f: &'a Function,
    defs: Vec<Option<Def>>,
    steps: usize,
}

impl Walk<'_> {
    fn new(f: &Function) -> Walk<'_> {
        Walk {
            f,
            defs: vec![None; f.value_count()],
            steps: 0,
        }
    }

    fn known(&self, v: Value) -> Option<Known> {
        match self.defs[v.index()]? {
            Def::Known(k) => Some(k),
            Def::CallsLeft => None,
        }
    }

    /// Whether `kind` (with `result`) only defines a value this walk
    /// knows; records it.
    fn define(&mut self, kind: &InstKind, result: Option<Value>) -> bool {
        let def = match *kind {
            InstKind::Param(k) => Def::Known(Known::Param(k)),
            InstKind::Const(c) => Def::Known(Known::Const(c as i64)),
            InstKind::CallsLeft => Def::CallsLeft,
            InstKind::Copy(a) => match self.defs[a.index()] {
                Some(d) => d,
                None => return false,
            },
            _ => return false,
        };
        if let Some(r) = result {
            self.defs[r.index()] = Some(def);
        }
        true
    }

    /// One more instruction looked at; None past `MAX_WALK`.
    fn step(&mut self) -> Option<()> {
        self.steps += 1;
        (self.steps <= MAX_WALK).then_some(())
    }

    /// Follows the entry's jumps to the first conditional branch.
    fn first_test(&mut self) -> Option<EarlyExit> {
        let f = self.f;
        let mut b = f.entry;
        loop {
            for &i in &f.block(b).insts {
                self.step()?;
                let data = f.inst(i);
                match data.kind {
                    InstKind::Jump(t) => {
                        b = t;
                        break;
                    }
                    InstKind::Branch {
                        op,
                        args,
                        taken,
                        fallthrough,
                    } => return self.test(op, args, taken, fallthrough),
                    ref kind => {
                        if !self.define(kind, data.result) {
                            return None;
                        }
                    }
                }
            }
        }
    }

    fn test(
        &mut self,
        op: Op,
        args: [Value; 2],
        taken: Block,
        fallthrough: Block,
    ) -> Option<EarlyExit> {
        isa::condition(op)?;
        let first = self.known(args[0])?;
        // `jz` and `jnz` read one operand.
        let second = if matches!(op, Op::Jz | Op::Jnz) {
            Known::Const(0)
        } else {
            self.known(args[1])?
        };
        if !matches!((first, second), (Known::Param(_), _) | (_, Known::Param(_))) {
            return None;
        }
        let exit = |walk: &mut Self, b: Block, when_taken| {
            walk.returns(b).map(|returns| EarlyExit {
                op,
                args: [first, second],
                when_taken,
                returns,
            })
        };
        exit(self, taken, true).or_else(|| exit(self, fallthrough, false))
    }

    /// What block `b` returns, if it only returns a known value plus a
    /// constant.
    fn returns(&mut self, b: Block) -> Option<(Known, i64)> {
        let f = self.f;
        let mut sums: Vec<(Value, (Known, i64))> = Vec::new();
        let value = |walk: &Self, sums: &[(Value, (Known, i64))], v: Value| {
            sums.iter()
                .find(|(s, _)| *s == v)
                .map(|&(_, x)| x)
                .or_else(|| walk.known(v).map(|k| (k, 0)))
        };
        for &i in &f.block(b).insts {
            self.step()?;
            let data = f.inst(i);
            match data.kind {
                InstKind::Ret(v) => return value(self, &sums, v),
                InstKind::GiveBackCalls(v) if self.defs[v.index()] == Some(Def::CallsLeft) => {}
                InstKind::Binary(op @ (Op::Add | Op::Sub), a, c) => {
                    let (x, offset) = value(self, &sums, a)?;
                    let Known::Const(c) = self.known(c)? else {
                        return None;
                    };
                    let c = if op == Op::Add { c } else { c.wrapping_neg() };
                    sums.push((data.result?, (x, offset.wrapping_add(c))));
                }
                InstKind::Copy(a) => {
                    let x = value(self, &sums, a)?;
                    sums.push((data.result?, x));
                }
                InstKind::Const(c) => sums.push((data.result?, (Known::Const(c as i64), 0))),
                _ => return None,
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::Phase;

    fn exit_of(text: &str, func: &str) -> Option<EarlyExit> {
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name(func).expect("the function");
        let ctx = Context::compiled_to(&program, id, Phase::EarlyExit).expect("compiles");
        ctx.early_exits.expect("found").first().copied()
    }

    /// `text` with a `main` calling its `f` with `args`.
    fn with_main(text: &str, args: &str) -> String {
        format!("{text}func main()\n    call %r, f, {args}\n    print %r\n    ret 0\nend\n")
    }

    /// fib's base case, after its second call became a loop with an
    /// accumulator (zero on entry): `n < 2` returns `n + 0`.
    #[test]
    fn fib_returns_its_parameter_before_the_frame() {
        let fib = "func f(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, f, %a\n    sub %a, %n, 2\n    call %y, f, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n";
        let x = exit_of(&with_main(fib, "20"), "f").expect("an early exit");
        assert_eq!(x.op, Op::Jlt);
        assert_eq!(x.args, [Known::Param(0), Known::Const(2)]);
        assert!(x.when_taken);
        assert_eq!(x.returns, (Known::Param(0), 0));
    }

    /// Ackermann's `m == 0` returns `n + 1`, on the fall-through side.
    #[test]
    fn ackermann_returns_its_parameter_plus_one() {
        let ack = "func f(%m, %n)\n    jnz %m, pos\n    add %r, %n, 1\n    ret %r\npos:\n    sub %m, %m, 1\n    call %r, f, %m, %n\n    ret %r\nend\n";
        let x = exit_of(&with_main(ack, "2, 3"), "f").expect("an early exit");
        assert_eq!((x.op, x.when_taken), (Op::Jnz, false));
        assert_eq!(x.returns, (Known::Param(1), 1));
    }

    /// A test on a value the function computes, or an exit that does more
    /// than return, has none.
    #[test]
    fn a_computed_test_or_a_busy_exit_has_none() {
        let computed = "func f(%x, %y, %z)\n    mul %t, %x, %y\n    jlt %t, 2, out\n    call %t, f, %t, 1, 1\nout:\n    ret %t\nend\n";
        assert_eq!(exit_of(&with_main(computed, "3, 2, 1"), "f"), None);
        let busy = "func f(%x, %y, %z)\n    jlt %x, 2, out\n    call %x, f, %y, 1, 1\n    ret %x\nout:\n    print %x\n    ret %x\nend\n";
        assert_eq!(exit_of(&with_main(busy, "3, 2, 1"), "f"), None);
    }
}
