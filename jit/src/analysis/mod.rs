//! Analyses of control flow: basic blocks from bytecode (`cfg`, with the
//! entry an on-stack replacement makes, `osr_entry`), dominators and
//! dominance frontiers (`dom`), the loop forest (`loops`), the order a
//! dataflow problem visits blocks in (`worklist`).

pub mod cfg;
pub mod dom;
pub mod loops;
pub mod osr_entry;
pub mod worklist;
