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
//!
//! Found in near-linear time however deep the nest, as Havlak ("Nesting of
//! Reducible and Irreducible Loops", TOPLAS 1997) and Ramalingam do it:
//! headers innermost first (reverse postorder backwards), each loop's
//! body walked backwards from its back edges, and a loop already found
//! collapsed into its header by union-find, so no block is walked again by
//! the loops around it. Nothing stores a loop's blocks one loop at a time
//! (that is quadratic in the depth of a nest): each block knows its
//! innermost loop, the loops are numbered in a preorder of the forest so a
//! loop's descendants are an interval (`contains` in O(1)), and one array
//! holds every block grouped so a loop's blocks, its inner loops' with
//! them, are one slice (`blocks`).

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
    /// Whether no other loop lies inside this one.
    pub innermost: bool,
    /// This loop's number in a preorder of the forest, and how many loops
    /// its subtree holds (itself included).
    pre: u32,
    loops: u32,
    /// Where its blocks (its inner loops' included) start in `grouped`,
    /// and how many there are.
    start: u32,
    len: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopForest {
    loops: Vec<LoopData>,
    /// Per block: the innermost loop holding it.
    innermost: Vec<Option<Loop>>,
    /// The blocks in loops, grouped: each loop's own blocks (ascending),
    /// then each inner loop's group.
    grouped: Vec<Block>,
}

/// Union-find over blocks: each block points towards the header of the
/// outermost loop found so far that holds it.
struct Collapsed {
    up: Vec<u32>,
}

impl Collapsed {
    fn find(&mut self, b: Block) -> Block {
        let mut x = b.index() as u32;
        while self.up[x as usize] != x {
            // Path halving.
            let next = self.up[x as usize];
            self.up[x as usize] = self.up[next as usize];
            x = next;
        }
        Block(x)
    }
}

impl LoopForest {
    /// Finds the natural loops of `g`, charging each block and edge visited.
    pub fn compute<G: Graph + ?Sized>(
        g: &G,
        dom: &DomTree,
        budget: &mut Budget,
    ) -> Result<LoopForest, Bail> {
        let n = g.num_blocks();
        let mut innermost: Vec<Option<Loop>> = vec![None; n];
        // Per loop found: its header and the loop around it.
        let mut found: Vec<(Block, Option<Loop>)> = Vec::new();
        let mut sets = Collapsed {
            up: (0..n as u32).collect(),
        };
        let mut stack = Vec::new();
        budget.charge(n as u64 / 4 + 1)?;
        // Innermost first: a header comes after the headers of the loops
        // around it in reverse postorder. Found in that order, a loop's
        // number counts down from the last.
        for &h in dom.rpo.iter().rev() {
            stack.clear();
            stack.extend(g.preds(h).iter().copied().filter(|&p| dom.dominates(h, p)));
            if stack.is_empty() {
                continue;
            }
            let id = Loop::new(found.len());
            found.push((h, None));
            innermost[h.index()] = Some(id);
            while let Some(b) = stack.pop() {
                budget.charge(1)?;
                if !dom.is_reachable(b) {
                    continue;
                }
                let r = sets.find(b);
                if r == h {
                    continue;
                }
                // `r` is a block no loop holds yet, or the header of a
                // loop found already (its blocks collapsed into it).
                match innermost[r.index()] {
                    Some(inner) => found[inner.index()].1 = Some(id),
                    None => innermost[r.index()] = Some(id),
                }
                sets.up[r.index()] = h.0;
                stack.extend_from_slice(g.preds(r));
            }
        }
        // Renumber in reverse postorder of the headers: the reverse of
        // the order found.
        let count = found.len();
        let flip = |l: Loop| Loop::new(count - 1 - l.index());
        for l in innermost.iter_mut().flatten() {
            *l = flip(*l);
        }
        found.reverse();
        for (_, parent) in &mut found {
            *parent = parent.map(flip);
        }
        Ok(Self::number(&found, innermost))
    }

    /// Depths, preorder intervals and the grouped blocks, from each loop's
    /// header and parent (parents numbered first) and each block's
    /// innermost loop.
    fn number(found: &[(Block, Option<Loop>)], innermost: Vec<Option<Loop>>) -> LoopForest {
        let mut loops: Vec<LoopData> = found
            .iter()
            .map(|&(header, parent)| LoopData {
                header,
                parent,
                depth: 1,
                innermost: true,
                pre: 0,
                loops: 1,
                start: 0,
                len: 0,
            })
            .collect();
        for l in innermost.iter().flatten() {
            loops[l.index()].len += 1;
        }
        // Per loop: its own blocks, then where its own blocks go.
        let mut own: Vec<u32> = loops.iter().map(|d| d.len).collect();
        // Sizes of subtrees, children before parents.
        for l in (0..loops.len()).rev() {
            if let Some(p) = loops[l].parent {
                let (inside, blocks) = (loops[l].loops, loops[l].len);
                let up = &mut loops[p.index()];
                up.loops += inside;
                up.len += blocks;
                up.innermost = false;
            }
        }
        // Preorder slots, parents before children: each loop takes the
        // next slot of its parent's interval (`next`: the next preorder
        // number and block position inside each loop).
        let mut next = vec![(0u32, 0u32); loops.len()];
        let mut top = (0u32, 0u32);
        for l in 0..loops.len() {
            let (slot, depth) = match loops[l].parent {
                Some(q) => (&mut next[q.index()], loops[q.index()].depth + 1),
                None => (&mut top, 1),
            };
            let (pre, start) = *slot;
            *slot = (pre + loops[l].loops, start + loops[l].len);
            next[l] = (pre + 1, start + own[l]);
            own[l] = start;
            let d = &mut loops[l];
            (d.pre, d.start, d.depth) = (pre, start, depth);
        }
        let mut grouped = vec![Block(0); top.1 as usize];
        for (b, l) in innermost.iter().enumerate() {
            if let Some(l) = l {
                grouped[own[l.index()] as usize] = Block::new(b);
                own[l.index()] += 1;
            }
        }
        LoopForest {
            loops,
            innermost,
            grouped,
        }
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

    /// The loop's blocks, its inner loops' included: its own ascending,
    /// then each inner loop's.
    pub fn blocks(&self, l: Loop) -> &[Block] {
        let d = self.get(l);
        &self.grouped[d.start as usize..(d.start + d.len) as usize]
    }

    /// The loop's blocks, ascending.
    pub fn sorted_blocks(&self, l: Loop) -> Vec<Block> {
        let mut blocks = self.blocks(l).to_vec();
        blocks.sort_unstable();
        blocks
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

    /// Whether loop `l` is `m` or holds it.
    pub fn holds(&self, l: Loop, m: Loop) -> bool {
        let (outer, inner) = (self.get(l), self.get(m));
        outer.pre <= inner.pre && inner.pre < outer.pre + outer.loops
    }

    /// The preorder numbers of loop `l` and the loops inside it.
    pub fn preorder(&self, l: Loop) -> std::ops::Range<u32> {
        let d = self.get(l);
        d.pre..d.pre + d.loops
    }

    pub fn contains(&self, l: Loop, b: Block) -> bool {
        self.innermost_of(b).is_some_and(|m| self.holds(l, m))
    }
}

/// Per loop, where control and dominance leave it: the targets of its
/// exit edges (from a block inside to one outside) and its blocks' children
/// in the dominator tree that lie outside it. A walk of a dominator
/// subtree that has nothing to do inside a loop (SSA construction's phi
/// placement, for a register the loop never defines) steps over the loop
/// by these two lists, where walking its blocks would cost, over a nest,
/// the square of its depth. An edge leaving several loops at once is
/// listed once per loop it leaves.
#[derive(Clone, Debug, Default)]
pub struct LoopExits {
    /// Per loop, the range of `targets` and of `children` it owns.
    targets_at: Vec<u32>,
    children_at: Vec<u32>,
    targets: Vec<Block>,
    children: Vec<Block>,
}

impl LoopExits {
    pub fn compute<G: Graph + ?Sized>(
        g: &G,
        dom: &DomTree,
        forest: &LoopForest,
        budget: &mut Budget,
    ) -> Result<LoopExits, Bail> {
        let mut targets = Vec::new();
        let mut children = Vec::new();
        for &b in &dom.rpo {
            let Some(inner) = forest.innermost_of(b) else {
                continue;
            };
            for &t in g.succs(b) {
                Self::leaving(forest, inner, t, &mut targets, budget)?;
            }
            for &c in &dom.children[b.index()] {
                Self::leaving(forest, inner, c, &mut children, budget)?;
            }
        }
        let (targets_at, targets) = group(forest.len(), targets);
        let (children_at, children) = group(forest.len(), children);
        Ok(LoopExits {
            targets_at,
            children_at,
            targets,
            children,
        })
    }

    /// Records `(l, t)` for each loop `l`, from `inner` outwards, that `t`
    /// lies outside of.
    fn leaving(
        forest: &LoopForest,
        inner: Loop,
        t: Block,
        out: &mut Vec<(Loop, Block)>,
        budget: &mut Budget,
    ) -> Result<(), Bail> {
        let mut around = Some(inner);
        while let Some(l) = around.filter(|&l| !forest.contains(l, t)) {
            budget.charge(1)?;
            out.push((l, t));
            around = forest.get(l).parent;
        }
        Ok(())
    }

    /// Where edges leaving loop `l` go.
    pub fn targets(&self, l: Loop) -> &[Block] {
        &self.targets[self.targets_at[l.index()] as usize..self.targets_at[l.index() + 1] as usize]
    }

    /// The blocks outside loop `l` whose immediate dominator is inside it.
    pub fn children(&self, l: Loop) -> &[Block] {
        &self.children
            [self.children_at[l.index()] as usize..self.children_at[l.index() + 1] as usize]
    }
}

/// `(loop, block)` pairs grouped by loop (a counting sort): the start of
/// each loop's run, with one past the end last, and the blocks.
fn group(loops: usize, pairs: Vec<(Loop, Block)>) -> (Vec<u32>, Vec<Block>) {
    let mut at = vec![0u32; loops + 1];
    for &(l, _) in &pairs {
        at[l.index() + 1] += 1;
    }
    for k in 0..loops {
        at[k + 1] += at[k];
    }
    let mut fill = at.clone();
    let mut blocks = vec![Block(0); pairs.len()];
    for (l, b) in pairs {
        blocks[fill[l.index()] as usize] = b;
        fill[l.index()] += 1;
    }
    (at, blocks)
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
        assert_eq!(f.sorted_blocks(Loop(0)), [1, 2, 3, 4].map(Block));
        assert!(!outer.innermost);
        assert_eq!(inner.header, Block(2));
        assert_eq!(inner.parent, Some(Loop(0)));
        assert_eq!(f.sorted_blocks(Loop(1)), [2, 3].map(Block));
        assert!(inner.innermost);
        let depths: Vec<u32> = (0..6).map(|b| f.depth(Block(b))).collect();
        assert_eq!(depths, [0, 1, 2, 2, 1, 0]);
        assert!(f.is_header(Block(2)) && !f.is_header(Block(3)));
    }

    /// Loops nested 20,000 deep: finding them, and where each is left,
    /// costs a few units a block, where a list of blocks per loop would
    /// hold the square of the depth.
    #[test]
    fn deep_nests_cost_linear_work() {
        let depth = 20_000;
        let latch = |k: usize| 2 * depth - 1 - k;
        let edges = Cfg::nest_edges(depth);
        let g = Cfg::from_edges(2 * depth + 1, &edges);
        let mut budget = Budget::unlimited();
        let dom = dominators(&g, &mut budget).unwrap();
        let before = budget.used();
        let f = LoopForest::compute(&g, &dom, &mut budget).unwrap();
        let exits = LoopExits::compute(&g, &dom, &f, &mut budget).unwrap();
        let used = budget.used() - before;
        assert!(used < 4 * edges.len() as u64, "{used} units");
        assert_eq!(f.len(), depth);
        let (outer, inner) = (Loop(0), Loop::new(depth - 1));
        assert_eq!(f.depth(Block::new(depth - 1)), depth as u32);
        assert!(
            f.contains(outer, Block::new(depth - 1)) && !f.contains(inner, Block::new(latch(1)))
        );
        assert_eq!(f.blocks(outer).len(), 2 * depth);
        assert_eq!(exits.targets(inner), [Block::new(latch(depth - 2))]);
        assert_eq!(exits.children(outer), [Block::new(2 * depth)]);
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
                .map(|l| (f.get(l).header.index(), f.sorted_blocks(l).iter().map(|b| b.index()).collect()))
                .collect();
            found.sort();
            prop_assert_eq!(found, naive(n, &edges));
            // Nesting: a loop's parent holds all of it; depth counts loops.
            for l in f.loops() {
                let d = f.get(l);
                if let Some(p) = d.parent {
                    prop_assert!(f.blocks(l).iter().all(|&b| f.contains(p, b)));
                    prop_assert_eq!(d.depth, f.get(p).depth + 1);
                }
                let own = f.sorted_blocks(l);
                for b in (0..n).map(Block::new) {
                    prop_assert_eq!(f.contains(l, b), own.binary_search(&b).is_ok());
                }
                let holding = f.loops().filter(|&m| f.contains(m, d.header)).count() as u32;
                prop_assert_eq!(d.depth, holding);
            }
        }
    }
}
