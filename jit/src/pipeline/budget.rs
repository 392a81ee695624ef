//! The compile budget. Each phase charges the work it does as it goes (in
//! abstract units: blocks visited, blocks x registers in phi placement,
//! instructions renamed, lattice updates, copies); when the units or the
//! wall-clock allowance run out, the charge fails at once and the phase
//! returns the error, so a pathological function costs at most its budget.
//!
//! The allowance is the compile's own thread's time: the clock read often
//! is the cheap wall clock, and only once it says the allowance is spent
//! is the thread's CPU clock asked (a system call), so a compile on a
//! compiler thread that the scheduler set aside meanwhile (for the VM's
//! thread, on a machine with few cores) is not stopped for time it did
//! not run.
//!
//! A pass only charges units; it knows no phase. What runs out is a
//! `Bail`, which the pipeline makes a `CompileError` of the phase it ran,
//! so whatever a pass calls (a dominator tree computed on demand, a
//! callee's SSA form built for inlining) is charged to the phase that
//! asked for it.

use std::time::{Duration, Instant};

/// Why a phase gave up on a function. The pipeline, which knows the
/// phase, makes it a `CompileError` (`pipeline::error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bail {
    /// The work units ran out, after `work` units in all.
    OverBudget { work: u64, limit: u64 },
    /// The time allowance ran out: the thread ran the compile for
    /// `elapsed`.
    OverTime { work: u64, elapsed: Duration },
    /// The phase's input or output was not what it must be (a compiler
    /// bug).
    Invalid(String),
    /// The code could not be placed in the code cache.
    CodeCache(crate::backend::code_cache::CacheError),
    /// The system refused memory (see `vm::runtime::alloc`).
    OutOfMemory,
}

/// Code is installed at the end of emission, by either compiler.
impl From<crate::backend::code_cache::CacheError> for Bail {
    fn from(error: crate::backend::code_cache::CacheError) -> Bail {
        Bail::CodeCache(error)
    }
}

/// The default budget in work units: every function in `programs/` needs
/// less than a tenth of it (a test keeps it so), while a function whose SSA
/// would need millions of phis runs out within a few milliseconds.
pub const DEFAULT_UNITS: u64 = 1_000_000;

/// Units between two looks at the clock (a look costs about 25 ns; a unit
/// of the dearest phases, emission and block building in a cold process,
/// up to 0.5 µs): often enough that no
/// compile overshoots its allowance by more than about 100 µs, rare
/// enough to cost under 1%. The clock is also read between phases.
const CLOCK_EVERY: u64 = 1 << 7;

#[derive(Clone, Debug)]
pub struct Budget {
    limit: u64,
    used: u64,
    started: Instant,
    /// With an allowance: the thread's CPU time at a mark, and the time
    /// counted as run before it (`check_limits_at`); `None` until then.
    mark: Option<(Duration, Duration)>,
    allowance: Option<Duration>,
    next_clock_check: u64,
}

/// The calling thread's CPU time so far.
pub(crate) fn thread_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid `timespec` for the call to fill; the clock
    // exists on every Linux since 2.6.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

impl Budget {
    pub fn new(limit: u64, allowance: Option<Duration>) -> Budget {
        Budget {
            limit,
            used: 0,
            started: Instant::now(),
            mark: None,
            allowance,
            next_clock_check: CLOCK_EVERY,
        }
    }

    /// A budget that never runs out, for tools and tests.
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX, None)
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    /// Fails if the time allowance has run out, or the system has
    /// refused the compile memory. Memory is looked at as often as the
    /// clock, so a compile draws on the allocator's reserve
    /// (`vm::runtime::alloc`) for at most `CLOCK_EVERY` units of work.
    pub fn check_limits(&mut self) -> Result<(), Bail> {
        self.check_limits_at(Instant::now())
    }

    /// `check_limits` before any work: the same answer without reading
    /// the clock, which cannot yet say the allowance is spent unless it
    /// is zero (a look costs 25 ns, a small baseline compile 500).
    pub fn check_start(&mut self) -> Result<(), Bail> {
        if vm::runtime::alloc::exhausted() {
            return Err(Bail::OutOfMemory);
        }
        match self.allowance {
            Some(allowance) if allowance.is_zero() => Err(Bail::OverTime {
                work: self.used,
                elapsed: Duration::ZERO,
            }),
            _ => Ok(()),
        }
    }

    /// `check_limits` with the clock already read (`now`).
    ///
    /// The time a compile ran is its thread's CPU time, so that one the
    /// scheduler set aside is not stopped for time it did not run. The
    /// thread's clock is a system call (250 ns here, ten times the wall
    /// clock, and half of a small baseline compile), so it is first read
    /// at a mark, the first look past `CLOCK_EVERY` units (or past the
    /// allowance), with the wall time until then counted as run. A compile
    /// shorter than `CLOCK_EVERY` units never reads it; what a mark
    /// miscounts is time the scheduler took during the first
    /// `CLOCK_EVERY` units (microseconds of work), counted as run, so a
    /// compile is never let run past its allowance: counting nothing
    /// before a mark taken past the allowance let a compile under
    /// valgrind run 110 ms on a 50 ms allowance.
    pub fn check_limits_at(&mut self, now: Instant) -> Result<(), Bail> {
        if vm::runtime::alloc::exhausted() {
            return Err(Bail::OutOfMemory);
        }
        let Some(allowance) = self.allowance else {
            return Ok(());
        };
        let wall = now.saturating_duration_since(self.started);
        if allowance.is_zero() {
            return Err(Bail::OverTime {
                work: self.used,
                elapsed: wall,
            });
        }
        if self.mark.is_none() && (self.used >= CLOCK_EVERY || wall > allowance) {
            self.mark = Some((thread_time(), wall));
        }
        // The thread ran at most as long as the wall clock went on.
        if let (true, Some((at_mark, before))) = (wall > allowance, self.mark) {
            let elapsed = thread_time().saturating_sub(at_mark) + before;
            if elapsed > allowance {
                return Err(Bail::OverTime {
                    work: self.used,
                    elapsed,
                });
            }
        }
        Ok(())
    }

    /// `units` of work for the current phase.
    #[inline]
    pub fn charge(&mut self, units: u64) -> Result<(), Bail> {
        self.used = self.used.saturating_add(units);
        if self.used > self.limit {
            return Err(Bail::OverBudget {
                work: self.used,
                limit: self.limit,
            });
        }
        if self.used >= self.next_clock_check {
            self.next_clock_check = self.used.saturating_add(CLOCK_EVERY);
            self.check_limits()?;
        }
        Ok(())
    }
}

/// What a code generator charges: a unit per instruction it lowers and
/// one per `bytes_per_unit` bytes of code it made (a call and its slow
/// path take the time of twenty `add`s), the bytes short of a unit
/// carried to the next charge.
pub struct CodeMeter {
    charged: usize,
    bytes_per_unit: usize,
}

impl CodeMeter {
    /// A meter for code from offset `at` on.
    pub fn new(at: usize, bytes_per_unit: usize) -> CodeMeter {
        CodeMeter {
            charged: at,
            bytes_per_unit,
        }
    }

    /// `instructions` more, the code now ending at `at`.
    pub fn charge(
        &mut self,
        budget: &mut Budget,
        instructions: u64,
        at: usize,
    ) -> Result<(), Bail> {
        let bytes = at - self.charged;
        self.charged = at - bytes % self.bytes_per_unit;
        budget.charge(instructions + (bytes / self.bytes_per_unit) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_is_charged_by_the_unit_with_the_rest_carried() {
        let mut b = Budget::unlimited();
        let mut meter = CodeMeter::new(100, 10);
        meter.charge(&mut b, 1, 125).unwrap();
        assert_eq!(b.used(), 3);
        meter.charge(&mut b, 1, 131).unwrap();
        assert_eq!(b.used(), 5);
        meter.charge(&mut b, 0, 131).unwrap();
        assert_eq!(b.used(), 5);
    }

    #[test]
    fn stops_at_the_limit() {
        let mut b = Budget::new(10, None);
        assert!(b.charge(10).is_ok());
        assert_eq!(
            b.charge(1),
            Err(Bail::OverBudget {
                work: 11,
                limit: 10
            })
        );
    }

    /// A zero allowance stops a compile at its first look at the clock,
    /// which comes before the first phase however little it charges.
    #[test]
    fn a_zero_allowance_is_spent_at_once() {
        let mut b = Budget::new(u64::MAX, Some(Duration::ZERO));
        assert!(matches!(b.check_start(), Err(Bail::OverTime { .. })));
        assert!(matches!(b.check_limits(), Err(Bail::OverTime { .. })));
        let mut b = Budget::new(u64::MAX, Some(Duration::from_nanos(1)));
        assert!(b.check_start().is_ok());
    }

    /// Time the scheduler kept the thread from running is not counted:
    /// a budget marked, then left while the thread sleeps past its
    /// allowance, is not spent.
    #[test]
    fn time_the_thread_did_not_run_is_not_counted() {
        let mut b = Budget::new(u64::MAX, Some(Duration::from_millis(5)));
        assert!(b.charge(CLOCK_EVERY).is_ok());
        std::thread::sleep(Duration::from_millis(10));
        assert!(b.check_limits().is_ok());
        // Busy past the allowance (by the thread's own clock, so a loaded
        // machine cannot make it run less), it is.
        let start = thread_time();
        while thread_time().saturating_sub(start) < Duration::from_millis(8) {
            std::hint::black_box(0);
        }
        assert!(matches!(b.check_limits(), Err(Bail::OverTime { .. })));
    }

    /// Time before the first look counts as run: a compile whose first
    /// look comes past its allowance (all of it spent in its first
    /// `CLOCK_EVERY` units) stops there.
    #[test]
    fn time_before_the_first_look_counts_as_run() {
        let mut b = Budget::new(u64::MAX, Some(Duration::from_millis(5)));
        let start = thread_time();
        while thread_time().saturating_sub(start) < Duration::from_millis(8) {
            std::hint::black_box(0);
        }
        assert!(matches!(b.charge(CLOCK_EVERY), Err(Bail::OverTime { .. })));
    }

    /// A small compile never reads the thread's clock.
    #[test]
    fn a_budget_under_its_first_look_reads_no_thread_clock() {
        let mut b = Budget::new(u64::MAX, Some(Duration::from_millis(50)));
        assert!(b.charge(CLOCK_EVERY - 1).is_ok());
        assert!(b.check_limits().is_ok());
        assert_eq!(b.mark, None);
        assert!(b.charge(1).is_ok());
        assert!(b.mark.is_some());
    }

    #[test]
    fn stops_at_the_deadline() {
        let mut b = Budget::new(u64::MAX, Some(Duration::ZERO));
        std::thread::sleep(Duration::from_millis(1));
        assert!(matches!(b.charge(CLOCK_EVERY), Err(Bail::OverTime { .. })));
    }
}
