//! Redundant bounds-check elimination over the dominator tree, on SSA
//! form.
//!
//! An access `[v + K]` that runs without trapping proves `v + K` a cell.
//! Two that ran, `[v + lo]` and `[v + hi]`, prove every `[v + K]` with
//! `lo <= K <= hi` a cell as well: with offsets below 2^31 in magnitude and
//! at most 2^28 cells, `v + K` is `(v + lo) + (K - lo)`, between two cells
//! with no wrap on the way. An SSA value never changes, so the proof holds
//! wherever those accesses dominate: a preorder walk of the dominator tree
//! with a scoped table from each base to the offsets proven for it (the
//! scoping of dominator-based value numbering: Briggs, Cooper and
//! Simpson, "Value Numbering", SP&E 27(6), 1997) marks every access the
//! table already covers. Its check can go: the interpreter cannot trap
//! there either, so no trap moves. (ABCD, Bodík, Gupta and Sarkar, PLDI
//! 2000, solves the general problem; this is the case of one base and
//! constant offsets, which records of several fields such as n-body's
//! bodies make common.)
//!
//! The same walk carries the depth limit: an inlined call checks that
//! `level` more frames fit (`r13 >= level`), and in a function whose calls
//! left never change (no self tail call made a jump spends them; a call
//! gives back what it spends) a dominating inlined call at least as deep
//! already proved that. An access at a constant address inside the
//! memory (`cells`, fixed for the program) needs no proof at all.
//!
//! The instructions keep their identity through SSA destruction, and each
//! use of `v` still sees the value it saw in SSA form, so the emitter
//! leaves out the marked checks.

use crate::analysis::dom::DomTree;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use rustc_hash::FxHashMap;

/// Offsets taking part are at most this in magnitude.
const MAX_OFFSET: i64 = 1 << 31;

/// The loads and stores of `f` whose bounds checks accesses that dominate
/// them imply or whose constant address is one of the memory's `cells`,
/// and the inlined calls whose depth checks a dominating one implies
/// (`depth_fixed`), sorted. `dom` is `f`'s dominator tree.
pub fn implied_checks(
    f: &Function,
    dom: &DomTree,
    cells: u64,
    budget: &mut Budget,
) -> Result<Vec<Inst>, Bail> {
    let mut implied = Vec::new();
    let Some(&root) = dom.rpo.first() else {
        return Ok(implied);
    };
    budget.charge(f.insts.len() as u64)?;
    let walk = Walk {
        f,
        cells,
        depth_fixed: depth_fixed(f),
    };
    // Per base, the offsets proven cells: [lo, hi].
    let mut proven: FxHashMap<Value, (i64, i64)> = FxHashMap::default();
    // What each block changed, undone when the walk leaves its subtree.
    let mut undo: Vec<(Value, Option<(i64, i64)>)> = Vec::new();
    // (block, undo length on entry, children visited, inlined levels
    // proven to fit at its end).
    let levels = walk.visit(root, 0, &mut proven, &mut undo, &mut implied, budget)?;
    let mut stack: Vec<(Block, usize, usize, u32)> = vec![(root, 0, 0, levels)];
    while let Some(top) = stack.last_mut() {
        let (b, mark, next, levels) = *top;
        match dom.children[b.index()].get(next) {
            Some(&child) => {
                top.2 += 1;
                let mark = undo.len();
                let levels =
                    walk.visit(child, levels, &mut proven, &mut undo, &mut implied, budget)?;
                stack.push((child, mark, 0, levels));
            }
            None => {
                for (v, old) in undo.drain(mark..).rev() {
                    match old {
                        Some(range) => proven.insert(v, range),
                        None => proven.remove(&v),
                    };
                }
                stack.pop();
            }
        }
    }
    implied.sort_unstable();
    Ok(implied)
}

/// Whether the calls left (`r13`) stay the same all through `f`'s body:
/// a call gives back what it spends when it returns, and only a self tail
/// call made a jump (`SpendCall`) spends without giving back. Then an
/// inlined call's depth check (`r13 >= level`) is implied by a dominating
/// one at a level as deep or deeper.
fn depth_fixed(f: &Function) -> bool {
    !f.live_blocks()
        .flat_map(|b| f.block(b).insts.iter())
        .any(|&i| matches!(f.kind(i), InstKind::SpendCall | InstKind::GiveBackCalls(_)))
}

struct Walk<'a> {
    f: &'a Function,
    cells: u64,
    depth_fixed: bool,
}

impl Walk<'_> {
    /// Marks `b`'s accesses the table covers, and its inlined calls at
    /// most `levels` deep, and records what the others prove; returns the
    /// levels proven at its end.
    fn visit(
        &self,
        b: Block,
        mut levels: u32,
        proven: &mut FxHashMap<Value, (i64, i64)>,
        undo: &mut Vec<(Value, Option<(i64, i64)>)>,
        implied: &mut Vec<Inst>,
        budget: &mut Budget,
    ) -> Result<u32, Bail> {
        let f = self.f;
        let insts = &f.block(b).insts;
        budget.charge(insts.len() as u64 + 1)?;
        for &i in insts {
            if let InstKind::InlinedCall { level, .. } = *f.kind(i) {
                if self.depth_fixed && level <= levels {
                    implied.push(i);
                }
                levels = levels.max(level);
                continue;
            }
            visit_access(f, i, self.cells, proven, undo, implied);
        }
        Ok(levels)
    }
}

/// Marks access `i` if the table covers it, else records what it proves.
fn visit_access(
    f: &Function,
    i: Inst,
    cells: u64,
    proven: &mut FxHashMap<Value, (i64, i64)>,
    undo: &mut Vec<(Value, Option<(i64, i64)>)>,
    implied: &mut Vec<Inst>,
) {
    let (base, off) = match *f.kind(i) {
        InstKind::Load(base, off) | InstKind::Store(base, off, _) => (base, off),
        _ => return,
    };
    // A constant base makes a constant address: nothing to learn.
    let k = match (f.constant(base), f.constant(off)) {
        (None, Some(k)) => k,
        (Some(b), Some(k)) => {
            if b.wrapping_add(k) < cells {
                implied.push(i);
            }
            return;
        }
        _ => return,
    };
    let k = k as i64;
    if !(-MAX_OFFSET..=MAX_OFFSET).contains(&k) {
        return;
    }
    let old = proven.get(&base).copied();
    match old {
        Some((lo, hi)) if (lo..=hi).contains(&k) => implied.push(i),
        _ => {
            let range = old.map_or((k, k), |(lo, hi)| (lo.min(k), hi.max(k)));
            proven.insert(base, range);
            undo.push((base, old));
        }
    }
}

/// The checker, for `--verify-ir`: each implied access has accesses on
/// its base at offsets on both sides of its own (or at it) that run before
/// it on every path, so it cannot trap; each implied inlined call has one
/// at least as deep before it on every path, in a function whose calls
/// left do not change. By direct dominance queries, not
/// the walk's table.
pub fn check(f: &Function, dom: &DomTree, implied: &[Inst], cells: u64) -> Result<(), String> {
    // Per base, its accesses at offsets that take part: (offset, block,
    // index in the block); and where each access is.
    let mut by_base: FxHashMap<Value, Vec<(i64, Block, usize)>> = FxHashMap::default();
    let mut at = vec![None; f.insts.len()];
    // The inlined calls: (level, block, index in the block), and where each is.
    let mut inlined: Vec<(u32, Block, usize)> = Vec::new();
    let mut inlined_at = vec![None; f.insts.len()];
    for b in f.live_blocks() {
        for (k, &i) in f.block(b).insts.iter().enumerate() {
            if let InstKind::InlinedCall { level, .. } = *f.kind(i) {
                inlined_at[i.index()] = Some((level, b, k));
                inlined.push((level, b, k));
                continue;
            }
            let (InstKind::Load(base, off) | InstKind::Store(base, off, _)) = *f.kind(i) else {
                continue;
            };
            let (None, Some(off)) = (f.constant(base), f.constant(off)) else {
                continue;
            };
            let off = off as i64;
            if (-MAX_OFFSET..=MAX_OFFSET).contains(&off) {
                at[i.index()] = Some((base, off, b, k));
                by_base.entry(base).or_default().push((off, b, k));
            }
        }
    }
    let depth_fixed = depth_fixed(f);
    let runs_before = |b: Block, k: usize, c: Block, j: usize| {
        if c == b {
            j < k
        } else {
            dom.dominates(c, b)
        }
    };
    for &i in implied {
        if let Some((level, b, k)) = inlined_at[i.index()] {
            let proven = depth_fixed
                && inlined
                    .iter()
                    .any(|&(l, c, j)| l >= level && runs_before(b, k, c, j));
            if !proven {
                return Err(format!(
                    "{i:?}'s depth check at level {level} is not implied by an inlined call before it"
                ));
            }
            continue;
        }
        if let InstKind::Load(base, off) | InstKind::Store(base, off, _) = *f.kind(i) {
            if let (Some(b), Some(k)) = (f.constant(base), f.constant(off)) {
                if b.wrapping_add(k) < cells {
                    continue;
                }
            }
        }
        let Some((base, off, b, k)) = at[i.index()] else {
            return Err(format!("{i:?} is not an access on a variable base"));
        };
        let before = by_base[&base]
            .iter()
            .filter(|&&(_, c, j)| runs_before(b, k, c, j))
            .map(|a| a.0);
        let (lo, hi) = before.fold((i64::MAX, i64::MIN), |(lo, hi), o| (lo.min(o), hi.max(o)));
        if !(lo <= off && off <= hi) {
            return Err(format!(
                "{i:?}'s check at offset {off} is not implied by the accesses before it"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check;
    use crate::analysis::dom;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// The source lines of `main`'s accesses whose checks are implied.
    fn implied_lines(text: &str) -> Vec<u32> {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx =
            Context::compiled_to(&program, program.main, Phase::DedupChecks).expect("compiles");
        let f = ctx.func.as_ref().expect("the IR");
        let implied = ctx.implied.as_ref().expect("the implied checks");
        implied
            .iter()
            .map(|&i| program.func(program.main).positions[f.line_src(i) as usize].line)
            .collect()
    }

    #[test]
    fn offsets_between_two_proven_ones_are_implied() {
        let lines = implied_lines(
            ".memory 64
func main(%b)
    load %x, [%b+1]
    load %y, [%b+6]
    load %z, [%b+3]
    store [%b+1], %z
    load %w, [%b+7]
    load %u, [%b]
    ret %w
end
",
        );
        // [b+3] and the store to [b+1] lie in [1, 6]; [b+7] and [b] widen it.
        assert_eq!(lines, [5, 6]);
    }

    #[test]
    fn an_inlined_call_proves_the_depth_for_those_it_dominates() {
        // `one`'s body is inlined three times: the second call (line 9)
        // is dominated by the first; the third (line 12) is after the
        // join of the branch, where the first still dominates it.
        let lines = implied_lines(
            ".memory 4
func one(%x)
    print %x
    ret %x
end
func main(%n)
    call %a, one, %n
    jz %n, skip
    call %b, one, %a
skip:
    add %n, %n, 1
    call %c, one, %n
    ret %c
end
",
        );
        assert_eq!(lines, [9, 12]);
    }

    #[test]
    fn calls_left_that_change_leave_every_depth_check() {
        // `main` calls itself in tail position: a jump that spends a call,
        // so the calls left differ from one inlined call to the next.
        let lines = implied_lines(
            ".memory 4
func one(%x)
    print %x
    ret %x
end
func main(%n)
    call %a, one, %n
    call %b, one, %a
    jz %n, done
    sub %n, %n, 1
    call %r, main, %n
    ret %r
done:
    ret %b
end
",
        );
        assert_eq!(lines, Vec::<u32>::new());
    }

    #[test]
    fn facts_hold_only_where_their_access_dominates() {
        let lines = implied_lines(
            ".memory 64
func main(%b, %c)
    jz %c, other
    load %x, [%b]
    load %y, [%b+2]
    load %z, [%b+1]
    ret %z
other:
    load %w, [%b+1]
    ret %w
end
",
        );
        // The branch not taken proves [b, b+2]; the other path knows
        // nothing of it.
        assert_eq!(lines, [6]);
    }

    #[test]
    fn the_checker_refuses_an_access_nothing_before_it_covers() {
        let program = vm::load(
            b".memory 64\nfunc main(%b)\n    load %x, [%b]\n    load %y, [%b+2]\n    ret %y\nend\n",
        )
        .expect("loads");
        let ctx =
            Context::compiled_to(&program, program.main, Phase::DedupChecks).expect("compiles");
        let f = ctx.func.as_ref().expect("the IR");
        let dom = dom::dominators(f, &mut crate::pipeline::budget::Budget::unlimited())
            .expect("dominators");
        let loads: Vec<_> = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .filter(|&i| matches!(f.kind(i), crate::ir::InstKind::Load(..)))
            .collect();
        assert_eq!(ctx.implied.as_deref(), Some(&[][..]));
        assert!(check(f, &dom, &loads[1..], 64).is_err());
        assert!(check(f, &dom, &[], 64).is_ok());
    }

    #[test]
    fn a_constant_address_inside_needs_no_proof_and_a_far_offset_takes_no_part() {
        let lines = implied_lines(
            ".memory 64
func main(%b)
    load %x, [5]
    load %y, [64]
    load %z, [%b+4294967296]
    load %w, [%b+4294967296]
    load %u, [%b]
    load %v, [%b+5]
    load %t, [%b+3]
    ret %w
end
",
        );
        // [5] is a cell, [64] is not. The far offsets prove nothing and
        // spoil nothing: [b+3] lies in [0, 5] (and the checker, run by
        // `compiled_to`, agrees).
        assert_eq!(lines, [3, 9]);
    }
}
