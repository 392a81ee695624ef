//! The tier oracle: a program runs in the interpreter, which is the
//! reference, and in every compiling configuration; what it printed and how
//! it stopped (the rendered trap line, which fixes the exit status) must be
//! the same in all of them. Used by the differential tests, `bcvm fuzz` and
//! the `fuzz_stats` example.

use crate::driver::compiler::Jit;
use crate::driver::engine::{Setup, Tier};
use crate::driver::threads::Lender;
use crate::observe::listen::Records;
use crate::pipeline::context::Options;
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::Phase;

use vm::runtime::SharedBuffer;
use vm::tier::Thresholds;
use vm::{Limits, Output, Program};

/// One way of running a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Config {
    /// `--tier interp --no-asm-interp`: the reference, the portable loop
    /// (in process, counting instructions).
    Interp,
    /// `--tier interp`: the machine-code loop.
    InterpAsm,
    /// `--tier jit`: every function compiled before its first call.
    Jit,
    /// `--tier baseline`: every function compiled before its first call by
    /// the baseline compiler.
    Baseline,
    /// `--tier tiered` with both thresholds 2: baseline code first, which
    /// asks for optimized code at a function's second call and for
    /// on-stack-replacement code at its second back-edge.
    Tiered,
    /// `--tier jit --no-PASS`: every function compiled before its first
    /// call with the optional phase switched off (one configuration per
    /// switch of the pass table, `phase::PASSES`).
    JitWithout(Phase),
    /// `--tier jit --no-avx`: float arithmetic in SSE2's two-operand form
    /// (where the machine has no AVX, the same as `Jit`).
    JitNoAvx,
    /// `--tier auto` with both thresholds 1.
    Auto,
    /// `--tier auto` compiling only through loops, at a function's second
    /// back-edge, so the running activation moves into compiled code in
    /// the middle of its loop (on-stack replacement).
    Osr,
    /// `Osr` with `--no-osr-peel`: code entered at an inner loop's header
    /// directly, not through copies of the loops around it.
    OsrNoPeel,
    /// `Auto` compiling on a compiler thread (`--compile-threads 1`): the
    /// code arrives whenever the thread is done, so where each function
    /// and loop moves into it varies from run to run. Every other
    /// configuration compiles on the VM's thread (`--compile-threads 0`),
    /// so its compiles happen at points the program alone decides.
    Background,
    /// `Tiered` compiling its optimized code on a compiler thread.
    TieredBackground,
}

/// `Config::Osr`'s call threshold: never reached by the programs tested.
const OSR_CALLS: u64 = 1_000_000_000;

/// `Config::Tiered`'s tier-up thresholds.
const TIERED: Thresholds = Thresholds {
    calls: 2,
    back_edges: 2,
};

/// `Config::Osr`'s flags, and `Config::OsrNoPeel`'s.
const OSR_FLAGS: [&str; 8] = [
    "--tier",
    "auto",
    "--jit-threshold-calls",
    "1000000000",
    "--jit-threshold-loops",
    "2",
    "--compile-threads",
    "0",
];
const OSR_NO_PEEL_FLAGS: [&str; 9] = [
    OSR_FLAGS[0],
    OSR_FLAGS[1],
    OSR_FLAGS[2],
    OSR_FLAGS[3],
    OSR_FLAGS[4],
    OSR_FLAGS[5],
    OSR_FLAGS[6],
    OSR_FLAGS[7],
    "--no-osr-peel",
];

impl Config {
    /// Every configuration: the reference first, then the tiers, then
    /// one per optional phase, then the on-stack-replacement ones.
    pub fn all() -> Vec<Config> {
        let mut all = vec![
            Config::Interp,
            Config::InterpAsm,
            Config::Jit,
            Config::Baseline,
            Config::Tiered,
        ];
        all.extend(Phase::optional().map(Config::JitWithout));
        all.push(Config::JitNoAvx);
        all.extend([Config::Auto, Config::Osr, Config::OsrNoPeel]);
        all.extend([Config::Background, Config::TieredBackground]);
        all
    }

    /// The compiler's options: every compile verified, register
    /// assignment included, and the pass a `jit-no-PASS` configuration
    /// names turned off.
    pub fn options(self) -> Options {
        let mut options = Options::verified();
        match self {
            Config::JitWithout(phase) => options = options.without(phase),
            Config::OsrNoPeel => options.osr_peel = false,
            Config::JitNoAvx => options.avx = crate::pipeline::context::Avx::Never,
            _ => {}
        }
        options
    }

    /// The tier, thresholds and compiler options of this configuration,
    /// its compiles recorded in `records`.
    pub fn setup(self, limits: Limits, records: Records) -> Setup {
        let tier = match self {
            Config::Interp | Config::InterpAsm => Tier::Interp,
            Config::Jit | Config::JitWithout(_) | Config::JitNoAvx => Tier::Jit,
            Config::Baseline => Tier::Baseline,
            Config::Tiered | Config::TieredBackground => Tier::Tiered,
            Config::Auto | Config::Osr | Config::OsrNoPeel | Config::Background => Tier::Auto,
        };
        let thresholds = match self {
            Config::Tiered | Config::TieredBackground => TIERED,
            Config::Auto | Config::Background => Thresholds {
                calls: 1,
                back_edges: 1,
            },
            Config::Osr | Config::OsrNoPeel => Thresholds {
                calls: OSR_CALLS,
                back_edges: 2,
            },
            _ => Thresholds::NEVER,
        };
        Setup {
            tier,
            thresholds,
            limits,
            asm_interp: self != Config::Interp,
            jit: Jit {
                options: self.options(),
                records,
                ..Jit::default()
            },
            compile_threads: match self {
                Config::Background | Config::TieredBackground => 1,
                _ => 0,
            },
            lender: match self {
                Config::Background => Some(lent_thread()),
                _ => None,
            },
        }
    }

    /// The `bcvm run` flags that select this configuration.
    pub fn flags(self) -> &'static [&'static str] {
        match self {
            Config::Interp => &["--tier", "interp", "--no-asm-interp"],
            Config::InterpAsm => &["--tier", "interp"],
            Config::Jit => &["--tier", "jit"],
            Config::Baseline => &["--tier", "baseline"],
            Config::Tiered => &[
                "--tier",
                "tiered",
                "--jit-threshold-calls",
                "2",
                "--jit-threshold-loops",
                "2",
                "--compile-threads",
                "0",
            ],
            Config::TieredBackground => &[
                "--tier",
                "tiered",
                "--jit-threshold-calls",
                "2",
                "--jit-threshold-loops",
                "2",
                "--compile-threads",
                "1",
            ],
            // A phase without a switch always runs: that is `jit`.
            Config::JitWithout(phase) => phase
                .pass()
                .switch
                .map_or(&["--tier", "jit"], |s| s.run_flags),
            Config::Auto => &[
                "--tier",
                "auto",
                "--jit-threshold-calls",
                "1",
                "--jit-threshold-loops",
                "1",
                "--compile-threads",
                "0",
            ],
            Config::Background => &[
                "--tier",
                "auto",
                "--jit-threshold-calls",
                "1",
                "--jit-threshold-loops",
                "1",
                "--compile-threads",
                "1",
            ],
            Config::JitNoAvx => &["--tier", "jit", "--no-avx"],
            Config::Osr => &OSR_FLAGS,
            Config::OsrNoPeel => &OSR_NO_PEEL_FLAGS,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Config::Interp => "interp",
            Config::InterpAsm => "interp-asm",
            Config::Jit => "jit",
            Config::Baseline => "baseline",
            Config::Tiered => "tiered",
            Config::JitWithout(phase) => phase.pass().switch.map_or("jit", |s| s.config),
            Config::Auto => "auto",
            Config::Osr => "osr",
            Config::OsrNoPeel => "osr-no-peel",
            Config::JitNoAvx => "jit-no-avx",
            Config::Background => "background",
            Config::TieredBackground => "tiered-background",
        }
    }
}

/// What a run showed the outside world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    /// The trap line as `bcvm run` prints it; `None` for a clean exit.
    pub trap: Option<String>,
    /// Compiles that the verifier rejected (compiler bugs: the function
    /// then runs interpreted, so the output alone would not show them).
    pub rejected: Vec<String>,
}

impl Outcome {
    /// Whether the run stopped because `Limits::fuel` ran out (so it
    /// says nothing about the program).
    pub fn out_of_fuel(&self) -> bool {
        let fuel = vm::TrapKind::OutOfFuel.to_string();
        self.trap.as_deref().is_some_and(|t| t.contains(&fuel))
    }
}

/// Runs `program`'s `main` with `args` (as many as it takes) in `config`;
/// also returns the bytecode instructions the interpreter executed, counted
/// in `Config::Interp` only (the mode in which `limits.fuel` applies).
pub fn run_with(program: &Program, config: Config, limits: Limits, args: &[i64]) -> (Outcome, u64) {
    run_capped(program, config, limits, args, usize::MAX)
}

/// A capture that refuses output past `cap` bytes: the run then stops
/// with `output failed`.
struct Capped {
    buffer: SharedBuffer,
    cap: usize,
}

impl std::io::Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.buffer.0.borrow().len().saturating_add(bytes.len()) > self.cap {
            return Err(std::io::Error::other("past the oracle's output cap"));
        }
        self.buffer.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `run_with`, stopping the program once it has printed `cap` bytes.
fn run_capped(
    program: &Program,
    config: Config,
    limits: Limits,
    args: &[i64],
    cap: usize,
) -> (Outcome, u64) {
    let buffer = SharedBuffer::default();
    let sink = Capped {
        buffer: buffer.clone(),
        cap,
    };
    // Every compile in the oracle is verified, register assignment
    // included. A failed check bails like a budget, so the tiers would
    // still agree: the rejections are part of the outcome instead.
    let records = Records::default();
    let setup = config.setup(limits, records.clone());
    // The VM's compiler threads share the program.
    let shared = std::sync::Arc::new(program.clone());
    let mut vm = match setup.vm(&shared, Output::new(Box::new(sink))) {
        Ok(vm) => vm,
        Err(e) => {
            let trap = Some(format!("cannot map the linear memory: {e}"));
            return (
                Outcome {
                    stdout: Vec::new(),
                    trap,
                    rejected: Vec::new(),
                },
                0,
            );
        }
    };
    let counting = config == Config::Interp;
    let trap = vm
        .run(args, counting)
        .err()
        .map(|t| t.render(program, "fuzz.bc"));
    vm.out.flush();
    let executed = if counting {
        vm.profile().funcs.iter().map(|f| f.instructions).sum()
    } else {
        0
    };
    let stdout = buffer.contents();
    let rejected = records
        .snapshot()
        .iter()
        .filter_map(|r| match &r.error {
            Some(e @ CompileError::Invalid { .. }) => Some(format!("{}: {e}", r.function)),
            _ => None,
        })
        .collect();
    (
        Outcome {
            stdout,
            trap,
            rejected,
        },
        executed,
    )
}

/// `run_with` for a `main` without parameters.
pub fn run(program: &Program, config: Config, limits: Limits) -> (Outcome, u64) {
    run_with(program, config, limits, &[])
}

/// The verdict on one program.
pub struct Verdict {
    /// What the interpreter did.
    pub reference: Outcome,
    /// Instructions the interpreter executed.
    pub executed: u64,
    /// Every configuration that disagreed with the interpreter, and how.
    pub divergent: Vec<(Config, Outcome)>,
    /// The interpreter ran out of `FUZZ_FUEL` or printed `FUZZ_OUTPUT`:
    /// the program was not run in the other configurations.
    pub too_long: bool,
}

/// The calls and taken backward branches `check` lets the interpreter
/// make (`Limits::fuel`), and the bytes it lets it print. The generator's
/// loops are bounded, but nested loops calling functions with nested
/// loops multiply: one seed in some hundreds of thousands printed 2 GB
/// (300-digit floats) over three minutes, in each of the configurations.
/// Past either, the program is not compared. A typical generated program
/// makes a few thousand of the first and prints a few kilobytes.
pub const FUZZ_FUEL: u64 = 5_000_000;
pub const FUZZ_OUTPUT: usize = 4 << 20;

/// The call-depth limit `check` runs programs under, low so that the
/// fuzz generator's recursion reaches it cheaply (`bcvm run
/// --max-call-depth 64` reproduces a run).
pub const FUZZ_DEPTH: u32 = 64;

/// Runs `program` in every configuration, with the depth limit
/// `FUZZ_DEPTH`, and compares each with the interpreter.
pub fn check(program: &Program) -> Verdict {
    let limits = Limits {
        max_call_depth: FUZZ_DEPTH,
        fuel: FUZZ_FUEL,
        ..Limits::default()
    };
    let (reference, executed) = run_capped(program, Config::Interp, limits, &[], FUZZ_OUTPUT);
    // The capture fails only at the cap.
    let failed = vm::TrapKind::OutputFailed.to_string();
    let capped = reference
        .trap
        .as_deref()
        .is_some_and(|t| t.contains(&failed));
    let too_long = reference.out_of_fuel() || capped;
    let divergent = if too_long {
        Vec::new()
    } else {
        Config::all()[1..]
            .iter()
            .map(|&config| (config, run(program, config, limits).0))
            .filter(|(_, outcome)| *outcome != reference)
            .collect()
    };
    Verdict {
        reference,
        executed,
        divergent,
        too_long,
    }
}

/// The limits the fuzz targets over arbitrary and edited programs run
/// them under, small enough that every run is quick: shallow calls, a
/// small register stack, fuel for 20,000 calls and backward branches.
pub const SMALL_LIMITS: Limits = Limits {
    max_call_depth: 200,
    max_stack_slots: 1 << 16,
    fuel: 20_000,
};

/// Runs any loaded `program` (one that may loop forever) with `args`:
/// in the interpreter under `limits.fuel` first, then, if that finished,
/// in every other configuration with no fuel, which must agree with it.
/// The first configuration that did not, with what it did and what the
/// interpreter did. What the fuzz targets over arbitrary and mutated
/// programs check.
pub fn disagreement(
    program: &Program,
    limits: Limits,
    args: &[i64],
) -> Option<(Config, Outcome, Outcome)> {
    let (reference, _) = run_with(program, Config::Interp, limits, args);
    if reference.out_of_fuel() {
        return None;
    }
    let unlimited = Limits {
        fuel: u64::MAX,
        ..limits
    };
    Config::all()[1..].iter().find_map(|&config| {
        let (got, _) = run_with(program, config, unlimited, args);
        (got != reference).then(|| (config, got, reference.clone()))
    })
}

/// The thread `background` compiles on: lent once per process, as `bcvm`
/// lends its main thread, so that the oracle covers a compiler thread
/// handed to a lent thread (`tiered-background` makes its thread). A
/// broker made while the thread is busy with the last one's compile, or
/// before it first waits, makes a thread instead.
fn lent_thread() -> &'static Lender {
    static LENDER: Lender = Lender::new();
    static LENT: std::sync::Once = std::sync::Once::new();
    LENT.call_once(|| {
        // Without it, every broker makes its own thread, as before.
        let _ = std::thread::Builder::new()
            .name("bcvm lent".into())
            .spawn(|| LENDER.lend());
    });
    &LENDER
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(text: &str) -> Verdict {
        check(&vm::load(text.as_bytes()).expect("loads"))
    }

    #[test]
    fn a_program_past_the_fuel_is_not_compared() {
        let v = verdict("func main()\ntop:\n    jmp top\nend\n");
        assert!(v.too_long && v.divergent.is_empty());
        assert!(v.reference.out_of_fuel(), "{:?}", v.reference.trap);
    }

    #[test]
    fn a_program_past_the_output_cap_is_not_compared() {
        // 100,000 lines of 326 bytes: 32 MB, in 100,000 back edges.
        let v = verdict(
            "func main()\n    mov %i, 0\ntop:\n    fprint 1e308, 16\n    add %i, %i, 1\n    jlt %i, 100000, top\n    ret 0\nend\n",
        );
        assert!(v.too_long && v.divergent.is_empty());
        assert!(v.reference.stdout.len() <= FUZZ_OUTPUT);
    }

    #[test]
    fn a_short_program_is_compared_everywhere() {
        let v = verdict("func main()\n    print 7\n    ret 0\nend\n");
        assert!(!v.too_long);
        assert_eq!(v.reference.stdout, b"7\n");
        assert!(v.divergent.is_empty());
    }
}
