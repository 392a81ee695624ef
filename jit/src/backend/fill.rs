//! A loop that fills (`crate::passes::fill`), in its unchecked copy: on entry,
//! one `rep stosq` over every cell the loop has left to store, then the
//! index at its exit value, so the header's test leaves. A run shorter
//! than `MIN_RUN` cells runs the loop itself: the string store's start-up
//! costs more than such a run (glibc's `memset` switches to it only above
//! 2 KiB).

use super::emitter::Mark;
use super::emitter::{Emitter, RAX, RCX};
use crate::ir::entity::{Block, Value};
use crate::passes::fill::MIN_RUN;
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// The fill whose loop `b` heads, in the unchecked copy being
    /// emitted.
    pub(in crate::backend) fn fill_at(&self, b: Block) -> Option<usize> {
        let lp = self.plan.copies[self.at.copy?].lp;
        self.facts
            .proven
            .fills
            .iter()
            .position(|f| f.lp == lp && f.header == b)
    }

    /// Fill `k`'s string store, before its header's test: where at least
    /// `MIN_RUN` cells are left, it stores them and moves the index to the
    /// limit, so the test leaves the loop; else it does nothing, and the
    /// loop runs. The header is rotated into the loop's latch, so this
    /// runs once, on entry. Clobbers only the scratch registers (`rdi` is
    /// saved around the store).
    pub(in crate::backend) fn fill(&mut self, k: usize) {
        let fill = self.facts.proven.fills[k].clone();
        let short = self.ops.new_dynamic_label();
        self.mark(Mark::Named("fill: the loop's stores as one string store"));
        // rdx = the first cell's address (the guard proved the run in
        // bounds, if there is one).
        let cell = self.address(fill.index, fill.addend);
        match 8 * fill.disp {
            0 => dynasm!(self.ops ; .arch x64 ; lea rdx, [r14 + Rq(cell) * 8]),
            disp => dynasm!(self.ops ; .arch x64 ; lea rdx, [r14 + Rq(cell) * 8 + disp]),
        }
        // rcx = limit - index, the cells left. The guard bounds the index
        // below and the limit above, not the limit below: the difference
        // overflows where the limit is far below the index, and the loop
        // then does not run.
        self.difference(RCX, fill.limit, fill.index, RAX);
        dynasm!(self.ops ; .arch x64 ; jo =>short ; cmp rcx, MIN_RUN ; jl =>short);
        self.load(RAX, fill.value);
        // The direction flag is clear, as the ABI keeps it between calls.
        dynasm!(self.ops
            ; .arch x64
            ; push rdi
            ; mov rdi, rdx
            ; rep stosq
            ; pop rdi
        );
        // The loop leaves with the index (and the step's result) at the
        // limit.
        let at_limit = |e: &mut Self, v: Value| match e.gpr(v) {
            Some(r) => e.load(r, fill.limit),
            None => {
                e.load(RAX, fill.limit);
                e.store(Some(v), RAX);
            }
        };
        at_limit(self, fill.index);
        if self.home(fill.next).is_none() || self.gpr(fill.next) != self.gpr(fill.index) {
            at_limit(self, fill.next);
        }
        dynasm!(self.ops ; .arch x64 ; =>short);
    }
}
