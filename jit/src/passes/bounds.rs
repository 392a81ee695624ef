//! Bounds-check elimination by loop versioning, on the out-of-SSA IR.
//!
//! A loop whose index `j` is tested against a loop-invariant limit `n`
//! once per iteration indexes the memory with cells in a range the guard
//! can bound before the loop. Two shapes, tested at the top (the header
//! only branches) or at the bottom (the one latch branches back):
//!
//! - **Up**: the loop stays while `j < n` (or `j <= n`: `inclusive`) and
//!   moves `j` only by adding steps in `[0, 2^31)`. If `j >= 0` on entry
//!   and `n <= cells - K` (`n + 1` inclusive), every `[j + K]` read where
//!   the test still holds is in bounds.
//! - **Down**: the loop stays while `j >= n` (or `j > n`) and moves `j`
//!   only by subtracting such steps. If `n >= 0` and `j < cells - K` on
//!   entry, `j` never rises above its entry value, so the same holds.
//!
//! A loop tested at the bottom runs its first iteration untested, so its
//! guard also checks the test itself on entry. The emitter places the
//! guard on each edge into the header and, when it holds, runs a second
//! copy of the loop without the checks; otherwise the ordinary copy, so
//! a trap still happens at the same instruction with the same output
//! before it. Check hoisting in the spirit of Gupta ("Optimizing array
//! bound checks using flow analysis", LOPLAS 2(1-4), 1993), as loop
//! versioning: the failing case keeps its checks rather than trapping
//! early, since a trap must wait for its own iteration.
//!
//! The proof is a forward must-analysis over the loop of three facts per
//! value derived from `j` (by copies, adds and subtractions): `open`, the
//! bound the guard gives on entry and the steps keep (`v >= 0` going up,
//! `v <=` the entry value going down); `bounded`, both bounds (`0 <= v <
//! n` up, `n <= v <= entry` down), which the test's staying edge adds to
//! `open`; and `shifted`, `v = b + w` for a bounded `w` and the value's
//! one loop-invariant base `b` (every definition of `v` in the loop adds
//! the same `b`: an array at `b` indexed by the loop, `[%a + %j]`). A
//! step from a bounded value (at most 2^28, the largest memory) cannot
//! overflow; any other definition forgets the facts. The fixpoint goes
//! over the loop in reverse postorder, round its inner loops until
//! nothing changes. Single-entry loops are versioned if no loop inside
//! has a loop inside: an outer loop's copy holds copies of its inner
//! loops (checked, and unchecked behind their guards), one deep.
//!
//! The `fields` phase after this one (`fields`) adds the accesses at a
//! loop-invariant base and a constant offset, a record's fields through
//! a pointer the loop does not move (`Fixed`): the guard checks the
//! base once for the span of offsets. It versions a counted loop for
//! them alone where they take at least `MIN_FIXED_CHECKS` checks out of
//! an iteration.

use crate::analysis::loops::LoopForest;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind};
use crate::passes::group_checks::Group;
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

/// Loops with more blocks or instructions are left checked (the copy
/// doubles their code).
const MAX_BLOCKS: usize = 64;
const MAX_INSTS: usize = 1_000;
/// Values derived from the index that the analysis follows (bits of a u64).
const MAX_TRACKED: usize = 64;
/// Largest constant cell offset (`[j + K]`) an unchecked access may have.
const MAX_OFFSET: u64 = 1 << 20;
/// Steps must be below this; with an index below 2^28 the sum cannot
/// overflow.
pub const STEP_LIMIT: u64 = 1 << 31;

/// Which way a versioned loop's index moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Up by non-negative steps while `index < limit`.
    Up,
    /// Down by non-negative steps while `index >= limit` (or `>`).
    Down,
}

/// A loop to emit twice: checked, and with `unchecked` accesses unchecked
/// behind the guard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionedLoop {
    pub header: Block,
    /// The header and the loop's body, sorted.
    pub blocks: Vec<Block>,
    /// The loads and stores whose bounds check the guard makes redundant.
    pub unchecked: Vec<Inst>,
    pub direction: Direction,
    /// The test is the latch's branch back to the header, so the guard
    /// also checks that it holds on entry.
    pub bottom_tested: bool,
    /// Going up, the loop stays while `index <= limit` (else `<`).
    pub inclusive: bool,
    /// The guard (`lower`, `upper` as the methods below say):
    /// `lower >= 0`, `upper <= cells - max_offset`, every one of `steps`
    /// in `[0, STEP_LIMIT)`, and the test itself if `bottom_tested`.
    pub index: Value,
    pub limit: Value,
    pub max_offset: u64,
    pub steps: Vec<Value>,
    /// Loop-invariant bases of unchecked accesses: the guard also needs
    /// `base + upper <= cells - max_offset` for each (and each is among
    /// `steps`, or a constant below `STEP_LIMIT`).
    pub bases: Vec<Value>,
    /// Values stepped in lockstep with the index, whose accesses are
    /// unchecked too (`Strided`).
    pub strided: Vec<Strided>,
    /// Loop-invariant addresses whose accesses are unchecked too
    /// (`Fixed`): a record's fields read and written in the loop.
    pub fixed: Vec<Fixed>,
    /// Whether some unchecked access relies on the index's bounds; if
    /// none does (only `fixed` ones), the guard checks the fixed cells
    /// alone.
    pub indexed: bool,
}

/// The accesses of a versioned loop at a loop-invariant base (`[%q +
/// k]`, a record's fields through a pointer the loop does not move), for
/// constant offsets `k` in `[low, high]`. The guard checks `base + low`
/// in `[0, cells - (high - low))`, one unsigned compare, so every such
/// cell is in the memory; a sum that wraps fails it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    pub base: Value,
    pub low: u64,
    pub high: u64,
}

/// A value the loop steps once per iteration in lockstep with its index
/// (`ai += s` where `k += 1`, the address of a strided walk): in the
/// `t`-th iteration it is `entry + t * step` (`+ step` more after the
/// step, `after`), for `t` below `limit - index` on entry, the most
/// iterations the index allows. The guard checks `entry` in `[0,
/// STEP_LIMIT)` and `entry + (limit - index - 1 + after) * step +
/// max_offset < cells` when the loop runs at all; the step is in
/// `steps` (or a constant below `STEP_LIMIT`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strided {
    pub value: Value,
    pub step: Value,
    pub max_offset: u64,
    pub after: bool,
}

impl VersionedLoop {
    pub fn contains(&self, b: Block) -> bool {
        self.blocks.binary_search(&b).is_ok()
    }

    /// The value the guard holds to at least 0: the least the index
    /// can be where it is bounded.
    pub fn lower(&self) -> Value {
        match self.direction {
            Direction::Up => self.index,
            Direction::Down => self.limit,
        }
    }

    /// The value past every bounded index, and whether it is that value
    /// plus 1 (going down, the index on entry is the most it can be;
    /// going up inclusive, the limit).
    pub fn upper(&self) -> (Value, bool) {
        match self.direction {
            Direction::Up => (self.limit, self.inclusive),
            Direction::Down => (self.index, true),
        }
    }

    /// The guard, for dumps, with values named by `name`.
    pub fn guard_text(&self, name: &dyn Fn(Value) -> String) -> String {
        let fixed = self.fixed.iter().map(|c| {
            let b = name(c.base);
            format!("{b} + {} >= 0, {b} + {} < cells", c.low, c.high)
        });
        if !self.indexed {
            return fixed.collect::<Vec<_>>().join(", ");
        }
        let fixed: Vec<String> = fixed.collect();
        let (upper, plus_one) = self.upper();
        let upper = format!("{}{}", name(upper), if plus_one { " + 1" } else { "" });
        let cells = format!("cells - {}", self.max_offset);
        let mut parts = vec![
            format!("{} >= 0", name(self.lower())),
            format!("{upper} <= {cells}"),
        ];
        parts.extend(
            self.bases
                .iter()
                .map(|&b| format!("{} + {upper} <= {cells}", name(b))),
        );
        parts.extend(
            self.steps
                .iter()
                .map(|&s| format!("{} in [0, 2^31)", name(s))),
        );
        for v in &self.strided {
            let (x, i, l) = (name(v.value), name(self.index), name(self.limit));
            let extra = if v.after { "" } else { " - 1" };
            parts.push(format!(
                "{x} in [0, 2^31), {x} + ({l} - {i}{extra}) * {} + {} < cells if {i} < {l}",
                name(v.step),
                v.max_offset
            ));
        }
        if self.bottom_tested {
            let (i, l) = (name(self.index), name(self.limit));
            parts.push(match self.direction {
                Direction::Up if self.inclusive => format!("{i} <= {l}"),
                Direction::Up => format!("{i} < {l}"),
                Direction::Down => format!("{i} >= {l}"),
            });
        }
        parts.extend(fixed);
        parts.join(", ")
    }
}

/// The accesses whose checks others make already, sorted: those
/// `dedup_checks` proved implied, and each group's members past its head
/// (`group_checks`: the head checks the group's span).
pub fn covered(implied: &[Inst], groups: &[Group]) -> Vec<Inst> {
    let members = groups
        .iter()
        .flat_map(|g| g.members[1..].iter().map(|&(i, _)| i));
    let mut covered: Vec<Inst> = implied.iter().copied().chain(members).collect();
    covered.sort_unstable();
    covered
}

/// A loop that may be versioned: its blocks sorted, and in order from
/// the header (`in_order`). Found once (`bodies`) for `find` and
/// `fields`.
#[derive(Clone, Debug)]
pub struct LoopBody {
    blocks: Vec<Block>,
    order: Vec<Block>,
}

/// The loops of `f` that may be versioned: loops of the forest with no
/// loop two deep inside, of at most `MAX_BLOCKS` blocks, that access
/// memory.
pub fn bodies(
    f: &Function,
    loops: &LoopForest,
    budget: &mut Budget,
) -> Result<Vec<LoopBody>, Bail> {
    let mut marks = Marks {
        in_body: vec![false; f.blocks.len()],
        state: vec![Visit::New; f.blocks.len()],
    };
    // Loops with a loop inside that has one inside too: these are not
    // versioned, so a versioned loop holds versioned loops only one deep
    // (the emitter's copies nest no further).
    let mut deep = vec![false; loops.len()];
    for l in loops.loops() {
        let data = loops.get(l);
        if let Some(p) = data.parent.filter(|_| !data.innermost) {
            deep[p.index()] = true;
        }
    }
    let mut eligible = Vec::new();
    for l in loops.loops() {
        let data = loops.get(l);
        if deep[l.index()] || loops.blocks(l).len() > MAX_BLOCKS + 1 {
            continue;
        }
        budget.charge(loops.blocks(l).len() as u64)?;
        // A loop with no access has no check to take out: no candidate.
        if !loops.blocks(l).iter().any(|&b| accesses_memory(f, b)) {
            continue;
        }
        let blocks = loops.sorted_blocks(l);
        let order = in_order(f, data.header, &blocks, &mut marks);
        eligible.push(LoopBody { blocks, order });
    }
    Ok(eligible)
}

/// The loops of `f` worth versioning for their indexed accesses: of the
/// loops that may be (`bodies`), those tested against a limit.
pub fn find(
    f: &Function,
    bodies: &[LoopBody],
    budget: &mut Budget,
) -> Result<Vec<VersionedLoop>, Bail> {
    let mut found = Vec::new();
    for LoopBody { blocks, order } in bodies {
        found.extend(candidate(f, blocks, order, budget)?);
    }
    // The emitter lays out the unchecked copies in this order.
    found.sort_unstable_by_key(|l| l.header);
    Ok(found)
}

/// What `fields` did: fixed bases added to the guards, and loops
/// versioned for them alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FieldCounts {
    pub bases: usize,
    pub loops: usize,
}

/// Adds to the versioned loops (`find`'s, kept sorted by header) the
/// accesses at loop-invariant bases (`Fixed`) whose span of offsets fits
/// the memory's `cells`, and versions for them alone the counted loops
/// where they take out at least `MIN_FIXED_CHECKS` checks an iteration
/// that others (`covered`) do not make already: a loop entered often for
/// a few iterations (a recursion's) would pay the guard and a second
/// copy of its code for fewer.
pub fn fields(
    f: &Function,
    bodies: &[LoopBody],
    versioned: &mut Vec<VersionedLoop>,
    covered: &[Inst],
    cells: u64,
    budget: &mut Budget,
) -> Result<FieldCounts, Bail> {
    let mut counts = FieldCounts::default();
    for LoopBody { blocks, order } in bodies {
        let inside = |b: Block| blocks.binary_search(&b).is_ok();
        let mut defined: Vec<Value> = order
            .iter()
            .flat_map(|&b| f.block(b).insts.iter().filter_map(|&i| f.inst(i).result))
            .collect();
        defined.sort_unstable();
        let defined_inside = |v: Value| defined.binary_search(&v).is_ok();
        budget.charge(blocks.len() as u64 + defined.len() as u64)?;
        let header = order[0];
        if let Ok(k) = versioned.binary_search_by_key(&header, |l| l.header) {
            let l = &mut versioned[k];
            let (accesses, fixed) = fixed(f, order, &defined_inside, &l.unchecked, cells);
            counts.bases += fixed.len();
            l.unchecked.extend(accesses);
            l.unchecked.sort_unstable();
            l.fixed = fixed;
            continue;
        }
        let Some(test) = shape(f, order, &inside, &defined_inside) else {
            continue;
        };
        let (mut unchecked, fixed) = fixed(f, order, &defined_inside, &[], cells);
        unchecked.sort_unstable();
        let removed = unchecked
            .iter()
            .filter(|i| covered.binary_search(i).is_err())
            .count();
        if removed < MIN_FIXED_CHECKS {
            continue;
        }
        counts.bases += fixed.len();
        counts.loops += 1;
        let at = versioned.partition_point(|l| l.header < header);
        versioned.insert(
            at,
            VersionedLoop {
                header,
                blocks: blocks.clone(),
                unchecked,
                direction: test.direction,
                bottom_tested: test.bottom,
                inclusive: test.inclusive,
                index: test.entry,
                limit: test.limit,
                max_offset: 0,
                steps: Vec::new(),
                bases: Vec::new(),
                strided: Vec::new(),
                fixed,
                indexed: false,
            },
        );
    }
    Ok(counts)
}

fn accesses_memory(f: &Function, b: Block) -> bool {
    f.block(b)
        .insts
        .iter()
        .any(|&i| matches!(f.kind(i), InstKind::Load(..) | InstKind::Store(..)))
}

/// A loop's test: the branch ending `block`, which stays in the loop on
/// the edge to `stay`, where `index < limit` (going up) or `index >=
/// limit` (going down) holds. `entry` is the value the test's index is in
/// when the header is entered: the index itself, or (at the bottom) the
/// value the back edge copies it to.
#[derive(Clone, Copy, Debug)]
struct Test {
    block: Block,
    stay: Block,
    index: Value,
    limit: Value,
    entry: Value,
    direction: Direction,
    bottom: bool,
    /// Going up, `index <= limit` stays (else `<`).
    inclusive: bool,
}

/// The test of the loop with header `h`: the header itself if it only
/// branches, else the branch of its one latch, or of the block before a
/// latch of copies (an edge split for them).
fn loop_test(
    f: &Function,
    h: Block,
    inside: &dyn Fn(Block) -> bool,
    defined_inside: &dyn Fn(Value) -> bool,
) -> Option<Test> {
    let test = |block: Block, bottom: bool| {
        let branch = *f.block(block).insts.last()?;
        classify(f, block, branch, inside, defined_inside, bottom)
    };
    if let [branch] = f.block(h).insts[..] {
        if matches!(f.kind(branch), InstKind::Branch { .. }) {
            return test(h, false);
        }
    }
    let mut latches = f.block(h).preds().iter().copied().filter(|&p| inside(p));
    let (Some(latch), None) = (latches.next(), latches.next()) else {
        return None;
    };
    if let Some(t) = test(latch, true).filter(|t| t.stay == h) {
        return Some(t);
    }
    let (last, copies) = f.block(latch).insts.split_last()?;
    let only_copies = copies
        .iter()
        .all(|&i| matches!(f.kind(i), InstKind::Copy(_)));
    let [before] = f.block(latch).preds()[..] else {
        return None;
    };
    if !matches!(f.kind(*last), InstKind::Jump(_)) || !only_copies {
        return None;
    }
    let t = test(before, true).filter(|t| t.stay == latch)?;
    let carried = copies.iter().find_map(|&i| match *f.kind(i) {
        InstKind::Copy(x) if x == t.index => f.inst(i).result,
        _ => None,
    });
    Some(Test {
        entry: carried.unwrap_or(t.index),
        ..t
    })
}

/// The test made by `branch`, ending `block`, if one of its targets
/// stays in the loop and the other leaves, and it compares a value the
/// loop defines with one it does not.
fn classify(
    f: &Function,
    block: Block,
    branch: Inst,
    inside: &dyn Fn(Block) -> bool,
    defined_inside: &dyn Fn(Value) -> bool,
    bottom: bool,
) -> Option<Test> {
    let InstKind::Branch {
        op,
        args: [a, b],
        taken,
        fallthrough,
    } = *f.kind(branch)
    else {
        return None;
    };
    let (stay, taken_stays) = match (inside(taken), inside(fallthrough)) {
        (true, false) => (taken, true),
        (false, true) => (fallthrough, false),
        _ => return None,
    };
    // On the staying edge: `lhs < rhs` (strict) or `lhs <= rhs`.
    let (lhs, rhs, strict) = match (op, taken_stays) {
        (Op::Jlt, true) | (Op::Jge, false) => (a, b, true),
        (Op::Jge, true) | (Op::Jlt, false) => (b, a, false),
        (Op::Jgt, true) | (Op::Jle, false) => (b, a, true),
        (Op::Jle, true) | (Op::Jgt, false) => (a, b, false),
        _ => return None,
    };
    let (index, limit, direction) = match (defined_inside(lhs), defined_inside(rhs)) {
        (true, false) => (lhs, rhs, Direction::Up),
        (false, true) => (rhs, lhs, Direction::Down),
        _ => return None,
    };
    // Going down, `index >= limit` and `index > limit` both keep the
    // index at least the limit.
    let inclusive = direction == Direction::Up && !strict;
    Some(Test {
        block,
        stay,
        index,
        limit,
        entry: index,
        direction,
        bottom,
        inclusive,
    })
}

fn candidate(
    f: &Function,
    blocks: &[Block],
    order: &[Block],
    budget: &mut Budget,
) -> Result<Option<VersionedLoop>, Bail> {
    let inside = |b: Block| blocks.binary_search(&b).is_ok();
    let insts = || order.iter().flat_map(|&b| f.block(b).insts.iter().copied());
    let mut defined: Vec<Value> = insts().filter_map(|i| f.inst(i).result).collect();
    defined.sort_unstable();
    let defined_inside = |v: Value| defined.binary_search(&v).is_ok();
    let Some(test) = shape(f, order, &inside, &defined_inside) else {
        return Ok(None);
    };
    let tracked = tracked(f, order, test.index);
    let step_ok = |s: Value| match f.constant(s) {
        Some(c) => c < STEP_LIMIT,
        None => !defined_inside(s),
    };
    let bases = bases(f, order, &tracked, &step_ok);
    let proof = Proof {
        f,
        tracked: &tracked,
        bases: &bases,
        step_ok: &step_ok,
        direction: test.direction,
    };
    let facts = proof.solve(&test, order, &inside, budget)?;
    let (mut unchecked, max_offset, mut steps, bases) = proof.collect(&facts, order);
    let (more, strided) = strided(f, order, &test, &inside, &step_ok, &unchecked);
    unchecked.extend(more);
    unchecked.sort_unstable();
    for v in &strided {
        if f.constant(v.step).is_none() && !steps.contains(&v.step) {
            steps.push(v.step);
        }
    }
    let versioned = VersionedLoop {
        header: order[0],
        blocks: blocks.to_vec(),
        unchecked,
        direction: test.direction,
        bottom_tested: test.bottom,
        inclusive: test.inclusive,
        index: test.entry,
        limit: test.limit,
        max_offset,
        steps,
        bases,
        strided,
        fixed: Vec::new(),
        indexed: true,
    };
    // The guard tests `lower >= 0` only where `lower` is not a constant.
    let lower = f.constant(versioned.lower());
    let guardable = lower.is_none_or(|c| (c as i64) >= 0);
    Ok((guardable && !versioned.unchecked.is_empty()).then_some(versioned))
}

/// Most values a loop's guard checks as stepped in lockstep.
const MAX_STRIDED: usize = 8;
/// Most loop-invariant bases a loop's guard checks (`Fixed`).
const MAX_FIXED: usize = 8;
/// Fewest checks the fixed cells must take out of an iteration to
/// version a loop no index bounds.
const MIN_FIXED_CHECKS: usize = 3;

/// The loop's accesses at a loop-invariant base and a small constant
/// offset that `checked_already` does not hold, and their bases'
/// ranges of offsets, at most `MAX_FIXED` bases (the first met), each
/// base's span narrower than the memory's `cells` (a wider one could
/// never pass the guard: its accesses keep their checks).
fn fixed(
    f: &Function,
    order: &[Block],
    defined_inside: &dyn Fn(Value) -> bool,
    checked_already: &[Inst],
    cells: u64,
) -> (Vec<Inst>, Vec<Fixed>) {
    let (mut accesses, mut fixed) = (Vec::new(), Vec::<Fixed>::new());
    for &i in order.iter().flat_map(|&b| &f.block(b).insts) {
        let (InstKind::Load(a, b) | InstKind::Store(a, b, _)) = *f.kind(i) else {
            continue;
        };
        if checked_already.binary_search(&i).is_ok() {
            continue;
        }
        let cell = [(a, b), (b, a)].into_iter().find_map(|(v, k)| {
            let k = f.constant(k).filter(|&k| k <= MAX_OFFSET)?;
            (f.constant(v).is_none() && !defined_inside(v)).then_some((v, k))
        });
        let Some((base, k)) = cell else { continue };
        match fixed.iter().position(|c| c.base == base) {
            Some(j) => {
                fixed[j].low = fixed[j].low.min(k);
                fixed[j].high = fixed[j].high.max(k);
            }
            None if fixed.len() < MAX_FIXED => fixed.push(Fixed {
                base,
                low: k,
                high: k,
            }),
            None => continue,
        }
        accesses.push((i, base));
    }
    fixed.retain(|c| c.high - c.low < cells);
    let accesses = accesses
        .into_iter()
        .filter(|&(_, base)| fixed.iter().any(|c| c.base == base))
        .map(|(i, _)| i)
        .collect();
    (accesses, fixed)
}

/// A step in the loop's one latch: `next = add value, step` at `at`, and
/// the copy of `next` back into `value` at `back` (`at` itself where the
/// two are one value).
#[derive(Clone, Copy)]
struct Stepped {
    value: Value,
    next: Value,
    step: Value,
    at: usize,
    back: usize,
}

/// The accesses of a loop tested at the top going up (not already in
/// `unchecked`) at a value stepped in lockstep with the index, and those
/// values (`Strided`). The index must step by exactly 1 once per
/// iteration, in the one latch, so the loop runs at most `limit - index`
/// iterations from entry; so must each value, by a step the guard can
/// bound, with no other definition of it (or of its `next`) in the loop.
/// Each access's cell is the value (or its `next`, after the step) plus
/// a small constant.
fn strided(
    f: &Function,
    order: &[Block],
    test: &Test,
    inside: &dyn Fn(Block) -> bool,
    step_ok: &dyn Fn(Value) -> bool,
    unchecked: &[Inst],
) -> (Vec<Inst>, Vec<Strided>) {
    let none = (Vec::new(), Vec::new());
    // The guard counts `limit - index` iterations: not `<=`'s one more.
    if test.direction != Direction::Up || test.bottom || test.inclusive {
        return none;
    }
    let mut latches = f
        .block(order[0])
        .preds()
        .iter()
        .copied()
        .filter(|&p| inside(p));
    let (Some(latch), None) = (latches.next(), latches.next()) else {
        return none;
    };
    // Ending in a jump to the header, the latch runs once per iteration.
    let last = f.block(latch).insts.last();
    if !last.is_some_and(|&i| matches!(*f.kind(i), InstKind::Jump(h) if h == order[0])) {
        return none;
    }
    let defs = |v: Value| {
        order
            .iter()
            .flat_map(|&b| f.block(b).insts.iter())
            .filter(|&&i| f.inst(i).result == Some(v))
            .count()
    };
    let stepped: Vec<Stepped> = steps_in(f, &f.block(latch).insts)
        .into_iter()
        .filter(|s| step_ok(s.step) && defs(s.value) == 1 && defs(s.next) == 1)
        .collect();
    let index = stepped.iter().find(|s| s.value == test.index);
    if index.is_none_or(|s| f.constant(s.step) != Some(1)) {
        return none;
    }
    let mut found: Vec<Strided> = Vec::new();
    let mut accesses = Vec::new();
    for &b in order {
        for (p, &i) in f.block(b).insts.iter().enumerate() {
            let (InstKind::Load(x, y) | InstKind::Store(x, y, _)) = *f.kind(i) else {
                continue;
            };
            if unchecked.contains(&i) {
                continue;
            }
            let access = [(x, y), (y, x)].into_iter().find_map(|(v, k)| {
                let k = f.constant(k).filter(|&k| k <= MAX_OFFSET)?;
                let s = stepped
                    .iter()
                    .find(|s| s.value != test.index && (s.value == v || s.next == v))?;
                // In the latch, `next` is the value one step on from the
                // add, and so is `value` from the copy back; elsewhere
                // `value` is the value at the top of the iteration (and
                // `next` may be the last iteration's).
                let (stepped_on, copied_back) = (b == latch && p > s.at, b == latch && p > s.back);
                if v == s.value {
                    Some((*s, k, copied_back))
                } else {
                    stepped_on.then_some((*s, k, true))
                }
            });
            let Some((s, k, after)) = access else {
                continue;
            };
            if let Some(v) = found.iter_mut().find(|v| v.value == s.value) {
                v.max_offset = v.max_offset.max(k);
                v.after |= after;
            } else if found.len() < MAX_STRIDED {
                found.push(Strided {
                    value: s.value,
                    step: s.step,
                    max_offset: k,
                    after,
                });
            } else {
                continue;
            }
            accesses.push(i);
        }
    }
    (accesses, found)
}

/// The steps `next = add value, step` in `insts` followed by a copy of
/// `next` back into `value` (or with `next` being `value`).
fn steps_in(f: &Function, insts: &[Inst]) -> Vec<Stepped> {
    let mut found = Vec::new();
    for (at, &i) in insts.iter().enumerate() {
        let (&InstKind::Binary(Op::Add, x, y), Some(next)) = (f.kind(i), f.inst(i).result) else {
            continue;
        };
        for (value, step) in [(x, y), (y, x)] {
            if f.constant(value).is_some() {
                continue;
            }
            let back = if next == value {
                Some(at)
            } else {
                insts[at + 1..]
                    .iter()
                    .position(|&c| {
                        matches!(*f.kind(c), InstKind::Copy(src) if src == next)
                            && f.inst(c).result == Some(value)
                    })
                    .map(|k| at + 1 + k)
            };
            if let Some(back) = back {
                found.push(Stepped {
                    value,
                    next,
                    step,
                    at,
                    back,
                });
                break;
            }
        }
    }
    found
}

/// The test of the loop of `order` (its header first), if the loop has
/// one, a single entry reached only by jumps (the emitter puts the guard
/// on them), and at most `MAX_INSTS` instructions.
fn shape(
    f: &Function,
    order: &[Block],
    inside: &dyn Fn(Block) -> bool,
    defined_inside: &dyn Fn(Value) -> bool,
) -> Option<Test> {
    let h = order[0];
    if order[1..]
        .iter()
        .any(|&b| !f.block(b).preds().iter().all(|&p| inside(p)))
    {
        return None;
    }
    for p in f.block(h).preds().iter().filter(|&&p| !inside(p)) {
        let last = *f.block(*p).insts.last()?;
        if !matches!(f.kind(last), InstKind::Jump(_)) {
            return None;
        }
    }
    let count: usize = order.iter().map(|&b| f.block(b).insts.len()).sum();
    if count > MAX_INSTS {
        return None;
    }
    loop_test(f, h, inside, defined_inside)
}

/// Per-block marks for `body`, reset after each use so that one
/// allocation serves every loop of the function.
struct Marks {
    in_body: Vec<bool>,
    state: Vec<Visit>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    New,
    OnPath,
    Done,
}

/// The loop `blocks` of header `h`, `h` first, in reverse postorder.
fn in_order(f: &Function, h: Block, blocks: &[Block], marks: &mut Marks) -> Vec<Block> {
    let members = || blocks.iter().copied().filter(|&b| b != h);
    for b in members() {
        marks.in_body[b.index()] = true;
    }
    let mut order = reverse_postorder(f, h, marks);
    for b in members() {
        marks.in_body[b.index()] = false;
        marks.state[b.index()] = Visit::New;
    }
    order.insert(0, h);
    order
}

/// The marked body in reverse postorder of a depth-first search from `h`:
/// a topological order if the body has no cycle of its own (an inner
/// loop), which the fixpoint then goes round.
fn reverse_postorder(f: &Function, h: Block, marks: &mut Marks) -> Vec<Block> {
    let mut post = Vec::new();
    let mut path: Vec<(Block, usize)> = vec![(h, 0)];
    while let Some((b, k)) = path.pop() {
        let succs = f.block(b).succs();
        if k < succs.len() {
            path.push((b, k + 1));
            let s = succs[k];
            if !marks.in_body[s.index()] {
                continue;
            }
            match marks.state[s.index()] {
                Visit::New => {
                    marks.state[s.index()] = Visit::OnPath;
                    path.push((s, 0));
                }
                Visit::OnPath | Visit::Done => {}
            }
        } else if b != h {
            marks.state[b.index()] = Visit::Done;
            post.push(b);
        }
    }
    post.reverse();
    post
}

/// `index` and the values the body derives from it by copies and adds.
fn tracked(f: &Function, body: &[Block], index: Value) -> Vec<Value> {
    let mut tracked = vec![index];
    loop {
        let before = tracked.len();
        for &b in body {
            for &i in &f.block(b).insts {
                let Some(r) = f.inst(i).result else { continue };
                let derived = match *f.kind(i) {
                    InstKind::Copy(x) => tracked.contains(&x),
                    InstKind::Binary(Op::Add, x, y) => tracked.contains(&x) || tracked.contains(&y),
                    InstKind::Binary(Op::Sub, x, _) => tracked.contains(&x),
                    _ => false,
                };
                if derived && !tracked.contains(&r) && tracked.len() < MAX_TRACKED {
                    tracked.push(r);
                }
            }
        }
        if tracked.len() == before {
            return tracked;
        }
    }
}

/// Per tracked value, its base: the one value every definition of it in
/// the body adds to another tracked value, if there is one and the guard
/// can bound it (`step_ok`).
fn bases(
    f: &Function,
    body: &[Block],
    tracked: &[Value],
    step_ok: &dyn Fn(Value) -> bool,
) -> Vec<Option<Value>> {
    let mut bases: Vec<Option<Option<Value>>> = vec![None; tracked.len()];
    for &b in body {
        for &i in &f.block(b).insts {
            let Some(k) = f
                .inst(i)
                .result
                .and_then(|r| tracked.iter().position(|&t| t == r))
            else {
                continue;
            };
            let base = match *f.kind(i) {
                InstKind::Binary(Op::Add, x, y) => {
                    match (tracked.contains(&x), tracked.contains(&y)) {
                        (true, false) => Some(y),
                        (false, true) => Some(x),
                        _ => None,
                    }
                }
                _ => None,
            }
            .filter(|&base| step_ok(base));
            bases[k] = match bases[k] {
                None => Some(base),
                Some(seen) if seen == base => Some(seen),
                Some(_) => Some(None),
            };
        }
    }
    bases.into_iter().map(Option::flatten).collect()
}

/// What is known of the tracked values at a point: bit k of `open` says
/// `tracked[k]` has the bound the guard gives and the steps keep, of
/// `bounded` that it has both bounds, of `shifted` that `tracked[k] =
/// base + w` with `w` bounded (`bases`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Facts {
    open: u64,
    bounded: u64,
    shifted: u64,
}

impl Facts {
    const ALL: Facts = Facts {
        open: u64::MAX,
        bounded: u64::MAX,
        shifted: u64::MAX,
    };

    fn meet(self, other: Facts) -> Facts {
        Facts {
            open: self.open & other.open,
            bounded: self.bounded & other.bounded,
            shifted: self.shifted & other.shifted,
        }
    }

    fn set(&mut self, bit: u64, open: bool, bounded: bool, shifted: bool) {
        let put = |word: &mut u64, on: bool| *word = if on { *word | bit } else { *word & !bit };
        put(&mut self.open, open);
        put(&mut self.bounded, bounded);
        put(&mut self.shifted, shifted);
    }
}

struct Proof<'a> {
    f: &'a Function,
    tracked: &'a [Value],
    /// Indexed like `tracked`.
    bases: &'a [Option<Value>],
    step_ok: &'a dyn Fn(Value) -> bool,
    direction: Direction,
}

impl Proof<'_> {
    fn bit(&self, v: Value) -> Option<u64> {
        self.tracked.iter().position(|&t| t == v).map(|k| 1 << k)
    }

    fn bounded(&self, facts: Facts, x: Value) -> bool {
        self.bit(x).is_some_and(|bx| facts.bounded & bx != 0)
    }

    /// The base of tracked value `v`, if it has one.
    fn base(&self, v: Value) -> Option<Value> {
        let k = self.tracked.iter().position(|&t| t == v)?;
        self.bases[k]
    }

    /// The step `i` takes from a bounded value the way the index moves,
    /// if it is one: `x + s` going up, `x - s` (or `x + c`, `c <= 0` a
    /// constant) going down, for a step `s` the guard bounds.
    fn step(&self, facts: Facts, i: Inst) -> Option<Value> {
        let f = self.f;
        let ok = |x: Value, s: Value| (self.bounded(facts, x) && (self.step_ok)(s)).then_some(s);
        match (self.direction, f.kind(i)) {
            (Direction::Up, &InstKind::Binary(Op::Add, x, y)) => ok(x, y).or_else(|| ok(y, x)),
            (Direction::Down, &InstKind::Binary(Op::Sub, x, s)) => ok(x, s),
            (Direction::Down, &InstKind::Binary(Op::Add, x, y)) => [(x, y), (y, x)]
                .into_iter()
                .find(|&(x, c)| {
                    let down = f
                        .constant(c)
                        .is_some_and(|c| (c as i64) <= 0 && c.wrapping_neg() < STEP_LIMIT);
                    down && self.bounded(facts, x)
                })
                .map(|(_, c)| c),
            _ => None,
        }
    }

    /// The facts after instruction `i`.
    fn transfer(&self, mut facts: Facts, i: Inst) -> Facts {
        let Some(r) = self.f.inst(i).result else {
            return facts;
        };
        let Some(bit) = self.bit(r) else {
            return facts;
        };
        let (open, bounded, shifted) = match *self.f.kind(i) {
            InstKind::Copy(x) => match self.bit(x) {
                Some(bx) => (facts.open & bx != 0, facts.bounded & bx != 0, false),
                None => (false, false, false),
            },
            InstKind::Binary(Op::Add, x, y) => {
                let base = self.base(r);
                let shifted = (base == Some(y) && self.bounded(facts, x))
                    || (base == Some(x) && self.bounded(facts, y));
                (self.step(facts, i).is_some(), false, shifted)
            }
            _ => (self.step(facts, i).is_some(), false, false),
        };
        facts.set(bit, open, bounded, shifted);
        facts
    }

    /// The facts at the start of each block of `order` (the header first),
    /// at the greatest fixpoint.
    fn solve(
        &self,
        test: &Test,
        order: &[Block],
        inside: &dyn Fn(Block) -> bool,
        budget: &mut Budget,
    ) -> Result<Vec<Facts>, Bail> {
        let f = self.f;
        // Both are tracked (the entry value is a copy of the index).
        let bit = self.bit(test.index).unwrap_or(0);
        let entry_bit = self.bit(test.entry).unwrap_or(0);
        // From outside, the guard gives `open` for the entry value, and
        // `bounded` too if it checked the test.
        let entry = Facts {
            open: entry_bit,
            bounded: if test.bottom { entry_bit } else { 0 },
            shifted: 0,
        };
        let place = |b: Block| order.iter().position(|&x| x == b).expect("in the loop");
        let mut facts_in = vec![Facts::ALL; order.len()];
        let mut facts_out = vec![Facts::ALL; order.len()];
        let size: usize = order.iter().map(|&b| f.block(b).insts.len() + 1).sum();
        loop {
            // Each round only clears bits, so there are at most as many
            // rounds as bits (and far fewer: a round per loop nested).
            budget.charge(size as u64)?;
            let mut changed = false;
            for (k, &b) in order.iter().enumerate() {
                let mut facts = Facts::ALL;
                for &p in f.block(b).preds() {
                    let from = if !inside(p) {
                        entry
                    } else if (p, b) == (test.block, test.stay) {
                        // The staying edge adds the test to `open`.
                        let out = facts_out[place(p)];
                        Facts {
                            bounded: out.bounded | (out.open & bit),
                            ..out
                        }
                    } else {
                        facts_out[place(p)]
                    };
                    facts = facts.meet(from);
                }
                changed |= facts != facts_in[k];
                facts_in[k] = facts;
                for &i in &f.block(b).insts {
                    facts = self.transfer(facts, i);
                }
                facts_out[k] = facts;
            }
            if !changed {
                return Ok(facts_in);
            }
        }
    }

    /// The accesses the facts prove in bounds, the largest offset among
    /// them, the steps the proof relies on and the bases of the accesses.
    fn collect(
        &self,
        facts_in: &[Facts],
        order: &[Block],
    ) -> (Vec<Inst>, u64, Vec<Value>, Vec<Value>) {
        let f = self.f;
        let (mut unchecked, mut max_offset, mut steps) = (Vec::new(), 0, Vec::new());
        let mut bases = Vec::new();
        for (k, &b) in order.iter().enumerate() {
            let mut facts = facts_in[k];
            for &i in &f.block(b).insts {
                let cell = match *f.kind(i) {
                    InstKind::Load(base, offset) | InstKind::Store(base, offset, _) => {
                        Some((base, offset))
                    }
                    _ => None,
                };
                if let Some((offset, base)) =
                    cell.and_then(|(base, offset)| self.in_bounds(facts, base, offset))
                {
                    unchecked.push(i);
                    max_offset = max_offset.max(offset);
                    if let Some(b) = base.filter(|b| !bases.contains(b)) {
                        bases.push(b);
                        // The guard holds it to [0, STEP_LIMIT) too.
                        if f.constant(b).is_none() && !steps.contains(&b) {
                            steps.push(b);
                        }
                    }
                }
                if let Some(s) = self.step(facts, i) {
                    if f.constant(s).is_none() && !steps.contains(&s) {
                        steps.push(s);
                    }
                }
                facts = self.transfer(facts, i);
            }
        }
        (unchecked, max_offset, steps, bases)
    }

    /// The constant offset of cell `base + offset` if one of the two is a
    /// tracked value known bounded, or known to be its base plus such a
    /// value (then the base too), and the other a small non-negative
    /// constant.
    fn in_bounds(&self, facts: Facts, base: Value, offset: Value) -> Option<(u64, Option<Value>)> {
        let f = self.f;
        [(base, offset), (offset, base)]
            .into_iter()
            .find_map(|(v, k)| {
                let k = f.constant(k).filter(|&k| k <= MAX_OFFSET)?;
                let bv = self.bit(v)?;
                if facts.bounded & bv != 0 {
                    Some((k, None))
                } else if facts.shifted & bv != 0 {
                    Some((k, Some(self.base(v)?)))
                } else {
                    None
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::budget::Budget;
    use crate::pipeline::context::{Context, Options};
    use crate::pipeline::phase::Phase;

    fn loops(text: &str) -> (Function, Vec<VersionedLoop>) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, vm::FuncId(0), Phase::Bounds).unwrap();
        (ctx.func.expect("IR"), ctx.versioned.expect("bounds ran"))
    }

    /// The versioned loops after `fields`, every load kept a load.
    fn fields_with_loads(text: &str) -> (Function, Vec<VersionedLoop>) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let options = Options::verified().without(Phase::Forward);
        let mut ctx = Context::new(&program, vm::FuncId(0), options, Budget::unlimited());
        ctx.run(Phase::Fields).unwrap();
        (ctx.func.expect("IR"), ctx.versioned.expect("bounds ran"))
    }

    /// `loops` with every load kept a load (`forward` off).
    fn loops_with_loads(text: &str) -> (Function, Vec<VersionedLoop>) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let options = Options::verified().without(Phase::Forward);
        let mut ctx = Context::new(&program, vm::FuncId(0), options, Budget::unlimited());
        ctx.run(Phase::Bounds).unwrap();
        (ctx.func.expect("IR"), ctx.versioned.expect("bounds ran"))
    }

    fn unchecked_lines(f: &Function, l: &VersionedLoop) -> Vec<u32> {
        l.unchecked.iter().map(|&i| f.inst(i).src).collect()
    }

    /// A dot product's walk: `[%a]` steps by 1, `[%b]` by `%s`, beside
    /// `%k`; the store at `%c` runs one step on (after its step).
    const WALK: &str = ".memory 100\nfunc main(%n, %a, %b, %s)\n    mov %k, 0\n    mov %c, 10\ntop:\n    jge %k, %n, out\n    load %x, [%a]\n    load %y, [%b+2]\n    add %a, %a, 1\n    add %b, %b, %s\n    add %c, %c, 1\n    store [%c], %x\n    add %k, %k, 1\n    jmp top\nout:\n    ret 0\nend\n";

    #[test]
    fn pointers_stepped_beside_the_index_are_strided() {
        let (f, found) = loops(WALK);
        assert_eq!(found.len(), 1);
        let l = &found[0];
        assert_eq!(unchecked_lines(&f, l), vec![3, 4, 8]);
        let shape: Vec<(Option<u64>, u64, bool)> = l
            .strided
            .iter()
            .map(|v| (f.constant(v.step), v.max_offset, v.after))
            .collect();
        assert_eq!(
            shape,
            [(Some(1), 0, false), (None, 2, false), (Some(1), 0, true)]
        );
        assert_eq!(l.steps.len(), 1, "the step %s is guarded");
    }

    #[test]
    fn pointers_stay_checked_where_the_index_or_they_move_otherwise() {
        let strided = |text: &str| loops(text).1.iter().map(|l| l.strided.len()).sum::<usize>();
        assert_eq!(strided(WALK), 3);
        // The index steps by 2: the iterations are not limit - index.
        assert_eq!(strided(&WALK.replace("add %k, %k, 1", "add %k, %k, 2")), 0);
        // A pointer moved on a path of its own too.
        let twice = WALK.replace(
            "    load %y, [%b+2]\n",
            "    load %y, [%b+2]\n    jz %y, skip\n    add %a, %a, 5\nskip:\n",
        );
        assert_eq!(strided(&twice), 2);
        // Accesses in a block before the latch read the pointers as the
        // iteration found them.
        let early = WALK.replace(
            "    load %x, [%a]\n",
            "    load %x, [%a]\n    jz %x, next\nnext:\n",
        );
        assert_eq!(strided(&early), 3);
    }

    #[test]
    fn a_sieve_loop_stores_unchecked_behind_its_guard() {
        let (f, found) = loops(
            ".memory 100\nfunc main(%n, %i)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    load %x, [%j + 3]\n    add %j, %j, %i\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        let l = &found[0];
        // Instructions 2 and 3: the store and the load.
        assert_eq!(unchecked_lines(&f, l), vec![2, 3]);
        assert_eq!(l.max_offset, 3);
        assert_eq!(l.steps.len(), 1, "the step %i is guarded");
    }

    #[test]
    fn an_access_after_the_index_moved_is_checked_against_its_step() {
        // After `add`, %j may equal %n: the store is in bounds only if
        // 1 + n fits, which the guard then checks.
        let (f, found) = loops(
            ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    add %j, %j, 1\n    store [%j], 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        assert_eq!(unchecked_lines(&f, &found[0]), vec![3]);
        assert_eq!(found[0].bases.len(), 1);
        assert_eq!(f.constant(found[0].bases[0]), Some(1));
    }

    /// `[%a + %j + 2]` with `%a` set before the loop: unchecked, with
    /// `%a` among the steps (so in [0, 2^31)) and the bases.
    #[test]
    fn an_array_at_an_invariant_base_is_versioned() {
        let (f, found) = loops(
            ".memory 100\nfunc main(%a, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    add %p, %a, %j\n    load %x, [%p+2]\n    store [%p], %x\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        let l = &found[0];
        assert_eq!(unchecked_lines(&f, l), vec![3, 4]);
        assert_eq!(l.max_offset, 2);
        assert_eq!(l.bases, l.steps);
        assert_eq!(l.bases.len(), 1);
        assert_eq!(f.constant(l.bases[0]), None);
    }

    /// A record's three fields updated through `%q` in a counted loop.
    const RECORD: &str = ".memory 100\nfunc main(%q, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    load %x, [%q+1]\n    add %x, %x, %j\n    store [%q+1], %x\n    jlt %x, 0, skip\n    load %y, [%q+5]\n    add %y, %y, %x\n    store [%q+5], %y\nskip:\n    load %z, [%q+9]\n    add %z, %z, %x\n    store [%q+9], %z\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";

    /// A record updated through a pointer the loop does not move (`%q`,
    /// a parameter), three checks an iteration (each store's is implied
    /// by its load's; a branch keeps the loads out of one group): its
    /// fields' accesses go unchecked behind one compare of `%q` for the
    /// span of offsets, and since no access is indexed, the guard checks
    /// nothing else.
    #[test]
    fn a_records_fields_through_an_invariant_pointer_are_fixed() {
        let (f, found) = fields_with_loads(RECORD);
        assert_eq!(found.len(), 1);
        let l = &found[0];
        assert_eq!(unchecked_lines(&f, l), vec![2, 4, 6, 8, 9, 11]);
        assert_eq!(l.fixed.len(), 1);
        let fixed = &l.fixed[0];
        assert_eq!((fixed.low, fixed.high), (1, 9));
        assert!(matches!(f.kind(f.def(fixed.base)), InstKind::Param(0)));
        assert!(!l.indexed);
        let guard = l.guard_text(&|v: Value| format!("{v}"));
        assert_eq!(guard, format!("{0} + 1 >= 0, {0} + 9 < cells", fixed.base));
    }

    /// Fewer than `MIN_FIXED_CHECKS` checks an iteration do not pay for
    /// a guard in a loop no index bounds (one field; three in a group,
    /// which its head checks at once); a pointer the loop moves makes no
    /// fixed cells, nor a span of fields as wide as the memory: each
    /// is `RECORD`, which is versioned, with that one thing changed.
    #[test]
    fn a_field_a_group_a_moving_pointer_or_a_wide_span_leave_the_loop_unversioned() {
        let group = ".memory 100\nfunc main(%q, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    load %x, [%q+1]\n    load %y, [%q+5]\n    load %z, [%q+9]\n    add %x, %x, %y\n    add %x, %x, %z\n    store [%q+1], %x\n    store [%q+5], %x\n    store [%q+9], %x\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        assert_eq!(fields_with_loads(group).1, vec![]);
        let one = ".memory 100\nfunc main(%q, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    load %x, [%q+1]\n    add %x, %x, %j\n    store [%q+1], %x\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        assert_eq!(fields_with_loads(one).1, vec![]);
        let moving = RECORD.replace(
            "    add %j, %j, 1\n",
            "    add %q, %q, %x\n    add %j, %j, 1\n",
        );
        assert_eq!(fields_with_loads(&moving).1, vec![]);
        let wide = RECORD.replace(".memory 100", ".memory 8");
        assert_eq!(fields_with_loads(&wide).1, vec![]);
        let fits = RECORD.replace(".memory 100", ".memory 9");
        assert_eq!(fields_with_loads(&fits).1.len(), 1);
    }

    /// Beside an indexed row, one fixed field rides on the guard.
    #[test]
    fn a_fixed_field_beside_an_indexed_row_is_unchecked_too() {
        let (f, found) = fields_with_loads(
            ".memory 100\nfunc main(%a, %q, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    add %p, %a, %j\n    load %x, [%p]\n    load %y, [%q+4]\n    add %x, %x, %y\n    store [%p], %x\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        let l = &found[0];
        assert_eq!(unchecked_lines(&f, l), vec![3, 4, 6]);
        assert!(l.indexed);
        assert_eq!(l.fixed.len(), 1);
        assert_eq!((l.fixed[0].low, l.fixed[0].high), (4, 4));
    }

    /// A base the loop changes, or two bases for one value, prove nothing.
    #[test]
    fn a_moving_base_or_two_bases_leave_the_access_checked() {
        let moving = ".memory 100\nfunc main(%a, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    add %p, %a, %j\n    store [%p], 1\n    add %a, %a, 1\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        let two = ".memory 100\nfunc main(%a, %b, %n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    add %p, %a, %j\n    jz %n, store\n    add %p, %b, %j\nstore:\n    store [%p], 1\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        for text in [moving, two] {
            assert!(loops(text).1.is_empty(), "{text}");
        }
    }

    #[test]
    fn a_falling_index_or_a_moving_limit_is_not_versioned() {
        let falling = ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    sub %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        let moving = ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    add %n, %n, 1\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        let negative_step = ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    add %j, %j, -1\n    jmp top\nout:\n    ret 0\nend\n";
        for text in [falling, moving, negative_step] {
            assert!(loops(text).1.is_empty(), "{text}");
        }
    }

    #[test]
    fn a_value_redefined_on_one_path_is_checked_after_the_join() {
        // %k is %j on one path and loaded from memory on the other: the
        // store through %k after the join keeps its check, the one
        // through %j does not. (Forwarding would make the load the 1
        // stored just before.)
        let (f, found) = loops_with_loads(
            ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    mov %k, %j\n    jz %n, skip\n    load %k, [%j]\nskip:\n    store [%k], 2\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        // Instructions 2 and 5: the first store and the load.
        assert_eq!(unchecked_lines(&f, &found[0]), vec![2, 5]);
    }

    #[test]
    fn an_index_that_may_turn_negative_leaves_the_loop_checked() {
        // A %j loaded from memory may be negative on the next iteration.
        let (_, found) = loops(
            ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jge %j, %n, out\n    store [%j], 1\n    jz %n, skip\n    load %j, [%j]\nskip:\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert!(found.is_empty(), "{found:?}");
    }

    /// `j` from `n - 1` down while `j >= 0`: the limit 0 is the lower
    /// bound, the entry value (plus one) the upper.
    #[test]
    fn a_loop_counting_down_is_versioned() {
        let (f, found) = loops(
            ".memory 100\nfunc main(%n)\n    sub %j, %n, 1\ntop:\n    jlt %j, 0, out\n    store [%j + 2], 1\n    sub %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n",
        );
        assert_eq!(found.len(), 1);
        let l = &found[0];
        assert_eq!(l.direction, Direction::Down);
        assert!(!l.bottom_tested);
        assert_eq!(unchecked_lines(&f, l), vec![2]);
        assert_eq!(l.max_offset, 2);
        assert_eq!(f.constant(l.lower()), Some(0));
        assert_eq!(l.upper(), (l.index, true));
    }

    /// `j` up while `j <= n`: the limit itself is the last index, so the
    /// guard wants `n + 1 <= cells - K`; tested at the bottom, the guard
    /// checks `j <= n` on entry.
    #[test]
    fn a_loop_up_to_and_with_its_limit_is_versioned() {
        let top = ".memory 100\nfunc main(%n)\n    mov %j, 0\ntop:\n    jgt %j, %n, out\n    store [%j + 3], 1\n    add %j, %j, 2\n    jmp top\nout:\n    ret 0\nend\n";
        let bottom = ".memory 100\nfunc main(%n, %j)\ntop:\n    store [%j], 1\n    add %j, %j, 1\n    jle %j, %n, top\n    ret 0\nend\n";
        for (text, bottom_tested, offset) in [(top, false, 3), (bottom, true, 0)] {
            let (f, found) = loops(text);
            assert_eq!(found.len(), 1, "{text}");
            let l = &found[0];
            assert_eq!((l.direction, l.inclusive), (Direction::Up, true));
            assert_eq!(l.bottom_tested, bottom_tested);
            assert_eq!(l.max_offset, offset);
            assert_eq!(l.upper(), (l.limit, true));
            assert_eq!(unchecked_lines(&f, l).len(), 1);
            let text = l.guard_text(&|v| format!("{v}"));
            assert!(text.contains(" + 1 <= cells"), "{text}");
        }
    }

    /// A do-while loop: the guard checks the test on entry, and the
    /// value it checks is the one the back edge carries.
    #[test]
    fn a_loop_tested_at_the_bottom_is_versioned_with_its_test_in_the_guard() {
        let up = ".memory 100\nfunc main(%n, %j)\ntop:\n    store [%j], 1\n    add %j, %j, 1\n    jlt %j, %n, top\n    ret 0\nend\n";
        let down = ".memory 100\nfunc main(%a, %j)\ntop:\n    add %p, %a, %j\n    load %x, [%p]\n    sub %j, %j, 2\n    jgt %j, 4, top\n    ret %x\nend\n";
        for (text, direction, line) in [(up, Direction::Up, 0), (down, Direction::Down, 1)] {
            let (f, found) = loops(text);
            assert_eq!(found.len(), 1, "{text}");
            let l = &found[0];
            assert_eq!((l.direction, l.bottom_tested), (direction, true));
            assert_eq!(unchecked_lines(&f, l), vec![line]);
            // The guard's index is live into the header: no instruction
            // of the loop defines it before the access.
            let header = f.block(l.header);
            assert!(header
                .insts
                .iter()
                .all(|&i| f.inst(i).result != Some(l.index)));
        }
    }

    /// Going down, a step that may be negative (an `add` of a register)
    /// or an index that rises proves nothing; nor does a negative
    /// constant limit, which no guard could pass.
    #[test]
    fn a_rising_index_or_negative_limit_leaves_a_falling_loop_checked() {
        let rising = ".memory 100\nfunc main(%n)\n    mov %j, %n\ntop:\n    jlt %j, 0, out\n    store [%j], 1\n    add %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        let register = ".memory 100\nfunc main(%n, %s)\n    mov %j, %n\ntop:\n    jlt %j, 0, out\n    store [%j], 1\n    add %j, %j, %s\n    jmp top\nout:\n    ret 0\nend\n";
        let negative = ".memory 100\nfunc main(%n)\n    mov %j, %n\ntop:\n    jlt %j, -2, out\n    store [%j], 1\n    sub %j, %j, 1\n    jmp top\nout:\n    ret 0\nend\n";
        for text in [rising, register, negative] {
            let (_, found) = loops(text);
            assert!(found.is_empty(), "{text}: {found:?}");
        }
    }

    /// The sieve's outer loop reads `[%i]` checked by nothing inside:
    /// versioned like its inner loop, which keeps its own guard. A loop
    /// holding that pair is not versioned (copies nest one deep).
    #[test]
    fn an_outer_loop_is_versioned_and_one_around_it_is_not() {
        let sieve = "    mov %i, 2\nouter:\n    jge %i, %n, out\n    load %c, [%i]\n    mul %j, %i, %i\ninner:\n    jge %j, %n, next\n    store [%j], 1\n    add %j, %j, %i\n    jmp inner\nnext:\n    add %i, %i, 1\n    jmp outer\nout:\n";
        let (f, found) = loops(&format!(
            ".memory 100\nfunc main(%n)\n{sieve}    ret 0\nend\n"
        ));
        assert_eq!(found.len(), 2, "{found:?}");
        let lines: Vec<Vec<u32>> = found.iter().map(|l| unchecked_lines(&f, l)).collect();
        assert_eq!(lines, vec![vec![2], vec![5]]);
        assert!(
            found[0].contains(found[1].header),
            "the inner loop is inside"
        );
        let (f, found) = loops(&format!(
            ".memory 100\nfunc main(%n)\n    mov %r, 0\nround:\n    jge %r, %n, done\n    load %x, [%r]\n{sieve}    add %r, %r, 1\n    jmp round\ndone:\n    ret 0\nend\n"
        ));
        let lines: Vec<Vec<u32>> = found.iter().map(|l| unchecked_lines(&f, l)).collect();
        assert_eq!(lines, vec![vec![5], vec![8]], "not the round's [%r]");
    }
}
