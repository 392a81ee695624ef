//! What each function of a program costs the optimizing compiler, in the
//! budget's work units and in time, per bytecode instruction, against the
//! bounds a compile must stay within: the oracle of the `slow_compile`
//! fuzz target, which looks for shapes whose compile costs far more than
//! others' (the pathological compile times users of JIT compilers report
//! most), and of the regression tests that keep its findings fixed.
//!
//! Two bounds. Units per instruction: the budget charges each phase for
//! its work, so a shape whose units grow faster than its size (a
//! quadratic step) shows as many units per instruction. Time per unit:
//! the budget bounds a compile's time only if its units follow the time,
//! so a phase that works without charging shows as a long time per unit.
//! Time is measured only for compiles long enough to time (`TIMED`).

use crate::backend::scratch_env::ScratchEnv;
use crate::pipeline::budget::{thread_time, Budget, DEFAULT_UNITS};
use crate::pipeline::context::{Context, Options};
use crate::pipeline::error::CompileError;
use crate::Phase;
use std::fmt;
use std::time::Duration;
use vm::{FuncId, Program};

/// Work units a compile may charge per bytecode instruction it compiles
/// (the function's own and each inlined copy of a callee's), beyond a
/// fixed allowance for the smallest functions (`BASE_UNITS`). Over the
/// 669 functions of `programs/` and `benches/bc/` a compile charges 38
/// units per instruction at the median, 90 at p90 and 265 at most (a
/// function of 2 instructions, where the fixed costs dominate); every
/// one stays under a quarter of its bound
/// (`every_program_compiles_within_the_bounds`).
pub const UNITS_PER_INSTRUCTION: u64 = 500;
/// Units any function may charge however small.
pub const BASE_UNITS: u64 = 20_000;
/// Time a compile may take per unit charged, once it is long enough to
/// time: a unit of the dearest phases costs up to 0.5 µs in a cold
/// process (`pipeline::budget`); ten times that means the budget does not
/// see the work.
pub const TIME_PER_UNIT: Duration = Duration::from_micros(5);
/// Compiles shorter than this are not timed (the clock's and the cache's
/// noise dominate them).
pub const TIMED: Duration = Duration::from_millis(2);

/// One function's compile.
#[derive(Clone, Debug)]
pub struct Cost {
    pub func: FuncId,
    pub name: String,
    pub instructions: usize,
    /// The bytecode instructions of the bodies inlined into it, each copy
    /// counted: they are compiled as much as its own.
    pub inlined: usize,
    pub units: u64,
    /// The compiling thread's CPU time (not the wall clock's: a compile
    /// the scheduler set aside is not slow).
    pub time: Duration,
    /// Why the compile bailed out, if it did (out of its units, say).
    pub error: Option<CompileError>,
}

impl Cost {
    /// The units this compile may charge.
    pub fn unit_bound(&self) -> u64 {
        BASE_UNITS + UNITS_PER_INSTRUCTION * (self.instructions + self.inlined) as u64
    }

    /// Why the compile is pathological, if it is, with `slack` times the
    /// time bounds (for builds slower than a release build: sanitizers,
    /// coverage). A compile that ran out of the default units is judged
    /// like any other: a large function may run out within its bound.
    pub fn excess(&self, slack: u32) -> Option<Excess> {
        if self.units > self.unit_bound() {
            return Some(Excess::Units);
        }
        let per_unit = self.time / u32::try_from(self.units.max(1)).unwrap_or(u32::MAX);
        (self.time >= TIMED * slack && per_unit > TIME_PER_UNIT * slack).then_some(Excess::Time)
    }
}

/// Which bound a compile broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Excess {
    /// More units per instruction than `UNITS_PER_INSTRUCTION`.
    Units,
    /// More time per unit than `TIME_PER_UNIT`.
    Time,
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} instructions (+{} inlined), {} units (bound {}), {} us{}",
            self.name,
            self.instructions,
            self.inlined,
            self.units,
            self.unit_bound(),
            self.time.as_micros(),
            match &self.error {
                Some(e) => format!(", bailed in {}: {e}", e.phase()),
                None => String::new(),
            }
        )
    }
}

/// Compiles every function of `program` with the optimizing pipeline,
/// under the default units and no time allowance, and says what each
/// cost. A compile that runs out of units charged more than any bound
/// admits, so it is reported as such (`units` is then the budget's
/// limit).
pub fn costs(program: &Program) -> std::io::Result<Vec<Cost>> {
    let mut scratch = ScratchEnv::new(program)?;
    Ok((0..program.funcs.len())
        .map(|k| cost(program, FuncId(k as u32), &mut scratch))
        .collect())
}

/// `cost` compiled again `tries` times, with its least time: a timing
/// bound is broken only if every try breaks it (a page fault storm, a
/// sanitizer's allocator or the scheduler can lengthen any one compile,
/// CPU time included).
pub fn retimed(program: &Program, cost: &Cost, tries: usize) -> std::io::Result<Cost> {
    let mut scratch = ScratchEnv::new(program)?;
    let mut best = cost.clone();
    for _ in 0..tries {
        let again = self::cost(program, cost.func, &mut scratch);
        if again.time < best.time {
            best.time = again.time;
        }
    }
    Ok(best)
}

/// What compiling `func` cost, against the addresses of `scratch`.
fn cost(program: &Program, func: FuncId, scratch: &mut ScratchEnv) -> Cost {
    let budget = Budget::new(DEFAULT_UNITS, None);
    let mut ctx = Context::new(program, func, Options::default(), budget);
    ctx.env = Some(scratch.env());
    let start = thread_time();
    let result = ctx.run(Phase::Emit);
    let time = thread_time().saturating_sub(start);
    let f = program.func(func);
    let inlined = ctx.func.as_ref().map_or(0, |g| {
        g.inlined
            .iter()
            .map(|site| program.func(site.callee).code.len())
            .sum()
    });
    Cost {
        func,
        name: f.name.clone(),
        instructions: f.code.len(),
        inlined,
        units: ctx.budget.used(),
        time,
        error: result.err(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_program_compiles_within_the_bounds() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut worst = (0.0f64, String::new());
        for dir in ["programs", "benches/bc"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).expect("a directory") {
                let path = entry.expect("an entry").path();
                if path.extension().is_none_or(|e| e != "bc") {
                    continue;
                }
                let Ok(program) = vm::load(&std::fs::read(&path).expect("readable")) else {
                    continue; // The suite's programs that must not load.
                };
                for c in costs(&program).expect("memory mapped") {
                    assert!(c.error.is_none(), "{}: {c}", path.display());
                    assert_eq!(c.excess(1), None, "{}: {c}", path.display());
                    let share = c.units as f64 / c.unit_bound() as f64;
                    if share > worst.0 {
                        worst = (share, format!("{}: {c}", path.display()));
                    }
                }
            }
        }
        assert!(worst.0 < 0.25, "{:.2} of its bound: {}", worst.0, worst.1);
    }

    #[test]
    fn a_retimed_compile_keeps_its_least_time() {
        let program = vm::load(b"func main()\n    ret 0\nend\n").expect("loads");
        let mut slow = costs(&program).expect("mapped").remove(0);
        // A compile the machine made look slow once.
        slow.time = Duration::from_secs(1);
        assert_eq!(slow.excess(1), Some(Excess::Time));
        let again = retimed(&program, &slow, 3).expect("mapped");
        assert!(again.time < Duration::from_millis(100), "{again}");
        assert_eq!((again.units, again.func), (slow.units, slow.func));
        assert_eq!(again.excess(1), None);
    }

    /// What the `slow_compile` target found, kept: each input compiles
    /// within the bounds now.
    #[test]
    fn the_slow_compile_findings_stay_fixed() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fuzz/regressions/slow_compile"
        );
        let mut found = 0;
        for entry in std::fs::read_dir(dir).expect("the findings") {
            let path = entry.expect("an entry").path();
            let program = vm::load(&std::fs::read(&path).expect("readable")).expect("loads");
            for c in costs(&program).expect("memory mapped") {
                assert_eq!(c.excess(1), None, "{}: {c}", path.display());
            }
            found += 1;
        }
        assert!(found > 0);
    }
}
