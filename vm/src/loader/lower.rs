//! Verified syntax tree to the compact form both tiers run: labels become
//! instruction indices, registers frame slots (parameters first, then in
//! order of first appearance), immediates constant slots (deduplicated per
//! function), callees `FuncId`s. Source positions go to a side table.

use crate::bytecode::{
    short_name_key, FuncId, Function, Instr, Op, Pos, Program, Slot, TEMPLATE_HEAD,
};
use crate::loader::parse::{Item, MemBase, Operand, SrcFunc, SrcInstr, SrcOperand, SrcProgram};
use crate::loader::verify::float_name;
use rustc_hash::FxHashMap;

/// Lowers a program that `verify` accepted.
pub fn lower(src: &SrcProgram) -> Program {
    let ids: FxHashMap<&str, FuncId> = src
        .funcs
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name, FuncId(i as u32)))
        .collect();
    let mut program = Program {
        funcs: Vec::with_capacity(src.funcs.len()),
        main: ids.get("main").copied().unwrap_or(FuncId(0)),
        memory_cells: src.memory.map_or(0, |(n, _)| n),
        call_args: Vec::new(),
        strings: Vec::new(),
    };
    for f in &src.funcs {
        let lowered = FuncLowering::new(src, f).run(src, f, &ids, &mut program);
        program.funcs.push(lowered);
    }
    let mut sites = vec![0u32; program.funcs.len()];
    for ins in program.funcs.iter().flat_map(|f| &f.code) {
        if ins.op == Op::Call {
            sites[ins.b as usize] = sites[ins.b as usize].saturating_add(1);
        }
    }
    for (f, n) in program.funcs.iter_mut().zip(sites) {
        f.call_sites = n;
    }
    mark_stores(&mut program);
    program
}

/// Sets each function's `stores`: it has a `store`, or calls one that
/// does, however deep. From the functions with a store of their own back
/// along the calls to their callers, each marked once.
fn mark_stores(program: &mut Program) {
    let n = program.funcs.len();
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, f) in program.funcs.iter().enumerate() {
        for callee in &f.callees {
            callers[callee.0 as usize].push(k);
        }
    }
    let mut work: Vec<usize> = (0..n)
        .filter(|&k| program.funcs[k].code.iter().any(|ins| ins.op == Op::Store))
        .collect();
    for &k in &work {
        program.funcs[k].stores = true;
    }
    while let Some(k) = work.pop() {
        for &caller in &callers[k] {
            if !program.funcs[caller].stores {
                program.funcs[caller].stores = true;
                work.push(caller);
            }
        }
    }
}

/// Register names to slots. Most names are short, and those are keyed
/// by their bytes as one integer: hashing and comparing strings was a
/// sixth of the loader's time.
#[derive(Default)]
struct RegSlots<'a> {
    short: FxHashMap<u64, Slot>,
    long: FxHashMap<&'a str, Slot>,
}

impl<'a> RegSlots<'a> {
    /// The slot of `name`, given `next` if it has none yet (and then
    /// `true`).
    fn get_or_insert(&mut self, name: &'a str, next: Slot) -> (Slot, bool) {
        let entry = match short_name_key(name) {
            Some(key) => self.short.entry(key),
            None => return Self::take(self.long.entry(name), next),
        };
        Self::take(entry, next)
    }

    fn take<K>(entry: std::collections::hash_map::Entry<'_, K, Slot>, next: Slot) -> (Slot, bool) {
        use std::collections::hash_map::Entry;
        match entry {
            Entry::Occupied(slot) => (*slot.get(), false),
            Entry::Vacant(place) => (*place.insert(next), true),
        }
    }
}

struct FuncLowering<'a> {
    regs: RegSlots<'a>,
    reg_names: Vec<String>,
    /// Every register, so constants can take the slots after them.
    nregs: u32,
    consts: Vec<u64>,
    const_slots: FxHashMap<u64, u32>,
    labels: FxHashMap<&'a str, u32>,
}

impl<'a> FuncLowering<'a> {
    fn new(src: &SrcProgram<'a>, f: &SrcFunc<'a>) -> Self {
        let mut labels = FxHashMap::default();
        let mut index = 0u32;
        for item in &f.items {
            match *item {
                Item::Label(name, _) => {
                    labels.entry(name).or_insert(index);
                }
                Item::Instr(_) => index += 1,
                Item::Broken(_) => unreachable!("verified program"),
            }
        }
        let mut this = FuncLowering {
            regs: RegSlots::default(),
            reg_names: Vec::new(),
            nregs: 0,
            consts: Vec::new(),
            const_slots: FxHashMap::default(),
            labels,
        };
        // Registers first (parameters, then in order of appearance), so
        // that each constant gets its final slot when it is met.
        for &(name, _) in &f.params {
            this.reg(name);
        }
        for item in &f.items {
            let Item::Instr(instr) = item else { continue };
            for (operand, _) in src.operands(instr) {
                match *operand {
                    Operand::Reg(name)
                    | Operand::Mem {
                        base: MemBase::Reg(name),
                        ..
                    } => {
                        this.reg(name);
                    }
                    _ => {}
                }
            }
        }
        this.nregs = this.reg_names.len() as u32;
        this
    }

    fn run(
        mut self,
        src: &SrcProgram<'a>,
        f: &SrcFunc<'a>,
        ids: &FxHashMap<&str, FuncId>,
        program: &mut Program,
    ) -> Function {
        let mut code = Vec::new();
        let mut positions: Vec<Pos> = Vec::new();
        let mut labels: Vec<(String, u32)> = Vec::new();
        for item in &f.items {
            match item {
                Item::Label(name, _) => labels.push((name.to_string(), code.len() as u32)),
                Item::Instr(instr) => {
                    positions.push(instr.pos);
                    code.push(self.instr(instr, src.operands(instr), ids, program));
                }
                Item::Broken(_) => unreachable!("verified program"),
            }
        }
        let nregs = self.nregs;
        let interp_code = fuse_jumps(&code);
        let mut callees: Vec<FuncId> = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        for ins in code.iter().filter(|ins| ins.op == Op::Call) {
            if seen.insert(ins.b) {
                callees.push(FuncId(ins.b));
            }
        }
        let nparams = f.params.len() as u32;
        let mut frame_template = vec![0; (nregs - nparams) as usize];
        frame_template.extend_from_slice(&self.consts);
        let mut template_head = [0; TEMPLATE_HEAD];
        for (h, &t) in template_head.iter_mut().zip(&frame_template) {
            *h = t;
        }
        Function {
            name: f.name.to_string(),
            slots: nparams as usize + frame_template.len(),
            frame_template,
            template_head,
            pos: f.pos,
            nparams,
            nregs,
            consts: self.consts,
            code,
            interp_code,
            positions,
            reg_names: self.reg_names,
            labels,
            callees,
            call_sites: 0,
            stores: false,
        }
    }

    fn reg(&mut self, name: &'a str) -> Slot {
        let next = self.reg_names.len() as Slot;
        let (slot, new) = self.regs.get_or_insert(name, next);
        if new {
            self.reg_names.push(name.to_string());
        }
        slot
    }

    fn constant(&mut self, bits: u64) -> Slot {
        let next = self.consts.len() as u32;
        let index = *self.const_slots.entry(bits).or_insert_with(|| {
            self.consts.push(bits);
            next
        });
        self.nregs + index
    }

    /// A value operand's slot.
    fn value(&mut self, operand: &Operand<'a>) -> Slot {
        match *operand {
            Operand::Reg(name) => self.reg(name),
            Operand::Int(n) => self.constant(n as u64),
            Operand::Float(x) => self.constant(x.to_bits()),
            Operand::Name(name) => self.constant(float_name(name).unwrap_or(0.0).to_bits()),
            Operand::Mem { .. } | Operand::Str(_) => unreachable!("verified operand"),
        }
    }

    fn mem(&mut self, operand: &Operand<'a>) -> (Slot, Slot) {
        let Operand::Mem { base, offset } = operand else {
            unreachable!("verified memory operand")
        };
        let base = match *base {
            MemBase::Reg(name) => self.reg(name),
            MemBase::Int(n) => self.constant(n as u64),
        };
        (base, self.constant(*offset as u64))
    }

    fn label(&self, operand: &Operand<'a>) -> u32 {
        match operand {
            Operand::Name(name) => self.labels[name],
            _ => unreachable!("verified label"),
        }
    }

    fn instr(
        &mut self,
        instr: &SrcInstr,
        operands: &[SrcOperand<'a>],
        ids: &FxHashMap<&str, FuncId>,
        program: &mut Program,
    ) -> Instr {
        let ops = |k: usize| &operands[k].0;
        let op = instr.op;
        let slot_or_zero =
            |this: &mut Self, k: usize| operands.get(k).map_or(0, |(o, _)| this.value(o));
        match op {
            Op::Load => {
                let d = self.value(ops(0));
                let (base, off) = self.mem(ops(1));
                Instr::new(op, d, base, off)
            }
            Op::Store => {
                let (base, off) = self.mem(ops(0));
                Instr::new(op, base, off, self.value(ops(1)))
            }
            Op::Jmp => Instr::new(op, self.label(ops(0)), 0, 0),
            Op::Jz | Op::Jnz => Instr::new(op, self.value(ops(0)), 0, self.label(ops(1))),
            _ if op.is_cond_branch() => {
                let a = self.value(ops(0));
                let b = self.value(ops(1));
                Instr::new(op, a, b, self.label(ops(2)))
            }
            Op::Call => {
                let d = self.value(ops(0));
                let Operand::Name(name) = ops(1) else {
                    unreachable!("verified callee")
                };
                let callee = ids[name];
                let at = program.call_args.len() as u32;
                for (arg, _) in &operands[2..] {
                    let slot = self.value(arg);
                    program.call_args.push(slot);
                }
                Instr::new(op, d, callee.0, at)
            }
            Op::FPrint => {
                let Operand::Int(p) = *ops(1) else {
                    unreachable!("verified precision")
                };
                Instr::new(op, self.value(ops(0)), p as u32, 0)
            }
            Op::PutS => {
                let Operand::Str(bytes) = ops(0) else {
                    unreachable!("verified string")
                };
                program.strings.push(bytes.clone());
                Instr::new(op, (program.strings.len() - 1) as u32, 0, 0)
            }
            _ => {
                let a = slot_or_zero(self, 0);
                let b = slot_or_zero(self, 1);
                let c = slot_or_zero(self, 2);
                Instr::new(op, a, b, c)
            }
        }
    }
}

/// The interpreter's copy of `code`: each `jmp` to a conditional branch
/// becomes the superinstruction that performs both.
fn fuse_jumps(code: &[Instr]) -> Vec<Instr> {
    code.iter()
        .map(|ins| match ins.op {
            Op::Jmp => match code[ins.a as usize].op.fused_with_jump() {
                Some(fused) => Instr::new(fused, ins.a, 0, 0),
                None => *ins,
            },
            _ => *ins,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// Call sites count every `call` naming a function; `stores` follows
    /// calls however deep, through recursion too.
    #[test]
    fn call_sites_and_stores_follow_the_calls() {
        let program = crate::load(
            b".memory 4
func writes()
    store [0], 1
    ret 0
end
func through(%n)
    jz %n, done
    call %x, writes
done:
    ret 0
end
func ping(%n)
    jz %n, done
    sub %n, %n, 1
    call %x, pong, %n
done:
    ret 0
end
func pong(%n)
    call %x, ping, %n
    load %y, [0]
    ret %y
end
func main()
    call %a, through, 1
    call %b, ping, 3
    call %c, through, 0
    ret 0
end
",
        )
        .expect("loads");
        let of = |name: &str| program.func(program.func_by_name(name).expect("a function"));
        let stores: Vec<bool> = ["writes", "through", "ping", "pong", "main"]
            .iter()
            .map(|n| of(n).stores)
            .collect();
        assert_eq!(stores, [true, true, false, false, true]);
        assert_eq!(of("through").call_sites, 2);
        assert_eq!(of("ping").call_sites, 2);
        assert_eq!(of("main").call_sites, 0);
    }
}
