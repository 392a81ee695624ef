//! The interpreter's fast loop, in machine code made at start-up with
//! dynasm-rs, as LuaJIT builds its own interpreter with DynASM.
//!
//! The design is direct threading with pinned registers (Ertl and Gregg,
//! "The structure and performance of efficient interpreters", 2003): each
//! instruction is re-encoded as 16 bytes (handler number, then its three
//! operands; a branch's target as a byte displacement), each handler ends
//! with its own copy of the dispatch (`jmp [table + op*8]`), and the frame
//! base, the instruction pointer, the dispatch table and the linear memory
//! stay in registers.
//!
//! The loop only takes fast paths. An instruction that would trap, print,
//! reach a tier-up threshold, call compiled code, grow a stack or return
//! from the entry frame is not started: the loop stops *before* it, with
//! nothing of it done, and `Vm::execute` runs exactly that instruction in
//! the portable loop (`interp.rs`, which stays the reference for every
//! behaviour) and comes back. So every trap, count and offer happens in
//! one place, in the portable loop's order.
//!
//! It runs only programs whose frames fit the portable loop's 2^16-slot
//! window (then every stack check is one compare), and never for
//! `--profile` runs, which count instructions in the portable loop.

use crate::bytecode::{FuncId, Function, Op, Program, MNEMONICS};
use crate::isa;
use crate::profile::FuncProfile;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi, ExecutableBuffer};
use std::mem::offset_of;
use x64::encode;
use x64::regs::{Gpr, RAX, RDI, RSI};

/// An instruction as the machine-code loop reads it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AsmInstr {
    /// The handler: the opcode's discriminant.
    op: u32,
    a: u32,
    b: u32,
    /// For branches, the target's distance from this instruction in bytes
    /// (negative or zero for a backward branch); otherwise operand `c`.
    c: u32,
}

const INSTR_BYTES: i64 = std::mem::size_of::<AsmInstr>() as i64;

/// What a call needs to know of its callee, 64 bytes so the loop indexes
/// the table with a shift.
#[repr(C, align(64))]
struct FuncInfo {
    code: *const AsmInstr,
    nparams: u64,
    /// The frame's slots above its parameters, padded to whole 16-byte
    /// chunks: a call copies `template_chunks` of them.
    template: *const u64,
    template_chunks: u64,
    /// The function's counts in `Profile::funcs`, whose buffer lives as
    /// long as the VM and never moves (compiled code counts there too).
    counts: *mut FuncProfile,
    /// The function's entry in `Tiers::offer_at`, which lives as long as
    /// the VM and never moves.
    offer_at: *const u64,
}

/// A frame the loop pushes or pops, laid out as `interp::Frame`: the
/// first 16 bytes as a call site's record starts, then the record.
pub(crate) const FRAME_BYTES: i32 = 24;
pub(crate) const FRAME_FUNC: i32 = 0;
pub(crate) const FRAME_PC: i32 = 4;
pub(crate) const FRAME_DEST: i32 = 8;
pub(crate) const FRAME_CALLER_SIZE: i32 = 12;
pub(crate) const FRAME_SITE: i32 = 16;

/// The state the loop shares with `Vm::execute`: read on entry, written
/// back on the way out.
#[repr(C)]
#[derive(Debug)]
pub(crate) struct Ctx {
    /// In: where to start; out: the instruction left to the portable loop.
    pub pc: *const u8,
    /// The current frame, in and out.
    pub base: *mut u64,
    /// The current function's `FuncInfo`, in and out.
    pub func: *const u8,
    /// Where the next frame is pushed, in and out.
    pub frame_top: *mut u8,
    // Constant while the loop runs.
    /// A new frame's base past this is the portable loop's: the frame,
    /// of at most a window's slots, could pass the register-stack limit,
    /// or the call window above it the stack allocated so far.
    pub frame_limit: *const u64,
    /// A call with the frame top above this is the portable loop's (the
    /// depth limit, or the frame list's capacity).
    pub frames_limit: *const u8,
    /// A return with the frame top here leaves the entry activation.
    pub frames_floor: *const u8,
    pub memory: *mut u64,
    pub cells: u64,
    pub table: *const usize,
}

macro_rules! ctx_offsets {
    ($($name:ident = $field:ident),* $(,)?) => {
        $(const $name: i32 = offset_of!(Ctx, $field) as i32;)*
    };
}

ctx_offsets! {
    C_PC = pc, C_BASE = base, C_FUNC = func, C_FRAME_TOP = frame_top,
    C_FRAME_LIMIT = frame_limit,
    C_FRAMES_LIMIT = frames_limit, C_FRAMES_FLOOR = frames_floor,
    C_MEMORY = memory,
    C_CELLS = cells, C_TABLE = table,
}

const FI_CODE: i32 = offset_of!(FuncInfo, code) as i32;
const FI_NPARAMS: i32 = offset_of!(FuncInfo, nparams) as i32;
const FI_TEMPLATE: i32 = offset_of!(FuncInfo, template) as i32;
const FI_CHUNKS: i32 = offset_of!(FuncInfo, template_chunks) as i32;
const FI_COUNTS: i32 = offset_of!(FuncInfo, counts) as i32;
const FI_OFFER_AT: i32 = offset_of!(FuncInfo, offer_at) as i32;
const FUNC_INFO_SHIFT: u32 = 6;
const COUNT_BACK_EDGES: i32 = offset_of!(FuncProfile, back_edges) as i32;
const COUNT_OSR_AT: i32 = offset_of!(FuncProfile, osr_at) as i32;

/// The bytes from a frame's base the portable loop's view of a callee may
/// reach (`interp::CALL_WINDOW` slots).
pub(crate) const CALL_WINDOW_BYTES: i32 = 8 * (2 << 16);

/// Calls to functions of up to this many parameters have handlers that
/// copy exactly that many arguments (numbered after the opcodes).
const UNROLLED_ARGS: usize = 4;

/// A template of up to this many 16-byte chunks is copied without a
/// loop: by the unrolled calls, which have a handler for each number of
/// chunks up to this (and one more for longer templates, copied in a
/// loop), exactly; by the general call whole (the stack's headroom takes
/// the excess).
const SHORT_TEMPLATE_CHUNKS: u64 = 4;
const TEMPLATE_CLASSES: usize = SHORT_TEMPLATE_CHUNKS as usize + 2;

/// A call site's record in `AsmInterp::sites`, in 8-byte words: first
/// the caller, where it resumes, the slot that takes the result and the
/// caller's size in slots, laid out as `Frame` starts so a call copies
/// them in one move; then what the loop's return needs (where the caller
/// resumes, its `FuncInfo`, its size in bytes), the callee's `FuncInfo`,
/// and the arguments' slots, 32 bits each. A call instruction carries its
/// record's address, a return finds it in the frame.
const SITE_DEST: i32 = FRAME_DEST;
const SITE_RESUME: i32 = 16;
const SITE_CALLER: i32 = 24;
const SITE_CALLEE: i32 = 32;
const SITE_CALLER_BYTES: i32 = 40;
const SITE_ARGS: i32 = 48;
const SITE_HEADER_WORDS: usize = SITE_ARGS as usize / 8;

/// Every opcode, real and superinstruction.
fn all_ops() -> Vec<Op> {
    let mut ops: Vec<Op> = MNEMONICS.iter().map(|m| m.1).collect();
    let fused: Vec<Op> = ops.iter().filter_map(|op| op.fused_with_jump()).collect();
    ops.extend(fused);
    ops
}

/// Why the loop stopped at `Ctx::pc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The instruction is the portable loop's.
    Step,
    /// A call whose limits the loop has checked, to a function the
    /// tier-up policy is done with: compiled, most likely.
    CompiledCall,
}

/// The machine-code loop and the program re-encoded for it.
pub(crate) struct AsmInterp {
    _code: ExecutableBuffer,
    entry: unsafe extern "sysv64" fn(*mut Ctx) -> u64,
    table: Box<[usize]>,
    funcs: Box<[FuncInfo]>,
    _instrs: Vec<Box<[AsmInstr]>>,
    _templates: Vec<Box<[u64]>>,
    _sites: Box<[u64]>,
}

/// A call encoded with its site's record unfinished: the record's
/// pointers, and the instruction's pointer to it, are filled in once
/// every function's code and `FuncInfo` have their addresses.
struct Site {
    /// The record's first word in `AsmInterp::sites`.
    word: usize,
    caller: FuncId,
    /// The call's index in the caller's code.
    at: usize,
    callee: FuncId,
}

impl AsmInterp {
    /// `None` if the code cannot be mapped (the portable loop then runs
    /// everything).
    pub(crate) fn new(
        program: &Program,
        counts: &mut [FuncProfile],
        offer_at: &mut [u64],
    ) -> Option<AsmInterp> {
        let (code, entry, table) = emit()?;
        let mut sites = Vec::new();
        let mut calls = Vec::new();
        let mut instrs: Vec<Box<[AsmInstr]>> = program
            .funcs
            .iter()
            .enumerate()
            .map(|(id, f)| encode(FuncId(id as u32), f, program, &mut sites, &mut calls))
            .collect();
        let templates: Vec<Box<[u64]>> = program
            .funcs
            .iter()
            .map(|f| {
                // Whole chunks, and at least what a short copy reads.
                let mut t = f.frame_template.clone();
                let short = 2 * SHORT_TEMPLATE_CHUNKS as usize;
                t.resize(t.len().next_multiple_of(2).max(short), 0);
                t.into_boxed_slice()
            })
            .collect();
        let funcs = program
            .funcs
            .iter()
            .zip(&instrs)
            .zip(&templates)
            .zip(counts)
            .zip(offer_at.iter_mut())
            .map(|((((f, code), template), counts), offer_at)| FuncInfo {
                code: code.as_ptr(),
                nparams: f.nparams as u64,
                template: template.as_ptr(),
                template_chunks: f.frame_template.len().div_ceil(2) as u64,
                counts,
                offer_at: offer_at as *mut u64,
            })
            .collect::<Box<[FuncInfo]>>();
        let mut sites = sites.into_boxed_slice();
        link_sites(&mut sites, &calls, &mut instrs, &funcs);
        Some(AsmInterp {
            _code: code,
            entry,
            table,
            funcs,
            _instrs: instrs,
            _templates: templates,
            _sites: sites,
        })
    }

    /// Where function `f`'s re-encoded code starts.
    pub(crate) fn code(&self, f: FuncId) -> *const u8 {
        self.funcs[f.index()].code.cast()
    }

    /// Function `f`'s entry in the table the loop reads.
    pub(crate) fn func(&self, f: FuncId) -> *const u8 {
        (&self.funcs[f.index()] as *const FuncInfo).cast()
    }

    /// The function whose entry `func` points at.
    pub(crate) fn func_id(&self, func: *const u8) -> FuncId {
        let at = (func as usize - self.funcs.as_ptr() as usize) >> FUNC_INFO_SHIFT;
        FuncId(at as u32)
    }

    /// Fills in the loop's dispatch table.
    pub(crate) fn tables(&self, ctx: &mut Ctx) {
        ctx.table = self.table.as_ptr();
    }

    /// Runs the loop from `ctx` until an instruction is left to the
    /// portable loop, and says why.
    ///
    /// # Safety
    /// `ctx` must describe a live activation exactly as `Vm::run_asm`
    /// builds it: `pc` inside the current function's code here, `base` its
    /// frame inside the register stack with the call window's room above
    /// it, `frames_limit` at least one free frame below the end of the
    /// frame list's capacity, `frame_limit` a call window below the end of
    /// the stack, and every table sized for the program this was made for.
    pub(crate) unsafe fn run(&self, ctx: &mut Ctx) -> Exit {
        // SAFETY: the caller's contract; the code was emitted by `emit`
        // for this convention and is mapped for the life of `self`.
        match unsafe { (self.entry)(ctx) } {
            0 => Exit::Step,
            _ => Exit::CompiledCall,
        }
    }
}

/// Fills in the pointers of every call site's record, and each call
/// instruction's pointer to its record.
fn link_sites(
    sites: &mut [u64],
    calls: &[Site],
    instrs: &mut [Box<[AsmInstr]>],
    funcs: &[FuncInfo],
) {
    let records = sites.as_mut_ptr();
    for call in calls {
        let code = &mut instrs[call.caller.index()];
        let record = &mut sites[call.word..][..SITE_HEADER_WORDS];
        // A call is never last (a function ends in `ret` or `jmp`).
        record[2] = code[call.at + 1..].as_ptr() as u64;
        record[3] = &funcs[call.caller.index()] as *const FuncInfo as u64;
        record[4] = &funcs[call.callee.index()] as *const FuncInfo as u64;
        let address = records.wrapping_add(call.word) as u64;
        code[call.at].b = address as u32;
        code[call.at].c = (address >> 32) as u32;
    }
}

/// Re-encodes `f`'s interpreter code for the loop; its calls' site
/// records go to `sites`, to be finished by `link_sites`.
fn encode(
    id: FuncId,
    f: &Function,
    program: &Program,
    sites: &mut Vec<u64>,
    calls: &mut Vec<Site>,
) -> Box<[AsmInstr]> {
    let mut code: Vec<AsmInstr> = f
        .interp_code
        .iter()
        .enumerate()
        .map(|(at, ins)| -> AsmInstr {
            let target = match ins.op {
                Op::Jmp => Some(ins.a),
                op if op.is_cond_branch() => Some(ins.c),
                op if fused(op).is_some() => Some(ins.a),
                _ => None,
            };
            if ins.op == Op::Call {
                let callee = &program.funcs[ins.b as usize];
                let nparams = callee.nparams as usize;
                let chunks = callee.frame_template.len().div_ceil(2) as u64;
                let op = if nparams <= UNROLLED_ARGS {
                    Handler::Call {
                        args: nparams,
                        class: template_class(chunks),
                    }
                    .number()
                } else {
                    Op::Call as u32
                };
                let word = sites.len();
                let size = f.frame_size() as u64;
                // Slots are numbered in 32 bits (`Slot`).
                sites.extend([
                    u64::from(id.0) | (at as u64 + 1) << 32,
                    u64::from(ins.a) | size << 32,
                    0,
                    0,
                    0,
                    size * 8,
                ]);
                let args = &program.call_args[ins.c as usize..][..nparams];
                sites.extend(args.chunks(2).map(|pair| {
                    u64::from(pair[0]) | pair.get(1).map_or(0, |&s| u64::from(s) << 32)
                }));
                calls.push(Site {
                    word,
                    caller: id,
                    at,
                    callee: FuncId(ins.b),
                });
                // Operands b and c become the record's address.
                return AsmInstr {
                    op,
                    a: ins.a,
                    b: 0,
                    c: 0,
                };
            }
            let c = match target {
                Some(t) => ((t as i64 - at as i64) * INSTR_BYTES) as i32 as u32,
                None => ins.c,
            };
            // A comparison whose result the next instruction tests. The
            // branch stays in place for any jump to it.
            let next = f.interp_code.get(at + 1);
            let fused = FUSED_COMPARES
                .iter()
                .position(|&op| op == ins.op)
                .and_then(|i| {
                    let next = next.filter(|n| n.a == ins.a)?;
                    match next.op {
                        Op::Jz => Some(
                            Handler::Compare {
                                compare: i,
                                nonzero: false,
                            }
                            .number(),
                        ),
                        Op::Jnz => Some(
                            Handler::Compare {
                                compare: i,
                                nonzero: true,
                            }
                            .number(),
                        ),
                        _ => None,
                    }
                });
            if let Some((form, b, c)) = specialize(f, ins) {
                return AsmInstr {
                    op: Handler::Form(form).number(),
                    a: ins.a,
                    b,
                    c,
                };
            }
            AsmInstr {
                op: fused.unwrap_or(ins.op as u32),
                a: ins.a,
                b: ins.b,
                c,
            }
        })
        .collect();
    // An update before a loop's closing branch, an update before a call,
    // a move before another: straight on to the next handler.
    let (firsts, targets) = (tail_firsts(), tail_targets());
    for at in 1..code.len() {
        let Some(x) = firsts.iter().position(|&h| h == code[at - 1].op) else {
            continue;
        };
        if let Some(y) = targets.iter().position(|&h| h == code[at].op) {
            code[at - 1].op = Handler::Tail {
                first: x,
                second: y,
            }
            .number();
        }
    }
    code.into_boxed_slice()
}

/// Instruction forms specialized at encoding for their operands, with
/// handlers of their own (numbered after the opcodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `add %x, %x, b` (or `add %x, b, %x`): added in the slot, which is
    /// read and written once.
    AddInPlace,
    /// `sub %x, %x, b`.
    SubInPlace,
    /// `load d, [m]`: no offset to add.
    LoadAtBase,
    /// `store [m], a`.
    StoreAtBase,
}

const FORMS: [Form; 4] = [
    Form::AddInPlace,
    Form::SubInPlace,
    Form::LoadAtBase,
    Form::StoreAtBase,
];

/// `ins`'s specialized form, if it has one, and its operands b and c in
/// that form (a stays).
fn specialize(f: &Function, ins: &crate::bytecode::Instr) -> Option<(Form, u32, u32)> {
    match ins.op {
        Op::Add if ins.a == ins.b => Some((Form::AddInPlace, ins.b, ins.c)),
        Op::Add if ins.a == ins.c => Some((Form::AddInPlace, ins.c, ins.b)),
        Op::Sub if ins.a == ins.b => Some((Form::SubInPlace, ins.b, ins.c)),
        Op::Load if f.constant(ins.c) == Some(0) => Some((Form::LoadAtBase, ins.b, ins.c)),
        Op::Store if f.constant(ins.b) == Some(0) => Some((Form::StoreAtBase, ins.b, ins.c)),
        _ => None,
    }
}

/// The template class of a callee whose template has `chunks` 16-byte
/// chunks.
fn template_class(chunks: u64) -> usize {
    chunks.min(SHORT_TEMPLATE_CHUNKS + 1) as usize
}

/// Comparisons with handlers fused with a following `jz` or `jnz` on
/// their result: the pair dispatches once.
const FUSED_COMPARES: [Op; 12] = [
    Op::Eq,
    Op::Ne,
    Op::Lt,
    Op::Le,
    Op::Gt,
    Op::Ge,
    Op::FEq,
    Op::FNe,
    Op::FLt,
    Op::FLe,
    Op::FGt,
    Op::FGe,
];

/// Instructions with handlers that go straight on to the following
/// instruction's handler when it is one of `tail_targets` (a loop's
/// closing update and branch, a chain of moves), without a dispatch
/// between them.
const TAIL_FIRST: [Op; 3] = [Op::Add, Op::Sub, Op::Mov];
const TAIL_FIRST_FORMS: [Form; 2] = [Form::AddInPlace, Form::SubInPlace];
const TAIL_FIRSTS: usize = TAIL_FIRST.len() + TAIL_FIRST_FORMS.len();

fn tail_firsts() -> [u32; TAIL_FIRSTS] {
    let mut firsts = [0; TAIL_FIRSTS];
    let handlers = TAIL_FIRST.iter().map(|&op| op as u32);
    let forms = TAIL_FIRST_FORMS
        .iter()
        .map(|&form| Handler::Form(form).number());
    for (slot, h) in firsts.iter_mut().zip(handlers.chain(forms)) {
        *slot = h;
    }
    firsts
}

const TAIL_SECOND: [Op; 22] = [
    Op::Load,
    Op::Store,
    Op::Mov,
    Op::Add,
    Op::Sub,
    Op::Jmp,
    Op::Jz,
    Op::Jnz,
    Op::Jeq,
    Op::Jne,
    Op::Jlt,
    Op::Jle,
    Op::Jgt,
    Op::Jge,
    Op::JmpJz,
    Op::JmpJnz,
    Op::JmpJeq,
    Op::JmpJne,
    Op::JmpJlt,
    Op::JmpJle,
    Op::JmpJgt,
    Op::JmpJge,
];

/// The handlers a `tail_firsts` instruction may go straight on to: those
/// of `TAIL_SECOND`, every specialized form, and the unrolled calls.
const TAIL_TARGETS: usize =
    TAIL_SECOND.len() + FORMS.len() + (UNROLLED_ARGS + 1) * TEMPLATE_CLASSES;

fn tail_targets() -> Vec<u32> {
    let mut targets: Vec<u32> = TAIL_SECOND.iter().map(|&op| op as u32).collect();
    targets.extend(FORMS.iter().map(|&form| Handler::Form(form).number()));
    for n in 0..=UNROLLED_ARGS {
        targets
            .extend((0..TEMPLATE_CLASSES).map(|class| Handler::Call { args: n, class }.number()));
    }
    targets
}

/// Every handler of the loop. Its number (the `op` an encoded
/// instruction carries, its index in the dispatch table) comes from
/// `Handler::number`, the one place numbers are given; `Handler::all`
/// lists them in the order the loop lays their code out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Handler {
    /// An opcode's own, numbered as its discriminant.
    Op(Op),
    /// A form specialized for its operands (`specialize`).
    Form(Form),
    /// A call to a function of `args` parameters (up to `UNROLLED_ARGS`)
    /// whose frame template is of `class`.
    Call { args: usize, class: usize },
    /// `FUSED_COMPARES[compare]` with the `jz` (or, `nonzero`, `jnz`) on
    /// its result after it.
    Compare { compare: usize, nonzero: bool },
    /// `tail_firsts()[first]` going straight on to `tail_targets()[second]`.
    Tail { first: usize, second: usize },
}

/// Where each kind of handler's numbers start. The opcodes come first
/// (the last opcode is the last superinstruction; a test checks every
/// opcode is below it); constants, so encoding a program allocates
/// nothing per instruction.
const FORMS_AT: usize = Op::JmpJge as usize + 1;
const CALLS_AT: usize = FORMS_AT + FORMS.len();
const COMPARES_AT: usize = CALLS_AT + (UNROLLED_ARGS + 1) * TEMPLATE_CLASSES;
const TAILS_AT: usize = COMPARES_AT + 2 * FUSED_COMPARES.len();
/// Every handler number is below this.
const HANDLERS: usize = TAILS_AT + TAIL_FIRSTS * TAIL_TARGETS;

impl Handler {
    const fn number(self) -> u32 {
        let n = match self {
            Handler::Op(op) => op as usize,
            Handler::Form(form) => FORMS_AT + form as usize,
            Handler::Call { args, class } => CALLS_AT + args * TEMPLATE_CLASSES + class,
            Handler::Compare { compare, nonzero } => COMPARES_AT + 2 * compare + nonzero as usize,
            Handler::Tail { first, second } => TAILS_AT + first * TAIL_TARGETS + second,
        };
        n as u32
    }

    /// Every handler, in the order the loop lays their code out.
    fn all() -> impl Iterator<Item = Handler> {
        let ops = all_ops().into_iter().map(Handler::Op);
        let forms = FORMS.into_iter().map(Handler::Form);
        let calls = (0..=UNROLLED_ARGS)
            .flat_map(|args| (0..TEMPLATE_CLASSES).map(move |class| Handler::Call { args, class }));
        let tails = (0..TAIL_FIRSTS)
            .flat_map(|first| (0..TAIL_TARGETS).map(move |second| Handler::Tail { first, second }));
        let compares = (0..FUSED_COMPARES.len())
            .flat_map(|compare| [false, true].map(|nonzero| Handler::Compare { compare, nonzero }));
        ops.chain(forms).chain(calls).chain(tails).chain(compares)
    }
}

/// The conditional branch a superinstruction lands on.
fn fused(op: Op) -> Option<Op> {
    MNEMONICS
        .iter()
        .map(|m| m.1)
        .find(|branch| branch.fused_with_jump() == Some(op))
}

// Pinned registers: `pc` the current instruction, `base` the current
// frame, `func` the current function's `FuncInfo`, `frames` the top of
// the frame list, `table` the dispatch table, `mem`/`cells` the linear
// memory, `ctx` the shared state. The loop calls nothing, so caller-saved
// registers can be pinned too. rax, rcx, rdx, rsi, rdi, r8, r9 and
// xmm0-xmm1 are scratch.
macro_rules! x64 {
    ($ops:ident $($t:tt)*) => {
        dynasm!($ops
            ; .arch x64
            ; .alias pc, r12
            ; .alias base, rbx
            ; .alias table, r13
            ; .alias mem, r14
            ; .alias cells, r15
            ; .alias ctx, rbp
            ; .alias func, r10
            ; .alias frames, r11
            $($t)*
        )
    };
}

/// The machine-code loop's bytes as made at start-up, for listings and
/// golden files (`None` if the code cannot be made).
pub fn machine_code() -> Option<Vec<u8>> {
    let (code, _, _) = emit()?;
    Some(code.to_vec())
}

type Emitted = (
    ExecutableBuffer,
    unsafe extern "sysv64" fn(*mut Ctx) -> u64,
    Box<[usize]>,
);

/// The loop's code buffer; it has no line table and no marks.
type Ops = x64::CodeBuffer<()>;

fn emit() -> Option<Emitted> {
    let mut ops = Ops::new(x64::Capacity {
        bytes: 32 << 10,
        dynamic_labels: HANDLERS,
        ..Default::default()
    });
    let labels: Vec<DynamicLabel> = (0..HANDLERS).map(|_| ops.new_dynamic_label()).collect();
    let entry = ops.here();
    prologue(&mut ops);
    shared(&mut ops);
    let targets = tail_targets();
    for h in Handler::all() {
        x64!(ops ; =>labels[h.number() as usize]);
        match h {
            Handler::Op(op) => handler(&mut ops, op, &labels),
            Handler::Form(form) => form_handler_code(&mut ops, form, None),
            Handler::Call { args, class } => call(&mut ops, Some((args, class))),
            Handler::Tail { first, second } => {
                let then = Some(labels[targets[second] as usize]);
                match TAIL_FIRST.get(first) {
                    Some(Op::Mov) => mov(&mut ops, then),
                    Some(&op) => int_binary(&mut ops, op, then),
                    None => {
                        let form = TAIL_FIRST_FORMS[first - TAIL_FIRST.len()];
                        form_handler_code(&mut ops, form, then)
                    }
                }
            }
            Handler::Compare {
                compare: i,
                nonzero,
            } => {
                let (op, branch) = (FUSED_COMPARES[i], if nonzero { Op::Jnz } else { Op::Jz });
                if isa::float_cmp(op).is_some() {
                    float_compare(&mut ops, op, Some(branch));
                } else {
                    self::compare(&mut ops, op, Some(branch));
                }
            }
        }
    }
    let offsets: Vec<usize> = labels
        .iter()
        .map(|&l| ops.placed(l))
        .collect::<Option<_>>()?;
    let code = x64::executable(&ops.finish().ok()?.code).ok()?;
    let base = code.as_ptr() as usize;
    let table: Box<[usize]> = offsets.iter().map(|&o| base + o).collect();
    // SAFETY: `entry` is the start of the prologue emitted above, a
    // function of this signature under the System V ABI, inside `code`.
    let f = unsafe {
        std::mem::transmute::<*const u8, unsafe extern "sysv64" fn(*mut Ctx) -> u64>(
            code.as_ptr().add(entry),
        )
    };
    Some((code, f, table))
}

/// Enters the loop from `extern "sysv64" fn(ctx: *mut Ctx)`.
fn prologue(ops: &mut Ops) {
    x64!(ops ; push rbp);
    encode::push_saved(ops);
    x64!(ops
        ; sub rsp, 8
        ; mov ctx, rdi
        ; mov pc, [ctx + C_PC]
        ; mov base, [ctx + C_BASE]
        ; mov table, [ctx + C_TABLE]
        ; mov mem, [ctx + C_MEMORY]
        ; mov cells, [ctx + C_CELLS]
        ; mov func, [ctx + C_FUNC]
        ; mov frames, [ctx + C_FRAME_TOP]
    );
    dispatch(ops);
}

/// Jumps to the handler of the instruction at `pc`.
fn dispatch(ops: &mut Ops) {
    x64!(ops
        ; mov eax, DWORD [pc]
        ; jmp QWORD [table + rax * 8]
    );
}

/// Goes on with the next instruction.
fn next(ops: &mut Ops) {
    x64!(ops ; add pc, INSTR_BYTES as i32);
    dispatch(ops);
}

/// The exit, shared by every handler.
fn shared(ops: &mut Ops) {
    x64!(ops
        // The instruction at `pc` is the portable loop's.
        ; ->bail:
        ; xor eax, eax
        ; ->leave:
        ; mov [ctx + C_PC], pc
        ; mov [ctx + C_BASE], base
        ; mov [ctx + C_FUNC], func
        ; mov [ctx + C_FRAME_TOP], frames
        ; add rsp, 8
    );
    encode::pop_saved(ops);
    x64!(ops
        ; pop rbp
        ; ret
        // The call at `pc` reaches its callee's `offer_at` (in rax): it
        // is to compiled code if that is 0 (or, with an eager compiler,
        // to a function not offered yet), its checks done.
        ; ->policy:
        ; cmp QWORD [rax], 0
        ; jne ->bail
        ; mov eax, 1
        ; jmp ->leave
    );
}

/// Takes the branch at `pc`: its displacement is operand `c`. A backward
/// branch counts, and the count reaching the function's `osr_at` is the
/// portable loop's business (the tier-up policy's look: it may enter OSR
/// code). Then
/// dispatches, or goes to `then` (a superinstruction's second half).
fn take(ops: &mut Ops, then: Option<DynamicLabel>) {
    x64!(ops
        ; movsxd rax, DWORD [pc + 12]
        ; test rax, rax
        ; jle >back
        ; add pc, rax
    );
    go(ops, then);
    x64!(ops
        ; back:
        ; mov rcx, [func + FI_COUNTS]
        ; mov rdx, [rcx + COUNT_BACK_EDGES]
        ; add rdx, 1
        ; cmp rdx, [rcx + COUNT_OSR_AT]
        ; je ->bail
        ; mov [rcx + COUNT_BACK_EDGES], rdx
        ; add pc, rax
    );
    go(ops, then);
}

fn go(ops: &mut Ops, then: Option<DynamicLabel>) {
    match then {
        Some(label) => x64!(ops ; jmp =>label),
        None => dispatch(ops),
    }
}

fn handler(ops: &mut Ops, op: Op, labels: &[DynamicLabel]) {
    match op {
        Op::Mov => mov(ops, None),
        Op::Add | Op::Sub | Op::Mul | Op::And | Op::Or | Op::Xor => int_binary(ops, op, None),
        Op::Div | Op::Rem => divide(ops, op),
        Op::Shl | Op::Shr | Op::Ushr => shift(ops, op),
        Op::Neg | Op::Not => {
            x64!(ops ; mov ecx, [pc + 8] ; mov rax, [base + rcx * 8]);
            if op == Op::Neg {
                x64!(ops ; neg rax);
            } else {
                x64!(ops ; not rax);
            }
            store_a(ops);
        }
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => compare(ops, op, None),
        Op::FAdd | Op::FSub | Op::FMul | Op::FDiv => float_binary(ops, op),
        Op::FNeg => {
            x64!(ops ; mov ecx, [pc + 8] ; mov rax, [base + rcx * 8] ; btc rax, 63);
            store_a(ops);
        }
        Op::FSqrt => {
            x64!(ops ; mov ecx, [pc + 8] ; sqrtsd xmm0, [base + rcx * 8] ; movq rax, xmm0);
            store_a(ops);
        }
        Op::FEq | Op::FNe | Op::FLt | Op::FLe | Op::FGt | Op::FGe => float_compare(ops, op, None),
        Op::IToF => {
            x64!(ops
                ; mov ecx, [pc + 8]
                ; xorps xmm0, xmm0
                ; cvtsi2sd xmm0, QWORD [base + rcx * 8]
                ; movq rax, xmm0
            );
            store_a(ops);
        }
        Op::FToI => float_to_int(ops),
        Op::Load => {
            address(ops, 8, 12);
            x64!(ops ; mov rax, [mem + rax * 8]);
            store_a(ops);
        }
        Op::Store => {
            address(ops, 4, 8);
            x64!(ops
                ; mov ecx, [pc + 12]
                ; mov rcx, [base + rcx * 8]
                ; mov [mem + rax * 8], rcx
            );
            next(ops);
        }
        Op::Jmp => take(ops, None),
        Op::Jz | Op::Jnz | Op::Jeq | Op::Jne | Op::Jlt | Op::Jle | Op::Jgt | Op::Jge => {
            branch(ops, op)
        }
        Op::JmpJz
        | Op::JmpJnz
        | Op::JmpJeq
        | Op::JmpJne
        | Op::JmpJlt
        | Op::JmpJle
        | Op::JmpJgt
        | Op::JmpJge => {
            let Some(then) = fused(op) else {
                unreachable!("a superinstruction fuses a branch")
            };
            jump_then_branch(ops, labels[then as usize]);
        }
        Op::Call => call(ops, None),
        Op::Ret => ret(ops),
        Op::Print | Op::FPrint | Op::PutC | Op::PutS => x64!(ops ; jmp ->bail),
    }
}

/// A specialized form's handler, going on to `then` if fused with the
/// next instruction's.
fn form_handler_code(ops: &mut Ops, form: Form, then: Option<DynamicLabel>) {
    match form {
        Form::AddInPlace | Form::SubInPlace => {
            x64!(ops
                ; mov ecx, [pc + 4]
                ; mov edx, [pc + 12]
                ; mov rax, [base + rdx * 8]
            );
            if form == Form::AddInPlace {
                x64!(ops ; add [base + rcx * 8], rax);
            } else {
                x64!(ops ; sub [base + rcx * 8], rax);
            }
            x64!(ops ; add pc, INSTR_BYTES as i32);
            go(ops, then);
        }
        Form::LoadAtBase => {
            address_at_base(ops, 8);
            x64!(ops ; mov rax, [mem + rax * 8]);
            store_a_then_go(ops, then);
        }
        Form::StoreAtBase => {
            address_at_base(ops, 4);
            x64!(ops
                ; mov ecx, [pc + 12]
                ; mov rcx, [base + rcx * 8]
                ; mov [mem + rax * 8], rcx
            );
            x64!(ops ; add pc, INSTR_BYTES as i32);
            go(ops, then);
        }
    }
}

/// rax = the cell the operand at `pc + at` holds; out of bounds is the
/// portable loop's (it traps).
fn address_at_base(ops: &mut Ops, at: i32) {
    x64!(ops
        ; mov ecx, [pc + at]
        ; mov rax, [base + rcx * 8]
        ; cmp rax, cells
        ; jae ->bail
    );
}

fn mov(ops: &mut Ops, then: Option<DynamicLabel>) {
    x64!(ops ; mov ecx, [pc + 8] ; mov rax, [base + rcx * 8]);
    store_a_then_go(ops, then);
}

/// rax = the cell the operands at `pc + first` and `pc + second` add up
/// to; an address out of bounds is the portable loop's (it traps).
fn address(ops: &mut Ops, first: i32, second: i32) {
    x64!(ops
        ; mov ecx, [pc + first]
        ; mov edx, [pc + second]
        ; mov rax, [base + rcx * 8]
        ; add rax, [base + rdx * 8]
        ; cmp rax, cells
        ; jae ->bail
    );
}

/// Stores rax in operand `a` and goes on.
fn store_a(ops: &mut Ops) {
    store_a_then_go(ops, None);
}

/// Stores rax in operand `a`, then goes on with the next instruction:
/// through the dispatch table, or, when the handler is fused with the
/// next instruction's (`then`), straight to that handler.
fn store_a_then_go(ops: &mut Ops, then: Option<DynamicLabel>) {
    x64!(ops ; mov ecx, [pc + 4] ; mov [base + rcx * 8], rax);
    match then {
        Some(label) => x64!(ops ; add pc, INSTR_BYTES as i32 ; jmp =>label),
        None => next(ops),
    }
}

/// rax = operand b, and rdx holds operand c's slot.
fn load_b_slot_c(ops: &mut Ops) {
    x64!(ops
        ; mov ecx, [pc + 8]
        ; mov edx, [pc + 12]
        ; mov rax, [base + rcx * 8]
    );
}

fn int_binary(ops: &mut Ops, op: Op, then: Option<DynamicLabel>) {
    load_b_slot_c(ops);
    match op {
        Op::Add => x64!(ops ; add rax, [base + rdx * 8]),
        Op::Sub => x64!(ops ; sub rax, [base + rdx * 8]),
        Op::Mul => x64!(ops ; imul rax, [base + rdx * 8]),
        Op::And => x64!(ops ; and rax, [base + rdx * 8]),
        Op::Or => x64!(ops ; or rax, [base + rdx * 8]),
        _ => x64!(ops ; xor rax, [base + rdx * 8]),
    }
    store_a_then_go(ops, then);
}

/// `div` and `rem`; a zero divisor is the portable loop's (it traps).
fn divide(ops: &mut Ops, op: Op) {
    let Some(division) = isa::division(op) else {
        unreachable!("a division handler for {}", op.mnemonic())
    };
    x64!(ops
        ; mov ecx, [pc + 12]
        ; mov rcx, [base + rcx * 8]
        ; test rcx, rcx
        ; jz ->bail
        ; mov edx, [pc + 8]
        ; mov rax, [base + rdx * 8]
    );
    encode::divide_nonzero(ops, division);
    store_a(ops);
}

/// The shift count is taken mod 64, as the hardware does.
fn shift(ops: &mut Ops, op: Op) {
    let Some(shift) = isa::shift(op) else {
        unreachable!("a shift handler for {}", op.mnemonic())
    };
    load_b_slot_c(ops);
    x64!(ops ; mov rcx, [base + rdx * 8]);
    encode::shift_by_cl(ops, shift, RAX);
    store_a(ops);
}

fn compare(ops: &mut Ops, op: Op, then: Option<Op>) {
    let Some(cond) = isa::condition(op) else {
        unreachable!("a comparison handler for {}", op.mnemonic())
    };
    load_b_slot_c(ops);
    x64!(ops ; cmp rax, [base + rdx * 8]);
    encode::set_if(ops, cond, RAX);
    store_a_then(ops, then);
}

/// Stores rax (0 or 1) in operand `a`, then goes on, or, fused with the
/// `jz`/`jnz` on it that follows (`then`), runs that branch too.
fn store_a_then(ops: &mut Ops, then: Option<Op>) {
    let Some(branch) = then else {
        return store_a(ops);
    };
    x64!(ops
        ; mov ecx, [pc + 4]
        ; mov [base + rcx * 8], rax
        ; add pc, INSTR_BYTES as i32
        ; test eax, eax
    );
    if branch == Op::Jz {
        x64!(ops ; jz >taken);
    } else {
        x64!(ops ; jnz >taken);
    }
    next(ops);
    x64!(ops ; taken:);
    take(ops, None);
}

fn float_binary(ops: &mut Ops, op: Op) {
    x64!(ops
        ; mov ecx, [pc + 8]
        ; mov edx, [pc + 12]
        ; movsd xmm0, [base + rcx * 8]
    );
    match op {
        Op::FAdd => x64!(ops ; addsd xmm0, [base + rdx * 8]),
        Op::FSub => x64!(ops ; subsd xmm0, [base + rdx * 8]),
        Op::FMul => x64!(ops ; mulsd xmm0, [base + rdx * 8]),
        _ => x64!(ops ; divsd xmm0, [base + rdx * 8]),
    }
    x64!(ops
        ; mov ecx, [pc + 4]
        ; movsd [base + rcx * 8], xmm0
    );
    next(ops);
}

/// A float comparison through `ucomisd` (`encode::set_if_float` says
/// how NaN comes out false but for `fne`).
fn float_compare(ops: &mut Ops, op: Op, then: Option<Op>) {
    let Some(cmp) = isa::float_cmp(op) else {
        unreachable!("a float comparison handler for {}", op.mnemonic())
    };
    let (first, second) = if cmp.swaps() { (12, 8) } else { (8, 12) };
    x64!(ops
        ; mov ecx, [pc + first]
        ; mov edx, [pc + second]
        ; movsd xmm0, [base + rcx * 8]
        ; ucomisd xmm0, [base + rdx * 8]
    );
    encode::set_if_float(ops, cmp, RAX);
    store_a_then(ops, then);
}

/// `ftoi`, saturating, NaN to 0 (`encode::float_to_int`).
fn float_to_int(ops: &mut Ops) {
    x64!(ops ; mov ecx, [pc + 8] ; movsd xmm0, [base + rcx * 8]);
    encode::float_to_int(ops);
    store_a(ops);
}

/// A conditional branch: falls through, or jumps to `->taken` with the
/// displacement.
fn branch(ops: &mut Ops, op: Op) {
    match op {
        Op::Jz | Op::Jnz => {
            x64!(ops ; mov ecx, [pc + 4] ; cmp QWORD [base + rcx * 8], 0);
        }
        _ => {
            x64!(ops
                ; mov ecx, [pc + 4]
                ; mov edx, [pc + 8]
                ; mov rcx, [base + rcx * 8]
                ; cmp rcx, [base + rdx * 8]
            );
        }
    }
    match op {
        Op::Jz | Op::Jeq => x64!(ops ; je >taken),
        Op::Jnz | Op::Jne => x64!(ops ; jne >taken),
        Op::Jlt => x64!(ops ; jl >taken),
        Op::Jle => x64!(ops ; jle >taken),
        Op::Jgt => x64!(ops ; jg >taken),
        _ => x64!(ops ; jge >taken),
    }
    next(ops);
    x64!(ops ; taken:);
    take(ops, None);
}

/// A `jmp` fused with the branch it lands on: the jump (counted if
/// backward), then straight into that branch's handler.
fn jump_then_branch(ops: &mut Ops, then: DynamicLabel) {
    take(ops, Some(then));
}

/// A call to an interpreted function whose frame fits, whose count does
/// not reach the tier-up policy's, and that is not compiled; everything
/// else is the portable loop's. `unrolled`: the callee's parameter count
/// and template class, if this handler is for those only.
fn call(ops: &mut Ops, unrolled: Option<(usize, usize)>) {
    x64!(ops
        // The depth limit and the frame list's room.
        ; cmp frames, [ctx + C_FRAMES_LIMIT]
        ; ja ->bail
        // rdx: the site's record; rcx: the callee's `FuncInfo`; rsi: its
        // frame, above this one.
        ; mov rdx, [pc + 8]
        ; mov rcx, [rdx + SITE_CALLEE]
        ; mov rsi, [rdx + SITE_CALLER_BYTES]
        ; add rsi, base
        ; cmp rsi, [ctx + C_FRAME_LIMIT]
        ; ja ->bail
        // The call count, unless it reaches the tier-up policy's.
        ; mov r8, [rcx + FI_COUNTS]
        ; mov r9, [r8]
        ; add r9, 1
        ; mov rax, [rcx + FI_OFFER_AT]
        ; cmp r9, [rax]
        ; jae ->policy
        ; mov [r8], r9
        // Push the caller's frame: the record's first 16 bytes, then the
        // record.
        ; movups xmm0, [rdx]
        ; movups [frames], xmm0
        ; mov [frames + FRAME_SITE], rdx
        ; add frames, FRAME_BYTES
    );
    match unrolled {
        Some((n, class)) => {
            for i in 0..n as i32 {
                x64!(ops
                    ; mov eax, [rdx + SITE_ARGS + 4 * i]
                    ; mov rax, [base + rax * 8]
                    ; mov [rsi + 8 * i], rax
                );
            }
            let at = 8 * n as i32;
            if class as u64 <= SHORT_TEMPLATE_CHUNKS {
                x64!(ops ; mov rdx, [rcx + FI_TEMPLATE]);
                copy_chunks(ops, class as i32, RSI, at);
                enter(ops);
            } else {
                x64!(ops ; lea rdi, [rsi + at]);
                copy_template_loop(ops);
            }
        }
        None => {
            x64!(ops
                ; mov r9, [rcx + FI_NPARAMS]
                ; xor r8d, r8d
                ; test r9, r9
                ; jz >args_done
                ; args:
                ; mov eax, [rdx + r8 * 4 + SITE_ARGS]
                ; mov rax, [base + rax * 8]
                ; mov [rsi + r8 * 8], rax
                ; add r8, 1
                ; cmp r8, r9
                ; jb <args
                ; args_done:
                ; lea rdi, [rsi + r9 * 8]
                ; cmp QWORD [rcx + FI_CHUNKS], SHORT_TEMPLATE_CHUNKS as i32
                ; ja >long
                ; mov rdx, [rcx + FI_TEMPLATE]
            );
            // A short template whole, past its end too: templates are
            // padded to that length, and the stack's headroom takes it.
            copy_chunks(ops, SHORT_TEMPLATE_CHUNKS as i32, RDI, 0);
            enter(ops);
            x64!(ops ; long:);
            copy_template_loop(ops);
        }
    }
}

/// Copies `chunks` 16-byte chunks of the template at rdx to `to + at`.
fn copy_chunks(ops: &mut Ops, chunks: i32, to: Gpr, at: i32) {
    for k in 0..chunks {
        x64!(ops
            ; movups xmm0, [rdx + 16 * k]
            ; movups [Rq(to) + at + 16 * k], xmm0
        );
    }
}

/// Copies the callee's (rcx) whole template to rdi, in a loop, and
/// enters it.
fn copy_template_loop(ops: &mut Ops) {
    x64!(ops
        ; mov rdx, [rcx + FI_TEMPLATE]
        ; mov r8, [rcx + FI_CHUNKS]
        ; chunk:
        ; movups xmm0, [rdx]
        ; movups [rdi], xmm0
        ; add rdx, 16
        ; add rdi, 16
        ; sub r8, 1
        ; jnz <chunk
    );
    enter(ops);
}

/// Enters the callee (rcx) with its frame at rsi.
fn enter(ops: &mut Ops) {
    x64!(ops
        ; mov func, rcx
        ; mov pc, [rcx + FI_CODE]
        ; mov base, rsi
    );
    dispatch(ops);
}

/// A return to an interpreted caller in this activation, through the
/// call site's record the frame points to. A return from the entry frame,
/// or to a frame the portable loop pushed (it has no record), is the
/// portable loop's.
fn ret(ops: &mut Ops) {
    x64!(ops
        ; cmp frames, [ctx + C_FRAMES_FLOOR]
        ; je ->bail
        ; mov rdx, [frames + FRAME_SITE - FRAME_BYTES]
        ; test rdx, rdx
        ; jz ->bail
        ; mov ecx, [pc + 4]
        ; mov rsi, [base + rcx * 8]
        ; sub frames, FRAME_BYTES
        ; mov pc, [rdx + SITE_RESUME]
        ; mov func, [rdx + SITE_CALLER]
        ; sub base, [rdx + SITE_CALLER_BYTES]
        ; mov ecx, [rdx + SITE_DEST]
        ; mov [base + rcx * 8], rsi
    );
    dispatch(ops);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_has_a_handler_and_a_distinct_number() {
        let ops = all_ops();
        let mut seen: Vec<usize> = ops.iter().map(|&op| op as usize).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), ops.len());
        assert_eq!(*seen.last().unwrap() + 1, ops.len());
        assert_eq!(ops.len(), FORMS_AT);
    }

    /// Every handler number below `HANDLERS` belongs to exactly one
    /// handler the loop lays out.
    #[test]
    fn the_handlers_are_numbered_once_each() {
        let mut seen = vec![false; HANDLERS];
        for h in Handler::all() {
            let n = h.number() as usize;
            assert!(!seen[n], "{h:?} shares number {n}");
            seen[n] = true;
        }
        assert!(seen.iter().all(|&s| s), "a number no handler has");
    }

    #[test]
    fn branches_carry_byte_displacements() {
        let program = crate::load(
            b"func main()\n    mov %i, 0\nl:\n    add %i, %i, 1\n    jlt %i, 3, l\n    jmp e\ne:\n    ret %i\nend\n",
        )
        .expect("loads");
        let code = encode(
            program.main,
            program.func(program.main),
            &program,
            &mut Vec::new(),
            &mut Vec::new(),
        );
        assert_eq!(code[2].c as i32, -16);
        assert_eq!(code[3].c as i32, 16);
        let (firsts, targets) = (tail_firsts(), tail_targets());
        let fused = |first: u32, second: u32| {
            let x = firsts.iter().position(|&h| h == first).expect("a first");
            let y = targets.iter().position(|&h| h == second).expect("a target");
            Handler::Tail {
                first: x,
                second: y,
            }
            .number()
        };
        // The add, in place, goes straight on to the branch after it.
        let add = Handler::Form(Form::AddInPlace).number();
        assert_eq!(code[1].op, fused(add, Op::Jlt as u32));
        // So does the move before the add; the branch dispatches.
        assert_eq!(code[0].op, fused(Op::Mov as u32, add));
        assert_eq!(code[2].op, Op::Jlt as u32);
    }

    #[test]
    fn forms_are_chosen_by_operands() {
        let program = crate::load(
            b"func main(%p)\n    add %s, %p, %s\n    sub %s, %s, 1\n    sub %t, 1, %t\n    load %a, [%p]\n    load %b, [%p+1]\n    store [%p], %a\n    store [%p+2], %b\n    ret %s\nend\n",
        )
        .expect("loads");
        let f = program.func(program.main);
        let forms: Vec<Option<Form>> = f
            .interp_code
            .iter()
            .map(|ins| specialize(f, ins).map(|(form, _, _)| form))
            .collect();
        use Form::*;
        let expected = [
            Some(AddInPlace),
            Some(SubInPlace),
            None,
            Some(LoadAtBase),
            None,
            Some(StoreAtBase),
            None,
            None,
        ];
        assert_eq!(forms, expected);
        // The in-place add's other operand moved to c.
        let add = f.interp_code[0];
        assert_eq!(specialize(f, &add), Some((AddInPlace, add.a, add.b)));
    }

    /// The loop's dynasm aliases name the registers the machine
    /// environment gives it.
    #[test]
    fn the_aliases_are_the_environment_s_registers() {
        use x64::env::interp as r;
        let (mut aliased, mut named) = (Ops::new(Default::default()), Ops::new(Default::default()));
        x64!(aliased
            ; mov pc, rax ; mov base, rax ; mov table, rax ; mov mem, rax
            ; mov cells, rax ; mov ctx, rax ; mov func, rax ; mov frames, rax
        );
        for reg in [
            r::PC,
            r::BASE,
            r::TABLE,
            r::MEMORY,
            r::CELLS,
            r::CTX,
            r::FUNC,
            r::FRAMES,
        ] {
            dynasm!(named ; .arch x64 ; mov Rq(reg), rax);
        }
        let code = |ops: Ops| ops.finish().expect("assembles").code;
        assert_eq!(code(aliased), code(named));
    }

    #[test]
    fn the_tables_match_the_loop_s_offsets() {
        assert_eq!(std::mem::size_of::<FuncInfo>(), 64);
        assert_eq!(std::mem::size_of::<AsmInstr>(), 16);
    }

    /// Runs `src`'s `main(n)` in the machine-code loop (or the portable
    /// one) and returns what it printed and its result.
    fn run(src: &str, n: i64, asm: bool) -> (Vec<u8>, Result<u64, String>) {
        let program = crate::load(src.as_bytes()).expect("loads");
        let buffer = crate::runtime::SharedBuffer::default();
        let out = crate::Output::capture(buffer.clone());
        let mut vm = crate::Vm::new(&program, out, crate::Limits::default()).expect("vm");
        assert!(vm.has_asm_interpreter());
        if !asm {
            vm.use_portable_interpreter();
        }
        let result = vm.run(&[n], false).map_err(|t| t.render(&program, "t.bc"));
        vm.out.flush();
        (buffer.contents(), result)
    }

    /// Calls with more arguments than the unrolled handlers take, frames
    /// whose templates need the copy loop, recursion, and a trap deep in
    /// it: the same in both loops.
    #[test]
    fn long_calls_and_wide_frames_agree_with_the_portable_loop() {
        let src = "func wide(%a, %b, %c, %d, %e, %f)
    add %r0, %a, 100
    add %r1, %b, 200
    add %r2, %c, 300
    add %r3, %d, 400
    add %r4, %e, 500
    add %r5, %f, 600
    add %s, %r0, %r1
    add %s, %s, %r2
    add %s, %s, %r3
    add %s, %s, %r4
    add %s, %s, %r5
    mul %s, %s, 7
    ret %s
end
func down(%n, %k)
    jz %n, bottom
    sub %m, %n, 1
    call %x, wide, %n, %k, 1, 2, 3, 4
    print %x
    call %r, down, %m, %k
    div %q, 1000, %m
    add %r, %r, %q
    ret %r
bottom:
    ret 0
end
func main(%n)
    call %r, down, %n, 9
    print %r
    ret 0
end
";
        let (asm_out, asm_result) = run(src, 6, true);
        let (portable_out, portable_result) = run(src, 6, false);
        assert_eq!(asm_out, portable_out);
        assert_eq!(asm_result, portable_result);
        assert_eq!(
            asm_result,
            Err("t.bc:22:5: trap: division by zero (in function down)".to_string())
        );
        assert!(asm_out.starts_with(b"14875\n14868\n"));
    }
}
