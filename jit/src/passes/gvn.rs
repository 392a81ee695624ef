//! Global value numbering of pure instructions, on SSA form, over the
//! dominator tree (the dominator-based scheme of Briggs, Cooper and
//! Simpson, "Value Numbering", Software: Practice and Experience 27(6),
//! 1997): a preorder walk of the tree keeps a table of what the
//! instructions dominating the current one compute, scoped to the walk.
//! An instruction that computes what a dominating one already did (the
//! same operation on the same values; integer `add`, `mul`, `and`, `or`,
//! `xor`, `eq` and `ne` with their operands in either order) is removed,
//! and its uses read the earlier value. So is one that computes one of
//! its operands (`x + 0`, `x - 0`, `x * 1`, `x / 1`, `x & -1`, `x | 0`,
//! `x ^ 0`, a shift by 0: integer operations, exact in wrapping
//! arithmetic), as inlining makes them of a record at a constant cell.
//!
//! Pure means without effect and without trap: arithmetic, comparisons
//! and conversions, a `div` or `rem` only by a nonzero constant. Loads
//! are not numbered (a store between could change the cell), nor are
//! float operations commuted (a NaN's payload follows operand order).
//!
//! First, a `rem` by a constant (other than a power of two or ±1, which
//! have cheaper sequences of their own) whose `div` on the same operands
//! the function also computes becomes `x - (x / c) * c`, so that the two
//! share one quotient: digit loops take both. That is exact for every
//! `x` and nonzero `c` in wrapping arithmetic, `i64::MIN rem -1 = 0`
//! included.

use crate::analysis::dom::DomTree;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::types::ValueType;
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use rustc_hash::{FxHashMap, FxHashSet};
use vm::Op;

/// What the pass did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GvnStats {
    /// Instructions removed for a dominating equal one.
    pub merged: usize,
    /// Remainders rewritten to share a division's quotient.
    pub expanded: usize,
    /// Instructions removed for computing one of their operands.
    pub simplified: usize,
}

/// What a pure instruction computes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Key {
    Unary(Op, Value),
    Binary(Op, Value, Value),
}

/// Numbers the values of `f`, which must be in SSA form with `dom` its
/// dominator tree (which stays valid: no block or edge changes).
pub fn number(f: &mut Function, dom: &DomTree, budget: &mut Budget) -> Result<GvnStats, Bail> {
    let expanded = expand_remainders(f, budget)?;
    let mut replaced: Vec<Option<Value>> = vec![None; f.value_count()];
    let mut table: FxHashMap<Key, Value> = FxHashMap::default();
    // Keys entered in the open scopes, and where each scope's begin.
    let mut entered: Vec<Key> = Vec::new();
    let mut scopes: Vec<usize> = Vec::new();
    let mut walk = vec![(f.entry, false)];
    let (mut merged, mut simplified) = (0, 0);
    while let Some((b, leaving)) = walk.pop() {
        if leaving {
            let begin = scopes.pop().expect("a scope per block entered");
            for key in entered.drain(begin..) {
                table.remove(&key);
            }
            continue;
        }
        scopes.push(entered.len());
        walk.push((b, true));
        walk.extend(dom.children[b.index()].iter().rev().map(|&c| (c, false)));
        budget.charge(f.block(b).insts.len() as u64 + 1)?;
        let (m, s) = number_block(f, b, &mut table, &mut entered, &mut replaced);
        merged += m;
        simplified += s;
    }
    if merged + simplified > 0 {
        f.substitute(&replaced);
    }
    Ok(GvnStats {
        merged,
        expanded,
        simplified,
    })
}

/// Numbers block `b`'s instructions against `table` (what dominating
/// blocks compute), entering its own; returns how many it removed as
/// merged and as simplified.
fn number_block(
    f: &mut Function,
    b: Block,
    table: &mut FxHashMap<Key, Value>,
    entered: &mut Vec<Key>,
    replaced: &mut [Option<Value>],
) -> (usize, usize) {
    let mut removed: Vec<Inst> = Vec::new();
    let mut simplified = 0;
    for k in 0..f.block(b).insts.len() {
        let i = f.block(b).insts[k];
        // Operands first: an operand replaced makes equal what was not.
        f.insts[i.index()]
            .kind
            .map_operands(|v| replaced[v.index()].unwrap_or(v));
        // Both sides of a converted branch computed the same value.
        if let (
            InstKind::Select {
                then, otherwise, ..
            },
            Some(r),
        ) = (f.kind(i), f.inst(i).result)
        {
            if then == otherwise {
                replaced[r.index()] = Some(*then);
                removed.push(i);
                continue;
            }
        }
        if let (Some(x), Some(r)) = (identity(f, i), f.inst(i).result) {
            replaced[r.index()] = Some(x);
            removed.push(i);
            simplified += 1;
            continue;
        }
        let (Some(key), Some(r)) = (key(f, i), f.inst(i).result) else {
            continue;
        };
        match table.get(&key) {
            Some(&earlier) => {
                replaced[r.index()] = Some(earlier);
                removed.push(i);
            }
            None => {
                table.insert(key, r);
                entered.push(key);
            }
        }
    }
    if !removed.is_empty() {
        f.blocks[b.index()].insts.retain(|i| !removed.contains(i));
    }
    (removed.len() - simplified, simplified)
}

/// The operand `i` computes, if it is an integer operation with an
/// identity element for the other operand, and that operand has the
/// result's type (a float's bits plus 0 stay an integer to the back end).
fn identity(f: &Function, i: Inst) -> Option<Value> {
    let (&InstKind::Binary(op, x, y), Some(r)) = (f.kind(i), f.inst(i).result) else {
        return None;
    };
    identity_operand(f, op, x, y).filter(|&v| f.ty(v) == f.ty(r))
}

fn identity_operand(f: &Function, op: Op, x: Value, y: Value) -> Option<Value> {
    let is = |v: Value, c: i64| f.constant(v) == Some(c as u64);
    match op {
        Op::Add | Op::Or | Op::Xor if is(x, 0) => Some(y),
        Op::Add | Op::Or | Op::Xor | Op::Sub | Op::Shl | Op::Shr | Op::Ushr if is(y, 0) => Some(x),
        Op::Mul if is(x, 1) => Some(y),
        Op::Mul | Op::Div if is(y, 1) => Some(x),
        Op::And if is(x, -1) => Some(y),
        Op::And if is(y, -1) => Some(x),
        _ => None,
    }
}

/// What `i` computes, if it is pure, with commutative operands in value
/// order.
fn key(f: &Function, i: Inst) -> Option<Key> {
    if !f.removable_if_unused(i) {
        return None;
    }
    match *f.kind(i) {
        InstKind::Unary(op, x) => Some(Key::Unary(op, x)),
        InstKind::Binary(op, x, y) => {
            let commutes = matches!(
                op,
                Op::Add | Op::Mul | Op::And | Op::Or | Op::Xor | Op::Eq | Op::Ne
            );
            let (x, y) = if commutes && y < x { (y, x) } else { (x, y) };
            Some(Key::Binary(op, x, y))
        }
        _ => None,
    }
}

/// Rewrites each `rem x, c` that has a matching `div x, c` (by a
/// constant `c` that takes a multiply by a magic number) to `x - (x / c)
/// * c`; returns how many.
fn expand_remainders(f: &mut Function, budget: &mut Budget) -> Result<usize, Bail> {
    let blocks: Vec<Block> = f.live_blocks().collect();
    let mut divided: FxHashSet<(Value, Value)> = FxHashSet::default();
    for &b in &blocks {
        budget.charge(f.block(b).insts.len() as u64 + 1)?;
        for &i in &f.block(b).insts {
            if let InstKind::Binary(Op::Div, x, c) = *f.kind(i) {
                if magic_divisor(f, c) {
                    divided.insert((x, c));
                }
            }
        }
    }
    if divided.is_empty() {
        return Ok(0);
    }
    let mut expanded = 0;
    for &b in &blocks {
        let mut insts = Vec::with_capacity(f.block(b).insts.len());
        for k in 0..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            match *f.kind(i) {
                InstKind::Binary(Op::Rem, x, c) if divided.contains(&(x, c)) => {
                    let src = f.inst(i).src;
                    let q = int_inst(f, InstKind::Binary(Op::Div, x, c), i, src);
                    let qv = f.inst(q).result.expect("defines");
                    let t = int_inst(f, InstKind::Binary(Op::Mul, qv, c), i, src);
                    let tv = f.inst(t).result.expect("defines");
                    f.insts[i.index()].kind = InstKind::Binary(Op::Sub, x, tv);
                    insts.extend([q, t, i]);
                    expanded += 1;
                }
                _ => insts.push(i),
            }
        }
        f.blocks[b.index()].insts = insts;
    }
    Ok(expanded)
}

/// A new integer instruction placed where `like` is (same source line and
/// inlined body).
fn int_inst(f: &mut Function, kind: InstKind, like: Inst, src: u32) -> Inst {
    let i = f.add_inst(kind, src, true);
    f.insts[i.index()].inlined = f.inst(like).inlined;
    let v = f.inst(i).result.expect("defines");
    f.set_type(v, ValueType::Int);
    i
}

/// Whether `c` is a constant divisor that division handles with a
/// multiply by a magic number: neither 0, ±1 nor ± a power of two.
fn magic_divisor(f: &Function, c: Value) -> bool {
    f.constant(c)
        .is_some_and(|c| !(c as i64).unsigned_abs().is_power_of_two() && c != 0)
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;
    use crate::tools::dump::{self, Format};

    fn after_gvn(text: &str) -> (String, super::GvnStats) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, vm::FuncId(0), Phase::Gvn).expect("compiles");
        (
            dump::dump(&program, &ctx, Phase::Gvn, Format::Text),
            super::GvnStats {
                merged: ctx.stats.count(Phase::Gvn, "merged") as usize,
                expanded: ctx.stats.count(Phase::Gvn, "expanded") as usize,
                simplified: ctx.stats.count(Phase::Gvn, "simplified") as usize,
            },
        )
    }

    /// `add %a, %x, %y` and `add %b, %y, %x` compute one value; the
    /// `mul` on each then does too.
    #[test]
    fn equal_computations_merge_through_commuted_operands() {
        let (dump, stats) = after_gvn(
            "func main(%x, %y)\n    add %a, %x, %y\n    add %b, %y, %x\n    mul %c, %a, 3\n    mul %d, %b, 3\n    sub %e, %c, %d\n    print %e\n    ret 0\nend\n",
        );
        assert_eq!(stats.merged, 2, "{dump}");
        assert_eq!(dump.matches(" = add ").count(), 1, "{dump}");
        assert_eq!(dump.matches(" = mul ").count(), 1, "{dump}");
    }

    /// A computation in one arm of a branch does not stand for the same
    /// computation in the other, nor after the join; one before the
    /// branch stands for both.
    #[test]
    fn only_a_dominating_computation_counts() {
        let (dump, stats) = after_gvn(
            "func main(%x, %y)\n    jz %y, other\n    sub %a, %x, %y\n    print %a\n    jmp join\nother:\n    sub %b, %x, %y\n    print %b\njoin:\n    sub %c, %x, %y\n    print %c\n    ret 0\nend\n",
        );
        assert_eq!(stats.merged, 0, "{dump}");
        let (dump, stats) = after_gvn(
            "func main(%x, %y)\n    sub %d, %x, %y\n    print %d\n    jz %y, other\n    sub %a, %x, %y\n    print %a\n    jmp join\nother:\n    sub %b, %x, %y\n    print %b\njoin:\n    ret 0\nend\n",
        );
        assert_eq!(stats.merged, 2, "{dump}");
    }

    /// `rem %d, %x, 10` before `div %q, %x, 10` shares its quotient;
    /// a division by a value that may be zero, or a load, never merges.
    #[test]
    fn a_remainder_shares_the_quotient_and_traps_stay() {
        let (dump, stats) = after_gvn(
            "func main(%x)\n    rem %d, %x, 10\n    div %q, %x, 10\n    add %s, %d, %q\n    print %s\n    ret 0\nend\n",
        );
        assert_eq!((stats.expanded, stats.merged), (1, 1), "{dump}");
        assert_eq!(dump.matches(" = div ").count(), 1, "{dump}");
        assert!(!dump.contains(" = rem "), "{dump}");
        let (dump, stats) = after_gvn(
            ".memory 4\nfunc main(%x, %y)\n    div %a, %x, %y\n    div %b, %x, %y\n    load %c, [%x]\n    load %d, [%x]\n    add %s, %a, %b\n    add %s, %s, %c\n    add %s, %s, %d\n    print %s\n    ret 0\nend\n",
        );
        assert_eq!(stats.merged, 0, "{dump}");
    }

    /// Powers of two and ±1 keep their own remainder sequences.
    #[test]
    fn a_power_of_two_remainder_stays() {
        let (dump, stats) = after_gvn(
            "func main(%x)\n    rem %d, %x, 8\n    div %q, %x, 8\n    add %s, %d, %q\n    print %s\n    ret 0\nend\n",
        );
        assert_eq!(stats.expanded, 0, "{dump}");
    }

    /// Each integer identity leaves its operand; a subtraction from 0, a
    /// division of 1 and an `add` of 0 to a float's bits (an integer to
    /// the back end, the operand a float) stay.
    #[test]
    fn identities_leave_their_operand() {
        let (dump, stats) = after_gvn(
            "func main(%x)\n    add %a, %x, 0\n    add %a, 0, %a\n    sub %a, %a, 0\n    mul %a, %a, 1\n    mul %a, 1, %a\n    div %a, %a, 1\n    and %a, %a, -1\n    and %a, -1, %a\n    or %a, %a, 0\n    xor %a, 0, %a\n    shl %a, %a, 0\n    shr %a, %a, 0\n    ushr %a, %a, 0\n    print %a\n    ret 0\nend\n",
        );
        assert_eq!(stats.simplified, 13, "{dump}");
        assert!(dump.contains("print %x.0"), "{dump}");
        let (dump, stats) = after_gvn(
            "func main(%x)\n    sub %a, 0, %x\n    div %b, 1, %x\n    fmul %f, %x, 1.5\n    add %g, %f, 0\n    print %a\n    print %b\n    print %g\n    ret 0\nend\n",
        );
        assert_eq!(stats.simplified, 0, "{dump}");
    }
}
