//! The out-of-line code a function's body jumps to, queued while the body
//! is emitted and laid out after it: calls through `jit_call` (a call's
//! slow path), traps (each records its kind and site through `jit_trap`,
//! then unwinds), the slow paths of grouped bounds checks (which find
//! the member to trap at) and the unwinding code every trap and failed
//! helper goes through. Both compilers queue their stubs here, so the
//! two lay them out alike.

use super::abi::{
    in_registers, slow_call_stub, through_jit_call, trap_routine, trap_stub, unwind_code, SlowCall,
    Way,
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

    /// How many slow calls and traps are queued so far.
    pub(crate) fn queued(&self) -> Queued {
        Queued {
            slow_calls: self.slow_calls.len(),
            traps: self.traps.len(),
        }
    }

    /// A group's slow path, for its span check to jump to.
    pub(crate) fn group(&mut self, stub: GroupStub) {
        self.groups.push(stub);
    }

    /// A call's way through `jit_call` (`abi::direct_call` made it).
    pub(crate) fn slow_call(&mut self, call: SlowCall) {
        self.slow_calls.push(call);
    }

    /// The queued stubs, each marked for listings: the slow calls, their
    /// routines, the groups' slow paths, the traps' routines, the traps,
    /// then the unwinding code. Stubs of a kind that has two or more
    /// share its routine (`Shared`): a slow call's stub is 28 bytes where
    /// the whole way is 75, a trap's 4 to 15 where it is 30. The traps'
    /// routines go before their stubs, so that the nearest jump short.
    pub(crate) fn emit(&mut self, ops: &mut Assembler) {
        let slow_calls = std::mem::take(&mut self.slow_calls);
        let shared = Shared::of(ops, slow_calls.iter().map(in_registers));
        for call in slow_calls {
            ops.mark(Mark::SlowCall {
                callee: call.callee,
                site: call.site as u64,
            });
            let way = shared.way(in_registers(&call));
            slow_call_stub(ops, &call, way, self.unwind);
        }
        for &(n, label) in &shared.routines {
            ops.mark(Mark::Named("calls through jit_call"));
            dynasm!(ops ; .arch x64 ; =>label);
            through_jit_call(ops, n, true, self.unwind);
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
        let traps = std::mem::take(&mut self.traps);
        let shared = Shared::of(ops, traps.iter().map(|&(_, kind, _)| kind));
        for &(kind, label) in &shared.routines {
            ops.mark(Mark::Traps { kind });
            trap_routine(ops, label, kind, self.unwind);
        }
        for (label, kind, site) in traps {
            ops.mark(Mark::Trap { kind, site });
            trap_stub(ops, label, kind, site, shared.way(kind), self.unwind);
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

/// The routines the stubs of one key share (a slow call's argument
/// registers, a trap's kind): one, labelled, for each key two or more
/// stubs have, in the order the keys first come.
struct Shared<K> {
    routines: Vec<(K, DynamicLabel)>,
}

impl<K: Copy + PartialEq> Shared<K> {
    fn of(ops: &mut Assembler, keys: impl Iterator<Item = K>) -> Shared<K> {
        // A handful of keys at most: a list, not a map.
        let mut counts: Vec<(K, usize)> = Vec::new();
        for key in keys {
            match counts.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => counts.push((key, 1)),
            }
        }
        let routines = counts
            .into_iter()
            .filter(|&(_, n)| n > 1)
            .map(|(key, _)| (key, ops.new_dynamic_label()))
            .collect();
        Shared { routines }
    }

    /// How a stub of `key` reaches its helper.
    fn way(&self, key: K) -> Way {
        self.routines
            .iter()
            .find(|&&(k, _)| k == key)
            .map_or(Way::InPlace, |&(_, label)| Way::Routine(label))
    }
}
