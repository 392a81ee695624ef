//! The code buffer: the bytes being assembled, with what listings and
//! the runtime need beside them (Cranelift's `machinst/buffer.rs` in
//! small): labels, jumps in their short form where the target is already
//! placed within reach, loop-top padding, a constant pool after the code,
//! the line table (where each bytecode instruction's code starts) and
//! marks (what the code that is no instruction's is: entries, stubs).
//!
//! It is a dynasm assembler itself (it implements `DynasmApi` and
//! `DynasmLabelApi` by handing each call to the `VecAssembler` inside),
//! so `dynasm!(buffer ; ...)` writes into it directly.

use crate::cond::Cond;
use crate::encode::{jump_if, NOPS};
use dynasmrt::{
    dynasm, x64::X64Relocation, AssemblyOffset, DynamicLabel, DynasmApi, DynasmError,
    DynasmLabelApi, VecAssembler,
};

/// Machine code being assembled, with its line table and marks of type
/// `M`.
pub struct CodeBuffer<M> {
    ops: VecAssembler<X64Relocation>,
    lines: Vec<(usize, u32)>,
    marks: Vec<(usize, M)>,
    /// The constants instructions read from memory, each once, laid out
    /// after the code.
    pool: Pool,
}

/// How many pool entries are kept without allocating: most functions
/// pool a routine's address or two, and an allocation is a tenth of a
/// small compile's set-up.
const POOL_INLINE: usize = 4;

/// The constant pool's entries, in the order made: the first
/// `POOL_INLINE` in place, the rest in `more`.
#[derive(Default)]
struct Pool {
    inline: [Option<(u64, DynamicLabel)>; POOL_INLINE],
    more: Vec<(u64, DynamicLabel)>,
}

impl Pool {
    fn iter(&self) -> impl Iterator<Item = (u64, DynamicLabel)> + '_ {
        self.inline
            .iter()
            .map_while(|entry| *entry)
            .chain(self.more.iter().copied())
    }

    fn push(&mut self, entry: (u64, DynamicLabel)) {
        match self.inline.iter_mut().find(|slot| slot.is_none()) {
            Some(slot) => *slot = Some(entry),
            None => self.more.push(entry),
        }
    }

    fn is_empty(&self) -> bool {
        self.inline[0].is_none()
    }
}

/// Finished machine code, position independent (it reaches other code
/// and data only through absolute addresses or RIP-relative ones inside
/// itself), entered at offset 0.
#[derive(Clone, Debug)]
pub struct Code<M> {
    pub code: Vec<u8>,
    /// (offset in the code, bytecode index) where each instruction's code
    /// starts.
    pub lines: Vec<(usize, u32)>,
    /// (offset, what) of the code that is no bytecode instruction's.
    pub marks: Vec<(usize, M)>,
    /// Where the instructions end and the constant pool begins.
    pub code_end: usize,
}

/// How much to reserve up front, so a compile does not grow its vectors
/// by doubling.
#[derive(Clone, Copy, Debug, Default)]
pub struct Capacity {
    pub bytes: usize,
    pub dynamic_labels: usize,
    pub relocations: usize,
    pub lines: usize,
    /// Marks beyond the few every function has (one per stub).
    pub marks: usize,
}

impl<M> CodeBuffer<M> {
    pub fn new(capacity: Capacity) -> CodeBuffer<M> {
        let ops = VecAssembler::new_with_capacity(
            0,
            capacity.bytes,
            0,
            0,
            capacity.dynamic_labels,
            0,
            capacity.relocations,
        );
        CodeBuffer {
            ops,
            lines: Vec::with_capacity(capacity.lines),
            marks: Vec::with_capacity(8 + capacity.marks),
            pool: Pool::default(),
        }
    }

    /// The offset the next byte goes to.
    pub fn here(&self) -> usize {
        self.ops.offset().0
    }

    pub fn new_dynamic_label(&mut self) -> DynamicLabel {
        self.ops.new_dynamic_label()
    }

    /// Where `label` is, once placed.
    pub fn placed(&self, label: DynamicLabel) -> Option<usize> {
        self.ops.labels().resolve_dynamic(label).ok().map(|o| o.0)
    }

    /// Names the code emitted from here on, for listings.
    pub fn mark(&mut self, mark: M) {
        let at = self.here();
        self.marks.push((at, mark));
    }

    /// Bytecode instruction `src`'s code starts here, unless the last
    /// line recorded is already `src`'s.
    pub fn line(&mut self, src: u32) {
        let at = self.here();
        if self.lines.last().is_none_or(|&(_, s)| s != src) {
            self.lines.push((at, src));
        }
    }

    /// How many lines are recorded, for `truncate_lines`.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// Forgets the lines recorded after the first `n`: code that was
    /// begun, then not made.
    pub fn truncate_lines(&mut self, n: usize) {
        self.lines.truncate(n);
    }

    /// The pool entry holding the 8 bytes `bits`, made on first use.
    pub fn pooled(&mut self, bits: u64) -> DynamicLabel {
        if let Some((_, at)) = self.pool.iter().find(|&(k, _)| k == bits) {
            return at;
        }
        let at = self.ops.new_dynamic_label();
        self.pool.push((bits, at));
        at
    }

    /// The 8-bit displacement of a two-byte jump from here to `target`,
    /// if `target` is placed and within its reach.
    fn short_displacement(&self, target: DynamicLabel) -> Option<i8> {
        let at = self.placed(target)?;
        i8::try_from(at as i64 - (self.here() as i64 + 2)).ok()
    }

    /// A jump to `target`: two bytes where it is placed just behind (a
    /// loop's back edge, mostly), else five. dynasm gives a jump to a
    /// dynamic label a 32-bit displacement, so the short form is
    /// written here.
    pub fn jmp(&mut self, target: DynamicLabel) {
        if let Some(rel) = self.short_displacement(target) {
            self.ops.push(0xeb);
            self.ops.push(rel as u8);
        } else {
            dynasm!(self.ops ; .arch x64 ; jmp =>target);
        }
    }

    /// A conditional jump to `target`: two bytes where it is placed
    /// within reach, else six.
    pub fn jcc(&mut self, cond: Cond, target: DynamicLabel) {
        if let Some(rel) = self.short_displacement(target) {
            self.ops.push(0x70 | cond.code());
            self.ops.push(rel as u8);
        } else {
            jump_if(&mut self.ops, cond, target);
        }
    }

    /// Pads with no-ops to `boundary`: 32 for a small loop, which then
    /// fits one fetch block; 16 otherwise, when that takes at most 10
    /// bytes (gcc's `.p2align 4,,10` at loop heads). Code starts on a
    /// cache line (the code cache's alignment), so offsets are addresses
    /// modulo 64.
    pub fn align_loop_top(&mut self, boundary: u8) {
        let mut pad = self.here().wrapping_neg() % boundary as usize;
        if boundary == 16 && pad > 10 {
            return;
        }
        while pad > 0 {
            let nop = NOPS[pad.min(NOPS.len()) - 1];
            self.ops.extend(nop.iter().copied());
            pad -= nop.len();
        }
    }

    /// The constant pool after the code, then the labels resolved: the
    /// finished code.
    pub fn finish(mut self) -> Result<Code<M>, DynasmError> {
        let code_end = self.here();
        if !self.pool.is_empty() {
            dynasm!(self.ops ; .arch x64 ; .align 8);
            for (bits, at) in self.pool.iter() {
                dynasm!(self.ops ; .arch x64 ; =>at ; .u64 bits);
            }
        }
        let code = self.ops.finalize()?;
        Ok(Code {
            code,
            lines: self.lines,
            marks: self.marks,
            code_end,
        })
    }
}

impl<M> Extend<u8> for CodeBuffer<M> {
    fn extend<T: IntoIterator<Item = u8>>(&mut self, iter: T) {
        self.ops.extend(iter)
    }
}

impl<'a, M> Extend<&'a u8> for CodeBuffer<M> {
    fn extend<T: IntoIterator<Item = &'a u8>>(&mut self, iter: T) {
        self.ops.extend(iter)
    }
}

impl<M> DynasmApi for CodeBuffer<M> {
    #[inline]
    fn offset(&self) -> AssemblyOffset {
        self.ops.offset()
    }
    #[inline]
    fn push(&mut self, byte: u8) {
        self.ops.push(byte)
    }
    #[inline]
    fn align(&mut self, alignment: usize, with: u8) {
        self.ops.align(alignment, with)
    }
    #[inline]
    fn push_i32(&mut self, value: i32) {
        self.ops.push_i32(value)
    }
}

impl<M> DynasmLabelApi for CodeBuffer<M> {
    type Relocation = X64Relocation;

    #[inline]
    fn local_label(&mut self, name: &'static str) {
        self.ops.local_label(name)
    }
    #[inline]
    fn global_label(&mut self, name: &'static str) {
        self.ops.global_label(name)
    }
    #[inline]
    fn dynamic_label(&mut self, id: DynamicLabel) {
        self.ops.dynamic_label(id)
    }
    #[inline]
    fn forward_relocation(
        &mut self,
        name: &'static str,
        target_offset: isize,
        field_offset: u8,
        ref_offset: u8,
        kind: X64Relocation,
    ) {
        self.ops
            .forward_relocation(name, target_offset, field_offset, ref_offset, kind)
    }
    #[inline]
    fn backward_relocation(
        &mut self,
        name: &'static str,
        target_offset: isize,
        field_offset: u8,
        ref_offset: u8,
        kind: X64Relocation,
    ) {
        self.ops
            .backward_relocation(name, target_offset, field_offset, ref_offset, kind)
    }
    #[inline]
    fn global_relocation(
        &mut self,
        name: &'static str,
        target_offset: isize,
        field_offset: u8,
        ref_offset: u8,
        kind: X64Relocation,
    ) {
        self.ops
            .global_relocation(name, target_offset, field_offset, ref_offset, kind)
    }
    #[inline]
    fn dynamic_relocation(
        &mut self,
        id: DynamicLabel,
        target_offset: isize,
        field_offset: u8,
        ref_offset: u8,
        kind: X64Relocation,
    ) {
        self.ops
            .dynamic_relocation(id, target_offset, field_offset, ref_offset, kind)
    }
    #[inline]
    fn value_relocation(
        &mut self,
        value: usize,
        field_offset: u8,
        ref_offset: u8,
        kind: X64Relocation,
    ) {
        self.ops
            .value_relocation(value, field_offset, ref_offset, kind)
    }
}
