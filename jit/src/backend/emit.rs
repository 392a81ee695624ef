//! x86-64 code from the out-of-SSA IR, with dynasm-rs, into executable
//! memory that is never writable and executable at once (dynasmrt maps it
//! writable, then makes it read-and-execute before handing it out).
//!
//! Value locations come from `regalloc` and are read and written through
//! `load`/`store` and `source`/`register` (which hand an instruction its
//! operand in place: an immediate, a home register or a frame slot).
//! Constants are immediates; values with a home live in `rsi`, `rdi`,
//! `r8`-`r11` or `xmm2`-`xmm15` for the whole function, spilled to their
//! frame slots around a call only if live across it, since those registers
//! are the callee's to clobber; every other value lives in its slot.
//! `rax`, `rcx`, `rdx`, `xmm0` and `xmm1` are scratch.
//!
//! Each function has two entries. The external one, at the start, is
//! `vm::tier::Entry` for the interpreter: it saves and sets the registers
//! every compiled function relies on (`r12` the VM pointer, `r14` the
//! linear memory's base, `rbx` its number of cells, `r15` the VM's
//! `CallState`), copies the arguments onto the stack and calls the internal
//! one, at `INTERNAL_ENTRY`, which compiled callers call directly with the
//! arguments at `[rsp]` and those four registers already set. A call to a
//! function that is already compiled makes the interpreter's depth and
//! stack checks inline and calls the callee's internal entry (a function
//! calling itself needs no lookup); anything else (not compiled yet, a
//! limit reached) goes through `jit_call`, which does what the interpreter
//! would. A trap jumps to an out-of-line stub that records it through
//! `jit_trap` and returns `trapped`; a helper call that reports a trap
//! returns at once.
//!
//! Blocks are laid out in source order. A jump to a block that only tests
//! and branches (a loop's header) is replaced by that test (loop rotation,
//! done here rather than on the IR), and jumps skip blocks that would only
//! jump on, so a counted loop runs one conditional jump per iteration.

// dynasm expands a dynamic register `Rq(r)` to `r.into()`, even for a u8.
#![allow(clippy::useless_conversion)]

use crate::bounds::VersionedLoop;
use crate::budget::{Budget, CompileError, Phase};
use crate::cfg::EntryPoint;
use crate::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind, NO_SRC};
use crate::regalloc::{Allocation, Home};
use dynasmrt::{dynasm, x64::X64Relocation, DynamicLabel, DynasmApi, DynasmLabelApi, VecAssembler};

type Assembler = VecAssembler<X64Relocation>;
use vm::native::{jit_call, jit_fprint, jit_print, jit_putc, jit_puts, jit_trap, site};
use vm::tier::{JitEnv, STATE_DEPTH, STATE_MAX_DEPTH, STATE_MAX_SLOTS, STATE_STACK_TOP};
use vm::Op;
use vm::Program;

/// Frames larger than this are not compiled (the function stays in the
/// interpreter): their stack probing would cost more than it saves.
const MAX_FRAME_BYTES: usize = 1 << 20;
const PAGE: usize = 4096;
/// Where a function's internal entry (for compiled callers) starts,
/// after the external one's `jmp` to its body.
pub const INTERNAL_ENTRY: i32 = 8;
/// Bytes the external entry pushes below `rbp`: rbx, r12, r14, r15.
const EXTERNAL_PUSHED: usize = 32;

const RAX: u8 = 0;
const RCX: u8 = 1;
const RDX: u8 = 2;

/// A right-hand float operand.
#[derive(Clone, Copy)]
enum XSrc {
    Reg(u8),
    /// A frame slot, `[rbp + offset]`.
    Mem(i32),
}

/// A right-hand integer operand.
#[derive(Clone, Copy)]
enum Src {
    Imm(i32),
    Reg(u8),
    /// A frame slot, `[rbp + offset]`.
    Mem(i32),
}

/// What the emitter made, with the machine-code offset of each bytecode
/// instruction's code, for disassembly listings.
#[derive(Clone, Debug)]
pub struct Emitted {
    /// The code, position independent (it reaches other code and data
    /// only through absolute addresses), entered at offset 0.
    pub code: Vec<u8>,
    /// (offset in the code, bytecode index) where each instruction starts.
    pub lines: Vec<(usize, u32)>,
}

/// Flag conditions of conditional jumps.
#[derive(Clone, Copy)]
enum Cond {
    E,
    Ne,
    L,
    Le,
    G,
    Ge,
    A,
    Ae,
    B,
    Be,
}

impl Cond {
    fn negated(self) -> Cond {
        match self {
            Cond::E => Cond::Ne,
            Cond::Ne => Cond::E,
            Cond::L => Cond::Ge,
            Cond::Le => Cond::G,
            Cond::G => Cond::Le,
            Cond::Ge => Cond::L,
            Cond::A => Cond::Be,
            Cond::Ae => Cond::B,
            Cond::B => Cond::Ae,
            Cond::Be => Cond::A,
        }
    }
}

struct Emitter<'a> {
    ops: Assembler,
    f: &'a Function,
    homes: &'a [Option<Home>],
    /// Per instruction: the homed values live after it, as a mask over
    /// `homed`.
    live_after: &'a [u128],
    /// The values that have a home, in bit order of `live_after`.
    homed: &'a [Value],
    /// The instruction being emitted.
    current: usize,
    program: &'a Program,
    env: JitEnv,
    labels: Vec<DynamicLabel>,
    /// Out-of-line trap stubs: (label, kind for `jit_trap`, site).
    traps: Vec<(DynamicLabel, u64, u64)>,
    /// Out-of-line slow calls: (stub label, return label, callee, site).
    slow_calls: Vec<(DynamicLabel, DynamicLabel, i64, i64)>,
    epilogue: DynamicLabel,
    /// The function's entry, for calls to itself.
    start: DynamicLabel,
    lines: Vec<(usize, u32)>,
    /// Per value: how many instructions read it.
    use_counts: Vec<u32>,
    /// Per block: its place in the code, for choosing branch directions.
    position: Vec<u32>,
    /// Loops emitted a second time without the bounds checks their guard
    /// makes redundant (`bounds`), and per loop the labels of that copy,
    /// in the order of the loop's `blocks`.
    versioned: &'a [VersionedLoop],
    copy_labels: Vec<Vec<DynamicLabel>>,
    /// Per block: the versioned loop it heads, if any.
    heads: Vec<Option<usize>>,
    /// The loop whose unchecked copy is being emitted.
    copying: Option<usize>,
    /// The block being emitted.
    block: Block,
}

fn fail(message: impl Into<String>) -> CompileError {
    CompileError::Invalid {
        phase: Phase::Emit,
        message: message.into(),
    }
}

/// Compiles `f`, which must be out of SSA form, with `allocation`'s
/// register homes and the `versioned` loops laid out twice.
pub fn emit(
    program: &Program,
    f: &Function,
    allocation: &Allocation,
    versioned: &[VersionedLoop],
    env: JitEnv,
    budget: &mut Budget,
) -> Result<Emitted, CompileError> {
    let max_args = f
        .live_blocks()
        .flat_map(|b| f.block(b).insts.iter())
        .map(|&i| match f.kind(i) {
            InstKind::Call(_, args) => args.len(),
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    // Values and outgoing arguments; rounded so calls see a 16-byte
    // aligned stack.
    let raw = 8 * (f.value_count() + max_args);
    // At entry rsp is 8 mod 16 (the return address) and pushing rbp makes it
    // 0, so the frame must be 0 mod 16.
    let frame = raw.next_multiple_of(16);
    if frame > MAX_FRAME_BYTES {
        return Err(fail(format!("frame of {frame} bytes is too large")));
    }
    let words = entry_words(program, f);
    if 8 * words > MAX_FRAME_BYTES {
        return Err(fail(format!("{words} words to copy in at the entry")));
    }
    let mut ops = Assembler::new(0);
    let labels = (0..f.blocks.len())
        .map(|_| ops.new_dynamic_label())
        .collect();
    let epilogue = ops.new_dynamic_label();
    let start_label = ops.new_dynamic_label();
    let mut e = Emitter {
        ops,
        f,
        homes: &allocation.homes,
        live_after: &allocation.live_after,
        homed: &allocation.homed,
        current: 0,
        program,
        env,
        labels,
        traps: Vec::new(),
        slow_calls: Vec::new(),
        epilogue,
        start: start_label,
        lines: Vec::new(),
        use_counts: vec![0; f.value_count()],
        position: vec![u32::MAX; f.blocks.len()],
        versioned,
        copy_labels: Vec::new(),
        heads: vec![None; f.blocks.len()],
        copying: None,
        block: f.entry,
    };
    budget.charge(Phase::Emit, f.insts.len() as u64)?;
    for (l, versioned) in e.versioned.iter().enumerate() {
        e.heads[versioned.header.index()] = Some(l);
    }
    e.copy_labels = (0..e.versioned.len())
        .map(|l| {
            (0..e.versioned[l].blocks.len())
                .map(|_| e.ops.new_dynamic_label())
                .collect()
        })
        .collect();
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            f.kind(i).for_each_operand(|v| e.use_counts[v.index()] += 1);
        }
    }
    let start = e.ops.offset();
    let external = e.ops.new_dynamic_label();
    // A five-byte jmp, padded so the internal entry is at INTERNAL_ENTRY.
    dynasm!(e.ops ; .arch x64 ; jmp =>external ; nop ; nop ; nop ; =>start_label);
    debug_assert_eq!(e.ops.offset().0 - start.0, INTERNAL_ENTRY as usize);
    e.prologue(frame);
    let order: Vec<Block> = std::iter::once(f.entry)
        .chain(f.live_blocks().filter(|&b| b != f.entry))
        .collect();
    for (k, &b) in order.iter().enumerate() {
        e.position[b.index()] = k as u32;
    }
    for (k, &b) in order.iter().enumerate() {
        e.block(b, order.get(k + 1).copied(), budget)?;
    }
    // The unchecked copies, after the function's own code: entered only
    // from a guard, left by the loop's exits into the checked code. A
    // loop's blocks, sorted, are in the order `order` gives them (which
    // is by index but for the entry, never part of a loop).
    for l in 0..e.versioned.len() {
        e.copying = Some(l);
        let copy = e.versioned[l].blocks.clone();
        for (k, &b) in copy.iter().enumerate() {
            e.block(b, copy.get(k + 1).copied(), budget)?;
        }
        e.copying = None;
    }
    e.slow_call_stubs();
    e.trap_stubs();
    e.epilogue_code();
    dynasm!(e.ops ; .arch x64 ; =>external);
    e.external_entry();
    let bytes = e.ops.offset().0;
    let lines = e.lines;
    debug_assert_eq!(start.0, 0);
    let code = e
        .ops
        .finalize()
        .map_err(|e| fail(format!("cannot assemble: {e}")))?;
    debug_assert_eq!(code.len(), bytes);
    Ok(Emitted { code, lines })
}

impl Emitter<'_> {
    /// Emits block `b`, which `next` follows in the code.
    fn block(
        &mut self,
        b: Block,
        next: Option<Block>,
        budget: &mut Budget,
    ) -> Result<(), CompileError> {
        let f = self.f;
        self.block = b;
        let label = self.label(b);
        dynasm!(self.ops ; .arch x64 ; =>label);
        let insts = &f.block(b).insts;
        let mut k = 0;
        while k < insts.len() {
            let i = insts[k];
            budget.charge(Phase::Emit, 1)?;
            let src = f.inst(i).src;
            self.mark_line(src);
            self.current = i.index();
            if let Some(&branch) = insts.get(k + 1) {
                if self.compare_and_branch(i, branch, next)? {
                    k += 2;
                    continue;
                }
            }
            self.inst(&f.inst(i).kind, f.inst(i).result, src, next)?;
            k += 1;
        }
        Ok(())
    }

    /// Where the code of block `b` is: in the unchecked copy while that is
    /// being emitted and `b` is part of it, else in the function's code.
    fn label(&self, b: Block) -> DynamicLabel {
        let in_copy = self
            .copying
            .and_then(|l| Some((l, self.versioned[l].blocks.binary_search(&b).ok()?)));
        match in_copy {
            Some((l, k)) => self.copy_labels[l][k],
            None => self.labels[b.index()],
        }
    }

    /// The versioned loop that a jump to `target` from the current block
    /// enters from outside, if any: that jump needs the loop's guard.
    fn guarded_entry(&self, target: Block) -> Option<usize> {
        let l = self.heads[target.index()]?;
        (!self.versioned[l].contains(self.block)).then_some(l)
    }

    /// Enters the unchecked copy of loop `l` if its guard holds; falls
    /// through to the ordinary entry otherwise.
    fn guard(&mut self, l: usize) {
        let (index, limit, max_offset) = {
            let l = &self.versioned[l];
            (l.index, l.limit, l.max_offset as i32)
        };
        let checked = self.ops.new_dynamic_label();
        // index >= 0 (a constant index is known to be).
        if self.f.constant(index).is_none() {
            let r = self.register(index, RAX);
            dynasm!(self.ops ; .arch x64 ; test Rq(r), Rq(r) ; js =>checked);
        }
        // limit <= cells - max_offset (rbx holds the cell count).
        dynasm!(self.ops ; .arch x64 ; mov rax, rbx);
        if max_offset != 0 {
            dynasm!(self.ops ; .arch x64 ; sub rax, max_offset);
        }
        match self.source(limit, RCX) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; cmp rax, i ; jl =>checked),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; cmp Rq(r), rax ; jg =>checked),
            Src::Mem(m) => dynasm!(self.ops ; .arch x64 ; cmp QWORD [rbp + m], rax ; jg =>checked),
        }
        // Every step in [0, STEP_LIMIT): unsigned, so a negative one fails.
        for k in 0..self.versioned[l].steps.len() {
            let r = self.register(self.versioned[l].steps[k], RAX);
            let top = (crate::bounds::STEP_LIMIT - 1) as i32;
            dynasm!(self.ops ; .arch x64 ; cmp Rq(r), top ; ja =>checked);
        }
        let header = self.versioned[l].header;
        let k = self.versioned[l].blocks.binary_search(&header);
        let unchecked = self.copy_labels[l][k.expect("a loop holds its header")];
        dynasm!(self.ops ; .arch x64 ; jmp =>unchecked ; =>checked);
    }

    /// Whether the load or store being emitted needs its bounds check.
    fn checked(&self) -> bool {
        !self.copying.is_some_and(|l| {
            self.versioned[l]
                .unchecked
                .contains(&Inst::new(self.current))
        })
    }

    fn slot(&self, v: Value) -> i32 {
        -8 * (v.0 as i32 + 1)
    }

    /// Loads value `v` into general register `r`.
    fn load(&mut self, r: u8, v: Value) {
        match (self.f.constant(v), self.homes[v.index()]) {
            (Some(c), _) => dynasm!(self.ops ; .arch x64 ; mov Rq(r), QWORD c as i64),
            (None, Some(Home::Gpr(home))) => dynasm!(self.ops ; .arch x64 ; mov Rq(r), Rq(home)),
            (None, Some(Home::Xmm(home))) => dynasm!(self.ops ; .arch x64 ; movq Rq(r), Rx(home)),
            (None, None) => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; mov Rq(r), QWORD [rbp + at])
            }
        }
    }

    /// Stores general register `r` into value `v`'s location.
    fn store(&mut self, v: Option<Value>, r: u8) {
        let Some(v) = v else { return };
        match self.homes[v.index()] {
            Some(Home::Gpr(home)) => dynasm!(self.ops ; .arch x64 ; mov Rq(home), Rq(r)),
            Some(Home::Xmm(home)) => dynasm!(self.ops ; .arch x64 ; movq Rx(home), Rq(r)),
            None => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; mov QWORD [rbp + at], Rq(r));
            }
        }
    }

    /// `v`'s general register, if it lives in one.
    fn gpr(&self, v: Value) -> Option<u8> {
        match (self.f.constant(v), self.homes[v.index()]) {
            (None, Some(Home::Gpr(r))) => Some(r),
            _ => None,
        }
    }

    /// `v` as a right-hand operand of an integer instruction: an immediate
    /// that fits, its register, its slot, or else loaded into `scratch`.
    fn source(&mut self, v: Value, scratch: u8) -> Src {
        if let Some(c) = self.f.constant(v) {
            return match i32::try_from(c as i64) {
                Ok(imm) => Src::Imm(imm),
                Err(_) => {
                    self.load(scratch, v);
                    Src::Reg(scratch)
                }
            };
        }
        match self.homes[v.index()] {
            Some(Home::Gpr(r)) => Src::Reg(r),
            None => Src::Mem(self.slot(v)),
            Some(Home::Xmm(_)) => {
                self.load(scratch, v);
                Src::Reg(scratch)
            }
        }
    }

    /// `v` in a general register: its own, or loaded into `scratch`.
    fn register(&mut self, v: Value, scratch: u8) -> u8 {
        match self.gpr(v) {
            Some(r) => r,
            None => {
                self.load(scratch, v);
                scratch
            }
        }
    }

    /// Compares `a` with `b`, setting the flags.
    fn compare(&mut self, a: Value, b: Value) {
        let left = self.register(a, RAX);
        match self.source(b, RCX) {
            Src::Imm(imm) => dynasm!(self.ops ; .arch x64 ; cmp Rq(left), imm),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; cmp Rq(left), Rq(r)),
            Src::Mem(at) => dynasm!(self.ops ; .arch x64 ; cmp Rq(left), QWORD [rbp + at]),
        }
    }

    /// An integer `add`, `sub`, `mul`, `and`, `or` or `xor` computed in
    /// the result's own register where it can be, else in rax.
    fn two_operand(&mut self, op: Op, result: Option<Value>, a: Value, b: Value) {
        let home = result.and_then(|r| self.gpr(r));
        // `x = y + x` is `x += y`.
        let commutes = matches!(op, Op::Add | Op::Mul | Op::And | Op::Or | Op::Xor);
        let (a, b) = if commutes && home.is_some() && self.gpr(b) == home {
            (b, a)
        } else {
            (a, b)
        };
        let target = match home {
            Some(d) if self.gpr(b) != Some(d) || a == b => d,
            _ => RAX,
        };
        if self.gpr(a) != Some(target) {
            self.load(target, a);
        }
        let t = target;
        match (op, self.source(b, RCX)) {
            (Op::Add, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; add Rq(t), i),
            (Op::Add, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; add Rq(t), Rq(r)),
            (Op::Add, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; add Rq(t), QWORD [rbp + m]),
            (Op::Sub, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; sub Rq(t), i),
            (Op::Sub, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; sub Rq(t), Rq(r)),
            (Op::Sub, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; sub Rq(t), QWORD [rbp + m]),
            (Op::Mul, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; imul Rq(t), Rq(t), i),
            (Op::Mul, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; imul Rq(t), Rq(r)),
            (Op::Mul, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; imul Rq(t), QWORD [rbp + m]),
            (Op::And, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; and Rq(t), i),
            (Op::And, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; and Rq(t), Rq(r)),
            (Op::And, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; and Rq(t), QWORD [rbp + m]),
            (Op::Or, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; or Rq(t), i),
            (Op::Or, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; or Rq(t), Rq(r)),
            (Op::Or, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; or Rq(t), QWORD [rbp + m]),
            (_, Src::Imm(i)) => dynasm!(self.ops ; .arch x64 ; xor Rq(t), i),
            (_, Src::Reg(r)) => dynasm!(self.ops ; .arch x64 ; xor Rq(t), Rq(r)),
            (_, Src::Mem(m)) => dynasm!(self.ops ; .arch x64 ; xor Rq(t), QWORD [rbp + m]),
        }
        if target == RAX {
            self.store(result, RAX);
        }
    }

    /// `v`'s XMM register, if it lives in one.
    fn xmm(&self, v: Value) -> Option<u8> {
        match self.homes[v.index()] {
            Some(Home::Xmm(x)) => Some(x),
            _ => None,
        }
    }

    /// `v` in an XMM register: its own, or loaded into `scratch`.
    fn xmm_register(&mut self, v: Value, scratch: u8) -> u8 {
        match self.xmm(v) {
            Some(x) => x,
            None => {
                self.load_xmm(scratch, v);
                scratch
            }
        }
    }

    /// `v` as the right-hand operand of a float instruction: its XMM
    /// register, its slot, or else loaded into `scratch`.
    fn xmm_source(&mut self, v: Value, scratch: u8) -> XSrc {
        match (self.f.constant(v), self.homes[v.index()]) {
            (_, Some(Home::Xmm(x))) => XSrc::Reg(x),
            (None, None) => XSrc::Mem(self.slot(v)),
            _ => {
                self.load_xmm(scratch, v);
                XSrc::Reg(scratch)
            }
        }
    }

    /// `fadd`, `fsub`, `fmul` or `fdiv`, computed in the result's own
    /// register where it can be, else in xmm0.
    fn float_arithmetic(&mut self, op: Op, result: Option<Value>, a: Value, b: Value) {
        let home = result.and_then(|r| self.xmm(r));
        let target = match home {
            Some(d) if self.xmm(b) != Some(d) || a == b => d,
            _ => 0,
        };
        if self.xmm(a) != Some(target) {
            self.load_xmm(target, a);
        }
        let t = target;
        match (op, self.xmm_source(b, 1)) {
            (Op::FAdd, XSrc::Reg(r)) => dynasm!(self.ops ; .arch x64 ; addsd Rx(t), Rx(r)),
            (Op::FAdd, XSrc::Mem(m)) => {
                dynasm!(self.ops ; .arch x64 ; addsd Rx(t), QWORD [rbp + m])
            }
            (Op::FSub, XSrc::Reg(r)) => dynasm!(self.ops ; .arch x64 ; subsd Rx(t), Rx(r)),
            (Op::FSub, XSrc::Mem(m)) => {
                dynasm!(self.ops ; .arch x64 ; subsd Rx(t), QWORD [rbp + m])
            }
            (Op::FMul, XSrc::Reg(r)) => dynasm!(self.ops ; .arch x64 ; mulsd Rx(t), Rx(r)),
            (Op::FMul, XSrc::Mem(m)) => {
                dynasm!(self.ops ; .arch x64 ; mulsd Rx(t), QWORD [rbp + m])
            }
            (_, XSrc::Reg(r)) => dynasm!(self.ops ; .arch x64 ; divsd Rx(t), Rx(r)),
            (_, XSrc::Mem(m)) => dynasm!(self.ops ; .arch x64 ; divsd Rx(t), QWORD [rbp + m]),
        }
        if target == 0 {
            self.store_xmm(result, 0);
        }
    }

    /// `ucomisd a, b`, with the operands in place.
    fn ucomisd(&mut self, a: Value, b: Value) {
        let left = self.xmm_register(a, 0);
        match self.xmm_source(b, 1) {
            XSrc::Reg(r) => dynasm!(self.ops ; .arch x64 ; ucomisd Rx(left), Rx(r)),
            XSrc::Mem(m) => dynasm!(self.ops ; .arch x64 ; ucomisd Rx(left), QWORD [rbp + m]),
        }
    }

    /// The cell index `base + offset` in a register, for a load or store:
    /// rax, or the base's own register when the offset is 0.
    fn address(&mut self, base: Value, offset: Value) -> u8 {
        let (base, offset) = match self.f.constant(base) {
            Some(_) if self.f.constant(offset).is_none() => (offset, base),
            _ => (base, offset),
        };
        match self.f.constant(offset).map(|c| i32::try_from(c as i64)) {
            Some(Ok(0)) => self.register(base, RAX),
            Some(Ok(imm)) => {
                let r = self.register(base, RAX);
                dynasm!(self.ops ; .arch x64 ; lea rax, [Rq(r) + imm]);
                RAX
            }
            _ => {
                let r = self.register(base, RAX);
                if r != RAX {
                    dynasm!(self.ops ; .arch x64 ; mov rax, Rq(r));
                }
                match self.source(offset, RCX) {
                    Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; add rax, i),
                    Src::Reg(o) => dynasm!(self.ops ; .arch x64 ; add rax, Rq(o)),
                    Src::Mem(m) => dynasm!(self.ops ; .arch x64 ; add rax, QWORD [rbp + m]),
                }
                RAX
            }
        }
    }

    /// Loads value `v` into XMM register `x` (clobbers rax for a constant).
    fn load_xmm(&mut self, x: u8, v: Value) {
        match (self.f.constant(v), self.homes[v.index()]) {
            (_, Some(Home::Xmm(home))) => dynasm!(self.ops ; .arch x64 ; movapd Rx(x), Rx(home)),
            (Some(c), _) => {
                dynasm!(self.ops ; .arch x64 ; mov rax, QWORD c as i64 ; movq Rx(x), rax)
            }
            (None, Some(Home::Gpr(home))) => dynasm!(self.ops ; .arch x64 ; movq Rx(x), Rq(home)),
            (None, None) => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at])
            }
        }
    }

    /// Stores XMM register `x` into value `v`'s location.
    fn store_xmm(&mut self, v: Option<Value>, x: u8) {
        let Some(v) = v else { return };
        match self.homes[v.index()] {
            Some(Home::Gpr(home)) => dynasm!(self.ops ; .arch x64 ; movq Rq(home), Rx(x)),
            Some(Home::Xmm(home)) => dynasm!(self.ops ; .arch x64 ; movapd Rx(home), Rx(x)),
            None => {
                let at = self.slot(v);
                dynasm!(self.ops ; .arch x64 ; movsd QWORD [rbp + at], Rx(x));
            }
        }
    }

    /// Values in registers that the current instruction's call must not
    /// lose (those live after it) to their slots.
    fn spill(&mut self) {
        self.move_homes(true);
    }

    /// Those values back into their registers after the call.
    fn reload(&mut self) {
        self.move_homes(false);
    }

    fn move_homes(&mut self, to_slots: bool) {
        let live = self.live_after[self.current];
        for k in (0..self.homed.len()).filter(|k| live & (1u128 << k) != 0) {
            let v = self.homed[k];
            let at = self.slot(v);
            match (self.homes[v.index()], to_slots) {
                (Some(Home::Gpr(r)), true) => {
                    dynasm!(self.ops ; .arch x64 ; mov QWORD [rbp + at], Rq(r))
                }
                (Some(Home::Gpr(r)), false) => {
                    dynasm!(self.ops ; .arch x64 ; mov Rq(r), QWORD [rbp + at])
                }
                (Some(Home::Xmm(x)), true) => {
                    dynasm!(self.ops ; .arch x64 ; movsd QWORD [rbp + at], Rx(x))
                }
                (Some(Home::Xmm(x)), false) => {
                    dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at])
                }
                (None, _) => {}
            }
        }
    }

    fn site(&self, src: u32) -> i64 {
        site(self.f.id, src) as i64
    }

    fn trap_label(&mut self, kind: u64, src: u32) -> DynamicLabel {
        let label = self.ops.new_dynamic_label();
        let site = self.site(src) as u64;
        self.traps.push((label, kind, site));
        label
    }

    /// The entry the interpreter calls (`vm::tier::Entry`): saves the
    /// callee-saved registers every compiled function relies on, sets them,
    /// copies the arguments where the internal entry expects them and
    /// calls it.
    fn external_entry(&mut self) {
        let memory = self.env.memory;
        let state = self.env.state as i64;
        let words = entry_words(self.program, self.f);
        let outgoing = (8 * words).next_multiple_of(16);
        let internal = self.start;
        dynasm!(self.ops
            ; .arch x64
            ; push rbp
            ; mov rbp, rsp
            ; push rbx
            ; push r12
            ; push r14
            ; push r15
            ; mov r12, rdi
            ; mov r15, QWORD state
            ; mov r14, QWORD memory.base as i64
            ; mov rbx, QWORD memory.cells as i64
        );
        self.grow_stack(outgoing);
        if words <= 16 {
            for k in 0..words as i32 {
                dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [rsi + 8 * k] ; mov QWORD [rsp + 8 * k], rax);
            }
        } else {
            // The System V ABI guarantees the direction flag is clear.
            dynasm!(self.ops ; .arch x64 ; mov rdi, rsp ; mov rcx, QWORD words as i64 ; rep movsq);
        }
        let pushed = EXTERNAL_PUSHED as i32;
        dynasm!(self.ops
            ; .arch x64
            ; call =>internal
            ; lea rsp, [rbp - pushed]
            ; pop r15
            ; pop r14
            ; pop r12
            ; pop rbx
            ; pop rbp
            ; ret
        );
    }

    /// The internal entry's frame: compiled callers have put the
    /// arguments at `[rbp + 16]` on, and r12, r14, r15 and rbx hold what
    /// `external_entry` set.
    fn prologue(&mut self, frame: usize) {
        dynasm!(self.ops ; .arch x64 ; push rbp ; mov rbp, rsp);
        self.grow_stack(frame);
    }

    /// Grows the stack by `bytes` a page at a time, touching each, so a
    /// large frame never jumps past a guard page.
    fn grow_stack(&mut self, bytes: usize) {
        let mut left = bytes;
        while left > PAGE {
            dynasm!(self.ops ; .arch x64 ; sub rsp, PAGE as i32 ; mov QWORD [rsp], 0);
            left -= PAGE;
        }
        dynasm!(self.ops ; .arch x64 ; sub rsp, left as i32);
    }

    fn epilogue_code(&mut self) {
        let label = self.epilogue;
        dynasm!(self.ops ; .arch x64 ; =>label ; mov rsp, rbp ; pop rbp ; ret);
    }

    fn trap_stubs(&mut self) {
        let epilogue = self.epilogue;
        for (label, kind, site) in std::mem::take(&mut self.traps) {
            dynasm!(self.ops
                ; .arch x64
                ; =>label
                ; mov rdi, r12
                ; mov rsi, QWORD kind as i64
                ; mov rdx, QWORD site as i64
                ; mov rax, QWORD jit_trap as *const () as i64
                ; call rax
                ; jmp =>epilogue
            );
        }
    }

    /// Calls a runtime helper whose arguments are already in rsi, rdx, rcx.
    /// The caller spills and reloads register-held values around it.
    fn call_helper(&mut self, helper: *const ()) {
        dynasm!(self.ops
            ; .arch x64
            ; mov rdi, r12
            ; mov rax, QWORD helper as i64
            ; call rax
        );
    }

    /// An output helper taking one value (in rax) and, for `fprint`, an
    /// immediate second argument.
    fn output(&mut self, helper: *const (), second: Option<i64>) {
        self.spill();
        dynasm!(self.ops ; .arch x64 ; mov rsi, rax);
        if let Some(x) = second {
            dynasm!(self.ops ; .arch x64 ; mov rdx, QWORD x);
        }
        self.call_helper(helper);
        self.reload();
    }

    /// A call with its arguments at `[rsp]`: direct if the callee is
    /// compiled and within the limits, else through `jit_call`. Leaves the
    /// result in rax; returns from this function at once on a trap. A
    /// function calling itself is compiled, so it calls its own entry
    /// without looking it up.
    fn call(&mut self, callee: vm::FuncId, src: u32) {
        let entry_at = self.env.entries as i64 + 8 * callee.0 as i64;
        let count_at =
            self.env.call_counts as i64 + (self.env.count_stride * callee.index()) as i64;
        let frame_size = self.program.func(callee).frame_size() as i32;
        let site = self.site(src);
        let epilogue = self.epilogue;
        // Code entered by on-stack replacement is not the function's entry.
        let recursive = callee == self.f.id && self.f.entry_point == EntryPoint::Start;
        // The slow path is out of line, so the direct call falls through.
        let slow = self.ops.new_dynamic_label();
        let done = self.ops.new_dynamic_label();
        self.slow_calls.push((slow, done, callee.0 as i64, site));
        if !recursive {
            dynasm!(self.ops
                ; .arch x64
                ; mov rax, QWORD entry_at
                ; mov rax, QWORD [rax]
                ; test rax, rax
                ; jz =>slow
            );
        }
        // The interpreter's checks: depth + 1 <= max depth, and the
        // callee's frame fits under the register stack's limit.
        dynasm!(self.ops
            ; .arch x64
            ; mov rcx, QWORD [r15 + STATE_DEPTH]
            ; cmp rcx, QWORD [r15 + STATE_MAX_DEPTH]
            ; jae =>slow
            ; mov rdx, QWORD [r15 + STATE_STACK_TOP]
            ; add rdx, frame_size
            ; cmp rdx, QWORD [r15 + STATE_MAX_SLOTS]
            ; ja =>slow
            ; add rcx, 1
            ; mov QWORD [r15 + STATE_DEPTH], rcx
            ; mov QWORD [r15 + STATE_STACK_TOP], rdx
        );
        if self.env.count_calls {
            dynasm!(self.ops ; .arch x64 ; mov r9, QWORD count_at ; add QWORD [r9], 1);
        }
        if recursive {
            let start = self.start;
            dynasm!(self.ops ; .arch x64 ; call =>start);
        } else {
            dynasm!(self.ops ; .arch x64 ; add rax, INTERNAL_ENTRY ; call rax);
        }
        // The callee leaves both as it found them, trap or not.
        dynasm!(self.ops
            ; .arch x64
            ; sub QWORD [r15 + STATE_STACK_TOP], frame_size
            ; sub QWORD [r15 + STATE_DEPTH], 1
            ; =>done
            ; test rdx, rdx
            ; jnz =>epilogue
        );
    }

    /// The calls that go through `jit_call`, out of line: each comes back
    /// to its call site's trap check with the result in rax.
    fn slow_call_stubs(&mut self) {
        for (slow, done, callee, site) in std::mem::take(&mut self.slow_calls) {
            dynasm!(self.ops
                ; .arch x64
                ; =>slow
                ; mov rsi, QWORD callee
                ; mov rdx, rsp
                ; mov rcx, QWORD site
            );
            self.call_helper(jit_call as *const ());
            dynasm!(self.ops ; .arch x64 ; jmp =>done);
        }
    }

    /// Release builds do not run the verifier, so a branch to a removed
    /// block (a compiler bug) must be refused here rather than left for
    /// the assembler to trip over.
    fn check_target(&self, target: Block) -> Result<(), CompileError> {
        if self.f.block(target).live {
            Ok(())
        } else {
            Err(fail(format!("branch to removed block {target}")))
        }
    }

    fn mark_line(&mut self, src: u32) {
        if src != NO_SRC && self.lines.last().is_none_or(|&(_, s)| s != src) {
            self.lines.push((self.ops.offset().0, src));
        }
    }

    /// Loop rotation, done at emission: a jump to a block that only tests
    /// and branches (a loop's header, jumped to from the loop's end) makes
    /// the test itself, so an iteration runs one conditional jump back to
    /// the body instead of a jump to the header and a test there.
    fn rotate(&mut self, target: Block, next: Option<Block>) -> Result<bool, CompileError> {
        let marked = self.lines.len();
        let rotated = match self.f.block(target).insts[..] {
            [branch] if matches!(self.f.kind(branch), InstKind::Branch { .. }) => {
                self.mark_line(self.f.inst(branch).src);
                self.inst(&self.f.inst(branch).kind, None, NO_SRC, next)?;
                true
            }
            [compare, branch] => {
                self.mark_line(self.f.inst(compare).src);
                self.compare_and_branch(compare, branch, next)?
            }
            _ => false,
        };
        if !rotated {
            self.lines.truncate(marked);
        }
        Ok(rotated)
    }

    /// Where control really goes from a jump to `target`: past blocks that
    /// only jump on (edges split for copies the allocator coalesced).
    fn thread(&self, mut target: Block) -> Block {
        for _ in 0..8 {
            let Some((&last, body)) = self.f.block(target).insts.split_last() else {
                break;
            };
            match *self.f.kind(last) {
                InstKind::Jump(to)
                    if to != target
                        && body.iter().all(|&i| self.coalesced(i))
                        && self.guarded_entry(to).is_none() =>
                {
                    target = to
                }
                _ => break,
            }
        }
        target
    }

    /// Whether `inst` is a copy between values sharing a home, which needs
    /// no code.
    fn coalesced(&self, inst: crate::entity::Inst) -> bool {
        match (self.f.kind(inst), self.f.inst(inst).result) {
            (InstKind::Copy(a), Some(r)) => self.same_home(*a, r),
            _ => false,
        }
    }

    fn same_home(&self, a: Value, b: Value) -> bool {
        self.f.constant(a).is_none()
            && self.homes[a.index()].is_some()
            && self.homes[a.index()] == self.homes[b.index()]
    }

    /// The successor `target` as the code reaches it: by falling through if
    /// it comes next, else through `thread`.
    fn reach(&self, target: Block, next: Option<Block>) -> Block {
        if next == Some(target) {
            target
        } else {
            self.thread(target)
        }
    }

    fn jump(&mut self, target: Block, next: Option<Block>) {
        let target = self.reach(target, next);
        if next != Some(target) {
            let label = self.label(target);
            dynasm!(self.ops ; .arch x64 ; jmp =>label);
        }
    }

    fn inst(
        &mut self,
        kind: &InstKind,
        result: Option<Value>,
        src: u32,
        next: Option<Block>,
    ) -> Result<(), CompileError> {
        match kind {
            // A constant with a home is put there once, where it is defined
            // (the entry block, which dominates every use).
            InstKind::Const(c) => {
                if let Some(Home::Xmm(home)) = result.and_then(|r| self.homes[r.index()]) {
                    dynasm!(self.ops ; .arch x64 ; mov rax, QWORD *c as i64 ; movq Rx(home), rax);
                }
            }
            InstKind::Param(i) => {
                let at = 16 + 8 * *i as i32;
                match result.and_then(|r| self.homes[r.index()]) {
                    Some(Home::Gpr(d)) => {
                        dynasm!(self.ops ; .arch x64 ; mov Rq(d), QWORD [rbp + at])
                    }
                    Some(Home::Xmm(x)) => {
                        dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at])
                    }
                    None => {
                        dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [rbp + at]);
                        self.store(result, RAX);
                    }
                }
            }
            InstKind::Copy(a) if result.is_some_and(|r| self.same_home(*a, r)) => {}
            InstKind::Copy(a) => match result.and_then(|r| self.homes[r.index()]) {
                Some(Home::Gpr(d)) => self.load(d, *a),
                Some(Home::Xmm(x)) => self.load_xmm(x, *a),
                None => {
                    self.load(RAX, *a);
                    self.store(result, RAX);
                }
            },
            InstKind::Phi(_) => return Err(fail("a phi reached the emitter")),
            InstKind::Unary(Op::FSqrt, a) => {
                self.load_xmm(0, *a);
                dynasm!(self.ops ; .arch x64 ; sqrtsd xmm0, xmm0);
                self.store_xmm(result, 0);
            }
            InstKind::Unary(Op::IToF, a) => {
                self.load(RAX, *a);
                dynasm!(self.ops ; .arch x64 ; cvtsi2sd xmm0, rax);
                self.store_xmm(result, 0);
            }
            InstKind::Unary(op, a) => {
                self.load(RAX, *a);
                self.unary(*op);
                self.store(result, RAX);
            }
            InstKind::Binary(op @ (Op::FAdd | Op::FSub | Op::FMul | Op::FDiv), a, b) => {
                self.float_arithmetic(*op, result, *a, *b);
            }
            InstKind::Binary(
                op @ (Op::FEq | Op::FNe | Op::FLt | Op::FLe | Op::FGt | Op::FGe),
                a,
                b,
            ) => {
                self.float_compare(*op, *a, *b);
                self.store(result, RAX);
            }
            InstKind::Binary(
                op @ (Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor),
                a,
                b,
            ) => {
                self.two_operand(*op, result, *a, *b);
            }
            InstKind::Binary(op @ (Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge), a, b) => {
                self.compare(*a, *b);
                match op {
                    Op::Eq => dynasm!(self.ops ; .arch x64 ; sete al),
                    Op::Ne => dynasm!(self.ops ; .arch x64 ; setne al),
                    Op::Lt => dynasm!(self.ops ; .arch x64 ; setl al),
                    Op::Le => dynasm!(self.ops ; .arch x64 ; setle al),
                    Op::Gt => dynasm!(self.ops ; .arch x64 ; setg al),
                    _ => dynasm!(self.ops ; .arch x64 ; setge al),
                }
                dynasm!(self.ops ; .arch x64 ; movzx eax, al);
                self.store(result, RAX);
            }
            InstKind::Binary(op @ (Op::Shl | Op::Shr | Op::Ushr), a, b) => {
                self.shift(*op, *a, *b);
                self.store(result, RAX);
            }
            InstKind::Binary(op, a, b) => {
                self.load(RAX, *a);
                self.load(RCX, *b);
                self.division(*op, src)?;
                self.store(result, RAX);
            }
            InstKind::Load(base, off) => {
                let cell = self.address(*base, *off);
                if self.checked() {
                    let oob = self.trap_label(1, src);
                    dynasm!(self.ops ; .arch x64 ; cmp Rq(cell), rbx ; jae =>oob);
                }
                match result.and_then(|r| self.gpr(r)) {
                    Some(d) => {
                        dynasm!(self.ops ; .arch x64 ; mov Rq(d), QWORD [r14 + Rq(cell) * 8])
                    }
                    None => {
                        dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [r14 + Rq(cell) * 8]);
                        self.store(result, RAX);
                    }
                }
            }
            InstKind::Store(base, off, value) => {
                let value = match self.source(*value, RDX) {
                    Src::Mem(_) => {
                        self.load(RDX, *value);
                        Src::Reg(RDX)
                    }
                    other => other,
                };
                let cell = self.address(*base, *off);
                if self.checked() {
                    let oob = self.trap_label(1, src);
                    dynasm!(self.ops ; .arch x64 ; cmp Rq(cell), rbx ; jae =>oob);
                }
                match value {
                    Src::Imm(i) => {
                        dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8], i)
                    }
                    Src::Reg(r) => {
                        dynasm!(self.ops ; .arch x64 ; mov QWORD [r14 + Rq(cell) * 8], Rq(r))
                    }
                    Src::Mem(_) => unreachable!("loaded into rdx above"),
                }
            }
            InstKind::Call(callee, args) => {
                for (k, &a) in args.iter().enumerate() {
                    let at = 8 * k as i32;
                    match self.source(a, RAX) {
                        Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; mov QWORD [rsp + at], i),
                        Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; mov QWORD [rsp + at], Rq(r)),
                        Src::Mem(m) => dynasm!(self.ops
                            ; .arch x64
                            ; mov rax, QWORD [rbp + m]
                            ; mov QWORD [rsp + at], rax
                        ),
                    }
                }
                self.spill();
                self.call(*callee, src);
                self.reload();
                self.store(result, RAX);
            }
            InstKind::Print(a) => {
                self.load(RAX, *a);
                self.output(jit_print as *const (), None);
            }
            InstKind::PutC(a) => {
                self.load(RAX, *a);
                self.output(jit_putc as *const (), None);
            }
            InstKind::FPrint(a, precision) => {
                self.load(RAX, *a);
                self.output(jit_fprint as *const (), Some(*precision as i64));
            }
            InstKind::PutS(index) => {
                dynasm!(self.ops ; .arch x64 ; mov rax, QWORD *index as i64);
                self.output(jit_puts as *const (), None);
            }
            InstKind::Jump(target) => {
                self.check_target(*target)?;
                let target = self.reach(*target, next);
                if let Some(l) = self.guarded_entry(target) {
                    self.guard(l);
                }
                if next == Some(target) || !self.rotate(target, next)? {
                    self.jump(target, next)
                }
            }
            InstKind::Branch {
                op,
                args,
                taken,
                fallthrough,
            } => {
                self.check_target(*taken)?;
                self.check_target(*fallthrough)?;
                if matches!(op, Op::Jz | Op::Jnz) {
                    let r = self.register(args[0], RAX);
                    dynasm!(self.ops ; .arch x64 ; test Rq(r), Rq(r));
                } else {
                    self.compare(args[0], args[1]);
                }
                self.two_way(branch_condition(*op), *taken, *fallthrough, next);
            }
            InstKind::Ret(a) => {
                self.load(RAX, *a);
                // The epilogue, inline.
                dynasm!(self.ops ; .arch x64 ; xor edx, edx ; mov rsp, rbp ; pop rbp ; ret);
            }
        }
        Ok(())
    }

    fn unary(&mut self, op: Op) {
        match op {
            Op::Neg => dynasm!(self.ops ; .arch x64 ; neg rax),
            Op::Not => dynasm!(self.ops ; .arch x64 ; not rax),
            // Flips the sign bit only, NaN payloads included.
            Op::FNeg => dynasm!(self.ops ; .arch x64 ; btc rax, 63),
            // cvttsd2si gives i64::MIN for NaN and out-of-range values; the
            // spec wants 0 for NaN and i64::MAX above the range.
            Op::FToI => dynasm!(self.ops
                ; .arch x64
                ; movq xmm0, rax
                ; cvttsd2si rax, xmm0
                ; mov rcx, QWORD i64::MIN
                ; cmp rax, rcx
                ; jne >done
                ; ucomisd xmm0, xmm0
                ; jp >nan
                ; xorpd xmm1, xmm1
                ; ucomisd xmm0, xmm1
                ; jbe >done
                ; mov rax, QWORD i64::MAX
                ; jmp >done
                ; nan:
                ; xor eax, eax
                ; done:
            ),
            _ => {}
        }
    }

    /// `shl`, `shr` or `ushr` of `a` by `b` into rax. The hardware masks a
    /// shift count to 6 bits, as the spec does.
    fn shift(&mut self, op: Op, a: Value, b: Value) {
        self.load(RAX, a);
        match self.f.constant(b) {
            Some(c) => {
                let count = (c & 63) as i8;
                match op {
                    Op::Shl => dynasm!(self.ops ; .arch x64 ; shl rax, count),
                    Op::Shr => dynasm!(self.ops ; .arch x64 ; sar rax, count),
                    _ => dynasm!(self.ops ; .arch x64 ; shr rax, count),
                }
            }
            None => {
                self.load(RCX, b);
                match op {
                    Op::Shl => dynasm!(self.ops ; .arch x64 ; shl rax, cl),
                    Op::Shr => dynasm!(self.ops ; .arch x64 ; sar rax, cl),
                    _ => dynasm!(self.ops ; .arch x64 ; shr rax, cl),
                }
            }
        }
    }

    /// `div` or `rem` of rax by rcx into rax.
    fn division(&mut self, op: Op, src: u32) -> Result<(), CompileError> {
        match op {
            Op::Div | Op::Rem => {
                let zero = self.trap_label(0, src);
                // idiv faults on i64::MIN / -1; the spec wants MIN and 0.
                dynasm!(self.ops
                    ; .arch x64
                    ; test rcx, rcx
                    ; jz =>zero
                    ; cmp rcx, -1
                    ; jne >divide
                );
                if op == Op::Div {
                    dynasm!(self.ops ; .arch x64 ; neg rax ; jmp >done ; divide: ; cqo ; idiv rcx ; done:);
                } else {
                    dynasm!(self.ops ; .arch x64 ; xor eax, eax ; jmp >done ; divide: ; cqo ; idiv rcx ; mov rax, rdx ; done:);
                }
            }
            op => return Err(fail(format!("no binary operation {}", op.mnemonic()))),
        }
        Ok(())
    }

    /// A float comparison of `a` with `b` into rax (0 or 1). ucomisd sets
    /// ZF, PF and CF all three for an unordered pair, so only `fne` may
    /// come out true with a NaN.
    fn float_compare(&mut self, op: Op, a: Value, b: Value) {
        // `a < b` is `b > a`: ucomisd's `above` is false when unordered.
        match op {
            Op::FLt | Op::FLe => self.ucomisd(b, a),
            _ => self.ucomisd(a, b),
        }
        match op {
            Op::FEq => dynasm!(self.ops ; .arch x64 ; sete al ; setnp cl ; and al, cl),
            Op::FNe => dynasm!(self.ops ; .arch x64 ; setne al ; setp cl ; or al, cl),
            Op::FLt | Op::FGt => dynasm!(self.ops ; .arch x64 ; seta al),
            _ => dynasm!(self.ops ; .arch x64 ; setae al),
        }
        dynasm!(self.ops ; .arch x64 ; movzx eax, al);
    }

    /// A comparison whose only use is the `jz`/`jnz` right after it: the
    /// compare sets the flags and one conditional jump reads them, with no
    /// 0/1 value in between. Returns whether it emitted the pair.
    fn compare_and_branch(
        &mut self,
        compare: crate::entity::Inst,
        branch: crate::entity::Inst,
        next: Option<Block>,
    ) -> Result<bool, CompileError> {
        let (InstKind::Binary(op, a, b), Some(r)) =
            (self.f.kind(compare), self.f.inst(compare).result)
        else {
            return Ok(false);
        };
        let InstKind::Branch {
            op: test @ (Op::Jz | Op::Jnz),
            args,
            taken,
            fallthrough,
        } = self.f.kind(branch)
        else {
            return Ok(false);
        };
        if args[0] != r || self.use_counts[r.index()] != 1 {
            return Ok(false);
        }
        let (op, a, b, taken, fallthrough) = (*op, *a, *b, *taken, *fallthrough);
        let when_true = *test == Op::Jnz;
        // The flags' condition under which the comparison is true; with
        // ucomisd an unordered pair sets CF, ZF and PF, so `a`/`ae` (and
        // their negations `be`/`b`) already treat NaN right.
        let cond = match op {
            Op::Eq => Cond::E,
            Op::Ne => Cond::Ne,
            Op::Lt => Cond::L,
            Op::Le => Cond::Le,
            Op::Gt => Cond::G,
            Op::Ge => Cond::Ge,
            Op::FGt | Op::FLt => Cond::A,
            Op::FGe | Op::FLe => Cond::Ae,
            _ => return Ok(false),
        };
        self.check_target(taken)?;
        self.check_target(fallthrough)?;
        match op {
            Op::FGt | Op::FGe => self.ucomisd(a, b),
            Op::FLt | Op::FLe => self.ucomisd(b, a),
            _ => self.compare(a, b),
        }
        let cond = if when_true { cond } else { cond.negated() };
        self.two_way(cond, taken, fallthrough, next);
        Ok(true)
    }

    /// Ends a block on flags just set: to `taken` if `cond` holds, else to
    /// `fallthrough`. A successor placed next is reached by falling
    /// through; otherwise the conditional jump goes to the one placed
    /// first (a loop's body, from its rotated back edge), as a backward
    /// jump is the one predicted taken.
    fn two_way(&mut self, cond: Cond, taken: Block, fallthrough: Block, next: Option<Block>) {
        let (taken, fallthrough) = (self.reach(taken, next), self.reach(fallthrough, next));
        let (cond, to, other) = if next == Some(taken)
            || (next != Some(fallthrough)
                && self.position[fallthrough.index()] < self.position[taken.index()])
        {
            (cond.negated(), fallthrough, taken)
        } else {
            (cond, taken, fallthrough)
        };
        self.jcc(cond, self.label(to));
        self.jump(other, next);
    }

    fn jcc(&mut self, cond: Cond, target: DynamicLabel) {
        match cond {
            Cond::E => dynasm!(self.ops ; .arch x64 ; je =>target),
            Cond::Ne => dynasm!(self.ops ; .arch x64 ; jne =>target),
            Cond::L => dynasm!(self.ops ; .arch x64 ; jl =>target),
            Cond::Le => dynasm!(self.ops ; .arch x64 ; jle =>target),
            Cond::G => dynasm!(self.ops ; .arch x64 ; jg =>target),
            Cond::Ge => dynasm!(self.ops ; .arch x64 ; jge =>target),
            Cond::A => dynasm!(self.ops ; .arch x64 ; ja =>target),
            Cond::Ae => dynasm!(self.ops ; .arch x64 ; jae =>target),
            Cond::B => dynasm!(self.ops ; .arch x64 ; jb =>target),
            Cond::Be => dynasm!(self.ops ; .arch x64 ; jbe =>target),
        }
    }
}

/// How many words the external entry copies from its `args`: the
/// parameters, or for on-stack replacement the interpreter's registers up
/// to the last one the code reads.
fn entry_words(program: &Program, f: &Function) -> usize {
    match f.entry_point {
        EntryPoint::Start => program.func(f.id).nparams as usize,
        EntryPoint::Osr(_) => f
            .block(f.entry)
            .insts
            .iter()
            .filter_map(|&i| match f.kind(i) {
                InstKind::Param(r) => Some(*r as usize + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0),
    }
}

/// The flags condition under which a conditional branch is taken, after
/// `test` (for `jz`/`jnz`) or `cmp` (for the rest).
fn branch_condition(op: Op) -> Cond {
    match op {
        Op::Jz | Op::Jeq => Cond::E,
        Op::Jnz | Op::Jne => Cond::Ne,
        Op::Jlt => Cond::L,
        Op::Jle => Cond::Le,
        Op::Jgt => Cond::G,
        _ => Cond::Ge,
    }
}

/// What the emitter needs to embed when there is no VM (disassembly,
/// benchmarks, tests): code compiled against it is never run.
pub struct ScratchEnv {
    memory: vm::runtime::LinearMemory,
    state: Box<vm::tier::CallState>,
    entries: Vec<usize>,
    counts: Vec<u64>,
}

impl ScratchEnv {
    pub fn new(program: &Program) -> std::io::Result<ScratchEnv> {
        let n = program.funcs.len();
        Ok(ScratchEnv {
            memory: vm::runtime::LinearMemory::new(program.memory_cells)?,
            state: Box::default(),
            entries: vec![0; n],
            counts: vec![0; 3 * n],
        })
    }

    pub fn env(&mut self) -> JitEnv {
        JitEnv {
            memory: vm::tier::MemoryView {
                base: self.memory.as_mut_ptr(),
                cells: self.memory.len(),
            },
            state: &mut *self.state,
            entries: self.entries.as_ptr(),
            call_counts: self.counts.as_mut_ptr(),
            count_stride: std::mem::size_of::<vm::profile::FuncProfile>(),
            count_calls: false,
        }
    }
}
