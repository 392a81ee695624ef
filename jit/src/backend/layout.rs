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
use crate::passes::bounds::Direction;
use crate::pipeline::budget::Bail;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// Where the code of block `b` is: in the unchecked copy being
    /// emitted if `b` is part of it, else in the copy of the loop holding
    /// that one if `b` is part of that, else in the function's code.
    pub(in crate::backend) fn label(&self, b: Block) -> DynamicLabel {
        let in_copy = |c: usize| {
            let k = self.versioned[self.plan.copies[c].lp]
                .blocks
                .binary_search(&b);
            k.ok().map(|k| self.copy_labels[c][k])
        };
        let Some(c) = self.copying else {
            return self.labels[b.index()];
        };
        // A loop's copy alone has the loop's own index.
        in_copy(c)
            .or_else(|| self.plan.copies[c].within.and_then(in_copy))
            .unwrap_or(self.labels[b.index()])
    }

    /// The copy that a jump to `target` from the current block enters
    /// through a guard, if it enters a versioned loop from outside: the
    /// loop's copy within the copy being emitted if that holds the loop,
    /// else the loop's copy alone.
    pub(in crate::backend) fn guarded_entry(&self, target: Block) -> Option<usize> {
        let lp = self.plan.heads[target.index()]?;
        if self.versioned[lp].contains(self.block) {
            return None;
        }
        let outer = self
            .copying
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
    pub(in crate::backend) fn guard(&mut self, copy: usize) {
        let l = self.plan.copies[copy].lp;
        let lower = self.versioned[l].lower();
        let ((upper, plus_one), max_offset) = {
            let l = &self.versioned[l];
            (l.upper(), l.max_offset as i32)
        };
        let checked = self.ops.new_dynamic_label();
        // A loop tested at the top that will not run at all leaves from
        // either copy alike: past the guard to the checked one, whose
        // test leaves (the sieve's inner loop, for every prime above the
        // square root).
        if self.versioned[l].direction == Direction::Up && !self.versioned[l].bottom_tested {
            let (index, limit) = (self.versioned[l].index, self.versioned[l].limit);
            self.compare(index, limit);
            dynasm!(self.ops ; .arch x64 ; jge =>checked);
        }
        // lower >= 0 (a constant is known to be).
        if self.f.constant(lower).is_none() {
            let r = self.register(lower, RAX);
            dynasm!(self.ops ; .arch x64 ; test Rq(r), Rq(r) ; js =>checked);
        }
        // upper (+ 1) <= cells - max_offset: rax = cells - max_offset
        // (- 1), and upper must not exceed it.
        let cells = self.env.memory.cells as i32 - plus_one as i32;
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
        for k in 0..self.versioned[l].bases.len() {
            let base = self.versioned[l].bases[k];
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
        for k in 0..self.versioned[l].steps.len() {
            let r = self.register(self.versioned[l].steps[k], RAX);
            let top = (crate::passes::bounds::STEP_LIMIT - 1) as i32;
            dynasm!(self.ops ; .arch x64 ; cmp Rq(r), top ; ja =>checked);
        }
        if self.versioned[l].bottom_tested {
            self.guard_test(l, checked);
        }
        let header = self.versioned[l].header;
        let k = self.versioned[l].blocks.binary_search(&header);
        let unchecked = self.copy_labels[copy][k.expect("a loop holds its header")];
        dynasm!(self.ops ; .arch x64 ; jmp =>unchecked ; =>checked);
    }

    /// The values stepped in lockstep with the index (`bounds::Strided`):
    /// where the loop runs `t = limit - index > 0` iterations, each value
    /// `v` must be in `[0, STEP_LIMIT)` on entry and
    /// `v + (t - 1 + after) * step + max_offset < cells`. The limit is below the cell count
    /// and the index at least 0 (checked above), so `t <= 2^28`, and the
    /// product stays below 2^59.
    fn guard_strided(&mut self, l: usize, checked: DynamicLabel) {
        if self.versioned[l].strided.is_empty() {
            return;
        }
        let (index, limit) = (self.versioned[l].index, self.versioned[l].limit);
        let runs = self.ops.new_dynamic_label();
        let skip = self.ops.new_dynamic_label();
        // rax = t; none (or an overflow: the limit far below) skips.
        self.difference(RAX, limit, index, RCX);
        dynasm!(self.ops ; .arch x64 ; jo =>skip ; jg =>runs ; jmp =>skip ; =>runs);
        for k in 0..self.versioned[l].strided.len() {
            let v = self.versioned[l].strided[k].clone();
            let last = if v.after { 0 } else { -1 };
            dynasm!(self.ops ; .arch x64 ; lea rdx, [rax + last]);
            match self.source(v.step, RCX) {
                Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; imul rdx, rdx, i),
                Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; imul rdx, Rq(r)),
                Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; imul rdx, QWORD [rbp + m]),
            }
            self.load(RCX, v.value);
            let top = (crate::passes::bounds::STEP_LIMIT - 1) as i32;
            let most = self.env.memory.cells as i32 - 1 - v.max_offset as i32;
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
        let (index, limit, direction) = {
            let l = &self.versioned[l];
            (l.index, l.limit, l.direction)
        };
        self.load(RCX, index);
        match self.source(limit, RDX) {
            Src::Imm(i) => dynasm!(self.ops ; .arch x64 ; cmp rcx, i),
            Src::Reg(r) => dynasm!(self.ops ; .arch x64 ; cmp rcx, Rq(r)),
            Src::Frame(m) => dynasm!(self.ops ; .arch x64 ; cmp rcx, QWORD [rbp + m]),
        }
        match direction {
            Direction::Up => dynasm!(self.ops ; .arch x64 ; jge =>checked),
            Direction::Down => dynasm!(self.ops ; .arch x64 ; jl =>checked),
        }
    }

    /// Whether the load or store being emitted needs its bounds check.
    pub(in crate::backend) fn checked(&self) -> bool {
        let current = Inst::new(self.current);
        let unchecked_in = |l: usize| self.versioned[l].unchecked.contains(&current);
        let versioned = self.copying.is_some_and(|c| {
            let copy = self.plan.copies[c];
            unchecked_in(copy.lp) || copy.within.is_some_and(unchecked_in)
        });
        !versioned && self.implied.binary_search(&current).is_err()
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
        if !self.loops.is_header(target) {
            return Ok(false);
        }
        let marked = self.ops.line_count();
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
            self.ops.truncate_lines(marked);
        }
        Ok(rotated)
    }

    /// Whether block `b`, with `next` after it, makes no code: copies
    /// between values that share a home, then a jump that falls through
    /// to `next`, with no guard on the way and no alignment before it.
    /// The block before it then falls through past it.
    pub(in crate::backend) fn emits_nothing(&self, b: Block, next: Option<Block>) -> bool {
        let Some((&last, body)) = self.f.block(b).insts.split_last() else {
            return false;
        };
        let InstKind::Jump(to) = *self.f.kind(last) else {
            return false;
        };
        let to = self.reach(to, next);
        let guarded = self.plan.heads[to.index()].is_some_and(|l| !self.versioned[l].contains(b));
        next == Some(to)
            && !guarded
            && self.plan.tops[b.index()] == 0
            && body.iter().all(|&i| self.coalesced(i))
    }

    /// Where control really goes from a jump to `target`: past blocks that
    /// only jump on (edges split for copies the allocator coalesced).
    pub(in crate::backend) fn thread(&self, mut target: Block) -> Block {
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
    pub(in crate::backend) fn coalesced(&self, inst: Inst) -> bool {
        match (self.f.kind(inst), self.f.inst(inst).result) {
            (InstKind::Copy(a), Some(r)) => self.same_home(*a, r),
            _ => false,
        }
    }

    pub(in crate::backend) fn same_home(&self, a: Value, b: Value) -> bool {
        self.f.constant(a).is_none()
            && self.homes[a.index()].is_some()
            && self.homes[a.index()] == self.homes[b.index()]
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

    pub(in crate::backend) fn jump(&mut self, target: Block, next: Option<Block>) {
        let target = self.reach(target, next);
        if next != Some(target) {
            let label = self.label(target);
            self.jmp(label);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tools::disasm::asm_of;

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
    fn a_jump_to_a_test_only_header_is_rotated_into_a_backward_branch() {
        let asm = asm_of(
            "func main(%n)\n    mov %i, 0\nhead:\n    jge %i, %n, done\n    add %i, %i, 1\n    jmp head\ndone:\n    ret %i\nend\n",
            "main",
        );
        // The header's test appears twice (entry and rotated back edge),
        // and no unconditional jump closes the loop.
        assert_eq!(
            asm.iter().filter(|i| i.starts_with("cmp rsi,")).count(),
            2,
            "{asm:#?}"
        );
        assert!(asm.iter().any(|i| i.starts_with("jl ")), "{asm:#?}");
        assert_eq!(
            asm.iter().filter(|i| i.starts_with("jmp ")).count(),
            1,
            "only the entry's: {asm:#?}"
        );
    }

    #[test]
    fn a_latch_of_copies_falls_through_into_its_header() {
        // The lost-copy loop: the back edge carries a copy, so its split
        // edge goes before the header, and the loop closes with one
        // conditional jump back to it. (Counting by 2: by 1, the loop
        // would go to its exit values, `exit_values`.)
        let asm = asm_of(
            "func main(%n)\n    mov %x, 0\nloop:\n    mov %y, %x\n    add %x, %x, 2\n    jlt %x, %n, loop\n    ret %y\nend\n",
            "main",
        );
        let at = |prefix: &str| asm.iter().position(|i| i.starts_with(prefix));
        let (jl, copy) = (
            at("jl ").expect("a jl"),
            at("mov rdi,rsi").expect("the copy"),
        );
        assert!(copy < jl, "{asm:#?}");
        // The unconditional jumps: the external entry's to its code, and
        // the first iteration's over the latch.
        assert_eq!(
            asm.iter().filter(|i| i.starts_with("jmp ")).count(),
            2,
            "{asm:#?}"
        );
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

    #[test]
    fn a_latch_that_paths_join_goes_before_its_header_and_each_path_jumps_once() {
        // Odd and even counts both go round through `next`: the skip's
        // `jne` is the one jump back, to the latch, which falls through
        // into the header's test and the test into the body. (The skipped
        // side divides, so if-conversion leaves the branch a branch.)
        let text = "func main(%n)\n    mov %k, 0\n    mov %c, 0\nloop:\n    jge %k, %n, done\n    and %b, %k, 3\n    jnz %b, next\n    div %c, %k, 5\nnext:\n    add %k, %k, 1\n    jmp loop\ndone:\n    ret %c\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let listing = crate::tools::disasm::listing(&program, program.main).expect("compiles");
        let code = code_of(&listing);
        let target_of = |inst: &str| {
            let t = inst.split_once(' ')?.1.trim_end_matches('h');
            u64::from_str_radix(t, 16).ok()
        };
        let (at, skip) = code
            .iter()
            .find(|(_, i)| i.starts_with("jne "))
            .expect("the skip");
        let latch = target_of(skip).expect("a target");
        assert!(latch < *at, "{listing}");
        let k = code
            .iter()
            .position(|(a, _)| *a == latch)
            .expect("the latch");
        assert!(code[k].1.starts_with("add "), "{listing}");
        assert!(code[k + 1].1.starts_with("cmp "), "{listing}");
        assert!(code[k + 2].1.starts_with("jge "), "{listing}");
        assert_eq!(code[k + 3].1, "test rsi,3", "{listing}");
    }
}
