//! Interpreter against the baseline compiler and the JIT on the benchmark
//! programs (and the JIT without inlining on the call-bound ones), a fresh VM (and so fresh compiles)
//! each iteration, output discarded. `cargo bench --bench tiers`.

use criterion::{criterion_group, criterion_main, Criterion};
use jit::driver::engine::{Setup, Tier};
use std::time::Duration;
use vm::Output;

const CASES: &[(&str, &[i64])] = &[
    ("sum", &[10_000_000]),
    ("fib", &[27]),
    ("sieve", &[1_000_000]),
    ("sieve_rounds", &[5_000, 200]),
    ("nbody", &[20_000]),
    ("mandelbrot", &[200]),
    // Call-bound (benches/bc or programs/).
    ("ackermann", &[3, 6]),
    ("tak", &[18, 12, 6]),
    ("helpers", &[300_000]),
    ("binary_trees", &[14, 2]),
];

const CALL_BOUND: &[&str] = &["fib", "ackermann", "tak", "helpers", "binary_trees"];

fn source(name: &str) -> Vec<u8> {
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::read(format!("{root}/benches/bc/{name}.bc"))
        .or_else(|_| std::fs::read(format!("{root}/programs/{name}.bc")))
        .expect("program")
}

fn tiers(c: &mut Criterion) {
    for &(name, args) in CASES {
        let program = std::sync::Arc::new(vm::load(&source(name)).expect("loads"));
        let mut group = c.benchmark_group(format!("{name}{args:?}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        let tiers: &[&str] = if CALL_BOUND.contains(&name) {
            &["interp", "baseline", "jit", "jit-no-inline"]
        } else {
            &["interp", "baseline", "jit"]
        };
        for &tier in tiers {
            group.bench_function(tier, |b| {
                b.iter(|| {
                    let mut setup = Setup::new(match tier {
                        "interp" => Tier::Interp,
                        "baseline" => Tier::Baseline,
                        _ => Tier::Jit,
                    });
                    if tier == "jit-no-inline" {
                        setup.jit.options = setup.jit.options.without(jit::Phase::Inline);
                    }
                    let mut vm = setup.vm(&program, Output::discard()).expect("vm");
                    vm.run(args, false).expect("runs")
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, tiers);
criterion_main!(benches);
