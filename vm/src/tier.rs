//! The interpreter's view of a compiler, and the tier-up policy in one
//! place: the thresholds, the trait through which it asks for machine
//! code (at once, or queued for a compiler's own threads and installed
//! at the policy's poll points: the counts at which a call or a back-edge
//! is handed to it), the calling convention of that code, and `Tiers`,
//! the policy's state (when to offer each function, what is queued, what
//! was compiled, which code is retired but still mapped). `vm` never
//! depends on the compiler; the command line hands it an implementation.

use crate::bytecode::{FuncId, Program};
use crate::profile::sampler::{Activity, Position};
use crate::profile::FuncProfile;
use crate::runtime::Output;
use std::any::Any;
use std::ffi::c_void;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

/// What made a function hot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// Its call count reached the call threshold.
    Calls,
    /// Its taken back-edge count reached the loop threshold: the ordinary
    /// compile at the first call after on-stack replacement was offered.
    BackEdges,
    /// Compiled before its first call (`--tier jit`).
    Eager,
    /// On-stack replacement: compiled to take over a running interpreted
    /// activation at a loop header (`Request::osr`).
    Osr,
}

impl Trigger {
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Calls => "calls",
            Trigger::BackEdges => "back-edges",
            Trigger::Eager => "eager",
            Trigger::Osr => "osr",
        }
    }
}

/// What the tier-up policy asks a compiler for: code for `func`, entered
/// at its start or, for on-stack replacement, at the loop header `osr`;
/// with the profile's call counts, which are all of the profile the
/// compiler reads.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    pub func: FuncId,
    pub trigger: Trigger,
    /// The loop header (an instruction index) the code takes a running
    /// activation over at; `Some` exactly when `trigger` is `Osr`.
    pub osr: Option<u32>,
    pub calls: CallCounts<'a>,
    /// The count at which the policy that asked calls a function hot: its
    /// call threshold (`Thresholds::calls`). A callee counted that many
    /// calls was hot even where its count stopped there: optimized code
    /// counts no calls, so a callee compiled at its threshold keeps that
    /// count however often its caller's loop calls it.
    pub hot_calls: u64,
    /// When it was made.
    pub made: Instant,
}

/// The profile's call counts as a compile reads them.
#[derive(Clone, Debug)]
pub enum CallCounts<'a> {
    /// The VM's own, in place: for a compile on the VM's thread, during
    /// which nothing counts.
    Live(&'a [FuncProfile]),
    /// Copied when the request was queued for a compiler thread, so that
    /// it reads no count the interpreter is writing: the counts of the
    /// functions the compile may read (`Request::detached`), by function,
    /// sorted.
    Snapshot(Arc<[(FuncId, u64)]>),
}

impl<'a> Request<'a> {
    /// A request for `func`, reading the profile's counts in `counts`, from
    /// a policy that calls a function hot at `hot_calls` calls.
    pub fn new(
        func: FuncId,
        trigger: Trigger,
        osr: Option<u32>,
        counts: &'a [FuncProfile],
        hot_calls: u64,
    ) -> Request<'a> {
        Request {
            func,
            trigger,
            osr,
            calls: CallCounts::Live(counts),
            hot_calls,
            made: Instant::now(),
        }
    }

    /// The request with the counts of `reads` (the functions the compile
    /// may read the counts of, in any order, repeats allowed; the
    /// request's function is always kept) as of now copied, to hand to
    /// another thread: paid by a request queued, in proportion to what the
    /// compile reads, not to the program.
    pub fn detached(&self, reads: impl IntoIterator<Item = FuncId>) -> Request<'static> {
        let mut calls: Vec<(FuncId, u64)> = std::iter::once(self.func)
            .chain(reads)
            .map(|f| (f, self.calls.of(f)))
            .collect();
        calls.sort_unstable_by_key(|&(f, _)| f);
        calls.dedup_by_key(|&mut (f, _)| f);
        Request {
            func: self.func,
            trigger: self.trigger,
            osr: self.osr,
            calls: CallCounts::Snapshot(calls.into()),
            hot_calls: self.hot_calls,
            made: self.made,
        }
    }

    /// How many calls of `f` the profile had counted (`CallCounts::of`).
    pub fn calls_of(&self, f: FuncId) -> u64 {
        self.calls.of(f)
    }
}

impl CallCounts<'_> {
    /// How many calls of `f` the profile had counted (direct calls
    /// between compiled functions count only under `--profile`); 0 for a
    /// function the program does not have, or a snapshot left out.
    pub fn of(&self, f: FuncId) -> u64 {
        match self {
            CallCounts::Live(counts) => counts.get(f.index()).map_or(0, |c| c.calls),
            CallCounts::Snapshot(calls) => calls
                .binary_search_by_key(&f, |&(g, _)| g)
                .map_or(0, |k| calls[k].1),
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

/// What compiled code returns: its result, and whether it trapped (the
/// trap itself is recorded in the VM). Returned in `rax:rdx`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JitReturn {
    pub value: u64,
    pub trapped: u64,
}

/// A compiled function's entry: `vm` is the running `Vm`, passed back to
/// the runtime helpers in `native`; `args` points at its arguments.
pub type Entry = unsafe extern "sysv64" fn(vm: *mut c_void, args: *const u64) -> JitReturn;

/// Machine code for one function. `owner` keeps its executable memory
/// mapped for as long as the entry may be called.
pub struct Compiled {
    pub entry: Entry,
    pub code_bytes: usize,
    pub owner: Box<dyn Any>,
}

/// The linear memory as compiled code sees it; it never moves.
#[derive(Clone, Copy, Debug)]
pub struct MemoryView {
    pub base: *mut u64,
    pub cells: usize,
}

/// The call accounting all tiers share, at a fixed address so compiled
/// code can make the interpreter's checks inline on a direct call.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct CallState {
    /// The call depth of the frame running now.
    pub depth: usize,
    /// Register-stack slots in use. Compiled frames reserve their bytecode
    /// frame size only where the register stack could fill before the call
    /// depth reaches its limit (`JitEnv::count_slots`), so the stack limit
    /// trips at the same call in every tier; elsewhere only interpreted
    /// frames use it.
    pub stack_top: usize,
    pub max_depth: usize,
    pub max_slots: usize,
    /// Below this native stack address, calls no longer enter compiled
    /// code (whose frames are on the native stack) but run in the
    /// interpreter (whose frames are on the heap): deep recursion then only
    /// gets slower, and every tier still traps at the same call. 0 where
    /// the thread's stack is unknown.
    pub native_floor: usize,
    /// Where the innermost compiled entry frame's return address is: a
    /// trap in compiled code loads it into `rsp` and returns, unwinding
    /// every compiled frame above that entry at once. Each external entry
    /// saves the value it replaces and restores it on the way out.
    pub entry_sp: usize,
    /// The VM the innermost external entry was called with, which every
    /// runtime helper takes first: compiled code keeps no register for it.
    /// Entries nested through the interpreter store the same VM.
    pub vm: usize,
    /// The address of the table of each function's compiled entry
    /// (`JitEnv::entries`), for code shared by every function (the JIT's
    /// glue) to look callees up in.
    pub entries: usize,
}

/// Offsets of `CallState`'s fields, for the emitter.
pub const STATE_DEPTH: i32 = 0;
pub const STATE_STACK_TOP: i32 = 8;
pub const STATE_MAX_DEPTH: i32 = 16;
pub const STATE_MAX_SLOTS: i32 = 24;
pub const STATE_NATIVE_FLOOR: i32 = 32;
pub const STATE_ENTRY_SP: i32 = 40;
pub const STATE_VM: i32 = 48;
pub const STATE_ENTRIES: i32 = 56;
const _: () = {
    use std::mem::offset_of;
    assert!(offset_of!(CallState, depth) == STATE_DEPTH as usize);
    assert!(offset_of!(CallState, stack_top) == STATE_STACK_TOP as usize);
    assert!(offset_of!(CallState, max_depth) == STATE_MAX_DEPTH as usize);
    assert!(offset_of!(CallState, max_slots) == STATE_MAX_SLOTS as usize);
    assert!(offset_of!(CallState, native_floor) == STATE_NATIVE_FLOOR as usize);
    assert!(offset_of!(CallState, entry_sp) == STATE_ENTRY_SP as usize);
    assert!(offset_of!(CallState, vm) == STATE_VM as usize);
    assert!(offset_of!(CallState, entries) == STATE_ENTRIES as usize);
};

/// Room kept below the floor for what runs there: the runtime helpers, the
/// interpreter's own frames, a compile, and the largest compiled frame
/// (1 MiB) of a call made just above the floor.
const NATIVE_MARGIN: usize = 4 << 20;

/// The native stack floor of the calling thread (see
/// `CallState::native_floor`): its lowest address plus a margin, at most
/// half its size; 0 if it cannot be found.
pub fn native_floor() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut attr = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
        let (mut addr, mut size) = (std::ptr::null_mut(), 0usize);
        // SAFETY: `attr` is initialized by `pthread_getattr_np` before it is
        // read, and destroyed once; `addr` and `size` are plain outputs.
        let found = unsafe {
            if libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()) != 0 {
                return 0;
            }
            let found = libc::pthread_attr_getstack(attr.as_ptr(), &mut addr, &mut size) == 0;
            libc::pthread_attr_destroy(attr.as_mut_ptr());
            found
        };
        if found {
            return addr as usize + NATIVE_MARGIN.min(size / 2);
        }
    }
    0
}

/// Whether the calling thread's stack is below `floor`.
#[inline]
pub fn native_stack_low(floor: usize) -> bool {
    let here = 0u8;
    (std::ptr::addr_of!(here) as usize) < floor
}

/// What compiled code may address directly, all of it fixed for the life
/// of the VM that compiles it.
#[derive(Clone, Copy, Debug)]
pub struct JitEnv {
    pub memory: MemoryView,
    pub state: *mut CallState,
    /// Entry point of each function (by `FuncId`) once compiled, else 0.
    pub entries: *const usize,
    /// Each function's call count: `call_counts + stride * id` bytes.
    pub call_counts: *mut u64,
    pub count_stride: usize,
    /// Whether direct calls must count (only `--profile` reads the counts
    /// of functions that are already compiled).
    pub count_calls: bool,
    /// Whether calls must account for the register stack as well as the
    /// depth: only when the call-depth limit times the program's widest
    /// frame exceeds the register stack's limit can the stack fill first
    /// (see `Vm::slots_can_trip`). Otherwise a call checks the depth alone.
    pub count_slots: bool,
}

/// A compiler. Each function is offered at most once, at the moment its
/// count reaches a threshold (or before its first call, when eager; or at
/// the first call after its loops reached theirs), so which compiles are
/// asked for depends only on the program and its inputs. `None` is a
/// refusal and final: the function stays in the tier it is in.
///
/// A compiler may also compile in the background, on threads of its own
/// (`background`): the policy then queues its requests (`queue`) and
/// installs what comes back at its poll points (`ready`, `finished`),
/// while the program goes on in the tier it is in. Requests made before a
/// function's first call (eager tiers) are still compiled at once.
pub trait Compiler {
    /// Compiles what `request` asks for, now, on this thread.
    fn compile(&mut self, program: &Program, request: &Request, env: JitEnv) -> Option<Compiled>;

    /// Whether this compiler runs requests on threads of its own.
    fn background(&self) -> bool {
        false
    }

    /// Queues `request` for a compiler thread, with a copy of the counts
    /// the compile may read (`Request::detached`); false if the queue
    /// turned it away (it is full), and the policy asks again later.
    fn queue(&mut self, _request: &Request<'_>, _env: JitEnv) -> bool {
        false
    }

    /// Whether a queued compile has finished and waits for `finished`:
    /// cheap, since the policy asks at each of its poll points.
    fn ready(&self) -> bool {
        false
    }

    /// Hands each finished compile to `install`, in the order they
    /// finished, with what became of it.
    fn finished(&mut self, _install: &mut dyn FnMut(Request<'static>, Finished)) {}

    /// The policy will look for `func`'s code again: code of this
    /// compiler's that asks the policy (baseline code's countdowns) is to
    /// ask again after `look.calls` more calls and `look.back_edges` more
    /// back-edges, where they are given.
    fn look_again(&mut self, _func: FuncId, _look: Look) {}

    /// The calls `func`'s code counted down before it last asked the
    /// policy (`offer_hot`), for code that counts calls that way rather
    /// than one by one into the profile: 0 by default.
    fn calls_counted_down(&self, _func: FuncId) -> u64 {
        0
    }

    /// The bytecode instruction (function, index) whose compiled code
    /// holds the machine `address`, for the time profiler; `None` outside
    /// compiled code, and by default (a compiler that keeps no code map).
    fn locate(&self, _address: u64) -> Option<(FuncId, u32)> {
        None
    }
}

/// What became of a queued request.
pub enum Finished {
    /// Compiled and installed in the compiler's code cache.
    Code(Compiled),
    /// Refused: final, as `compile`'s `None`.
    Refused,
    /// Dropped from the queue for hotter requests: the policy may ask
    /// again.
    Dropped,
}

/// When compiled code asks the policy again (`Compiler::look_again`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub calls: Option<u64>,
    pub back_edges: Option<u64>,
}

impl Look {
    /// Looks for ordinary code: by calls, and by back-edges, since a long
    /// activation's loops would otherwise not look before it ends.
    const ORDINARY: Look = Look {
        calls: Some(POLL_CALLS),
        back_edges: Some(POLL_BACK_EDGES),
    };
}

/// How often a function whose compile is queued looks for its code: every
/// this many of its calls, and of its back-edges. Between looks it runs
/// in its tier at full speed; a look costs a trip out of the machine-code
/// loop and one atomic load.
pub const POLL_CALLS: u64 = 16;
pub const POLL_BACK_EDGES: u64 = 1024;

/// What the tier-up policy reads and writes of the running VM when a call
/// or a back-edge hands it a function: the program, the profile's counts,
/// the addresses compiled code may embed, and the output, flushed before
/// a compile on the VM's thread.
pub(crate) struct Running<'a> {
    pub(crate) program: &'a Program,
    pub(crate) counts: &'a mut [FuncProfile],
    pub(crate) env: JitEnv,
    pub(crate) out: &'a mut Output,
}

/// The tier-up policy's state: when to offer functions to the compiler,
/// and what it made of them.
pub(crate) struct Tiers<'p> {
    pub(crate) compiler: Option<Box<dyn Compiler + 'p>>,
    pub(crate) thresholds: Thresholds,
    /// Offer every function before its first call.
    pub(crate) eager: bool,
    pub(crate) compiled: Vec<Option<Compiled>>,
    /// On-stack-replacement code, kept mapped for the life of the VM (an
    /// activation may still be running it).
    pub(crate) osr: Vec<Compiled>,
    /// Entry points by function, 0 if not compiled: read by compiled code.
    pub(crate) entries: Box<[usize]>,
    /// Per function, the call count from which a call is not the
    /// machine-code loop's: the policy's threshold until the function is
    /// offered, then 0 if it got compiled (calls go to its code), the
    /// count of its next look while its compile is queued, or `u64::MAX`
    /// if it is done with (refused, or no compiler).
    pub(crate) offer_at: Box<[u64]>,
    pub(crate) offered: Vec<bool>,
    /// Per function, whether its code asked for better code when hot
    /// (`offer_hot`): at most once.
    pub(crate) hot_offered: Vec<bool>,
    /// Per function, a background compile of its ordinary code queued and
    /// not yet installed.
    pub(crate) queued: Vec<bool>,
    /// Per function, where its on-stack-replacement code is.
    pub(crate) osr_state: Vec<OsrState>,
    /// Code replaced by better code, kept mapped for the life of the VM
    /// (an activation may still be running it).
    pub(crate) retired: Vec<Compiled>,
    /// The VM's position, to say when it is compiling.
    pub(crate) position: Rc<Position>,
}

/// Where a function's on-stack-replacement code is.
#[derive(Clone, Copy, Debug)]
pub(crate) enum OsrState {
    /// Not asked for yet.
    Unasked,
    /// Queued, or compiling in the background.
    Asked,
    /// Made in the background, for the loop header at `pc`, and installed:
    /// an activation reaching that header goes on in it. `misses` counts
    /// the looks at other headers since: an activation that no longer
    /// comes back to `pc` (its loop ended while the code was made) gets
    /// code for the header it is at instead.
    Ready { pc: u32, entry: Entry, misses: u64 },
    /// Compiled at once when asked, or refused: not asked again.
    Done,
}

/// What became of a request the policy meant for the background.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Queued {
    /// Queued: its code comes later.
    Yes,
    /// The queue is full: ask again later.
    Full,
    /// No compiler thread: compile now.
    No,
}

impl<'p> Tiers<'p> {
    /// The state of a VM with `n` functions and no compiler yet.
    pub(crate) fn new(n: usize, position: Rc<Position>) -> Tiers<'p> {
        Tiers {
            compiler: None,
            thresholds: Thresholds::NEVER,
            eager: false,
            compiled: (0..n).map(|_| None).collect(),
            osr: Vec::new(),
            entries: vec![0; n].into_boxed_slice(),
            offer_at: vec![u64::MAX; n].into_boxed_slice(),
            offered: vec![false; n],
            hot_offered: vec![false; n],
            queued: vec![false; n],
            osr_state: vec![OsrState::Unasked; n],
            retired: Vec::new(),
            position,
        }
    }

    /// Whether a call of `f`, its `calls`th, is the policy's business: it
    /// makes `f` hot, or `f`'s queued compile is due a look.
    pub(crate) fn wants(&self, f: FuncId, calls: u64) -> bool {
        calls >= self.offer_at[f.index()] && (!self.offered[f.index()] || self.queued[f.index()])
    }

    /// What a call that the policy wants makes hot: its loops, when they
    /// crossed their threshold (and got on-stack-replacement code rather
    /// than the ordinary kind, `offer_osr`), else the calls.
    pub(crate) fn trigger(&self, back_edges: u64) -> Trigger {
        if self.eager {
            Trigger::Eager
        } else if back_edges >= self.thresholds.back_edges {
            Trigger::BackEdges
        } else {
            Trigger::Calls
        }
    }

    /// The policy's part in the `calls`th call of `f`, which it wants:
    /// offers `f` once, or looks for the code of its queued compile.
    pub(crate) fn at_call(&mut self, f: FuncId, vm: &mut Running<'_>) {
        if self.queued[f.index()] {
            self.poll(vm.out);
            if self.queued[f.index()] {
                self.offer_at[f.index()] = vm.counts[f.index()].calls.saturating_add(POLL_CALLS);
            }
            return;
        }
        let trigger = self.trigger(vm.counts[f.index()].back_edges);
        self.offer(f, trigger, vm);
    }

    /// Offers `f` to the compiler, once. Output is flushed first: should
    /// memory run out beyond what a compile may fall back on, the process
    /// ends, and nothing printed is lost.
    pub(crate) fn offer(&mut self, f: FuncId, trigger: Trigger, vm: &mut Running<'_>) {
        if std::mem::replace(&mut self.offered[f.index()], true) {
            return;
        }
        self.offer_at[f.index()] = u64::MAX;
        let request = Request::new(f, trigger, None, &*vm.counts, self.thresholds.calls);
        let next_look = vm.counts[f.index()].calls.saturating_add(POLL_CALLS);
        match self.queue(&request, vm.env) {
            Queued::Yes => {
                self.queued[f.index()] = true;
                self.offer_at[f.index()] = next_look;
                // Its loops look for the code too (`at_back_edge`).
                let c = &mut vm.counts[f.index()];
                let look = c.back_edges.saturating_add(POLL_BACK_EDGES);
                if c.osr_at <= c.back_edges || c.osr_at > look {
                    c.osr_at = look;
                }
            }
            Queued::Full => {
                self.offered[f.index()] = false;
                self.offer_at[f.index()] = next_look;
            }
            Queued::No => {
                self.compile(&request, vm.program, vm.env, vm.out);
            }
        }
    }

    /// Queues `request` if the compiler compiles in the background; what
    /// is compiled before a function's first call never is.
    fn queue(&mut self, request: &Request<'_>, env: JitEnv) -> Queued {
        match &mut self.compiler {
            Some(compiler) if compiler.background() && request.trigger != Trigger::Eager => {
                match compiler.queue(request, env) {
                    true => Queued::Yes,
                    false => Queued::Full,
                }
            }
            _ => Queued::No,
        }
    }

    /// Compiles `request` now, output flushed first; if code comes, it is
    /// installed.
    pub(crate) fn compile(
        &mut self,
        request: &Request<'_>,
        program: &Program,
        env: JitEnv,
        out: &mut Output,
    ) -> Option<Entry> {
        let compiler = self.compiler.as_mut()?;
        out.flush();
        let code = self.position.during(
            Activity::Compiling,
            request.func,
            request.osr.unwrap_or(0),
            || compiler.compile(program, request, env),
        );
        self.install(request, code)
    }

    /// Makes `code`, compiled for `request`, the code it runs: calls go to
    /// ordinary code from now on (the code it replaces stays mapped for
    /// activations still running it); on-stack-replacement code is kept
    /// for the life of the VM. The entry, if code came.
    fn install(&mut self, request: &Request<'_>, code: Option<Compiled>) -> Option<Entry> {
        let f = request.func.index();
        let code = code?;
        let entry = code.entry;
        if request.osr.is_some() {
            self.osr.push(code);
            return Some(entry);
        }
        self.entries[f] = entry as usize;
        self.offer_at[f] = 0;
        if let Some(old) = self.compiled[f].replace(code) {
            self.retired.push(old);
        }
        Some(entry)
    }

    /// Installs every background compile that has finished. A compile
    /// that ran out of memory beyond the allocator's reserve ends the
    /// process here, with everything printed so far written out.
    pub(crate) fn poll(&mut self, out: &mut Output) {
        if crate::runtime::alloc::compile_ran_out() {
            out.flush();
            crate::runtime::alloc::out_of_memory_while_compiling();
        }
        let Some(compiler) = self.compiler.as_mut().filter(|c| c.ready()) else {
            return;
        };
        let mut done = Vec::new();
        compiler.finished(&mut |request, finished| done.push((request, finished)));
        for (request, finished) in done {
            let f = request.func.index();
            let code = match finished {
                Finished::Code(code) => Some(code),
                Finished::Refused => None,
                Finished::Dropped => {
                    self.dropped(&request);
                    continue;
                }
            };
            match request.osr {
                Some(pc) => {
                    self.osr_state[f] = match self.install(&request, code) {
                        Some(entry) => OsrState::Ready {
                            pc,
                            entry,
                            misses: 0,
                        },
                        None => OsrState::Done,
                    };
                }
                None => {
                    self.queued[f] = false;
                    if self.install(&request, code).is_none() && self.offer_at[f] != 0 {
                        self.offer_at[f] = u64::MAX;
                    }
                }
            }
        }
    }

    /// `request` was dropped from the queue: it may be asked again, at the
    /// next call of its function or look at its loops.
    fn dropped(&mut self, request: &Request<'_>) {
        let f = request.func.index();
        let look = match request.osr {
            Some(_) => Look {
                calls: None,
                back_edges: Some(POLL_BACK_EDGES),
            },
            None => Look::ORDINARY,
        };
        self.look_again(request.func, look);
        if request.osr.is_some() {
            self.osr_state[f] = OsrState::Unasked;
            return;
        }
        self.queued[f] = false;
        self.hot_offered[f] = false;
        if self.compiled[f].is_none() {
            self.offered[f] = false;
            self.offer_at[f] = self.thresholds.calls;
        }
    }

    /// Offers `f`, whose compiled code found itself hot (`Trigger::Calls`),
    /// to the compiler again, once: a first tier's code asks for the next
    /// tier's. In the background, later asks look for that code.
    pub(crate) fn offer_hot(&mut self, f: FuncId, vm: &mut Running<'_>) {
        // The calls a countdown counted are the profile's: without them a
        // compile in the default tier, whose baseline code counts no call
        // one by one (unless it counts them for `--profile`), would see no
        // callee hot and inline none for it.
        if let Some(compiler) = self.compiler.as_ref().filter(|_| !vm.env.count_calls) {
            let calls = &mut vm.counts[f.index()].calls;
            *calls = calls.saturating_add(compiler.calls_counted_down(f));
        }
        if std::mem::replace(&mut self.hot_offered[f.index()], true) {
            self.poll(vm.out);
            if self.queued[f.index()] {
                self.look_again(f, Look::ORDINARY);
            }
            return;
        }
        let request = Request::new(f, Trigger::Calls, None, &*vm.counts, self.thresholds.calls);
        match self.queue(&request, vm.env) {
            Queued::Yes => {
                self.queued[f.index()] = true;
                self.look_again(f, Look::ORDINARY);
            }
            Queued::Full => {
                self.hot_offered[f.index()] = false;
                self.look_again(f, Look::ORDINARY);
            }
            Queued::No => {
                self.compile(&request, vm.program, vm.env, vm.out);
            }
        }
    }

    /// Code to take over an activation of `f` that compiled code is
    /// running, at `pc`, its loops being hot: asked once per function; in
    /// the background, later asks look for it.
    pub(crate) fn offer_hot_osr(
        &mut self,
        f: FuncId,
        pc: u32,
        vm: &mut Running<'_>,
    ) -> Option<Entry> {
        if self.queued[f.index()] {
            self.poll(vm.out);
        }
        let entry = match self.osr_state[f.index()] {
            OsrState::Unasked => self.osr_code(f, pc, vm),
            OsrState::Asked | OsrState::Ready { .. } => self.look_for_osr(f, pc, vm),
            OsrState::Done => None,
        };
        // As `at_back_edge` arms the interpreter's looks.
        let back_edges = match self.osr_state[f.index()] {
            OsrState::Ready { .. } => Some(1),
            OsrState::Asked => Some(POLL_BACK_EDGES),
            _ if self.queued[f.index()] => Some(POLL_BACK_EDGES),
            _ => None,
        };
        if back_edges.is_some() {
            let look = Look {
                calls: None,
                back_edges,
            };
            self.look_again(f, look);
        }
        entry
    }

    /// Tells the compiler when the policy will look for `f`'s code again.
    fn look_again(&mut self, f: FuncId, look: Look) {
        if let Some(compiler) = &mut self.compiler {
            compiler.look_again(f, look);
        }
    }

    /// On-stack-replacement code for `f` at `pc`: compiled now (its
    /// entry), or queued, or turned away by a full queue (`None`: the
    /// activation goes on, and looks or asks again later).
    fn osr_code(&mut self, f: FuncId, pc: u32, vm: &mut Running<'_>) -> Option<Entry> {
        let request = Request::new(
            f,
            Trigger::Osr,
            Some(pc),
            &*vm.counts,
            self.thresholds.calls,
        );
        match self.queue(&request, vm.env) {
            Queued::Yes => {
                self.osr_state[f.index()] = OsrState::Asked;
                None
            }
            Queued::Full => None,
            Queued::No => {
                self.osr_state[f.index()] = OsrState::Done;
                self.compile(&request, vm.program, vm.env, vm.out)
            }
        }
    }

    /// The on-stack-replacement code made in the background for `f`, if
    /// it is installed and made for `pc`. After `POLL_BACK_EDGES` looks at
    /// other headers, code for `pc` is asked for instead.
    fn look_for_osr(&mut self, f: FuncId, pc: u32, vm: &mut Running<'_>) -> Option<Entry> {
        if matches!(self.osr_state[f.index()], OsrState::Asked) {
            self.poll(vm.out);
        }
        match &mut self.osr_state[f.index()] {
            OsrState::Ready { pc: at, entry, .. } if *at == pc => Some(*entry),
            OsrState::Ready { misses, .. } => {
                *misses += 1;
                if *misses <= POLL_BACK_EDGES {
                    return None;
                }
                *misses = 0;
                self.osr_code(f, pc, vm)
            }
            _ => None,
        }
    }

    /// The policy's part when `f`'s back-edges reach the count of its next
    /// look (`FuncProfile::osr_at`) at the loop header `pc`: asks for code
    /// to take the running activation over, or looks for code asked for in
    /// the background (on-stack-replacement code, or `f`'s ordinary code,
    /// which a long activation would otherwise not look for until it
    /// ends). The entry of code to go on in, if there is some now; the
    /// count of the next look is set while one is due.
    ///
    /// The ask is all a loop threshold compiles: the activation that
    /// crossed it may be the only one (`main`), so `f`'s ordinary code
    /// waits for its next call, which offers it as `Trigger::BackEdges`. A
    /// function offered already and refused is not asked.
    pub(crate) fn at_back_edge(
        &mut self,
        f: FuncId,
        pc: u32,
        vm: &mut Running<'_>,
    ) -> Option<Entry> {
        let i = f.index();
        let back_edges = vm.counts[i].back_edges;
        if self.queued[i] {
            self.poll(vm.out);
        }
        let threshold = self.thresholds.back_edges;
        let entry = match self.osr_state[i] {
            OsrState::Done => None,
            OsrState::Asked | OsrState::Ready { .. } => self.look_for_osr(f, pc, vm),
            OsrState::Unasked => {
                let refused = self.offered[i] && self.compiled[i].is_none() && !self.queued[i];
                if back_edges < threshold || self.eager || refused {
                    None
                } else {
                    let next_call = vm.counts[i].calls.saturating_add(1);
                    self.offer_at[i] = self.offer_at[i].min(next_call);
                    self.osr_code(f, pc, vm)
                }
            }
        };
        // Code made for a loop header is looked for at every back edge
        // until an activation reaches that header (in a nest, the outer
        // header comes round once per inner loop; a later activation,
        // at its first), as V8 arms its loops for on-stack replacement: a
        // look every `POLL_BACK_EDGES` could keep falling on the inner
        // loop's back edges.
        let next_look = match self.osr_state[i] {
            OsrState::Ready { .. } => Some(1),
            OsrState::Asked => Some(POLL_BACK_EDGES),
            OsrState::Unasked if back_edges < threshold => {
                // Ask at the threshold, look for queued code before.
                let ask = threshold - back_edges;
                Some(if self.queued[i] {
                    ask.min(POLL_BACK_EDGES)
                } else {
                    ask
                })
            }
            _ if self.queued[i] => Some(POLL_BACK_EDGES),
            _ => None,
        };
        if let Some(next) = next_look {
            vm.counts[i].osr_at = back_edges.saturating_add(next);
        }
        entry
    }
}
