//! Statistics over the generator's programs, to tune it: how they end
//! (cleanly, or which trap), how much they print, how many instructions
//! they run. `cargo run --release -p jit --example fuzz_stats -- FROM TO`
//! (campaigns are `bcvm fuzz`).
use jit::oracle::Config;
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
    for seed in from..to {
        let text = jit::fuzz::random_program(seed);
        let program = vm::load(text.as_bytes()).expect("loads");
        let (outcome, count) = jit::oracle::run(&program, Config::Interp, Limits::default());
        let key = match &outcome.trap {
            None => "ok".to_string(),
            Some(line) => line.split("trap: ").nth(1).unwrap_or(line).to_string(),
        };
        *outcomes.entry(key).or_insert(0) += 1;
        printed += outcome.stdout.len();
        executed += count;
    }
    println!(
        "{} programs, {executed} instructions interpreted, {printed} bytes printed",
        to - from
    );
    for (outcome, n) in outcomes {
        println!("{n:>8}  {outcome}");
    }
}
