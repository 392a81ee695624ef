//! Loop idiom recognition: loops that only fill a run of cells with one
//! value, which the emitter runs as one `rep stosq` (the string store
//! that C libraries' `memset` uses for runs of this size) in the loop's
//! unchecked copy. The idiom is the one LLVM's `LoopIdiomRecognize` and
//! gcc's loop distribution turn into `memset`:
//!
//! ```text
//! header: jge %k, %n -> exit else body      (or jlt %k, %n -> body else exit)
//! body:   store [%k + %c], %v               (%c and %v loop-invariant)
//!         %t = add %k, 1
//!         %k = copy %t                      (absent where %t is %k)
//!         jmp header
//! ```
//!
//! Runs on the out-of-SSA IR, after `bounds`: only a versioned loop whose
//! guard proves the store in bounds qualifies, so the unchecked copy
//! stores every cell from `k + c` to `n - 1 + c` and leaves with `k = n`
//! (the index rises by one from below `n`, so it cannot overflow); the
//! checked copy stays a loop and traps at the iteration the interpreter
//! does. The emitter keeps the loop for short runs, where the string
//! store's start-up costs more than it saves.

use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind};
use crate::passes::bounds::{Direction, VersionedLoop};
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

/// A versioned loop whose unchecked copy is one fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    /// The loop, as an index into the versioned loops.
    pub lp: usize,
    pub header: Block,
    /// The loop's one block besides its header (the store, the step and
    /// the jump back).
    pub body: Block,
    pub store: Inst,
    /// The cell stored is `base + offset`, one of them the index.
    pub base: Value,
    pub offset: Value,
    pub value: Value,
    pub index: Value,
    /// The index plus one, where the step puts it before copying it back
    /// (the index itself where the two were coalesced).
    pub next: Value,
    pub limit: Value,
}

/// The fills among the `versioned` loops of `f`.
pub fn find(
    f: &Function,
    versioned: &[VersionedLoop],
    budget: &mut Budget,
) -> Result<Vec<Fill>, Bail> {
    let mut found = Vec::new();
    for (lp, l) in versioned.iter().enumerate() {
        budget.charge(l.blocks.len() as u64)?;
        found.extend(fill(f, lp, l));
    }
    Ok(found)
}

/// Loop `lp` as a fill, if it has the shape in the module doc.
fn fill(f: &Function, lp: usize, l: &VersionedLoop) -> Option<Fill> {
    if l.direction != Direction::Up || l.bottom_tested || l.inclusive || l.blocks.len() != 2 {
        return None;
    }
    let body = *l.blocks.iter().find(|&&b| b != l.header)?;
    stays_while_below(f, l, body)?;
    let insts = &f.block(body).insts;
    let (&store, rest) = insts.split_first()?;
    let InstKind::Store(base, offset, value) = *f.kind(store) else {
        return None;
    };
    if !l.unchecked.contains(&store) {
        return None;
    }
    let next = step(f, l.index, rest, l.header)?;
    let defined_inside = |v: Value| {
        l.blocks
            .iter()
            .flat_map(|&b| f.block(b).insts.iter())
            .any(|&i| f.inst(i).result == Some(v))
    };
    let invariant_addend = match (base == l.index, offset == l.index) {
        (true, false) => offset,
        (false, true) => base,
        _ => return None,
    };
    if defined_inside(invariant_addend) || defined_inside(value) {
        return None;
    }
    Some(Fill {
        lp,
        header: l.header,
        body,
        store,
        base,
        offset,
        value,
        index: l.index,
        next,
        limit: l.limit,
    })
}

/// `Some` if the header only branches, into `body` while `index < limit`.
fn stays_while_below(f: &Function, l: &VersionedLoop, body: Block) -> Option<()> {
    let [branch] = f.block(l.header).insts[..] else {
        return None;
    };
    let InstKind::Branch {
        op,
        args,
        taken,
        fallthrough,
    } = *f.kind(branch)
    else {
        return None;
    };
    let stays = match op {
        Op::Jge => fallthrough == body,
        Op::Jlt => taken == body,
        _ => false,
    };
    (stays && args == [l.index, l.limit]).then_some(())
}

/// The value `add index, 1` puts the index in, if `rest` is that step,
/// then the copy back into the index unless the two are one, then the
/// jump back to `header`.
fn step(f: &Function, index: Value, rest: &[Inst], header: Block) -> Option<Value> {
    let (&add, rest) = rest.split_first()?;
    let next = f.inst(add).result?;
    let InstKind::Binary(Op::Add, a, b) = *f.kind(add) else {
        return None;
    };
    let one = |v: Value| f.constant(v) == Some(1);
    if !((a == index && one(b)) || (b == index && one(a))) {
        return None;
    }
    let jump = match rest {
        [jump] if next == index => *jump,
        [copy, jump]
            if matches!(*f.kind(*copy), InstKind::Copy(v) if v == next)
                && f.inst(*copy).result == Some(index) =>
        {
            *jump
        }
        _ => return None,
    };
    matches!(*f.kind(jump), InstKind::Jump(h) if h == header).then_some(next)
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    fn fills(text: &str) -> usize {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Fill).expect("compiles");
        ctx.fills.expect("found").len()
    }

    const CLEAR: &str = ".memory 64\nfunc main(%n)\n    mov %k, 0\nloop:\n    jge %k, %n, done\n    store [%k+3], 7\n    add %k, %k, 1\n    jmp loop\ndone:\n    print %k\n    ret 0\nend\n";

    #[test]
    fn a_loop_storing_one_value_from_its_index_up_is_a_fill() {
        assert_eq!(fills(CLEAR), 1);
    }

    #[test]
    fn loops_doing_more_or_else_are_not() {
        // The value changes in the loop.
        assert_eq!(
            fills(&CLEAR.replace("store [%k+3], 7", "store [%k+3], %k")),
            0
        );
        // A step of two.
        assert_eq!(fills(&CLEAR.replace("add %k, %k, 1", "add %k, %k, 2")), 0);
        // Something else happens in the loop.
        let printing = CLEAR.replace("store [%k+3], 7", "store [%k+3], 7\n    print %k");
        assert_eq!(fills(&printing), 0);
        // Counting down.
        let down = ".memory 64\nfunc main(%n)\n    mov %k, %n\nloop:\n    jlt %k, 0, done\n    store [%k], 7\n    sub %k, %k, 1\n    jmp loop\ndone:\n    ret 0\nend\n";
        assert_eq!(fills(down), 0);
    }
}
