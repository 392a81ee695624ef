//! Sparse conditional constant propagation: Wegman and Zadeck, "Constant
//! Propagation with Conditional Branches" (TOPLAS 1991), section 5 (SCC).
//!
//! A three-level lattice per SSA value (unknown, constant, overdefined) and
//! an executable flag per CFG edge; two worklists, one of newly executable
//! edges and one of values whose lattice cell dropped. Folding uses the
//! spec's semantics (`vm::semantics`), so wrapping, `i64::MIN / -1`, shift
//! counts and float bits come out as at run time; a `div` or `rem` by zero
//! is never folded, so it still traps at run time.
//!
//! Then the function is rewritten: every use of a value found constant
//! reads a constant defined in the entry block instead; branches on
//! constants become jumps; blocks never found executable go; instructions
//! and phis whose results are unused and that have no effect go.

use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind, Uses, NO_SRC};
use crate::pipeline::budget::{Bail, Budget};
use rustc_hash::FxHashMap;
use vm::semantics::{binary, branch_taken, unary};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Unknown,
    Constant(u64),
    Overdefined,
}

impl Cell {
    fn meet(self, other: Cell) -> Cell {
        match (self, other) {
            (Cell::Unknown, x) | (x, Cell::Unknown) => x,
            (Cell::Constant(a), Cell::Constant(b)) if a == b => self,
            _ => Cell::Overdefined,
        }
    }
}

/// What constant propagation did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SccpStats {
    /// Values found constant that were not already literal constants.
    pub folded: usize,
    pub branches_resolved: usize,
    pub blocks_removed: usize,
    /// Instructions and phis removed as dead.
    pub dead_removed: usize,
}

struct Solver<'a> {
    f: &'a Function,
    uses: Uses,
    cells: Vec<Cell>,
    block_executable: Vec<bool>,
    /// Is the edge from predecessor j of block b executable? At
    /// `edge_executable[first_edge[b] + j]`.
    edge_executable: Vec<bool>,
    first_edge: Vec<u32>,
    edges: Vec<(Block, Block)>,
    values: Vec<Value>,
}

impl<'a> Solver<'a> {
    fn new(f: &'a Function) -> Solver<'a> {
        let mut first_edge = Vec::with_capacity(f.blocks.len());
        let mut edges = 0u32;
        for b in &f.blocks {
            first_edge.push(edges);
            edges += b.preds().len() as u32;
        }
        Solver {
            f,
            uses: f.uses(),
            cells: vec![Cell::Unknown; f.value_count()],
            block_executable: vec![false; f.blocks.len()],
            edge_executable: vec![false; edges as usize],
            first_edge,
            // A value is queued at most twice (lowered to a constant, then
            // to overdefined), an edge each time its branch is: room for
            // the common case at once rather than by doubling.
            edges: Vec::with_capacity(edges as usize + 1),
            values: Vec::with_capacity(f.value_count()),
        }
    }

    fn cell(&self, v: Value) -> Cell {
        self.cells[v.index()]
    }

    fn lower(&mut self, v: Value, to: Cell) {
        let new = self.cell(v).meet(to);
        if new != self.cell(v) {
            self.cells[v.index()] = new;
            self.values.push(v);
        }
    }

    fn solve(&mut self, budget: &mut Budget) -> Result<(), Bail> {
        let entry = self.f.entry;
        self.block_executable[entry.index()] = true;
        self.visit_block(entry, budget)?;
        while !self.edges.is_empty() || !self.values.is_empty() {
            while let Some((from, to)) = self.edges.pop() {
                self.visit_edge(from, to, budget)?;
            }
            while let Some(v) = self.values.pop() {
                for k in 0..self.uses.of(v).len() {
                    let (inst, block) = self.uses.of(v)[k];
                    if self.block_executable[block.index()] {
                        budget.charge(1)?;
                        self.visit(inst, block);
                    }
                }
            }
        }
        Ok(())
    }

    fn visit_edge(&mut self, from: Block, to: Block, budget: &mut Budget) -> Result<(), Bail> {
        let Some(j) = self.f.block(to).preds().iter().position(|&p| p == from) else {
            return Ok(());
        };
        let edge = self.first_edge[to.index()] as usize + j;
        if self.edge_executable[edge] {
            return Ok(());
        }
        self.edge_executable[edge] = true;
        if self.block_executable[to.index()] {
            // Only the phis can learn something from a new edge.
            for &i in &self.f.block(to).insts {
                if !self.f.kind(i).is_phi() {
                    break;
                }
                budget.charge(1)?;
                self.visit(i, to);
            }
            return Ok(());
        }
        self.block_executable[to.index()] = true;
        self.visit_block(to, budget)
    }

    fn visit_block(&mut self, b: Block, budget: &mut Budget) -> Result<(), Bail> {
        budget.charge(self.f.block(b).insts.len() as u64)?;
        for k in 0..self.f.block(b).insts.len() {
            let i = self.f.block(b).insts[k];
            self.visit(i, b);
        }
        Ok(())
    }

    fn visit(&mut self, i: Inst, b: Block) {
        let data = self.f.inst(i);
        let operand = |v: Value| self.cell(v);
        let cell = match &data.kind {
            InstKind::Const(c) => Cell::Constant(*c),
            InstKind::Param(_) | InstKind::Load(..) | InstKind::Call(..) | InstKind::CallsLeft => {
                Cell::Overdefined
            }
            InstKind::Copy(a) => operand(*a),
            InstKind::Phi(args) => {
                let first = self.first_edge[b.index()] as usize;
                let executable = &self.edge_executable[first..first + args.len()];
                args.iter()
                    .zip(executable)
                    .filter(|(_, &e)| e)
                    .fold(Cell::Unknown, |acc, (&a, _)| acc.meet(operand(a)))
            }
            InstKind::Unary(op, a) => match operand(*a) {
                Cell::Constant(x) => Cell::Constant(unary(*op, x)),
                other => other,
            },
            InstKind::Binary(op, a, c) => match (operand(*a), operand(*c)) {
                // A division by zero traps at run time: never a constant.
                (Cell::Constant(x), Cell::Constant(y)) => {
                    binary(*op, x, y).map_or(Cell::Overdefined, Cell::Constant)
                }
                (Cell::Overdefined, _) | (_, Cell::Overdefined) => Cell::Overdefined,
                _ => Cell::Unknown,
            },
            InstKind::Select {
                op,
                args,
                then,
                otherwise,
            } => match (operand(args[0]), operand(args[1])) {
                (Cell::Constant(x), Cell::Constant(y)) => match branch_taken(*op, x, y) {
                    true => operand(*then),
                    false => operand(*otherwise),
                },
                (Cell::Overdefined, _) | (_, Cell::Overdefined) => {
                    operand(*then).meet(operand(*otherwise))
                }
                _ => Cell::Unknown,
            },
            InstKind::Jump(t) => {
                self.edges.push((b, *t));
                return;
            }
            InstKind::Branch {
                op,
                args,
                taken,
                fallthrough,
            } => {
                match (operand(args[0]), operand(args[1])) {
                    (Cell::Constant(x), Cell::Constant(y)) => {
                        let target = if branch_taken(*op, x, y) {
                            *taken
                        } else {
                            *fallthrough
                        };
                        self.edges.push((b, target));
                    }
                    (Cell::Overdefined, _) | (_, Cell::Overdefined) => {
                        self.edges.push((b, *taken));
                        self.edges.push((b, *fallthrough));
                    }
                    _ => {}
                }
                return;
            }
            _ => return,
        };
        if let Some(r) = data.result {
            self.lower(r, cell);
        }
    }
}

pub fn propagate(f: &mut Function, budget: &mut Budget) -> Result<SccpStats, Bail> {
    let mut solver = Solver::new(f);
    solver.solve(budget)?;
    let Solver {
        cells,
        block_executable,
        ..
    } = solver;
    let mut stats = SccpStats::default();
    replace_constant_uses(f, &cells, &mut stats, budget)?;
    resolve_branches(f, &mut stats);
    remove_unexecuted_blocks(f, &block_executable, &mut stats);
    remove_dead_code(f, &mut stats, budget)?;
    Ok(stats)
}

/// Every use of a value the solver found constant reads an entry-block
/// constant instead.
fn replace_constant_uses(
    f: &mut Function,
    cells: &[Cell],
    stats: &mut SccpStats,
    budget: &mut Budget,
) -> Result<(), Bail> {
    // The values the solver found constant that are not constants
    // already, with their bits.
    let folded: Vec<(Value, u64)> = cells
        .iter()
        .enumerate()
        .filter_map(|(v, cell)| match *cell {
            Cell::Constant(c) => Some((Value::new(v), c)),
            _ => None,
        })
        .filter(|&(v, _)| !matches!(f.kind(f.def(v)), InstKind::Const(_)))
        .collect();
    if folded.is_empty() {
        // Most small functions fold nothing: no table, no walk.
        return Ok(());
    }
    let entry = f.entry;
    let mut by_bits: FxHashMap<u64, Value> = FxHashMap::default();
    for &i in &f.block(entry).insts {
        if let (InstKind::Const(c), Some(v)) = (&f.inst(i).kind, f.inst(i).result) {
            by_bits.entry(*c).or_insert(v);
        }
    }
    let mut replacement: Vec<Option<Value>> = vec![None; f.value_count()];
    let mut new_consts = Vec::new();
    for (v, c) in folded {
        stats.folded += 1;
        let ty = f.ty(v);
        let constant = *by_bits.entry(c).or_insert_with(|| {
            let inst = f.add_inst(InstKind::Const(c), NO_SRC, true);
            new_consts.push(inst);
            let value = f.inst(inst).result.expect("a constant defines a value");
            // Until another folded value shares its bits (below).
            f.set_type(value, ty);
            value
        });
        if f.ty(constant) != ty {
            f.set_type(constant, crate::ir::types::ValueType::Bits);
        }
        replacement[v.index()] = Some(constant);
    }
    f.add_entry_definitions(new_consts);
    let blocks: Vec<Block> = f.live_blocks().collect();
    for b in blocks {
        budget.charge(f.block(b).insts.len() as u64)?;
        for k in 0..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            f.insts[i.index()]
                .kind
                .map_operands(|v| replacement[v.index()].unwrap_or(v));
        }
    }
    Ok(())
}

/// Branches whose operands are now both constants become jumps.
fn resolve_branches(f: &mut Function, stats: &mut SccpStats) {
    let blocks: Vec<Block> = f.live_blocks().collect();
    for b in blocks {
        let Some(&last) = f.block(b).insts.last() else {
            continue;
        };
        let InstKind::Branch {
            op,
            args,
            taken,
            fallthrough,
        } = f.kind(last).clone()
        else {
            continue;
        };
        let (Some(x), Some(y)) = (f.constant(args[0]), f.constant(args[1])) else {
            continue;
        };
        let (target, dropped) = if branch_taken(op, x, y) {
            (taken, fallthrough)
        } else {
            (fallthrough, taken)
        };
        f.insts[last.index()].kind = InstKind::Jump(target);
        f.remove_edge(b, dropped);
        stats.branches_resolved += 1;
    }
}

fn remove_unexecuted_blocks(f: &mut Function, executable: &[bool], stats: &mut SccpStats) {
    let dead: Vec<Block> = f.live_blocks().filter(|b| !executable[b.index()]).collect();
    for &b in &dead {
        f.remove_block(b);
        stats.blocks_removed += 1;
    }
}

/// Removes effect-free instructions (phis included) whose results are
/// unused, until none is left.
pub(crate) fn remove_dead_code(
    f: &mut Function,
    stats: &mut SccpStats,
    budget: &mut Budget,
) -> Result<(), Bail> {
    let mut use_count = vec![0u32; f.value_count()];
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            f.kind(i).for_each_operand(|v| use_count[v.index()] += 1);
        }
    }
    let is_dead = |f: &Function, i: Inst, counts: &[u32]| {
        f.removable_if_unused(i) && f.inst(i).result.is_some_and(|r| counts[r.index()] == 0)
    };
    let mut work: Vec<Inst> = f
        .live_blocks()
        .flat_map(|b| f.block(b).insts.iter().copied())
        .filter(|&i| is_dead(f, i, &use_count))
        .collect();
    let mut removed = vec![false; f.insts.len()];
    while let Some(i) = work.pop() {
        if removed[i.index()] {
            continue;
        }
        budget.charge(1)?;
        removed[i.index()] = true;
        stats.dead_removed += 1;
        f.kind(i).for_each_operand(|v| {
            use_count[v.index()] -= 1;
            let def = f.def(v);
            if use_count[v.index()] == 0 && !removed[def.index()] && is_dead(f, def, &use_count) {
                work.push(def);
            }
        });
    }
    let blocks: Vec<Block> = f.live_blocks().collect();
    for b in blocks {
        f.blocks[b.index()].insts.retain(|i| !removed[i.index()]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;
    use vm::Op;

    fn sccp_of(text: &str) -> (Function, SccpStats) {
        let program = vm::load(text.as_bytes()).unwrap();
        let ctx = Context::compiled_to(&program, program.main, Phase::Sccp).unwrap();
        let count = |name| ctx.stats.count(Phase::Sccp, name) as usize;
        let stats = SccpStats {
            folded: count("folded"),
            branches_resolved: count("branches-resolved"),
            blocks_removed: count("blocks-removed"),
            dead_removed: count("dead-removed"),
        };
        (ctx.func.unwrap(), stats)
    }

    #[test]
    fn folds_through_a_loop_that_never_runs_twice() {
        // %x is 3 on every executable path, so the branch on it resolves and
        // the block printing 999 is removed.
        let (f, stats) = sccp_of(
            "func main()\n    mov %x, 1\n    add %x, %x, 2\n    jeq %x, 3, good\n    print 999\ngood:\n    mul %y, %x, 0x7FFFFFFFFFFFFFFF\n    print %y\n    ret 0\nend\n",
        );
        assert_eq!(stats.branches_resolved, 1);
        assert_eq!(stats.blocks_removed, 1);
        assert!(stats.folded >= 2, "{stats:?}");
        let printed: Vec<u64> = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .filter_map(|i| match f.kind(i) {
                InstKind::Print(v) => f.constant(*v),
                _ => None,
            })
            .collect();
        assert_eq!(printed, vec![3u64.wrapping_mul(0x7FFF_FFFF_FFFF_FFFF)]);
    }

    #[test]
    fn division_by_constant_zero_is_not_folded() {
        let (f, _) = sccp_of("func main()\n    div %x, 7, 0\n    print %x\n    ret 0\nend\n");
        let divs = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .filter(|&i| matches!(f.kind(i), InstKind::Binary(Op::Div, ..)))
            .count();
        assert_eq!(divs, 1);
    }

    #[test]
    fn min_over_minus_one_folds_to_min() {
        let (f, stats) = sccp_of(
            "func main()\n    div %x, 0x8000000000000000, -1\n    print %x\n    ret 0\nend\n",
        );
        assert_eq!(stats.folded, 1);
        let ret_free = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .any(|i| matches!(f.kind(i), InstKind::Binary(..)));
        assert!(!ret_free, "the division was folded away");
    }
}
