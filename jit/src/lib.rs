//! bcvm's compiler tiers. The optimizing compiler takes one function
//! through the phases of the pass table (`phase::PASSES`: blocks,
//! dominators, SSA, the optional optimizations, SSA destruction, loops,
//! register homes, bounds-check versioning, emission), driven by a
//! `context::Context`, each phase budgeted, timed and verified; the
//! middle end makes no machine code, so each phase can be tested,
//! executed (by `eval`) and measured on its own. `baseline` is the
//! one-pass compiler; `backend` emits x86-64 through the `x64` crate;
//! `compiler` is what the VM calls.

// The wings, in the order data flows through them.
pub mod analysis;
pub mod backend;
pub mod baseline;
pub mod driver;
pub mod ir;
pub mod observe;
pub(crate) mod passes;
pub mod pipeline;
pub mod regalloc;
pub mod testing;
pub mod tools;

pub use ir::entity::{Block, Inst, Value};
pub use pipeline::budget::{Bail, Budget};
pub use pipeline::error::CompileError;
pub use pipeline::phase::Phase;

/// Makes what every compile shares (the glue, `backend::glue`) now rather
/// than in the first compile: for a thread with nothing else to do while
/// the VM loads its program (`bcvm`'s main thread, before it is lent).
/// A failure is left for the first compile to meet and report.
pub fn prepare() {
    let _ = backend::glue::glue();
    // The processor's features, asked once (`pipeline::context::Avx`).
    let _ = x64::encode::avx_available();
}
