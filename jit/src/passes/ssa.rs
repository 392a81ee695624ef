//! SSA construction: Cytron, Ferrante, Rosen, Wegman and Zadeck, "Efficiently
//! Computing Static Single Assignment Form and the Control Dependence
//! Graph" (TOPLAS 1991), section 5, with pruning by liveness.
//!
//! 1. Per block, the registers it defines and those it reads before
//!    defining; live-in sets by backward dataflow (bitsets).
//! 2. Phis at the iterated dominance frontier of each register's
//!    definitions (5.1), placed only where the register is live-in
//!    ("pruned" SSA), found without computing frontiers: Sreedhar and
//!    Gao's walk of the DJ graph ("A Linear Time Algorithm for Placing
//!    phi-Nodes", POPL 1995), as LLVM's `IDFCalculator` does it. From each
//!    definition, deepest in the dominator tree first, the walk visits the
//!    block's dominator subtree; an edge from there to a block no deeper
//!    than the definition crosses its frontier. The walk enters only
//!    subtrees where the register is live-in and from which such an edge
//!    leaves (the least depth any edge out of a subtree reaches, computed
//!    once), so a register costs at most the blocks where it lives,
//!    however large the frontiers (quadratic in nested loops) would be.
//! 3. Renaming (5.2) by a preorder walk of the dominator tree with an
//!    explicit stack and an undo log standing in for the per-register
//!    stacks, so a 100,000-block chain needs no native recursion. A `mov`
//!    makes no instruction: its destination simply names the source value.
//!
//! Parameters, the implicit zero of every other register, and the function's
//! constants are definitions in the entry block. Entered for on-stack
//! replacement, the entry instead reads every register live into the loop
//! header from the interpreter's frame (a `Param` per register). Work is charged to the
//! budget as it is done: bitset words, instructions scanned and renamed,
//! blocks and edges visited while placing phis, phi operands filled.

use crate::analysis::cfg::{Cfg, EntryPoint};
use crate::analysis::dom::DomTree;
use crate::analysis::loops::{Loop, LoopExits, LoopForest};
use crate::analysis::worklist::Worklist;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{BlockOrigin, Function, InstKind, NO_SRC};
use crate::pipeline::budget::{Bail, Budget};
use vm::{FuncId, Op, Program};

/// The inputs: a bytecode function and what the earlier phases found.
pub struct SsaInput<'a> {
    pub program: &'a Program,
    pub id: FuncId,
    pub cfg: &'a Cfg,
    pub dom: &'a DomTree,
}

/// A set of registers per block, as one flat array of bit words.
struct BlockBits {
    words: usize,
    bits: Vec<u64>,
}

impl BlockBits {
    fn new(blocks: usize, regs: usize) -> BlockBits {
        let words = regs.div_ceil(64);
        BlockBits {
            words,
            bits: vec![0; blocks * words],
        }
    }

    fn row(&self, b: Block) -> &[u64] {
        &self.bits[b.index() * self.words..(b.index() + 1) * self.words]
    }

    fn contains(&self, b: Block, r: u32) -> bool {
        self.row(b)[r as usize / 64] & (1 << (r % 64)) != 0
    }

    fn insert(&mut self, b: Block, r: u32) {
        self.bits[b.index() * self.words + r as usize / 64] |= 1 << (r % 64);
    }
}

pub fn construct(input: &SsaInput, budget: &mut Budget) -> Result<Function, Bail> {
    let f = input.program.func(input.id);
    let cfg = input.cfg;
    let nregs = f.nregs as usize;
    let words = nregs.div_ceil(64) as u64;
    // Three bitsets a block, zeroed: a unit per block and per three words.
    budget.charge(cfg.len() as u64 * (1 + words))?;
    let LocalSets { defs, uses, sites } = local_sets(input, budget)?;
    let live_in = liveness(cfg, input.dom, &defs, &uses, budget)?;
    let nest = Nest::of(cfg, input.dom, NEST_BLOCKS, budget)?;
    let phis = place_phis(cfg, input.dom, &sites, &live_in, nest.as_ref(), budget)?;
    let from_frame = match cfg.entry_point {
        EntryPoint::Start => None,
        EntryPoint::Osr(_) => {
            let header = cfg.succs(cfg.entry)[0];
            Some(
                (0..f.nregs)
                    .filter(|&r| live_in.contains(header, r))
                    .collect(),
            )
        }
    };
    let mut ir = Renamer::new(input, phis, from_frame).run(budget)?;
    budget.charge(ir.insts.len() as u64)?;
    let types = crate::ir::types::infer(&ir);
    ir.set_types(types);
    Ok(ir)
}

/// Registers each block defines, those it reads before defining (upward
/// exposed), and (register, block) for each block outside the entry that
/// defines a register, sorted (the entry defines every register).
struct LocalSets {
    defs: BlockBits,
    uses: BlockBits,
    sites: Vec<(u32, Block)>,
}

fn local_sets(input: &SsaInput, budget: &mut Budget) -> Result<LocalSets, Bail> {
    let f = input.program.func(input.id);
    let cfg = input.cfg;
    let nregs = f.nregs;
    let mut defs = BlockBits::new(cfg.len(), nregs as usize);
    let mut uses = BlockBits::new(cfg.len(), nregs as usize);
    // (register, block) for every definition outside the entry, grouped by
    // register below: one allocation instead of one per register.
    let mut sites: Vec<(u32, Block)> = Vec::new();
    for r in 0..nregs {
        defs.insert(cfg.entry, r);
    }
    for b in 0..cfg.len() {
        let b = Block::new(b);
        let data = cfg.block(b);
        budget.charge((data.end - data.start) as u64 + 1)?;
        for ins in &f.code[data.start as usize..data.end as usize] {
            input.program.for_each_read(ins, |slot| {
                if slot < nregs && !defs.contains(b, slot) {
                    uses.insert(b, slot);
                }
            });
            if ins.op.writes() && !defs.contains(b, ins.a) {
                defs.insert(b, ins.a);
                sites.push((ins.a, b));
            }
        }
    }
    sites.sort_unstable();
    Ok(LocalSets { defs, uses, sites })
}

/// live_in(b) = uses(b) ∪ (live_out(b) − defs(b)), to a fixpoint: a
/// sweep in postorder, then the predecessors of each block whose set
/// grew (`worklist`).
fn liveness(
    cfg: &Cfg,
    dom: &DomTree,
    defs: &BlockBits,
    uses: &BlockBits,
    budget: &mut Budget,
) -> Result<BlockBits, Bail> {
    let words = defs.words;
    let mut live_in = BlockBits {
        words,
        bits: uses.bits.clone(),
    };
    let mut out = vec![0u64; words];
    let mut work = Worklist::new(cfg.len(), dom.rpo.iter().rev().copied());
    while let Some(b) = work.pop() {
        // A unit a visit, and one per sixteen words merged.
        budget.charge((cfg.succs(b).len() as u64 + 1) * (1 + words as u64 / 16))?;
        out.fill(0);
        for &s in cfg.succs(b) {
            for (o, &i) in out.iter_mut().zip(live_in.row(s)) {
                *o |= i;
            }
        }
        let base = b.index() * words;
        let row = &mut live_in.bits[base..base + words];
        let local = uses.row(b).iter().zip(defs.row(b));
        let mut changed = false;
        for ((live, (&used, &defined)), &live_out) in row.iter_mut().zip(local).zip(&out) {
            let new = used | (live_out & !defined);
            changed |= new != *live;
            *live = new;
        }
        if changed {
            for &p in cfg.preds(b).iter().filter(|&&p| dom.is_reachable(p)) {
                work.push(p);
            }
        }
    }
    Ok(live_in)
}

/// For each block, the least dominator-tree depth reached by an edge out
/// of its dominator subtree (`u32::MAX` if none leaves it): a walk from a
/// definition at depth `d` need not enter a subtree whose edges all reach
/// deeper than `d`, since none of them crosses its frontier.
fn least_reach(cfg: &Cfg, dom: &DomTree) -> Vec<u32> {
    let mut reach = vec![u32::MAX; cfg.len()];
    // A dominator comes before the blocks it dominates in reverse
    // postorder, so backwards each subtree is done before its root.
    for &b in dom.rpo.iter().rev() {
        let own = cfg.succs(b).iter().map(|&s| dom.level(s)).min();
        let here = reach[b.index()].min(own.unwrap_or(u32::MAX));
        reach[b.index()] = here;
        if let Some(d) = dom.idom(b) {
            reach[d.index()] = reach[d.index()].min(here);
        }
    }
    reach
}

/// The loops of the bytecode's graph and where each is left, for stepping
/// over a loop that does not define the register being placed. `None`
/// for a function without a loop, or of fewer than `NEST_BLOCKS` blocks,
/// where no walk can cost more than that many blocks a register and
/// finding the loops would cost more than it saves (about a sixth of SSA
/// construction's instructions over `programs/`, measured with callgrind).
struct Nest {
    forest: LoopForest,
    exits: LoopExits,
}

const NEST_BLOCKS: usize = 64;

impl Nest {
    /// The nest of a function of at least `least` blocks (`NEST_BLOCKS`
    /// but in tests).
    fn of(
        cfg: &Cfg,
        dom: &DomTree,
        least: usize,
        budget: &mut Budget,
    ) -> Result<Option<Nest>, Bail> {
        if cfg.len() < least {
            return Ok(None);
        }
        let forest = LoopForest::compute(cfg, dom, budget)?;
        if forest.is_empty() {
            return Ok(None);
        }
        let exits = LoopExits::compute(cfg, dom, &forest, budget)?;
        Ok(Some(Nest { forest, exits }))
    }

    /// The loop `x` heads, if it defines the register none of whose
    /// definitions' innermost loops (`defined`, by preorder number,
    /// ascending) lies inside it.
    fn stepped_over(&self, x: Block, defined: &[u32]) -> Option<Loop> {
        let l = self.forest.innermost_of(x)?;
        if self.forest.get(l).header != x {
            return None;
        }
        let span = self.forest.preorder(l);
        let first = defined.partition_point(|&k| k < span.start);
        defined
            .get(first)
            .is_none_or(|&k| k >= span.end)
            .then_some(l)
    }
}

/// For each block, the registers that get a phi there, ascending.
///
/// A walk that meets the header of a loop in which the register has no
/// definition steps over the loop: such a loop holds no phi for it but
/// perhaps at its header (a phi inside needs a definition inside, by
/// induction on the frontiers), and every edge inside it goes to a block
/// its header dominates, deeper than the root, so only the edges leaving
/// it and the dominator-tree children outside it can matter. The register
/// is live on entry to every block of such a loop (live at the header and
/// never defined on the way back to it), so the walk would have entered
/// all of it: stepping over it finds the same phis. Without it, a counter
/// live through the loops nested inside its own costs their blocks each:
/// the square of a nest's depth in all.
fn place_phis(
    cfg: &Cfg,
    dom: &DomTree,
    sites: &[(u32, Block)],
    live_in: &BlockBits,
    nest: Option<&Nest>,
    budget: &mut Budget,
) -> Result<Vec<Vec<u32>>, Bail> {
    let n = cfg.len();
    let reach = least_reach(cfg, dom);
    budget.charge(n as u64)?;
    let mut phis: Vec<Vec<u32>> = vec![Vec::new(); n];
    // Stamps (register + 1) instead of clearing per register: a block is a
    // root (a definition or a phi), its subtree walked, or its phi decided.
    let mut rooted = vec![0u32; n];
    let mut walked = vec![0u32; n];
    let mut decided = vec![0u32; n];
    let mut roots = std::collections::BinaryHeap::new();
    let mut walk = Vec::new();
    let mut defined = Vec::new();
    let mut visits = 0u64;
    // Registers defined only in the entry have an empty frontier: skipped.
    for group in sites.chunk_by(|a, b| a.0 == b.0) {
        let r = group[0].0;
        let stamp = r + 1;
        let entry = std::iter::once(cfg.entry);
        for b in entry.chain(group.iter().map(|&(_, b)| b)) {
            if dom.is_reachable(b) && rooted[b.index()] != stamp {
                rooted[b.index()] = stamp;
                roots.push((dom.level(b), b));
            }
        }
        if let Some(nest) = nest {
            defined.clear();
            let inner = |&(_, b): &(u32, Block)| nest.forest.innermost_of(b);
            let order = |l| nest.forest.preorder(l).start;
            defined.extend(group.iter().filter_map(inner).map(order));
            defined.sort_unstable();
        }
        while let Some((depth, root)) = roots.pop() {
            walked[root.index()] = stamp;
            walk.push(root);
            while let Some(x) = walk.pop() {
                let over = nest.and_then(|nest| Some((nest, nest.stepped_over(x, &defined)?)));
                let (succs, children) = match over {
                    Some((nest, l)) => (nest.exits.targets(l), nest.exits.children(l)),
                    None => (cfg.succs(x), &dom.children[x.index()][..]),
                };
                // A unit per two blocks walked: a visit costs about half
                // a unit's time (measured over loops nested 2,500 deep,
                // where this walk was nine tenths of the compile).
                visits += 1 + (succs.len() + children.len()) as u64 / 4;
                budget.charge(visits / 2)?;
                visits %= 2;
                for &y in succs {
                    // An edge to a block no deeper than the root crosses
                    // the root's frontier.
                    if dom.level(y) > depth || decided[y.index()] == stamp {
                        continue;
                    }
                    decided[y.index()] = stamp;
                    if !live_in.contains(y, r) {
                        continue;
                    }
                    phis[y.index()].push(r);
                    if rooted[y.index()] != stamp {
                        rooted[y.index()] = stamp;
                        roots.push((dom.level(y), y));
                    }
                }
                for &c in children {
                    // Where the register is dead on entry, what lives
                    // below comes from a definition there, itself a root.
                    if walked[c.index()] == stamp
                        || reach[c.index()] > depth
                        || !live_in.contains(c, r)
                    {
                        continue;
                    }
                    walked[c.index()] = stamp;
                    walk.push(c);
                }
            }
        }
    }
    Ok(phis)
}

/// Placeholder for a phi operand not yet filled in.
const UNFILLED: Value = Value(u32::MAX);

struct Renamer<'a> {
    input: &'a SsaInput<'a>,
    ir: Function,
    /// The value each register names at the current point of the walk.
    current: Vec<Value>,
    /// (register, value it named before) for each definition on the path.
    undo: Vec<(u32, Value)>,
    constants: Vec<Value>,
    /// Each block's phis: (register, instruction, its value).
    phis: Vec<Vec<(u32, Inst, Value)>>,
    /// On-stack replacement: the registers the entry reads from the
    /// interpreter's frame, ascending.
    from_frame: Option<Vec<u32>>,
}

enum Step {
    Enter(Block),
    Leave(usize),
}

impl<'a> Renamer<'a> {
    fn new(
        input: &'a SsaInput<'a>,
        phi_regs: Vec<Vec<u32>>,
        from_frame: Option<Vec<u32>>,
    ) -> Renamer<'a> {
        let cfg = input.cfg;
        // Sized once for what renaming makes (an instruction per bytecode
        // instruction, a phi per placed register, the parameters and a
        // few constants) rather than grown by doubling, table by table.
        let func = input.program.func(input.id);
        let insts = func.code.len()
            + phi_regs.iter().map(Vec::len).sum::<usize>()
            + func.nparams as usize
            + 8;
        let mut ir = Function::with_capacity(input.id, cfg.entry_point, cfg.len(), insts);
        ir.entry = cfg.entry;
        let mut phis = Vec::with_capacity(cfg.len());
        for (b, regs) in phi_regs.into_iter().enumerate() {
            let data = &cfg.blocks[b];
            let origin = if data.synthetic {
                BlockOrigin::SyntheticEntry
            } else {
                BlockOrigin::Bytecode(Block::new(b))
            };
            let block = ir.add_block(origin);
            ir.blocks[b].insts = Vec::with_capacity(regs.len() + (data.end - data.start) as usize);
            ir.set_new_block_edges(block, data.preds.clone(), data.succs.clone());
            let mut here = Vec::with_capacity(regs.len());
            for &r in &regs {
                let (phi, v) = ir.add_def(InstKind::Phi(vec![UNFILLED; data.preds.len()]), NO_SRC);
                ir.blocks[block.index()].insts.push(phi);
                here.push((r, phi, v));
            }
            ir.phi_regs[b] = regs;
            phis.push(here);
        }
        Renamer {
            input,
            ir,
            current: Vec::new(),
            undo: Vec::new(),
            constants: Vec::new(),
            phis,
            from_frame,
        }
    }

    /// Places an instruction that defines nothing at the end of `b`.
    fn emit(&mut self, b: Block, kind: InstKind, src: u32) {
        let inst = self.ir.add_inst(kind, src, false);
        self.ir.blocks[b.index()].insts.push(inst);
    }

    /// Places an instruction at the end of `b`; its fresh value.
    fn emit_def(&mut self, b: Block, kind: InstKind, src: u32) -> Value {
        let (inst, v) = self.ir.add_def(kind, src);
        self.ir.blocks[b.index()].insts.push(inst);
        v
    }

    fn define(&mut self, reg: u32, v: Value) {
        // A `mov` binds a value to a second register: it keeps its first.
        self.ir.name_value(v, Some(reg));
        self.undo.push((reg, self.current[reg as usize]));
        self.current[reg as usize] = v;
    }

    fn value(&self, slot: u32) -> Value {
        let nregs = self.input.program.func(self.input.id).nregs;
        if slot < nregs {
            self.current[slot as usize]
        } else {
            self.constants[(slot - nregs) as usize]
        }
    }

    /// Parameters, the shared zero and the constants, at the entry.
    fn entry_definitions(&mut self) {
        let f = self.input.program.func(self.input.id);
        let entry = self.ir.entry;
        let mut current = Vec::with_capacity(f.nregs as usize);
        let from_frame = self.from_frame.take();
        let params = from_frame.as_deref().unwrap_or(&[]);
        if from_frame.is_none() {
            for p in 0..f.nparams {
                current.push(self.emit_def(entry, InstKind::Param(p), NO_SRC));
            }
        }
        let zero = self.emit_def(entry, InstKind::Const(0), NO_SRC);
        current.resize(f.nregs as usize, zero);
        for &r in params {
            current[r as usize] = self.emit_def(entry, InstKind::Param(r), NO_SRC);
        }
        // Parameter r is register r's first value.
        for (r, &v) in current.iter().enumerate() {
            if v != zero {
                self.ir.name_value(v, Some(r as u32));
            }
        }
        self.current = current;
        self.constants = f
            .consts
            .iter()
            .map(|&c| self.emit_def(entry, InstKind::Const(c), NO_SRC))
            .collect();
    }

    fn run(mut self, budget: &mut Budget) -> Result<Function, Bail> {
        self.entry_definitions();
        let mut steps = vec![Step::Enter(self.ir.entry)];
        while let Some(step) = steps.pop() {
            match step {
                Step::Leave(mark) => {
                    for (r, v) in self.undo.drain(mark..).rev() {
                        self.current[r as usize] = v;
                    }
                }
                Step::Enter(b) => {
                    let mark = self.undo.len();
                    self.rename_block(b, budget)?;
                    steps.push(Step::Leave(mark));
                    for &c in self.input.dom.children[b.index()].iter().rev() {
                        steps.push(Step::Enter(c));
                    }
                }
            }
        }
        Ok(self.ir)
    }

    fn rename_block(&mut self, b: Block, budget: &mut Budget) -> Result<(), Bail> {
        for k in 0..self.phis[b.index()].len() {
            let (r, _, v) = self.phis[b.index()][k];
            self.define(r, v);
        }
        let data = self.input.cfg.block(b);
        let (start, end) = (data.start, data.end);
        budget.charge((end - start) as u64 + 1)?;
        let f = self.input.program.func(self.input.id);
        for k in start..end {
            self.rename_instr(b, k);
        }
        let falls_through = end == start
            || !(f.code[end as usize - 1].op.is_terminator()
                || f.code[end as usize - 1].op.is_cond_branch());
        if falls_through {
            let next = self.input.cfg.succs(b)[0];
            self.emit(b, InstKind::Jump(next), NO_SRC);
        }
        for &s in self.input.cfg.succs(b) {
            let j = self
                .input
                .cfg
                .preds(s)
                .iter()
                .position(|&p| p == b)
                .unwrap_or(0);
            budget.charge(self.phis[s.index()].len() as u64)?;
            for k in 0..self.phis[s.index()].len() {
                let (r, phi, _) = self.phis[s.index()][k];
                let v = self.current[r as usize];
                if let InstKind::Phi(args) = &mut self.ir.insts[phi.index()].kind {
                    args[j] = v;
                }
            }
        }
        Ok(())
    }

    fn rename_instr(&mut self, b: Block, k: u32) {
        let program = self.input.program;
        let ins = program.func(self.input.id).code[k as usize];
        // A block's successors are its targets, taken first (the graph's
        // fixed order); a block may have copies, so not the one at `ins.c`.
        let succs = self.input.cfg.succs(b);
        let kind = match ins.op {
            Op::Mov => {
                let v = self.value(ins.b);
                self.define(ins.a, v);
                return;
            }
            Op::Neg | Op::Not | Op::FNeg | Op::FSqrt | Op::IToF | Op::FToI => {
                InstKind::Unary(ins.op, self.value(ins.b))
            }
            Op::Load => InstKind::Load(self.value(ins.b), self.value(ins.c)),
            Op::Store => InstKind::Store(self.value(ins.a), self.value(ins.b), self.value(ins.c)),
            Op::Call => {
                let args = program
                    .call_arg_slots(&ins)
                    .iter()
                    .map(|&s| self.value(s))
                    .collect();
                InstKind::Call(FuncId(ins.b), args)
            }
            Op::Print => InstKind::Print(self.value(ins.a)),
            Op::PutC => InstKind::PutC(self.value(ins.a)),
            Op::FPrint => InstKind::FPrint(self.value(ins.a), ins.b),
            Op::PutS => InstKind::PutS(ins.a),
            Op::Ret => InstKind::Ret(self.value(ins.a)),
            Op::Jmp => InstKind::Jump(succs[0]),
            op if op.is_cond_branch() => {
                let a = self.value(ins.a);
                let second = if matches!(op, Op::Jz | Op::Jnz) {
                    a
                } else {
                    self.value(ins.b)
                };
                match *succs {
                    [taken, fallthrough] => InstKind::Branch {
                        op,
                        args: [a, second],
                        taken,
                        fallthrough,
                    },
                    _ => InstKind::Jump(succs[0]),
                }
            }
            op => InstKind::Binary(op, self.value(ins.b), self.value(ins.c)),
        };
        if ins.op.writes() {
            let v = self.emit_def(b, kind, k);
            self.define(ins.a, v);
        } else {
            self.emit(b, kind, k);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::analysis::dom;
    use proptest::prelude::*;

    /// Cytron et al.'s placement (5.1) over explicit frontiers, pruned by
    /// liveness: the oracle for the walk that needs no frontiers.
    fn by_frontiers(
        cfg: &Cfg,
        dom: &DomTree,
        sites: &[(u32, Block)],
        live_in: &BlockBits,
    ) -> Vec<Vec<u32>> {
        let df = dom::frontiers(cfg, dom, &mut Budget::unlimited()).unwrap();
        let mut phis = vec![Vec::new(); cfg.len()];
        for group in sites.chunk_by(|a, b| a.0 == b.0) {
            let r = group[0].0;
            let mut has = vec![false; cfg.len()];
            let mut work: Vec<Block> = vec![cfg.entry];
            work.extend(group.iter().map(|&(_, b)| b));
            let mut queued = vec![false; cfg.len()];
            while let Some(x) = work.pop() {
                for &y in &df[x.index()] {
                    if has[y.index()] || !live_in.contains(y, r) {
                        continue;
                    }
                    has[y.index()] = true;
                    phis[y.index()].push(r);
                    if !queued[y.index()] {
                        queued[y.index()] = true;
                        work.push(y);
                    }
                }
            }
        }
        for list in &mut phis {
            list.sort_unstable();
        }
        phis
    }

    /// `depth` loops nested in one another, as a compiler lowers `for`
    /// loops: each counter is set before its header and stepped after the
    /// loops inside.
    pub(crate) fn nested_loops(depth: usize) -> String {
        let mut text = String::from("func main(%a)\n");
        for d in 0..depth {
            text += &format!("    mov %i{d}, 0\nL{d}: add %s, %s, %a\n");
        }
        for d in (0..depth).rev() {
            text += &format!("    add %i{d}, %i{d}, 1\n    jlt %i{d}, %a, L{d}\n");
        }
        text + "    print %s\n    ret 0\nend\n"
    }

    /// Each counter lives through every loop inside its own, so a walk of
    /// its live range costs the square of the depth in all; stepping over
    /// the loops that do not define it costs a few units a block.
    #[test]
    fn phis_in_a_deep_nest_cost_linear_work() {
        let depth = 3_000;
        let program = vm::load(nested_loops(depth).as_bytes()).expect("loads");
        let id = program.func_by_name("main").expect("main");
        let cfg = crate::analysis::cfg::build(program.func(id));
        let dom = dom::dominators(&cfg, &mut Budget::unlimited()).unwrap();
        let input = SsaInput {
            program: &program,
            id,
            cfg: &cfg,
            dom: &dom,
        };
        let mut budget = Budget::unlimited();
        let LocalSets { defs, uses, sites } = local_sets(&input, &mut budget).unwrap();
        let live_in = liveness(&cfg, &dom, &defs, &uses, &mut budget).unwrap();
        let before = budget.used();
        let nest = Nest::of(&cfg, &dom, NEST_BLOCKS, &mut budget).unwrap();
        assert!(nest.is_some(), "a nest of {} blocks", cfg.len());
        let phis = place_phis(&cfg, &dom, &sites, &live_in, nest.as_ref(), &mut budget).unwrap();
        let used = budget.used() - before;
        assert!(used < 8 * cfg.len() as u64, "{used} units");
        // A phi for each counter at its own header, and for the sum at
        // every header.
        assert_eq!(phis.iter().map(Vec::len).sum::<usize>(), 2 * depth);
        assert_eq!(phis, by_frontiers(&cfg, &dom, &sites, &live_in));
    }

    /// Blocks, edges, and (block, register, whether it writes) in order.
    type Case = (usize, Vec<(usize, usize)>, Vec<(usize, u32, bool)>);

    /// A random graph, each block defining and reading random registers.
    fn case() -> impl Strategy<Value = Case> {
        (1usize..20).prop_flat_map(|n| {
            (
                Just(n),
                proptest::collection::vec((0..n, 0..n), 0..n * 3),
                proptest::collection::vec((0..n, 0u32..6, any::<bool>()), 0..n * 4),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn the_walk_places_the_phis_the_frontiers_do((n, edges, accesses) in case()) {
            let cfg = Cfg::from_edges(n, &edges);
            let dom = dom::dominators(&cfg, &mut Budget::unlimited()).unwrap();
            let (mut defs, mut uses) = (BlockBits::new(n, 6), BlockBits::new(n, 6));
            for r in 0..6 {
                defs.insert(cfg.entry, r);
            }
            let mut sites = Vec::new();
            // In order within a block: a read before the block's first
            // definition of the register is upward exposed.
            for &(b, r, write) in &accesses {
                let b = Block::new(b);
                if write {
                    if !defs.contains(b, r) {
                        defs.insert(b, r);
                        sites.push((r, b));
                    }
                } else if !defs.contains(b, r) {
                    uses.insert(b, r);
                }
            }
            sites.sort_unstable();
            sites.dedup();
            let live_in = liveness(&cfg, &dom, &defs, &uses, &mut Budget::unlimited()).unwrap();
            let expected = by_frontiers(&cfg, &dom, &sites, &live_in);
            let budget = &mut Budget::unlimited();
            // Walking every block, and stepping over the loops that do not
            // define a register (which functions this small do not do).
            let walked = place_phis(&cfg, &dom, &sites, &live_in, None, budget).unwrap();
            prop_assert_eq!(&walked, &expected);
            let nest = Nest::of(&cfg, &dom, 0, budget).unwrap();
            let stepped = place_phis(&cfg, &dom, &sites, &live_in, nest.as_ref(), budget).unwrap();
            prop_assert_eq!(&stepped, &expected);
        }
    }
}
