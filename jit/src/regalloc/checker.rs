//! A symbolic check of a register assignment, in the spirit of regalloc2's
//! `checker.rs`: abstract interpretation of the function over "which
//! values does each register hold", under the emitter's contract:
//!
//! - a definition writes its result's home (a copy between two values of
//!   one home writes nothing: the register then holds both);
//! - a call or an output helper clobbers every value register but the
//!   callee-saved ones, and the emitter reloads exactly the homed values
//!   live after it (`live_after`);
//! - every read of a homed value must find it in its home.
//!
//! States meet by intersection at joins, so a value is known to be in its
//! register only if it is on every path. A failure names the instruction
//! and the value whose home was overwritten while it was live.

use super::{Allocation, Home, Mask};
use crate::ir::entity::{Block, Value};
use crate::ir::{Function, InstKind};

/// General registers 0..16, then XMM registers 16..32.
const LOCATIONS: usize = 32;
/// Per location, the homed values (bits over `Allocation::homed`) whose
/// bits it holds.
type State = [Mask; LOCATIONS];

fn location(home: Home) -> usize {
    match home {
        Home::Gpr(r) => r.number() as usize,
        Home::Xmm(x) => 16 + x.number() as usize,
    }
}

struct Checker<'a> {
    f: &'a Function,
    a: &'a Allocation,
    /// Per value: its bit over `homed`, none if it has no home.
    bit: Vec<Mask>,
}

impl Checker<'_> {
    fn home(&self, v: Value) -> Option<(usize, Mask)> {
        let h = self.a.homes[v.index()]?;
        Some((location(h), self.bit[v.index()]))
    }

    /// Runs block `b` from state `s`; with `check`, fails on a read of a
    /// value that is not in its home.
    fn block(&self, b: Block, s: &mut State, check: bool) -> Result<(), String> {
        let f = self.f;
        for &i in &f.block(b).insts {
            let kind = f.kind(i);
            if check {
                let mut missing = None;
                kind.for_each_operand(|v| {
                    if let Some((loc, bit)) = self.home(v) {
                        if (s[loc] & bit).is_empty() && missing.is_none() {
                            missing = Some(v);
                        }
                    }
                });
                if let Some(v) = missing {
                    return Err(format!(
                        "{b}: {i} reads {v}, but its home {:?} may hold another value there",
                        self.a.homes[v.index()].expect("homed")
                    ));
                }
            }
            if super::clobbers_value_registers(kind) {
                for (loc, held) in s.iter_mut().enumerate() {
                    if !super::CALLEE_SAVED
                        .iter()
                        .any(|&r| r.number() as usize == loc)
                    {
                        *held = Mask::EMPTY;
                    }
                }
                let live = self.a.live_after[i.index()];
                for (k, &v) in self.a.homed.iter().enumerate() {
                    if live.contains(k) {
                        let (loc, bit) = self.home(v).expect("homed");
                        s[loc] |= bit;
                    }
                }
            }
            let Some(d) = f.inst(i).result else { continue };
            let Some((loc, bit)) = self.home(d) else {
                continue;
            };
            match kind {
                InstKind::Copy(src) if self.home(*src).is_some_and(|(l, _)| l == loc) => {
                    s[loc] |= bit;
                }
                _ => s[loc] = bit,
            }
        }
        Ok(())
    }
}

/// Checks that `a`'s homes never lose a live value, by the emitter's
/// contract (module doc).
pub fn check(f: &Function, a: &Allocation) -> Result<(), String> {
    let mut bit = vec![Mask::EMPTY; f.value_count()];
    for (k, v) in a.homed.iter().enumerate() {
        if a.homes[v.index()].is_none() {
            return Err(format!("{v} is listed as homed but has no home"));
        }
        bit[v.index()] = Mask::bit(k);
    }
    let checker = Checker { f, a, bit };
    // Forward dataflow to a fixpoint (`None`: not reached yet, the top).
    let mut state_in: Vec<Option<State>> = vec![None; f.blocks.len()];
    state_in[f.entry.index()] = Some([Mask::EMPTY; LOCATIONS]);
    let mut work = vec![f.entry];
    while let Some(b) = work.pop() {
        let mut s = state_in[b.index()].expect("reached");
        checker.block(b, &mut s, false)?;
        for &succ in f.block(b).succs() {
            let merged = match state_in[succ.index()] {
                None => s,
                Some(old) => std::array::from_fn(|k| old[k] & s[k]),
            };
            if state_in[succ.index()] != Some(merged) {
                state_in[succ.index()] = Some(merged);
                work.push(succ);
            }
        }
    }
    for b in f.live_blocks() {
        if let Some(mut s) = state_in[b.index()] {
            checker.block(b, &mut s, true)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    fn allocated(text: &str) -> (Function, Allocation) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Regalloc).expect("compiles");
        (ctx.func.expect("ir"), ctx.allocation.expect("allocated"))
    }

    const TWO_LIVE: &str = "func main(%n)\n    mov %i, 0\n    mov %s, 0\nhead:\n    jge %i, %n, done\n    add %s, %s, %i\n    add %i, %i, 1\n    jmp head\ndone:\n    print %s\n    print %i\n    ret 0\nend\n";

    #[test]
    fn the_allocators_assignments_pass() {
        let (f, a) = allocated(TWO_LIVE);
        assert!(a.homed.len() >= 2);
        check(&f, &a).expect("sound");
    }

    #[test]
    fn two_live_values_in_one_register_fail() {
        let (f, mut a) = allocated(TWO_LIVE);
        // Put every homed integer value in one register.
        for v in &a.homed {
            if let Some(Home::Gpr(_)) = a.homes[v.index()] {
                a.homes[v.index()] = Some(Home::Gpr(x64::regs::RSI));
            }
        }
        let error = check(&f, &a).expect_err("a clobbered value");
        assert!(error.contains("reads"), "{error}");
    }

    #[test]
    fn a_value_not_reloaded_after_a_call_fails() {
        let (f, mut a) = allocated(TWO_LIVE);
        // Forget that anything is live after the prints.
        for mask in a.live_after.iter_mut() {
            *mask = Mask::EMPTY;
        }
        assert!(check(&f, &a).is_err());
    }

    #[test]
    fn every_random_programs_assignment_passes() {
        for seed in 0..200 {
            let text = crate::testing::fuzz::random_program(seed);
            let program = vm::load(text.as_bytes()).expect("loads");
            for k in 0..program.funcs.len() {
                // `compiled_to` verifies, so the checker runs after regalloc.
                Context::compiled_to(&program, vm::FuncId(k as u32), Phase::Regalloc)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
        }
    }
}
