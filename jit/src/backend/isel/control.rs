//! Control flow: jumps (through layout's rotation and threading),
//! conditional branches, a comparison fused with the branch that is its
//! only use, and returns.

use crate::backend::emitter::{Cond, Emitter, RAX, RCX};
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::InstKind;
use crate::pipeline::budget::Bail;
use dynasmrt::{dynasm, DynasmApi};
use vm::{isa, Op};

impl Emitter<'_> {
    /// A comparison whose only use is the `jz`/`jnz` right after it: the
    /// compare sets the flags and one conditional jump reads them, with no
    /// 0/1 value in between. Returns whether it emitted the pair.
    pub(in crate::backend) fn compare_and_branch(
        &mut self,
        compare: Inst,
        branch: Inst,
        next: Option<Block>,
    ) -> Result<bool, Bail> {
        let (InstKind::Binary(op, a, b), Some(r)) = (
            self.facts.f.kind(compare),
            self.facts.f.inst(compare).result,
        ) else {
            return Ok(false);
        };
        let InstKind::Branch {
            op: test @ (Op::Jz | Op::Jnz),
            args,
            taken,
            fallthrough,
        } = self.facts.f.kind(branch)
        else {
            return Ok(false);
        };
        if args[0] != r || self.facts.uses(r) != 1 {
            return Ok(false);
        }
        let (op, a, b, taken, fallthrough) = (*op, *a, *b, *taken, *fallthrough);
        let when_true = *test == Op::Jnz;
        // The flags' condition under which the comparison is true; a
        // float comparison has one unless it is `feq` or `fne`
        // (`x64::FloatCmp::condition`).
        let float = isa::float_cmp(op);
        let cond = match (isa::condition(op), float.and_then(|c| c.condition())) {
            (Some(cond), _) | (None, Some(cond)) => cond,
            // `and` tested for zero: `test`, and the result never made.
            _ if op == Op::And => Cond::Ne,
            _ => return Ok(false),
        };
        self.check_target(taken)?;
        self.check_target(fallthrough)?;
        match float {
            Some(cmp) if cmp.swaps() => self.ucomisd(b, a),
            Some(_) => self.ucomisd(a, b),
            None if op == Op::And => self.test_bits(a, b),
            None => self.compare(a, b),
        }
        let cond = if when_true { cond } else { cond.negated() };
        self.two_way(cond, taken, fallthrough, next);
        Ok(true)
    }

    /// Ends a block on flags just set: to `taken` if `cond` holds, else to
    /// `fallthrough`. A successor placed next is reached by falling
    /// through; otherwise the conditional jump goes to the one that stays
    /// in the loop around the block (a loop's body, from its rotated back
    /// edge) where only one does, else to the one placed first, as a
    /// backward jump is the one predicted taken.
    pub(in crate::backend) fn two_way(
        &mut self,
        cond: Cond,
        taken: Block,
        fallthrough: Block,
        next: Option<Block>,
    ) {
        let (taken, fallthrough) = (self.reach(taken, next), self.reach(fallthrough, next));
        let around = self.facts.loops.innermost_of(self.at.block);
        let stays = |b: Block| around.is_some_and(|l| self.facts.loops.contains(l, b));
        let first = if stays(taken) != stays(fallthrough) {
            stays(fallthrough)
        } else {
            self.plan.position[fallthrough] < self.plan.position[taken]
        };
        let (cond, to, other) = if next == Some(taken) || (next != Some(fallthrough) && first) {
            (cond.negated(), fallthrough, taken)
        } else {
            (cond, taken, fallthrough)
        };
        let to = self.label(to);
        self.jcc(cond, to);
        self.jump(other, next);
    }

    /// A jump: into a versioned loop through its guard, rotated where the
    /// target only tests and branches.
    pub(in crate::backend) fn jump_inst(
        &mut self,
        target: Block,
        next: Option<Block>,
    ) -> Result<(), Bail> {
        self.check_target(target)?;
        let target = self.reach(target, next);
        if let Some(l) = self.guarded_entry(target) {
            self.guard(l)?;
        }
        if next == Some(target) || !self.rotate(target, next)? {
            self.jump(target, next)
        }
        Ok(())
    }

    pub(in crate::backend) fn branch_inst(
        &mut self,
        op: Op,
        args: [Value; 2],
        taken: Block,
        fallthrough: Block,
        next: Option<Block>,
    ) -> Result<(), Bail> {
        self.check_target(taken)?;
        self.check_target(fallthrough)?;
        self.condition(op, args);
        self.two_way(taken_if(op), taken, fallthrough, next);
        Ok(())
    }

    /// `result = cond ? then : otherwise` with a `cmov`: the flags first
    /// (as the branch would set them), then the value not in the result's
    /// register moved in where the condition says. Moves leave the flags
    /// alone, and rax and rcx are free once they are set.
    pub(in crate::backend) fn select(
        &mut self,
        op: Op,
        args: [Value; 2],
        result: Option<Value>,
        then: Value,
        otherwise: Value,
    ) {
        self.condition(op, args);
        let mut cond = taken_if(op);
        let d = self.target_gpr(result);
        let (kept, moved) = if self.gpr(then) == Some(d) {
            cond = cond.negated();
            (then, otherwise)
        } else {
            (otherwise, then)
        };
        if self.gpr(kept) != Some(d) {
            self.load(d, kept);
        }
        let s = self.register(moved, RCX);
        self.cmov(cond, d, s);
        self.store(result, d);
    }

    /// The flags a branch `op` on `args` tests.
    fn condition(&mut self, op: Op, args: [Value; 2]) {
        if matches!(op, Op::Jz | Op::Jnz) {
            let r = self.register(args[0], RAX);
            dynasm!(self.ops ; .arch x64 ; test Rq(r), Rq(r));
        } else {
            let [a, b] = self.lockstep_operands(args);
            self.compare(a, b);
        }
    }

    pub(in crate::backend) fn ret_inst(&mut self, a: Value) {
        self.load(RAX, a);
        // The epilogue, inline. No trap flag: a trap never returns this way
        // (it unwinds), and the external entry clears it for the runtime.
        self.restore_saved();
        dynasm!(self.ops ; .arch x64 ; mov rsp, rbp ; pop rbp ; ret);
    }
}

/// The flags condition under which a conditional branch is taken, after
/// `test` (for `jz`/`jnz`) or `cmp` (for the rest); the verifier lets
/// only conditional branches into a `Branch` or a `Select`.
fn taken_if(op: Op) -> Cond {
    isa::condition(op).unwrap_or_else(|| unreachable!("a branch on {}", op.mnemonic()))
}
