//! Differential testing: random programs (`jit::fuzz`) run in the
//! interpreter, compiled eagerly (with and without constant propagation),
//! under tier-up with both thresholds 1, and with loops entering compiled
//! code by on-stack replacement; stdout, the trap and its position must
//! agree exactly (`jit::oracle`).

fn check_seeds(seeds: std::ops::Range<u64>) -> Vec<String> {
    let mut divergences = Vec::new();
    for seed in seeds {
        let text = jit::fuzz::random_program(seed);
        let program = vm::load(text.as_bytes())
            .unwrap_or_else(|e| panic!("seed {seed} does not load: {:?}\n{text}", e.diagnostics));
        let verdict = jit::oracle::check(&program);
        for (config, got) in verdict.divergent {
            divergences.push(format!(
                "seed {seed} [{}]: expected trap {:?}, got {:?}; stdout {}\n{text}",
                config.name(),
                verdict.reference.trap,
                got.trap,
                if got.stdout == verdict.reference.stdout {
                    "same"
                } else {
                    "differs"
                }
            ));
        }
    }
    divergences
}

#[test]
fn random_programs_agree_in_every_tier() {
    // Compiled recursion uses the native stack: give it room.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| check_seeds(0..1000))
        .expect("thread");
    let divergences = worker.join().expect("no panic");
    assert!(
        divergences.is_empty(),
        "{} divergences; first:\n{}",
        divergences.len(),
        divergences[0]
    );
}
