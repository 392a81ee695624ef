//! Statistics over random programs: how many trap, and where, how much
//! they print, how many instructions they run. Also a campaign: every
//! seed in the range is run in the interpreter, compiled (with and without
//! constant propagation) and under tier-up, and the four compared.
//! `cargo run --release -p jit --example fuzz_stats -- FROM TO`
use jit::compiler::Jit;
use vm::runtime::SharedBuffer;
use vm::tier::Thresholds;
use vm::{Limits, Output, Vm};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("seed"))
        .collect();
    let (from, to) = (
        args.first().copied().unwrap_or(0),
        args.get(1).copied().unwrap_or(1000),
    );
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
        let (mut traps, mut printed, mut executed, mut divergent) = (std::collections::BTreeMap::new(), 0usize, 0u64, 0);
        for seed in from..to {
            let text = jit::fuzz::random_program(seed);
            let program = vm::load(text.as_bytes()).expect("loads");
            if std::env::var("FUZZ_VERBOSE").is_ok() {
                eprintln!("seed {seed}");
            }
            let mut results = Vec::new();
            for tier in 0..4 {
                let buffer = SharedBuffer::default();
                let mut vm = Vm::new(&program, Output::capture(buffer.clone()), Limits::default()).expect("vm");
                if tier == 1 {
                    vm.set_compiler(Box::new(Jit::default()), Thresholds::NEVER, true);
                }
                if tier == 2 {
                    vm.set_compiler(Box::new(Jit::default()), Thresholds { calls: 1, back_edges: 1 }, false);
                }
                if tier == 3 {
                    let jit = Jit { constant_propagation: false, ..Jit::default() };
                    vm.set_compiler(Box::new(jit), Thresholds::NEVER, true);
                }
                let r = vm.run(&[], tier == 0);
                vm.out.flush();
                if tier == 0 {
                    executed += vm.profile().funcs.iter().map(|f| f.instructions).sum::<u64>();
                    let key = match &r {
                        Ok(_) => "ok".to_string(),
                        Err(t) => t.kind.to_string(),
                    };
                    *traps.entry(key).or_insert(0) += 1;
                    printed += buffer.contents().len();
                }
                results.push((buffer.contents(), r.map_err(|t| (t.kind, t.func, t.pc))));
            }
            if results.iter().any(|r| *r != results[0]) {
                divergent += 1;
                println!("DIVERGENCE seed {seed}");
            }
        }
        println!("{} programs, {executed} instructions interpreted, {printed} bytes printed, outcomes {traps:?}, {divergent} divergences", to - from);
    });
    worker.expect("thread").join().expect("join");
}
