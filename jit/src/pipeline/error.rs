//! A compile's failure: the phase that gave up, and why (`Bail`). Passes
//! know no phase; the pipeline, which runs them, names it.

use crate::pipeline::budget::Bail;
use crate::pipeline::phase::Phase;
use std::fmt;
use std::time::Duration;

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

impl Bail {
    /// This bail-out, in `phase`.
    pub fn at(self, phase: Phase) -> CompileError {
        match self {
            Bail::OverBudget { work, limit } => CompileError::OverBudget { phase, work, limit },
            Bail::OverTime { work, elapsed } => CompileError::OverTime {
                phase,
                work,
                elapsed,
            },
            Bail::Invalid(message) => CompileError::Invalid { phase, message },
            Bail::CodeCache(error) => CompileError::CodeCache { phase, error },
            Bail::OutOfMemory => CompileError::OutOfMemory { phase },
        }
    }
}

impl CompileError {
    /// The same error, blamed on `phase`.
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
