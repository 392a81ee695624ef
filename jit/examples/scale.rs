//! How the phases before emission scale: for generated functions of 10^3 to 10^5
//! instructions, the budget units each instruction costs and the best of
//! five wall times per instruction for each phase (the pipeline's own
//! timers). `cargo run --release -p jit --example scale`.

use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
fn main() {
    for size in [1_000, 10_000, 100_000] {
        let program = vm::load(jit::testing::synth::sized(size, 42).as_bytes()).unwrap();
        let f = program.func_by_name("f").unwrap();
        let mut best = [f64::MAX; Phase::COUNT];
        let mut units = 0;
        for _ in 0..5 {
            let mut me = Context::new(&program, f, Options::default(), Budget::unlimited());
            me.run(Phase::Bounds).unwrap();
            units = me.budget.used();
            for p in Phase::ALL {
                best[p as usize] =
                    best[p as usize].min(me.times[p as usize].as_secs_f64() * 1e6 / size as f64);
            }
        }
        let phases: Vec<String> = Phase::ALL[..Phase::Emit as usize]
            .iter()
            .map(|p| format!("{p} {:.3}", best[*p as usize]))
            .collect();
        println!(
            "{size}: units/instr {:.1}  us/instr {}",
            units as f64 / size as f64,
            phases.join(" ")
        );
    }
}
