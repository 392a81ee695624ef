//! Heap allocations per compiler phase, for one function compiled many
//! times (the steady state of a JIT compiling small functions):
//! `cargo run --release -p jit --example alloc_count -- FILE.bc [FUNC]`.

use jit::backend::code_cache::CodeCache;
use jit::backend::ScratchEnv;
use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards to the system allocator, counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: alloc_count FILE.bc [FUNC]");
        std::process::exit(2);
    };
    let text = std::fs::read(file).expect("readable");
    let program = vm::load(&text).expect("loads");
    let id = args
        .get(1)
        .and_then(|n| program.func_by_name(n))
        .unwrap_or(program.main);
    let mut scratch = ScratchEnv::new(&program).expect("memory");
    let mut cache = CodeCache::new(64 << 20);
    let rounds = 1000;
    let mut per_phase = [0u64; Phase::COUNT];
    let mut install = 0;
    for _ in 0..rounds {
        let mut ctx = Context::new(&program, id, Options::default(), Budget::unlimited());
        ctx.env = Some(scratch.env());
        for phase in Phase::ALL {
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            ctx.run(phase).expect("compiles");
            per_phase[phase as usize] += ALLOCATIONS.load(Ordering::Relaxed) - before;
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        ctx.install(&mut cache).expect("fits");
        install += ALLOCATIONS.load(Ordering::Relaxed) - before;
    }
    let f = program.func(id);
    println!(
        "{} ({} instructions): allocations per compile",
        f.name,
        f.code.len()
    );
    for phase in Phase::ALL {
        println!(
            "  {:<10} {:>6.1}",
            phase.name(),
            per_phase[phase as usize] as f64 / rounds as f64
        );
    }
    println!(
        "  {:<10} {:>6.1}",
        "install",
        install as f64 / rounds as f64
    );
    println!(
        "  {:<10} {:>6.1}",
        "all",
        (per_phase.iter().sum::<u64>() + install) as f64 / rounds as f64
    );
}
