//! The emitter's state: the assembler, the labels of blocks, stubs and
//! loop copies, the out-of-line stubs still to emit, and what is known of
//! the function being emitted. The rest of the back end adds to it, one
//! concern per module.

pub(crate) use super::code::{Assembler, Mark};
use super::frame::Frame;
use super::plan::Plan;
use super::stubs::Stubs;
use crate::analysis::loops::LoopForest;
use crate::ir::entity::{Block, Inst, Table, Value};
use crate::ir::{Function, InstKind, NO_SRC};
use crate::pipeline::budget::{Bail, Budget, CodeMeter};
use crate::regalloc::{Allocation, Home, Mask};
use dynasmrt::{dynasm, DynamicLabel, DynasmLabelApi};
use vm::tier::JitEnv;
use vm::Program;

/// Scratch registers (`x64::env::SCRATCH`): never a value's home.
pub(in crate::backend) use x64::regs::{RAX, RCX, RDX};
pub(crate) use x64::Cond;
/// The calls left before the depth limit (see `abi`).
pub(in crate::backend) const R13: x64::Gpr = x64::env::pinned::CALLS_LEFT;

/// The optimizing back end's emitter: the code buffer and stub queue it
/// writes, the facts and plan it reads, and where it is.
pub(in crate::backend) struct Emitter<'a> {
    pub(in crate::backend) ops: Assembler,
    /// The out-of-line code the body jumps to: traps, slow calls, the
    /// unwinding code.
    pub(in crate::backend) stubs: Stubs,
    /// What emission reads and never changes.
    pub(in crate::backend) facts: Facts<'a>,
    /// Where everything goes, decided before any code is emitted.
    pub(in crate::backend) plan: Plan,
    /// Where each value lives in memory, and what else the frame holds.
    pub(in crate::backend) frame: Frame,
    /// The labels the code jumps to.
    pub(in crate::backend) labels: Labels,
    /// The lowering context: where emission is.
    pub(in crate::backend) at: At,
    /// Per unchecked copy (`Plan::copies`): what it indexes from machine
    /// addresses (`rebase`).
    pub(in crate::backend) rebased: Vec<super::plan::Rebased>,
}

/// Bytes of code a budget unit pays for, besides a unit per instruction.
const BYTES_PER_UNIT: usize = 16;

pub(crate) fn fail(message: impl Into<String>) -> Bail {
    Bail::Invalid(message.into())
}

/// What emission reads and never changes: the program, the function in
/// conventional form, its loops, its register homes, what the bounds
/// analyses proved, the addresses the code may reach, and how many
/// instructions read each value.
#[derive(Clone, Copy)]
pub(in crate::backend) struct Facts<'a> {
    pub(in crate::backend) program: &'a Program,
    pub(in crate::backend) f: &'a Function,
    pub(in crate::backend) loops: &'a LoopForest,
    pub(in crate::backend) allocation: &'a Allocation,
    pub(in crate::backend) proven: super::Proven<'a>,
    pub(in crate::backend) env: JitEnv,
    /// Float arithmetic in AVX's three-operand form (`Options::avx`).
    pub(in crate::backend) avx: bool,
    /// Per value: how many instructions read it (`Function::read_counts`).
    pub(in crate::backend) uses: &'a Table<Value, u32>,
    /// Per instruction: the homed values whose frame slot is current
    /// before it (`frame::current_slots`), which a spill skips.
    pub(in crate::backend) current_slots: &'a Table<Inst, Mask>,
    /// Per instruction: the group of checks it is a member of, by index
    /// into `proven.groups`.
    pub(in crate::backend) group_of: &'a Table<Inst, Option<u32>>,
}

impl Facts<'_> {
    /// How many instructions read `v`.
    pub(in crate::backend) fn uses(&self, v: Value) -> u32 {
        self.uses[v]
    }
}

/// The labels code jumps to.
pub(in crate::backend) struct Labels {
    /// Per block: its code in the function's own layout.
    pub(in crate::backend) blocks: Table<Block, DynamicLabel>,
    /// Per unchecked copy (`Plan::copies`): the labels of its blocks, in
    /// the order of the loop's `blocks`.
    pub(in crate::backend) copies: Vec<Vec<DynamicLabel>>,
    /// The internal entry, for calls to itself.
    pub(in crate::backend) start: DynamicLabel,
}

/// Where emission is: the block, the instruction being lowered (none in
/// the prologue and entries), and the unchecked copy, if in one.
#[derive(Clone, Copy, Debug)]
pub(in crate::backend) struct At {
    pub(in crate::backend) block: Block,
    pub(in crate::backend) inst: Option<Inst>,
    pub(in crate::backend) copy: Option<usize>,
}

impl<'a> Emitter<'a> {
    /// The emitter for `facts`, with the frame laid out and the layout
    /// planned.
    pub(in crate::backend) fn new(
        facts: Facts<'a>,
        frame: Frame,
        plan: Plan,
        glue: &'static super::glue::Glue,
    ) -> Emitter<'a> {
        let f = facts.f;
        // Sized from the function rather than grown by doubling: code
        // bytes (the entries, prologue and stubs, then a few instructions
        // per IR instruction), a label per block and stub, a reference per
        // jump, call or trap, and for a call three labels more and up to
        // six references (its checks and its slow path).
        let (insts, blocks) = (f.insts.len(), f.blocks.len());
        // An instruction that may trap, a stub at most (a label, a mark, a
        // reference to it and one from it to the pool).
        let (mut calls, mut traps) = (0, 0);
        for i in &f.insts {
            match i.kind {
                InstKind::Call(..) => calls += 1,
                InstKind::Load(..) | InstKind::Store(..) => traps += 1,
                InstKind::Binary(vm::Op::Div | vm::Op::Rem, ..) => traps += 1,
                _ => {}
            }
        }
        let mut ops = Assembler::new(x64::Capacity {
            bytes: 256 + 16 * insts,
            dynamic_labels: 2 * blocks + 16 + 3 * calls + traps,
            relocations: insts + 16 + 6 * calls + 2 * traps,
            lines: insts,
            marks: calls + traps,
        });
        let block_labels = Table::from_fn(blocks, |_| ops.new_dynamic_label());
        let stubs = Stubs::new(&mut ops, glue, calls, traps);
        let start = ops.new_dynamic_label();
        let copies = plan
            .copies
            .iter()
            .map(|c| {
                let blocks = &facts.proven.versioned[c.lp].blocks;
                blocks.iter().map(|_| ops.new_dynamic_label()).collect()
            })
            .collect();
        Emitter {
            ops,
            stubs,
            facts,
            plan,
            frame,
            labels: Labels {
                blocks: block_labels,
                copies,
                start,
            },
            at: At {
                block: f.entry,
                inst: None,
                copy: None,
            },
            rebased: Vec::new(),
        }
    }

    /// The instruction being lowered. Only lowering asks, and it sets
    /// `at.inst` first.
    pub(in crate::backend) fn lowering(&self) -> Inst {
        self.at.inst.expect("asked while lowering an instruction")
    }

    /// The register `v` lives in for the whole function, if any.
    pub(in crate::backend) fn home(&self, v: Value) -> Option<Home> {
        self.facts.allocation.homes[v.index()]
    }
}

impl Emitter<'_> {
    /// Emits block `b`, which `next` follows in the code.
    pub(in crate::backend) fn block(
        &mut self,
        b: Block,
        next: Option<Block>,
        budget: &mut Budget,
    ) -> Result<(), Bail> {
        let f = self.facts.f;
        self.at.block = b;
        let label = self.label(b);
        if self.plan.tops[b] > 0 {
            self.align_loop_top(self.plan.tops[b]);
        }
        dynasm!(self.ops ; .arch x64 ; =>label);
        if let Some(fill) = self.fill_at(b) {
            // Before the header's test, which then leaves the loop.
            self.fill(fill);
        }
        let insts = &f.block(b).insts;
        let mut k = 0;
        let mut meter = CodeMeter::new(self.ops.here(), BYTES_PER_UNIT);
        while k < insts.len() {
            let i = insts[k];
            // The code the instruction before made is charged here.
            meter.charge(budget, 1, self.ops.here())?;
            let src = f.inst(i).src;
            self.mark_line(f.line_src(i));
            self.at.inst = Some(i);
            if self.left_out(i) {
                k += 1;
                continue;
            }
            if let Some(&second) = insts.get(k + 1) {
                if self.compare_and_branch(i, second, next)?
                    || self.load_and_operate(i, second, insts.get(k + 2).copied())?
                {
                    k += 2;
                    continue;
                }
            }
            self.inst(&f.inst(i).kind, f.inst(i).result, src, next)?;
            k += 1;
        }
        Ok(())
    }

    /// Pads with no-ops to `boundary` (`x64::CodeBuffer::align_loop_top`).
    pub(in crate::backend) fn align_loop_top(&mut self, boundary: u8) {
        self.ops.align_loop_top(boundary);
    }

    /// Names the code emitted from here on, for listings.
    pub(in crate::backend) fn mark(&mut self, mark: Mark) {
        self.ops.mark(mark);
    }

    pub(in crate::backend) fn mark_line(&mut self, src: u32) {
        if src != NO_SRC {
            self.ops.line(src);
        }
    }

    /// Release builds do not run the verifier, so a branch to a removed
    /// block (a compiler bug) must be refused here rather than left for
    /// the assembler to trip over.
    pub(in crate::backend) fn check_target(&self, target: Block) -> Result<(), Bail> {
        if self.facts.f.block(target).live {
            Ok(())
        } else {
            Err(fail(format!("branch to removed block {target}")))
        }
    }

    /// A jump to `target`, two bytes where it is placed just behind (as
    /// `jcc` says).
    pub(in crate::backend) fn jmp(&mut self, target: DynamicLabel) {
        self.ops.jmp(target);
    }

    /// `cmovCC d, s`.
    pub(in crate::backend) fn cmov(&mut self, cond: Cond, d: x64::Gpr, s: x64::Gpr) {
        x64::encode::cmov(&mut self.ops, cond, d, s);
    }

    /// A conditional jump to `target`: two bytes where `target` is
    /// already placed within reach of an 8-bit displacement (a loop's
    /// back edge, mostly), else six.
    pub(in crate::backend) fn jcc(&mut self, cond: Cond, target: DynamicLabel) {
        self.ops.jcc(cond, target);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_bytecode_instruction_is_marked_once_where_its_code_starts() {
        let program =
            vm::load(b"func main(%a)\n    add %b, %a, 1\n    mul %c, %b, 3\n    ret %c\nend\n")
                .expect("loads");
        let emitted =
            crate::tools::disasm::emitted(&program, program.main, None).expect("compiles");
        let srcs: Vec<u32> = emitted.lines.iter().map(|&(_, s)| s).collect();
        assert_eq!(srcs, [0, 1, 2]);
        assert!(emitted.lines.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn a_small_loop_starts_a_fetch_block_and_jumps_back_in_two_bytes() {
        let program = vm::load(
            b"func main(%n)\n    mov %i, 0\nhead:\n    jge %i, %n, done\n    add %i, %i, 1\n    jmp head\ndone:\n    ret %i\nend\n",
        )
        .expect("loads");
        let listing = crate::tools::disasm::listing(&program, program.main).expect("compiles");
        // (offset, mnemonic, first operand) of each instruction.
        let insts: Vec<(u64, String, String)> = listing
            .lines()
            .filter_map(|l| {
                let mut fields = l.split_whitespace();
                let at = u64::from_str_radix(fields.next()?, 16).ok()?;
                let mnemonic = fields.next()?.to_string();
                Some((at, mnemonic, fields.next().unwrap_or("").to_string()))
            })
            .collect();
        // The back edge: the `jl` that jumps backwards (the early exit's
        // test at the entry jumps forwards, to the frame).
        let target_of = |k: usize| u64::from_str_radix(insts[k].2.trim_end_matches('h'), 16);
        let k = (0..insts.len())
            .find(|&k| insts[k].1 == "jl" && target_of(k).is_ok_and(|t| t < insts[k].0))
            .expect("the back edge");
        let target = target_of(k).expect("target");
        assert_eq!(target % 32, 0, "{listing}");
        assert_eq!(insts[k + 1].0 - insts[k].0, 2, "{listing}");
        assert_eq!(insts[k - 2].1, "add", "{listing}");
        assert_eq!(
            insts[k - 1].0 - insts[k - 2].0,
            4,
            "add rsi,1 in 4 bytes: {listing}"
        );
    }
}
