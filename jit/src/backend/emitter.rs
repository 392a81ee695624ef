//! The emitter's state: the assembler, the labels of blocks, stubs and
//! loop copies, the out-of-line stubs still to emit, and what is known of
//! the function being emitted. The rest of the back end adds to it, one
//! concern per module.

// dynasm expands a dynamic register `Rq(r)` to `r.into()`, even for a u8.
#![allow(clippy::useless_conversion)]

use super::abi::SlowCall;
use super::frame::Frame;
use super::tail_calls::{self, SelfTail, TailStub};
use crate::bounds::VersionedLoop;
use crate::budget::{Budget, CompileError, Phase};
use crate::entity::{Block, Inst, Value};
use crate::ir::{Function, InstKind, NO_SRC};
use crate::loops::LoopForest;
use crate::regalloc::{Allocation, Home};
use dynasmrt::{dynasm, x64::X64Relocation, DynamicLabel, DynasmApi, DynasmLabelApi, VecAssembler};
use vm::tier::JitEnv;
use vm::Program;

pub(in crate::backend) type Assembler = VecAssembler<X64Relocation>;

/// Scratch registers (`Rq` numbers): never a value's home.
pub(in crate::backend) const RAX: u8 = 0;
pub(in crate::backend) const RCX: u8 = 1;
pub(in crate::backend) const RDX: u8 = 2;

/// What the emitter made, with the machine-code offset of each bytecode
/// instruction's code, for disassembly listings.
#[derive(Clone, Debug)]
pub struct Emitted {
    /// The code, position independent (it reaches other code and data
    /// only through absolute addresses), entered at offset 0.
    pub code: Vec<u8>,
    /// (offset in the code, bytecode index) where each instruction starts.
    pub lines: Vec<(usize, u32)>,
    /// (offset, name) of the code that is no bytecode instruction's: the
    /// entries, stubs, unchecked loop copies, for listings.
    pub marks: Vec<(usize, String)>,
    /// Where the instructions end and the constant pool (8-byte floats,
    /// read RIP-relative) begins.
    pub code_end: usize,
}

/// Flag conditions of conditional jumps.
#[derive(Clone, Copy)]
pub(in crate::backend) enum Cond {
    E,
    Ne,
    L,
    Le,
    G,
    Ge,
    A,
    Ae,
    B,
    Be,
}

impl Cond {
    pub(in crate::backend) fn negated(self) -> Cond {
        match self {
            Cond::E => Cond::Ne,
            Cond::Ne => Cond::E,
            Cond::L => Cond::Ge,
            Cond::Le => Cond::G,
            Cond::G => Cond::Le,
            Cond::Ge => Cond::L,
            Cond::A => Cond::Be,
            Cond::Ae => Cond::B,
            Cond::B => Cond::Ae,
            Cond::Be => Cond::A,
        }
    }
}

pub(in crate::backend) struct Emitter<'a> {
    pub(in crate::backend) ops: Assembler,
    pub(in crate::backend) f: &'a Function,
    /// The function's natural loops (rotation happens at their headers).
    pub(in crate::backend) loops: &'a LoopForest,
    pub(in crate::backend) homes: &'a [Option<Home>],
    /// Per instruction: the homed values live after it, as a mask over
    /// `homed`.
    pub(in crate::backend) live_after: &'a [u128],
    /// The values that have a home, in bit order of `live_after`.
    pub(in crate::backend) homed: &'a [Value],
    /// The instruction being emitted.
    pub(in crate::backend) current: usize,
    pub(in crate::backend) program: &'a Program,
    pub(in crate::backend) env: JitEnv,
    pub(in crate::backend) labels: Vec<DynamicLabel>,
    /// Out-of-line trap stubs: (label, kind for `jit_trap`, site).
    pub(in crate::backend) traps: Vec<(DynamicLabel, u64, u64)>,
    /// Out-of-line slow calls.
    pub(in crate::backend) slow_calls: Vec<SlowCall>,
    /// Where traps leave compiled code (see `abi`).
    pub(in crate::backend) unwind: DynamicLabel,
    /// Where self tail calls jump, if the function makes any.
    pub(in crate::backend) tail: Option<SelfTail>,
    pub(in crate::backend) tail_stubs: Vec<TailStub>,
    /// Where each value lives in memory, and what else the frame holds.
    pub(in crate::backend) frame: Frame,
    /// The function's entry, for calls to itself.
    pub(in crate::backend) start: DynamicLabel,
    pub(in crate::backend) lines: Vec<(usize, u32)>,
    pub(in crate::backend) marks: Vec<(usize, String)>,
    /// The float constants instructions read from memory, each once, laid
    /// out after the code (`constant_pool`).
    pub(in crate::backend) pool: Vec<(u64, DynamicLabel)>,
    /// Per value: how many instructions read it.
    pub(in crate::backend) use_counts: Vec<u32>,
    /// Per block: its place in the code, for choosing branch directions.
    pub(in crate::backend) position: Vec<u32>,
    /// Loops emitted a second time without the bounds checks their guard
    /// makes redundant (`bounds`), and per loop the labels of that copy,
    /// in the order of the loop's `blocks`.
    pub(in crate::backend) versioned: &'a [VersionedLoop],
    /// The accesses whose checks dominating accesses imply, sorted.
    pub(in crate::backend) implied: &'a [Inst],
    /// The unchecked copies: first one per versioned loop (copy `l` of
    /// loop `l`), then one per versioned loop inside another's copy.
    pub(in crate::backend) copies: Vec<LoopCopy>,
    /// Per copy, the labels of its blocks, in the order of the loop's
    /// `blocks`.
    pub(in crate::backend) copy_labels: Vec<Vec<DynamicLabel>>,
    /// Per block: the versioned loop it heads, if any.
    pub(in crate::backend) heads: Vec<Option<usize>>,
    /// The copy being emitted.
    pub(in crate::backend) copying: Option<usize>,
    /// The block being emitted.
    pub(in crate::backend) block: Block,
}

/// An unchecked copy of versioned loop `lp`: entered through its guard
/// from outside, or (`within`) from inside the unchecked copy of the
/// versioned loop that holds it, where the accesses both loops' guards
/// prove go unchecked and the exits stay in that loop's copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::backend) struct LoopCopy {
    pub lp: usize,
    pub within: Option<usize>,
}

/// The copies of `versioned`: one per loop, then one per loop inside
/// another (bounds versions loops at most one deep inside each other).
fn loop_copies(versioned: &[VersionedLoop]) -> Vec<LoopCopy> {
    let alone = (0..versioned.len()).map(|lp| LoopCopy { lp, within: None });
    let nested = (0..versioned.len()).flat_map(|lp| {
        (0..versioned.len())
            .filter(move |&w| w != lp && versioned[w].contains(versioned[lp].header))
            .map(move |w| LoopCopy {
                lp,
                within: Some(w),
            })
    });
    alone.chain(nested).collect()
}

pub(in crate::backend) fn fail(message: impl Into<String>) -> CompileError {
    CompileError::Invalid {
        phase: Phase::Emit,
        message: message.into(),
    }
}

impl<'a> Emitter<'a> {
    pub(in crate::backend) fn new(
        program: &'a Program,
        f: &'a Function,
        loops: &'a LoopForest,
        allocation: &'a Allocation,
        proven: super::Proven<'a>,
        env: JitEnv,
        frame: Frame,
    ) -> Emitter<'a> {
        let versioned = proven.versioned;
        let mut ops = Assembler::new(0);
        let labels = (0..f.blocks.len())
            .map(|_| ops.new_dynamic_label())
            .collect();
        let unwind = ops.new_dynamic_label();
        let tail = frame.tail_slot.map(|slot| SelfTail {
            slot,
            head: ops.new_dynamic_label(),
        });
        let start = ops.new_dynamic_label();
        let mut heads = vec![None; f.blocks.len()];
        for (l, versioned) in versioned.iter().enumerate() {
            heads[versioned.header.index()] = Some(l);
        }
        let copies = loop_copies(versioned);
        let copy_labels = copies
            .iter()
            .map(|c| {
                let blocks = &versioned[c.lp].blocks;
                blocks.iter().map(|_| ops.new_dynamic_label()).collect()
            })
            .collect();
        let mut use_counts = vec![0; f.value_count()];
        for b in f.live_blocks() {
            for &i in &f.block(b).insts {
                f.kind(i).for_each_operand(|v| use_counts[v.index()] += 1);
            }
        }
        Emitter {
            ops,
            f,
            loops,
            homes: &allocation.homes,
            live_after: &allocation.live_after,
            homed: &allocation.homed,
            current: 0,
            program,
            env,
            labels,
            traps: Vec::new(),
            slow_calls: Vec::new(),
            unwind,
            tail,
            tail_stubs: Vec::new(),
            frame,
            start,
            lines: Vec::new(),
            marks: Vec::new(),
            pool: Vec::new(),
            use_counts,
            position: vec![u32::MAX; f.blocks.len()],
            versioned,
            implied: proven.implied,
            copies,
            copy_labels,
            heads,
            copying: None,
            block: f.entry,
        }
    }
}

impl Emitter<'_> {
    /// Emits block `b`, which `next` follows in the code.
    pub(in crate::backend) fn block(
        &mut self,
        b: Block,
        next: Option<Block>,
        budget: &mut Budget,
    ) -> Result<(), CompileError> {
        let f = self.f;
        self.block = b;
        let label = self.label(b);
        dynasm!(self.ops ; .arch x64 ; =>label);
        let insts = &f.block(b).insts;
        let mut k = 0;
        while k < insts.len() {
            let i = insts[k];
            budget.charge(Phase::Emit, 1)?;
            let src = f.inst(i).src;
            self.mark_line(f.line_src(i));
            self.current = i.index();
            if tail_calls::is_self_tail_call(f, &self.env, insts, k) {
                if let InstKind::Call(_, args) = f.kind(i) {
                    self.self_tail_call(args, src);
                }
                k += 2;
                continue;
            }
            if let Some(addend) = tail_calls::accumulating_tail_call(f, &self.env, insts, k) {
                if let InstKind::Call(_, args) = f.kind(i) {
                    self.accumulating_tail_call(addend, args, src);
                }
                k += 3;
                continue;
            }
            if let Some(&branch) = insts.get(k + 1) {
                if self.compare_and_branch(i, branch, next)? {
                    k += 2;
                    continue;
                }
            }
            self.inst(&f.inst(i).kind, f.inst(i).result, src, next)?;
            k += 1;
        }
        Ok(())
    }

    /// Names the code emitted from here on, for listings.
    pub(in crate::backend) fn mark(&mut self, name: impl Into<String>) {
        self.marks.push((self.ops.offset().0, name.into()));
    }

    /// The `.bc` line of a site (`vm::native::site`).
    pub(in crate::backend) fn site_line(&self, site: u64) -> u32 {
        let f = self.program.func(vm::FuncId((site >> 32) as u32));
        f.positions[site as u32 as usize].line
    }

    pub(in crate::backend) fn mark_line(&mut self, src: u32) {
        if src != NO_SRC && self.lines.last().is_none_or(|&(_, s)| s != src) {
            self.lines.push((self.ops.offset().0, src));
        }
    }

    /// Release builds do not run the verifier, so a branch to a removed
    /// block (a compiler bug) must be refused here rather than left for
    /// the assembler to trip over.
    pub(in crate::backend) fn check_target(&self, target: Block) -> Result<(), CompileError> {
        if self.f.block(target).live {
            Ok(())
        } else {
            Err(fail(format!("branch to removed block {target}")))
        }
    }

    pub(in crate::backend) fn jcc(&mut self, cond: Cond, target: DynamicLabel) {
        match cond {
            Cond::E => dynasm!(self.ops ; .arch x64 ; je =>target),
            Cond::Ne => dynasm!(self.ops ; .arch x64 ; jne =>target),
            Cond::L => dynasm!(self.ops ; .arch x64 ; jl =>target),
            Cond::Le => dynasm!(self.ops ; .arch x64 ; jle =>target),
            Cond::G => dynasm!(self.ops ; .arch x64 ; jg =>target),
            Cond::Ge => dynasm!(self.ops ; .arch x64 ; jge =>target),
            Cond::A => dynasm!(self.ops ; .arch x64 ; ja =>target),
            Cond::Ae => dynasm!(self.ops ; .arch x64 ; jae =>target),
            Cond::B => dynasm!(self.ops ; .arch x64 ; jb =>target),
            Cond::Be => dynasm!(self.ops ; .arch x64 ; jbe =>target),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_bytecode_instruction_is_marked_once_where_its_code_starts() {
        let program =
            vm::load(b"func main(%a)\n    add %b, %a, 1\n    mul %c, %b, 3\n    ret %c\nend\n")
                .expect("loads");
        let emitted = crate::disasm::emitted(&program, program.main, None).expect("compiles");
        let srcs: Vec<u32> = emitted.lines.iter().map(|&(_, s)| s).collect();
        assert_eq!(srcs, [0, 1, 2]);
        assert!(emitted.lines.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
