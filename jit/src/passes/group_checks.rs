//! One bounds check for a group of accesses to a record: the loads and
//! stores at constant offsets from one base within a block, checked
//! together at the first of them, on SSA form.
//!
//! A record's fields are read and written at `[p + K]` for a handful of
//! `K`, seldom in an order that lets `dedup_checks` prove one from two
//! before it. Here the first access of a run on `p` (the group's head)
//! checks the whole span, `p + lo` to `p + hi`, with one compare; the
//! others need none. The traps stay exact: between the head and the last
//! member nothing may trap or be seen (no output, call, division by a
//! variable, depth check, or access that is not a member and not proven),
//! so when the span check fails the program would have gone on silently
//! (stores to memory cannot be seen after a trap) up to the first member
//! out of bounds, and traps there. The head's out-of-line code finds that
//! member by checking each in order, and traps at it, reporting its line
//! and function as the interpreter does. This is check widening with an
//! exact slow path (Gupta, "Optimizing array bound checks using flow
//! analysis", LOPLAS 1993, combines checks; the slow path replaces
//! speculation, which the VM does not do).

use crate::ir::entity::{Inst, Value};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

/// Offsets taking part are at most this in magnitude (the emitter folds
/// them into displacements: `8 K` must fit 32 bits).
const MAX_OFFSET: i64 = 1 << 27;

/// A group of accesses checked once, at its head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The base every member's cell is at a constant offset from.
    pub base: Value,
    /// The least and greatest offsets: the span the head checks.
    pub lo: i64,
    pub hi: i64,
    /// The members with their offsets, in program order, the head first.
    pub members: Vec<(Inst, i64)>,
}

impl Group {
    pub fn head(&self) -> Inst {
        self.members[0].0
    }
}

/// The groups of `f`'s blocks, by head, sorted; `implied` (sorted) are the
/// accesses and depth checks already proven, `cells` the memory's size.
pub fn group(
    f: &Function,
    implied: &[Inst],
    cells: u64,
    budget: &mut Budget,
) -> Result<Vec<Group>, Bail> {
    let mut groups = Vec::new();
    for b in f.live_blocks() {
        let insts = &f.block(b).insts;
        budget.charge(insts.len() as u64 + 1)?;
        let mut open: Option<Group> = None;
        for &i in insts {
            match classify(f, i, implied) {
                Role::Silent => {}
                Role::Access(base, k) => match &mut open {
                    Some(g) if g.base == base && span_fits(g, k, cells) => {
                        g.lo = g.lo.min(k);
                        g.hi = g.hi.max(k);
                        g.members.push((i, k));
                    }
                    _ => {
                        close(&mut open, &mut groups);
                        open = Some(Group {
                            base,
                            lo: k,
                            hi: k,
                            members: vec![(i, k)],
                        });
                    }
                },
                Role::Barrier => close(&mut open, &mut groups),
            }
        }
        close(&mut open, &mut groups);
    }
    groups.sort_by_key(Group::head);
    Ok(groups)
}

/// Whether the span with offset `k` added stays narrower than the memory
/// (a span wider always fails, and would take the slow path every time).
fn span_fits(g: &Group, k: i64, cells: u64) -> bool {
    ((g.hi.max(k) - g.lo.min(k)) as u64) < cells
}

fn close(open: &mut Option<Group>, groups: &mut Vec<Group>) {
    if let Some(g) = open.take() {
        if g.members.len() > 1 {
            groups.push(g);
        }
    }
}

/// What an instruction is to a group.
enum Role {
    /// Cannot trap and makes nothing seen: a group may span it.
    Silent,
    /// An access that may trap, at a constant offset from a base.
    Access(Value, i64),
    /// May trap or be seen, and belongs to no group: ends the open one.
    Barrier,
}

fn classify(f: &Function, i: Inst, implied: &[Inst]) -> Role {
    let proven = || implied.binary_search(&i).is_ok();
    match *f.kind(i) {
        InstKind::Load(base, off) | InstKind::Store(base, off, _) => {
            if proven() {
                return Role::Silent;
            }
            match (f.constant(base), f.constant(off)) {
                (None, Some(k)) if (-MAX_OFFSET..=MAX_OFFSET).contains(&(k as i64)) => {
                    Role::Access(base, k as i64)
                }
                _ => Role::Barrier,
            }
        }
        InstKind::Binary(Op::Div | Op::Rem, _, d) => match f.constant(d) {
            Some(c) if c != 0 => Role::Silent,
            _ => Role::Barrier,
        },
        InstKind::InlinedCall { .. } if proven() => Role::Silent,
        InstKind::CallsLeft | InstKind::GiveBackCalls(_) => Role::Silent,
        ref kind if kind.has_effect() => Role::Barrier,
        _ => Role::Silent,
    }
}

/// The checker, for `--verify-ir`: each group's span is narrower than the
/// memory, its members share its base and block, follow the head in order
/// at offsets within the span, and nothing between the head and the last
/// member may trap or be seen.
pub fn check(f: &Function, groups: &[Group], implied: &[Inst], cells: u64) -> Result<(), String> {
    let mut block_of = vec![None; f.insts.len()];
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            block_of[i.index()] = Some(b);
        }
    }
    for g in groups {
        let head = g.head();
        let Some(b) = block_of[head.index()] else {
            return Err(format!("{head:?} heads a group but is in no block"));
        };
        if (g.hi - g.lo) as u64 >= cells {
            return Err(format!("{head:?}'s group spans the whole memory"));
        }
        let insts = &f.block(b).insts;
        let at = |i: Inst| insts.iter().position(|&x| x == i);
        let mut last = None;
        for &(m, k) in &g.members {
            let Some(p) = at(m) else {
                return Err(format!(
                    "{m:?} is grouped with {head:?} but not in its block"
                ));
            };
            if last.is_some_and(|l| p <= l) {
                return Err(format!("{m:?} is out of order in {head:?}'s group"));
            }
            if !matches!(classify(f, m, implied), Role::Access(base, off) if base == g.base && off == k)
                || !(g.lo..=g.hi).contains(&k)
            {
                return Err(format!("{m:?} is not an access at {k} on {head:?}'s base"));
            }
            last = Some(p);
        }
        let (Some(first), Some(last)) = (at(head), last) else {
            return Err(format!("{head:?}'s group is empty"));
        };
        for &i in &insts[first..=last] {
            let member = g.members.iter().any(|&(m, _)| m == i);
            if !member && !matches!(classify(f, i, implied), Role::Silent) {
                return Err(format!("{i:?} may trap inside {head:?}'s group"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// `main`'s groups, as the source lines of their members.
    fn grouped_lines(text: &str) -> Vec<Vec<u32>> {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx =
            Context::compiled_to(&program, program.main, Phase::GroupChecks).expect("compiles");
        let f = ctx.func.as_ref().expect("the IR");
        let line = |i| program.func(program.main).positions[f.line_src(i) as usize].line;
        ctx.groups
            .as_ref()
            .expect("the groups")
            .iter()
            .map(|g| g.members.iter().map(|&(m, _)| line(m)).collect())
            .collect()
    }

    #[test]
    fn a_records_fields_are_checked_once() {
        let groups = grouped_lines(
            ".memory 64
func main(%p)
    load %a, [%p+2]
    load %b, [%p]
    add %a, %a, %b
    store [%p+5], %a
    load %c, [%p+1]
    ret %c
end
",
        );
        // [%p+1] lies between offsets already proven (`dedup_checks`): it
        // needs no check, group or not.
        assert_eq!(groups, [vec![3, 4, 6]]);
    }

    #[test]
    fn output_calls_and_other_bases_end_a_group() {
        // A print may not run before a member's trap: it splits the run,
        // and so does an access through another base, which may trap
        // first; what is left of each run alone is no group.
        let groups = grouped_lines(
            ".memory 64
func main(%p, %q)
    load %a, [%p]
    load %b, [%p+1]
    print %a
    load %c, [%p+2]
    load %d, [%q]
    load %e, [%p+3]
    load %f, [%p+4]
    div %g, %e, %f
    load %h, [%p+5]
    ret %h
end
",
        );
        assert_eq!(groups, [vec![3, 4], vec![8, 9]]);
    }
}
