//! If-conversion: a branch around a few pure integer instructions becomes
//! straight-line code that computes both sides and keeps one with a
//! `Select` (a `cmov`), as gcc's `ifcvt` and LLVM's SimplifyCFG
//! speculation do.
//!
//! A branch on data the predictor cannot learn (a sieve counting its
//! zero cells, a Collatz step choosing by parity) costs a misprediction
//! each time it changes direction, some fifteen cycles; the other side's
//! two or three instructions cost less than one. Shapes, on SSA form:
//!
//! - a triangle: `h` branches to `s` or to `j`, and `s` jumps to `j`;
//! - a diamond: `h` branches to `s` or to `t`, both jumping to `j`;
//!
//! where each side block has `h` as its one predecessor, no phis, at most
//! `MAX_SIDE` instructions besides its jump, none of which can trap or has
//! an effect (no division, memory access, call or output), and only
//! integer arithmetic. The sides' code moves to the end of `h`; each phi
//! of `j` whose operands on the two paths differ gets a `Select` there
//! (at most `MAX_SELECTS`, and none of a float: those stay branches), and
//! `h` jumps to `j`. The side blocks go.

use crate::ir::entity::{Block, Inst, Value};
use crate::ir::types::ValueType;
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

/// Instructions a side may hold besides its jump.
const MAX_SIDE: usize = 4;
/// Selects one conversion may make.
const MAX_SELECTS: usize = 3;

/// What if-conversion did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IfConvertStats {
    /// Branches made straight-line code.
    pub converted: usize,
    pub selects: usize,
}

/// A branch to convert: its block, the side blocks (none for the
/// branch's edge straight to the join) and the join.
struct Shape {
    head: Block,
    taken: Option<Block>,
    fallthrough: Option<Block>,
    join: Block,
}

pub fn convert(f: &mut Function, budget: &mut Budget) -> Result<IfConvertStats, Bail> {
    let mut stats = IfConvertStats::default();
    let blocks: Vec<Block> = f.live_blocks().collect();
    for h in blocks {
        let ends_in_branch = f
            .block(h)
            .insts
            .last()
            .is_some_and(|&i| matches!(f.kind(i), InstKind::Branch { .. }));
        if !f.block(h).live || !ends_in_branch {
            continue;
        }
        // Looking at the branch and at most `MAX_SIDE` instructions of
        // each side.
        budget.charge(1)?;
        let Some(shape) = shape_at(f, h) else {
            continue;
        };
        let Some(pairs) = selected_pairs(f, &shape) else {
            continue;
        };
        budget.charge((MAX_SIDE * 2 + pairs.len()) as u64)?;
        stats.selects += rewrite(f, &shape, &pairs);
        stats.converted += 1;
    }
    Ok(stats)
}

/// The triangle or diamond `h`'s branch makes, if it is one to convert.
fn shape_at(f: &Function, h: Block) -> Option<Shape> {
    let &last = f.block(h).insts.last()?;
    let InstKind::Branch {
        taken, fallthrough, ..
    } = *f.kind(last)
    else {
        return None;
    };
    if taken == fallthrough {
        return None;
    }
    let side = |s: Block| side_join(f, h, s);
    let (t, e) = (side(taken), side(fallthrough));
    let shape = |t: Option<Block>, e: Option<Block>, join| Shape {
        head: h,
        taken: t,
        fallthrough: e,
        join,
    };
    match (t, e) {
        (Some(j), Some(k)) if j == k => Some(shape(Some(taken), Some(fallthrough), j)),
        (Some(j), _) if j == fallthrough => Some(shape(Some(taken), None, j)),
        (_, Some(j)) if j == taken => Some(shape(None, Some(fallthrough), j)),
        _ => None,
    }
    .filter(|s| s.join != h)
}

/// The block `s` jumps to, if `s` is a side of `h`'s branch: `h` its one
/// predecessor, no phis, a few instructions that may run whichever way
/// the branch goes, and a jump.
fn side_join(f: &Function, h: Block, s: Block) -> Option<Block> {
    let data = f.block(s);
    if data.preds() != [h] || s == h || s == f.entry {
        return None;
    }
    let (&last, body) = data.insts.split_last()?;
    let InstKind::Jump(j) = *f.kind(last) else {
        return None;
    };
    let speculable = |&i: &Inst| match f.kind(i) {
        InstKind::Const(_) | InstKind::Copy(_) => true,
        InstKind::Unary(op, _) => matches!(op, Op::Neg | Op::Not),
        InstKind::Binary(op, ..) => !op.reads_floats() && !matches!(op, Op::Div | Op::Rem),
        _ => false,
    };
    (body.len() <= MAX_SIDE && body.iter().all(speculable) && j != s).then_some(j)
}

/// For each phi of the join whose operands on the two paths differ: the
/// phi and the operands along the taken and the fallthrough path. None
/// if there are too many, or one is a float's.
fn selected_pairs(f: &Function, shape: &Shape) -> Option<Vec<(Inst, Value, Value)>> {
    let preds = f.block(shape.join).preds();
    let from = |side: Option<Block>| {
        let pred = side.unwrap_or(shape.head);
        preds.iter().position(|&p| p == pred)
    };
    let (t, e) = (from(shape.taken)?, from(shape.fallthrough)?);
    let mut pairs = Vec::new();
    for &phi in &f.block(shape.join).insts {
        let InstKind::Phi(args) = f.kind(phi) else {
            break;
        };
        let (a, b) = (args[t], args[e]);
        if a == b {
            continue;
        }
        let r = f.inst(phi).result?;
        if f.ty(r) == ValueType::Float || pairs.len() == MAX_SELECTS {
            return None;
        }
        pairs.push((phi, a, b));
    }
    Some(pairs)
}

/// Moves the sides' code into the head, makes the selects, and joins the
/// two paths into the head's one jump (its branch, made a jump). Returns
/// the selects made.
fn rewrite(f: &mut Function, shape: &Shape, pairs: &[(Inst, Value, Value)]) -> usize {
    let (h, j) = (shape.head, shape.join);
    let branch = f.blocks[h.index()].insts.pop().expect("the branch");
    let InstKind::Branch { op, args, .. } = *f.kind(branch) else {
        unreachable!("shape_at found a branch");
    };
    let src = f.inst(branch).src;
    let sides = [shape.taken, shape.fallthrough];
    for side in sides.into_iter().flatten() {
        let mut moved = std::mem::take(&mut f.blocks[side.index()].insts);
        moved.pop();
        f.blocks[h.index()].insts.extend(moved);
    }
    // The join's edges from the two paths become one, from the head: the
    // first of them stays, with the selects as its phi operands.
    let [tp, ep] = sides.map(|side| side.unwrap_or(h));
    let first = f.block(j).preds().iter().position(|&p| p == tp || p == ep);
    let first = first.expect("an edge from each path");
    let (kept, other) = if f.block(j).preds()[first] == tp {
        (tp, ep)
    } else {
        (ep, tp)
    };
    // `other` comes after `first` among the join's predecessors, so
    // removing it leaves `first` where it is.
    f.remove_edge(other, j);
    for side in sides.into_iter().flatten() {
        f.remove_edge(h, side);
    }
    if kept != h {
        f.move_edge_source(kept, h, j);
    }
    for &(phi, then, otherwise) in pairs {
        let select = InstKind::Select {
            op,
            args,
            then,
            otherwise,
        };
        let i = f.add_inst(select, src, true);
        // The branch's place, inlined call included: `src` indexes that
        // call's callee.
        f.insts[i.index()].inlined = f.inst(branch).inlined;
        let r = f.inst(i).result.expect("defines");
        let phi_result = f.inst(phi).result.expect("a phi defines");
        f.set_type(r, f.ty(phi_result));
        f.blocks[h.index()].insts.push(i);
        if let InstKind::Phi(operands) = &mut f.insts[phi.index()].kind {
            operands[first] = r;
        }
    }
    f.insts[branch.index()].kind = InstKind::Jump(j);
    f.blocks[h.index()].insts.push(branch);
    for side in sides.into_iter().flatten() {
        f.remove_block(side);
    }
    pairs.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    fn converted(text: &str) -> (Function, IfConvertStats) {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::IfConvert).expect("compiles");
        let count = |name| ctx.stats.count(Phase::IfConvert, name) as usize;
        let stats = IfConvertStats {
            converted: count("if-converted"),
            selects: count("selects"),
        };
        (ctx.func.expect("ir"), stats)
    }

    fn selects(f: &Function) -> usize {
        f.live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .filter(|&i| matches!(f.kind(i), InstKind::Select { .. }))
            .count()
    }

    #[test]
    fn a_count_of_zero_cells_adds_without_a_branch() {
        let (f, stats) = converted(
            ".memory 64\nfunc main(%n)\n    mov %k, 0\n    mov %z, 0\nloop:\n    jge %k, %n, done\n    \
             load %c, [%k]\n    jnz %c, skip\n    add %z, %z, 1\nskip:\n    add %k, %k, 1\n    jmp loop\n\
             done:\n    ret %z\nend\n",
        );
        assert_eq!((stats.converted, stats.selects), (1, 1));
        assert_eq!(selects(&f), 1);
    }

    #[test]
    fn both_sides_of_a_parity_test_are_computed() {
        let (f, stats) = converted(
            "func main(%x)\n    mov %s, 0\nloop:\n    jle %x, 1, done\n    and %odd, %x, 1\n    \
             jnz %odd, odd\n    shr %x, %x, 1\n    add %s, %s, 1\n    jmp loop\nodd:\n    mul %x, %x, 3\n    \
             add %x, %x, 1\n    add %s, %s, 1\n    jmp loop\ndone:\n    ret %s\nend\n",
        );
        assert_eq!(stats.converted, 1);
        // `x` differs; so does `s` (its `s + 1` is computed on each side).
        assert_eq!(selects(&f), 2);
    }

    #[test]
    fn a_select_from_an_inlined_branch_keeps_the_calls_line() {
        let (f, stats) = converted(
            "func max(%a, %b)\n    jge %a, %b, done\n    mov %a, %b\ndone:\n    ret %a\nend\n\
             func main(%x, %y)\n    call %m, max, %x, %y\n    ret %m\nend\n",
        );
        assert_eq!(stats.converted, 1);
        let select = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .find(|&i| matches!(f.kind(i), InstKind::Select { .. }))
            .expect("a select");
        // `main`'s instruction 0 is the call.
        assert!(f.inst(select).inlined.is_some());
        assert_eq!(f.line_src(select), 0);
    }

    #[test]
    fn traps_effects_and_floats_stay_behind_their_branch() {
        for body in [
            "div %y, 100, %x",
            "load %y, [%x]",
            "print %x\n    mov %y, 1",
            "fadd %y, %x, %x",
        ] {
            let text = format!(
                ".memory 8\nfunc main(%x)\n    mov %y, 0\n    jz %x, out\n    {body}\nout:\n    ret %y\nend\n"
            );
            let (_, stats) = converted(&text);
            assert_eq!(stats.converted, 0, "{body}");
        }
    }
}
