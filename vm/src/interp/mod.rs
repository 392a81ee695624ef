//! The interpreter: a `match` over dense opcodes, with every operand a
//! pre-decoded frame slot (see `bytecode`), frames on a heap-allocated
//! register stack rather than in Rust recursion, and no allocation, hashing
//! or growth check per instruction (a call may grow the stack; nothing else
//! does). Counting the instructions of a `--profile` run is a separate
//! instantiation of the loop (`PROFILE = true`), so the ordinary one does not
//! pay for it.

pub(crate) mod asm_interp;
mod stack;

use crate::bytecode::{FuncId, Function, Instr, Op, Program, Slot, TEMPLATE_HEAD};
use crate::interp::stack::Stack;
use crate::profile::sampler::{Activity, Position, Sampler, TimeProfile};
use crate::profile::Profile;
use crate::runtime::{LinearMemory, Output, Trap, TrapKind};
use crate::tier::{
    native_stack_low, CallState, Compiler, Entry, JitEnv, MemoryView, Running, Thresholds, Tiers,
};
use asm_interp::{AsmInterp, Exit};
use std::ffi::c_void;
use std::io;
use std::rc::Rc;

/// Resource limits, the same in every tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest call depth allowed; `main` runs at depth 1.
    pub max_call_depth: u32,
    /// The register stack's size limit, in 8-byte slots; a call whose frame
    /// would not fit traps with `stack overflow`. The default, 2^29 slots
    /// (4 GiB, taken only as frames are used), holds 100,000 frames of
    /// 4,096 registers and 1,000 constants: the spec's default depth with
    /// wide frames.
    pub max_stack_slots: usize,
    /// Calls and taken backward branches the interpreter may make in its
    /// counting mode (`Vm::run(.., true)`) before it stops with
    /// `TrapKind::OutOfFuel`: a bound for running programs that may not
    /// terminate (mutated or reduced test cases). Compiled code, and the
    /// interpreter's normal mode, ignore it; the command line never sets it.
    pub fuel: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_call_depth: 100_000,
            max_stack_slots: 1 << 29,
            fuel: u64::MAX,
        }
    }
}

/// Grows the register stack to at least `needed` slots (doubling, up to
/// `cap`); false, and the stack unchanged, if the memory cannot be had,
/// so a call that cannot get its frame traps instead of aborting.
fn grow(stack: &mut Stack, needed: usize, cap: usize) -> bool {
    stack.grow_to((stack.len() * 2).min(cap).max(needed))
}

/// Doubles the frame list's room; false, and the list unchanged, if the
/// allocator refuses (then the call traps, as for the register stack).
#[cold]
#[inline(never)]
fn grow_frames(frames: &mut Vec<Frame>) -> bool {
    frames.try_reserve(frames.len().max(64)).is_ok()
}

/// A caller's frame, pushed by a call. The caller's base is the callee's
/// less the caller's size (every call puts its callee's frame right above
/// its own), so it is not stored.
///
/// `repr(C)`: the machine-code loop pushes and pops frames too
/// (`asm_interp::FRAME_*`), and copies the first four fields from its
/// call site's record in one move.
#[repr(C)]
struct Frame {
    func: FuncId,
    /// Where the caller resumes.
    pc: u32,
    /// The caller's slot that receives the result.
    dest: Slot,
    /// The caller's frame size in slots.
    caller_size: u32,
    /// The machine-code loop's record of the call site, which its return
    /// reads; null for a frame this loop pushed (the machine-code loop
    /// then leaves the return to this one).
    site: *const u64,
}

const _: () = {
    use std::mem::{offset_of, size_of};
    assert!(size_of::<Frame>() == asm_interp::FRAME_BYTES as usize);
    assert!(offset_of!(Frame, func) == asm_interp::FRAME_FUNC as usize);
    assert!(offset_of!(Frame, pc) == asm_interp::FRAME_PC as usize);
    assert!(offset_of!(Frame, dest) == asm_interp::FRAME_DEST as usize);
    assert!(offset_of!(Frame, caller_size) == asm_interp::FRAME_CALLER_SIZE as usize);
    assert!(offset_of!(Frame, site) == asm_interp::FRAME_SITE as usize);
    assert!(asm_interp::CALL_WINDOW_BYTES as usize == 8 * CALL_WINDOW);
};

/// A call the dispatch loop leaves itself to make, because the callee is
/// compiled: its frame (arguments first) is built at `base`.
struct CompiledCall {
    callee: FuncId,
    /// The callee's compiled entry, looked up by the dispatch loop.
    entry: Entry,
    base: usize,
    dest: Slot,
}

pub struct Vm<'p> {
    program: &'p Program,
    pub memory: LinearMemory,
    pub out: Output,
    pub(crate) profile: Profile,
    pub limits: Limits,
    tiers: Tiers<'p>,
    pub(crate) stack: Stack,
    frames: Vec<Frame>,
    /// Depth and register-stack accounting shared by the tiers, boxed so
    /// compiled code can address it.
    pub(crate) state: Box<CallState>,
    /// The trap compiled code reported, until `invoke` returns it.
    pub(crate) trap: Option<Trap>,
    count_instructions: bool,
    /// What is left of `limits.fuel` in this run.
    fuel_left: u64,
    /// Every move of a running activation into compiled code.
    osr_entries: Vec<OsrEntry>,
    /// The program's widest frame, in slots.
    widest_frame: usize,
    /// Where the VM is, for the time profiler: kept by the interpreter's
    /// profiling instantiation, the runtime helpers and the tier-up policy
    /// (which holds it too).
    pub(crate) position: Rc<Position>,
    /// The time profiler, when running.
    sampler: Option<Sampler>,
    /// What compiles are given (`jit_env`), made when the run starts
    /// rather than each time the dispatch loop is entered.
    env: JitEnv,
    /// The machine-code loop, for programs whose frames fit the window:
    /// made when first needed (`asm_ready`), since code compiled before
    /// each function's first call (`--tier tiered`, the default) may never
    /// leave any to interpret, and making it costs a short run about 0.03
    /// ms (docs/startup.md).
    asm: Asm,
}

/// The machine-code loop's state.
enum Asm {
    /// Not made yet; made when first needed.
    Wanted,
    Made(AsmInterp),
    /// Not used: frames too wide, `--no-asm-interp`, or its memory could
    /// not be had.
    Off,
}

/// An activation of `func` that went on in on-stack-replacement code at
/// instruction `pc` (a loop header), at time `at`.
#[derive(Clone, Copy, Debug)]
pub struct OsrEntry {
    pub at: std::time::Instant,
    pub func: FuncId,
    pub pc: u32,
}

impl<'p> Vm<'p> {
    /// Fails only if the linear memory cannot be mapped.
    pub fn new(program: &'p Program, out: Output, limits: Limits) -> io::Result<Vm<'p>> {
        let n = program.funcs.len();
        let position = Rc::new(Position::default());
        let mut vm = Vm {
            program,
            memory: LinearMemory::new(program.memory_cells)?,
            out,
            profile: Profile::new(program),
            limits,
            tiers: Tiers::new(n, position.clone()),
            stack: Stack::default(),
            frames: Vec::new(),
            state: Box::new(CallState {
                max_depth: limits.max_call_depth as usize,
                max_slots: limits.max_stack_slots,
                native_floor: crate::tier::native_floor(),
                ..CallState::default()
            }),
            trap: None,
            count_instructions: false,
            fuel_left: limits.fuel,
            osr_entries: Vec::new(),
            position,
            sampler: None,
            widest_frame: program
                .funcs
                .iter()
                .map(|f| f.frame_size())
                .max()
                .unwrap_or(0),
            // Replaced below, once the addresses it holds exist.
            env: JitEnv {
                memory: MemoryView {
                    base: std::ptr::null_mut(),
                    cells: 0,
                },
                state: std::ptr::null_mut(),
                entries: std::ptr::null(),
                call_counts: std::ptr::null_mut(),
                count_stride: 0,
                count_calls: false,
                count_slots: false,
            },
            asm: Asm::Wanted,
        };
        vm.env = vm.jit_env();
        // The table never moves (`Tiers::entries`).
        vm.state.entries = vm.env.entries as usize;
        if vm.widest_frame > WINDOW {
            vm.asm = Asm::Off;
        }
        Ok(vm)
    }

    /// Interprets everything in the portable loop (`--no-asm-interp`),
    /// to compare with the machine-code one.
    pub fn use_portable_interpreter(&mut self) {
        self.asm = Asm::Off;
    }

    /// Whether the machine-code loop interprets (when not profiling).
    pub fn has_asm_interpreter(&mut self) -> bool {
        self.asm_ready()
    }

    /// Whether the machine-code loop is there to run, made now if wanted
    /// and not made yet.
    fn asm_ready(&mut self) -> bool {
        if let Asm::Wanted = self.asm {
            let made = AsmInterp::new(
                self.program,
                &mut self.profile.funcs,
                &mut self.tiers.offer_at,
            );
            self.asm = made.map_or(Asm::Off, Asm::Made);
        }
        matches!(self.asm, Asm::Made(_))
    }

    /// Whether the register stack can reach its limit before the call
    /// depth reaches its own. It cannot when every frame, at every depth
    /// the limit allows, fits: the stack never holds more than one frame
    /// per level of depth.
    pub fn slots_can_trip(&self) -> bool {
        (self.limits.max_call_depth as usize).saturating_mul(self.widest_frame)
            > self.limits.max_stack_slots
    }

    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The counts so far: calls, back-edges, instructions per function.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// Hands functions to `compiler` before their first call (`eager`) or
    /// as their counts reach `thresholds`.
    pub fn set_compiler(
        &mut self,
        compiler: Box<dyn Compiler + 'p>,
        thresholds: Thresholds,
        eager: bool,
    ) {
        self.tiers.compiler = Some(compiler);
        self.tiers.thresholds = thresholds;
        self.tiers.eager = eager;
        for counts in &mut self.profile.funcs {
            counts.osr_at = thresholds.back_edges;
        }
        let at = if eager { 0 } else { thresholds.calls };
        let tiers = &mut self.tiers;
        for (i, f) in tiers.offer_at.iter_mut().enumerate() {
            *f = match (tiers.offered[i], tiers.compiled[i].is_some()) {
                (_, true) => 0,
                (true, false) => u64::MAX,
                (false, false) => at,
            };
        }
    }

    /// Every activation moved into compiled code so far, in order.
    pub fn osr_entries(&self) -> &[OsrEntry] {
        &self.osr_entries
    }

    /// With an eager compiler, compiles every function now, in program
    /// order, rather than each before its first call: so a debugger that
    /// resolves a `.bc` line as code appears sees every function's lines
    /// before any of it runs.
    pub fn compile_all_now(&mut self) {
        for i in 0..self.program.funcs.len() {
            self.offer_if_wanted(FuncId(i as u32), 0);
        }
    }

    /// Offers `f`, called for the `calls`th time, to the compiler if the
    /// policy wants it now.
    pub(crate) fn offer_if_wanted(&mut self, f: FuncId, calls: u64) {
        if self.tiers.wants(f, calls) {
            let (tiers, mut running) = self.policy();
            tiers.at_call(f, &mut running);
        }
    }

    /// The tier-up policy, and the view of the VM it acts on.
    fn policy(&mut self) -> (&mut Tiers<'p>, Running<'_>) {
        let running = Running {
            program: self.program,
            counts: &mut self.profile.funcs,
            env: self.env,
            out: &mut self.out,
        };
        (&mut self.tiers, running)
    }

    /// Compiled code of `f` found itself hot: the compiler is asked for
    /// better code (`Tiers::offer_hot`).
    pub(crate) fn tier_up(&mut self, f: FuncId) {
        let (tiers, mut running) = self.policy();
        tiers.offer_hot(f, &mut running);
    }

    /// Compiled code of `f` found its loops hot at `pc`: on-stack-replacement
    /// code to run the rest of the activation, if the compiler makes it
    /// (`Tiers::offer_hot_osr`). The move is recorded as the interpreter's
    /// are.
    pub(crate) fn hot_osr(&mut self, f: FuncId, pc: u32) -> Option<Entry> {
        let (tiers, mut running) = self.policy();
        let entry = tiers.offer_hot_osr(f, pc, &mut running)?;
        self.osr_entries.push(OsrEntry {
            at: std::time::Instant::now(),
            func: f,
            pc,
        });
        Some(entry)
    }

    /// Starts the time profiler (`--profile=time`) on this thread. The
    /// interpreter then runs its profiling instantiation, which keeps the
    /// `position` the samples read.
    pub fn start_time_profile(&mut self) -> io::Result<()> {
        if self.sampler.is_none() {
            self.sampler = Some(Sampler::start(self.position.clone())?);
        }
        Ok(())
    }

    /// Stops the time profiler and attributes its samples, compiled code
    /// through the compiler's code map; `None` if it was not running.
    pub fn stop_time_profile(&mut self) -> Option<TimeProfile> {
        let samples = self.sampler.take()?.stop();
        let compiler = self.tiers.compiler.as_deref();
        Some(TimeProfile::new(&samples, |address| {
            compiler.and_then(|c| c.locate(address))
        }))
    }

    fn jit_env(&mut self) -> JitEnv {
        let cells = self.memory.len();
        JitEnv {
            memory: MemoryView {
                base: self.memory.as_mut_ptr(),
                cells,
            },
            state: &mut *self.state,
            entries: self.tiers.entries.as_ptr(),
            call_counts: self.profile.funcs.as_mut_ptr().cast(),
            count_stride: std::mem::size_of::<crate::profile::FuncProfile>(),
            count_calls: self.count_instructions,
            count_slots: self.slots_can_trip(),
        }
    }

    /// Runs `main` with `args` (as many as it has parameters; the command
    /// line checks) and returns its result. Output stays buffered until the
    /// caller flushes `out`.
    pub fn run(&mut self, args: &[i64], count_instructions: bool) -> Result<u64, Trap> {
        self.call(self.program.main, args, count_instructions)
    }

    /// Runs `func` with `args` (as many as it has parameters) from an
    /// empty call stack, as `run` runs `main`, and returns its result.
    pub fn call(
        &mut self,
        func: FuncId,
        args: &[i64],
        count_instructions: bool,
    ) -> Result<u64, Trap> {
        debug_assert_eq!(args.len(), self.program.func(func).nparams as usize);
        self.frames.clear();
        self.state.depth = 0;
        self.state.stack_top = 0;
        self.state.max_depth = self.limits.max_call_depth as usize;
        self.state.max_slots = self.limits.max_stack_slots;
        self.trap = None;
        self.count_instructions = count_instructions;
        self.env = self.jit_env();
        self.fuel_left = self.limits.fuel;
        if !self.ensure_stack(self.program.func(func).frame_size()) {
            return Err(Trap {
                kind: TrapKind::StackOverflow,
                func,
                pc: 0,
            });
        }
        for (slot, &arg) in self.stack.iter_mut().zip(args) {
            *slot = arg as u64;
        }
        // A host's calls count as the program's own do: a function the
        // host calls often gets hot.
        let calls = {
            let c = &mut self.profile.funcs[func.index()].calls;
            *c += 1;
            *c
        };
        self.position.set(Activity::Interpreting, func, 0);
        self.offer_if_wanted(func, calls);
        self.invoke(func)
    }

    /// Makes the register stack hold `top` slots and the headroom any frame
    /// view needs above them; false if the memory cannot be had.
    #[must_use]
    pub(crate) fn ensure_stack(&mut self, top: usize) -> bool {
        let needed = top + CALL_WINDOW;
        self.stack.len() >= needed
            || grow(
                &mut self.stack,
                needed,
                self.limits.max_stack_slots + CALL_WINDOW,
            )
    }

    /// Where the tiers meet. Runs `callee` with its arguments already in
    /// `stack[stack_top..]`, called from a frame at depth `self.depth`,
    /// in machine code if it has been compiled, else in a (possibly
    /// nested) run of the interpreter. The caller has checked the limits
    /// and counted the call.
    pub(crate) fn invoke(&mut self, callee: FuncId) -> Result<u64, Trap> {
        let compiled = self.tiers.compiled[callee.index()]
            .as_ref()
            .map(|c| c.entry)
            .filter(|_| !native_stack_low(self.state.native_floor));
        if let Some(entry) = compiled {
            return self.enter_compiled(entry, callee);
        }
        let (depth, top) = (self.state.depth, self.state.stack_top);
        let narrow = self.widest_frame <= WINDOW;
        let profiling = self.count_instructions || self.sampler.is_some();
        let result = match (narrow, profiling) {
            (true, false) => self.execute::<false, [u64; WINDOW]>(callee),
            (true, true) => self.execute::<true, [u64; WINDOW]>(callee),
            (false, false) => self.execute::<false, [u64]>(callee),
            (false, true) => self.execute::<true, [u64]>(callee),
        };
        self.state.depth = depth;
        self.state.stack_top = top;
        result
    }

    /// Runs `callee`'s compiled code (`entry`), as `invoke` would.
    fn enter_compiled(&mut self, entry: Entry, callee: FuncId) -> Result<u64, Trap> {
        let (depth, top) = (self.state.depth, self.state.stack_top);
        self.state.depth = depth + 1;
        self.state.stack_top = top + self.program.func(callee).frame_size();
        let args = self.stack[top..].as_ptr();
        // SAFETY: `entry` is code the compiler made for `callee` under the
        // calling convention of `tier::Entry`; its memory stays mapped
        // while `tiers` holds it. `args` points at the callee's arguments,
        // which it copies before anything can move the stack. The runtime
        // helpers it calls get `self` back through the pointer; no other
        // reference to `self` is in use until it returns.
        let ret = unsafe { entry(self as *mut Vm<'p> as *mut c_void, args) };
        self.state.depth = depth;
        self.state.stack_top = top;
        if ret.trapped != 0 {
            Err(self.trap.take().expect("compiled code records its trap"))
        } else {
            Ok(ret.value)
        }
    }

    /// Runs the rest of the activation of `func` whose frame is at `base`
    /// (depth `depth`) in on-stack-replacement code, and returns its result.
    fn replace_frame(
        &mut self,
        entry: Entry,
        func: FuncId,
        base: usize,
        depth: usize,
    ) -> Result<u64, Trap> {
        let saved = (self.state.depth, self.state.stack_top);
        self.state.depth = depth;
        self.state.stack_top = base + self.program.func(func).frame_size();
        let frame = self.stack[base..].as_ptr();
        // SAFETY: `entry` is on-stack-replacement code the compiler made
        // for `func` under `tier::Entry`'s convention; `tiers.osr` keeps it
        // mapped for the life of the VM. `frame` points at the frame's
        // registers, which the code copies before anything can move the
        // stack. As in `invoke`, the helpers it calls get `self` back
        // through the pointer and no other reference to it is in use.
        let ret = unsafe { entry(self as *mut Vm<'p> as *mut c_void, frame) };
        (self.state.depth, self.state.stack_top) = saved;
        if ret.trapped != 0 {
            Err(self.trap.take().expect("compiled code records its trap"))
        } else {
            Ok(ret.value)
        }
    }

    /// Interprets `entry`, whose frame starts at `stack_top` with its
    /// arguments in place, until it returns. Calls to interpreted functions
    /// stay in this loop; a call to compiled code leaves the dispatch loop
    /// (so no borrow of `self` is live) and goes through `invoke`.
    fn execute<const PROFILE: bool, R: FrameView + ?Sized>(
        &mut self,
        entry: FuncId,
    ) -> Result<u64, Trap> {
        let frames_base = self.frames.len();
        let depth_base = self.state.depth;
        // A call traps once frames.len() + 2 passes this (see Op::Call).
        let depth_limit =
            (self.limits.max_call_depth as usize + frames_base).saturating_sub(depth_base);
        let mut fid = entry;
        let mut base = self.state.stack_top;
        let mut pc = 0usize;
        let mut executed = 0u64;
        {
            let func = self.program.func(fid);
            // The caller made room for this frame (`call_from_compiled`).
            debug_assert!(self.stack.len() >= base + func.frame_size());
            let np = func.nparams as usize;
            self.stack[base + np..base + func.frame_size()].copy_from_slice(&func.frame_template);
        }
        let fast = !PROFILE && R::WINDOWED && self.asm_ready();
        loop {
            let call = if fast {
                // The machine-code loop runs up to an instruction it
                // leaves to this one, which runs just that instruction.
                let exit = self.run_asm(&mut fid, &mut base, &mut pc, frames_base, depth_limit);
                if exit == Exit::CompiledCall {
                    let depth = depth_base + (self.frames.len() - frames_base) + 1;
                    if let Some(done) = self.call_compiled_at(fid, base, pc, depth) {
                        let (v, dest) = done?;
                        self.stack[base + dest as usize] = v;
                        pc += 1;
                        continue;
                    }
                }
                self.dispatch::<false, true, R>(
                    &mut fid,
                    &mut base,
                    &mut pc,
                    &mut executed,
                    frames_base,
                    depth_limit,
                )?
            } else {
                self.dispatch::<PROFILE, false, R>(
                    &mut fid,
                    &mut base,
                    &mut pc,
                    &mut executed,
                    frames_base,
                    depth_limit,
                )?
            };
            let call = match call {
                Dispatched::Stepped => continue,
                Dispatched::Returned(v) => return Ok(v),
                Dispatched::Call(call) => call,
                Dispatched::Osr(entry) => {
                    // Once per function at most: the offer is made once.
                    self.osr_entries.push(OsrEntry {
                        at: std::time::Instant::now(),
                        func: fid,
                        pc: pc as u32,
                    });
                    let depth = depth_base + (self.frames.len() - frames_base) + 1;
                    let v = self.replace_frame(entry, fid, base, depth)?;
                    // The frame returned v: what `ret` does in `dispatch`.
                    if self.frames.len() == frames_base {
                        return Ok(v);
                    }
                    let Some(frame) = self.frames.pop() else {
                        unreachable!("frames above frames_base");
                    };
                    fid = frame.func;
                    base -= frame.caller_size as usize;
                    pc = frame.pc as usize;
                    self.stack[base + frame.dest as usize] = v;
                    continue;
                }
            };
            self.state.depth = depth_base + (self.frames.len() - frames_base) + 1;
            self.state.stack_top = call.base;
            let v = self.enter_compiled(call.entry, call.callee)?;
            self.stack[base + call.dest as usize] = v;
        }
    }

    /// The call at `pc` in `fid`'s frame at `base`, whose limits the
    /// machine-code loop has checked, made straight to the callee's code
    /// as the portable loop's call arm would: the callee's result and the
    /// slot it goes to. `None` if the callee is not compiled or the native
    /// stack is low: the portable loop then makes the call.
    fn call_compiled_at(
        &mut self,
        fid: FuncId,
        base: usize,
        pc: usize,
        depth: usize,
    ) -> Option<Result<(u64, Slot), Trap>> {
        let func = self.program.func(fid);
        let ins = func.interp_code[pc];
        let callee = FuncId(ins.b);
        let entry = self.tiers.compiled[callee.index()].as_ref()?.entry;
        if native_stack_low(self.state.native_floor) {
            return None;
        }
        // Compiled, so offered: the policy has nothing more to do.
        self.profile.funcs[callee.index()].calls += 1;
        let new_base = base + func.frame_size();
        let nparams = self.program.func(callee).nparams as usize;
        let args = &self.program.call_args[ins.c as usize..][..nparams];
        for (i, &slot) in args.iter().enumerate() {
            self.stack[new_base + i] = self.stack[base + slot as usize];
        }
        self.state.depth = depth;
        self.state.stack_top = new_base;
        Some(self.enter_compiled(entry, callee).map(|v| (v, ins.a)))
    }

    /// Runs the machine-code loop from `fid`/`base`/`pc` until it leaves
    /// an instruction to the portable loop, leaves them there, and says
    /// why it stopped.
    fn run_asm(
        &mut self,
        fid: &mut FuncId,
        base: &mut usize,
        pc: &mut usize,
        frames_base: usize,
        depth_limit: usize,
    ) -> Exit {
        let Asm::Made(asm) = &self.asm else {
            unreachable!("run_asm without the machine-code loop")
        };
        let stack = self.stack.as_mut_ptr();
        let cells = self.memory.cells_mut();
        let frames = self.frames.as_mut_ptr().cast::<u8>();
        let frame_room = depth_limit.min(self.frames.capacity() + 1);
        let frame_bytes = std::mem::size_of::<Frame>();
        // The pointers below are only compared with, or offset within the
        // stack and the frame list, so `wrapping_add` is exact.
        let mut ctx = asm_interp::Ctx {
            pc: asm.code(*fid).wrapping_add(*pc * 16),
            base: stack.wrapping_add(*base),
            func: asm.func(*fid),
            frame_top: frames.wrapping_add(self.frames.len() * frame_bytes),
            frame_limit: stack.wrapping_add(
                (self.stack.len().saturating_sub(CALL_WINDOW))
                    .min(self.limits.max_stack_slots.saturating_sub(WINDOW)),
            ),
            // No call at all if fewer than two frames fit.
            frames_limit: match frame_room.checked_sub(2) {
                Some(n) => frames.wrapping_add(n * frame_bytes),
                None => std::ptr::null(),
            },
            frames_floor: frames.wrapping_add(frames_base * frame_bytes),
            memory: cells.as_mut_ptr(),
            cells: cells.len() as u64,
            table: std::ptr::null(),
        };
        asm.tables(&mut ctx);
        // SAFETY: `ctx` is built above from the live activation, as `run`
        // requires: the stack holds the call window above `base` (every
        // call made room for it), and `frames_limit` leaves a free frame
        // in the list's capacity for each push the loop makes.
        let exit = unsafe { asm.run(&mut ctx) };
        let len = (ctx.frame_top as usize - frames as usize) / frame_bytes;
        // SAFETY: the loop wrote a whole `Frame` at every index it pushed
        // to, and the capacity bounds them (`frames_limit`).
        unsafe { self.frames.set_len(len) };
        *fid = asm.func_id(ctx.func);
        *pc = (ctx.pc as usize - asm.code(*fid) as usize) / 16;
        *base = (ctx.base as usize - stack as usize) / 8;
        exit
    }

    /// The dispatch loop, from `fid`/`base`/`pc` until the entry frame
    /// returns or a compiled function is called (or, `STEP`, for one
    /// instruction).
    #[allow(clippy::too_many_arguments)]
    fn dispatch<const PROFILE: bool, const STEP: bool, R: FrameView + ?Sized>(
        &mut self,
        fid: &mut FuncId,
        base: &mut usize,
        pc: &mut usize,
        executed: &mut u64,
        frames_base: usize,
        depth_limit: usize,
    ) -> Result<Dispatched, Trap> {
        // Addresses for the compiler, should a function get hot here. Compiled
        // code uses them only while this loop is not running (see `invoke`).
        let native_floor = self.state.native_floor;
        let Vm {
            program,
            memory,
            out,
            profile,
            limits,
            tiers,
            stack,
            frames,
            fuel_left,
            env,
            position,
            ..
        } = self;
        let position: &Position = position;
        let program: &Program = program;
        let mem = memory.cells_mut();
        let counts = &mut profile.funcs[..];
        let (mut fid_, mut base_, mut pc_, mut executed_) = (*fid, *base, *pc, *executed);
        let mut func: &Function = program.func(fid_);
        let mut code: &[Instr] = &func.interp_code;
        let mut regs: &mut R = R::view(&mut stack[base_..], func.frame_size());
        // One compare per call covers both the depth limit and the frame
        // list's room, which grows fallibly (`grow_frames`).
        let mut frame_room = depth_limit.min(frames.capacity() + 1);
        if PROFILE {
            position.set(Activity::Interpreting, fid_, pc_ as u32);
        }
        // Write the loop state back for the caller, whichever way we leave.
        macro_rules! save {
            () => {{
                *fid = fid_;
                *base = base_;
                *pc = pc_;
                *executed = executed_;
            }};
        }
        // A trap at the instruction just dispatched.
        macro_rules! trap {
            ($kind:expr) => {{
                if PROFILE {
                    counts[fid_.index()].instructions += executed_;
                }
                return Err(Trap {
                    kind: $kind,
                    func: fid_,
                    pc: (pc_ - 1) as u32,
                });
            }};
        }
        // A `jmp` fused with the conditional branch it lands on: the jump,
        // then that branch, counted and checked as the two would be.
        macro_rules! jump_then_branch {
            ($to:expr, |$x:ident, $y:ident| $taken:expr) => {{
                jump!($to);
                let br = code[pc_];
                pc_ += 1;
                if PROFILE {
                    executed_ += 1;
                }
                let ($x, $y) = (regs.get(br.a), regs.get(br.b));
                if $taken {
                    jump!(br.c)
                }
            }};
        }
        macro_rules! burn_fuel {
            () => {{
                if *fuel_left == 0 {
                    trap!(TrapKind::OutOfFuel);
                }
                *fuel_left -= 1;
            }};
        }
        macro_rules! jump {
            ($target:expr) => {{
                let target = $target as usize;
                if target < pc_ {
                    if PROFILE {
                        burn_fuel!();
                    }
                    let c = &mut counts[fid_.index()];
                    c.back_edges += 1;
                    if c.back_edges == c.osr_at {
                        let mut running = Running {
                            program,
                            counts: &mut *counts,
                            env: *env,
                            out: &mut *out,
                        };
                        let osr = tiers.at_back_edge(fid_, target as u32, &mut running);
                        if let Some(entry) = osr.filter(|_| !native_stack_low(native_floor)) {
                            if PROFILE {
                                counts[fid_.index()].instructions += executed_;
                                executed_ = 0;
                            }
                            pc_ = target;
                            save!();
                            return Ok(Dispatched::Osr(entry));
                        }
                    }
                }
                pc_ = target;
            }};
        }

        loop {
            let ins = code[pc_];
            pc_ += 1;
            if PROFILE {
                position.set_pc((pc_ - 1) as u32);
                executed_ += 1;
            }
            match ins.op {
                Op::Mov => regs.set(ins.a, regs.get(ins.b)),
                Op::Add => regs.set(ins.a, regs.get(ins.b).wrapping_add(regs.get(ins.c))),
                Op::Sub => regs.set(ins.a, regs.get(ins.b).wrapping_sub(regs.get(ins.c))),
                Op::Mul => regs.set(ins.a, regs.get(ins.b).wrapping_mul(regs.get(ins.c))),
                Op::Div => {
                    let y = regs.get(ins.c) as i64;
                    if y == 0 {
                        trap!(TrapKind::DivisionByZero);
                    }
                    regs.set(ins.a, (regs.get(ins.b) as i64).wrapping_div(y) as u64);
                }
                Op::Rem => {
                    let y = regs.get(ins.c) as i64;
                    if y == 0 {
                        trap!(TrapKind::DivisionByZero);
                    }
                    regs.set(ins.a, (regs.get(ins.b) as i64).wrapping_rem(y) as u64);
                }
                Op::And => regs.set(ins.a, regs.get(ins.b) & regs.get(ins.c)),
                Op::Or => regs.set(ins.a, regs.get(ins.b) | regs.get(ins.c)),
                Op::Xor => regs.set(ins.a, regs.get(ins.b) ^ regs.get(ins.c)),
                Op::Shl => regs.set(ins.a, regs.get(ins.b) << (regs.get(ins.c) & 63)),
                Op::Shr => regs.set(
                    ins.a,
                    ((regs.get(ins.b) as i64) >> (regs.get(ins.c) & 63)) as u64,
                ),
                Op::Ushr => regs.set(ins.a, regs.get(ins.b) >> (regs.get(ins.c) & 63)),
                Op::Neg => regs.set(ins.a, regs.get(ins.b).wrapping_neg()),
                Op::Not => regs.set(ins.a, !regs.get(ins.b)),
                Op::Eq => regs.set(ins.a, (regs.get(ins.b) == regs.get(ins.c)) as u64),
                Op::Ne => regs.set(ins.a, (regs.get(ins.b) != regs.get(ins.c)) as u64),
                Op::Lt => regs.set(
                    ins.a,
                    ((regs.get(ins.b) as i64) < regs.get(ins.c) as i64) as u64,
                ),
                Op::Le => regs.set(
                    ins.a,
                    ((regs.get(ins.b) as i64) <= regs.get(ins.c) as i64) as u64,
                ),
                Op::Gt => regs.set(
                    ins.a,
                    ((regs.get(ins.b) as i64) > regs.get(ins.c) as i64) as u64,
                ),
                Op::Ge => regs.set(
                    ins.a,
                    ((regs.get(ins.b) as i64) >= regs.get(ins.c) as i64) as u64,
                ),
                Op::FAdd => regs.set(ins.a, (f(regs.get(ins.b)) + f(regs.get(ins.c))).to_bits()),
                Op::FSub => regs.set(ins.a, (f(regs.get(ins.b)) - f(regs.get(ins.c))).to_bits()),
                Op::FMul => regs.set(ins.a, (f(regs.get(ins.b)) * f(regs.get(ins.c))).to_bits()),
                Op::FDiv => regs.set(ins.a, (f(regs.get(ins.b)) / f(regs.get(ins.c))).to_bits()),
                // Flips the sign bit only, NaN payloads included.
                Op::FNeg => regs.set(ins.a, regs.get(ins.b) ^ (1 << 63)),
                Op::FSqrt => regs.set(ins.a, f(regs.get(ins.b)).sqrt().to_bits()),
                Op::FEq => regs.set(ins.a, (f(regs.get(ins.b)) == f(regs.get(ins.c))) as u64),
                Op::FNe => regs.set(ins.a, (f(regs.get(ins.b)) != f(regs.get(ins.c))) as u64),
                Op::FLt => regs.set(ins.a, (f(regs.get(ins.b)) < f(regs.get(ins.c))) as u64),
                Op::FLe => regs.set(ins.a, (f(regs.get(ins.b)) <= f(regs.get(ins.c))) as u64),
                Op::FGt => regs.set(ins.a, (f(regs.get(ins.b)) > f(regs.get(ins.c))) as u64),
                Op::FGe => regs.set(ins.a, (f(regs.get(ins.b)) >= f(regs.get(ins.c))) as u64),
                Op::IToF => regs.set(ins.a, (regs.get(ins.b) as i64 as f64).to_bits()),
                // `as` truncates, saturates and maps NaN to 0: the spec's ftoi.
                Op::FToI => regs.set(ins.a, f(regs.get(ins.b)) as i64 as u64),
                Op::Load => {
                    let addr = regs.get(ins.b).wrapping_add(regs.get(ins.c));
                    match mem.get(addr as usize) {
                        Some(&v) => regs.set(ins.a, v),
                        None => trap!(TrapKind::OutOfBounds),
                    }
                }
                Op::Store => {
                    let addr = regs.get(ins.a).wrapping_add(regs.get(ins.b));
                    let v = regs.get(ins.c);
                    match mem.get_mut(addr as usize) {
                        Some(cell) => *cell = v,
                        None => trap!(TrapKind::OutOfBounds),
                    }
                }
                Op::Jmp => jump!(ins.a),
                Op::Jz => {
                    if regs.get(ins.a) == 0 {
                        jump!(ins.c)
                    }
                }
                Op::Jnz => {
                    if regs.get(ins.a) != 0 {
                        jump!(ins.c)
                    }
                }
                Op::Jeq => {
                    if regs.get(ins.a) == regs.get(ins.b) {
                        jump!(ins.c)
                    }
                }
                Op::Jne => {
                    if regs.get(ins.a) != regs.get(ins.b) {
                        jump!(ins.c)
                    }
                }
                Op::Jlt => {
                    if (regs.get(ins.a) as i64) < regs.get(ins.b) as i64 {
                        jump!(ins.c)
                    }
                }
                Op::Jle => {
                    if (regs.get(ins.a) as i64) <= regs.get(ins.b) as i64 {
                        jump!(ins.c)
                    }
                }
                Op::Jgt => {
                    if (regs.get(ins.a) as i64) > regs.get(ins.b) as i64 {
                        jump!(ins.c)
                    }
                }
                Op::Jge => {
                    if (regs.get(ins.a) as i64) >= regs.get(ins.b) as i64 {
                        jump!(ins.c)
                    }
                }
                Op::JmpJz => jump_then_branch!(ins.a, |x, _y| x == 0),
                Op::JmpJnz => jump_then_branch!(ins.a, |x, _y| x != 0),
                Op::JmpJeq => jump_then_branch!(ins.a, |x, y| x == y),
                Op::JmpJne => jump_then_branch!(ins.a, |x, y| x != y),
                Op::JmpJlt => jump_then_branch!(ins.a, |x, y| (x as i64) < y as i64),
                Op::JmpJle => jump_then_branch!(ins.a, |x, y| (x as i64) <= y as i64),
                Op::JmpJgt => jump_then_branch!(ins.a, |x, y| (x as i64) > y as i64),
                Op::JmpJge => jump_then_branch!(ins.a, |x, y| (x as i64) >= y as i64),
                Op::Call => {
                    let callee_id = FuncId(ins.b);
                    let callee = program.func(callee_id);
                    if frames.len() + 2 > frame_room {
                        if frames.len() + 2 > depth_limit || !grow_frames(frames) {
                            trap!(TrapKind::StackOverflow);
                        }
                        frame_room = depth_limit.min(frames.capacity() + 1);
                    }
                    let new_base = base_ + func.frame_size();
                    let size = callee.frame_size();
                    let top = new_base + size;
                    // Every call, whatever the stack's size now: it keeps
                    // headroom above the limit, which must not let one
                    // more frame in than compiled code's check does.
                    if top > limits.max_stack_slots {
                        trap!(TrapKind::StackOverflow);
                    }
                    let needed = top.max(new_base + R::HEADROOM);
                    if needed > stack.len()
                        && !grow(stack, needed, limits.max_stack_slots + R::HEADROOM)
                    {
                        trap!(TrapKind::StackOverflow);
                    }
                    let caller_size = new_base - base_;
                    let arg_slots = &program.call_args
                        [ins.c as usize..ins.c as usize + callee.nparams as usize];
                    if PROFILE {
                        burn_fuel!();
                        counts[fid_.index()].instructions += executed_;
                        executed_ = 0;
                    }
                    let calls = &mut counts[callee_id.index()].calls;
                    *calls += 1;
                    if tiers.wants(callee_id, *calls) {
                        let mut running = Running {
                            program,
                            counts: &mut *counts,
                            env: *env,
                            out: &mut *out,
                        };
                        tiers.at_call(callee_id, &mut running);
                    }
                    let compiled = tiers.compiled[callee_id.index()].as_ref();
                    if let Some(c) = compiled.filter(|_| !native_stack_low(native_floor)) {
                        let entry = c.entry;
                        R::call(&mut stack[base_..], caller_size, arg_slots, callee);
                        save!();
                        return Ok(Dispatched::Call(CompiledCall {
                            callee: callee_id,
                            entry,
                            base: new_base,
                            dest: ins.a,
                        }));
                    }
                    frames.push(Frame {
                        func: fid_,
                        pc: pc_ as u32,
                        dest: ins.a,
                        // Slots are numbered in 32 bits (`Slot`).
                        caller_size: caller_size as u32,
                        site: std::ptr::null(),
                    });
                    fid_ = callee_id;
                    if PROFILE {
                        position.set_func(fid_);
                    }
                    func = callee;
                    code = &func.interp_code;
                    base_ = new_base;
                    pc_ = 0;
                    regs = R::call(
                        &mut stack[base_ - caller_size..],
                        caller_size,
                        arg_slots,
                        callee,
                    );
                }
                Op::Ret => {
                    let v = regs.get(ins.a);
                    if PROFILE {
                        counts[fid_.index()].instructions += executed_;
                        executed_ = 0;
                    }
                    if frames.len() == frames_base {
                        save!();
                        return Ok(Dispatched::Returned(v));
                    }
                    let Some(frame) = frames.pop() else {
                        unreachable!("frames above frames_base");
                    };
                    fid_ = frame.func;
                    if PROFILE {
                        position.set_func(fid_);
                    }
                    func = program.func(fid_);
                    code = &func.interp_code;
                    base_ -= frame.caller_size as usize;
                    pc_ = frame.pc as usize;
                    regs = R::view(&mut stack[base_..], func.frame_size());
                    regs.set(frame.dest, v);
                }
                Op::Print | Op::FPrint | Op::PutC | Op::PutS => {
                    if PROFILE {
                        position.set(Activity::Runtime, fid_, (pc_ - 1) as u32);
                    }
                    match ins.op {
                        Op::Print => out.print_int(regs.get(ins.a) as i64),
                        Op::FPrint => out.print_float(f(regs.get(ins.a)), ins.b),
                        Op::PutC => out.put_byte(regs.get(ins.a) as u8),
                        _ => out.put_bytes(&program.strings[ins.a as usize]),
                    }
                    if PROFILE {
                        position.set(Activity::Interpreting, fid_, (pc_ - 1) as u32);
                    }
                    if out.failed() {
                        trap!(TrapKind::OutputFailed);
                    }
                }
            }
            if STEP {
                save!();
                return Ok(Dispatched::Stepped);
            }
        }
    }
}

enum Dispatched {
    /// The one instruction a `STEP` dispatch runs is done.
    Stepped,
    Returned(u64),
    Call(CompiledCall),
    /// The frame running now is to go on in this on-stack-replacement code.
    Osr(Entry),
}

/// Frames of at most this many slots are seen through a fixed-size window
/// indexed by `u16`, which needs no bounds checks.
const WINDOW: usize = 1 << 16;

/// A caller's frame and its callee's both lie in this many slots from the
/// caller's base, so a call copies arguments without bounds checks too. The
/// stack keeps this much room above the current frame's base.
const CALL_WINDOW: usize = 2 * WINDOW;

/// How the dispatch loop sees the current frame. Slots come from verified
/// code, so they are in range; the views differ only in what that costs.
trait FrameView {
    /// The window: the machine-code loop runs only frames seen this way.
    const WINDOWED: bool;
    /// Slots the stack must hold from the current frame's base (beyond its
    /// end, where that is further).
    const HEADROOM: usize;
    /// The frame of `size` slots starting at `stack[0]`.
    fn view(stack: &mut [u64], size: usize) -> &mut Self;
    fn get(&self, slot: Slot) -> u64;
    fn set(&mut self, slot: Slot, value: u64);
    /// Builds `callee`'s frame right above the caller's frame, which starts
    /// at `stack[0]` and has `caller_size` slots (its arguments read from
    /// the caller's `arg_slots`, then zeroed registers and its constants),
    /// and returns the view of the new frame.
    fn call<'s>(
        stack: &'s mut [u64],
        caller_size: usize,
        arg_slots: &[Slot],
        callee: &Function,
    ) -> &'s mut Self;
}

/// The window: every `u16` indexes it, so the compiler drops the checks.
/// Only used when all frames fit, so truncating a slot to `u16` is exact.
impl FrameView for [u64; WINDOW] {
    const WINDOWED: bool = true;
    const HEADROOM: usize = CALL_WINDOW;

    fn view(stack: &mut [u64], _size: usize) -> &mut Self {
        (&mut stack[..WINDOW]).try_into().expect("window headroom")
    }

    #[inline(always)]
    fn get(&self, slot: Slot) -> u64 {
        self[slot as u16 as usize]
    }

    #[inline(always)]
    fn set(&mut self, slot: Slot, value: u64) {
        self[slot as u16 as usize] = value;
    }

    #[inline(always)]
    fn call<'s>(
        stack: &'s mut [u64],
        caller_size: usize,
        arg_slots: &[Slot],
        callee: &Function,
    ) -> &'s mut Self {
        // Frames are at most WINDOW slots, so both lie in this window.
        let window: &mut [u64; CALL_WINDOW] =
            (&mut stack[..CALL_WINDOW]).try_into().expect("call window");
        for (i, &slot) in arg_slots.iter().enumerate() {
            window[(caller_size + i) % CALL_WINDOW] = window[slot as u16 as usize];
        }
        let start = caller_size + arg_slots.len();
        let template = &callee.frame_template;
        if template.len() <= TEMPLATE_HEAD && start + TEMPLATE_HEAD <= CALL_WINDOW {
            // Slots past the new frame's end belong to no frame yet.
            window[start..start + TEMPLATE_HEAD].copy_from_slice(&callee.template_head);
        } else {
            window[start..start + template.len()].copy_from_slice(template);
        }
        (&mut window[caller_size..caller_size + WINDOW])
            .try_into()
            .expect("window")
    }
}

/// Huge frames (a function with more than 65,536 registers and constants):
/// an ordinary checked slice.
impl FrameView for [u64] {
    const WINDOWED: bool = false;
    const HEADROOM: usize = 0;

    fn view(stack: &mut [u64], size: usize) -> &mut Self {
        &mut stack[..size]
    }

    #[inline(always)]
    fn get(&self, slot: Slot) -> u64 {
        self[slot as usize]
    }

    #[inline(always)]
    fn set(&mut self, slot: Slot, value: u64) {
        self[slot as usize] = value;
    }

    fn call<'s>(
        stack: &'s mut [u64],
        caller_size: usize,
        arg_slots: &[Slot],
        callee: &Function,
    ) -> &'s mut Self {
        let (caller, above) = stack.split_at_mut(caller_size);
        let frame = &mut above[..callee.frame_size()];
        for (arg, &slot) in frame.iter_mut().zip(arg_slots) {
            *arg = caller[slot as usize];
        }
        frame[arg_slots.len()..].copy_from_slice(&callee.frame_template);
        frame
    }
}

#[inline(always)]
fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tier::{Compiled, Request, Trigger};

    /// The default register stack holds the spec's default depth of frames
    /// of 4,096 registers and 1,000 constants.
    #[test]
    fn the_default_register_stack_holds_deep_wide_frames() {
        let limits = Limits::default();
        assert!(limits.max_stack_slots >= limits.max_call_depth as usize * (4096 + 1000));
    }
    use crate::runtime::SharedBuffer;
    use std::cell::RefCell;
    use std::rc::Rc;

    const LOOPS: &str = "func inc(%x)\n    add %x, %x, 1\n    ret %x\nend\n\
        func main(%n)\n    mov %i, 0\nhead:\n    jge %i, %n, done\n    call %i, inc, %i\n    jmp head\n\
        done:\n    print %i\n    ret 0\nend\n";

    /// A function whose loop counts `%i` up to its argument.
    const LOOPER: &str = "func looper(%n)\n    mov %i, 0\ntop:\n    jge %i, %n, out\n    add %i, %i, 1\n    jmp top\nout:\n    ret %i\nend\n";

    fn vm_for(program: &Program) -> (Vm<'_>, SharedBuffer) {
        let out = SharedBuffer::default();
        let vm = Vm::new(program, Output::capture(out.clone()), Limits::default()).unwrap();
        (vm, out)
    }

    #[test]
    fn profile_counts_calls_back_edges_and_instructions() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let (mut vm, out) = vm_for(&program);
        assert_eq!(vm.run(&[5], true), Ok(0));
        vm.out.flush();
        assert_eq!(out.contents(), b"5\n");
        let inc = program.func_by_name("inc").unwrap();
        let main = program.main;
        let p = |f| vm.profile().get(f);
        assert_eq!(
            (p(inc).calls, p(inc).back_edges, p(inc).instructions),
            (5, 0, 10)
        );
        // mov; 5 x (jge, call, jmp); jge; print; ret
        assert_eq!(
            (p(main).calls, p(main).back_edges, p(main).instructions),
            (1, 5, 19)
        );
    }

    #[test]
    fn fuel_bounds_calls_and_back_edges_in_counting_mode() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let vm_with = |fuel| {
            let limits = Limits {
                fuel,
                ..Limits::default()
            };
            Vm::new(&program, Output::capture(SharedBuffer::default()), limits).unwrap()
        };
        // Five calls of `inc` and five backward jumps.
        assert_eq!(vm_with(10).run(&[5], true), Ok(0));
        let trap = vm_with(9).run(&[5], true).unwrap_err();
        assert_eq!(trap.kind, TrapKind::OutOfFuel);
        // Outside counting mode fuel is not spent.
        let mut vm = vm_with(0);
        assert_eq!(vm.run(&[5], false), Ok(0));
    }

    #[test]
    fn instructions_are_not_counted_without_profiling() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let (mut vm, _) = vm_for(&program);
        vm.run(&[3], false).unwrap();
        assert_eq!(vm.profile().get(program.main).instructions, 0);
        assert_eq!(vm.profile().get(program.main).back_edges, 3);
    }

    /// Records what it is offered and refuses it all.
    struct Recorder(Rc<RefCell<Vec<(String, Trigger)>>>);

    impl Compiler for Recorder {
        fn compile(
            &mut self,
            program: &Program,
            request: &Request<'_>,
            _: JitEnv,
        ) -> Option<Compiled> {
            self.0
                .borrow_mut()
                .push((program.func(request.func).name.clone(), request.trigger));
            None
        }
    }

    #[test]
    fn hot_functions_are_offered_once_at_their_threshold() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let mut runs = Vec::new();
        for _ in 0..2 {
            let (mut vm, out) = vm_for(&program);
            let seen = Rc::new(RefCell::new(Vec::new()));
            let thresholds = Thresholds {
                calls: 3,
                back_edges: 4,
            };
            vm.set_compiler(Box::new(Recorder(seen.clone())), thresholds, false);
            vm.run(&[10], false).unwrap();
            vm.out.flush();
            runs.push((seen.borrow().clone(), out.contents()));
        }
        // `main`, called once, gets only the code to go on in.
        let expected = vec![
            ("inc".to_string(), Trigger::Calls),
            ("main".to_string(), Trigger::Osr),
        ];
        assert_eq!(runs[0].0, expected);
        assert_eq!(runs[0], runs[1], "tier-up is deterministic");
    }

    #[test]
    fn hot_loops_get_replacement_code_then_ordinary_code_at_the_next_call() {
        let text = "func main()\n    call %r, looper, 5\n    call %r, looper, 5\n    call %r, looper, 5\n    print %r\n    ret 0\nend\n";
        let program = crate::load(format!("{text}{LOOPER}").as_bytes()).unwrap();
        let (mut vm, out) = vm_for(&program);
        let seen = Rc::new(RefCell::new(Vec::new()));
        let thresholds = Thresholds {
            calls: u64::MAX,
            back_edges: 3,
        };
        vm.set_compiler(Box::new(Recorder(seen.clone())), thresholds, false);
        assert_eq!(vm.run(&[], false), Ok(0));
        vm.out.flush();
        assert_eq!(out.contents(), b"5\n");
        // Refused both times, and not asked a third time.
        let expected = vec![
            ("looper".to_string(), Trigger::Osr),
            ("looper".to_string(), Trigger::BackEdges),
        ];
        assert_eq!(*seen.borrow(), expected);
    }

    #[test]
    fn eager_offers_every_function_before_its_first_call() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let (mut vm, _) = vm_for(&program);
        let seen = Rc::new(RefCell::new(Vec::new()));
        vm.set_compiler(Box::new(Recorder(seen.clone())), Thresholds::NEVER, true);
        vm.run(&[10], false).unwrap();
        let expected = vec![
            ("main".to_string(), Trigger::Eager),
            ("inc".to_string(), Trigger::Eager),
        ];
        assert_eq!(*seen.borrow(), expected);
    }

    /// Stands in for compiled code: ordinary calls return -1; code entered
    /// by on-stack replacement returns 1000 * register 0 + register 1 of
    /// the frame it took over, and records the call depth it ran at.
    struct Replacer(Rc<RefCell<Vec<(String, u32)>>>);

    thread_local! {
        static OSR_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    extern "sysv64" fn fake_call(_: *mut c_void, _: *const u64) -> crate::tier::JitReturn {
        crate::tier::JitReturn {
            value: u64::MAX,
            trapped: 0,
        }
    }

    extern "sysv64" fn fake_osr(vm: *mut c_void, frame: *const u64) -> crate::tier::JitReturn {
        // SAFETY: the interpreter passes the running `Vm` and the frame of
        // the activation, whose two registers lie at `frame[0..2]`.
        let (depth, n, i) = unsafe {
            let vm = &*(vm as *const Vm);
            (vm.state.depth, *frame, *frame.add(1))
        };
        OSR_DEPTH.with(|d| d.set(depth));
        crate::tier::JitReturn {
            value: 1000 * n + i,
            trapped: 0,
        }
    }

    impl Compiler for Replacer {
        fn compile(
            &mut self,
            program: &Program,
            request: &Request<'_>,
            _: JitEnv,
        ) -> Option<Compiled> {
            let Some(pc) = request.osr else {
                return Some(Compiled {
                    entry: fake_call,
                    code_bytes: 0,
                    owner: Box::new(()),
                });
            };
            self.0
                .borrow_mut()
                .push((program.func(request.func).name.clone(), pc));
            Some(Compiled {
                entry: fake_osr,
                code_bytes: 0,
                owner: Box::new(()),
            })
        }
    }

    #[test]
    fn a_hot_loop_continues_in_code_made_for_its_header() {
        // `looper` runs interpreted (its calls never reach the threshold);
        // at its second back-edge, with %i = 2, the rest of the activation
        // goes to the replacement code, and its result to main's %r.
        let text = "func main()\n    call %r, looper, 5\n    print %r\n    call %r, looper, 1\n    print %r\n    ret 0\nend\n";
        let program = crate::load(format!("{text}{LOOPER}").as_bytes()).unwrap();
        let (mut vm, out) = vm_for(&program);
        let seen = Rc::new(RefCell::new(Vec::new()));
        let thresholds = Thresholds {
            calls: u64::MAX,
            back_edges: 2,
        };
        vm.set_compiler(Box::new(Replacer(seen.clone())), thresholds, false);
        assert_eq!(vm.run(&[], false), Ok(0));
        vm.out.flush();
        // Offered once, at the header (instruction 1); the second call of
        // `looper` gets its ordinary code.
        assert_eq!(*seen.borrow(), vec![("looper".to_string(), 1)]);
        assert_eq!(out.contents(), b"5002\n-1\n");
        // The replacement runs at the depth of the frame it replaced.
        assert_eq!(OSR_DEPTH.with(|d| d.get()), 2);
    }

    #[test]
    fn a_trap_leaves_the_vm_reusable() {
        let text = "func main(%d)\n    div %x, 1, %d\n    print %x\n    ret 0\nend\n";
        let program = crate::load(text.as_bytes()).unwrap();
        let (mut vm, out) = vm_for(&program);
        let trap = vm.run(&[0], false).unwrap_err();
        assert_eq!((trap.kind, trap.pc), (TrapKind::DivisionByZero, 0));
        assert_eq!(trap.pos(&program), crate::Pos { line: 2, col: 5 });
        assert_eq!(vm.run(&[1], false), Ok(0));
        vm.out.flush();
        assert_eq!(out.contents(), b"1\n");
    }
}
