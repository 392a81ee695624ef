//! The process's allocator: the system's, with a compile arena and an
//! emergency reserve.
//!
//! A compile allocates many small tables and frees them all when it ends.
//! Inside a [`CompileScope`] (the compiler opens one per compile) the
//! allocator serves them from an arena: a mapping bump-allocated, where a
//! block that is the last one handed out grows in place, and which starts
//! again from its beginning once every block taken from it is freed. So
//! compiles reuse the same warm memory, one after the other, at the cost of
//! a bump and a count per allocation instead of a trip through `malloc` and
//! `free` (about 40% of the instructions of compiling a small function
//! went there). This is a zone in the sense of V8's `Zone`, kept invisible:
//! the compiler's code uses ordinary `Vec`s.
//!
//! The reserve is for memory that runs out. The compiler's tables grow
//! infallibly (`Vec::push` and the like), and Rust aborts the process when
//! such a growth is refused, losing buffered output. Rather than make every
//! table fallible, inside a scope an allocation the system refuses is
//! served from the reserve and the scope is marked: the budget looks at the
//! mark whenever it looks at the clock, and the compile bails out with
//! `out of memory`, frees what it holds, and the program goes on in the
//! tier it was in.
//!
//! Outside a scope the allocator is the system's alone, so fallible growth
//! (`try_reserve`, which the register stack uses) sees refusals as before.
//! Each thread that compiles has an arena and a reserve of its own while
//! its scope is open: `SLOTS` pairs, the VM's thread's and its compiler
//! threads', each taken by one scope at a time (a scope opened when all
//! are taken gets neither, and compiles with the system's memory alone).
//! Any thread may free a block of any of them.
//!
//! The binary installs it with `#[global_allocator]`; without it (the
//! library's own tests) a scope changes nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Bytes of address space the arena maps, touched only as used. Compiles
/// within the default budget allocate up to about 40 MiB in all (freed
/// blocks are not reused before the arena empties); what does not fit
/// comes from the system.
pub const ARENA_BYTES: usize = 32 << 20;

/// What the arena keeps resident between compiles; a compile that went
/// past it gives the rest back to the kernel.
const ARENA_KEEP: usize = 1 << 20;

/// Bytes of address space the reserve maps by default, touched only when
/// used. The largest compiles the default budget admits (40,000 phis;
/// 130,000 instructions, which run out of units in `ssa`) need under
/// 16 MiB of it when memory runs out at their worst moment.
pub const RESERVE_BYTES: usize = 64 << 20;

/// The system allocator, with the arena and the reserve inside a compile.
pub struct Allocator;

/// This thread's scope: `OPEN`, plus `OWNER` when it holds the arena and
/// the reserve (or `LASTING` in place of `OWNER` for what must outlive
/// the compile), plus `EXHAUSTED` once the system refused it memory.
const OPEN: u8 = 1;
const OWNER: u8 = 2;
const EXHAUSTED: u8 = 4;
/// Inside `lasting`: the system serves, the reserve backs it.
const LASTING: u8 = 8;

thread_local! {
    /// Whether this thread only compiles (a compiler thread of the
    /// background broker), so cannot end the process itself.
    static COMPILER_THREAD: Cell<bool> = const { Cell::new(false) };
    static SCOPE: Cell<u8> = const { Cell::new(0) };
    /// Bytes the open scope has asked for (counted only when a refusal
    /// is injected).
    static TAKEN: Cell<usize> = const { Cell::new(0) };
    /// The slot this thread's scope holds, if `SCOPE` says it holds one.
    static SLOT: Cell<u8> = const { Cell::new(0) };
}

fn scope() -> u8 {
    SCOPE.with(Cell::get)
}

/// An arena and a reserve, for one compile scope at a time.
struct Slot {
    /// Whether a scope holds it.
    held: AtomicBool,
    arena: Region,
    reserve: Region,
}

impl Slot {
    const fn new() -> Slot {
        Slot {
            held: AtomicBool::new(false),
            arena: Region::new(ARENA_BYTES),
            reserve: Region::new(RESERVE_BYTES),
        }
    }
}

/// How many threads may compile with an arena and a reserve at once: the
/// VM's and up to seven compiler threads (`--compile-threads` allows
/// seven).
pub const SLOTS: usize = 8;

static SLOT_TABLE: [Slot; SLOTS] = [const { Slot::new() }; SLOTS];

/// How many slots, from the first, have been held: only they can own a
/// block, so a free looks at them alone.
static SLOTS_USED: AtomicUsize = AtomicUsize::new(0);

/// The slot this thread's scope holds (while `OWNER` or `LASTING`).
fn held_slot() -> &'static Slot {
    &SLOT_TABLE[SLOT.with(Cell::get) as usize]
}

/// The slots that may own blocks, with whether this thread holds each.
fn used_slots() -> impl Iterator<Item = (&'static Slot, bool)> {
    let mine = match scope() & OWNER {
        0 => usize::MAX,
        _ => SLOT.with(Cell::get) as usize,
    };
    let used = SLOTS_USED.load(Ordering::Acquire);
    SLOT_TABLE[..used]
        .iter()
        .enumerate()
        .map(move |(k, slot)| (slot, k == mine))
}

/// Fault injection for tests: bytes a compile may take before it is
/// refused, as if memory had run out (`usize::MAX`: never).
static REFUSE_AFTER: AtomicUsize = AtomicUsize::new(usize::MAX);

/// From now on, every compile is refused each allocation past its first
/// `bytes` bytes: how the tests reach the out-of-memory path of the
/// compiler (the command line sets it from `BCVM_FAULT_COMPILE_MEMORY`).
pub fn refuse_compiles_after(bytes: usize) {
    REFUSE_AFTER.store(bytes, Ordering::Relaxed);
}

/// Whether fault injection refuses an allocation of `size` bytes now.
fn injected_refusal(size: usize) -> bool {
    let limit = REFUSE_AFTER.load(Ordering::Relaxed);
    if limit == usize::MAX || scope() == 0 {
        return false;
    }
    let taken = TAKEN.with(|t| {
        let taken = t.get().saturating_add(size);
        t.set(taken);
        taken
    });
    taken > limit
}

/// One mapping, bump-allocated, emptied when the last block taken from it
/// is freed. Only the thread holding it takes or resizes blocks; any
/// thread may free one.
struct Region {
    base: AtomicUsize,
    size: AtomicUsize,
    /// Bytes handed out since the region was last empty.
    used: AtomicUsize,
    /// Blocks handed out since the region was last empty, and those of
    /// them the holder freed: written by the holder alone, with plain
    /// loads and stores, so the bump path has no locked instruction.
    taken: AtomicUsize,
    returned: AtomicUsize,
    /// Blocks freed by any other thread (or by the holder's thread outside
    /// its scope), counted atomically.
    returned_elsewhere: AtomicUsize,
    /// The most `used` has been since the last trim.
    high_water: AtomicUsize,
    /// How many times it was found empty when a scope opened.
    reuses: AtomicUsize,
}

/// Adds one to a count only the region's holder writes: a load and a
/// store, where `fetch_add` would be a locked instruction on every
/// allocation and free.
#[inline]
fn bump(count: &AtomicUsize) {
    count.store(count.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
}

impl Region {
    const fn new(size: usize) -> Region {
        Region {
            base: AtomicUsize::new(0),
            size: AtomicUsize::new(size),
            used: AtomicUsize::new(0),
            taken: AtomicUsize::new(0),
            returned: AtomicUsize::new(0),
            returned_elsewhere: AtomicUsize::new(0),
            high_water: AtomicUsize::new(0),
            reuses: AtomicUsize::new(0),
        }
    }

    #[inline]
    fn owns(&self, p: *mut u8) -> bool {
        let base = self.base.load(Ordering::Relaxed);
        base != 0 && (p as usize).wrapping_sub(base) < self.size.load(Ordering::Relaxed)
    }

    /// A block for `layout`, or null if it does not fit (or the region is
    /// not mapped). The caller holds the region.
    #[inline]
    fn take(&self, layout: Layout) -> *mut u8 {
        let base = self.base.load(Ordering::Relaxed);
        if base == 0 {
            return ptr::null_mut();
        }
        let used = self.used.load(Ordering::Relaxed);
        // `Layout` aligns to powers of two: a mask, not a division.
        let mask = layout.align() - 1;
        let start = ((base + used + mask) & !mask) - base;
        match start.checked_add(layout.size()) {
            Some(end) if end <= self.size.load(Ordering::Relaxed) => {
                self.used.store(end, Ordering::Relaxed);
                if end > self.high_water.load(Ordering::Relaxed) {
                    self.high_water.store(end, Ordering::Relaxed);
                }
                bump(&self.taken);
                (base + start) as *mut u8
            }
            _ => ptr::null_mut(),
        }
    }

    /// Resizes `p` (of `old` bytes) in place, if it is the last block
    /// handed out and the new size fits. The caller holds the region.
    fn resize_last(&self, p: *mut u8, old: usize, new: usize) -> bool {
        let base = self.base.load(Ordering::Relaxed);
        let start = p as usize - base;
        if start + old != self.used.load(Ordering::Relaxed) {
            return false;
        }
        match start.checked_add(new) {
            Some(end) if end <= self.size.load(Ordering::Relaxed) => {
                self.used.store(end, Ordering::Relaxed);
                if end > self.high_water.load(Ordering::Relaxed) {
                    self.high_water.store(end, Ordering::Relaxed);
                }
                true
            }
            _ => false,
        }
    }

    /// Blocks handed out and not yet freed. Exact for the holder (the
    /// only writer of `taken` and `returned`); no block can be freed
    /// concurrently once it reads zero, since none is live.
    fn live(&self) -> usize {
        let elsewhere = self.returned_elsewhere.load(Ordering::Acquire);
        let taken = self.taken.load(Ordering::Relaxed);
        taken
            .wrapping_sub(self.returned.load(Ordering::Relaxed))
            .wrapping_sub(elsewhere)
    }

    /// Starts the region again from its beginning; the caller holds it and
    /// no block of it is live.
    fn empty(&self) {
        self.used.store(0, Ordering::Relaxed);
        self.taken.store(0, Ordering::Relaxed);
        self.returned.store(0, Ordering::Relaxed);
        self.returned_elsewhere.store(0, Ordering::Relaxed);
    }

    /// A block is freed, by the holder (`mine`) or by another thread; the
    /// holder empties the region when it was the last (anyone else leaves
    /// that to the next scope).
    #[inline]
    fn give_back(&self, mine: bool) {
        if !mine {
            self.returned_elsewhere.fetch_add(1, Ordering::AcqRel);
            return;
        }
        bump(&self.returned);
        if self.live() == 0 {
            self.empty();
        }
    }

    /// Empties the region if no block of it is live; the caller has just
    /// come to hold it.
    fn reset_if_empty(&self) {
        if self.live() == 0 {
            self.empty();
            self.reuses.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Gives back to the kernel the pages past `keep` that the last
    /// compiles touched, when nothing is live there.
    fn trim(&self, keep: usize) {
        let base = self.base.load(Ordering::Relaxed);
        let high = self.high_water.load(Ordering::Relaxed);
        if base == 0 || high <= keep || self.live() != 0 {
            return;
        }
        // SAFETY: the range lies inside the region's mapping and holds no
        // live block (none is live at all); its pages read as zero after.
        unsafe {
            libc::madvise(
                (base + keep) as *mut libc::c_void,
                high - keep,
                libc::MADV_DONTNEED,
            );
        }
        self.high_water.store(keep, Ordering::Relaxed);
    }

    /// Maps the region if it is not mapped yet; false if it cannot be.
    /// The caller holds the region.
    fn map(&self) -> bool {
        if self.base.load(Ordering::Acquire) != 0 {
            return true;
        }
        let size = self.size.load(Ordering::Relaxed);
        // SAFETY: an anonymous private mapping at an address of the
        // kernel's choice touches no existing memory.
        let p = unsafe {
            libc::mmap(
                ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return false;
        }
        self.base.store(p as usize, Ordering::Release);
        true
    }
}

/// What the system refused: from the reserve inside a scope that holds
/// it, which then counts as exhausted; null (the caller's failure)
/// outside one. A compile that outgrows the reserve too ends the process,
/// with the resource-failure status: at once on the VM's thread, which
/// flushed its output before the compile; from a compiler thread, which
/// cannot flush the VM's output, through the VM's thread, which looks at
/// `compile_ran_out` at each of its poll points while this thread stops
/// for good.
fn fallback(layout: Layout) -> *mut u8 {
    let state = scope();
    if state & (OWNER | LASTING) == 0 {
        return ptr::null_mut();
    }
    SCOPE.with(|s| s.set(state | EXHAUSTED));
    let p = held_slot().reserve.take(layout);
    if p.is_null() {
        if COMPILER_THREAD.with(Cell::get) {
            RAN_OUT.store(true, Ordering::Release);
            loop {
                // SAFETY: `pause` only waits for a signal; this thread
                // allocates nothing more and holds no lock the VM's
                // thread takes (compiles run outside the broker's lock).
                unsafe {
                    libc::pause();
                }
            }
        }
        out_of_memory_while_compiling();
    }
    p
}

/// Whether a compile on a compiler thread outgrew the reserve: the VM's
/// thread then ends the process (`out_of_memory_while_compiling`) with
/// its output flushed.
static RAN_OUT: AtomicBool = AtomicBool::new(false);

/// Marks this thread as one that only compiles (see `fallback`).
pub fn mark_compiler_thread() {
    COMPILER_THREAD.with(|c| c.set(true));
}

/// Whether a compile on a compiler thread ran out of memory beyond the
/// reserve, so the process must end.
pub fn compile_ran_out() -> bool {
    RAN_OUT.load(Ordering::Acquire)
}

/// Exit status of a resource failure (see the README).
const STATUS_RESOURCE: i32 = 3;

/// Ends the process as a compile that outgrew the reserve does: the
/// message on stderr, the resource-failure status.
pub fn out_of_memory_while_compiling() -> ! {
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
    for slot in &SLOT_TABLE {
        if slot.reserve.base.load(Ordering::Acquire) == 0 {
            slot.reserve.size.store(bytes.max(1), Ordering::Relaxed);
        }
    }
}

/// The arena's record: scopes that held it, how many of them found it
/// empty when they opened (so reused it from its start: all of them,
/// unless a compile left a block behind), and its blocks live now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaStats {
    pub scopes: usize,
    pub reuses: usize,
    pub live: usize,
}

static SCOPES_HELD: AtomicUsize = AtomicUsize::new(0);

pub fn arena_stats() -> ArenaStats {
    let used = &SLOT_TABLE[..SLOTS_USED.load(Ordering::Acquire)];
    ArenaStats {
        scopes: SCOPES_HELD.load(Ordering::Relaxed),
        reuses: used
            .iter()
            .map(|s| s.arena.reuses.load(Ordering::Relaxed))
            .sum(),
        live: used.iter().map(|s| s.arena.live()).sum(),
    }
}

/// Runs `f` with its allocations served by the system (and, should it
/// refuse, by the reserve), for what a compile makes to outlive it (the
/// code cache's mapping, the compile's record): a block left in the arena
/// would keep it from starting again empty.
pub fn lasting<T>(f: impl FnOnce() -> T) -> T {
    let state = scope();
    let lasting = if state & OWNER != 0 { LASTING } else { 0 };
    SCOPE.with(|s| s.set((state & !OWNER) | lasting));
    let result = f();
    let exhausted = scope() & EXHAUSTED;
    SCOPE.with(|s| s.set(state | exhausted));
    result
}

impl Allocator {
    /// A fresh block for `layout` inside the scope that holds the arena:
    /// the arena, then the system, then the reserve.
    #[inline]
    fn alloc_held(layout: Layout) -> *mut u8 {
        if injected_refusal(layout.size()) {
            return fallback(layout);
        }
        let p = held_slot().arena.take(layout);
        if !p.is_null() {
            return p;
        }
        // SAFETY: the caller's contract is `System`'s.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            fallback(layout)
        } else {
            p
        }
    }

    /// Moves `p` to a fresh block of `new_size` bytes.
    ///
    /// # Safety
    /// As for `GlobalAlloc::realloc`.
    unsafe fn move_block(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees `new_size`, rounded up to the
        // alignment, does not overflow `isize`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        // SAFETY: `new_layout` has a non-zero size.
        let q = unsafe { self.alloc(new_layout) };
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

// SAFETY: every block comes from `System`, the arena or the reserve; the
// regions' blocks are disjoint (bump allocation, reset only once none is
// live, resized in place only when last) and aligned as asked; `dealloc`
// and `realloc` tell the three apart by address.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if scope() & OWNER != 0 {
            return Self::alloc_held(layout);
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
        let state = scope();
        if state & OWNER == 0 {
            // SAFETY: as for `alloc`.
            let p = unsafe { System.alloc_zeroed(layout) };
            if !p.is_null() || state & LASTING == 0 {
                return p;
            }
        }
        let p = match state & OWNER {
            0 => fallback(layout),
            _ => Self::alloc_held(layout),
        };
        if !p.is_null() {
            // SAFETY: `p` is a fresh block of `layout.size()` bytes (the
            // regions' are reused, and the system's came from `malloc`).
            unsafe { ptr::write_bytes(p, 0, layout.size()) };
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        for (slot, mine) in used_slots() {
            if slot.arena.owns(p) {
                return slot.arena.give_back(mine);
            }
            if slot.reserve.owns(p) {
                return slot.reserve.give_back(mine);
            }
        }
        // SAFETY: `p` is no region's, so `System` allocated it.
        unsafe { System.dealloc(p, layout) }
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let backed = scope() & (OWNER | LASTING) != 0;
        for (slot, mine) in used_slots() {
            if slot.arena.owns(p) {
                if mine
                    && !injected_refusal(new_size)
                    && slot.arena.resize_last(p, layout.size(), new_size)
                {
                    return p;
                }
                // SAFETY: the caller's contract.
                return unsafe { self.move_block(p, layout, new_size) };
            }
            if slot.reserve.owns(p) {
                // SAFETY: the caller's contract.
                return unsafe { self.move_block(p, layout, new_size) };
            }
        }
        if !injected_refusal(new_size) {
            // SAFETY: `p` is `System`'s; on failure it stays valid.
            let q = unsafe { System.realloc(p, layout, new_size) };
            if !q.is_null() || !backed {
                return q;
            }
        }
        // The system refused to grow `p` inside a compile.
        // SAFETY: as in `move_block`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let q = fallback(new_layout);
        if !q.is_null() {
            // SAFETY: `q` is a fresh reserve block, `p` a system block,
            // both of at least the bytes copied.
            unsafe {
                ptr::copy_nonoverlapping(p, q, layout.size().min(new_size));
                System.dealloc(p, layout);
            }
        }
        q
    }
}

/// A compile's claim on the arena and the reserve, open until dropped.
/// Scopes do not nest.
pub struct CompileScope {
    _not_send: std::marker::PhantomData<*const ()>,
}

impl CompileScope {
    /// Opens a scope on this thread; `None` if the reserve cannot even be
    /// mapped (memory has already run out).
    pub fn open() -> Option<CompileScope> {
        debug_assert_eq!(scope(), 0, "compile scopes do not nest");
        let claimed = SLOT_TABLE.iter().position(|slot| {
            slot.held
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        });
        if let Some(k) = claimed {
            let slot = &SLOT_TABLE[k];
            if !slot.reserve.map() {
                slot.held.store(false, Ordering::Release);
                return None;
            }
            SLOTS_USED.fetch_max(k + 1, Ordering::AcqRel);
            SCOPES_HELD.fetch_add(1, Ordering::Relaxed);
            // Without an arena, compiles use the system as before.
            slot.arena.map();
            slot.arena.reset_if_empty();
            slot.reserve.reset_if_empty();
            SLOT.with(|s| s.set(k as u8));
        }
        SCOPE.with(|s| {
            s.set(if claimed.is_some() {
                OPEN | OWNER
            } else {
                OPEN
            })
        });
        TAKEN.with(|t| t.set(0));
        Some(CompileScope {
            _not_send: std::marker::PhantomData,
        })
    }
}

impl Drop for CompileScope {
    fn drop(&mut self) {
        let state = scope();
        SCOPE.with(|s| s.set(0));
        if state & OWNER != 0 {
            let slot = held_slot();
            slot.arena.trim(ARENA_KEEP);
            slot.held.store(false, Ordering::Release);
        }
    }
}

/// Maps the arena and the reserve now rather than at the first compile,
/// for a VM that is going to compile. Failing is harmless: the first
/// compile tries again, and bails out if the reserve still cannot be had.
pub fn prepare() {
    let slot = &SLOT_TABLE[0];
    if slot
        .held
        .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
        .is_ok()
    {
        slot.reserve.map();
        slot.arena.map();
        SLOTS_USED.fetch_max(1, Ordering::AcqRel);
        slot.held.store(false, Ordering::Release);
    }
}

/// Whether a compile scope is open on this thread and the system has
/// refused an allocation in it: the compile must stop and free what it
/// holds.
pub fn exhausted() -> bool {
    scope() & EXHAUSTED != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The regions are one set per process; their tests take turns.
    static TURN: Mutex<()> = Mutex::new(());

    /// The slot this thread's open scope holds.
    fn mine() -> &'static Slot {
        held_slot()
    }

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
        assert!(mine().reserve.owns(a) && mine().reserve.owns(b));
        assert_eq!(a as usize % 8, 0);
        assert_eq!(b as usize % 64, 0);
        assert!(b as usize >= a as usize + 24, "blocks are disjoint");
        // SAFETY: both blocks came from the reserve with these layouts.
        unsafe {
            Allocator.dealloc(a, layout(24, 8));
            Allocator.dealloc(b, layout(100, 64));
        }
        assert_eq!(mine().reserve.used.load(Ordering::Relaxed), 0);
        drop(scope);
        assert!(fallback(layout(8, 8)).is_null());
    }

    #[test]
    fn a_block_larger_than_the_reserve_is_refused() {
        let _turn = TURN.lock().unwrap();
        let _scope = CompileScope::open().expect("the reserve maps");
        assert!(mine().reserve.take(layout(RESERVE_BYTES + 1, 8)).is_null());
    }

    #[test]
    fn the_arena_serves_a_scope_grows_its_last_block_in_place_and_empties() {
        let _turn = TURN.lock().unwrap();
        let scope = CompileScope::open().expect("the reserve maps");
        // SAFETY: blocks are used within their sizes and freed with the
        // layouts they were made with.
        unsafe {
            let a = Allocator.alloc(layout(16, 8));
            assert!(mine().arena.owns(a));
            a.copy_from_nonoverlapping([7u8; 16].as_ptr(), 16);
            let a2 = Allocator.realloc(a, layout(16, 8), 4096);
            assert_eq!(a2, a, "the last block grows in place");
            let b = Allocator.alloc_zeroed(layout(64, 64));
            assert!(mine().arena.owns(b) && (b as usize).is_multiple_of(64));
            assert!(std::slice::from_raw_parts(b, 64).iter().all(|&x| x == 0));
            let a3 = Allocator.realloc(a2, layout(4096, 8), 8192);
            assert_ne!(a3, a2, "a block no longer last moves");
            assert_eq!(std::slice::from_raw_parts(a3, 16), &[7u8; 16]);
            Allocator.dealloc(b, layout(64, 64));
            Allocator.dealloc(a3, layout(8192, 8));
        }
        assert_eq!(mine().arena.used.load(Ordering::Relaxed), 0, "emptied");
        drop(scope);
        // SAFETY: a block of the system's, freed at once.
        unsafe {
            let c = Allocator.alloc(layout(16, 8));
            assert!(!mine().arena.owns(c), "outside a scope the system serves");
            Allocator.dealloc(c, layout(16, 8));
        }
    }

    #[test]
    fn a_second_thread_gets_an_arena_and_a_reserve_of_its_own() {
        let _turn = TURN.lock().unwrap();
        let _scope = CompileScope::open().expect("the reserve maps");
        let first = mine() as *const Slot as usize;
        std::thread::spawn(move || {
            let _other = CompileScope::open().expect("opens");
            assert_ne!(mine() as *const Slot as usize, first);
            // SAFETY: a block freed at once with its layout.
            unsafe {
                let p = Allocator.alloc(layout(16, 8));
                assert!(mine().arena.owns(p));
                Allocator.dealloc(p, layout(16, 8));
            }
            let q = fallback(layout(8, 8));
            assert!(mine().reserve.owns(q), "and the reserve");
            // SAFETY: a reserve block, freed once.
            unsafe { Allocator.dealloc(q, layout(8, 8)) };
        })
        .join()
        .unwrap();
    }

    #[test]
    fn blocks_freed_elsewhere_count_toward_emptying_the_arena() {
        let _turn = TURN.lock().unwrap();
        let scope = CompileScope::open().expect("the reserve maps");
        // SAFETY: blocks freed once, with their layouts.
        unsafe {
            let a = Allocator.alloc(layout(32, 8));
            let b = Allocator.alloc(layout(32, 8)) as usize;
            assert!(mine().arena.owns(a));
            std::thread::spawn(move || Allocator.dealloc(b as *mut u8, layout(32, 8)))
                .join()
                .unwrap();
            assert_eq!(mine().arena.live(), 1);
            assert_ne!(mine().arena.used.load(Ordering::Relaxed), 0);
            Allocator.dealloc(a, layout(32, 8));
        }
        assert_eq!(mine().arena.live(), 0);
        assert_eq!(
            mine().arena.used.load(Ordering::Relaxed),
            0,
            "the holder's last free empties it"
        );
        // A block the compile leaves behind is freed after the scope; the
        // next scope finds the arena empty again.
        // SAFETY: as above.
        let left = unsafe { Allocator.alloc(layout(16, 8)) };
        drop(scope);
        // SAFETY: as above.
        unsafe { Allocator.dealloc(left, layout(16, 8)) };
        let reuses = mine().arena.reuses.load(Ordering::Relaxed);
        let _again = CompileScope::open().expect("the reserve maps");
        assert_eq!(mine().arena.reuses.load(Ordering::Relaxed), reuses + 1);
        assert_eq!(mine().arena.used.load(Ordering::Relaxed), 0);
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
            assert!(!mine().reserve.owns(b), "the arena serves the new block");
            assert_eq!(std::slice::from_raw_parts(b, 4), &[1, 2, 3, 4]);
            Allocator.dealloc(b, layout(400, 4));
        }
    }
}
