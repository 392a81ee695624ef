//! `bcvm dump --stage asm`: a function compiled as the JIT would compile
//! it (or, with `--baseline`, as the baseline compiler would), disassembled
//! with iced-x86, each run of instructions headed by the
//! bytecode line it came from, the rest (entries, stubs, unchecked loop
//! copies) by what it is, and calls of runtime helpers by the helper's
//! name.

use crate::analysis::cfg::EntryPoint;
use crate::backend::{Emitted, ScratchEnv};
use crate::pipeline::budget::Budget;
use crate::pipeline::context::{Context, Options};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::Phase;
use iced_x86::{Code, Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter, Register};
use vm::{FuncId, Program};

/// `func` compiled as the JIT would, entered at its start or (`osr`) at
/// a loop header, against scratch state (a memory of the program's size,
/// no VM): the code is never run, so the addresses it embeds are only
/// illustrative.
pub fn emitted(program: &Program, func: FuncId, osr: Option<u32>) -> Result<Emitted, CompileError> {
    emitted_with(program, func, osr, Options::verified())
}

/// `emitted` with `options` (the tests' golden listings ask for AVX's
/// forms whatever the machine: the code is never run).
pub fn emitted_with(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
    options: Options,
) -> Result<Emitted, CompileError> {
    let ctx = compiled(program, func, osr, options)?;
    ctx.code.ok_or_else(|| CompileError::Invalid {
        phase: Phase::Emit,
        message: "no code".into(),
    })
}

/// The compile context of `func` taken through every phase with
/// `options` and no budget, as `emitted` describes.
pub fn compiled(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
    options: Options,
) -> Result<Context<'_>, CompileError> {
    let mut scratch = ScratchEnv::new(program).map_err(|e| CompileError::Invalid {
        phase: Phase::Emit,
        message: format!("cannot map memory: {e}"),
    })?;
    let entry = match osr {
        None => EntryPoint::Start,
        Some(pc) => EntryPoint::Osr(pc),
    };
    let mut ctx = Context::new(program, func, options, Budget::unlimited()).at(entry);
    ctx.env = Some(scratch.env());
    ctx.run(Phase::Emit)?;
    // The scratch state goes now; nothing is left to embed its addresses.
    ctx.env = None;
    Ok(ctx)
}

/// The runtime helper at `address`, if it is one.
fn helper_name(address: u64) -> Option<&'static str> {
    use vm::runtime::native::*;
    let helpers: [(*const (), &str); 6] = [
        (jit_call as *const (), "jit_call"),
        (jit_trap as *const (), "jit_trap"),
        (jit_print as *const (), "jit_print"),
        (jit_putc as *const (), "jit_putc"),
        (jit_fprint as *const (), "jit_fprint"),
        (jit_puts as *const (), "jit_puts"),
    ];
    helpers
        .iter()
        .find(|(p, _)| *p as u64 == address)
        .map(|&(_, name)| name)
}

/// `text` with every user-space address (twelve hex digits, as the
/// disassembler prints an immediate) replaced by `ADDR`: a runtime
/// helper's, the VM's tables and the linear memory differ from run to
/// run, so golden listings show them masked.
pub fn mask_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let hex = word.strip_suffix('h').unwrap_or("");
        if hex.len() == 12 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            out.push_str("ADDR");
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The listing of `func`'s machine code.
pub fn listing(program: &Program, func: FuncId) -> Result<String, CompileError> {
    listing_at(program, func, None)
}

/// The listing of `func`'s machine code entered at its start or (`osr`)
/// at the loop header at that instruction.
pub fn listing_at(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
) -> Result<String, CompileError> {
    listing_with(program, func, osr, Options::verified())
}

/// `listing_at` with `options`.
pub fn listing_with(
    program: &Program,
    func: FuncId,
    osr: Option<u32>,
    options: Options,
) -> Result<String, CompileError> {
    let emitted = emitted_with(program, func, osr, options)?;
    let f = program.func(func);
    let what = match osr {
        None => "asm".to_string(),
        Some(pc) => format!(
            "asm, on-stack replacement at line {}",
            f.positions[pc as usize].line
        ),
    };
    Ok(listing_of(program, func, &what, &emitted))
}

/// The listing of `func` as the baseline compiler makes it (`--tier
/// baseline`), against scratch state as `emitted` describes.
pub fn baseline_listing(program: &Program, func: FuncId) -> Result<String, CompileError> {
    let emitted = baseline_emitted(program, func)?;
    Ok(listing_of(program, func, "baseline asm", &emitted))
}

/// `func` compiled by the baseline compiler against scratch state.
fn baseline_emitted(program: &Program, func: FuncId) -> Result<Emitted, CompileError> {
    let mut scratch = ScratchEnv::new(program).map_err(|e| CompileError::Invalid {
        phase: Phase::Emit,
        message: format!("cannot map memory: {e}"),
    })?;
    crate::baseline::compile(program, func, scratch.env(), None, &mut Budget::unlimited())
        .map_err(|b| b.at(Phase::Emit))
}

fn listing_of(program: &Program, func: FuncId, what: &str, emitted: &Emitted) -> String {
    let mut out = format!(
        "function {} ({what}, {} bytes)\n",
        program.func(func).name,
        emitted.code.len()
    );
    for row in rows(program, func, emitted) {
        out.push_str(&row.text);
        out.push('\n');
    }
    out
}

/// Machine code as a plain listing, one instruction a line with its
/// offset (the interpreter's loop, for its golden file).
pub fn plain(code: &[u8]) -> String {
    headed(code, &[])
}

/// `code` listed one instruction a line with its offset, each `(offset,
/// name)` of `marks` (in offset order) heading the instructions from
/// there, and calls of runtime helpers named.
fn headed(code: &[u8], marks: &[(usize, &str)]) -> String {
    let mut decoder = Decoder::with_ip(64, code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    formatter.options_mut().set_show_branch_size(false);
    let mut marks = marks.iter().peekable();
    let (mut instruction, mut helper) = (Instruction::default(), None);
    let (mut out, mut text) = (String::new(), String::new());
    while decoder.can_decode() {
        decoder.decode_out(&mut instruction);
        while let Some((_, name)) = marks.next_if(|&&(o, _)| o as u64 <= instruction.ip()) {
            out.push_str(&format!("; {name}\n"));
        }
        text.clear();
        formatter.format(&instruction, &mut text);
        name_helper(&instruction, &mut helper, &mut text);
        out.push_str(&format!("{:05x}  {text}\n", instruction.ip()));
    }
    out
}

/// One line of a listing: a heading (`; line 4: call`, `; trap: ...`) or
/// an instruction, with the `.bc` line of the bytecode it came from, if
/// it came from one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub line: Option<u32>,
    pub text: String,
}

/// The listing of the machine code in `emitted`, made for `func`: each
/// run of instructions headed by the bytecode line it came from, the rest
/// by what it is (`Emitted::marks`), and calls of runtime helpers named.
pub fn rows(program: &Program, func: FuncId, emitted: &Emitted) -> Vec<Row> {
    let f = program.func(func);
    let mut out = Vec::new();
    let mut headings = emitted.lines.iter().peekable();
    let mut marks = emitted.marks.iter().peekable();
    // The line the instructions decoded now came from, if any.
    let mut line = None;
    // The helper whose address was last loaded into rax, for `call rax`.
    let mut helper = None;
    let code = &emitted.code[..emitted.code_end];
    let mut decoder = Decoder::with_ip(64, code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    // `jl 40h`, not `jl short 40h`: the listing gives offsets, which show
    // the distance.
    formatter.options_mut().set_show_branch_size(false);
    let mut instruction = Instruction::default();
    let mut text = String::new();
    while decoder.can_decode() {
        decoder.decode_out(&mut instruction);
        while let Some(&&(offset, src)) = headings.peek() {
            if offset as u64 > instruction.ip() {
                break;
            }
            let pos = f.positions[src as usize];
            line = Some(pos.line);
            out.push(Row {
                line,
                text: format!(
                    "; line {}: {}",
                    pos.line,
                    f.code[src as usize].op.mnemonic()
                ),
            });
            headings.next();
        }
        while let Some((_, mark)) = marks.next_if(|&&(o, _)| o as u64 <= instruction.ip()) {
            line = None;
            out.push(Row {
                line,
                text: format!("; {}", mark.describe(program)),
            });
        }
        text.clear();
        formatter.format(&instruction, &mut text);
        match pooled_glue(&instruction, emitted) {
            Some(name) => {
                text.push_str("  ; ");
                text.push_str(&name);
            }
            None => name_helper(&instruction, &mut helper, &mut text),
        }
        out.push(Row {
            line,
            text: format!("    {:05x}  {text}", instruction.ip()),
        });
    }
    let pool = &emitted.code[emitted.code_end..];
    // After the alignment's padding, 8-byte constants to the end.
    let first = pool.len() % 8;
    if pool.len() > first {
        out.push(Row {
            line: None,
            text: "; constant pool".to_string(),
        });
    }
    for (k, bytes) in pool[first..].chunks_exact(8).enumerate() {
        let bits = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        let at = emitted.code_end + first + 8 * k;
        let text = match glue_name(bits) {
            Some(name) => format!("    {at:05x}  dq {bits:X}h  ; {name}"),
            None => format!("    {at:05x}  dq {bits:016X}h  ; {}", f64::from_bits(bits)),
        };
        out.push(Row { line: None, text });
    }
    out
}

/// The glue routine an instruction calls or jumps to through the
/// constant pool (`call qword ptr [rip + entry]`), named.
fn pooled_glue(instruction: &Instruction, emitted: &Emitted) -> Option<String> {
    if !instruction.is_ip_rel_memory_operand()
        || !matches!(instruction.code(), Code::Call_rm64 | Code::Jmp_rm64)
    {
        return None;
    }
    let at = usize::try_from(instruction.ip_rel_memory_address()).ok()?;
    let bytes = emitted.code.get(at..at.checked_add(8)?)?;
    glue_name(u64::from_le_bytes(bytes.try_into().ok()?))
}

/// The glue routine at `address`, if it is one (`backend::glue`).
fn glue_name(address: u64) -> Option<String> {
    let name = crate::backend::glue::glue().ok()?.name(address)?;
    Some(format!("glue: {name}"))
}

/// The listing of the glue (`backend::glue`): the routines every
/// compiled function shares, each headed by its name, calls of runtime
/// helpers named.
pub fn glue_listing() -> Result<String, CompileError> {
    let glue = crate::backend::glue::glue().map_err(|error| CompileError::CodeCache {
        phase: Phase::Emit,
        error,
    })?;
    let (code, marks) = glue.code();
    Ok(format!(
        "glue ({} bytes)\n{}",
        code.len(),
        headed(code, marks)
    ))
}

/// Appends the helper's name to `call rax` once `mov rax, ADDRESS` has
/// loaded a runtime helper's address (kept in `helper`).
fn name_helper(instruction: &Instruction, helper: &mut Option<&'static str>, text: &mut String) {
    if instruction.code() == Code::Call_rm64 && instruction.op0_register() == Register::RAX {
        if let Some(name) = helper.take() {
            text.push_str("  ; ");
            text.push_str(name);
        }
    } else if instruction.code() == Code::Mov_r64_imm64
        && instruction.op0_register() == Register::RAX
    {
        *helper = helper_name(instruction.immediate64());
    }
}
