//! Dominators, the dominator tree and dominance frontiers.
//!
//! Immediate dominators by Cooper, Harvey and Kennedy, "A Simple, Fast
//! Dominance Algorithm" (2001): iterate `idom(b) = intersect(preds)` over
//! reverse postorder until nothing changes; near-linear in practice and
//! correct on irreducible graphs. Frontiers by the same paper's runner
//! formulation of Cytron et al. (1991, section 4.2): from each predecessor
//! of a join block, walk up the dominator tree to the block's idom, adding
//! the join to each frontier passed. Blocks unreachable from the entry have
//! no idom and dominate nothing.

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
}

/// Reverse postorder of the blocks reachable from the entry, iteratively.
fn reverse_postorder<G: Graph + ?Sized>(cfg: &G) -> Vec<Block> {
    let mut visited = vec![false; cfg.num_blocks()];
    let mut post = Vec::with_capacity(cfg.num_blocks());
    let mut stack: Vec<(Block, usize)> = vec![(cfg.entry(), 0)];
    visited[cfg.entry().index()] = true;
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&s) = cfg.succs(b).get(*next) {
            *next += 1;
            if !visited[s.index()] {
                visited[s.index()] = true;
                stack.push((s, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

pub fn dominators<G: Graph + ?Sized>(cfg: &G, budget: &mut Budget) -> Result<DomTree, Bail> {
    let n = cfg.num_blocks();
    let rpo = reverse_postorder(cfg);
    let mut order = vec![UNREACHED; n];
    for (i, b) in rpo.iter().enumerate() {
        order[b.index()] = i as u32;
    }
    // idom as rpo numbers; the entry is its own, as the algorithm wants.
    let mut doms = vec![UNREACHED; n];
    doms[cfg.entry().index()] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in rpo.iter().skip(1) {
            let mut new_idom = UNREACHED;
            // Walks up the tree can be long (quadratic on ladders), so each
            // step is charged.
            let mut steps = 1;
            for &p in cfg.preds(b) {
                let p = order[p.index()];
                if p == UNREACHED || doms[rpo[p as usize].index()] == UNREACHED {
                    continue;
                }
                new_idom = if new_idom == UNREACHED {
                    p
                } else {
                    intersect(&doms, &rpo, p, new_idom, &mut steps)
                };
            }
            budget.charge(steps)?;
            if doms[b.index()] != new_idom {
                doms[b.index()] = new_idom;
                changed = true;
            }
        }
    }
    let mut idom = vec![None; n];
    let mut children = vec![Vec::new(); n];
    for &b in rpo.iter().skip(1) {
        let d = rpo[doms[b.index()] as usize];
        idom[b.index()] = Some(d);
        children[d.index()].push(b);
    }
    let (pre, post) = number_tree(cfg.entry(), &children, n);
    Ok(DomTree {
        idom,
        rpo,
        children,
        pre,
        post,
    })
}

/// The nearest common dominator of two blocks given by rpo number,
/// counting the steps taken up the tree.
fn intersect(doms: &[u32], rpo: &[Block], mut a: u32, mut b: u32, steps: &mut u64) -> u32 {
    while a != b {
        while a > b {
            a = doms[rpo[a as usize].index()];
            *steps += 1;
        }
        while b > a {
            b = doms[rpo[b as usize].index()];
            *steps += 1;
        }
    }
    a
}

/// Pre- and postorder numbers of the dominator tree, iteratively.
fn number_tree(entry: Block, children: &[Vec<Block>], n: usize) -> (Vec<u32>, Vec<u32>) {
    let mut pre = vec![UNREACHED; n];
    let mut post = vec![UNREACHED; n];
    let (mut next_pre, mut next_post) = (0u32, 0u32);
    let mut stack = vec![(entry, 0usize)];
    pre[entry.index()] = next_pre;
    next_pre += 1;
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&c) = children[b.index()].get(*next) {
            *next += 1;
            pre[c.index()] = next_pre;
            next_pre += 1;
            stack.push((c, 0));
        } else {
            post[b.index()] = next_post;
            next_post += 1;
            stack.pop();
        }
    }
    (pre, post)
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
