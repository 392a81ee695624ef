//! bcvm's compiler tiers. The optimizing compiler takes one function
//! through the phases of the pass table (`phase::PASSES`: blocks,
//! dominators, SSA, the optional optimizations, SSA destruction, loops,
//! register homes, bounds-check versioning, emission), driven by a
//! `context::Context`, each phase budgeted, timed and verified; the
//! middle end makes no machine code, so each phase can be tested,
//! executed (by `eval`) and measured on its own. `baseline` is the
//! one-pass compiler; `backend` emits x86-64 through the `x64` crate;
//! `compiler` is what the VM calls.

pub mod backend;
pub mod baseline;
pub mod bounds;
pub mod budget;
pub mod cfg;
pub mod code_info;
pub mod compiler;
pub mod context;
pub mod dedup_checks;
pub mod disasm;
pub mod dom;
pub mod dump;
pub mod engine;
pub mod entity;
pub mod eval;
pub mod exit_values;
pub mod explore;
pub mod fill;
pub mod fuzz;
pub mod gdb_jit;
pub mod gvn;
pub mod if_convert;
pub mod inline;
pub mod ir;
pub mod jitdump;
pub mod licm;
pub mod listen;
pub mod loops;
pub mod oracle;
pub mod osr_entry;
pub mod out_of_ssa;
pub mod phase;
pub mod reduce;
pub mod regalloc;
pub mod sccp;
pub mod ssa;
pub mod summary;
pub mod synth;
pub mod tail_loops;
pub mod types;
pub mod verify;

pub use budget::{Budget, CompileError, Phase};
pub use entity::{Block, Inst, Value};
