//! The programs of `programs/` and `benches/bc/` (built in by
//! `build.rs`), edited at the instruction level by the input
//! (`jit::testing::mutate`: its first byte picks the program, then three
//! bytes an edit), and, when the result loads, run as `load_and_run` runs
//! its inputs: the interpreter under fuel first, then every configuration
//! of the oracle, which must agree with it. `cargo +nightly fuzz run mutate`
#![no_main]

use jit::testing::mutate::mutate;
use jit::testing::oracle::{disagreement, SMALL_LIMITS as LIMITS};
use libfuzzer_sys::fuzz_target;

include!(concat!(env!("OUT_DIR"), "/programs.rs"));

fuzz_target!(|data: &[u8]| {
    let Some((&pick, edits)) = data.split_first() else {
        return;
    };
    let (name, text, args) = PROGRAMS[pick as usize % PROGRAMS.len()];
    let edited = mutate(text, edits);
    let Ok(program) = vm::load(edited.as_bytes()) else {
        return;
    };
    if program.memory_cells > 1 << 20 {
        return;
    }
    // The program's own arguments, as many as its `main` takes now.
    let mut args: Vec<i64> = args.iter().copied().collect();
    args.resize(program.func(program.main).nparams as usize, 1);
    if let Some((config, got, reference)) = disagreement(&program, LIMITS, &args) {
        panic!(
            "{} disagrees with the interpreter on {name} edited\n\
             interpreter: {reference:?}\n{}: {got:?}\n{edited}",
            config.name(),
            config.name()
        );
    }
});
