//! The code cache: one executable region per compiler, from which every
//! function's code is bump-allocated, and freed only with the compiler (and
//! the last `Compiled` that points into it): code lives as long as the VM.
//!
//! The region is reserved once, at the first install, as address space
//! with no access (`PROT_NONE`, `MAP_NORESERVE`), as large as the cache's
//! limit; pages take memory only when first written. Installing a function
//! flips the pages it touches to read-write, copies the code in and flips
//! them to read-execute, so no page is ever writable and executable at
//! once. (The alternative, two views of one memory object, one writable
//! and one executable, saves the two `mprotect`s per function but keeps a
//! writable alias of all code for the life of the process; the flip is
//! cheap next to a compile.) A page shared with the previous function's
//! code is briefly not executable while it is written: the VM is single
//! threaded, and no compiled code runs while the compiler does.
//!
//! One reservation makes every function's code lie within 2 GiB of every
//! other's, so code can reach code with 32-bit displacements.

use std::fmt;
use std::rc::Rc;

const PAGE: usize = 4096;
/// Functions start on this boundary (a cache line's half: what the CPU's
/// instruction fetch favours for branch targets).
pub const ALIGN: usize = 16;
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

/// The reserved address range; unmapped when the last holder drops it.
struct Region {
    base: *mut u8,
    len: usize,
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: `base..base + len` was mapped by `Region::reserve` and is
        // unmapped only here, once every `Compiled` holding this region (so
        // every entry into it) is gone.
        unsafe {
            libc::munmap(self.base.cast(), self.len);
        }
    }
}

impl Region {
    fn reserve(len: usize) -> Result<Region, CacheError> {
        // SAFETY: an anonymous private mapping at an address of the
        // kernel's choice touches no memory of ours.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(CacheError::Os(std::io::Error::last_os_error().to_string()));
        }
        Ok(Region {
            base: base.cast(),
            len,
        })
    }

    /// Sets the protection of the pages `[from, to)`, page-aligned offsets.
    fn protect(&self, from: usize, to: usize, prot: libc::c_int) -> Result<(), CacheError> {
        debug_assert!(from.is_multiple_of(PAGE) && to.is_multiple_of(PAGE) && to <= self.len);
        // SAFETY: the range lies inside the region, which we own.
        let rc = unsafe { libc::mprotect(self.base.add(from).cast(), to - from, prot) };
        if rc != 0 {
            return Err(CacheError::Os(std::io::Error::last_os_error().to_string()));
        }
        Ok(())
    }
}

/// A handle that keeps the region mapped: each `Compiled` holds one.
#[derive(Clone)]
pub struct CodeHandle(#[allow(dead_code)] Rc<Region>);

pub struct CodeCache {
    limit: usize,
    region: Option<Rc<Region>>,
    /// Bytes handed out so far, from the region's start.
    used: usize,
    /// How many functions were installed.
    functions: usize,
}

impl CodeCache {
    /// A cache of at most `limit` bytes.
    pub fn new(limit: usize) -> CodeCache {
        CodeCache {
            limit,
            region: None,
            used: 0,
            functions: 0,
        }
    }

    /// Where the next function's code will start, if it fits: code can be
    /// assembled for that address before it is installed.
    pub fn next_address(&self) -> Option<usize> {
        let base = self.region.as_ref()?.base as usize;
        Some(base + self.used.next_multiple_of(ALIGN))
    }

    pub fn used(&self) -> usize {
        self.used
    }

    pub fn functions(&self) -> usize {
        self.functions
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
                let r = Rc::new(Region::reserve(self.limit.next_multiple_of(PAGE))?);
                self.region = Some(r.clone());
                r
            }
        };
        let (from, to) = (start / PAGE * PAGE, end.next_multiple_of(PAGE));
        region.protect(from, to, libc::PROT_READ | libc::PROT_WRITE)?;
        // SAFETY: `start..end` lies in the region (end <= limit = its
        // length), its pages are writable now, and nothing executes them
        // while they are (see the module doc).
        unsafe {
            std::ptr::copy_nonoverlapping(code.as_ptr(), region.base.add(start), code.len());
        }
        region.protect(from, to, libc::PROT_READ | libc::PROT_EXEC)?;
        self.used = end;
        self.functions += 1;
        // SAFETY: `start` is inside the region.
        let at = unsafe { region.base.add(start) };
        Ok((at, CodeHandle(region)))
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
    fn functions_are_bump_allocated_aligned_and_executable() {
        let mut cache = CodeCache::new(1 << 20);
        let (a, _) = cache.install(&[0xc3; 5]).expect("fits");
        let (b, _) = cache.install(&[0x90, 0xc3]).expect("fits");
        assert_eq!(b as usize - a as usize, 16);
        // SAFETY: both were just written and are still mapped.
        assert_eq!(unsafe { *b.add(1) }, 0xc3);
        assert_eq!(&perms_of(a as usize)[..3], "r-x");
        assert_eq!(cache.functions(), 2);
    }

    #[test]
    fn a_full_cache_refuses_and_keeps_what_it_has() {
        let mut cache = CodeCache::new(PAGE);
        let (a, _handle) = cache.install(&[0xc3; 4000]).expect("fits");
        assert!(matches!(cache.install(&[0xc3; 200]), Err(CacheError::Full)));
        // SAFETY: installed above, still mapped (the handle is alive).
        assert_eq!(unsafe { *a.add(3999) }, 0xc3);
        assert!(
            cache.install(&[0xc3; 80]).is_ok(),
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
