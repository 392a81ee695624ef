//! The command line's arguments, one struct per subcommand (clap's
//! derive), and the parsing that lets `main`'s negative arguments through.

use super::*;

#[derive(Parser)]
#[command(
    name = "bcvm",
    version,
    about = "A bytecode VM: a profiling interpreter with a tier-up x86-64 JIT"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// Each subcommand's arguments are built only when it runs (or its help
/// is asked for): building them all took two thirds of the instructions
/// of an empty program's run (docs/startup.md).
#[derive(Subcommand)]
#[command(defer = true)]
pub(crate) enum Command {
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
pub(crate) struct DumpArgs {
    /// The `.bc` program.
    pub(crate) file: String,
    /// Only this function (default: every function, in source order).
    #[arg(long)]
    pub(crate) func: Option<String>,
    /// The stage: any phase of the compiler (the pass table's names).
    #[arg(long, value_parser = parse_stage, long_help = jit::pipeline::phase::STAGE_HELP)]
    pub(crate) stage: jit::Phase,
    /// text for people, dot for Graphviz (CFG edges solid, dominator-tree
    /// edges dashed), json (one object per function per line).
    #[arg(long, value_enum, default_value_t = DumpFormat::Text)]
    pub(crate) format: DumpFormat,
    /// With `--func`: the on-stack-replacement code that takes over at
    /// the loop header on this line, at any stage (its graph holds copies
    /// of the loops around that one).
    #[arg(long, value_name = "LINE")]
    pub(crate) osr_line: Option<u32>,
    /// With `--stage asm`: the code of the baseline compiler (`--tier
    /// baseline`) instead of the optimizing one's.
    #[arg(long, conflicts_with = "osr_line")]
    pub(crate) baseline: bool,
    /// With `--stage asm`: the glue after the functions, the routines
    /// every compiled function reaches through its constant pool (the
    /// entry from the interpreter, calls, the ways through `jit_call` and
    /// `jit_trap`).
    #[arg(long)]
    pub(crate) glue: bool,
    /// With `--stage asm`: float arithmetic in SSE2's two-operand form, as
    /// `run --no-avx` compiles it (and as a machine without AVX does).
    #[arg(long)]
    pub(crate) no_avx: bool,
}

#[derive(Args)]
pub(crate) struct ExploreArgs {
    /// The `.bc` program.
    pub(crate) file: String,
    /// Only this function (default: every function, in source order).
    #[arg(long)]
    pub(crate) func: Option<String>,
    /// Where to write the page (default: stdout).
    #[arg(short, long, value_name = "PAGE")]
    pub(crate) output: Option<String>,
}

pub(crate) fn parse_stage(name: &str) -> Result<jit::Phase, String> {
    jit::Phase::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = jit::Phase::ALL.iter().map(|p| p.name()).collect();
        format!("one of {}, out, asm", names.join(", "))
    })
}

/// The `--no-PASS` switches, one per optional phase of the pass table
/// (`jit::pipeline::phase::PASSES`): the phases they switch off.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PassSwitches(pub(crate) jit::pipeline::phase::PhaseSet);

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
pub(crate) enum ProfileKind {
    /// Counts: calls, back-edges, instructions interpreted.
    Counts,
    /// A sampling profile of wall-clock time.
    Time,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum DumpFormat {
    Text,
    Dot,
    Json,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The `.bc` program.
    pub(crate) file: String,
    /// Arguments of `main`: integer literals, as many as it has parameters.
    #[arg(allow_negative_numbers = true)]
    pub(crate) args: Vec<String>,
    /// Which tier runs the program: interp (never compile), jit (the
    /// optimizing compiler before each function's first call), baseline
    /// (the baseline compiler likewise), tiered (baseline code handing
    /// what gets hot to the optimizing compiler; the default), auto
    /// (interpret, and compile what gets hot; the default with
    /// `--profile=counts`, since only the interpreter counts instructions).
    #[arg(long)]
    pub(crate) tier: Option<Tier>,
    #[command(flatten)]
    pub(crate) compiler: CompilerArgs,
    /// Print a profile on stderr at exit. `--profile` or
    /// `--profile=counts`: per function, calls, back-edges taken and
    /// bytecode instructions interpreted. `--profile=time`: where the
    /// wall-clock time went, sampled every millisecond, per function and
    /// per line, split into interpreted, compiled, compiling and runtime
    /// (output, calls from compiled code into the runtime).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "counts", value_name = "KIND")]
    pub(crate) profile: Option<ProfileKind>,
    /// Print one line per compile on stderr: function, trigger, sizes,
    /// what each phase did, microseconds per phase, outcome.
    #[arg(long)]
    pub(crate) trace_compile: bool,
    /// Write the `--trace-compile` lines to FILE instead of stderr (implies
    /// `--trace-compile`).
    #[arg(long, value_name = "FILE")]
    pub(crate) trace_file: Option<String>,
    /// Write `/tmp/perf-PID.map` (START SIZE NAME per compiled function,
    /// the Linux perf JIT interface) so `perf report` names compiled code.
    #[arg(long)]
    pub(crate) perf_map: bool,
    /// Write `jit-PID.dump` in the current directory (the Linux perf
    /// jitdump format: each compiled function's code and `.bc` line
    /// table), for `perf record -k 1` then `perf inject --jit`.
    #[arg(long)]
    pub(crate) perf_jitdump: bool,
    /// Describe each compiled function to a debugger through the GDB JIT
    /// interface (symbol, `.bc` line table, frame information), so gdb
    /// can break at `.bc` lines in compiled code and unwind through it.
    #[arg(long)]
    pub(crate) gdb_jit: bool,
    /// Print at exit, on stderr, where compile time went: each phase's
    /// total and share, compiles by outcome, code bytes, the slowest ten.
    #[arg(long)]
    pub(crate) compile_summary: bool,
    /// Write every compile, phase by phase, to FILE as Chrome trace events
    /// (open it in Perfetto or chrome://tracing).
    #[arg(long, value_name = "FILE")]
    pub(crate) trace_json: Option<String>,
}

impl RunArgs {
    /// The tier asked for; else `tiered`, or `auto` for a profile of
    /// counts (only the interpreter counts the instructions it runs).
    pub(crate) fn tier(&self) -> Tier {
        match (self.tier, self.profile) {
            (Some(tier), _) => tier,
            (None, Some(ProfileKind::Counts)) => Tier::Auto,
            (None, _) => Tier::default(),
        }
    }
}

// Flags of the tier-up policy and the compiler, shared by `run` and `bench`
// (a plain comment: a doc comment would be the subcommands' `about`,
// built after theirs now that they are deferred).
#[derive(Args, Clone)]
pub(crate) struct CompilerArgs {
    /// With `--tier tiered` and `auto`: optimize a function when its calls
    /// reach N.
    #[arg(long, default_value_t = jit::driver::engine::DEFAULT_THRESHOLDS.calls, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) jit_threshold_calls: u64,
    /// With `--tier tiered` and `auto`: optimize a function when its taken
    /// backward branches reach N; the activation running that loop
    /// continues in optimized code from the loop's header (on-stack
    /// replacement).
    #[arg(long, default_value_t = jit::driver::engine::DEFAULT_THRESHOLDS.back_edges, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) jit_threshold_loops: u64,
    /// Work units the compiler may spend on one function; a function over
    /// budget stays in the interpreter.
    #[arg(long, default_value_t = jit::pipeline::budget::DEFAULT_UNITS, value_name = "N")]
    pub(crate) compile_budget: u64,
    /// Wall-clock microseconds the compiler may spend on one function.
    #[arg(long, default_value_t = 50_000, value_name = "N")]
    pub(crate) compile_budget_us: u64,
    /// Deepest call depth allowed (`main` runs at depth 1); a call beyond
    /// it traps with `stack overflow`.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) max_call_depth: u32,
    /// `--no-PASS` for each optional phase of the pass table (to compare,
    /// and for the differential oracle).
    #[command(flatten)]
    pub(crate) passes: PassSwitches,
    /// Enter code compiled for on-stack replacement into an inner loop at
    /// its header directly, not through copies of the loops around it (to
    /// compare, and for the differential oracle).
    #[arg(long)]
    pub(crate) no_osr_peel: bool,
    /// Compile float arithmetic in SSE2's two-operand form even where the
    /// machine has AVX's three-operand one (to compare, and for the
    /// differential oracle).
    #[arg(long)]
    pub(crate) no_avx: bool,
    /// Interpret in the portable loop only, not the machine-code one (to
    /// compare, and for the differential oracle).
    #[arg(long)]
    pub(crate) no_asm_interp: bool,
    /// Check the IR after every compiler phase, and the register
    /// assignment; a compile that fails a check stays interpreted (the
    /// trace says why).
    #[arg(long)]
    pub(crate) verify_ir: bool,
    /// Kilobytes of executable memory for compiled code; a function that
    /// no longer fits stays in the interpreter.
    #[arg(long, default_value_t = jit::backend::code_cache::DEFAULT_BYTES / 1024, value_name = "N")]
    pub(crate) code_cache_kb: usize,
    /// Threads that compile what gets hot (`auto`, `tiered`) while the
    /// program goes on; 0 compiles on the program's thread, which waits.
    #[arg(long, default_value_t = jit::driver::engine::DEFAULT_COMPILE_THREADS as u16, value_name = "N", value_parser = clap::value_parser!(u16).range(0..=jit::driver::engine::MAX_COMPILE_THREADS as i64))]
    pub(crate) compile_threads: u16,
}

#[derive(Args)]
pub(crate) struct BenchArgs {
    /// The `.bc` program.
    pub(crate) file: String,
    /// Arguments of `main`.
    #[arg(allow_negative_numbers = true)]
    pub(crate) args: Vec<String>,
    /// Measured runs per tier (a fresh VM each, program output discarded).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) runs: u64,
    /// Runs per tier before the measured ones, discarded (caches, page
    /// faults, the CPU's clock coming up).
    #[arg(long, default_value_t = 1)]
    pub(crate) warmup: u64,
    /// The tiers to measure, in order.
    #[arg(long, value_delimiter = ',', default_value = "interp,jit,tiered")]
    pub(crate) tiers: Vec<Tier>,
    /// Print the figures as one JSON object instead of a table.
    #[arg(long)]
    pub(crate) json: bool,
    /// Print the `--trace-compile` lines of each tier's first measured run
    /// on stderr, after a `# TIER` line.
    #[arg(long)]
    pub(crate) trace_compile: bool,
    /// Write those lines to FILE instead (implies `--trace-compile`).
    #[arg(long, value_name = "FILE")]
    pub(crate) trace_file: Option<String>,
    #[command(flatten)]
    pub(crate) compiler: CompilerArgs,
}

/// Marks a negative literal on the command line as a program argument.
pub(crate) const NEGATIVE_MARK: char = '\u{E000}';

/// The command line, parsed. clap takes a word that starts with `-` and is
/// not a decimal number for an option, so `-0x10` or `-1_000` would be
/// refused; no option of bcvm starts with `-` and a digit, so such a word
/// is a program argument unless it is the value of the option before it.
/// It is marked for clap and unmarked after.
pub(crate) fn parse_command_line() -> Cli {
    let mut words: Vec<String> = std::env::args().collect();
    let mut command = Cli::command();
    // The subcommand asked for, built now (its arguments are deferred)
    // for the scan below, and once only: the parse uses it as built.
    let asked = words
        .get(1)
        .and_then(|name| command.find_subcommand_mut(name))
        .map(|sub| {
            sub.build();
            &*sub
        });
    let takes_value = |word: &str| {
        let name = word.trim_start_matches('-');
        asked.is_some_and(|sub| {
            sub.get_arguments().any(|a| {
                let named = a.get_long() == Some(name)
                    || (word.len() == 2 && a.get_short() == name.chars().next());
                named && a.get_action().takes_values()
            })
        })
    };
    let mut value_next = false;
    for word in words.iter_mut().skip(1) {
        let negative =
            word.len() > 1 && word.starts_with('-') && word.as_bytes()[1].is_ascii_digit();
        if negative && !value_next {
            word.insert(0, NEGATIVE_MARK);
        }
        value_next = word.starts_with('-') && !word.contains('=') && takes_value(word);
    }
    // As `Cli::parse_from`, with the command already made.
    let mut matches = command.get_matches_from(words);
    let mut cli = <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| e.format(&mut Cli::command()).exit());
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
