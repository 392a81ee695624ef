//! The loader's one entry point: text to a verified, lowered program, or
//! every problem found. Parsing, verification and lowering are each linear
//! in the size of the text.

pub mod diag;
pub mod lower;
pub mod parse;
pub mod verify;

use crate::bytecode::Program;
use crate::loader::diag::LoadError;

pub fn load(text: &[u8]) -> Result<Program, LoadError> {
    let mut diags = Vec::new();
    let src = parse::parse(text, &mut diags);
    verify::verify(&src, &mut diags);
    if !diags.is_empty() {
        return Err(LoadError::new(diags));
    }
    Ok(lower::lower(&src))
}

/// Parses a command-line argument as the spec's integer literal.
pub fn parse_int_literal(text: &str) -> Option<i64> {
    parse::int_literal(text)
}
