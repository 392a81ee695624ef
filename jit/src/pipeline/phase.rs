//! The pass table: every phase of the optimizing compiler, in the order
//! they run, one row each. The `Phase` enum, the pipeline's dispatch
//! (`context`), the budget's phase names, the `--no-PASS` switches and
//! `dump --stage` names of the command line, the differential oracle's
//! `jit-no-PASS` configurations, the counts on the trace line and in its
//! JSON, and the phase list in `docs/middle-end.md` (a test holds it to
//! the table) all come from here.
//!
//! Adding an optional pass is two places: its row below, and its own
//! file with the algorithm and a `run` taking the compile context (which
//! reads the analyses it needs, records its counts and says whether it
//! changed the CFG). Cranelift's `Context` calls its passes by hand, and
//! LLVM's new pass manager keeps a registry of names; this table is both.

use std::fmt;

/// What a phase's `run` did to the function's control flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edits {
    /// No edge, block or loop changed: every analysis still holds.
    None,
    /// Edges or blocks changed: the pipeline drops the analyses the
    /// phase does not keep.
    Cfg,
}

/// Which analyses of the IR a phase keeps valid when it changes the CFG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeps {
    /// It never changes the CFG: the dominator tree and the loop forest
    /// hold after it.
    All,
    /// It may: after a change, the dominator tree and the loop forest
    /// are computed again when next asked for.
    Nothing,
}

/// What `--verify-ir` checks after a phase, outside its time and budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    Nothing,
    /// The IR in SSA form (`verify::verify`).
    Ssa,
    /// The implied checks against the accesses that imply them
    /// (`dedup_checks::check`).
    Implied,
    /// The groups of checks against the instructions between their
    /// members (`group_checks::check`).
    Groups,
    /// The IR after SSA destruction (conventional form).
    Conventional,
    /// The register homes against liveness (`regalloc::checker`).
    Homes,
}

/// A count a phase records, as the trace line and its JSON name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// On the trace line and in `--compile-summary`'s vocabulary.
    pub name: &'static str,
    /// In `--trace-json` and `dump --format json`.
    pub json: &'static str,
    /// Whether the one-line trace shows it (the rest are in the dumps).
    pub traced: bool,
}

const fn count(name: &'static str, json: &'static str) -> Count {
    Count {
        name,
        json,
        traced: true,
    }
}

const fn untraced(name: &'static str, json: &'static str) -> Count {
    Count {
        name,
        json,
        traced: false,
    }
}

/// The most counts one phase records.
pub const MAX_COUNTS: usize = 4;

/// An optional phase's switch: `--no-NAME` on the command line, the
/// oracle's `jit-no-NAME` configuration.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// `no-NAME`, the long flag.
    pub flag: &'static str,
    /// What the flag does, for `--help`.
    pub help: &'static str,
    /// The oracle's configuration's name, `jit-no-NAME`.
    pub config: &'static str,
    /// `bcvm run` flags selecting that configuration.
    pub run_flags: &'static [&'static str],
}

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Pass {
    pub phase: Phase,
    /// The phase's name: budget errors, the trace, `dump --stage`.
    pub name: &'static str,
    /// What `dump --stage NAME` shows, and what the phase does, in a few
    /// words.
    pub stage: &'static str,
    /// For an optional phase, its switch.
    pub switch: Option<Switch>,
    pub keeps: Keeps,
    pub check: Check,
    pub counts: &'static [Count],
}

macro_rules! define_phases {
    ($(
        [$(#[$doc:meta])*] $variant:ident $name:literal $stage:literal
        ($switch:expr) ($run:expr) $keeps:ident $check:ident ($counts:expr);
    )*) => {
        /// A phase of the optimizing compiler, in the order they run.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Phase {
            $($(#[$doc])* $variant,)*
        }

        impl Phase {
            pub const COUNT: usize = [$(Phase::$variant,)*].len();
            pub const ALL: [Phase; Phase::COUNT] = [$(Phase::$variant,)*];
        }

        /// What `dump --stage` takes: each phase's name and what it shows
        /// (static, so the command line builds no string for it).
        pub const STAGE_HELP: &str = concat!(
            "The stage, any phase of the compiler:",
            $(" ", $name, " (", $stage, "),",)*
            " in the order they run"
        );

        /// The table, indexed by `Phase`.
        pub static PASSES: [Pass; Phase::COUNT] = [$(
            Pass {
                phase: Phase::$variant,
                name: $name,
                stage: $stage,
                switch: match $switch {
                    Some(help) => Some(Switch {
                        flag: concat!("no-", $name),
                        help,
                        config: concat!("jit-no-", $name),
                        run_flags: &["--tier", "jit", concat!("--no-", $name)],
                    }),
                    None => None,
                },
                keeps: Keeps::$keeps,
                check: Check::$check,
                counts: $counts,
            },
        )*];
    };
}

crate::pipeline::passes!(define_phases);

impl Phase {
    /// Its row of the table.
    pub fn pass(self) -> &'static Pass {
        &PASSES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.pass().name
    }

    /// A phase by its name, or by the dump stage names `out` (after SSA
    /// destruction) and `asm` (the machine code).
    pub fn from_name(name: &str) -> Option<Phase> {
        match name {
            "out" => Some(Phase::OutOfSsa),
            "asm" => Some(Phase::Emit),
            _ => Phase::ALL.into_iter().find(|p| p.name() == name),
        }
    }

    /// The phases a switch turns off.
    pub fn optional() -> impl Iterator<Item = Phase> {
        Phase::ALL.into_iter().filter(|p| p.pass().switch.is_some())
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of phases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PhaseSet(u32);

impl PhaseSet {
    pub fn contains(self, phase: Phase) -> bool {
        self.0 & 1 << phase as u32 != 0
    }

    pub fn insert(&mut self, phase: Phase) {
        self.0 |= 1 << phase as u32;
    }
}

/// Wall time per phase.
pub type PhaseTimes = [std::time::Duration; Phase::COUNT];

/// Budget units charged per phase (`budget`).
pub type PhaseWork = [u64; Phase::COUNT];

/// What `dump --stage` takes: each phase's name and what it shows.
pub fn stage_help() -> String {
    let stages: Vec<String> = PASSES
        .iter()
        .map(|p| format!("{} ({})", p.name, p.stage))
        .collect();
    format!(
        "The stage, any phase of the compiler: {}",
        stages.join(", ")
    )
}

/// The phase list of `docs/middle-end.md`, made from the table.
pub fn markdown() -> String {
    let mut s =
        String::from("| phase | what it does | switch | keeps | checked after | counts |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    for p in &PASSES {
        let switch = p
            .switch
            .map_or(String::new(), |s| format!("`--{}`", s.flag));
        let keeps = match p.keeps {
            Keeps::All => "all",
            Keeps::Nothing => "none if the CFG changed",
        };
        let check = match p.check {
            Check::Nothing => "",
            Check::Ssa => "SSA form",
            Check::Implied => "implied checks",
            Check::Groups => "groups of checks",
            Check::Conventional => "conventional form",
            Check::Homes => "register homes",
        };
        let counts: Vec<&str> = p.counts.iter().map(|c| c.name).collect();
        s.push_str(&format!(
            "| `{}` | {} | {switch} | {keeps} | {check} | {} |\n",
            p.name,
            p.stage,
            counts.join(", ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_phase_order_and_names_round_trip() {
        for (k, p) in Phase::ALL.into_iter().enumerate() {
            assert_eq!(p as usize, k);
            assert_eq!(PASSES[k].phase, p);
            assert_eq!(Phase::from_name(p.name()), Some(p));
            assert!(p.pass().counts.len() <= MAX_COUNTS, "{p}");
        }
        assert_eq!(Phase::from_name("out"), Some(Phase::OutOfSsa));
        assert_eq!(Phase::from_name("asm"), Some(Phase::Emit));
        assert_eq!(Phase::from_name("inlining"), None);
        const { assert!(Phase::COUNT <= 32, "a PhaseSet holds every phase") };
    }

    #[test]
    fn switches_are_named_after_their_phase() {
        for p in Phase::optional() {
            let s = p.pass().switch.expect("optional");
            assert_eq!(s.flag, format!("no-{}", p.name()));
            assert_eq!(s.config, format!("jit-no-{}", p.name()));
            assert_eq!(
                s.run_flags,
                ["--tier", "jit", &format!("--no-{}", p.name())]
            );
        }
    }

    /// The docs' phase list is the table's (`BLESS=1` rewrites it).
    #[test]
    fn the_docs_list_the_table() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/middle-end.md");
        let text = std::fs::read_to_string(path).expect("docs/middle-end.md");
        let (begin, end) = ("<!-- passes: begin -->\n", "<!-- passes: end -->");
        let start = text.find(begin).expect("the begin marker") + begin.len();
        let stop = text.find(end).expect("the end marker");
        if std::env::var_os("BLESS").is_some() {
            let blessed = format!("{}{}{}", &text[..start], markdown(), &text[stop..]);
            std::fs::write(path, blessed).expect("writes");
            return;
        }
        assert_eq!(
            &text[start..stop],
            markdown(),
            "docs/middle-end.md's phase list differs from the table (BLESS=1 rewrites it)"
        );
    }
}
