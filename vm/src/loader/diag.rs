//! Load diagnostics: a message and, where it belongs to one, a position.
//! The command line adds the file name; this crate never prints.

use crate::bytecode::Pos;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// `None` for problems that belong to no place (a missing `main`).
    pub pos: Option<Pos>,
    pub message: String,
}

impl Diagnostic {
    pub fn at(pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pos: Some(pos),
            message: message.into(),
        }
    }

    pub fn global(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pos: None,
            message: message.into(),
        }
    }

    /// `FILE:LINE:COL: error: MESSAGE`, or `FILE: error: MESSAGE`.
    pub fn render(&self, file: &str) -> String {
        match self.pos {
            Some(pos) => format!("{file}:{pos}: error: {}", self.message),
            None => format!("{file}: error: {}", self.message),
        }
    }
}

/// Why a program could not be loaded: every problem found, in source order
/// (positioned ones first by line and column, then the global ones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    pub fn new(mut diagnostics: Vec<Diagnostic>) -> LoadError {
        // Stable, so two problems at one place keep the order they were found.
        diagnostics.sort_by_key(|d| (d.pos.is_none(), d.pos));
        LoadError { diagnostics }
    }

    pub fn render(&self, file: &str) -> String {
        let mut s = String::new();
        for d in &self.diagnostics {
            s.push_str(&d.render(file));
            s.push('\n');
        }
        s
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.diagnostics.len();
        write!(f, "{n} load error{}", if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for LoadError {}
