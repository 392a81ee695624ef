//! Golden files: what `bcvm dump` shows of a set of programs at the
//! stages a code-generation change shows up in (the SSA form, after
//! constant propagation, after SSA destruction, the register homes, the
//! optimizing compiler's and the baseline compiler's machine code), and
//! the interpreter's machine-code loop, kept under `tests/golden/` and
//! compared exactly. A change to generated code is meant to change them:
//! `BLESS=1 cargo test --test golden` rewrites them, and the diff is
//! what review reads.
//!
//! Absolute addresses (a runtime helper's, the VM's tables, the linear
//! memory's) differ from run to run; listings show them as `ADDR`.

use jit::testing::golden;
use jit::tools::disasm::mask_addresses;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The programs, and the stages of each.
const PROGRAMS: &[&str] = &[
    "fib",
    "sum",
    "sieve",
    "digit_sum",
    "if_convert",
    "inline_helpers",
    "tail_loops",
    "bounds_versioning",
    "float_edges",
    "call_depth_limit",
];
const STAGES: &[&str] = &["ssa", "sccp", "out", "regalloc", "asm"];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn dump(program: &str, args: &[&str]) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("programs")
        .join(format!("{program}.bc"));
    let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
        .arg("dump")
        .arg(&file)
        .args(args)
        .output()
        .expect("runs bcvm");
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    mask_addresses(&String::from_utf8(out.stdout).expect("utf-8"))
}

/// Compares `got` with the golden file `name` (`BLESS` rewrites it).
fn compare(name: &str, got: &str) -> Option<String> {
    golden::compare(&golden_dir(), name, got, "BLESS=1 cargo test --test golden")
}

#[test]
fn dumps_match_their_golden_files() {
    let mut problems = Vec::new();
    for program in PROGRAMS {
        for stage in STAGES {
            // SSE2's float forms, which every x86-64 machine has, so the
            // listings are the same on every machine (the AVX forms are
            // in `jit/tests/asm`).
            let got = dump(program, &["--stage", stage, "--no-avx"]);
            problems.extend(compare(&format!("{program}.{stage}.txt"), &got));
        }
        let got = dump(program, &["--stage", "asm", "--baseline"]);
        problems.extend(compare(&format!("{program}.baseline.txt"), &got));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_interpreter_s_loop_matches_its_golden_file() {
    let code = vm::interpreter_machine_code().expect("the loop is made");
    let listing = mask_addresses(&jit::tools::disasm::plain(&code));
    if let Some(problem) = compare("interpreter.txt", &listing) {
        panic!("{problem}");
    }
}

/// Every golden file belongs to a program and stage above: none is left
/// behind when one is dropped.
#[test]
fn no_golden_file_is_stale() {
    let mut expected: Vec<String> = vec!["interpreter.txt".into()];
    for program in PROGRAMS {
        for stage in STAGES.iter().chain(&["baseline"]) {
            expected.push(format!("{program}.{stage}.txt"));
        }
    }
    let stale = golden::stale(&golden_dir(), &expected);
    assert!(
        stale.is_empty(),
        "in tests/golden, belonging to nothing: {stale:?}"
    );
}
