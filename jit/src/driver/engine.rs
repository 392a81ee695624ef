//! Where a tier becomes a VM with its compilers: the one mapping from a
//! tier (and its thresholds and options) to the interpreter's and the
//! compilers' set-up. The command line, the differential oracle, the
//! benchmarks and the tests all make their VMs here; the `bcvm` library's
//! `Engine` is its public face.

use crate::driver::compiler::Jit;
use crate::observe::record::CodeTier;
use std::fmt;
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
    /// optimizing compiler.
    Tiered,
    /// Interpret and count; compile a function when its calls reach the
    /// threshold, and take a running loop over (on-stack replacement)
    /// when its back-edges do.
    #[default]
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
/// (`--jit-threshold-calls`, `--jit-threshold-loops`).
pub const DEFAULT_THRESHOLDS: Thresholds = Thresholds {
    calls: 1000,
    back_edges: 10_000,
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
}

impl Setup {
    /// `tier` with every other setting at its default.
    pub fn new(tier: Tier) -> Setup {
        Setup {
            tier,
            thresholds: DEFAULT_THRESHOLDS,
            limits: Limits::default(),
            asm_interp: true,
            jit: Jit::default(),
        }
    }

    /// A VM for `program` writing to `out`, set up for the tier. Fails
    /// only if the linear memory cannot be mapped.
    pub fn vm<'p>(self, program: &'p Program, out: Output) -> std::io::Result<Vm<'p>> {
        let mut vm = Vm::new(program, out, self.limits)?;
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
        let program = vm::load(
            b"func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main(%n)\n    mov %i, 0\n    mov %s, 0\nl:\n    call %t, sq, %i\n    add %s, %s, %t\n    add %i, %i, 1\n    jlt %i, %n, l\n    ret %s\nend\n",
        )
        .expect("loads");
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
