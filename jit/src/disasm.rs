//! `bcvm dump --stage asm`: a function compiled as the JIT would compile
//! it, disassembled with iced-x86, each run of instructions headed by the
//! bytecode line it came from.

use crate::backend::{Emitted, ScratchEnv};
use crate::budget::Budget;
use crate::cfg::EntryPoint;
use crate::context::{Context, Options};
use crate::phase::Phase;
use crate::CompileError;
use iced_x86::{Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::fmt::Write;
use vm::{FuncId, Program};

/// `func` compiled as the JIT would, entered at its start or (`osr`) at
/// a loop header, against scratch state (a memory of the program's size,
/// no VM): the code is never run, so the addresses it embeds are only
/// illustrative.
pub fn emitted(program: &Program, func: FuncId, osr: Option<u32>) -> Result<Emitted, CompileError> {
    let mut scratch = ScratchEnv::new(program).map_err(|e| CompileError::Invalid {
        phase: Phase::Emit,
        message: format!("cannot map memory: {e}"),
    })?;
    let entry = match osr {
        None => EntryPoint::Start,
        Some(pc) => EntryPoint::Osr(pc),
    };
    let options = Options {
        verify: true,
        ..Options::default()
    };
    let mut ctx = Context::new(program, func, options, Budget::unlimited()).at(entry);
    ctx.env = Some(scratch.env());
    ctx.run(Phase::Emit)?;
    ctx.code.ok_or_else(|| CompileError::Invalid {
        phase: Phase::Emit,
        message: "no code".into(),
    })
}

/// The machine code of `func` (see `emitted`).
pub fn machine_code(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
) -> Result<Vec<u8>, CompileError> {
    emitted(program, func, osr).map(|e| e.code)
}

/// The listing of `func`'s machine code.
pub fn listing(program: &Program, func: FuncId) -> Result<String, CompileError> {
    let emitted = emitted(program, func, None)?;
    let code: &[u8] = &emitted.code;
    let f = program.func(func);
    let mut out = format!("function {} (asm, {} bytes)\n", f.name, code.len());
    let mut headings = emitted.lines.iter().peekable();
    let mut decoder = Decoder::with_ip(64, code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    let mut instruction = Instruction::default();
    let mut text = String::new();
    while decoder.can_decode() {
        decoder.decode_out(&mut instruction);
        while let Some(&&(offset, src)) = headings.peek() {
            if offset as u64 > instruction.ip() {
                break;
            }
            let pos = f.positions[src as usize];
            let _ = writeln!(
                out,
                "; line {}: {}",
                pos.line,
                f.code[src as usize].op.mnemonic()
            );
            headings.next();
        }
        text.clear();
        formatter.format(&instruction, &mut text);
        let _ = writeln!(out, "    {:05x}  {text}", instruction.ip());
    }
    Ok(out)
}
