//! Linear-function test replacement in the unchecked copies of versioned
//! loops: a loop whose index only counts its iterations is tested on a
//! value stepped in lockstep with it, and the index's step goes. On the
//! out-of-SSA IR with its register homes, after `rebase`.
//!
//! A matrix product's dot loop steps three values: the index `k`, tested
//! against `n`, and two pointers, `ai` by 1 and `bi` by `n`; `k` is read
//! by nothing else. gcc tests `ai` against its end and keeps no `k`
//! (induction-variable elimination and linear-function test replacement:
//! Cocke and Kennedy, "An algorithm for reduction of operator strength",
//! CACM 20(11), 1977; Allen, Cocke and Kennedy, "Reduction of operator
//! strength", 1981). Here a versioned loop qualifies when
//!
//! - it is tested at the top going up (`k < n`), its index stepped by 1
//!   in its one latch, and among its strided values (`bounds::Strided`,
//!   which the guard holds to `[0, 2^31)` on entry when the loop runs)
//!   is one, `s`, also stepped by the constant 1: then `s - k` is the same
//!   in every iteration, and `k < n` holds exactly when `s < s0 + n - k0`
//!   (the guard holds `k0 >= 0` and `n` below the cell count, so neither
//!   side can overflow);
//! - the loop reads `k` only in its test and its step (`next = add k, 1`,
//!   and the copy of `next` back into `k`, `next` read by nothing else),
//!   and nothing outside the loop reads `k`, so its value is dead
//!   wherever the loop leaves;
//! - `k` lives in a general register that no other value of the loop
//!   reads, writes or keeps live, and the loop holds no versioned loop,
//!   no fill, and nothing but arithmetic, moves, branches, loads and
//!   stores.
//!
//! The emitter (`backend::emitter`, `layout::guard`) then puts the limit
//! `s + n - k` in `k`'s register as the guard passes, compares `s` with
//! it where the loop compared `k` with `n`, and leaves the step out. The
//! checked copy is unchanged. A trap in the copy ends the program, and
//! `k` is read nowhere after it.

use crate::ir::entity::{Inst, Table, Value};
use crate::ir::{Function, InstKind};
use crate::passes::bounds::{Direction, VersionedLoop};
use crate::passes::fill::Fill;
use crate::passes::rebase::{plain_copy, reads};
use crate::pipeline::budget::{Bail, Budget};
use crate::regalloc::{Allocation, Home};
use vm::Op;

/// One versioned loop's test on a lockstep value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lockstep {
    /// The loop, as an index into the versioned loops.
    pub lp: usize,
    /// The index, whose register holds the limit in the copy.
    pub index: Value,
    /// The value stepped by 1 beside it, tested in its place.
    pub by: Value,
    /// The index's step and its copy back, which the copy leaves out,
    /// sorted.
    pub steps: Vec<Inst>,
}

/// The loops among `versioned` (none of those in `fills`) whose unchecked
/// copies can test a lockstep value in place of their index.
pub fn find(
    f: &Function,
    versioned: &[VersionedLoop],
    fills: &[Fill],
    allocation: &Allocation,
    budget: &mut Budget,
) -> Result<Vec<Lockstep>, Bail> {
    let mut found = Vec::new();
    if versioned.iter().all(|l| l.strided.is_empty()) {
        return Ok(found);
    }
    budget.charge(f.insts.len() as u64)?;
    let read_counts = f.read_counts();
    for (lp, l) in versioned.iter().enumerate() {
        let size: usize = l.blocks.iter().map(|&b| f.block(b).insts.len()).sum();
        budget.charge(size as u64)?;
        if !plain_copy(f, versioned, fills, lp) {
            continue;
        }
        if let Some(found_here) = lockstep(f, lp, l, allocation, &read_counts) {
            found.push(found_here);
        }
    }
    Ok(found)
}

/// Loop `l`'s test replacement, if it qualifies.
fn lockstep(
    f: &Function,
    lp: usize,
    l: &VersionedLoop,
    allocation: &Allocation,
    read_counts: &Table<Value, u32>,
) -> Option<Lockstep> {
    if l.direction != Direction::Up || l.bottom_tested || l.inclusive {
        return None;
    }
    let k = l.index;
    let by = l
        .strided
        .iter()
        .find(|s| f.constant(s.step) == Some(1))?
        .value;
    let Some(Home::Gpr(r)) = allocation.homes[k.index()] else {
        return None;
    };
    // The header only tests `k` against the limit.
    let [test] = f.block(l.header).insts[..] else {
        return None;
    };
    let InstKind::Branch { args, .. } = f.kind(test) else {
        return None;
    };
    if !(args.contains(&k) && args.contains(&l.limit)) {
        return None;
    }
    // The step and its copy back: the loop's only other reads of `k`.
    let mut steps = Vec::new();
    let mut reads_in_loop = 1;
    let mut next = None;
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            match *f.kind(i) {
                InstKind::Binary(Op::Add, x, one)
                    if x == k && f.constant(one) == Some(1) && next.is_none() =>
                {
                    next = f.inst(i).result;
                    reads_in_loop += 1;
                    steps.push(i);
                }
                _ if i != test && reads(f, i, k) > 0 => return None,
                _ => {}
            }
        }
    }
    let next = next?;
    let back = l.blocks.iter().find_map(|&b| {
        f.block(b)
            .insts
            .iter()
            .copied()
            .find(|&i| matches!(*f.kind(i), InstKind::Copy(v) if v == next))
    })?;
    if f.inst(back).result != Some(k) || read_counts[next] != 1 || read_counts[k] != reads_in_loop {
        return None;
    }
    steps.push(back);
    steps.sort();
    // The register is the index's own throughout the loop.
    let others = allocation.gprs_used_in(f, &l.blocks, &[k, next]);
    (others & r.bit() == 0).then_some(Lockstep {
        lp,
        index: k,
        by,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// The loops `lockstep` tests on a lockstep value in `main` of a dot
    /// product whose loop is `body` (the index `%k` up to `%n`, `%ai`
    /// stepped by 1 and `%bi` by `%n`), followed by `after`.
    fn found(body: &str, after: &str) -> usize {
        found_beside(body, after).0
    }

    /// The same, and how many versioned loops step a value in lockstep
    /// (so that a refusal is `lockstep`'s own).
    fn found_beside(body: &str, after: &str) -> (usize, usize) {
        let text = format!(
            ".memory 400\nfunc main(%n)\n    mov %acc, 0\n    mov %k, 0\n    mov %ai, 0\n    mov %bi, 100\ndot:\n    jge %k, %n, done\n{body}    jmp dot\ndone:\n    print %acc\n{after}    ret 0\nend\n"
        );
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Lockstep).expect("compiles");
        let strided = ctx.versioned.as_ref().expect("versioned");
        let strided = strided.iter().filter(|l| !l.strided.is_empty()).count();
        (ctx.lockstep.expect("found").len(), strided)
    }

    const DOT: &str = "    load %a, [%ai]\n    load %b, [%bi]\n    mul %p, %a, %b\n    add %acc, %acc, %p\n    add %ai, %ai, 1\n    add %bi, %bi, %n\n    add %k, %k, 1\n";

    #[test]
    fn a_dot_products_index_is_replaced_by_its_pointer() {
        assert_eq!(found(DOT, ""), 1);
    }

    /// The index read after the loop, or inside it, stays; so does one
    /// beside pointers that step by anything but 1.
    #[test]
    fn an_index_read_elsewhere_or_beside_other_steps_stays() {
        assert_eq!(found_beside(DOT, "    print %k\n"), (0, 1));
        let read = DOT.replace(
            "    add %k, %k, 1\n",
            "    add %acc, %acc, %k\n    add %k, %k, 1\n",
        );
        assert_eq!(found(&read, ""), 0);
        let by_two = DOT.replace("add %ai, %ai, 1", "add %ai, %ai, 2");
        assert_eq!(found(&by_two, ""), 0);
        let by_two_index = DOT.replace("add %k, %k, 1", "add %k, %k, 2");
        assert_eq!(found(&by_two_index, ""), 0);
    }

    /// A call in the loop could read the index's register: left alone.
    #[test]
    fn a_loop_with_output_stays() {
        let print = DOT.replace("    add %k, %k, 1\n", "    print %acc\n    add %k, %k, 1\n");
        assert_eq!(found_beside(&print, ""), (0, 1));
    }
}
