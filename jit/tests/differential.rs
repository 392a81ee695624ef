//! Differential testing: random programs (`jit::testing::fuzz`) run in the
//! interpreter, compiled eagerly (with and without constant propagation),
//! under tier-up with both thresholds 1, and with loops entering compiled
//! code by on-stack replacement; stdout, the trap and its position must
//! agree exactly (`jit::testing::oracle`).

fn check_seeds(seeds: std::ops::Range<u64>) -> Vec<String> {
    let mut divergences = Vec::new();
    for seed in seeds {
        let text = jit::testing::fuzz::random_program(seed);
        let program = vm::load(text.as_bytes())
            .unwrap_or_else(|e| panic!("seed {seed} does not load: {:?}\n{text}", e.diagnostics));
        let verdict = jit::testing::oracle::check(&program);
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

/// Compiled frames live on the native stack; below its floor, calls run
/// in the interpreter instead. A recursion far deeper than a 1 MiB thread
/// stack holds compiled gives the interpreter's answer, compiled eagerly
/// and under tier-up, instead of overflowing the stack.
#[test]
fn deep_compiled_recursion_on_a_small_native_stack() {
    use jit::testing::oracle::{run, Config};
    let text = "func r(%n)\n    jz %n, done\n    sub %m, %n, 1\n    call %x, r, %m\n    add %x, %x, 1\n    ret %x\ndone:\n    ret 0\nend\nfunc main()\n    call %x, r, 60000\n    print %x\n    ret 0\nend\n";
    for config in [Config::Interp, Config::Jit, Config::Auto] {
        let outcome = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                let program = vm::load(text.as_bytes()).expect("loads");
                run(&program, config, vm::Limits::default()).0
            })
            .expect("thread")
            .join()
            .expect("no overflow");
        assert_eq!(outcome.stdout, b"60000\n", "{config:?}");
        assert_eq!(outcome.trap, None, "{config:?}");
    }
}

/// A recursion of wide frames that runs into the register stack's limit
/// traps at the same call in every tier (the interpreter once let one more
/// frame in, through the headroom it keeps above the limit).
#[test]
fn every_tier_stops_at_the_same_frame_at_the_register_stack_limit() {
    use jit::testing::oracle::{run, Config};
    let mut text = String::from("func r(%n)\n    print %n\n    jz %n, never\n");
    for i in 0..300 {
        text += &format!("    mov %r{i}, 1\n");
    }
    text += "never:\n    add %m, %n, 1\n    call %x, r, %m\n    ret %x\nend\nfunc main()\n    call %x, r, 1\n    ret 0\nend\n";
    let program = vm::load(text.as_bytes()).expect("loads");
    let limits = vm::Limits {
        max_stack_slots: 1 << 20,
        ..vm::Limits::default()
    };
    let reference = run(&program, Config::Interp, limits).0;
    let lines = reference.stdout.iter().filter(|&&b| b == b'\n').count();
    // As many frames of `r` as fit after `main`'s.
    let frame = |name| {
        program
            .func(program.func_by_name(name).expect(name))
            .frame_size()
    };
    assert_eq!(
        lines,
        ((1 << 20) - frame("main")) / frame("r"),
        "{:?}",
        reference.trap
    );
    assert!(reference
        .trap
        .as_deref()
        .is_some_and(|t| t.contains("stack overflow")));
    for config in [Config::Jit, Config::Auto, Config::Osr] {
        assert_eq!(run(&program, config, limits).0, reference, "{config:?}");
    }
}
