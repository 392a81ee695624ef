//! The command line: exit statuses, argument handling, flags, and output
//! that must survive a trap.

use std::io::Write;
use std::process::{Command, Output};

fn bcvm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bcvm"))
        .args(args)
        .output()
        .expect("run bcvm")
}

/// Writes `text` to a fresh temporary `.bc` file and returns its path.
fn program(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bcvm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.bc"));
    let mut f = std::fs::File::create(&path).expect("temp file");
    f.write_all(text.as_bytes()).expect("write");
    path.to_string_lossy().into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const ECHO: &str = "func main(%a, %b)\n    print %a\n    print %b\n    ret 0\nend\n";

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
fn profile_table_follows_the_trap_line() {
    let p = program(
        "profiled",
        "func main()\n    mov %i, 0\nl:\n    add %i, %i, 1\n    jlt %i, 3, l\n    print %i\n    div %i, %i, 0\n    ret 0\nend\n",
    );
    let out = bcvm(&["run", "--profile", &p]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"3\n");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[0],
        format!("{p}:7:5: trap: division by zero (in function main)")
    );
    let row: Vec<&str> = lines[2].split_whitespace().collect();
    // 1 mov + 3 x (add, jlt) + print + div (counted: it was dispatched)
    assert_eq!(row, ["main", "1", "2", "9"]);
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

const TEXTBOOK: &str = "; the SSA textbook loop\nfunc main(%n)\n    mov %i, 0\n    mov %s, 0\nhead:\n    jge %i, %n, done\n    add %s, %s, %i\n    add %i, %i, 1\n    jmp head\ndone:\n    print %s\n    ret 0\nend\n";

#[test]
fn dump_dom_json_is_exact() {
    let p = program("textbook_dom", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "dom", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"function\":\"main\",\"blocks\":[\
         {\"id\":0,\"first_line\":3,\"label\":null,\"succs\":[1],\"preds\":[],\"idom\":null,\"df\":[]},\
         {\"id\":1,\"first_line\":6,\"label\":\"head\",\"succs\":[3,2],\"preds\":[0,2],\"idom\":0,\"df\":[1]},\
         {\"id\":2,\"first_line\":7,\"label\":null,\"succs\":[1],\"preds\":[1],\"idom\":1,\"df\":[1]},\
         {\"id\":3,\"first_line\":11,\"label\":\"done\",\"succs\":[],\"preds\":[1],\"idom\":1,\"df\":[]}]}\n"
    );
}

#[test]
fn dump_ssa_json_lists_pruned_phis() {
    let p = program("textbook_ssa", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "ssa", "--format", "json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("{\"function\":\"main\",\"placement\":\"pruned\",\"blocks\":["),
        "{text}"
    );
    assert!(text.contains("\"id\":1,\"first_line\":6,\"label\":\"head\",\"succs\":[3,2],\"preds\":[0,2],\"idom\":0,\"df\":[1],\"phis\":[\"%i\",\"%s\"]"), "{text}");
    assert_eq!(text.matches("\"phis\":[]").count(), 3, "{text}");
}

#[test]
fn dump_hides_the_synthetic_entry() {
    let p = program(
        "loop_first",
        "func main()\ntop:\n    add %i, %i, 1\n    jlt %i, 10, top\n    ret %i\nend\n",
    );
    let out = bcvm(&["dump", &p, "--stage", "dom", "--format", "json"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"function\":\"main\",\"blocks\":[\
         {\"id\":0,\"first_line\":3,\"label\":\"top\",\"succs\":[0,1],\"preds\":[0],\"idom\":null,\"df\":[0]},\
         {\"id\":1,\"first_line\":5,\"label\":null,\"succs\":[],\"preds\":[0],\"idom\":0,\"df\":[]}]}\n"
    );
}

#[test]
fn dump_every_stage_and_format() {
    let p = program("textbook_all", TEXTBOOK);
    let stages = [
        "cfg", "dom", "ssa", "sccp", "out", "loops", "regalloc", "bounds",
    ];
    for stage in stages {
        for format in ["text", "dot", "json"] {
            // The back end's analyses have no graph of their own.
            if format == "dot" && ["loops", "regalloc", "bounds"].contains(&stage) {
                continue;
            }
            let out = bcvm(&["dump", &p, "--stage", stage, "--format", format]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{stage} {format}: {}",
                stderr(&out)
            );
            let text = String::from_utf8_lossy(&out.stdout);
            match format {
                "dot" => {
                    assert!(
                        text.starts_with("digraph") && text.contains("b2 -> b1;"),
                        "{text}"
                    );
                    // The dominator tree exists from the dom stage on.
                    assert_eq!(
                        text.contains("b1 -> b2 [style=dashed"),
                        stage != "cfg",
                        "{text}"
                    );
                }
                "json" => assert!(
                    text.starts_with("{\"function\":\"main\"") && text.lines().count() == 1,
                    "{text}"
                ),
                _ => assert!(
                    text.starts_with(&format!("function main ({stage})")),
                    "{text}"
                ),
            }
        }
    }
    let missing = bcvm(&["dump", &p, "--func", "nope", "--stage", "cfg"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing),
        format!("{p}: error: no function `nope`\n")
    );
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
    let out = bcvm(&["run", "--tier", "jit", "--compile-budget", "300", &p, "0"]);
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
        "300",
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
        let out = bcvm(&["run", "--tier", tier, "--compile-budget", "300", &p2, "500"]);
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n1000\n", "{tier}");
    }
}

/// A function whose SSA would need 20 million phis: under the default
/// budget the compiler gives up within milliseconds and the interpreter
/// runs it, correctly.
#[test]
fn pathological_function_falls_back_to_the_interpreter() {
    let p = program("pathological", &jit::synth::pathological(10_000, 2_000));
    let start = std::time::Instant::now();
    let out = bcvm(&["run", "--tier", "jit", &p]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "2001000\n");
    eprintln!("ran in {:?}", start.elapsed());
}

#[test]
fn bench_prints_a_row_per_tier() {
    let p = program("bench_me", "func main(%n)\n    mov %i, 0\nl:\n    add %i, %i, 1\n    jlt %i, %n, l\n    print %i\n    ret 0\nend\n");
    let out = bcvm(&["bench", &p, "1000", "--runs", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains("3 runs per tier after 1 warm-up")),
        "{text}"
    );
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows.iter().map(|r| r[0]).collect::<Vec<_>>(),
        ["interp", "jit", "auto"],
        "{text}"
    );
    for row in &rows {
        let ms: Vec<f64> = row[1..7].iter().map(|x| x.parse().expect("ms")).collect();
        let (median, min, q1, q3, max, iqr) = (ms[0], ms[1], ms[2], ms[3], ms[4], ms[5]);
        assert!(
            min <= q1 && q1 <= median && median <= q3 && q3 <= max,
            "{text}"
        );
        assert!((iqr - (q3 - q1)).abs() < 0.002, "{text}");
    }
    assert_eq!(rows[0].last(), Some(&"1.00x"));
    // jit compiled main (one function, one compile); interp nothing.
    assert_eq!((rows[0][8], rows[0][9]), ("0", "0"), "{text}");
    assert_eq!((rows[1][8], rows[1][9]), ("1", "1"), "{text}");
}

/// `--tiers` picks and orders the tiers, `--json` prints one object, and
/// the trace flags show each tier's compiles once.
#[test]
fn bench_takes_tiers_json_and_traces() {
    let p = program("bench_json", "func main(%n)\n    mov %i, 0\nl:\n    add %i, %i, 1\n    jlt %i, %n, l\n    print %i\n    ret 0\nend\n");
    let out = bcvm(&[
        "bench",
        &p,
        "100",
        "--runs",
        "2",
        "--warmup",
        "0",
        "--tiers",
        "jit,interp",
        "--json",
        "--trace-compile",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        (doc["runs"].as_u64(), doc["warmup"].as_u64()),
        (Some(2), Some(0))
    );
    let tiers = doc["tiers"].as_array().expect("tiers");
    let names: Vec<&str> = tiers.iter().filter_map(|t| t["tier"].as_str()).collect();
    assert_eq!(names, ["jit", "interp"]);
    assert_eq!(
        tiers[1]["speedup"].as_f64(),
        Some(1.0),
        "against the interpreter"
    );
    assert_eq!(tiers[0]["functions"].as_u64(), Some(1));
    for t in tiers {
        let (q1, q3, iqr) = (
            t["q1_ms"].as_f64(),
            t["q3_ms"].as_f64(),
            t["iqr_ms"].as_f64(),
        );
        assert!(q1 <= q3 && iqr.is_some(), "{t}");
    }
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.first(), Some(&"# jit"), "{err}");
    assert!(lines[1].starts_with("compile main id=0"), "{err}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("compile ")).count(),
        1,
        "{err}"
    );
    assert!(lines.contains(&"# interp"), "{err}");
}

#[test]
fn perf_map_names_compiled_functions() {
    let p = program("perf_mapped", "func twice(%x)\n    add %x, %x, %x\n    ret %x\nend\nfunc main()\n    call %y, twice, 21\n    print %y\n    ret 0\nend\n");
    let child = Command::new(env!("CARGO_BIN_EXE_bcvm"))
        // Without inlining, so `twice` is called, and compiled.
        .args(["run", "--tier", "jit", "--no-inline", "--perf-map", &p])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run");
    let map = format!("/tmp/perf-{}.map", child.id());
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.stdout, b"42\n");
    let text = std::fs::read_to_string(&map).expect("the perf map");
    let _ = std::fs::remove_file(&map);
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    assert_eq!(names, ["bcvm:main", "bcvm:twice"], "{text}");
    for line in text.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(
            u64::from_str_radix(fields[0], 16).is_ok()
                && u64::from_str_radix(fields[1], 16).is_ok(),
            "{line}"
        );
    }
}

#[test]
fn dump_asm_heads_code_with_bytecode_lines() {
    let p = program("asm_me", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "asm"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("function main (asm, "), "{text}");
    for heading in [
        "; line 6: jge",
        "; line 7: add",
        "; line 11: print",
        "; line 12: ret",
    ] {
        assert!(text.contains(heading), "{heading} missing:\n{text}");
    }
    assert!(text.contains("push rbp") && text.contains("ret"), "{text}");
}

#[test]
fn trace_json_nests_phases_inside_each_compile() {
    let p = program("traced_json", TEXTBOOK);
    let path = std::env::temp_dir().join(format!("bcvm-trace-{}.json", std::process::id()));
    let path = path.to_string_lossy().into_owned();
    let out = bcvm(&["run", "--tier", "jit", "--trace-json", &path, &p, "10"]);
    assert_eq!(out.stdout, b"45\n", "{}", stderr(&out));
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("trace")).expect("json");
    let all = trace["traceEvents"].as_array().expect("events");
    // The process's and the VM thread's names, then the tier-up instant.
    let of =
        |ph: &str| -> Vec<&serde_json::Value> { all.iter().filter(|e| e["ph"] == ph).collect() };
    let (meta, instants) = (of("M"), of("i"));
    assert_eq!(meta.len(), 2, "{all:?}");
    assert_eq!(meta[0]["name"], "process_name");
    assert_eq!(meta[1]["name"], "thread_name");
    assert_eq!(instants.len(), 1);
    assert_eq!(instants[0]["name"], "tier-up main (eager)");
    let pid = meta[0]["pid"].as_u64().expect("pid");
    let tid = meta[1]["tid"].as_u64().expect("tid");
    assert!(
        pid > 1 && tid != pid,
        "the real pid, and the VM thread's tid"
    );
    assert!(all.iter().all(|e| e["pid"].as_u64() == Some(pid)));
    let events = of("X");
    assert!(events.iter().all(|e| e["tid"].as_u64() == Some(tid)));
    let phases = [
        "cfg",
        "dom",
        "ssa",
        "tail-loops",
        "inline",
        "sccp",
        "if-convert",
        "gvn",
        "licm",
        "exit-values",
        "dedup-checks",
        "out-of-ssa",
        "loops",
        "regalloc",
        "bounds",
        "fill",
        "emit",
    ];
    assert_eq!(events.len(), 1 + phases.len());
    let compile = &events[0];
    assert_eq!(
        (compile["name"].as_str(), compile["ph"].as_str()),
        (Some("compile main"), Some("X"))
    );
    assert_eq!(compile["args"]["outcome"], "ok");
    let (start, end) = (
        compile["ts"].as_f64().unwrap(),
        compile["ts"].as_f64().unwrap() + compile["dur"].as_f64().unwrap(),
    );
    for (event, name) in events[1..].iter().zip(phases) {
        assert_eq!(event["name"], name);
        let (ts, dur) = (
            event["ts"].as_f64().unwrap(),
            event["dur"].as_f64().unwrap(),
        );
        assert!(
            ts >= start && ts + dur <= end + 1e-6,
            "{name} outside its compile"
        );
    }
    let _ = std::fs::remove_file(&path);
}

/// Calls are counted in every tier (compiled code counts its direct calls
/// when profiling), so the calls column is the same whatever runs what.
#[test]
fn profile_counts_calls_in_every_tier() {
    let p = program(
        "fib_profiled",
        "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\nfunc main()\n    call %r, fib, 10\n    print %r\n    ret 0\nend\n",
    );
    let calls = |tier: &str| -> Vec<(String, String)> {
        let out = bcvm(&["run", "--tier", tier, "--profile", &p]);
        assert_eq!(out.stdout, b"55\n", "{tier}");
        stderr(&out)
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[0].to_string(), f[1].to_string())
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect()
    };
    let expected = vec![
        ("fib".to_string(), "177".to_string()),
        ("main".to_string(), "1".to_string()),
    ];
    for tier in ["interp", "jit", "auto"] {
        assert_eq!(calls(tier), expected, "{tier}");
    }
}

#[test]
fn fuzz_reports_a_campaign_without_divergences() {
    let dir = std::env::temp_dir().join(format!("bcvm-fuzz-{}", std::process::id()));
    let out = bcvm(&[
        "fuzz",
        "--seconds",
        "2",
        "--jobs",
        "2",
        "--out",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report = String::from_utf8_lossy(&out.stdout);
    let programs: u64 = report
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {report:?}"));
    assert!(programs > 0, "{report}");
    assert!(report.contains("instructions interpreted"), "{report}");
    assert!(report.ends_with(", 0 divergences\n"), "{report}");
    assert!(!dir.exists(), "nothing to save");
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

#[test]
fn reduce_refuses_a_program_the_tiers_agree_on() {
    let out = bcvm(&["reduce", "programs/sum.bc", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "programs/sum.bc: error: the tiers agree on this program: nothing to reduce\n"
    );
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
        .args(["run", "--trace-compile", "--perf-map", &p, "100000"])
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
    assert_eq!(names, ["bcvm:main (osr at line 4)"], "{text}");
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
        let out = bcvm(&[
            "run",
            "--tier",
            tier,
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

#[test]
fn the_back_ends_phases_are_traced_and_dumped() {
    let p = program("backend_phases", TEXTBOOK);
    let out = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--verify-ir",
        "--trace-compile",
        &p,
        "10",
    ]);
    assert_eq!(out.stdout, b"45\n");
    let trace = stderr(&out);
    for phase in ["loops=", "regalloc=", "bounds=", "emit="] {
        assert!(trace.contains(phase), "{phase} missing: {trace}");
    }
    assert!(trace.ends_with("outcome=ok\n"), "{trace}");
    // Each value's home, after register allocation.
    let out = bcvm(&["dump", &p, "--stage", "regalloc"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("; homes: "), "{text}");
    assert!(text.contains("=rsi"), "{text}");
    let out = bcvm(&["dump", &p, "--stage", "loops"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("loop0: header b1 depth 1"), "{text}");
    let out = bcvm(&["dump", &p, "--stage", "regalloc", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        json["homes"].as_object().is_some_and(|h| !h.is_empty()),
        "{json}"
    );
    // A format a stage does not have is an error, not ignored.
    let out = bcvm(&["dump", &p, "--stage", "asm", "--format", "dot"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("has no dot format"),
        "{}",
        stderr(&out)
    );
}

/// Only regular files are read as programs: a device or a FIFO is refused
/// at once (it would stream forever, or block in `open`).
#[test]
fn program_files_must_be_regular_files() {
    let out = bcvm(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "/dev/zero: error: cannot read file: not a regular file\n"
    );
    let dir = std::env::temp_dir().join(format!("bcvm-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fifo = dir.join("f.bc");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let fifo = fifo.to_string_lossy().into_owned();
        let out = bcvm(&["run", &fifo]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).ends_with("not a regular file\n"),
            "{}",
            stderr(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output file that cannot be created is an error before the program
/// runs, naming that file.
#[test]
fn output_files_are_opened_before_running() {
    let p = program(
        "trace_nowhere",
        "func main()\n    puts \"ran\"\n    ret 0\nend\n",
    );
    for (flag, file) in [
        ("--trace-json", "/nonexistent/t.json"),
        ("--trace-file", "/nonexistent/t.txt"),
    ] {
        let out = bcvm(&["run", flag, file, &p]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(out.stdout.is_empty(), "the program must not run ({flag})");
        let message = format!("{file}: error: cannot create the trace file");
        assert!(stderr(&out).starts_with(&message), "{}", stderr(&out));
    }
}

const TIERS: [&str; 3] = ["interp", "jit", "auto"];

/// A write to stdout that fails (a full disk) stops the program and is
/// reported, after the trap line if the program trapped too: exit 3.
#[test]
fn a_failed_write_to_stdout_is_an_error() {
    let p = program(
        "full_disk",
        "func main()\n    print 42\n    div %x, 1, 0\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--jit-threshold-calls", "1", &p])
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(3), "{tier}");
        assert_eq!(
            stderr(&out),
            format!(
                "{p}:3:5: trap: division by zero (in function main)\n\
                 bcvm: error: writing stdout: No space left on device\n"
            ),
            "{tier}"
        );
    }
}

/// When stdout's reader goes away, an endless program ends, as `yes | head`
/// does: quietly, with status 141 (128 + SIGPIPE), in every tier.
#[test]
fn a_broken_pipe_ends_an_endless_program() {
    use std::io::Read;
    let p = program(
        "endless",
        "func main()\n    mov %i, 0\nloop:\n    print %i\n    add %i, %i, 1\n    jmp loop\nend\n",
    );
    for tier in TIERS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--jit-threshold-loops", "1", &p])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run bcvm");
        let mut first = [0u8; 10];
        let mut reader = child.stdout.take().expect("piped");
        reader.read_exact(&mut first).expect("output");
        assert_eq!(&first, b"0\n1\n2\n3\n4\n");
        drop(reader);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("{tier}: still running after its reader went away");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        assert_eq!(status.code(), Some(141), "{tier}");
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut err)
            .expect("stderr");
        assert_eq!(err, "", "{tier}");
    }
}

/// A stderr that cannot be written costs the messages, never a panic: the
/// status is still the one the program earned, and stdout is whole.
#[test]
fn an_unwritable_stderr_is_not_a_panic() {
    let p = program(
        "no_stderr",
        "func main()\n    print 42\n    div %x, 1, 0\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--profile", &p])
            .stderr(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(1), "{tier}");
        assert_eq!(out.stdout, b"42\n", "{tier}");
    }
}

/// bcvm runs in a 1 GiB address space with the default limits: the VM
/// thread takes a smaller native stack when 4 GiB cannot be reserved (and
/// calls below its floor run interpreted), and the code cache and linear
/// memory reserve no more than they need.
#[test]
fn a_one_gigabyte_address_space_is_enough() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let p = program(
        "deep_in_1g",
        "func r(%n)\n    jz %n, done\n    sub %m, %n, 1\n    call %x, r, %m\n    add %x, %x, 1\n    ret %x\ndone:\n    ret 0\nend\nfunc main(%n)\n    call %x, r, %n\n    print %x\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let script = format!("ulimit -v 1048576 && exec {bin} run --tier {tier} {p} 99998");
        let out = Command::new("sh")
            .args(["-c", &script])
            .output()
            .expect("sh");
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert_eq!(out.stdout, b"99998\n", "{tier}");
    }
    let script = format!("ulimit -v 1048576 && exec {bin} check {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A call whose frame cannot be allocated (here, under a 1 GiB address
/// space, frames of 5,000 registers) traps with `stack overflow` at that
/// call, after everything printed before it, instead of aborting.
#[test]
fn a_frame_that_cannot_be_allocated_is_a_stack_overflow() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let mut text = String::from("func r(%n)\n    print %n\n    jz %n, never\n");
    for i in 0..5000 {
        text += &format!("    mov %r{i}, 1\n");
    }
    text += "never:\n    add %m, %n, 1\n    call %x, r, %m\n    ret %x\nend\nfunc main()\n    call %x, r, 1\n    ret 0\nend\n";
    let p = program("wide_frames", &text);
    let script = format!("ulimit -v 1048576 && exec {bin} run --tier interp {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).ends_with("trap: stack overflow (in function r)\n"),
        "{}",
        stderr(&out)
    );
    // Every line up to the trap is there, in order.
    let printed = String::from_utf8_lossy(&out.stdout);
    let last: usize = printed
        .lines()
        .last()
        .and_then(|l| l.parse().ok())
        .expect("lines");
    assert_eq!(printed.lines().count(), last);
    assert!(last > 1000, "{last}");
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

/// A program file over 1 GiB is refused from its size, unread.
#[test]
fn a_program_file_over_a_gigabyte_is_refused() {
    let dir = std::env::temp_dir().join(format!("bcvm-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("big.bc");
    let file = std::fs::File::create(&path).expect("file");
    // Sparse: no disk space, no time.
    file.set_len((1 << 30) + 1).expect("size");
    let path = path.to_string_lossy().into_owned();
    let out = bcvm(&["check", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("{path}: error: cannot read file: larger than 1 GiB\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A linear memory that cannot be mapped is a resource failure (exit 3),
/// not a load error.
#[test]
fn an_unmappable_memory_is_a_resource_failure() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let p = program(
        "huge_memory",
        ".memory 268435456\nfunc main()\n    store [268435455], 1\n    ret 0\nend\n",
    );
    let script = format!("ulimit -v 1048576 && exec {bin} run {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(&format!("{p}: error: cannot map the linear memory:")),
        "{}",
        stderr(&out)
    );
}

/// Prints 0 to 9,999, then makes `sq` hot (in `auto`, compiled at its
/// first call after the prints; in `jit`, before anything runs).
const PRINT_THEN_HOT: &str = "func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main()\n    mov %i, 0\nprint:\n    print %i\n    add %i, %i, 1\n    jlt %i, 10000, print\n    mov %s, 0\nhot:\n    call %t, sq, %i\n    add %s, %s, %t\n    sub %i, %i, 1\n    jnz %i, hot\n    print %s\n    ret 0\nend\n";

/// A compile the system refuses memory bails out, says so in the trace,
/// and the program runs on to its answer.
#[test]
fn a_compile_refused_memory_bails_out() {
    let p = program("refused_memory", PRINT_THEN_HOT);
    let mut want: Vec<u8> = (0..10000)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    want.extend_from_slice(b"333383335000\n");
    for tier in ["auto", "jit"] {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .env("BCVM_FAULT_COMPILE_MEMORY", "2000")
            .args(["run", "--tier", tier, "--trace-compile", &p])
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert!(out.stdout == want, "{tier}");
        assert!(
            stderr(&out).contains("compile sq ") && stderr(&out).contains(": out of memory\n"),
            "{tier}: {}",
            stderr(&out)
        );
    }
}

/// A compile that outgrows even the allocator's reserve ends the process
/// with the resource-failure status and a message, and everything printed
/// before the compile is out.
#[test]
fn a_compile_beyond_the_reserve_ends_the_run_with_its_output() {
    let p = program("beyond_reserve", PRINT_THEN_HOT);
    let printed: Vec<u8> = (0..10000)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    for (tier, want) in [("auto", &printed[..]), ("jit", &b""[..])] {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .env("BCVM_FAULT_COMPILE_MEMORY", "0")
            .env("BCVM_FAULT_COMPILE_RESERVE", "64")
            .args(["run", "--tier", tier, &p])
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(3), "{tier}: {}", stderr(&out));
        assert_eq!(stderr(&out), "bcvm: error: out of memory while compiling\n");
        assert!(out.stdout == want, "{tier}");
    }
}

/// A fresh empty directory for a test's output files.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bcvm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// `--perf-jitdump` writes `jit-PID.dump` in the current directory: per
/// compiled function (on-stack-replacement code included) a debug-info
/// record mapping its code to `.bc` lines, then its code-load record.
#[test]
fn perf_jitdump_records_every_compiled_function_with_its_lines() {
    use jit::jitdump::{parse, Record};
    let dir = scratch_dir("jitdump");
    let fib = std::fs::canonicalize("programs/fib.bc").expect("fib.bc");
    let osr = std::fs::canonicalize("programs/osr.bc").expect("osr.bc");
    let osr_args = std::fs::read_to_string("programs/osr.args").expect("args");
    let configs = [jit::oracle::Config::Jit, jit::oracle::Config::Osr];
    for (config, program, args, names) in [
        (
            configs[0],
            &fib,
            vec!["10".to_string()],
            vec!["bcvm:main", "bcvm:fib"],
        ),
        (
            configs[1],
            &osr,
            osr_args.split_whitespace().map(str::to_string).collect(),
            vec![],
        ),
    ] {
        let child = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .current_dir(&dir)
            .arg("run")
            .args(config.flags())
            .arg("--perf-jitdump")
            .arg(program)
            .args(&args)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        let pid = child.id();
        let status = child.wait_with_output().expect("wait").status;
        assert_eq!(status.code(), Some(0));
        let bytes = std::fs::read(dir.join(format!("jit-{pid}.dump"))).expect("the dump");
        let (header_pid, records) = parse(&bytes).expect("well formed");
        assert_eq!(header_pid, pid);
        let source = std::fs::read_to_string(program).expect("source");
        let mut loaded = Vec::new();
        let mut last_time = 0;
        for pair in records.chunks(2) {
            let [Record::DebugInfo {
                address: at,
                entries,
                timestamp: t0,
            }, Record::Load {
                name,
                address,
                code,
                index,
                timestamp: t1,
            }] = pair
            else {
                panic!("debug info then load, in pairs: {pair:?}");
            };
            assert_eq!(at, address);
            assert_eq!(*index as usize, loaded.len());
            assert!(last_time <= *t0 && t0 <= t1);
            last_time = *t1;
            assert!(!code.is_empty() && !entries.is_empty(), "{name}");
            for (a, line, file) in entries {
                assert!(
                    (*address..*address + code.len() as u64).contains(a),
                    "{name}"
                );
                assert!(
                    (1..=source.lines().count() as u32).contains(line),
                    "{name}: {line}"
                );
                assert_eq!(file, &program.to_string_lossy());
            }
            loaded.push(name.clone());
        }
        if config == jit::oracle::Config::Jit {
            assert_eq!(loaded, names);
        } else {
            assert!(
                loaded.iter().any(|n| n.contains("(osr at line ")),
                "{loaded:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where `perf` can record, the whole pipeline: `perf record -k 1`, `perf
/// inject --jit`, and `perf report --sort srcline` names `.bc` lines.
#[test]
fn perf_reports_compiled_code_by_bc_line() {
    let dir = scratch_dir("perf");
    let fib = std::fs::canonicalize("programs/fib.bc").expect("fib.bc");
    let record = Command::new("perf")
        .current_dir(&dir)
        .args(["record", "-k", "1", "-e", "cpu-clock", "-o", "perf.data"])
        .arg(env!("CARGO_BIN_EXE_bcvm"))
        .args(["run", "--tier", "jit", "--perf-jitdump"])
        .arg(&fib)
        .arg("30")
        .output();
    match record {
        Ok(out) if out.status.success() => {}
        _ => {
            eprintln!("perf cannot record here: the pipeline is not checked");
            return;
        }
    }
    let inject = Command::new("perf")
        .current_dir(&dir)
        .args(["inject", "--jit", "-i", "perf.data", "-o", "perf.jit.data"])
        .output()
        .expect("perf inject");
    assert!(inject.status.success(), "{}", stderr(&inject));
    let report = Command::new("perf")
        .current_dir(&dir)
        .args([
            "report",
            "-i",
            "perf.jit.data",
            "--sort",
            "srcline",
            "--stdio",
        ])
        .output()
        .expect("perf report");
    let text = String::from_utf8_lossy(&report.stdout);
    assert!(text.contains("fib.bc:"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where gdb is installed: `--gdb-jit` lets it break at a `.bc` line in
/// compiled code and unwind through compiled frames, naming `.bc`
/// functions and lines.
#[test]
fn gdb_breaks_in_compiled_code_and_unwinds_through_it() {
    if Command::new("gdb").arg("--version").output().is_err() {
        eprintln!("gdb is not installed: the GDB JIT interface is not checked");
        return;
    }
    let fib = std::fs::canonicalize("programs/fib.bc").expect("fib.bc");
    let out = Command::new("gdb")
        .args(["-batch", "-nx", "-ex", "set breakpoint pending on"])
        .args([
            "-ex",
            "break fib.bc:10",
            "-ex",
            "run",
            "-ex",
            "bt 4",
            "--args",
        ])
        .arg(env!("CARGO_BIN_EXE_bcvm"))
        .args(["run", "--tier", "jit", "--gdb-jit"])
        .arg(&fib)
        .arg("10")
        .output()
        .expect("gdb");
    let text = String::from_utf8_lossy(&out.stdout);
    let path = fib.to_string_lossy();
    assert!(text.contains(&format!("#0  fib () at {path}:10")), "{text}");
    assert!(text.contains(&format!("in fib () at {path}:4")), "{text}");
}

/// `--compile-summary` prints, after the run, each phase's share of the
/// compile time, the compiles by outcome and the slowest ones.
#[test]
fn compile_summary_accounts_for_every_compile() {
    let out = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--compile-summary",
        "programs/fib.bc",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"55\n");
    let text = stderr(&out);
    assert!(
        text.starts_with("compile summary: 2 compiles (0 on-stack replacement), 2 installed, 0 bailed out; 11 bytecode instructions, "),
        "{text}"
    );
    for phase in jit::Phase::ALL {
        assert!(
            text.contains(&format!("\n  {:<12} ", phase.name())),
            "{phase}: {text}"
        );
    }
    assert!(text.contains("  slowest:\n"), "{text}");
    assert_eq!(
        text.matches(" instructions, eager, ok\n").count(),
        2,
        "{text}"
    );
    let out = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--compile-summary",
        "--compile-budget",
        "1",
        "programs/fib.bc",
        "10",
    ]);
    assert_eq!(out.stdout, b"55\n");
    assert!(
        stderr(&out).contains("  bailed out: 2 work budget\n"),
        "{}",
        stderr(&out)
    );
}

/// Trace lines carry the compile's number and start time; `--trace-file`
/// sends them to a file (kept when the program traps), created before
/// the run.
#[test]
fn trace_lines_carry_ids_and_times_and_go_to_a_file() {
    let dir = scratch_dir("trace-file");
    let path = dir.join("trace.txt").to_string_lossy().into_owned();
    let out = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--trace-file",
        &path,
        "programs/trap_div_zero.bc",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("compile "), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).expect("the trace file");
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    let mut last = 0;
    for (i, line) in lines.iter().enumerate() {
        let field = |name: &str| {
            line.split_whitespace()
                .find_map(|f| f.strip_prefix(name))
                .unwrap_or_else(|| panic!("{name} in {line}"))
                .to_string()
        };
        assert_eq!(field("id="), i.to_string(), "{line}");
        let at: u64 = field("at=").trim_end_matches("us").parse().expect("at");
        assert!(at >= last, "{text}");
        last = at;
    }
    // An unwritable FILE: `output_files_are_opened_before_running`.
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--trace-json` marks each activation's entry into on-stack-replacement
/// code, after the compile that made the code.
#[test]
fn trace_json_marks_osr_entries() {
    let dir = scratch_dir("trace-osr");
    let path = dir.join("t.json").to_string_lossy().into_owned();
    let mut args = vec!["run"];
    args.extend(jit::oracle::Config::Osr.flags());
    args.extend(["--trace-json", &path, "programs/osr.bc", "1000"]);
    let out = bcvm(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("trace")).expect("json");
    let events = trace["traceEvents"].as_array().expect("events");
    let entry = events
        .iter()
        .find(|e| e["name"] == "osr entry main at line 23")
        .expect("main's entry");
    let compile = events
        .iter()
        .find(|e| e["name"] == "compile main" && e["args"]["trigger"] == "osr")
        .expect("main's OSR compile");
    assert!(entry["ts"].as_f64() >= compile["ts"].as_f64());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dump --stage asm` names the runtime helpers it calls and the code that
/// is no bytecode instruction's (entries, stubs), and shows the
/// on-stack-replacement code of a loop with `--osr-line`.
#[test]
fn asm_dumps_name_helpers_and_stubs_and_show_osr_code() {
    let p = program(
        "asm_names",
        "func main(%n)\n    mov %i, 0\nloop:\n    jge %i, %n, done\n    div %q, 100, %i\n    print %q\n    add %i, %i, 1\n    jmp loop\ndone:\n    ret 0\nend\n",
    );
    assert_contains_all(
        &dump_text(&p, "asm"),
        &[
            "; internal entry (compiled callers)",
            "; trap: division by zero at line 5",
            "; external entry (from the interpreter)",
            "call rax  ; jit_print",
            "call rax  ; jit_trap",
        ],
    );
    let osr = bcvm(&[
        "dump",
        &p,
        "--stage",
        "asm",
        "--func",
        "main",
        "--osr-line",
        "4",
    ]);
    assert_eq!(osr.status.code(), Some(0), "{}", stderr(&osr));
    let head = String::from_utf8_lossy(&osr.stdout);
    assert!(
        head.starts_with("function main (asm, on-stack replacement at line 4,"),
        "{head}"
    );
    let not_a_loop = bcvm(&[
        "dump",
        &p,
        "--stage",
        "asm",
        "--func",
        "main",
        "--osr-line",
        "5",
    ]);
    assert_eq!(not_a_loop.status.code(), Some(2));
    assert!(stderr(&not_a_loop).contains("line 5 of main is no loop header"));
}

/// `--osr-line` at an IR stage shows the graph OSR code is compiled from:
/// entered at an inner loop, it holds a copy of that loop, run to its end
/// once, besides the function's own two loops.
#[test]
fn osr_dumps_show_the_copies_of_the_loops_around_the_entry() {
    let p = program(
        "osr_nest",
        "func main(%n)\n    mov %i, 0\nouter:\n    jge %i, %n, done\n    mov %j, 0\ninner:\n    jge %j, %n, next\n    add %j, %j, 1\n    jmp inner\nnext:\n    add %i, %i, 1\n    jmp outer\ndone:\n    ret 0\nend\n",
    );
    let dump = |stage: &str, extra: &[&str]| {
        let mut args = vec!["dump", &p, "--stage", stage, "--func", "main"];
        args.extend_from_slice(extra);
        let out = bcvm(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let entered = dump("loops", &["--osr-line", "7"]);
    assert!(
        entered.starts_with("function main (loops, on-stack replacement at line 7)"),
        "{entered}"
    );
    let count = |text: &str| text.lines().filter(|l| l.starts_with("; loop")).count();
    assert_eq!(count(&dump("loops", &[])), 2);
    assert_eq!(count(&entered), 3, "{entered}");
    let json = dump("loops", &["--osr-line", "7", "--format", "json"]);
    assert!(json.contains("\"osr_line\":7"), "{json}");
    assert!(!dump("loops", &["--format", "json"]).contains("osr_line"));
    let no_peel = bcvm(&["run", "--no-osr-peel", &p, "3"]);
    assert_eq!(no_peel.status.code(), Some(0), "{}", stderr(&no_peel));
}

/// IR dumps read like `.bc`: values named by the register they came from
/// (`%s.1`), constants as literals (floats as float literals), memory
/// operands as `[%p.0+1]`; JSON lists instructions as objects.
#[test]
fn ir_dumps_use_bc_syntax() {
    let p = program(
        "bc_syntax",
        ".memory 8\nfunc main(%p)\n    load %a, [%p+1]\n    itof %x, %a\n    fadd %x, %x, 2.5\n    fprint %x, 2\n    store [%p-1], %a\n    ret 0\nend\n",
    );
    assert_contains_all(
        &dump_text(&p, "sccp"),
        &[
            "%a.0 = load [%p.0+1]",
            "%x.1 = fadd %x.0, 2.5",
            "const 2.5",
            "store [%p.0-1], %a.0",
        ],
    );
    let json = bcvm(&["dump", &p, "--stage", "sccp", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    let insts = doc["blocks"][0]["insts"].as_array().expect("insts");
    let load = insts
        .iter()
        .find(|i| i["text"].as_str().is_some_and(|t| t.contains("load")))
        .expect("the load");
    assert_eq!(load["result"], "%a.0");
    assert_eq!(load["operands"], serde_json::json!(["%p.0", "1"]));
    assert_eq!(load["line"], 3);
}

/// `bcvm dump FILE --stage STAGE`, which must succeed, as text.
fn dump_text(file: &str, stage: &str) -> String {
    let out = bcvm(&["dump", file, "--stage", stage]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn assert_contains_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}

/// `--profile=time` prints exactly what a run without it prints, in every
/// tier (the program writes to a pipe while the timer ticks), then a
/// report whose rows split each share by activity and add up.
#[test]
fn the_time_profile_changes_nothing_and_adds_up() {
    let p = program(
        "timed",
        "func step(%x)\n    mul %y, %x, 3\n    add %y, %y, 1\n    rem %y, %y, 1000003\n    ret %y\nend\n\
         func main(%n)\n    mov %i, 0\n    mov %x, 1\nloop:\n    call %x, step, %x\n    rem %t, %i, 2000\n    jnz %t, skip\n    print %x\nskip:\n    add %i, %i, 1\n    jlt %i, %n, loop\n    print %x\n    ret 0\nend\n",
    );
    let plain = bcvm(&["run", "--tier", "interp", &p, "1000000"]);
    assert_eq!(plain.status.code(), Some(0));
    for tier in ["interp", "jit", "auto"] {
        let out = bcvm(&["run", "--tier", tier, "--profile=time", &p, "1000000"]);
        assert_eq!(out.status.code(), Some(0), "{tier}");
        assert_eq!(out.stdout, plain.stdout, "{tier}");
        let err = stderr(&out);
        let mut lines = err.lines();
        let head = lines.next().unwrap_or_default();
        assert!(head.starts_with("time profile: "), "{tier}: {err}");
        if head.contains(" 0 samples") {
            continue;
        }
        let shares = |line: &str| -> (Vec<f64>, String) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let shares = fields[..5]
                .iter()
                .map(|f| f.trim_end_matches('%').parse::<f64>().expect("a share"))
                .collect();
            (shares, fields[5..].join(" "))
        };
        let mut tables = 0;
        let mut sum = 0.0;
        for line in lines {
            if line.is_empty() {
                if tables > 0 {
                    assert!((sum - 100.0f64).abs() < 0.5, "{tier}: {err}");
                }
                sum = 0.0;
                continue;
            }
            if line.trim_start().starts_with("total") {
                tables += 1;
                continue;
            }
            if line.starts_with('(') {
                continue;
            }
            let (s, name) = shares(line);
            let parts: f64 = s[1..].iter().sum();
            assert!((s[0] - parts).abs() < 0.25, "{tier}: {line}");
            sum += s[0];
            if tables == 1 {
                assert!(["step", "main"].contains(&name.as_str()), "{tier}: {line}");
            }
        }
        assert_eq!(tables, 2, "{tier}: {err}");
    }
}

#[test]
fn profile_kinds() {
    let p = program("kinds", ECHO);
    let counts = bcvm(&["run", "--profile=counts", &p, "1", "2"]);
    let bare = bcvm(&["run", "--profile", &p, "1", "2"]);
    assert_eq!(counts.stdout, b"1\n2\n");
    assert_eq!(stderr(&counts), stderr(&bare));
    assert!(stderr(&counts).starts_with("function"));
    let trapped = program(
        "time_trap",
        "func main()\n    print 1\n    div %x, 1, 0\n    ret 0\nend\n",
    );
    let out = bcvm(&["run", "--profile=time", &trapped]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"1\n");
    let err = stderr(&out);
    let mut lines = err.lines();
    assert_eq!(
        lines.next(),
        Some(format!("{trapped}:3:5: trap: division by zero (in function main)").as_str())
    );
    assert!(lines
        .next()
        .is_some_and(|l| l.starts_with("time profile: ")));
    let bad = bcvm(&["run", "--profile=wall", &p, "1", "2"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("counts"), "{}", stderr(&bad));
}

/// The headless browser the explore page's test uses, if one is installed.
fn browser() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok())
}

/// Loads `page` in the headless browser with `?selftest`, which hovers a
/// bytecode row, then a machine-code row of the same line, and shows
/// every IR stage; returns what the page said it saw.
fn explore_selftest(browser: &str, page: &std::path::Path) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            &format!("file://{}?selftest", page.display()),
        ])
        .output()
        .expect("run the browser");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let start = dom
        .find("<pre id=\"selftest\">")
        .expect("the page ran its self-test");
    let rest = &dom[start + "<pre id=\"selftest\">".len()..];
    rest[..rest.find("</pre>").expect("closed")].to_string()
}

/// `bcvm explore` writes one page with no network resources; in a real
/// browser, hovering a bytecode line lights up its IR and machine code and
/// the other way round, every IR stage renders, and a page of a thousand
/// functions loads the same way.
#[test]
fn the_explore_page_links_the_columns_in_a_browser() {
    let dir = std::env::temp_dir().join(format!("bcvm-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fib = dir.join("fib.html");
    let out = bcvm(&[
        "explore",
        "programs/fib.bc",
        "-o",
        fib.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&fib).expect("the page");
    assert!(html.starts_with("<!doctype html>"));
    for remote in ["http:", "https:", "src=", "href="] {
        assert!(!html.contains(remote), "{remote}");
    }
    let mut many = String::new();
    for i in 0..1000 {
        many.push_str(&format!(
            "func f{i}(%x)\n    mov %i, 0\nloop:\n    mul %t, %i, {i}\n    add %x, %x, %t\n    add %i, %i, 1\n    jlt %i, 10, loop\n    ret %x\nend\n"
        ));
    }
    many.push_str("func main()\n    call %r, f1, 1\n    print %r\n    ret 0\nend\n");
    let many_bc = program("explore_many", &many);
    let many_page = dir.join("many.html");
    let out = bcvm(&[
        "explore",
        &many_bc,
        "-o",
        many_page.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let Some(browser) = browser() else {
        eprintln!("no chromium installed: the explore page is not checked in a browser");
        return;
    };
    let seen = explore_selftest(browser, &fib);
    assert!(
        seen.starts_with(
            "selftest ok function=fib line=2 lit=1,2,10 back=1,2,10 stages=cfg:11,dom:11,"
        ),
        "{seen}"
    );
    assert!(seen.contains(" functions=2 "), "{seen}");
    let seen = explore_selftest(browser, &many_page);
    assert!(seen.starts_with("selftest ok function=f0 "), "{seen}");
    assert!(seen.contains(" functions=1001 "), "{seen}");
}

#[test]
fn explore_refuses_what_it_cannot_do() {
    let out = bcvm(&["explore", "programs/fib.bc", "--func", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "programs/fib.bc: error: no function `nope`\n");
    let out = bcvm(&[
        "explore",
        "programs/fib.bc",
        "-o",
        "/nonexistent/dir/page.html",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "/nonexistent/dir/page.html: error: cannot write the page: No such file or directory\n"
    );
    let out = bcvm(&["explore", "programs/fib.bc", "--func", "main"]);
    assert_eq!(out.status.code(), Some(0));
    let html = String::from_utf8_lossy(&out.stdout);
    assert!(html.contains("id=\"f0\"") && !html.contains("id=\"f1\""));
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
        let args = ["run", "--tier", "tiered", "--jit-threshold-calls", "10"];
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
