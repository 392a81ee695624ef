//! Compile cost grows with the function, not faster: each shape of
//! `benches/shapes.py` that once cost more per instruction as it grew
//! (a chain of irreducible loops, many calls in one block, long chains
//! of branches and diamonds, a long phi cycle, many live values) is
//! compiled at two sizes, and the budget units charged, phase by phase,
//! may grow at most a little faster than the function. Units, not time:
//! they are deterministic, and the budget charges them as the work is
//! done (`pipeline::budget`), so a phase that turns quadratic shows here.

use jit::backend::ScratchEnv;
use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
use std::fmt::Write as _;

/// A generator of a function of about `n` instructions.
type Shape = fn(usize) -> String;

fn irreducible(n: usize) -> String {
    let mut s = String::from("func main(%a)\n");
    for k in 0..n / 5 {
        let _ = write!(
            s,
            "    mov %i, 0\n    jnz %a, s{k}\nf{k}: add %s, %s, 1\ns{k}: add %i, %i, 1\n    jlt %i, 3, f{k}\n"
        );
    }
    s + "    print %s\n    ret 0\nend\n"
}

fn calls(n: usize) -> String {
    let mut s = String::from(
        "func small(%x)\n    mul %y, %x, 3\n    add %y, %y, 1\n    ret %y\nend\nfunc main(%a)\n    mov %s, %a\n",
    );
    for _ in 0..n {
        s.push_str("    call %s, small, %s\n");
    }
    s + "    print %s\n    ret 0\nend\n"
}

fn diamonds(n: usize) -> String {
    let mut s = String::from("func main(%a)\n");
    for k in 0..100 {
        let _ = writeln!(s, "    add %r{k}, %a, {k}");
    }
    for i in 0..n / 5 {
        let r = i % 100;
        let _ = write!(
            s,
            "    jlt %r{r}, {}, o{i}\n    add %r{r}, %r{r}, 1\n    jmp j{i}\no{i}: sub %r{r}, %r{r}, %a\nj{i}: xor %s, %s, %r{r}\n",
            i % 7
        );
    }
    s + "    print %s\n    ret 0\nend\n"
}

fn branch_chain(n: usize) -> String {
    let mut s = String::from("func main(%a)\n");
    for i in 0..n / 2 {
        let _ = write!(
            s,
            "    jlt %a, {}, k{i}\nk{i}: add %s, %s, {}\n",
            i % 17,
            i % 5
        );
    }
    s + "    print %s\n    ret 0\nend\n"
}

fn phi_cycle(n: usize) -> String {
    let regs = n / 2;
    let mut s = String::from("func main(%a)\n");
    for k in 0..regs {
        let _ = writeln!(s, "    add %r{k}, %a, {k}");
    }
    s.push_str("top: mov %t, %r0\n");
    for k in 0..regs - 1 {
        let _ = writeln!(s, "    mov %r{k}, %r{}", k + 1);
    }
    let _ = writeln!(s, "    mov %r{}, %t", regs - 1);
    s + "    add %i, %i, 1\n    jlt %i, 3, top\n    print %r0\n    ret 0\nend\n"
}

fn many_live(n: usize) -> String {
    let mut s = String::from("func main(%a)\n");
    for k in 0..n / 2 {
        let _ = writeln!(s, "    mul %v{k}, %a, {}", k + 3);
    }
    for k in (0..n / 2).rev() {
        let _ = writeln!(s, "    add %s, %s, %v{k}");
    }
    s + "    print %s\n    ret 0\nend\n"
}

/// Units per phase of `main`'s compile, its bytecode instructions, and
/// those plus what inlining added.
fn units(text: &str) -> (Vec<u64>, u64, u64) {
    let program = vm::load(text.as_bytes()).expect("loads");
    let mut scratch = ScratchEnv::new(&program).expect("memory");
    let mut ctx = Context::new(
        &program,
        program.main,
        Options::default(),
        Budget::unlimited(),
    );
    ctx.env = Some(scratch.env());
    ctx.run(Phase::Emit).expect("compiles");
    let own = ctx.stats.instructions as u64;
    (
        ctx.work.to_vec(),
        own,
        own + ctx.stats.count(Phase::Inline, "grown"),
    )
}

#[test]
fn no_phase_grows_faster_than_the_function() {
    let shapes: [(&str, Shape); 6] = [
        ("irreducible", irreducible),
        ("calls", calls),
        ("diamonds", diamonds),
        ("branch_chain", branch_chain),
        ("phi_cycle", phi_cycle),
        ("many_live", many_live),
    ];
    let mut failures = Vec::new();
    for (name, shape) in shapes {
        let (small, small_own, small_size) = units(&shape(1000));
        let (large, large_own, large_size) = units(&shape(8000));
        // Phases before inlining see the bytecode; after, what inlining
        // made of it (bounded by its growth allowance).
        let growth =
            (large_own as f64 / small_own as f64).max(large_size as f64 / small_size as f64);
        for phase in Phase::ALL {
            let (a, b) = (small[phase as usize], large[phase as usize]);
            // Near-linear: at most 1.5 times the function's growth (a
            // quadratic phase would be about eight times it here), above
            // a floor of units too few to say anything.
            if b > 2_000 && b as f64 > 1.5 * growth * a.max(1) as f64 {
                failures.push(format!(
                    "{name}: {phase} charged {a} units at {small_size} instructions, {b} at {large_size}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
