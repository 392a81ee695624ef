//! Structure-aware differential fuzzing: the input's bytes make every
//! choice of the project's program generator (`program_from_bytes`), so
//! libFuzzer's coverage guides the shapes of programs, not their text;
//! each program runs in every configuration of the oracle (each tier,
//! each `--no-PASS`, on-stack replacement, background compiles) and must
//! agree with the interpreter on stdout, the trap line and the exit
//! status. `cargo +nightly fuzz run differential`
#![no_main]

use jit::testing::fuzz::program_from_bytes;
use jit::testing::oracle::check;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = program_from_bytes(data);
    let program = match vm::load(text.as_bytes()) {
        Ok(program) => program,
        Err(e) => panic!("the generator made a program that does not load: {e:?}\n{text}"),
    };
    let verdict = check(&program);
    if let Some((config, got)) = verdict.divergent.first() {
        panic!(
            "{} disagrees with the interpreter\ninterpreter: {:?}\n{}: {got:?}\n{text}",
            config.name(),
            verdict.reference,
            config.name()
        );
    }
});
