//! Self tail calls as jumps: `v = call f(..)` in `f` itself, directly
//! followed by `ret v`, puts the arguments in the argument registers and
//! jumps back to where the prologue receives them, so the recursion runs
//! in one native frame.
//!
//! A call whose result plus a value `a` is returned at once (`y = call
//! f(..); z = add a, y; ret z`, fib's second call) is one too, with an
//! accumulator (tail recursion modulo addition): the jump first adds `a`
//! to a word of the frame, zeroed at the entry, and every return of the
//! function adds that word to its result. Integer addition wraps, so the
//! sums agree with the interpreter's, which adds on the way back up.
//!
//! The depth limit stays exact: each such call still spends one of the
//! calls left in `r13`, and traps (through `jit_call`, as any call past
//! the limit) at the call where the interpreter would. A function that
//! makes them saves `r13` at its entry and restores it at each `ret`,
//! giving back every level its jumps spent at once, as the interpreter's
//! returns would one by one. Code entered by on-stack replacement has no
//! entry to jump to and keeps its calls, and so does code whose calls
//! account for the register stack too (`JitEnv::count_slots`).

use super::abi::ARG_REGISTERS;
use super::emitter::Mark;
use super::emitter::{Emitter, RAX};
use super::operands::Src;
use crate::cfg::EntryPoint;
use crate::entity::{Inst, Value};
use crate::ir::{Function, InstKind};
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::tier::JitEnv;

/// Whether `insts[k]` and `insts[k + 1]` are a self tail call made as a
/// jump under `env`.
pub(in crate::backend) fn is_self_tail_call(
    f: &Function,
    env: &JitEnv,
    insts: &[Inst],
    k: usize,
) -> bool {
    let (Some(&call), Some(&ret)) = (insts.get(k), insts.get(k + 1)) else {
        return false;
    };
    !env.count_slots
        && f.is_self_tail_call(call, ret)
        && f.entry_point == EntryPoint::Start
        && f.inst(call).inlined.is_none()
        && matches!(f.kind(call), InstKind::Call(_, args) if args.len() <= ARG_REGISTERS.len())
}

/// The value `insts[k]`'s result is added to before `insts[k + 2]`
/// returns the sum, if those are an accumulating self tail call made as
/// a jump under `env`.
pub(in crate::backend) fn accumulating_tail_call(
    f: &Function,
    env: &JitEnv,
    insts: &[Inst],
    k: usize,
) -> Option<Value> {
    let call = *insts.get(k)?;
    let jumps = !env.count_slots
        && f.entry_point == EntryPoint::Start
        && f.inst(call).inlined.is_none()
        && matches!(f.kind(call), InstKind::Call(_, args) if args.len() <= ARG_REGISTERS.len());
    f.tail_accumulation(insts, k).filter(|_| jumps)
}

/// Whether `f` makes a self tail call under `env` (and so needs the slot
/// for `r13`).
pub(in crate::backend) fn makes_self_tail_calls(f: &Function, env: &JitEnv) -> bool {
    f.live_blocks().any(|b| {
        let insts = &f.block(b).insts;
        (0..insts.len()).any(|k| {
            is_self_tail_call(f, env, insts, k)
                || accumulating_tail_call(f, env, insts, k).is_some()
        })
    })
}

/// Whether `f` makes an accumulating self tail call under `env` (and so
/// needs the accumulator's slot).
pub(in crate::backend) fn accumulates(f: &Function, env: &JitEnv) -> bool {
    f.live_blocks().any(|b| {
        let insts = &f.block(b).insts;
        (0..insts.len()).any(|k| accumulating_tail_call(f, env, insts, k).is_some())
    })
}

/// A self tail call's way through `jit_call` (the depth limit passed).
pub(in crate::backend) struct TailStub {
    label: DynamicLabel,
    nargs: usize,
    site: i64,
}

/// Where a function making self tail calls keeps `r13`, and where they
/// jump to.
#[derive(Clone, Copy)]
pub(in crate::backend) struct SelfTail {
    /// `[rbp + slot]` (see `frame`).
    pub(in crate::backend) slot: i32,
    pub(in crate::backend) head: DynamicLabel,
}

impl Emitter<'_> {
    /// In the prologue, before the parameters are received.
    pub(in crate::backend) fn tail_call_head(&mut self) {
        if let Some(tail) = self.tail {
            dynasm!(self.ops ; .arch x64 ; mov QWORD [rbp + tail.slot], r13);
            if let Some(at) = self.frame.acc_slot {
                dynasm!(self.ops ; .arch x64 ; mov QWORD [rbp + at], 0);
            }
            dynasm!(self.ops ; .arch x64 ; =>tail.head);
        }
    }

    /// Before each return, the result in rax: the sum the accumulating
    /// jumps left, added.
    pub(in crate::backend) fn add_accumulator(&mut self) {
        if let Some(at) = self.frame.acc_slot {
            dynasm!(self.ops ; .arch x64 ; add rax, QWORD [rbp + at]);
        }
    }

    /// The call at `insts[k]`, an accumulating self tail call adding
    /// `addend`, as a jump.
    pub(in crate::backend) fn accumulating_tail_call(
        &mut self,
        addend: Value,
        args: &[Value],
        src: u32,
    ) {
        let at = self
            .frame
            .acc_slot
            .expect("a function making accumulating tail calls has the slot");
        match self.source(addend, RAX) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; add QWORD [rbp + at], i),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; add QWORD [rbp + at], Rq(r)),
            Src::Frame(m) => dynasm!(self.ops
                ; .arch x64
                ; mov rax, QWORD [rbp + m]
                ; add QWORD [rbp + at], rax
            ),
        }
        self.self_tail_call(args, src);
    }

    /// At each `ret`: the levels the jumps spent given back.
    pub(in crate::backend) fn tail_call_exit(&mut self) {
        if let Some(tail) = self.tail {
            dynasm!(self.ops ; .arch x64 ; mov r13, QWORD [rbp + tail.slot]);
        }
    }

    /// The call at `insts[k]`, a self tail call, as a jump.
    pub(in crate::backend) fn self_tail_call(&mut self, args: &[crate::entity::Value], src: u32) {
        let tail = self
            .tail
            .expect("a function making self tail calls has the slot");
        let site = self.site(src);
        let slow = self.ops.new_dynamic_label();
        self.tail_stubs.push(TailStub {
            label: slow,
            nargs: args.len(),
            site,
        });
        self.call_args(args);
        dynasm!(self.ops ; .arch x64 ; sub r13, 1 ; jb =>slow);
        if self.env.count_calls {
            let count_at =
                self.env.call_counts as i64 + (self.env.count_stride * self.f.id.index()) as i64;
            dynasm!(self.ops ; .arch x64 ; mov rcx, QWORD count_at ; add QWORD [rcx], 1);
        }
        dynasm!(self.ops ; .arch x64 ; jmp =>tail.head);
    }

    /// The self tail calls past the depth limit, out of line: `jit_call`
    /// makes the interpreter's checks (and traps); should it return, its
    /// result is this function's.
    pub(in crate::backend) fn tail_call_stubs(&mut self) {
        let unwind = self.unwind;
        let callee = self.f.id;
        for stub in std::mem::take(&mut self.tail_stubs) {
            self.mark(Mark::TailCall {
                site: stub.site as u64,
            });
            dynasm!(self.ops ; .arch x64 ; =>stub.label ; add r13, 1);
            super::abi::through_jit_call(&mut self.ops, callee, stub.nargs, stub.site, 0);
            dynasm!(self.ops ; .arch x64 ; test rdx, rdx ; jnz =>unwind);
            self.add_accumulator();
            self.restore_saved();
            dynasm!(self.ops ; .arch x64 ; mov rsp, rbp ; pop rbp ; ret);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::context::Options;

    /// The back end's jumps are for what `tail_loops` leaves: with it on,
    /// no self tail call is left for them.
    fn asm_of(text: &str, func: &str) -> Vec<String> {
        let options = Options {
            tail_loops: false,
            verify: true,
            ..Options::default()
        };
        crate::backend::asm_with(text, func, options)
    }

    const COUNTDOWN: &str = "func down(%n, %acc)\n    jz %n, done\n    sub %m, %n, 1\n    add %a, %acc, %n\n    call %r, down, %m, %a\n    ret %r\ndone:\n    ret %acc\nend\n\
        func main(%n)\n    call %r, down, %n, 0\n    print %r\n    ret 0\nend\n";

    #[test]
    fn a_self_tail_call_is_a_jump_that_spends_a_level() {
        let asm = asm_of(COUNTDOWN, "down");
        let body = &asm[..asm
            .iter()
            .position(|i| i == "push rbx")
            .expect("external entry")];
        let calls = body.iter().filter(|i| i.starts_with("call ")).count();
        assert_eq!(calls, 1, "only the slow path's, to jit_call: {asm:#?}");
        let spend = body
            .iter()
            .position(|i| i == "sub r13,1")
            .expect("a level spent");
        assert!(body[spend + 1].starts_with("jb "), "{asm:#?}");
        assert!(
            body.iter().any(|i| i.starts_with("mov r13,[rbp")),
            "restored at ret: {asm:#?}"
        );
    }

    /// fib's second call: `x + fib(n - 2)` returned. It becomes a jump
    /// that adds `x` to the frame's accumulator, and each return adds
    /// the accumulator to its result.
    #[test]
    fn an_accumulating_tail_call_is_a_jump_that_adds() {
        let fib = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n\
            func main(%n)\n    call %r, fib, %n\n    print %r\n    ret 0\nend\n";
        let asm = asm_of(fib, "fib");
        let body = &asm[..asm
            .iter()
            .position(|i| i == "push rbx")
            .expect("external entry")];
        // The first call's copy makes two calls of fib's internal entry
        // (at offset 8); the second call makes none.
        let calls = body.iter().filter(|i| *i == "call 8").count();
        assert_eq!(calls, 2, "{asm:#?}");
        let zeroed = body
            .iter()
            .position(|i| i.starts_with("mov qword ptr [rbp-") && i.ends_with(",0"))
            .expect("the accumulator zeroed at the entry");
        let slot = &body[zeroed]["mov qword ptr ".len()..body[zeroed].len() - 2];
        let adds_to = format!("add {slot},");
        assert!(body.iter().any(|i| i.starts_with(&adds_to)), "{asm:#?}");
        // Returns, not the unwinding of a trap (`mov rsp,[r15+...]`).
        let returns = body
            .windows(2)
            .filter(|w| w[0] == "pop rbp" && w[1] == "ret")
            .count();
        let adds_from = format!("add rax,{}", slot.trim_start_matches("qword ptr "));
        let added = body.iter().filter(|i| **i == adds_from).count();
        assert_eq!(added, returns, "every return adds it: {asm:#?}");
    }
}
