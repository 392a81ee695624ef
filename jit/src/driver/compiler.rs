//! The compiler tier as the VM sees it: `vm::tier::Compiler`, running the
//! middle end and the emitter under one budget per function, and tracing
//! each compile (`--trace-compile`) when asked.

use crate::analysis::cfg::EntryPoint;
use crate::backend::code_cache::{self, CodeCache};
use crate::backend::Emitted;
use crate::baseline::HotCount;
use crate::observe::code_info::CodeMap;
use crate::observe::listen::{Installed, Listener, Records};
use crate::pipeline::budget::{Budget, CompileError, DEFAULT_UNITS};
use crate::pipeline::context::{Context, Options, Stats};
use crate::pipeline::phase::{Phase, PhaseTimes};
use std::fmt::Write as _;
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

/// The two compilers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodeTier {
    /// The pipeline of `context`: SSA, the optimizations, register
    /// allocation.
    #[default]
    Optimizing,
    /// One pass from bytecode to machine code (`baseline`).
    Baseline,
}

impl CodeTier {
    pub fn name(self) -> &'static str {
        match self {
            CodeTier::Optimizing => "optimizing",
            CodeTier::Baseline => "baseline",
        }
    }
}

impl Jit {
    /// Maps the code cache and the allocator's compile memory now, once
    /// per VM, so that the first compile does not pay for them (about
    /// 30 µs: a memfd, its size and four mappings).
    pub fn prepare(&mut self) {
        self.code_cache.prepare();
        vm::alloc::prepare();
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

/// What one compile cost and made.
#[derive(Clone, Debug)]
pub struct CompileRecord {
    /// The compile's number in the run, from 0.
    pub id: usize,
    /// The thread that compiled (the VM's).
    pub tid: u32,
    pub function: String,
    pub trigger: Trigger,
    /// The compiler that ran.
    pub tier: CodeTier,
    /// For on-stack replacement, the source line of the loop header where
    /// the code takes over.
    pub entry_line: Option<u32>,
    pub stats: Stats,
    pub code_bytes: usize,
    /// Wall time per phase, indexed like `Phase::ALL`.
    pub times: PhaseTimes,
    pub total: Duration,
    /// When the compile began, from the compiler's `epoch`.
    pub started: Duration,
    /// `None` if compiled, else why not.
    pub error: Option<CompileError>,
}

impl CompileRecord {
    /// The `--trace-compile` line.
    pub fn line(&self) -> String {
        let s = &self.stats;
        let trigger = match self.entry_line {
            Some(line) => format!("{}@line{line}", self.trigger.name()),
            None => self.trigger.name().to_string(),
        };
        if self.tier == CodeTier::Baseline {
            // One phase, and none of the pipeline's counts.
            let mut line = format!(
                "compile {} id={} at={}us trigger={trigger} tier=baseline instrs={} bytes={} emit={}us total={}us",
                self.function,
                self.id,
                self.started.as_micros(),
                s.instructions,
                self.code_bytes,
                self.times[Phase::Emit as usize].as_micros(),
                self.total.as_micros()
            );
            self.outcome(&mut line);
            return line;
        }
        let mut line = format!(
            "compile {} id={} at={}us trigger={} instrs={}",
            self.function,
            self.id,
            self.started.as_micros(),
            trigger,
            s.instructions,
        );
        for (_, count, value) in s.all().filter(|(_, c, _)| c.traced) {
            let _ = write!(line, " {}={value}", count.name);
        }
        let _ = write!(line, " bytes={}", self.code_bytes);
        for phase in Phase::ALL {
            let _ = write!(
                line,
                " {}={}us",
                phase.name(),
                self.times[phase as usize].as_micros()
            );
        }
        let _ = write!(line, " total={}us", self.total.as_micros());
        self.outcome(&mut line);
        line
    }

    fn outcome(&self, line: &mut String) {
        match &self.error {
            None => line.push_str(" outcome=ok"),
            Some(e) => {
                let _ = write!(line, " outcome=bailed in {}: {e}", e.phase());
            }
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
        // (see `vm::alloc`).
        let scope = vm::alloc::CompileScope::open();
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
        let compiled =
            vm::alloc::lasting(|| self.record(f, trigger, entry_line, start, made, result));
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
        let scope = vm::alloc::CompileScope::open();
        let mut budget = Budget::new(self.units, self.time);
        let emitted = match &scope {
            None => Err(CompileError::OutOfMemory { phase: Phase::Emit }),
            Some(_) => crate::baseline::compile(program, func, env, hot, &mut budget),
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
        let compiled = vm::alloc::lasting(|| self.record(f, trigger, None, start, made, result));
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
/// must stop, whatever it made (`vm::alloc`).
fn unless_exhausted<T>(result: Result<T, CompileError>) -> Result<T, CompileError> {
    result.and_then(|made| match vm::alloc::exhausted() {
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

/// An activation's move into on-stack-replacement code, for the trace:
/// when (from the compiler's epoch), the function and the loop's line.
pub struct OsrMark {
    pub at: Duration,
    pub function: String,
    pub line: u32,
}

/// Compile records as Chrome trace events (`"ph": "X"`, `ts` and `dur` in
/// µs): one per compile, with one per phase nested inside it, an instant
/// event where each function tiered up (was offered to the compiler) and
/// where each activation entered on-stack-replacement code, and the
/// process's and threads' names; `pid` and `tid` are the real ones.
/// Perfetto and chrome://tracing open the result. `program` names the
/// process.
pub fn chrome_trace(
    records: &[CompileRecord],
    osr_entries: &[OsrMark],
    program: &str,
) -> serde_json::Value {
    let pid = std::process::id();
    let mut events = vec![serde_json::json!({
        "name": "process_name", "ph": "M", "pid": pid,
        "args": { "name": format!("bcvm {program}") },
    })];
    let mut tids: Vec<u32> = records.iter().map(|r| r.tid).collect();
    tids.sort_unstable();
    tids.dedup();
    for tid in tids {
        events.push(serde_json::json!({
            "name": "thread_name", "ph": "M", "pid": pid, "tid": tid,
            "args": { "name": "VM (interpreter, compiler)" },
        }));
    }
    for o in osr_entries {
        events.push(serde_json::json!({
            "name": format!("osr entry {} at line {}", o.function, o.line),
            "cat": "osr",
            "ph": "i",
            "s": "t",
            "ts": o.at.as_secs_f64() * 1e6,
            "pid": pid,
            "tid": records.first().map_or(pid, |r| r.tid),
        }));
    }
    for r in records {
        let ts = r.started.as_secs_f64() * 1e6;
        let s = &r.stats;
        let tid = r.tid;
        events.push(serde_json::json!({
            "name": format!("tier-up {} ({})", r.function, r.trigger.name()),
            "cat": "tier-up",
            "ph": "i",
            "s": "t",
            "ts": ts,
            "pid": pid,
            "tid": tid,
        }));
        let mut args = serde_json::json!({
            "id": r.id,
            "function": r.function,
            "trigger": r.trigger.name(),
            "tier": r.tier.name(),
            "entry_line": r.entry_line,
            "instructions": s.instructions,
        });
        if let Some(map) = args.as_object_mut() {
            for (_, count, value) in s.all().filter(|(_, c, _)| c.traced) {
                map.insert(count.json.into(), value.into());
            }
            map.insert("code_bytes".into(), r.code_bytes.into());
            let outcome = r.error.as_ref().map_or("ok".to_string(), |e| {
                format!("bailed in {}: {e}", e.phase())
            });
            map.insert("outcome".into(), outcome.into());
        }
        events.push(serde_json::json!({
            "name": format!("compile {}", r.function),
            "cat": "compile",
            "ph": "X",
            "ts": ts,
            "dur": r.total.as_secs_f64() * 1e6,
            "pid": pid,
            "tid": tid,
            "args": args,
        }));
        // The phases run one after another from the compile's start.
        let mut at = ts;
        // A baseline compile is one phase.
        let phases = match r.tier {
            CodeTier::Optimizing => &Phase::ALL[..],
            CodeTier::Baseline => &[Phase::Emit][..],
        };
        for &phase in phases {
            let dur = r.times[phase as usize].as_secs_f64() * 1e6;
            events.push(serde_json::json!({
                "name": phase.name(),
                "cat": "phase",
                "ph": "X",
                "ts": at,
                "dur": dur,
                "pid": pid,
                "tid": tid,
            }));
            at += dur;
        }
    }
    serde_json::json!({ "traceEvents": events, "displayTimeUnit": "ns" })
}
