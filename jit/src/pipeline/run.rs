//! The pipeline's loop: each phase's glue (the table's `run`, expanded
//! here), run in order over the compile context, timed, charged to the
//! budget, its bail-out named after it, the analyses it does not keep
//! dropped when it changed the CFG, and, with `Options::verify`, the
//! check its row asks for after it.

use crate::analysis::{dom, osr_entry};
use crate::backend;
use crate::ir::entity::Inst;
use crate::ir::verify::{self, Form};
use crate::ir::EntryPoint;
use crate::passes::{
    bounds, dedup_checks, early_exit, exit_values, fill, forward, group_checks, gvn, if_convert,
    inline, licm, lockstep, out_of_ssa, rebase, sccp, ssa, tail_loops,
};
use crate::pipeline::budget::{Bail, Budget};
use crate::pipeline::context::{missing, proven_by, Context};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::{Check, Edits, Keeps, Phase};
use crate::regalloc;
use std::time::Instant;

/// What a phase does to the compile context: reads what it needs, runs
/// its pass, writes back its results and its counts.
type Run = fn(&mut Context<'_>) -> Result<Edits, Bail>;

macro_rules! define_runs {
    ($(
        [$(#[$doc:meta])*] $variant:ident $name:literal $stage:literal
        ($switch:expr) ($run:expr) $keeps:ident $check:ident ($counts:expr);
    )*) => {
        /// Each phase's glue, indexed by `Phase`.
        static RUNS: [Run; Phase::COUNT] = [$($run,)*];
    };
}

crate::pipeline::passes!(define_runs);

/// `Edits::Cfg` if a phase changed `n` places in the CFG.
fn changed(n: usize) -> Edits {
    if n > 0 {
        Edits::Cfg
    } else {
        Edits::None
    }
}

impl Context<'_> {
    /// Runs every phase after the last one done, up to `until`.
    pub fn run(&mut self, until: Phase) -> Result<(), CompileError> {
        for phase in Phase::ALL {
            if phase > until {
                break;
            }
            if self.done.is_some_and(|d| phase <= d) {
                continue;
            }
            if !self.options.runs(phase) {
                continue;
            }
            self.phase(phase)?;
        }
        Ok(())
    }

    fn phase(&mut self, phase: Phase) -> Result<(), CompileError> {
        let pass = phase.pass();
        // A phase may charge too little to reach a look at the clock.
        let start = self.clock.take().unwrap_or_else(Instant::now);
        self.running = phase;
        self.budget
            .check_limits_at(start)
            .map_err(|b| b.at(phase))?;
        let used = self.budget.used();
        let result = RUNS[phase as usize](self).map_err(|b| b.at(phase));
        let end = Instant::now();
        self.times[phase as usize] += end - start;
        self.work[phase as usize] += self.budget.used() - used;
        if vm::runtime::alloc::exhausted() {
            return Err(CompileError::OutOfMemory { phase });
        }
        match (result?, pass.keeps) {
            (Edits::None, _) => {}
            (Edits::Cfg, Keeps::Nothing) => {
                self.domtree = None;
                self.loops = None;
            }
            (Edits::Cfg, Keeps::All) => {
                return Err(CompileError::Invalid {
                    phase,
                    message: "changed the CFG, but its row says it keeps every analysis".into(),
                })
            }
        }
        if self.options.verify {
            self.verify(phase)?;
        } else {
            self.clock = Some(end);
        }
        self.done = Some(phase);
        Ok(())
    }

    /// The check `phase`'s row asks for, outside its time and budget.
    fn verify(&mut self, phase: Phase) -> Result<(), CompileError> {
        let invalid = |message: String| Bail::Invalid(message);
        let checked = match phase.pass().check {
            Check::Nothing => Ok(()),
            Check::Ssa => self.ir().and_then(|f| {
                let dom = dom::dominators(f, &mut Budget::unlimited())?;
                verify::verify(f, Form::Ssa(&dom)).map_err(invalid)
            }),
            Check::Implied => match (&self.func, &self.implied) {
                (Some(f), Some(implied)) => {
                    dom::dominators(f, &mut Budget::unlimited()).and_then(|dom| {
                        let cells = self.program.memory_cells;
                        dedup_checks::check(f, &dom, implied, cells).map_err(invalid)
                    })
                }
                _ => Err(missing("the implied checks")),
            },
            Check::Groups => match (&self.func, &self.groups) {
                (Some(f), Some(groups)) => {
                    let implied = self.implied.as_deref().unwrap_or(&[]);
                    let cells = self.program.memory_cells;
                    group_checks::check(f, groups, implied, cells).map_err(invalid)
                }
                _ => Err(missing("the groups of checks")),
            },
            Check::Conventional => self
                .ir()
                .and_then(|f| verify::verify(f, Form::Conventional).map_err(invalid)),
            Check::Homes => match (&self.func, &self.allocation) {
                (Some(f), Some(allocation)) => {
                    regalloc::checker::check(f, allocation).map_err(invalid)
                }
                _ => Err(missing("the register assignment")),
            },
        };
        checked.map_err(|b| b.at(phase))
    }
}
