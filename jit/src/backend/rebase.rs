//! The unchecked copies of loops that index rows from their machine
//! addresses (`passes::rebase` chose the rows): as the guard passes, each
//! row's address goes into a register no value of the loop uses (`lea
//! rdi, [r14 + rbx * 8]`), and each access is `[rdi + rsi * 8 + 8k]` with
//! the `add` that made its cell left out. Where no register is free, the
//! base's own register takes the address (`lea rbx, [r14 + rbx * 8]`)
//! and every way out of the copy makes it the cell number again (`sub
//! rbx, r14 ; sar rbx, 3`, exact for a base the guard held below 2^31): in
//! place before a jump, in a stub after the copy for a conditional
//! branch.

use super::code::Mark;
use super::emitter::{fail, Emitter};
use super::plan::Rebased;
use crate::ir::entity::{Inst, Value};
use crate::pipeline::budget::Bail;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use x64::{Gpr, Mem};

impl Emitter<'_> {
    /// What unchecked copy `c` indexes from machine addresses: its
    /// loop's rows (`passes::rebase`), with their registers.
    pub(in crate::backend) fn rebasing(&self, c: usize) -> Result<Rebased, Bail> {
        let lp = self.plan.copies[c].lp;
        let Some(rows) = self.facts.proven.rebased.iter().find(|r| r.lp == lp) else {
            return Ok(Rebased::default());
        };
        let register = |v: Value| match self.home(v) {
            Some(Home::Gpr(r)) => Ok(r),
            _ => Err(fail(format!("rebase chose {v}, which has no register"))),
        };
        // The cells the copy leaves out are never written there.
        let left_out: Vec<Value> = rows
            .addresses
            .iter()
            .filter_map(|&i| self.facts.f.inst(i).result)
            .collect();
        let mut free = self.free_in_loop(lp, &left_out);
        let mut homes = Vec::new();
        for &b in &rows.bases {
            let base = register(b)?;
            let address = free.pop().unwrap_or(base);
            homes.push((b, base, address));
        }
        let address_of = |v: Value| {
            homes
                .iter()
                .find(|h| h.0 == v)
                .map(|h| h.2)
                .ok_or_else(|| fail(format!("rebase addresses from {v}, no base of the loop")))
        };
        let accesses = rows
            .accesses
            .iter()
            .map(|a| Ok((a.inst, address_of(a.base)?, a.index, a.disp)))
            .collect::<Result<_, Bail>>()?;
        Ok(Rebased {
            rows: homes.iter().map(|h| (h.1, h.2)).collect(),
            accesses,
            addresses: rows.addresses.clone(),
            exits: Vec::new(),
        })
    }

    /// The general registers the copy of versioned loop `lp` leaves
    /// alone that the code may write: no value homed there but those in
    /// `left_out` is read, written or live anywhere in the loop, and the
    /// register is caller-saved or one the function saves already.
    fn free_in_loop(&self, lp: usize, left_out: &[Value]) -> Vec<Gpr> {
        let blocks = &self.facts.proven.versioned[lp].blocks;
        let taken = self
            .facts
            .allocation
            .gprs_used_in(self.facts.f, blocks, left_out);
        let saved = self.frame.saved.iter().map(|&(r, _)| r);
        x64::env::VALUE_GPRS
            .into_iter()
            .chain(saved)
            .filter(|r| taken & r.bit() == 0)
            .collect()
    }

    /// The memory operand of access `i` in the copy being emitted, if it
    /// indexes from a machine address there.
    pub(in crate::backend) fn rebased_operand(&mut self, i: Inst) -> Option<Mem> {
        let c = self.at.copy?;
        let rebased = &self.rebased[c];
        let k = rebased.accesses.binary_search_by_key(&i, |a| a.0).ok()?;
        let (_, base, index, disp) = rebased.accesses[k];
        let index = index.map(|j| self.register(j, x64::regs::RAX));
        Some(Mem { base, index, disp })
    }

    /// Whether `i` only made a cell the copy being emitted addresses from
    /// a machine address, or steps an index it no longer keeps
    /// (`lockstep`), so is left out.
    pub(in crate::backend) fn left_out(&self, i: Inst) -> bool {
        self.at
            .copy
            .is_some_and(|c| self.rebased[c].addresses.binary_search(&i).is_ok())
            || self.lockstep_skips(i)
    }

    /// Where a jump from copy `c` to `outside` goes: there, or through
    /// the stub that first makes the copy's bases cell numbers again.
    pub(in crate::backend) fn exit_from_rebased(
        &mut self,
        c: usize,
        outside: DynamicLabel,
    ) -> DynamicLabel {
        if !self.rebased[c].converts_back() {
            return outside;
        }
        if let Some(&(_, stub)) = self.rebased[c].exits.iter().find(|e| e.0 == outside) {
            return stub;
        }
        let stub = self.ops.new_dynamic_label();
        self.rebased[c].exits.push((outside, stub));
        stub
    }

    /// The stubs of copy `c`'s exits, after its code: each base back to
    /// its cell number, then on to where the exit goes.
    pub(in crate::backend) fn rebased_exits(&mut self, c: usize) {
        let exits = std::mem::take(&mut self.rebased[c].exits);
        for &(outside, stub) in &exits {
            self.mark(Mark::Named(
                "exit: the rows' addresses back to cell numbers",
            ));
            dynasm!(self.ops ; .arch x64 ; =>stub);
            self.convert_back(c);
            self.jmp(outside);
        }
    }

    /// Copy `c`'s bases from machine addresses back to cell numbers.
    pub(in crate::backend) fn convert_back(&mut self, c: usize) {
        let bases: Vec<Gpr> = self.rebased[c].in_place().collect();
        for r in bases {
            dynasm!(self.ops ; .arch x64 ; sub Rq(r), r14 ; sar Rq(r), 3);
        }
    }
}
