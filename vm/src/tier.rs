//! The interpreter's view of a compiler: the tier-up policy's thresholds and
//! the trait through which it reports hot functions. `vm` never depends on
//! the compiler; the command line hands it an implementation.

use crate::bytecode::{FuncId, Program};

/// What made a function hot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// Its call count reached the call threshold.
    Calls,
    /// Its taken back-edge count reached the loop threshold.
    BackEdges,
    /// Compiled before its first call (`--tier jit`).
    Eager,
}

impl Trigger {
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Calls => "calls",
            Trigger::BackEdges => "back-edges",
            Trigger::Eager => "eager",
        }
    }
}

/// When a function becomes hot. A threshold of `u64::MAX` never fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub calls: u64,
    pub back_edges: u64,
}

impl Thresholds {
    pub const NEVER: Thresholds = Thresholds {
        calls: u64::MAX,
        back_edges: u64::MAX,
    };
}

/// Receives hot functions, each at most once, at the moment its count
/// reaches a threshold. The moment depends only on the program and its
/// inputs, so tier-up is deterministic.
pub trait TierUp {
    fn hot(&mut self, program: &Program, func: FuncId, trigger: Trigger);
}
