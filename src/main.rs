//! The `bcvm` command line. Every failure travels here as a `Failure`; this
//! file alone decides how it is printed and which exit status it gives
//! (0 success, 1 trap, 2 load or usage error, per the spec).

mod fuzz;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use jit::engine::{Setup, Tier};
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use vm::{Limits, LoadError, Output, Program, Vm};

#[derive(Parser)]
#[command(
    name = "bcvm",
    version,
    about = "A bytecode VM: a profiling interpreter with a tier-up x86-64 JIT"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a program's `main` with integer arguments.
    Run(RunArgs),
    /// Load and verify programs without running them; print every error.
    Check {
        /// The `.bc` files to check.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Show what the compiler's middle end makes of each function at a stage.
    Dump(DumpArgs),
    /// Write one self-contained HTML page showing each function's source,
    /// IR after every phase and machine code side by side, linked by line.
    Explore(ExploreArgs),
    /// Run a program in each tier several times and compare their times.
    Bench(BenchArgs),
    /// Differential testing: run random programs in every tier until time
    /// is up; save, and reduce, every one on which the tiers disagree.
    Fuzz(fuzz::FuzzArgs),
    /// Reduce a program on which the tiers disagree to a smaller one on
    /// which they still do.
    Reduce(fuzz::ReduceArgs),
}

#[derive(Args)]
struct DumpArgs {
    /// The `.bc` program.
    file: String,
    /// Only this function (default: every function, in source order).
    #[arg(long)]
    func: Option<String>,
    /// The stage: any phase of the compiler (the pass table's names).
    #[arg(long, value_parser = parse_stage, long_help = jit::phase::STAGE_HELP)]
    stage: jit::Phase,
    /// text for people, dot for Graphviz (CFG edges solid, dominator-tree
    /// edges dashed), json (one object per function per line).
    #[arg(long, value_enum, default_value_t = DumpFormat::Text)]
    format: DumpFormat,
    /// With `--func`: the on-stack-replacement code that takes over at
    /// the loop header on this line, at any stage (its graph holds copies
    /// of the loops around that one).
    #[arg(long, value_name = "LINE")]
    osr_line: Option<u32>,
    /// With `--stage asm`: the code of the baseline compiler (`--tier
    /// baseline`) instead of the optimizing one's.
    #[arg(long, conflicts_with = "osr_line")]
    baseline: bool,
}

#[derive(Args)]
struct ExploreArgs {
    /// The `.bc` program.
    file: String,
    /// Only this function (default: every function, in source order).
    #[arg(long)]
    func: Option<String>,
    /// Where to write the page (default: stdout).
    #[arg(short, long, value_name = "PAGE")]
    output: Option<String>,
}

fn parse_stage(name: &str) -> Result<jit::Phase, String> {
    jit::Phase::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = jit::Phase::ALL.iter().map(|p| p.name()).collect();
        format!("one of {}, out, asm", names.join(", "))
    })
}

/// The `--no-PASS` switches, one per optional phase of the pass table
/// (`jit::phase::PASSES`): the phases they switch off.
#[derive(Clone, Copy, Debug, Default)]
struct PassSwitches(jit::phase::PhaseSet);

impl clap::FromArgMatches for PassSwitches {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut switches = PassSwitches::default();
        switches.update_from_arg_matches(matches)?;
        Ok(switches)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        for phase in jit::Phase::optional() {
            let on = phase
                .pass()
                .switch
                .is_some_and(|s| matches.get_flag(s.flag));
            if on {
                self.0.insert(phase);
            }
        }
        Ok(())
    }
}

impl clap::Args for PassSwitches {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for phase in jit::Phase::optional() {
            if let Some(s) = phase.pass().switch {
                let arg = clap::Arg::new(s.flag)
                    .long(s.flag)
                    .action(clap::ArgAction::SetTrue)
                    .help(format!(
                        "{} (to compare, and for the differential oracle)",
                        s.help
                    ));
                cmd = cmd.arg(arg);
            }
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProfileKind {
    /// Counts: calls, back-edges, instructions interpreted.
    Counts,
    /// A sampling profile of wall-clock time.
    Time,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DumpFormat {
    Text,
    Dot,
    Json,
}

#[derive(Args)]
struct RunArgs {
    /// The `.bc` program.
    file: String,
    /// Arguments of `main`: integer literals, as many as it has parameters.
    #[arg(allow_negative_numbers = true)]
    args: Vec<String>,
    /// Which tier runs the program: interp (never compile), jit (the
    /// optimizing compiler before each function's first call), baseline
    /// (the baseline compiler likewise), tiered (baseline code handing
    /// what gets hot to the optimizing compiler), auto (interpret, and
    /// compile what gets hot).
    #[arg(long, default_value = "auto")]
    tier: Tier,
    #[command(flatten)]
    compiler: CompilerArgs,
    /// Print a profile on stderr at exit. `--profile` or
    /// `--profile=counts`: per function, calls, back-edges taken and
    /// bytecode instructions interpreted. `--profile=time`: where the
    /// wall-clock time went, sampled every millisecond, per function and
    /// per line, split into interpreted, compiled, compiling and runtime
    /// (output, calls from compiled code into the runtime).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "counts", value_name = "KIND")]
    profile: Option<ProfileKind>,
    /// Print one line per compile on stderr: function, trigger, sizes,
    /// what each phase did, microseconds per phase, outcome.
    #[arg(long)]
    trace_compile: bool,
    /// Write the `--trace-compile` lines to FILE instead of stderr (implies
    /// `--trace-compile`).
    #[arg(long, value_name = "FILE")]
    trace_file: Option<String>,
    /// Write `/tmp/perf-PID.map` (START SIZE NAME per compiled function,
    /// the Linux perf JIT interface) so `perf report` names compiled code.
    #[arg(long)]
    perf_map: bool,
    /// Write `jit-PID.dump` in the current directory (the Linux perf
    /// jitdump format: each compiled function's code and `.bc` line
    /// table), for `perf record -k 1` then `perf inject --jit`.
    #[arg(long)]
    perf_jitdump: bool,
    /// Describe each compiled function to a debugger through the GDB JIT
    /// interface (symbol, `.bc` line table, frame information), so gdb
    /// can break at `.bc` lines in compiled code and unwind through it.
    #[arg(long)]
    gdb_jit: bool,
    /// Print at exit, on stderr, where compile time went: each phase's
    /// total and share, compiles by outcome, code bytes, the slowest ten.
    #[arg(long)]
    compile_summary: bool,
    /// Write every compile, phase by phase, to FILE as Chrome trace events
    /// (open it in Perfetto or chrome://tracing).
    #[arg(long, value_name = "FILE")]
    trace_json: Option<String>,
}

/// Flags of the tier-up policy and the compiler, shared by `run` and `bench`.
#[derive(Args, Clone)]
struct CompilerArgs {
    /// With `--tier auto`: compile a function when its calls reach N.
    #[arg(long, default_value_t = 1000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    jit_threshold_calls: u64,
    /// With `--tier auto`: compile a function when its taken backward
    /// branches reach N; the activation running that loop continues in
    /// compiled code from the loop's header (on-stack replacement).
    #[arg(long, default_value_t = 10_000, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    jit_threshold_loops: u64,
    /// Work units the compiler may spend on one function; a function over
    /// budget stays in the interpreter.
    #[arg(long, default_value_t = jit::budget::DEFAULT_UNITS, value_name = "N")]
    compile_budget: u64,
    /// Wall-clock microseconds the compiler may spend on one function.
    #[arg(long, default_value_t = 50_000, value_name = "N")]
    compile_budget_us: u64,
    /// Deepest call depth allowed (`main` runs at depth 1); a call beyond
    /// it traps with `stack overflow`.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
    max_call_depth: u32,
    /// `--no-PASS` for each optional phase of the pass table (to compare,
    /// and for the differential oracle).
    #[command(flatten)]
    passes: PassSwitches,
    /// Enter code compiled for on-stack replacement into an inner loop at
    /// its header directly, not through copies of the loops around it (to
    /// compare, and for the differential oracle).
    #[arg(long)]
    no_osr_peel: bool,
    /// Interpret in the portable loop only, not the machine-code one (to
    /// compare, and for the differential oracle).
    #[arg(long)]
    no_asm_interp: bool,
    /// Check the IR after every compiler phase, and the register
    /// assignment; a compile that fails a check stays interpreted (the
    /// trace says why).
    #[arg(long)]
    verify_ir: bool,
    /// Kilobytes of executable memory for compiled code; a function that
    /// no longer fits stays in the interpreter.
    #[arg(long, default_value_t = jit::backend::code_cache::DEFAULT_BYTES / 1024, value_name = "N")]
    code_cache_kb: usize,
}

#[derive(Args)]
struct BenchArgs {
    /// The `.bc` program.
    file: String,
    /// Arguments of `main`.
    #[arg(allow_negative_numbers = true)]
    args: Vec<String>,
    /// Measured runs per tier (a fresh VM each, program output discarded).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    runs: u64,
    /// Runs per tier before the measured ones, discarded (caches, page
    /// faults, the CPU's clock coming up).
    #[arg(long, default_value_t = 1)]
    warmup: u64,
    /// The tiers to measure, in order.
    #[arg(long, value_delimiter = ',', default_value = "interp,jit,auto")]
    tiers: Vec<Tier>,
    /// Print the figures as one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Print the `--trace-compile` lines of each tier's first measured run
    /// on stderr, after a `# TIER` line.
    #[arg(long)]
    trace_compile: bool,
    /// Write those lines to FILE instead (implies `--trace-compile`).
    #[arg(long, value_name = "FILE")]
    trace_file: Option<String>,
    #[command(flatten)]
    compiler: CompilerArgs,
}

/// Why a command did not succeed.
enum Failure {
    /// The file could not be read.
    Unreadable { file: String, error: io::Error },
    /// The program did not load; every diagnostic, already sorted.
    Load { file: String, error: LoadError },
    /// Bad arguments to `main`, or an output file that cannot be made.
    Setup { file: String, message: String },
    /// A resource outside the program is missing (exit 3): the linear
    /// memory cannot be mapped.
    Resource { file: String, message: String },
    /// The program trapped; the rendered trap line.
    Trap(String),
    /// The compiler failed on a function (a budget, or a bug it caught).
    Compile {
        file: String,
        func: String,
        error: jit::CompileError,
    },
    /// A fuzz campaign found programs on which the tiers disagree.
    Divergent { count: usize },
}

impl Failure {
    fn status(&self) -> u8 {
        match self {
            Failure::Trap(_) | Failure::Divergent { .. } => 1,
            Failure::Resource { .. } => STATUS_RESOURCE,
            _ => 2,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unreadable { file, error } => {
                writeln!(f, "{file}: error: cannot read file: {error}")
            }
            Failure::Load { file, error } => f.write_str(&error.render(file)),
            Failure::Setup { file, message } | Failure::Resource { file, message } => {
                writeln!(f, "{file}: error: {message}")
            }
            Failure::Trap(line) => writeln!(f, "{line}"),
            Failure::Compile { file, func, error } => {
                writeln!(f, "{file}: error: cannot compile `{func}`: {error}")
            }
            Failure::Divergent { count } => {
                writeln!(f, "fuzz: the tiers disagreed on {count} programs")
            }
        }
    }
}

/// Marks a negative literal on the command line as a program argument.
const NEGATIVE_MARK: char = '\u{E000}';

/// The command line, parsed. clap takes a word that starts with `-` and is
/// not a decimal number for an option, so `-0x10` or `-1_000` would be
/// refused; no option of bcvm starts with `-` and a digit, so such a word
/// is a program argument unless it is the value of the option before it.
/// It is marked for clap and unmarked after.
fn parse_command_line() -> Cli {
    let command = Cli::command();
    let takes_value = |word: &str| {
        let name = word.trim_start_matches('-');
        command.get_subcommands().any(|sub| {
            sub.get_arguments().any(|a| {
                let named = a.get_long() == Some(name)
                    || (word.len() == 2 && a.get_short() == name.chars().next());
                named && a.get_action().takes_values()
            })
        })
    };
    let mut words: Vec<String> = std::env::args().collect();
    let mut value_next = false;
    for word in words.iter_mut().skip(1) {
        let negative =
            word.len() > 1 && word.starts_with('-') && word.as_bytes()[1].is_ascii_digit();
        if negative && !value_next {
            word.insert(0, NEGATIVE_MARK);
        }
        value_next = word.starts_with('-') && !word.contains('=') && takes_value(word);
    }
    let mut cli = Cli::parse_from(words);
    let unmark = |args: &mut Vec<String>| {
        for a in args {
            if let Some(rest) = a.strip_prefix(NEGATIVE_MARK) {
                *a = rest.to_string();
            }
        }
    };
    match &mut cli.command {
        Command::Run(run) => unmark(&mut run.args),
        Command::Bench(bench) => unmark(&mut bench.args),
        Command::Reduce(reduce) => unmark(&mut reduce.args),
        _ => {}
    }
    cli
}

/// Exit status when stdout's reader went away: 128 + SIGPIPE, what a shell
/// reports for a program SIGPIPE ended.
const STATUS_BROKEN_PIPE: i32 = 141;
/// Exit status when the VM could not do its job for want of a resource
/// outside the program: stdout could not be written, the linear memory
/// could not be mapped, the VM thread could not start.
const STATUS_RESOURCE: u8 = 3;

/// Writes to stderr, and says nothing if that fails: there is nowhere
/// left to say it, and the exit status still tells.
fn report(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// An I/O error's text without Rust's ` (os error N)` suffix.
fn os_message(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

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
static ALLOCATOR: vm::alloc::Allocator = vm::alloc::Allocator;

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
        vm::alloc::refuse_compiles_after(bytes);
    }
    if let Some(bytes) = std::env::var(FAULT_COMPILE_RESERVE)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        vm::alloc::set_reserve_size(bytes);
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

/// The largest program file read: far above any real program (the tests
/// load 50 MB ones), small enough that `/dev/zero` is refused at once.
const MAX_PROGRAM_BYTES: u64 = 1 << 30;

/// A program file's bytes. Only regular files are read (a FIFO would block
/// in `open`, a device could stream forever), and at most
/// `MAX_PROGRAM_BYTES` of them.
fn read_program(file: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let refuse = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_string());
    if !std::fs::metadata(file)?.is_file() {
        return Err(refuse("not a regular file"));
    }
    // Non-blocking, should the path have become a FIFO since.
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(file)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(refuse("not a regular file"));
    }
    if meta.len() > MAX_PROGRAM_BYTES {
        return Err(refuse("larger than 1 GiB"));
    }
    let mut text = Vec::new();
    f.take(MAX_PROGRAM_BYTES + 1).read_to_end(&mut text)?;
    if text.len() as u64 > MAX_PROGRAM_BYTES {
        return Err(refuse("larger than 1 GiB"));
    }
    Ok(text)
}

fn load(file: &str) -> Result<Program, Failure> {
    let text = read_program(file).map_err(|error| Failure::Unreadable {
        file: file.to_string(),
        error,
    })?;
    vm::load(&text).map_err(|error| Failure::Load {
        file: file.to_string(),
        error,
    })
}

fn check(files: &[String]) -> Result<(), Vec<Failure>> {
    let failures: Vec<Failure> = files.iter().filter_map(|file| load(file).err()).collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

fn main_args(file: &str, program: &Program, args: &[String]) -> Result<Vec<i64>, Failure> {
    let setup = |message: String| Failure::Setup {
        file: file.to_string(),
        message,
    };
    let expected = program.func(program.main).nparams as usize;
    if args.len() != expected {
        return Err(setup(format!(
            "`main` takes {expected} argument{}, {} given",
            if expected == 1 { "" } else { "s" },
            args.len()
        )));
    }
    args.iter()
        .map(|a| {
            vm::loader::parse_int_literal(a)
                .ok_or_else(|| setup(format!("argument `{a}` is not an integer literal")))
        })
        .collect()
}

/// The records of every compile a VM made.
type Records = jit::listen::Records;

/// A VM for `program` in `tier`, and the compile records it will make.
fn make_vm<'p>(
    file: &str,
    program: &'p Program,
    out: Output,
    tier: Tier,
    opts: &CompilerArgs,
    jit: jit::compiler::Jit,
    debuggable: bool,
) -> Result<(Vm<'p>, Records), Vec<Failure>> {
    let cache_bytes = opts.code_cache_kb.saturating_mul(1024);
    let jit = jit::compiler::Jit {
        units: opts.compile_budget,
        time: Some(std::time::Duration::from_micros(opts.compile_budget_us)),
        options: jit::context::Options {
            skip: opts.passes.0,
            osr_peel: !opts.no_osr_peel,
            verify: opts.verify_ir,
        },
        code_cache: match debuggable {
            // gdb plants breakpoints by writing to the code.
            true => jit::backend::code_cache::CodeCache::debuggable(cache_bytes),
            false => jit::backend::code_cache::CodeCache::new(cache_bytes),
        },
        ..jit
    };
    let records = jit.records.clone();
    let setup = Setup {
        tier,
        thresholds: vm::tier::Thresholds {
            calls: opts.jit_threshold_calls,
            back_edges: opts.jit_threshold_loops,
        },
        limits: Limits {
            max_call_depth: opts.max_call_depth,
            ..Limits::default()
        },
        asm_interp: !opts.no_asm_interp,
        jit,
    };
    let vm = setup.vm(program, out).map_err(|e| {
        vec![Failure::Resource {
            file: file.to_string(),
            message: format!("cannot map the linear memory: {}", os_message(&e)),
        }]
    })?;
    Ok((vm, records))
}

fn run(opts: &RunArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let args = main_args(file, &program, &opts.args).map_err(|f| vec![f])?;
    // Every output file is opened before the program runs, so a bad path
    // costs nothing but the error.
    let create = |path: &Option<String>| -> Result<Option<std::fs::File>, Vec<Failure>> {
        path.as_ref()
            .map(|path| {
                std::fs::File::create(path).map_err(|e| {
                    vec![Failure::Setup {
                        file: path.clone(),
                        message: format!("cannot create the trace file: {e}"),
                    }]
                })
            })
            .transpose()
    };
    let trace_json = create(&opts.trace_json)?;
    let trace_file = create(&opts.trace_file)?;
    let perf_map = if opts.perf_map {
        let path = format!("/tmp/perf-{}.map", std::process::id());
        let map = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| {
                vec![Failure::Setup {
                    file: file.to_string(),
                    message: format!("cannot write {path}: {e}"),
                }]
            })?;
        Some(jit::listen::PerfMap(Box::new(map)))
    } else {
        None
    };
    let jitdump = if opts.perf_jitdump {
        let dump = jit::jitdump::JitDump::create(std::path::Path::new(".")).map_err(|e| {
            vec![Failure::Setup {
                file: format!("jit-{}.dump", std::process::id()),
                message: format!("cannot create the jitdump: {e}"),
            }]
        })?;
        // perf looks the lines up in the file, wherever it runs from.
        let source = std::fs::canonicalize(file)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned());
        Some(jit::listen::JitDumpFile { dump, source })
    } else {
        None
    };
    let trace: Option<Box<dyn Write>> = match trace_file {
        // Unbuffered: a trap ends the process without destructors.
        Some(f) => Some(Box::new(f)),
        None => opts
            .trace_compile
            .then(|| Box::new(io::stderr()) as Box<dyn Write>),
    };
    let gdb_jit = opts.gdb_jit.then(|| jit::listen::GdbJit {
        source: std::fs::canonicalize(file)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned()),
    });
    let mut listeners: Vec<Box<dyn jit::listen::Listener>> = Vec::new();
    listeners.extend(trace.map(|t| Box::new(jit::listen::TraceLines(t)) as _));
    listeners.extend(perf_map.map(|m| Box::new(m) as _));
    listeners.extend(jitdump.map(|d| Box::new(d) as _));
    listeners.extend(gdb_jit.map(|g| Box::new(g) as _));
    let jit = jit::compiler::Jit {
        listeners,
        code_map: (opts.profile == Some(ProfileKind::Time)).then(Default::default),
        ..jit::compiler::Jit::default()
    };
    let epoch = jit.epoch;
    let (mut vm, records) = make_vm(
        file,
        &program,
        Output::stdout(),
        opts.tier,
        &opts.compiler,
        jit,
        opts.gdb_jit,
    )?;
    if opts.gdb_jit {
        vm.compile_all_now();
    }
    if opts.profile == Some(ProfileKind::Time) {
        vm.start_time_profile().map_err(|e| {
            vec![Failure::Resource {
                file: file.to_string(),
                message: format!("cannot start the time profiler: {}", os_message(&e)),
            }]
        })?;
    }
    let result = vm.run(&args, opts.profile == Some(ProfileKind::Counts));
    // Output written before a trap is never lost, and comes first.
    vm.out.flush();
    let time_profile = vm.stop_time_profile();
    let failure = match result {
        // Reported below, once the profile and the trace are out.
        Err(trap) if trap.kind == vm::TrapKind::OutputFailed => None,
        Err(trap) => Some(Failure::Trap(trap.render(&program, file))),
        Ok(_) => None,
    };
    if let Some(failure) = &failure {
        report(&failure.to_string());
    }
    if opts.profile == Some(ProfileKind::Counts) {
        report(&vm.profile().table(&program));
    }
    if let Some(profile) = time_profile {
        report(&profile.report(&program, file));
    }
    if opts.compile_summary {
        report(&jit::summary::summary(&records.snapshot()));
    }
    if let (Some(mut out), Some(path)) = (trace_json, &opts.trace_json) {
        let osr: Vec<jit::compiler::OsrMark> = vm
            .osr_entries()
            .iter()
            .map(|o| jit::compiler::OsrMark {
                at: o.at.saturating_duration_since(epoch),
                function: program.func(o.func).name.clone(),
                line: program
                    .func(o.func)
                    .positions
                    .get(o.pc as usize)
                    .map_or(0, |p| p.line),
            })
            .collect();
        let trace = jit::compiler::chrome_trace(&records.snapshot(), &osr, file);
        if let Err(e) = out.write_all(trace.to_string().as_bytes()) {
            report(&format!(
                "{path}: error: cannot write the trace file: {e}\n"
            ));
        }
    }
    if let Some(error) = vm.out.error() {
        // A reader that went away ends the program as SIGPIPE ends `yes`,
        // quietly; any other failed write is an error.
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(STATUS_BROKEN_PIPE);
        }
        report(&format!(
            "bcvm: error: writing stdout: {}\n",
            os_message(error)
        ));
        std::process::exit(STATUS_RESOURCE.into());
    }
    match failure {
        // Already printed, ahead of the profile.
        Some(_) => std::process::exit(1),
        None => Ok(()),
    }
}

/// The function `--func` names, or every function in source order.
fn chosen_funcs(
    file: &str,
    program: &Program,
    func: &Option<String>,
) -> Result<Vec<vm::FuncId>, Vec<Failure>> {
    match func {
        Some(name) => match program.func_by_name(name) {
            Some(id) => Ok(vec![id]),
            None => Err(vec![Failure::Setup {
                file: file.to_string(),
                message: format!("no function `{name}`"),
            }]),
        },
        None => Ok((0..program.funcs.len())
            .map(|i| vm::FuncId(i as u32))
            .collect()),
    }
}

fn explore(opts: &ExploreArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let ids = chosen_funcs(file, &program, &opts.func)?;
    // `load` read it as a regular file just now.
    let source = read_program(file).map_err(|error| {
        vec![Failure::Unreadable {
            file: file.to_string(),
            error,
        }]
    })?;
    let page = jit::explore::page(&program, file, &String::from_utf8_lossy(&source), &ids);
    let written = match &opts.output {
        Some(path) => std::fs::write(path, page).map_err(|e| (path.as_str(), e)),
        None => io::stdout()
            .lock()
            .write_all(page.as_bytes())
            .map_err(|e| ("stdout", e)),
    };
    written.map_err(|(path, e)| {
        vec![Failure::Setup {
            file: path.to_string(),
            message: format!("cannot write the page: {}", os_message(&e)),
        }]
    })
}

fn dump(opts: &DumpArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let ids = chosen_funcs(file, &program, &opts.func)?;
    let format = match opts.format {
        DumpFormat::Text => jit::dump::Format::Text,
        DumpFormat::Dot => jit::dump::Format::Dot,
        DumpFormat::Json => jit::dump::Format::Json,
    };
    let stage = opts.stage;
    if !jit::dump::supports(stage, format) {
        return Err(vec![Failure::Setup {
            file: file.to_string(),
            message: format!(
                "stage `{}` has no {} format",
                jit::dump::stage_name(stage),
                opts.format
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string())
            ),
        }]);
    }
    if opts.baseline && stage != jit::Phase::Emit {
        return Err(vec![Failure::Setup {
            file: file.to_string(),
            message: "--baseline goes with --stage asm: the baseline compiler has no other stage"
                .to_string(),
        }]);
    }
    let osr = match opts.osr_line {
        None => None,
        Some(line) => Some(osr_entry(file, &program, &ids, line)?),
    };
    if stage == jit::Phase::Emit {
        let mut stdout = io::stdout().lock();
        for id in ids {
            let listing = match opts.baseline {
                true => jit::disasm::baseline_listing(&program, id),
                false => jit::disasm::listing_at(&program, id, osr),
            };
            let text = listing.map_err(|error| {
                vec![Failure::Compile {
                    file: file.to_string(),
                    func: program.func(id).name.clone(),
                    error,
                }]
            })?;
            let _ = stdout.write_all(text.as_bytes());
        }
        return Ok(());
    }
    let entry = osr.map_or(jit::cfg::EntryPoint::Start, jit::cfg::EntryPoint::Osr);
    let mut stdout = io::stdout().lock();
    for id in ids {
        let ctx =
            jit::context::Context::compiled_at(&program, id, entry, stage).map_err(|error| {
                vec![Failure::Compile {
                    file: file.to_string(),
                    func: program.func(id).name.clone(),
                    error,
                }]
            })?;
        let _ = stdout.write_all(jit::dump::dump(&program, &ctx, stage, format).as_bytes());
    }
    Ok(())
}

/// The instruction at which on-stack replacement enters the loop whose
/// header is on `line`, for `dump --osr-line`: the function must be one
/// (`--func`), and a backward branch must target the line.
fn osr_entry(
    file: &str,
    program: &Program,
    ids: &[vm::FuncId],
    line: u32,
) -> Result<u32, Vec<Failure>> {
    let setup = |message: String| {
        vec![Failure::Setup {
            file: file.to_string(),
            message,
        }]
    };
    let &[id] = ids else {
        return Err(setup("--osr-line needs --func".into()));
    };
    let f = program.func(id);
    let headers = f
        .code
        .iter()
        .enumerate()
        .filter_map(|(k, ins)| ins.op.target(ins).filter(|&t| (t as usize) <= k));
    let mut on_line = headers.filter(|&t| f.positions[t as usize].line == line);
    on_line.next().ok_or_else(|| {
        setup(format!(
            "line {line} of {} is no loop header (no backward branch goes there)",
            f.name
        ))
    })
}

fn bench(opts: &BenchArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let args = main_args(file, &program, &opts.args).map_err(|f| vec![f])?;
    let mut trace: Option<Box<dyn Write>> = match &opts.trace_file {
        Some(path) => Some(Box::new(std::fs::File::create(path).map_err(|e| {
            vec![Failure::Setup {
                file: path.clone(),
                message: format!("cannot create the trace file: {e}"),
            }]
        })?)),
        None => opts
            .trace_compile
            .then(|| Box::new(io::stderr()) as Box<dyn Write>),
    };
    let tiers = &opts.tiers;
    let mut samples: Vec<Vec<BenchSample>> = vec![Vec::new(); tiers.len()];
    // Interleaved, so a noisy neighbour slows every tier alike.
    for round in 0..opts.warmup + opts.runs {
        for (k, &tier) in tiers.iter().enumerate() {
            let (sample, lines) = bench_run(file, &program, &args, tier, &opts.compiler)?;
            if round < opts.warmup {
                continue;
            }
            if let (Some(out), true) = (&mut trace, samples[k].is_empty()) {
                let _ = writeln!(out, "# {}", tier.name());
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
            }
            samples[k].push(sample);
        }
    }
    let stats: Vec<BenchStats> = samples.iter().map(|s| BenchStats::of(s)).collect();
    // Speedups against the interpreter if it ran, else the first tier.
    let base = tiers.iter().position(|&t| t == Tier::Interp).unwrap_or(0);
    let base = stats[base].median;
    if opts.json {
        let rows: Vec<serde_json::Value> = tiers
            .iter()
            .zip(&stats)
            .map(|(&tier, s)| s.json(tier.name(), base))
            .collect();
        let doc = serde_json::json!({
            "file": file,
            "args": opts.args,
            "runs": opts.runs,
            "warmup": opts.warmup,
            "tiers": rows,
        });
        println!("{doc}");
        return Ok(());
    }
    println!(
        "{} {} ({} runs per tier after {} warm-up, interleaved; output discarded; ms)",
        file,
        opts.args.join(" "),
        opts.runs,
        opts.warmup
    );
    println!(
        "{:<7} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8}",
        "tier",
        "median",
        "min",
        "q1",
        "q3",
        "max",
        "iqr",
        "compiling",
        "functions",
        "compiles",
        "speedup"
    );
    for (&tier, s) in tiers.iter().zip(&stats) {
        let ms = |d: Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
        println!(
            "{:<7} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7.2}x",
            tier.name(),
            ms(s.median),
            ms(s.min),
            ms(s.q1),
            ms(s.q3),
            ms(s.max),
            ms(s.q3 - s.q1),
            ms(s.compiling),
            s.functions,
            s.compiles,
            base.as_secs_f64() / s.median.as_secs_f64()
        );
    }
    Ok(())
}

/// One measured run of `bcvm bench`.
#[derive(Clone)]
struct BenchSample {
    wall: Duration,
    compiling: Duration,
    /// Distinct functions compiled (on-stack-replacement code counts for
    /// its function).
    functions: usize,
    /// Compiles, on-stack replacement and bail-outs included.
    compiles: usize,
}

/// A fresh VM running `main(args)` in `tier`, timed; and its trace lines.
fn bench_run(
    file: &str,
    program: &Program,
    args: &[i64],
    tier: Tier,
    opts: &CompilerArgs,
) -> Result<(BenchSample, Vec<String>), Vec<Failure>> {
    let (mut vm, records) = make_vm(
        file,
        program,
        Output::discard(),
        tier,
        opts,
        jit::compiler::Jit::default(),
        false,
    )?;
    let start = Instant::now();
    let result = vm.run(args, false);
    let wall = start.elapsed();
    if let Err(trap) = result {
        return Err(vec![Failure::Trap(trap.render(program, file))]);
    }
    let records = records.snapshot();
    let mut functions: Vec<&str> = records
        .iter()
        .filter(|r| r.error.is_none())
        .map(|r| r.function.as_str())
        .collect();
    functions.sort_unstable();
    functions.dedup();
    let sample = BenchSample {
        wall,
        compiling: records.iter().map(|r| r.total).sum(),
        functions: functions.len(),
        compiles: records.len(),
    };
    Ok((sample, records.iter().map(|r| r.line()).collect()))
}

/// The spread of one tier's runs.
struct BenchStats {
    min: Duration,
    q1: Duration,
    median: Duration,
    q3: Duration,
    max: Duration,
    /// Median time compiling, per run.
    compiling: Duration,
    /// As in the last run (the same in every run: tier-up is deterministic).
    functions: usize,
    compiles: usize,
}

impl BenchStats {
    fn of(samples: &[BenchSample]) -> BenchStats {
        let sorted = |f: fn(&BenchSample) -> Duration| {
            let mut v: Vec<Duration> = samples.iter().map(f).collect();
            v.sort();
            v
        };
        let walls = sorted(|s| s.wall);
        // The nearest rank at fraction p of the sorted runs.
        let at = |v: &[Duration], p: f64| v[(p * (v.len() - 1) as f64).round() as usize];
        let last = samples.last().expect("at least one measured run");
        BenchStats {
            min: walls[0],
            q1: at(&walls, 0.25),
            median: at(&walls, 0.5),
            q3: at(&walls, 0.75),
            max: walls[walls.len() - 1],
            compiling: at(&sorted(|s| s.compiling), 0.5),
            functions: last.functions,
            compiles: last.compiles,
        }
    }

    fn json(&self, tier: &str, base: Duration) -> serde_json::Value {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        serde_json::json!({
            "tier": tier,
            "median_ms": ms(self.median),
            "min_ms": ms(self.min),
            "q1_ms": ms(self.q1),
            "q3_ms": ms(self.q3),
            "max_ms": ms(self.max),
            "iqr_ms": ms(self.q3 - self.q1),
            "compiling_ms": ms(self.compiling),
            "functions": self.functions,
            "compiles": self.compiles,
            "speedup": base.as_secs_f64() / self.median.as_secs_f64(),
        })
    }
}
