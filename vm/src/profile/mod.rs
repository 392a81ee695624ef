//! Per-function execution counts. Calls and taken backward branches are
//! always counted (the tier-up policy reads them); bytecode instructions
//! executed only in a `--profile` run, which uses its own instantiation of
//! the dispatch loop so the ordinary one pays nothing for it.

pub mod sampler;

use crate::bytecode::{FuncId, Program};
use std::fmt::Write;

/// `repr(C)` with `calls` first: compiled code counts calls in place.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncProfile {
    pub calls: u64,
    /// Taken branches to an instruction at or before the branch itself.
    pub back_edges: u64,
    /// Bytecode instructions executed; counted only when profiling.
    pub instructions: u64,
    /// The back-edge count at which the interpreters hand the branch to
    /// the tier-up policy (`Tiers::at_back_edge`): its loop threshold,
    /// then, while on-stack-replacement code is compiled in the
    /// background, the count of its next look; `u64::MAX` for never. Kept
    /// beside the count so the machine-code loop compares the two in one
    /// instruction.
    pub osr_at: u64,
}

impl Default for FuncProfile {
    fn default() -> FuncProfile {
        FuncProfile {
            calls: 0,
            back_edges: 0,
            instructions: 0,
            osr_at: u64::MAX,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Profile {
    pub funcs: Vec<FuncProfile>,
}

impl Profile {
    pub fn new(program: &Program) -> Profile {
        Profile {
            funcs: vec![FuncProfile::default(); program.funcs.len()],
        }
    }

    pub fn get(&self, func: FuncId) -> FuncProfile {
        self.funcs[func.index()]
    }

    /// The `--profile` table: one row per function that ran, busiest first.
    pub fn table(&self, program: &Program) -> String {
        let mut rows: Vec<(FuncId, FuncProfile)> = self
            .funcs
            .iter()
            .enumerate()
            .filter(|(_, p)| p.calls > 0)
            .map(|(i, p)| (FuncId(i as u32), *p))
            .collect();
        rows.sort_by_key(|&(id, p)| (std::cmp::Reverse(p.instructions), id));
        let width = rows
            .iter()
            .map(|(id, _)| program.func(*id).name.len())
            .max()
            .unwrap_or(0)
            .max("function".len());
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<width$} {:>14} {:>14} {:>16}",
            "function", "calls", "back-edges", "instructions"
        );
        for (id, p) in rows {
            let name = &program.func(id).name;
            let _ = writeln!(
                s,
                "{name:<width$} {:>14} {:>14} {:>16}",
                p.calls, p.back_edges, p.instructions
            );
        }
        s
    }
}
