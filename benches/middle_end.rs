//! The middle end's phases, each alone, on every function in `programs/`,
//! and the whole middle end on generated functions of 10^2 to 10^5
//! instructions (the growth curve). `cargo bench --bench middle_end`.
//! Throughput is in bytecode instructions, so criterion prints time per
//! instruction directly ("elements").

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use jit::cfg;
use jit::dom;
use jit::pipeline::{self, Stage};
use jit::ssa::{self, SsaInput};
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

fn functions(programs: &[Program]) -> Vec<(&Program, FuncId)> {
    programs
        .iter()
        .flat_map(|p| (0..p.funcs.len()).map(move |i| (p, FuncId(i as u32))))
        .collect()
}

/// Each phase alone (inputs prepared outside the timing) and the whole
/// middle end, over `funcs`, in a group called `name`.
fn bench_phases(c: &mut Criterion, name: &str, funcs: &[(&Program, FuncId)]) {
    let instructions: usize = funcs.iter().map(|(p, id)| p.func(*id).code.len()).sum();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(instructions as u64));
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10);

    group.bench_function(Phase::Cfg.name(), |b| {
        b.iter(|| {
            funcs
                .iter()
                .map(|(p, id)| cfg::build(p.func(*id)).len())
                .sum::<usize>()
        })
    });
    let cfgs: Vec<_> = funcs
        .iter()
        .map(|(p, id)| cfg::build(p.func(*id)))
        .collect();
    group.bench_function(Phase::Dom.name(), |b| {
        b.iter(|| {
            for g in &cfgs {
                let d = dom::dominators(g, &mut Budget::unlimited()).expect("dom");
                dom::frontiers(g, &d, &mut Budget::unlimited()).expect("df");
            }
        })
    });
    let doms: Vec<_> = cfgs
        .iter()
        .map(|g| dom::dominators(g, &mut Budget::unlimited()).expect("dom"))
        .collect();
    let dfs: Vec<_> = cfgs
        .iter()
        .zip(&doms)
        .map(|(g, d)| dom::frontiers(g, d, &mut Budget::unlimited()).expect("df"))
        .collect();
    group.bench_function(Phase::Ssa.name(), |b| {
        b.iter(|| {
            for (k, (p, id)) in funcs.iter().enumerate() {
                let input = SsaInput {
                    program: p,
                    id: *id,
                    cfg: &cfgs[k],
                    dom: &doms[k],
                    frontiers: &dfs[k],
                };
                ssa::construct(&input, &mut Budget::unlimited()).expect("ssa");
            }
        })
    });
    let ir_at = |stage| -> Vec<_> {
        funcs
            .iter()
            .map(|(p, id)| {
                pipeline::run(p, *id, stage, &mut Budget::unlimited())
                    .expect("compiles")
                    .ssa
                    .expect("ir")
            })
            .collect()
    };
    let ssas = ir_at(Stage::Ssa);
    group.bench_function(Phase::Sccp.name(), |b| {
        b.iter_batched(
            || ssas.clone(),
            |mut irs| {
                irs.iter_mut()
                    .for_each(|f| drop(jit::sccp::propagate(f, &mut Budget::unlimited())));
                irs // dropped outside the measurement
            },
            BatchSize::LargeInput,
        )
    });
    let propagated = ir_at(Stage::Sccp);
    group.bench_function(Phase::OutOfSsa.name(), |b| {
        b.iter_batched(
            || propagated.clone(),
            |mut irs| {
                irs.iter_mut()
                    .for_each(|f| drop(jit::out_of_ssa::destruct(f, &mut Budget::unlimited())));
                irs
            },
            BatchSize::LargeInput,
        )
    });
    let destroyed = ir_at(Stage::Out);
    // Emission needs addresses to embed; the code is never run.
    let mut scratch = jit::emit::ScratchEnv::new(funcs[0].0).expect("memory");
    let env = scratch.env();
    group.bench_function(Phase::Emit.name(), |b| {
        b.iter_with_large_drop(|| {
            destroyed
                .iter()
                .zip(funcs)
                .map(|(f, (p, _))| {
                    jit::emit::emit(p, f, env, &mut Budget::unlimited()).expect("emits")
                })
                .collect::<Vec<_>>()
        })
    });
    group.bench_function("whole", |b| {
        b.iter_with_large_drop(|| {
            funcs
                .iter()
                .map(|(p, id)| {
                    pipeline::run(p, *id, Stage::Out, &mut Budget::unlimited()).expect("compiles")
                })
                .collect::<Vec<_>>()
        })
    });
    group.finish();
}

fn phases_on_programs(c: &mut Criterion) {
    let programs = suite();
    bench_phases(c, "programs", &functions(&programs));
}

fn growth(c: &mut Criterion) {
    for size in [100, 1_000, 10_000, 100_000] {
        let program = vm::load(jit::synth::sized(size, 42).as_bytes()).expect("loads");
        let f = program.func_by_name("f").expect("f");
        bench_phases(c, &format!("generated-{size}"), &[(&program, f)]);
    }
}

criterion_group!(benches, phases_on_programs, growth);
criterion_main!(benches);
