//! What watches compiles (`listen`) and the observers: perf's jitdump,
//! the GDB JIT interface, the code map the time profiler reads
//! (`code_info`), the compile summary.

pub mod code_info;
pub mod gdb_jit;
pub mod jitdump;
pub mod listen;
pub mod record;
pub mod summary;
