//! bcvm's compiler tier. The middle end (this crate's phases up to
//! `out_of_ssa`) makes no machine code, so each phase can be tested,
//! executed (by `eval`) and measured on its own.

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
pub mod out_of_ssa;
pub mod pipeline;
pub mod sccp;
pub mod ssa;
pub mod synth;
pub mod verify;

pub use budget::{Budget, CompileError, Phase};
pub use entity::{Block, Inst, Value};
