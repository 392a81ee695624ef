//! Hostile input to the loader and the interpreter: each must end in a clean
//! error or a clean run, never a panic, a hang or a crash. Sizes are the
//! issue's; loading is linear, so none of these takes long.

use proptest::prelude::*;
use std::fmt::Write;
use std::time::Instant;
use vm::runtime::SharedBuffer;
use vm::{load, Limits, Output, Vm};

fn run(text: &str, args: &[i64]) -> (Result<u64, vm::Trap>, Vec<u8>) {
    let program = load(text.as_bytes()).unwrap_or_else(|e| panic!("{:?}", e.diagnostics.first()));
    let buffer = SharedBuffer::default();
    let mut vm = Vm::new(&program, Output::capture(buffer.clone()), Limits::default()).expect("vm");
    let result = vm.run(args, false);
    vm.out.flush();
    (result, buffer.contents())
}

fn first_error(text: &[u8]) -> String {
    let e = load(text).expect_err("must not load");
    e.diagnostics[0].render("f.bc")
}

#[test]
fn binary_garbage_is_rejected() {
    let mut x: u64 = 0x2545F4914F6CDD1D;
    for len in [1usize, 7, 100, 10_000, 1 << 20] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        assert!(load(&bytes).is_err());
    }
}

#[test]
fn invalid_utf8_names_its_line_and_column() {
    assert_eq!(
        first_error(b"func main()\n  \xc3\x28\nend\n"),
        "f.bc:2:3: error: invalid UTF-8"
    );
}

#[test]
fn hundred_thousand_digit_literal() {
    let text = format!(
        "func main()\n    print {}\n    ret 0\nend\n",
        "7".repeat(100_000)
    );
    assert_eq!(
        first_error(text.as_bytes()),
        "f.bc:2:11: error: integer literal out of range [-2^63, 2^63-1]"
    );
    let float = format!(
        "func main()\n    fprint {}.5, 1\n    ret 0\nend\n",
        "1".repeat(100_000)
    );
    assert!(load(float.as_bytes()).is_ok());
}

#[test]
fn twenty_megabyte_line() {
    let long_name = "r".repeat(20 << 20);
    let text = format!("func main()\n    mov %{long_name}, 5\n    print %{long_name} ; {long_name}\n    ret 0\nend\n");
    let (result, out) = run(&text, &[]);
    assert_eq!(result, Ok(0));
    assert_eq!(out, b"5\n");
    let junk = format!(
        "func main()\n    mov %a, 1 {}\n    ret 0\nend\n",
        "x".repeat(20 << 20)
    );
    assert_eq!(
        first_error(junk.as_bytes()),
        "f.bc:2:15: error: expected `,` between operands, found `x`"
    );
}

#[test]
fn a_million_registers() {
    let mut text = String::from("func main()\n");
    for i in 0..1_000_000 {
        let _ = writeln!(text, "    mov %r{i}, {i}");
    }
    text.push_str("    add %sum, %r999999, %r1\n    print %sum\n    ret 0\nend\n");
    let (result, out) = run(&text, &[]);
    assert_eq!(result, Ok(0));
    assert_eq!(out, b"1000000\n");
}

#[test]
fn two_hundred_thousand_labels() {
    let mut text = String::from("func main()\n");
    for i in 0..200_000 {
        let _ = writeln!(text, "l{i}: add %n, %n, 1");
    }
    text.push_str("    jlt %n, 200001, l199999\n    print %n\n    ret 0\nend\n");
    let (result, out) = run(&text, &[]);
    assert_eq!(result, Ok(0));
    assert_eq!(out, b"200001\n");
}

#[test]
fn fifty_megabyte_program_loads() {
    let mut text = String::with_capacity(52 << 20);
    let mut n = 0;
    while text.len() < 50 << 20 {
        let _ = writeln!(text, "func f{n}(%a, %b)\n    add %c, %a, %b\n    mul %c, %c, 0x10\n    jz %c, done\n    call %c, f{n}, %c, 1\ndone: ret %c\nend");
        n += 1;
    }
    text.push_str("func main()\n    ret 0\nend\n");
    let start = Instant::now();
    let program = load(text.as_bytes()).expect("loads");
    // Reported, not asserted: speed is for benchmarks.
    eprintln!(
        "loaded {} MB, {} functions in {:?}",
        text.len() >> 20,
        program.funcs.len(),
        start.elapsed()
    );
    assert_eq!(program.funcs.len(), n + 1);
}

#[test]
fn two_gib_memory_costs_nothing_until_touched() {
    let text = ".memory 268435456\nfunc main()\n    store [268435455], 9\n    load %x, [268435455]\n    print %x\n    load %x, [268435456]\n    ret 0\nend\n";
    let (result, out) = run(text, &[]);
    assert_eq!(result.map_err(|t| t.kind), Err(vm::TrapKind::OutOfBounds));
    assert_eq!(out, b"9\n");
}

#[test]
fn frames_beyond_the_stack_limit_trap_cleanly() {
    // Each frame has 100,000 registers; the 2^28-slot stack holds ~2,684.
    let mut text = String::from("func deep(%n)\n    add %n, %n, 1\n    call %r, deep, %n\n");
    for i in 0..100_000 {
        let _ = writeln!(text, "    mov %x{i}, 0");
    }
    text.push_str("    ret %r\nend\nfunc main()\n    call %r, deep, 0\n    ret 0\nend\n");
    let (result, _) = run(&text, &[]);
    assert_eq!(result.map_err(|t| t.kind), Err(vm::TrapKind::StackOverflow));
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic_the_loader(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = load(&bytes);
    }

    #[test]
    fn arbitrary_text_never_panics_the_loader(text in "[ -~\\n\\t]{0,300}") {
        let _ = load(text.as_bytes());
    }

    #[test]
    fn mutated_programs_never_panic_the_loader(
        which in 0usize..64,
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../programs"))
            .expect("programs")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "bc"))
            .collect();
        files.sort();
        let mut text = std::fs::read(&files[which % files.len()]).expect("read");
        if !text.is_empty() {
            let i = at.index(text.len());
            text[i] = byte;
            text.truncate(cut.index(text.len() + 1).max(i));
        }
        let _ = load(&text);
    }
}
