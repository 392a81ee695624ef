//! The loop forest: the natural loops of a function and how they nest,
//! from its dominator tree.
//!
//! An edge `b -> h` whose target dominates its source is a back edge; the
//! natural loop of `h` is `h` with every block that reaches a back edge
//! into `h` without passing through `h` (Aho, Sethi and Ullman, "Compilers:
//! Principles, Techniques, and Tools", 9.6). Two natural loops with
//! different headers are nested or disjoint, so they form a forest; loops
//! are numbered in reverse postorder of their headers, which puts every
//! loop after the loops that contain it. A cycle entered at more than one
//! block (an irreducible loop) has no back edge in this sense and is not a
//! loop here: its blocks get the depth of the loops around it.

use crate::analysis::dom::{DomTree, Graph};
use crate::ir::entity::Block;
use crate::pipeline::budget::{Bail, Budget};

crate::ir::entity::entity!(
    /// A natural loop of the forest.
    Loop,
    "loop"
);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopData {
    pub header: Block,
    /// The loop around this one.
    pub parent: Option<Loop>,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// The header and the body, sorted.
    pub blocks: Vec<Block>,
    /// Whether no other loop lies inside this one.
    pub innermost: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopForest {
    loops: Vec<LoopData>,
    /// Per block: the innermost loop holding it.
    innermost: Vec<Option<Loop>>,
}

impl LoopForest {
    /// Finds the natural loops of `g`, charging each block visited.
    pub fn compute<G: Graph + ?Sized>(
        g: &G,
        dom: &DomTree,
        budget: &mut Budget,
    ) -> Result<LoopForest, Bail> {
        let n = g.num_blocks();
        let mut forest = LoopForest {
            loops: Vec::new(),
            innermost: vec![None; n],
        };
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        for &h in &dom.rpo {
            stack.clear();
            stack.extend(g.preds(h).iter().copied().filter(|&p| dom.dominates(h, p)));
            if stack.is_empty() {
                continue;
            }
            let id = Loop::new(forest.loops.len());
            let parent = forest.innermost[h.index()];
            let mut blocks = vec![h];
            seen[h.index()] = true;
            while let Some(b) = stack.pop() {
                budget.charge(1)?;
                if seen[b.index()] || !dom.is_reachable(b) {
                    continue;
                }
                seen[b.index()] = true;
                blocks.push(b);
                stack.extend_from_slice(g.preds(b));
            }
            for &b in &blocks {
                seen[b.index()] = false;
                forest.innermost[b.index()] = Some(id);
            }
            blocks.sort_unstable();
            if let Some(p) = parent {
                forest.loops[p.index()].innermost = false;
            }
            let depth = parent.map_or(1, |p| forest.loops[p.index()].depth + 1);
            forest.loops.push(LoopData {
                header: h,
                parent,
                depth,
                blocks,
                innermost: true,
            });
        }
        Ok(forest)
    }

    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    /// Every loop, each after the loops that contain it.
    pub fn loops(&self) -> impl Iterator<Item = Loop> {
        (0..self.loops.len()).map(Loop::new)
    }

    pub fn get(&self, l: Loop) -> &LoopData {
        &self.loops[l.index()]
    }

    /// The innermost loop holding `b`, if any.
    pub fn innermost_of(&self, b: Block) -> Option<Loop> {
        self.innermost.get(b.index()).copied().flatten()
    }

    /// How many loops hold `b` (0 outside every loop).
    pub fn depth(&self, b: Block) -> u32 {
        self.innermost_of(b).map_or(0, |l| self.get(l).depth)
    }

    /// Whether `b` heads a loop.
    pub fn is_header(&self, b: Block) -> bool {
        self.innermost_of(b)
            .is_some_and(|l| self.get(l).header == b)
    }

    pub fn contains(&self, l: Loop, b: Block) -> bool {
        self.get(l).blocks.binary_search(&b).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::analysis::dom::dominators;
    use proptest::prelude::*;

    fn forest(n: usize, edges: &[(usize, usize)]) -> LoopForest {
        let g = Cfg::from_edges(n, edges);
        let dom = dominators(&g, &mut Budget::unlimited()).expect("dom");
        LoopForest::compute(&g, &dom, &mut Budget::unlimited()).expect("loops")
    }

    #[test]
    fn nested_loops_and_depths() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 3 -> 2, 3 -> 4 -> 1, 1 -> 5
        let f = forest(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (3, 4), (4, 1), (1, 5)]);
        assert_eq!(f.len(), 2);
        let outer = f.get(Loop(0));
        let inner = f.get(Loop(1));
        assert_eq!(outer.header, Block(1));
        assert_eq!(outer.blocks, [1, 2, 3, 4].map(Block));
        assert!(!outer.innermost);
        assert_eq!(inner.header, Block(2));
        assert_eq!(inner.parent, Some(Loop(0)));
        assert_eq!(inner.blocks, [2, 3].map(Block));
        assert!(inner.innermost);
        let depths: Vec<u32> = (0..6).map(|b| f.depth(Block(b))).collect();
        assert_eq!(depths, [0, 1, 2, 2, 1, 0]);
        assert!(f.is_header(Block(2)) && !f.is_header(Block(3)));
    }

    #[test]
    fn an_irreducible_cycle_is_no_loop() {
        // 0 -> 1, 0 -> 2, 1 <-> 2: entered at both.
        let f = forest(3, &[(0, 1), (0, 2), (1, 2), (2, 1)]);
        assert!(f.is_empty());
    }

    /// Natural loops by the definition: for each header, the blocks from
    /// which a back-edge source is reachable without passing the header.
    fn naive(n: usize, edges: &[(usize, usize)]) -> Vec<(usize, Vec<usize>)> {
        let g = Cfg::from_edges(n, edges);
        let dom = dominators(&g, &mut Budget::unlimited()).expect("dom");
        let mut loops = Vec::new();
        for h in 0..n {
            let hb = Block::new(h);
            if !dom.is_reachable(hb) {
                continue;
            }
            let sources: Vec<usize> = edges
                .iter()
                .filter(|&&(a, b)| b == h && dom.is_reachable(Block::new(a)))
                .filter(|&&(a, _)| dom.dominates(hb, Block::new(a)))
                .map(|&(a, _)| a)
                .collect();
            if sources.is_empty() {
                continue;
            }
            let mut body = vec![h];
            for b in 0..n {
                // b reaches a source avoiding h.
                let mut seen = vec![false; n];
                let mut stack = vec![b];
                let mut reaches = false;
                while let Some(x) = stack.pop() {
                    if x == h && b != h || seen[x] {
                        continue;
                    }
                    seen[x] = true;
                    if sources.contains(&x) {
                        reaches = true;
                    }
                    stack.extend(edges.iter().filter(|e| e.0 == x).map(|e| e.1));
                }
                if b != h && reaches && dom.is_reachable(Block::new(b)) {
                    body.push(b);
                }
            }
            body.sort();
            loops.push((h, body));
        }
        loops
    }

    proptest! {
        #[test]
        fn loops_match_the_definition(
            (n, edges) in (2usize..9).prop_flat_map(|n| {
                (Just(n), proptest::collection::vec((0..n, 0..n), 0..3 * n))
            })
        ) {
            let f = forest(n, &edges);
            let mut found: Vec<(usize, Vec<usize>)> = f
                .loops()
                .map(|l| (f.get(l).header.index(), f.get(l).blocks.iter().map(|b| b.index()).collect()))
                .collect();
            found.sort();
            prop_assert_eq!(found, naive(n, &edges));
            // Nesting: a loop's parent holds all of it; depth counts loops.
            for l in f.loops() {
                let d = f.get(l);
                if let Some(p) = d.parent {
                    prop_assert!(d.blocks.iter().all(|&b| f.contains(p, b)));
                    prop_assert_eq!(d.depth, f.get(p).depth + 1);
                }
                let holding = f.loops().filter(|&m| f.contains(m, d.header)).count() as u32;
                prop_assert_eq!(d.depth, holding);
            }
        }
    }
}
