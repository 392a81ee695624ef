//! The middle end's IR: blocks, instructions and values in arenas addressed
//! by typed indices, with def-use information for sparse passes.
//!
//! In SSA form every value has exactly one defining instruction; phis stand
//! at the start of their block, operand i belonging to predecessor i. After
//! SSA destruction (`out_of_ssa`) there are no phis and a value is a
//! variable that copies may assign more than once.

pub mod entity;
pub mod eval;
pub mod types;
pub mod verify;

use crate::analysis::dom::Graph;
use crate::ir::entity::{Block, InlineId, Inst, Value};
use vm::{FuncId, Op};

/// Where an instruction came from: a bytecode index, for trap positions
/// and dumps, or nothing (entry definitions, copies).
pub const NO_SRC: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq)]
pub enum InstKind {
    /// The function's parameter i.
    Param(u32),
    Const(u64),
    Phi(Vec<Value>),
    Copy(Value),
    /// `neg`, `not`, `fneg`, `fsqrt`, `itof`, `ftoi`.
    Unary(Op, Value),
    /// Integer and float arithmetic and comparisons.
    Binary(Op, Value, Value),
    /// `load` of cell `base + offset`.
    Load(Value, Value),
    /// `store` of a value to cell `base + offset`.
    Store(Value, Value, Value),
    Call(FuncId, Vec<Value>),
    /// What is left of a call the inliner replaced by the callee's body:
    /// the depth limit's check, which traps with `stack overflow` unless
    /// `level` more frames fit (the callee of a call inlined into a body
    /// that was itself inlined is `level` 2, and so on), and the callee's
    /// call count when calls are counted.
    InlinedCall {
        callee: FuncId,
        level: u32,
    },
    /// The calls left before the depth limit, as the compiled function
    /// starts (`tail_loops`: what `GiveBackCalls` restores at each return).
    CallsLeft,
    /// A self tail call made a jump back to the top (`tail_loops`): spends
    /// one call of the depth limit, trapping with `stack overflow` when
    /// none is left (a frame `inline_depth` levels deeper than the
    /// compiled one's spends from those its inlining saved), and counts
    /// the call when calls are counted.
    SpendCall,
    /// Sets the calls left back to a `CallsLeft`'s, before a return: the
    /// levels the jumps spent are given back at once, as the interpreter's
    /// returns would one by one.
    GiveBackCalls(Value),
    Print(Value),
    PutC(Value),
    FPrint(Value, u32),
    PutS(u32),
    Jump(Block),
    /// A conditional branch (`Jz`..`Jge`): to `taken` if the condition
    /// holds on the operands, else to `fallthrough`. `Jz` and `Jnz` read
    /// only the first operand.
    Branch {
        op: Op,
        args: [Value; 2],
        taken: Block,
        fallthrough: Block,
    },
    Ret(Value),
    /// `then` where a `Branch` with the same `op` and `args` would be
    /// taken, else `otherwise`: both sides of a branch computed, one kept
    /// (`if_convert`; a `cmov`).
    Select {
        op: Op,
        args: [Value; 2],
        then: Value,
        otherwise: Value,
    },
}

impl InstKind {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Jump(_) | InstKind::Branch { .. } | InstKind::Ret(_)
        )
    }

    pub fn is_phi(&self) -> bool {
        matches!(self, InstKind::Phi(_))
    }

    /// Whether removing the instruction (when its result is unused) could
    /// change what the program does: output, memory, traps, calls, control.
    pub fn has_effect(&self) -> bool {
        match self {
            InstKind::Binary(op, ..) => matches!(op, Op::Div | Op::Rem),
            InstKind::Load(..) => true,
            InstKind::Store(..) | InstKind::Call(..) | InstKind::Print(_) | InstKind::PutC(_) => {
                true
            }
            InstKind::FPrint(..) | InstKind::PutS(_) | InstKind::InlinedCall { .. } => true,
            // The calls left change with every `SpendCall`: none of the
            // three moves, merges or goes.
            InstKind::CallsLeft | InstKind::SpendCall | InstKind::GiveBackCalls(_) => true,
            kind => kind.is_terminator(),
        }
    }

    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            InstKind::Param(_)
            | InstKind::Const(_)
            | InstKind::PutS(_)
            | InstKind::Jump(_)
            | InstKind::InlinedCall { .. }
            | InstKind::CallsLeft
            | InstKind::SpendCall => {}
            InstKind::Phi(args) | InstKind::Call(_, args) => args.iter().copied().for_each(f),
            InstKind::Copy(a) | InstKind::Unary(_, a) | InstKind::Print(a) | InstKind::PutC(a) => {
                f(*a)
            }
            InstKind::FPrint(a, _) | InstKind::Ret(a) | InstKind::GiveBackCalls(a) => f(*a),
            InstKind::Binary(_, a, b) | InstKind::Load(a, b) => {
                f(*a);
                f(*b);
            }
            InstKind::Store(a, b, c) => {
                f(*a);
                f(*b);
                f(*c);
            }
            InstKind::Branch { op, args, .. } => {
                condition_operands(*op, args).iter().copied().for_each(f)
            }
            InstKind::Select {
                op,
                args,
                then,
                otherwise,
            } => {
                condition_operands(*op, args)
                    .iter()
                    .copied()
                    .for_each(&mut f);
                f(*then);
                f(*otherwise);
            }
        }
    }

    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            InstKind::Param(_)
            | InstKind::Const(_)
            | InstKind::PutS(_)
            | InstKind::Jump(_)
            | InstKind::InlinedCall { .. }
            | InstKind::CallsLeft
            | InstKind::SpendCall => {}
            InstKind::Phi(args) | InstKind::Call(_, args) => {
                args.iter_mut().for_each(|v| *v = f(*v))
            }
            InstKind::Copy(a) | InstKind::Unary(_, a) | InstKind::Print(a) | InstKind::PutC(a) => {
                *a = f(*a)
            }
            InstKind::FPrint(a, _) | InstKind::Ret(a) | InstKind::GiveBackCalls(a) => *a = f(*a),
            InstKind::Binary(_, a, b) | InstKind::Load(a, b) => {
                *a = f(*a);
                *b = f(*b);
            }
            InstKind::Store(a, b, c) => {
                *a = f(*a);
                *b = f(*b);
                *c = f(*c);
            }
            InstKind::Branch { op, args, .. } => map_condition(*op, args, f),
            InstKind::Select {
                op,
                args,
                then,
                otherwise,
            } => {
                map_condition(*op, args, &mut f);
                *then = f(*then);
                *otherwise = f(*otherwise);
            }
        }
    }

    /// Successor blocks of a terminator, in the fixed order.
    pub fn targets(&self) -> Vec<Block> {
        match *self {
            InstKind::Jump(b) => vec![b],
            InstKind::Branch {
                taken, fallthrough, ..
            } => vec![taken, fallthrough],
            _ => Vec::new(),
        }
    }

    /// A terminator's targets that are `from`, made `to`.
    pub fn retarget(&mut self, from: Block, to: Block) {
        match self {
            InstKind::Jump(t) if *t == from => *t = to,
            InstKind::Branch {
                taken, fallthrough, ..
            } => {
                if *taken == from {
                    *taken = to;
                }
                if *fallthrough == from {
                    *fallthrough = to;
                }
            }
            _ => {}
        }
    }
}

/// The operands a condition (`Branch`, `Select`) reads: `jz` and `jnz`
/// read only the first.
pub fn condition_operands(op: Op, args: &[Value; 2]) -> &[Value] {
    match op {
        Op::Jz | Op::Jnz => &args[..1],
        _ => args,
    }
}

/// `map_operands` over a condition's operands; `jz`/`jnz` keep their one
/// operand in both slots.
fn map_condition(op: Op, args: &mut [Value; 2], mut f: impl FnMut(Value) -> Value) {
    args[0] = f(args[0]);
    args[1] = match op {
        Op::Jz | Op::Jnz => args[0],
        _ => f(args[1]),
    };
}

#[derive(Clone, Debug, PartialEq)]
pub struct InstData {
    pub kind: InstKind,
    pub result: Option<Value>,
    /// The bytecode instruction this came from, or `NO_SRC`: of the
    /// function being compiled, or of the callee whose body it was
    /// inlined from (`inlined`).
    pub src: u32,
    /// The inlined call this came from, if any.
    pub inlined: Option<InlineId>,
}

/// A call replaced by its callee's body.
#[derive(Clone, Debug, PartialEq)]
pub struct InlineSite {
    pub callee: FuncId,
    /// The call's place: the inlined call whose body it is in, if any.
    pub parent: Option<InlineId>,
    /// The bytecode instruction, in the function being compiled, of the
    /// outermost call this body came through: its code is that line's.
    pub line_src: u32,
}

/// What a value holds, as inference (`types`) finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    Int,
    Float,
    /// Read or made as an integer somewhere and as a float elsewhere.
    Bits,
}

impl ValueType {
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Int => "int",
            ValueType::Float => "float",
            ValueType::Bits => "bits",
        }
    }
}

/// Where compiled code enters a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryPoint {
    /// At instruction 0, from a call.
    Start,
    /// At this instruction, taking over an interpreted activation (OSR).
    Osr(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockOrigin {
    /// The bytecode CFG's block with this id.
    Bytecode(Block),
    /// The entry that precedes a first instruction which is a branch target.
    SyntheticEntry,
    /// Inserted on a critical edge by SSA destruction.
    SplitEdge,
    /// A callee's block, or the rest of a block after an inlined call.
    Inlined,
    /// The top of a function whose self tail calls jump to it
    /// (`tail_loops`).
    TailLoop,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BlockData {
    /// Phis first, then the body, then exactly one terminator.
    pub insts: Vec<Inst>,
    /// In the order the terminator names them. Changed only through
    /// `Function`'s edge edits, which keep phis aligned.
    succs: Vec<Block>,
    /// Phi operand `k` of this block belongs to `preds[k]`.
    preds: Vec<Block>,
    pub origin: BlockOrigin,
    /// False once a pass has removed the block; it keeps its index.
    pub live: bool,
}

impl BlockData {
    pub fn succs(&self) -> &[Block] {
        &self.succs
    }

    pub fn preds(&self) -> &[Block] {
        &self.preds
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub id: FuncId,
    pub entry: Block,
    /// Where compiled code enters: the start, or a loop header (OSR), where
    /// `Param(r)` is register r of the interpreter's frame.
    pub entry_point: EntryPoint,
    pub blocks: Vec<BlockData>,
    pub insts: Vec<InstData>,
    /// The instruction defining each value (in SSA form, the only one).
    /// This and the two other per-value tables grow together
    /// (`new_value`) and change only through their methods.
    defs: Vec<Inst>,
    /// Registers with a phi at each block (for dumps), sorted.
    pub phi_regs: Vec<Vec<u32>>,
    /// Each value's type (`types`), inferred when SSA is built; a value
    /// made later starts as `Bits` (no claim) until its pass says more.
    types: Vec<ValueType>,
    /// The calls inlined into this function, by `InlineId`.
    pub inlined: Vec<InlineSite>,
    /// Per value: the bytecode register it was first defined for, when SSA
    /// was built (dumps name it `%REG.N`); none for values passes make.
    value_regs: Vec<Option<u32>>,
}

impl Function {
    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b.index()]
    }

    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i.index()]
    }

    pub fn kind(&self, i: Inst) -> &InstKind {
        &self.insts[i.index()].kind
    }

    pub fn def(&self, v: Value) -> Inst {
        self.defs[v.index()]
    }

    /// The function instruction `i` belongs to: the compiled one, or the
    /// callee it was inlined from (whose bytecode its `src` indexes).
    pub fn func_of(&self, i: Inst) -> FuncId {
        match self.inst(i).inlined {
            Some(site) => self.inlined[site.index()].callee,
            None => self.id,
        }
    }

    /// Whether `call` then `ret` are a call of the function itself whose
    /// result is returned at once (a self tail call).
    pub fn is_self_tail_call(&self, call: Inst, ret: Inst) -> bool {
        matches!(
            (self.kind(call), self.kind(ret), self.inst(call).result),
            (InstKind::Call(callee, _), InstKind::Ret(v), Some(r)) if *callee == self.id && *v == r
        )
    }

    /// The value added to the result of the call at `insts[k]`, if that is
    /// a call of the function itself whose result plus that value is
    /// returned at once: `y = call f(..)`, `z = add a, y` (or `add y, a`),
    /// `ret z`. The function's result is then the sum of every such `a`
    /// on the way down and the value finally returned (integer addition
    /// wraps, so it associates), which lets the call be a jump.
    pub fn tail_accumulation(&self, insts: &[Inst], k: usize) -> Option<Value> {
        let (&call, &add, &ret) = (insts.get(k)?, insts.get(k + 1)?, insts.get(k + 2)?);
        let y = self.inst(call).result?;
        let z = self.inst(add).result?;
        let InstKind::Call(callee, _) = self.kind(call) else {
            return None;
        };
        let InstKind::Binary(Op::Add, a, b) = *self.kind(add) else {
            return None;
        };
        let addend = match (a == y, b == y) {
            (true, false) => b,
            (false, true) => a,
            _ => return None,
        };
        let returns_sum = matches!(self.kind(ret), InstKind::Ret(v) if *v == z);
        (*callee == self.id && returns_sum).then_some(addend)
    }

    /// Whether some block ends in a `ret`.
    pub fn returns(&self) -> bool {
        self.live_blocks().any(|b| {
            self.block(b)
                .insts
                .last()
                .is_some_and(|&i| matches!(self.kind(i), InstKind::Ret(_)))
        })
    }

    /// How many inlined calls instruction `i` is nested in: its frame, in
    /// the interpreter, would be that many levels deeper than the
    /// compiled function's.
    pub fn inline_depth(&self, i: Inst) -> u32 {
        let mut depth = 0;
        let mut site = self.inst(i).inlined;
        while let Some(s) = site {
            depth += 1;
            site = self.inlined[s.index()].parent;
        }
        depth
    }

    /// The bytecode instruction of the function being compiled whose line
    /// instruction `i`'s code belongs to (an inlined body's is its call's).
    pub fn line_src(&self, i: Inst) -> u32 {
        match self.inst(i).inlined {
            Some(site) => self.inlined[site.index()].line_src,
            None => self.inst(i).src,
        }
    }

    pub fn value_count(&self) -> usize {
        self.defs.len()
    }

    /// Per value, how many operands of live instructions read it.
    pub fn read_counts(&self) -> entity::Table<Value, u32> {
        let mut counts = entity::Table::new(self.value_count(), 0);
        for b in self.live_blocks() {
            for &i in &self.block(b).insts {
                self.kind(i).for_each_operand(|v| counts[v] += 1);
            }
        }
        counts
    }

    /// Every instruction's operands with a replacement (`replaced`, per
    /// value; none is itself replaced) read it instead: after a pass that
    /// removed instructions for equal values, since phis read values of
    /// blocks the walk has not reached.
    pub fn substitute(&mut self, replaced: &[Option<Value>]) {
        for data in &mut self.insts {
            data.kind.map_operands(|v| replaced[v.index()].unwrap_or(v));
        }
    }

    /// The constant a value holds, if its definition is a `Const`.
    pub fn constant(&self, v: Value) -> Option<u64> {
        match self.kind(self.def(v)) {
            InstKind::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// Whether instruction `i` may go when its result is unused: it has no
    /// effect, or it is a division whose divisor is a nonzero constant.
    pub fn removable_if_unused(&self, i: Inst) -> bool {
        match self.kind(i) {
            InstKind::Binary(Op::Div | Op::Rem, _, d) => self.constant(*d).is_some_and(|c| c != 0),
            kind => !kind.has_effect(),
        }
    }

    /// Live blocks, in index order.
    pub fn live_blocks(&self) -> impl Iterator<Item = Block> + '_ {
        (0..self.blocks.len())
            .map(Block::new)
            .filter(|b| self.blocks[b.index()].live)
    }

    /// An empty function of `id`, its blocks and values to come, with
    /// room for `blocks` blocks and `insts` instructions and values.
    pub fn with_capacity(
        id: FuncId,
        entry_point: EntryPoint,
        blocks: usize,
        insts: usize,
    ) -> Function {
        Function {
            id,
            entry: Block::new(0),
            entry_point,
            blocks: Vec::with_capacity(blocks),
            insts: Vec::with_capacity(insts),
            defs: Vec::with_capacity(insts),
            phi_regs: Vec::with_capacity(blocks),
            types: Vec::with_capacity(insts),
            inlined: Vec::new(),
            value_regs: Vec::with_capacity(insts),
        }
    }

    /// `v`'s type.
    pub fn ty(&self, v: Value) -> ValueType {
        self.types[v.index()]
    }

    pub fn set_type(&mut self, v: Value, ty: ValueType) {
        self.types[v.index()] = ty;
    }

    /// Every value's type, as inference found them (one per value).
    pub fn set_types(&mut self, types: Vec<ValueType>) {
        debug_assert_eq!(types.len(), self.defs.len());
        self.types = types;
    }

    /// The bytecode register `v` was first defined for, if any (dumps
    /// name it `%REG.N`).
    pub fn reg_of(&self, v: Value) -> Option<u32> {
        self.value_regs[v.index()]
    }

    /// Names `v` after bytecode register `reg`, unless it has a name.
    pub fn name_value(&mut self, v: Value, reg: Option<u32>) {
        let name = &mut self.value_regs[v.index()];
        if name.is_none() {
            *name = reg;
        }
    }

    /// `inst` defines `v` from now on (a copy in place of the phi that
    /// did, the instruction in place of an inlined call).
    pub fn redefine(&mut self, v: Value, inst: Inst) {
        self.defs[v.index()] = inst;
    }

    /// Adds an instruction (not yet placed in a block) that assigns the
    /// existing value `v`; `redefine` records it as the definition.
    pub fn add_assignment(&mut self, kind: InstKind, v: Value, src: u32) -> Inst {
        let inst = Inst::new(self.insts.len());
        self.insts.push(InstData {
            kind,
            result: Some(v),
            src,
            inlined: None,
        });
        inst
    }

    fn new_value(&mut self, def: Inst) -> Value {
        self.defs.push(def);
        self.types.push(ValueType::Bits);
        self.value_regs.push(None);
        Value::new(self.defs.len() - 1)
    }

    /// Adds an instruction (not yet placed in a block) that defines a
    /// fresh value.
    pub fn add_def(&mut self, kind: InstKind, src: u32) -> (Inst, Value) {
        let inst = Inst::new(self.insts.len());
        let value = self.new_value(inst);
        self.insts.push(InstData {
            kind,
            result: Some(value),
            src,
            inlined: None,
        });
        (inst, value)
    }

    /// Adds an instruction (not yet placed in a block), with a fresh result
    /// value if `defines`.
    pub fn add_inst(&mut self, kind: InstKind, src: u32, defines: bool) -> Inst {
        if defines {
            return self.add_def(kind, src).0;
        }
        let inst = Inst::new(self.insts.len());
        self.insts.push(InstData {
            kind,
            result: None,
            src,
            inlined: None,
        });
        inst
    }

    pub fn add_block(&mut self, origin: BlockOrigin) -> Block {
        self.blocks.push(BlockData {
            insts: Vec::new(),
            succs: Vec::new(),
            preds: Vec::new(),
            origin,
            live: true,
        });
        self.phi_regs.push(Vec::new());
        Block::new(self.blocks.len() - 1)
    }

    /// Places `insts` (constants) among the entry's definitions, ahead of
    /// any code that uses them: the entry dominates every block.
    pub fn add_entry_definitions(&mut self, insts: Vec<Inst>) {
        let entry = self.entry;
        let after_defs = self
            .block(entry)
            .insts
            .iter()
            .position(|&i| !matches!(self.kind(i), InstKind::Param(_) | InstKind::Const(_)))
            .unwrap_or(0);
        self.blocks[entry.index()]
            .insts
            .splice(after_defs..after_defs, insts);
    }

    /// Renumbers the blocks so that `order[k]` (a permutation of them all)
    /// becomes block k: the back end lays blocks out by index.
    pub fn renumber_blocks(&mut self, order: &[Block]) {
        debug_assert_eq!(order.len(), self.blocks.len());
        let mut new_of = vec![Block(0); self.blocks.len()];
        for (k, &b) in order.iter().enumerate() {
            new_of[b.index()] = Block::new(k);
        }
        let map = |b: Block| new_of[b.index()];
        let mut old: Vec<Option<(BlockData, Vec<u32>)>> = std::mem::take(&mut self.blocks)
            .into_iter()
            .zip(std::mem::take(&mut self.phi_regs))
            .map(Some)
            .collect();
        for &b in order {
            let (mut data, regs) = old[b.index()].take().expect("each block once");
            data.succs.iter_mut().for_each(|s| *s = map(*s));
            data.preds.iter_mut().for_each(|p| *p = map(*p));
            self.blocks.push(data);
            self.phi_regs.push(regs);
        }
        for inst in &mut self.insts {
            match &mut inst.kind {
                InstKind::Jump(t) => *t = map(*t),
                InstKind::Branch {
                    taken, fallthrough, ..
                } => {
                    *taken = map(*taken);
                    *fallthrough = map(*fallthrough);
                }
                _ => {}
            }
        }
        self.entry = map(self.entry);
    }

    // Edits of the CFG. Phi operand `k` of a block belongs to its
    // predecessor `k`; these are the only ways edges change, and each
    // keeps that so.

    /// A block's edges while it is being built (from the bytecode's CFG,
    /// or copied from a callee's IR), before its phis are made or with
    /// phis made to match `preds`. The other ends must be given the same
    /// edges.
    pub fn set_new_block_edges(&mut self, b: Block, preds: Vec<Block>, succs: Vec<Block>) {
        let data = &mut self.blocks[b.index()];
        debug_assert!(data.preds.is_empty() && data.succs.is_empty());
        data.preds = preds;
        data.succs = succs;
    }

    /// Adds the edge `from -> to`, `args[k]` becoming the operand for it
    /// of `to`'s phi `k`.
    pub fn add_edge(&mut self, from: Block, to: Block, args: &[Value]) {
        debug_assert_eq!(args.len(), self.phis_at(to), "an operand per phi");
        self.blocks[from.index()].succs.push(to);
        self.blocks[to.index()].preds.push(from);
        for (k, &arg) in args.iter().enumerate() {
            let phi = self.block(to).insts[k];
            if let InstKind::Phi(ops) = &mut self.insts[phi.index()].kind {
                ops.push(arg);
            }
        }
    }

    /// Removes the edge `from -> to`, with the phi operands that belong
    /// to it.
    pub fn remove_edge(&mut self, from: Block, to: Block) {
        self.blocks[from.index()].succs.retain(|&s| s != to);
        let Some(j) = self.block(to).preds.iter().position(|&p| p == from) else {
            return;
        };
        self.blocks[to.index()].preds.remove(j);
        for k in 0..self.block(to).insts.len() {
            let i = self.block(to).insts[k];
            match &mut self.insts[i.index()].kind {
                InstKind::Phi(args) => {
                    args.remove(j);
                }
                _ => break,
            }
        }
    }

    /// The edge `from -> to` comes from `new_from` instead: `to`'s phis
    /// keep their operands for it, and it is `new_from`'s last successor.
    pub fn move_edge_source(&mut self, from: Block, new_from: Block, to: Block) {
        self.blocks[from.index()].succs.retain(|&s| s != to);
        self.blocks[new_from.index()].succs.push(to);
        for p in &mut self.blocks[to.index()].preds {
            if *p == from {
                *p = new_from;
            }
        }
    }

    /// Moves `b`'s instructions from `at` on to a new block, which takes
    /// over `b`'s successors (and its place among their predecessors,
    /// phi operands kept). `b` is left without a terminator or
    /// successors, for the caller to give it both.
    pub fn split_block(&mut self, b: Block, at: usize, origin: BlockOrigin) -> Block {
        let tail = self.blocks[b.index()].insts.split_off(at);
        let rest = self.split_block_edges(b, origin);
        self.blocks[rest.index()].insts = tail;
        rest
    }

    /// The edges of `split_block` without its instructions: a new, empty
    /// block takes over `b`'s successors and its place among their
    /// predecessors, for a caller that moves the instructions itself
    /// (the inliner, once for all the calls of a block).
    pub fn split_block_edges(&mut self, b: Block, origin: BlockOrigin) -> Block {
        let rest = self.add_block(origin);
        let succs = std::mem::take(&mut self.blocks[b.index()].succs);
        for &s in &succs {
            for p in &mut self.blocks[s.index()].preds {
                if *p == b {
                    *p = rest;
                }
            }
        }
        self.blocks[rest.index()].succs = succs;
        rest
    }

    /// Puts a new block, which only jumps, on the edge `from -> to`:
    /// `from`'s terminator goes to it, and `to`'s phis keep their
    /// operands, now for it.
    pub fn split_edge(&mut self, from: Block, to: Block, origin: BlockOrigin) -> Block {
        let split = self.add_block(origin);
        let jump = self.add_inst(InstKind::Jump(to), NO_SRC, false);
        self.blocks[split.index()].insts.push(jump);
        self.blocks[split.index()].preds.push(from);
        self.blocks[split.index()].succs.push(to);
        for s in &mut self.blocks[from.index()].succs {
            if *s == to {
                *s = split;
            }
        }
        if let Some(&terminator) = self.block(from).insts.last() {
            self.insts[terminator.index()].kind.retarget(to, split);
        }
        for q in &mut self.blocks[to.index()].preds {
            if *q == from {
                *q = split;
            }
        }
        split
    }

    /// Removes block `b`: its edges in and out (with the phi operands of
    /// its successors that belong to them), its instructions. It keeps its
    /// index, dead.
    pub fn remove_block(&mut self, b: Block) {
        for s in self.block(b).succs.clone() {
            self.remove_edge(b, s);
        }
        for p in self.block(b).preds.clone() {
            self.remove_edge(p, b);
        }
        let data = &mut self.blocks[b.index()];
        data.live = false;
        data.insts.clear();
    }

    /// Number of phis in live blocks.
    pub fn phi_count(&self) -> usize {
        self.live_blocks().map(|b| self.phis_at(b)).sum()
    }

    /// Number of phis `b` starts with (phis come first in a block).
    pub fn phis_at(&self, b: Block) -> usize {
        self.block(b)
            .insts
            .iter()
            .take_while(|&&i| self.kind(i).is_phi())
            .count()
    }

    /// Uses of every value: (instruction, block) pairs, in block order, in
    /// one compressed table rather than a list per value.
    pub fn uses(&self) -> Uses {
        let mut offsets = vec![0u32; self.value_count() + 1];
        for b in self.live_blocks() {
            for &i in &self.block(b).insts {
                self.kind(i)
                    .for_each_operand(|v| offsets[v.index() + 1] += 1);
            }
        }
        for k in 1..offsets.len() {
            offsets[k] += offsets[k - 1];
        }
        let mut fill = offsets.clone();
        let mut entries = vec![(Inst(0), Block(0)); offsets[offsets.len() - 1] as usize];
        for b in self.live_blocks() {
            for &i in &self.block(b).insts {
                self.kind(i).for_each_operand(|v| {
                    entries[fill[v.index()] as usize] = (i, b);
                    fill[v.index()] += 1;
                });
            }
        }
        Uses { offsets, entries }
    }
}

/// Def-use information: the uses of each value (see `Function::uses`).
pub struct Uses {
    offsets: Vec<u32>,
    entries: Vec<(Inst, Block)>,
}

impl Uses {
    pub fn of(&self, v: Value) -> &[(Inst, Block)] {
        &self.entries[self.offsets[v.index()] as usize..self.offsets[v.index() + 1] as usize]
    }
}

impl Graph for Function {
    fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    fn entry(&self) -> Block {
        self.entry
    }

    fn succs(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].succs
    }

    fn preds(&self, b: Block) -> &[Block] {
        &self.blocks[b.index()].preds
    }
}
