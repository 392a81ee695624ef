//! The unchecked copies of loops whose index only counts iterations
//! (`passes::lockstep` chose them): as the guard passes, the index's
//! register takes the limit of a value stepped by 1 beside it, that
//! value plus the loop's limit less the index (`neg rdi ; add rdi, rbx ;
//! add rdi, r8`), the loop's test compares the value with it (`cmp r8,
//! rdi`), and the index's step is left out. The index is read nowhere
//! after the loop, so no way out converts it back.

use super::emitter::Emitter;
use super::operands::Src;
use crate::ir::entity::{Inst, Value};
use crate::passes::lockstep::Lockstep;
use crate::pipeline::budget::Bail;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynasmApi};
use x64::regs::RCX;

impl<'a> Emitter<'a> {
    /// The lockstep test of unchecked copy `c`'s loop, if it has one.
    fn lockstep_of(&self, c: usize) -> Option<&'a Lockstep> {
        let lp = self.plan.copies[c].lp;
        let all: &'a [Lockstep] = self.facts.proven.lockstep;
        all.iter().find(|l| l.lp == lp)
    }

    /// As copy `copy`'s guard passes: the limit into the index's register.
    pub(in crate::backend) fn lockstep_limit(&mut self, copy: usize) -> Result<(), Bail> {
        let Some(l) = self.lockstep_of(copy) else {
            return Ok(());
        };
        let Some(Home::Gpr(r)) = self.home(l.index) else {
            return Err(super::emitter::fail(format!(
                "lockstep chose {}, which has no register",
                l.index
            )));
        };
        let limit = self.facts.proven.versioned[l.lp].limit;
        dynasm!(self.ops ; .arch x64 ; neg Rq(r));
        for v in [limit, l.by] {
            match self.source(v, RCX) {
                Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; add Rq(r), i),
                Src::Reg(s) => dynasm!(self.ops ; .arch x64 ; add Rq(r), Rq(s)),
                Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; add Rq(r), QWORD [rbp + m]),
            }
        }
        Ok(())
    }

    /// The operands a branch on `args` compares in the copy being
    /// emitted: the lockstep value and the limit in the index's register
    /// where the loop tests its index, else `args`.
    pub(in crate::backend) fn lockstep_operands(&self, args: [Value; 2]) -> [Value; 2] {
        let Some(l) = self.at.copy.and_then(|c| self.lockstep_of(c)) else {
            return args;
        };
        let limit = self.facts.proven.versioned[l.lp].limit;
        if !args.contains(&l.index) {
            return args;
        }
        args.map(|v| match v {
            v if v == l.index => l.by,
            v if v == limit => l.index,
            v => v,
        })
    }

    /// Whether `i` steps the index of the copy being emitted, which
    /// then leaves it out.
    pub(in crate::backend) fn lockstep_skips(&self, i: Inst) -> bool {
        self.at
            .copy
            .and_then(|c| self.lockstep_of(c))
            .is_some_and(|l| l.steps.binary_search(&i).is_ok())
    }
}
