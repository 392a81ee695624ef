//! Prints the machine code of every function of some programs, and of the
//! OSR entry at every loop header, disassembled with 64-bit immediates
//! masked (they embed addresses that differ between builds and runs), so
//! two builds of the back end can be compared byte for byte:
//!
//!     cargo run --release -p jit --example asm_fingerprint -- programs/*.bc --seeds 0 2000 > a.txt
//!
//! Each function is a line `NAME@ENTRY HASH` followed, with `--full`, by
//! its listing.

use iced_x86::{Code, Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use vm::{FuncId, Program};

fn masked_listing(code: &[u8]) -> String {
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
            let code = jit::tools::disasm::machine_code(program, id, osr);
            let label = match osr {
                None => format!("{name}:{}", program.func(id).name),
                Some(pc) => format!("{name}:{}@{pc}", program.func(id).name),
            };
            match code {
                Ok(bytes) => {
                    let listing = masked_listing(&bytes);
                    let mut h = DefaultHasher::new();
                    listing.hash(&mut h);
                    println!("{label} {:016x} {} bytes", h.finish(), bytes.len());
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
