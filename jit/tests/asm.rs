//! The back ends' machine code, as golden files: each `NAME.bc` under
//! `jit/tests/asm/` shows one choice of instruction selection, register
//! use or layout, which its opening comment says; `NAME.asm` beside it
//! holds the listing of its functions, addresses masked, compared
//! exactly. A change to generated code is meant to change them:
//! `BLESS=1 cargo test -p jit --test asm` rewrites them, and the diff is
//! what review reads (the listing shows where each bytecode line's code
//! starts, so a diff reads against the program).
//!
//! `glue.asm` holds the glue's listing, the routines every function
//! shares.
//!
//! Two directives in the opening comment choose what is listed:
//! `; functions: f g` (default `main`) and `; compilers: optimizing
//! baseline` (default `optimizing`).

use jit::pipeline::context::{Avx, Options};
use jit::testing::golden;
use jit::tools::disasm::{baseline_listing, glue_listing, listing_with, mask_addresses};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm")
}

/// The words after `; KEY:` in `text`'s opening comment, or `default`.
fn directive<'a>(text: &'a str, key: &str, default: &'a str) -> Vec<&'a str> {
    let prefix = format!("; {key}:");
    text.lines()
        .take_while(|l| l.starts_with(';'))
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or(default)
        .split_whitespace()
        .collect()
}

/// The optimizing compiler's options for the listings: float arithmetic
/// in AVX's three-operand forms whatever the machine (the code is never
/// run), so the listings are the same on every machine.
fn with_avx() -> Options {
    Options {
        avx: Avx::Always,
        ..Options::verified()
    }
}

/// The listings of the program in `text`, as its directives ask.
fn listings(name: &str, text: &str) -> String {
    let program = vm::load(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = String::new();
    for compiler in directive(text, "compilers", "optimizing") {
        for func in directive(text, "functions", "main") {
            let id = program
                .func_by_name(func)
                .unwrap_or_else(|| panic!("{name}: no function {func}"));
            let listing = match compiler {
                "optimizing" => listing_with(&program, id, None, with_avx()),
                "baseline" => baseline_listing(&program, id),
                other => panic!("{name}: no compiler {other}"),
            };
            out.push_str(&listing.unwrap_or_else(|e| panic!("{name}: {func}: {e}")));
            out.push('\n');
        }
    }
    mask_addresses(&out)
}

fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .expect("jit/tests/asm")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().to_string_lossy().into_owned();
            name.strip_suffix(".bc").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

#[test]
fn listings_match_their_golden_files() {
    let mut problems = Vec::new();
    for name in programs() {
        let text = std::fs::read_to_string(dir().join(format!("{name}.bc"))).expect("reads");
        let bless = "BLESS=1 cargo test -p jit --test asm";
        problems.extend(golden::compare(
            &dir(),
            &format!("{name}.asm"),
            &listings(&name, &text),
            bless,
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The routines every compiled function shares (`backend::glue`), in
/// `glue.asm`.
#[test]
fn the_glue_matches_its_golden_file() {
    let listing = glue_listing().expect("the glue is made");
    let bless = "BLESS=1 cargo test -p jit --test asm";
    if let Some(problem) = golden::compare(&dir(), "glue.asm", &mask_addresses(&listing), bless) {
        panic!("{problem}");
    }
}

/// Every listing belongs to a program (or is the glue's), and every
/// program says what it shows.
#[test]
fn each_listing_has_its_program_and_each_program_its_purpose() {
    let mut expected = vec!["glue.asm".to_string()];
    for name in programs() {
        let text = std::fs::read_to_string(dir().join(format!("{name}.bc"))).expect("reads");
        assert!(text.starts_with("; "), "{name}.bc opens with what it shows");
        expected.push(format!("{name}.bc"));
        expected.push(format!("{name}.asm"));
    }
    let stale = golden::stale(&dir(), &expected);
    assert!(
        stale.is_empty(),
        "in jit/tests/asm, belonging to nothing: {stale:?}"
    );
}
