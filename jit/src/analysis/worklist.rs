//! The order in which a dataflow problem visits blocks: each block once in
//! a first sweep (postorder for a backward problem, reverse postorder for
//! a forward one, so most facts flow in that sweep), then only the blocks
//! whose input changed (Kildall's worklist, "A Unified Approach to Global
//! Program Optimization", POPL 1973). Sweeping every block until nothing
//! changes costs a sweep per block a fact must cross against the order:
//! quadratic on a chain of loops or of split edges laid out after their
//! blocks; with the worklist a block is visited again only when a fact
//! reaching it changed.

use crate::analysis::dom::Graph;
use crate::ir::entity::Block;
use std::collections::VecDeque;

/// Blocks waiting to be visited, each at most once at a time.
pub struct Worklist {
    queue: VecDeque<Block>,
    queued: Vec<bool>,
}

impl Worklist {
    /// A worklist of `blocks` (of a graph of `n`), in that order.
    pub fn new(n: usize, blocks: impl IntoIterator<Item = Block>) -> Worklist {
        let mut list = Worklist {
            queue: VecDeque::with_capacity(n),
            queued: vec![false; n],
        };
        for b in blocks {
            list.push(b);
        }
        list
    }

    /// Queues `b` unless it is queued already.
    pub fn push(&mut self, b: Block) {
        if !self.queued[b.index()] {
            self.queued[b.index()] = true;
            self.queue.push_back(b);
        }
    }

    pub fn pop(&mut self) -> Option<Block> {
        let b = self.queue.pop_front()?;
        self.queued[b.index()] = false;
        Some(b)
    }
}

/// `blocks` in reverse postorder from `g`'s entry, then those of them the
/// entry does not reach, in their own order: the first sweep of a forward
/// problem (reversed, of a backward one).
pub fn forward_order<G: Graph + ?Sized>(g: &G, blocks: impl Iterator<Item = Block>) -> Vec<Block> {
    let mut order = crate::analysis::dom::reverse_postorder(g);
    let mut seen = vec![false; g.num_blocks()];
    for &b in &order {
        seen[b.index()] = true;
    }
    order.extend(blocks.filter(|b| !seen[b.index()]));
    order
}
