//! Testing: the differential oracle (`oracle`), the random program
//! generator (`fuzz`), synthetic programs of given shapes (`synth`),
//! golden files re-blessed by one switch (`golden`), what each function
//! costs the compiler against the bounds of a slow compile (`cost`),
//! instruction-level edits of programs for the `mutate` fuzz target
//! (`mutate`).

pub mod cost;
pub mod fuzz;
pub mod golden;
pub mod mutate;
pub mod oracle;
pub mod synth;
