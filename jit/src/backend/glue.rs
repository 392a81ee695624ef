//! The glue: the out-of-line routines every compiled function shares,
//! made once per process and reached through the function's constant
//! pool (`call`/`jmp qword [rip + entry]`, so a function's code stays
//! position independent). HotSpot calls such code its stub routines, V8
//! its builtins; LuaJIT's traces exit through one shared handler.
//!
//! - the external entry's common part: callee-saved registers saved and
//!   set, the arguments put in place, the function called, the registers
//!   restored (`abi::entry_glue`), one for each count of arguments all
//!   in registers and one for any words; a function's own entry
//!   (`Glue::external_entry`) jumps to its kind with its `CallState`,
//!   memory and internal entry (and for the general one the counts) in
//!   registers;
//! - a call of another function from baseline code: the callee looked up,
//!   the limits checked, a jump to its internal entry, or on to the way
//!   through `jit_call`;
//! - a slow call's way through `jit_call`, one routine per count of
//!   argument registers (`abi::through_jit_call`), which a function's
//!   slow-call stubs `call` with the callee in eax, the site in rcx and
//!   the inlined levels in rdx;
//! - a trap's way through `jit_trap`, one routine per kind, which a
//!   function's trap stubs jump to with the site in rdx;
//! - the unwinding both end in when `jit_call` or `jit_trap` reports a
//!   trap.
//!
//! They read nothing of one VM but what `r15` (its `CallState`) gives, so
//! one copy serves every VM and thread of the process, and a function
//! emits none of them (with a routine of each kind its own, fib's
//! baseline code was 524 bytes where it is 352, and a small compile spent
//! 300 to 700 more instructions). The glue lives in a page of its own
//! (`CodeCache::debuggable`: written once, then read-execute only), made
//! by `jit::prepare` or else the first compile, and kept for the life of
//! the process.

use super::abi::{
    entry_glue, glue_call_routine, through_jit_call, trap_through_jit_trap, unwind_code,
    MAX_ENTRY_WORDS,
};
use super::code::Assembler;
use super::code_cache::{CacheError, CodeCache, CodeHandle};
use super::ARG_REGISTERS;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};
use std::sync::OnceLock;
use vm::runtime::native::{TRAP_DIVISION_BY_ZERO, TRAP_OUT_OF_BOUNDS, TRAP_STACK_OVERFLOW};

/// The trap kinds, in the order of `Glue::traps`.
const TRAP_KINDS: [u64; 3] = [
    TRAP_DIVISION_BY_ZERO,
    TRAP_OUT_OF_BOUNDS,
    TRAP_STACK_OVERFLOW,
];

/// The routines' names, for listings.
const ENTRY_NAMES: [&str; ARG_REGISTERS.len() + 1] = [
    "the entry from the interpreter, 0 words in registers",
    "the entry from the interpreter, 1 word in registers",
    "the entry from the interpreter, 2 words in registers",
    "the entry from the interpreter, 3 words in registers",
    "the entry from the interpreter, 4 words in registers",
];
const CALL_NAMES: [&str; ARG_REGISTERS.len() + 1] = [
    "a call, 0 in registers",
    "a call, 1 in registers",
    "a call, 2 in registers",
    "a call, 3 in registers",
    "a call, 4 in registers",
];
const JIT_CALL_NAMES: [&str; ARG_REGISTERS.len() + 1] = [
    "calls through jit_call, 0 in registers",
    "calls through jit_call, 1 in registers",
    "calls through jit_call, 2 in registers",
    "calls through jit_call, 3 in registers",
    "calls through jit_call, 4 in registers",
];
const TRAP_NAMES: [&str; TRAP_KINDS.len()] = [
    "division by zero through jit_trap",
    "memory access out of bounds through jit_trap",
    "stack overflow through jit_trap",
];

/// The glue's routines, by address.
pub(crate) struct Glue {
    /// The external entries' common part (`abi::entry_glue`), for any
    /// words to copy.
    entry: u64,
    /// The same, for entries of `k` words all in argument registers.
    entries: [u64; ARG_REGISTERS.len() + 1],
    /// The way through `jit_call` with `k` argument registers, for `k`
    /// up to `ARG_REGISTERS.len()`.
    jit_calls: [u64; ARG_REGISTERS.len() + 1],
    /// A call with `k` argument registers (`abi::glue_call_routine`).
    calls: [u64; ARG_REGISTERS.len() + 1],
    /// The way through `jit_trap` for each kind (`TRAP_KINDS`).
    traps: [u64; TRAP_KINDS.len()],
    /// The machine code, as made, and each routine's offset and name,
    /// for listings.
    code: Vec<u8>,
    marks: Vec<(usize, &'static str)>,
    /// Where `code` runs.
    at: u64,
    /// Keeps the page mapped: the glue is never freed.
    _page: CodeHandle,
}

static GLUE: OnceLock<Result<Glue, CacheError>> = OnceLock::new();

/// The process's glue, made by the first compile to ask.
pub(crate) fn glue() -> Result<&'static Glue, CacheError> {
    // Made inside a compile, it outlives the compile's arena.
    GLUE.get_or_init(|| vm::runtime::alloc::lasting(Glue::make))
        .as_ref()
        .map_err(Clone::clone)
}

impl Glue {
    fn make() -> Result<Glue, CacheError> {
        let mut ops = Assembler::new(x64::Capacity {
            bytes: 1024,
            dynamic_labels: 16,
            relocations: 16,
            lines: 0,
            marks: 0,
        });
        let mut marks = vec![(0, "the entry from the interpreter, any words")];
        entry_glue(&mut ops, None);
        let mut entries = [0usize; ARG_REGISTERS.len() + 1];
        for (k, at) in entries.iter_mut().enumerate() {
            *at = ops.here();
            marks.push((*at, ENTRY_NAMES[k]));
            entry_glue(&mut ops, Some(k));
        }
        let unwind = ops.new_dynamic_label();
        let throughs: [_; ARG_REGISTERS.len() + 1] =
            std::array::from_fn(|_| ops.new_dynamic_label());
        let mut calls = [0usize; ARG_REGISTERS.len() + 1];
        for (k, at) in calls.iter_mut().enumerate() {
            *at = ops.here();
            marks.push((*at, CALL_NAMES[k]));
            glue_call_routine(&mut ops, throughs[k]);
        }
        let mut jit_calls = [0usize; ARG_REGISTERS.len() + 1];
        for (k, at) in jit_calls.iter_mut().enumerate() {
            *at = ops.here();
            marks.push((*at, JIT_CALL_NAMES[k]));
            dynasm!(ops ; .arch x64 ; =>throughs[k]);
            through_jit_call(&mut ops, k, unwind);
        }
        let mut traps = [0usize; TRAP_KINDS.len()];
        for (k, (kind, at)) in TRAP_KINDS.into_iter().zip(&mut traps).enumerate() {
            *at = ops.here();
            marks.push((*at, TRAP_NAMES[k]));
            trap_through_jit_trap(&mut ops, kind, unwind);
        }
        marks.push((ops.here(), "unwind to the entry from the interpreter"));
        unwind_code(&mut ops, unwind);
        let code = ops
            .finish()
            .map_err(|e| CacheError::Os(format!("glue: {e}")))?
            .code;
        let mut page = CodeCache::debuggable(code.len().next_multiple_of(4096));
        let (start, handle) = page.install(&code)?;
        let at = start as u64;
        Ok(Glue {
            entry: at,
            entries: entries.map(|o| at + o as u64),
            jit_calls: jit_calls.map(|o| at + o as u64),
            calls: calls.map(|o| at + o as u64),
            traps: traps.map(|o| at + o as u64),
            code,
            marks,
            at,
            _page: handle,
        })
    }

    /// A function's external entry (`vm::tier::Entry`), its own part: the
    /// VM's `CallState` into rax, its memory's base into rcx, the
    /// internal entry (`internal`) into r11 and, unless the first `words`
    /// words of `args` all go in the first `in_registers` argument
    /// registers, the two counts packed into r10d; then on to the glue's
    /// part for them (`abi::entry_glue`), through the constant pool: 33
    /// to 39 bytes.
    pub(crate) fn external_entry(
        &self,
        ops: &mut Assembler,
        env: &vm::tier::JitEnv,
        words: usize,
        in_registers: usize,
        internal: DynamicLabel,
    ) {
        // Frames are at most `abi::MAX_FRAME_BYTES`, so words fit.
        assert!(words <= MAX_ENTRY_WORDS && in_registers <= ARG_REGISTERS.len());
        dynasm!(ops
            ; .arch x64
            ; mov rax, QWORD env.state as i64
            ; mov rcx, QWORD env.memory.base as i64
        );
        let routine = if words == in_registers {
            self.entries[words]
        } else {
            let packed = (words | in_registers << 28) as i32;
            dynasm!(ops ; .arch x64 ; mov r10d, packed);
            self.entry
        };
        let routine = ops.pooled(routine);
        dynasm!(ops
            ; .arch x64
            ; lea r11, [=>internal]
            ; jmp QWORD [=>routine]
        );
    }

    /// The way through `jit_call` for a call with `in_registers` argument
    /// registers.
    pub(crate) fn jit_call(&self, in_registers: usize) -> u64 {
        self.jit_calls[in_registers]
    }

    /// A call with `in_registers` argument registers (`abi::glue_call`).
    pub(crate) fn call(&self, in_registers: usize) -> u64 {
        self.calls[in_registers]
    }

    /// The way through `jit_trap` for traps of `kind`.
    pub(crate) fn trap(&self, kind: u64) -> u64 {
        let k = TRAP_KINDS.iter().position(|&t| t == kind);
        self.traps[k.expect("a trap kind of `vm::runtime::native`")]
    }

    /// What the routine at `address` is, if it is one, for listings.
    pub(crate) fn name(&self, address: u64) -> Option<&'static str> {
        let offset = usize::try_from(address.checked_sub(self.at)?).ok()?;
        let &(_, name) = self.marks.iter().find(|&&(at, _)| at == offset)?;
        Some(name)
    }

    /// Where the glue runs.
    pub(crate) fn address(&self) -> u64 {
        self.at
    }

    /// The glue's machine code and each routine's offset and name.
    pub(crate) fn code(&self) -> (&[u8], &[(usize, &'static str)]) {
        (&self.code, &self.marks)
    }
}
