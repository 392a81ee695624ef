//! The interpreter on the benchmark programs of `programs/`, output
//! discarded. `cargo bench --bench interp`.

use criterion::{criterion_group, criterion_main, Criterion};
use vm::{Limits, Output, Vm};

const CASES: &[(&str, i64)] = &[
    ("fib", 25),
    ("sum", 1_000_000),
    ("sieve", 1_000_000),
    ("nbody", 10_000),
    ("mandelbrot", 100),
    ("nested_loops", 100),
];

fn interpreter(c: &mut Criterion) {
    let mut group = c.benchmark_group("interp");
    group.sample_size(10);
    for &(name, arg) in CASES {
        let path = format!("{}/programs/{name}.bc", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read(&path).expect("benchmark program");
        let program = vm::load(&text).expect("loads");
        group.bench_function(format!("{name}({arg})"), |b| {
            b.iter(|| {
                let mut vm = Vm::new(&program, Output::discard(), Limits::default()).expect("vm");
                vm.run(&[arg], false).expect("runs")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, interpreter);
criterion_main!(benches);
