//! The interpreter's view of a compiler, and the tier-up policy in one
//! place: the thresholds, the trait through which it asks for machine
//! code, the calling convention of that code, and `Tiers`, the policy's
//! state (when to offer each function, what was compiled, which code is
//! retired but still mapped). `vm` never depends on the compiler; the command
//! line hands it an implementation.

use crate::bytecode::{FuncId, Program};
use crate::profile::sampler::{Activity, Position};
use crate::runtime::Output;
use std::any::Any;
use std::ffi::c_void;
use std::rc::Rc;

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
    /// activation at a loop header (see `Compiler::compile_osr`).
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
}

/// Offsets of `CallState`'s fields, for the emitter.
pub const STATE_DEPTH: i32 = 0;
pub const STATE_STACK_TOP: i32 = 8;
pub const STATE_MAX_DEPTH: i32 = 16;
pub const STATE_MAX_SLOTS: i32 = 24;
pub const STATE_NATIVE_FLOOR: i32 = 32;
pub const STATE_ENTRY_SP: i32 = 40;

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

impl JitEnv {
    /// How many calls of `f` the profile has counted so far (direct calls
    /// between compiled functions count only when `count_calls`).
    pub fn calls_of(&self, f: FuncId) -> u64 {
        // SAFETY: `call_counts` points at one count per function of the
        // program, `count_stride` bytes apart (the VM's profile, or a
        // tool's scratch table), valid while the VM compiles; a compile
        // runs on the VM's thread between instructions, so nothing writes
        // the counts meanwhile. `f` is one of the program's functions.
        unsafe {
            self.call_counts
                .cast::<u8>()
                .add(self.count_stride * f.index())
                .cast::<u64>()
                .read()
        }
    }
}

/// A compiler. Each function is offered at most once, at the moment its
/// count reaches a threshold (or before its first call, when eager; or at
/// the first call after its loops reached theirs), so tier-up depends only
/// on the program and its inputs. `None` is a refusal
/// and final: the function stays in the interpreter.
pub trait Compiler {
    fn compile(
        &mut self,
        program: &Program,
        func: FuncId,
        trigger: Trigger,
        env: JitEnv,
    ) -> Option<Compiled>;

    /// On-stack replacement: code that takes over an activation of `func`
    /// the interpreter is running, at the start of instruction `pc` (the
    /// target of a back-edge), and runs it to its return. Its `Entry` gets
    /// the interpreter's frame as `args` (every register, from slot 0) and
    /// returns the activation's result. It runs at the frame's own depth,
    /// with `CallState::stack_top` at the frame's end, and calls `func`
    /// through the ordinary entry. Offered once per function, when its
    /// back-edges reach the threshold, unless `compile` refused it before;
    /// the ordinary code comes at the function's next call. `None` (the
    /// default) leaves the activation in the interpreter.
    fn compile_osr(
        &mut self,
        _program: &Program,
        _func: FuncId,
        _pc: u32,
        _env: JitEnv,
    ) -> Option<Compiled> {
        None
    }

    /// The bytecode instruction (function, index) whose compiled code
    /// holds the machine `address`, for the time profiler; `None` outside
    /// compiled code, and by default (a compiler that keeps no code map).
    fn locate(&self, _address: u64) -> Option<(FuncId, u32)> {
        None
    }
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
    /// offered, then 0 if it got compiled (calls go to its code) or
    /// `u64::MAX` if not (or with no compiler).
    pub(crate) offer_at: Box<[u64]>,
    pub(crate) offered: Vec<bool>,
    /// Per function, whether its code asked for better code when hot
    /// (`offer_hot`), and for on-stack-replacement code (`offer_hot_osr`):
    /// each at most once.
    pub(crate) hot_offered: Vec<bool>,
    pub(crate) hot_osr_offered: Vec<bool>,
    /// Code replaced by better code, kept mapped for the life of the VM
    /// (an activation may still be running it).
    pub(crate) retired: Vec<Compiled>,
    /// The VM's position, to say when it is compiling.
    pub(crate) position: Rc<Position>,
}

impl Tiers<'_> {
    pub(crate) fn wants(&self, f: FuncId, calls: u64) -> bool {
        calls >= self.offer_at[f.index()] && !self.offered[f.index()]
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

    /// Offers `f` to the compiler, once. Output is flushed first: should
    /// memory run out beyond what a compile may fall back on, the process
    /// ends, and nothing printed is lost.
    pub(crate) fn offer(
        &mut self,
        program: &Program,
        f: FuncId,
        trigger: Trigger,
        env: JitEnv,
        out: &mut Output,
    ) {
        if std::mem::replace(&mut self.offered[f.index()], true) {
            return;
        }
        self.offer_at[f.index()] = u64::MAX;
        self.compile(program, f, trigger, env, out);
    }

    /// Compiles `f` now, output flushed first; if code comes, calls go to
    /// it from then on, and the code it replaces stays mapped for
    /// activations still running it.
    pub(crate) fn compile(
        &mut self,
        program: &Program,
        f: FuncId,
        trigger: Trigger,
        env: JitEnv,
        out: &mut Output,
    ) {
        let Some(compiler) = &mut self.compiler else {
            return;
        };
        out.flush();
        let code = self.position.during(Activity::Compiling, f, 0, || {
            compiler.compile(program, f, trigger, env)
        });
        let Some(code) = code else {
            return;
        };
        self.entries[f.index()] = code.entry as usize;
        self.offer_at[f.index()] = 0;
        if let Some(old) = self.compiled[f.index()].replace(code) {
            self.retired.push(old);
        }
    }

    /// Offers `f`, whose compiled code found itself hot (`Trigger::Calls`),
    /// to the compiler again, once: a first tier's code asks for the next
    /// tier's.
    pub(crate) fn offer_hot(
        &mut self,
        program: &Program,
        f: FuncId,
        env: JitEnv,
        out: &mut Output,
    ) {
        if std::mem::replace(&mut self.hot_offered[f.index()], true) {
            return;
        }
        self.compile(program, f, Trigger::Calls, env, out);
    }

    /// Code to take over an activation of `f` that compiled code is
    /// running, at `pc`, its loops being hot: asked once per function.
    pub(crate) fn offer_hot_osr(
        &mut self,
        program: &Program,
        f: FuncId,
        pc: u32,
        env: JitEnv,
        out: &mut Output,
    ) -> Option<Entry> {
        if std::mem::replace(&mut self.hot_osr_offered[f.index()], true) {
            return None;
        }
        self.osr_code(program, f, pc, env, out)
    }

    /// On-stack-replacement code for `f` at `pc`, kept for the life of
    /// the VM. Output is flushed first, as for `offer`.
    pub(crate) fn osr_code(
        &mut self,
        program: &Program,
        f: FuncId,
        pc: u32,
        env: JitEnv,
        out: &mut Output,
    ) -> Option<Entry> {
        out.flush();
        let compiler = self.compiler.as_mut()?;
        let code = self.position.during(Activity::Compiling, f, pc, || {
            compiler.compile_osr(program, f, pc, env)
        })?;
        let entry = code.entry;
        self.osr.push(code);
        Some(entry)
    }

    /// Asks for code to take over a running activation of `f` at `pc`,
    /// its loops being hot (`calls` is `f`'s call count). That is all a
    /// loop threshold compiles: the activation that crossed it may be the
    /// only one (`main`), so `f`'s ordinary code waits for its next call,
    /// which offers it as `Trigger::BackEdges`. A function offered already
    /// and refused is not asked again.
    pub(crate) fn offer_osr(
        &mut self,
        program: &Program,
        f: FuncId,
        pc: u32,
        calls: u64,
        env: JitEnv,
        out: &mut Output,
    ) -> Option<Entry> {
        if self.eager || self.offered[f.index()] && self.compiled[f.index()].is_none() {
            return None;
        }
        let next_call = calls.saturating_add(1);
        self.offer_at[f.index()] = self.offer_at[f.index()].min(next_call);
        self.osr_code(program, f, pc, env, out)
    }
}
