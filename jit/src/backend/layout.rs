//! Block layout: the order blocks are placed in (source order, the entry
//! first), loop rotation (a jump to a block that only tests and branches,
//! such as a loop's header, makes the test itself, so an iteration runs
//! one conditional jump), jump threading past blocks of coalesced copies,
//! and the unchecked copies of versioned loops (`bounds`), entered from a
//! guard on each jump into their header.

use super::emitter::{Emitter, RAX, RCX, RDX};
use super::operands::Src;
use super::plan::LoopCopy;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{InstKind, NO_SRC};
use crate::passes::bounds::{Direction, VersionedLoop};
use crate::pipeline::budget::Bail;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use x64::Cond;

impl Emitter<'_> {
    /// Where the code of block `b` is: in the unchecked copy being
    /// emitted if `b` is part of it, else in the copy of the loop holding
    /// that one if `b` is part of that, else in the function's code.
    /// Leaving a copy that indexes from machine addresses (`rebase`)
    /// goes through a stub that makes its bases cell numbers again.
    pub(in crate::backend) fn label(&mut self, b: Block) -> DynamicLabel {
        match self.place(b) {
            (label, None) => label,
            (outside, Some(c)) => self.exit_from_rebased(c, outside),
        }
    }

    /// Block `b`'s label as `label` finds it, before any stub, with the
    /// copy being emitted if `b` is outside it.
    fn place(&self, b: Block) -> (DynamicLabel, Option<usize>) {
        let in_copy = |c: usize| {
            let k = self.facts.proven.versioned[self.plan.copies[c].lp]
                .blocks
                .binary_search(&b);
            k.ok().map(|k| self.labels.copies[c][k])
        };
        let Some(c) = self.at.copy else {
            return (self.labels.blocks[b], None);
        };
        if let Some(inside) = in_copy(c) {
            return (inside, None);
        }
        // A loop's copy alone has the loop's own index.
        let outside = self.plan.copies[c]
            .within
            .and_then(in_copy)
            .unwrap_or(self.labels.blocks[b]);
        (outside, Some(c))
    }

    /// The copy that a jump to `target` from the current block enters
    /// through a guard, if it enters a versioned loop from outside: the
    /// loop's copy within the copy being emitted if that holds the loop,
    /// else the loop's copy alone.
    pub(in crate::backend) fn guarded_entry(&self, target: Block) -> Option<usize> {
        let lp = self.plan.heads[target]?;
        if self.facts.proven.versioned[lp].contains(self.at.block) {
            return None;
        }
        let outer = self
            .at
            .copy
            .map(|c| self.plan.copies[c].within.unwrap_or(self.plan.copies[c].lp));
        let within = outer.and_then(|o| {
            let copy = LoopCopy {
                lp,
                within: Some(o),
            };
            self.plan.copies.iter().position(|&c| c == copy)
        });
        Some(within.unwrap_or(lp))
    }

    /// Enters unchecked copy `copy` if its loop's guard holds; falls
    /// through to the ordinary entry otherwise.
    pub(in crate::backend) fn guard(&mut self, copy: usize) -> Result<(), Bail> {
        let l = self.plan.copies[copy].lp;
        let checked = self.ops.new_dynamic_label();
        if self.facts.proven.versioned[l].indexed {
            self.guard_index(l, checked);
        }
        self.guard_fixed(l, checked);
        let header = self.facts.proven.versioned[l].header;
        let k = self.facts.proven.versioned[l].blocks.binary_search(&header);
        let unchecked = self.labels.copies[copy][k.expect("a loop holds its header")];
        // The limit first: it reads values as numbers, which a base
        // converted in place no longer is.
        self.lockstep_limit(copy)?;
        for k in 0..self.rebased[copy].rows.len() {
            let (base, address) = self.rebased[copy].rows[k];
            dynasm!(self.ops ; .arch x64 ; lea Rq(address), [r14 + Rq(base) * 8]);
        }
        dynasm!(self.ops ; .arch x64 ; jmp =>unchecked ; =>checked);
        Ok(())
    }

    /// The guard's checks of the index, its limit and steps, and the
    /// values that move with it: every access the index bounds is in
    /// the memory, or the guard goes to `checked`.
    fn guard_index(&mut self, l: usize, checked: DynamicLabel) {
        let lower = self.facts.proven.versioned[l].lower();
        let ((upper, plus_one), max_offset) = {
            let l = &self.facts.proven.versioned[l];
            (l.upper(), l.max_offset as i32)
        };
        // A loop tested at the top that will not run at all leaves from
        // either copy alike: past the guard to the checked one, whose
        // test leaves (the sieve's inner loop, for every prime above the
        // square root).
        if self.facts.proven.versioned[l].direction == Direction::Up
            && !self.facts.proven.versioned[l].bottom_tested
        {
            let (index, limit) = (
                self.facts.proven.versioned[l].index,
                self.facts.proven.versioned[l].limit,
            );
            self.compare(index, limit);
            let fails = up_test_fails(&self.facts.proven.versioned[l]);
            self.jcc(fails, checked);
        }
        // lower >= 0 (a constant is known to be).
        if self.facts.f.constant(lower).is_none() {
            let r = self.register(lower, RAX);
            dynasm!(self.ops ; .arch x64 ; test Rq(r), Rq(r) ; js =>checked);
        }
        // upper (+ 1) <= cells - max_offset: rax = cells - max_offset
        // (- 1), and upper must not exceed it.
        let cells = self.facts.env.memory.cells as i32 - plus_one as i32;
        if cells >= 0 {
            dynasm!(self.ops ; .arch x64 ; mov eax, cells);
        } else {
            // No memory: -1, sign-extended (`mov eax` would zero-extend).
            dynasm!(self.ops ; .arch x64 ; mov rax, cells);
        }
        if max_offset != 0 {
            dynasm!(self.ops ; .arch x64 ; sub rax, max_offset);
        }
        match self.source(upper, RCX) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; cmp rax, i ; jl =>checked),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; cmp Rq(r), rax ; jg =>checked),
            Src::Frame(m) => {
                dynasm!(self.ops ; .arch x64 ; cmp QWORD [rbp + m], rax ; jg =>checked)
            }
        }
        // base + upper (+ 1) <= cells - max_offset for each base (which
        // the step checks below also hold to [0, STEP_LIMIT); should the
        // sum wrap meanwhile, those fail).
        for k in 0..self.facts.proven.versioned[l].bases.len() {
            let base = self.facts.proven.versioned[l].bases[k];
            self.load(RCX, upper);
            match self.source(base, RDX) {
                Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; add rcx, i),
                Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; add rcx, Rq(r)),
                Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; add rcx, QWORD [rbp + m]),
            }
            dynasm!(self.ops ; .arch x64 ; cmp rcx, rax ; jg =>checked);
        }
        self.guard_strided(l, checked);
        // Every step in [0, STEP_LIMIT): unsigned, so a negative one fails.
        for k in 0..self.facts.proven.versioned[l].steps.len() {
            let r = self.register(self.facts.proven.versioned[l].steps[k], RAX);
            let top = (crate::passes::bounds::STEP_LIMIT - 1) as i32;
            dynasm!(self.ops ; .arch x64 ; cmp Rq(r), top ; ja =>checked);
        }
        if self.facts.proven.versioned[l].bottom_tested {
            self.guard_test(l, checked);
        }
    }

    /// The loop-invariant bases of unchecked accesses (`bounds::Fixed`):
    /// `base + low` in `[0, cells - (high - low))`, one unsigned compare
    /// (a sum that wraps is far above), so every cell from `base + low`
    /// to `base + high` is in the memory. `fields` keeps each span
    /// narrower than the memory, so the bound is at least 0.
    fn guard_fixed(&mut self, l: usize, checked: DynamicLabel) {
        let cells = self.facts.env.memory.cells as i64;
        for k in 0..self.facts.proven.versioned[l].fixed.len() {
            let c = self.facts.proven.versioned[l].fixed[k].clone();
            // Both at most 2^20 (`bounds::MAX_OFFSET`), the cell count at
            // most 2^28: immediates.
            let (low, most) = (c.low as i32, cells - 1 - (c.high - c.low) as i64);
            let r = self.register(c.base, RCX);
            dynasm!(self.ops
                ; .arch x64
                ; lea rcx, [Rq(r) + low]
                ; cmp rcx, most as i32
                ; ja =>checked
            );
        }
    }

    /// The values stepped in lockstep with the index (`bounds::Strided`):
    /// where the loop runs `t = limit - index > 0` iterations, each value
    /// `v` must be in `[0, STEP_LIMIT)` on entry and
    /// `v + (t - 1 + after) * step + max_offset < cells`. The limit is below the cell count
    /// and the index at least 0 (checked above), so `t <= 2^28`, and the
    /// product stays below 2^59.
    fn guard_strided(&mut self, l: usize, checked: DynamicLabel) {
        if self.facts.proven.versioned[l].strided.is_empty() {
            return;
        }
        let (index, limit) = (
            self.facts.proven.versioned[l].index,
            self.facts.proven.versioned[l].limit,
        );
        let runs = self.ops.new_dynamic_label();
        let skip = self.ops.new_dynamic_label();
        // rax = t; none (or an overflow: the limit far below) skips.
        self.difference(RAX, limit, index, RCX);
        dynasm!(self.ops ; .arch x64 ; jo =>skip ; jg =>runs ; jmp =>skip ; =>runs);
        for k in 0..self.facts.proven.versioned[l].strided.len() {
            let v = self.facts.proven.versioned[l].strided[k].clone();
            let last = if v.after { 0 } else { -1 };
            dynasm!(self.ops ; .arch x64 ; lea rdx, [rax + last]);
            match self.source(v.step, RCX) {
                Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; imul rdx, rdx, i),
                Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; imul rdx, Rq(r)),
                Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; imul rdx, QWORD [rbp + m]),
            }
            self.load(RCX, v.value);
            let top = (crate::passes::bounds::STEP_LIMIT - 1) as i32;
            let most = self.facts.env.memory.cells as i32 - 1 - v.max_offset as i32;
            dynasm!(self.ops
                ; .arch x64
                ; cmp rcx, top
                ; ja =>checked
                ; add rdx, rcx
                ; cmp rdx, most
                ; jg =>checked
            );
        }
        dynasm!(self.ops ; .arch x64 ; =>skip);
    }

    /// A loop tested at the bottom runs its first iteration untested: its
    /// guard checks the test on entry (`index < limit` going up, `index
    /// >= limit` going down), jumping to `checked` where it fails.
    fn guard_test(&mut self, l: usize, checked: DynamicLabel) {
        let (index, limit, direction, up_fails) = {
            let l = &self.facts.proven.versioned[l];
            (l.index, l.limit, l.direction, up_test_fails(l))
        };
        self.load(RCX, index);
        match self.source(limit, RDX) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; cmp rcx, i),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; cmp rcx, Rq(r)),
            Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; cmp rcx, QWORD [rbp + m]),
        }
        match direction {
            Direction::Up => self.jcc(up_fails, checked),
            Direction::Down => dynasm!(self.ops ; .arch x64 ; jl =>checked),
        }
    }

    /// Whether the load or store being emitted needs its bounds check:
    /// not where a versioned loop's guard or `dedup_checks` proved it.
    pub(in crate::backend) fn checked(&self) -> bool {
        let current = self.lowering();
        !self.versioned_unchecked(current)
            && self.facts.proven.implied.binary_search(&current).is_err()
    }

    /// Whether access `i` goes unchecked in the loop copy being emitted,
    /// its versioned loop's guard having proved it.
    pub(in crate::backend) fn versioned_unchecked(&self, i: Inst) -> bool {
        let unchecked_in = |l: usize| self.facts.proven.versioned[l].unchecked.contains(&i);
        self.at.copy.is_some_and(|c| {
            let copy = self.plan.copies[c];
            unchecked_in(copy.lp) || copy.within.is_some_and(unchecked_in)
        })
    }

    /// Loop rotation, done at emission: a jump to a loop header (of the
    /// loop forest) that only tests and branches makes the test itself,
    /// so an iteration runs one conditional jump back to the body instead
    /// of a jump to the header and a test there.
    pub(in crate::backend) fn rotate(
        &mut self,
        target: Block,
        next: Option<Block>,
    ) -> Result<bool, Bail> {
        if !self.facts.loops.is_header(target) {
            return Ok(false);
        }
        let marked = self.ops.line_count();
        let rotated = match self.facts.f.block(target).insts[..] {
            [branch] if matches!(self.facts.f.kind(branch), InstKind::Branch { .. }) => {
                self.mark_line(self.facts.f.inst(branch).src);
                self.inst(&self.facts.f.inst(branch).kind, None, NO_SRC, next)?;
                true
            }
            [compare, branch] => {
                self.mark_line(self.facts.f.inst(compare).src);
                self.compare_and_branch(compare, branch, next)?
            }
            _ => false,
        };
        if !rotated {
            self.ops.truncate_lines(marked);
        }
        Ok(rotated)
    }

    /// Whether block `b`, with `next` after it, makes no code: copies
    /// between values that share a home, then a jump that falls through
    /// to `next`, with no guard on the way and no alignment before it.
    /// The block before it then falls through past it.
    pub(in crate::backend) fn emits_nothing(&self, b: Block, next: Option<Block>) -> bool {
        let Some((&last, body)) = self.facts.f.block(b).insts.split_last() else {
            return false;
        };
        let InstKind::Jump(to) = *self.facts.f.kind(last) else {
            return false;
        };
        let to = self.reach(to, next);
        let guarded =
            self.plan.heads[to].is_some_and(|l| !self.facts.proven.versioned[l].contains(b));
        next == Some(to)
            && !guarded
            && self.plan.tops[b] == 0
            && body.iter().all(|&i| self.coalesced(i))
    }

    /// Where control really goes from a jump to `target`: past blocks that
    /// only jump on (edges split for copies the allocator coalesced).
    pub(in crate::backend) fn thread(&self, mut target: Block) -> Block {
        for _ in 0..8 {
            let Some((&last, body)) = self.facts.f.block(target).insts.split_last() else {
                break;
            };
            match *self.facts.f.kind(last) {
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
    pub(in crate::backend) fn coalesced(&self, inst: Inst) -> bool {
        match (self.facts.f.kind(inst), self.facts.f.inst(inst).result) {
            (InstKind::Copy(a), Some(r)) => self.same_home(*a, r),
            _ => false,
        }
    }

    pub(in crate::backend) fn same_home(&self, a: Value, b: Value) -> bool {
        self.facts.f.constant(a).is_none() && self.home(a).is_some() && self.home(a) == self.home(b)
    }

    /// The successor `target` as the code reaches it: by falling through if
    /// it comes next, else through `thread`.
    pub(in crate::backend) fn reach(&self, target: Block, next: Option<Block>) -> Block {
        if next == Some(target) {
            target
        } else {
            self.thread(target)
        }
    }

    /// A jump out of a copy that indexes from machine addresses makes
    /// its bases cell numbers again in place, with no stub between.
    pub(in crate::backend) fn jump(&mut self, target: Block, next: Option<Block>) {
        let target = self.reach(target, next);
        if next != Some(target) {
            let label = match self.place(target) {
                (label, None) => label,
                (outside, Some(c)) => {
                    self.convert_back(c);
                    outside
                }
            };
            self.jmp(label);
        }
    }
}

/// After `cmp index, limit`, where a loop going up fails its test on
/// entry: `index >= limit`, or `index > limit` for an inclusive one.
fn up_test_fails(l: &VersionedLoop) -> Cond {
    if l.inclusive {
        Cond::G
    } else {
        Cond::Ge
    }
}

#[cfg(test)]
mod tests {

    /// A listing's instructions up to its stubs, with their offsets.
    fn code_of(listing: &str) -> Vec<(u64, String)> {
        listing
            .lines()
            .take_while(|l| !l.starts_with("; unwind"))
            .filter_map(|l| {
                let (at, inst) = l.trim().split_once("  ")?;
                Some((u64::from_str_radix(at, 16).ok()?, inst.trim().to_string()))
            })
            .collect()
    }

    #[test]
    fn no_jump_lands_on_the_next_instruction_past_blocks_without_code() {
        // fib calls itself once inlined: the inlined call's join block
        // holds only coalesced copies and a jump to the block after it.
        let text = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\nfunc main()\n    ret 0\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let fib = program.func_by_name("fib").expect("fib");
        let listing = crate::tools::disasm::listing(&program, fib).expect("compiles");
        let code = code_of(&listing);
        for pair in code.windows(2) {
            let target = pair[0]
                .1
                .strip_prefix("jmp ")
                .map(|t| t.trim_end_matches('h'));
            let target = target.and_then(|t| u64::from_str_radix(t, 16).ok());
            assert_ne!(target, Some(pair[1].0), "{listing}");
        }
    }
}
