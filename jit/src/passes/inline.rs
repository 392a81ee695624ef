//! Inlining: calls to small functions replaced by the callee's body, in
//! SSA form, before constant propagation (which then sees the arguments'
//! constants inside the body).
//!
//! A callee is inlined when it is small: at most `SMALL` bytecode
//! instructions, or `HOT` when the interpreter's profile counts at least
//! `HOT_CALLS` calls of it. Its own calls are inlined in turn, up to
//! `MAX_NESTING` levels, and a call left in an inlined body (too large, too
//! deep, or back into a function on the chain: recursion, mutual or not,
//! is so unrolled one level) stays a call that spends the levels of the
//! frames inlining saved (`ir::Function::inline_depth`), so the depth limit
//! stays exact with one check per inlined call and no counter to move.
//! Where frames account for their register-stack slots
//! (`JitEnv::count_slots`) a body must end up making no call, since the
//! saved frames' slots would not be counted. A compile inlines at most
//! `MAX_GROWTH` instructions in all. A small function calling itself more
//! often than in tail position gets its own body at those calls,
//! unrolled up to `MAX_UNROLL` levels (`build_own_body`).
//!
//! The call becomes an `InlinedCall` (the depth check, and the call count
//! when calls are counted), its block is split after it, the callee's
//! blocks are copied with its parameters replaced by the arguments, and
//! each `ret` jumps to the rest of the block, where a phi (or a copy, for
//! one `ret`) defines the call's result. Every copied instruction keeps its
//! bytecode position in the callee (`InstData::inlined`), so a trap in it
//! reports the callee's line and function, as the interpreter does. The
//! technique is the classic one (Allen and Cocke, "A catalogue of
//! optimizing transformations", 1971; on SSA, as in LLVM's `InlineFunction`
//! and V8's TurboFan inliner).

use crate::analysis::cfg::{self, EntryPoint};
use crate::analysis::dom;
use crate::ir::entity::{Block, InlineId, Inst, Value};
use crate::ir::{BlockOrigin, Function, InlineSite, InstKind};
use crate::passes::ssa::{self, SsaInput};
use crate::passes::tail_loops;
use crate::pipeline::budget::{Bail, Budget};
use rustc_hash::FxHashSet;
use vm::tier::{CallCounts, JitEnv};
use vm::{FuncId, Program};

/// Callees of at most this many bytecode instructions are always inlined.
pub const SMALL: usize = 16;
/// Callees of at most this many are inlined when the profile calls them hot.
pub const HOT: usize = 48;
/// Callees of at most this many are inlined at their one call site in
/// the program (no code is copied twice: gcc's
/// `-finline-functions-called-once`), unless they loop.
pub const ONCE: usize = 64;
/// Calls that make a callee hot: as many as a loop makes hot
/// (`--jit-threshold-loops`, 100), so that a callee called once an
/// iteration is hot when the loop is compiled for on-stack replacement.
/// At 1,000, SciMark's Monte Carlo loop kept its generator's calls (0.70x
/// gcc; inlined, level with it).
pub const HOT_CALLS: u64 = 100;
/// Calls inlined into bodies that are themselves inlined, at most this deep.
pub const MAX_NESTING: u32 = 6;
/// IR instructions one compile may add by inlining.
pub const MAX_GROWTH: usize = 3000;
/// Levels a recursion is unrolled at most. gcc goes to 8
/// (`max-inline-recursive-depth-auto`) with six callee-saved registers;
/// here the levels' values soon outnumber the registers: measured at 1, 2
/// and 3, fib and binary trees ran the fewest instructions at 2 and more
/// at 3 (`docs/journal/2026-12-06-objects.md`, step 8).
pub const MAX_UNROLL: u32 = 2;
/// IR instructions the unrolled copies of a recursion may add to a
/// compile in all: a level is added while the copy, once at each of the
/// function's recursive calls, stays within this (gcc's
/// `max-inline-insns-recursive-auto`, 450).
pub const UNROLL_GROWTH: usize = 450;
/// Recursive calls per level beyond which a recursion is not unrolled
/// past its first copy.
pub const MAX_UNROLLED_SITES: usize = 2;

/// The functions whose call counts a compile of `f` may read: those its
/// calls reach within `MAX_NESTING + 1` levels, passing only through
/// callees that may be inlined whatever the profile says
/// (`may_be_inlined`), whose calls are looked at in turn. What a request
/// queued for a compiler thread copies of the profile
/// (`vm::tier::Request::detached`). `None` once the walk reaches more
/// than a sixteenth of the program (and more than 32): the walk reads
/// each function it reaches, scattered in memory, about 200 ns each,
/// where copying every count, side by side in the profile, costs 3 to 15
/// ns a function (for the `main` of `benches/bc/many_functions.bc`, which
/// calls 400, the walk took 80 µs of the VM's thread, the copy 6).
pub fn counts_read(program: &Program, f: FuncId) -> Option<Vec<FuncId>> {
    let most = (program.funcs.len() / 16).max(32);
    let mut reached = vec![f];
    let mut seen: FxHashSet<FuncId> = reached.iter().copied().collect();
    let mut level = vec![f];
    for _ in 0..=MAX_NESTING {
        let mut next = Vec::new();
        for &g in &level {
            for &callee in &program.func(g).callees {
                if seen.insert(callee) {
                    if reached.len() == most {
                        return None;
                    }
                    reached.push(callee);
                    if may_be_inlined(program.func(callee)) {
                        next.push(callee);
                    }
                }
            }
        }
        level = next;
    }
    Some(reached)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InlineStats {
    /// Calls replaced by their callee's body (those inside inlined bodies
    /// included).
    pub inlined: usize,
    /// IR instructions inlining added to the function: the bodies, the
    /// jumps into them and the results' definitions.
    pub grown: usize,
}

/// What the bodies the inliner builds go through besides SSA
/// construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Self tail calls made loops (`tail_loops`), as in the compiled
    /// function: a body calling itself only that way can be inlined.
    pub tail_loops: bool,
}

/// What the inliner knows of the running program: the VM's settings and
/// the profile's call counts as of the request (neither for tools and
/// tests), and the count at which the policy calls a function hot
/// (`Request::hot_calls`).
#[derive(Clone, Copy)]
pub struct Profile<'a> {
    pub env: Option<&'a JitEnv>,
    pub calls: Option<&'a CallCounts<'a>>,
    pub hot_calls: u64,
}

/// Inlines the eligible calls of `f`, charging `budget` under `Inline`.
pub fn inline(
    program: &Program,
    f: &mut Function,
    profile: Profile<'_>,
    options: Options,
    budget: &mut Budget,
) -> Result<InlineStats, Bail> {
    let env = profile.env;
    let tail_loops = options.tail_loops && env.is_none_or(|env| !env.count_slots);
    let mut inliner = Inliner {
        program,
        env,
        calls: profile.calls,
        hot_calls: HOT_CALLS.min(profile.hot_calls),
        tail_loops,
        calls_stay: env.is_none_or(|env| !env.count_slots),
        bodies: Vec::new(),
        own_body: None,
        unrolling: false,
        growth: 0,
    };
    let before = f.insts.len();
    let inlined = inliner.inline_into(f, 1, budget)?;
    Ok(InlineStats {
        inlined,
        grown: f.insts.len() - before,
    })
}

/// A callee's body, ready to copy: `None` when it cannot be inlined.
type Body = Option<Function>;

struct Inliner<'a> {
    program: &'a Program,
    env: Option<&'a JitEnv>,
    /// Each function's call count as of the request.
    calls: Option<&'a CallCounts<'a>>,
    /// Calls that make a callee hot: `HOT_CALLS`, or the policy's own
    /// call threshold where lower, since a callee compiled at that
    /// threshold counts no more calls.
    hot_calls: u64,
    /// Whether bodies get their self tail calls made loops.
    tail_loops: bool,
    /// Whether an inlined body may keep calls (which then spend the
    /// levels of the frames inlining saved): not when frames account for
    /// their register-stack slots, which the saved frames' would not be.
    calls_stay: bool,
    /// Bodies built so far in this compile; `None` while being built (a
    /// call back into it is not inlined) or when not inlinable.
    bodies: Vec<(FuncId, Body)>,
    /// The compiled function's own body, calls and all, once built, for
    /// its recursive calls (`None` inside: too large to be worth it);
    /// while a deeper copy is built, the copy one level less deep.
    own_body: Option<Body>,
    /// Whether a copy of the compiled function's body is being built, at
    /// whose own recursive calls (nesting level 2) the shallower copy in
    /// `own_body` goes.
    unrolling: bool,
    growth: usize,
}

impl Inliner<'_> {
    /// Inlines the calls of `f`, a body at nesting `level` (1 for the
    /// function being compiled); returns how many.
    fn inline_into(
        &mut self,
        f: &mut Function,
        level: u32,
        budget: &mut Budget,
    ) -> Result<usize, Bail> {
        // Each call with its block and place there. Blocks keep their
        // instructions whole until every call is spliced (`place_segments`),
        // so these places hold throughout.
        let calls: Vec<(Block, usize, Inst)> = f
            .live_blocks()
            .flat_map(|b| {
                let insts = &f.block(b).insts;
                insts.iter().enumerate().map(move |(k, &i)| (b, k, i))
            })
            .filter(|&(_, _, i)| matches!(f.kind(i), InstKind::Call(..)))
            .collect();
        // Splicing puts what follows a call in a new block, later calls
        // included: which block each original block's rest now is.
        let mut rest_of: Vec<Block> = (0..f.blocks.len()).map(Block::new).collect();
        // The layout, as a list: a body's blocks and the rest of its
        // call's block go right after the call.
        let mut layout = Layout::new(f.blocks.len());
        let mut splits = Vec::new();
        let mut constants = Vec::new();
        // The function's calls of itself, counted when first needed and
        // again after a body brought more in.
        let mut self_calls = None;
        let mut count = 0;
        for (b, k, call) in calls {
            budget.charge(1)?;
            let InstKind::Call(callee, _) = *f.kind(call) else {
                continue;
            };
            let holder = rest_of[b.index()];
            let body = if callee == f.id {
                let own = level == 1 || (level == 2 && self.unrolling);
                if !own || !self.may_unroll(f) {
                    continue;
                }
                let counts = *self_calls.get_or_insert_with(|| self_call_counts(f));
                if !self.unrolls_recursion(f, &f.block(b).insts, k, counts) {
                    continue;
                }
                if self.own_body.is_none() {
                    // This call gets the copy, so every call of itself
                    // that is not a jump does (`unrolls_recursion`).
                    let sites = counts.other;
                    self.own_body = Some(self.build_own_body(f.id, sites, budget)?);
                }
                match &self.own_body {
                    Some(Some(body)) => body,
                    _ => continue,
                }
            } else {
                // A body adds at least an instruction per bytecode one:
                // none is built that could not be spliced.
                let at_least = self.program.func(callee).code.len();
                if !self.eligible(callee) || self.growth + at_least > MAX_GROWTH {
                    continue;
                }
                let Some(k) = self.body(callee, level, budget)? else {
                    continue;
                };
                let Some((_, Some(body))) = self.bodies.get(k) else {
                    continue;
                };
                body
            };
            if self.growth + body.insts.len() > MAX_GROWTH {
                continue;
            }
            self.growth += body.insts.len();
            // Copying an instruction and its operands, and its share of
            // the edges and the layout.
            budget.charge(6 * body.insts.len() as u64)?;
            count += 1 + body.inlined.len();
            let calls_back = body
                .insts
                .iter()
                .any(|d| matches!(d.kind, InstKind::Call(c, _) if c == f.id));
            let spliced = splice(f, b, holder, call, body);
            if calls_back || callee == f.id {
                self_calls = None;
            }
            rest_of[b.index()] = spliced.rest;
            layout.insert_after(holder, &spliced.blocks);
            constants.extend(spliced.constants);
            splits.push(spliced.split);
        }
        if count > 0 {
            // The bodies' constants join the entry's definitions, which
            // dominate every use (where the back end expects constants).
            f.add_entry_definitions(constants);
            place_segments(f, &splits);
            budget.charge(f.insts.len() as u64)?;
            f.renumber_blocks(&layout.order());
        }
        Ok(count)
    }

    /// Whether the compiled function's call of itself at `insts[k]` gets
    /// the function's body, one level; `counts` are its calls of itself
    /// (`self_call_counts`). The function must be
    /// small and entered at its start, and calls must not account for the
    /// register stack (the saved frame would not be). A call of itself in
    /// tail position stays (the back end makes it a jump), and so does one
    /// whose result plus a value is returned (`tail_accumulation`); the
    /// copy makes a call of each plain tail call, so the function must
    /// call itself more often otherwise (Ackermann's function, mostly tail
    /// calls, keeps its jumps; Takeuchi's and fib get the copy, fib at its
    /// first call only).
    fn unrolls_recursion(&self, f: &Function, insts: &[Inst], k: usize, counts: SelfCalls) -> bool {
        self.may_unroll(f)
            && self_call_kind(f, insts, k) == SelfCall::Other
            && counts.other > counts.tail
    }

    /// What `unrolls_recursion` asks of the function whatever the call.
    fn may_unroll(&self, f: &Function) -> bool {
        f.entry_point == EntryPoint::Start
            && self.program.func(f.id).code.len() <= SMALL
            && self.env.is_none_or(|env| !env.count_slots)
    }

    /// The compiled function's body for its recursive calls (at `sites`
    /// calls), unrolled: its IR in SSA form, small callees inlined, and
    /// at its own recursive calls the copy one level less deep, as many
    /// levels as `MAX_UNROLL` and `UNROLL_GROWTH` allow; the deepest
    /// copy's calls stay calls (which spend the levels of the frames
    /// inlined around them: `ir::Function::inline_depth`). As gcc does
    /// at `-O2` (its recursive inlining), which for fib and Ackermann's
    /// function makes one call of several levels.
    fn build_own_body(
        &mut self,
        id: FuncId,
        sites: usize,
        budget: &mut Budget,
    ) -> Result<Body, Bail> {
        // Every level starts from the same IR: built once, copied for
        // each rather than built again from the bytecode.
        let built = self.build(id, budget)?;
        let mut g = built.clone();
        self.inline_into(&mut g, 2, budget)?;
        if !g.returns() {
            return Ok(None);
        }
        let mut body = g;
        // A recursion branching three ways or more (Takeuchi's, List's
        // `tail`) multiplies its copies and the values live across its
        // calls by that a level; measured, both ran more instructions
        // unrolled, where two ways (Permute, binary trees) ran fewer.
        let levels = if sites <= MAX_UNROLLED_SITES {
            MAX_UNROLL
        } else {
            1
        };
        for _ in 1..levels {
            // The copies are bounded by `UNROLL_GROWTH`; only what is
            // spliced into the compiled function counts towards its growth.
            let growth = self.growth;
            self.own_body = Some(Some(body));
            self.unrolling = true;
            budget.charge(built.insts.len() as u64)?;
            let mut deeper = built.clone();
            let grew = self.inline_into(&mut deeper, 2, budget);
            self.unrolling = false;
            self.growth = growth;
            let Some(Some(shallower)) = self.own_body.take() else {
                unreachable!("the copy being unrolled is kept");
            };
            grew?;
            if deeper.insts.len() * sites > UNROLL_GROWTH {
                return Ok(Some(shallower));
            }
            body = deeper;
        }
        Ok(Some(body))
    }

    /// Whether `callee`'s bytecode allows its body to end up call-free at
    /// nesting `level`: each function it calls is eligible, not on the
    /// chain of calls being looked at (`chain`), and so on below, within
    /// `MAX_NESTING`. Checked before building any IR, so a recursive or
    /// large callee costs a scan of its bytecode, not an SSA construction.
    fn may_become_leaf(
        &self,
        callee: FuncId,
        level: u32,
        chain: &mut Vec<FuncId>,
        scanned: &mut u64,
    ) -> bool {
        if chain.contains(&callee) {
            return false;
        }
        chain.push(callee);
        let code = &self.program.func(callee).code;
        *scanned += code.len() as u64;
        let ok = (0..code.len()).all(|k| {
            let ins = &code[k];
            ins.op != vm::Op::Call || {
                let next = FuncId(ins.b);
                (next == callee && self.tail_loops && in_tail_position(code, k))
                    || (level < MAX_NESTING
                        && self.eligible(next)
                        && self.may_become_leaf(next, level + 1, chain, scanned))
            }
        });
        chain.pop();
        ok
    }

    /// Small enough, by its size, its call sites and the profile's count
    /// of its calls.
    fn eligible(&self, callee: FuncId) -> bool {
        let g = self.program.func(callee);
        let size = g.code.len();
        let calls = self.calls.map_or(0, |calls| calls.of(callee));
        size <= SMALL || (size <= HOT && calls >= self.hot_calls) || called_once(g)
    }

    /// The index in `bodies` of `callee`'s body, built if new: its IR in
    /// SSA form with its own calls inlined (below `MAX_NESTING`), kept if
    /// it returns (and, where calls may not stay, makes none).
    fn body(
        &mut self,
        callee: FuncId,
        level: u32,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Bail> {
        if let Some(k) = self.bodies.iter().position(|(id, _)| *id == callee) {
            return Ok(Some(k));
        }
        if level > MAX_NESTING {
            return Ok(None);
        }
        let k = self.bodies.len();
        self.bodies.push((callee, None));
        if !self.calls_stay {
            let mut scanned = 0;
            let leaf_possible = self.may_become_leaf(callee, level, &mut Vec::new(), &mut scanned);
            budget.charge(scanned)?;
            if !leaf_possible {
                return Ok(Some(k));
            }
        }
        let mut g = self.build(callee, budget)?;
        self.inline_into(&mut g, level + 1, budget)?;
        let leaf = || {
            g.live_blocks().all(|b| {
                g.block(b)
                    .insts
                    .iter()
                    .all(|&i| !matches!(g.kind(i), InstKind::Call(..)))
            })
        };
        if g.returns() && (self.calls_stay || leaf()) {
            self.bodies[k].1 = Some(g);
        }
        Ok(Some(k))
    }
}

/// Whether `g` is small enough to be inlined with the profile's help or
/// without it: what `counts_read` looks into.
fn may_be_inlined(g: &vm::Function) -> bool {
    g.code.len() <= HOT || called_once(g)
}

/// The called-once rule (`ONCE`): one call site in the program and no
/// loop. A function with a loop pays for its call over the loop's trips,
/// and compiled on its own it gets a growth allowance of its own for what
/// it inlines.
fn called_once(g: &vm::Function) -> bool {
    let jumps_back =
        |(k, ins): (usize, &vm::Instr)| ins.op.target(ins).is_some_and(|t| t as usize <= k);
    g.code.len() <= ONCE && g.call_sites == 1 && !g.code.iter().enumerate().any(jumps_back)
}

/// Whether the call at `code[k]` returns its result at once, or that
/// plus a value (`ret d`, or `add t, x, d` then `ret t`): a self call
/// there becomes a jump (`tail_loops`) when it and the `ret` share a
/// block, which the body built is checked for.
fn in_tail_position(code: &[vm::Instr], k: usize) -> bool {
    let d = code[k].a;
    match (code.get(k + 1), code.get(k + 2)) {
        (Some(r), _) if r.op == vm::Op::Ret && r.a == d => true,
        (Some(add), Some(r)) => {
            add.op == vm::Op::Add
                && (add.b == d) != (add.c == d)
                && r.op == vm::Op::Ret
                && r.a == add.a
        }
        _ => false,
    }
}

/// How a call of the function itself is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SelfCall {
    /// Its result returned at once (the back end makes it a jump).
    Tail,
    /// Its result plus a value returned (`tail_accumulation`: a jump too).
    Accumulation,
    Other,
}

/// A function's calls of itself: in tail position, and elsewhere.
#[derive(Clone, Copy, Debug)]
struct SelfCalls {
    tail: usize,
    other: usize,
}

/// How the call at `insts[k]` is placed, if it calls `f` itself.
fn self_call_kind(f: &Function, insts: &[Inst], k: usize) -> SelfCall {
    match insts.get(k + 1) {
        Some(&r) if f.is_self_tail_call(insts[k], r) => SelfCall::Tail,
        _ if f.tail_accumulation(insts, k).is_some() => SelfCall::Accumulation,
        _ => SelfCall::Other,
    }
}

/// `f`'s calls of itself, by kind (an accumulating tail call is a jump
/// too, but one the copy's calls do not outnumber: fib's first call still
/// gets the copy).
fn self_call_counts(f: &Function) -> SelfCalls {
    let mut counts = SelfCalls { tail: 0, other: 0 };
    for b in f.live_blocks() {
        let insts = &f.block(b).insts;
        for (k, &i) in insts.iter().enumerate() {
            if matches!(f.kind(i), InstKind::Call(callee, _) if *callee == f.id) {
                match self_call_kind(f, insts, k) {
                    SelfCall::Tail => counts.tail += 1,
                    SelfCall::Accumulation => {}
                    SelfCall::Other => counts.other += 1,
                }
            }
        }
    }
    counts
}

impl Inliner<'_> {
    /// `callee`'s IR in SSA form, as the phases before this one make it.
    fn build(&self, callee: FuncId, budget: &mut Budget) -> Result<Function, Bail> {
        let program = self.program;
        let cfg = cfg::build_at(program.func(callee), EntryPoint::Start, budget)?;
        let dom = dom::dominators(&cfg, budget)?;
        let input = SsaInput {
            program,
            id: callee,
            cfg: &cfg,
            dom: &dom,
        };
        let mut g = ssa::construct(&input, budget)?;
        if self.tail_loops {
            tail_loops::make_loops(&mut g, budget)?;
        }
        Ok(g)
    }
}

/// Blocks in the order they are to be laid out, as a linked list.
struct Layout {
    next: Vec<Option<Block>>,
}

impl Layout {
    /// Blocks `0..n` in index order.
    fn new(n: usize) -> Layout {
        Layout {
            next: (0..n)
                .map(|k| (k + 1 < n).then(|| Block::new(k + 1)))
                .collect(),
        }
    }

    /// `blocks` (new ones, numbered past every block so far) right after `b`.
    fn insert_after(&mut self, b: Block, blocks: &[Block]) {
        let after = self.next[b.index()];
        let mut prev = b;
        for &n in blocks {
            if self.next.len() <= n.index() {
                self.next.resize(n.index() + 1, None);
            }
            self.next[prev.index()] = Some(n);
            prev = n;
        }
        self.next[prev.index()] = after;
    }

    fn order(&self) -> Vec<Block> {
        let mut order = Vec::with_capacity(self.next.len());
        let mut at = (!self.next.is_empty()).then_some(Block(0));
        while let Some(b) = at {
            order.push(b);
            at = self.next[b.index()];
        }
        order
    }
}

/// A call replaced by a body: the instructions that go where it was, put
/// there once every call of the function is spliced (`place_segments`).
struct Split {
    /// The block the call was in before any splice.
    block: Block,
    call: Inst,
    /// The jump into the body, after the call.
    enter: Inst,
    /// The block for what followed the call, headed by `result`, the
    /// call's result defined from the values returned.
    rest: Block,
    result: Option<Inst>,
}

/// What `splice` made.
struct Spliced {
    /// The blocks added, in layout order: the body's (its entry first),
    /// then `rest`.
    blocks: Vec<Block>,
    rest: Block,
    /// The body's constants, for the entry.
    constants: Vec<Inst>,
    split: Split,
}

/// Replaces `call`, in block `b` of `f` (whose instructions until then
/// are those of `block`, before any splice), by a copy of `body`. The
/// instructions of `b` stay where they are: only the edges and the body's
/// own blocks are made here, so a block of many calls is split in one pass
/// at the end rather than moved once per call.
fn splice(f: &mut Function, block: Block, b: Block, call: Inst, body: &Function) -> Spliced {
    let InstKind::Call(callee, args) = f.kind(call).clone() else {
        unreachable!("splice is given a call");
    };
    let result = f.inst(call).result;
    let site = add_sites(f, call, callee, body);
    f.insts[call.index()].kind = InstKind::InlinedCall { callee, level: 1 };
    f.insts[call.index()].result = None;
    let rest = f.split_block_edges(b, BlockOrigin::Inlined);

    // The body's blocks and values, in `f`.
    let blocks: Vec<Option<Block>> = (0..body.blocks.len())
        .map(|k| {
            body.blocks[k]
                .live
                .then(|| f.add_block(BlockOrigin::Inlined))
        })
        .collect();
    let mut values: Vec<Option<Value>> = vec![None; body.value_count()];
    let mut copied = Vec::new();
    let mut constants = Vec::new();
    for gb in body.live_blocks() {
        for &gi in &body.block(gb).insts {
            let data = body.inst(gi);
            if let (InstKind::Param(k), Some(r)) = (&data.kind, data.result) {
                values[r.index()] = Some(args[*k as usize]);
                continue;
            }
            let i = f.add_inst(data.kind.clone(), data.src, data.result.is_some());
            f.insts[i.index()].inlined = Some(match data.inlined {
                Some(s) => InlineId::new(site.index() + 1 + s.index()),
                None => site,
            });
            if let (Some(r), Some(new)) = (data.result, f.inst(i).result) {
                values[r.index()] = Some(new);
                f.set_type(new, body.ty(r));
            }
            if matches!(data.kind, InstKind::Const(_)) {
                constants.push(i);
            } else {
                copied.push((gb, i));
            }
        }
    }
    // Operands and targets in `f`'s terms; each `ret` jumps to `rest`.
    let value = |v: Value| values[v.index()].expect("defined in the body or an argument");
    let block_of = |gb: Block| blocks[gb.index()].expect("a live block");
    let mut returns = Vec::new();
    for &(gb, i) in &copied {
        let kind = &mut f.insts[i.index()].kind;
        kind.map_operands(value);
        match kind {
            InstKind::Jump(t) => *t = block_of(*t),
            InstKind::Branch {
                taken, fallthrough, ..
            } => {
                *taken = block_of(*taken);
                *fallthrough = block_of(*fallthrough);
            }
            InstKind::Ret(v) => {
                returns.push((block_of(gb), *v));
                *kind = InstKind::Jump(rest);
            }
            InstKind::InlinedCall { level, .. } => *level += 1,
            _ => {}
        }
        f.blocks[block_of(gb).index()].insts.push(i);
    }
    for gb in body.live_blocks() {
        let preds = body
            .block(gb)
            .preds()
            .iter()
            .map(|&p| block_of(p))
            .collect();
        let succs = body
            .block(gb)
            .succs()
            .iter()
            .map(|&s| block_of(s))
            .collect();
        f.set_new_block_edges(block_of(gb), preds, succs);
    }
    let entry = block_of(body.entry);
    let enter = jump(f, entry);
    f.add_edge(b, entry, &[]);
    // Each `ret` jumps to `rest`, whose phi (`define_result`) is made
    // after, with an operand per return in this order.
    for &(p, _) in &returns {
        f.add_edge(p, rest, &[]);
    }
    let result = define_result(f, result, &returns);
    let mut added: Vec<Block> = std::iter::once(body.entry)
        .chain(body.live_blocks().filter(|&gb| gb != body.entry))
        .map(block_of)
        .collect();
    added.push(rest);
    Spliced {
        blocks: added,
        rest,
        constants,
        split: Split {
            block,
            call,
            enter,
            rest,
            result,
        },
    }
}

/// Puts each spliced block's instructions where the splices say: up to
/// each call and the jump into its body, then from the call's result to
/// the next, in the blocks made for them. `splits` come in the order of
/// the calls, so a block's are together and in order.
fn place_segments(f: &mut Function, splits: &[Split]) {
    for group in splits.chunk_by(|x, y| x.block == y.block) {
        let b = group[0].block;
        let insts = std::mem::take(&mut f.blocks[b.index()].insts);
        let mut at = b;
        let mut segment = Vec::new();
        let mut next = group.iter().peekable();
        for i in insts {
            segment.push(i);
            if let Some(split) = next.next_if(|s| s.call == i) {
                segment.push(split.enter);
                f.blocks[at.index()].insts = std::mem::take(&mut segment);
                at = split.rest;
                segment.extend(split.result);
            }
        }
        f.blocks[at.index()].insts = segment;
    }
}

/// Adds the inline sites of a call of `callee` and of the calls inlined
/// in `body`; returns the call's own.
fn add_sites(f: &mut Function, call: Inst, callee: FuncId, body: &Function) -> InlineId {
    let site = InlineId::new(f.inlined.len());
    let line_src = f.line_src(call);
    f.inlined.push(InlineSite {
        callee,
        parent: f.inst(call).inlined,
        line_src,
    });
    for s in &body.inlined {
        f.inlined.push(InlineSite {
            callee: s.callee,
            parent: Some(match s.parent {
                Some(p) => InlineId::new(site.index() + 1 + p.index()),
                None => site,
            }),
            line_src,
        });
    }
    site
}

fn jump(f: &mut Function, target: Block) -> Inst {
    f.add_inst(InstKind::Jump(target), crate::ir::NO_SRC, false)
}

/// The call's result, defined from the values returned (a copy for one
/// `ret`, a phi for several), for the start of the block after the call.
fn define_result(
    f: &mut Function,
    result: Option<Value>,
    returns: &[(Block, Value)],
) -> Option<Inst> {
    let r = result?;
    let kind = match returns {
        [(_, v)] => InstKind::Copy(*v),
        _ => InstKind::Phi(returns.iter().map(|&(_, v)| v).collect()),
    };
    let i = f.add_assignment(kind, r, crate::ir::NO_SRC);
    f.redefine(r, i);
    Some(i)
}

#[cfg(test)]
mod tests {
    use crate::ir::{Function, InstKind};
    use crate::pipeline::context::Context;
    use crate::Phase;

    /// `main` of `text` after inlining (verified, as `compiled_to` does).
    fn inlined(text: &str) -> Function {
        inlined_in(text, "main")
    }

    /// Function `func` of `text` after inlining.
    fn inlined_in(text: &str, func: &str) -> Function {
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name(func).expect("the function");
        let ctx = Context::compiled_to(&program, id, Phase::Inline).expect("compiles");
        ctx.func.expect("the IR")
    }

    fn kinds(f: &Function) -> Vec<InstKind> {
        f.live_blocks()
            .flat_map(|b| f.block(b).insts.iter().map(|&i| f.kind(i).clone()))
            .collect()
    }

    const HELPERS: &str = "func max(%a, %b)\n    jge %a, %b, first\n    ret %b\nfirst:\n    ret %a\nend\n\
        func min(%a, %b)\n    jle %a, %b, first\n    ret %b\nfirst:\n    ret %a\nend\n\
        func clamp(%x, %lo, %hi)\n    call %x, max, %x, %lo\n    call %x, min, %x, %hi\n    ret %x\nend\n";

    #[test]
    fn a_queued_compile_reads_the_counts_of_what_its_calls_reach_through_small_callees() {
        // `big` is too large to inline, so what it calls is never looked at.
        let big_body = "    add %x, %x, 1\n".repeat(super::HOT.max(super::ONCE) + 1);
        let text = format!(
            "{HELPERS}func lone(%x)\n    ret %x\nend\n\
             func big(%x)\n{big_body}    call %x, lone, %x\n    ret %x\nend\n\
             func main(%n)\n    call %r, clamp, %n, 0, 9\n    call %r, big, %r\n    \
             call %r, clamp, %r, 1, 2\n    ret 0\nend\n"
        );
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = |name: &str| program.func_by_name(name).expect("a function");
        assert_eq!(program.func(id("main")).callees, [id("clamp"), id("big")]);
        let mut reads = super::counts_read(&program, id("main")).expect("a few");
        reads.sort();
        let mut want = vec![id("main"), id("clamp"), id("big"), id("max"), id("min")];
        want.sort();
        assert_eq!(reads, want);
        assert_eq!(
            super::counts_read(&program, id("big")),
            Some(vec![id("big"), id("lone")])
        );
    }

    #[test]
    fn a_compile_that_may_read_many_counts_asks_for_every_one() {
        let callees: String = (0..40)
            .map(|k| format!("func f{k}(%x)\n    ret %x\nend\n"))
            .collect();
        let calls: String = (0..40)
            .map(|k| format!("    call %x, f{k}, %x\n"))
            .collect();
        let text = format!("{callees}func main(%x)\n{calls}    ret %x\nend\n");
        let program = vm::load(text.as_bytes()).expect("loads");
        let main = program.func_by_name("main").expect("main");
        assert_eq!(super::counts_read(&program, main), None, "41 of 41 reached");
        let f0 = program.func_by_name("f0").expect("f0");
        assert_eq!(super::counts_read(&program, f0), Some(vec![f0]));
    }

    #[test]
    fn a_leaf_is_replaced_by_its_body_with_a_depth_check() {
        let f = inlined(&format!(
            "{HELPERS}func main(%n)\n    call %r, max, %n, 3\n    print %r\n    ret 0\nend\n"
        ));
        let kinds = kinds(&f);
        assert!(
            !kinds.iter().any(|k| matches!(k, InstKind::Call(..))),
            "{kinds:?}"
        );
        assert!(kinds.contains(&InstKind::InlinedCall {
            callee: vm::FuncId(0),
            level: 1
        }));
        // Two `ret`s: the result is a phi where the body rejoins.
        assert!(kinds
            .iter()
            .any(|k| matches!(k, InstKind::Phi(a) if a.len() == 2)));
        assert_eq!(f.inlined.len(), 1);
    }

    #[test]
    fn calls_inside_an_inlined_body_are_inlined_a_level_deeper() {
        let f = inlined(&format!(
            "{HELPERS}func main(%n)\n    call %r, clamp, %n, 0, 9\n    print %r\n    ret 0\nend\n"
        ));
        let levels: Vec<(u32, u32)> = kinds(&f)
            .iter()
            .filter_map(|k| match k {
                InstKind::InlinedCall { callee, level } => Some((callee.0, *level)),
                _ => None,
            })
            .collect();
        assert_eq!(levels, [(2, 1), (0, 2), (1, 2)]);
        // The body's blocks follow the call's, in order: the layout.
        let order: Vec<usize> = f.live_blocks().map(|b| b.index()).collect();
        assert_eq!(order, (0..order.len()).collect::<Vec<_>>());
    }

    /// A function calling itself more often than in tail position gets its
    /// own body at those calls, unrolled as deep as `MAX_UNROLL` and
    /// `UNROLL_GROWTH` allow: the deepest copy's calls stay calls. Self
    /// tail calls are loops by then (`tail_loops`), in the copies too, and
    /// do not count: tak's last call, fib's second (its result plus the
    /// first's is returned), Ackermann's two.
    #[test]
    fn a_recursion_is_unrolled_in_its_loop() {
        let tak = "func tak(%x, %y, %z)\n    jge %y, %x, done\n    sub %a, %x, 1\n    call %p, tak, %a, %y, %z\n    sub %a, %y, 1\n    call %q, tak, %a, %z, %x\n    sub %a, %z, 1\n    call %s, tak, %a, %x, %y\n    call %r, tak, %p, %q, %s\n    ret %r\ndone:\n    ret %z\nend\nfunc main()\n    call %r, tak, 9, 6, 3\n    print %r\n    ret 0\nend\n";
        // Calls left, and bodies inlined at each level down.
        let counts = |text: &str, name: &str| {
            let kinds = kinds(&inlined_in(text, name));
            let calls = kinds
                .iter()
                .filter(|k| matches!(k, InstKind::Call(..)))
                .count();
            let levels: Vec<usize> = (1..=super::MAX_UNROLL)
                .map(|l| {
                    let at = |k: &&InstKind| matches!(k, InstKind::InlinedCall { level, .. } if *level == l);
                    kinds.iter().filter(at).count()
                })
                .collect();
            (calls, levels)
        };
        // Tak's three calls, each a copy of one level (a recursion that
        // branches is not unrolled further): 3 x 3 calls left.
        assert_eq!(counts(tak, "tak"), (9, vec![3, 0]));
        let fib = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\nfunc main()\n    call %r, fib, 20\n    print %r\n    ret 0\nend\n";
        assert_eq!(counts(fib, "fib"), (1, vec![1, 1]));
        let ack = "func ack(%m, %n)\n    jnz %m, m_pos\n    add %r, %n, 1\n    ret %r\nm_pos:\n    jnz %n, both\n    sub %m1, %m, 1\n    call %r, ack, %m1, 1\n    ret %r\nboth:\n    sub %n1, %n, 1\n    call %i, ack, %m, %n1\n    sub %m1, %m, 1\n    call %r, ack, %m1, %i\n    ret %r\nend\nfunc main()\n    call %r, ack, 2, 3\n    print %r\n    ret 0\nend\n";
        assert_eq!(counts(ack, "ack"), (1, vec![1, 1]));
    }

    #[test]
    fn a_function_called_from_one_place_is_inlined_unless_it_loops() {
        // Both are past `HOT`; `once` is called from one place, `twice`
        // from two, `looping` from one but with a loop.
        let body = "    add %x, %x, 1\n".repeat(super::HOT);
        let text = format!(
            "func once(%x)\n{body}    ret %x\nend\n\
             func twice(%x)\n{body}    ret %x\nend\n\
             func looping(%x)\ntop:\n{body}    jlt %x, 0, top\n    ret %x\nend\n\
             func main(%n)\n    call %a, once, %n\n    call %b, twice, %a\n    \
             call %c, twice, %b\n    call %d, looping, %c\n    print %d\n    ret 0\nend\n"
        );
        let f = inlined(&text);
        let inlined: Vec<vm::FuncId> = f.inlined.iter().map(|site| site.callee).collect();
        assert_eq!(inlined, [vm::FuncId(0)]);
    }

    #[test]
    fn large_callees_stay_calls_and_recursive_ones_are_inlined_once() {
        let mut big = String::from("func big(%x)\n");
        // Past `ONCE`, though called from one place.
        for _ in 0..super::ONCE {
            big.push_str("    add %x, %x, 1\n");
        }
        big.push_str("    ret %x\nend\n");
        let f = inlined(&format!(
            "{big}func fact(%n)\n    jz %n, one\n    sub %m, %n, 1\n    call %m, fact, %m\n    mul %n, %n, %m\n    ret %n\none:\n    ret 1\nend\n\
             func main(%n)\n    call %a, big, %n\n    call %b, fact, %n\n    add %a, %a, %b\n    print %a\n    ret 0\nend\n"
        ));
        let calls = kinds(&f)
            .iter()
            .filter(|k| matches!(k, InstKind::Call(..)))
            .count();
        // `big`'s call, and the call `fact`'s inlined body makes of itself.
        assert_eq!(calls, 2);
        assert_eq!(f.inlined.len(), 1);
        assert_eq!(f.inlined[0].callee, vm::FuncId(1));
    }
}
