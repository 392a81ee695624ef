//! The out-of-line code a function's body jumps to, queued while the body
//! is emitted and laid out after it: calls through `jit_call` (a call's
//! slow path), traps (each records its kind and site through `jit_trap`,
//! then unwinds), the slow paths of grouped bounds checks (which find
//! the member to trap at) and the unwinding code a failed helper goes
//! through. A slow call or trap stub only loads what is its own and goes
//! on to the process's routine for its kind (`glue`). Both compilers
//! queue their stubs here, so the two lay them out alike.

use super::abi::{in_registers, slow_call_stub, trap_stub, unwind_code, SlowCall};
use super::code::{Assembler, Mark};
use super::glue::Glue;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use x64::Gpr;

/// A failed check of cells off one base (`isel::memory::cells_check`: a
/// group of `passes::group_checks`, or one field): each member's cell
/// checked in program order, trapping at the first outside the memory.
pub(crate) struct GroupStub {
    pub(crate) label: DynamicLabel,
    /// Where the checked code is, to go back to when every member is
    /// inside (the base was compared, and can wrap into the memory);
    /// `None` where the check is exact, so some member is outside.
    pub(crate) back: Option<DynamicLabel>,
    /// The register holding the base.
    pub(crate) base: Gpr,
    pub(crate) cells: i32,
    /// Each member's offset and trap, in program order.
    pub(crate) members: Vec<(i32, DynamicLabel)>,
}

pub(crate) struct Stubs {
    /// Calls through `jit_call`.
    slow_calls: Vec<SlowCall>,
    /// (label, kind for `jit_trap`, site).
    traps: Vec<(DynamicLabel, u64, u64)>,
    groups: Vec<GroupStub>,
    /// Where a helper's trap leaves compiled code (see `abi`).
    unwind: DynamicLabel,
    glue: &'static Glue,
}

impl Stubs {
    /// The queue of a function making `calls` calls and up to `traps`
    /// traps.
    pub(crate) fn new(
        ops: &mut Assembler,
        glue: &'static Glue,
        calls: usize,
        traps: usize,
    ) -> Stubs {
        Stubs {
            slow_calls: Vec::with_capacity(calls),
            traps: Vec::with_capacity(traps),
            groups: Vec::new(),
            unwind: ops.new_dynamic_label(),
            glue,
        }
    }

    /// The process's shared routines.
    pub(crate) fn glue(&self) -> &'static Glue {
        self.glue
    }

    /// Where a trap, or a helper that reports one, leaves compiled code.
    pub(crate) fn unwind(&self) -> DynamicLabel {
        self.unwind
    }

    /// A stub that traps with `kind` at `site` (`vm::runtime::native::site`),
    /// for code to jump to.
    pub(crate) fn trap(&mut self, ops: &mut Assembler, kind: u64, site: u64) -> DynamicLabel {
        let label = ops.new_dynamic_label();
        self.traps.push((label, kind, site));
        label
    }

    /// How many slow calls and traps are queued so far.
    pub(crate) fn queued(&self) -> Queued {
        Queued {
            slow_calls: self.slow_calls.len(),
            traps: self.traps.len(),
        }
    }

    /// The slow path of a check of cells off one base.
    pub(crate) fn group(&mut self, stub: GroupStub) {
        self.groups.push(stub);
    }

    /// A call's way through `jit_call` (`abi::direct_call` made it).
    pub(crate) fn slow_call(&mut self, call: SlowCall) {
        self.slow_calls.push(call);
    }

    /// The queued stubs, each marked for listings: the slow calls, the
    /// groups' slow paths, the traps, then the unwinding code. A slow
    /// call's stub is 28 bytes, a trap's 7 to 15, each reaching its glue
    /// routine through a constant-pool entry the stubs of its kind share.
    pub(crate) fn emit(&mut self, ops: &mut Assembler) {
        for call in std::mem::take(&mut self.slow_calls) {
            ops.mark(Mark::SlowCall {
                callee: call.callee,
                site: call.site as u64,
            });
            let routine = ops.pooled(self.glue.jit_call(in_registers(call.nargs)));
            slow_call_stub(ops, &call, routine);
        }
        for g in std::mem::take(&mut self.groups) {
            ops.mark(Mark::Named(
                "cells off a base past their check: find the first outside",
            ));
            dynasm!(ops ; .arch x64 ; =>g.label);
            for &(k, trap) in &g.members {
                dynasm!(ops
                    ; .arch x64
                    ; lea rcx, [Rq(g.base) + k]
                    ; cmp rcx, g.cells
                    ; jae =>trap
                );
            }
            match (g.back, g.members.last()) {
                (Some(back), _) => dynasm!(ops ; .arch x64 ; jmp =>back),
                (None, Some(&(_, last))) => dynasm!(ops ; .arch x64 ; jmp =>last),
                (None, None) => {}
            }
        }
        for (label, kind, site) in std::mem::take(&mut self.traps) {
            ops.mark(Mark::Trap { kind, site });
            let routine = ops.pooled(self.glue.trap(kind));
            trap_stub(ops, label, site, routine);
        }
        ops.mark(Mark::Named("unwind to the entry from the interpreter"));
        unwind_code(ops, self.unwind);
    }
}

/// How many slow calls and traps a `Stubs` holds (`Stubs::queued`).
#[derive(Clone, Copy)]
pub(crate) struct Queued {
    pub(crate) slow_calls: usize,
    pub(crate) traps: usize,
}
