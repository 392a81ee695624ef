//! Register homes for the out-of-SSA IR: which values live in a register
//! for the whole function, and which registers are live across each call.
//!
//! Greedy graph colouring (Chaitin, "Register allocation and spilling via
//! graph coloring", 1982) without Chaitin's spilling loop: the 128 integer
//! and 128 float values with the most uses, weighted by loop nesting (the
//! loop forest's depth, 8 per level), are
//! candidates; interference comes from liveness (a value defined while
//! another is live interferes with it, except the source of a copy, so
//! copies can coalesce); candidates take registers in rank order, the
//! register of a copy partner first. A candidate with no register free
//! keeps its frame slot. Integer constants are immediates and need none.

use crate::analysis::loops::LoopForest;
use crate::analysis::worklist::{self, Worklist};
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::types::ValueType;
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};

pub mod checker;
pub mod mask;
pub use mask::Mask;
use vm::Op;

/// The callee-saved value registers (`rbx`, `r10`, `r11`, `r12`:
/// `x64::env::CALLEE_SAVED_VALUES`) whose caller's copies the function
/// saves in its frame if it uses them: first choice for integer values
/// live across calls (`Orders::preference`).
pub use x64::env::CALLEE_SAVED_VALUES as CALLEE_SAVED;
use x64::env::{VALUE_GPRS, VALUE_XMMS};
use x64::{Gpr, Xmm};

/// Loops deeper than this weigh no more (8^6 already dwarfs any count).
const MAX_DEPTH: u32 = 6;
/// The weight of one use in a loop.
const LOOP_WEIGHT: u64 = 8;

/// Candidates per register class: one bit each in a `Mask`.
const PER_CLASS: usize = mask::CAPACITY / 2;

/// Where a value lives besides its frame slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Home {
    Gpr(Gpr),
    Xmm(Xmm),
}

impl Home {
    /// The register's bit among those of its class.
    fn bit(self) -> u32 {
        u32::from(match self {
            Home::Gpr(r) => r.bit(),
            Home::Xmm(x) => x.bit(),
        })
    }
}

#[derive(Clone, Debug)]
pub struct Allocation {
    /// Per value: its register, if it has one.
    pub homes: Vec<Option<Home>>,
    /// The values that have a home; bit k of a mask is `homed[k]`.
    pub homed: Vec<Value>,
    /// Per instruction: the homed values live after it.
    pub live_after: Vec<Mask>,
}

impl Allocation {
    /// The general registers (a mask of `Gpr::bit`s) some value homed
    /// there, but those in `except`, is read, written or live in anywhere
    /// in `blocks`: what a loop leaves free is the rest.
    pub fn gprs_used_in(&self, f: &Function, blocks: &[Block], except: &[Value]) -> u16 {
        let mut taken = 0u16;
        let mut take = |v: Value| {
            if let (Some(Home::Gpr(r)), false) = (self.homes[v.index()], except.contains(&v)) {
                taken |= r.bit();
            }
        };
        for &b in blocks {
            for &i in &f.block(b).insts {
                f.kind(i).for_each_operand(&mut take);
                if let Some(v) = f.inst(i).result {
                    take(v);
                }
                for k in self.live_after[i.index()].iter() {
                    take(self.homed[k]);
                }
            }
        }
        taken
    }
}

/// Operations the emitter computes in XMM registers (`types` says which
/// read floats: `fneg`, say, reads one but is an integer `btc` here), so
/// their operands vote for a home there when their type is `bits`.
fn computed_in_xmm(op: Op) -> bool {
    matches!(op, Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FSqrt) || op.is_float_comparison()
}

/// Weighted uses (definitions included) of each value, by integer
/// instructions and by float ones; copies count towards the class of the
/// values they join.
fn weights(f: &Function, loops: &LoopForest) -> (Vec<u64>, Vec<u64>) {
    let n = f.value_count();
    let (mut ints, mut floats, mut copies) = (vec![0u64; n], vec![0u64; n], vec![0u64; n]);
    for b in f.live_blocks() {
        let w = 8u64.pow(loops.depth(b).min(MAX_DEPTH));
        for &i in &f.block(b).insts {
            let kind = f.kind(i);
            let float = match kind {
                InstKind::Unary(op, _) | InstKind::Binary(op, ..) => computed_in_xmm(*op),
                InstKind::FPrint(..) => true,
                _ => false,
            };
            // A copy says nothing of its value's kind: it counts towards
            // the weight, not the class.
            if let (InstKind::Copy(a), Some(r)) = (kind, f.inst(i).result) {
                copies[a.index()] += w;
                copies[r.index()] += w;
                continue;
            }
            let counts = if float { &mut floats } else { &mut ints };
            kind.for_each_operand(|v| counts[v.index()] += w);
            // A constant's definition costs nothing at run time.
            if matches!(kind, InstKind::Const(_)) {
                continue;
            }
            if let Some(r) = f.inst(i).result {
                let float_result = float
                    && !matches!(kind, InstKind::Binary(op, ..) if !matches!(op, Op::FAdd | Op::FSub | Op::FMul | Op::FDiv))
                    || matches!(kind, InstKind::Unary(Op::IToF, _));
                if float_result {
                    floats[r.index()] += w;
                } else {
                    ints[r.index()] += w;
                }
            }
        }
    }
    // A value only copied takes the class of what it is copied from or
    // to, so a phi web stays in one register file.
    // (A few passes settle any real function; a class is only a hint.)
    let mut changed = true;
    for _ in 0..8 {
        if !changed {
            break;
        }
        changed = false;
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                let (InstKind::Copy(a), Some(r)) = (f.kind(i), f.inst(i).result) else {
                    continue;
                };
                for (from, to) in [(a.index(), r.index()), (r.index(), a.index())] {
                    if floats[from] > ints[from] && floats[to] + ints[to] == 0 {
                        floats[to] = 1;
                        changed = true;
                    }
                }
            }
        }
    }
    for v in 0..n {
        if floats[v] > ints[v] {
            floats[v] += copies[v];
        } else {
            ints[v] += copies[v];
        }
    }
    (ints, floats)
}

/// Whether `v` belongs in an XMM register: its type says, and for a
/// value used both ways (`Bits`), the weight of its float uses against its
/// integer ones.
fn is_float(f: &Function, ints: &[u64], floats: &[u64], v: usize) -> bool {
    match f.ty(Value::new(v)) {
        ValueType::Float => true,
        ValueType::Int => false,
        ValueType::Bits => floats[v] > ints[v],
    }
}

/// The candidates of one class, best first.
fn candidates(f: &Function, ints: &[u64], floats: &[u64], want_float: bool) -> Vec<Value> {
    let mut ranked: Vec<usize> = (0..f.value_count())
        .filter(|&v| {
            let constant = f.constant(Value::new(v)).is_some();
            // A float constant is worth a register even for one use, which
            // may sit in a loop: as an immediate it costs two moves a use.
            let enough = if constant { 1 } else { 2 };
            (want_float || !constant)
                && ints[v] + floats[v] >= enough
                && is_float(f, ints, floats, v) == want_float
        })
        .collect();
    ranked.sort_by_key(|&v| (std::cmp::Reverse(ints[v] + floats[v]), v));
    ranked.truncate(PER_CLASS);
    ranked.into_iter().map(Value::new).collect()
}

/// Per instruction, the values of `bit` live after it (the instruction's
/// own result excluded). Backward liveness over the blocks, then a
/// backward walk through each block.
fn live_after(f: &Function, bit: &[Mask], budget: &mut Budget) -> Result<Vec<Mask>, Bail> {
    let uses_of = |i: Inst| {
        let mut m = Mask::EMPTY;
        f.kind(i).for_each_operand(|v| m |= bit[v.index()]);
        m
    };
    let def_of = |i: Inst| f.inst(i).result.map_or(Mask::EMPTY, |r| bit[r.index()]);
    let n = f.blocks.len();
    let (mut gen, mut kill) = (vec![Mask::EMPTY; n], vec![Mask::EMPTY; n]);
    for b in f.live_blocks() {
        for &i in f.block(b).insts.iter().rev() {
            let d = def_of(i);
            gen[b.index()] = (gen[b.index()] & !d) | uses_of(i);
            kill[b.index()] |= d;
        }
    }
    let mut live_in = vec![Mask::EMPTY; n];
    let order = worklist::forward_order(f, f.live_blocks());
    let mut work = Worklist::new(n, order.into_iter().rev());
    while let Some(b) = work.pop() {
        budget.charge(1 + f.block(b).succs().len() as u64)?;
        let out = f
            .block(b)
            .succs()
            .iter()
            .fold(Mask::EMPTY, |m, s| m | live_in[s.index()]);
        let new = gen[b.index()] | (out & !kill[b.index()]);
        if new != live_in[b.index()] {
            live_in[b.index()] = new;
            for &p in f.block(b).preds().iter().filter(|p| f.block(**p).live) {
                work.push(p);
            }
        }
    }
    let mut after = vec![Mask::EMPTY; f.insts.len()];
    for b in f.live_blocks() {
        let mut live = f
            .block(b)
            .succs()
            .iter()
            .fold(Mask::EMPTY, |m, s| m | live_in[s.index()]);
        for &i in f.block(b).insts.iter().rev() {
            after[i.index()] = live & !def_of(i);
            live = (live & !def_of(i)) | uses_of(i);
        }
    }
    Ok(after)
}

/// The registers of the candidates of `mask` in `class` (a range of
/// candidate numbers) that have one: an integer in rsi says nothing of
/// xmm6.
fn registers_of(mask: Mask, class: &std::ops::Range<usize>, register: &[Option<Home>]) -> u32 {
    mask.iter()
        .filter(|j| class.contains(j))
        .filter_map(|j| register[j])
        .fold(0, |m, r| m | r.bit())
}

/// Candidates merged into groups that share a register.
struct Groups {
    /// Per candidate: the best-ranked member of its group.
    leader: Vec<usize>,
    /// Per leader: its group's members, and every candidate any of them
    /// interferes with.
    members: Vec<Mask>,
    conflicts: Vec<Mask>,
}

/// Aggressive coalescing (Chaitin): each copy's two sides join one group
/// when no member of either interferes with a member of the other, so the
/// copy needs no code. Greedy colouring alone would give each side its own
/// register whenever a third value took the shared one first. Candidates
/// below `ints` are integer ones, the rest float: classes never mix.
fn coalesce(interferes: &[Mask], partners: &[Mask], ints: usize) -> Groups {
    let n = interferes.len();
    let mut groups = Groups {
        leader: (0..n).collect(),
        members: (0..n).map(Mask::bit).collect(),
        conflicts: interferes.to_vec(),
    };
    let leader = |g: &Groups, mut k: usize| {
        while g.leader[k] != k {
            k = g.leader[k];
        }
        k
    };
    for (k, &wanted) in partners.iter().enumerate() {
        for j in wanted.iter() {
            let (a, b) = (leader(&groups, k), leader(&groups, j));
            let conflict = !(groups.conflicts[a] & groups.members[b]).is_empty();
            if a == b || (a < ints) != (b < ints) || conflict {
                continue;
            }
            let (keep, gone) = (a.min(b), a.max(b));
            groups.leader[gone] = keep;
            let (members, conflicts) = (groups.members[gone], groups.conflicts[gone]);
            groups.members[keep] |= members;
            groups.conflicts[keep] |= conflicts;
        }
    }
    for k in 0..n {
        groups.leader[k] = leader(&groups, k);
    }
    groups
}

/// Per candidate: the calls and output helpers it is live across,
/// weighted by loop depth. Each costs a value in a caller-saved register
/// a spill and a reload.
fn calls_crossed(f: &Function, loops: &LoopForest, after: &[Mask], candidates: usize) -> Vec<u64> {
    let mut crossed = vec![0u64; candidates];
    for b in f.live_blocks() {
        let w = 8u64.pow(loops.depth(b).min(MAX_DEPTH));
        for &i in &f.block(b).insts {
            if clobbers_value_registers(f.kind(i)) {
                for k in after[i.index()].iter() {
                    crossed[k] = crossed[k].saturating_add(w);
                }
            }
        }
    }
    crossed
}

/// A candidate's weighted uses.
fn weight(all: &[Value], ints: &[u64], floats: &[u64], k: usize) -> u64 {
    ints[all[k].index()] + floats[all[k].index()]
}

/// The orders in which a group takes registers (`preference`).
struct Orders {
    callee_first: Vec<Home>,
    caller_first: Vec<Home>,
    xmms: Vec<Home>,
}

impl Orders {
    fn new() -> Orders {
        let caller = VALUE_GPRS.map(Home::Gpr);
        let callee = CALLEE_SAVED.map(Home::Gpr);
        Orders {
            callee_first: callee.into_iter().chain(caller).collect(),
            caller_first: caller.into_iter().chain(callee).collect(),
            xmms: VALUE_XMMS.map(Home::Xmm).to_vec(),
        }
    }

    /// The registers a group may take, best first. A group of integers
    /// that crosses calls more than once per run of the function takes a
    /// callee-saved register first: saved and restored once per run, where
    /// a caller-saved one costs a spill and a reload at each call. Any
    /// other takes a caller-saved one, or a callee-saved one when its uses
    /// are worth the save and restore (it is used in a loop).
    fn preference(&self, integer: bool, crosses: u64, weight: u64) -> &[Home] {
        if !integer {
            &self.xmms
        } else if crosses > 1 {
            &self.callee_first
        } else if weight >= LOOP_WEIGHT {
            &self.caller_first
        } else {
            &self.caller_first[..VALUE_GPRS.len()]
        }
    }
}

/// Instructions whose code calls out, clobbering the caller-saved
/// registers (a self tail call too, for all this module knows).
pub fn clobbers_value_registers(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Call(..)
            | InstKind::Print(_)
            | InstKind::PutC(_)
            | InstKind::FPrint(..)
            | InstKind::PutS(_)
    )
}

/// Gives registers to `f`'s most used values.
pub fn allocate(f: &Function, loops: &LoopForest, budget: &mut Budget) -> Result<Allocation, Bail> {
    // Weights, ranking, interference and the final walk are linear in
    // the function, a few units per instruction and value.
    budget.charge(3 * (f.insts.len() + f.value_count()) as u64)?;
    let (ints, floats) = weights(f, loops);
    let classes = [
        candidates(f, &ints, &floats, false),
        candidates(f, &ints, &floats, true),
    ];
    let all: Vec<Value> = classes.concat();
    let mut bit = vec![Mask::EMPTY; f.value_count()];
    for (k, v) in all.iter().enumerate() {
        bit[v.index()] = Mask::bit(k);
    }
    let after = live_after(f, &bit, budget)?;
    // Interference, and copy partners, between candidates.
    let mut interferes = vec![Mask::EMPTY; all.len()];
    let mut partners = vec![Mask::EMPTY; all.len()];
    // The right operand of each candidate's non-commutative operation:
    // in its register, the result would cost a move out of the way and
    // back (`a - b` into b's register).
    let mut avoid = vec![Mask::EMPTY; all.len()];
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            let Some(d) = f.inst(i).result else { continue };
            let Some(k) = bit[d.index()].first() else {
                continue;
            };
            let mut live = after[i.index()];
            match *f.kind(i) {
                InstKind::Copy(s) => {
                    live &= !bit[s.index()];
                    partners[k] |= bit[s.index()];
                }
                InstKind::Binary(Op::Sub | Op::FSub | Op::FDiv, _, right) => {
                    avoid[k] |= bit[right.index()];
                }
                _ => {}
            }
            interferes[k] |= live;
        }
    }
    // Make the relations symmetric.
    for relation in [&mut interferes, &mut partners, &mut avoid] {
        let one_way = relation.clone();
        for (k, &mask) in one_way.iter().enumerate() {
            for j in mask.iter() {
                relation[j].insert(k);
            }
        }
    }
    let groups = coalesce(&interferes, &partners, classes[0].len());
    let crossed = calls_crossed(f, loops, &after, all.len());
    let mut register: Vec<Option<Home>> = vec![None; all.len()];
    let mut offset = 0;
    let orders = Orders::new();
    for (integer, class) in [true, false].into_iter().zip(&classes) {
        let same_class = offset..offset + class.len();
        // Groups in the rank order of their best member, which leads them.
        for k in same_class.clone().filter(|&k| groups.leader[k] == k) {
            let members = groups.members[k];
            // The registers of the neighbours already coloured.
            let taken = registers_of(groups.conflicts[k], &same_class, &register);
            let free = |r: &Home| taken & r.bit() == 0;
            let wanted = members.iter().fold(Mask::EMPTY, |m, j| m | partners[j]);
            // A copy partner's register, of this class: a copy between an
            // integer and a float candidate joins no registers.
            let preferred = wanted
                .iter()
                .filter(|j| same_class.contains(j))
                .filter_map(|j| register[j])
                .find(free);
            let unwanted = members.iter().fold(Mask::EMPTY, |m, j| m | avoid[j]);
            let avoided = registers_of(unwanted, &same_class, &register);
            let crosses = members
                .iter()
                .map(|j| crossed[j])
                .fold(0, u64::saturating_add);
            let order = orders.preference(integer, crosses, weight(&all, &ints, &floats, k));
            let chosen = preferred
                .or_else(|| {
                    let r = order.iter().copied();
                    r.filter(free).find(|r| avoided & r.bit() == 0)
                })
                .or_else(|| order.iter().copied().find(free));
            for j in members.iter() {
                register[j] = chosen;
            }
        }
        offset += class.len();
    }
    let mut homes = vec![None; f.value_count()];
    let mut homed = Vec::new();
    // Candidate bit -> homed bit, for the candidates that got a register.
    let mut renumber = vec![None; all.len()];
    for (k, (&v, r)) in all.iter().zip(&register).enumerate() {
        let Some(r) = *r else { continue };
        homes[v.index()] = Some(r);
        renumber[k] = Some(homed.len());
        homed.push(v);
    }
    // The homed values are candidates: their liveness is already known.
    let live_after = after
        .iter()
        .map(|&live| {
            let mut homed_live = Mask::EMPTY;
            live.iter()
                .filter_map(|k| renumber[k])
                .for_each(|h| homed_live.insert(h));
            homed_live
        })
        .collect();
    Ok(Allocation {
        live_after,
        homes,
        homed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;
    use std::collections::BTreeSet;

    /// Per instruction, every value live after it (its own result
    /// excluded, as in `live_after`): plain sets, iterated to a fixpoint.
    fn naive_live_after(f: &Function) -> Vec<BTreeSet<Value>> {
        let mut live_in: Vec<BTreeSet<Value>> = vec![BTreeSet::new(); f.blocks.len()];
        let mut after = vec![BTreeSet::new(); f.insts.len()];
        loop {
            let mut changed = false;
            for b in f.live_blocks() {
                let mut live: BTreeSet<Value> = f
                    .block(b)
                    .succs()
                    .iter()
                    .flat_map(|s| live_in[s.index()].iter().copied())
                    .collect();
                for &i in f.block(b).insts.iter().rev() {
                    if let Some(r) = f.inst(i).result {
                        live.remove(&r);
                    }
                    after[i.index()] = live.clone();
                    f.kind(i).for_each_operand(|v| {
                        live.insert(v);
                    });
                }
                if live != live_in[b.index()] {
                    live_in[b.index()] = live;
                    changed = true;
                }
            }
            if !changed {
                return after;
            }
        }
    }

    /// fib's inner accumulator crosses the loop's call: it lives in `rbx`,
    /// and so does the sum that becomes it on the back edge, so the copy
    /// between them makes no code.
    #[test]
    fn the_value_kept_across_calls_shares_rbx_with_its_copies() {
        let text = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    \
                    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n\
                    func main(%n)\n    call %r, fib, %n\n    print %r\n    ret 0\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name("fib").expect("fib");
        let ctx = Context::compiled_to(&program, id, Phase::Regalloc).expect("compiles");
        let (f, a) = (ctx.func.expect("ir"), ctx.allocation.expect("allocated"));
        let rbx = Some(Home::Gpr(CALLEE_SAVED[0]));
        let mut copies_into_rbx = 0;
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                if let (InstKind::Copy(s), Some(r)) = (f.kind(i), f.inst(i).result) {
                    if a.homes[r.index()] == rbx && f.constant(*s).is_none() {
                        assert_eq!(a.homes[s.index()], rbx, "{i:?}");
                        copies_into_rbx += 1;
                    }
                }
            }
        }
        assert!(copies_into_rbx > 0);
    }

    /// The register class comes from the value's type: a parameter only
    /// read as a float lives in an XMM register, though its definition
    /// (a load from the frame) reads no float.
    #[test]
    fn a_values_type_chooses_its_register_class() {
        let program =
            vm::load(b"func main(%a)\n    fneg %c, %a\n    fprint %c, 2\n    ret 0\nend\n")
                .expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Regalloc).expect("compiles");
        let (f, a) = (ctx.func.expect("ir"), ctx.allocation.expect("allocated"));
        let param = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .find_map(|i| matches!(f.kind(i), InstKind::Param(0)).then(|| f.inst(i).result))
            .flatten()
            .expect("the parameter");
        assert_eq!(f.ty(param), ValueType::Float);
        assert!(matches!(a.homes[param.index()], Some(Home::Xmm(_))));
    }

    /// The result of `a - b` stays out of b's register when another is
    /// free, though b dies there: in it, the subtraction would need a
    /// move out of the way and back.
    #[test]
    fn a_difference_avoids_its_right_operand_s_register() {
        let program = vm::load(
            b"func main(%a, %b)\n    itof %x, %a\n    itof %y, %b\n    fsub %z, %x, %y\n    fprint %z, 2\n    fprint %x, 2\n    ret 0\nend\n",
        )
        .expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Regalloc).expect("compiles");
        let (f, a) = (ctx.func.expect("ir"), ctx.allocation.expect("allocated"));
        let (z, y) = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .find_map(|i| match *f.kind(i) {
                InstKind::Binary(Op::FSub, _, y) => Some((f.inst(i).result?, y)),
                _ => None,
            })
            .expect("the fsub");
        let (hz, hy) = (a.homes[z.index()], a.homes[y.index()]);
        assert!(hz.is_some() && hy.is_some() && hz != hy, "{hz:?} {hy:?}");
    }

    /// No definition may write a register another value still needs
    /// (except the source of a copy, which holds the same bits), and the
    /// spill masks must name exactly the homed values live after each
    /// instruction.
    #[test]
    fn homes_never_clobber_a_live_value_on_random_programs() {
        let mut coalesced = 0;
        for seed in 0..300 {
            let text = crate::testing::fuzz::random_program(seed);
            let program = vm::load(text.as_bytes()).expect("loads");
            for k in 0..program.funcs.len() {
                let id = vm::FuncId(k as u32);
                let ctx = Context::compiled_to(&program, id, Phase::Regalloc).expect("compiles");
                let f = ctx.func.as_ref().expect("ir");
                let allocation = ctx.allocation.as_ref().expect("allocated");
                let live = naive_live_after(f);
                for b in f.live_blocks() {
                    for &i in &f.block(b).insts {
                        let homed_live = allocation
                            .homed
                            .iter()
                            .enumerate()
                            .filter(|(_, v)| live[i.index()].contains(v))
                            .fold(Mask::EMPTY, |m, (bit, _)| m | Mask::bit(bit));
                        assert_eq!(allocation.live_after[i.index()], homed_live, "seed {seed}");
                        let Some(d) = f.inst(i).result else { continue };
                        let Some(home) = allocation.homes[d.index()] else {
                            continue;
                        };
                        let source = match f.kind(i) {
                            InstKind::Copy(s) => Some(*s),
                            _ => None,
                        };
                        if source.is_some_and(|s| allocation.homes[s.index()] == Some(home)) {
                            coalesced += 1;
                        }
                        for &v in &live[i.index()] {
                            if Some(v) != source && v != d {
                                assert_ne!(
                                    allocation.homes[v.index()],
                                    Some(home),
                                    "seed {seed}: {d} overwrites live {v}\n{text}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(coalesced > 100, "only {coalesced} copies coalesced");
    }
}
