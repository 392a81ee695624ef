//! The optimizing pipeline: the pass table (`passes!` below, one row
//! per phase), the phases it defines (`phase`: names, switches, what each
//! keeps and is checked by, its counts), the compile context (`context`),
//! the loop that runs the table over it (`run`), the budget every phase
//! charges (`budget`) and the error a phase's bail-out becomes (`error`).
//!
//! The table is a list macro expanded twice (the shape of rustc's query
//! list): into the phases' metadata in `phase`, which knows no pass and no
//! context, and into each phase's glue in `run`, which reads the context,
//! runs its pass and writes the results back. Adding an optional pass is
//! its row here and its own file in `passes/`.

/// The pass table: each phase in the order they run. `$callback!` is
/// called with every row, as `parse_rows!` hands them on.
macro_rules! passes {
    ($callback:ident) => {
        $crate::pipeline::parse_rows! { $callback;
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
            /// Dominators of the bytecode's blocks (Semi-NCA).
            Dom {
                name: "dom",
                stage: "dominator tree and frontiers",
                switch: None,
                run: |ctx| {
                    let Some(cfg) = &ctx.cfg else {
                        return Err(missing("the CFG"));
                    };
                    ctx.cfg_dom = Some(dom::dominators(cfg, &mut ctx.budget)?);
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
                    let (Some(cfg), Some(dom)) = (&ctx.cfg, &ctx.cfg_dom) else {
                        return Err(missing("the dominator tree"));
                    };
                    let (program, id) = (ctx.program, ctx.id);
                    let input = ssa::SsaInput { program, id, cfg, dom };
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
                switch: Some("Compile self tail calls as calls, not as jumps to a loop at the top of the function"),
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
                switch: Some("Compile without inlining small callees"),
                run: |ctx| {
                    // The bodies it builds make their own self tail calls loops
                    // when `tail-loops` runs.
                    let options = inline::Options {
                        tail_loops: ctx.options.runs(Phase::TailLoops),
                    };
                    let (program, env, calls) = (ctx.program, ctx.env, ctx.calls.clone());
                    let profile = inline::Profile {
                        env: env.as_ref(),
                        calls: calls.as_ref(),
                        hot_calls: ctx.hot_calls,
                    };
                    let (f, budget) = ctx.ir_mut()?;
                    let stats = inline::inline(program, f, profile, options, budget)?;
                    ctx.record(&[stats.inlined, stats.grown]);
                    Ok(changed(stats.inlined))
                },
                keeps: Nothing,
                check: Ssa,
                counts: &[count("inlined", "inlined"), count("grown", "inlined_instructions")],
            },
            /// Sparse conditional constant propagation.
            Sccp {
                name: "sccp",
                stage: "after constant propagation",
                switch: Some("Compile without sparse conditional constant propagation"),
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
                switch: Some("Compile branches around a few pure instructions as branches, not as selects of both sides"),
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
                switch: Some("Compile without merging equal computations by global value numbering"),
                run: |ctx| {
                    // Removing instructions keeps the dominator tree valid.
                    ctx.ir_domtree()?;
                    let (Some(f), Some(dom)) = (&mut ctx.func, &ctx.domtree) else {
                        return Err(missing("the dominator tree"));
                    };
                    let stats = gvn::number(f, dom, &mut ctx.budget)?;
                    ctx.record(&[stats.merged, stats.expanded, stats.simplified]);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Ssa,
                counts: &[
                    count("merged", "merged"),
                    untraced("expanded", "expanded"),
                    untraced("simplified", "simplified"),
                ],
            },
            /// Memory cells as values: stores and loads forwarded to
            /// later loads of the same cells.
            Forward {
                name: "forward",
                stage: "loads of known cells replaced by their values",
                switch: Some("Compile every load as a load, not as the value a store or load of the same cell left"),
                run: |ctx| {
                    // Removing instructions keeps the dominator tree valid.
                    ctx.ir_domtree()?;
                    let (Some(f), Some(dom)) = (&mut ctx.func, &ctx.domtree) else {
                        return Err(missing("the dominator tree"));
                    };
                    let stats = forward::forward(ctx.program, f, dom, &mut ctx.budget)?;
                    ctx.record(&[stats.forwarded]);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Ssa,
                counts: &[count("forwarded", "forwarded")],
            },
            /// Loop-invariant code motion.
            Licm {
                name: "licm",
                stage: "after invariant code motion",
                switch: Some("Compile without hoisting loop-invariant code out of loops"),
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
                switch: Some("Compile loops that only count as loops, not as their exit values computed before them"),
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
                switch: Some("Compile with every bounds check, even those that accesses before it on the same base prove redundant"),
                run: |ctx| {
                    // On SSA form: the instructions keep their identity through SSA
                    // destruction, which the emitter reads the result after.
                    ctx.ir_domtree()?;
                    let (Some(f), Some(dom)) = (&ctx.func, &ctx.domtree) else {
                        return Err(missing("the dominator tree"));
                    };
                    let cells = ctx.program.memory_cells;
                    let implied = dedup_checks::implied_checks(f, dom, cells, &mut ctx.budget)?;
                    ctx.record(&[implied.len()]);
                    ctx.implied = Some(implied);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Implied,
                counts: &[untraced("implied", "implied")],
            },
            /// One bounds check for each group of accesses on one base.
            GroupChecks {
                name: "group-checks",
                stage: "accesses on one base checked once for the group",
                switch: Some("Compile a bounds check for each access, not one for each group of accesses on the same base"),
                run: |ctx| {
                    // On SSA form, as `dedup-checks`, whose proofs it takes.
                    let implied: &[Inst] = ctx.implied.as_deref().unwrap_or(&[]);
                    let f = ctx.func.as_ref().ok_or_else(|| missing("the IR"))?;
                    let cells = ctx.program.memory_cells;
                    let groups = group_checks::group(f, implied, cells, &mut ctx.budget)?;
                    let members: usize = groups.iter().map(|g| g.members.len()).sum();
                    ctx.record(&[groups.len(), members]);
                    ctx.groups = Some(groups);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Groups,
                counts: &[count("grouped", "grouped"), untraced("group-members", "group_members")],
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
                    let bodies = bounds::bodies(f, loops, &mut ctx.budget)?;
                    ctx.versioned = Some(bounds::find(f, &bodies, &mut ctx.budget)?);
                    ctx.loop_bodies = Some(bodies);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[],
            },
            /// A record's fields through a pointer a versioned loop does
            /// not move, checked by its guard.
            Fields {
                name: "fields",
                stage: "the loops' record fields their guards check",
                switch: Some("Check each access to a record's fields in a loop, even where the loop does not move the pointer"),
                run: |ctx| {
                    let (Some(f), Some(bodies), Some(versioned)) =
                        (&ctx.func, &ctx.loop_bodies, &mut ctx.versioned)
                    else {
                        return Err(missing("the versioned loops"));
                    };
                    let options = &ctx.options;
                    let implied = proven_by(options, Phase::DedupChecks, &ctx.implied, "the implied checks")?;
                    let groups = proven_by(options, Phase::GroupChecks, &ctx.groups, "the groups of checks")?;
                    let covered = bounds::covered(implied, groups);
                    let cells = ctx.program.memory_cells;
                    let counts = bounds::fields(f, bodies, versioned, &covered, cells, &mut ctx.budget)?;
                    ctx.record(&[counts.bases, counts.loops]);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[count("fields", "fixed_bases"), untraced("field-loops", "field_loops")],
            },
            /// Versioned loops that only fill cells, as string stores.
            Fill {
                name: "fill",
                stage: "the versioned loops run as string stores",
                switch: Some("Compile loops that only fill cells with one value as loops, not as string stores"),
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
            /// Rows indexed from their machine addresses in the unchecked
            /// copies.
            Rebase {
                name: "rebase",
                stage: "the rows the unchecked copies index from their machine addresses",
                switch: Some("Address rows in the unchecked copies of loops by cell number, with an lea per access"),
                run: |ctx| {
                    let (Some(f), Some(versioned), Some(allocation)) =
                        (&ctx.func, &ctx.versioned, &ctx.allocation)
                    else {
                        return Err(missing("the versioned loops"));
                    };
                    let options = &ctx.options;
                    let fills = proven_by(options, Phase::Fill, &ctx.fills, "the fills")?;
                    let groups = proven_by(options, Phase::GroupChecks, &ctx.groups, "the groups of checks")?;
                    let rebased = rebase::find(f, versioned, fills, groups, allocation, &mut ctx.budget)?;
                    ctx.record(&[rebased.iter().map(|r| r.bases.len()).sum()]);
                    ctx.rebased = Some(rebased);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[count("rebased", "rebased_rows")],
            },
            /// Linear-function test replacement in the unchecked copies.
            Lockstep {
                name: "lockstep",
                stage: "the unchecked copies that test a lockstep value in place of their index",
                switch: Some("Keep each unchecked copy's index and its test, even where a value stepped beside it could be tested"),
                run: |ctx| {
                    let (Some(f), Some(versioned), Some(allocation)) =
                        (&ctx.func, &ctx.versioned, &ctx.allocation)
                    else {
                        return Err(missing("the versioned loops"));
                    };
                    let fills = proven_by(&ctx.options, Phase::Fill, &ctx.fills, "the fills")?;
                    let found = lockstep::find(f, versioned, fills, allocation, &mut ctx.budget)?;
                    ctx.record(&[found.len()]);
                    ctx.lockstep = Some(found);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[count("lockstep", "lockstep_loops")],
            },
            /// The first test's return, made before the frame.
            EarlyExit {
                name: "early-exit",
                stage: "the return made at the entry, before the frame",
                switch: Some("Build the frame before the function's first test, even where that test's exit only returns"),
                run: |ctx| {
                    let f = ctx.func.as_ref().ok_or_else(|| missing("the IR"))?;
                    let in_registers = crate::backend::ARG_REGISTERS.len();
                    let exits = early_exit::find(f, in_registers, &mut ctx.budget)?;
                    ctx.record(&[exits.len()]);
                    ctx.early_exits = Some(exits);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[count("early-exits", "early_exits")],
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
                    let options = &ctx.options;
                    let implied = proven_by(options, Phase::DedupChecks, &ctx.implied, "the implied checks")?;
                    let fills = proven_by(options, Phase::Fill, &ctx.fills, "the fills")?;
                    let groups = proven_by(options, Phase::GroupChecks, &ctx.groups, "the groups of checks")?;
                    let early_exits = proven_by(options, Phase::EarlyExit, &ctx.early_exits, "the early exit")?;
                    let rebased = proven_by(options, Phase::Rebase, &ctx.rebased, "the rows")?;
                    let lockstep = proven_by(options, Phase::Lockstep, &ctx.lockstep, "the lockstep tests")?;
                    let proven = backend::Proven { versioned, implied, groups, fills, rebased, lockstep, early_exits };
                    let target = backend::Target { env, avx: options.avx.taken() };
                    let code = backend::emit(ctx.program, f, loops, allocation, proven, target, &mut ctx.budget)?;
                    ctx.stats.code_bytes = code.code.len();
                    ctx.code = Some(code);
                    Ok(Edits::None)
                },
                keeps: All,
                check: Nothing,
                counts: &[],
            },
        }
    };
}
pub(crate) use passes;

/// Reads the table's rows once, and hands `$callback!` each as `[docs]
/// Variant name stage (switch) (run) Keeps Check (counts);`, so the
/// expansions match one short pattern, not the row syntax.
macro_rules! parse_rows {
    ($callback:ident; $(
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
        $callback! {
            $([$(#[$doc])*] $variant $name $stage ($switch) ($run) $keeps $check ($counts);)*
        }
    };
}
pub(crate) use parse_rows;

pub mod budget;
pub mod context;
pub mod error;
pub mod phase;
pub mod run;
