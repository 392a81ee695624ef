//! Instruction selection: one IR instruction to machine code, by family
//! (`integer`, `float`, `memory`, `control`; calls and output are the
//! ABI's), with operands taken in place where the instruction form allows.

pub(crate) mod control;
pub(crate) mod divide;
mod float;
pub(crate) mod integer;
mod memory;

use super::emitter::{fail, Emitter, R13, RAX, RCX};
use crate::ir::entity::{Block, Value};
use crate::ir::InstKind;
use crate::pipeline::budget::Bail;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynasmApi};
use vm::runtime::native::{jit_fprint, jit_print, jit_putc, jit_puts};
use vm::Op;
use x64::encode;
use x64::regs::RBP;

impl Emitter<'_> {
    /// Emits one instruction, `next` being the block placed after the
    /// current one.
    pub(in crate::backend) fn inst(
        &mut self,
        kind: &InstKind,
        result: Option<Value>,
        src: u32,
        next: Option<Block>,
    ) -> Result<(), Bail> {
        match kind {
            InstKind::Const(c) => self.constant(*c, result),
            InstKind::Param(i) => self.param(*i, result),
            InstKind::Copy(a) => self.copy(*a, result),
            InstKind::Phi(_) => return Err(fail("a phi reached the emitter")),
            InstKind::Unary(Op::FSqrt, a) => self.fsqrt(result, *a),
            InstKind::Unary(Op::IToF, a) => self.itof(result, *a),
            InstKind::Unary(op, a) => self.unary_inst(*op, result, *a),
            InstKind::Binary(op @ (Op::FAdd | Op::FSub | Op::FMul | Op::FDiv), a, b) => {
                self.float_arithmetic(*op, result, *a, *b);
            }
            InstKind::Binary(
                op @ (Op::FEq | Op::FNe | Op::FLt | Op::FLe | Op::FGt | Op::FGe),
                a,
                b,
            ) => self.float_compare(*op, result, *a, *b),
            InstKind::Binary(
                op @ (Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor),
                a,
                b,
            ) => self.two_operand(*op, result, *a, *b),
            InstKind::Binary(op @ (Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge), a, b) => {
                self.int_compare(*op, result, *a, *b)
            }
            InstKind::Binary(op @ (Op::Shl | Op::Shr | Op::Ushr), a, b) => {
                self.shift_inst(*op, result, *a, *b)
            }
            InstKind::Binary(op, a, b) => match self.constant_divisor(*b) {
                Some((d, how)) => self.division_by_constant(*op, result, *a, d, how),
                None => {
                    self.load(RAX, *a);
                    self.load(RCX, *b);
                    self.division(*op, src)?;
                    self.store(result, RAX);
                }
            },
            InstKind::Select {
                op,
                args,
                then,
                otherwise,
            } => self.select(*op, *args, result, *then, *otherwise),
            InstKind::Load(base, off) => self.load_inst(result, *base, *off, src),
            InstKind::Store(base, off, value) => self.store_inst(*base, *off, *value, src),
            InstKind::Call(callee, args) => {
                self.spill();
                self.call_args(args);
                self.call(*callee, args.len(), src);
                self.reload();
                self.store(result, RAX);
            }
            InstKind::InlinedCall { callee, level } => self.inlined_call(*callee, *level, src),
            InstKind::CallsLeft => self.store(result, R13),
            InstKind::SpendCall => self.spend_call(src),
            InstKind::GiveBackCalls(a) => self.load(R13, *a),
            InstKind::Print(a) => {
                self.load(RAX, *a);
                self.output(jit_print as *const (), None, src);
            }
            InstKind::PutC(a) => {
                self.load(RAX, *a);
                self.output(jit_putc as *const (), None, src);
            }
            InstKind::FPrint(a, precision) => {
                self.load(RAX, *a);
                self.output(jit_fprint as *const (), Some(*precision as i64), src);
            }
            InstKind::PutS(index) => {
                dynasm!(self.ops ; .arch x64 ; mov rax, QWORD *index as i64);
                self.output(jit_puts as *const (), None, src);
            }
            InstKind::Jump(target) => self.jump_inst(*target, next)?,
            InstKind::Branch {
                op,
                args,
                taken,
                fallthrough,
            } => self.branch_inst(*op, *args, *taken, *fallthrough, next)?,
            InstKind::Ret(a) => self.ret_inst(*a),
        }
        Ok(())
    }

    /// A constant with a home is put there once, where it is defined (the
    /// entry block, which dominates every use); any other is an immediate
    /// wherever it is used.
    fn constant(&mut self, c: u64, result: Option<Value>) {
        if let Some(Home::Xmm(home)) = result.and_then(|r| self.home(r)) {
            self.load_xmm_constant(home, c);
        }
    }

    /// Parameter `i`: the prologue has moved it from its argument
    /// register, else the caller left it at `[rbp + 16 + 8 i]`.
    fn param(&mut self, i: u32, result: Option<Value>) {
        if self.register_args() && (i as usize) < super::abi::ARG_REGISTERS.len() {
            return;
        }
        let at = 16 + 8 * i as i32;
        match result.and_then(|r| self.home(r)) {
            Some(Home::Gpr(d)) => encode::load(&mut self.ops, d, RBP, at),
            Some(Home::Xmm(x)) => dynasm!(self.ops ; .arch x64 ; movsd Rx(x), QWORD [rbp + at]),
            None => {
                encode::load(&mut self.ops, RAX, RBP, at);
                self.store(result, RAX);
            }
        }
    }

    /// A copy: nothing when both share a home (coalesced).
    fn copy(&mut self, a: Value, result: Option<Value>) {
        if result.is_some_and(|r| self.same_home(a, r)) {
            return;
        }
        match result.and_then(|r| self.home(r)) {
            Some(Home::Gpr(d)) => self.load(d, a),
            Some(Home::Xmm(x)) => self.load_xmm(x, a),
            // Into a frame slot: straight from the source's register, or
            // through rax from a slot or a constant.
            None => match (self.facts.f.constant(a), self.home(a)) {
                (None, Some(Home::Gpr(r))) => self.store(result, r),
                (None, Some(Home::Xmm(x))) => self.store_xmm(result, x),
                _ => {
                    self.load(RAX, a);
                    self.store(result, RAX);
                }
            },
        }
    }
}
