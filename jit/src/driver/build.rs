//! One compile, on whichever thread runs it (the VM's, or a compiler
//! thread of the broker): the optimizing pipeline or the baseline
//! compiler under one budget, in a compile scope of the allocator, and
//! what it made, copied out of the compile's arena so that it can be
//! handed to the VM's thread and installed there (`compiler`).

use crate::analysis::cfg::EntryPoint;
use crate::backend::Emitted;
use crate::baseline::HotCount;
use crate::observe::record::CodeTier;
use crate::pipeline::budget::Budget;
use crate::pipeline::context::{Context, Options, Stats};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::{Phase, PhaseTimes, PhaseWork};
use std::time::{Duration, Instant};
use vm::tier::{JitEnv, Request};
use vm::Program;

/// What every compile is given, on whichever thread it runs.
#[derive(Clone, Copy)]
pub(crate) struct Settings {
    pub(crate) units: u64,
    pub(crate) time: Option<Duration>,
    pub(crate) options: Options,
    /// Whether the code is kept after its install for the listeners or
    /// the code map (else only its bytes are needed).
    pub(crate) keep_code: bool,
    /// Calls after which baseline code asks for optimized code
    /// (`Jit::tier_up`): with the policy's own threshold, what makes a
    /// callee hot.
    pub(crate) tier_up_calls: u64,
}

/// What a compile made, on whichever thread ran it: the code (out of the
/// compile's arena), what the phases counted and timed, or why there is
/// no code.
pub(crate) struct Built {
    pub(crate) tier: CodeTier,
    pub(crate) stats: Stats,
    pub(crate) times: PhaseTimes,
    /// The budget units each phase charged.
    pub(crate) work: PhaseWork,
    pub(crate) code: Result<Emitted, CompileError>,
    /// When it began, and how long its phases took.
    pub(crate) start: Instant,
    pub(crate) total: Duration,
    /// The thread that ran it, and its number among the compiler threads
    /// (`None`: the VM's).
    pub(crate) tid: u32,
    pub(crate) worker: Option<usize>,
}

/// The calling thread's id, for the records.
pub(crate) fn thread_id() -> u32 {
    thread_local! {
        // SAFETY: gettid has no preconditions.
        static TID: u32 = unsafe { libc::gettid() } as u32;
    }
    TID.with(|t| *t)
}

/// Compiles `request` with the optimizing compiler, on this thread.
pub(crate) fn build<'a>(
    settings: &Settings,
    program: &'a Program,
    request: &Request<'a>,
    env: JitEnv,
    worker: Option<usize>,
) -> Built {
    let start = Instant::now();
    let entry_point = match request.osr {
        Some(pc) => EntryPoint::Osr(pc),
        None => EntryPoint::Start,
    };
    // The compile's tables come from the allocator's arena; memory the
    // system refuses, from its reserve, and the compile then stops (see
    // `vm::runtime::alloc`).
    let scope = vm::runtime::alloc::CompileScope::open();
    let budget = Budget::new(settings.units, settings.time);
    let mut ctx = Context::new(program, request.func, settings.options, budget).at(entry_point);
    ctx.env = Some(env);
    ctx.calls = Some(request.calls.clone());
    ctx.hot_calls = request.hot_calls.min(settings.tier_up_calls);
    let result = match &scope {
        None => Err(CompileError::OutOfMemory { phase: Phase::Cfg }),
        Some(_) => ctx.run(Phase::Emit),
    };
    let result = unless_exhausted(result);
    // What the compile made outlives it: copied out of the arena, which
    // then starts again empty.
    let built = vm::runtime::alloc::lasting(|| Built {
        tier: CodeTier::Optimizing,
        stats: ctx.stats,
        times: ctx.times,
        work: ctx.work,
        code: result.and_then(|()| {
            ctx.code.clone().ok_or_else(|| CompileError::Invalid {
                phase: Phase::Emit,
                message: "the code is missing".into(),
            })
        }),
        start,
        total: start.elapsed(),
        tid: thread_id(),
        worker,
    });
    drop(ctx);
    drop(scope);
    built
}

/// `build` with the baseline compiler: the same budget and scope, one
/// phase (`emit`); with `hot`, the code counts down there and tiers up.
pub(crate) fn build_baseline(
    settings: &Settings,
    program: &Program,
    request: &Request<'_>,
    env: JitEnv,
    hot: Option<*mut HotCount>,
) -> Built {
    let start = Instant::now();
    let f = program.func(request.func);
    let scope = vm::runtime::alloc::CompileScope::open();
    let mut budget = Budget::new(settings.units, settings.time);
    let emitted = match &scope {
        None => Err(CompileError::OutOfMemory { phase: Phase::Emit }),
        Some(_) => crate::baseline::compile(program, request.func, env, hot, &mut budget)
            .map_err(|b| b.at(Phase::Emit)),
    };
    let emitted = unless_exhausted(emitted);
    let mut times = PhaseTimes::default();
    times[Phase::Emit as usize] = start.elapsed();
    let mut work = PhaseWork::default();
    work[Phase::Emit as usize] = budget.used();
    let code_bytes = emitted.as_ref().map_or(0, |e| e.code.len());
    let built = vm::runtime::alloc::lasting(|| Built {
        tier: CodeTier::Baseline,
        stats: Stats::of_code(f.code.len(), code_bytes),
        times,
        work,
        code: emitted.clone(),
        start,
        total: start.elapsed(),
        tid: thread_id(),
        worker: None,
    });
    drop(emitted);
    drop(scope);
    built
}

/// `result`, unless the compile drew on the allocator's reserve: then it
/// must stop, whatever it made (`vm::runtime::alloc`).
fn unless_exhausted<T>(result: Result<T, CompileError>) -> Result<T, CompileError> {
    result.and_then(|made| match vm::runtime::alloc::exhausted() {
        true => Err(CompileError::OutOfMemory { phase: Phase::Emit }),
        false => Ok(made),
    })
}
