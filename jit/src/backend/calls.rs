//! The emitter's side of the calling conventions (`abi`): spills and
//! reloads around calls, the depth limit at inlined and self tail calls,
//! trap sites, the prologue and the arguments of calls.

use super::abi::*;
use super::emitter::{Emitter, RAX, RCX};
use super::moves;
use super::operands::Src;
use super::Mark;
use crate::analysis::cfg::EntryPoint;
use crate::ir::entity::Value;
use crate::ir::InstKind;
use crate::passes::early_exit::{EarlyExit, Known};
use crate::regalloc::{Home, CALLEE_SAVED};
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::runtime::native::site;
use x64::encode;
use x64::regs::{RBP, RSP};

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
        let mut live = self.facts.allocation.live_after[self.lowering().index()];
        if to_slots {
            live &= !self.facts.current_slots[self.lowering()];
        }
        for k in live.iter() {
            let v = self.facts.allocation.homed[k];
            let home = self.home(v);
            if matches!(home, Some(Home::Gpr(r)) if CALLEE_SAVED.contains(&r)) {
                continue;
            }
            let at = self.slot(v);
            match (home, to_slots) {
                (Some(Home::Gpr(r)), true) => encode::store(&mut self.ops, RBP, at, r),
                (Some(Home::Gpr(r)), false) => encode::load(&mut self.ops, r, RBP, at),
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

    /// Where the instruction being emitted traps or calls from: its
    /// bytecode instruction `src` in its function (a callee's, if inlined).
    pub(in crate::backend) fn site(&self, src: u32) -> i64 {
        site(self.facts.f.func_of(self.lowering()), src) as i64
    }

    /// A call the inliner replaced: the depth limit checked against the
    /// calls left (`r13`) without spending one, and the callee's call
    /// counted when calls are counted.
    pub(in crate::backend) fn inlined_call(&mut self, callee: vm::FuncId, level: u32, src: u32) {
        // A dominating inlined call at least as deep proved it already
        // (`dedup_checks`).
        let implied = self
            .facts
            .proven
            .implied
            .binary_search(&self.lowering())
            .is_ok();
        if !implied {
            let overflow = self.trap_label(vm::runtime::native::TRAP_STACK_OVERFLOW, src);
            dynasm!(self.ops ; .arch x64 ; cmp r13, level as i32 ; jb =>overflow);
        }
        if self.facts.env.count_calls {
            let count_at = self.facts.env.call_counts as i64
                + (self.facts.env.count_stride * callee.index()) as i64;
            dynasm!(self.ops ; .arch x64 ; mov rcx, QWORD count_at ; add QWORD [rcx], 1);
        }
    }

    /// A self tail call made a jump (`tail_loops`): one of the calls left
    /// spent, or `stack overflow` when none is, from a frame `level`
    /// inlined calls deeper than the compiled function's (whose calls
    /// those levels already spend); and the call counted when calls are.
    pub(in crate::backend) fn spend_call(&mut self, src: u32) {
        let here = self.lowering();
        let level = self.facts.f.inline_depth(here) as i32;
        let overflow = self.trap_label(vm::runtime::native::TRAP_STACK_OVERFLOW, src);
        if level == 0 {
            dynasm!(self.ops ; .arch x64 ; sub r13, 1 ; jb =>overflow);
        } else {
            dynasm!(self.ops ; .arch x64 ; cmp r13, level + 1 ; jb =>overflow ; sub r13, 1);
        }
        if self.facts.env.count_calls {
            let callee = self.facts.f.func_of(here);
            let count_at = self.facts.env.call_counts as i64
                + (self.facts.env.count_stride * callee.index()) as i64;
            dynasm!(self.ops ; .arch x64 ; mov rcx, QWORD count_at ; add QWORD [rcx], 1);
        }
    }

    pub(in crate::backend) fn trap_label(&mut self, kind: u64, src: u32) -> DynamicLabel {
        let site = self.site(src) as u64;
        self.stubs.trap(&mut self.ops, kind, site)
    }

    /// Whether compiled callers pass this function's arguments in
    /// registers: code entered by on-stack replacement is only ever called
    /// by its own external entry, with the interpreter's frame in memory.
    pub(in crate::backend) fn register_args(&self) -> bool {
        self.facts.f.entry_point == EntryPoint::Start
    }

    /// The entry the interpreter calls (`vm::tier::Entry`), see
    /// `external_entry`.
    pub(in crate::backend) fn external_entry(&mut self) {
        let words = entry_words(self.facts.program, self.facts.f);
        let in_registers = if self.register_args() {
            words.min(ARG_REGISTERS.len())
        } else {
            0
        };
        self.stubs.glue().external_entry(
            &mut self.ops,
            &self.facts.env,
            words,
            in_registers,
            self.labels.start,
        );
    }

    /// The internal entry's frame (`frame`), the caller's callee-saved
    /// registers saved where values live in them, then the parameters
    /// compiled callers passed in registers moved to their homes (all at once: one parameter's home
    /// may be another's argument register).
    pub(in crate::backend) fn prologue(&mut self) {
        dynasm!(self.ops ; .arch x64 ; push rbp ; mov rbp, rsp);
        self.grow_stack(self.frame.bytes);
        for &(r, at) in &self.frame.saved {
            encode::store(&mut self.ops, RBP, at, r);
        }
        if self.register_args() {
            self.receive_arguments();
        }
    }

    fn receive_arguments(&mut self) {
        let f = self.facts.f;
        let mut moves = Vec::new();
        for &i in &f.block(f.entry).insts {
            let (InstKind::Param(k), Some(v)) = (f.kind(i), f.inst(i).result) else {
                continue;
            };
            let Some(&from) = ARG_REGISTERS.get(*k as usize) else {
                continue;
            };
            match self.home(v) {
                Some(Home::Gpr(d)) => moves.push((d, from)),
                Some(Home::Xmm(x)) => dynasm!(self.ops ; .arch x64 ; movq Rx(x), Rq(from)),
                None => {
                    let at = self.slot(v);
                    encode::store(&mut self.ops, RBP, at, from);
                }
            }
        }
        for (d, s) in moves::sequence(&moves, RAX) {
            dynasm!(self.ops ; .arch x64 ; mov Rq(d), Rq(s));
        }
    }

    /// An early exit (`passes::early_exit`): its test made on the
    /// argument registers before the prologue, and where it holds the
    /// value returned at once, with no frame to undo; where it does not,
    /// a jump past to the prologue. All of it before the frame's `push
    /// rbp`, where the unwinding tables say the return address is at
    /// `rsp` (`observe::gdb_jit`). The pass found it only where every
    /// operand is in a register or a constant here.
    pub(in crate::backend) fn early_exit(&mut self, x: EarlyExit) {
        debug_assert!(self.register_args());
        let [a, b, returned] = [x.args[0], x.args[1], x.returns.0].map(at_entry);
        let cond = vm::isa::condition(x.op).expect("an early exit tests an integer branch");
        let exits = if x.when_taken { cond } else { cond.negated() };
        let left = match a {
            AtEntry::Reg(r) => r,
            AtEntry::Const(c) => {
                self.load_constant(RAX, c);
                RAX
            }
        };
        if matches!(x.op, vm::Op::Jz | vm::Op::Jnz) {
            dynasm!(self.ops ; .arch x64 ; test Rq(left), Rq(left));
        } else {
            let right = match b {
                AtEntry::Reg(r) => x64::encode::Src::Reg(r),
                AtEntry::Const(c) => match i32::try_from(c) {
                    Ok(i) => x64::encode::Src::Imm(i),
                    Err(_) => {
                        self.load_constant(RCX, c);
                        x64::encode::Src::Reg(RCX)
                    }
                },
            };
            x64::encode::compare(&mut self.ops, left, right);
        }
        let frame = self.ops.new_dynamic_label();
        self.jcc(exits.negated(), frame);
        self.ops.mark(Mark::Named("return before the frame"));
        match (returned, x.returns.1) {
            (AtEntry::Reg(r), 0) => dynasm!(self.ops ; .arch x64 ; mov rax, Rq(r)),
            (AtEntry::Reg(r), k) => match i32::try_from(k) {
                Ok(k) => dynasm!(self.ops ; .arch x64 ; lea rax, [Rq(r) + k]),
                Err(_) => {
                    self.load_constant(RAX, k);
                    dynasm!(self.ops ; .arch x64 ; add rax, Rq(r));
                }
            },
            (AtEntry::Const(c), k) => self.load_constant(RAX, c.wrapping_add(k)),
        }
        dynasm!(self.ops ; .arch x64 ; ret ; =>frame);
        self.ops.mark(Mark::Named("frame"));
    }

    /// Grows the stack by `bytes` a page at a time, touching each, so a
    /// large frame never jumps past a guard page.
    pub(in crate::backend) fn grow_stack(&mut self, bytes: usize) {
        grow_stack(&mut self.ops, bytes);
    }

    /// Before a return: what the function saved of its caller's
    /// registers, restored.
    pub(in crate::backend) fn restore_saved(&mut self) {
        for &(r, at) in &self.frame.saved {
            encode::load(&mut self.ops, r, RBP, at);
        }
    }

    /// An output helper taking one value (in rax) and, for `fprint`, an
    /// immediate second argument (`output_call`), with the values in
    /// registers that live across it spilled and reloaded.
    pub(in crate::backend) fn output(&mut self, helper: *const (), second: Option<i64>, src: u32) {
        self.spill();
        let site = self.site(src);
        output_call(&mut self.ops, helper, second, site, self.stubs.unwind());
        self.reload();
    }

    /// Puts a call's arguments where the callee's internal entry expects
    /// them: those past the argument registers at `[rsp + 8 k]` first (the
    /// register moves may overwrite their sources), then the registers'
    /// as one parallel move, then those not in a general register.
    pub(in crate::backend) fn call_args(&mut self, args: &[Value]) {
        let n = ARG_REGISTERS.len();
        for (k, &a) in args.iter().enumerate().skip(n) {
            let at = 8 * k as i32;
            match self.source(a, RAX) {
                Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; mov QWORD [rsp + at], i),
                Src::Reg(r) => encode::store(&mut self.ops, RSP, at, r),
                Src::Frame(m) => {
                    encode::load(&mut self.ops, RAX, RBP, m);
                    encode::store(&mut self.ops, RSP, at, RAX);
                }
            }
        }
        let mut moves = Vec::new();
        let mut others = Vec::new();
        for (&to, &a) in ARG_REGISTERS.iter().zip(args) {
            match self.gpr(a) {
                Some(from) => moves.push((to, from)),
                None => others.push((to, a)),
            }
        }
        for (d, s) in moves::sequence(&moves, RAX) {
            dynasm!(self.ops ; .arch x64 ; mov Rq(d), Rq(s));
        }
        for (to, a) in others {
            self.load(to, a);
        }
    }

    /// A call with its arguments in place (`call_args`), see `direct_call`.
    /// A function calling itself is compiled, so it calls its own entry
    /// without looking it up.
    pub(in crate::backend) fn call(&mut self, callee: vm::FuncId, nargs: usize, src: u32) {
        // Code entered by on-stack replacement is not the function's entry.
        let recursive = callee == self.facts.f.id && self.facts.f.entry_point == EntryPoint::Start;
        let call = CallSite {
            callee,
            nargs,
            site: self.site(src),
            // A call inside an inlined body is made from frames the
            // inlining saved: it spends their levels too.
            levels: 1 + self.facts.f.inline_depth(self.lowering()) as i32,
            own_entry: recursive.then_some(self.labels.start),
        };
        let slow = direct_call(&mut self.ops, self.facts.program, &self.facts.env, &call);
        self.stubs.slow_call(slow);
    }
}

/// A known value at the internal entry.
#[derive(Clone, Copy)]
enum AtEntry {
    Reg(x64::Gpr),
    Const(i64),
}

/// A parameter in its argument register or a constant, as the internal
/// entry receives them (`early_exit::find` keeps only parameters passed in
/// registers).
fn at_entry(k: Known) -> AtEntry {
    match k {
        Known::Param(p) => AtEntry::Reg(ARG_REGISTERS[p as usize]),
        Known::Const(c) => AtEntry::Const(c),
    }
}
