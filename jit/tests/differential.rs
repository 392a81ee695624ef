//! Differential testing: random programs (`jit::fuzz`) run in the
//! interpreter, compiled eagerly (with and without constant propagation),
//! and under tier-up with both thresholds 1; stdout, the trap and its
//! position must agree exactly.

use jit::compiler::Jit;
use vm::runtime::SharedBuffer;
use vm::tier::Thresholds;
use vm::{Limits, Output, Program, Vm};

#[derive(Debug, PartialEq)]
struct Outcome {
    stdout: Vec<u8>,
    trap: Option<String>,
}

fn run(program: &Program, tier: &str) -> Outcome {
    let buffer = SharedBuffer::default();
    let mut vm = Vm::new(program, Output::capture(buffer.clone()), Limits::default()).expect("vm");
    match tier {
        "jit" => vm.set_compiler(Box::new(Jit::default()), Thresholds::NEVER, true),
        "jit-no-sccp" => {
            let jit = Jit {
                constant_propagation: false,
                ..Jit::default()
            };
            vm.set_compiler(Box::new(jit), Thresholds::NEVER, true)
        }
        "auto" => vm.set_compiler(
            Box::new(Jit::default()),
            Thresholds {
                calls: 1,
                back_edges: 1,
            },
            false,
        ),
        _ => {}
    }
    let trap = vm
        .run(&[], false)
        .err()
        .map(|t| t.render(program, "fuzz.bc"));
    vm.out.flush();
    Outcome {
        stdout: buffer.contents(),
        trap,
    }
}

fn check_seeds(seeds: std::ops::Range<u64>) -> Vec<String> {
    let mut divergences = Vec::new();
    for seed in seeds {
        let text = jit::fuzz::random_program(seed);
        let program = vm::load(text.as_bytes())
            .unwrap_or_else(|e| panic!("seed {seed} does not load: {:?}\n{text}", e.diagnostics));
        let oracle = run(&program, "interp");
        for tier in ["jit", "jit-no-sccp", "auto"] {
            let got = run(&program, tier);
            if got != oracle {
                divergences.push(format!(
                    "seed {seed} [{tier}]: expected trap {:?}, got {:?}; stdout {}\n{text}",
                    oracle.trap,
                    got.trap,
                    if got.stdout == oracle.stdout {
                        "same"
                    } else {
                        "differs"
                    }
                ));
            }
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
