//! The out-of-line code a function's body jumps to, queued while the body
//! is emitted and laid out after it: calls through `jit_call` (a call's
//! slow path), traps (each records its kind and site through `jit_trap`,
//! then unwinds), the slow paths of grouped bounds checks (which find
//! the member to trap at) and the unwinding code every trap and failed
//! helper goes through. Both compilers queue their stubs here, so the two lay them out
//! alike.

use super::abi::ARG_REGISTERS;
use super::abi::{
    in_registers, slow_call_stub, through_jit_call, trap_routine, trap_stub, unwind_code, SlowCall,
    Through, TrapWay,
};
use super::code::{Assembler, Mark};
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use x64::Gpr;

/// A group's failed span check (`passes::group_checks`): each member's
/// cell checked in program order, trapping at the first outside the
/// memory; the span check failed, so one is.
pub(crate) struct GroupStub {
    pub(crate) label: DynamicLabel,
    /// The register holding the group's base.
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
    /// Where traps leave compiled code (see `abi`).
    unwind: DynamicLabel,
}

impl Stubs {
    pub(crate) fn new(ops: &mut Assembler) -> Stubs {
        Stubs {
            slow_calls: Vec::new(),
            traps: Vec::new(),
            groups: Vec::new(),
            unwind: ops.new_dynamic_label(),
        }
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

    /// How many trap stubs are queued.
    pub(crate) fn traps(&self) -> usize {
        self.traps.len()
    }

    /// A group's slow path, for its span check to jump to.
    pub(crate) fn group(&mut self, stub: GroupStub) {
        self.groups.push(stub);
    }

    /// A call's way through `jit_call` (`abi::direct_call` made it).
    pub(crate) fn slow_call(&mut self, call: SlowCall) {
        self.slow_calls.push(call);
    }

    /// The traps' stubs. The traps of a kind that has two or more share
    /// one routine through `jit_trap`, laid out before their stubs so
    /// that the nearest jump to it short: a function with many checked
    /// accesses had 30 bytes of stub for each (`benches/shapes.py`'s
    /// loads and stores, 45 bytes an instruction in baseline code).
    fn emit_traps(&mut self, ops: &mut Assembler) {
        let traps = std::mem::take(&mut self.traps);
        // (kind, how many, its routine): a handful of kinds at most.
        let mut kinds: Vec<(u64, usize, Option<DynamicLabel>)> = Vec::new();
        for &(_, kind, _) in &traps {
            match kinds.iter_mut().find(|(k, _, _)| *k == kind) {
                Some(entry) => entry.1 += 1,
                None => kinds.push((kind, 1, None)),
            }
        }
        for (kind, count, routine) in &mut kinds {
            if *count > 1 {
                let label = ops.new_dynamic_label();
                ops.mark(Mark::Traps { kind: *kind });
                trap_routine(ops, label, *kind, self.unwind);
                *routine = Some(label);
            }
        }
        for (label, kind, site) in traps {
            let way = kinds
                .iter()
                .find(|(k, _, _)| *k == kind)
                .and_then(|&(_, _, routine)| routine)
                .map_or(TrapWay::InPlace, TrapWay::Routine);
            ops.mark(Mark::Trap { kind, site });
            trap_stub(ops, label, kind, site, way, self.unwind);
        }
    }

    /// The queued stubs, each marked for listings: the slow calls, the
    /// traps, then the unwinding code.
    pub(crate) fn emit(&mut self, ops: &mut Assembler) {
        // One routine per number of argument registers, shared by the
        // slow calls that fill that many, where there are two or more.
        let slow_calls = std::mem::take(&mut self.slow_calls);
        let mut sharing = [0; ARG_REGISTERS.len() + 1];
        for call in &slow_calls {
            sharing[in_registers(call)] += 1;
        }
        let mut routines: [Option<DynamicLabel>; ARG_REGISTERS.len() + 1] = Default::default();
        for call in slow_calls {
            ops.mark(Mark::SlowCall {
                callee: call.callee,
                site: call.site as u64,
            });
            let n = in_registers(&call);
            let through = match sharing[n] {
                1 => Through::InPlace,
                _ => Through::Routine(*routines[n].get_or_insert_with(|| ops.new_dynamic_label())),
            };
            slow_call_stub(ops, &call, through, self.unwind);
        }
        for (n, routine) in routines.into_iter().enumerate() {
            if let Some(label) = routine {
                ops.mark(Mark::Named("calls through jit_call"));
                dynasm!(ops ; .arch x64 ; =>label);
                through_jit_call(ops, n, true, self.unwind);
            }
        }
        for g in std::mem::take(&mut self.groups) {
            ops.mark(Mark::Named("a group's span out of bounds: find the member"));
            dynasm!(ops ; .arch x64 ; =>g.label);
            for &(k, trap) in &g.members {
                dynasm!(ops
                    ; .arch x64
                    ; lea rcx, [Rq(g.base) + k]
                    ; cmp rcx, g.cells
                    ; jae =>trap
                );
            }
            if let Some(&(_, last)) = g.members.last() {
                dynasm!(ops ; .arch x64 ; jmp =>last);
            }
        }
        self.emit_traps(ops);
        ops.mark(Mark::Named("unwind to the entry from the interpreter"));
        unwind_code(ops, self.unwind);
    }
}
