//! The back end: x86-64 from the out-of-SSA IR with dynasm-rs, under the
//! register homes `regalloc` chose and with the loops `bounds` versioned,
//! into the code cache.
//!
//! - `emitter`: the assembler's state;
//! - `operands`: where values are and how instructions take them;
//! - `abi`: entries, prologue, calls, helpers, stubs, unwinding;
//! - `frame`: the frame's layout, sized to what the function keeps there;
//! - `moves`: parallel moves between registers (arguments, parameters);
//! - `isel`: instruction selection, by family of instructions;
//! - `layout`: block order, loop rotation, jump threading, versioned copies;
//! - `fill`: string stores in the unchecked copies of loops that fill;
//! - `rebase`: rows indexed from their machine addresses in those copies;
//! - `code_cache`: the executable memory code is installed in;
//! - `glue`: the out-of-line routines every function shares;
//! - `scratch_env`: addresses to compile against when there is no VM.
//!
//! Constants are immediates; values with a home live in `rsi`, `rdi`,
//! `r8`, `r9` (caller-saved), `rbx`, `r10`-`r12` (callee-saved) or
//! `xmm2`-`xmm15` for the whole function; every other value
//! lives in its frame slot. `rax`, `rcx`, `rdx`, `xmm0` and `xmm1` are
//! scratch.

pub(crate) mod abi;
mod calls;
pub(crate) mod code;
pub mod code_cache;
pub(crate) mod emitter;
mod fill;
mod frame;
pub(crate) mod glue;
pub(crate) mod isel;
mod layout;
mod lockstep;
mod moves;
mod operands;
mod plan;
mod rebase;
pub mod scratch_env;
pub(crate) mod stubs;

pub(crate) use abi::ARG_REGISTERS;
pub use abi::INTERNAL_ENTRY;
pub use code::{Emitted, Mark};
pub use scratch_env::ScratchEnv;

use crate::analysis::loops::LoopForest;
use crate::ir::entity::{Inst, Table};
use crate::ir::Function;
use crate::passes::bounds::VersionedLoop;
use crate::passes::early_exit::EarlyExit;
use crate::passes::fill::Fill;
use crate::passes::group_checks::Group;
use crate::pipeline::budget::{Bail, Budget};
use crate::regalloc::Allocation;
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};
use emitter::{fail, Emitter};
use vm::tier::JitEnv;
use vm::Program;

/// What the bounds analyses proved: the loops to lay out twice, the
/// second time without the checks their guard makes redundant
/// (`bounds`), and the accesses whose checks dominating accesses imply
/// (`dedup_checks`); and which of those loops' second copies only fill
/// cells (`fill`).
#[derive(Clone, Copy, Debug)]
pub struct Proven<'a> {
    pub versioned: &'a [VersionedLoop],
    /// Sorted.
    pub implied: &'a [Inst],
    /// Accesses checked once for their group, sorted by head
    /// (`group_checks`).
    pub groups: &'a [Group],
    /// Versioned loops whose unchecked copies are string stores (`fill`).
    pub fills: &'a [Fill],
    /// Versioned loops whose unchecked copies index rows from their
    /// machine addresses (`rebase`).
    pub rebased: &'a [crate::passes::rebase::Rebase],
    /// Versioned loops whose unchecked copies test a value stepped beside
    /// their index in its place (`lockstep`).
    pub lockstep: &'a [crate::passes::lockstep::Lockstep],
    /// The first test's return, made before the frame (`early_exit`).
    pub early_exits: &'a [EarlyExit],
}

/// What the code is made for: the VM it calls into, and the instructions
/// the machine has.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    pub env: JitEnv,
    /// Float arithmetic in AVX's three-operand form (`Options::avx`).
    pub avx: bool,
}

/// Compiles `f`, which must be out of SSA form, with `allocation`'s
/// register homes and the checks `proven` leaves out. The code is
/// position independent (it reaches other code and data only through
/// absolute addresses) and entered at offset 0.
pub fn emit(
    program: &Program,
    f: &Function,
    loops: &LoopForest,
    allocation: &Allocation,
    proven: Proven<'_>,
    target: Target,
    budget: &mut Budget,
) -> Result<Emitted, Bail> {
    let Target { env, avx } = target;
    let frame = frame::Frame::layout(f, allocation);
    if frame.bytes > abi::MAX_FRAME_BYTES {
        return Err(fail(format!("frame of {} bytes is too large", frame.bytes)));
    }
    let words = abi::entry_words(program, f);
    if 8 * words > abi::MAX_FRAME_BYTES {
        return Err(fail(format!("{words} words to copy in at the entry")));
    }
    budget.charge(f.insts.len() as u64)?;
    let versioned = proven.versioned;
    let fill_headers: Vec<crate::ir::entity::Block> =
        proven.fills.iter().map(|fill| fill.header).collect();
    let current_slots = frame::current_slots(f, allocation, &fill_headers, budget)?;
    let plan = plan::Plan::new(f, loops, versioned);
    let uses = f.read_counts();
    let mut group_of = Table::new(f.insts.len(), None);
    for (k, g) in proven.groups.iter().enumerate() {
        for &(m, _) in &g.members {
            group_of[m] = Some(k as u32);
        }
    }
    let facts = emitter::Facts {
        program,
        f,
        loops,
        allocation,
        proven,
        env,
        avx,
        uses: &uses,
        current_slots: &current_slots,
        group_of: &group_of,
    };
    let glue = glue::glue().map_err(Bail::CodeCache)?;
    let mut e = Emitter::new(facts, frame, plan, glue);
    e.rebased = (0..e.plan.copies.len())
        .map(|c| e.rebasing(c))
        .collect::<Result<_, _>>()?;
    let external = e.ops.new_dynamic_label();
    let internal = e.labels.start;
    // A five-byte jmp, padded so the internal entry is at INTERNAL_ENTRY.
    dynasm!(e.ops ; .arch x64 ; jmp =>external ; nop ; nop ; nop ; =>internal);
    debug_assert_eq!(e.ops.offset().0, INTERNAL_ENTRY as usize);
    e.mark(Mark::Named("internal entry (compiled callers)"));
    if let Some(&x) = e.facts.proven.early_exits.first() {
        e.early_exit(x);
    }
    e.prologue();
    let order = std::mem::take(&mut e.plan.order);
    // What each block falls through to: the next in order, past blocks
    // that make no code.
    let mut after = vec![None; order.len()];
    for k in (0..order.len().saturating_sub(1)).rev() {
        let next = order[k + 1];
        after[k] = if e.emits_nothing(next, after[k + 1]) {
            after[k + 1]
        } else {
            Some(next)
        };
    }
    for (k, &b) in order.iter().enumerate() {
        e.block(b, after[k], budget)?;
    }
    // The unchecked copies, after the function's own code: entered only
    // from a guard, left by the loop's exits into the checked code (or
    // into the copy of the loop around), laid out in the order `order`
    // gives their blocks.
    for c in 0..e.plan.copies.len() {
        e.at.copy = Some(c);
        let copy = e.plan.copies[c];
        let line = |l: usize| {
            let header = f.block(versioned[l].header).insts.first();
            let pos = header.and_then(|&i| {
                let src = f.line_src(i);
                program.func(f.id).positions.get(src as usize)
            });
            pos.map(|p| p.line)
        };
        e.mark(Mark::LoopCopy {
            line: line(copy.lp),
            within: copy.within.map(line),
        });
        let copy: Vec<crate::ir::entity::Block> = order
            .iter()
            .copied()
            .filter(|&b| versioned[copy.lp].contains(b))
            .collect();
        for (k, &b) in copy.iter().enumerate() {
            e.block(b, copy.get(k + 1).copied(), budget)?;
        }
        e.rebased_exits(c);
        e.at.copy = None;
    }
    e.stubs.emit(&mut e.ops);
    dynasm!(e.ops ; .arch x64 ; =>external);
    e.mark(Mark::Named("external entry (from the interpreter)"));
    e.external_entry();
    e.ops
        .finish()
        .map_err(|e| fail(format!("cannot assemble: {e}")))
}
