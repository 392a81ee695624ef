//! The control-flow graph of one bytecode function.
//!
//! Leaders are the first instruction, every branch target and every
//! instruction after a branch or `ret`; a block runs from its leader to the
//! next. Successors are in a fixed order (a conditional branch: taken, then
//! fall-through; the two are merged when they are the same block), and
//! predecessors in the order their edges are first met walking blocks in
//! order, so phi operand i always belongs to predecessor i. Blocks
//! unreachable from the entry are dropped; the rest are numbered in source
//! order. When the first instruction is a branch target, a synthetic entry
//! block (numbered last, holding no instructions) precedes it, so the entry
//! never has predecessors.
//!
//! For on-stack replacement the graph is entered at a loop header instead:
//! a synthetic entry precedes the block starting at that instruction, and
//! what only the function's start reaches is dropped. Where that header
//! heads an inner loop, the entry goes through copies of the loops around
//! it (`osr_entry`), so a block may appear more than once.

use crate::analysis::dom::Graph;
use crate::ir::entity::Block;
pub use crate::ir::EntryPoint;
use crate::pipeline::budget::{Bail, Budget};
use vm::{Function, Op};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfgBlock {
    /// Bytecode instructions `start..end` (empty for the synthetic entry).
    pub start: u32,
    pub end: u32,
    pub succs: Vec<Block>,
    pub preds: Vec<Block>,
    pub synthetic: bool,
}

#[derive(Clone, Debug)]
pub struct Cfg {
    pub blocks: Vec<CfgBlock>,
    pub entry: Block,
    pub entry_point: EntryPoint,
}

impl Cfg {
    /// `depth` loops nested in one another, each header `k` (`0..depth`)
    /// entering the next and its latch `2 depth - 1 - k` jumping back to
    /// it and on to the next latch out, and an exit block `2 depth`
    /// last: the edges, for `from_edges`. For tests that deep nests cost
    /// linear work.
    #[cfg(test)]
    pub fn nest_edges(depth: usize) -> Vec<(usize, usize)> {
        let latch = |k: usize| 2 * depth - 1 - k;
        let mut edges = Vec::new();
        for k in 0..depth {
            edges.push((k, if k + 1 < depth { k + 1 } else { latch(k) }));
            edges.push((latch(k), k));
            edges.push((latch(k), latch(k) + 1));
        }
        edges
    }

    /// A graph of `n` empty blocks with these edges (duplicates dropped),
    /// entered at block 0: for tests of the graph algorithms.
    #[cfg(test)]
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Cfg {
        let mut blocks = vec![
            CfgBlock {
                start: 0,
                end: 0,
                succs: Vec::new(),
                preds: Vec::new(),
                synthetic: false
            };
            n
        ];
        for &(a, b) in edges {
            if !blocks[a].succs.contains(&Block::new(b)) {
                blocks[a].succs.push(Block::new(b));
                blocks[b].preds.push(Block::new(a));
            }
        }
        Cfg {
            blocks,
            entry: Block(0),
            entry_point: EntryPoint::Start,
        }
    }

    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    pub fn block(&self, b: Block) -> &CfgBlock {
        &self.blocks[b.index()]
    }

    pub fn succs(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].succs
    }

    pub fn preds(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].preds
    }

    /// Blocks of the bytecode itself (every block but a synthetic entry).
    pub fn bytecode_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        (0..self.blocks.len())
            .map(Block::new)
            .filter(|&b| !self.blocks[b.index()].synthetic)
    }
}

impl Graph for Cfg {
    fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    fn entry(&self) -> Block {
        self.entry
    }

    fn succs(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].succs
    }

    fn preds(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].preds
    }
}

/// Successor instruction indices of the block that ends before `end`, in
/// the CFG's fixed order (at most two, so no allocation).
fn successor_starts(f: &Function, end: u32) -> ([u32; 2], usize) {
    let last = f.code[end as usize - 1];
    match last.op {
        Op::Ret => ([0, 0], 0),
        Op::Jmp => ([last.a, 0], 1),
        op if op.is_cond_branch() && last.c != end => ([last.c, end], 2),
        op if op.is_cond_branch() => ([last.c, 0], 1),
        _ => ([end, 0], 1),
    }
}

/// The CFG of `f` from its start, with no budget (tools and tests).
pub fn build(f: &Function) -> Cfg {
    build_at(f, EntryPoint::Start, &mut Budget::unlimited()).expect("no budget to run out")
}

/// Instructions scanned between two charges of the budget.
const CHARGE_EVERY: usize = 64;
/// Units a block costs to make.
const BLOCK_UNITS: u64 = 8;

/// The CFG of what `entry_point` reaches, without copies (`osr_entry`
/// makes the one with copies of the loops around an inner entry),
/// charging one unit per instruction scanned and `BLOCK_UNITS` per block
/// made, as it goes.
pub fn build_at(f: &Function, entry_point: EntryPoint, budget: &mut Budget) -> Result<Cfg, Bail> {
    let n = f.code.len();
    let mut leader = vec![false; n + 1];
    leader[0] = true;
    let root = match entry_point {
        EntryPoint::Start => 0,
        EntryPoint::Osr(pc) => pc as usize,
    };
    leader[root] = true;
    let mut entry_is_target = false;
    for (i, ins) in f.code.iter().enumerate() {
        if i % CHARGE_EVERY == 0 {
            budget.charge(CHARGE_EVERY as u64)?;
        }
        if let Some(t) = ins.op.target(ins) {
            leader[t as usize] = true;
            entry_is_target |= t == 0;
            leader[i + 1] = true;
        } else if ins.op == Op::Ret {
            leader[i + 1] = true;
        }
    }
    // Candidate blocks in source order: (start, end).
    let starts: Vec<u32> = (0..n).filter(|&i| leader[i]).map(|i| i as u32).collect();
    let ranges: Vec<(u32, u32)> = starts
        .iter()
        .enumerate()
        .map(|(k, &s)| (s, starts.get(k + 1).copied().unwrap_or(n as u32)))
        .collect();
    let mut candidate_of = vec![u32::MAX; n];
    for (k, &(s, e)) in ranges.iter().enumerate() {
        candidate_of[s as usize..e as usize].fill(k as u32);
    }
    // Reachability from the root, iteratively.
    let mut reachable = vec![false; ranges.len()];
    let first = candidate_of[root] as usize;
    let mut stack = vec![first];
    reachable[first] = true;
    while let Some(k) = stack.pop() {
        budget.charge(2)?;
        let (succs, n) = successor_starts(f, ranges[k].1);
        for &s in &succs[..n] {
            let c = candidate_of[s as usize] as usize;
            if !reachable[c] {
                reachable[c] = true;
                stack.push(c);
            }
        }
    }
    let mut id_of = vec![None; ranges.len()];
    let mut blocks = Vec::new();
    for (k, &(start, end)) in ranges.iter().enumerate() {
        if reachable[k] {
            id_of[k] = Some(Block::new(blocks.len()));
            blocks.push(CfgBlock {
                start,
                end,
                succs: Vec::new(),
                preds: Vec::new(),
                synthetic: false,
            });
        }
    }
    for b in 0..blocks.len() {
        // A block allocates its edge lists: worth several instructions.
        budget.charge(BLOCK_UNITS)?;
        let (starts, n) = successor_starts(f, blocks[b].end);
        let succs: Vec<Block> = starts[..n]
            .iter()
            .filter_map(|&s| id_of[candidate_of[s as usize] as usize])
            .collect();
        for &s in &succs {
            blocks[s.index()].preds.push(Block::new(b));
        }
        blocks[b].succs = succs;
    }
    // The walk began at the root's candidate, so it is reachable: its
    // number is the count of reachable candidates before it.
    let first = Block::new(reachable[..first].iter().filter(|&&r| r).count());
    let mut entry = first;
    if entry_is_target || entry_point != EntryPoint::Start {
        entry = synthetic_entry(&mut blocks, first, root as u32);
    }
    Ok(Cfg {
        blocks,
        entry,
        entry_point,
    })
}

/// Adds a synthetic entry at instruction `at` that jumps to `first`, as
/// `first`'s first predecessor, and returns it.
pub(crate) fn synthetic_entry(blocks: &mut Vec<CfgBlock>, first: Block, at: u32) -> Block {
    let entry = Block::new(blocks.len());
    blocks[first.index()].preds.insert(0, entry);
    blocks.push(CfgBlock {
        start: at,
        end: at,
        succs: vec![first],
        preds: Vec::new(),
        synthetic: true,
    });
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg_of(text: &str) -> Cfg {
        let program = vm::load(text.as_bytes()).unwrap();
        build(program.func(program.main))
    }

    const TEXTBOOK: &str = "func main(%n)\n    mov %i, 0\n    mov %s, 0\nhead:\n    jge %i, %n, done\n    add %s, %s, %i\n    add %i, %i, 1\n    jmp head\ndone:\n    print %s\n    ret 0\nend\n";

    #[test]
    fn textbook_loop() {
        let cfg = cfg_of(TEXTBOOK);
        let shape: Vec<(u32, u32, Vec<Block>, Vec<Block>)> = cfg
            .blocks
            .iter()
            .map(|b| (b.start, b.end, b.succs.clone(), b.preds.clone()))
            .collect();
        assert_eq!(
            shape,
            vec![
                (0, 2, vec![Block(1)], vec![]),
                (2, 3, vec![Block(3), Block(2)], vec![Block(0), Block(2)]),
                (3, 6, vec![Block(1)], vec![Block(1)]),
                (6, 8, vec![], vec![Block(1)]),
            ]
        );
        assert_eq!(cfg.entry, Block(0));
    }

    #[test]
    fn synthetic_entry_when_the_first_instruction_is_a_target() {
        let cfg =
            cfg_of("func main()\ntop:\n    add %i, %i, 1\n    jlt %i, 10, top\n    ret %i\nend\n");
        assert_eq!(cfg.entry, Block(2));
        assert!(cfg.block(cfg.entry).synthetic);
        assert_eq!(cfg.preds(Block(0)), &[Block(2), Block(0)]);
        assert!(cfg.preds(cfg.entry).is_empty());
    }

    #[test]
    fn unreachable_blocks_are_dropped_and_same_target_edges_merged() {
        let cfg = cfg_of(
            "func main()\n    jz 0, next\nnext:\n    jmp out\n    print 1\nout:\n    ret 0\nend\n",
        );
        assert_eq!(cfg.len(), 3);
        assert_eq!(cfg.succs(Block(0)), &[Block(1)]);
        assert!(cfg.blocks.iter().all(|b| b.start != 2));
    }
}
