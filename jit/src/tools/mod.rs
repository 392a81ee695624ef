//! Tools over the compiler: dumps of each phase (`dump`), disassembly
//! (`disasm`), the explore page (`explore`), the reducer (`reduce`).

pub mod disasm;
pub mod dump;
pub mod explore;
pub mod reduce;
