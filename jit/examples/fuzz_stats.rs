//! Statistics over the generator's programs, to tune it: how they end
//! (cleanly, or which trap), how much they print, how many instructions
//! they run, how many loops the emitter versions (`jit::passes::bounds`). `cargo run --release -p jit --example fuzz_stats -- FROM TO`
//! (campaigns are `bcvm fuzz`).
use jit::testing::oracle::Config;
use vm::Limits;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("seed"))
        .collect();
    let (from, to) = (
        args.first().copied().unwrap_or(0),
        args.get(1).copied().unwrap_or(1000),
    );
    let mut outcomes = std::collections::BTreeMap::new();
    let (mut printed, mut executed) = (0usize, 0u64);
    let (mut versioned, mut with_versioned) = (0usize, 0usize);
    for seed in from..to {
        let text = jit::testing::fuzz::random_program(seed);
        let program = vm::load(text.as_bytes()).expect("loads");
        let (outcome, count) =
            jit::testing::oracle::run(&program, Config::Interp, Limits::default());
        let key = match &outcome.trap {
            None => "ok".to_string(),
            Some(line) => line.split("trap: ").nth(1).unwrap_or(line).to_string(),
        };
        *outcomes.entry(key).or_insert(0) += 1;
        printed += outcome.stdout.len();
        executed += count;
        let loops = versioned_loops(&program);
        versioned += loops;
        with_versioned += usize::from(loops > 0);
    }
    println!(
        "{} programs, {executed} instructions interpreted, {printed} bytes printed",
        to - from
    );
    println!("{versioned} loops versioned, in {with_versioned} programs");
    for (outcome, n) in outcomes {
        println!("{n:>8}  {outcome}");
    }
}

/// Loops of the program that get an unchecked copy.
fn versioned_loops(program: &vm::Program) -> usize {
    (0..program.funcs.len())
        .filter_map(|k| {
            jit::pipeline::context::Context::compiled_to(
                program,
                vm::FuncId(k as u32),
                jit::Phase::Bounds,
            )
            .ok()?
            .versioned
        })
        .map(|loops| loops.len())
        .sum()
}
