//! bcvm's compiler tier. The middle end (`cfg`, `dom`, `ssa`, `sccp`,
//! `out_of_ssa`, driven by `pipeline`) makes no machine code, so each phase
//! can be tested, executed (by `eval`) and measured on its own; `emit` turns
//! its output into x86-64, and `compiler` is what the VM calls.

pub mod backend;
pub mod bounds;
pub mod budget;
pub mod cfg;
pub mod compiler;
pub mod disasm;
pub mod dom;
pub mod dump;
pub mod emit;
pub mod entity;
pub mod eval;
pub mod fuzz;
pub mod ir;
pub mod oracle;
pub mod out_of_ssa;
pub mod pipeline;
pub mod reduce;
pub mod regalloc;
pub mod sccp;
pub mod ssa;
pub mod synth;
pub mod verify;

pub use budget::{Budget, CompileError, Phase};
pub use entity::{Block, Inst, Value};
