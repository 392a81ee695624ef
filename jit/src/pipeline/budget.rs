//! The compile budget. Each phase charges the work it does as it goes (in
//! abstract units: blocks visited, blocks x registers in phi placement,
//! instructions renamed, lattice updates, copies); when the units or the
//! wall-clock allowance run out, the charge fails at once and the phase
//! returns the error, so a pathological function costs at most its budget.
//!
//! The pipeline tells the budget which phase runs (`enter`); a pass only
//! charges units, and whatever it calls (a dominator tree computed on
//! demand, a callee's SSA form built for inlining) is charged to the
//! phase that asked for it.

use std::fmt;
use std::time::{Duration, Instant};

pub use crate::pipeline::phase::Phase;

/// Why the middle end gave up on a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The work units ran out during `phase`, after `work` units in all.
    OverBudget { phase: Phase, work: u64, limit: u64 },
    /// The wall-clock allowance ran out during `phase`.
    OverTime {
        phase: Phase,
        work: u64,
        elapsed: Duration,
    },
    /// The IR verifier rejected the output of `phase` (a compiler bug).
    Invalid { phase: Phase, message: String },
    /// The code could not be placed in the code cache (`phase` is `emit`).
    CodeCache {
        phase: Phase,
        error: crate::backend::code_cache::CacheError,
    },
    /// The system refused memory during `phase` (see `vm::runtime::alloc`).
    OutOfMemory { phase: Phase },
}

impl CompileError {
    /// The same error, blamed on `phase` (work done for it by a shared
    /// algorithm, such as the dominator tree of the final IR).
    pub fn in_phase(self, phase: Phase) -> CompileError {
        match self {
            CompileError::OverBudget { work, limit, .. } => {
                CompileError::OverBudget { phase, work, limit }
            }
            CompileError::OverTime { work, elapsed, .. } => CompileError::OverTime {
                phase,
                work,
                elapsed,
            },
            CompileError::Invalid { message, .. } => CompileError::Invalid { phase, message },
            CompileError::CodeCache { error, .. } => CompileError::CodeCache { phase, error },
            CompileError::OutOfMemory { .. } => CompileError::OutOfMemory { phase },
        }
    }

    pub fn phase(&self) -> Phase {
        match self {
            CompileError::OverBudget { phase, .. }
            | CompileError::OverTime { phase, .. }
            | CompileError::Invalid { phase, .. }
            | CompileError::CodeCache { phase, .. }
            | CompileError::OutOfMemory { phase } => *phase,
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::OverBudget { phase, work, limit } => {
                write!(
                    f,
                    "budget of {limit} units ran out in {phase} after {work} units"
                )
            }
            CompileError::OverTime {
                phase,
                work,
                elapsed,
            } => {
                write!(
                    f,
                    "time ran out in {phase} after {} us and {work} units",
                    elapsed.as_micros()
                )
            }
            CompileError::Invalid { phase, message } => {
                write!(f, "invalid IR after {phase}: {message}")
            }
            CompileError::CodeCache { error, .. } => write!(f, "{error}"),
            CompileError::OutOfMemory { .. } => write!(f, "out of memory"),
        }
    }
}

impl std::error::Error for CompileError {}

/// Code is installed at the end of emission, by either compiler.
impl From<crate::backend::code_cache::CacheError> for CompileError {
    fn from(error: crate::backend::code_cache::CacheError) -> CompileError {
        CompileError::CodeCache {
            phase: Phase::Emit,
            error,
        }
    }
}

/// The default budget in work units: every function in `programs/` needs
/// less than a tenth of it (a test keeps it so), while a function whose SSA
/// would need millions of phis runs out within a few milliseconds.
pub const DEFAULT_UNITS: u64 = 1_000_000;

/// Units between two looks at the clock (a look costs about 25 ns; a unit
/// of the dearest phases, emission and block building in a cold process,
/// up to 0.5 µs): often enough that no
/// compile overshoots its allowance by more than about 100 µs, rare
/// enough to cost under 1%. The clock is also read between phases.
const CLOCK_EVERY: u64 = 1 << 7;

#[derive(Clone, Debug)]
pub struct Budget {
    /// The phase charged now.
    phase: Phase,
    limit: u64,
    used: u64,
    started: Instant,
    allowance: Option<Duration>,
    next_clock_check: u64,
}

impl Budget {
    pub fn new(limit: u64, allowance: Option<Duration>) -> Budget {
        Budget {
            phase: Phase::Cfg,
            limit,
            used: 0,
            started: Instant::now(),
            allowance,
            next_clock_check: CLOCK_EVERY,
        }
    }

    /// A budget that never runs out, for tools and tests.
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX, None)
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// From now on the work charged is `phase`'s.
    pub fn enter(&mut self, phase: Phase) {
        self.phase = phase;
    }

    /// The phase charged now.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Fails if the wall-clock allowance has run out, or the system has
    /// refused the compile memory (the current phase is blamed). Memory is
    /// looked at as often as the clock, so a compile draws on the
    /// allocator's reserve (`vm::runtime::alloc`) for at most `CLOCK_EVERY` units
    /// of work.
    pub fn check_limits(&mut self) -> Result<(), CompileError> {
        self.check_limits_at(Instant::now())
    }

    /// `check_limits` with the clock already read (`now`).
    pub fn check_limits_at(&mut self, now: Instant) -> Result<(), CompileError> {
        let phase = self.phase;
        if vm::runtime::alloc::exhausted() {
            return Err(CompileError::OutOfMemory { phase });
        }
        if let Some(allowance) = self.allowance {
            let elapsed = now.saturating_duration_since(self.started);
            if elapsed > allowance {
                return Err(CompileError::OverTime {
                    phase,
                    work: self.used,
                    elapsed,
                });
            }
        }
        Ok(())
    }

    /// `units` of work for the current phase.
    #[inline]
    pub fn charge(&mut self, units: u64) -> Result<(), CompileError> {
        self.used = self.used.saturating_add(units);
        if self.used > self.limit {
            return Err(CompileError::OverBudget {
                phase: self.phase,
                work: self.used,
                limit: self.limit,
            });
        }
        if self.used >= self.next_clock_check {
            self.next_clock_check = self.used.saturating_add(CLOCK_EVERY);
            self.check_limits()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_limit() {
        let mut b = Budget::new(10, None);
        b.enter(Phase::Ssa);
        assert!(b.charge(10).is_ok());
        assert_eq!(
            b.charge(1),
            Err(CompileError::OverBudget {
                phase: Phase::Ssa,
                work: 11,
                limit: 10
            })
        );
    }

    /// A zero allowance stops a compile at its first look at the clock,
    /// which comes before the first phase however little it charges.
    #[test]
    fn a_zero_allowance_is_spent_at_once() {
        let mut b = Budget::new(u64::MAX, Some(Duration::ZERO));
        assert!(matches!(
            b.check_limits(),
            Err(CompileError::OverTime {
                phase: Phase::Cfg,
                ..
            })
        ));
    }

    #[test]
    fn stops_at_the_deadline() {
        let mut b = Budget::new(u64::MAX, Some(Duration::ZERO));
        std::thread::sleep(Duration::from_millis(1));
        b.enter(Phase::Dom);
        assert!(matches!(
            b.charge(CLOCK_EVERY),
            Err(CompileError::OverTime {
                phase: Phase::Dom,
                ..
            })
        ));
    }
}
