//! The compile context: one function on its way to machine code, with the
//! analyses computed for it, the budget it spends and what each phase
//! cost and counted. `pipeline::run` takes it through the pass table. An
//! analysis is computed once, when first asked for, and charged to the
//! phase that asked. Modelled on Cranelift's `codegen::Context`.

use crate::analysis::cfg::{Cfg, EntryPoint};
use crate::analysis::dom::{self, DomTree};
use crate::analysis::loops::LoopForest;
use crate::backend::code_cache::{CodeCache, CodeHandle};
use crate::backend::Emitted;
use crate::ir::entity::Inst;
use crate::ir::Function;
use crate::passes::bounds::{LoopBody, VersionedLoop};
use crate::passes::fill::Fill;
use crate::passes::group_checks::Group;
use crate::pipeline::budget::{Bail, Budget};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::{Count, Phase, PhaseSet, PhaseTimes, PhaseWork, MAX_COUNTS};
use crate::regalloc::Allocation;
use std::time::{Duration, Instant};
use vm::tier::JitEnv;
use vm::{FuncId, Program};

/// What a compile does besides the phases every compile runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The optional phases switched off (`--no-NAME`, for comparison and
    /// the differential oracle).
    pub skip: PhaseSet,
    /// Enter code compiled for on-stack replacement into an inner loop
    /// through copies of the loops around it, so every loop keeps its
    /// shape (`--no-osr-peel` enters the header directly, for comparison
    /// and the differential oracle).
    pub osr_peel: bool,
    /// Whether float arithmetic takes the AVX encoding's three-operand
    /// form (`--no-avx` keeps to SSE2's two-operand form, for comparison
    /// and the differential oracle).
    pub avx: Avx,
    /// Check the IR after every phase, and the register assignment
    /// (`--verify-ir`; on in the tests and the oracle).
    pub verify: bool,
}

impl Options {
    /// Whether `phase` runs: the optional phases have a switch each.
    pub fn runs(&self, phase: Phase) -> bool {
        phase.pass().switch.is_none() || !self.skip.contains(phase)
    }

    /// These options with `phase` switched off.
    pub fn without(mut self, phase: Phase) -> Options {
        self.skip.insert(phase);
        self
    }

    /// The defaults, every compile verified: for tools and tests.
    pub fn verified() -> Options {
        Options {
            verify: true,
            ..Options::default()
        }
    }
}

/// When code takes AVX's forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avx {
    /// Never: SSE2's forms, which every x86-64 machine runs.
    Never,
    /// Where the machine has AVX. Asked at the first compile that emits
    /// code, not when the options are made: the question costs about 70
    /// µs on a virtual machine (each `cpuid` traps to the hypervisor), which
    /// an empty program's start would pay (`jit::prepare` asks it on the
    /// lent thread instead).
    WhereAvailable,
    /// Always, whatever the machine: only for listings of code never run
    /// (the golden listings).
    Always,
}

impl Avx {
    /// Whether code made now takes AVX's forms.
    pub fn taken(self) -> bool {
        match self {
            Avx::Never => false,
            Avx::WhereAvailable => x64::encode::avx_available(),
            Avx::Always => true,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            skip: PhaseSet::default(),
            osr_peel: true,
            avx: Avx::WhereAvailable,
            verify: false,
        }
    }
}

/// Counts a compile reports: the function's size and the code's, and
/// what each phase counted (its row's `counts`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub instructions: usize,
    pub code_bytes: usize,
    counts: [[u64; MAX_COUNTS]; Phase::COUNT],
}

impl Stats {
    /// A compile's sizes, with no phase's counts (the baseline
    /// compiler's).
    pub fn of_code(instructions: usize, code_bytes: usize) -> Stats {
        Stats {
            instructions,
            code_bytes,
            ..Stats::default()
        }
    }

    /// The count `name` of `phase`'s row. Panics if the row has no such
    /// count, as an index out of range would: the name is a caller's
    /// constant.
    pub fn count(&self, phase: Phase, name: &str) -> u64 {
        let k = phase.pass().counts.iter().position(|c| c.name == name);
        let k = k.unwrap_or_else(|| panic!("{phase} counts no {name}"));
        self.counts[phase as usize][k]
    }

    /// Every count of every phase, in table order, with its row's name.
    pub fn all(&self) -> impl Iterator<Item = (Phase, &'static Count, u64)> + '_ {
        Phase::ALL.into_iter().flat_map(move |p| {
            let values = &self.counts[p as usize];
            p.pass()
                .counts
                .iter()
                .zip(values)
                .map(move |(c, &v)| (p, c, v))
        })
    }
}

#[derive(Clone)]
pub struct Context<'p> {
    pub program: &'p Program,
    pub id: FuncId,
    pub entry_point: EntryPoint,
    pub options: Options,
    pub budget: Budget,
    pub times: PhaseTimes,
    /// The budget units each phase charged.
    pub work: PhaseWork,
    pub stats: Stats,
    /// The last phase that completed.
    pub done: Option<Phase>,
    /// The phase running (or that ran last), whose counts `record` sets.
    pub(crate) running: Phase,
    /// When it did, if the next phase may start its clock there (one read
    /// of the clock per phase boundary instead of three).
    pub(crate) clock: Option<Instant>,
    /// What the compiled code may address (`emit` needs it).
    pub env: Option<JitEnv>,
    /// Each function's call count as the profile had it when the compile
    /// was asked for (the inliner reads them); none for tools and tests.
    pub calls: Option<vm::tier::CallCounts<'p>>,
    /// The count at which the policy calls a function hot
    /// (`Request::hot_calls`); never for tools and tests.
    pub hot_calls: u64,

    pub cfg: Option<Cfg>,
    /// Dominators of `cfg`.
    pub cfg_dom: Option<DomTree>,
    /// The IR, from `ssa` on.
    pub func: Option<Function>,
    /// The dominator tree of `func`, while its CFG is unchanged.
    pub domtree: Option<DomTree>,
    pub loops: Option<LoopForest>,
    /// The loads and stores whose bounds checks dominating accesses
    /// imply, sorted.
    pub implied: Option<Vec<Inst>>,
    /// Accesses checked once for their group (`group_checks`).
    pub groups: Option<Vec<Group>>,
    pub allocation: Option<Allocation>,
    pub versioned: Option<Vec<VersionedLoop>>,
    /// The loops `bounds` looked at (`bounds::bodies`), for `fields`.
    pub loop_bodies: Option<Vec<LoopBody>>,
    pub fills: Option<Vec<Fill>>,
    /// Rows indexed from their machine addresses (`rebase`).
    pub rebased: Option<Vec<crate::passes::rebase::Rebase>>,
    /// The unchecked copies that test a lockstep value (`lockstep`).
    pub lockstep: Option<Vec<crate::passes::lockstep::Lockstep>>,
    /// The return before the frame, if the first test has one.
    pub early_exits: Option<Vec<crate::passes::early_exit::EarlyExit>>,
    pub code: Option<Emitted>,
}

/// "`what` is missing": an analysis the running phase needs was not
/// made (a compiler bug).
pub(crate) fn missing(what: &str) -> Bail {
    Bail::Invalid(format!("{what} is missing"))
}

/// What an optional phase left for the emitter: its `results` if it
/// runs (`what` is missing if it ran and left none), nothing if it is
/// switched off.
pub(crate) fn proven_by<'a, T>(
    options: &Options,
    phase: Phase,
    results: &'a Option<Vec<T>>,
    what: &str,
) -> Result<&'a [T], Bail> {
    match (results, options.runs(phase)) {
        (Some(results), true) => Ok(results),
        (None, true) => Err(missing(what)),
        (_, false) => Ok(&[]),
    }
}

impl<'p> Context<'p> {
    pub fn new(program: &'p Program, id: FuncId, options: Options, budget: Budget) -> Context<'p> {
        Context {
            program,
            id,
            entry_point: EntryPoint::Start,
            options,
            budget,
            times: [Duration::ZERO; Phase::COUNT],
            work: [0; Phase::COUNT],
            stats: Stats {
                instructions: program.func(id).code.len(),
                ..Stats::default()
            },
            done: None,
            running: Phase::Cfg,
            clock: None,
            env: None,
            calls: None,
            hot_calls: u64::MAX,
            cfg: None,
            cfg_dom: None,
            func: None,
            domtree: None,
            loops: None,
            implied: None,
            groups: None,
            allocation: None,
            versioned: None,
            loop_bodies: None,
            fills: None,
            rebased: None,
            lockstep: None,
            early_exits: None,
            code: None,
        }
    }

    /// `id` taken through every phase up to `until`, verified, with no
    /// budget: for tools and tests.
    pub fn compiled_to(
        program: &'p Program,
        id: FuncId,
        until: Phase,
    ) -> Result<Context<'p>, CompileError> {
        Context::compiled_at(program, id, EntryPoint::Start, until)
    }

    /// `compiled_to`, for code entered at `entry_point` (`dump
    /// --osr-line`).
    pub fn compiled_at(
        program: &'p Program,
        id: FuncId,
        entry_point: EntryPoint,
        until: Phase,
    ) -> Result<Context<'p>, CompileError> {
        let mut ctx =
            Context::new(program, id, Options::verified(), Budget::unlimited()).at(entry_point);
        ctx.run(until)?;
        Ok(ctx)
    }

    /// A context for code entered at `entry_point`.
    pub fn at(mut self, entry_point: EntryPoint) -> Context<'p> {
        self.entry_point = entry_point;
        self
    }

    /// The IR, for the phase that runs.
    pub(crate) fn ir(&self) -> Result<&Function, Bail> {
        self.func.as_ref().ok_or_else(|| missing("the IR"))
    }

    /// The IR to change, and the budget to charge.
    pub(crate) fn ir_mut(&mut self) -> Result<(&mut Function, &mut Budget), Bail> {
        match &mut self.func {
            Some(f) => Ok((f, &mut self.budget)),
            None => Err(missing("the IR")),
        }
    }

    /// Records the counts of the phase that runs, in its row's order.
    pub(crate) fn record(&mut self, counts: &[usize]) {
        let phase = self.running;
        debug_assert_eq!(counts.len(), phase.pass().counts.len(), "{phase}'s counts");
        for (slot, &c) in self.stats.counts[phase as usize].iter_mut().zip(counts) {
            *slot = c as u64;
        }
    }

    /// The IR's dominator tree, computed if stale, charged to the phase
    /// that runs.
    pub(crate) fn ir_domtree(&mut self) -> Result<&DomTree, Bail> {
        if self.domtree.is_none() {
            let f = self.func.as_ref().ok_or_else(|| missing("the IR"))?;
            self.domtree = Some(dom::dominators(f, &mut self.budget)?);
        }
        self.domtree
            .as_ref()
            .ok_or_else(|| missing("the dominator tree"))
    }

    /// The IR's loop forest (and dominator tree), computed if stale,
    /// charged to the phase that runs.
    pub(crate) fn ir_loops(&mut self) -> Result<(), Bail> {
        self.ir_domtree()?;
        if self.loops.is_none() {
            let (Some(f), Some(dom)) = (&self.func, &self.domtree) else {
                return Err(missing("the IR"));
            };
            self.loops = Some(LoopForest::compute(f, dom, &mut self.budget)?);
        }
        Ok(())
    }

    /// Copies the emitted code into `cache` (time charged to `emit`).
    pub fn install(
        &mut self,
        cache: &mut CodeCache,
    ) -> Result<(*const u8, CodeHandle), CompileError> {
        let start = Instant::now();
        let code = self.code.as_ref().ok_or_else(|| CompileError::Invalid {
            phase: Phase::Emit,
            message: "the code is missing".into(),
        })?;
        let installed = cache.install(&code.code).map_err(CompileError::from);
        self.times[Phase::Emit as usize] += start.elapsed();
        installed
    }
}
