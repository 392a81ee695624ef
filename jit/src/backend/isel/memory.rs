//! Loads and stores of the linear memory, indexed from `r14` by the cell
//! number, with an inline bounds check against the cell count unless the
//! access is in the unchecked copy of a versioned loop (`bounds`),
//! accesses before it imply the check (`dedup_checks`), or its cell is a
//! constant inside the memory (`[r14 + 8k]`). A loaded value
//! goes straight into its home, general or XMM, or, where the next
//! instruction is its only use, into that instruction as a memory operand
//! (`load_and_operate`).

use crate::backend::emitter::{Emitter, RAX, RDX};
use crate::backend::operands::Src;
use crate::backend::stubs::GroupStub;
use crate::ir::entity::{Inst, Value};
use crate::ir::InstKind;
use crate::passes::group_checks::Group;
use crate::pipeline::budget::Bail;
use crate::regalloc::Home;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use vm::runtime::native::TRAP_OUT_OF_BOUNDS;
use vm::{isa, Op};
use x64::regs::XMM0;
use x64::{encode, with_mem, Gpr, Mem, Xmm};

/// Where a folded operation computes.
#[derive(Clone, Copy)]
enum Target {
    Gpr(Gpr),
    Xmm(Xmm),
}

impl Emitter<'_> {
    /// Traps unless `cell` < the cell count.
    fn bounds_check(&mut self, cell: Gpr, src: u32) {
        let oob = self.trap_label(vm::runtime::native::TRAP_OUT_OF_BOUNDS, src);
        // The cell count is at most 2^28: an immediate.
        let cells = self.facts.env.memory.cells as i32;
        dynasm!(self.ops ; .arch x64 ; cmp Rq(cell), cells ; jae =>oob);
    }

    /// The access's cell as `r14 + cell * 8 + disp`: the cell index in a
    /// register, checked where that is needed; with no check to make, a
    /// constant offset rides in the displacement instead of an `lea` (the
    /// address is the same modulo 2^64). In a loop copy that indexes its
    /// rows from their machine addresses (`rebase`), the row's address
    /// and the index.
    fn cell(&mut self, base: Value, off: Value, src: u32) -> Mem {
        if let Some(m) = self.rebased_operand(self.lowering()) {
            return m;
        }
        if let Some((cell, disp)) = self.grouped_cell(base, off) {
            return Mem::cell(cell, disp);
        }
        if let Some(cell) = self.fixed_cell(base, off) {
            return Mem::fixed(cell);
        }
        let checked = self.checked();
        if let (false, None, Some(k)) = (
            checked,
            self.facts.f.constant(base),
            self.facts.f.constant(off),
        ) {
            let k = k as i64;
            if (-(1 << 28)..1 << 28).contains(&k) {
                return Mem::cell(self.register(base, RAX), 8 * k as i32);
            }
        }
        if checked {
            if let Some(m) = self.offset_checked_cell(base, off, src) {
                return m;
            }
        }
        let cell = self.address(base, off);
        if checked {
            self.bounds_check(cell, src);
        }
        Mem::cell(cell, 0)
    }

    /// A checked access `[base + k]`, `0 < k < cells`, a record's field
    /// mostly: checked as a group of one (`cells_check`), the base
    /// compared with `cells - k` and `k` in the displacement, one
    /// instruction where the sum in rax and its compare take two (and
    /// rax).
    fn offset_checked_cell(&mut self, base: Value, off: Value, src: u32) -> Option<Mem> {
        let f = self.facts.f;
        if f.constant(base).is_some() {
            return None;
        }
        let k = f.constant(off)? as i64;
        if !(1..self.facts.env.memory.cells as i64).contains(&k) {
            return None;
        }
        let r = self.register(base, RAX);
        let trap = self.trap_label(TRAP_OUT_OF_BOUNDS, src);
        // The cell count is at most 2^28: `k` fits 32 bits.
        self.cells_check(r, k, k, vec![(k as i32, trap)]);
        Some(Mem::cell(r, 8 * k as i32))
    }

    /// The cell of an access at a constant cell inside the memory, which
    /// needs no check: a record or a global at a fixed place (after
    /// inlining, `[%r + 1]` with `%r` an argument's constant). One outside
    /// is left to the check, which traps.
    fn fixed_cell(&self, base: Value, off: Value) -> Option<i32> {
        let f = self.facts.f;
        let cell = (f.constant(base)? as i64).wrapping_add(f.constant(off)? as i64);
        let cells = self.facts.env.memory.cells as i64;
        // The cell count is at most 2^28, so `8 * cell` fits a displacement.
        (0..cells).contains(&cell).then_some(cell as i32)
    }

    /// The cell of a member of a group of checks (`group_checks`): the
    /// base's register and the offset as a displacement, after the span
    /// check at the group's head. Not where a versioned loop's copy leaves
    /// the head unchecked: each member is then on its own.
    fn grouped_cell(&mut self, base: Value, off: Value) -> Option<(Gpr, i32)> {
        let current = self.lowering();
        let groups: &[Group] = self.facts.proven.groups;
        let group = &groups[self.facts.group_of[current]? as usize];
        if self.versioned_unchecked(group.head()) {
            return None;
        }
        let k = self.facts.f.constant(off)? as i64;
        let r = self.register(base, RAX);
        if group.head() == current {
            self.span_check(group, r);
        }
        Some((r, 8 * k as i32))
    }

    /// The group's span, `base + lo` to `base + hi`, inside the memory, or
    /// the slow path that traps at the first member outside it.
    fn span_check(&mut self, group: &Group, base: Gpr) {
        let f = self.facts.f;
        let members = group
            .members
            .iter()
            .map(|&(m, k)| {
                let site = vm::runtime::native::site(f.func_of(m), f.inst(m).src);
                let trap = self.stubs.trap(&mut self.ops, TRAP_OUT_OF_BOUNDS, site);
                (k as i32, trap)
            })
            .collect();
        self.cells_check(base, group.lo, group.hi, members);
    }

    /// The cells `base + lo` to `base + hi` inside the memory, by one
    /// compare, or the slow path (`GroupStub`) that checks each of the
    /// `members`' cells (offset, trap) in order and traps at the first
    /// outside. With every offset positive the base itself is compared
    /// with `cells - hi`: a base that wraps into the memory (in `[-lo,
    /// -1]`) fails it, and the slow path, finding every cell inside,
    /// comes back. Otherwise the compare is exact. The span is narrower
    /// than the memory (`group_checks` makes none as wide).
    fn cells_check(&mut self, base: Gpr, lo: i64, hi: i64, members: Vec<(i32, DynamicLabel)>) {
        let cells = self.facts.env.memory.cells as i64;
        let slow = self.ops.new_dynamic_label();
        let mut back = None;
        if lo >= 0 && hi < cells {
            let limit = (cells - hi) as i32;
            dynasm!(self.ops ; .arch x64 ; cmp Rq(base), limit ; jae =>slow);
            // From 0 the compare is exact; past it a base can wrap in.
            if lo > 0 {
                let at = self.ops.new_dynamic_label();
                dynasm!(self.ops ; .arch x64 ; =>at);
                back = Some(at);
            }
        } else {
            let (lo, limit) = (lo as i32, (cells - (hi - lo)) as i32);
            dynasm!(self.ops ; .arch x64 ; lea rcx, [Rq(base) + lo] ; cmp rcx, limit ; jae =>slow);
        }
        self.stubs.group(GroupStub {
            label: slow,
            back,
            base,
            cells: cells as i32,
            members,
        });
    }

    pub(in crate::backend) fn load_inst(
        &mut self,
        result: Option<Value>,
        base: Value,
        off: Value,
        src: u32,
    ) {
        let m = self.cell(base, off, src);
        self.load_cell(result, m);
    }

    /// `result = [m]`, straight into the result's home, whichever
    /// register file.
    fn load_cell(&mut self, result: Option<Value>, m: Mem) {
        match result.and_then(|r| self.home(r)) {
            Some(Home::Gpr(d)) => with_mem!(self.ops, m, [mov Rq(d), QWORD], []),
            Some(Home::Xmm(x)) => with_mem!(self.ops, m, [movsd Rx(x), QWORD], []),
            None => {
                with_mem!(self.ops, m, [mov rax, QWORD], []);
                self.store(result, RAX);
            }
        }
    }

    /// A load whose value only `user`, the next instruction, reads, as
    /// the right-hand operand of an integer `add`, `sub`, `mul`, `and`,
    /// `or` or `xor` or a float `fadd`, `fsub`, `fmul` or `fdiv` (either
    /// operand where the operation commutes): `user` reads the cell itself
    /// (`imul r, [r14 + cell * 8]`), one instruction and one register
    /// fewer, as gcc does. The check, if any, stays at the load. `after`
    /// follows `user`: an `and` that a branch tests stays a `test`. False,
    /// with nothing emitted, when the pair is not of that shape.
    pub(in crate::backend) fn load_and_operate(
        &mut self,
        load: Inst,
        user: Inst,
        after: Option<Inst>,
    ) -> Result<bool, Bail> {
        let Some((op, a, base, off)) = self.foldable(load, user, after) else {
            return Ok(false);
        };
        let m = self.cell(base, off, self.facts.f.inst(load).src);
        self.at.inst = Some(user);
        let result = self.facts.f.inst(user).result;
        // Getting `a` into the target must leave the cell's register be:
        // a general target is the register, or a float constant goes
        // through rax.
        let target = match isa::sse(op) {
            Some(_) => {
                let x = result.and_then(|r| self.xmm(r)).unwrap_or(XMM0);
                let clobbers_cell =
                    m.reads(RAX) && self.facts.f.constant(a).is_some() && self.xmm(a) != Some(x);
                (!clobbers_cell).then_some(Target::Xmm(x))
            }
            None => {
                let r = self.target_gpr(result);
                let clobbers_cell = m.reads(r) && self.gpr(a) != Some(r);
                (!clobbers_cell).then_some(Target::Gpr(r))
            }
        };
        self.mark_line_after_load(target.is_some(), load, user, m)?;
        match target {
            None => {}
            Some(Target::Xmm(x)) => {
                if self.xmm(a) != Some(x) {
                    self.load_xmm(x, a);
                }
                self.float_with_cell(op, x, m);
                if x == XMM0 {
                    self.store_xmm(result, XMM0);
                }
            }
            Some(Target::Gpr(r)) => {
                if self.gpr(a) != Some(r) {
                    self.load(r, a);
                }
                self.integer_with_cell(op, r, m);
                if r == RAX {
                    self.store(result, RAX);
                }
            }
        }
        Ok(true)
    }

    /// The user's line marked; when the load cannot be folded into it
    /// (`folds` false), the load made on its own and the user after it.
    fn mark_line_after_load(
        &mut self,
        folds: bool,
        load: Inst,
        user: Inst,
        m: Mem,
    ) -> Result<(), Bail> {
        if folds {
            self.mark_line(self.facts.f.line_src(user));
            return Ok(());
        }
        self.load_cell(self.facts.f.inst(load).result, m);
        self.mark_line(self.facts.f.line_src(user));
        let result = self.facts.f.inst(user).result;
        self.inst(
            self.facts.f.kind(user),
            result,
            self.facts.f.inst(user).src,
            None,
        )
    }

    /// The operation and other operand of a `load`, `user` pair that
    /// `load_and_operate` folds, with the load's address.
    fn foldable(
        &self,
        load: Inst,
        user: Inst,
        after: Option<Inst>,
    ) -> Option<(Op, Value, Value, Value)> {
        let (InstKind::Load(base, off), Some(v)) =
            (self.facts.f.kind(load), self.facts.f.inst(load).result)
        else {
            return None;
        };
        let InstKind::Binary(op, a, b) = *self.facts.f.kind(user) else {
            return None;
        };
        if self.facts.uses(v) != 1 {
            return None;
        }
        use Op::*;
        let commutes = matches!(op, Add | Mul | And | Or | Xor | FAdd | FMul);
        if !commutes && !matches!(op, Sub | FSub | FDiv) {
            return None;
        }
        let other = match (a == v, b == v) {
            (false, true) => a,
            (true, false) if commutes => b,
            _ => return None,
        };
        let tested = after.is_some_and(|branch| match self.facts.f.kind(branch) {
            InstKind::Branch { args, .. } => Some(args[0]) == self.facts.f.inst(user).result,
            _ => false,
        });
        if op == And && tested {
            return None;
        }
        Some((op, other, *base, *off))
    }

    /// `t op= [m]`, an integer operation.
    fn integer_with_cell(&mut self, op: Op, t: Gpr, m: Mem) {
        let Some(alu) = isa::alu(op) else {
            unreachable!("arithmetic on a cell for {}", op.mnemonic())
        };
        encode::alu(&mut self.ops, alu, t, x64::Src::Mem(m));
    }

    /// `t op= [m]`, a float operation.
    fn float_with_cell(&mut self, op: Op, t: Xmm, m: Mem) {
        let Some(sse) = isa::sse(op) else {
            unreachable!("float arithmetic on a cell for {}", op.mnemonic())
        };
        encode::sse(&mut self.ops, sse, t, x64::XSrc::Mem(m));
    }

    pub(in crate::backend) fn store_inst(
        &mut self,
        base: Value,
        off: Value,
        value: Value,
        src: u32,
    ) {
        // A float in its XMM home is stored from there.
        if let (None, Some(x)) = (self.facts.f.constant(value), self.xmm(value)) {
            let m = self.cell(base, off, src);
            with_mem!(self.ops, m, [movsd QWORD], [, Rx(x)]);
            return;
        }
        let value = match self.source(value, RDX) {
            Src::Frame(_) => {
                self.load(RDX, value);
                Src::Reg(RDX)
            }
            other => other,
        };
        let m = self.cell(base, off, src);
        match value {
            Src::Imm(i) => with_mem!(self.ops, m, [mov QWORD], [, i]),
            Src::Reg(r) => with_mem!(self.ops, m, [mov QWORD], [, Rq(r)]),
            Src::Frame(_) => unreachable!("loaded into rdx above"),
        }
    }
}
