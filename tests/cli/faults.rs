//! Faults around a run (`docs/reliability.md`): files that are not
//! programs, unwritable output, a closed pipe, limited memory and
//! address space, compiles refused memory.

use crate::*;

/// Only regular files are read as programs: a device or a FIFO is refused
/// at once (it would stream forever, or block in `open`).
#[test]
fn program_files_must_be_regular_files() {
    let out = bcvm(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "/dev/zero: error: cannot read file: not a regular file\n"
    );
    let dir = std::env::temp_dir().join(format!("bcvm-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let fifo = dir.join("f.bc");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let fifo = fifo.to_string_lossy().into_owned();
        let out = bcvm(&["run", &fifo]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).ends_with("not a regular file\n"),
            "{}",
            stderr(&out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const TIERS: [&str; 3] = ["interp", "jit", "auto"];

/// An output file that cannot be created is an error before the program
/// runs, naming that file.
#[test]
fn output_files_are_opened_before_running() {
    let p = program(
        "trace_nowhere",
        "func main()\n    puts \"ran\"\n    ret 0\nend\n",
    );
    for (flag, file) in [
        ("--trace-json", "/nonexistent/t.json"),
        ("--trace-file", "/nonexistent/t.txt"),
    ] {
        let out = bcvm(&["run", flag, file, &p]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(out.stdout.is_empty(), "the program must not run ({flag})");
        let message = format!("{file}: error: cannot create the trace file");
        assert!(stderr(&out).starts_with(&message), "{}", stderr(&out));
    }
}

/// A write to stdout that fails (a full disk) stops the program and is
/// reported, after the trap line if the program trapped too: exit 3.
#[test]
fn a_failed_write_to_stdout_is_an_error() {
    let p = program(
        "full_disk",
        "func main()\n    print 42\n    div %x, 1, 0\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--jit-threshold-calls", "1", &p])
            .stdout(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(3), "{tier}");
        assert_eq!(
            stderr(&out),
            format!(
                "{p}:3:5: trap: division by zero (in function main)\n\
                 bcvm: error: writing stdout: No space left on device\n"
            ),
            "{tier}"
        );
    }
}

/// When stdout's reader goes away, an endless program ends, as `yes | head`
/// does: quietly, with status 141 (128 + SIGPIPE), in every tier.
#[test]
fn a_broken_pipe_ends_an_endless_program() {
    use std::io::Read;
    let p = program(
        "endless",
        "func main()\n    mov %i, 0\nloop:\n    print %i\n    add %i, %i, 1\n    jmp loop\nend\n",
    );
    for tier in TIERS {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--jit-threshold-loops", "1", &p])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run bcvm");
        let mut first = [0u8; 10];
        let mut reader = child.stdout.take().expect("piped");
        reader.read_exact(&mut first).expect("output");
        assert_eq!(&first, b"0\n1\n2\n3\n4\n");
        drop(reader);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break status;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("{tier}: still running after its reader went away");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        };
        assert_eq!(status.code(), Some(141), "{tier}");
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut err)
            .expect("stderr");
        assert_eq!(err, "", "{tier}");
    }
}

/// A stderr that cannot be written costs the messages, never a panic: the
/// status is still the one the program earned, and stdout is whole.
#[test]
fn an_unwritable_stderr_is_not_a_panic() {
    let p = program(
        "no_stderr",
        "func main()\n    print 42\n    div %x, 1, 0\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .args(["run", "--tier", tier, "--profile", &p])
            .stderr(std::fs::File::create("/dev/full").expect("/dev/full"))
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(1), "{tier}");
        assert_eq!(out.stdout, b"42\n", "{tier}");
    }
}

/// bcvm runs in a 1 GiB address space with the default limits: the VM
/// thread takes a smaller native stack when 4 GiB cannot be reserved (and
/// calls below its floor run interpreted), and the code cache and linear
/// memory reserve no more than they need.
#[test]
fn a_one_gigabyte_address_space_is_enough() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let p = program(
        "deep_in_1g",
        "func r(%n)\n    jz %n, done\n    sub %m, %n, 1\n    call %x, r, %m\n    add %x, %x, 1\n    ret %x\ndone:\n    ret 0\nend\nfunc main(%n)\n    call %x, r, %n\n    print %x\n    ret 0\nend\n",
    );
    for tier in TIERS {
        let script = format!("ulimit -v 1048576 && exec {bin} run --tier {tier} {p} 99998");
        let out = Command::new("sh")
            .args(["-c", &script])
            .output()
            .expect("sh");
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert_eq!(out.stdout, b"99998\n", "{tier}");
    }
    let script = format!("ulimit -v 1048576 && exec {bin} check {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A call whose frame cannot be allocated (here, under a 1 GiB address
/// space, frames of 5,000 registers) traps with `stack overflow` at that
/// call, after everything printed before it, instead of aborting.
#[test]
fn a_frame_that_cannot_be_allocated_is_a_stack_overflow() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let mut text = String::from("func r(%n)\n    print %n\n    jz %n, never\n");
    for i in 0..5000 {
        text += &format!("    mov %r{i}, 1\n");
    }
    text += "never:\n    add %m, %n, 1\n    call %x, r, %m\n    ret %x\nend\nfunc main()\n    call %x, r, 1\n    ret 0\nend\n";
    let p = program("wide_frames", &text);
    let script = format!("ulimit -v 1048576 && exec {bin} run --tier interp {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).ends_with("trap: stack overflow (in function r)\n"),
        "{}",
        stderr(&out)
    );
    // Every line up to the trap is there, in order.
    let printed = String::from_utf8_lossy(&out.stdout);
    let last: usize = printed
        .lines()
        .last()
        .and_then(|l| l.parse().ok())
        .expect("lines");
    assert_eq!(printed.lines().count(), last);
    assert!(last > 1000, "{last}");
}

/// A program file over 1 GiB is refused from its size, unread.
#[test]
fn a_program_file_over_a_gigabyte_is_refused() {
    let dir = std::env::temp_dir().join(format!("bcvm-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("big.bc");
    let file = std::fs::File::create(&path).expect("file");
    // Sparse: no disk space, no time.
    file.set_len((1 << 30) + 1).expect("size");
    let path = path.to_string_lossy().into_owned();
    let out = bcvm(&["check", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("{path}: error: cannot read file: larger than 1 GiB\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A linear memory that cannot be mapped is a resource failure (exit 3),
/// not a load error.
#[test]
fn an_unmappable_memory_is_a_resource_failure() {
    let bin = env!("CARGO_BIN_EXE_bcvm");
    let p = program(
        "huge_memory",
        ".memory 268435456\nfunc main()\n    store [268435455], 1\n    ret 0\nend\n",
    );
    let script = format!("ulimit -v 1048576 && exec {bin} run {p}");
    let out = Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(&format!("{p}: error: cannot map the linear memory:")),
        "{}",
        stderr(&out)
    );
}

/// Prints 0 to 9,999, then makes `sq` hot (in `auto` with the thresholds
/// `HOT_FLAGS` sets, compiled at its 1,000th call after the prints, the
/// printing loop staying interpreted; in `jit`, before anything runs).
const HOT_FLAGS: [&str; 4] = [
    "--jit-threshold-calls",
    "1000",
    "--jit-threshold-loops",
    "1000000",
];
const PRINT_THEN_HOT: &str = "func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main()\n    mov %i, 0\nprint:\n    print %i\n    add %i, %i, 1\n    jlt %i, 10000, print\n    mov %s, 0\nhot:\n    call %t, sq, %i\n    add %s, %s, %t\n    sub %i, %i, 1\n    jnz %i, hot\n    print %s\n    ret 0\nend\n";

/// A compile the system refuses memory bails out, says so in the trace,
/// and the program runs on to its answer.
#[test]
fn a_compile_refused_memory_bails_out() {
    let p = program("refused_memory", PRINT_THEN_HOT);
    let mut want: Vec<u8> = (0..10000)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    want.extend_from_slice(b"333383335000\n");
    for tier in ["auto", "jit"] {
        // On the VM's thread, the compile is done before the run ends.
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .env("BCVM_FAULT_COMPILE_MEMORY", "2000")
            .args([
                "run",
                "--tier",
                tier,
                "--compile-threads",
                "0",
                "--trace-compile",
                &p,
            ])
            .output()
            .expect("run bcvm");
        assert_eq!(out.status.code(), Some(0), "{tier}: {}", stderr(&out));
        assert!(out.stdout == want, "{tier}");
        assert!(
            stderr(&out).contains("compile sq ") && stderr(&out).contains(": out of memory\n"),
            "{tier}: {}",
            stderr(&out)
        );
    }
}

/// A compile that outgrows even the allocator's reserve ends the process
/// with the resource-failure status and a message, and everything printed
/// before the compile is out: on the VM's thread at once, from a compiler
/// thread at the VM thread's next look for the code (here, within 16
/// calls of `sq`, of which a hundred million are left: the run cannot
/// end first).
#[test]
fn a_compile_beyond_the_reserve_ends_the_run_with_its_output() {
    let p = program("beyond_reserve", PRINT_THEN_HOT);
    let long = program(
        "beyond_reserve_long",
        &PRINT_THEN_HOT.replace("    mov %s, 0\n", "    mov %i, 100000000\n    mov %s, 0\n"),
    );
    let printed: Vec<u8> = (0..10000)
        .flat_map(|i| format!("{i}\n").into_bytes())
        .collect();
    let runs = [
        ("auto", "0", &p, &printed[..]),
        ("auto", "1", &long, &printed[..]),
        ("jit", "1", &p, &b""[..]),
    ];
    for (tier, threads, p, want) in runs {
        let out = Command::new(env!("CARGO_BIN_EXE_bcvm"))
            .env("BCVM_FAULT_COMPILE_MEMORY", "0")
            .env("BCVM_FAULT_COMPILE_RESERVE", "64")
            .args(["run", "--tier", tier, "--compile-threads", threads])
            .args(HOT_FLAGS)
            .arg(p)
            .output()
            .expect("run bcvm");
        assert_eq!(
            out.status.code(),
            Some(3),
            "{tier} {threads}: {}",
            stderr(&out)
        );
        assert_eq!(stderr(&out), "bcvm: error: out of memory while compiling\n");
        assert!(out.stdout == want, "{tier} {threads}");
    }
}

/// A run started with stdout closed gets it opened on `/dev/null` before
/// it opens anything, so no file it opens (here the trace) takes
/// descriptor 1 and the program's output: the output goes nowhere, the
/// trace file holds trace lines alone, and the status is the program's.
#[test]
fn a_closed_stdout_is_not_taken_by_a_file_the_run_opens() {
    use std::os::unix::process::CommandExt;
    let p = program("prints", "func main()\n    print 7\n    ret 0\nend\n");
    let trace = std::env::temp_dir().join(format!("bcvm-closed-{}.trace", std::process::id()));
    let trace_path = trace.to_string_lossy().into_owned();
    let mut command = Command::new(env!("CARGO_BIN_EXE_bcvm"));
    command.args(["run", "--tier", "jit", "--trace-file", &trace_path, &p]);
    // SAFETY: the closure only closes a descriptor, in the child between
    // `fork` and `exec`.
    unsafe {
        command.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let out = command.output().expect("run bcvm");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let traced = std::fs::read_to_string(&trace).expect("the trace file");
    let _ = std::fs::remove_file(&trace);
    assert!(!traced.is_empty());
    assert!(
        traced.lines().all(|l| l.starts_with("compile ")),
        "{traced:?}"
    );
}
