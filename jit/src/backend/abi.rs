//! The calling conventions: the external entry the interpreter calls
//! (`vm::tier::Entry`) and the internal one compiled callers call, the
//! frame, the prologue and epilogue, calls to compiled and interpreted
//! functions (the interpreter's depth and register-stack checks made
//! inline), the runtime helpers for output and traps, and the stubs.
//!
//! Each function has two entries. The external one, at the start, saves
//! and sets the registers every compiled function relies on (`r12` the VM
//! pointer, `r14` the linear memory's base, `rbx` its number of cells,
//! `r15` the VM's `CallState`), copies the arguments onto the stack and
//! calls the internal one, at `INTERNAL_ENTRY`, which compiled callers
//! call directly with the arguments at `[rsp]` and those four registers
//! already set. Values with a home live in caller-saved registers, spilled
//! to their frame slots around a call only if live across it. A call to a
//! function that is not compiled (yet), or one that would pass a limit,
//! goes through `jit_call`, which does what the interpreter would. A trap
//! jumps to an out-of-line stub that records it through `jit_trap` and
//! returns `trapped`; a helper call that reports a trap returns at once.

#![allow(clippy::useless_conversion)]

use super::emitter::{Emitter, RAX};
use super::operands::Src;
use crate::cfg::EntryPoint;
use crate::entity::Value;
use crate::ir::{Function, InstKind};
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::native::{jit_call, jit_trap, site};
use vm::tier::{
    STATE_DEPTH, STATE_MAX_DEPTH, STATE_MAX_SLOTS, STATE_NATIVE_FLOOR, STATE_STACK_TOP,
};
use vm::Program;

/// Frames larger than this are not compiled (the function stays in the
/// interpreter): their stack probing would cost more than it saves.
pub(in crate::backend) const MAX_FRAME_BYTES: usize = 1 << 20;
pub(in crate::backend) const PAGE: usize = 4096;
/// Where a function's internal entry (for compiled callers) starts,
/// after the external one's `jmp` to its body.
pub const INTERNAL_ENTRY: i32 = 8;
/// Bytes the external entry pushes below `rbp`: rbx, r12, r14, r15.
pub(in crate::backend) const EXTERNAL_PUSHED: usize = 32;

/// The frame of `f`'s internal entry: a slot per value and the outgoing
/// arguments of its largest call, rounded so calls see a 16-byte aligned
/// stack (at entry rsp is 8 mod 16, the return address, and pushing rbp
/// makes it 0, so the frame must be 0 mod 16).
pub(in crate::backend) fn frame_bytes(f: &Function) -> usize {
    let max_args = f
        .live_blocks()
        .flat_map(|b| f.block(b).insts.iter())
        .map(|&i| match f.kind(i) {
            InstKind::Call(_, args) => args.len(),
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    (8 * (f.value_count() + max_args)).next_multiple_of(16)
}

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

impl Emitter<'_> {
    /// Values in registers that the current instruction's call must not
    /// lose (those live after it) to their slots.
    pub(in crate::backend) fn spill(&mut self) {
        self.move_homes(true);
    }

    /// Those values back into their registers after the call.
    pub(in crate::backend) fn reload(&mut self) {
        self.move_homes(false);
    }

    pub(in crate::backend) fn move_homes(&mut self, to_slots: bool) {
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

    pub(in crate::backend) fn site(&self, src: u32) -> i64 {
        site(self.f.id, src) as i64
    }

    pub(in crate::backend) fn trap_label(&mut self, kind: u64, src: u32) -> DynamicLabel {
        let label = self.ops.new_dynamic_label();
        let site = self.site(src) as u64;
        self.traps.push((label, kind, site));
        label
    }

    /// The entry the interpreter calls (`vm::tier::Entry`): saves the
    /// callee-saved registers every compiled function relies on, sets them,
    /// copies the arguments where the internal entry expects them and
    /// calls it.
    pub(in crate::backend) fn external_entry(&mut self) {
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
    pub(in crate::backend) fn prologue(&mut self, frame: usize) {
        dynasm!(self.ops ; .arch x64 ; push rbp ; mov rbp, rsp);
        self.grow_stack(frame);
    }

    /// Grows the stack by `bytes` a page at a time, touching each, so a
    /// large frame never jumps past a guard page.
    pub(in crate::backend) fn grow_stack(&mut self, bytes: usize) {
        let mut left = bytes;
        while left > PAGE {
            dynasm!(self.ops ; .arch x64 ; sub rsp, PAGE as i32 ; mov QWORD [rsp], 0);
            left -= PAGE;
        }
        dynasm!(self.ops ; .arch x64 ; sub rsp, left as i32);
    }

    pub(in crate::backend) fn epilogue_code(&mut self) {
        let label = self.epilogue;
        dynasm!(self.ops ; .arch x64 ; =>label ; mov rsp, rbp ; pop rbp ; ret);
    }

    pub(in crate::backend) fn trap_stubs(&mut self) {
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
    pub(in crate::backend) fn call_helper(&mut self, helper: *const ()) {
        dynasm!(self.ops
            ; .arch x64
            ; mov rdi, r12
            ; mov rax, QWORD helper as i64
            ; call rax
        );
    }

    /// An output helper taking one value (in rax) and, for `fprint`, an
    /// immediate second argument.
    /// The helper reports a failed write as a trap at `src`: this function
    /// then returns at once, as after a call that trapped.
    pub(in crate::backend) fn output(&mut self, helper: *const (), second: Option<i64>, src: u32) {
        self.spill();
        let site = self.site(src);
        let epilogue = self.epilogue;
        dynasm!(self.ops ; .arch x64 ; mov rsi, rax ; mov rcx, QWORD site);
        if let Some(x) = second {
            dynasm!(self.ops ; .arch x64 ; mov rdx, QWORD x);
        }
        self.call_helper(helper);
        dynasm!(self.ops ; .arch x64 ; test rdx, rdx ; jnz =>epilogue);
        self.reload();
    }

    /// Puts a call's arguments where the callee's internal entry expects
    /// them, at `[rsp]` on.
    pub(in crate::backend) fn call_args(&mut self, args: &[Value]) {
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
    }

    /// A call with its arguments at `[rsp]`: direct if the callee is
    /// compiled and within the limits, else through `jit_call`. Leaves the
    /// result in rax; returns from this function at once on a trap. A
    /// function calling itself is compiled, so it calls its own entry
    /// without looking it up.
    pub(in crate::backend) fn call(&mut self, callee: vm::FuncId, src: u32) {
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
        // callee's frame fits under the register stack's limit; and the
        // native stack is above its floor (below it, `jit_call` runs the
        // callee in the interpreter).
        dynasm!(self.ops
            ; .arch x64
            ; cmp rsp, QWORD [r15 + STATE_NATIVE_FLOOR]
            ; jb =>slow
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
    pub(in crate::backend) fn slow_call_stubs(&mut self) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::asm_of;

    fn ir(text: &str) -> Function {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx =
            crate::context::Context::compiled_to(&program, program.main, crate::Phase::OutOfSsa)
                .expect("compiles");
        ctx.func.expect("ir")
    }

    #[test]
    fn frames_hold_every_value_and_the_largest_call_16_byte_aligned() {
        let f = ir("func main()\n    call %r, g, 1, 2, 3\n    ret %r\nend\nfunc g(%a, %b, %c)\n    ret %a\nend\n");
        let bytes = frame_bytes(&f);
        assert_eq!(bytes % 16, 0);
        assert!(bytes >= 8 * (f.value_count() + 3));
    }

    #[test]
    fn a_call_makes_the_interpreters_checks_inline_then_calls_the_internal_entry() {
        let asm = asm_of(
            "func main()\n    call %r, g, 1\n    print %r\n    ret 0\nend\nfunc g(%a)\n    ret %a\nend\n",
            "main",
        );
        let at = |needle: &str| asm.iter().position(|i| i.contains(needle));
        let depth = at("cmp rcx,[r15+10h]").expect("depth check against max depth");
        let slots = at("cmp rdx,[r15+18h]").expect("stack check against max slots");
        let call = at("call rax").expect("indirect call to the callee");
        assert!(depth < slots && slots < call, "{asm:#?}");
        assert!(
            at(&format!("add rax,{INTERNAL_ENTRY}")).is_some(),
            "{asm:#?}"
        );
    }
}
