//! Dominators, the dominator tree and dominance frontiers.
//!
//! Immediate dominators by the Semi-NCA algorithm (Georgiadis, "Linear-Time
//! Algorithms for Dominators and Related Problems", 2005; the algorithm
//! LLVM's dominator tree uses): Lengauer and Tarjan's semidominators
//! ("A Fast Algorithm for Finding Dominators in a Flowgraph", TOPLAS 1979)
//! computed with path compression, then each idom as the nearest common
//! ancestor, in the depth-first tree, of the block's parent and its
//! semidominator. Unlike the iterative algorithm of Cooper, Harvey and
//! Kennedy it makes one pass whatever the loop nesting, so a function of
//! thousands of nested loops costs about what a flat one does; correct on
//! irreducible graphs. Frontiers (for `dump --stage dom` and the tests;
//! SSA construction places phis without them) by Cooper, Harvey and
//! Kennedy's runner formulation of Cytron et al. (1991, section 4.2).
//! Blocks unreachable from the entry have no idom and dominate nothing.

use crate::ir::entity::Block;
use crate::pipeline::budget::{Bail, Budget};

/// A directed graph of blocks with an entry: the bytecode CFG, or the IR.
pub trait Graph {
    fn num_blocks(&self) -> usize;
    fn entry(&self) -> Block;
    fn succs(&self, b: Block) -> &[Block];
    fn preds(&self, b: Block) -> &[Block];
}

const UNREACHED: u32 = u32::MAX;

#[derive(Clone, Debug)]
pub struct DomTree {
    /// Immediate dominator; `None` for the entry and unreachable blocks.
    pub idom: Vec<Option<Block>>,
    /// Reachable blocks in reverse postorder.
    pub rpo: Vec<Block>,
    /// Dominator-tree children, in reverse postorder.
    pub children: Vec<Vec<Block>>,
    /// Dominator-tree preorder and postorder numbers, for O(1) queries.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// Depth in the dominator tree (the entry's is 0).
    level: Vec<u32>,
}

impl DomTree {
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom[b.index()]
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.pre[b.index()] != UNREACHED
    }

    /// Whether `a` dominates `b` (every block dominates itself).
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        let (a, b) = (a.index(), b.index());
        self.pre[a] != UNREACHED
            && self.pre[b] != UNREACHED
            && self.pre[a] <= self.pre[b]
            && self.post[b] <= self.post[a]
    }

    /// `b`'s depth in the dominator tree (a reachable block's).
    pub fn level(&self, b: Block) -> u32 {
        self.level[b.index()]
    }
}

/// A depth-first search from the entry: the reachable blocks in preorder,
/// each one's parent in the search tree (by preorder number), and the
/// blocks in reverse postorder. Iterative, so a 100,000-block chain needs
/// no native recursion.
struct Search {
    /// Preorder number of each block, `UNREACHED` if unreachable.
    number: Vec<u32>,
    /// The block of each preorder number.
    vertex: Vec<Block>,
    /// The search-tree parent of each preorder number (the entry's own).
    parent: Vec<u32>,
    rpo: Vec<Block>,
}

fn search<G: Graph + ?Sized>(cfg: &G) -> Search {
    let n = cfg.num_blocks();
    let mut number = vec![UNREACHED; n];
    let mut vertex = Vec::with_capacity(n);
    let mut parent = Vec::with_capacity(n);
    let mut post = Vec::with_capacity(n);
    let entry = cfg.entry();
    number[entry.index()] = 0;
    vertex.push(entry);
    parent.push(0);
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&s) = cfg.succs(b).get(*next) {
            *next += 1;
            if number[s.index()] == UNREACHED {
                number[s.index()] = vertex.len() as u32;
                parent.push(number[b.index()]);
                vertex.push(s);
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    Search {
        number,
        vertex,
        parent,
        rpo: post,
    }
}

/// Reverse postorder of the blocks reachable from the entry.
pub fn reverse_postorder<G: Graph + ?Sized>(cfg: &G) -> Vec<Block> {
    search(cfg).rpo
}

/// The forest of Lengauer and Tarjan's `link` and `eval`, over preorder
/// numbers, with path compression (without balancing: O(m log n)).
struct Forest {
    ancestor: Vec<u32>,
    /// The vertex of least semidominator on the compressed path.
    label: Vec<u32>,
    /// The path being compressed (kept to reuse its memory).
    path: Vec<u32>,
}

impl Forest {
    /// The vertex of least semidominator on the path from `v` up to (not
    /// including) the root of its tree; `v` itself if it is a root.
    fn eval(&mut self, v: u32, semi: &[u32], steps: &mut u64) -> u32 {
        if self.ancestor[v as usize] == UNREACHED {
            return v;
        }
        let mut u = v;
        while self.ancestor[self.ancestor[u as usize] as usize] != UNREACHED {
            self.path.push(u);
            u = self.ancestor[u as usize];
        }
        *steps += self.path.len() as u64;
        // From the top of the path down, so each vertex sees its
        // ancestor's compressed label.
        while let Some(x) = self.path.pop() {
            let a = self.ancestor[x as usize] as usize;
            let x = x as usize;
            if semi[self.label[a] as usize] < semi[self.label[x] as usize] {
                self.label[x] = self.label[a];
            }
            self.ancestor[x] = self.ancestor[a];
        }
        self.label[v as usize]
    }
}

pub fn dominators<G: Graph + ?Sized>(cfg: &G, budget: &mut Budget) -> Result<DomTree, Bail> {
    let n = cfg.num_blocks();
    let Search {
        number,
        vertex,
        parent,
        rpo,
    } = search(cfg);
    let m = vertex.len();
    budget.charge(m as u64)?;
    // Semidominators, by preorder number, from the last vertex up.
    let mut semi: Vec<u32> = (0..m as u32).collect();
    let mut forest = Forest {
        ancestor: vec![UNREACHED; m],
        label: (0..m as u32).collect(),
        path: Vec::new(),
    };
    for w in (1..m).rev() {
        let mut steps = 1;
        for &p in cfg.preds(vertex[w]) {
            let v = number[p.index()];
            if v == UNREACHED {
                continue;
            }
            let u = forest.eval(v, &semi, &mut steps);
            semi[w] = semi[w].min(semi[u as usize]);
            steps += 1;
        }
        budget.charge(steps)?;
        forest.ancestor[w] = parent[w];
    }
    // Each idom: the nearest ancestor of the parent at or above the
    // semidominator, in preorder so ancestors are final.
    let mut idom_number = parent;
    for w in 1..m {
        let mut d = idom_number[w];
        let mut steps = 1;
        while d > semi[w] {
            d = idom_number[d as usize];
            steps += 1;
        }
        budget.charge(steps)?;
        idom_number[w] = d;
    }
    let mut idom = vec![None; n];
    let mut children = vec![Vec::new(); n];
    for &b in rpo.iter().skip(1) {
        let d = vertex[idom_number[number[b.index()] as usize] as usize];
        idom[b.index()] = Some(d);
        children[d.index()].push(b);
    }
    let (pre, post, level) = number_tree(cfg.entry(), &children, n);
    Ok(DomTree {
        idom,
        rpo,
        children,
        pre,
        post,
        level,
    })
}

/// Pre- and postorder numbers and depths of the dominator tree,
/// iteratively.
fn number_tree(entry: Block, children: &[Vec<Block>], n: usize) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut pre = vec![UNREACHED; n];
    let mut post = vec![UNREACHED; n];
    let mut level = vec![UNREACHED; n];
    let (mut next_pre, mut next_post) = (0u32, 0u32);
    let mut stack = vec![(entry, 0usize)];
    pre[entry.index()] = next_pre;
    level[entry.index()] = 0;
    next_pre += 1;
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&c) = children[b.index()].get(*next) {
            *next += 1;
            pre[c.index()] = next_pre;
            level[c.index()] = level[b.index()] + 1;
            next_pre += 1;
            stack.push((c, 0));
        } else {
            post[b.index()] = next_post;
            next_post += 1;
            stack.pop();
        }
    }
    (pre, post, level)
}

/// Dominance frontiers, each sorted by block number.
pub fn frontiers<G: Graph + ?Sized>(
    cfg: &G,
    dom: &DomTree,
    budget: &mut Budget,
) -> Result<Vec<Vec<Block>>, Bail> {
    let mut df: Vec<Vec<Block>> = vec![Vec::new(); cfg.num_blocks()];
    for &b in &dom.rpo {
        let preds = cfg.preds(b);
        // The entry has an implicit edge from outside, so one back edge
        // already makes it a join.
        let join = preds.len() >= 2 || (b == cfg.entry() && !preds.is_empty());
        if !join {
            continue;
        }
        let stop = dom.idom(b);
        for &p in preds.iter().filter(|&&p| dom.is_reachable(p)) {
            let mut runner = Some(p);
            while runner != stop {
                let Some(r) = runner else { break };
                budget.charge(1)?;
                let set = &mut df[r.index()];
                // b is added from each predecessor in turn, so a repeat is
                // always the last element.
                if set.last() != Some(&b) {
                    set.push(b);
                }
                runner = dom.idom(r);
            }
        }
    }
    for set in &mut df {
        set.sort_unstable();
        set.dedup();
    }
    Ok(df)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use proptest::prelude::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Cfg {
        Cfg::from_edges(n, edges)
    }

    /// The definition: Dom(entry) = {entry}; Dom(b) = {b} ∪ ⋂ Dom(p).
    fn dominator_sets(cfg: &Cfg) -> Vec<Option<Vec<bool>>> {
        let n = cfg.len();
        let reach = {
            let mut seen = vec![false; n];
            for b in reverse_postorder(cfg) {
                seen[b.index()] = true;
            }
            seen
        };
        let mut sets: Vec<Vec<bool>> = (0..n).map(|_| vec![true; n]).collect();
        sets[0] = (0..n).map(|i| i == 0).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                if !reach[b] {
                    continue;
                }
                let mut set = vec![true; n];
                for p in cfg.preds(Block::new(b)).iter().filter(|p| reach[p.index()]) {
                    for i in 0..n {
                        set[i] &= sets[p.index()][i];
                    }
                }
                set[b] = true;
                if set != sets[b] {
                    sets[b] = set;
                    changed = true;
                }
            }
        }
        (0..n).map(|b| reach[b].then(|| sets[b].clone())).collect()
    }

    fn edges_strategy() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
        (1usize..24).prop_flat_map(|n| (Just(n), proptest::collection::vec((0..n, 0..n), 0..n * 3)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn dominators_match_the_set_definition((n, edges) in edges_strategy()) {
            let cfg = graph(n, &edges);
            let dom = dominators(&cfg, &mut Budget::unlimited()).unwrap();
            let sets = dominator_sets(&cfg);
            for b in 0..n {
                for a in 0..n {
                    let expected = sets[b].as_ref().is_some_and(|s| s[a]);
                    prop_assert_eq!(dom.dominates(Block::new(a), Block::new(b)), expected, "{} dom {}", a, b);
                }
                // idom: the strict dominator that every other strict dominator dominates
                if let Some(set) = &sets[b] {
                    let strict: Vec<usize> = (0..n).filter(|&a| a != b && set[a]).collect();
                    let idom = strict.iter().copied().find(|&d| strict.iter().all(|&o| sets[d].as_ref().unwrap()[o]));
                    prop_assert_eq!(dom.idom(Block::new(b)).map(Block::index), idom);
                    let level = dom.idom(Block::new(b)).map_or(0, |d| dom.level(d) + 1);
                    prop_assert_eq!(dom.level(Block::new(b)), level);
                }
            }
        }

        #[test]
        fn frontiers_match_the_definition((n, edges) in edges_strategy()) {
            let cfg = graph(n, &edges);
            let dom = dominators(&cfg, &mut Budget::unlimited()).unwrap();
            let df = frontiers(&cfg, &dom, &mut Budget::unlimited()).unwrap();
            for (x, frontier) in df.iter().enumerate() {
                let xb = Block::new(x);
                // DF(x) = { y : x dominates a predecessor of y, and x does not strictly dominate y }
                let expected: Vec<Block> = (0..n)
                    .map(Block::new)
                    .filter(|&y| {
                        cfg.preds(y).iter().any(|&p| dom.dominates(xb, p))
                            && !(dom.dominates(xb, y) && xb != y)
                    })
                    .collect();
                prop_assert_eq!(frontier, &expected, "DF({})", x);
            }
        }
    }

    #[test]
    fn irreducible_loop() {
        // 0 -> 1, 0 -> 2, 1 <-> 2, 2 -> 3
        let cfg = graph(4, &[(0, 1), (0, 2), (1, 2), (2, 1), (2, 3)]);
        let dom = dominators(&cfg, &mut Budget::unlimited()).unwrap();
        assert_eq!(
            dom.idom,
            vec![None, Some(Block(0)), Some(Block(0)), Some(Block(2))]
        );
        let df = frontiers(&cfg, &dom, &mut Budget::unlimited()).unwrap();
        assert_eq!(df[1], vec![Block(2)]);
        assert_eq!(df[2], vec![Block(1)]);
    }

    /// Loops nested 20,000 deep (header `h_k` = block k, latch `l_k`
    /// after the inner loops): the iterative algorithm needed a walk up
    /// the tree per header per pass, quadratic here; Semi-NCA's work stays
    /// a few units per block.
    #[test]
    fn deep_nests_cost_linear_work() {
        let depth = 20_000;
        let latch = |k: usize| 2 * depth - 1 - k;
        let edges = Cfg::nest_edges(depth);
        let cfg = graph(2 * depth + 1, &edges);
        let mut budget = Budget::unlimited();
        let dom = dominators(&cfg, &mut budget).unwrap();
        assert_eq!(dom.idom(Block::new(latch(0))), Some(Block::new(latch(1))));
        assert_eq!(dom.level(Block::new(2 * depth)), 2 * depth as u32);
        assert!(
            budget.used() < 8 * 2 * depth as u64,
            "{} units",
            budget.used()
        );
    }

    #[test]
    fn long_chain_needs_no_recursion() {
        let n = 200_000;
        let edges: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let cfg = graph(n, &edges);
        let dom = dominators(&cfg, &mut Budget::unlimited()).unwrap();
        assert_eq!(dom.idom(Block::new(n - 1)), Some(Block::new(n - 2)));
        assert!(dom.dominates(Block(0), Block::new(n - 1)));
    }
}
