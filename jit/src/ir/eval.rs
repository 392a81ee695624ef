//! Executes IR, so the output of every phase can run and be compared with
//! the interpreter: the oracle for the whole middle end. It uses the VM's
//! runtime (memory, output, traps) and the spec's operation semantics, and
//! keeps its frames on a heap stack, as the interpreter does, so deep
//! recursion works. Speed is no concern here.

use crate::ir::entity::{Block, Value};
use crate::ir::{Function, InstKind};
use vm::runtime::{LinearMemory, Output, Trap, TrapKind};
use vm::semantics::{binary, branch_taken, unary};
use vm::{FuncId, Limits, Program};

struct Frame {
    func: FuncId,
    values: Vec<u64>,
    args: Vec<u64>,
    block: Block,
    pos: usize,
    /// Where the caller wants the result.
    dest: Option<Value>,
    /// The call depth the interpreter would run this frame at (a call
    /// inside inlined code is made from the frames inlining saved).
    depth: usize,
}

pub struct Evaluator<'a> {
    program: &'a Program,
    /// The IR of every function, indexed by `FuncId`.
    funcs: &'a [Function],
    pub memory: LinearMemory,
    pub out: Output,
    limits: Limits,
}

impl<'a> Evaluator<'a> {
    pub fn new(
        program: &'a Program,
        funcs: &'a [Function],
        out: Output,
        limits: Limits,
    ) -> std::io::Result<Self> {
        Ok(Evaluator {
            program,
            funcs,
            memory: LinearMemory::new(program.memory_cells)?,
            out,
            limits,
        })
    }

    fn frame(&self, func: FuncId, args: Vec<u64>, dest: Option<Value>, depth: usize) -> Frame {
        let f = &self.funcs[func.index()];
        Frame {
            func,
            values: vec![0; f.value_count()],
            args,
            block: f.entry,
            pos: 0,
            dest,
            depth,
        }
    }

    pub fn run(&mut self, args: &[i64]) -> Result<u64, Trap> {
        let main = self.program.main;
        let mut stack = vec![self.frame(main, args.iter().map(|&a| a as u64).collect(), None, 1)];
        loop {
            let depth = stack.last().expect("a frame").depth;
            let frame = stack.last_mut().expect("a frame");
            let f = &self.funcs[frame.func.index()];
            let inst = f.block(frame.block).insts[frame.pos];
            frame.pos += 1;
            let data = f.inst(inst);
            let trap = |kind| Trap {
                kind,
                func: f.func_of(inst),
                pc: data.src,
            };
            let get = |v: Value| frame.values[v.index()];
            let result = match &data.kind {
                InstKind::Param(i) => Some(frame.args[*i as usize]),
                InstKind::Const(c) => Some(*c),
                // Assigned on entry to the block, all at once.
                InstKind::Phi(_) => None,
                InstKind::Copy(a) => Some(get(*a)),
                InstKind::Unary(op, a) => Some(unary(*op, get(*a))),
                InstKind::Binary(op, a, b) => {
                    Some(binary(*op, get(*a), get(*b)).ok_or(trap(TrapKind::DivisionByZero))?)
                }
                InstKind::Load(base, off) => {
                    let addr = get(*base).wrapping_add(get(*off));
                    let cells = self.memory.cells_mut();
                    Some(
                        *cells
                            .get(addr as usize)
                            .ok_or(trap(TrapKind::OutOfBounds))?,
                    )
                }
                InstKind::Store(base, off, v) => {
                    let addr = get(*base).wrapping_add(get(*off));
                    let value = get(*v);
                    let cells = self.memory.cells_mut();
                    *cells
                        .get_mut(addr as usize)
                        .ok_or(trap(TrapKind::OutOfBounds))? = value;
                    None
                }
                InstKind::Call(callee, args) => {
                    let callee_depth = depth + 1 + f.inline_depth(inst) as usize;
                    if callee_depth > self.limits.max_call_depth as usize {
                        return Err(trap(TrapKind::StackOverflow));
                    }
                    let args = args.iter().map(|&a| get(a)).collect();
                    let callee_frame = self.frame(*callee, args, data.result, callee_depth);
                    stack.push(callee_frame);
                    continue;
                }
                InstKind::InlinedCall { level, .. } => {
                    if depth + *level as usize > self.limits.max_call_depth as usize {
                        return Err(trap(TrapKind::StackOverflow));
                    }
                    None
                }
                // The calls left are the limit less the depth; the jumps
                // of `tail_loops` deepen the frame they run in.
                InstKind::CallsLeft => Some((self.limits.max_call_depth as usize - depth) as u64),
                InstKind::SpendCall => {
                    let deeper = depth + 1 + f.inline_depth(inst) as usize;
                    if deeper > self.limits.max_call_depth as usize {
                        return Err(trap(TrapKind::StackOverflow));
                    }
                    frame.depth += 1;
                    None
                }
                InstKind::GiveBackCalls(a) => {
                    frame.depth = self.limits.max_call_depth as usize - get(*a) as usize;
                    None
                }
                InstKind::Print(a) => {
                    self.out.print_int(get(*a) as i64);
                    None
                }
                InstKind::PutC(a) => {
                    self.out.put_byte(get(*a) as u8);
                    None
                }
                InstKind::FPrint(a, p) => {
                    self.out.print_float(f64::from_bits(get(*a)), *p);
                    None
                }
                InstKind::PutS(s) => {
                    self.out.put_bytes(&self.program.strings[*s as usize]);
                    None
                }
                InstKind::Jump(target) => {
                    enter(f, frame, *target);
                    None
                }
                InstKind::Branch {
                    op,
                    args,
                    taken,
                    fallthrough,
                } => {
                    let target = if branch_taken(*op, get(args[0]), get(args[1])) {
                        *taken
                    } else {
                        *fallthrough
                    };
                    enter(f, frame, target);
                    None
                }
                InstKind::Select {
                    op,
                    args,
                    then,
                    otherwise,
                } => Some(if branch_taken(*op, get(args[0]), get(args[1])) {
                    get(*then)
                } else {
                    get(*otherwise)
                }),
                InstKind::Ret(a) => {
                    let v = get(*a);
                    let done = stack.pop().expect("the returning frame");
                    match stack.last_mut() {
                        None => return Ok(v),
                        Some(caller) => {
                            if let Some(dest) = done.dest {
                                caller.values[dest.index()] = v;
                            }
                        }
                    }
                    continue;
                }
            };
            if let (Some(v), Some(r)) = (result, data.result) {
                frame.values[r.index()] = v;
            }
        }
    }
}

/// Moves `frame` from its block to `target`, assigning the target's phis
/// in parallel from the operands of the edge taken.
fn enter(f: &Function, frame: &mut Frame, target: Block) {
    let from = frame.block;
    let data = f.block(target);
    let j = data.preds().iter().position(|&p| p == from);
    let incoming: Vec<(Value, u64)> = data
        .insts
        .iter()
        .map_while(|&i| match (&f.inst(i).kind, f.inst(i).result, j) {
            (InstKind::Phi(args), Some(r), Some(j)) => Some((r, frame.values[args[j].index()])),
            _ => None,
        })
        .collect();
    for (r, v) in incoming {
        frame.values[r.index()] = v;
    }
    frame.block = target;
    frame.pos = 0;
}
