//! `bcvm run` and `check`: arguments, exit statuses, the call-depth
//! limit, tiers meeting in one run, the help and the README.

use crate::*;

#[test]
fn arguments_are_integer_literals() {
    let p = program("echo", ECHO);
    let out = bcvm(&["run", &p, "-5", "0x10"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"-5\n16\n");
}

#[test]
fn wrong_argument_count_is_a_load_error() {
    let p = program("echo_count", ECHO);
    let out = bcvm(&["run", &p, "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("{p}: error: `main` takes 2 arguments, 1 given\n")
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn non_integer_argument_is_a_load_error() {
    let p = program("echo_bad", ECHO);
    let out = bcvm(&["run", &p, "1", "2.5"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("{p}: error: argument `2.5` is not an integer literal\n")
    );
}

#[test]
fn missing_file_is_reported_without_position() {
    let out = bcvm(&["run", "/nonexistent/x.bc"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("/nonexistent/x.bc: error: cannot read file:"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn check_reports_every_file() {
    let good = program("good", "func main()\n    ret 0\nend\n");
    let bad = program("bad", "func main()\n    nop\n    ret 0\nend\n");
    let out = bcvm(&["check", &good, &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("{bad}:2:5: error: unknown instruction `nop`\n")
    );
    assert_eq!(bcvm(&["check", &good]).status.code(), Some(0));
}

const RECURSE: &str = "func down(%n)\n    jz %n, out\n    sub %n, %n, 1\n    call %r, down, %n\nout:\n    ret 0\nend\n\
                       func main(%n)\n    call %r, down, %n\n    print 1\n    ret 0\nend\n";

#[test]
fn max_call_depth_is_exact() {
    let p = program("depth", RECURSE);
    // main is depth 1, down(n) runs at depths 2..=n+2.
    let fits = bcvm(&["run", "--max-call-depth", "12", &p, "10"]);
    assert_eq!(fits.status.code(), Some(0), "{}", stderr(&fits));
    let over = bcvm(&["run", "--max-call-depth", "12", &p, "11"]);
    assert_eq!(over.status.code(), Some(1));
    assert_eq!(
        stderr(&over),
        format!("{p}:4:5: trap: stack overflow (in function down)\n")
    );
    let zero = bcvm(&["run", "--max-call-depth", "0", &p, "1"]);
    assert_eq!(
        zero.status.code(),
        Some(2),
        "a depth limit below 1 is a usage error"
    );
}

#[test]
fn large_output_before_a_trap_is_not_lost() {
    let p = program(
        "flood",
        "func main()\n    mov %i, 0\nl:\n    print %i\n    add %i, %i, 1\n    jlt %i, 100000, l\n    load %x, [0]\n    ret 0\nend\n",
    );
    let out = bcvm(&["run", &p]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 100_000);
    assert_eq!(text.lines().last(), Some("99999"));
}

#[test]
fn help_documents_every_run_flag() {
    let out = bcvm(&["run", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in ["--tier", "--max-call-depth", "--profile"] {
        assert!(help.contains(flag), "{flag} missing from help:\n{help}");
    }
}

/// The README's synopsis names every flag of every command; the pass
/// table's switches as `--no-PASS`.
#[test]
fn the_readme_names_every_flag() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    assert!(readme.contains("--no-PASS"));
    let switches: Vec<String> = jit::Phase::optional()
        .filter_map(|p| p.pass().switch.map(|s| format!("--{}", s.flag)))
        .collect();
    for command in ["run", "check", "dump", "explore", "bench", "fuzz", "reduce"] {
        let out = bcvm(&[command, "--help"]);
        let help = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(readme.contains(&format!("bcvm {command} ")), "{command}");
        for word in help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            let flag = word.trim_end_matches('-');
            if flag.starts_with("--")
                && flag.len() > 2
                && !["--help", "--version"].contains(&flag)
                && !switches.iter().any(|s| s == flag)
            {
                assert!(
                    readme.contains(flag),
                    "{command} {flag} missing from the README"
                );
            }
        }
    }
}

/// `small` fits the budget and is compiled; `big` does not and stays in
/// the interpreter; they recurse through each other, so calls cross the
/// tier boundary both ways, down to a trap at the bottom.
#[test]
fn mixed_tier_recursion() {
    let mut big = String::from("func big(%n)\n    sub %m, %n, 1\n    call %r, small, %m\n");
    for i in 0..300 {
        big.push_str(&format!("    add %r, %r, {}\n    sub %r, %r, {}\n", i, i));
    }
    big.push_str("    add %r, %r, 1\n    ret %r\nend\n");
    let text = format!(
        "func small(%n)\n    jz %n, bottom\n    call %r, big, %n\n    add %r, %r, 1\n    ret %r\nbottom:\n    print 42\n    div %x, 1, %n\n    ret 0\nend\n{big}\
         func main(%n)\n    call %r, small, %n\n    print %r\n    ret 0\nend\n"
    );
    let p = program("mixed", &text);
    let out = bcvm(&["run", "--tier", "jit", "--compile-budget", "500", &p, "0"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
    assert_eq!(
        stderr(&out),
        format!("{p}:8:5: trap: division by zero (in function small)\n")
    );
    // The trace shows which tier each function got.
    let traced = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--compile-budget",
        "500",
        "--trace-compile",
        &p,
        "3",
    ]);
    let trace = stderr(&traced);
    let outcome = |name: &str| {
        let line = trace
            .lines()
            .find(|l| l.starts_with(&format!("compile {name} ")))
            .unwrap_or_else(|| panic!("{trace}"));
        line[line.find("outcome=").expect("outcome")..].to_string()
    };
    assert_eq!(outcome("small"), "outcome=ok");
    assert!(outcome("big").starts_with("outcome=bailed in "), "{trace}");
    let p2 = program("mixed_ok", &text.replace("    div %x, 1, %n\n", ""));
    for tier in ["interp", "jit"] {
        let out = bcvm(&["run", "--tier", tier, "--compile-budget", "500", &p2, "500"]);
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n1000\n", "{tier}");
    }
}

/// A function whose SSA would need 20 million phis: under the default
/// budget the compiler gives up within milliseconds and the interpreter
/// runs it, correctly.
#[test]
fn pathological_function_falls_back_to_the_interpreter() {
    let p = program(
        "pathological",
        &jit::testing::synth::pathological(10_000, 2_000),
    );
    let start = std::time::Instant::now();
    let out = bcvm(&["run", "--tier", "jit", &p]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2001000\n");
    eprintln!("ran in {:?}", start.elapsed());
}

#[test]
fn no_sccp_compiles_the_same_program_to_the_same_answer() {
    let out = bcvm(&[
        "run",
        "programs/sum.bc",
        "100",
        "--tier",
        "jit",
        "--no-sccp",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"4950\n");
}

/// On-stack replacement shows in the trace (the trigger names the loop
/// header's line) and in the perf map; `main`, called once, is compiled
/// for nothing else.
#[test]
fn hot_loops_are_replaced_on_the_stack_and_traced() {
    let p = program(
        "osr_traced",
        "func main(%n)\n    mov %i, 0\nloop:\n    jge %i, %n, done\n    add %i, %i, 1\n    jmp loop\ndone:\n    print %i\n    ret 0\nend\n",
    );
    let child = Command::new(env!("CARGO_BIN_EXE_bcvm"))
        .args([
            "run",
            "--tier",
            "auto",
            "--compile-threads",
            "0",
            "--trace-compile",
            "--perf-map",
            &p,
            "100000",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run");
    let map = format!("/tmp/perf-{}.map", child.id());
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.stdout, b"100000\n");
    let triggers: Vec<&str> = std::str::from_utf8(&out.stderr)
        .expect("utf-8")
        .lines()
        .filter_map(|l| l.split_whitespace().find(|f| f.starts_with("trigger=")))
        .collect();
    assert_eq!(triggers, ["trigger=osr@line4"], "{}", stderr(&out));
    let text = std::fs::read_to_string(&map).expect("the perf map");
    let _ = std::fs::remove_file(&map);
    let names: Vec<String> = text
        .lines()
        .map(|l| l.splitn(3, ' ').nth(2).unwrap_or("").to_string())
        .collect();
    assert_eq!(names, ["bcvm:glue", "bcvm:main (osr at line 4)"], "{text}");
}

#[test]
fn a_full_code_cache_leaves_functions_interpreted() {
    let p = program(
        "cache_full",
        "func main(%n)\n    call %r, ack, 2, %n\n    print %r\n    ret 0\nend\n\
         func ack(%m, %n)\n    jnz %m, m_pos\n    add %r, %n, 1\n    ret %r\n\
         m_pos:\n    jnz %n, both\n    sub %m1, %m, 1\n    call %r, ack, %m1, 1\n    ret %r\n\
         both:\n    sub %n1, %n, 1\n    call %t, ack, %m, %n1\n    sub %m1, %m, 1\n\
         call %r, ack, %m1, %t\n    ret %r\nend\n",
    );
    for tier in ["jit", "auto"] {
        // One kilobyte holds `main` (under 400 bytes) but not `ack` too.
        // On the VM's thread, every compile is done when the run ends.
        let out = bcvm(&[
            "run",
            "--tier",
            tier,
            "--compile-threads",
            "0",
            "--jit-threshold-calls",
            "1",
            "--code-cache-kb",
            "1",
            "--trace-compile",
            &p,
            "3",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(out.stdout, b"9\n");
        let trace = stderr(&out);
        let outcome = |name: &str| {
            trace
                .lines()
                .find(|l| l.starts_with(&format!("compile {name} ")))
                .and_then(|l| l.split(" outcome=").nth(1))
                .map(str::to_string)
        };
        assert_eq!(outcome("main").as_deref(), Some("ok"), "{trace}");
        assert_eq!(
            outcome("ack").as_deref(),
            Some("bailed in emit: code cache full"),
            "{trace}"
        );
    }
    let out = bcvm(&["run", "--tier", "jit", "--code-cache-kb", "0", &p, "3"]);
    assert_eq!(out.stdout, b"9\n");
}

/// Negative literals after the file are program arguments, hexadecimal
/// and `_`-separated ones included, and options may still follow them; a
/// negative value of an option stays that option's value.
#[test]
fn negative_literal_arguments_are_not_options() {
    let p = program("echo_negative", ECHO);
    let out = bcvm(&["run", &p, "-0x10", "-0x8000000000000000"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"-16\n-9223372036854775808\n");
    let out = bcvm(&["run", &p, "-1_000", "-2", "--tier", "jit"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"-1000\n-2\n");
    let out = bcvm(&["run", &p, "--jit-threshold-calls", "-5", "1", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value '-5'"),
        "{}",
        stderr(&out)
    );
}

/// A loop calling `f`, of 20 instructions (too large to inline unless
/// hot), twice an iteration; with 1000 it prints 1039000.
fn loop_calling_twice(name: &str) -> String {
    let body = "    add %x, %x, 1\n".repeat(20);
    program(
        name,
        &format!(
            "func main(%n)\n    mov %i, 0\n    mov %s, 0\nloop:\n    jge %i, %n, done\n    call %x, f, %i\n    add %s, %s, %x\n    call %x, f, %i\n    add %s, %s, %x\n    add %i, %i, 1\n    jmp loop\ndone:\n    print %s\n    ret 0\nend\n\
             func f(%x)\n{body}    ret %x\nend\n"
        ),
    )
}

/// In the default tier the profile counts a function's calls by its
/// baseline code's countdowns (which count no call one by one): a callee
/// too large to inline on size alone (`SMALL`), called at two places (so
/// not inlined as called once) in a loop, is hot by them when the loop's
/// on-stack-replacement code is compiled, and is inlined there. Its first
/// countdown (`--jit-threshold-calls 200`) counts it past `HOT_CALLS`
/// before the loop's 300th back-edge asks for that code; without the
/// countdowns' calls its count would be 0.
#[test]
fn baseline_countdowns_make_callees_hot_for_inlining() {
    let p = loop_calling_twice("countdowns");
    let out = bcvm(&[
        "run",
        "--tier",
        "tiered",
        "--compile-threads",
        "0",
        "--jit-threshold-calls",
        "200",
        "--jit-threshold-loops",
        "300",
        "--trace-compile",
        &p,
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, b"1039000\n");
    let trace = stderr(&out);
    let osr = trace
        .lines()
        .find(|l| l.starts_with("compile main ") && l.contains("trigger=osr"))
        .unwrap_or_else(|| panic!("no on-stack replacement: {trace}"));
    assert!(osr.contains(" inlined=2 "), "{osr}");
}

/// With the default thresholds a callee is optimized at its 10th call,
/// and its optimized code counts no more: the loop calling it gets its
/// on-stack-replacement code at 100 back-edges, with the callee's count
/// stopped near 10. The inliner calls it hot at the policy's threshold,
/// so the loop inlines it in either tier that tiers up, compiling on the
/// program's thread as in the background.
#[test]
fn a_callee_optimized_at_the_threshold_is_still_hot_for_inlining() {
    let p = loop_calling_twice("optimized_callee");
    for tier in ["tiered", "auto"] {
        let out = bcvm(&[
            "run",
            "--tier",
            tier,
            "--compile-threads",
            "0",
            "--trace-compile",
            &p,
            "1000",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(out.stdout, b"1039000\n");
        let trace = stderr(&out);
        let callee = trace
            .lines()
            .position(|l| l.starts_with("compile f ") && l.contains("trigger=calls"));
        let osr = trace
            .lines()
            .position(|l| l.starts_with("compile main ") && l.contains("trigger=osr"));
        let (Some(callee), Some(osr)) = (callee, osr) else {
            panic!("{tier}: the callee and the loop not both optimized: {trace}");
        };
        assert!(callee < osr, "{tier}: the callee first: {trace}");
        let line = trace.lines().nth(osr).expect("the line found above");
        assert!(line.contains(" inlined=2 "), "{tier}: {line}");
    }
}

/// `--tier tiered`: every function compiled by the baseline compiler
/// first; a function whose calls reach the threshold gets optimized code,
/// and an activation whose loop gets hot moves into on-stack-replacement
/// code from its baseline frame; the trace says which compiler made what.
#[test]
fn tiered_code_tiers_up_by_calls_and_by_loops() {
    let p = program(
        "tiered",
        "func main(%n)\n    mov %i, 0\n    mov %s, 0\nloop:\n    jge %i, %n, done\n    call %x, sq, %i\n    add %s, %s, %x\n    add %i, %i, 1\n    jmp loop\ndone:\n    print %s\n    ret 0\nend\n\
         func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\n",
    );
    let tiered = |report: &str| {
        let args = [
            "run",
            "--tier",
            "tiered",
            "--compile-threads",
            "0",
            "--jit-threshold-calls",
            "10",
        ];
        let out = bcvm(
            &[
                &args[..],
                &["--jit-threshold-loops", "50", report, &p, "100"],
            ]
            .concat(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(out.stdout, b"328350\n");
        stderr(&out)
    };
    let trace = tiered("--trace-compile");
    let compiles: Vec<(&str, &str, bool)> = trace
        .lines()
        .filter(|l| l.starts_with("compile "))
        .map(|l| {
            let mut fields = l.split_whitespace();
            let name = fields.nth(1).unwrap_or("");
            let trigger = fields
                .find_map(|f| f.strip_prefix("trigger="))
                .unwrap_or("");
            (name, trigger, l.contains(" tier=baseline "))
        })
        .collect();
    let expected = [
        ("main", "eager", true),
        ("sq", "eager", true),
        ("sq", "calls", false),
        ("main", "osr@line5", false),
    ];
    assert_eq!(compiles, expected, "{trace}");
    // The summary tells the two compilers apart.
    let text = tiered("--compile-summary");
    assert!(
        text.starts_with("compile summary: 4 compiles (2 by the baseline compiler, 1 on-stack replacement), 4 installed"),
        "{text}"
    );
    assert!(text.contains("\n  baseline "), "{text}");
    assert_eq!(text.matches(", eager, baseline, ok\n").count(), 2, "{text}");
}
