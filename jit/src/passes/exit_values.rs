//! Exit values of counting loops: the final value replacement of gcc's
//! scalar evolution (`tree-scalar-evolution.c`) and LLVM's
//! `IndVarSimplify`, with the loop then left after one iteration, as
//! `LoopDeletion` would delete it.
//!
//! A loop of one block, tested at its end, that only counts:
//!
//! ```text
//! loop: x = phi(x0, x')          p = phi(p0, p') ...
//!       ...pure instructions, no trap...
//!       x' = add x, 1            p' = add p, d   (d loop-invariant)
//!       jlt x', n -> loop else exit              (n loop-invariant)
//! ```
//!
//! leaves with `x' = max(x0 + 1, n)` (signed, `x0 + 1` wrapping: from
//! below `n` the count rises by one to `n` without wrapping; from at or
//! above it, one iteration), so after `i = x' - x0` iterations (wrapping,
//! exact modulo 2^64 as the arithmetic is), and every such `p` leaves
//! with `p' = p0 + i * d`, `p = p' - d`. Where the only values the loop
//! defines that are used after it are such `p` and `p'`, those uses read
//! values computed before the loop, and the loop's branch back goes: the
//! block runs once and its instructions, unused, are removed. The loop
//! terminates whatever its inputs, has no effect and cannot trap, so
//! only the time it took changes (the spec counts no steps).

use crate::ir::entity::{Block, Inst, Value};
use crate::ir::types::ValueType;
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

/// Loops with more counting variables stay (each use after the loop is
/// matched against them).
const MAX_VARIABLES: usize = 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExitValueStats {
    /// Loops replaced by their exit values.
    pub loops: usize,
}

/// A loop's counting variables: per phi of the loop, its entry value,
/// its next value and the step between.
struct Counted {
    block: Block,
    pre: Block,
    exit: Block,
    count: Value,
    limit: Value,
    /// (phi, entry, next, step)
    ivs: Vec<(Value, Value, Value, Value)>,
}

/// Replaces the exit values of `f`'s counting loops (each one removes
/// an edge: the CFG changes where `loops` is not 0). Linear in the
/// function's size: the uses are found and replaced in one pass each.
pub fn replace(f: &mut Function, budget: &mut Budget) -> Result<ExitValueStats, Bail> {
    budget.charge(f.blocks.len() as u64)?;
    let candidates: Vec<Block> = f
        .live_blocks()
        .filter(|&b| f.block(b).preds().contains(&b))
        .collect();
    if candidates.is_empty() {
        return Ok(ExitValueStats::default());
    }
    budget.charge(f.insts.len() as u64)?;
    let homes = Homes::of(f);
    let mut found = Vec::new();
    for b in candidates {
        budget.charge(f.block(b).insts.len() as u64 + 1)?;
        found.extend(counting_loop(f, b, &homes));
    }
    if found.is_empty() {
        return Ok(ExitValueStats::default());
    }
    let one = constant(f, 1);
    let mut replacement = vec![None; f.value_count()];
    for c in &found {
        rewrite(f, c, one, &mut replacement);
    }
    budget.charge(2 * f.insts.len() as u64)?;
    for b in f.live_blocks().collect::<Vec<_>>() {
        for k in 0..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            f.insts[i.index()]
                .kind
                .map_operands(|v| replacement.get(v.index()).copied().flatten().unwrap_or(v));
        }
    }
    let blocks: Vec<Block> = found.iter().map(|c| c.block).collect();
    remove_unused(f, &blocks);
    Ok(ExitValueStats { loops: found.len() })
}

/// Where each value is defined and whether a block other than that one
/// uses it.
struct Homes {
    block: Vec<Option<Block>>,
    used_elsewhere: Vec<bool>,
}

impl Homes {
    fn of(f: &Function) -> Homes {
        let mut block = vec![None; f.value_count()];
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                if let Some(r) = f.inst(i).result {
                    block[r.index()] = Some(b);
                }
            }
        }
        let mut used_elsewhere = vec![false; f.value_count()];
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                f.kind(i).for_each_operand(|v| {
                    used_elsewhere[v.index()] |= block[v.index()] != Some(b);
                });
            }
        }
        Homes {
            block,
            used_elsewhere,
        }
    }
}

/// Block `b` as a counting loop, if it is one whose values used after it
/// are all counting variables.
fn counting_loop(f: &Function, b: Block, homes: &Homes) -> Option<Counted> {
    let data = f.block(b);
    let (&[p0, p1], true) = (data.preds(), data.preds().contains(&b)) else {
        return None;
    };
    let (pre, back) = if p1 == b { (p0, 1) } else { (p1, 0) };
    if pre == b {
        return None;
    }
    let (&last, body) = data.insts.split_last()?;
    let (count, limit, exit) = stays_while_below(f, last, b)?;
    let inside = |v: Value| homes.block[v.index()] == Some(b);
    if inside(limit)
        || !body
            .iter()
            .all(|&i| f.kind(i).is_phi() || f.removable_if_unused(i))
    {
        return None;
    }
    let ivs: Vec<(Value, Value, Value, Value)> = body
        .iter()
        .filter_map(|&i| {
            let InstKind::Phi(args) = f.kind(i) else {
                return None;
            };
            let (phi, entry, next) = (f.inst(i).result?, args[1 - back], args[back]);
            let step = step_of(f, next, phi).filter(|&d| !inside(d))?;
            Some((phi, entry, next, step))
        })
        .collect();
    let is_count = |&(phi, _, next, step): &(Value, Value, Value, Value)| {
        next == count && f.constant(step) == Some(1) && inside(phi)
    };
    if ivs.len() > MAX_VARIABLES {
        return None;
    }
    // Every value of the loop used after it is a counting variable.
    let counting = |v: Value| ivs.iter().any(|&(p, _, n, _)| v == p || v == n);
    let escapes = body
        .iter()
        .filter_map(|&i| f.inst(i).result)
        .any(|r| homes.used_elsewhere[r.index()] && !counting(r));
    if escapes {
        return None;
    }
    let count_phi = ivs.iter().find(|iv| is_count(iv))?.0;
    let ivs = {
        // The count first: the others' values come from its own.
        let mut ivs = ivs;
        ivs.sort_by_key(|&(p, ..)| p != count_phi);
        ivs
    };
    Some(Counted {
        block: b,
        pre,
        exit,
        count,
        limit,
        ivs,
    })
}

/// `(a, n, exit)` if `branch` stays in `b` while `a < n` (signed) and
/// leaves for `exit` otherwise.
fn stays_while_below(f: &Function, branch: Inst, b: Block) -> Option<(Value, Value, Block)> {
    let InstKind::Branch {
        op,
        args: [x, y],
        taken,
        fallthrough,
    } = *f.kind(branch)
    else {
        return None;
    };
    let (stays, exit) = match (taken == b, fallthrough == b) {
        (true, false) => (true, fallthrough),
        (false, true) => (false, taken),
        _ => return None,
    };
    // While `lhs < rhs`: taken on `<` (or `>` swapped), or falling
    // through on `>=` (or `<=` swapped).
    let (a, n) = match (op, stays) {
        (Op::Jlt, true) | (Op::Jge, false) => (x, y),
        (Op::Jgt, true) | (Op::Jle, false) => (y, x),
        _ => return None,
    };
    Some((a, n, exit))
}

/// `d` if `next` is `add phi, d` (either order).
fn step_of(f: &Function, next: Value, phi: Value) -> Option<Value> {
    match *f.kind(f.def(next)) {
        InstKind::Binary(Op::Add, a, d) if a == phi => Some(d),
        InstKind::Binary(Op::Add, d, a) if a == phi => Some(d),
        _ => None,
    }
}

/// The constant `c`, defined in the entry block.
fn constant(f: &mut Function, c: u64) -> Value {
    let i = f.add_inst(InstKind::Const(c), crate::ir::NO_SRC, true);
    let v = f.inst(i).result.expect("defines");
    f.set_type(v, ValueType::Int);
    f.add_entry_definitions(vec![i]);
    v
}

/// Computes the exit values at the end of the loop's preheader, records
/// them in `replacement` for the uses to read, and ends the loop after
/// one iteration.
fn rewrite(f: &mut Function, c: &Counted, one: Value, replacement: &mut [Option<Value>]) {
    let mut code = Vec::new();
    let src = f
        .inst(*f.block(c.block).insts.last().expect("a branch"))
        .src;
    let mut int = |f: &mut Function, op: Op, a: Value, b: Value| {
        let i = f.add_inst(InstKind::Binary(op, a, b), src, true);
        let v = f.inst(i).result.expect("defines");
        f.set_type(v, ValueType::Int);
        code.push(i);
        v
    };
    let x0 = c.ivs[0].1;
    // x' = x0 + 1 if that is at least n, else n: n + (x0 + 1 >= n) * (x0 + 1 - n).
    let first = int(f, Op::Add, x0, one);
    let once = int(f, Op::Ge, first, c.limit);
    let over = int(f, Op::Sub, first, c.limit);
    let past = int(f, Op::Mul, over, once);
    let count_exit = int(f, Op::Add, c.limit, past);
    let iterations = int(f, Op::Sub, count_exit, x0);
    for &(phi, entry, next, step) in &c.ivs {
        let next_exit = if next == c.count {
            count_exit
        } else {
            let moved = int(f, Op::Mul, iterations, step);
            int(f, Op::Add, entry, moved)
        };
        replacement[phi.index()] = Some(int(f, Op::Sub, next_exit, step));
        replacement[next.index()] = Some(next_exit);
    }
    let pre = &mut f.blocks[c.pre.index()].insts;
    let at = pre.len() - 1;
    pre.splice(at..at, code);
    let last = *f.block(c.block).insts.last().expect("a branch");
    f.insts[last.index()].kind = InstKind::Jump(c.exit);
    f.remove_edge(c.block, c.block);
}

/// Removes the instructions of `blocks` (the loops, now run once) that
/// nothing uses any more: their last instruction first, so one pass
/// removes chains (the back edge is gone, so no phi reads a value
/// defined after it).
fn remove_unused(f: &mut Function, blocks: &[Block]) {
    let mut uses = vec![0u32; f.value_count()];
    for o in f.live_blocks() {
        for &i in &f.block(o).insts {
            f.kind(i).for_each_operand(|v| uses[v.index()] += 1);
        }
    }
    for &b in blocks {
        let mut kept = Vec::with_capacity(f.block(b).insts.len());
        for &i in f.block(b).insts.iter().rev() {
            let dead = !f.kind(i).is_terminator()
                && f.inst(i).result.is_some_and(|r| uses[r.index()] == 0)
                && (f.kind(i).is_phi() || f.removable_if_unused(i));
            if dead {
                f.kind(i).for_each_operand(|v| uses[v.index()] -= 1);
            } else {
                kept.push(i);
            }
        }
        kept.reverse();
        f.blocks[b.index()].insts = kept;
    }
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    fn counted(text: &str) -> usize {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx =
            Context::compiled_to(&program, program.main, Phase::ExitValues).expect("compiles");
        ctx.stats.count(Phase::ExitValues, "counted") as usize
    }

    const LOST_COPY: &str = "func main(%n)\n    mov %x, 0\n    mov %s, 5\nloop:\n    mov %y, %x\n    add %s, %s, 3\n    add %x, %x, 1\n    jlt %x, %n, loop\n    print %y\n    print %s\n    ret 0\nend\n";

    #[test]
    fn a_loop_that_only_counts_is_replaced_by_its_exit_values() {
        assert_eq!(counted(LOST_COPY), 1);
        // `jge` falling through into the loop, and the limit first.
        assert_eq!(
            counted(&LOST_COPY.replace("jlt %x, %n, loop", "jgt %n, %x, loop")),
            1
        );
    }

    #[test]
    fn loops_with_effects_or_other_values_used_after_stay() {
        // Output in the loop.
        let printing =
            LOST_COPY.replace("    add %x, %x, 1\n", "    print %x\n    add %x, %x, 1\n");
        assert_eq!(counted(&printing), 0);
        // A load may trap.
        let loading = LOST_COPY.replace("    add %s, %s, 3\n", "    load %s, [%x]\n");
        assert_eq!(counted(&loading), 0);
        // A step of 2 for the count.
        assert_eq!(
            counted(&LOST_COPY.replace("add %x, %x, 1", "add %x, %x, 2")),
            0
        );
        // A value other than a counting variable is used after the loop.
        let squared = LOST_COPY.replace("    add %s, %s, 3\n", "    mul %s, %x, %x\n");
        assert_eq!(counted(&squared), 0);
    }

    #[test]
    fn a_loop_counting_on_from_another_reads_its_exit_value() {
        use crate::testing::oracle::{run, Config};
        // The second loop's preheader is the first loop itself.
        let text = "func main(%n)\n    mov %x, 0\n    mov %s, 7\na:\n    add %s, %s, 2\n    add %x, %x, 1\n    jlt %x, %n, a\nb:\n    add %s, %s, %x\n    add %x, %x, 1\n    jlt %x, 100, b\n    print %x\n    print %s\n    ret 0\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx =
            Context::compiled_to(&program, program.main, Phase::ExitValues).expect("compiles");
        assert_eq!(
            ctx.stats.count(Phase::ExitValues, "counted"),
            1,
            "the second sums the count"
        );
        for n in [-5, 0, 3, 99, 100, 150] {
            let text = text
                .replace("func main(%n)", "func main()")
                .replace("%n", &n.to_string());
            let program = vm::load(text.as_bytes()).expect("loads");
            let (want, _) = run(&program, Config::Interp, vm::Limits::default());
            let (got, _) = run(&program, Config::Jit, vm::Limits::default());
            assert_eq!(got, want, "n {n}");
        }
    }

    #[test]
    fn exit_values_match_the_interpreter_at_the_edges() {
        use crate::testing::oracle::{run, Config};
        let program_for = |x0: i64, n: i64| {
            LOST_COPY
                .replace("mov %x, 0", &format!("mov %x, {x0}"))
                .replace("func main(%n)", "func main()")
                .replace("%n", &n.to_string())
        };
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -2,
            -1,
            0,
            1,
            2,
            7,
            i64::MAX - 1,
            i64::MAX,
        ];
        for &x0 in &edges {
            // Limits that keep the interpreter's loop short: it runs from
            // x0 + 1 (wrapped) up to n.
            for n in [
                x0.wrapping_add(1),
                x0.wrapping_add(3),
                x0,
                x0.wrapping_sub(5),
                i64::MIN,
            ] {
                let first = x0.wrapping_add(1);
                if first < n && n.wrapping_sub(first) as u64 > 10 {
                    continue;
                }
                let text = program_for(x0, n);
                let program = vm::load(text.as_bytes()).expect("loads");
                let (want, _) = run(&program, Config::Interp, vm::Limits::default());
                let (got, _) = run(&program, Config::Jit, vm::Limits::default());
                assert_eq!(got, want, "x0 {x0}, n {n}");
            }
        }
    }
}
