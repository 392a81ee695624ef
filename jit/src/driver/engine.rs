//! Where a tier becomes a VM with its compilers: the one mapping from a
//! tier (and its thresholds and options) to the interpreter's and the
//! compilers' set-up. The command line, the differential oracle, the
//! benchmarks and the tests all make their VMs here; the `bcvm` library's
//! `Engine` is its public face.

use crate::driver::compiler::Jit;
use crate::driver::threads::Lender;
use crate::observe::record::CodeTier;
use std::fmt;
use std::sync::Arc;
use vm::tier::Thresholds;
use vm::{Limits, Output, Program, Vm};

/// How a program runs: which code runs first, and what compiles when.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tier {
    /// Interpret every function; never compile.
    Interp,
    /// Compile every function with the optimizing compiler before its
    /// first call (one it refuses runs in the interpreter).
    Jit,
    /// Compile every function with the baseline compiler before its first
    /// call, and never again.
    Baseline,
    /// `Baseline`, whose code counts calls and back-edges and hands hot
    /// functions, and hot loops through on-stack replacement, to the
    /// optimizing compiler. The default: it reaches full speed soonest
    /// (`docs/jit.md`, "Warm-up").
    #[default]
    Tiered,
    /// Interpret and count; compile a function when its calls reach the
    /// threshold, and take a running loop over (on-stack replacement)
    /// when its back-edges do.
    Auto,
}

impl Tier {
    pub const ALL: [Tier; 5] = [
        Tier::Interp,
        Tier::Jit,
        Tier::Baseline,
        Tier::Tiered,
        Tier::Auto,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Interp => "interp",
            Tier::Jit => "jit",
            Tier::Baseline => "baseline",
            Tier::Tiered => "tiered",
            Tier::Auto => "auto",
        }
    }

    pub fn from_name(name: &str) -> Option<Tier> {
        Tier::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether functions are compiled before their first call.
    pub fn eager(self) -> bool {
        matches!(self, Tier::Jit | Tier::Baseline | Tier::Tiered)
    }
}

impl std::str::FromStr for Tier {
    type Err = String;

    fn from_str(name: &str) -> Result<Tier, String> {
        Tier::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Tier::ALL.iter().map(|t| t.name()).collect();
            format!("one of {}", names.join(", "))
        })
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The thresholds `auto` and `tiered` count to by default
/// (`--jit-threshold-calls`, `--jit-threshold-loops`), chosen with compiles
/// in the background, where a request costs the program about a
/// microsecond (`benches/policy_sweep.py`; `docs/jit.md`, "Warm-up").
pub const DEFAULT_THRESHOLDS: Thresholds = Thresholds {
    calls: 10,
    back_edges: 100,
};

/// Everything a VM is set up from, besides the program and its output.
pub struct Setup {
    pub tier: Tier,
    /// When `auto` compiles, and when `tiered` code asks for optimized
    /// code.
    pub thresholds: Thresholds,
    pub limits: Limits,
    /// Interpret in the machine-code loop where it can (the portable loop
    /// otherwise, `--no-asm-interp`).
    pub asm_interp: bool,
    /// The compilers: budget, options, code cache, observers. Its code
    /// tier and tier-up thresholds are set from `tier` here.
    pub jit: Jit,
    /// Threads that compile what gets hot, while the program goes on
    /// (`--compile-threads`; at most `MAX_COMPILE_THREADS`); 0 compiles it
    /// on the VM's thread, the program waiting, which makes when code
    /// arrives depend on the program alone.
    pub compile_threads: usize,
    /// A thread lent to run the first compiler thread on
    /// (`driver::threads`), instead of making one.
    pub lender: Option<&'static Lender>,
}

/// `Setup::compile_threads` by default: one compiler thread, as HotSpot
/// and V8 keep at least one even on a small machine.
pub const DEFAULT_COMPILE_THREADS: usize = 1;

/// The most compiler threads a VM starts: each has a compile arena and an
/// out-of-memory reserve of its own, and the VM's thread one more
/// (`vm::runtime::alloc::SLOTS`).
pub const MAX_COMPILE_THREADS: usize = vm::runtime::alloc::SLOTS - 1;

impl Setup {
    /// `tier` with every other setting at its default.
    pub fn new(tier: Tier) -> Setup {
        Setup {
            tier,
            thresholds: DEFAULT_THRESHOLDS,
            limits: Limits::default(),
            asm_interp: true,
            jit: Jit::default(),
            compile_threads: DEFAULT_COMPILE_THREADS,
            lender: None,
        }
    }

    /// A VM for `program` writing to `out`, set up for the tier. Fails
    /// only if the linear memory cannot be mapped or a compiler thread
    /// cannot be started.
    pub fn vm<'p>(self, program: &'p Arc<Program>, out: Output) -> Result<Vm<'p>, SetupError> {
        let mut vm = Vm::new(program, out, self.limits).map_err(SetupError::Memory)?;
        if !self.asm_interp {
            vm.use_portable_interpreter();
        }
        let mut jit = self.jit;
        jit.tier = match self.tier {
            Tier::Baseline | Tier::Tiered => CodeTier::Baseline,
            _ => CodeTier::Optimizing,
        };
        jit.tier_up = match self.tier {
            Tier::Tiered => self.thresholds,
            _ => Thresholds::NEVER,
        };
        // Only `auto` and `tiered` compile anything once the program runs.
        let background = matches!(self.tier, Tier::Auto | Tier::Tiered);
        if background && self.compile_threads > 0 {
            let threads = self.compile_threads.min(MAX_COMPILE_THREADS);
            jit.start_background(program.clone(), threads, self.lender);
        }
        match self.tier {
            Tier::Interp => {}
            Tier::Jit | Tier::Baseline | Tier::Tiered => {
                jit.prepare();
                vm.set_compiler(Box::new(jit), Thresholds::NEVER, true);
            }
            Tier::Auto => {
                jit.prepare();
                vm.set_compiler(Box::new(jit), self.thresholds, false);
            }
        }
        Ok(vm)
    }
}

/// Why a VM could not be set up.
#[derive(Debug)]
pub enum SetupError {
    /// The linear memory could not be mapped.
    Memory(std::io::Error),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Memory(e) => write!(f, "cannot map the linear memory: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_round_trip_by_name() {
        for t in Tier::ALL {
            assert_eq!(Tier::from_name(t.name()), Some(t));
        }
        assert_eq!(Tier::from_name("osr"), None);
    }

    /// Each tier runs a program to the interpreter's answer.
    #[test]
    fn every_tier_agrees() {
        let program = Arc::new(
            vm::load(
                b"func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main(%n)\n    mov %i, 0\n    mov %s, 0\nl:\n    call %t, sq, %i\n    add %s, %s, %t\n    add %i, %i, 1\n    jlt %i, %n, l\n    ret %s\nend\n",
            )
            .expect("loads"),
        );
        for tier in Tier::ALL {
            let mut setup = Setup::new(tier);
            setup.thresholds = Thresholds {
                calls: 2,
                back_edges: 2,
            };
            let mut vm = setup.vm(&program, Output::discard()).expect("a VM");
            assert_eq!(vm.run(&[10], false), Ok(285), "{tier}");
        }
    }
}
