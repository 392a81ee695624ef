//! Why a command did not succeed, and the exit status and message each
//! failure gives: the only place either is decided.

use super::*;

/// Why a command did not succeed.
pub(crate) enum Failure {
    /// The file could not be read.
    Unreadable { file: String, error: io::Error },
    /// The program did not load; every diagnostic, already sorted.
    Load { file: String, error: LoadError },
    /// Bad arguments to `main`, or an output file that cannot be made.
    Setup { file: String, message: String },
    /// A resource outside the program is missing (exit 3): the linear
    /// memory cannot be mapped.
    Resource { file: String, message: String },
    /// The program trapped; the rendered trap line.
    Trap(String),
    /// The compiler failed on a function (a budget, or a bug it caught).
    Compile {
        file: String,
        func: String,
        error: jit::CompileError,
    },
    /// A fuzz campaign found programs on which the tiers disagree.
    Divergent { count: usize },
}

impl Failure {
    pub(crate) fn status(&self) -> u8 {
        match self {
            Failure::Trap(_) | Failure::Divergent { .. } => 1,
            Failure::Resource { .. } => STATUS_RESOURCE,
            _ => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable { file, error } => {
                writeln!(f, "{file}: error: cannot read file: {error}")
            }
            Failure::Load { file, error } => f.write_str(&error.render(file)),
            Failure::Setup { file, message } | Failure::Resource { file, message } => {
                writeln!(f, "{file}: error: {message}")
            }
            Failure::Trap(line) => writeln!(f, "{line}"),
            Failure::Compile { file, func, error } => {
                writeln!(f, "{file}: error: cannot compile `{func}`: {error}")
            }
            Failure::Divergent { count } => {
                writeln!(f, "fuzz: the tiers disagreed on {count} programs")
            }
        }
    }
}

/// Exit status when stdout's reader went away: 128 + SIGPIPE, what a shell
/// reports for a program SIGPIPE ended.
pub(crate) const STATUS_BROKEN_PIPE: i32 = 141;
/// Exit status when the VM could not do its job for want of a resource
/// outside the program: stdout could not be written, the linear memory
/// could not be mapped, the VM thread could not start.
pub(crate) const STATUS_RESOURCE: u8 = 3;

/// Writes to stderr, and says nothing if that fails: there is nowhere
/// left to say it, and the exit status still tells.
pub(crate) fn report(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// An I/O error's text without Rust's ` (os error N)` suffix.
pub(crate) fn os_message(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}
