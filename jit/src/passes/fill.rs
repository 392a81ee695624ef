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
//! or, an array's elements after its header (`[%a + %k + K]`, the
//! lowering of `a[k]` with the length at `a[0]`), with the element's
//! address used by the store alone and the limit a constant of at least
//! `MIN_RUN` cells:
//!
//! ```text
//! body:   %e = add %a, %k                   (%a loop-invariant)
//!         store [%e + K], %v                (K a constant)
//!         ...the step and the jump as above
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
use crate::ir::{Function, InstKind, Uses};
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
    /// The cell stored is `index + addend + disp`.
    pub addend: Value,
    pub disp: i32,
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
    let mut uses = None;
    for (lp, l) in versioned.iter().enumerate() {
        budget.charge(l.blocks.len() as u64)?;
        found.extend(fill(f, &mut uses, budget, lp, l)?);
    }
    Ok(found)
}

/// Loop `lp` as a fill, if it has the shape in the module doc. The
/// def-use table (`uses`) is made at the first element loop, the only
/// shape that asks who reads a value.
fn fill(
    f: &Function,
    uses: &mut Option<Uses>,
    budget: &mut Budget,
    lp: usize,
    l: &VersionedLoop,
) -> Result<Option<Fill>, Bail> {
    let Some((fill, element)) = shape(f, lp, l) else {
        return Ok(None);
    };
    let Some(e) = element else {
        return Ok(Some(fill));
    };
    if uses.is_none() {
        budget.charge(f.insts.len() as u64)?;
    }
    let uses = uses.get_or_insert_with(|| f.uses());
    // The loop can go without the element's address only if the store
    // alone reads it.
    Ok((uses.of(e).len() == 1).then_some(fill))
}

/// Loop `lp` in the shape of a fill, with the element's address (`%e`)
/// where it stores an array's elements.
fn shape(f: &Function, lp: usize, l: &VersionedLoop) -> Option<(Fill, Option<Value>)> {
    if l.direction != Direction::Up || l.bottom_tested || l.inclusive || l.blocks.len() != 2 {
        return None;
    }
    let body = *l.blocks.iter().find(|&&b| b != l.header)?;
    stays_while_below(f, l, body)?;
    let (element, store, rest) = match f.block(body).insts.as_slice() {
        [store, rest @ ..] if is_store(f, *store) => (None, *store, rest),
        // Where the array's length is not known, it is mostly short in
        // object code (Storage's leaves of 1 to 10 cells): the fill's
        // test then costs more than it saves, and its loop, which
        // `rebase` leaves alone, an `lea` an iteration.
        [element, store, rest @ ..] if known_long(f, l.limit) => (Some(*element), *store, rest),
        _ => return None,
    };
    let InstKind::Store(base, offset, value) = *f.kind(store) else {
        return None;
    };
    if !l.unchecked.contains(&store) {
        return None;
    }
    let next = step(f, l.index, rest, l.header)?;
    let (addend, disp, address) = match element {
        None => (other_than(l.index, base, offset)?, 0, None),
        Some(element) => {
            let e = f.inst(element).result?;
            let InstKind::Binary(Op::Add, x, y) = *f.kind(element) else {
                return None;
            };
            let k = f.constant(other_than(e, base, offset)?)? as i64;
            let disp = i32::try_from(k)
                .ok()
                .filter(|d| d.unsigned_abs() < 1 << 28)?;
            (other_than(l.index, x, y)?, disp, Some(e))
        }
    };
    let defined_inside = |v: Value| {
        l.blocks
            .iter()
            .flat_map(|&b| f.block(b).insts.iter())
            .any(|&i| f.inst(i).result == Some(v))
    };
    if defined_inside(addend) || defined_inside(value) {
        return None;
    }
    let fill = Fill {
        lp,
        header: l.header,
        body,
        store,
        addend,
        disp,
        value,
        index: l.index,
        next,
        limit: l.limit,
    };
    Some((fill, address))
}

/// Of the pair `a`, `b`, the one that is not `v`, where exactly one is.
fn other_than(v: Value, a: Value, b: Value) -> Option<Value> {
    match (a == v, b == v) {
        (true, false) => Some(b),
        (false, true) => Some(a),
        _ => None,
    }
}

/// Runs of fewer cells stay a loop (the emitter's test, at run time).
pub const MIN_RUN: i32 = 64;

/// Whether `limit` is a constant of at least `MIN_RUN` cells.
fn known_long(f: &Function, limit: Value) -> bool {
    f.constant(limit)
        .is_some_and(|n| (n as i64) >= i64::from(MIN_RUN))
}

fn is_store(f: &Function, i: Inst) -> bool {
    matches!(f.kind(i), InstKind::Store(..))
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

    const ELEMENTS: &str = ".memory 64\nfunc main(%a)\n    mov %k, 0\nloop:\n    jge %k, 100, done\n    add %e, %a, %k\n    store [%e+1], 0\n    add %k, %k, 1\n    jmp loop\ndone:\n    ret %k\nend\n";

    #[test]
    fn an_arrays_elements_after_its_header_are_a_fill() {
        assert_eq!(fills(ELEMENTS), 1);
        assert_eq!(
            fills(&ELEMENTS.replace("add %e, %a, %k", "add %e, %k, %a")),
            1
        );
    }

    #[test]
    fn elements_at_a_moving_or_kept_address_are_not() {
        // The element's address is read after the loop too.
        let kept = ELEMENTS.replace("    ret %k", "    ret %e");
        assert_eq!(fills(&kept), 0);
        // The address is not the index plus an invariant.
        let scaled = ELEMENTS.replace("add %e, %a, %k", "mul %e, %k, 2");
        assert_eq!(fills(&scaled), 0);
        // A limit not known to be long.
        let unknown = ELEMENTS
            .replace("func main(%a)", "func main(%a, %n)")
            .replace("jge %k, 100, done", "jge %k, %n, done");
        assert_eq!(fills(&unknown), 0);
        let short = ELEMENTS.replace("jge %k, 100, done", "jge %k, 63, done");
        assert_eq!(fills(&short), 0);
        // The addend changes in the loop.
        let moving = ELEMENTS.replace("add %e, %a, %k", "add %a, %a, 1\n    add %e, %a, %k");
        assert_eq!(fills(&moving), 0);
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
