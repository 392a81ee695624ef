//! The layout plan, decided before any code is emitted: the order blocks
//! are placed in (source order, the entry first, latches before their
//! headers where that saves a jump), the loop tops to align, and the
//! unchecked copies of versioned loops (`bounds`) with the loops each
//! block heads. The emitter follows it (`layout` rotates, threads and
//! guards as it goes).

use crate::analysis::loops::LoopForest;
use crate::ir::entity::{Block, Inst, Table, Value};
use crate::ir::{Function, InstKind};
use crate::passes::bounds::VersionedLoop;
use dynasmrt::DynamicLabel;
use vm::Op;
use x64::Gpr;

/// Where everything goes, decided before any code is emitted: the
/// blocks' order and places, the loop tops to align, the unchecked copies
/// of versioned loops and which loop each block heads.
pub(in crate::backend) struct Plan {
    pub(in crate::backend) order: Vec<Block>,
    /// Per block: its place in `order`, for choosing branch directions
    /// (none for removed blocks, which nothing branches to).
    pub(in crate::backend) position: Table<Block, Option<u32>>,
    /// Per block: the boundary to align it to, where loops jump back to it
    /// (0 for none).
    pub(in crate::backend) tops: Table<Block, u8>,
    /// The unchecked copies: first one per versioned loop (copy `l` of
    /// loop `l`), then one per versioned loop inside another's copy.
    pub(in crate::backend) copies: Vec<LoopCopy>,
    /// Per block: the versioned loop it heads, if any.
    pub(in crate::backend) heads: Table<Block, Option<usize>>,
}

impl Plan {
    pub(in crate::backend) fn new(
        f: &Function,
        loops: &LoopForest,
        versioned: &[VersionedLoop],
    ) -> Plan {
        let order = block_order(f, loops);
        let tops = loop_tops(f, loops, &order);
        let mut position = Table::new(f.blocks.len(), None);
        for (k, &b) in order.iter().enumerate() {
            position[b] = Some(k as u32);
        }
        let mut heads = Table::new(f.blocks.len(), None);
        for (l, versioned) in versioned.iter().enumerate() {
            heads[versioned.header] = Some(l);
        }
        Plan {
            order,
            position,
            tops,
            copies: loop_copies(versioned),
            heads,
        }
    }
}

/// An unchecked copy of versioned loop `lp`: entered through its guard
/// from outside, or (`within`) from inside the unchecked copy of the
/// versioned loop that holds it, where the accesses both loops' guards
/// prove go unchecked and the exits stay in that loop's copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::backend) struct LoopCopy {
    pub lp: usize,
    pub within: Option<usize>,
}

/// The copies of `versioned`: one per loop, then one per loop inside
/// another (bounds versions loops at most one deep inside each other).
fn loop_copies(versioned: &[VersionedLoop]) -> Vec<LoopCopy> {
    let alone = (0..versioned.len()).map(|lp| LoopCopy { lp, within: None });
    let nested = (0..versioned.len()).flat_map(|lp| {
        (0..versioned.len())
            .filter(move |&w| w != lp && versioned[w].contains(versioned[lp].header))
            .map(move |w| LoopCopy {
                lp,
                within: Some(w),
            })
    });
    alone.chain(nested).collect()
}

/// The order blocks are placed in: the entry, then the rest by index
/// (source order; split edges last), but for a loop's latch made only of
/// copies (the back edge's split edge), placed just before its header:
/// it falls through into the header, and the branch that leaves the loop
/// body for it is the iteration's one taken jump, where a branch to the
/// latch and the latch's jump back made two. Headers that only test and
/// branch are rotated instead (`Emitter::rotate`), unless the loop's one
/// latch is reached from more than one block (a `continue`, as the
/// sieve's `jnz %c, next_i`): that latch goes before the header too, so
/// every path round the loop makes one taken jump, to the latch, and
/// entering the loop none. (A latch with one predecessor stays where it
/// is, rotated: a fill's loop among them, whose string store, at the
/// header, must run once.)
pub(in crate::backend) fn block_order(f: &Function, loops: &LoopForest) -> Vec<Block> {
    let n = f.blocks.len();
    let (mut latch_of, mut moved) = (vec![None; n], vec![false; n]);
    for l in loops.loops() {
        let h = loops.get(l).header;
        let latch = if tests_only(f, h) {
            joining_latch(f, loops, l)
        } else {
            f.block(h)
                .preds()
                .iter()
                .copied()
                .find(|&b| b != h && loops.contains(l, b) && copies_then_jump(f, b, h))
        };
        // A block with another placed before it stays put, so no chain
        // of placements breaks.
        if let Some(b) = latch.filter(|&b| !moved[b.index()] && latch_of[b.index()].is_none()) {
            latch_of[h.index()] = Some(b);
            moved[b.index()] = true;
        }
    }
    let mut order = Vec::with_capacity(n);
    for b in std::iter::once(f.entry).chain(f.live_blocks().filter(|&b| b != f.entry)) {
        if moved[b.index()] {
            continue;
        }
        order.extend(latch_of[b.index()]);
        order.push(b);
    }
    order
}

/// The one latch of loop `l`, whose header only tests, where it jumps to
/// the header, is reached from more than one block and is not the block
/// the test stays in.
fn joining_latch(
    f: &Function,
    loops: &LoopForest,
    l: crate::analysis::loops::Loop,
) -> Option<Block> {
    let h = loops.get(l).header;
    let mut latches = f
        .block(h)
        .preds()
        .iter()
        .copied()
        .filter(|&b| loops.contains(l, b));
    let (Some(latch), None) = (latches.next(), latches.next()) else {
        return None;
    };
    let stays = |b: Block| f.block(h).succs().contains(&b);
    let joins = f.block(latch).preds().len() >= 2;
    (latch != h && jumps_to(f, latch, h) && joins && !stays(latch)).then_some(latch)
}

/// Loops of at most this many instructions, with no loop inside, are
/// small: their code is aligned so that it fits one 32-byte fetch block.
const SMALL_LOOP: usize = 12;

/// Per block, the boundary the emitter aligns it to, if any: the block
/// each iteration of a loop jumps back to, which is the latch placed
/// before the header (`block_order`), or else the header, or where the
/// header only tests (and is rotated into the latch) the block the test
/// stays in. Small loops go on a 32-byte boundary, others on a 16-byte
/// one.
pub(in crate::backend) fn loop_tops(
    f: &Function,
    loops: &LoopForest,
    order: &[Block],
) -> Table<Block, u8> {
    let mut tops = Table::new(f.blocks.len(), 0);
    let mut position: Table<Block, Option<usize>> = Table::new(f.blocks.len(), None);
    for (k, &b) in order.iter().enumerate() {
        position[b] = Some(k);
    }
    for l in loops.loops() {
        let data = loops.get(l);
        let h = data.header;
        let at = position[h];
        let placed = at
            .and_then(|k| k.checked_sub(1))
            .map(|k| order[k])
            .filter(|&b| loops.contains(l, b) && jumps_to(f, b, h));
        let top = if let Some(latch) = placed {
            latch
        } else if tests_only(f, h) {
            let branch = *f.block(h).insts.last().expect("a test");
            let InstKind::Branch {
                taken, fallthrough, ..
            } = *f.kind(branch)
            else {
                continue;
            };
            if loops.contains(l, fallthrough) {
                fallthrough
            } else {
                taken
            }
        } else {
            h
        };
        // Summed only for innermost loops: over a nest, the sizes of
        // every level would add up to the square of its depth.
        let small = data.innermost
            && loops
                .blocks(l)
                .iter()
                .map(|&b| {
                    f.block(b)
                        .insts
                        .iter()
                        .filter(|&&i| makes_code(f, i))
                        .count()
                })
                .sum::<usize>()
                <= SMALL_LOOP;
        tops[top] = if small { 32 } else { 16 };
    }
    tops
}

/// Whether instruction `i` counts toward a loop's size: not a copy (out
/// of SSA leaves one per phi at the latch, mostly coalesced away) nor a
/// jump (the latch's falls through or is the rotated test's).
fn makes_code(f: &Function, i: Inst) -> bool {
    !matches!(f.kind(i), InstKind::Copy(_) | InstKind::Jump(_))
}

/// Whether `h` only tests and branches, as `Emitter::rotate` takes it: a
/// branch, or a comparison and a `jz`/`jnz` on its result.
fn tests_only(f: &Function, h: Block) -> bool {
    match f.block(h).insts[..] {
        [branch] => matches!(f.kind(branch), InstKind::Branch { .. }),
        [compare, branch] => {
            let compared =
                matches!(f.kind(compare), InstKind::Binary(op, ..) if fuses_with_branch(*op));
            let tested = matches!(f.kind(branch), InstKind::Branch { op: Op::Jz | Op::Jnz, args, .. }
                if Some(args[0]) == f.inst(compare).result);
            compared && tested
        }
        _ => false,
    }
}

/// Operations `compare_and_branch` fuses with a `jz`/`jnz` on their
/// result (an `and` becomes a `test`).
fn fuses_with_branch(op: Op) -> bool {
    op == Op::And || op.is_comparison()
}

/// Whether `b` ends in a jump to `h`.
fn jumps_to(f: &Function, b: Block, h: Block) -> bool {
    matches!(f.block(b).insts.last().map(|&i| f.kind(i)), Some(InstKind::Jump(to)) if *to == h)
}

/// Whether `b` holds only copies and then jumps to `h`.
fn copies_then_jump(f: &Function, b: Block, h: Block) -> bool {
    let Some((&last, body)) = f.block(b).insts.split_last() else {
        return false;
    };
    matches!(*f.kind(last), InstKind::Jump(to) if to == h)
        && body.iter().all(|&i| matches!(f.kind(i), InstKind::Copy(_)))
}

/// What one unchecked copy indexes from machine addresses (`rebase`).
#[derive(Debug, Default)]
pub(in crate::backend) struct Rebased {
    /// Per row: its base's register, and the register that holds the
    /// row's machine address in the copy: one no value of the loop uses,
    /// or else the base's own, converted back on the way out.
    pub(in crate::backend) rows: Vec<(Gpr, Gpr)>,
    /// The accesses made from them, sorted: the register holding the
    /// row's address, the index (none where it is a constant, folded into
    /// the displacement) and the displacement in bytes.
    pub(in crate::backend) accesses: Vec<(Inst, Gpr, Option<Value>, i32)>,
    /// The `add`s that only made those accesses' cells, sorted: the copy
    /// leaves them out.
    pub(in crate::backend) addresses: Vec<Inst>,
    /// The stubs on the way out: (where the jump goes, the stub).
    pub(in crate::backend) exits: Vec<(DynamicLabel, DynamicLabel)>,
}

impl Rebased {
    /// The bases whose own registers hold their rows' addresses, which
    /// every way out converts back.
    pub(in crate::backend) fn in_place(&self) -> impl Iterator<Item = Gpr> + '_ {
        self.rows.iter().filter(|(b, a)| b == a).map(|&(b, _)| b)
    }

    pub(in crate::backend) fn converts_back(&self) -> bool {
        self.in_place().next().is_some()
    }
}
