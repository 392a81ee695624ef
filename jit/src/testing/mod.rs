//! Testing: the differential oracle (`oracle`), the random program
//! generator (`fuzz`), synthetic programs of given shapes (`synth`),
//! golden files re-blessed by one switch (`golden`).

pub mod fuzz;
pub mod golden;
pub mod oracle;
pub mod synth;
