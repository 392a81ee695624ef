//! What drives the compilers: the compiler the VM calls (`compiler`) and
//! the one place a tier becomes a VM with its compilers (`engine`).

pub mod compiler;
pub mod engine;
