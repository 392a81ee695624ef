//! Compile throughput, phase by phase: every phase alone (its input, the
//! context after the phase before, prepared outside the timing) and the
//! whole compile, code cache included, and the baseline compiler's
//! (`baseline`), over every function in `programs/`
//! and over generated functions of 10^2 to 10^5 instructions (the growth
//! curve). `cargo bench --bench compile`. Throughput is in bytecode
//! instructions, so criterion prints instructions per second ("elem/s").
//! The loader's speed is here too (`load/`, bytes per second).
//! Compiles allocate from the compile arena, as in `bcvm`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

/// The allocator `bcvm` runs with: inside a compile scope, the compile
/// arena (`vm::runtime::alloc`).
#[global_allocator]
static ALLOCATOR: vm::runtime::alloc::Allocator = vm::runtime::alloc::Allocator;
use jit::backend::code_cache::CodeCache;
use jit::backend::ScratchEnv;
use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
use std::time::Duration;
use vm::{FuncId, Program};

fn suite() -> Vec<Program> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/programs");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("programs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| vm::load(&std::fs::read(p).expect("read")).expect("loads"))
        .collect()
}

/// Every function of `programs`, each with scratch addresses to embed
/// (the code is never run).
fn contexts<'p>(programs: &'p [Program], scratch: &mut [ScratchEnv]) -> Vec<Context<'p>> {
    programs
        .iter()
        .zip(scratch)
        .flat_map(|(p, s)| {
            let env = s.env();
            (0..p.funcs.len()).map(move |i| {
                let mut ctx =
                    Context::new(p, FuncId(i as u32), Options::default(), Budget::unlimited());
                ctx.env = Some(env);
                ctx
            })
        })
        .collect()
}

/// Each phase alone and the whole compile over `start` (fresh contexts),
/// in a group called `name`.
fn bench_phases(c: &mut Criterion, name: &str, start: &[Context]) {
    let instructions: usize = start.iter().map(|ctx| ctx.stats.instructions).sum();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(instructions as u64));
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10);
    let mut before: Vec<Context> = start.to_vec();
    for phase in Phase::ALL {
        group.bench_function(phase.name(), |b| {
            b.iter_batched(
                || before.clone(),
                |mut ctxs| {
                    let scope = vm::runtime::alloc::CompileScope::open();
                    for ctx in &mut ctxs {
                        ctx.run(phase).expect("compiles");
                    }
                    drop(scope);
                    ctxs // dropped outside the measurement
                },
                BatchSize::LargeInput,
            )
        });
        for ctx in &mut before {
            ctx.run(phase).expect("compiles");
        }
    }
    group.bench_function("whole", |b| {
        b.iter_batched(
            || (start.to_vec(), CodeCache::new(256 << 20)),
            |(mut ctxs, mut cache)| {
                for ctx in &mut ctxs {
                    // One scope per compile, as `Jit` opens them.
                    let scope = vm::runtime::alloc::CompileScope::open();
                    ctx.run(Phase::Emit).expect("compiles");
                    ctx.install(&mut cache).expect("fits");
                    drop(scope);
                }
                (ctxs, cache)
            },
            BatchSize::LargeInput,
        )
    });
    // The same functions by the baseline compiler, installed alike.
    group.bench_function("baseline", |b| {
        b.iter_batched(
            || CodeCache::new(256 << 20),
            |mut cache| {
                for ctx in start {
                    let scope = vm::runtime::alloc::CompileScope::open();
                    let env = ctx.env.expect("an environment");
                    let code = jit::baseline::compile(
                        ctx.program,
                        ctx.id,
                        env,
                        None,
                        &mut Budget::unlimited(),
                    )
                    .expect("compiles");
                    cache.install(&code.code).expect("fits");
                    drop(code);
                    drop(scope);
                }
                cache
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

fn phases_on_programs(c: &mut Criterion) {
    let programs = suite();
    let mut scratch: Vec<ScratchEnv> = programs
        .iter()
        .map(|p| ScratchEnv::new(p).expect("memory"))
        .collect();
    bench_phases(c, "programs", &contexts(&programs, &mut scratch));
}

fn growth(c: &mut Criterion) {
    for size in [100, 1_000, 10_000, 100_000] {
        let programs = [vm::load(jit::testing::synth::sized(size, 42).as_bytes()).expect("loads")];
        let mut scratch = [ScratchEnv::new(&programs[0]).expect("memory")];
        let f = programs[0].func_by_name("f").expect("f");
        let all = contexts(&programs, &mut scratch);
        let only_f: Vec<Context> = all.into_iter().filter(|ctx| ctx.id == f).collect();
        bench_phases(c, &format!("generated-{size}"), &only_f);
    }
}

/// One compile of a small function (fib's eight instructions) in each
/// compiler, code cache included: the fixed cost of a compile, which a
/// program of many small functions pays once per function. Criterion's
/// figure is the time of one compile.
fn small(c: &mut Criterion) {
    let text =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/programs/fib.bc")).expect("fib.bc");
    let program = vm::load(&text).expect("loads");
    let mut scratch = ScratchEnv::new(&program).expect("memory");
    let env = scratch.env();
    let fib = program.func_by_name("fib").expect("fib");
    let mut group = c.benchmark_group("small");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let mut cache = CodeCache::new(256 << 20);
    group.bench_function("baseline", |b| {
        b.iter(|| {
            let scope = vm::runtime::alloc::CompileScope::open();
            let code = jit::baseline::compile(&program, fib, env, None, &mut Budget::unlimited())
                .expect("compiles");
            let installed = cache.install(&code.code).expect("fits");
            drop(code);
            drop(scope);
            if cache.functions() > 200_000 {
                cache = CodeCache::new(256 << 20);
            }
            installed
        })
    });
    group.bench_function("optimizing", |b| {
        b.iter(|| {
            let scope = vm::runtime::alloc::CompileScope::open();
            let mut ctx = Context::new(&program, fib, Options::default(), Budget::unlimited());
            ctx.env = Some(env);
            ctx.run(Phase::Emit).expect("compiles");
            let installed = ctx.install(&mut cache).expect("fits");
            drop(ctx);
            drop(scope);
            if cache.functions() > 200_000 {
                cache = CodeCache::new(256 << 20);
            }
            installed
        })
    });
    group.finish();
}

/// The loader (parse, verify, lower) before any compile: the 24,000
/// lines of `benches/bc/many_functions.bc`, which every tier pays at
/// start-up, and every program in `programs/` (bytes per second).
fn load(c: &mut Criterion) {
    let root = env!("CARGO_MANIFEST_DIR");
    let large = std::fs::read(format!("{root}/benches/bc/many_functions.bc")).expect("read");
    let dir = format!("{root}/programs");
    let mut texts: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("programs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .map(|p| std::fs::read(p).expect("read"))
        .collect();
    texts.sort();
    let mut group = c.benchmark_group("load");
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("many_functions", |b| {
        b.iter(|| vm::load(&large).expect("loads"))
    });
    let bytes: usize = texts.iter().map(Vec::len).sum();
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("programs", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| vm::load(t).map_or(0, |p| p.funcs.len()))
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, phases_on_programs, growth, small, load);
criterion_main!(benches);
