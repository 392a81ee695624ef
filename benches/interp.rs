//! The interpreter on the interpreter issue's kernels (`compare_lua.py
//! --suite interp`, at smaller sizes), output discarded, in the
//! machine-code loop and in the portable one. `cargo bench --bench interp`.

use criterion::{criterion_group, criterion_main, Criterion};
use vm::{Limits, Output, Vm};

const CASES: &[(&str, &[i64])] = &[
    ("fib", &[25]),
    ("tak", &[18, 12, 6]),
    ("ackermann", &[2, 300]),
    ("helpers", &[300_000]),
    ("binary_trees", &[14, 6]),
    ("sum", &[1_000_000]),
    ("sieve", &[1_000_000]),
    ("nbody", &[10_000]),
    ("spectral_norm", &[100]),
    ("mandelbrot", &[100]),
    ("fannkuch", &[8]),
    ("matmul", &[60]),
    ("quicksort", &[50_000]),
    ("collatz", &[10_000]),
    ("digits", &[300_000]),
    ("phis", &[1_000_000]),
    ("fold", &[1_000_000]),
];

/// benches/bc/NAME.bc, or programs/NAME.bc.
fn kernel(name: &str) -> vm::Program {
    let root = env!("CARGO_MANIFEST_DIR");
    let bench = format!("{root}/benches/bc/{name}.bc");
    let path = if std::path::Path::new(&bench).exists() {
        bench
    } else {
        format!("{root}/programs/{name}.bc")
    };
    let text = std::fs::read(&path).expect("benchmark program");
    vm::load(&text).expect("loads")
}

fn interpreter(c: &mut Criterion) {
    let mut group = c.benchmark_group("interp");
    group.sample_size(10);
    for &(name, args) in CASES {
        let program = kernel(name);
        let shown = args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        for asm in [true, false] {
            let which = if asm { "asm" } else { "portable" };
            group.bench_function(format!("{name}({})/{which}", shown.join(",")), |b| {
                b.iter(|| {
                    let mut vm =
                        Vm::new(&program, Output::discard(), Limits::default()).expect("vm");
                    if !asm {
                        vm.use_portable_interpreter();
                    }
                    vm.run(args, false).expect("runs")
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, interpreter);
criterion_main!(benches);
