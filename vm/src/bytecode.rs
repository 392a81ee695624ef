//! The lowered program: what the loader produces and both tiers consume.
//!
//! Every operand that reads a value is a frame *slot*. A frame holds the
//! function's registers (parameters first) followed by its constants, so an
//! immediate is just a slot whose value the callee's frame is seeded with on
//! entry (Lua's "RK" operands, without the tag bit). Dispatch never asks
//! "register or immediate?", and the compiler can still tell the two apart:
//! a slot at or above `Function::nregs` is the constant
//! `consts[slot - nregs]`.

use std::fmt;
use std::sync::OnceLock;

/// Index of a function in `Program::funcs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct FuncId(pub u32);

impl FuncId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A frame slot: a register (below `nregs`) or a constant (at or above).
pub type Slot = u32;

/// A 1-based source position (columns count characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Opcodes, dense so the interpreter's `match` becomes one jump table.
///
/// Operand layout in [`Instr`] (`d` destination slot, `x`/`y` source slots,
/// `T` an instruction index):
///
/// | ops | a | b | c |
/// |---|---|---|---|
/// | `Mov`, unary ops | d | x | - |
/// | binary ops, compares | d | x | y |
/// | `Load` | d | base | offset (a constant slot) |
/// | `Store` | base | offset | value |
/// | `Jmp` | T | - | - |
/// | `Jz`, `Jnz` | x | - | T |
/// | `Jeq`..`Jge` | x | y | T |
/// | `Call` | d | callee `FuncId` | first index in `Program::call_args` |
/// | `Ret`, `Print`, `PutC` | x | - | - |
/// | `FPrint` | x | precision | - |
/// | `PutS` | string index | - | - |
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Mov,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    Ushr,
    Neg,
    Not,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FNeg,
    FSqrt,
    FEq,
    FNe,
    FLt,
    FLe,
    FGt,
    FGe,
    IToF,
    FToI,
    Load,
    Store,
    Jmp,
    Jz,
    Jnz,
    Jeq,
    Jne,
    Jlt,
    Jle,
    Jgt,
    Jge,
    Call,
    Ret,
    Print,
    FPrint,
    PutC,
    PutS,
    // Interpreter-only superinstructions, never in `Function::code`: a
    // `jmp` whose target is a conditional branch, fused with that branch
    // (`a` is the branch's index). They save a dispatch per iteration of
    // every `while`-shaped loop.
    JmpJz,
    JmpJnz,
    JmpJeq,
    JmpJne,
    JmpJlt,
    JmpJle,
    JmpJgt,
    JmpJge,
}

/// What an operand position of an instruction accepts, as the source
/// language sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandKind {
    /// A destination register.
    Dest,
    /// A register or an integer immediate.
    Int,
    /// A register or a float immediate.
    Float,
    /// A register or an immediate of either type (its bits).
    Any,
    /// `[BASE]`, `[BASE+K]`, `[BASE-K]`.
    Mem,
    /// A label in the same function.
    Label,
    /// A function name, followed by any number of `Any` arguments.
    Callee,
    /// `fprint`'s digit count: an integer literal 0..=17.
    Precision,
    /// A string literal.
    Str,
}

use OperandKind as K;

/// Every mnemonic with its opcode and operand signature.
/// A name of one to eight bytes, none of them zero, as one number (its
/// bytes little-endian, zero-padded), so that names compare and hash as
/// integers.
pub(crate) fn short_name_key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > 8 || bytes.contains(&0) {
        return None;
    }
    let mut key = [0u8; 8];
    key[..bytes.len()].copy_from_slice(bytes);
    Some(u64::from_le_bytes(key))
}

pub const MNEMONICS: &[(&str, Op, &[OperandKind])] = &[
    ("mov", Op::Mov, &[K::Dest, K::Any]),
    ("add", Op::Add, &[K::Dest, K::Int, K::Int]),
    ("sub", Op::Sub, &[K::Dest, K::Int, K::Int]),
    ("mul", Op::Mul, &[K::Dest, K::Int, K::Int]),
    ("div", Op::Div, &[K::Dest, K::Int, K::Int]),
    ("rem", Op::Rem, &[K::Dest, K::Int, K::Int]),
    ("and", Op::And, &[K::Dest, K::Int, K::Int]),
    ("or", Op::Or, &[K::Dest, K::Int, K::Int]),
    ("xor", Op::Xor, &[K::Dest, K::Int, K::Int]),
    ("shl", Op::Shl, &[K::Dest, K::Int, K::Int]),
    ("shr", Op::Shr, &[K::Dest, K::Int, K::Int]),
    ("ushr", Op::Ushr, &[K::Dest, K::Int, K::Int]),
    ("neg", Op::Neg, &[K::Dest, K::Int]),
    ("not", Op::Not, &[K::Dest, K::Int]),
    ("eq", Op::Eq, &[K::Dest, K::Int, K::Int]),
    ("ne", Op::Ne, &[K::Dest, K::Int, K::Int]),
    ("lt", Op::Lt, &[K::Dest, K::Int, K::Int]),
    ("le", Op::Le, &[K::Dest, K::Int, K::Int]),
    ("gt", Op::Gt, &[K::Dest, K::Int, K::Int]),
    ("ge", Op::Ge, &[K::Dest, K::Int, K::Int]),
    ("fadd", Op::FAdd, &[K::Dest, K::Float, K::Float]),
    ("fsub", Op::FSub, &[K::Dest, K::Float, K::Float]),
    ("fmul", Op::FMul, &[K::Dest, K::Float, K::Float]),
    ("fdiv", Op::FDiv, &[K::Dest, K::Float, K::Float]),
    ("fneg", Op::FNeg, &[K::Dest, K::Float]),
    ("fsqrt", Op::FSqrt, &[K::Dest, K::Float]),
    ("feq", Op::FEq, &[K::Dest, K::Float, K::Float]),
    ("fne", Op::FNe, &[K::Dest, K::Float, K::Float]),
    ("flt", Op::FLt, &[K::Dest, K::Float, K::Float]),
    ("fle", Op::FLe, &[K::Dest, K::Float, K::Float]),
    ("fgt", Op::FGt, &[K::Dest, K::Float, K::Float]),
    ("fge", Op::FGe, &[K::Dest, K::Float, K::Float]),
    ("itof", Op::IToF, &[K::Dest, K::Int]),
    ("ftoi", Op::FToI, &[K::Dest, K::Float]),
    ("load", Op::Load, &[K::Dest, K::Mem]),
    ("store", Op::Store, &[K::Mem, K::Any]),
    ("jmp", Op::Jmp, &[K::Label]),
    ("jz", Op::Jz, &[K::Int, K::Label]),
    ("jnz", Op::Jnz, &[K::Int, K::Label]),
    ("jeq", Op::Jeq, &[K::Int, K::Int, K::Label]),
    ("jne", Op::Jne, &[K::Int, K::Int, K::Label]),
    ("jlt", Op::Jlt, &[K::Int, K::Int, K::Label]),
    ("jle", Op::Jle, &[K::Int, K::Int, K::Label]),
    ("jgt", Op::Jgt, &[K::Int, K::Int, K::Label]),
    ("jge", Op::Jge, &[K::Int, K::Int, K::Label]),
    ("call", Op::Call, &[K::Dest, K::Callee]),
    ("ret", Op::Ret, &[K::Any]),
    ("print", Op::Print, &[K::Int]),
    ("fprint", Op::FPrint, &[K::Float, K::Precision]),
    ("putc", Op::PutC, &[K::Int]),
    ("puts", Op::PutS, &[K::Str]),
];

impl Op {
    pub fn mnemonic(self) -> &'static str {
        // A superinstruction shows as the `jmp` it stands for.
        MNEMONICS.get(self as usize).map_or("jmp", |m| m.0)
    }

    /// The superinstruction for a `jmp` to conditional branch `self`.
    pub fn fused_with_jump(self) -> Option<Op> {
        Some(match self {
            Op::Jz => Op::JmpJz,
            Op::Jnz => Op::JmpJnz,
            Op::Jeq => Op::JmpJeq,
            Op::Jne => Op::JmpJne,
            Op::Jlt => Op::JmpJlt,
            Op::Jle => Op::JmpJle,
            Op::Jgt => Op::JmpJgt,
            Op::Jge => Op::JmpJge,
            _ => return None,
        })
    }

    pub fn from_mnemonic(name: &str) -> Option<(Op, &'static [OperandKind])> {
        // A binary search over the mnemonics as numbers: a linear search
        // comparing strings was a tenth of the parser's time.
        static BY_KEY: OnceLock<Vec<(u64, Op)>> = OnceLock::new();
        let table = BY_KEY.get_or_init(|| {
            let mut table: Vec<(u64, Op)> = MNEMONICS
                .iter()
                .map(|&(m, op, _)| (short_name_key(m).expect("mnemonics are short"), op))
                .collect();
            table.sort_unstable_by_key(|&(key, _)| key);
            table
        });
        let key = short_name_key(name)?;
        let at = table.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        let op = table[at].1;
        Some((op, MNEMONICS[op as usize].2))
    }

    /// Branches that may fall through to the next instruction.
    pub fn is_cond_branch(self) -> bool {
        matches!(
            self,
            Op::Jz | Op::Jnz | Op::Jeq | Op::Jne | Op::Jlt | Op::Jle | Op::Jgt | Op::Jge
        )
    }

    /// Comparisons, integer and float: 1 or 0.
    pub fn is_comparison(self) -> bool {
        matches!(self, Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge)
            || self.is_float_comparison()
    }

    /// Comparisons of floats.
    pub fn is_float_comparison(self) -> bool {
        matches!(
            self,
            Op::FEq | Op::FNe | Op::FLt | Op::FLe | Op::FGt | Op::FGe
        )
    }

    /// Operations that read their operands as floats (`ftoi` included;
    /// `itof` reads an integer).
    pub fn reads_floats(self) -> bool {
        matches!(
            self,
            Op::FAdd | Op::FSub | Op::FMul | Op::FDiv | Op::FNeg | Op::FSqrt | Op::FToI
        ) || self.is_float_comparison()
    }

    /// Instructions after which control does not fall through.
    pub fn is_terminator(self) -> bool {
        matches!(self, Op::Jmp | Op::Ret)
    }

    /// Whether an instruction of this opcode writes a register (its `a`).
    pub fn writes(self) -> bool {
        !(self.is_cond_branch()
            || matches!(
                self,
                Op::Store
                    | Op::Jmp
                    | Op::Ret
                    | Op::Print
                    | Op::FPrint
                    | Op::PutC
                    | Op::PutS
                    | Op::JmpJz
                    | Op::JmpJnz
                    | Op::JmpJeq
                    | Op::JmpJne
                    | Op::JmpJlt
                    | Op::JmpJle
                    | Op::JmpJgt
                    | Op::JmpJge
            ))
    }

    /// The branch target of a branch instruction.
    pub fn target(self, ins: &Instr) -> Option<u32> {
        match self {
            Op::Jmp => Some(ins.a),
            _ if self.is_cond_branch() => Some(ins.c),
            _ => None,
        }
    }
}

/// One lowered instruction: 16 bytes, operands decoded once at load time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    pub op: Op,
    pub a: u32,
    pub b: u32,
    pub c: u32,
}

impl Instr {
    pub fn new(op: Op, a: u32, b: u32, c: u32) -> Instr {
        Instr { op, a, b, c }
    }
}

/// See `Function::template_head`.
pub const TEMPLATE_HEAD: usize = 8;

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// Position of the function's name in its `func` line.
    pub pos: Pos,
    pub nparams: u32,
    /// Registers, parameters included: slots `0..nregs`.
    pub nregs: u32,
    /// Constant slots `nregs..nregs + consts.len()`, as raw bits.
    pub consts: Vec<u64>,
    /// What a new frame holds above its parameters: zeroed registers, then
    /// the constants. Entering the function copies it in one go.
    pub frame_template: Vec<u64>,
    /// The first `TEMPLATE_HEAD` slots of `frame_template`, zero-padded: a
    /// small frame is seeded with one fixed-size copy instead of a call to
    /// `memcpy`.
    pub template_head: [u64; TEMPLATE_HEAD],
    /// `nparams + frame_template.len()`, kept for the call path.
    pub slots: usize,
    pub code: Vec<Instr>,
    /// What the interpreter runs: `code` with superinstructions in place of
    /// some instructions, index for index (so positions and targets hold).
    pub interp_code: Vec<Instr>,
    /// Source position of each instruction's mnemonic (parallel to `code`).
    pub positions: Vec<Pos>,
    /// Register names without `%`, indexed by slot.
    pub reg_names: Vec<String>,
    /// Labels and the instruction index each names, in source order.
    pub labels: Vec<(String, u32)>,
    /// The functions it calls, each once, in the order of their first
    /// call: what a compiler walks to learn which counts a compile may
    /// read, without scanning the code on the VM's thread.
    pub callees: Vec<FuncId>,
    /// The `call` instructions in the whole program that name it: a
    /// function called from one place can be inlined there at no cost in
    /// code size.
    pub call_sites: u32,
    /// Whether a call of it may write memory: it has a `store`, or calls a
    /// function that may. A call that may not leaves every cell as it was
    /// (what a compiler may keep in registers across it).
    pub stores: bool,
}

impl Function {
    /// Slots a frame of this function occupies.
    #[inline]
    pub fn frame_size(&self) -> usize {
        self.slots
    }

    /// The constant a slot holds, if it is a constant slot.
    pub fn constant(&self, slot: Slot) -> Option<u64> {
        slot.checked_sub(self.nregs)
            .map(|i| self.consts[i as usize])
    }

    /// The label that names instruction `index`, if any (the first one).
    pub fn label_at(&self, index: u32) -> Option<&str> {
        self.labels
            .iter()
            .find(|(_, at)| *at == index)
            .map(|(name, _)| name.as_str())
    }
}

#[derive(Clone, Debug)]
pub struct Program {
    pub funcs: Vec<Function>,
    pub main: FuncId,
    /// Cells of 8 bytes in the linear memory.
    pub memory_cells: u64,
    /// Argument slots of every `call`, in the caller's frame; a call's
    /// arguments are `call_args[c..c + callee.nparams]`.
    pub call_args: Vec<Slot>,
    /// Byte strings of every `puts`.
    pub strings: Vec<Vec<u8>>,
}

impl Program {
    pub fn func(&self, id: FuncId) -> &Function {
        &self.funcs[id.index()]
    }

    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.funcs
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }

    /// The argument slots of the call instruction `ins` (in its caller).
    pub fn call_arg_slots(&self, ins: &Instr) -> &[Slot] {
        let n = self.funcs[ins.b as usize].nparams as usize;
        let start = ins.c as usize;
        &self.call_args[start..start + n]
    }

    /// Calls `f` with each slot `ins` reads, in operand order.
    pub fn for_each_read(&self, ins: &Instr, mut f: impl FnMut(Slot)) {
        match ins.op {
            Op::Jmp | Op::PutS => {}
            Op::Jz | Op::Jnz | Op::Ret | Op::Print | Op::PutC | Op::FPrint => f(ins.a),
            Op::Mov | Op::Neg | Op::Not | Op::FNeg | Op::FSqrt | Op::IToF | Op::FToI => f(ins.b),
            Op::Store => {
                f(ins.a);
                f(ins.b);
                f(ins.c);
            }
            Op::Call => self.call_arg_slots(ins).iter().for_each(|&s| f(s)),
            op if op.is_cond_branch() => {
                f(ins.a);
                f(ins.b);
            }
            _ => {
                f(ins.b);
                f(ins.c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mnemonic_table_is_indexed_by_opcode() {
        for (i, (name, op, _)) in MNEMONICS.iter().enumerate() {
            assert_eq!(*op as usize, i, "{name}");
            assert_eq!(op.mnemonic(), *name);
            assert_eq!(Op::from_mnemonic(name).map(|(o, _)| o), Some(*op));
        }
        for name in ["", "ad", "addd", "add\0", "jmpjz", "fprintxx", "Add"] {
            assert_eq!(Op::from_mnemonic(name), None, "{name:?}");
        }
        assert_eq!(MNEMONICS.len(), Op::PutS as usize + 1);
        assert_eq!(Op::JmpJge.mnemonic(), "jmp");
    }

    #[test]
    fn instr_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Instr>(), 16);
    }
}
