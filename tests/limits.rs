//! Resource limits and hostile input, through the command line in every
//! tier: each must end in a clean run, a clean trap or a clean error (exit
//! 0, 1 or 2 with the expected output), never a crash, a hang or a panic.
//! The loader's own hostile cases are in `vm/tests/hostile.rs`.

use jit::testing::oracle::Config;
use std::fmt::Write as _;
use std::process::{Command, Output};

/// The tiers a user picks from: interp, jit, baseline, tiered with
/// thresholds 2, and auto with thresholds 1.
const TIERS: [Config; 6] = [
    Config::Interp,
    Config::InterpAsm,
    Config::Jit,
    Config::Baseline,
    Config::Tiered,
    Config::Auto,
];

fn write_program(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bcvm-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.bc"));
    std::fs::write(&path, text).expect("write");
    path.to_string_lossy().into_owned()
}

fn run(file: &str, tier: Config, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bcvm"))
        .arg("run")
        .arg(file)
        .args(tier.flags())
        .args(extra)
        .output()
        .expect("run bcvm")
}

/// Runs `file` in every tier; each must exit with `status`, print
/// `stdout` and have `stderr` as its first stderr line (if given).
fn in_every_tier(file: &str, args: &[&str], status: i32, stdout: &str, stderr: Option<&str>) {
    for tier in TIERS {
        let out = run(file, tier, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{tier:?}: {err}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), stdout, "{tier:?}");
        if let Some(line) = stderr {
            assert_eq!(err.lines().next(), Some(line), "{tier:?}");
        }
    }
}

#[test]
fn two_gib_linear_memory() {
    let file = write_program(
        "memory",
        ".memory 268435456\nfunc main()\n    store [268435455], 9\n    load %x, [268435455]\n    print %x\n    mov %i, 268435456\n    load %x, [%i]\n    ret 0\nend\n",
    );
    let trap = format!("{file}:7:5: trap: memory access out of bounds (in function main)");
    in_every_tier(&file, &[], 1, "9\n", Some(&trap));
}

#[test]
fn function_of_two_hundred_thousand_instructions() {
    let mut text = String::from("func main(%n)\n    mov %a, %n\n");
    for k in 0..200_000 {
        let _ = writeln!(
            text,
            "    {} %a, %a, {}",
            ["add", "xor", "mul"][k % 3],
            k % 7 + 1
        );
    }
    text.push_str("    print %a\n    ret 0\nend\n");
    let file = write_program("long", &text);
    let reference = run(&file, TIERS[0], &["3"]);
    assert_eq!(reference.status.code(), Some(0));
    let expected = String::from_utf8(reference.stdout).expect("utf-8");
    in_every_tier(&file, &["3"], 0, &expected, None);
}

#[test]
fn a_million_registers_in_every_tier() {
    let mut text = String::from("func main()\n");
    for i in 0..1_000_000 {
        let _ = writeln!(text, "    mov %r{i}, {i}");
    }
    text.push_str("    add %sum, %r999999, %r1\n    print %sum\n    ret 0\nend\n");
    let file = write_program("registers", &text);
    in_every_tier(&file, &[], 0, "1000000\n", None);
}

const RECURSE: &str = "func down(%n)\n    jz %n, bottom\n    sub %m, %n, 1\n    call %r, down, %m\n    add %r, %r, 1\n    ret %r\nbottom:\n    ret 0\nend\nfunc main(%n)\n    call %r, down, %n\n    print %r\n    ret 0\nend\n";

#[test]
fn hundred_thousand_deep_recursion() {
    let file = write_program("recurse", RECURSE);
    // `main` is depth 1, so `down` may nest 99,999 deep: n = 99,998.
    in_every_tier(&file, &["99998"], 0, "99998\n", None);
    let trap = format!("{file}:4:5: trap: stack overflow (in function down)");
    in_every_tier(&file, &["99999"], 1, "", Some(&trap));
}

#[test]
fn compile_budget_that_runs_out_mid_construction() {
    let file = write_program("budget", RECURSE);
    for budget in ["1", "20", "60"] {
        let out = run(
            &file,
            Config::Jit,
            &["--compile-budget", budget, "--trace-compile", "1000"],
        );
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(out.stdout, b"1000\n");
        let trace = String::from_utf8_lossy(&out.stderr);
        let down = trace
            .lines()
            .find(|l| l.starts_with("compile down "))
            .unwrap_or_else(|| panic!("{trace}"));
        assert!(down.contains("outcome=bailed in "), "{down}");
    }
    // Somewhere between, it runs out inside SSA construction itself.
    let in_ssa = (1..200).any(|units| {
        let out = run(
            &file,
            Config::Jit,
            &[
                "--compile-budget",
                &units.to_string(),
                "--trace-compile",
                "5",
            ],
        );
        assert_eq!(out.stdout, b"5\n");
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .any(|l| l.starts_with("compile down ") && l.contains("outcome=bailed in ssa"))
    });
    assert!(in_ssa, "no budget ran out in ssa");
}

#[test]
fn fifty_megabyte_program_runs() {
    let mut text = String::with_capacity(52 << 20);
    let mut n = 0;
    while text.len() < 50 << 20 {
        let _ = writeln!(
            text,
            "func f{n}(%a, %b)\n    add %c, %a, %b\n    mul %c, %c, 0x10\n    ret %c\nend"
        );
        n += 1;
    }
    let _ = writeln!(
        text,
        "func main()\n    call %x, f0, 1, 2\n    call %y, f{}, %x, 3\n    print %y\n    ret 0\nend",
        n - 1
    );
    let file = write_program("fifty", &text);
    in_every_tier(&file, &[], 0, "816\n", None);
}

/// Calls left inside inlined bodies spend the levels of the frames
/// inlining saved: under limits one apart, the overflow falls on each of
/// the three calls in turn (in `step`, `down` and `twice`), and every tier
/// traps where the interpreter does.
#[test]
fn depth_limit_inside_inlined_bodies() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/programs/inlined_calls_depth.bc"
    );
    let mut lines = std::collections::BTreeSet::new();
    for limit in 1000..1008 {
        let limit = limit.to_string();
        let flags = ["--max-call-depth", limit.as_str(), "80000"];
        let want = run(file, Config::Interp, &flags);
        let trap = String::from_utf8_lossy(&want.stderr);
        let trap = trap.lines().next().expect("a trap line").to_string();
        let want_out = String::from_utf8_lossy(&want.stdout).into_owned();
        in_every_tier(file, &flags, 1, &want_out, Some(&trap));
        lines.insert(trap.split(": trap").next().map(str::to_string));
    }
    assert_eq!(lines.len(), 4, "the traps fall on {lines:?}");
}

/// A group of accesses on one base is checked once, at its first access
/// (`group_checks`); a record hanging off either end of the memory makes
/// that check fail, and every tier traps at the member the interpreter
/// traps at: the store at offset 5, the load at 2 or the store at 0,
/// after the same output.
#[test]
fn a_groups_trap_falls_on_the_first_member_out_of_bounds() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/group_traps.bc");
    let mut lines = std::collections::BTreeSet::new();
    for p in ["10", "11", "13", "14", "16", "-1", "-3", "-9"] {
        let want = run(file, Config::Interp, &[p]);
        let err = String::from_utf8_lossy(&want.stderr);
        let trap = err.lines().next().map(str::to_string);
        let want_out = String::from_utf8_lossy(&want.stdout).into_owned();
        let status = want.status.code().expect("an exit status");
        in_every_tier(file, &[p], status, &want_out, trap.as_deref());
        lines.insert(trap.map(|t| t.split(": trap").next().map(str::to_string)));
    }
    // No trap (p = 10), and each of the three members.
    assert_eq!(lines.len(), 4, "{lines:?}");
}

/// A recursion the inliner unrolls (`inline::MAX_UNROLL` levels): each
/// level's call spends the levels of the copies around it, so the depth
/// limit passes or trips exactly where the interpreter's does, around the
/// deepest point of each run (Ackermann's function needs 29 levels for
/// `2 12`, fib 19 for 18), in every tier.
#[test]
fn depth_limit_in_an_unrolled_recursion() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/");
    for (name, args, limits) in [
        ("ackermann", &["2", "12"][..], 24..34),
        ("fib", &["18"][..], 14..24),
    ] {
        let file = format!("{dir}{name}.bc");
        let mut outcomes = std::collections::BTreeSet::new();
        for limit in limits {
            let limit = limit.to_string();
            let mut flags = vec!["--max-call-depth", limit.as_str()];
            flags.extend_from_slice(args);
            let want = run(&file, Config::Interp, &flags);
            let trap = String::from_utf8_lossy(&want.stderr);
            let trap = trap.lines().next().map(str::to_string);
            let status = want.status.code().expect("an exit status");
            let want_out = String::from_utf8_lossy(&want.stdout).into_owned();
            in_every_tier(&file, &flags, status, &want_out, trap.as_deref());
            outcomes.insert(status);
        }
        assert_eq!(outcomes.len(), 2, "{name}: both a trap and a result");
    }
}
