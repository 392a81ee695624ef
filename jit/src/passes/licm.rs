//! Loop-invariant code motion on SSA form, over the dominator tree and the
//! loop forest (the classic formulation: Aho, Lam, Sethi and Ullman,
//! "Compilers", 2nd ed., 9.5.2; on SSA, an instruction is invariant when
//! every operand is defined outside the loop or by an instruction already
//! hoisted, so no dataflow is needed).
//!
//! Loops are taken innermost first, so code hoisted out of an inner loop
//! into its preheader can leave the outer loop too. Each loop's blocks are
//! visited in reverse postorder, which puts every definition before its
//! uses apart from phis, and phis never move.
//!
//! Only instructions that cannot trap and have no effect move: arithmetic
//! (a `div` or `rem` only by a constant other than zero), comparisons,
//! conversions, copies. Hoisted out of a block that does not run on every
//! iteration, such an instruction computes a value nobody reads, never a
//! trap or output the program would not have made. Loads stay: one could
//! trap where the loop would not have reached it. A loop is left alone
//! unless it has a preheader already: a single predecessor outside the
//! loop whose only successor is the header (the shape the bytecode's
//! loops have); making one would split an edge and move phis.

use crate::analysis::dom::DomTree;
use crate::analysis::loops::LoopForest;
use crate::ir::entity::{Block, Inst};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};

/// What the pass did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LicmStats {
    /// Instructions moved out of a loop (one moved out of two nested
    /// loops counts twice).
    pub hoisted: usize,
}

/// Hoists loop-invariant instructions of `f` into their loops'
/// preheaders. `dom` and `loops` are `f`'s, and stay valid: no block or
/// edge changes.
pub fn hoist(
    f: &mut Function,
    dom: &DomTree,
    loops: &LoopForest,
    budget: &mut Budget,
) -> Result<LicmStats, Bail> {
    let mut stats = LicmStats::default();
    let mut block_of: Vec<Option<Block>> = vec![None; f.insts.len()];
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            block_of[i.index()] = Some(b);
        }
    }
    let mut in_loop = vec![false; f.blocks.len()];
    let forest: Vec<_> = loops.loops().collect();
    for &l in forest.iter().rev() {
        let data = loops.get(l);
        for &b in &data.blocks {
            in_loop[b.index()] = true;
        }
        if let Some(pre) = preheader(f, data.header, &in_loop) {
            let latches: Vec<Block> = f
                .block(data.header)
                .preds()
                .iter()
                .copied()
                .filter(|p| in_loop[p.index()])
                .collect();
            let every_iteration = |b: Block| latches.iter().all(|&l| dom.dominates(b, l));
            let body = dom.rpo.iter().copied().filter(|&b| in_loop[b.index()]);
            for b in body.filter(|&b| every_iteration(b)).collect::<Vec<_>>() {
                budget.charge(f.block(b).insts.len() as u64 + 1)?;
                stats.hoisted += hoist_block(f, b, pre, &in_loop, &mut block_of);
            }
        }
        for &b in &data.blocks {
            in_loop[b.index()] = false;
        }
    }
    Ok(stats)
}

/// Whether `f` may have a loop: false when every edge goes to a block
/// with a higher index (the index order is then a topological order),
/// which spares a loopless function the dominator tree and loop forest.
pub fn may_loop(f: &Function) -> bool {
    f.live_blocks()
        .any(|b| f.block(b).succs().iter().any(|s| s.index() <= b.index()))
}

/// The loop's preheader: the header's one predecessor outside the loop,
/// if it has no other successor.
fn preheader(f: &Function, header: Block, in_loop: &[bool]) -> Option<Block> {
    let mut outside = f
        .block(header)
        .preds()
        .iter()
        .copied()
        .filter(|p| !in_loop[p.index()]);
    let pre = outside.next()?;
    (outside.next().is_none() && f.block(pre).succs() == [header]).then_some(pre)
}

/// Moves the invariant instructions of `b` to the end of `pre`, before its
/// terminator, in their order; returns how many moved.
fn hoist_block(
    f: &mut Function,
    b: Block,
    pre: Block,
    in_loop: &[bool],
    block_of: &mut [Option<Block>],
) -> usize {
    let invariant = |f: &Function, block_of: &[Option<Block>], i: Inst| {
        let mut outside = true;
        f.kind(i).for_each_operand(|v| {
            outside &= block_of[f.def(v).index()].is_some_and(|d| !in_loop[d.index()]);
        });
        outside
    };
    let mut moved = Vec::new();
    for &i in &f.block(b).insts {
        if movable(f, i) && invariant(f, block_of, i) {
            // Later instructions of `b` see this one as outside the loop.
            block_of[i.index()] = Some(pre);
            moved.push(i);
        }
    }
    if moved.is_empty() {
        return 0;
    }
    f.blocks[b.index()].insts.retain(|i| !moved.contains(i));
    let insts = &mut f.blocks[pre.index()].insts;
    let at = insts.len() - 1;
    insts.splice(at..at, moved.iter().copied());
    moved.len()
}

/// Whether `i` computes a value and nothing else, and cannot trap.
fn movable(f: &Function, i: Inst) -> bool {
    let kind = f.kind(i);
    let computes = matches!(
        kind,
        InstKind::Unary(..) | InstKind::Binary(..) | InstKind::Copy(_)
    );
    computes && f.removable_if_unused(i)
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;
    use crate::tools::dump::{self, Format};

    fn after_licm(text: &str, func: &str) -> (String, usize) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name(func).expect("function");
        let ctx = Context::compiled_to(&program, id, Phase::Licm).expect("compiles");
        (
            dump::dump(&program, &ctx, Phase::Licm, Format::Text),
            ctx.stats.count(Phase::Licm, "hoisted") as usize,
        )
    }

    /// `mul %k, %n, 8` and the `add` on it leave the loop; the division by
    /// a variable, the load and everything on the induction variable stay.
    #[test]
    fn invariants_leave_and_the_rest_stays() {
        let (text, hoisted) = after_licm(
            ".memory 64\nfunc main(%n, %d)\n    mov %i, 0\nloop:\n    mul %k, %n, 8\n    add %k, %k, 3\n    div %q, %n, %d\n    load %v, [%n+1]\n    add %s, %k, %i\n    store [%i+0], %s\n    add %i, %i, 1\n    jlt %i, 4, loop\n    print %q\n    print %v\n    ret 0\nend\n",
            "main",
        );
        assert_eq!(hoisted, 2, "{text}");
        let entry = text.split("\nb1 ").next().expect("the entry block");
        assert!(entry.contains("mul %n.0, 8"), "{text}");
        assert!(entry.contains("add %k.0, 3"), "{text}");
        let body = &text[text.find("\nb1 ").expect("the loop")..];
        for stays in [
            "div %n.0, %d.0",
            "load [%n.0+1]",
            "add %k.1, %i.0",
            "add %i.0, 1",
        ] {
            assert!(body.contains(stays), "{stays}: {text}");
        }
    }

    /// Out of an inner loop into its preheader, then out of the outer one.
    #[test]
    fn nested_loops_hoist_twice() {
        let (text, hoisted) = after_licm(
            "func main(%n)\n    mov %s, 0\n    mov %i, 0\nouter:\n    mov %j, 0\ninner:\n    mul %k, %n, %n\n    add %s, %s, %k\n    add %j, %j, 1\n    jlt %j, 3, inner\n    add %i, %i, 1\n    jlt %i, 3, outer\n    print %s\n    ret 0\nend\n",
            "main",
        );
        assert_eq!(hoisted, 2, "{text}");
        let entry = text.split("\nb1 ").next().expect("the entry block");
        assert!(entry.contains("mul %n.0, %n.0"), "{text}");
    }

    /// A division by a constant other than zero cannot trap, so it moves;
    /// by zero it must trap in the loop, on its iteration.
    #[test]
    fn only_divisions_that_cannot_trap_move() {
        let program = "func main(%n)\n    mov %i, 0\nloop:\n    print %i\n    div %q, %n, 0\n    rem %r, %n, 7\n    add %i, %i, 1\n    jlt %i, 3, loop\n    print %r\n    ret %q\nend\n";
        let (text, hoisted) = after_licm(program, "main");
        assert_eq!(hoisted, 1, "{text}");
        let entry = text.split("\nb1 ").next().expect("the entry block");
        assert!(entry.contains("rem %n.0, 7"), "{text}");
        assert!(!entry.contains("div"), "{text}");
    }
}
