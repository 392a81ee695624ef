//! The middle end's driver: runs the phases in order under one budget,
//! times each, and (in debug builds and tests) verifies the IR after every
//! phase. It stops after the stage asked for, so each stage can be dumped,
//! executed and measured on its own.

use crate::budget::{Budget, CompileError, Phase};
use crate::cfg::{self, Cfg, EntryPoint};
use crate::dom::{self, DomTree};
use crate::entity::Block;
use crate::ir::Function;
use crate::out_of_ssa::{self, OutOfSsaStats};
use crate::sccp::{self, SccpStats};
use crate::ssa::{self, SsaInput};
use crate::verify::{self, Form};
use std::time::{Duration, Instant};
use vm::{FuncId, Program};

/// How far to run the middle end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Cfg,
    Dom,
    Ssa,
    Sccp,
    /// After SSA destruction.
    Out,
}

/// Counts a compile reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub instructions: usize,
    pub blocks: usize,
    pub phis: usize,
    pub sccp: SccpStats,
    pub out_of_ssa: OutOfSsaStats,
}

/// Everything the middle end produced, up to the stage it stopped at.
pub struct MiddleEnd {
    pub cfg: Cfg,
    pub dom: Option<DomTree>,
    pub frontiers: Option<Vec<Vec<Block>>>,
    pub ssa: Option<Function>,
    /// Wall time per phase (indexed like `Phase::ALL`).
    pub times: [Duration; Phase::ALL.len()],
    pub stats: Stats,
}

fn check(f: &Function, phase: Phase, form: Form) -> Result<(), CompileError> {
    if cfg!(debug_assertions) {
        verify::verify(f, form).map_err(|message| CompileError::Invalid { phase, message })?;
    }
    Ok(())
}

impl MiddleEnd {
    fn record(&mut self, phase: Phase, start: Instant) {
        self.times[phase as usize] += start.elapsed();
    }
}

pub fn run(
    program: &Program,
    id: FuncId,
    stop: Stage,
    budget: &mut Budget,
) -> Result<MiddleEnd, CompileError> {
    run_with(program, id, stop, budget, true)
}

/// `run`, optionally without constant propagation (which the differential
/// tests compare against: the two must behave the same).
pub fn run_with(
    program: &Program,
    id: FuncId,
    stop: Stage,
    budget: &mut Budget,
    constant_propagation: bool,
) -> Result<MiddleEnd, CompileError> {
    run_from(
        program,
        id,
        EntryPoint::Start,
        stop,
        budget,
        constant_propagation,
    )
}

/// `run_with` for code entered at `entry_point`.
pub fn run_from(
    program: &Program,
    id: FuncId,
    entry_point: EntryPoint,
    stop: Stage,
    budget: &mut Budget,
    constant_propagation: bool,
) -> Result<MiddleEnd, CompileError> {
    let func = program.func(id);
    let start = Instant::now();
    budget.charge(Phase::Cfg, func.code.len() as u64)?;
    if let EntryPoint::Osr(pc) = entry_point {
        if pc as usize >= func.code.len() {
            return Err(CompileError::Invalid {
                phase: Phase::Cfg,
                message: format!("entry at instruction {pc}, past the end"),
            });
        }
    }
    let cfg = cfg::build_from(func, entry_point);
    let blocks = cfg.len();
    let mut out = MiddleEnd {
        cfg,
        dom: None,
        frontiers: None,
        ssa: None,
        times: [Duration::ZERO; Phase::ALL.len()],
        stats: Stats {
            instructions: func.code.len(),
            blocks,
            phis: 0,
            sccp: SccpStats::default(),
            out_of_ssa: OutOfSsaStats::default(),
        },
    };
    out.record(Phase::Cfg, start);
    if stop == Stage::Cfg {
        return Ok(out);
    }

    let start = Instant::now();
    let dom = dom::dominators(&out.cfg, budget)?;
    let frontiers = dom::frontiers(&out.cfg, &dom, budget)?;
    out.record(Phase::Dom, start);
    if stop == Stage::Dom {
        out.dom = Some(dom);
        out.frontiers = Some(frontiers);
        return Ok(out);
    }

    let start = Instant::now();
    let input = SsaInput {
        program,
        id,
        cfg: &out.cfg,
        dom: &dom,
        frontiers: &frontiers,
    };
    let ssa = ssa::construct(&input, budget)?;
    out.record(Phase::Ssa, start);
    check(&ssa, Phase::Ssa, Form::Ssa)?;
    out.stats.phis = ssa.phi_count();
    out.dom = Some(dom);
    out.frontiers = Some(frontiers);
    let mut ir = ssa;
    if stop >= Stage::Sccp && constant_propagation {
        let start = Instant::now();
        out.stats.sccp = sccp::propagate(&mut ir, budget)?;
        out.record(Phase::Sccp, start);
        check(&ir, Phase::Sccp, Form::Ssa)?;
    }
    if stop >= Stage::Out {
        let start = Instant::now();
        out.stats.out_of_ssa = out_of_ssa::destruct(&mut ir, budget)?;
        out.record(Phase::OutOfSsa, start);
        check(&ir, Phase::OutOfSsa, Form::Conventional)?;
    }
    out.ssa = Some(ir);
    Ok(out)
}
