//! How the middle end scales: for generated functions of 10^3 to 10^5
//! instructions, the budget units each instruction costs and the best of
//! five wall times per instruction for each phase (the pipeline's own
//! timers). `cargo run --release -p jit --example scale`.

use jit::pipeline::{self, Stage};
use jit::{Budget, Phase};
fn main() {
    for size in [1_000, 10_000, 100_000] {
        let program = vm::load(jit::synth::sized(size, 42).as_bytes()).unwrap();
        let f = program.func_by_name("f").unwrap();
        let mut best = [f64::MAX; 6];
        let mut units = 0;
        for _ in 0..5 {
            let mut b = Budget::unlimited();
            let me = pipeline::run(&program, f, Stage::Out, &mut b).unwrap();
            units = b.used();
            for p in Phase::ALL {
                best[p as usize] =
                    best[p as usize].min(me.times[p as usize].as_secs_f64() * 1e6 / size as f64);
            }
        }
        println!("{size}: units/instr {:.1}  us/instr cfg {:.3} dom {:.3} ssa {:.3} sccp {:.3} out {:.3}", units as f64 / size as f64, best[0], best[1], best[2], best[3], best[4]);
    }
}
