//! The baseline compiler: machine code straight from the bytecode, in one
//! pass and one template per instruction, with no IR, no analysis and no
//! register allocation (the design of V8's Sparkplug and of the first tier
//! of LuaJIT Remake; Deutsch and Schiffman's Smalltalk-80 translator, POPL
//! 1984, is the ancestor). `--tier baseline` compiles every function with
//! it; the optimizing pipeline (`context`) is the other compiler, and under
//! `--tier tiered` the baseline code counts its calls and back-edges
//! (`HotCount`) and hands hot functions and loops to it.
//!
//! Every bytecode register lives in its frame slot, at `[rbp - 8 (nregs -
//! r)]`, in the interpreter's order (so on-stack-replacement code takes a
//! baseline frame over as it takes an interpreted one); a constant slot
//! is an immediate. An instruction loads its operands into
//! `rax`/`rcx` (`xmm0`/`xmm1` for floats), computes and stores its result,
//! so no value is in a register from one instruction to the next and a
//! call saves nothing. The code keeps the optimizing tier's calling
//! convention (`backend::abi`: the two entries, the argument registers,
//! `r12`-`r15`, the call checks and the unwinding traps), so code of one
//! tier may call the other's.
//!
//! Its cost is a pass over the instructions and a few bytes of code each;
//! the branch targets are found in a first, cheaper pass over the same
//! instructions so each gets a label before any jump to it.

use crate::backend::abi::{self, CallSite, ARG_REGISTERS, INTERNAL_ENTRY};
use crate::backend::emitter::{fail, Assembler};
use crate::backend::stubs::Stubs;
use crate::backend::{Emitted, Mark};
use crate::pipeline::budget::{Bail, Budget, CodeMeter};
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::runtime::native::{
    jit_fprint, jit_osr_entry, jit_print, jit_putc, jit_puts, jit_tier_up, site,
};
use vm::tier::{JitEnv, STATE_DEPTH, STATE_MAX_DEPTH, STATE_VM};
use vm::{isa, FuncId, Function, Instr, Op, Program, Slot};
use x64::encode::jump_if;
use x64::regs::{RAX, RBP, RCX, XMM0, XMM1};
use x64::{encode, Gpr, Src, XSrc, Xmm};

/// A function's countdowns to tier-up, which its baseline code keeps when
/// tier-up is on (`--tier tiered`): at zero, `calls` asks for optimized
/// code (`jit_tier_up`) and `back_edges` for code to take over the running
/// activation at the loop header it reached (`jit_osr_entry`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HotCount {
    pub calls: u64,
    pub back_edges: u64,
    /// What `calls` counted down from when last armed (the code does not
    /// read it): the calls a trip to `jit_tier_up` stands for.
    pub armed_calls: u64,
}

/// Bytes of code a budget unit pays for (about 25 ns of emission, as a
/// unit of the optimizing pipeline's phases is).
const BYTES_PER_UNIT: usize = 10;

/// Units a slow call's stub pays beyond its bytes, for a call that keeps
/// its checks in place (`glue_calls` false): the call's site record and
/// the stub's labels (10,000 such calls compiled in about 365 ns each,
/// where their 91 bytes and the instruction paid for 10 units). A call
/// through the glue pays for its bytes alone (10,000 of them: 19 to 27 ns
/// a unit, as the other shapes).
const SLOW_CALL_UNITS: u64 = 8;

/// Units a trap's stub pays beyond its bytes: its label, its record and
/// its share of the routine (1,000 checked loads and stores compile in
/// 0.12 to 0.17 µs an instruction, where their 31 bytes and the
/// instruction paid for 4 units).
const TRAP_UNITS: u64 = 2;

/// Compiles `id` of `program` against `env`, charging the budget a unit
/// per instruction, per `BYTES_PER_UNIT` bytes of code (`CodeMeter`) and
/// for the stubs each instruction queued (`SLOW_CALL_UNITS`,
/// `TRAP_UNITS`); with `hot`, the code counts down there and tiers up. The code is
/// position independent (it reaches other code and data only through
/// absolute addresses) and entered at offset 0.
pub fn compile(
    program: &Program,
    id: FuncId,
    env: JitEnv,
    hot: Option<*mut HotCount>,
    budget: &mut Budget,
) -> Result<Emitted, Bail> {
    // The allowance and the memory are looked at before any work, as
    // before the optimizing pipeline's first phase: a zero allowance
    // compiles nothing.
    budget.check_start()?;
    let f = program.func(id);
    let glue = crate::backend::glue::glue().map_err(Bail::CodeCache)?;
    let mut b = Baseline::new(program, id, env, glue);
    let bytes = (8 * (f.nregs as usize + b.outgoing)).next_multiple_of(16);
    if bytes > abi::MAX_FRAME_BYTES {
        return Err(fail(format!("frame of {bytes} bytes is too large")));
    }
    b.hot = hot.map(|h| h as i64);
    let external = b.ops.new_dynamic_label();
    let internal = b.ops.new_dynamic_label();
    // A five-byte jmp, padded so the internal entry is at INTERNAL_ENTRY.
    dynasm!(b.ops ; .arch x64 ; jmp =>external ; nop ; nop ; nop ; =>internal);
    debug_assert_eq!(b.ops.offset().0, INTERNAL_ENTRY as usize);
    b.mark(Mark::Named("internal entry (compiled callers)"));
    b.prologue(bytes);
    let mut meter = CodeMeter::new(b.ops.offset().0, BYTES_PER_UNIT);
    for (pc, &instr) in f.code.iter().enumerate() {
        if let Some(label) = b.targets[pc] {
            dynasm!(b.ops ; .arch x64 ; =>label);
        }
        b.ops.line(pc as u32);
        let before = b.stubs.queued();
        b.instr(pc as u32, instr)?;
        let after = b.stubs.queued();
        let stubs = SLOW_CALL_UNITS * (after.slow_calls - before.slow_calls) as u64
            + TRAP_UNITS * (after.traps - before.traps) as u64;
        meter.charge(budget, 1 + stubs, b.ops.offset().0)?;
    }
    b.stubs();
    meter.charge(budget, 0, b.ops.offset().0)?;
    dynasm!(b.ops ; .arch x64 ; =>external);
    b.mark(Mark::Named("external entry (from the interpreter)"));
    let words = f.nparams as usize;
    b.stubs.glue().external_entry(
        &mut b.ops,
        &env,
        words,
        words.min(ARG_REGISTERS.len()),
        internal,
    );
    b.ops
        .finish()
        .map_err(|e| fail(format!("cannot assemble: {e}")))
}

/// Whether calls go through the glue (`abi::glue_call`): unless they
/// are counted or account for register-stack slots, which the checks in
/// place do (`abi::direct_call`).
fn glue_calls(env: &JitEnv) -> bool {
    !env.count_calls && !env.count_slots
}

struct Baseline<'a> {
    ops: Assembler,
    program: &'a Program,
    id: FuncId,
    f: &'a Function,
    env: JitEnv,
    /// The label of each instruction some branch jumps to.
    targets: Vec<Option<DynamicLabel>>,
    /// The most arguments a call passes: the frame's outgoing area.
    outgoing: usize,
    /// Out-of-line stubs still to emit: traps, calls through `jit_call`,
    /// the unwinding code (shared with the optimizing back end).
    stubs: Stubs,
    /// The call counter's stub and where it returns to, with tier-up.
    tier_up: Option<(DynamicLabel, DynamicLabel)>,
    /// Back-edges counted for tier-up, out of line: (label, target).
    back_edges: Vec<(DynamicLabel, u32)>,
    /// The `HotCount` this code counts down, if it tiers up.
    hot: Option<i64>,
}

impl<'a> Baseline<'a> {
    fn new(
        program: &'a Program,
        id: FuncId,
        env: JitEnv,
        glue: &'static crate::backend::glue::Glue,
    ) -> Baseline<'a> {
        let f = program.func(id);
        let n = f.code.len();
        // The calls, for the outgoing area and the code's size (the entries
        // and stubs, about 24 bytes an instruction and 160 more a call, for
        // its checks and its way through `jit_call`); then the branch
        // targets, each given a label before any jump to it.
        let (mut calls, mut outgoing, mut traps) = (0, 0, 0);
        for i in &f.code {
            match i.op {
                Op::Call => {
                    calls += 1;
                    outgoing = outgoing.max(program.func(FuncId(i.b)).nparams as usize);
                }
                Op::Load | Op::Store | Op::Div | Op::Rem => traps += 1,
                _ => {}
            }
        }
        // A call through the glue takes a reference to the pool; one
        // with its checks in place (`glue_calls` false) three labels (its
        // slow path's entries and the way back) and up to six references
        // to them, and a slow path. Sized short, a function of 400 calls
        // spent a seventh of its compile growing the tables. An
        // instruction that can trap has a stub (a label, a mark, about 12
        // bytes, a reference to it and one from it to the pool): sized
        // short, a function of loads and stores spent a sixth of its
        // compile growing them.
        let slow_calls = if glue_calls(&env) { 0 } else { calls };
        let bytes = 512 + 24 * n + 40 * calls + 120 * slow_calls + 16 * traps;
        let mut ops = Assembler::new(x64::Capacity {
            bytes,
            dynamic_labels: n / 2 + 8 + 3 * slow_calls + traps,
            relocations: n + 8 + calls + 6 * slow_calls + 2 * traps,
            lines: n,
            marks: slow_calls + traps,
        });
        let mut targets = vec![None; n];
        for target in f.code.iter().filter_map(|i| i.op.target(i)) {
            targets[target as usize].get_or_insert_with(|| ops.new_dynamic_label());
        }
        let stubs = Stubs::new(&mut ops, glue, slow_calls, traps);
        Baseline {
            ops,
            program,
            id,
            f,
            env,
            targets,
            outgoing,
            stubs,
            tier_up: None,
            back_edges: Vec::new(),
            hot: None,
        }
    }

    fn mark(&mut self, mark: Mark) {
        self.ops.mark(mark);
    }

    /// Where register `r` lives, from `rbp`: the registers in order, as
    /// the interpreter's frame holds them, so on-stack-replacement code
    /// can take them over from `slot(0)`.
    fn slot(&self, r: Slot) -> i32 {
        8 * (r as i32 - self.f.nregs as i32)
    }

    /// The frame (`bytes`, the registers and the outgoing arguments),
    /// the parameters stored from where callers pass them, and every other
    /// register zeroed, as the spec wants.
    fn prologue(&mut self, bytes: usize) {
        dynasm!(self.ops ; .arch x64 ; push rbp ; mov rbp, rsp);
        abi::grow_stack(&mut self.ops, bytes);
        let (nparams, nregs) = (self.f.nparams, self.f.nregs);
        for k in 0..nparams {
            let at = self.slot(k);
            match ARG_REGISTERS.get(k as usize) {
                Some(&r) => encode::store(&mut self.ops, RBP, at, r),
                None => {
                    let from = 16 + 8 * k as i32;
                    encode::load(&mut self.ops, RAX, RBP, from);
                    encode::store(&mut self.ops, RBP, at, RAX);
                }
            }
        }
        let zeroed = nregs - nparams;
        if zeroed > 0 {
            dynasm!(self.ops ; .arch x64 ; xor eax, eax);
        }
        if zeroed <= 8 {
            for r in nparams..nregs {
                let at = self.slot(r);
                encode::store(&mut self.ops, RBP, at, RAX);
            }
        } else {
            // The System V ABI keeps the direction flag clear.
            let lowest = self.slot(nparams);
            dynasm!(self.ops
                ; .arch x64
                ; lea rdi, [rbp + lowest]
                ; mov ecx, zeroed as i32
                ; rep stosq
            );
        }
        self.count_call();
    }

    /// With tier-up, the call counted down; at zero, better code asked
    /// for (out of line, `stubs`) while this call goes on here.
    fn count_call(&mut self) {
        let Some(hot) = self.hot else {
            return;
        };
        let stub = self.ops.new_dynamic_label();
        let back = self.ops.new_dynamic_label();
        dynasm!(self.ops
            ; .arch x64
            ; mov rax, QWORD hot
            ; sub QWORD [rax], 1
            ; jz =>stub
            ; =>back
        );
        self.tier_up = Some((stub, back));
    }

    /// `s` into general register `r`.
    fn load(&mut self, r: Gpr, s: Slot) {
        match self.f.constant(s) {
            // Zero by `xor`, as before any compare it feeds.
            Some(c) => encode::mov_imm(&mut self.ops, r, c as i64),
            None => {
                let at = self.slot(s);
                encode::load(&mut self.ops, r, RBP, at);
            }
        }
    }

    /// `s` as a 32-bit immediate, if it is a constant that fits one
    /// (sign-extended, as x86 reads them).
    fn immediate(&self, s: Slot) -> Option<i32> {
        self.f
            .constant(s)
            .and_then(|c| i32::try_from(c as i64).ok())
    }

    /// `b` as a right-hand operand: an immediate where it can be, else
    /// loaded into rcx.
    fn source(&mut self, b: Slot) -> Src {
        match self.immediate(b) {
            Some(i) => Src::Imm(i),
            None => {
                self.load(RCX, b);
                Src::Reg(RCX)
            }
        }
    }

    /// `cmp rax, b`.
    fn compare_with(&mut self, b: Slot) {
        let b = self.source(b);
        encode::compare(&mut self.ops, RAX, b);
    }

    /// `s` into `x`.
    fn load_float(&mut self, x: Xmm, s: Slot) {
        if self.f.constant(s).is_some() {
            self.load(RAX, s);
            dynasm!(self.ops ; .arch x64 ; movq Rx(x), rax);
        } else {
            let at = self.slot(s);
            dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at]);
        }
    }

    fn store(&mut self, d: Slot, r: Gpr) {
        let at = self.slot(d);
        encode::store(&mut self.ops, RBP, at, r);
    }

    fn store_float(&mut self, d: Slot, x: Xmm) {
        let at = self.slot(d);
        dynasm!(self.ops ; .arch x64 ; movsd QWORD [rbp + at], Rx(x));
    }

    fn trap(&mut self, kind: u64, pc: u32) -> DynamicLabel {
        self.stubs.trap(&mut self.ops, kind, site(self.id, pc))
    }

    /// Where a branch at `from` to `pc` jumps: the target, or, for a
    /// backward branch when tier-up is on, a stub that counts the
    /// back-edge first.
    fn target(&mut self, from: u32, pc: u32) -> DynamicLabel {
        let target = self.targets[pc as usize].expect("every branch target has a label");
        if self.hot.is_none() || pc > from {
            return target;
        }
        let stub = self.ops.new_dynamic_label();
        self.back_edges.push((stub, pc));
        stub
    }

    fn instr(&mut self, pc: u32, i: Instr) -> Result<(), Bail> {
        match i.op {
            Op::Mov => {
                self.load(RAX, i.b);
                self.store(i.a, RAX);
            }
            Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor => {
                self.integer(i.op, i.a, i.b, i.c)?
            }
            Op::Div | Op::Rem => {
                let Some(division) = isa::division(i.op) else {
                    return Err(fail("a division without its kind"));
                };
                self.load(RAX, i.b);
                self.load(RCX, i.c);
                let zero = self.trap(vm::runtime::native::TRAP_DIVISION_BY_ZERO, pc);
                encode::divide(&mut self.ops, division, zero);
                self.store(i.a, RAX);
            }
            Op::Shl | Op::Shr | Op::Ushr => self.shift(i.op, i.a, i.b, i.c)?,
            Op::Neg | Op::Not | Op::FNeg | Op::FToI => self.unary(i.op, i.a, i.b),
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                let Some(cond) = isa::condition(i.op) else {
                    return Err(fail("a comparison without its condition"));
                };
                self.load(RAX, i.b);
                self.compare_with(i.c);
                encode::set_if(&mut self.ops, cond, RAX);
                self.store(i.a, RAX);
            }
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv => self.float(i.op, i.a, i.b, i.c)?,
            Op::FSqrt => {
                self.load_float(XMM0, i.b);
                encode::sqrtsd(&mut self.ops, XMM0, XSrc::Reg(XMM0));
                self.store_float(i.a, XMM0);
            }
            Op::IToF => {
                self.load(RAX, i.b);
                dynasm!(self.ops ; .arch x64 ; cvtsi2sd xmm0, rax);
                self.store_float(i.a, XMM0);
            }
            Op::FEq | Op::FNe | Op::FLt | Op::FLe | Op::FGt | Op::FGe => {
                self.float_compare(i.op, i.a, i.b, i.c)?
            }
            Op::Load => {
                self.address(pc, i.b, i.c);
                dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [r14 + rax * 8]);
                self.store(i.a, RAX);
            }
            Op::Store => {
                self.address(pc, i.a, i.b);
                self.load(RCX, i.c);
                dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + rax * 8], rcx);
            }
            Op::Jmp => {
                let to = self.target(pc, i.a);
                dynasm!(self.ops ; .arch x64 ; jmp =>to);
            }
            Op::Jz | Op::Jnz | Op::Jeq | Op::Jne | Op::Jlt | Op::Jle | Op::Jgt | Op::Jge => {
                let Some(cond) = isa::condition(i.op) else {
                    return Err(fail("a branch without its condition"));
                };
                self.load(RAX, i.a);
                if matches!(i.op, Op::Jz | Op::Jnz) {
                    dynasm!(self.ops ; .arch x64 ; test rax, rax);
                } else {
                    self.compare_with(i.b);
                }
                let to = self.target(pc, i.c);
                jump_if(&mut self.ops, cond, to);
            }
            Op::Call => self.call(pc, i.a, FuncId(i.b), i.c as usize),
            Op::Ret => {
                self.load(RAX, i.a);
                dynasm!(self.ops ; .arch x64 ; mov rsp, rbp ; pop rbp ; ret);
            }
            Op::Print => self.output(pc, jit_print as *const (), i.a, None),
            Op::PutC => self.output(pc, jit_putc as *const (), i.a, None),
            Op::FPrint => self.output(pc, jit_fprint as *const (), i.a, Some(i.b as i64)),
            Op::PutS => {
                let site = site(self.id, pc) as i64;
                dynasm!(self.ops ; .arch x64 ; mov eax, i.a as i32);
                abi::output_call(
                    &mut self.ops,
                    jit_puts as *const (),
                    None,
                    site,
                    self.stubs.unwind(),
                );
            }
            // The interpreter's superinstructions, never in `code`.
            _ => return Err(fail("a superinstruction outside the interpreter")),
        }
        Ok(())
    }

    fn integer(&mut self, op: Op, d: Slot, a: Slot, b: Slot) -> Result<(), Bail> {
        let Some(alu) = isa::alu(op) else {
            return Err(fail("arithmetic without its operation"));
        };
        self.load(RAX, a);
        let b = self.source(b);
        encode::alu(&mut self.ops, alu, RAX, b);
        self.store(d, RAX);
        Ok(())
    }

    /// The hardware masks a shift count to 6 bits, as the spec does.
    fn shift(&mut self, op: Op, d: Slot, a: Slot, b: Slot) -> Result<(), Bail> {
        let Some(shift) = isa::shift(op) else {
            return Err(fail("a shift without its kind"));
        };
        self.load(RAX, a);
        match self.f.constant(b) {
            Some(c) => encode::shift_by(&mut self.ops, shift, RAX, c),
            None => {
                self.load(RCX, b);
                encode::shift_by_cl(&mut self.ops, shift, RAX);
            }
        }
        self.store(d, RAX);
        Ok(())
    }

    fn unary(&mut self, op: Op, d: Slot, a: Slot) {
        self.load(RAX, a);
        match op {
            Op::Neg => dynasm!(self.ops ; .arch x64 ; neg rax),
            Op::Not => dynasm!(self.ops ; .arch x64 ; not rax),
            // Flips the sign bit only, NaN payloads included.
            Op::FNeg => dynasm!(self.ops ; .arch x64 ; btc rax, 63),
            _ => {
                dynasm!(self.ops ; .arch x64 ; movq xmm0, rax);
                encode::float_to_int(&mut self.ops);
            }
        }
        self.store(d, RAX);
    }

    fn float(&mut self, op: Op, d: Slot, a: Slot, b: Slot) -> Result<(), Bail> {
        let Some(sse) = isa::sse(op) else {
            return Err(fail("float arithmetic without its operation"));
        };
        self.load_float(XMM0, a);
        self.load_float(XMM1, b);
        encode::sse(&mut self.ops, sse, XMM0, XSrc::Reg(XMM1));
        self.store_float(d, XMM0);
        Ok(())
    }

    /// An IEEE comparison, false for NaN but for `fne`
    /// (`encode::set_if_float`).
    fn float_compare(&mut self, op: Op, d: Slot, a: Slot, b: Slot) -> Result<(), Bail> {
        let Some(cmp) = isa::float_cmp(op) else {
            return Err(fail("a float comparison without its kind"));
        };
        self.load_float(XMM0, a);
        self.load_float(XMM1, b);
        if cmp.swaps() {
            encode::ucomisd(&mut self.ops, XMM1, XSrc::Reg(XMM0));
        } else {
            encode::ucomisd(&mut self.ops, XMM0, XSrc::Reg(XMM1));
        }
        encode::set_if_float(&mut self.ops, cmp, RAX);
        self.store(d, RAX);
        Ok(())
    }

    /// The cell `base + offset` (wrapping) in rax, checked: an address
    /// below zero is, unsigned, above every memory size.
    fn address(&mut self, pc: u32, base: Slot, offset: Slot) {
        self.load(RAX, base);
        match self.f.constant(offset).map(|k| i32::try_from(k as i64)) {
            Some(Ok(0)) => {}
            Some(Ok(k)) => dynasm!(self.ops ; .arch x64 ; add rax, k),
            _ => {
                self.load(RCX, offset);
                dynasm!(self.ops ; .arch x64 ; add rax, rcx);
            }
        }
        // `.memory` is at most 2^28 cells.
        let cells = self.env.memory.cells as i32;
        let out = self.trap(vm::runtime::native::TRAP_OUT_OF_BOUNDS, pc);
        dynasm!(self.ops ; .arch x64 ; cmp rax, cells ; jae =>out);
    }

    /// A call: the arguments where the callee's internal entry expects
    /// them (every one at `[rsp + 8 k]`, the first six in the argument
    /// registers too), then the call protocol both tiers share.
    fn call(&mut self, pc: u32, d: Slot, callee: FuncId, first: usize) {
        let nargs = self.program.func(callee).nparams as usize;
        let args = &self.program.call_args[first..first + nargs];
        for (k, &a) in args.iter().enumerate().skip(ARG_REGISTERS.len()) {
            let at = 8 * k as i32;
            self.load(RAX, a);
            dynasm!(self.ops ; .arch x64 ; mov QWORD [rsp + at], rax);
        }
        for (&r, &a) in ARG_REGISTERS.iter().zip(args) {
            self.load(r, a);
        }
        let call = CallSite {
            callee,
            nargs,
            site: site(self.id, pc) as i64,
            levels: 1,
            own_entry: None,
        };
        if glue_calls(&self.env) {
            let routine = self.stubs.glue().call(abi::in_registers(nargs));
            let routine = self.ops.pooled(routine);
            abi::glue_call(&mut self.ops, &call, routine);
        } else {
            let slow = abi::direct_call(&mut self.ops, self.program, &self.env, &call);
            self.stubs.slow_call(slow);
        }
        self.store(d, RAX);
    }

    /// A backward branch to `pc` with tier-up: the back-edge counted
    /// down; at zero, on-stack-replacement code asked for at `pc`, which,
    /// if made, runs the rest of this activation from its registers (its
    /// frame's depth told to the runtime first, as for `jit_call`), and
    /// its result is this activation's.
    fn back_edge(&mut self, stub: DynamicLabel, pc: u32) {
        let Some(hot) = self.hot else {
            return;
        };
        let target = self.targets[pc as usize].expect("every branch target has a label");
        let id = self.id.0 as i64;
        let registers = self.slot(0);
        let counter = hot + std::mem::offset_of!(HotCount, back_edges) as i64;
        let unwind = self.stubs.unwind();
        self.mark(Mark::Named(
            "back-edge: count, ask for on-stack replacement",
        ));
        dynasm!(self.ops
            ; .arch x64
            ; =>stub
            ; mov rax, QWORD counter
            ; sub QWORD [rax], 1
            ; jnz =>target
            ; mov rcx, QWORD [r15 + STATE_MAX_DEPTH]
            ; sub rcx, r13
            ; mov QWORD [r15 + STATE_DEPTH], rcx
            ; mov rdi, QWORD [r15 + STATE_VM]
            ; mov rsi, QWORD id
            ; mov rdx, QWORD pc as i64
            ; mov rax, QWORD jit_osr_entry as *const () as i64
        );
        abi::call_rax_keeping_values(&mut self.ops);
        dynasm!(self.ops
            ; .arch x64
            ; test rax, rax
            ; jz =>target
            ; mov rdi, QWORD [r15 + STATE_VM]
            ; lea rsi, [rbp + registers]
        );
        abi::call_rax_keeping_values(&mut self.ops);
        dynasm!(self.ops
            ; .arch x64
            ; test rdx, rdx
            ; jnz =>unwind
            ; mov rsp, rbp
            ; pop rbp
            ; ret
        );
    }

    fn output(&mut self, pc: u32, helper: *const (), a: Slot, second: Option<i64>) {
        self.load(RAX, a);
        let site = site(self.id, pc) as i64;
        abi::output_call(&mut self.ops, helper, second, site, self.stubs.unwind());
    }

    /// The calls through `jit_call`, the traps' stubs, tier-up's and the
    /// way out of a trap, after the function's code.
    fn stubs(&mut self) {
        let id = self.id.0 as i64;
        if let Some((stub, back)) = self.tier_up {
            self.mark(Mark::Named("tier-up: ask for optimized code"));
            dynasm!(self.ops
                ; .arch x64
                ; =>stub
                ; mov rdi, QWORD [r15 + STATE_VM]
                ; mov rsi, QWORD id
                ; mov rax, QWORD jit_tier_up as *const () as i64
            );
            abi::call_rax_keeping_values(&mut self.ops);
            dynasm!(self.ops ; .arch x64 ; jmp =>back);
        }
        for (stub, pc) in std::mem::take(&mut self.back_edges) {
            self.back_edge(stub, pc);
        }
        self.stubs.emit(&mut self.ops);
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::oracle::{run_with, Config};
    use proptest::prelude::*;

    /// What `--tier baseline` and the interpreter make of `text`.
    fn both(
        text: &str,
        args: &[i64],
    ) -> (
        crate::testing::oracle::Outcome,
        crate::testing::oracle::Outcome,
    ) {
        let program = vm::load(text.as_bytes()).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        let limits = vm::Limits::default();
        let (interpreted, _) = run_with(&program, Config::Interp, limits, args);
        let (compiled, _) = run_with(&program, Config::Baseline, limits, args);
        (compiled, interpreted)
    }

    #[test]
    fn the_budget_bounds_a_compile_in_work_and_in_time() {
        let program = vm::load(
            b"func main()\n    mov %a, 1\n    add %a, %a, 2\n    print %a\n    ret 0\nend\n",
        )
        .expect("loads");
        let mut scratch = crate::backend::ScratchEnv::new(&program).expect("memory");
        let id = program.func_by_name("main").expect("main");
        let mut compile = |budget: &mut crate::Budget| {
            super::compile(&program, id, scratch.env(), None, budget).map(|_| ())
        };
        let zero_time = &mut crate::Budget::new(u64::MAX, Some(std::time::Duration::ZERO));
        assert!(matches!(
            compile(zero_time),
            Err(crate::Bail::OverTime { .. })
        ));
        // A unit per instruction at least, and one per `BYTES_PER_UNIT`
        // bytes: the compile needs what an unlimited one used, exactly.
        let mut unlimited = crate::Budget::unlimited();
        assert_eq!(compile(&mut unlimited), Ok(()));
        let needed = unlimited.used();
        assert!(needed > 4, "{needed} units");
        let short = &mut crate::Budget::new(needed - 1, None);
        assert!(matches!(
            compile(short),
            Err(crate::Bail::OverBudget { .. })
        ));
        assert_eq!(compile(&mut crate::Budget::new(needed, None)), Ok(()));
    }

    #[test]
    fn many_arguments_pass_on_the_stack_both_ways() {
        let params: Vec<String> = (0..9).map(|k| format!("%p{k}")).collect();
        let mut text = format!("func f({})\n    mov %s, 0\n", params.join(", "));
        for (k, p) in params.iter().enumerate() {
            text.push_str(&format!(
                "    mul %s, %s, 3\n    add %s, %s, {p}\n    add %s, %s, {k}\n"
            ));
        }
        text.push_str("    ret %s\nend\nfunc main()\n    call %r, f, 1, 2, 3, 4, 5, 6, 7, 8, 9\n    print %r\n    ret 0\nend\n");
        let (compiled, interpreted) = both(&text, &[]);
        assert_eq!(compiled, interpreted);
        assert!(!compiled.stdout.is_empty());
    }

    #[test]
    fn traps_unwind_with_the_output_before_them() {
        for (body, trap) in [
            ("div %q, 1, %z", "division by zero"),
            ("rem %q, 1, %z", "division by zero"),
            ("load %q, [%z-1]", "memory access out of bounds"),
            ("store [%z+4], 1", "memory access out of bounds"),
        ] {
            let text = format!(
                ".memory 4\nfunc g(%z)\n    print 1\n    {body}\n    ret %q\nend\nfunc main()\n    call %r, g, 0\n    print %r\n    ret 0\nend\n"
            );
            let (compiled, interpreted) = both(&text, &[]);
            assert_eq!(compiled, interpreted, "{body}");
            assert!(
                compiled.trap.as_deref().is_some_and(|t| t.contains(trap)),
                "{compiled:?}"
            );
            assert_eq!(compiled.stdout, b"1\n");
        }
    }

    /// Values at the edges of the integer and float ranges, as bits.
    fn edge() -> impl Strategy<Value = i64> {
        prop_oneof![
            Just(0i64),
            Just(1),
            Just(-1),
            Just(63),
            Just(64),
            Just(i64::MIN),
            Just(i64::MAX),
            Just(f64::NAN.to_bits() as i64),
            Just(f64::INFINITY.to_bits() as i64),
            Just((-0.0f64).to_bits() as i64),
            Just(9.3e18f64.to_bits() as i64),
            Just((-2.5f64).to_bits() as i64),
            any::<i64>(),
            (-1000i64..1000).prop_map(|x| (x as f64 / 8.0).to_bits() as i64),
        ]
    }

    const BINARY: [&str; 28] = [
        "add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr", "ushr", "eq", "ne",
        "lt", "le", "gt", "ge", "fadd", "fsub", "fmul", "fdiv", "feq", "fne", "flt", "fle", "fgt",
        "fge", "jlt",
    ];

    proptest! {
        /// Every binary operation, on registers and on an immediate, as
        /// the interpreter computes it (traps included).
        #[test]
        fn binary_operations_agree_with_the_interpreter(
            op in 0..BINARY.len(),
            a in edge(),
            b in edge(),
        ) {
            let op = BINARY[op];
            let imm = if op.starts_with('f') {
                format!("{:?}", f64::from_bits(b as u64)).replace("NaN", "nan")
            } else {
                b.to_string()
            };
            let line = |b: &str, k: u32| match op {
                "jlt" => format!("    jlt %a, {b}, yes{k}\n    mov %d, 2\n    jmp out{k}\nyes{k}:\n    mov %d, 3\nout{k}:\n"),
                _ => format!("    {op} %d, %a, {b}\n"),
            };
            let text = format!(
                "func main(%a, %b)\n{}    print %d\n{}    print %d\n    ret 0\nend\n",
                line("%b", 0),
                line(&imm, 1)
            );
            let (compiled, interpreted) = both(&text, &[a, b]);
            prop_assert_eq!(compiled, interpreted, "{}", text);
        }

        #[test]
        fn unary_operations_agree_with_the_interpreter(a in edge()) {
            let text = "func main(%a)\n    neg %d, %a\n    print %d\n    not %d, %a\n    print %d\n    fneg %d, %a\n    print %d\n    fsqrt %d, %a\n    fprint %d, 3\n    itof %d, %a\n    fprint %d, 1\n    ftoi %d, %a\n    print %d\n    ret 0\nend\n";
            let (compiled, interpreted) = both(text, &[a]);
            prop_assert_eq!(compiled, interpreted);
        }
    }
}
