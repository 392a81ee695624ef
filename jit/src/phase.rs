//! The compiler's phases, in the order they run: the one list that the
//! budget charges, `--trace-compile` and `--trace-json` time, and
//! `dump --stage` names.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Basic blocks from bytecode.
    Cfg,
    /// Dominators and dominance frontiers of the bytecode's blocks.
    Dom,
    /// Pruned SSA construction.
    Ssa,
    /// Self tail calls as jumps to a loop at the top (`--no-tail-loops`
    /// skips it).
    TailLoops,
    /// Small callees' bodies in place of their calls (`--no-inline` skips
    /// it).
    Inline,
    /// Sparse conditional constant propagation (`--no-sccp` skips it).
    Sccp,
    /// Branches around a few pure instructions as selects
    /// (`--no-if-convert` skips it).
    IfConvert,
    /// Global value numbering (`--no-gvn` skips it).
    Gvn,
    /// Loop-invariant code motion (`--no-licm` skips it).
    Licm,
    /// Counting loops replaced by their exit values (`--no-exit-values`
    /// skips it).
    ExitValues,
    /// Bounds checks that dominating accesses imply (`--no-dedup-checks`
    /// skips it).
    DedupChecks,
    /// SSA destruction.
    OutOfSsa,
    /// The dominator tree and loop forest of the final IR.
    Loops,
    /// Register homes.
    Regalloc,
    /// Bounds-check elimination by loop versioning.
    Bounds,
    /// Versioned loops that only fill cells, as string stores (`--no-fill`
    /// skips it).
    Fill,
    /// Machine code, installed in the code cache.
    Emit,
}

impl Phase {
    pub const COUNT: usize = 17;
    pub const ALL: [Phase; Phase::COUNT] = [
        Phase::Cfg,
        Phase::Dom,
        Phase::Ssa,
        Phase::TailLoops,
        Phase::Inline,
        Phase::Sccp,
        Phase::IfConvert,
        Phase::Gvn,
        Phase::Licm,
        Phase::ExitValues,
        Phase::DedupChecks,
        Phase::OutOfSsa,
        Phase::Loops,
        Phase::Regalloc,
        Phase::Bounds,
        Phase::Fill,
        Phase::Emit,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Cfg => "cfg",
            Phase::Dom => "dom",
            Phase::Ssa => "ssa",
            Phase::TailLoops => "tail-loops",
            Phase::Inline => "inline",
            Phase::Sccp => "sccp",
            Phase::IfConvert => "if-convert",
            Phase::Gvn => "gvn",
            Phase::Licm => "licm",
            Phase::ExitValues => "exit-values",
            Phase::DedupChecks => "dedup-checks",
            Phase::OutOfSsa => "out-of-ssa",
            Phase::Loops => "loops",
            Phase::Regalloc => "regalloc",
            Phase::Bounds => "bounds",
            Phase::Fill => "fill",
            Phase::Emit => "emit",
        }
    }

    /// A phase by its name, or by the dump stage names `out` (after SSA
    /// destruction) and `asm` (the machine code).
    pub fn from_name(name: &str) -> Option<Phase> {
        match name {
            "out" => Some(Phase::OutOfSsa),
            "asm" => Some(Phase::Emit),
            _ => Phase::ALL.into_iter().find(|p| p.name() == name),
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Wall time per phase.
pub type PhaseTimes = [std::time::Duration; Phase::COUNT];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_order() {
        for (k, p) in Phase::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, k);
            assert_eq!(Phase::from_name(p.name()), Some(p));
        }
        assert_eq!(Phase::from_name("out"), Some(Phase::OutOfSsa));
        assert_eq!(Phase::from_name("asm"), Some(Phase::Emit));
        assert_eq!(Phase::from_name("inlining"), None);
    }
}
