//! Each operation's encoding, written once for the three code generators
//! (the interpreter's machine-code loop, the baseline compiler and the
//! optimizing back end): the integer, shift and float templates on
//! registers, immediates and frame slots, and the sequences whose
//! semantics the spec fixes at the edges: checked division (`MIN / -1`),
//! saturating float-to-integer conversion, NaN-aware float comparison.
//!
//! Memory operands are frame slots, `[rbp + disp32]`, and cells of the
//! linear memory, `[r14 + index * 8 + disp]` (`env::pinned`), with the
//! base named statically. dynasm encodes a displacement known only at run
//! time in four bytes, and `mov` of a run-time immediate in the form the
//! template names; `load`, `store` and `mov_imm` encode the 64-bit moves
//! between a register and `[base + disp]`, and of a constant, in their
//! shortest forms themselves (Intel SDM vol. 2, 2.1 and 2.2: ModRM, SIB,
//! REX). Otherwise dynasm encodes a dynamic base register with a
//! SIB byte and a dynamic index with a displacement even when it is
//! zero, so the interpreter's `[base + index * 8]` operands stay written
//! in its own templates, where the registers are static aliases.

// dynasm expands a dynamic register `Rq(r)` to `r.into()`.
#![allow(clippy::useless_conversion)]

use crate::cond::Cond;
use crate::regs::{Gpr, Xmm, R14, RAX};
use dynasmrt::{dynasm, x64::X64Relocation, DynamicLabel, DynasmApi, DynasmLabelApi};

/// What every emitting function writes into: the code buffer, or any
/// dynasm assembler for x86-64.
pub trait Asm: DynasmApi + DynasmLabelApi<Relocation = X64Relocation> {}
impl<T: DynasmApi + DynasmLabelApi<Relocation = X64Relocation>> Asm for T {}

/// A right-hand integer operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    /// Sign-extended to 64 bits, as x86 reads immediates.
    Imm(i32),
    Reg(Gpr),
    /// A frame slot, `[rbp + offset]`.
    Frame(i32),
    /// Memory: a cell of the linear memory, or a row's.
    Mem(Mem),
}

/// A memory operand, `[base + index * 8 + disp]`: a cell of the linear
/// memory (`base` r14, the memory's address, and `index` the cell's
/// number), or a cell of a row whose machine address `base` holds
/// (`index` the cell's number in the row, if not folded into `disp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mem {
    pub base: Gpr,
    pub index: Option<Gpr>,
    pub disp: i32,
}

impl Mem {
    /// `[r14 + cell * 8 + disp]`.
    pub const fn cell(cell: Gpr, disp: i32) -> Mem {
        Mem {
            base: R14,
            index: Some(cell),
            disp,
        }
    }

    /// `[r14 + cell * 8]` for a constant cell.
    pub const fn fixed(cell: i32) -> Mem {
        Mem {
            base: R14,
            index: None,
            disp: cell * 8,
        }
    }

    /// Whether the operand reads register `r`.
    pub fn reads(self, r: Gpr) -> bool {
        self.base == r || self.index == Some(r)
    }
}

/// `dynasm!($ops ; .arch x64 ; PRE [m] POST)` with the `Mem` `m` spelled
/// as a dynasm memory operand: the displacement left out where it is 0
/// (four bytes shorter), the index where there is none.
#[macro_export]
macro_rules! with_mem {
    ($ops:expr, $m:expr, [$($pre:tt)*], [$($post:tt)*]) => {
        match $m {
            // The memory's own cells: r14 named, as a register dynasm
            // is only given at run time costs a zero displacement (it
            // might be rbp or r13).
            $crate::encode::Mem { base: $crate::regs::R14, index: Some(index), disp: 0 } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [r14 + Rq(index) * 8] $($post)*)
            }
            $crate::encode::Mem { base: $crate::regs::R14, index: Some(index), disp } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [r14 + Rq(index) * 8 + disp] $($post)*)
            }
            $crate::encode::Mem { base: $crate::regs::R14, index: None, disp } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [r14 + disp] $($post)*)
            }
            $crate::encode::Mem { base, index: Some(index), disp: 0 } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [Rq(base) + Rq(index) * 8] $($post)*)
            }
            $crate::encode::Mem { base, index: Some(index), disp } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [Rq(base) + Rq(index) * 8 + disp] $($post)*)
            }
            $crate::encode::Mem { base, index: None, disp } => {
                dynasm!($ops ; .arch x64 ; $($pre)* [Rq(base) + disp] $($post)*)
            }
        }
    };
}

/// A right-hand float operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XSrc {
    Reg(Xmm),
    /// A frame slot, `[rbp + offset]`.
    Frame(i32),
    /// A constant in the pool after the code, `[rip + label]`.
    Pool(DynamicLabel),
    /// Memory: a cell of the linear memory, or a row's.
    Mem(Mem),
}

/// `$mn d, s` for each form of integer operand but the immediate; a
/// cell without a displacement is four bytes shorter.
macro_rules! int_forms {
    ($ops:ident, $mn:ident, $d:ident, $s:expr) => {
        match $s {
            Src::Imm(_) => unreachable!("immediates are each operation's own"),
            Src::Reg(r) => dynasm!($ops ; .arch x64 ; $mn Rq($d), Rq(r)),
            Src::Frame(m) => dynasm!($ops ; .arch x64 ; $mn Rq($d), QWORD [rbp + m]),
            Src::Mem(m) => $crate::with_mem!($ops, m, [$mn Rq($d), QWORD], []),
        }
    };
}

/// `$mn d, s` for each form of float operand.
macro_rules! float_forms {
    ($ops:ident, $mn:ident, $d:ident, $s:expr) => {
        match $s {
            XSrc::Reg(r) => dynasm!($ops ; .arch x64 ; $mn Rx($d), Rx(r)),
            XSrc::Frame(m) => dynasm!($ops ; .arch x64 ; $mn Rx($d), QWORD [rbp + m]),
            XSrc::Pool(at) => dynasm!($ops ; .arch x64 ; $mn Rx($d), QWORD [=>at]),
            XSrc::Mem(m) => $crate::with_mem!($ops, m, [$mn Rx($d), QWORD], []),
        }
    };
}

/// `$mn d, a, s` in its VEX (three-operand) form for each kind of
/// source.
macro_rules! vex_forms {
    ($ops:ident, $mn:ident, $d:ident, $a:ident, $s:expr) => {
        match $s {
            XSrc::Reg(r) => dynasm!($ops ; .arch x64 ; $mn Rx($d), Rx($a), Rx(r)),
            XSrc::Frame(m) => dynasm!($ops ; .arch x64 ; $mn Rx($d), Rx($a), QWORD [rbp + m]),
            XSrc::Pool(at) => dynasm!($ops ; .arch x64 ; $mn Rx($d), Rx($a), QWORD [=>at]),
            XSrc::Mem(m) => $crate::with_mem!($ops, m, [$mn Rx($d), Rx($a), QWORD], []),
        }
    };
}

/// Two-operand integer arithmetic, `d = d op s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alu {
    Add,
    Sub,
    Imul,
    And,
    Or,
    Xor,
}

impl Alu {
    /// Whether `a op b = b op a`.
    pub const fn commutes(self) -> bool {
        !matches!(self, Alu::Sub)
    }
}

/// Shifts; the hardware masks the count to 6 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shift {
    Shl,
    /// Arithmetic (sign-filling) right shift.
    Sar,
    /// Logical (zero-filling) right shift.
    Shr,
}

/// Scalar double arithmetic, `d = d op s`, each operation rounded on its
/// own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sse {
    Add,
    Sub,
    Mul,
    Div,
}

impl Sse {
    /// IEEE addition and multiplication commute (only a NaN's payload
    /// could tell, and the spec leaves NaN bits open).
    pub const fn commutes(self) -> bool {
        matches!(self, Sse::Add | Sse::Mul)
    }
}

/// Which result of a signed division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Division {
    Quotient,
    Remainder,
}

/// An ordered float comparison (`ucomisd`), true for an unordered pair
/// (a NaN on either side) only when it is `Ne`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatCmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl FloatCmp {
    /// Whether `a ? b` is asked as `ucomisd b, a`: `ucomisd` sets ZF, PF
    /// and CF all three for an unordered pair, so `a < b` is asked as
    /// `b > a` ("above": CF and ZF clear), which is false then, as every
    /// ordered comparison must be.
    pub const fn swaps(self) -> bool {
        matches!(self, FloatCmp::Lt | FloatCmp::Le)
    }

    /// The one flags condition that says this comparison after
    /// `ucomisd` (operands as `swaps` says), if there is one: `a` and
    /// `ae`, which (with their negations `be` and `b`) already treat an
    /// unordered pair right. Equality needs the parity flag too.
    pub const fn condition(self) -> Option<Cond> {
        match self {
            FloatCmp::Lt | FloatCmp::Gt => Some(Cond::A),
            FloatCmp::Le | FloatCmp::Ge => Some(Cond::Ae),
            FloatCmp::Eq | FloatCmp::Ne => None,
        }
    }
}

/// REX.W with the high bits of the `reg` and `rm` fields.
#[inline]
fn rex_w(reg: u8, rm: u8) -> u8 {
    0x48 | (reg >> 3) << 2 | rm >> 3
}

/// The ModRM byte (and SIB, and displacement) of `[base + disp]` with
/// `reg` in the reg field: no displacement where there is none (but rbp
/// and r13 as a base need one), one byte where it fits, else four; rsp
/// and r12 as a base need a SIB byte.
#[inline]
fn memory_operand(ops: &mut impl Asm, reg: u8, base: Gpr, disp: i32) {
    let rm = base.number() & 7;
    let (mode, short) = match i8::try_from(disp) {
        Ok(0) if rm != 5 => (0b00, None),
        Ok(d) => (0b01, Some(d)),
        Err(_) => (0b10, None),
    };
    ops.push(mode << 6 | (reg & 7) << 3 | rm);
    if rm == 4 {
        ops.push(0x24);
    }
    match (mode, short) {
        (0b01, Some(d)) => ops.push(d as u8),
        (0b10, _) => ops.push_i32(disp),
        _ => {}
    }
}

/// `mov d, QWORD [base + disp]`, its displacement in as few bytes as fit.
#[inline]
pub fn load(ops: &mut impl Asm, d: Gpr, base: Gpr, disp: i32) {
    ops.push(rex_w(d.number(), base.number()));
    ops.push(0x8b);
    memory_operand(ops, d.number(), base, disp);
}

/// `mov QWORD [base + disp], s`, its displacement in as few bytes as fit.
#[inline]
pub fn store(ops: &mut impl Asm, base: Gpr, disp: i32, s: Gpr) {
    ops.push(rex_w(s.number(), base.number()));
    ops.push(0x89);
    memory_operand(ops, s.number(), base, disp);
}

/// `d = value`, in the shortest form: `xor` for zero (which also clears
/// the flags: not between a compare and its branch), a 32-bit `mov`
/// (zero-extended) for what fits 32 unsigned bits, a sign-extended
/// 32-bit immediate for small negatives, else the 64-bit `movabs`.
#[inline]
pub fn mov_imm(ops: &mut impl Asm, d: Gpr, value: i64) {
    // dynasm gives a dynamic register a REX prefix whether it needs one
    // or not: the forms are written out here.
    let (low, high) = (d.number() & 7, d.number() >> 3);
    if value == 0 {
        if high != 0 {
            ops.push(0x45);
        }
        ops.push(0x31);
        ops.push(0xc0 | low << 3 | low);
    } else if let Ok(v) = u32::try_from(value) {
        if high != 0 {
            ops.push(0x41);
        }
        ops.push(0xb8 | low);
        ops.push_u32(v);
    } else if let Ok(v) = i32::try_from(value) {
        ops.push(0x48 | high);
        ops.push(0xc7);
        ops.push(0xc0 | low);
        ops.push_i32(v);
    } else {
        ops.push(0x48 | high);
        ops.push(0xb8 | low);
        ops.push_i64(value);
    }
}

/// `add d, i`, in the sign-extended 8-bit form where `i` fits it (3
/// bytes shorter).
#[inline]
pub fn add_imm(ops: &mut impl Asm, d: Gpr, i: i32) {
    match i8::try_from(i) {
        Ok(b) => dynasm!(ops ; .arch x64 ; add Rq(d), BYTE b),
        Err(_) => dynasm!(ops ; .arch x64 ; add Rq(d), i),
    }
}

/// `sub d, i`, as `add_imm` (the flags, carry included, are `sub`'s).
#[inline]
pub fn sub_imm(ops: &mut impl Asm, d: Gpr, i: i32) {
    match i8::try_from(i) {
        Ok(b) => dynasm!(ops ; .arch x64 ; sub Rq(d), BYTE b),
        Err(_) => dynasm!(ops ; .arch x64 ; sub Rq(d), i),
    }
}

/// `d op= s`. An `add` or `sub` of an immediate that fits a byte takes
/// the sign-extended 8-bit form, 3 bytes shorter; `imul` by an immediate
/// is the three-operand form on `d`.
pub fn alu(ops: &mut impl Asm, op: Alu, d: Gpr, s: Src) {
    match (op, s) {
        (Alu::Add, Src::Imm(i)) => add_imm(ops, d, i),
        (Alu::Sub, Src::Imm(i)) => sub_imm(ops, d, i),
        (Alu::Imul, Src::Imm(i)) => dynasm!(ops ; .arch x64 ; imul Rq(d), Rq(d), i),
        (Alu::And, Src::Imm(i)) => dynasm!(ops ; .arch x64 ; and Rq(d), i),
        (Alu::Or, Src::Imm(i)) => dynasm!(ops ; .arch x64 ; or Rq(d), i),
        (Alu::Xor, Src::Imm(i)) => dynasm!(ops ; .arch x64 ; xor Rq(d), i),
        (Alu::Add, s) => int_forms!(ops, add, d, s),
        (Alu::Sub, s) => int_forms!(ops, sub, d, s),
        (Alu::Imul, s) => int_forms!(ops, imul, d, s),
        (Alu::And, s) => int_forms!(ops, and, d, s),
        (Alu::Or, s) => int_forms!(ops, or, d, s),
        (Alu::Xor, s) => int_forms!(ops, xor, d, s),
    }
}

/// `cmp a, s`; against zero, `test a, a`, which sets the same flags in
/// fewer bytes.
pub fn compare(ops: &mut impl Asm, a: Gpr, s: Src) {
    match s {
        Src::Imm(0) => dynasm!(ops ; .arch x64 ; test Rq(a), Rq(a)),
        Src::Imm(i) => dynasm!(ops ; .arch x64 ; cmp Rq(a), i),
        s => int_forms!(ops, cmp, a, s),
    }
}

/// `d` shifted by `cl`.
pub fn shift_by_cl(ops: &mut impl Asm, op: Shift, d: Gpr) {
    match op {
        Shift::Shl => dynasm!(ops ; .arch x64 ; shl Rq(d), cl),
        Shift::Sar => dynasm!(ops ; .arch x64 ; sar Rq(d), cl),
        Shift::Shr => dynasm!(ops ; .arch x64 ; shr Rq(d), cl),
    }
}

/// `d` shifted by a constant, masked to 6 bits as the hardware would.
pub fn shift_by(ops: &mut impl Asm, op: Shift, d: Gpr, count: u64) {
    let count = (count & 63) as i8;
    match op {
        Shift::Shl => dynasm!(ops ; .arch x64 ; shl Rq(d), count),
        Shift::Sar => dynasm!(ops ; .arch x64 ; sar Rq(d), count),
        Shift::Shr => dynasm!(ops ; .arch x64 ; shr Rq(d), count),
    }
}

/// `d op= s` on scalar doubles.
pub fn sse(ops: &mut impl Asm, op: Sse, d: Xmm, s: XSrc) {
    match op {
        Sse::Add => float_forms!(ops, addsd, d, s),
        Sse::Sub => float_forms!(ops, subsd, d, s),
        Sse::Mul => float_forms!(ops, mulsd, d, s),
        Sse::Div => float_forms!(ops, divsd, d, s),
    }
}

/// Pushes the System V callee-saved registers besides rbp
/// (`env::SYSV_SAVED`), as code entered from Rust does first.
pub fn push_saved(ops: &mut impl Asm) {
    for r in crate::env::SYSV_SAVED {
        push_pop(ops, 0x50, r);
    }
}

/// Pops what `push_saved` pushed.
pub fn pop_saved(ops: &mut impl Asm) {
    for r in crate::env::SYSV_SAVED.into_iter().rev() {
        push_pop(ops, 0x58, r);
    }
}

/// `push r` (`opcode` 0x50) or `pop r` (0x58) in the short form, with a
/// REX prefix only for r8 to r15 (dynasm's dynamic-register form always
/// writes one).
fn push_pop(ops: &mut impl Asm, opcode: u8, r: Gpr) {
    if r.number() >= 8 {
        ops.push(0x41);
    }
    ops.push(opcode | (r.number() & 7));
}

/// `d = a op s` on scalar doubles, in the AVX (VEX) encoding: no copy of
/// `a` into `d` first, whichever registers they are. Only for a machine
/// with AVX (`avx_available`).
pub fn avx(ops: &mut impl Asm, op: Sse, d: Xmm, a: Xmm, s: XSrc) {
    match op {
        Sse::Add => vex_forms!(ops, vaddsd, d, a, s),
        Sse::Sub => vex_forms!(ops, vsubsd, d, a, s),
        Sse::Mul => vex_forms!(ops, vmulsd, d, a, s),
        Sse::Div => vex_forms!(ops, vdivsd, d, a, s),
    }
}

/// `vsqrtsd d, a, s`: the root of `s`, the upper half from `a` (AVX).
pub fn vsqrtsd(ops: &mut impl Asm, d: Xmm, a: Xmm, s: XSrc) {
    vex_forms!(ops, vsqrtsd, d, a, s)
}

/// Whether this machine runs AVX instructions (the processor has them and
/// the system saves their registers), asked once.
pub fn avx_available() -> bool {
    std::arch::is_x86_feature_detected!("avx")
}

/// `ucomisd a, s`.
pub fn ucomisd(ops: &mut impl Asm, a: Xmm, s: XSrc) {
    float_forms!(ops, ucomisd, a, s)
}

/// `sqrtsd d, s`.
pub fn sqrtsd(ops: &mut impl Asm, d: Xmm, s: XSrc) {
    float_forms!(ops, sqrtsd, d, s)
}

/// `d` = 1 if `cond` holds of the flags, else 0 (through `al`).
pub fn set_if(ops: &mut impl Asm, cond: Cond, d: Gpr) {
    match cond {
        Cond::E => dynasm!(ops ; .arch x64 ; sete al),
        Cond::Ne => dynasm!(ops ; .arch x64 ; setne al),
        Cond::L => dynasm!(ops ; .arch x64 ; setl al),
        Cond::Le => dynasm!(ops ; .arch x64 ; setle al),
        Cond::G => dynasm!(ops ; .arch x64 ; setg al),
        Cond::Ge => dynasm!(ops ; .arch x64 ; setge al),
        Cond::A => dynasm!(ops ; .arch x64 ; seta al),
        Cond::Ae => dynasm!(ops ; .arch x64 ; setae al),
        Cond::B => dynasm!(ops ; .arch x64 ; setb al),
        Cond::Be => dynasm!(ops ; .arch x64 ; setbe al),
    }
    zero_extend_al(ops, d);
}

/// `d` = `al` zero-extended; for rax in the short form (no REX byte),
/// which the interpreter's and the baseline compiler's listings pin.
fn zero_extend_al(ops: &mut impl Asm, d: Gpr) {
    if d == RAX {
        dynasm!(ops ; .arch x64 ; movzx eax, al);
    } else {
        dynasm!(ops ; .arch x64 ; movzx Rd(d), al);
    }
}

/// `d` = 1 if the flags of `ucomisd` (its operands ordered as
/// `FloatCmp::swaps` says) say `cmp`, else 0 (through `al`; clobbers
/// `cl`). Equality needs PF clear (ordered); inequality accepts PF set.
pub fn set_if_float(ops: &mut impl Asm, cmp: FloatCmp, d: Gpr) {
    match cmp {
        FloatCmp::Eq => dynasm!(ops ; .arch x64 ; sete al ; setnp cl ; and al, cl),
        FloatCmp::Ne => dynasm!(ops ; .arch x64 ; setne al ; setp cl ; or al, cl),
        FloatCmp::Lt | FloatCmp::Gt => dynasm!(ops ; .arch x64 ; seta al),
        FloatCmp::Le | FloatCmp::Ge => dynasm!(ops ; .arch x64 ; setae al),
    }
    zero_extend_al(ops, d);
}

/// A conditional jump to `target` with a 32-bit displacement (the code
/// buffer's `jcc` takes the 8-bit form where it can).
pub fn jump_if(ops: &mut impl Asm, cond: Cond, target: DynamicLabel) {
    match cond {
        Cond::E => dynasm!(ops ; .arch x64 ; je =>target),
        Cond::Ne => dynasm!(ops ; .arch x64 ; jne =>target),
        Cond::L => dynasm!(ops ; .arch x64 ; jl =>target),
        Cond::Le => dynasm!(ops ; .arch x64 ; jle =>target),
        Cond::G => dynasm!(ops ; .arch x64 ; jg =>target),
        Cond::Ge => dynasm!(ops ; .arch x64 ; jge =>target),
        Cond::A => dynasm!(ops ; .arch x64 ; ja =>target),
        Cond::Ae => dynasm!(ops ; .arch x64 ; jae =>target),
        Cond::B => dynasm!(ops ; .arch x64 ; jb =>target),
        Cond::Be => dynasm!(ops ; .arch x64 ; jbe =>target),
    }
}

/// `cmovCC d, s` (REX.W 0F 40+cc /r; dynasm has no form with the
/// condition chosen at run time).
pub fn cmov(ops: &mut impl Asm, cond: Cond, d: Gpr, s: Gpr) {
    let (d, s) = (d.number(), s.number());
    let rex = 0x48 | ((d >> 3) << 2) | (s >> 3);
    let modrm = 0xc0 | ((d & 7) << 3) | (s & 7);
    for byte in [rex, 0x0f, 0x40 | cond.code(), modrm] {
        ops.push(byte);
    }
}

/// `div` or `rem` of `rax` by `rcx` into `rax`, jumping to `zero` for a
/// zero divisor (a trap, or the interpreter's slow path).
pub fn divide(ops: &mut impl Asm, op: Division, zero: DynamicLabel) {
    dynasm!(ops ; .arch x64 ; test rcx, rcx ; jz =>zero);
    divide_nonzero(ops, op);
}

/// `div` or `rem` of `rax` by `rcx`, which is not zero, into `rax`;
/// clobbers `rdx`. `idiv` faults on `i64::MIN / -1`, whose quotient the
/// spec wraps to `MIN` with remainder 0, so -1 is done without it.
pub fn divide_nonzero(ops: &mut impl Asm, op: Division) {
    dynasm!(ops ; .arch x64 ; cmp rcx, -1 ; jne >divide);
    match op {
        Division::Quotient => {
            dynasm!(ops ; .arch x64 ; neg rax ; jmp >done ; divide: ; cqo ; idiv rcx ; done:)
        }
        Division::Remainder => dynasm!(ops
            ; .arch x64
            ; xor eax, eax
            ; jmp >done
            ; divide:
            ; cqo
            ; idiv rcx
            ; mov rax, rdx
            ; done:
        ),
    }
}

/// `ftoi` of `xmm0` into `rax`: truncation that saturates and maps NaN to
/// 0; clobbers `xmm1`. `cvttsd2si` gives `i64::MIN` for NaN and for
/// every value out of range, told apart only then. `cmp rax, 1`
/// overflows for `i64::MIN` alone, so the common case is one compare and
/// one untaken branch on the result, with no constant to build (the
/// interpreter's sequence; the optimizing tier's loaded `i64::MIN` into
/// `rcx` to compare, 9 bytes more and a register clobbered).
pub fn float_to_int(ops: &mut impl Asm) {
    dynasm!(ops
        ; .arch x64
        ; cvttsd2si rax, xmm0
        ; cmp rax, 1
        ; jno >done
        ; ucomisd xmm0, xmm0
        ; jp >nan
        ; xorps xmm1, xmm1
        ; ucomisd xmm0, xmm1
        ; jbe >done
        ; mov rax, QWORD i64::MAX
        ; jmp >done
        ; nan:
        ; xor eax, eax
        ; done:
    );
}

/// The no-op of each length from 1 to 9 bytes (the manual's
/// recommended multi-byte `nop` forms), for padding.
pub const NOPS: [&[u8]; 9] = [
    &[0x90],
    &[0x66, 0x90],
    &[0x0f, 0x1f, 0x00],
    &[0x0f, 0x1f, 0x40, 0x00],
    &[0x0f, 0x1f, 0x44, 0x00, 0x00],
    &[0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00],
    &[0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00],
    &[0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
    &[0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00],
];
