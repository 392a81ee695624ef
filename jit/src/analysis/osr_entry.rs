//! The graph compiled for on-stack replacement into a loop nest.
//!
//! Code that takes over an interpreted activation starts at a loop
//! header `h`. Entered there directly, a loop nest changes shape: where
//! `h` heads an inner loop, it dominates the outer loop's blocks too, so
//! the inner and the outer loop become one loop headed by `h`, with two
//! latches and a test that no longer leaves it. The loop-based passes
//! (bounds versioning, invariant code motion, the allocator's weights)
//! then see neither loop, and the code that runs the whole program (a
//! `main` that is called once) is the worst of both.
//!
//! So the entry goes through copies instead, as in V8's OSR loop
//! deconstruction (Titzer, "OSR in TurboFan", V8 design notes, 2015).
//! For the loops `L1 ⊃ ... ⊃ Lk` around `h = header(Lk)`, region `i`
//! (`1 <= i < k`) is a copy of `L(i)`'s blocks that finishes the current
//! iteration of `L(i)`, entered at the header of `L(i+1)`; region 0 is
//! the function itself. An edge from region `i` to a block `t` goes to
//! the deepest region `j <= i` whose loop holds `t`, or, where `t` heads
//! `L(j)` (the loop goes round again), to region `j - 1`, where `L(j)` is
//! an ordinary loop entered at its header. Every region is entered only
//! at its own loop's inner header, so every loop of the function keeps
//! its header and its shape, and the copies add only the loops they hold
//! (the entered one, run to its end once, among them).

use crate::analysis::cfg::{self, Cfg, CfgBlock, EntryPoint};
use crate::analysis::dom;
use crate::analysis::loops::{Loop, LoopForest};
use crate::ir::entity::Block;
use crate::pipeline::budget::{Bail, Budget};
use vm::Function;

/// Units a copied block costs, as the graph charges for a block.
const BLOCK_UNITS: u64 = 8;
/// Most blocks the copies may add, as a multiple of the function's.
const MAX_GROWTH: usize = 2;

/// The graph entered at the block starting at instruction `pc` of
/// `whole` (the function's graph from its start), with the loops around
/// it peeled as the module says. Where the block heads an outermost loop
/// or no loop, or where the copies would more than triple the graph,
/// there are no copies: the graph is what the block reaches, as
/// `cfg::build_from` makes it without peeling, from `whole` instead of
/// the bytecode again. `None` if no block starts at `pc`.
pub fn entered(whole: &Cfg, pc: u32, budget: &mut Budget) -> Result<Option<Cfg>, Bail> {
    let Some(h) = whole
        .bytecode_blocks()
        .find(|&b| whole.block(b).start == pc)
    else {
        return Ok(None);
    };
    let dom = dom::dominators(whole, budget)?;
    let forest = LoopForest::compute(whole, &dom, budget)?;
    let mut chain = around(&forest, h);
    let copied: usize = chain.iter().map(|&l| forest.blocks(l).len()).sum();
    if copied > MAX_GROWTH * whole.len() {
        chain.clear();
    }
    let regions = Regions {
        whole,
        forest: &forest,
        chain: &chain,
    };
    Ok(Some(regions.build(h, pc, budget)?))
}

/// The loops around the one `h` heads, outermost first; none where `h`
/// heads no loop.
fn around(forest: &LoopForest, h: Block) -> Vec<Loop> {
    let Some(inner) = forest
        .innermost_of(h)
        .filter(|&l| forest.get(l).header == h)
    else {
        return Vec::new();
    };
    let mut chain: Vec<Loop> =
        std::iter::successors(forest.get(inner).parent, |&l| forest.get(l).parent).collect();
    chain.reverse();
    chain
}

struct Regions<'a> {
    whole: &'a Cfg,
    forest: &'a LoopForest,
    /// `L1 .. L(k-1)`: region `i` copies `chain[i - 1]`.
    chain: &'a [Loop],
}

impl Regions<'_> {
    /// The region an edge from region `r` to `t` goes to.
    fn target(&self, r: usize, t: Block) -> usize {
        for j in (1..=r).rev() {
            let l = self.chain[j - 1];
            if self.forest.contains(l, t) {
                return if self.forest.get(l).header == t {
                    j - 1
                } else {
                    j
                };
            }
        }
        0
    }

    fn successors(&self, r: usize, b: Block) -> impl Iterator<Item = (usize, Block)> + '_ {
        self.whole
            .succs(b)
            .iter()
            .map(move |&t| (self.target(r, t), t))
    }

    /// The graph of the copies reached from region `k - 1`'s `h`: the
    /// deepest region first (the order they run in), each in source
    /// order, then the synthetic entry.
    fn build(&self, h: Block, pc: u32, budget: &mut Budget) -> Result<Cfg, Bail> {
        let n = self.whole.len();
        let top = self.chain.len();
        let key = |r: usize, b: Block| r * n + b.index();
        let mut reached = vec![false; (top + 1) * n];
        let mut stack = vec![(top, h)];
        reached[key(top, h)] = true;
        while let Some((r, b)) = stack.pop() {
            budget.charge(BLOCK_UNITS)?;
            for (rt, t) in self.successors(r, b) {
                if !std::mem::replace(&mut reached[key(rt, t)], true) {
                    stack.push((rt, t));
                }
            }
        }
        let mut id = vec![None; (top + 1) * n];
        let mut order = Vec::new();
        for r in (0..=top).rev() {
            for b in (0..n).map(Block::new) {
                if reached[key(r, b)] {
                    id[key(r, b)] = Some(Block::new(order.len()));
                    order.push((r, b));
                }
            }
        }
        let mut blocks: Vec<CfgBlock> = order
            .iter()
            .map(|&(_, b)| CfgBlock {
                start: self.whole.block(b).start,
                end: self.whole.block(b).end,
                succs: Vec::new(),
                preds: Vec::new(),
                synthetic: false,
            })
            .collect();
        for (k, &(r, b)) in order.iter().enumerate() {
            let succs: Vec<Block> = self
                .successors(r, b)
                .filter_map(|(rt, t)| id[key(rt, t)])
                .collect();
            for &s in &succs {
                blocks[s.index()].preds.push(Block::new(k));
            }
            blocks[k].succs = succs;
        }
        let first = id[key(top, h)]
            .ok_or_else(|| Bail::Invalid("the entered header is not in its copy".into()))?;
        let entry = cfg::synthetic_entry(&mut blocks, first, pc);
        Ok(Cfg {
            blocks,
            entry,
            entry_point: EntryPoint::Osr(pc),
        })
    }
}

/// The CFG entered at `entry_point`, which must be an instruction of `f`,
/// charging one unit per instruction scanned and `BLOCK_UNITS` per block
/// made, as it goes. With `peel`, an entry into an inner loop goes
/// through copies of the loops around it (`entered`).
pub fn build(
    f: &Function,
    entry_point: EntryPoint,
    peel: bool,
    budget: &mut Budget,
) -> Result<Cfg, Bail> {
    let EntryPoint::Osr(pc) = entry_point else {
        return cfg::build_at(f, entry_point, budget);
    };
    if peel {
        let whole = cfg::build_at(f, EntryPoint::Start, budget)?;
        if let Some(entered) = entered(&whole, pc, budget)? {
            return Ok(entered);
        }
    }
    cfg::build_at(f, entry_point, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The function's graph, the instruction on `line`, and the graph
    /// entered there.
    fn osr_cfg(text: &str, line: u32) -> (Cfg, u32, Option<Cfg>) {
        let program = vm::load(text.as_bytes()).unwrap();
        let f = program.func(program.main);
        let pc = (0..f.code.len())
            .find(|&i| f.positions[i].line == line)
            .unwrap() as u32;
        let whole = cfg::build(f);
        let mut budget = Budget::unlimited();
        let entered = entered(&whole, pc, &mut budget).unwrap();
        (whole, pc, entered)
    }

    /// Loops of `g` by header start, with their sizes, sorted.
    fn loop_shapes(g: &Cfg) -> Vec<(u32, usize)> {
        let mut budget = Budget::unlimited();
        let dom = dom::dominators(g, &mut budget).unwrap();
        let forest = LoopForest::compute(g, &dom, &mut budget).unwrap();
        let mut shapes: Vec<(u32, usize)> = forest
            .loops()
            .map(|l| (g.block(forest.get(l).header).start, forest.blocks(l).len()))
            .collect();
        shapes.sort_unstable();
        shapes
    }

    /// Whether every cycle of `g` is a natural loop: taking out the edges
    /// to a block that dominates their source leaves no cycle.
    fn reducible(g: &Cfg) -> bool {
        let mut budget = Budget::unlimited();
        let dom = dom::dominators(g, &mut budget).unwrap();
        let n = g.len();
        let mut indegree = vec![0usize; n];
        for b in (0..n).map(Block::new) {
            for &s in g.succs(b) {
                if !dom.dominates(s, b) {
                    indegree[s.index()] += 1;
                }
            }
        }
        let mut ready: Vec<Block> = (0..n)
            .map(Block::new)
            .filter(|b| indegree[b.index()] == 0)
            .collect();
        let mut seen = 0;
        while let Some(b) = ready.pop() {
            seen += 1;
            for &s in g.succs(b) {
                if !dom.dominates(s, b) {
                    indegree[s.index()] -= 1;
                    if indegree[s.index()] == 0 {
                        ready.push(s);
                    }
                }
            }
        }
        seen == n
    }

    const SIEVE: &str = "func main(%n)
    mov %i, 2
outer:
    mul %sq, %i, %i
    jge %sq, %n, done
    load %c, [%i]
    jnz %c, next
    mov %j, %sq
inner:
    jge %j, %n, next
    store [%j], 1
    add %j, %j, %i
    jmp inner
next:
    add %i, %i, 1
    jmp outer
done:
    ret 0
end
";

    #[test]
    fn entering_an_inner_loop_keeps_both_loops() {
        let (whole, inner_start, peeled) = osr_cfg(SIEVE, 10);
        let peeled = peeled.expect("copies");
        // The function's two loops, and the copy of the inner one run to
        // its end before the outer loop goes round.
        let mut expected = loop_shapes(&whole);
        expected.push((inner_start, 2));
        expected.sort_unstable();
        assert_eq!(loop_shapes(&peeled), expected);
        assert!(reducible(&peeled));
        let entered = peeled.succs(peeled.entry)[0];
        assert_eq!(peeled.block(entered).start, inner_start);
        assert!(peeled.block(peeled.entry).synthetic);
    }

    const NEST3: &str = "func main(%n)
    mov %a, 0
    mov %s, 0
la:
    jge %a, %n, done
    mov %b, 0
lb:
    jge %b, %n, next_a
    mov %c, 0
lc:
    jge %c, %n, next_b
    add %s, %s, %c
    jgt %s, 1000, next_a
    add %c, %c, 1
    jmp lc
next_b:
    add %b, %b, 1
    jmp lb
next_a:
    add %a, %a, 1
    jmp la
done:
    print %s
    ret 0
end
";

    #[test]
    fn a_break_out_of_two_loops_enters_the_outer_copy_in_its_body() {
        let (whole, _, peeled) = osr_cfg(NEST3, 11);
        let peeled = peeled.expect("copies");
        assert!(reducible(&peeled));
        let shapes = loop_shapes(&peeled);
        // Each of the function's three loops is still there, headed where
        // it was and as large.
        for shape in loop_shapes(&whole) {
            assert!(shapes.contains(&shape), "{shape:?} in {shapes:?}");
        }
        // The copies: `lc` in region 2, `lb` with `lc` inside in region 1.
        assert_eq!(shapes.len(), 3 + 3, "{shapes:?}");
    }

    #[test]
    fn an_outermost_loop_gets_the_graph_entered_without_copies() {
        for (text, line) in [(SIEVE, 4), (NEST3, 5)] {
            let (_, pc, entered) = osr_cfg(text, line);
            let entered = entered.expect("a header");
            let program = vm::load(text.as_bytes()).unwrap();
            let f = program.func(program.main);
            let direct = build(f, EntryPoint::Osr(pc), false, &mut Budget::unlimited()).unwrap();
            assert_eq!(entered.blocks, direct.blocks, "line {line}");
            assert_eq!(entered.entry, direct.entry);
        }
    }
}
