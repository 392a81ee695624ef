//! The `bcvm` command line. Every failure travels to `execute` as a
//! `Failure` (`cli::failure`), which alone decides how it is printed and
//! which exit status it gives (0 success, 1 trap, 2 load or usage error,
//! per the spec). The subcommands live in `cli`.
//!
//! The process starts at a C `main`, not Rust's: Rust's start-up reads
//! `/proc/self/maps` to place a guard for the main thread's stack and
//! sets up a signal stack for it, about a tenth of a millisecond of an
//! empty program's run, for a thread that parses the command line and
//! then runs compiles (the VM runs on a thread of its own, and ends the
//! process). What of it bcvm relies on,
//! `main` does itself: standard streams that are open, SIGPIPE ignored
//! (a write to a reader that went away is an error, `cli::failure`), and
//! stdout flushed at the end (docs/startup.md).

// The test harness brings its own `main`.
#![cfg_attr(not(test), no_main)]

mod cli;

use cli::*;
use std::io::Write;

/// Compiled code calls compiled code through the native stack, so deep
/// recursion runs fastest on a deep one; the kernel commits it only as it
/// is touched. Where the address space is limited (`ulimit -v`) a smaller
/// one is taken: below its floor calls run in the interpreter instead
/// (`vm::tier::CallState::native_floor`), so any size gives the same
/// results.
const NATIVE_STACKS: [usize; 5] = [4 << 30, 1 << 30, 256 << 20, 64 << 20, 16 << 20];

/// glibc returns the top of a heap to the kernel once 128 KiB of it is
/// free, and grows it again on the next allocation: each compile
/// allocates and frees its tables, so a JIT compiling many small functions
/// paid an `mprotect` for most of them (1,813 for 3,000 compiles). Keeping
/// 64 MiB (and growing by 16 MiB at a time) lets each compile reuse the
/// memory the last one freed. One heap for every thread: the VM's thread
/// allocates outside its hot paths, and compiles, on the main thread and
/// any other compiler thread, allocate from their own arenas
/// (`vm::runtime::alloc`) but for what they hand over. The two do meet
/// on the heap's lock at an install (an install that waited for it took
/// 20 to 60 µs), but a heap for the VM's thread did not move the p99 of
/// the pauses (`benches/pauses.py`, interleaved), so it is not made.
fn keep_freed_memory() {
    #[cfg(target_env = "gnu")]
    // SAFETY: `mallopt` only sets tuning parameters of the allocator, and
    // runs before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TOP_PAD, 16 << 20);
        libc::mallopt(libc::M_ARENA_MAX, 1);
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

/// Where the process starts (see the module's doc); in the unit tests'
/// build, the harness's `main` is the entry and this one a function.
#[cfg_attr(not(test), unsafe(no_mangle))]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    standard_streams();
    let status = std::panic::catch_unwind(start).unwrap_or(101);
    // What `std::process::exit` would flush (clap's output, for one).
    let _ = io::stdout().flush();
    status.into()
}

/// Makes sure descriptors 0 to 2 are open (on `/dev/null` if they were
/// not), so no file the VM opens takes their place, and ignores SIGPIPE,
/// as Rust's own start-up does.
fn standard_streams() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `poll` reads and writes the three `pollfd`s, which live
    // for the call; with a zero timeout it only reports.
    let polled = unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) };
    for pfd in fds {
        let closed = match polled {
            0.. => pfd.revents & libc::POLLNVAL != 0,
            // SAFETY: `fcntl` only asks about the descriptor, open or not.
            _ => (unsafe { libc::fcntl(pfd.fd, libc::F_GETFD) }) == -1,
        };
        if closed {
            // SAFETY: opens a path of a static C string; the descriptor
            // it gets is the lowest free one, the closed standard one.
            unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        }
    }
    // SAFETY: ignoring a signal changes no memory; no other thread
    // exists yet.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
}

/// Parses the command line and runs it on a thread of its own, the VM's
/// (for its deep native stack), which ends the process when done; if that
/// thread cannot start, the exit status. Meanwhile this thread, the
/// process's main one, is lent to the VM's compiles (`MAIN_THREAD`): it
/// runs the first compiler thread, which so costs neither a thread's
/// start in the first request's pause nor one with every run.
fn start() -> u8 {
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
    // Said before the VM's thread starts, so its first request never
    // finds the main thread not yet lent.
    let lent = stack_fits_a_compiler_thread();
    if lent {
        MAIN_THREAD.lend_soon();
    }
    let mut worker = Err(io::Error::other("no stack size to try"));
    for size in NATIVE_STACKS {
        let cli = cli.clone();
        worker = std::thread::Builder::new()
            .stack_size(size)
            .spawn(move || vm_thread(&cli));
        if worker.is_ok() {
            break;
        }
    }
    match worker {
        Ok(worker) => {
            if lent {
                // While the VM's thread loads the program: the first
                // compile (baseline code for `main`, in the default tier)
                // then finds the glue made (8 µs of its 26). The page
                // tables of bcvm's own code are not mapped in ahead
                // (`docs/startup.md`): that cost short runs more than the
                // first compile saved.
                jit::prepare();
                MAIN_THREAD.lend();
            }
            // The VM's thread ends the process; it returns only if it
            // panicked past its own catch.
            let _ = worker.join();
            101
        }
        Err(e) => {
            report(&format!(
                "bcvm: error: cannot start the VM thread: {}\n",
                os_message(&e)
            ));
            STATUS_RESOURCE
        }
    }
}

/// The VM's thread: runs the command line and ends the process with its
/// status and stdout flushed, whatever the main thread is doing (a
/// compile still running is dropped with it, as the spec allows: nothing
/// the program prints depends on one).
fn vm_thread(cli: &std::sync::Mutex<Option<Cli>>) -> ! {
    let cli = cli.lock().ok().and_then(|mut c| c.take());
    let status =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cli.map_or(101, execute)))
            .unwrap_or_else(|_| {
                report("bcvm: error: the VM thread panicked\n");
                101
            });
    // `exit` flushes stdout (what Rust buffered: clap's output, for one).
    std::process::exit(status.into())
}

/// Whether the main thread's stack may grow as far as a thread made for
/// compiles would have (Rust's default, 2 MiB): otherwise it is not lent.
fn stack_fits_a_compiler_thread() -> bool {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` writes only the struct it is given.
    let known = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
    known && (limit.rlim_cur == libc::RLIM_INFINITY || limit.rlim_cur >= 2 << 20)
}

fn execute(cli: Cli) -> u8 {
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
        Ok(()) => 0,
        Err(failures) => {
            for failure in &failures {
                report(&failure.to_string());
            }
            failures.iter().map(Failure::status).max().unwrap_or(2)
        }
    }
}
