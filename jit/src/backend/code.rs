//! What both compilers' code is made in and made of: the code buffer
//! (`x64::CodeBuffer`) with this crate's marks, and what the marks say in
//! listings.

use vm::Program;

/// The code buffer both compilers emit into, its marks this crate's.
pub(crate) type Assembler = x64::CodeBuffer<Mark>;

/// What a compiler made: the code, position independent (it reaches
/// other code and data only through absolute addresses), entered at
/// offset 0, with the machine-code offset of each bytecode instruction's
/// code and the marks of the rest, for listings.
pub type Emitted = x64::Code<Mark>;

/// What a stretch of code that is no bytecode instruction's is, for
/// listings: put into words only when listed (`describe`), so a compile
/// formats nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Named(&'static str),
    /// A call's way through `jit_call`, at `site` (`vm::runtime::native::site`).
    SlowCall {
        callee: vm::FuncId,
        site: u64,
    },
    /// A trap's stub.
    Trap {
        kind: u64,
        site: u64,
    },
    /// The unchecked copy of the loop whose header is at `line`, inside
    /// that of the loop at `within` if nested.
    LoopCopy {
        line: Option<u32>,
        within: Option<Option<u32>>,
    },
}

impl Mark {
    pub fn describe(self, program: &Program) -> String {
        let site_line = |site: u64| {
            let f = program.func(vm::FuncId((site >> 32) as u32));
            f.positions[site as u32 as usize].line
        };
        let line_or = |line: Option<u32>| line.map_or("?".to_string(), |l| l.to_string());
        match self {
            Mark::Named(name) => name.to_string(),
            Mark::SlowCall { callee, site } => format!(
                "call {} at line {} through jit_call",
                program.func(callee).name,
                site_line(site)
            ),
            Mark::Trap { kind, site } => {
                format!("trap: {} at line {}", trap_name(kind), site_line(site))
            }
            Mark::LoopCopy { line, within: None } => {
                format!("unchecked copy of the loop at line {}", line_or(line))
            }
            Mark::LoopCopy {
                line,
                within: Some(w),
            } => format!(
                "unchecked copy of the loop at line {} inside that of the loop at line {}",
                line_or(line),
                line_or(w)
            ),
        }
    }
}

/// A trap's name, for listings.
pub(crate) fn trap_name(kind: u64) -> &'static str {
    match kind {
        vm::runtime::native::TRAP_DIVISION_BY_ZERO => "division by zero",
        vm::runtime::native::TRAP_STACK_OVERFLOW => "stack overflow",
        _ => "memory access out of bounds",
    }
}
