//! The one layer of bcvm that names the machine, as Cranelift's
//! `isa/x64` and LuaJIT's `lj_target_x86.h` do: the registers as types
//! (`regs`), what each register is for (`env`, the sets the register
//! allocator is given and the registers pinned in compiled code and in
//! the interpreter), flag conditions (`cond`), each operation's encoding
//! written once (`encode`), and the code buffer with its labels, short
//! jumps, constant pool, line table and marks (`buffer`).
//!
//! The interpreter's machine-code loop (`vm`), the baseline compiler and
//! the optimizing back end (`jit`) all emit through it.

pub mod buffer;
pub mod cond;
pub mod encode;
pub mod env;
pub mod regs;

pub use buffer::{Capacity, Code, CodeBuffer};
pub use cond::Cond;
pub use encode::{Alu, Asm, Division, FloatCmp, Mem, Shift, Src, Sse, XSrc};
pub use regs::{Gpr, Xmm};

/// Machine code copied into memory mapped executable (never writable and
/// executable at once: written while writable, then made executable).
pub fn executable(code: &[u8]) -> std::io::Result<dynasmrt::ExecutableBuffer> {
    let mut buffer = dynasmrt::mmap::MutableBuffer::new(code.len().max(1))?;
    buffer.set_len(code.len());
    buffer.copy_from_slice(code);
    buffer.make_exec()
}

#[cfg(test)]
mod tests;
