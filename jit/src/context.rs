//! The compile context: one function on its way to machine code, with the
//! analyses computed for it, the budget it spends and what each phase
//! cost. Each phase is one method taking the context; `run` calls them in
//! the order of `Phase::ALL`, each timed, charged to the budget under its
//! own name and, with `Options::verify`, followed by the verifier. A
//! phase that changes the CFG drops the analyses it invalidates; an
//! analysis is computed once, when first asked for. Modelled on
//! Cranelift's `codegen::Context`.

use crate::backend::code_cache::{CodeCache, CodeHandle};
use crate::backend::{self as emit, Emitted};
use crate::bounds::{self, VersionedLoop};
use crate::budget::{Budget, CompileError};
use crate::cfg::{self, Cfg, EntryPoint};
use crate::dedup_checks::{self, DedupStats};
use crate::dom::{self, DomTree};
use crate::entity::{Block, Inst};
use crate::exit_values::{self, ExitValueStats};
use crate::fill::{self, Fill};
use crate::gvn::{self, GvnStats};
use crate::if_convert::{self, IfConvertStats};
use crate::inline::{self, InlineStats};
use crate::ir::Function;
use crate::licm::{self, LicmStats};
use crate::loops::LoopForest;
use crate::out_of_ssa::{self, OutOfSsaStats};
use crate::phase::{Phase, PhaseTimes};
use crate::regalloc::{self, Allocation};
use crate::sccp::{self, SccpStats};
use crate::ssa::{self, SsaInput};
use crate::tail_loops::{self, TailLoopStats};
use crate::verify::{self, Form};
use std::time::{Duration, Instant};
use vm::tier::JitEnv;
use vm::{FuncId, Program};

/// What a compile does besides the phases every compile runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Run sparse conditional constant propagation (`--no-sccp` turns it
    /// off, for the differential oracle).
    pub constant_propagation: bool,
    /// Make self tail calls jumps to a loop at the top (`--no-tail-loops`
    /// keeps them calls, for comparison and the differential oracle).
    pub tail_loops: bool,
    /// Inline small callees (`--no-inline` turns it off, for comparison
    /// and the differential oracle).
    pub inline: bool,
    /// Merge equal pure computations (`--no-gvn` turns it off, for
    /// comparison and the differential oracle).
    pub gvn: bool,
    /// Make branches around a few pure instructions selects
    /// (`--no-if-convert` keeps them branches, for comparison and the
    /// differential oracle).
    pub if_convert: bool,
    /// Hoist loop-invariant code (`--no-licm` turns it off, for comparison
    /// and the differential oracle).
    pub licm: bool,
    /// Replace counting loops by their exit values (`--no-exit-values`
    /// keeps them, for comparison and the differential oracle).
    pub exit_values: bool,
    /// Leave out bounds checks that dominating accesses imply
    /// (`--no-dedup-checks` keeps them, for comparison and the
    /// differential oracle).
    pub dedup_checks: bool,
    /// Run versioned loops that only fill cells as string stores
    /// (`--no-fill` keeps them loops, for comparison and the differential
    /// oracle).
    pub fill: bool,
    /// Enter code compiled for on-stack replacement into an inner loop
    /// through copies of the loops around it, so every loop keeps its
    /// shape (`--no-osr-peel` enters the header directly, for comparison
    /// and the differential oracle).
    pub osr_peel: bool,
    /// Check the IR after every phase, and the register assignment
    /// (`--verify-ir`; on in the tests and the oracle).
    pub verify: bool,
}

impl Options {
    /// Whether `phase` runs: the optional passes have a switch each.
    pub fn runs(&self, phase: Phase) -> bool {
        match phase {
            Phase::Sccp => self.constant_propagation,
            Phase::TailLoops => self.tail_loops,
            Phase::Inline => self.inline,
            Phase::Gvn => self.gvn,
            Phase::IfConvert => self.if_convert,
            Phase::Licm => self.licm,
            Phase::ExitValues => self.exit_values,
            Phase::DedupChecks => self.dedup_checks,
            Phase::Fill => self.fill,
            Phase::Cfg
            | Phase::Dom
            | Phase::Ssa
            | Phase::OutOfSsa
            | Phase::Loops
            | Phase::Regalloc
            | Phase::Bounds
            | Phase::Emit => true,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            constant_propagation: true,
            tail_loops: true,
            inline: true,
            gvn: true,
            if_convert: true,
            licm: true,
            exit_values: true,
            dedup_checks: true,
            fill: true,
            osr_peel: true,
            verify: false,
        }
    }
}

/// Counts a compile reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub instructions: usize,
    pub blocks: usize,
    pub phis: usize,
    pub tail_loops: TailLoopStats,
    pub inline: InlineStats,
    pub sccp: SccpStats,
    pub gvn: GvnStats,
    pub if_convert: IfConvertStats,
    pub licm: LicmStats,
    pub exit_values: ExitValueStats,
    pub dedup: DedupStats,
    pub out_of_ssa: OutOfSsaStats,
    /// Loops run as string stores.
    pub fills: usize,
    pub code_bytes: usize,
}

#[derive(Clone)]
pub struct Context<'p> {
    pub program: &'p Program,
    pub id: FuncId,
    pub entry_point: EntryPoint,
    pub options: Options,
    pub budget: Budget,
    pub times: PhaseTimes,
    pub stats: Stats,
    /// The last phase that completed.
    pub done: Option<Phase>,
    /// When it did, if the next phase may start its clock there (one read
    /// of the clock per phase boundary instead of three).
    clock: Option<Instant>,
    /// What the compiled code may address (`emit` needs it).
    pub env: Option<JitEnv>,

    pub cfg: Option<Cfg>,
    /// Dominators and frontiers of `cfg`.
    pub cfg_dom: Option<DomTree>,
    pub frontiers: Option<Vec<Vec<Block>>>,
    /// The IR, from `ssa` on.
    pub func: Option<Function>,
    /// The dominator tree of `func`, while its CFG is unchanged.
    pub domtree: Option<DomTree>,
    pub loops: Option<LoopForest>,
    /// The loads and stores whose bounds checks dominating accesses
    /// imply, sorted.
    pub implied: Option<Vec<Inst>>,
    pub allocation: Option<Allocation>,
    pub versioned: Option<Vec<VersionedLoop>>,
    pub fills: Option<Vec<Fill>>,
    pub code: Option<Emitted>,
}

fn missing(phase: Phase, what: &str) -> CompileError {
    CompileError::Invalid {
        phase,
        message: format!("{what} is missing"),
    }
}

impl<'p> Context<'p> {
    pub fn new(program: &'p Program, id: FuncId, options: Options, budget: Budget) -> Context<'p> {
        Context {
            program,
            id,
            entry_point: EntryPoint::Start,
            options,
            budget,
            times: [Duration::ZERO; Phase::COUNT],
            stats: Stats {
                instructions: program.func(id).code.len(),
                ..Stats::default()
            },
            done: None,
            clock: None,
            env: None,
            cfg: None,
            cfg_dom: None,
            frontiers: None,
            func: None,
            domtree: None,
            loops: None,
            implied: None,
            allocation: None,
            versioned: None,
            fills: None,
            code: None,
        }
    }

    /// `id` taken through every phase up to `until`, verified, with no
    /// budget: for tools and tests.
    pub fn compiled_to(
        program: &'p Program,
        id: FuncId,
        until: Phase,
    ) -> Result<Context<'p>, CompileError> {
        Context::compiled_at(program, id, EntryPoint::Start, until)
    }

    /// `compiled_to`, for code entered at `entry_point` (`dump
    /// --osr-line`).
    pub fn compiled_at(
        program: &'p Program,
        id: FuncId,
        entry_point: EntryPoint,
        until: Phase,
    ) -> Result<Context<'p>, CompileError> {
        let options = Options {
            verify: true,
            ..Options::default()
        };
        let mut ctx = Context::new(program, id, options, Budget::unlimited()).at(entry_point);
        ctx.run(until)?;
        Ok(ctx)
    }

    /// A context for code entered at `entry_point`.
    pub fn at(mut self, entry_point: EntryPoint) -> Context<'p> {
        self.entry_point = entry_point;
        self
    }

    /// Runs every phase after the last one done, up to `until`.
    pub fn run(&mut self, until: Phase) -> Result<(), CompileError> {
        for phase in Phase::ALL {
            if phase > until {
                break;
            }
            if self.done.is_some_and(|d| phase <= d) {
                continue;
            }
            if !self.options.runs(phase) {
                continue;
            }
            self.phase(phase)?;
        }
        Ok(())
    }

    fn phase(&mut self, phase: Phase) -> Result<(), CompileError> {
        // A phase may charge too little to reach a look at the clock.
        let start = self.clock.take().unwrap_or_else(Instant::now);
        self.budget.enter(phase);
        self.budget.check_limits_at(start)?;
        let result = match phase {
            Phase::Cfg => self.cfg(),
            Phase::Dom => self.dom(),
            Phase::Ssa => self.ssa(),
            Phase::TailLoops => self.tail_loops(),
            Phase::Inline => self.inline(),
            Phase::Sccp => self.sccp(),
            Phase::Gvn => self.gvn(),
            Phase::IfConvert => self.if_convert(),
            Phase::Licm => self.licm(),
            Phase::ExitValues => self.exit_values(),
            Phase::DedupChecks => self.dedup_checks(),
            Phase::OutOfSsa => self.out_of_ssa(),
            Phase::Loops => self.loops(),
            Phase::Regalloc => self.regalloc(),
            Phase::Bounds => self.bounds(),
            Phase::Fill => self.fill(),
            Phase::Emit => self.emit(),
        };
        let end = Instant::now();
        self.times[phase as usize] += end - start;
        if vm::alloc::exhausted() {
            return Err(CompileError::OutOfMemory { phase });
        }
        result?;
        if self.options.verify {
            self.verify(phase)?;
        } else {
            self.clock = Some(end);
        }
        self.done = Some(phase);
        Ok(())
    }

    /// The IR, which `phase` needs.
    fn func(&self, phase: Phase) -> Result<&Function, CompileError> {
        self.func.as_ref().ok_or_else(|| missing(phase, "the IR"))
    }

    /// The IR changed its CFG: its dominator tree and loops are stale.
    fn cfg_changed(&mut self) {
        self.domtree = None;
        self.loops = None;
    }

    /// The IR's dominator tree, computed if stale, charged to `phase`.
    fn ir_domtree(&mut self, phase: Phase) -> Result<&DomTree, CompileError> {
        if self.domtree.is_none() {
            let f = self.func.as_ref().ok_or_else(|| missing(phase, "the IR"))?;
            let dom = dom::dominators(f, &mut self.budget).map_err(|e| e.in_phase(phase))?;
            self.domtree = Some(dom);
        }
        Ok(self.domtree.as_ref().expect("just computed"))
    }

    fn cfg(&mut self) -> Result<(), CompileError> {
        let func = self.program.func(self.id);
        if let EntryPoint::Osr(pc) = self.entry_point {
            if pc as usize >= func.code.len() {
                return Err(CompileError::Invalid {
                    phase: Phase::Cfg,
                    message: format!("entry at instruction {pc}, past the end"),
                });
            }
        }
        let cfg = cfg::build_from(
            func,
            self.entry_point,
            self.options.osr_peel,
            &mut self.budget,
        )?;
        self.stats.blocks = cfg.len();
        self.cfg = Some(cfg);
        Ok(())
    }

    fn dom(&mut self) -> Result<(), CompileError> {
        let cfg = self
            .cfg
            .as_ref()
            .ok_or_else(|| missing(Phase::Dom, "the CFG"))?;
        let dom = dom::dominators(cfg, &mut self.budget)?;
        self.frontiers = Some(dom::frontiers(cfg, &dom, &mut self.budget)?);
        self.cfg_dom = Some(dom);
        Ok(())
    }

    fn ssa(&mut self) -> Result<(), CompileError> {
        let (Some(cfg), Some(dom), Some(frontiers)) = (&self.cfg, &self.cfg_dom, &self.frontiers)
        else {
            return Err(missing(Phase::Ssa, "the dominator tree"));
        };
        let input = SsaInput {
            program: self.program,
            id: self.id,
            cfg,
            dom,
            frontiers,
        };
        let f = ssa::construct(&input, &mut self.budget)?;
        self.stats.phis = f.phi_count();
        self.func = Some(f);
        self.cfg_changed();
        Ok(())
    }

    fn tail_loops(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::TailLoops, "the IR"))?;
        if self.env.is_some_and(|env| env.count_slots) {
            return Ok(());
        }
        self.stats.tail_loops = tail_loops::make_loops(f, &mut self.budget)?;
        if self.stats.tail_loops.jumps > 0 {
            self.cfg_changed();
        }
        Ok(())
    }

    fn inline(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::Inline, "the IR"))?;
        let options = inline::Options {
            tail_loops: self.options.tail_loops,
        };
        self.stats.inline = inline::inline(
            self.program,
            f,
            self.env.as_ref(),
            options,
            &mut self.budget,
        )?;
        if self.stats.inline.inlined > 0 {
            self.cfg_changed();
        }
        Ok(())
    }

    fn sccp(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::Sccp, "the IR"))?;
        self.stats.sccp = sccp::propagate(f, &mut self.budget)?;
        self.cfg_changed();
        Ok(())
    }

    /// Removing instructions keeps the dominator tree valid.
    fn gvn(&mut self) -> Result<(), CompileError> {
        self.ir_domtree(Phase::Gvn)?;
        let (Some(f), Some(dom)) = (&mut self.func, &self.domtree) else {
            return Err(missing(Phase::Gvn, "the dominator tree"));
        };
        self.stats.gvn = gvn::number(f, dom, &mut self.budget)?;
        Ok(())
    }

    fn if_convert(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::IfConvert, "the IR"))?;
        self.stats.if_convert = if_convert::convert(f, &mut self.budget)?;
        if self.stats.if_convert.converted > 0 {
            self.cfg_changed();
        }
        Ok(())
    }

    /// Needs the loop forest of the SSA form; moving instructions keeps
    /// it, and the dominator tree, valid until SSA destruction.
    fn licm(&mut self) -> Result<(), CompileError> {
        if !licm::may_loop(self.func(Phase::Licm)?) {
            return Ok(());
        }
        self.ir_loops(Phase::Licm)?;
        let (Some(f), Some(dom), Some(loops)) = (&mut self.func, &self.domtree, &self.loops) else {
            return Err(missing(Phase::Licm, "the loop forest"));
        };
        self.stats.licm = licm::hoist(f, dom, loops, &mut self.budget)?;
        Ok(())
    }

    /// Removing a loop's back edge changes the CFG.
    fn exit_values(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::ExitValues, "the IR"))?;
        self.stats.exit_values = exit_values::replace(f, &mut self.budget)?;
        if self.stats.exit_values.loops > 0 {
            self.cfg_changed();
        }
        Ok(())
    }

    /// On SSA form: the instructions keep their identity through SSA
    /// destruction, which the emitter reads the result after.
    fn dedup_checks(&mut self) -> Result<(), CompileError> {
        self.ir_domtree(Phase::DedupChecks)?;
        let (Some(f), Some(dom)) = (&self.func, &self.domtree) else {
            return Err(missing(Phase::DedupChecks, "the dominator tree"));
        };
        let implied = dedup_checks::implied_checks(f, dom, &mut self.budget)?;
        self.stats.dedup.implied = implied.len();
        self.implied = Some(implied);
        Ok(())
    }

    fn out_of_ssa(&mut self) -> Result<(), CompileError> {
        let f = self
            .func
            .as_mut()
            .ok_or_else(|| missing(Phase::OutOfSsa, "the IR"))?;
        self.stats.out_of_ssa = out_of_ssa::destruct(f, &mut self.budget)?;
        // Copies in place of phis change no edge; a split edge does.
        if self.stats.out_of_ssa.edges_split > 0 {
            self.cfg_changed();
        }
        Ok(())
    }

    fn loops(&mut self) -> Result<(), CompileError> {
        self.ir_loops(Phase::Loops)
    }

    /// The IR's loop forest (and dominator tree), computed if stale,
    /// charged to `phase`.
    fn ir_loops(&mut self, phase: Phase) -> Result<(), CompileError> {
        self.ir_domtree(phase)?;
        if self.loops.is_none() {
            let (Some(f), Some(dom)) = (&self.func, &self.domtree) else {
                return Err(missing(phase, "the IR"));
            };
            let forest =
                LoopForest::compute(f, dom, &mut self.budget).map_err(|e| e.in_phase(phase))?;
            self.loops = Some(forest);
        }
        Ok(())
    }

    fn regalloc(&mut self) -> Result<(), CompileError> {
        let (Some(f), Some(loops)) = (&self.func, &self.loops) else {
            return Err(missing(Phase::Regalloc, "the loop forest"));
        };
        self.allocation = Some(regalloc::allocate(f, loops, &mut self.budget)?);
        Ok(())
    }

    fn bounds(&mut self) -> Result<(), CompileError> {
        let (Some(f), Some(loops)) = (&self.func, &self.loops) else {
            return Err(missing(Phase::Bounds, "the loop forest"));
        };
        self.versioned = Some(bounds::find(f, loops, &mut self.budget)?);
        Ok(())
    }

    fn fill(&mut self) -> Result<(), CompileError> {
        let (Some(f), Some(versioned)) = (&self.func, &self.versioned) else {
            return Err(missing(Phase::Fill, "the versioned loops"));
        };
        let fills = fill::find(f, versioned, &mut self.budget)?;
        self.stats.fills = fills.len();
        self.fills = Some(fills);
        Ok(())
    }

    fn emit(&mut self) -> Result<(), CompileError> {
        let (Some(f), Some(loops), Some(allocation), Some(versioned)) =
            (&self.func, &self.loops, &self.allocation, &self.versioned)
        else {
            return Err(missing(Phase::Emit, "the register assignment"));
        };
        let env = self
            .env
            .ok_or_else(|| missing(Phase::Emit, "the VM's addresses"))?;
        let implied: &[Inst] = match (&self.implied, self.options.dedup_checks) {
            (Some(implied), true) => implied,
            (None, true) => return Err(missing(Phase::Emit, "the implied checks")),
            (_, false) => &[],
        };
        let fills: &[Fill] = match (&self.fills, self.options.fill) {
            (Some(fills), true) => fills,
            (None, true) => return Err(missing(Phase::Emit, "the fills")),
            (_, false) => &[],
        };
        let emitted = emit::emit(
            self.program,
            f,
            loops,
            allocation,
            emit::Proven {
                versioned,
                implied,
                fills,
            },
            env,
            &mut self.budget,
        )?;
        self.stats.code_bytes = emitted.code.len();
        self.code = Some(emitted);
        Ok(())
    }

    /// Copies the emitted code into `cache` (time charged to `emit`).
    pub fn install(
        &mut self,
        cache: &mut CodeCache,
    ) -> Result<(*const u8, CodeHandle), CompileError> {
        let start = Instant::now();
        let code = self
            .code
            .as_ref()
            .ok_or_else(|| missing(Phase::Emit, "the code"))?;
        let installed = cache.install(&code.code).map_err(CompileError::from);
        self.times[Phase::Emit as usize] += start.elapsed();
        installed
    }

    /// The checks after `phase`, outside its time and budget.
    fn verify(&mut self, phase: Phase) -> Result<(), CompileError> {
        let invalid = |message: String| CompileError::Invalid { phase, message };
        match phase {
            Phase::Ssa
            | Phase::TailLoops
            | Phase::Inline
            | Phase::Sccp
            | Phase::Gvn
            | Phase::IfConvert
            | Phase::Licm
            | Phase::ExitValues => {
                let f = self.func(phase)?;
                let dom = dom::dominators(f, &mut Budget::unlimited())?;
                verify::verify(f, Form::Ssa(&dom)).map_err(invalid)
            }
            Phase::DedupChecks => {
                let (Some(f), Some(implied)) = (&self.func, &self.implied) else {
                    return Err(missing(phase, "the implied checks"));
                };
                let dom = dom::dominators(f, &mut Budget::unlimited())?;
                dedup_checks::check(f, &dom, implied).map_err(invalid)
            }
            Phase::OutOfSsa => {
                let f = self.func(phase)?;
                verify::verify(f, Form::Conventional).map_err(invalid)
            }
            Phase::Regalloc => {
                let (Some(f), Some(allocation)) = (&self.func, &self.allocation) else {
                    return Err(missing(phase, "the register assignment"));
                };
                regalloc::checker::check(f, allocation).map_err(invalid)
            }
            _ => Ok(()),
        }
    }
}
