//! SSA destruction: phis become copies, safe from the lost-copy and swap
//! problems (Briggs, Cooper, Harvey and Simpson, "Practical Improvements to
//! the Construction and Destruction of Static Single Assignment Form",
//! SP&E 1998, section 3).
//!
//! 1. Every edge into a block with phis gets one *parallel* copy
//!    (phi result_k <- operand_k for every phi k at once). It goes at the
//!    end of the predecessor when that has a single successor, else at the
//!    start of the block when that has a single predecessor; otherwise the
//!    edge is critical and is split by a new block that holds the copy.
//!    Splitting is what defeats the lost-copy problem: the copy runs only on
//!    its edge, never on a path that still needs the old value.
//! 2. Each parallel copy is sequentialized (`sequentialize`, linear in its
//!    size): first every copy whose destination no pending copy still
//!    reads, then each remaining cycle is broken with one temporary.
//!    Copying in parallel is what defeats the swap problem.
//!
//! The result has no phis; a phi's value becomes a variable assigned by
//! copies.

use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{BlockOrigin, Function, InstKind, NO_SRC};
use crate::pipeline::budget::{Bail, Budget};
use rustc_hash::FxHashMap;

/// What SSA destruction did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutOfSsaStats {
    pub edges_split: usize,
    pub copies: usize,
    /// Temporaries that broke copy cycles.
    pub temporaries: usize,
}

/// One copy `dest <- src`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub dest: Value,
    pub src: Value,
}

/// Orders a parallel copy (distinct destinations) as sequential copies
/// with the same effect, in time linear in its size. A copy is ready when
/// no pending copy still reads its destination; doing it may make the copy
/// into its source ready. When none is ready, every pending copy lies on a
/// cycle: one destination is saved in a temporary (`temp` makes one,
/// given the value it saves) and its readers read that instead, which
/// frees its copy. One temporary per cycle.
pub fn sequentialize(parallel: &[Move], mut temp: impl FnMut(Value) -> Value) -> Vec<Move> {
    let mut moves: Vec<Move> = parallel
        .iter()
        .copied()
        .filter(|m| m.dest != m.src)
        .collect();
    let n = moves.len();
    // Per value: the pending copies reading it; per copy: how many pending
    // copies read its destination.
    let mut readers: FxHashMap<Value, Vec<usize>> = FxHashMap::default();
    let mut by_dest: FxHashMap<Value, usize> = FxHashMap::default();
    for (k, m) in moves.iter().enumerate() {
        readers.entry(m.src).or_default().push(k);
        by_dest.insert(m.dest, k);
    }
    let mut unread: Vec<usize> = moves
        .iter()
        .map(|m| readers.get(&m.dest).map_or(0, Vec::len))
        .collect();
    let mut done = vec![false; n];
    let mut ready: Vec<usize> = (0..n).filter(|&k| unread[k] == 0).collect();
    let mut out = Vec::with_capacity(n + 1);
    let mut cursor = 0;
    loop {
        while let Some(k) = ready.pop() {
            out.push(moves[k]);
            done[k] = true;
            if let Some(&j) = by_dest.get(&moves[k].src) {
                unread[j] -= 1;
                if unread[j] == 0 && !done[j] {
                    ready.push(j);
                }
            }
        }
        while cursor < n && done[cursor] {
            cursor += 1;
        }
        if cursor == n {
            return out;
        }
        // Only cycles are left: break the one through `cursor`.
        let saved = moves[cursor].dest;
        let t = temp(saved);
        out.push(Move {
            dest: t,
            src: saved,
        });
        for &r in readers.get(&saved).map_or(&[][..], Vec::as_slice) {
            if !done[r] {
                moves[r].src = t;
            }
        }
        unread[cursor] = 0;
        ready.push(cursor);
    }
}

/// Units a phi's copy on one edge costs (its move, sequentialized and
/// placed; an edge split besides).
const COPY_UNITS: u64 = 8;

pub fn destruct(f: &mut Function, budget: &mut Budget) -> Result<OutOfSsaStats, Bail> {
    let mut stats = OutOfSsaStats::default();
    let blocks: Vec<Block> = f.live_blocks().collect();
    for b in blocks {
        let phis: Vec<Inst> = f
            .block(b)
            .insts
            .iter()
            .copied()
            .take_while(|&i| f.kind(i).is_phi())
            .collect();
        if phis.is_empty() {
            continue;
        }
        let preds = f.block(b).preds().to_vec();
        for (j, &p) in preds.iter().enumerate() {
            // Units per phi copy and per edge: measured over the shapes of
            // `benches/shapes.py`, about what its time is in other phases.
            budget.charge(COPY_UNITS * (phis.len() as u64 + 1))?;
            let parallel: Vec<Move> = phis
                .iter()
                .map(|&phi| match (&f.inst(phi).kind, f.inst(phi).result) {
                    (InstKind::Phi(args), Some(dest)) => Move { dest, src: args[j] },
                    _ => unreachable!("a phi defines a value"),
                })
                .collect();
            let (at, position) = placement(f, p, b, &mut stats);
            // A temporary is made with the copy that saves into it, its
            // one assignment: (temporary, that copy).
            let mut saves: Vec<(Value, Inst)> = Vec::new();
            let copies = sequentialize(&parallel, |saved| {
                stats.temporaries += 1;
                let (copy, t) = f.add_def(InstKind::Copy(saved), NO_SRC);
                f.set_type(t, f.ty(saved));
                saves.push((t, copy));
                t
            });
            stats.copies += copies.len();
            let insts: Vec<Inst> = copies
                .iter()
                .map(|m| match saves.iter().find(|&&(t, _)| t == m.dest) {
                    Some(&(_, copy)) => copy,
                    None => add_copy(f, *m),
                })
                .collect();
            f.blocks[at.index()].insts.splice(position..position, insts);
        }
        // The phis are still the block's first instructions: copies placed
        // in this block went after them.
        debug_assert!(f.blocks[b.index()].insts[..phis.len()] == phis[..]);
        f.blocks[b.index()].insts.drain(..phis.len());
    }
    Ok(stats)
}

/// Where the copies of edge `p -> b` go: (block, index in it). Splits the
/// edge if it is critical.
fn placement(f: &mut Function, p: Block, b: Block, stats: &mut OutOfSsaStats) -> (Block, usize) {
    if f.block(p).succs().len() == 1 {
        return (p, f.block(p).insts.len() - 1);
    }
    if f.block(b).preds().len() == 1 {
        return (b, f.phis_at(b));
    }
    stats.edges_split += 1;
    let split = f.split_edge(p, b, BlockOrigin::SplitEdge);
    (split, 0)
}

/// A `Copy` instruction assigning the phi value `m.dest` (not yet
/// placed). The first copy to assign it becomes its recorded definition.
fn add_copy(f: &mut Function, m: Move) -> Inst {
    let inst = f.add_assignment(InstKind::Copy(m.src), m.dest, NO_SRC);
    if f.kind(f.def(m.dest)).is_phi() {
        f.redefine(m.dest, inst);
    }
    inst
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Runs copies on a register file and returns it.
    fn simulate(regs: &mut [u64], moves: &[Move]) {
        for m in moves {
            regs[m.dest.index()] = regs[m.src.index()];
        }
    }

    fn parallel_result(regs: &[u64], moves: &[Move]) -> Vec<u64> {
        let mut out = regs.to_vec();
        for m in moves {
            out[m.dest.index()] = regs[m.src.index()];
        }
        out
    }

    fn check(parallel: &[Move], registers: usize) -> usize {
        let initial: Vec<u64> = (0..registers as u64).map(|r| 100 + r).collect();
        let mut next_temp = registers;
        let seq = sequentialize(parallel, |_| {
            next_temp += 1;
            Value::new(next_temp - 1)
        });
        let mut regs = initial.clone();
        regs.resize(next_temp, 0);
        simulate(&mut regs, &seq);
        assert_eq!(
            &regs[..registers],
            &parallel_result(&initial, parallel)[..],
            "{parallel:?} -> {seq:?}"
        );
        next_temp - registers
    }

    fn mv(dest: u32, src: u32) -> Move {
        Move {
            dest: Value(dest),
            src: Value(src),
        }
    }

    #[test]
    fn swap_uses_one_temporary() {
        assert_eq!(check(&[mv(0, 1), mv(1, 0)], 2), 1);
    }

    #[test]
    fn rotation_uses_one_temporary() {
        assert_eq!(check(&[mv(0, 1), mv(1, 2), mv(2, 0)], 3), 1);
    }

    #[test]
    fn chains_and_fan_out_need_none() {
        assert_eq!(check(&[mv(0, 1), mv(1, 2), mv(3, 2), mv(4, 4)], 5), 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Random parallel copies: any sources, distinct destinations
        /// (permutations, cycles, fan-out, self-copies all arise).
        #[test]
        fn sequential_copies_equal_the_parallel_copy(
            registers in 1usize..10,
            picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..12),
        ) {
            let mut seen = vec![false; registers];
            let mut parallel = Vec::new();
            for (d, s) in picks {
                let d = d.index(registers);
                if !seen[d] {
                    seen[d] = true;
                    parallel.push(mv(d as u32, s.index(registers) as u32));
                }
            }
            let cycles = check(&parallel, registers);
            prop_assert!(cycles <= registers / 2 + 1);
        }
    }
}
