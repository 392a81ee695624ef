//! The code cache: one executable region per compiler, from which every
//! function's code is bump-allocated, and freed only with the compiler (and
//! the last `Compiled` that points into it): code lives as long as the VM.
//!
//! The region is made once, at the first install, as large as the cache's
//! limit; pages take memory only when first written. It is one memory
//! object (`memfd_create`) mapped twice: a read-write view the compiler
//! writes through and a read-execute view the code runs from, so no
//! mapping is ever writable and executable at once, and installing a
//! function is a copy, with no system call. Flipping the protection of
//! one mapping instead (read-write to write, read-execute to run) costs
//! two `mprotect`s per function, each splitting and merging the region's
//! mappings and flushing the TLB: 6 to 8 µs per function measured, more
//! than the rest of a small function's compile. The price of the two
//! views is that the code is writable through the other address for the
//! life of the VM (as in the double-mapping W^X schemes of other JITs);
//! where the kernel refuses executable memfds (`vm.memfd_noexec`), the
//! cache falls back to the flip.
//!
//! One region makes every function's code lie within 2 GiB of every
//! other's, so code can reach code with 32-bit displacements.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const PAGE: usize = 4096;
/// Functions start on this boundary, a cache line: the emitter aligns
/// loops by their offset in the function (`Emitter::align_loop_top`).
pub const ALIGN: usize = 64;
/// The default limit (`--code-cache-kb`): 64 MiB.
pub const DEFAULT_BYTES: usize = 64 << 20;

/// Why code could not be installed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheError {
    /// The function does not fit in what is left of the limit.
    Full,
    /// The kernel refused to reserve or protect the region.
    Os(String),
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheError::Full => f.write_str("code cache full"),
            CacheError::Os(e) => write!(f, "code cache: {e}"),
        }
    }
}

/// How the region is mapped.
enum Views {
    /// One memory object mapped twice: written through `rw`, run at `rx`.
    Dual { rw: *mut u8, rx: *mut u8 },
    /// One private mapping whose pages flip between read-write and
    /// read-execute around each install.
    Flip { base: *mut u8 },
}

/// The mapped region; unmapped when the last holder drops it.
struct Region {
    views: Views,
    len: usize,
    /// Bytes handed out so far, from the start (the cache's `used`, for
    /// compiler threads to read).
    used: AtomicUsize,
    /// Bytes from the start whose pages are known to be mapped in both
    /// views (`Prefault`).
    populated: AtomicUsize,
}

// SAFETY: the region is addresses of mappings it owns. Code is written
// into it only through `CodeCache::install`, which takes the cache by
// `&mut` (one thread at a time); other threads only ask the kernel to map
// its pages in (`Prefault`), which changes no byte of it, and read the
// two counters, which are atomic.
unsafe impl Send for Region {}
// SAFETY: as for `Send`.
unsafe impl Sync for Region {}

impl Drop for Region {
    fn drop(&mut self) {
        let bases = match self.views {
            Views::Dual { rw, rx } => [rw, rx],
            Views::Flip { base } => [base, std::ptr::null_mut()],
        };
        for base in bases.into_iter().filter(|b| !b.is_null()) {
            // SAFETY: `base..base + len` was mapped by `Region::new` and is
            // unmapped only here, once every `Compiled` holding this region
            // (so every entry into it) is gone.
            unsafe {
                libc::munmap(base.cast(), self.len);
            }
        }
    }
}

fn os_error() -> CacheError {
    CacheError::Os(std::io::Error::last_os_error().to_string())
}

/// Maps `len` bytes of `fd` (or anonymous memory, for `fd` -1).
fn map(
    len: usize,
    prot: libc::c_int,
    flags: libc::c_int,
    fd: libc::c_int,
) -> Result<*mut u8, CacheError> {
    // SAFETY: a fresh mapping at an address of the kernel's choice touches
    // no memory of ours.
    let base = unsafe { libc::mmap(std::ptr::null_mut(), len, prot, flags, fd, 0) };
    if base == libc::MAP_FAILED {
        return Err(os_error());
    }
    Ok(base.cast())
}

impl Region {
    fn new(len: usize, private: bool) -> Result<Region, CacheError> {
        if private {
            return Region::flip(len);
        }
        Region::dual(len).or_else(|_| Region::flip(len))
    }

    fn dual(len: usize) -> Result<Region, CacheError> {
        // SAFETY: the name is a valid C string; the descriptor is ours.
        let fd = unsafe { libc::memfd_create(c"bcvm-code".as_ptr(), libc::MFD_CLOEXEC) };
        if fd < 0 {
            return Err(os_error());
        }
        let views = (|| {
            // SAFETY: `fd` is the memory object just made.
            if unsafe { libc::ftruncate(fd, len as libc::off_t) } != 0 {
                return Err(os_error());
            }
            let rw = map(
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd,
            )?;
            match map(len, libc::PROT_READ | libc::PROT_EXEC, libc::MAP_SHARED, fd) {
                Ok(rx) => Ok(Views::Dual { rw, rx }),
                Err(e) => {
                    // SAFETY: mapped just above, and not handed out.
                    unsafe { libc::munmap(rw.cast(), len) };
                    Err(e)
                }
            }
        })();
        // SAFETY: the mappings keep the object alive without the descriptor.
        unsafe { libc::close(fd) };
        Ok(Region::of(views?, len))
    }

    fn flip(len: usize) -> Result<Region, CacheError> {
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE;
        let base = map(len, libc::PROT_NONE, flags, -1)?;
        Ok(Region::of(Views::Flip { base }, len))
    }

    fn of(views: Views, len: usize) -> Region {
        Region {
            views,
            len,
            used: AtomicUsize::new(0),
            populated: AtomicUsize::new(0),
        }
    }

    /// Has the kernel map in the pages of both views up to `end` bytes
    /// from the start (rounded up to `AHEAD`), where they are not yet:
    /// the writes of an install and the first run of its code then take
    /// no page fault. Only the dual mapping is populated (the flip one's
    /// pages are not accessible between installs); a kernel without
    /// `MADV_POPULATE_*` (before 5.14) leaves the faults where they were.
    fn populate(&self, end: usize) {
        let Views::Dual { rw, rx } = self.views else {
            return;
        };
        let end = end.next_multiple_of(AHEAD).min(self.len);
        let from = self.populated.load(Ordering::Relaxed);
        if end <= from
            || self
                .populated
                .compare_exchange(from, end, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        for (base, advice) in [
            (rw, libc::MADV_POPULATE_WRITE),
            (rx, libc::MADV_POPULATE_READ),
        ] {
            // SAFETY: `from..end` lies in the view (`end` is capped at its
            // length, `from` is a multiple of `AHEAD` and of the page),
            // and populating maps pages in without changing their bytes.
            unsafe { libc::madvise(base.add(from).cast(), end - from, advice) };
        }
    }

    /// Where code at `offset` runs.
    fn executable(&self, offset: usize) -> *const u8 {
        let base = match self.views {
            Views::Dual { rx, .. } => rx,
            Views::Flip { base } => base,
        };
        base.wrapping_add(offset)
    }

    /// Writes `code` at `offset`, where it becomes executable.
    fn write(&self, offset: usize, code: &[u8]) -> Result<(), CacheError> {
        let end = offset + code.len();
        debug_assert!(end <= self.len);
        match self.views {
            Views::Dual { rw, .. } => {
                // SAFETY: `offset..end` lies in the writable view, and no
                // code has been handed out there yet (allocation only
                // moves forward).
                unsafe { std::ptr::copy_nonoverlapping(code.as_ptr(), rw.add(offset), code.len()) };
            }
            Views::Flip { base } => {
                let (from, to) = (offset / PAGE * PAGE, end.next_multiple_of(PAGE));
                self.protect(base, from, to, libc::PROT_READ | libc::PROT_WRITE)?;
                // SAFETY: `offset..end` lies in the region, its pages are
                // writable now, and nothing runs them while they are: the
                // VM is single threaded and no compiled code runs while the
                // compiler does. (A page shared with the previous
                // function's code is briefly not executable.)
                unsafe {
                    std::ptr::copy_nonoverlapping(code.as_ptr(), base.add(offset), code.len())
                };
                self.protect(base, from, to, libc::PROT_READ | libc::PROT_EXEC)?;
            }
        }
        Ok(())
    }

    /// Sets the protection of the pages `[from, to)` of the flip mapping.
    fn protect(
        &self,
        base: *mut u8,
        from: usize,
        to: usize,
        prot: libc::c_int,
    ) -> Result<(), CacheError> {
        debug_assert!(from.is_multiple_of(PAGE) && to.is_multiple_of(PAGE) && to <= self.len);
        // SAFETY: the range lies inside the region, which we own.
        let rc = unsafe { libc::mprotect(base.add(from).cast(), to - from, prot) };
        if rc != 0 {
            return Err(os_error());
        }
        Ok(())
    }
}

/// How far ahead of the code installed so far `Prefault` maps pages in.
const AHEAD: usize = 64 << 10;

/// A compiler thread's view of the cache: it maps in the pages the next
/// installs will write, so that the VM's thread does not take their page
/// faults in its share of a compile (about 3 µs a page on a virtual
/// machine).
#[derive(Clone)]
pub struct Prefault(Arc<Region>);

impl Prefault {
    /// Maps in the cache's pages for `bytes` more of code, and `AHEAD`
    /// bytes past them.
    pub fn ahead(&self, bytes: usize) {
        let used = self.0.used.load(Ordering::Relaxed);
        self.0.populate(used + ALIGN + bytes + AHEAD);
    }
}

/// A handle that keeps the region mapped: each `Compiled` holds one.
#[derive(Clone)]
pub struct CodeHandle(#[allow(dead_code)] Arc<Region>);

pub struct CodeCache {
    limit: usize,
    region: Option<Arc<Region>>,
    /// Bytes handed out so far, from the region's start.
    used: usize,
    /// How many functions were installed.
    functions: usize,
    /// Whether the region must be one private mapping (`debuggable`).
    private: bool,
}

impl CodeCache {
    /// A cache of at most `limit` bytes.
    pub fn new(limit: usize) -> CodeCache {
        CodeCache {
            limit,
            region: None,
            used: 0,
            functions: 0,
            private: false,
        }
    }

    /// A cache in one private mapping, whose protection flips around each
    /// install: a debugger can plant breakpoints in it (the kernel lets
    /// `ptrace` force a write into a private read-execute page, copying
    /// it, but not into a shared one such as the dual-mapped memfd's).
    pub fn debuggable(limit: usize) -> CodeCache {
        CodeCache {
            private: true,
            ..CodeCache::new(limit)
        }
    }

    /// Whether code is written through a second, writable view of the
    /// executable memory (rather than by flipping its protection).
    pub fn is_dual_mapped(&self) -> Option<bool> {
        Some(matches!(self.region.as_ref()?.views, Views::Dual { .. }))
    }

    pub fn functions(&self) -> usize {
        self.functions
    }

    /// Maps the cache's memory now rather than at the first install, for
    /// a VM that is going to compile. A failure is left for the first
    /// install to meet again and report.
    pub fn prepare(&mut self) {
        if self.region.is_none() {
            self.region = Region::new(self.limit.next_multiple_of(PAGE), self.private)
                .ok()
                .map(Arc::new);
        }
    }

    /// The handle through which compiler threads map in the pages installs will write,
    /// once the region is mapped (`prepare`).
    pub fn prefault(&self) -> Option<Prefault> {
        self.region.clone().map(Prefault)
    }

    /// Copies `code` into the cache and returns its address, executable.
    pub fn install(&mut self, code: &[u8]) -> Result<(*const u8, CodeHandle), CacheError> {
        let start = self.used.next_multiple_of(ALIGN);
        let end = start.checked_add(code.len()).ok_or(CacheError::Full)?;
        if end > self.limit || code.is_empty() {
            return Err(CacheError::Full);
        }
        let region = match &self.region {
            Some(r) => r.clone(),
            None => {
                // It outlives the compile that makes it.
                let r = vm::runtime::alloc::lasting(|| {
                    Region::new(self.limit.next_multiple_of(PAGE), self.private).map(Arc::new)
                })?;
                self.region = Some(r.clone());
                r
            }
        };
        region.write(start, code)?;
        self.used = end;
        region.used.store(end, Ordering::Relaxed);
        self.functions += 1;
        Ok((region.executable(start), CodeHandle(region)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perms_of(at: usize) -> String {
        let maps = std::fs::read_to_string("/proc/self/maps").expect("maps");
        maps.lines()
            .find_map(|l| {
                let mut fields = l.split_whitespace();
                let (lo, hi) = fields.next()?.split_once('-')?;
                let (lo, hi) = (
                    usize::from_str_radix(lo, 16).ok()?,
                    usize::from_str_radix(hi, 16).ok()?,
                );
                (lo <= at && at < hi).then(|| fields.next().map(str::to_string))?
            })
            .expect("mapped")
    }

    #[test]
    fn the_flip_fallback_installs_executable_code() {
        let region = Arc::new(Region::flip(PAGE).expect("mapped"));
        region.write(5, &[0x90, 0xc3]).expect("written");
        let at = region.executable(5);
        assert_eq!(&perms_of(at as usize)[..3], "r-x");
        // SAFETY: just written, still mapped.
        assert_eq!(unsafe { *at.add(1) }, 0xc3);
    }

    /// Pages of `len` bytes at `at` the kernel has in memory.
    fn resident(at: *mut u8, len: usize) -> usize {
        let mut pages = vec![0u8; len.div_ceil(PAGE)];
        // SAFETY: `at..at + len` is a mapping of ours; `pages` has a byte
        // per page of it.
        let rc = unsafe { libc::mincore(at.cast(), len, pages.as_mut_ptr()) };
        assert_eq!(rc, 0);
        pages.iter().filter(|&&p| p & 1 == 1).count()
    }

    #[test]
    fn a_compiler_thread_maps_in_the_pages_the_next_install_writes() {
        let mut cache = CodeCache::new(1 << 20);
        cache.prepare();
        let prefault = cache.prefault().expect("mapped");
        let Views::Dual { rw, .. } = prefault.0.views else {
            return; // The flip fallback is not populated.
        };
        assert_eq!(resident(rw, 1 << 20), 0);
        std::thread::scope(|s| {
            s.spawn(|| prefault.ahead(5000));
        });
        if resident(rw, PAGE) == 0 {
            return; // A kernel before 5.14: no MADV_POPULATE_WRITE.
        }
        assert_eq!(resident(rw, 1 << 20), (AHEAD + AHEAD) / PAGE);
        let (at, _) = cache.install(&[0xc3; 5000]).expect("fits");
        // SAFETY: just installed, still mapped.
        assert_eq!(unsafe { *at.add(4999) }, 0xc3);
        assert_eq!(resident(rw, 1 << 20), (AHEAD + AHEAD) / PAGE);
    }

    #[test]
    fn functions_are_bump_allocated_aligned_and_executable() {
        let mut cache = CodeCache::new(1 << 20);
        let (a, _) = cache.install(&[0xc3; 5]).expect("fits");
        let (b, _) = cache.install(&[0x90, 0xc3]).expect("fits");
        assert_eq!(b as usize - a as usize, ALIGN);
        assert_eq!(a as usize % ALIGN, 0);
        // SAFETY: both were just written and are still mapped.
        assert_eq!(unsafe { *b.add(1) }, 0xc3);
        assert_eq!(&perms_of(a as usize)[..3], "r-x");
        assert_eq!(cache.functions(), 2);
        assert_eq!(cache.is_dual_mapped(), Some(true), "memfd views here");
    }

    #[test]
    fn a_full_cache_refuses_and_keeps_what_it_has() {
        let mut cache = CodeCache::new(PAGE);
        let (a, _handle) = cache.install(&[0xc3; 3968]).expect("fits");
        assert!(matches!(cache.install(&[0xc3; 200]), Err(CacheError::Full)));
        // SAFETY: installed above, still mapped (the handle is alive).
        assert_eq!(unsafe { *a.add(3967) }, 0xc3);
        assert!(
            cache.install(&[0xc3; 100]).is_ok(),
            "a smaller one still fits"
        );
    }

    #[test]
    fn the_region_outlives_the_cache_while_code_is_held() {
        let mut cache = CodeCache::new(1 << 16);
        let (a, handle) = cache.install(&[0xc3]).expect("fits");
        drop(cache);
        assert_eq!(&perms_of(a as usize)[..3], "r-x");
        drop(handle);
    }
}
