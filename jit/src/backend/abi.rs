//! The calling conventions: the external entry the interpreter calls
//! (`vm::tier::Entry`) and the internal one compiled callers call, the
//! frame, the prologue, calls to compiled and interpreted functions, the
//! runtime helpers for output and traps, and the stubs.
//!
//! Each function has two entries. The external one (a jump from offset 0
//! to the function's way into the glue, `Glue::external_entry`) saves
//! the System V callee-saved registers and sets those every compiled
//! function relies on (`r13` the calls left before the depth limit, `r14`
//! the linear memory's base, `r15` the VM's `CallState`, in which it
//! stores the VM pointer the runtime helpers take, `STATE_VM`),
//! records where a trap unwinds to, puts the arguments where the internal
//! entry expects them and calls it, at `INTERNAL_ENTRY`. Compiled callers
//! call that directly with those three registers already set and the
//! arguments in registers: the first four in `rsi`, `rdi`, `r8`, `r9`
//! (`ARG_REGISTERS`), the rest at `[rsp + 8 k]` for argument k; the result
//! comes back in `rax`. Values with a home live in caller-saved registers,
//! spilled to their frame slots around a call only if live across it, or
//! in the callee-saved `rbx`, `r10`, `r11` and `r12`, which a function saves in
//! its frame if it uses them (`frame`) and a runtime helper's call saves
//! around itself (`call_rax_keeping_values`).
//!
//! A direct call makes one check for the limits: `r13`, decremented, must
//! not go below zero. The register stack needs no check of its own unless
//! the depth limit times the widest frame exceeds its size
//! (`JitEnv::count_slots`): then compiled frames account for their slots
//! in `CallState` as interpreted ones do, and a call checks both. A call to
//! a function that is not compiled (yet), or one that would pass a limit,
//! goes through `jit_call`, which does what the interpreter would.
//!
//! Traps unwind. A trap jumps to an out-of-line stub that records it
//! through `jit_trap`, loads the stack pointer the innermost external entry
//! saved in `CallState::entry_sp` and returns there: every compiled frame
//! above it is gone at once, and no call tests for a trap on its way back.
//! Helpers that can report one (output, `jit_call`) are tested after they
//! return, and unwind the same way.

use super::code::Assembler;
use crate::analysis::cfg::EntryPoint;
use crate::ir::{Function, InstKind};
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::runtime::native::{jit_call, jit_trap};
use vm::tier::JitEnv;
use vm::tier::{
    STATE_DEPTH, STATE_ENTRIES, STATE_ENTRY_SP, STATE_MAX_DEPTH, STATE_MAX_SLOTS,
    STATE_NATIVE_FLOOR, STATE_STACK_TOP, STATE_VM,
};
use vm::Program;
use x64::encode;
use x64::regs::{R13, R15, RAX, RCX, RDI, RDX, RSI, RSP};

/// Frames larger than this are not compiled (the function stays in the
/// interpreter): their stack probing would cost more than it saves.
pub(crate) const MAX_FRAME_BYTES: usize = 1 << 20;
pub(in crate::backend) const PAGE: usize = 4096;
/// Where a function's internal entry (for compiled callers) starts,
/// after the external one's `jmp` to its body.
pub const INTERNAL_ENTRY: i32 = 8;
/// Bytes the external entry pushes below `rbp`: the System V registers
/// (`encode::push_saved`) and the `entry_sp` it replaces.
pub(in crate::backend) const EXTERNAL_PUSHED: usize = 8 * (x64::env::SYSV_SAVED.len() + 1);
/// Where a call's first arguments go, in order: the caller-saved value
/// registers, which a call clobbers anyway (`rsi`, `rdi`, `r8`, `r9`).
pub(crate) use x64::env::ARG_GPRS as ARG_REGISTERS;

/// How many words the external entry copies from its `args`: the
/// parameters, or for on-stack replacement the interpreter's registers up
/// to the last one the code reads.
pub(in crate::backend) fn entry_words(program: &Program, f: &Function) -> usize {
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

/// A call's way through `jit_call`, emitted out of line.
pub(crate) struct SlowCall {
    /// Entered with `r13` already decremented (a limit failed after it).
    undo: DynamicLabel,
    slow: DynamicLabel,
    /// Where the call site goes on.
    done: DynamicLabel,
    pub(crate) callee: vm::FuncId,
    pub(crate) nargs: usize,
    pub(crate) site: i64,
    /// The levels the call spends: 1, and those of the inlined calls it
    /// is nested in.
    levels: i32,
}

/// A call as both compilers make it.
pub(crate) struct CallSite {
    pub(crate) callee: vm::FuncId,
    pub(crate) nargs: usize,
    /// Where it is (`vm::runtime::native::site`), for `jit_call` and traps.
    pub(crate) site: i64,
    /// The calls' depth it spends: 1, plus the inlined calls around it.
    pub(crate) levels: i32,
    /// The caller's own internal entry, when it calls itself.
    pub(crate) own_entry: Option<DynamicLabel>,
}

// The pieces of the calling convention the optimizing back end and the
// baseline compiler (`baseline.rs`) share, on the assembler alone, so
// code of either tier can call the other's.

/// Grows the stack by `bytes` a page at a time, touching each, so a
/// large frame never jumps past a guard page.
pub(crate) fn grow_stack(ops: &mut Assembler, bytes: usize) {
    let mut left = bytes;
    while left > PAGE {
        dynasm!(ops ; .arch x64 ; sub rsp, PAGE as i32 ; mov QWORD [rsp], 0);
        left -= PAGE;
    }
    if left > 0 {
        dynasm!(ops ; .arch x64 ; sub rsp, left as i32);
    }
}

/// Most words an entry may copy (`entry_words`): the count shares a
/// 32-bit immediate with the argument registers' (`Glue::external_entry`).
pub(crate) const MAX_ENTRY_WORDS: usize = (1 << 28) - 1;

/// The glue's part of every external entry (see `Glue::external_entry`
/// for what it is given): saves the callee-saved registers every compiled
/// function relies on, sets them (`r15` the `CallState`, `r14` the
/// memory, `r13` the calls left), records where a trap unwinds to, puts
/// the arguments in place and calls the internal entry; returns its
/// result in rax with 0 in rdx, or 1 in rdx if a trap unwound to it.
/// With `Some(k)`, for entries whose `k` words all go in argument
/// registers (most functions'), it loads those; with `None`, the words
/// and the registers counted in r10d, it copies the rest to the outgoing
/// area too, grown a page at a time: about 20 instructions more an entry.
pub(crate) fn entry_glue(ops: &mut Assembler, registers: Option<usize>) {
    let (trapped, exit) = (ops.new_dynamic_label(), ops.new_dynamic_label());
    let pushed = EXTERNAL_PUSHED as i32;
    dynasm!(ops
        ; .arch x64
        ; push rbp
        ; mov rbp, rsp
    );
    encode::push_saved(ops);
    dynasm!(ops
        ; .arch x64
        ; mov r15, rax
        ; mov r14, rcx
        ; mov QWORD [r15 + STATE_VM], rdi
        ; push QWORD [r15 + STATE_ENTRY_SP]
        ; mov r13, QWORD [r15 + STATE_MAX_DEPTH]
        ; sub r13, QWORD [r15 + STATE_DEPTH]
        // A trap's unwinding returns to `trapped` through this word.
        ; lea rax, [=>trapped]
        ; push rax
        ; mov QWORD [r15 + STATE_ENTRY_SP], rsp
        ; sub rsp, 8
        ; mov rdx, rsi
    );
    match registers {
        Some(k) => {
            grow_stack(ops, (8 * k).next_multiple_of(16));
            for (j, &r) in ARG_REGISTERS[..k].iter().enumerate() {
                dynasm!(ops ; .arch x64 ; mov Rq(r), QWORD [rdx + 8 * j as i32]);
            }
        }
        None => copy_entry_words(ops),
    }
    dynasm!(ops
        ; .arch x64
        ; call r11
        ; xor edx, edx
        ; =>exit
        ; lea rsp, [rbp - pushed]
        ; pop rcx
        ; mov QWORD [r15 + STATE_ENTRY_SP], rcx
    );
    encode::pop_saved(ops);
    dynasm!(ops
        ; .arch x64
        ; pop rbp
        ; ret
        // The unwinding `ret` left rsp where the exit puts it; rbp is
        // still the trapping frame's.
        ; =>trapped
        ; lea rbp, [rsp + pushed]
        ; mov edx, 1
        ; jmp =>exit
    );
}

/// The general entry's arguments (`entry_glue`): the words in r10d's low
/// 28 bits, the argument registers above them, `args` in rdx. The
/// outgoing area grows a page at a time, so a large one never jumps past
/// a guard page; the words past the registers' go to `[rsp + 8 k]`, the
/// rest into the registers.
fn copy_entry_words(ops: &mut Assembler) {
    let (grow, grown) = (ops.new_dynamic_label(), ops.new_dynamic_label());
    let (copied, loaded) = (ops.new_dynamic_label(), ops.new_dynamic_label());
    dynasm!(ops
        ; .arch x64
        ; mov eax, r10d
        ; and eax, MAX_ENTRY_WORDS as i32
        ; shr r10d, 28
        ; lea rcx, [rax * 8 + 15]
        ; and rcx, -16
        ; =>grow
        ; cmp rcx, PAGE as i32
        ; jbe =>grown
        ; sub rsp, PAGE as i32
        ; mov QWORD [rsp], 0
        ; sub rcx, PAGE as i32
        ; jmp =>grow
        ; =>grown
        ; sub rsp, rcx
        // The System V ABI guarantees the direction flag is clear.
        ; mov rcx, rax
        ; sub rcx, r10
        ; jz =>copied
        ; lea rsi, [rdx + r10 * 8]
        ; lea rdi, [rsp + r10 * 8]
        ; rep movsq
        ; =>copied
    );
    for (k, &r) in ARG_REGISTERS.iter().enumerate() {
        dynasm!(ops
            ; .arch x64
            ; cmp r10d, k as i32
            ; je =>loaded
            ; mov Rq(r), QWORD [rdx + 8 * k as i32]
        );
    }
    dynasm!(ops ; .arch x64 ; =>loaded);
}

/// Where a trap leaves compiled code: back to the innermost external
/// entry, through the word it pushed (see `entry_glue`).
pub(crate) fn unwind_code(ops: &mut Assembler, label: DynamicLabel) {
    dynasm!(ops ; .arch x64 ; =>label);
    encode::load(ops, RSP, R15, STATE_ENTRY_SP);
    dynasm!(ops ; .arch x64 ; ret);
}

/// A trap's out-of-line stub: its site into rdx, then the glue's way
/// through `jit_trap` for its kind, through the constant-pool entry
/// `routine` holding its address (`glue`): 11 bytes.
pub(crate) fn trap_stub(
    ops: &mut Assembler,
    label: DynamicLabel,
    site: u64,
    routine: DynamicLabel,
) {
    dynasm!(ops ; .arch x64 ; =>label);
    encode::mov_imm(ops, RDX, site as i64);
    dynasm!(ops ; .arch x64 ; jmp QWORD [=>routine]);
}

/// Records a trap of `kind` at the site in rdx through `jit_trap`, then
/// unwinds (the glue's routine for `kind`).
pub(crate) fn trap_through_jit_trap(ops: &mut Assembler, kind: u64, unwind: DynamicLabel) {
    encode::load(ops, RDI, R15, STATE_VM);
    encode::mov_imm(ops, RSI, kind as i64);
    dynasm!(ops
        ; .arch x64
        ; mov rax, QWORD jit_trap as *const () as i64
        ; call rax
        ; jmp =>unwind
    );
}

/// Calls a runtime helper whose arguments are already in rsi, rdx, rcx.
fn call_helper(ops: &mut Assembler, helper: *const ()) {
    encode::load(ops, RDI, R15, STATE_VM);
    dynasm!(ops ; .arch x64 ; mov rax, QWORD helper as i64);
    call_rax_keeping_values(ops);
}

/// `call rax`, a System V function, with the callee-saved value registers
/// it may clobber (`x64::env::SAVED_AROUND_HELPERS`) pushed and popped
/// around it: compiled callers keep values there across calls. Two pushes
/// keep the stack 16-byte aligned, and arguments passed by address are
/// above them.
pub(crate) fn call_rax_keeping_values(ops: &mut Assembler) {
    const _: () = assert!(x64::env::SAVED_AROUND_HELPERS.len() == 2);
    let [a, b] = x64::env::SAVED_AROUND_HELPERS;
    dynasm!(ops
        ; .arch x64
        ; push Rq(a)
        ; push Rq(b)
        ; call rax
        ; pop Rq(b)
        ; pop Rq(a)
    );
}

/// An output helper taking one value (in rax) and, for `fprint`, an
/// immediate second argument. The helper reports a failed write as a
/// trap at `site`, which unwinds. Every caller-saved register is lost.
pub(crate) fn output_call(
    ops: &mut Assembler,
    helper: *const (),
    second: Option<i64>,
    site: i64,
    unwind: DynamicLabel,
) {
    dynasm!(ops ; .arch x64 ; mov rsi, rax);
    encode::mov_imm(ops, RCX, site);
    if let Some(x) = second {
        encode::mov_imm(ops, RDX, x);
    }
    call_helper(ops, helper);
    dynasm!(ops ; .arch x64 ; test rdx, rdx ; jnz =>unwind);
}

/// A call with its arguments in place (the first four in `ARG_REGISTERS`,
/// the rest at `[rsp + 8 k]`): direct if the callee is compiled and within
/// the limits, else through `jit_call`, out of line (the returned stub,
/// for `slow_call_stub`). Leaves the result in rax.
pub(crate) fn direct_call(
    ops: &mut Assembler,
    program: &Program,
    env: &JitEnv,
    call: &CallSite,
) -> SlowCall {
    let entry_at = env.entries as i64 + 8 * call.callee.0 as i64;
    let count_at = env.call_counts as i64 + (env.count_stride * call.callee.index()) as i64;
    let frame_size = program.func(call.callee).frame_size() as i32;
    let levels = call.levels;
    // The slow path is out of line, so the direct call falls through.
    let slow = SlowCall {
        undo: ops.new_dynamic_label(),
        slow: ops.new_dynamic_label(),
        done: ops.new_dynamic_label(),
        callee: call.callee,
        nargs: call.nargs,
        site: call.site,
        levels,
    };
    if call.own_entry.is_none() {
        dynasm!(ops
            ; .arch x64
            ; mov rax, QWORD entry_at
            ; mov rax, QWORD [rax]
            ; test rax, rax
            ; jz =>slow.slow
        );
    }
    // Below the native stack's floor, `jit_call` runs the callee in
    // the interpreter. Then the one check for the limits.
    dynasm!(ops
        ; .arch x64
        ; cmp rsp, QWORD [r15 + STATE_NATIVE_FLOOR]
        ; jb =>slow.slow
    );
    // The carry says the calls left ran out.
    encode::sub_imm(ops, R13, levels);
    dynasm!(ops ; .arch x64 ; jb =>slow.undo);
    if env.count_slots {
        dynasm!(ops
            ; .arch x64
            ; mov rdx, QWORD [r15 + STATE_STACK_TOP]
            ; add rdx, frame_size
            ; cmp rdx, QWORD [r15 + STATE_MAX_SLOTS]
            ; ja =>slow.undo
            ; mov QWORD [r15 + STATE_STACK_TOP], rdx
        );
    }
    if env.count_calls {
        dynasm!(ops ; .arch x64 ; mov rcx, QWORD count_at ; add QWORD [rcx], 1);
    }
    match call.own_entry {
        Some(start) => dynasm!(ops ; .arch x64 ; call =>start),
        None => {
            encode::add_imm(ops, RAX, INTERNAL_ENTRY);
            dynasm!(ops ; .arch x64 ; call rax);
        }
    }
    encode::add_imm(ops, R13, levels);
    if env.count_slots {
        dynasm!(ops ; .arch x64 ; sub QWORD [r15 + STATE_STACK_TOP], frame_size);
    }
    dynasm!(ops ; .arch x64 ; =>slow.done);
    slow
}

/// A call through `jit_call`, out of line: the callee into eax, the site
/// into rcx and the inlined levels the call is nested in into rdx, then a
/// call of the glue's way through `jit_call` for its argument registers
/// (`through_jit_call`), through the constant-pool entry `routine`
/// holding its address; then back after the call site with the result
/// in rax.
pub(crate) fn slow_call_stub(ops: &mut Assembler, call: &SlowCall, routine: DynamicLabel) {
    dynasm!(ops ; .arch x64 ; =>call.undo);
    encode::add_imm(ops, R13, call.levels);
    dynasm!(ops ; .arch x64 ; =>call.slow);
    encode::mov_imm(ops, RAX, call.callee.0 as i64);
    encode::mov_imm(ops, RCX, call.site);
    encode::mov_imm(ops, RDX, (call.levels - 1) as i64);
    dynasm!(ops ; .arch x64 ; call QWORD [=>routine] ; jmp =>call.done);
}

/// A call through the glue (`glue_call_routine`), for code that does not
/// count calls or register-stack slots: the callee into eax, the site
/// into rcx, a call of the glue's routine for the call's argument
/// registers through the constant-pool entry `routine`, and the call's
/// level given back after it: 20 to 25 bytes, where the checks in place
/// and the way through `jit_call` out of line are about 100.
pub(crate) fn glue_call(ops: &mut Assembler, call: &CallSite, routine: DynamicLabel) {
    debug_assert_eq!(call.levels, 1, "the glue spends one level");
    encode::mov_imm(ops, RAX, call.callee.0 as i64);
    encode::mov_imm(ops, RCX, call.site);
    dynasm!(ops ; .arch x64 ; call QWORD [=>routine]);
    encode::add_imm(ops, R13, 1);
}

/// The glue's routine a `glue_call` calls, for calls with
/// `in_registers` argument registers: the callee's entry looked up in
/// the table `CallState` points to, the call's level spent from r13 and
/// the native stack's floor checked, then a jump to the callee's
/// internal entry, which returns to the call site (the stack then is as
/// a direct call leaves it: the return address, then the arguments).
/// A callee not compiled, or a limit passed, goes on to the way through
/// `jit_call` (`through`, for as many registers) with the level already
/// spent, which the levels in rdx (-1) make up for.
pub(crate) fn glue_call_routine(ops: &mut Assembler, through: DynamicLabel) {
    let slow = ops.new_dynamic_label();
    dynasm!(ops
        ; .arch x64
        ; mov rdx, QWORD [r15 + STATE_ENTRIES]
        ; mov rdx, QWORD [rdx + rax * 8]
        // The carry says the calls left ran out.
        ; sub r13, 1
        ; jb =>slow
        ; test rdx, rdx
        ; jz =>slow
        // The return address is pushed: rsp is 8 below the call site's.
        ; cmp rsp, QWORD [r15 + STATE_NATIVE_FLOOR]
        ; jb =>slow
        ; add rdx, INTERNAL_ENTRY
        ; jmp rdx
        ; =>slow
        ; mov rdx, -1
        ; jmp =>through
    );
}

/// The argument registers a call of `nargs` arguments fills: which of
/// the glue's routines for calls (`glue_call_routine`, `through_jit_call`)
/// it reaches.
pub(crate) fn in_registers(nargs: usize) -> usize {
    nargs.min(ARG_REGISTERS.len())
}

/// The glue's way through `jit_call` for calls with `in_registers`
/// argument registers (the callee in eax, the site in rcx, the inlined
/// levels in rdx, the arguments in place for a direct call, above the
/// return address of the stub's call): the register arguments stored
/// beside the rest, the depth `r13` stands for, plus the inlined levels,
/// made the runtime's, and `jit_call` called with the stack aligned again;
/// a trap it reports unwinds (which resets the stack), else it returns
/// with the result in rax.
pub(crate) fn through_jit_call(ops: &mut Assembler, in_registers: usize, unwind: DynamicLabel) {
    for (k, &r) in ARG_REGISTERS.iter().take(in_registers).enumerate() {
        encode::store(ops, RSP, 8 + 8 * k as i32, r);
    }
    dynasm!(ops
        ; .arch x64
        ; add rdx, QWORD [r15 + STATE_MAX_DEPTH]
        ; sub rdx, r13
    );
    encode::store(ops, R15, STATE_DEPTH, RDX);
    dynasm!(ops ; .arch x64 ; mov esi, eax ; lea rdx, [rsp + 8]);
    encode::load(ops, RDI, R15, STATE_VM);
    // The stub's call pushed a return address: eight more to align.
    dynasm!(ops
        ; .arch x64
        ; mov rax, QWORD jit_call as *const () as i64
        ; sub rsp, 8
    );
    call_rax_keeping_values(ops);
    dynasm!(ops
        ; .arch x64
        ; add rsp, 8
        ; test rdx, rdx
        ; jnz =>unwind
        ; ret
    );
}
