//! The register stack's memory: anonymous pages mapped from the kernel,
//! which reads them as zero until they are first written.
//!
//! Every run makes room for a call window above its first frame (a
//! megabyte: `interp::CALL_WINDOW` slots) that most programs barely
//! touch. From the allocator, that memory was zeroed by hand, a page
//! fault per 4 KiB at every start; mapped, it costs a page only where a
//! frame lands. The stack grows with `mremap`, which keeps what is there
//! and maps fresh zero pages above it.

use memmap2::{MmapMut, MmapOptions, RemapOptions};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

const SLOT: usize = std::mem::size_of::<u64>();

/// Slots of 64 bits, all zero when first mapped.
pub(crate) struct Stack {
    map: Option<MmapMut>,
    /// The mapping's start and length in slots, kept beside it so that
    /// every index into the stack (the interpreter's hot paths) costs
    /// what a `Vec`'s does.
    slots: NonNull<u64>,
    len: usize,
}

impl Default for Stack {
    fn default() -> Stack {
        Stack {
            map: None,
            slots: NonNull::dangling(),
            len: 0,
        }
    }
}

impl Stack {
    /// Grows to `slots` slots (more than now), keeping the contents; the
    /// new ones are zero. False, and the stack unchanged, if the kernel
    /// refuses the memory.
    pub(crate) fn grow_to(&mut self, slots: usize) -> bool {
        let Some(bytes) = slots.checked_mul(SLOT) else {
            return false;
        };
        let grown = match &mut self.map {
            None => match MmapOptions::new().len(bytes).map_anon() {
                Ok(map) => {
                    self.map = Some(map);
                    true
                }
                Err(_) => false,
            },
            Some(map) => {
                // SAFETY: the mapping is anonymous (no file to reach past),
                // and `&mut self` means no reference into it is live, so
                // it may move.
                unsafe { map.remap(bytes, RemapOptions::new().may_move(true)) }.is_ok()
            }
        };
        if let Some(map) = &mut self.map {
            // A mapping is page-aligned, so aligned for u64.
            self.slots = NonNull::from(&mut map[..]).cast::<u64>();
            self.len = map.len() / SLOT;
        }
        grown
    }
}

impl Deref for Stack {
    type Target = [u64];

    fn deref(&self) -> &[u64] {
        // SAFETY: `slots` and `len` describe the mapping (page-aligned, so
        // aligned for u64, and `len` slots long) or, with none, an empty
        // slice at a dangling aligned pointer; every bit pattern is a
        // u64; the slice borrows `self`, which owns the mapping.
        unsafe { std::slice::from_raw_parts(self.slots.as_ptr(), self.len) }
    }
}

impl DerefMut for Stack {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as for `deref`, borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.slots.as_ptr(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_keeps_the_contents_and_zeroes_the_rest() {
        let mut stack = Stack::default();
        assert!(stack.is_empty());
        assert!(stack.grow_to(1000));
        assert!(stack.iter().all(|&s| s == 0));
        stack[999] = 7;
        stack[0] = 3;
        assert!(stack.grow_to(1 << 20));
        assert_eq!(stack.len(), 1 << 20);
        assert_eq!((stack[0], stack[999], stack[1000]), (3, 7, 0));
        assert!(stack[1000..].iter().all(|&s| s == 0));
        assert!(!stack.grow_to(usize::MAX / 4));
        assert_eq!(stack[999], 7);
    }
}
