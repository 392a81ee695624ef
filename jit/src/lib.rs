//! The compiler tier (arrives with the SSA middle end).
