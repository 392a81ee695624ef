//! The emitter: it compiles every function in `programs/`, and the code it
//! makes lives in memory that is never writable and executable at once.

use jit::backend::ScratchEnv;
use jit::driver::compiler::Jit;
use std::path::Path;
use vm::tier::{Compiler, Request, Trigger};

fn programs() -> Vec<vm::Program> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../programs");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("programs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| vm::load(&std::fs::read(p).expect("read")).expect("loads"))
        .collect()
}

#[test]
fn every_function_in_programs_compiles() {
    let mut compiled = Vec::new();
    let mut scratches = Vec::new();
    for program in programs() {
        let mut scratch = ScratchEnv::new(&program).expect("memory");
        let env = scratch.env();
        for i in 0..program.funcs.len() {
            let id = vm::FuncId(i as u32);
            let request = Request::new(id, Trigger::Eager, None, &[], u64::MAX);
            let code = Jit::default().compile(&program, &request, env);
            let code = code.unwrap_or_else(|| panic!("`{}` was refused", program.func(id).name));
            assert!(code.code_bytes > 0);
            compiled.push(code);
        }
        scratches.push(scratch);
    }
    // With all that code mapped, no mapping of this process may be both
    // writable and executable.
    let maps = std::fs::read_to_string("/proc/self/maps").expect("/proc/self/maps");
    let both: Vec<&str> = maps
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .nth(1)
                .is_some_and(|perms| perms.contains('w') && perms.contains('x'))
        })
        .collect();
    assert!(both.is_empty(), "writable and executable: {both:?}");
    // And each entry point lies in a mapping that is executable, read-only.
    let mappings: Vec<(usize, usize, &str)> = maps
        .lines()
        .filter_map(|l| {
            let mut fields = l.split_whitespace();
            let (range, perms) = (fields.next()?, fields.next()?);
            let (lo, hi) = range.split_once('-')?;
            Some((
                usize::from_str_radix(lo, 16).ok()?,
                usize::from_str_radix(hi, 16).ok()?,
                perms,
            ))
        })
        .collect();
    for code in &compiled {
        let at = code.entry as usize;
        let perms = mappings
            .iter()
            .find(|&&(lo, hi, _)| lo <= at && at < hi)
            .map(|m| m.2);
        assert_eq!(perms.map(|p| &p[..3]), Some("r-x"), "entry {at:#x}");
    }
}

/// Loop rotation: the back edge of a `while` loop tests the condition
/// itself, so an iteration runs one backward conditional jump and no
/// unconditional one.
#[test]
fn a_loop_iteration_runs_one_conditional_jump() {
    let program = vm::load(
        b"func main(%n)\n    mov %i, 0\n    mov %s, 0\nhead:\n    jge %i, %n, done\n    add %s, %s, %i\n    add %i, %i, 1\n    jmp head\ndone:\n    print %s\n    ret 0\nend\n",
    )
    .expect("loads");
    let listing = jit::tools::disasm::listing(&program, program.main).expect("compiles");
    // (offset, mnemonic, target) of every jump in the body, past the
    // external entry's jmp at offset 0.
    let jumps: Vec<(u64, String, u64)> = listing
        .lines()
        .filter(|l| l.starts_with("    "))
        .filter_map(|l| {
            let mut fields = l.split_whitespace();
            let at = u64::from_str_radix(fields.next()?, 16).ok()?;
            let mnemonic = fields.next()?.to_string();
            let target = fields.next()?.strip_suffix('h')?;
            let target = u64::from_str_radix(target, 16).ok()?;
            (mnemonic.starts_with('j') && at > 0).then_some((at, mnemonic, target))
        })
        .collect();
    assert!(
        jumps.iter().all(|(_, m, _)| m != "jmp"),
        "an unconditional jump in the loop: {listing}"
    );
    let backward: Vec<_> = jumps.iter().filter(|(at, _, to)| to < at).collect();
    assert_eq!(backward.len(), 1, "{listing}");
    assert_eq!(backward[0].1, "jl", "{listing}");
}
