//! The interpreter: a `match` over dense opcodes, with every operand a
//! pre-decoded frame slot (see `bytecode`), frames on a heap-allocated
//! register stack rather than in Rust recursion, and no allocation, hashing
//! or growth check per instruction (a call may grow the stack; nothing else
//! does). Counting the instructions of a `--profile` run is a separate
//! instantiation of the loop (`PROFILE = true`), so the ordinary one does not
//! pay for it.

use crate::bytecode::{FuncId, Function, Instr, Op, Program, Slot};
use crate::profile::Profile;
use crate::runtime::{LinearMemory, Output, Trap, TrapKind};
use crate::tier::{Thresholds, TierUp, Trigger};
use std::io;

/// Resource limits, the same in every tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest call depth allowed; `main` runs at depth 1.
    pub max_call_depth: u32,
    /// The register stack's size limit, in 8-byte slots; a call whose frame
    /// would not fit traps with `stack overflow`.
    pub max_stack_slots: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_call_depth: 100_000,
            max_stack_slots: 1 << 28,
        }
    }
}

struct Frame {
    func: FuncId,
    /// Where the caller resumes.
    pc: u32,
    base: usize,
    /// The caller's slot that receives the result.
    dest: Slot,
}

pub struct Vm<'p> {
    program: &'p Program,
    pub memory: LinearMemory,
    pub out: Output,
    pub profile: Profile,
    pub limits: Limits,
    thresholds: Thresholds,
    tier_up: Option<Box<dyn TierUp + 'p>>,
    stack: Vec<u64>,
    frames: Vec<Frame>,
}

impl<'p> Vm<'p> {
    /// Fails only if the linear memory cannot be mapped.
    pub fn new(program: &'p Program, out: Output, limits: Limits) -> io::Result<Vm<'p>> {
        Ok(Vm {
            program,
            memory: LinearMemory::new(program.memory_cells)?,
            out,
            profile: Profile::new(program),
            limits,
            thresholds: Thresholds::NEVER,
            tier_up: None,
            stack: Vec::new(),
            frames: Vec::new(),
        })
    }

    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// Reports functions to `tier_up` as their counts reach `thresholds`.
    pub fn set_tier_up(&mut self, thresholds: Thresholds, tier_up: Box<dyn TierUp + 'p>) {
        self.thresholds = thresholds;
        self.tier_up = Some(tier_up);
    }

    /// Runs `main` with `args` (as many as it has parameters; the command
    /// line checks) and returns its result. Output stays buffered until the
    /// caller flushes `out`.
    pub fn run(&mut self, args: &[i64], count_instructions: bool) -> Result<u64, Trap> {
        debug_assert_eq!(
            args.len(),
            self.program.func(self.program.main).nparams as usize
        );
        self.frames.clear();
        let narrow = self.program.funcs.iter().all(|f| f.frame_size() <= WINDOW);
        match (narrow, count_instructions) {
            (true, false) => self.execute::<false, [u64; WINDOW]>(args),
            (true, true) => self.execute::<true, [u64; WINDOW]>(args),
            (false, false) => self.execute::<false, [u64]>(args),
            (false, true) => self.execute::<true, [u64]>(args),
        }
    }

    fn execute<const PROFILE: bool, R: FrameView + ?Sized>(
        &mut self,
        args: &[i64],
    ) -> Result<u64, Trap> {
        let Vm {
            program,
            memory,
            out,
            profile,
            limits,
            thresholds,
            tier_up,
            stack,
            frames,
        } = self;
        let program: &Program = program;
        let mem = memory.cells_mut();
        let counts = &mut profile.funcs[..];

        let mut fid = program.main;
        let mut func: &Function = program.func(fid);
        let mut code: &[Instr] = &func.code;
        let mut base = 0usize;
        let mut pc = 0usize;
        let mut executed = 0u64;

        let size = func.frame_size();
        if stack.len() < size.max(R::HEADROOM) {
            stack.resize(size.max(R::HEADROOM), 0);
        }
        for (slot, &arg) in stack.iter_mut().zip(args) {
            *slot = arg as u64;
        }
        stack[func.nparams as usize..size].copy_from_slice(&func.frame_template);
        counts[fid.index()].calls += 1;
        let mut regs: &mut R = R::view(stack, size);

        // A trap at the instruction just dispatched.
        macro_rules! trap {
            ($kind:expr) => {{
                if PROFILE {
                    counts[fid.index()].instructions += executed;
                }
                return Err(Trap {
                    kind: $kind,
                    func: fid,
                    pc: (pc - 1) as u32,
                });
            }};
        }
        macro_rules! jump {
            ($target:expr) => {{
                let target = $target as usize;
                if target < pc {
                    let c = &mut counts[fid.index()];
                    c.back_edges += 1;
                    if c.back_edges == thresholds.back_edges {
                        if let Some(t) = tier_up {
                            t.hot(program, fid, Trigger::BackEdges);
                        }
                    }
                }
                pc = target;
            }};
        }

        loop {
            let ins = code[pc];
            pc += 1;
            if PROFILE {
                executed += 1;
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
                Op::Call => {
                    let callee_id = FuncId(ins.b);
                    let callee = program.func(callee_id);
                    if frames.len() + 2 > limits.max_call_depth as usize {
                        trap!(TrapKind::StackOverflow);
                    }
                    let new_base = base + func.frame_size();
                    let size = callee.frame_size();
                    let top = new_base + size;
                    let needed = top.max(new_base + R::HEADROOM);
                    if needed > stack.len() {
                        if top > limits.max_stack_slots {
                            trap!(TrapKind::StackOverflow);
                        }
                        let grown = (stack.len() * 2).min(limits.max_stack_slots + R::HEADROOM);
                        stack.resize(grown.max(needed), 0);
                    }
                    R::enter(
                        &mut stack[base..],
                        func.frame_size(),
                        &program.call_args[ins.c as usize..],
                        callee,
                    );
                    frames.push(Frame {
                        func: fid,
                        pc: pc as u32,
                        base,
                        dest: ins.a,
                    });
                    if PROFILE {
                        counts[fid.index()].instructions += executed;
                        executed = 0;
                    }
                    let calls = &mut counts[callee_id.index()].calls;
                    *calls += 1;
                    if *calls == thresholds.calls {
                        if let Some(t) = tier_up {
                            t.hot(program, callee_id, Trigger::Calls);
                        }
                    }
                    fid = callee_id;
                    func = callee;
                    code = &func.code;
                    base = new_base;
                    pc = 0;
                    regs = R::view(&mut stack[base..], size);
                }
                Op::Ret => {
                    let v = regs.get(ins.a);
                    if PROFILE {
                        counts[fid.index()].instructions += executed;
                        executed = 0;
                    }
                    let Some(frame) = frames.pop() else {
                        return Ok(v);
                    };
                    fid = frame.func;
                    func = program.func(fid);
                    code = &func.code;
                    base = frame.base;
                    pc = frame.pc as usize;
                    regs = R::view(&mut stack[base..], func.frame_size());
                    regs.set(frame.dest, v);
                }
                Op::Print => out.print_int(regs.get(ins.a) as i64),
                Op::FPrint => out.print_float(f(regs.get(ins.a)), ins.b),
                Op::PutC => out.put_byte(regs.get(ins.a) as u8),
                Op::PutS => out.put_bytes(&program.strings[ins.a as usize]),
            }
        }
    }
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
    /// Slots the stack must hold from the current frame's base (beyond its
    /// end, where that is further).
    const HEADROOM: usize;
    /// The frame of `size` slots starting at `stack[0]`.
    fn view(stack: &mut [u64], size: usize) -> &mut Self;
    fn get(&self, slot: Slot) -> u64;
    fn set(&mut self, slot: Slot, value: u64);
    /// Builds `callee`'s frame right above the caller's frame, which starts
    /// at `stack[0]` and has `caller_size` slots: its arguments read from
    /// the caller's `arg_slots`, then zeroed registers and its constants.
    fn enter(stack: &mut [u64], caller_size: usize, arg_slots: &[Slot], callee: &Function);
}

/// The window: every `u16` indexes it, so the compiler drops the checks.
/// Only used when all frames fit, so truncating a slot to `u16` is exact.
impl FrameView for [u64; WINDOW] {
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
    fn enter(stack: &mut [u64], caller_size: usize, arg_slots: &[Slot], callee: &Function) {
        let window: &mut [u64; CALL_WINDOW] =
            (&mut stack[..CALL_WINDOW]).try_into().expect("call window");
        let nparams = callee.nparams as usize;
        for (i, &slot) in arg_slots[..nparams].iter().enumerate() {
            window[(caller_size + i) % CALL_WINDOW] = window[slot as u16 as usize];
        }
        let start = caller_size + nparams;
        window[start..start + callee.frame_template.len()].copy_from_slice(&callee.frame_template);
    }
}

/// Huge frames (a function with more than 65,536 registers and constants):
/// an ordinary checked slice.
impl FrameView for [u64] {
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

    fn enter(stack: &mut [u64], caller_size: usize, arg_slots: &[Slot], callee: &Function) {
        let (caller, above) = stack.split_at_mut(caller_size);
        let frame = &mut above[..callee.frame_size()];
        let nparams = callee.nparams as usize;
        for (arg, &slot) in frame.iter_mut().zip(&arg_slots[..nparams]) {
            *arg = caller[slot as usize];
        }
        frame[nparams..].copy_from_slice(&callee.frame_template);
    }
}

#[inline(always)]
fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::SharedBuffer;
    use std::cell::RefCell;
    use std::rc::Rc;

    const LOOPS: &str = "func inc(%x)\n    add %x, %x, 1\n    ret %x\nend\n\
        func main(%n)\n    mov %i, 0\nhead:\n    jge %i, %n, done\n    call %i, inc, %i\n    jmp head\n\
        done:\n    print %i\n    ret 0\nend\n";

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
        let p = |f| vm.profile.get(f);
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
    fn instructions_are_not_counted_without_profiling() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let (mut vm, _) = vm_for(&program);
        vm.run(&[3], false).unwrap();
        assert_eq!(vm.profile.get(program.main).instructions, 0);
        assert_eq!(vm.profile.get(program.main).back_edges, 3);
    }

    struct Recorder(Rc<RefCell<Vec<(String, Trigger)>>>);

    impl TierUp for Recorder {
        fn hot(&mut self, program: &Program, func: FuncId, trigger: Trigger) {
            self.0
                .borrow_mut()
                .push((program.func(func).name.clone(), trigger));
        }
    }

    #[test]
    fn hot_functions_are_reported_once_at_their_threshold() {
        let program = crate::load(LOOPS.as_bytes()).unwrap();
        let mut runs = Vec::new();
        for _ in 0..2 {
            let (mut vm, out) = vm_for(&program);
            let seen = Rc::new(RefCell::new(Vec::new()));
            let thresholds = Thresholds {
                calls: 3,
                back_edges: 4,
            };
            vm.set_tier_up(thresholds, Box::new(Recorder(seen.clone())));
            vm.run(&[10], false).unwrap();
            vm.out.flush();
            // What was printed before each report pins down the moment.
            runs.push((seen.borrow().clone(), out.contents()));
        }
        let expected = vec![
            ("inc".to_string(), Trigger::Calls),
            ("main".to_string(), Trigger::BackEdges),
        ];
        assert_eq!(runs[0].0, expected);
        assert_eq!(runs[0], runs[1], "tier-up is deterministic");
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
