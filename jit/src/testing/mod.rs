//! Testing: the differential oracle (`oracle`), the random program
//! generator (`fuzz`), synthetic programs of given shapes (`synth`).

pub mod fuzz;
pub mod oracle;
pub mod synth;
