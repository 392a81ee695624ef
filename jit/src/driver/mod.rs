//! What drives the compilers: one compile on any thread (`build`), the
//! queue and threads of background compiles (`broker`), the compiler the
//! VM calls (`compiler`), where compiler threads come from (`threads`),
//! and the one place a tier becomes a VM with its compilers (`engine`).

pub mod broker;
pub(crate) mod build;
pub mod compiler;
pub mod engine;
pub mod threads;
