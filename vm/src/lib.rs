//! bcvm's VM crate: the `.bc` bytecode, its loader (parse, verify, lower),
//! the profiling interpreter and the runtime both tiers share.

pub mod alloc;
mod asm_interp;
pub mod bytecode;
pub mod diag;
pub mod interp;
pub mod isa;
pub mod loader;
pub mod lower;
pub mod native;
pub mod parse;
pub mod profile;
pub mod runtime;
pub mod sampler;
pub mod semantics;
mod stack;
pub mod tier;
pub mod verify;

pub use asm_interp::machine_code as interpreter_machine_code;
pub use bytecode::{FuncId, Function, Instr, Op, Pos, Program, Slot};
pub use diag::{Diagnostic, LoadError};
pub use interp::{Limits, Vm};
pub use loader::load;
pub use runtime::{Output, Trap, TrapKind};
