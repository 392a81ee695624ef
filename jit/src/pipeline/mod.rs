//! The optimizing pipeline: the pass table (`phase`), the compile context
//! that runs it (`context`), and the budget every phase charges
//! (`budget`).

pub mod budget;
pub mod context;
pub mod error;
pub mod phase;
