//! The process's allocator: the system's, with an emergency reserve that
//! lets a compile fail softly when memory runs out.
//!
//! The compiler's tables grow infallibly (`Vec::push` and the like), and
//! Rust aborts the process when such a growth is refused, losing buffered
//! output. Rather than make every table of the compiler fallible, a compile
//! runs inside a [`CompileScope`]: while a scope is open on a thread, an
//! allocation the system refuses is served from a reserve (mapped when the
//! first scope opens) and the scope records it. The compiler looks after
//! each phase and bails out with `out of memory`; it then frees what it
//! allocated, the reserve's part with it, and the program goes on in the
//! tier it was in. A compile is bounded by its budget, and the reserve is
//! sized well above what the largest compile the budget allows needs.
//!
//! Outside a scope the allocator is the system's alone, so fallible growth
//! (`try_reserve`, which the register stack uses) sees refusals as before.
//!
//! The binary installs it with `#[global_allocator]`; without it (the
//! library's own tests) a scope simply never sees a refusal.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Bytes of address space the reserve maps by default, touched only when
/// used. The largest compiles the default budget admits (40,000 phis;
/// 130,000 instructions, which run out of units in `ssa`) need under
/// 16 MiB of it when memory runs out at their worst moment.
pub const RESERVE_BYTES: usize = 64 << 20;

/// The reserve's size, settable until it is mapped.
static RESERVE_SIZE: AtomicUsize = AtomicUsize::new(RESERVE_BYTES);

/// The system allocator, falling back on the reserve inside a compile.
pub struct Allocator;

thread_local! {
    static SCOPE: Cell<ScopeState> = const { Cell::new(ScopeState::Closed) };
    /// Bytes asked of the system in the open scope (counted only when a
    /// refusal is injected).
    static TAKEN: Cell<usize> = const { Cell::new(0) };
}

/// Fault injection for tests: bytes a compile may take from the system
/// before it refuses, as if memory had run out (`usize::MAX`: never).
static REFUSE_AFTER: AtomicUsize = AtomicUsize::new(usize::MAX);

/// From now on, the system refuses every compile each allocation past its
/// first `bytes` bytes: how the tests reach the out-of-memory path of the
/// compiler (the command line sets it from `BCVM_FAULT_COMPILE_MEMORY`).
pub fn refuse_compiles_after(bytes: usize) {
    REFUSE_AFTER.store(bytes, Ordering::Relaxed);
}

/// Whether fault injection refuses an allocation of `size` bytes now.
fn injected_refusal(size: usize) -> bool {
    let limit = REFUSE_AFTER.load(Ordering::Relaxed);
    if limit == usize::MAX || SCOPE.with(Cell::get) == ScopeState::Closed {
        return false;
    }
    let taken = TAKEN.with(|t| {
        let taken = t.get().saturating_add(size);
        t.set(taken);
        taken
    });
    taken > limit
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ScopeState {
    Closed,
    Open,
    /// Open, and the system refused at least one allocation in it.
    Exhausted,
}

/// The reserve: one mapping, bump-allocated, emptied when the last block
/// taken from it is freed.
struct Reserve {
    base: AtomicUsize,
    /// Bytes handed out since the reserve was last empty.
    used: AtomicUsize,
    /// Blocks handed out and not yet freed.
    live: AtomicUsize,
    lock: AtomicBool,
}

static RESERVE: Reserve = Reserve {
    base: AtomicUsize::new(0),
    used: AtomicUsize::new(0),
    live: AtomicUsize::new(0),
    lock: AtomicBool::new(false),
};

impl Reserve {
    fn owns(&self, p: *mut u8) -> bool {
        let base = self.base.load(Ordering::Acquire);
        base != 0 && (p as usize).wrapping_sub(base) < RESERVE_SIZE.load(Ordering::Relaxed)
    }

    fn locked<T>(&self, f: impl FnOnce() -> T) -> T {
        while self
            .lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        let result = f();
        self.lock.store(false, Ordering::Release);
        result
    }

    fn take(&self, layout: Layout) -> *mut u8 {
        let base = self.base.load(Ordering::Acquire);
        if base == 0 {
            return ptr::null_mut();
        }
        self.locked(|| {
            let used = self.used.load(Ordering::Relaxed);
            let start = (base + used).next_multiple_of(layout.align()) - base;
            match start.checked_add(layout.size()) {
                Some(end) if end <= RESERVE_SIZE.load(Ordering::Relaxed) => {
                    self.used.store(end, Ordering::Relaxed);
                    self.live.fetch_add(1, Ordering::Relaxed);
                    (base + start) as *mut u8
                }
                _ => ptr::null_mut(),
            }
        })
    }

    fn give_back(&self) {
        self.locked(|| {
            if self.live.fetch_sub(1, Ordering::Relaxed) == 1 {
                self.used.store(0, Ordering::Relaxed);
            }
        })
    }

    /// Maps the reserve if it is not mapped yet; false if it cannot be.
    fn map(&self) -> bool {
        if self.base.load(Ordering::Acquire) != 0 {
            return true;
        }
        // SAFETY: an anonymous private mapping at an address of the
        // kernel's choice touches no existing memory.
        let p = unsafe {
            libc::mmap(
                ptr::null_mut(),
                RESERVE_SIZE.load(Ordering::Relaxed),
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return false;
        }
        if self
            .base
            .compare_exchange(0, p as usize, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            // Another thread mapped it first.
            // SAFETY: `p` is the mapping made above, used by nobody.
            unsafe { libc::munmap(p, RESERVE_SIZE.load(Ordering::Relaxed)) };
        }
        true
    }
}

/// What the system refused: from the reserve inside an open scope, which
/// then counts as exhausted; null (the caller's failure) outside one.
/// A compile that outgrows the reserve too ends the process, with the
/// resource-failure status; the VM flushed its output before the compile.
fn fallback(layout: Layout) -> *mut u8 {
    let state = SCOPE.with(Cell::get);
    if state == ScopeState::Closed {
        return ptr::null_mut();
    }
    SCOPE.with(|s| s.set(ScopeState::Exhausted));
    let p = RESERVE.take(layout);
    if p.is_null() {
        out_of_memory_while_compiling();
    }
    p
}

/// Exit status of a resource failure (see the README).
const STATUS_RESOURCE: i32 = 3;

fn out_of_memory_while_compiling() -> ! {
    const MESSAGE: &[u8] = b"bcvm: error: out of memory while compiling\n";
    // SAFETY: writes a static buffer to stderr, then ends the process
    // without running anything that could allocate.
    unsafe {
        libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::_exit(STATUS_RESOURCE)
    }
}

/// Sets the reserve's size, for tests of a compile that outgrows it; no
/// effect once a compile has mapped it.
pub fn set_reserve_size(bytes: usize) {
    if RESERVE.base.load(Ordering::Acquire) == 0 {
        RESERVE_SIZE.store(bytes.max(1), Ordering::Relaxed);
    }
}

// SAFETY: every block comes from `System` or from the reserve, whose blocks
// are disjoint (bump allocation, reset only once none is live) and aligned
// as asked; `dealloc` and `realloc` tell the two apart by address.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if injected_refusal(layout.size()) {
            return fallback(layout);
        }
        // SAFETY: the caller's contract is `System`'s.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            fallback(layout)
        } else {
            p
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !injected_refusal(layout.size()) {
            // SAFETY: as for `alloc`.
            let p = unsafe { System.alloc_zeroed(layout) };
            if !p.is_null() {
                return p;
            }
        }
        let q = fallback(layout);
        if !q.is_null() {
            // SAFETY: `q` is a fresh reserve block of `layout.size()` bytes.
            unsafe { ptr::write_bytes(q, 0, layout.size()) };
        }
        q
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        if RESERVE.owns(p) {
            RESERVE.give_back();
        } else {
            // SAFETY: `p` is not the reserve's, so `System` allocated it.
            unsafe { System.dealloc(p, layout) }
        }
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !RESERVE.owns(p) && !injected_refusal(new_size) {
            // SAFETY: `p` is `System`'s; on failure it stays valid.
            let q = unsafe { System.realloc(p, layout, new_size) };
            if !q.is_null() {
                return q;
            }
        }
        // SAFETY: the caller guarantees `new_size`, rounded up to the
        // alignment, does not overflow `isize`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let q = match RESERVE.owns(p) {
            // SAFETY: `new_layout` has a non-zero size.
            true => unsafe { self.alloc(new_layout) },
            // The system refused to grow `p`, and would refuse a new block.
            false => fallback(new_layout),
        };
        if !q.is_null() {
            // SAFETY: both blocks hold at least the bytes copied and are
            // distinct; `p` is then freed as the caller would have.
            unsafe {
                ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                self.dealloc(p, layout);
            }
        }
        q
    }
}

/// A compile's claim on the reserve, open until dropped. Scopes do not
/// nest.
pub struct CompileScope {
    _not_send: std::marker::PhantomData<*const ()>,
}

impl CompileScope {
    /// Opens a scope on this thread; `None` if the reserve cannot even be
    /// mapped (memory has already run out).
    pub fn open() -> Option<CompileScope> {
        if !RESERVE.map() {
            return None;
        }
        SCOPE.with(|s| s.set(ScopeState::Open));
        TAKEN.with(|t| t.set(0));
        Some(CompileScope {
            _not_send: std::marker::PhantomData,
        })
    }
}

/// Whether a compile scope is open on this thread and the system has
/// refused an allocation in it: the compile must stop and free what it
/// holds.
pub fn exhausted() -> bool {
    SCOPE.with(Cell::get) == ScopeState::Exhausted
}

impl Drop for CompileScope {
    fn drop(&mut self) {
        SCOPE.with(|s| s.set(ScopeState::Closed));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The reserve is one per process; its tests take turns.
    static TURN: Mutex<()> = Mutex::new(());

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    #[test]
    fn outside_a_scope_a_refusal_stays_a_refusal() {
        let _turn = TURN.lock().unwrap();
        assert!(fallback(layout(8, 8)).is_null());
    }

    #[test]
    fn the_reserve_serves_a_refused_allocation_in_a_scope_and_empties() {
        let _turn = TURN.lock().unwrap();
        let scope = CompileScope::open().expect("the reserve maps");
        assert!(!exhausted());
        let a = fallback(layout(24, 8));
        let b = fallback(layout(100, 64));
        assert!(exhausted());
        assert!(RESERVE.owns(a) && RESERVE.owns(b));
        assert_eq!(a as usize % 8, 0);
        assert_eq!(b as usize % 64, 0);
        assert!(b as usize >= a as usize + 24, "blocks are disjoint");
        // SAFETY: both blocks came from the reserve with these layouts.
        unsafe {
            Allocator.dealloc(a, layout(24, 8));
            Allocator.dealloc(b, layout(100, 64));
        }
        assert_eq!(RESERVE.used.load(Ordering::Relaxed), 0);
        drop(scope);
        assert!(fallback(layout(8, 8)).is_null());
    }

    #[test]
    fn a_block_larger_than_the_reserve_is_refused() {
        let _turn = TURN.lock().unwrap();
        let _scope = CompileScope::open().expect("the reserve maps");
        assert!(RESERVE.take(layout(RESERVE_BYTES + 1, 8)).is_null());
    }

    #[test]
    fn realloc_moves_a_reserve_block_and_keeps_its_bytes() {
        let _turn = TURN.lock().unwrap();
        let _scope = CompileScope::open().expect("the reserve maps");
        let a = fallback(layout(4, 4));
        // SAFETY: `a` is a 4-byte reserve block; `b` is a block of 400.
        unsafe {
            a.copy_from_nonoverlapping([1u8, 2, 3, 4].as_ptr(), 4);
            let b = Allocator.realloc(a, layout(4, 4), 400);
            assert!(!RESERVE.owns(b), "the system serves the new block");
            assert_eq!(std::slice::from_raw_parts(b, 4), &[1, 2, 3, 4]);
            Allocator.dealloc(b, layout(400, 4));
        }
    }
}
