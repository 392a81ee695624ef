//! The back end: from the out-of-SSA IR to machine code in the code cache.

pub mod code_cache;
pub mod emit;
