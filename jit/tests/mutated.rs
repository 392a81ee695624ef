//! Programs of the suite, mutated line by line (deleted, duplicated,
//! swapped, a number or an opcode replaced), then loaded and, when they
//! load, run: first in the interpreter under fuel (a mutation can make a
//! loop endless), and if that finishes, compiled and under tier-up too.
//! Nothing may panic, and every tier must agree with the interpreter.

use jit::testing::oracle::{run_with, Config};
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use vm::Limits;

const OPCODES: &[&str] = &[
    "mov", "add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr", "ushr", "eq", "lt",
    "fadd", "fmul", "fdiv", "itof", "ftoi", "load", "store", "jmp", "jz", "jlt", "call", "ret",
    "print",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "63",
    "64",
    "0x7fffffffffffffff",
    "-9223372036854775808",
    "0.0",
    "-0.0",
    "1e308",
    "100000",
];

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

#[derive(Debug, Clone)]
enum Mutation {
    Delete(prop::sample::Index),
    Duplicate(prop::sample::Index),
    Swap(prop::sample::Index, prop::sample::Index),
    Number(prop::sample::Index, usize),
    Opcode(prop::sample::Index, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let index = any::<prop::sample::Index>;
    prop_oneof![
        index().prop_map(Mutation::Delete),
        index().prop_map(Mutation::Duplicate),
        (index(), index()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (index(), 0..NUMBERS.len()).prop_map(|(a, k)| Mutation::Number(a, k)),
        (index(), 0..OPCODES.len()).prop_map(|(a, k)| Mutation::Opcode(a, k)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for m in mutations {
        if lines.is_empty() {
            break;
        }
        match m {
            Mutation::Delete(at) => {
                lines.remove(at.index(lines.len()));
            }
            Mutation::Duplicate(at) => {
                let k = at.index(lines.len());
                lines.insert(k, lines[k].clone());
            }
            Mutation::Swap(a, b) => {
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(a, b);
            }
            Mutation::Number(at, k) => {
                let line_at = at.index(lines.len());
                let line = &mut lines[line_at];
                // The last number-looking token gets the new value.
                if let Some(start) = line.rfind(|c: char| c.is_ascii_digit()) {
                    let begin = line[..=start]
                        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
                        .map_or(0, |b| b + 1);
                    if !line[begin..].starts_with('%') {
                        line.replace_range(begin..=start, NUMBERS[*k]);
                    }
                }
            }
            Mutation::Opcode(at, k) => {
                let line_at = at.index(lines.len());
                let line = &mut lines[line_at];
                let indent = line.len() - line.trim_start().len();
                if let Some(end) = line[indent..].find(' ') {
                    if !line[indent..indent + end].ends_with(':') && indent > 0 {
                        line.replace_range(indent..indent + end, OPCODES[*k]);
                    }
                }
            }
        }
    }
    lines.join("\n") + "\n"
}

/// Mutated programs that loaded, and that ran to the end in every tier.
static LOADED: AtomicUsize = AtomicUsize::new(0);
static COMPARED: AtomicUsize = AtomicUsize::new(0);

/// Checks one mutated program.
fn check(which: usize, mutations: &[Mutation]) -> Result<(), TestCaseError> {
    let suite = programs();
    let (text, args) = &suite[which % suite.len()];
    let mutated = mutate(text, mutations);
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
            let strategy = (0usize..64, prop::collection::vec(mutation(), 1..4));
            runner.run(&strategy, |(which, mutations)| check(which, &mutations))
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
