//! The compiler tier as the VM sees it: `vm::tier::Compiler`. A compile
//! runs on the VM's thread (`build`), or is queued for a compiler thread
//! (`broker`); either way its code is installed on the VM's thread, which
//! alone writes the code cache and runs code: copied into the cache,
//! recorded, traced (`--trace-compile`) and announced to the listeners.

use crate::backend::code_cache::{self, CodeCache};
use crate::backend::Emitted;
use crate::baseline::HotCount;
use crate::driver::broker::Broker;
use crate::driver::build::{build, build_baseline, Built, Settings};
use crate::driver::threads::Lender;
use crate::observe::code_info::CodeMap;
use crate::observe::listen::{Installed, Listener, Records};
use crate::observe::record::{CodeTier, CompileRecord};
use crate::passes::inline::counts_read;
use crate::pipeline::budget::DEFAULT_UNITS;
use crate::pipeline::context::Options;
use crate::pipeline::error::CompileError;
use std::sync::Arc;
use std::time::{Duration, Instant};
use vm::tier::{Compiled, Compiler, Entry, Finished, JitEnv, Look, Request, Thresholds, Trigger};
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
    /// The queue and threads of background compiles, once started
    /// (`start_background`); without it every compile runs on the VM's
    /// thread.
    pub broker: Option<Broker>,
    /// What the listeners keep of the glue (`backend::glue`), shown to
    /// them as code installed before the first function's: `None` until
    /// then.
    pub glue_shown: Option<Vec<Box<dyn std::any::Any>>>,
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

    /// Compiles what gets hot in `program` on `threads` compiler threads
    /// from now on (`--compile-threads`), with the budget and options set
    /// so far; what is compiled before a function's first call still
    /// compiles on the VM's thread. The threads start with the first
    /// request, the first on the thread `lender` lends if it is free;
    /// should none start, compiles run on the VM's thread.
    pub fn start_background(
        &mut self,
        program: Arc<Program>,
        threads: usize,
        lender: Option<&'static Lender>,
    ) {
        self.code_cache.prepare();
        let prefault = self.code_cache.prefault();
        let settings = self.settings();
        self.broker = Some(Broker::new(program, settings, prefault, threads, lender));
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
            broker: None,
            glue_shown: None,
        }
    }
}

impl Compiler for Jit {
    fn compile(
        &mut self,
        program: &Program,
        request: &Request<'_>,
        env: JitEnv,
    ) -> Option<Compiled> {
        // A baseline tier compiles what runs first; what got hot is the
        // optimizing compiler's.
        let built = match (self.tier, request.trigger) {
            (CodeTier::Baseline, Trigger::Eager) => {
                let hot = self.hot_count(program, request.func);
                build_baseline(&self.settings(), program, request, env, hot)
            }
            _ => build(&self.settings(), program, request, env, None),
        };
        let queued = Queued {
            asked: request.made,
            queue_len: 0,
        };
        self.finish(program, request, built, queued)
    }

    fn background(&self) -> bool {
        self.broker.is_some()
    }

    fn queue(&mut self, request: &Request<'_>, env: JitEnv) -> bool {
        let Some(broker) = &mut self.broker else {
            return false;
        };
        let program = broker.program_ref();
        let request = match counts_read(program, request.func) {
            Some(reads) => request.detached(reads),
            // The loader numbers functions with `u32`s.
            None => request.detached((0..program.funcs.len() as u32).map(FuncId)),
        };
        if broker.queue(request, env).is_err() {
            // No compiler thread could start (a limit on threads): this
            // request is asked for again, and compiled on this thread.
            self.broker = None;
            return false;
        }
        true
    }

    fn look_again(&mut self, func: FuncId, look: Look) {
        // Baseline code asks again once its countdowns run out again.
        if let Some(hot) = self.hot.0.as_mut().and_then(|h| h.get_mut(func.index())) {
            if let Some(calls) = look.calls {
                hot.calls = calls;
                hot.armed_calls = calls;
            }
            if let Some(back_edges) = look.back_edges {
                hot.back_edges = back_edges;
            }
        }
    }

    fn ready(&self) -> bool {
        self.broker.as_ref().is_some_and(Broker::ready)
    }

    fn calls_counted_down(&self, func: FuncId) -> u64 {
        self.hot
            .0
            .as_ref()
            .and_then(|hot| hot.get(func.index()))
            .map_or(0, |h| h.armed_calls)
    }

    fn finished(&mut self, install: &mut dyn FnMut(Request<'static>, Finished)) {
        let Some(broker) = &mut self.broker else {
            return;
        };
        let program = broker.program();
        let mut taken = broker.take();
        for done in taken.drain(..) {
            let asked = done.asked();
            let outcome = match done.built {
                None => Finished::Dropped,
                Some(built) => {
                    // The VM's share began with the request.
                    let asked = Instant::now() - asked;
                    let queued = Queued {
                        asked,
                        queue_len: done.queue_len,
                    };
                    match self.finish(&program, &done.request, *built, queued) {
                        Some(code) => Finished::Code(code),
                        None => Finished::Refused,
                    }
                }
            };
            install(done.request, outcome);
        }
        if let Some(broker) = &mut self.broker {
            broker.give_back(taken);
        }
    }

    fn locate(&self, address: u64) -> Option<(FuncId, u32)> {
        self.code_map.as_ref()?.locate(address)
    }
}

impl Jit {
    /// What each compile is given.
    fn settings(&self) -> Settings {
        Settings {
            units: self.units,
            time: self.time,
            options: self.options,
            keep_code: self.code_map.is_some() || self.listeners.iter().any(|l| l.wants_code()),
            tier_up_calls: self.tier_up.calls,
        }
    }

    /// Where `func`'s baseline code counts down to tier-up, if it tiers up.
    fn hot_count(&mut self, program: &Program, func: FuncId) -> Option<*mut HotCount> {
        if self.tier_up == Thresholds::NEVER {
            return None;
        }
        let start = HotCount {
            calls: self.tier_up.calls,
            back_edges: self.tier_up.back_edges,
            armed_calls: self.tier_up.calls,
        };
        let hot = self
            .hot
            .0
            .get_or_insert_with(|| vec![start; program.funcs.len()].into_boxed_slice());
        hot.get_mut(func.index()).map(|h| h as *mut HotCount)
    }

    /// Installs what `built` made for `request` in the code cache, on the
    /// VM's thread, and records, traces and maps it: the code, unless the
    /// compile or the install failed.
    fn finish(
        &mut self,
        program: &Program,
        request: &Request<'_>,
        built: Built,
        queued: Queued,
    ) -> Option<Compiled> {
        let f = program.func(request.func);
        let installed = match &built.code {
            Ok(code) => self
                .code_cache
                .install(&code.code)
                .map_err(CompileError::from),
            Err(e) => Err(e.clone()),
        };
        let code = self.record(f, request, &built, installed, queued);
        // As the interpreter does, the function's ordinary code comes at
        // its next call after on-stack-replacement code: its baseline
        // code's countdown made to end there.
        if let (Some(_), Some(_), Some(hot)) = (&code, request.osr, &mut self.hot.0) {
            hot[request.func.index()].calls = 1;
        }
        code
    }

    /// Makes the compile's result, and records, traces and maps it.
    fn record(
        &mut self,
        f: &vm::Function,
        request: &Request<'_>,
        built: &Built,
        installed: Result<(*const u8, code_cache::CodeHandle), CompileError>,
        queued: Queued,
    ) -> Option<Compiled> {
        let result = installed.map(|(at, handle)| {
            // SAFETY: the code at `at` was assembled by `emit` (or the
            // baseline compiler) as a function with the System V calling
            // convention and the signature of `Entry`, and is executable
            // and read-only in the code cache, which `handle` (kept in
            // `owner`) keeps mapped.
            let entry: Entry = unsafe { std::mem::transmute::<*const u8, Entry>(at) };
            Compiled {
                entry,
                code_bytes: built.stats.code_bytes,
                owner: Box::new(handle),
            }
        });
        let entry_line = request
            .osr
            .and_then(|pc| f.positions.get(pc as usize))
            .map(|p| p.line);
        // The VM's thread waited from `asked` on: for the whole compile
        // on its own thread; in the background, for the request and the
        // install (`asked` is moved back by the request's share).
        let pause = queued.asked.elapsed();
        let record = CompileRecord {
            id: self.compiles,
            tid: built.tid,
            function: f.name.clone(),
            trigger: request.trigger,
            tier: built.tier,
            entry_line,
            stats: built.stats,
            code_bytes: if result.is_ok() {
                built.stats.code_bytes
            } else {
                0
            },
            times: built.times,
            work: built.work,
            total: built.total,
            started: built.start.duration_since(self.epoch),
            queued: built.start.saturating_duration_since(request.made),
            queue_len: queued.queue_len,
            pause,
            worker: built.worker,
            vm_tid: crate::driver::build::thread_id(),
            installed: Instant::now().saturating_duration_since(self.epoch),
            error: result.as_ref().err().cloned(),
        };
        self.compiles += 1;
        for listener in &mut self.listeners {
            listener.compiled(&record);
        }
        self.records.push(record);
        let mut compiled = result.ok()?;
        let address = compiled.entry as usize as u64;
        let emitted = built
            .code
            .as_ref()
            .ok()
            .filter(|_| self.settings().keep_code);
        if let (Some(map), Some(emitted)) = (&mut self.code_map, emitted) {
            map.insert(request.func, address, emitted.code.len(), &emitted.lines);
        }
        if self.glue_shown.is_none() {
            self.show_glue();
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
        let kept = self.tell_installed(&installed);
        if !kept.is_empty() {
            let owner = std::mem::replace(&mut compiled.owner, Box::new(()));
            compiled.owner = Box::new((owner, kept));
        }
        Some(compiled)
    }

    /// Tells every listener of `installed`; what they return lives as
    /// long as the code.
    fn tell_installed(&mut self, installed: &Installed<'_>) -> Vec<Box<dyn std::any::Any>> {
        self.listeners
            .iter_mut()
            .filter_map(|l| l.installed(installed))
            .collect()
    }

    /// Tells the listeners of the glue, as code named `glue` with no
    /// lines, so that perf's map, jitdump and a debugger name what runs
    /// there.
    fn show_glue(&mut self) {
        let Ok(glue) = crate::backend::glue::glue() else {
            return;
        };
        let (code, _) = glue.code();
        let installed = Installed {
            function: "glue",
            entry_line: None,
            address: glue.address(),
            size: code.len(),
            code: Some(code),
            lines: &[],
            first_line: 1,
        };
        self.glue_shown = Some(self.tell_installed(&installed));
    }
}

/// The VM's thread's side of a compile, for its record.
struct Queued {
    /// When the VM's thread began its part: the request, for a compile
    /// made on this thread; moved back by the request's share for one
    /// made in the background.
    asked: Instant,
    /// How many requests waited when it joined the queue (0 for a
    /// compile on the VM's thread).
    queue_len: usize,
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
