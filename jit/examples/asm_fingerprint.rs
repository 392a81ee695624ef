//! Prints the machine code of every function of some programs, and of the
//! OSR entry at every loop header, disassembled with 64-bit immediates
//! masked, and its constant pool with the words that are user-space
//! addresses (the glue's routines) masked (they differ between builds and
//! runs), so two builds of the back end can be compared byte for byte:
//!
//!     cargo run --release -p jit --example asm_fingerprint -- programs/*.bc --seeds 0 2000 > a.txt
//!
//! Each function is a line `NAME@ENTRY HASH` followed, with `--full`, by
//! its listing.

use iced_x86::{Code, Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use vm::{FuncId, Program};

fn masked_listing(emitted: &jit::backend::Emitted) -> String {
    let code = &emitted.code[..emitted.code_end];
    let mut decoder = Decoder::with_ip(64, code, 0, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    let mut instruction = Instruction::default();
    let mut out = String::new();
    while decoder.can_decode() {
        decoder.decode_out(&mut instruction);
        if instruction.code() == Code::Mov_r64_imm64 {
            instruction.set_immediate64(0);
        }
        formatter.format(&instruction, &mut out);
        out.push('\n');
    }
    // After the pool's alignment, 8-byte words: a routine's address (at
    // most 47 bits, above the first 4 GiB) or a float's bits.
    let pool = &emitted.code[emitted.code_end..];
    for word in pool[pool.len() % 8..].chunks_exact(8) {
        let bits = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        match bits {
            0x1_0000_0000..0x8000_0000_0000 => out.push_str("dq ADDR\n"),
            _ => out.push_str(&format!("dq {bits:016x}\n")),
        }
    }
    out
}

/// Instruction indices that some later instruction branches back to.
fn loop_headers(program: &Program, id: FuncId) -> Vec<u32> {
    let f = program.func(id);
    let mut headers: Vec<u32> = f
        .code
        .iter()
        .enumerate()
        .filter_map(|(pc, ins)| ins.op.target(ins).filter(|&t| t as usize <= pc))
        .collect();
    headers.sort();
    headers.dedup();
    headers
}

fn fingerprint(name: &str, program: &Program, full: bool) {
    for k in 0..program.funcs.len() {
        let id = FuncId(k as u32);
        let entries = std::iter::once(None).chain(loop_headers(program, id).into_iter().map(Some));
        for osr in entries {
            let code = jit::tools::disasm::emitted(program, id, osr);
            let label = match osr {
                None => format!("{name}:{}", program.func(id).name),
                Some(pc) => format!("{name}:{}@{pc}", program.func(id).name),
            };
            match code {
                Ok(emitted) => {
                    let listing = masked_listing(&emitted);
                    let mut h = DefaultHasher::new();
                    listing.hash(&mut h);
                    println!("{label} {:016x} {} bytes", h.finish(), emitted.code.len());
                    if full {
                        print!("{listing}");
                    }
                }
                Err(e) => println!("{label} refused: {e}"),
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.iter().any(|a| a == "--full");
    let mut k = 0;
    while k < args.len() {
        match args[k].as_str() {
            "--full" => k += 1,
            "--seeds" => {
                let from: u64 = args[k + 1].parse().expect("--seeds FROM TO");
                let to: u64 = args[k + 2].parse().expect("--seeds FROM TO");
                for seed in from..to {
                    let text = jit::testing::fuzz::random_program(seed);
                    let program = vm::load(text.as_bytes()).expect("generated programs load");
                    fingerprint(&format!("seed{seed}"), &program, full);
                }
                k += 3;
            }
            file => {
                let text = std::fs::read(file).expect("readable");
                if let Ok(program) = vm::load(&text) {
                    fingerprint(file, &program, full);
                }
                k += 1;
            }
        }
    }
}
