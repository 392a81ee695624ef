//! Interpreter against JIT on the benchmark programs, a fresh VM (and so
//! fresh compiles) each iteration, output discarded.
//! `cargo bench --bench tiers`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use vm::tier::Thresholds;
use vm::{Limits, Output, Vm};

const CASES: &[(&str, &[i64])] = &[
    ("sum", &[10_000_000]),
    ("fib", &[27]),
    ("sieve", &[1_000_000]),
    ("sieve_rounds", &[5_000, 200]),
    ("nbody", &[20_000]),
    ("mandelbrot", &[200]),
];

fn tiers(c: &mut Criterion) {
    for &(name, args) in CASES {
        let path = format!("{}/programs/{name}.bc", env!("CARGO_MANIFEST_DIR"));
        let program = vm::load(&std::fs::read(&path).expect("program")).expect("loads");
        let mut group = c.benchmark_group(format!("{name}{args:?}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for tier in ["interp", "jit"] {
            group.bench_function(tier, |b| {
                b.iter(|| {
                    let mut vm =
                        Vm::new(&program, Output::discard(), Limits::default()).expect("vm");
                    if tier == "jit" {
                        vm.set_compiler(
                            Box::new(jit::compiler::Jit::default()),
                            Thresholds::NEVER,
                            true,
                        );
                    }
                    vm.run(args, false).expect("runs")
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, tiers);
criterion_main!(benches);
