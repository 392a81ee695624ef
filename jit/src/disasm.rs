//! `bcvm dump --stage asm`: a function compiled as the JIT would compile
//! it, disassembled with iced-x86, each run of instructions headed by the
//! bytecode line it came from.

use crate::budget::Budget;
use crate::emit;
use crate::pipeline::{self, Stage};
use crate::CompileError;
use dynasmrt::ExecutableBuffer;
use iced_x86::{Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::fmt::Write;
use vm::{FuncId, Program};

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
    let code: &[u8] = emitted
        .compiled
        .owner
        .downcast_ref::<ExecutableBuffer>()
        .map(|b| &b[..emitted.compiled.code_bytes])
        .unwrap_or(&[]);
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
