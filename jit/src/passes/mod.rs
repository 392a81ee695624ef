//! The pipeline's passes, one a file, each citing its algorithm, each
//! with a `run` the pass table (`pipeline::phase`) calls. Private to the
//! crate: tools and benchmarks reach them through the pipeline.

pub(crate) mod bounds;
pub(crate) mod dedup_checks;
pub(crate) mod early_exit;
pub(crate) mod exit_values;
pub(crate) mod fill;
pub(crate) mod forward;
pub(crate) mod group_checks;
pub(crate) mod gvn;
pub(crate) mod if_convert;
pub(crate) mod inline;
pub(crate) mod licm;
pub(crate) mod lockstep;
pub(crate) mod out_of_ssa;
pub(crate) mod rebase;
pub(crate) mod sccp;
pub(crate) mod ssa;
pub(crate) mod tail_loops;
