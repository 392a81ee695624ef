//! Calls between tiers at their limits: the depth limit and the register
//! stack's trip at the same call in every configuration of the oracle,
//! whichever frames are compiled; a trap deep in compiled code unwinds to
//! its entry with the output before it kept; arguments passed in registers
//! arrive in order, however the caller's homes are permuted.

use jit::oracle::{run_with, Config, Outcome};
use std::fmt::Write as _;
use vm::Limits;

fn load(text: &str) -> vm::Program {
    vm::load(text.as_bytes()).unwrap_or_else(|e| panic!("{:?}\n{text}", e.diagnostics))
}

/// Runs `main(args)` in every configuration; all must agree with the
/// interpreter, whose outcome is returned.
fn agreed(program: &vm::Program, limits: Limits, args: &[i64]) -> Outcome {
    let (reference, _) = run_with(program, Config::Interp, limits, args);
    for config in &Config::ALL[1..] {
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
