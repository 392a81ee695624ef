//! Programs of the suite, edited at the instruction level by
//! `jit::testing::mutate` (the edits the `mutate` fuzz target makes:
//! lines deleted, duplicated or swapped, a register, a number or a
//! mnemonic replaced), then loaded and, when they load, run: first in the
//! interpreter under fuel (an edit can make a loop endless), and if that
//! finishes, compiled and under tier-up too. Nothing may panic, and every
//! tier must agree with the interpreter.

use jit::testing::mutate::mutate;
use jit::testing::oracle::{run_with, Config};
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use vm::Limits;

fn programs() -> Vec<(String, Vec<i64>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../programs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("programs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("read");
            let args = std::fs::read_to_string(p.with_extension("args"))
                .map(|a| {
                    a.split_whitespace()
                        .filter_map(vm::loader::parse_int_literal)
                        .collect()
                })
                .unwrap_or_default();
            (text, args)
        })
        .collect()
}

/// Mutated programs that loaded, and that ran to the end in every tier.
static LOADED: AtomicUsize = AtomicUsize::new(0);
static COMPARED: AtomicUsize = AtomicUsize::new(0);

/// Checks one mutated program.
fn check(which: usize, edits: &[u8]) -> Result<(), TestCaseError> {
    let suite = programs();
    let (text, args) = &suite[which % suite.len()];
    let mutated = mutate(text, edits);
    let Ok(program) = vm::load(mutated.as_bytes()) else {
        return Ok(());
    };
    LOADED.fetch_add(1, Ordering::Relaxed);
    let args: Vec<i64> = (0..program.func(program.main).nparams as usize)
        .map(|k| args.get(k).copied().unwrap_or(3))
        .collect();
    let fuel = Limits {
        fuel: 2_000_000,
        ..Limits::default()
    };
    let (reference, _) = run_with(&program, Config::Interp, fuel, &args);
    if reference.out_of_fuel() {
        return Ok(());
    }
    for config in &Config::all()[1..] {
        let (got, _) = run_with(&program, *config, Limits::default(), &args);
        prop_assert_eq!(&got, &reference, "{} on\n{}", config.name(), mutated);
    }
    COMPARED.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

#[test]
fn mutated_programs_run_alike_in_every_tier() {
    // Compiled recursion runs on the native stack: give it room.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            let config = ProptestConfig {
                cases: 300,
                ..ProptestConfig::default()
            };
            let mut runner = proptest::test_runner::TestRunner::new(config);
            // One to three edits of three bytes each.
            let strategy = (0usize..64, prop::collection::vec(any::<u8>(), 3..10));
            runner.run(&strategy, |(which, edits)| check(which, &edits))
        })
        .expect("thread");
    if let Err(e) = worker.join().expect("no panic") {
        panic!("{e}");
    }
    // Most mutants are still programs, and most of those still finish.
    let (loaded, compared) = (
        LOADED.load(Ordering::Relaxed),
        COMPARED.load(Ordering::Relaxed),
    );
    eprintln!("{loaded} of 300 mutants loaded, {compared} compared in every tier");
    assert!(
        loaded >= 100 && compared >= 60,
        "{loaded} loaded, {compared} compared"
    );
}
