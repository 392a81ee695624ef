//! Bounds-check elimination by loop versioning, on the out-of-SSA IR.
//!
//! A loop whose header only tests `j < n` (`jlt`, `jge`, `jgt`, `jle` on
//! the two), and whose body moves `j` only by adding non-negative steps,
//! indexes the memory with cells in `[0, n)` wherever it reads `j` still
//! as tested. If, on entry, `j >= 0`, `n <= memory size - offset` and every
//! step is in `[0, 2^31)`, the bounds checks of those accesses cannot
//! fail. The emitter places those three conditions on each edge into the
//! header and, when they hold, runs a second copy of the loop without the
//! checks; otherwise the ordinary copy, so a trap still happens at the
//! same instruction with the same output before it. Check hoisting in
//! the spirit of Gupta ("Optimizing array bound checks using flow
//! analysis", LOPLAS 2(1-4), 1993), as loop versioning: the failing case
//! keeps its checks rather than trapping early, since a trap must wait
//! for its own iteration.
//!
//! The proof is a forward must-analysis over the loop body of three facts
//! per value derived from `j` (by copies and by adding a step): `v >= 0`,
//! `0 <= v < n`, and `v = b + w` for a `w` in `[0, n)` and the value's
//! one loop-invariant base `b` (every definition of `v` in the loop adds
//! the same `b`). The header's staying edge turns the first into the
//! second for `j`; `v + step` of a value known below `n` (at most 2^28,
//! the largest memory) is at least 0 and cannot overflow; any other
//! definition forgets them. An access `[v + K]` with `v` below `n` is in
//! bounds under the guard above; with `v = b + w` (an array at `b`
//! indexed by the loop: `[%a + %j]`, or `[%j]` after `j` moved on by a
//! step), when the guard also has `b` in `[0, 2^31)` and `b + n <= memory
//! size - K`. Only innermost, single-entry loops are versioned, so the
//! body is acyclic and one pass per round suffices.

use crate::budget::{Budget, CompileError, Phase};
use crate::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind};
use crate::loops::LoopForest;
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

/// A loop to emit twice: checked, and with `unchecked` accesses unchecked
/// behind the guard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionedLoop {
    pub header: Block,
    /// The header and the loop's body, sorted.
    pub blocks: Vec<Block>,
    /// The loads and stores whose bounds check the guard makes redundant.
    pub unchecked: Vec<Inst>,
    /// The guard: `index >= 0`, `limit <= memory size - max_offset`, and
    /// every one of `steps` in `[0, STEP_LIMIT)`.
    pub index: Value,
    pub limit: Value,
    pub max_offset: u64,
    pub steps: Vec<Value>,
    /// Loop-invariant bases of unchecked accesses: the guard also needs
    /// `base + limit <= memory size - max_offset` for each (and each is
    /// among `steps`, or a constant below `STEP_LIMIT`).
    pub bases: Vec<Value>,
}

impl VersionedLoop {
    pub fn contains(&self, b: Block) -> bool {
        self.blocks.binary_search(&b).is_ok()
    }
}

/// The loops of `f` worth versioning: innermost loops of the forest
/// whose header is an index test.
pub fn find(
    f: &Function,
    loops: &LoopForest,
    budget: &mut Budget,
) -> Result<Vec<VersionedLoop>, CompileError> {
    let mut found = Vec::new();
    let mut marks = Marks {
        in_body: vec![false; f.blocks.len()],
        state: vec![Visit::New; f.blocks.len()],
    };
    for l in loops.loops() {
        let data = loops.get(l);
        let h = data.header;
        if !data.innermost || header_test(f, h).is_none() {
            continue;
        }
        budget.charge(Phase::Bounds, data.blocks.len() as u64)?;
        let body = body(f, h, &data.blocks, &mut marks);
        found.extend(body.and_then(|body| candidate(f, h, body)));
    }
    // The emitter lays out the unchecked copies in this order.
    found.sort_unstable_by_key(|l| l.header);
    Ok(found)
}

/// The index, the limit and the successor on which `index < limit`, if
/// `h` is only such a test.
fn header_test(f: &Function, h: Block) -> Option<(Value, Value, Block)> {
    let [branch] = f.block(h).insts[..] else {
        return None;
    };
    let InstKind::Branch {
        op,
        args: [a, b],
        taken,
        fallthrough,
    } = *f.kind(branch)
    else {
        return None;
    };
    // Both edges to one block would carry `index < limit` on the edge
    // where it is false (the cfg turns such branches into jumps).
    if taken == fallthrough {
        return None;
    }
    match op {
        Op::Jlt => Some((a, b, taken)),
        Op::Jge => Some((a, b, fallthrough)),
        Op::Jgt => Some((b, a, taken)),
        Op::Jle => Some((b, a, fallthrough)),
        _ => None,
    }
}

fn candidate(f: &Function, h: Block, body: Vec<Block>) -> Option<VersionedLoop> {
    let (index, limit, stay) = header_test(f, h)?;
    if f.constant(index).is_some_and(|c| (c as i64) < 0) {
        return None;
    }
    let mut blocks = body.clone();
    blocks.push(h);
    blocks.sort();
    let inside = |b: &Block| blocks.binary_search(b).is_ok();
    // Single entry: only the header is reached from outside, and only by
    // jumps (the emitter puts the guard on them).
    if body.iter().any(|&b| !f.block(b).preds.iter().all(inside)) {
        return None;
    }
    let outside = f.block(h).preds.iter().filter(|p| !inside(p));
    for &p in outside {
        let last = *f.block(p).insts.last()?;
        if !matches!(f.kind(last), InstKind::Jump(_)) {
            return None;
        }
    }
    let insts = || body.iter().flat_map(|&b| f.block(b).insts.iter().copied());
    if insts().count() > MAX_INSTS {
        return None;
    }
    let defined_inside = |v: Value| insts().any(|i| f.inst(i).result == Some(v));
    if defined_inside(limit) {
        return None;
    }
    let tracked = tracked(f, &body, index);
    let step_ok = |s: Value| match f.constant(s) {
        Some(c) => c < STEP_LIMIT,
        None => !defined_inside(s),
    };
    let bases = bases(f, &body, &tracked, &step_ok);
    let proof = Proof {
        f,
        tracked: &tracked,
        bases: &bases,
        step_ok: &step_ok,
    };
    let facts = proof.solve(h, index, stay, &body);
    let (unchecked, max_offset, steps, bases) = proof.collect(&facts, &body);
    if unchecked.is_empty() {
        return None;
    }
    Some(VersionedLoop {
        header: h,
        blocks,
        unchecked,
        index,
        limit,
        max_offset,
        steps,
        bases,
    })
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

/// The loop `blocks` of header `h` without `h`, in topological order;
/// `None` if that is empty, too large, or has a cycle of its own (an
/// irreducible one: the forest knows of no loop inside).
fn body(f: &Function, h: Block, blocks: &[Block], marks: &mut Marks) -> Option<Vec<Block>> {
    if blocks.len() > MAX_BLOCKS + 1 {
        return None;
    }
    let members = || blocks.iter().copied().filter(|&b| b != h);
    for b in members() {
        marks.in_body[b.index()] = true;
    }
    let order = topological(f, h, marks);
    for b in members() {
        marks.in_body[b.index()] = false;
        marks.state[b.index()] = Visit::New;
    }
    order.filter(|order| !order.is_empty())
}

/// The marked body in topological order, by depth-first search from `h`
/// (postorder, reversed); `None` if the body has a cycle of its own.
fn topological(f: &Function, h: Block, marks: &mut Marks) -> Option<Vec<Block>> {
    let mut post = Vec::new();
    let mut path: Vec<(Block, usize)> = vec![(h, 0)];
    while let Some((b, k)) = path.pop() {
        let succs = &f.block(b).succs;
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
                Visit::OnPath => return None,
                Visit::Done => {}
            }
        } else if b != h {
            marks.state[b.index()] = Visit::Done;
            post.push(b);
        }
    }
    post.reverse();
    Some(post)
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

/// What is known of the tracked values at a point: bit k of `non_negative`
/// says `tracked[k] >= 0`, of `below` that `0 <= tracked[k] < limit`, of
/// `shifted` that `tracked[k] = base + w` with `0 <= w < limit` (`bases`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Facts {
    non_negative: u64,
    below: u64,
    shifted: u64,
}

impl Facts {
    const ALL: Facts = Facts {
        non_negative: u64::MAX,
        below: u64::MAX,
        shifted: u64::MAX,
    };

    fn meet(self, other: Facts) -> Facts {
        Facts {
            non_negative: self.non_negative & other.non_negative,
            below: self.below & other.below,
            shifted: self.shifted & other.shifted,
        }
    }
}

struct Proof<'a> {
    f: &'a Function,
    tracked: &'a [Value],
    /// Indexed like `tracked`.
    bases: &'a [Option<Value>],
    step_ok: &'a dyn Fn(Value) -> bool,
}

impl Proof<'_> {
    fn bit(&self, v: Value) -> Option<u64> {
        self.tracked.iter().position(|&t| t == v).map(|k| 1 << k)
    }

    /// `x` in `[0, limit)`, and `s` a step the guard bounds.
    fn below_plus_step(&self, facts: Facts, x: Value, s: Value) -> bool {
        self.below(facts, x) && (self.step_ok)(s)
    }

    fn below(&self, facts: Facts, x: Value) -> bool {
        self.bit(x).is_some_and(|bx| facts.below & bx != 0)
    }

    /// The base of tracked value `v`, if it has one.
    fn base(&self, v: Value) -> Option<Value> {
        let k = self.tracked.iter().position(|&t| t == v)?;
        self.bases[k]
    }

    /// The facts after instruction `i`.
    fn transfer(&self, mut facts: Facts, i: Inst) -> Facts {
        let Some(bit) = self.f.inst(i).result.and_then(|r| self.bit(r)) else {
            return facts;
        };
        let result = self.f.inst(i).result;
        let (non_negative, below, shifted) = match *self.f.kind(i) {
            InstKind::Copy(x) => match self.bit(x) {
                Some(bx) => (facts.non_negative & bx != 0, facts.below & bx != 0, false),
                None => (false, false, false),
            },
            InstKind::Binary(Op::Add, x, y) => {
                let base = result.and_then(|r| self.base(r));
                (
                    self.below_plus_step(facts, x, y) || self.below_plus_step(facts, y, x),
                    false,
                    (base == Some(y) && self.below(facts, x))
                        || (base == Some(x) && self.below(facts, y)),
                )
            }
            _ => (false, false, false),
        };
        facts.shifted = if shifted {
            facts.shifted | bit
        } else {
            facts.shifted & !bit
        };
        facts.non_negative = if non_negative {
            facts.non_negative | bit
        } else {
            facts.non_negative & !bit
        };
        facts.below = if below {
            facts.below | bit
        } else {
            facts.below & !bit
        };
        facts
    }

    /// The facts at the start of each body block (indexed like `body`), at
    /// the greatest fixpoint (the body is acyclic, so each round is one
    /// pass in order).
    fn solve(&self, h: Block, index: Value, stay: Block, body: &[Block]) -> Vec<Facts> {
        let f = self.f;
        let bit = self.bit(index).expect("the index is tracked");
        // From outside, the guard gives only `index >= 0`.
        let entry = Facts {
            non_negative: bit,
            below: 0,
            shifted: 0,
        };
        let mut at_header = entry;
        // Indexed like `body`, whose blocks' predecessors are `h` or in it.
        let place = |b: Block| body.iter().position(|&x| x == b).expect("in the body");
        let mut facts_in = vec![Facts::ALL; body.len()];
        let mut facts_out = vec![Facts::ALL; body.len()];
        loop {
            // The staying edge adds `index < limit` to `index >= 0`.
            let staying = Facts {
                below: at_header.below | (at_header.non_negative & bit),
                ..at_header
            };
            for (k, &b) in body.iter().enumerate() {
                let mut facts = Facts::ALL;
                for &p in &f.block(b).preds {
                    let from = if p != h {
                        facts_out[place(p)]
                    } else if b == stay {
                        staying
                    } else {
                        at_header
                    };
                    facts = facts.meet(from);
                }
                facts_in[k] = facts;
                for &i in &f.block(b).insts {
                    facts = self.transfer(facts, i);
                }
                facts_out[k] = facts;
            }
            let next = f
                .block(h)
                .preds
                .iter()
                .filter(|p| body.contains(p))
                .fold(entry, |acc, &p| acc.meet(facts_out[place(p)]));
            if next == at_header {
                return facts_in;
            }
            at_header = next;
        }
    }

    /// The accesses the facts prove in bounds, the largest offset among
    /// them, the steps the proof relies on and the bases of the accesses.
    fn collect(
        &self,
        facts_in: &[Facts],
        body: &[Block],
    ) -> (Vec<Inst>, u64, Vec<Value>, Vec<Value>) {
        let f = self.f;
        let (mut unchecked, mut max_offset, mut steps) = (Vec::new(), 0, Vec::new());
        let mut bases = Vec::new();
        for (k, &b) in body.iter().enumerate() {
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
                    }
                }
                if let InstKind::Binary(Op::Add, x, y) = *f.kind(i) {
                    for (x, s) in [(x, y), (y, x)] {
                        if self.below_plus_step(facts, x, s)
                            && f.constant(s).is_none()
                            && !steps.contains(&s)
                        {
                            steps.push(s);
                        }
                    }
                }
                facts = self.transfer(facts, i);
            }
        }
        (unchecked, max_offset, steps, bases)
    }

    /// The constant offset of cell `base + offset` if one of the two is a
    /// tracked value known below the limit, or known to be its base plus
    /// such a value (then the base too), and the other a small
    /// non-negative constant.
    fn in_bounds(&self, facts: Facts, base: Value, offset: Value) -> Option<(u64, Option<Value>)> {
        let f = self.f;
        [(base, offset), (offset, base)]
            .into_iter()
            .find_map(|(v, k)| {
                let k = f.constant(k).filter(|&k| k <= MAX_OFFSET)?;
                let bv = self.bit(v)?;
                if facts.below & bv != 0 {
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
    use crate::context::Context;

    fn loops(text: &str) -> (Function, Vec<VersionedLoop>) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, vm::FuncId(0), Phase::Bounds).unwrap();
        (ctx.func.expect("IR"), ctx.versioned.expect("bounds ran"))
    }

    fn unchecked_lines(f: &Function, l: &VersionedLoop) -> Vec<u32> {
        l.unchecked.iter().map(|&i| f.inst(i).src).collect()
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
        // through %j does not.
        let (f, found) = loops(
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
}
