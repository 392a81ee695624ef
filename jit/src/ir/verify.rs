//! The IR verifier. Structure (always): terminators last and only last,
//! successors matching the terminator, predecessor lists mirroring them,
//! phis only at block starts with one operand per predecessor. SSA (before
//! destruction): one definition per value; every non-phi use dominated by
//! its definition; phi operand i available at the end of predecessor i.
//! After destruction: no phis remain.
//!
//! `--verify-ir` runs it after every phase (`context`); the tests and the
//! differential oracle turn that on.

use crate::analysis::dom::DomTree;
use crate::ir::entity::{Block, Value};
use crate::ir::{Function, InstKind};

#[derive(Clone, Copy, Debug)]
pub enum Form<'a> {
    /// SSA form, with the IR's dominator tree.
    Ssa(&'a DomTree),
    /// After SSA destruction: copies may assign a value several times.
    Conventional,
}

pub fn verify(f: &Function, form: Form) -> Result<(), String> {
    structure(f)?;
    match form {
        Form::Ssa(dom) => ssa(f, dom),
        Form::Conventional => {
            for b in f.live_blocks() {
                if f.block(b).insts.iter().any(|&i| f.kind(i).is_phi()) {
                    return Err(format!("{b}: a phi survived SSA destruction"));
                }
            }
            Ok(())
        }
    }
}

fn structure(f: &Function) -> Result<(), String> {
    if !f.block(f.entry).live || !f.block(f.entry).preds().is_empty() {
        return Err(format!("entry {} is removed or has predecessors", f.entry));
    }
    for b in f.live_blocks() {
        let data = f.block(b);
        let Some((&last, body)) = data.insts.split_last() else {
            return Err(format!("{b} is empty"));
        };
        if !f.kind(last).is_terminator() {
            return Err(format!("{b} does not end in a terminator"));
        }
        let mut phis_done = false;
        for &i in body {
            let kind = f.kind(i);
            if kind.is_terminator() {
                return Err(format!("{b}: terminator {i} before the end"));
            }
            if kind.is_phi() {
                if phis_done {
                    return Err(format!("{b}: phi {i} after other instructions"));
                }
                if let InstKind::Phi(args) = kind {
                    if args.len() != data.preds().len() {
                        return Err(format!(
                            "{b}: phi {i} has {} operands for {} predecessors",
                            args.len(),
                            data.preds().len()
                        ));
                    }
                }
            } else {
                phis_done = true;
            }
        }
        if f.kind(last).targets() != data.succs() {
            return Err(format!(
                "{b}: successors {:?} differ from its terminator's {:?}",
                data.succs(),
                f.kind(last).targets()
            ));
        }
        for &s in data.succs() {
            if !f.block(s).live {
                return Err(format!("{b} branches to removed block {s}"));
            }
            if f.block(s).preds().iter().filter(|&&p| p == b).count() != 1 {
                return Err(format!("{s} does not list {b} once as a predecessor"));
            }
        }
        for &p in data.preds() {
            if !f.block(p).live || !f.block(p).succs().contains(&b) {
                return Err(format!(
                    "{b} lists {p} as a predecessor, which does not branch to it"
                ));
            }
        }
    }
    Ok(())
}

fn ssa(f: &Function, dom: &DomTree) -> Result<(), String> {
    // Where each value is defined: (block, position in the block).
    let mut site: Vec<Option<(Block, usize)>> = vec![None; f.value_count()];
    for b in f.live_blocks() {
        if !dom.is_reachable(b) {
            return Err(format!("{b} is unreachable"));
        }
        for (k, &i) in f.block(b).insts.iter().enumerate() {
            if let Some(v) = f.inst(i).result {
                if site[v.index()].is_some() {
                    return Err(format!("{v} is defined twice"));
                }
                if f.def(v) != i {
                    return Err(format!(
                        "{v} is defined by {i}, but its def is recorded as {}",
                        f.def(v)
                    ));
                }
                site[v.index()] = Some((b, k));
            }
        }
    }
    let defined_at = |v: Value| {
        site.get(v.index())
            .copied()
            .flatten()
            .ok_or_else(|| format!("{v} is used but never defined"))
    };
    for b in f.live_blocks() {
        let data = f.block(b);
        for (k, &i) in data.insts.iter().enumerate() {
            if let InstKind::Phi(args) = f.kind(i) {
                for (j, &v) in args.iter().enumerate() {
                    let (db, _) = defined_at(v)?;
                    let pred = data.preds()[j];
                    if !dom.dominates(db, pred) {
                        return Err(format!(
                            "{b}: phi {i} operand {j} ({v}) is not available at the end of {pred}"
                        ));
                    }
                }
                continue;
            }
            let mut problem = None;
            f.kind(i).for_each_operand(|v| {
                if problem.is_some() {
                    return;
                }
                match defined_at(v) {
                    Err(e) => problem = Some(e),
                    Ok((db, dk)) => {
                        let dominated = if db == b {
                            dk < k
                        } else {
                            dom.dominates(db, b)
                        };
                        if !dominated {
                            problem = Some(format!(
                                "{b}: use of {v} in {i} is not dominated by its definition"
                            ));
                        }
                    }
                }
            });
            if let Some(problem) = problem {
                return Err(problem);
            }
        }
    }
    Ok(())
}

/// For tests: a function whose single use is not dominated by its def is
/// rejected. (Keeps the verifier honest: it must be able to fail.)
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BlockOrigin, NO_SRC};
    use vm::{FuncId, Op};

    fn diamond() -> Function {
        let mut f =
            Function::with_capacity(FuncId(0), crate::analysis::cfg::EntryPoint::Start, 4, 8);
        let (b0, b1, b2, b3) = (
            f.add_block(BlockOrigin::SyntheticEntry),
            f.add_block(BlockOrigin::SplitEdge),
            f.add_block(BlockOrigin::SplitEdge),
            f.add_block(BlockOrigin::SplitEdge),
        );
        let c = f.add_inst(InstKind::Const(1), NO_SRC, true);
        let cv = f.inst(c).result.unwrap();
        let br = f.add_inst(
            InstKind::Branch {
                op: Op::Jz,
                args: [cv, cv],
                taken: b1,
                fallthrough: b2,
            },
            NO_SRC,
            false,
        );
        f.blocks[0].insts = vec![c, br];
        let x = f.add_inst(InstKind::Const(7), NO_SRC, true);
        let j1 = f.add_inst(InstKind::Jump(b3), NO_SRC, false);
        f.blocks[1].insts = vec![x, j1];
        let j2 = f.add_inst(InstKind::Jump(b3), NO_SRC, false);
        f.blocks[2].insts = vec![j2];
        let xv = f.inst(x).result.unwrap();
        let r = f.add_inst(InstKind::Ret(xv), NO_SRC, false);
        f.blocks[3].insts = vec![r];
        for (from, to) in [(b0, b1), (b0, b2), (b1, b3), (b2, b3)] {
            f.add_edge(from, to, &[]);
        }
        f
    }

    fn verify_ssa(f: &Function) -> Result<(), String> {
        let dom =
            crate::analysis::dom::dominators(f, &mut crate::pipeline::budget::Budget::unlimited())
                .unwrap();
        verify(f, Form::Ssa(&dom))
    }

    #[test]
    fn use_not_dominated_by_def_is_rejected() {
        let f = diamond();
        let err = verify_ssa(&f).unwrap_err();
        assert!(err.contains("not dominated"), "{err}");
    }

    #[test]
    fn a_phi_makes_it_valid() {
        let mut f = diamond();
        let x = Value(1);
        let zero = f.add_inst(InstKind::Const(0), NO_SRC, true);
        f.blocks[0].insts.insert(1, zero);
        let zv = f.inst(zero).result.unwrap();
        let phi = f.add_inst(InstKind::Phi(vec![x, zv]), NO_SRC, true);
        let pv = f.inst(phi).result.unwrap();
        f.blocks[3].insts.insert(0, phi);
        let ret = f.blocks[3].insts[1];
        f.insts[ret.index()].kind = InstKind::Ret(pv);
        assert_eq!(verify_ssa(&f), Ok(()));
        // ...but not with its operands swapped: 0 is fine from b1, x is not from b2.
        f.insts[phi.index()].kind = InstKind::Phi(vec![zv, x]);
        assert!(verify_ssa(&f).unwrap_err().contains("not available"));
    }
}
