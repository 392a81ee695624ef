//! The compiler tier as the VM sees it: `vm::tier::Compiler`, running the
//! middle end and the emitter under one budget per function, and tracing
//! each compile (`--trace-compile`) when asked.

use crate::analysis::cfg::EntryPoint;
use crate::backend::code_cache::{self, CodeCache};
use crate::backend::Emitted;
use crate::baseline::HotCount;
use crate::observe::code_info::CodeMap;
use crate::observe::listen::{Installed, Listener, Records};
use crate::observe::record::{CodeTier, CompileRecord};
use crate::pipeline::budget::{Budget, DEFAULT_UNITS};
use crate::pipeline::context::{Context, Options, Stats};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::{Phase, PhaseTimes};
use std::time::{Duration, Instant};
use vm::tier::{Compiled, Compiler, Entry, JitEnv, Thresholds, Trigger};
use vm::{FuncId, Program};

pub struct Jit {
    /// Work units each function may cost (`--compile-budget`).
    pub units: u64,
    /// Wall-clock allowance per function (`--compile-budget-us`).
    pub time: Option<Duration>,
    /// What watches compiles (`listen`): the trace, perf's map and
    /// jitdump, the GDB JIT interface, an embedder's own.
    pub listeners: Vec<Box<dyn Listener>>,
    /// Every compile's record, in order (shared, so it can be read after
    /// the VM took the compiler): for `bcvm bench`, summaries and tests.
    pub records: Records,
    /// Compiles so far (the next record's id).
    pub compiles: usize,
    /// Which bytecode instruction each address of compiled code came
    /// from, for the time profiler (`--profile=time`), when kept.
    pub code_map: Option<CodeMap>,
    /// Time zero of the records' `started`.
    pub epoch: Instant,
    /// What each compile does besides the phases every compile runs
    /// (`--no-sccp`, `--verify-ir`).
    pub options: Options,
    /// Where compiled code lives (`--code-cache-kb` bounds it).
    pub code_cache: CodeCache,
    /// Which compiler makes the code compiled before a function's first
    /// call (`--tier baseline` and `--tier tiered` pick the baseline one);
    /// the optimizing one makes every other.
    pub tier: CodeTier,
    /// When baseline code asks for optimized code (`--tier tiered`): its
    /// calls and back-edges counted down from these. `NEVER` (the
    /// default) leaves the counting out.
    pub tier_up: Thresholds,
    /// Per function, baseline code's countdowns, made at the first
    /// baseline compile with tier-up and never moved (code holds their
    /// addresses for the life of the VM).
    pub hot: HotCounts,
    /// The compiling thread's id, for the records: read at the first
    /// compile.
    pub tid: Option<u32>,
}

/// Baseline code's countdowns (`Jit::hot`), one per function once the
/// first baseline compile with tier-up makes them.
#[derive(Default)]
pub struct HotCounts(Option<Box<[HotCount]>>);

impl Jit {
    /// Maps the code cache and the allocator's compile memory now, once
    /// per VM, so that the first compile does not pay for them (about
    /// 30 µs: a memfd, its size and four mappings).
    pub fn prepare(&mut self) {
        self.code_cache.prepare();
        vm::runtime::alloc::prepare();
    }
}

impl Default for Jit {
    fn default() -> Jit {
        Jit {
            units: DEFAULT_UNITS,
            time: Some(Duration::from_millis(50)),
            listeners: Vec::new(),
            records: Records::default(),
            compiles: 0,
            code_map: None,
            epoch: Instant::now(),
            options: Options::default(),
            code_cache: CodeCache::new(code_cache::DEFAULT_BYTES),
            tier: CodeTier::default(),
            tier_up: Thresholds::NEVER,
            hot: HotCounts::default(),
            tid: None,
        }
    }
}

impl Compiler for Jit {
    fn compile(
        &mut self,
        program: &Program,
        func: FuncId,
        trigger: Trigger,
        env: JitEnv,
    ) -> Option<Compiled> {
        // A baseline tier compiles what runs first; what got hot is the
        // optimizing compiler's.
        match (self.tier, trigger) {
            (CodeTier::Baseline, Trigger::Eager) => {
                self.compile_baseline(program, func, trigger, env)
            }
            _ => self.compile_at(program, func, trigger, EntryPoint::Start, env),
        }
    }

    fn compile_osr(
        &mut self,
        program: &Program,
        func: FuncId,
        pc: u32,
        env: JitEnv,
    ) -> Option<Compiled> {
        let code = self.compile_at(program, func, Trigger::Osr, EntryPoint::Osr(pc), env);
        // As the interpreter does, the function's ordinary code comes at
        // its next call: its baseline code's countdown made to end there.
        if let (Some(_), Some(hot)) = (&code, &mut self.hot.0) {
            hot[func.index()].calls = 1;
        }
        code
    }

    fn locate(&self, address: u64) -> Option<(FuncId, u32)> {
        self.code_map.as_ref()?.locate(address)
    }
}

impl Jit {
    fn compile_at(
        &mut self,
        program: &Program,
        func: FuncId,
        trigger: Trigger,
        entry_point: EntryPoint,
        env: JitEnv,
    ) -> Option<Compiled> {
        let start = Instant::now();
        let f = program.func(func);
        let entry_line = match entry_point {
            EntryPoint::Start => None,
            EntryPoint::Osr(pc) => f.positions.get(pc as usize).map(|p| p.line),
        };
        // The compile's tables come from the allocator's arena; memory the
        // system refuses, from its reserve, and the compile then stops
        // (see `vm::runtime::alloc`).
        let scope = vm::runtime::alloc::CompileScope::open();
        let budget = Budget::new(self.units, self.time);
        let mut ctx = Context::new(program, func, self.options, budget).at(entry_point);
        ctx.env = Some(env);
        let result = match &scope {
            None => Err(CompileError::OutOfMemory { phase: Phase::Cfg }),
            Some(_) => ctx
                .run(Phase::Emit)
                .and_then(|()| ctx.install(&mut self.code_cache)),
        };
        let result = unless_exhausted(result);
        // The compiled code's handle and the record outlive the compile.
        let made = Made {
            id: func,
            tier: CodeTier::Optimizing,
            stats: ctx.stats,
            times: ctx.times,
            code: ctx.code.as_ref(),
        };
        let compiled = vm::runtime::alloc::lasting(|| {
            self.record(f, trigger, entry_line, start, made, result)
        });
        // The compile's tables go back to the arena while the scope holds
        // it: the holder's frees are plain counts, and the last one
        // empties the arena for the next compile.
        drop(ctx);
        drop(scope);
        compiled
    }

    /// `compile` with the baseline compiler: the same budget, scope, code
    /// cache and records as `compile_at`, one phase (`emit`).
    fn compile_baseline(
        &mut self,
        program: &Program,
        func: FuncId,
        trigger: Trigger,
        env: JitEnv,
    ) -> Option<Compiled> {
        let start = Instant::now();
        let f = program.func(func);
        let hot = self.hot_count(program, func);
        let scope = vm::runtime::alloc::CompileScope::open();
        let mut budget = Budget::new(self.units, self.time);
        let emitted = match &scope {
            None => Err(CompileError::OutOfMemory { phase: Phase::Emit }),
            Some(_) => crate::baseline::compile(program, func, env, hot, &mut budget)
                .map_err(|b| b.at(Phase::Emit)),
        };
        let result = emitted
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|code| Ok(self.code_cache.install(&code.code)?));
        let result = unless_exhausted(result);
        let mut times = PhaseTimes::default();
        times[Phase::Emit as usize] = start.elapsed();
        let stats = Stats::of_code(f.code.len(), emitted.as_ref().map_or(0, |e| e.code.len()));
        let made = Made {
            id: func,
            tier: CodeTier::Baseline,
            stats,
            times,
            code: emitted.as_ref().ok(),
        };
        let compiled =
            vm::runtime::alloc::lasting(|| self.record(f, trigger, None, start, made, result));
        drop(emitted);
        drop(scope);
        compiled
    }

    /// Where `func`'s baseline code counts down to tier-up, if it tiers up.
    fn hot_count(&mut self, program: &Program, func: FuncId) -> Option<*mut HotCount> {
        if self.tier_up == Thresholds::NEVER {
            return None;
        }
        let start = HotCount {
            calls: self.tier_up.calls,
            back_edges: self.tier_up.back_edges,
        };
        let hot = self
            .hot
            .0
            .get_or_insert_with(|| vec![start; program.funcs.len()].into_boxed_slice());
        hot.get_mut(func.index()).map(|h| h as *mut HotCount)
    }

    /// Makes the compile's result, and records, traces and maps it.
    fn record(
        &mut self,
        f: &vm::Function,
        trigger: Trigger,
        entry_line: Option<u32>,
        start: Instant,
        made: Made<'_>,
        result: Result<(*const u8, code_cache::CodeHandle), CompileError>,
    ) -> Option<Compiled> {
        // The compile ends here; what follows is bookkeeping.
        let total = start.elapsed();
        let result = result.map(|(at, handle)| {
            // SAFETY: the code at `at` was assembled by `emit` as a
            // function with the System V calling convention and the
            // signature of `Entry`, and is executable and read-only in
            // the code cache, which `handle` (kept in `owner`) keeps
            // mapped.
            let entry: Entry = unsafe { std::mem::transmute::<*const u8, Entry>(at) };
            Compiled {
                entry,
                code_bytes: made.stats.code_bytes,
                owner: Box::new(handle),
            }
        });
        // What the phases that ran measured stays, bail or not.
        let record = CompileRecord {
            id: self.compiles,
            // SAFETY: gettid has no preconditions. Every compile runs on
            // the VM's thread, so one call serves them all.
            tid: *self
                .tid
                .get_or_insert_with(|| unsafe { libc::gettid() } as u32),
            function: f.name.clone(),
            trigger,
            tier: made.tier,
            entry_line,
            stats: made.stats,
            code_bytes: if result.is_ok() {
                made.stats.code_bytes
            } else {
                0
            },
            times: made.times,
            total,
            started: start.duration_since(self.epoch),
            error: result.as_ref().err().cloned(),
        };
        self.compiles += 1;
        for listener in &mut self.listeners {
            listener.compiled(&record);
        }
        self.records.compiled(&record);
        let mut compiled = result.ok()?;
        let address = compiled.entry as usize as u64;
        let wants_code = self.code_map.is_some() || self.listeners.iter().any(|l| l.wants_code());
        let emitted = made.code.filter(|_| wants_code);
        if let (Some(map), Some(emitted)) = (&mut self.code_map, emitted) {
            map.insert(made.id, address, emitted.code.len(), &emitted.lines);
        }
        let lines = emitted.map_or_else(Vec::new, |e| lines_of(f, e, address));
        let installed = Installed {
            function: &f.name,
            entry_line,
            address,
            size: compiled.code_bytes,
            code: emitted.map(|e| &e.code[..]),
            lines: &lines,
            first_line: f.positions.first().map_or(1, |p| p.line),
        };
        let kept: Vec<Box<dyn std::any::Any>> = self
            .listeners
            .iter_mut()
            .filter_map(|l| l.installed(&installed))
            .collect();
        if !kept.is_empty() {
            let owner = std::mem::replace(&mut compiled.owner, Box::new(()));
            compiled.owner = Box::new((owner, kept));
        }
        Some(compiled)
    }
}

/// `result`, unless the compile drew on the allocator's reserve: then it
/// must stop, whatever it made (`vm::runtime::alloc`).
fn unless_exhausted<T>(result: Result<T, CompileError>) -> Result<T, CompileError> {
    result.and_then(|made| match vm::runtime::alloc::exhausted() {
        true => Err(CompileError::OutOfMemory { phase: Phase::Emit }),
        false => Ok(made),
    })
}

/// What a compile made, for its record.
struct Made<'a> {
    id: FuncId,
    tier: CodeTier,
    stats: Stats,
    times: PhaseTimes,
    code: Option<&'a Emitted>,
}

/// (code address, `.bc` line) where each bytecode instruction's code
/// starts, for code installed at `address`.
fn lines_of(f: &vm::Function, emitted: &Emitted, address: u64) -> Vec<(u64, u32)> {
    emitted
        .lines
        .iter()
        .filter_map(|&(offset, index)| {
            let line = f.positions.get(index as usize)?.line;
            Some((address + offset as u64, line))
        })
        .collect()
}
