//! `bcvm dump --stage asm`: a function compiled as the JIT would compile
//! it, disassembled with iced-x86, each run of instructions headed by the
//! bytecode line it came from.

use crate::budget::Budget;
use crate::emit;
use crate::pipeline::{self, Stage};
use crate::CompileError;
use iced_x86::{Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::fmt::Write;
use vm::{FuncId, Program};

/// The machine code of `func`, entered at its start or (`osr`) at a loop
/// header, compiled against scratch state as `listing` does.
pub fn machine_code(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
) -> Result<Vec<u8>, CompileError> {
    let mut scratch = emit::ScratchEnv::new(program).map_err(|e| CompileError::Invalid {
        phase: crate::Phase::Emit,
        message: format!("cannot map memory: {e}"),
    })?;
    let env = scratch.env();
    let mut budget = Budget::unlimited();
    let entry = match osr {
        None => crate::cfg::EntryPoint::Start,
        Some(pc) => crate::cfg::EntryPoint::Osr(pc),
    };
    let middle = pipeline::run_from(program, func, entry, Stage::Out, &mut budget, true)?;
    let ir = middle.ssa.expect("the out stage has IR");
    let emitted = emit::emit(program, &ir, env, &mut budget)?;
    Ok(emitted.code)
}

/// The listing of `func`'s machine code. It is compiled against scratch
/// state (a memory of the program's size, no VM) and never run, so the
/// addresses it embeds are only illustrative.
pub fn listing(program: &Program, func: FuncId) -> Result<String, CompileError> {
    let mut scratch = emit::ScratchEnv::new(program).map_err(|e| CompileError::Invalid {
        phase: crate::Phase::Emit,
        message: format!("cannot map memory: {e}"),
    })?;
    let env = scratch.env();
    let mut budget = Budget::unlimited();
    let middle = pipeline::run(program, func, Stage::Out, &mut budget)?;
    let ir = middle.ssa.expect("the out stage has IR");
    let emitted = emit::emit(program, &ir, env, &mut budget)?;
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
