//! What the tools that describe compiled code to the outside world (perf's
//! jitdump, the GDB JIT interface) are told of one compiled function.

/// A compiled function as installed: its name, where its code runs, the
/// code, and where each bytecode instruction's code starts.
pub struct CodeInfo<'a> {
    pub name: &'a str,
    pub address: u64,
    pub code: &'a [u8],
    /// The `.bc` file, as an absolute path.
    pub source: &'a str,
    /// (code address, line) where each bytecode instruction's code starts.
    pub lines: &'a [(u64, u32)],
    /// The line of the function's first instruction.
    pub first_line: u32,
}
