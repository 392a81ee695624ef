//! bcvm's VM crate: the `.bc` bytecode, its loader (parse, verify,
//! lower), the interpreters (the portable loop and the machine-code
//! loop), the tier-up policy and the interface to compilers (`tier`), the
//! profilers and the runtime both tiers share.

pub mod bytecode;
pub mod interp;
pub mod isa;
pub mod loader;
pub mod profile;
pub mod runtime;
pub mod semantics;
pub mod tier;

pub use bytecode::{FuncId, Function, Instr, Op, Pos, Program, Slot};
pub use interp::asm_interp::machine_code as interpreter_machine_code;
pub use interp::{Limits, Vm};
pub use loader::diag::{Diagnostic, LoadError};
pub use loader::load;
pub use runtime::{Output, Trap, TrapKind};
