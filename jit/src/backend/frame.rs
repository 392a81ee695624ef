//! The frame of a function's internal entry, below `rbp`: a slot for each
//! value still defined (passes leave the values of what they removed)
//! that lives in memory (it has no register) or must be saved across
//! a call (its register is caller-saved and it is live after a call or an
//! output helper), then the caller's callee-saved value registers (`rbx`,
//! `r10`-`r12`) that values live in, then
//! the outgoing arguments of its largest call at `[rsp]`. Sized to what
//! the function uses, rounded so calls see a 16-byte aligned stack (at
//! entry rsp is 8 mod 16, the return address, and pushing rbp makes it 0).

use crate::analysis::worklist::{self, Worklist};
use crate::ir::entity::{Block, Inst, Table, Value};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use crate::regalloc::{Allocation, Home, Mask, CALLEE_SAVED};

pub(in crate::backend) struct Frame {
    /// Per value: its slot, as an offset from `rbp`, if it has one.
    slots: Vec<Option<i32>>,
    /// The callee-saved registers values live in, each with the slot
    /// that keeps the caller's.
    pub(in crate::backend) saved: Vec<(x64::Gpr, i32)>,
    /// The frame's size in bytes.
    pub(in crate::backend) bytes: usize,
}

impl Frame {
    pub(in crate::backend) fn layout(f: &Function, allocation: &Allocation) -> Frame {
        let saved = saved_across_calls(f, allocation);
        let mut next = 0i32;
        let mut take = || {
            next += 1;
            -8 * next
        };
        // Values whose definitions passes removed need no slot.
        let mut defined = Table::new(f.value_count(), false);
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                if let Some(r) = f.inst(i).result {
                    defined[r] = true;
                }
            }
        }
        let slots = (0..f.value_count())
            .map(|k| {
                let v = Value::new(k);
                let needs = defined[v]
                    && match allocation.homes[k] {
                        None => f.constant(v).is_none(),
                        Some(Home::Gpr(r)) if CALLEE_SAVED.contains(&r) => false,
                        Some(_) => saved.contains(&v),
                    };
                needs.then(&mut take)
            })
            .collect();
        let saved = CALLEE_SAVED
            .iter()
            .filter(|&&r| allocation.homes.contains(&Some(Home::Gpr(r))))
            .map(|&r| (r, take()))
            .collect();
        let words = next as usize;
        Frame {
            slots,
            saved,
            bytes: (8 * (words + max_args(f))).next_multiple_of(16),
        }
    }

    /// `v`'s slot: every value the code keeps in memory has one.
    pub(in crate::backend) fn slot(&self, v: Value) -> i32 {
        self.slots[v.index()].expect("a value kept in memory has a frame slot")
    }
}

/// The outgoing arguments of the largest call (a call's first arguments
/// go in registers, but the slow path stores them beside the rest).
fn max_args(f: &Function) -> usize {
    f.live_blocks()
        .flat_map(|b| f.block(b).insts.iter())
        .map(|&i| match f.kind(i) {
            InstKind::Call(_, args) => args.len(),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Whether `i` clobbers the value registers: a call or an output
/// helper. The homed values live after it are spilled there
/// (`Emitter::spill`).
fn spills_at(f: &Function, i: Inst) -> bool {
    matches!(
        f.kind(i),
        InstKind::Call(..)
            | InstKind::Print(_)
            | InstKind::PutC(_)
            | InstKind::FPrint(..)
            | InstKind::PutS(_)
    )
}

/// The homed values spilled somewhere.
fn saved_across_calls(f: &Function, allocation: &Allocation) -> Vec<Value> {
    let mut mask = Mask::EMPTY;
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            if spills_at(f, i) {
                mask |= allocation.live_after[i.index()];
            }
        }
    }
    allocation
        .homed
        .iter()
        .enumerate()
        .filter(|&(k, _)| mask.contains(k))
        .map(|(_, &v)| v)
        .collect()
}

/// Per instruction: the homed values whose frame slot holds their value
/// before it, so a spill there need not store them again (a value carried
/// unchanged through an inner loop that calls is stored once, not at
/// every call). A spill makes the slots of what it saves current; a
/// definition makes its value's stale. Forward dataflow, meeting by
/// intersection; nothing is current at the entry, nor at the headers in
/// `unknown` (a fill moves its index there without a definition), which
/// holds for every copy the back end makes of a block: its copies have
/// its definitions and spills, and their predecessors' copies too.
pub(in crate::backend) fn current_slots(
    f: &Function,
    allocation: &Allocation,
    unknown: &[Block],
    budget: &mut Budget,
) -> Result<Table<Inst, Mask>, Bail> {
    let n = f.blocks.len();
    let mut bit = vec![Mask::EMPTY; f.value_count()];
    for (k, v) in allocation.homed.iter().enumerate() {
        bit[v.index()] = Mask::bit(k);
    }
    let step = |b: Block, mut current: Mask, before: &mut Table<Inst, Mask>| {
        for &i in &f.block(b).insts {
            before[i] = current;
            if spills_at(f, i) {
                current |= allocation.live_after[i.index()];
            }
            if let Some(r) = f.inst(i).result {
                current &= !bit[r.index()];
            }
        }
        current
    };
    let mut before = Table::new(f.insts.len(), Mask::EMPTY);
    let blocks: Vec<Block> = f.live_blocks().collect();
    let spills = blocks
        .iter()
        .any(|&b| f.block(b).insts.iter().any(|&i| spills_at(f, i)));
    if !spills {
        return Ok(before);
    }
    let mut out = vec![Mask::FULL; n];
    let entry_of = |b: Block, out: &[Mask]| {
        if b == f.entry || unknown.contains(&b) {
            return Mask::EMPTY;
        }
        f.block(b)
            .preds()
            .iter()
            .fold(Mask::FULL, |m, p| m & out[p.index()])
    };
    let mut work = Worklist::new(n, worklist::forward_order(f, blocks.into_iter()));
    while let Some(b) = work.pop() {
        budget.charge(1 + f.block(b).insts.len() as u64)?;
        let o = step(b, entry_of(b, &out), &mut before);
        if o != out[b.index()] {
            out[b.index()] = o;
            for &s in f.block(b).succs().iter().filter(|s| f.block(**s).live) {
                work.push(s);
            }
        }
    }
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::Phase;

    fn frame_of(text: &str, func: &str) -> (Frame, usize) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name(func).expect("function");
        // Without inlining, which would unroll fib's recursion once.
        let options = crate::pipeline::context::Options::verified().without(Phase::Inline);
        let mut ctx = Context::new(
            &program,
            id,
            options,
            crate::pipeline::budget::Budget::unlimited(),
        );
        ctx.run(Phase::Regalloc).expect("compiles");
        let (f, a) = (ctx.func.expect("ir"), ctx.allocation.expect("homes"));
        (Frame::layout(&f, &a), f.value_count())
    }

    /// Two output helpers in a row: the second finds every slot the first
    /// stored still current, so it stores nothing; the first, after the
    /// loop changed `s` and `i`, stores them again.
    #[test]
    fn a_slot_stays_current_until_its_value_changes() {
        let text = "func two(%n)\n    mov %s, 0\n    mov %i, 0\nloop:\n    print %i\n    print %s\n    add %s, %s, %i\n    add %i, %i, 1\n    jlt %i, %n, loop\n    ret %s\nend\n\
                    func main()\n    call %r, two, 5\n    print %r\n    ret 0\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name("two").expect("two");
        let ctx = Context::compiled_to(&program, id, Phase::Regalloc).expect("compiles");
        let (f, a) = (ctx.func.expect("ir"), ctx.allocation.expect("homes"));
        let current = current_slots(
            &f,
            &a,
            &[],
            &mut crate::pipeline::budget::Budget::unlimited(),
        )
        .expect("fits");
        let prints: Vec<Inst> = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.iter().copied())
            .filter(|&i| matches!(f.kind(i), InstKind::Print(_)))
            .collect();
        let [first, second] = prints[..] else {
            panic!("two prints: {prints:?}")
        };
        let stored = |i: Inst| a.live_after[i.index()] & !current[i];
        assert!(
            !a.live_after[second.index()].is_empty(),
            "values live across it"
        );
        assert!(stored(second).is_empty(), "all current");
        assert!(!stored(first).is_empty(), "s and i changed");
    }

    #[test]
    fn only_values_in_memory_or_saved_across_a_call_have_slots() {
        let fib = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n\
                   func main(%n)\n    call %r, fib, %n\n    print %r\n    ret 0\nend\n";
        let (frame, values) = frame_of(fib, "fib");
        assert_eq!(frame.bytes % 16, 0);
        // fib is a loop with the copy's loop inside (`tail_loops`): what
        // lives across its calls is in callee-saved registers (rbx, r10,
        // r11), whose saves and one outgoing word are the frame. Values
        // whose definitions passes removed have no slot.
        assert_eq!(frame.bytes, 32, "{values} values");
        assert!(frame.slots.iter().all(Option::is_none), "{values} values");
        assert!(frame.bytes < 8 * values);
    }

    /// A loop's sum, live across a call in every iteration, lives in `rbx`
    /// (`jit/tests/asm/rbx_across_calls` shows it saved once per run of the
    /// function instead of at every call).
    #[test]
    fn a_value_live_across_calls_in_a_loop_lives_in_rbx() {
        let text = "func f(%x)\n    jz %x, done\n    call %x, f, 0\ndone:\n    ret %x\nend\n\
                    func main(%n)\n    mov %s, 0\nloop:\n    jz %n, out\n    call %r, f, %n\n    add %s, %s, %r\n    sub %n, %n, 1\n    jmp loop\nout:\n    print %s\n    ret 0\nend\n";
        let (frame, _) = frame_of(text, "main");
        assert!(frame.saved.iter().any(|&(r, _)| r == CALLEE_SAVED[0]));
    }
}
