//! The `bcvm` command line. Every failure travels to `execute` as a
//! `Failure` (`cli::failure`), which alone decides how it is printed and
//! which exit status it gives (0 success, 1 trap, 2 load or usage error,
//! per the spec). The subcommands live in `cli`.

mod cli;

use cli::*;
use std::process::ExitCode;

/// Compiled code calls compiled code through the native stack, so deep
/// recursion runs fastest on a deep one; the kernel commits it only as it
/// is touched. Where the address space is limited (`ulimit -v`) a smaller
/// one is taken: below its floor calls run in the interpreter instead
/// (`vm::tier::CallState::native_floor`), so any size gives the same
/// results.
const NATIVE_STACKS: [usize; 5] = [4 << 30, 1 << 30, 256 << 20, 64 << 20, 16 << 20];

/// glibc returns the top of a thread's heap to the kernel once 128 KiB of
/// it is free, and grows it again on the next allocation: each compile
/// allocates and frees its tables, so a JIT compiling many small functions
/// paid an `mprotect` for most of them (1,813 for 3,000 compiles). Keeping
/// 64 MiB (and growing by 16 MiB at a time) lets each compile reuse the
/// memory the last one freed.
fn keep_freed_memory() {
    #[cfg(target_env = "gnu")]
    // SAFETY: `mallopt` only sets tuning parameters of the allocator, and
    // runs before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TOP_PAD, 16 << 20);
    }
}

/// The system allocator, with a reserve a compile falls back on when
/// memory runs out, so that it bails out instead of aborting the process.
#[global_allocator]
static ALLOCATOR: vm::runtime::alloc::Allocator = vm::runtime::alloc::Allocator;

/// For tests of the compiler's out-of-memory path: each compile may take
/// this many bytes from the system, then is refused as if memory had run
/// out (docs/reliability.md).
const FAULT_COMPILE_MEMORY: &str = "BCVM_FAULT_COMPILE_MEMORY";
/// With it: the size of the reserve a compile falls back on.
const FAULT_COMPILE_RESERVE: &str = "BCVM_FAULT_COMPILE_RESERVE";

fn main() -> ExitCode {
    keep_freed_memory();
    if let Some(bytes) = std::env::var(FAULT_COMPILE_MEMORY)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vm::runtime::alloc::refuse_compiles_after(bytes);
    }
    if let Some(bytes) = std::env::var(FAULT_COMPILE_RESERVE)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vm::runtime::alloc::set_reserve_size(bytes);
    }
    let cli = std::sync::Arc::new(std::sync::Mutex::new(Some(parse_command_line())));
    let mut worker = Err(io::Error::other("no stack size to try"));
    for size in NATIVE_STACKS {
        let cli = cli.clone();
        worker = std::thread::Builder::new().stack_size(size).spawn(move || {
            let cli = cli.lock().ok().and_then(|mut c| c.take());
            cli.map_or(ExitCode::from(101), execute)
        });
        if worker.is_ok() {
            break;
        }
    }
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => {
            report("bcvm: error: the VM thread panicked\n");
            ExitCode::from(101)
        }
        Err(e) => {
            report(&format!(
                "bcvm: error: cannot start the VM thread: {}\n",
                os_message(&e)
            ));
            ExitCode::from(STATUS_RESOURCE)
        }
    }
}

fn execute(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Run(args) => run(&args),
        Command::Check { files } => check(&files),
        Command::Dump(args) => dump(&args),
        Command::Explore(args) => explore(&args),
        Command::Bench(args) => bench(&args),
        Command::Fuzz(args) => fuzz::fuzz(&args),
        Command::Reduce(args) => fuzz::reduce(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failures) => {
            for failure in &failures {
                report(&failure.to_string());
            }
            ExitCode::from(failures.iter().map(Failure::status).max().unwrap_or(2))
        }
    }
}
