//! Compiles every function of the given programs, a number of rounds, in
//! one compiler, for a profiler to count (`valgrind --tool=callgrind`):
//! the compile alone, loading done once before. `cargo build --release -p
//! jit --example compile_profile`, then
//! `valgrind --tool=callgrind target/x86_64-unknown-linux-gnu/release/examples/compile_profile
//! [--baseline] [--rounds N] FILE.bc...`; prints the instructions compiled
//! and, for the optimizing compiler, each phase's share of the time.
//! Compiles allocate from the compile arena, as in `bcvm`.

use jit::backend::code_cache::CodeCache;
use jit::backend::ScratchEnv;
use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
use vm::FuncId;

#[global_allocator]
static ALLOCATOR: vm::runtime::alloc::Allocator = vm::runtime::alloc::Allocator;

fn main() {
    let mut baseline = false;
    let mut rounds = 3;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--baseline" => baseline = true,
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(rounds),
            _ => files.push(arg),
        }
    }
    let programs: Vec<vm::Program> = files
        .iter()
        .map(|f| vm::load(&std::fs::read(f).expect("readable")).expect("loads"))
        .collect();
    let mut scratch: Vec<ScratchEnv> = programs
        .iter()
        .map(|p| ScratchEnv::new(p).expect("memory"))
        .collect();
    let mut cache = CodeCache::new(1 << 30);
    let mut instructions = 0;
    let mut times = [0f64; Phase::COUNT];
    for _ in 0..rounds {
        for (program, scratch) in programs.iter().zip(&mut scratch) {
            let env = scratch.env();
            for i in 0..program.funcs.len() {
                let id = FuncId(i as u32);
                instructions += program.func(id).code.len();
                let scope = vm::runtime::alloc::CompileScope::open();
                if baseline {
                    let code =
                        jit::baseline::compile(program, id, env, None, &mut Budget::unlimited())
                            .expect("compiles");
                    cache.install(&code.code).expect("fits");
                } else {
                    let mut ctx =
                        Context::new(program, id, Options::default(), Budget::unlimited());
                    ctx.env = Some(env);
                    ctx.run(Phase::Emit).expect("compiles");
                    ctx.install(&mut cache).expect("fits");
                    for phase in Phase::ALL {
                        times[phase as usize] += ctx.times[phase as usize].as_secs_f64();
                    }
                }
                drop(scope);
            }
        }
    }
    println!("{instructions} instructions compiled");
    if !baseline {
        let all: f64 = times.iter().sum();
        println!(
            "{:.0} K instructions a second",
            instructions as f64 / all / 1e3
        );
        for phase in Phase::ALL {
            let t = times[phase as usize];
            println!(
                "  {:<12} {:>7.3} us/instr {:>5.1}%",
                phase.name(),
                t * 1e6 / instructions as f64,
                100.0 * t / all
            );
        }
    }
}
