//! Arbitrary bytes loaded and, when they are a program, run under small
//! limits: in the interpreter under fuel first (an input may loop forever),
//! then, if that finished, compiled and under tier-up, which must agree
//! with it. `cargo +nightly fuzz run load_and_run -- -max_len=4096`
#![no_main]

use jit::testing::oracle::disagreement;
use libfuzzer_sys::fuzz_target;
use vm::Limits;

/// Small enough that every run is quick: shallow calls, a small register
/// stack, a bounded number of calls and loop iterations.
const LIMITS: Limits = Limits {
    max_call_depth: 200,
    max_stack_slots: 1 << 16,
    fuel: 20_000,
};

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
