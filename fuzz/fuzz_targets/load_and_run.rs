//! Arbitrary bytes loaded and, when they are a program, run under small
//! limits: in the interpreter under fuel first (an input may loop forever),
//! then, if that finished, compiled and under tier-up, which must agree
//! with it. `cargo +nightly fuzz run load_and_run -- -max_len=4096`
#![no_main]

use jit::testing::oracle::{disagreement, SMALL_LIMITS as LIMITS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(program) = vm::load(data) else { return };
    // Memories are mapped lazily, but keep inputs from asking for the most.
    if program.memory_cells > 1 << 20 {
        return;
    }
    let args = vec![1; program.func(program.main).nparams as usize];
    if let Some((config, got, reference)) = disagreement(&program, LIMITS, &args) {
        panic!(
            "{} disagrees with the interpreter\ninterpreter: {reference:?}\n{}: {got:?}",
            config.name(),
            config.name()
        );
    }
});
