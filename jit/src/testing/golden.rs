//! Golden files (the `filetests` idea of Cranelift and LLVM's `lit`):
//! output a change to the compilers is meant to change, kept as files and
//! compared exactly, so the change is reviewed as a diff. One switch
//! re-blesses them: with `BLESS` set in the environment, `compare` writes
//! what it got instead of comparing.

use std::path::Path;

/// Compares `got` with the file `name` in `dir`, or rewrites the file when
/// `BLESS` is set. A difference comes back as a complaint naming the first
/// line that differs and `bless`, the command that rewrites the file.
pub fn compare(dir: &Path, name: &str, got: &str, bless: &str) -> Option<String> {
    let path = dir.join(name);
    if std::env::var_os("BLESS").is_some() {
        if let Err(e) = std::fs::write(&path, got) {
            return Some(format!("cannot write {}: {e}", path.display()));
        }
        return None;
    }
    let want = match std::fs::read_to_string(&path) {
        Ok(want) => want,
        Err(e) => return Some(format!("{}: {e} ({bless} writes it)", path.display())),
    };
    if want == got {
        return None;
    }
    let line = want
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(want.lines().count().min(got.lines().count()));
    Some(format!(
        "{name} differs from line {} ({bless} rewrites it)",
        line + 1
    ))
}

/// The files in `dir` that are not in `expected`: golden files left
/// behind by a test that no longer makes them.
pub fn stale(dir: &Path, expected: &[String]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return vec![format!("cannot read {}", dir.display())];
    };
    entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !expected.contains(name))
        .collect()
}
