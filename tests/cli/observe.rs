//! Seeing what the VM does: profiles, traces, the compile summary,
//! perf's map and jitdump, gdb.

use crate::*;

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
    // The glue, the routines every function shares, comes first.
    assert_eq!(names, ["bcvm:glue", "bcvm:main", "bcvm:twice"], "{text}");
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
        "forward",
        "licm",
        "exit-values",
        "dedup-checks",
        "group-checks",
        "out-of-ssa",
        "loops",
        "regalloc",
        "bounds",
        "fields",
        "fill",
        "rebase",
        "lockstep",
        "early-exit",
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

/// `--perf-jitdump` writes `jit-PID.dump` in the current directory: per
/// compiled function (on-stack-replacement code included) a debug-info
/// record mapping its code to `.bc` lines, then its code-load record.
#[test]
fn perf_jitdump_records_every_compiled_function_with_its_lines() {
    use jit::observe::jitdump::{parse, Record};
    let dir = scratch_dir("jitdump");
    let fib = std::fs::canonicalize("programs/fib.bc").expect("fib.bc");
    let osr = std::fs::canonicalize("programs/osr.bc").expect("osr.bc");
    let osr_args = std::fs::read_to_string("programs/osr.args").expect("args");
    let configs = [
        jit::testing::oracle::Config::Jit,
        jit::testing::oracle::Config::Osr,
    ];
    for (config, program, args, names) in [
        (
            configs[0],
            &fib,
            vec!["10".to_string()],
            vec!["bcvm:glue", "bcvm:main", "bcvm:fib"],
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
            // The glue, first, is no bytecode's: it has no lines.
            let glue = loaded.is_empty() && name == "bcvm:glue";
            assert!(!code.is_empty() && entries.is_empty() == glue, "{name}");
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
        if config == jit::testing::oracle::Config::Jit {
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
    args.extend(jit::testing::oracle::Config::Osr.flags());
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

/// A background compile shows on its compiler thread's track, with the
/// request and the install as flow events from and back to the VM's.
#[test]
fn trace_json_shows_a_background_compile_on_its_thread() {
    let p = program(
        "traced_background",
        "func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main()\n    mov %i, 0\n    mov %s, 0\nl:\n    call %t, sq, %i\n    add %s, %s, %t\n    add %i, %i, 1\n    jlt %i, 3000000, l\n    print %s\n    ret 0\nend\n",
    );
    let path = std::env::temp_dir().join(format!("bcvm-bg-trace-{}.json", std::process::id()));
    let path = path.to_string_lossy().into_owned();
    let args = ["run", "--tier", "auto", "--compile-threads", "1"];
    let out = bcvm(
        &[
            &args[..],
            &[
                "--jit-threshold-loops",
                "1000000000",
                "--trace-json",
                &path,
                &p,
            ],
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("trace")).expect("json");
    let _ = std::fs::remove_file(&path);
    let all = trace["traceEvents"].as_array().expect("events");
    let named = |name: &str| all.iter().find(|e| e["name"] == name);
    let compile = named("compile sq").expect("sq compiled, on its calls");
    let install = named("install sq").expect("installed");
    assert_ne!(compile["tid"], install["tid"], "two threads: {all:?}");
    let thread = |tid: &serde_json::Value| {
        all.iter()
            .find(|e| e["ph"] == "M" && e["name"] == "thread_name" && &e["tid"] == tid)
            .map(|e| e["args"]["name"].clone())
    };
    assert_eq!(thread(&compile["tid"]), Some("compiler-1".into()));
    assert_eq!(thread(&install["tid"]), Some("VM".into()));
    // The first compiler thread is the process's main thread, lent to the
    // compiles (its thread id is the process's).
    assert_eq!(compile["tid"], compile["pid"], "{compile}");
    // The only request found the queue empty; its wait and the VM's
    // share are in its arguments.
    assert_eq!(compile["args"]["queue"], 0, "{compile}");
    assert!(compile["args"]["queued_us"].is_u64(), "{compile}");
    assert!(compile["args"]["pause_us"].is_u64(), "{compile}");
    for (flow, from, to) in [("request", install, compile), ("install", compile, install)] {
        let ends: Vec<&serde_json::Value> = all.iter().filter(|e| e["name"] == flow).collect();
        assert_eq!(ends.len(), 2, "{flow}: {ends:?}");
        assert_eq!(
            (ends[0]["ph"].as_str(), ends[1]["ph"].as_str()),
            (Some("s"), Some("f"))
        );
        assert_eq!(ends[0]["id"], ends[1]["id"]);
        assert_eq!(
            (&ends[0]["tid"], &ends[1]["tid"]),
            (&from["tid"], &to["tid"])
        );
        assert!(ends[0]["ts"].as_f64() <= ends[1]["ts"].as_f64(), "{flow}");
    }
}

/// Each compile's trace line says how many requests waited when it
/// joined the queue (0 on the VM's thread), and the summary gives the
/// quantiles of the background compiles' (which compiles finish before the
/// run ends depends on the machine; the broker's tests count the lengths
/// themselves).
#[test]
fn the_queue_length_at_each_request_is_traced_and_summed_up() {
    let out = bcvm(&[
        "run",
        "--compile-threads",
        "1",
        "--trace-compile",
        "--compile-summary",
        "benches/bc/many_functions.bc",
        "40",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stderr(&out);
    let length = |l: &str| -> usize {
        let at = l.find(" queue=").expect("queue=") + " queue=".len();
        let digits: String = l[at..].chars().take_while(char::is_ascii_digit).collect();
        digits.parse().expect("a count")
    };
    let compiles: Vec<&str> = text.lines().filter(|l| l.starts_with("compile ")).collect();
    assert!(compiles.len() > 400, "{text}");
    for line in compiles.iter().filter(|l| l.contains(" thread=vm ")) {
        assert_eq!(length(line), 0, "{line}");
    }
    let background: Vec<usize> = compiles
        .iter()
        .filter(|l| l.contains(" thread=compiler-1 "))
        .map(|l| length(l))
        .collect();
    if let Some(max) = background.iter().max() {
        assert!(*max < 400, "{background:?}");
        let summary = format!(
            "  {} compiled in the background: queue wait p50 ",
            background.len()
        );
        assert!(text.contains(&summary), "{text}");
        assert!(
            text.contains(&format!(", max {max}\n")),
            "max {max}: {text}"
        );
    }
}
