//! Memory cells as values: store-to-load forwarding and redundant load
//! elimination, on SSA form, over the blocks in reverse postorder.
//!
//! A load of a cell whose content the function already knows (it stored
//! `x` there, or loaded it into `y`, with nothing since that may have
//! written the cell) is removed, and its uses read `x` or `y`. The cells
//! are named by address: `[v + K]` for an SSA value `v` and a constant
//! `K`, or a constant address. Two names with the same base and different
//! offsets, or two different constants, are different cells; any other
//! two may be the same. A store forgets what it may overwrite, a call
//! everything, unless neither the callee nor anything it calls has a
//! `store` (`vm::Function::stores`); nothing else writes memory.
//!
//! What is known flows forward along edges: a block starts with what all
//! its predecessors agree on at their ends, and a loop header (a
//! predecessor not yet visited in reverse postorder) with nothing. This
//! is the classic available-expressions problem for loads (Cooper and
//! Torczon, "Engineering a Compiler", 8.6, with memory as in LLVM's
//! `GVN::processLoad` on a single version of memory), kept linear by a
//! bound on the cells known at once (`MAX_KNOWN`).
//!
//! The traps stay where the interpreter has them: the access that made a
//! cell known ran before the removed load, at the same address, without
//! trapping, so the removed load could not have trapped either.

use crate::analysis::dom::DomTree;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind};
use crate::pipeline::budget::{Bail, Budget};
use vm::Program;

/// Cells known at once; a new one past this is not recorded, so a block
/// costs at most this much to join and to scan.
const MAX_KNOWN: usize = 32;

/// What the pass did, for traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ForwardStats {
    /// Loads removed for a value already known.
    pub forwarded: usize,
}

/// A cell, by how its address is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// `[base + offset]`.
    At(Value, u64),
    /// A constant address.
    Fixed(u64),
}

impl Cell {
    fn of(f: &Function, base: Value, offset: Value) -> Option<Cell> {
        match (f.constant(base), f.constant(offset)) {
            (Some(b), Some(k)) => Some(Cell::Fixed(b.wrapping_add(k))),
            (None, Some(k)) => Some(Cell::At(base, k)),
            (Some(b), None) => Some(Cell::At(offset, b)),
            (None, None) => None,
        }
    }

    /// Whether a store to `self` leaves `other` as it was.
    fn surely_apart(self, other: Cell) -> bool {
        match (self, other) {
            (Cell::At(a, j), Cell::At(b, k)) => a == b && j != k,
            (Cell::Fixed(a), Cell::Fixed(b)) => a != b,
            _ => false,
        }
    }
}

/// The cells known at a point, and what each holds.
type Known = Vec<(Cell, Value)>;

/// Forwards what `f` (in SSA form, `dom` its dominator tree, whose
/// reverse postorder the walk follows) stores and loads to its later
/// loads of the same cells. Removes instructions only: blocks, edges and
/// the dominator tree stay.
pub fn forward(
    program: &Program,
    f: &mut Function,
    dom: &DomTree,
    budget: &mut Budget,
) -> Result<ForwardStats, Bail> {
    let mut at_end: Vec<Option<Known>> = vec![None; f.blocks.len()];
    let mut replaced: Vec<Option<Value>> = vec![None; f.value_count()];
    let mut forwarded = 0;
    for &b in &dom.rpo {
        let mut known = at_start(f, b, &at_end);
        // Each instruction looks through at most `MAX_KNOWN` cells, a
        // constant: charged as one unit, as every phase charges its scan.
        budget.charge(f.block(b).insts.len() as u64 + 1 + known.len() as u64)?;
        forwarded += forward_block(program, f, b, &mut known, &mut replaced);
        at_end[b.index()] = Some(known);
    }
    if forwarded > 0 {
        f.substitute(&replaced);
    }
    Ok(ForwardStats { forwarded })
}

/// What every predecessor of `b` knows at its end; nothing at the entry
/// and at a loop header (a predecessor not visited yet).
fn at_start(f: &Function, b: Block, at_end: &[Option<Known>]) -> Known {
    let preds = f.block(b).preds();
    let Some((first, rest)) = preds.split_first() else {
        return Known::new();
    };
    let Some(mut known) = at_end[first.index()].clone() else {
        return Known::new();
    };
    for p in rest {
        let Some(theirs) = &at_end[p.index()] else {
            return Known::new();
        };
        known.retain(|entry| theirs.contains(entry));
    }
    known
}

/// Forwards within block `b`, from `known` on entry (updated to what is
/// known at its end); returns how many loads it removed.
fn forward_block(
    program: &Program,
    f: &mut Function,
    b: Block,
    known: &mut Known,
    replaced: &mut [Option<Value>],
) -> usize {
    let mut removed: Vec<Inst> = Vec::new();
    for k in 0..f.block(b).insts.len() {
        let i = f.block(b).insts[k];
        // What a known cell holds was recorded with its operands already
        // replaced, and a load that stayed is never replaced later: no
        // replacement is itself replaced.
        f.insts[i.index()]
            .kind
            .map_operands(|v| replaced[v.index()].unwrap_or(v));
        match *f.kind(i) {
            InstKind::Load(base, offset) => {
                let (Some(cell), Some(d)) = (Cell::of(f, base, offset), f.inst(i).result) else {
                    continue;
                };
                match known.iter().find(|(c, _)| *c == cell) {
                    // Registers hold bits; the value must live in the same
                    // register file as the load's result did.
                    Some(&(_, v)) if f.ty(v) == f.ty(d) => {
                        replaced[d.index()] = Some(v);
                        removed.push(i);
                    }
                    Some(_) => {}
                    None => remember(known, cell, d),
                }
            }
            InstKind::Store(base, offset, x) => match Cell::of(f, base, offset) {
                Some(cell) => {
                    known.retain(|(c, _)| cell.surely_apart(*c));
                    remember(known, cell, x);
                }
                None => known.clear(),
            },
            InstKind::Call(callee, _) if program.func(callee).stores => known.clear(),
            _ => {}
        }
    }
    if !removed.is_empty() {
        f.blocks[b.index()].insts.retain(|i| !removed.contains(i));
    }
    removed.len()
}

fn remember(known: &mut Known, cell: Cell, v: Value) {
    if known.len() < MAX_KNOWN {
        known.push((cell, v));
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::InstKind;
    use crate::pipeline::budget::Budget;
    use crate::pipeline::context::{Context, Options};
    use crate::pipeline::phase::Phase;

    /// `main` of `src` after the forwarding phase (calls left as calls):
    /// its loads left.
    fn loads_after(src: &str) -> usize {
        let program = vm::load(src.as_bytes()).expect("loads");
        let options = Options::verified().without(Phase::Inline);
        let mut ctx = Context::new(&program, program.main, options, Budget::unlimited());
        ctx.run(Phase::Forward).expect("compiles");
        let f = ctx.func.as_ref().expect("the IR");
        f.live_blocks()
            .flat_map(|b| f.block(b).insts.iter())
            .filter(|&&i| matches!(f.kind(i), InstKind::Load(..)))
            .count()
    }

    #[test]
    fn a_stored_or_loaded_cell_is_read_from_its_value() {
        // Two loads go: [%p+1] after its store, [%p] after its load.
        let src = ".memory 8\nfunc main(%p)\n    load %a, [%p]\n    store [%p+1], 7\n    load %b, [%p+1]\n    load %c, [%p]\n    add %a, %a, %b\n    add %a, %a, %c\n    print %a\n    ret 0\nend\n";
        assert_eq!(loads_after(src), 1);
    }

    #[test]
    fn stores_that_may_alias_and_calls_forget() {
        // A store through another base may write [%p]; a call of a
        // function that stores may write anything: both loads stay.
        let src = ".memory 8\nfunc g()\n    store [5], 1\n    ret 0\nend\nfunc main(%p, %q)\n    load %a, [%p]\n    store [%q], 1\n    load %b, [%p]\n    call %x, g\n    load %c, [%p]\n    add %a, %a, %b\n    add %a, %a, %c\n    print %a\n    ret 0\nend\n";
        assert_eq!(loads_after(src), 3);
    }

    #[test]
    fn a_call_of_a_function_that_never_stores_forgets_nothing() {
        // `h` only reads and prints, and so does what it calls: [%p] is
        // still known after the call.
        let src = ".memory 8\nfunc leaf(%x)\n    load %y, [%x]\n    print %y\n    ret %y\nend\nfunc h(%x)\n    call %y, leaf, %x\n    ret %y\nend\nfunc main(%p)\n    load %a, [%p]\n    call %x, h, %a\n    load %b, [%p]\n    add %a, %a, %b\n    print %a\n    ret 0\nend\n";
        assert_eq!(loads_after(src), 1);
    }

    #[test]
    fn joins_keep_what_every_predecessor_knows_and_loops_forget() {
        // After the diamond [%p] is known on both sides; in the loop it is
        // stored each trip, so the header knows nothing.
        let src = ".memory 8\nfunc main(%p, %n)\n    load %a, [%p]\n    jz %n, other\n    store [%p+1], %a\n    jmp join\nother:\n    store [%p+2], %a\njoin:\n    load %b, [%p]\n    mov %i, 0\nloop:\n    load %c, [%p]\n    add %c, %c, 1\n    store [%p], %c\n    add %i, %i, 1\n    jlt %i, %n, loop\n    add %b, %b, %c\n    print %b\n    ret 0\nend\n";
        assert_eq!(loads_after(src), 2);
    }
}
