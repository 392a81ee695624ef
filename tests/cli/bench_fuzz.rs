//! `bcvm bench`, `bcvm fuzz` and `bcvm reduce`.

use crate::*;

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
        ["interp", "jit", "tiered"],
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
    // jit compiled main (one function, one compile) before it ran, the
    // program waiting for it; interp nothing, and had no pause.
    assert_eq!((rows[0][10], rows[0][11]), ("0", "0"), "{text}");
    assert_eq!((rows[1][10], rows[1][11]), ("1", "1"), "{text}");
    assert_eq!((rows[0][8], rows[0][9]), ("0.000", "0.000"), "{text}");
    let paused: f64 = rows[1][8].parse().expect("ms");
    let compiling: f64 = rows[1][7].parse().expect("ms");
    assert!(paused >= compiling && paused > 0.0, "{text}");
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
    assert!(tiers[0]["paused_ms"].as_f64().is_some_and(|p| p > 0.0));
    assert!(tiers[0]["warm_up_ms"].as_f64().is_some_and(|w| w > 0.0));
    assert_eq!(tiers[1]["warm_up_ms"].as_f64(), Some(0.0));
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
fn reduce_refuses_a_program_the_tiers_agree_on() {
    let out = bcvm(&["reduce", "programs/sum.bc", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "programs/sum.bc: error: the tiers agree on this program: nothing to reduce\n"
    );
}
