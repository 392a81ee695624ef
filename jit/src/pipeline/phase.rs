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

use crate::analysis::{dom, osr_entry};
use crate::backend;
use crate::ir::entity::Inst;
use crate::ir::EntryPoint;
use crate::passes::fill::Fill;
use crate::passes::{
    bounds, dedup_checks, exit_values, fill, gvn, if_convert, inline, licm, out_of_ssa, sccp, ssa,
    tail_loops,
};
use crate::pipeline::budget::Bail;
use crate::pipeline::context::Context;
use crate::regalloc;
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

/// "`what` is missing": an analysis a phase needs was not made (a
/// compiler bug).
fn missing(what: &str) -> Bail {
    Bail::Invalid(format!("{what} is missing"))
}

/// `Edits::Cfg` if a phase changed `n` places in the CFG.
fn changed(n: usize) -> Edits {
    if n > 0 {
        Edits::Cfg
    } else {
        Edits::None
    }
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
    /// What the phase reads of the compile context, the pass it runs on
    /// that, and what it writes back (its results, its counts).
    pub run: fn(&mut Context<'_>) -> Result<Edits, Bail>,
    pub keeps: Keeps,
    pub check: Check,
    pub counts: &'static [Count],
}

macro_rules! passes {
    ($(
        $(#[$doc:meta])*
        $variant:ident {
            name: $name:literal,
            stage: $stage:literal,
            switch: $switch:expr,
            run: $run:expr,
            keeps: $keeps:ident,
            check: $check:ident,
            counts: $counts:expr $(,)?
        }
    ),* $(,)?) => {
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
                run: $run,
                keeps: Keeps::$keeps,
                check: Check::$check,
                counts: $counts,
            },
        )*];
    };
}

passes! {
    /// Basic blocks from bytecode.
    Cfg {
        name: "cfg",
        stage: "basic blocks",
        switch: None,
        run: |ctx| {
            let func = ctx.program.func(ctx.id);
            if let EntryPoint::Osr(pc) = ctx.entry_point {
                if pc as usize >= func.code.len() {
                    let past = format!("entry at instruction {pc}, past the end");
                    return Err(Bail::Invalid(past));
                }
            }
            let peel = ctx.options.osr_peel;
            let cfg = osr_entry::build(func, ctx.entry_point, peel, &mut ctx.budget)?;
            ctx.record(&[cfg.len()]);
            ctx.cfg = Some(cfg);
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[count("blocks", "blocks")],
    },
    /// Dominators and dominance frontiers of the bytecode's blocks.
    Dom {
        name: "dom",
        stage: "dominator tree and frontiers",
        switch: None,
        run: |ctx| {
            let Some(cfg) = &ctx.cfg else {
                return Err(missing("the CFG"));
            };
            let tree = dom::dominators(cfg, &mut ctx.budget)?;
            ctx.frontiers = Some(dom::frontiers(cfg, &tree, &mut ctx.budget)?);
            ctx.cfg_dom = Some(tree);
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[],
    },
    /// Pruned SSA construction.
    Ssa {
        name: "ssa",
        stage: "pruned SSA",
        switch: None,
        run: |ctx| {
            let (Some(cfg), Some(dom), Some(frontiers)) = (&ctx.cfg, &ctx.cfg_dom, &ctx.frontiers)
            else {
                return Err(missing("the dominator tree"));
            };
            let (program, id) = (ctx.program, ctx.id);
            let input = ssa::SsaInput { program, id, cfg, dom, frontiers };
            let f = ssa::construct(&input, &mut ctx.budget)?;
            ctx.record(&[f.phi_count()]);
            ctx.func = Some(f);
            Ok(Edits::Cfg)
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[count("phis", "phis")],
    },
    /// Self tail calls as jumps to a loop at the top.
    TailLoops {
        name: "tail-loops",
        stage: "self tail calls as jumps to the top",
        switch: Some("Compile self tail calls as calls, not as jumps to a loop at the top of the function (to compare, and for the differential oracle)"),
        run: |ctx| {
            // Not when calls account for the register stack: a jump would not.
            let count_slots = ctx.env.is_some_and(|env| env.count_slots);
            let (f, budget) = ctx.ir_mut()?;
            if count_slots {
                return Ok(Edits::None);
            }
            let stats = tail_loops::make_loops(f, budget)?;
            ctx.record(&[stats.jumps]);
            Ok(changed(stats.jumps))
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[count("tail-jumps", "tail_jumps")],
    },
    /// Small callees' bodies in place of their calls.
    Inline {
        name: "inline",
        stage: "small callees' bodies in place",
        switch: Some("Compile without inlining small callees (to compare, and for the differential oracle)"),
        run: |ctx| {
            // The bodies it builds make their own self tail calls loops
            // when `tail-loops` runs.
            let options = inline::Options {
                tail_loops: ctx.options.runs(Phase::TailLoops),
            };
            let (program, env) = (ctx.program, ctx.env);
            let (f, budget) = ctx.ir_mut()?;
            let stats = inline::inline(program, f, env.as_ref(), options, budget)?;
            ctx.record(&[stats.inlined]);
            Ok(changed(stats.inlined))
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[count("inlined", "inlined")],
    },
    /// Sparse conditional constant propagation.
    Sccp {
        name: "sccp",
        stage: "after constant propagation",
        switch: Some("Compile without sparse conditional constant propagation (to compare, and for the differential oracle)"),
        run: |ctx| {
            // It removes the edges it proves never taken.
            let (f, budget) = ctx.ir_mut()?;
            let s = sccp::propagate(f, budget)?;
            ctx.record(&[s.folded, s.branches_resolved, s.blocks_removed, s.dead_removed]);
            Ok(Edits::Cfg)
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[
            count("folded", "values_folded"),
            count("branches-resolved", "branches_resolved"),
            untraced("blocks-removed", "blocks_removed"),
            untraced("dead-removed", "dead_removed"),
        ],
    },
    /// Branches around a few pure instructions as selects.
    IfConvert {
        name: "if-convert",
        stage: "branches around a few pure instructions as selects",
        switch: Some("Compile branches around a few pure instructions as branches, not as selects of both sides (to compare, and for the differential oracle)"),
        run: |ctx| {
            // A converted diamond loses its blocks.
            let (f, budget) = ctx.ir_mut()?;
            let stats = if_convert::convert(f, budget)?;
            ctx.record(&[stats.converted, stats.selects]);
            Ok(changed(stats.converted))
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[
            count("if-converted", "if_converted"),
            untraced("selects", "selects"),
        ],
    },
    /// Global value numbering.
    Gvn {
        name: "gvn",
        stage: "after value numbering",
        switch: Some("Compile without merging equal computations by global value numbering (to compare, and for the differential oracle)"),
        run: |ctx| {
            // Removing instructions keeps the dominator tree valid.
            ctx.ir_domtree()?;
            let (Some(f), Some(dom)) = (&mut ctx.func, &ctx.domtree) else {
                return Err(missing("the dominator tree"));
            };
            let stats = gvn::number(f, dom, &mut ctx.budget)?;
            ctx.record(&[stats.merged, stats.expanded]);
            Ok(Edits::None)
        },
        keeps: All,
        check: Ssa,
        counts: &[count("merged", "merged"), untraced("expanded", "expanded")],
    },
    /// Loop-invariant code motion.
    Licm {
        name: "licm",
        stage: "after invariant code motion",
        switch: Some("Compile without hoisting loop-invariant code out of loops (to compare, and for the differential oracle)"),
        run: |ctx| {
            // On the SSA form's loop forest; moving instructions keeps it,
            // and the dominator tree, valid until SSA destruction.
            if !licm::may_loop(ctx.ir()?) {
                ctx.record(&[0]);
                return Ok(Edits::None);
            }
            ctx.ir_loops()?;
            let (Some(f), Some(dom), Some(loops)) = (&mut ctx.func, &ctx.domtree, &ctx.loops) else {
                return Err(missing("the loop forest"));
            };
            let stats = licm::hoist(f, dom, loops, &mut ctx.budget)?;
            ctx.record(&[stats.hoisted]);
            Ok(Edits::None)
        },
        keeps: All,
        check: Ssa,
        counts: &[count("hoisted", "hoisted")],
    },
    /// Counting loops replaced by their exit values.
    ExitValues {
        name: "exit-values",
        stage: "counting loops replaced by their exit values",
        switch: Some("Compile loops that only count as loops, not as their exit values computed before them (to compare, and for the differential oracle)"),
        run: |ctx| {
            // Removing a loop's back edge changes the CFG.
            let (f, budget) = ctx.ir_mut()?;
            let stats = exit_values::replace(f, budget)?;
            ctx.record(&[stats.loops]);
            Ok(changed(stats.loops))
        },
        keeps: Nothing,
        check: Ssa,
        counts: &[count("counted", "counted")],
    },
    /// Bounds checks that dominating accesses imply.
    DedupChecks {
        name: "dedup-checks",
        stage: "accesses whose checks others imply",
        switch: Some("Compile with every bounds check, even those that accesses before it on the same base prove redundant (to compare, and for the differential oracle)"),
        run: |ctx| {
            // On SSA form: the instructions keep their identity through SSA
            // destruction, which the emitter reads the result after.
            ctx.ir_domtree()?;
            let (Some(f), Some(dom)) = (&ctx.func, &ctx.domtree) else {
                return Err(missing("the dominator tree"));
            };
            let implied = dedup_checks::implied_checks(f, dom, &mut ctx.budget)?;
            ctx.record(&[implied.len()]);
            ctx.implied = Some(implied);
            Ok(Edits::None)
        },
        keeps: All,
        check: Implied,
        counts: &[untraced("implied", "implied")],
    },
    /// SSA destruction.
    OutOfSsa {
        name: "out-of-ssa",
        stage: "after SSA destruction; also `out`",
        switch: None,
        run: |ctx| {
            // Copies in place of phis change no edge; a split edge does.
            let (f, budget) = ctx.ir_mut()?;
            let stats = out_of_ssa::destruct(f, budget)?;
            ctx.record(&[stats.copies, stats.edges_split, stats.temporaries]);
            Ok(changed(stats.edges_split))
        },
        keeps: Nothing,
        check: Conventional,
        counts: &[
            count("copies", "copies"),
            untraced("edges-split", "edges_split"),
            untraced("temporaries", "temporaries"),
        ],
    },
    /// The dominator tree and loop forest of the final IR.
    Loops {
        name: "loops",
        stage: "the loop forest",
        switch: None,
        run: |ctx| {
            ctx.ir_loops()?;
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[],
    },
    /// Register homes.
    Regalloc {
        name: "regalloc",
        stage: "each value's home",
        switch: None,
        run: |ctx| {
            let (Some(f), Some(loops)) = (&ctx.func, &ctx.loops) else {
                return Err(missing("the loop forest"));
            };
            ctx.allocation = Some(regalloc::allocate(f, loops, &mut ctx.budget)?);
            Ok(Edits::None)
        },
        keeps: All,
        check: Homes,
        counts: &[],
    },
    /// Bounds-check elimination by loop versioning.
    Bounds {
        name: "bounds",
        stage: "the versioned loops and their guards",
        switch: None,
        run: |ctx| {
            let (Some(f), Some(loops)) = (&ctx.func, &ctx.loops) else {
                return Err(missing("the loop forest"));
            };
            ctx.versioned = Some(bounds::find(f, loops, &mut ctx.budget)?);
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[],
    },
    /// Versioned loops that only fill cells, as string stores.
    Fill {
        name: "fill",
        stage: "the versioned loops run as string stores",
        switch: Some("Compile loops that only fill cells with one value as loops, not as string stores (to compare, and for the differential oracle)"),
        run: |ctx| {
            let (Some(f), Some(versioned)) = (&ctx.func, &ctx.versioned) else {
                return Err(missing("the versioned loops"));
            };
            let fills = fill::find(f, versioned, &mut ctx.budget)?;
            ctx.record(&[fills.len()]);
            ctx.fills = Some(fills);
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[count("fills", "fills")],
    },
    /// Machine code.
    Emit {
        name: "emit",
        stage: "the machine code, disassembled; also `asm`, text only",
        switch: None,
        run: |ctx| {
            // The checks the phases that may be switched off proved
            // redundant are left out.
            let (Some(f), Some(loops), Some(allocation), Some(versioned)) =
                (&ctx.func, &ctx.loops, &ctx.allocation, &ctx.versioned)
            else {
                return Err(missing("the register assignment"));
            };
            let env = ctx.env.ok_or_else(|| missing("the VM's addresses"))?;
            let implied: &[Inst] = match (&ctx.implied, ctx.options.runs(Phase::DedupChecks)) {
                (Some(implied), true) => implied,
                (None, true) => return Err(missing("the implied checks")),
                (_, false) => &[],
            };
            let fills: &[Fill] = match (&ctx.fills, ctx.options.runs(Phase::Fill)) {
                (Some(fills), true) => fills,
                (None, true) => return Err(missing("the fills")),
                (_, false) => &[],
            };
            let proven = backend::Proven { versioned, implied, fills };
            let code = backend::emit(ctx.program, f, loops, allocation, proven, env, &mut ctx.budget)?;
            ctx.stats.code_bytes = code.code.len();
            ctx.code = Some(code);
            Ok(Edits::None)
        },
        keeps: All,
        check: Nothing,
        counts: &[],
    },
}

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
