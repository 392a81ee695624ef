//! The command line, by subcommand, each module a part: `run`
//! (arguments, exit statuses), `faults`, `inspect` (dump, explore),
//! `observe` (profiles, traces, perf, gdb), `bench_fuzz`. The helpers
//! they share are here.

mod bench_fuzz;
mod faults;
mod inspect;
mod observe;
mod run;

pub use std::io::Write;
pub use std::process::{Command, Output};

pub fn bcvm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bcvm"))
        .args(args)
        .output()
        .expect("run bcvm")
}

/// Writes `text` to a fresh temporary `.bc` file and returns its path.
pub fn program(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("bcvm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.bc"));
    let mut f = std::fs::File::create(&path).expect("temp file");
    f.write_all(text.as_bytes()).expect("write");
    path.to_string_lossy().into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub const ECHO: &str = "func main(%a, %b)\n    print %a\n    print %b\n    ret 0\nend\n";

/// A fresh empty directory for a test's output files.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bcvm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

pub const TEXTBOOK: &str = "; the SSA textbook loop\nfunc main(%n)\n    mov %i, 0\n    mov %s, 0\nhead:\n    jge %i, %n, done\n    add %s, %s, %i\n    add %i, %i, 1\n    jmp head\ndone:\n    print %s\n    ret 0\nend\n";
