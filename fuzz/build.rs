//! Builds in the programs of `programs/` and `benches/bc/`, with their
//! arguments, for the `mutate` target: `PROGRAMS`, (name, text, args).

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut programs = String::from("const PROGRAMS: &[(&str, &str, &[i64])] = &[\n");
    for dir in ["programs", "benches/bc"] {
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("the programs' directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "bc"))
            .collect();
        paths.sort();
        for path in paths {
            let args: Vec<i64> = std::fs::read_to_string(path.with_extension("args"))
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|a| a.parse().ok())
                .collect();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let _ = writeln!(
                programs,
                "    ({name:?}, include_str!({:?}), &{args:?}),",
                path.canonicalize().expect("a path").display().to_string()
            );
        }
    }
    programs.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("programs.rs");
    std::fs::write(out, programs).expect("written");
}
