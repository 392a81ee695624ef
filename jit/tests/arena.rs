//! The compile arena (`vm::runtime::alloc`) with the process's real allocator: every
//! compile of every program in `programs/` leaves nothing behind in it, so
//! each compile finds it empty and reuses it from its start, and the
//! programs' answers are unchanged.

#[global_allocator]
static ALLOCATOR: vm::runtime::alloc::Allocator = vm::runtime::alloc::Allocator;

use jit::testing::oracle::Config;
use std::path::Path;

#[test]
fn every_compile_leaves_the_arena_empty() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../programs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("programs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .collect();
    files.sort();
    // Compiled recursion uses the native stack: give it room.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            for file in files {
                let text = std::fs::read(&file).expect("readable");
                let program = vm::load(&text).expect("loads");
                let args: Vec<i64> = std::fs::read_to_string(file.with_extension("args"))
                    .map(|s| {
                        s.split_whitespace()
                            .map(|a| vm::loader::parse_int_literal(a).expect("literal"))
                            .collect()
                    })
                    .unwrap_or_default();
                let want = std::fs::read(file.with_extension("out")).expect(".out");
                for config in [Config::Jit, Config::Osr] {
                    let before = vm::runtime::alloc::arena_stats();
                    let (outcome, _) = jit::testing::oracle::run_with(
                        &program,
                        config,
                        vm::Limits::default(),
                        &args,
                    );
                    let after = vm::runtime::alloc::arena_stats();
                    let name = format!("{} [{}]", file.display(), config.name());
                    assert_eq!(outcome.stdout, want, "{name}");
                    let scopes = after.scopes - before.scopes;
                    assert!(config == Config::Osr || scopes > 0, "{name}: no compile");
                    assert_eq!(
                        after.reuses - before.reuses,
                        scopes,
                        "{name}: a compile left a block"
                    );
                }
            }
        });
    worker.expect("thread").join().expect("no failure");
}
