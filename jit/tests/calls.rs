//! Calls between tiers at their limits: the depth limit and the register
//! stack's trip at the same call in every configuration of the oracle,
//! whichever frames are compiled; a trap deep in compiled code unwinds to
//! its entry with the output before it kept; arguments passed in registers
//! arrive in order, however the caller's homes are permuted.

use jit::testing::oracle::{run_with, Config, Outcome};
use std::fmt::Write as _;
use vm::Limits;

fn load(text: &str) -> vm::Program {
    vm::load(text.as_bytes()).unwrap_or_else(|e| panic!("{:?}\n{text}", e.diagnostics))
}

/// Runs `main(args)` in every configuration; all must agree with the
/// interpreter, whose outcome is returned.
fn agreed(program: &vm::Program, limits: Limits, args: &[i64]) -> Outcome {
    let (reference, _) = run_with(program, Config::Interp, limits, args);
    for config in &Config::all()[1..] {
        let (got, _) = run_with(program, *config, limits, args);
        assert!(got.rejected.is_empty(), "{config:?}: {:?}", got.rejected);
        assert_eq!(got, reference, "{config:?} with {args:?}");
    }
    reference
}

/// `down(n)` recurses n levels through a function with a loop (so the
/// on-stack-replacement configuration mixes interpreted and compiled
/// frames) and `width` registers, then divides by `d`.
fn recursion(width: usize) -> vm::Program {
    let mut text = String::from("func down(%n, %d)\n    mov %i, 0\nspin:\n    add %i, %i, 1\n    jlt %i, 3, spin\n    jz %n, bottom\n");
    for k in 0..width {
        let _ = writeln!(text, "    add %w{k}, %n, {k}");
    }
    text.push_str("    sub %m, %n, 1\n    call %r, down, %m, %d\n");
    if width > 0 {
        let _ = writeln!(text, "    add %r, %r, %w{}", width - 1);
    }
    text.push_str("    rem %p, %n, 1000\n    jnz %p, up\n    print %n\nup:\n    ret %r\nbottom:\n    div %q, 1, %d\n    ret %q\nend\n");
    text.push_str(
        "func main(%n, %d)\n    print 7\n    call %r, down, %n, %d\n    print %r\n    ret 0\nend\n",
    );
    load(&text)
}

fn traps_with(outcome: &Outcome, what: &str) -> bool {
    outcome.trap.as_deref().is_some_and(|t| t.contains(what))
}

#[test]
fn the_depth_limit_trips_at_the_same_call_in_every_tier() {
    let program = recursion(0);
    let limits = Limits {
        max_call_depth: 600,
        ..Limits::default()
    };
    // main is depth 1: down(n) needs depth n + 2.
    let fits = agreed(&program, limits, &[598, 1]);
    assert!(fits.trap.is_none(), "{fits:?}");
    let over = agreed(&program, limits, &[599, 1]);
    assert!(traps_with(&over, "stack overflow"), "{over:?}");
    assert!(over.stdout.starts_with(b"7\n"));
}

#[test]
fn a_trap_deep_in_compiled_code_unwinds_with_the_output_before_it() {
    let program = recursion(0);
    let outcome = agreed(&program, Limits::default(), &[5000, 0]);
    assert!(traps_with(&outcome, "division by zero"), "{outcome:?}");
    // Nothing is printed on the way up: the trap ends the program first.
    assert_eq!(outcome.stdout, b"7\n");
    let fine = agreed(&program, Limits::default(), &[5000, 1]);
    assert!(fine.stdout.ends_with(b"3000\n4000\n5000\n1\n"), "{fine:?}");
}

/// A register stack small enough to fill before the depth limit: compiled
/// frames then account for their slots, and the limit still trips at the
/// interpreter's call.
#[test]
fn the_register_stack_trips_at_the_same_call_in_every_tier() {
    let program = recursion(40);
    let frame = program
        .func(program.func_by_name("down").expect("down"))
        .frame_size();
    let limits = Limits {
        max_call_depth: 10_000,
        max_stack_slots: 300 * frame,
        ..Limits::default()
    };
    let (mut fits, mut over) = (0, 400);
    while over - fits > 1 {
        let n = (fits + over) / 2;
        match run_with(&program, Config::Interp, limits, &[n, 1]).0.trap {
            None => fits = n,
            Some(_) => over = n,
        }
    }
    assert!(over < 300, "the stack, not the depth, is the limit");
    assert!(agreed(&program, limits, &[fits, 1]).trap.is_none());
    let trapped = agreed(&program, limits, &[over, 1]);
    assert!(traps_with(&trapped, "stack overflow"), "{trapped:?}");
}

/// Calls whose arguments are the caller's values in every order, so the
/// moves into the argument registers form chains and cycles, with more
/// arguments than registers.
#[test]
fn arguments_arrive_in_order_whatever_the_permutation() {
    let mut text = String::from("func take(%a, %b, %c, %d, %e, %f, %g, %h)\n");
    text.push_str("    mul %x, %a, 10\n");
    for p in ["b", "c", "d", "e", "f", "g", "h"] {
        let _ = writeln!(text, "    add %x, %x, %{p}\n    mul %x, %x, 10");
    }
    // Values from a parameter, so constant propagation leaves them in
    // registers (and slots: eight values, six registers).
    text.push_str("    ret %x\nend\nfunc main(%z)\n");
    let names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for (k, v) in names.iter().enumerate() {
        let _ = writeln!(text, "    add %{v}, %z, {}", k + 1);
    }
    let orders: [[usize; 8]; 4] = [
        [1, 0, 2, 3, 4, 5, 6, 7],
        [1, 2, 3, 4, 5, 0, 7, 6],
        [7, 6, 5, 4, 3, 2, 1, 0],
        [0, 0, 1, 1, 2, 2, 3, 3],
    ];
    for order in orders {
        let args: Vec<String> = order.iter().map(|&k| format!("%{}", names[k])).collect();
        let _ = writeln!(text, "    call %r, take, {}\n    print %r", args.join(", "));
    }
    text.push_str("    ret 0\nend\n");
    let outcome = agreed(&load(&text), Limits::default(), &[0]);
    assert_eq!(
        String::from_utf8_lossy(&outcome.stdout),
        "213456780\n234561870\n876543210\n112233440\n"
    );
}

/// `down(n)` recurses n levels, then calls `clamp`, which calls `max` and
/// `min`: leaves the compiled `down` inlines, two levels deep. Each call
/// past the depth limit traps where the interpreter's does, inlined or not.
fn recursion_into_helpers() -> vm::Program {
    load(
        "func max(%a, %b)\n    jge %a, %b, first\n    ret %b\nfirst:\n    ret %a\nend\n\
         func min(%a, %b)\n    jle %a, %b, first\n    ret %b\nfirst:\n    ret %a\nend\n\
         func clamp(%x, %lo, %hi)\n    call %x, max, %x, %lo\n    call %x, min, %x, %hi\n    ret %x\nend\n\
         func down(%n)\n    jz %n, bottom\n    sub %m, %n, 1\n    call %r, down, %m\n    ret %r\n\
         bottom:\n    call %c, clamp, 7, 0, 5\n    ret %c\nend\n\
         func main(%n)\n    print 1\n    call %r, down, %n\n    print %r\n    ret 0\nend\n",
    )
}

#[test]
fn an_inlined_call_past_the_depth_limit_traps_at_that_call() {
    let program = recursion_into_helpers();
    let limits = Limits {
        max_call_depth: 300,
        ..Limits::default()
    };
    // main is depth 1, down(n) at the bottom depth n + 2, clamp n + 3 and
    // max n + 4.
    let fits = agreed(&program, limits, &[296]);
    assert_eq!(fits.stdout, b"1\n5\n");
    assert!(fits.trap.is_none(), "{fits:?}");
    let max_over = agreed(&program, limits, &[297]);
    let clamp_over = agreed(&program, limits, &[298]);
    let (Some(at_max), Some(at_clamp)) = (&max_over.trap, &clamp_over.trap) else {
        panic!("{max_over:?} {clamp_over:?}");
    };
    assert!(
        at_max.ends_with("trap: stack overflow (in function clamp)"),
        "{at_max}"
    );
    assert!(
        at_clamp.ends_with("trap: stack overflow (in function down)"),
        "{at_clamp}"
    );
}

/// Inlining is invisible to `--profile`'s call counts: a call inlined into
/// compiled code is counted as the interpreter counts it.
#[test]
fn inlined_calls_count_as_calls_in_the_profile() {
    let program = std::sync::Arc::new(recursion_into_helpers());
    let records = jit::observe::listen::Records::default();
    let counts = |config: Config| {
        let setup = config.setup(Limits::default(), records.clone());
        let mut vm = setup
            .vm(&program, vm::Output::capture(Default::default()))
            .expect("a VM");
        vm.run(&[10], true).expect("runs");
        vm.profile()
            .funcs
            .iter()
            .map(|f| f.calls)
            .collect::<Vec<_>>()
    };
    let interpreted = counts(Config::Interp);
    assert_eq!(interpreted, counts(Config::Jit));
    // down, whose self tail call is a loop, inlined into main, with
    // clamp, max and min inlined into it.
    let main = records
        .snapshot()
        .iter()
        .find(|r| r.function == "main")
        .map(|r| r.stats);
    assert_eq!(
        main.map(|s| {
            (
                s.count(jit::Phase::TailLoops, "tail-jumps"),
                s.count(jit::Phase::Inline, "inlined"),
            )
        }),
        Some((0, 4)),
        "down, clamp, max and min"
    );
    assert_eq!(interpreted[..3], [1, 1, 1], "max, min and clamp once each");
}

/// A function calling itself in tail position jumps instead (one native
/// frame), but each call still spends a level: the depth limit trips at
/// the same call, and the levels come back when it returns.
#[test]
fn self_tail_calls_keep_the_depth_limit_exact() {
    let program = load(
        "func down(%n, %acc)\n    jz %n, done\n    sub %m, %n, 1\n    add %a, %acc, %n\n    call %r, down, %m, %a\n    ret %r\ndone:\n    ret %acc\nend\n\
         func twice(%n)\n    call %a, down, %n, 0\n    call %b, down, %n, 0\n    add %a, %a, %b\n    ret %a\nend\n\
         func main(%n)\n    call %r, twice, %n\n    print %r\n    ret 0\nend\n",
    );
    let limits = Limits {
        max_call_depth: 1000,
        ..Limits::default()
    };
    // main 1, twice 2, down(n) down to down(0) at n + 3: twice's second
    // call must find every level the first one spent given back.
    let fits = agreed(&program, limits, &[997]);
    assert_eq!(fits.stdout, format!("{}\n", 997 * 998).as_bytes());
    let over = agreed(&program, limits, &[998]);
    assert!(
        traps_with(&over, "stack overflow (in function down)"),
        "{over:?}"
    );
}
