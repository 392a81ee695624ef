//! Loop-invariant code motion on SSA form, over the dominator tree and the
//! loop forest (the classic formulation: Aho, Lam, Sethi and Ullman,
//! "Compilers", 2nd ed., 9.5.2; on SSA, an instruction is invariant when
//! every operand is defined outside the loop or by an instruction already
//! hoisted, so no dataflow is needed).
//!
//! One walk over the blocks in reverse postorder, which puts every
//! definition before its uses apart from phis (and phis never move), takes
//! each movable instruction as far out as it goes: from its innermost loop
//! outwards, out of each loop whose preheader it can reach, until an
//! operand is defined inside the loop at hand. So an instruction costs the
//! loops it leaves, not the loops around it: a pass that visited each
//! loop's body in turn would cost the square of a nest's depth. The
//! instructions moved to one preheader keep the order in which the walk
//! meets them, so each comes after what it reads.
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
use crate::analysis::loops::{Loop, LoopForest};
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
    let ways = Ways::new(f, loops);
    budget.charge(loops.len() as u64)?;
    let mut moved = Vec::new();
    for &b in &dom.rpo {
        let Some(inner) = loops.innermost_of(b) else {
            continue;
        };
        budget.charge(f.block(b).insts.len() as u64 + 1)?;
        for &i in &f.block(b).insts {
            if !movable(f, i) {
                continue;
            }
            let (to, levels) = ways.climb(f, dom, loops, &block_of, i, b, inner, budget)?;
            if levels > 0 {
                block_of[i.index()] = Some(to);
                moved.push((i, to));
                stats.hoisted += levels;
            }
        }
        if moved.is_empty() {
            continue;
        }
        f.blocks[b.index()]
            .insts
            .retain(|i| block_of[i.index()] == Some(b));
        for (i, to) in moved.drain(..) {
            // Before the terminator.
            let insts = &mut f.blocks[to.index()].insts;
            let terminator = insts.pop().expect("a block ends in a terminator");
            insts.extend([i, terminator]);
        }
    }
    Ok(stats)
}

/// Per loop, the way out: its preheader if it has one, and its latches
/// (the header's predecessors inside it), which a block must dominate to
/// run on every iteration.
struct Ways {
    preheader: Vec<Option<Block>>,
    latches: Vec<Vec<Block>>,
}

impl Ways {
    fn new(f: &Function, loops: &LoopForest) -> Ways {
        let mut preheader = Vec::with_capacity(loops.len());
        let mut latches = Vec::with_capacity(loops.len());
        for l in loops.loops() {
            let h = loops.get(l).header;
            let (inside, outside): (Vec<Block>, Vec<Block>) = f
                .block(h)
                .preds()
                .iter()
                .partition(|&&p| loops.contains(l, p));
            let pre = match outside[..] {
                [pre] if f.block(pre).succs() == [h] => Some(pre),
                _ => None,
            };
            preheader.push(pre);
            latches.push(inside);
        }
        Ways { preheader, latches }
    }

    /// How far out instruction `i`, now in block `b` of innermost loop
    /// `inner`, can go: the block it goes to and how many loops it
    /// leaves. It leaves a loop to the preheader when the block it is in
    /// runs on every iteration; where it cannot, it may still leave a loop
    /// further out (from a block that runs on every iteration of that
    /// one). An operand defined inside a loop keeps it in every loop
    /// around that one too, so the climb stops there.
    #[allow(clippy::too_many_arguments)]
    fn climb(
        &self,
        f: &Function,
        dom: &DomTree,
        loops: &LoopForest,
        block_of: &[Option<Block>],
        i: Inst,
        b: Block,
        inner: Loop,
        budget: &mut Budget,
    ) -> Result<(Block, usize), Bail> {
        let (mut at, mut levels) = (b, 0);
        let mut around = Some(inner);
        while let Some(l) = around {
            budget.charge(1)?;
            let mut outside = true;
            f.kind(i).for_each_operand(|v| {
                outside &= block_of[f.def(v).index()].is_some_and(|d| !loops.contains(l, d));
            });
            if !outside {
                break;
            }
            let every_iteration = self.latches[l.index()]
                .iter()
                .all(|&t| dom.dominates(at, t));
            match self.preheader[l.index()] {
                Some(pre) if every_iteration => {
                    at = pre;
                    levels += 1;
                    around = loops.innermost_of(pre);
                }
                _ => around = loops.get(l).parent,
            }
        }
        Ok((at, levels))
    }
}

/// Whether `f` may have a loop: false when every edge goes to a block
/// with a higher index (the index order is then a topological order),
/// which spares a loopless function the dominator tree and loop forest.
pub fn may_loop(f: &Function) -> bool {
    f.live_blocks()
        .any(|b| f.block(b).succs().iter().any(|s| s.index() <= b.index()))
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
    use crate::pipeline::budget::Budget;
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

    /// In loops nested 2,000 deep, an invariant of the innermost leaves
    /// all of them, and the pass costs the loops each instruction leaves,
    /// not, for every loop, the blocks inside it.
    #[test]
    fn a_deep_nest_costs_the_loops_left() {
        let depth = 2_000;
        let text = crate::passes::ssa::tests::nested_loops(depth)
            .replace(
                "L1999: add %s, %s, %a",
                "L1999: add %s, %s, %a\n    mul %k, %a, 3",
            )
            .replace("print %s", "print %s\n    print %k");
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name("main").expect("function");
        let mut ctx = Context::compiled_to(&program, id, Phase::Forward).expect("compiles");
        ctx.ir_loops().expect("loops");
        let (Some(f), Some(dom), Some(loops)) = (&mut ctx.func, &ctx.domtree, &ctx.loops) else {
            panic!("no loop forest");
        };
        let insts = f.insts.len() as u64;
        let mut budget = Budget::unlimited();
        let stats = super::hoist(f, dom, loops, &mut budget).expect("hoists");
        assert_eq!(stats.hoisted, depth);
        assert!(
            budget.used() < 4 * insts + 2 * depth as u64,
            "{} units",
            budget.used()
        );
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
