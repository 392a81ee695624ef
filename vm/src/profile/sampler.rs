//! The time profiler (`--profile=time`), after LuaJIT's `-jp`: a POSIX
//! timer on the VM's own thread sends it `SIGPROF` every millisecond of
//! wall-clock time, and the handler notes where the thread was: the
//! machine instruction it was at, and the VM's `Position` (what it was
//! doing, and in which function and instruction). At exit the samples are
//! attributed (`TimeProfile`): a machine address inside compiled code
//! names the compiled function's bytecode instruction, through the
//! compiler's code map (`tier::Compiler::locate`); any other address
//! takes the `Position`.
//!
//! The handler only reads that word and the interrupted context and
//! appends to a buffer allocated beforehand, so it allocates nothing,
//! takes no lock and changes nothing the program can see; the handler is
//! installed with `SA_RESTART`, so no system call of the run fails with
//! `EINTR` because of it.

use crate::bytecode::{FuncId, Program};
use std::cell::Cell;
use std::fmt::Write as _;
use std::io;
use std::rc::Rc;
use std::sync::atomic::{AtomicU32, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// What the VM's thread is doing, as far as the profiler can tell without
/// looking at the machine address.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Activity {
    /// Interpreting `func` at instruction `pc`.
    Interpreting = 0,
    /// Running compiled code; only ever concluded from the address.
    Compiled = 1,
    /// Compiling `func`.
    Compiling = 2,
    /// In a runtime helper (output, or a call from compiled code into the
    /// runtime) for instruction `pc` of `func`.
    Runtime = 3,
}

impl Activity {
    pub const ALL: [Activity; 4] = [
        Activity::Interpreting,
        Activity::Compiled,
        Activity::Compiling,
        Activity::Runtime,
    ];

    fn from_u8(v: u8) -> Activity {
        match v {
            0 => Activity::Interpreting,
            1 => Activity::Compiled,
            2 => Activity::Compiling,
            _ => Activity::Runtime,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Activity::Interpreting => "interp",
            Activity::Compiled => "compiled",
            Activity::Compiling => "compiling",
            Activity::Runtime => "runtime",
        }
    }
}

/// Where the VM is: written by the interpreter's profiling instantiation
/// (the instruction, at every one), the runtime helpers and the tier-up
/// policy; read by the signal handler. Relaxed atomics: the writer and
/// the reader are the same thread. A tick between two of `set`'s stores
/// may pair a function with the instruction index of the one before (a
/// call or return just made); the report then names a neighbouring line,
/// or line 0 for an index past the function's end: noise at a sample in
/// thousands, not worth a lock.
#[derive(Debug, Default)]
pub struct Position {
    activity: AtomicU8,
    func: AtomicU32,
    pc: AtomicU32,
}

impl Position {
    #[inline]
    pub fn set(&self, activity: Activity, func: FuncId, pc: u32) {
        self.activity.store(activity as u8, Relaxed);
        self.func.store(func.0, Relaxed);
        self.pc.store(pc, Relaxed);
    }

    /// The interpreter moved to `func` (a call or a return).
    #[inline]
    pub fn set_func(&self, func: FuncId) {
        self.func.store(func.0, Relaxed);
    }

    /// The interpreter is at instruction `pc`.
    #[inline]
    pub fn set_pc(&self, pc: u32) {
        self.pc.store(pc, Relaxed);
    }

    /// Runs `work` as `activity` at `func`'s instruction `pc`, then puts
    /// back what was there.
    pub fn during<R>(
        &self,
        activity: Activity,
        func: FuncId,
        pc: u32,
        work: impl FnOnce() -> R,
    ) -> R {
        let (a, f, p) = self.get();
        self.set(activity, func, pc);
        let result = work();
        self.set(a, f, p);
        result
    }

    pub fn get(&self) -> (Activity, FuncId, u32) {
        (
            Activity::from_u8(self.activity.load(Relaxed)),
            FuncId(self.func.load(Relaxed)),
            self.pc.load(Relaxed),
        )
    }
}

/// One tick of the timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The interrupted machine instruction.
    pub address: u64,
    pub activity: Activity,
    pub func: FuncId,
    pub pc: u32,
}

/// The samples of a run.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    pub samples: Vec<Sample>,
    /// Ticks that found the buffer full (after `CAPACITY` samples).
    pub dropped: u64,
    /// The sampled wall time.
    pub elapsed: Duration,
}

/// The timer's period.
pub const INTERVAL: Duration = Duration::from_millis(1);

/// Samples kept: 17 minutes at 1 kHz. The buffer is reserved, not touched,
/// so the pages a short run does not fill cost nothing.
const CAPACITY: usize = 1 << 20;

/// What the handler writes to: the buffer and the position it reads
/// (`Sampler::position`, kept alive by the sampler).
struct Shared {
    position: *const Position,
    buffer: *mut Sample,
    len: AtomicUsize,
    dropped: AtomicUsize,
}

thread_local! {
    /// The thread's sampler, or null: the handler's only way in. Const
    /// initialized and without a destructor, so reading it in a signal
    /// handler touches no lazy initialization.
    static ACTIVE: Cell<*const Shared> = const { Cell::new(std::ptr::null()) };
}

/// A running time profiler on the current thread. Stopping it (or
/// dropping it) disarms the timer before anything it writes is read or
/// freed.
pub struct Sampler {
    /// The armed timer; `None` once disarmed.
    timer: Option<libc::timer_t>,
    /// What `shared.position` points at, held for as long as it does.
    _position: Rc<Position>,
    shared: Box<Shared>,
    buffer: Vec<Sample>,
    started: Instant,
}

impl Sampler {
    /// Starts sampling the current thread, reading `position`.
    pub fn start(position: Rc<Position>) -> io::Result<Sampler> {
        install_handler()?;
        let mut buffer: Vec<Sample> = Vec::new();
        buffer
            .try_reserve_exact(CAPACITY)
            .map_err(|_| io::Error::other("no memory for the profile's samples"))?;
        let shared = Box::new(Shared {
            position: Rc::as_ptr(&position),
            buffer: buffer.as_mut_ptr(),
            len: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
        });
        ACTIVE.with(|a| a.set(&*shared));
        let timer = match arm_timer() {
            Ok(timer) => timer,
            Err(e) => {
                ACTIVE.with(|a| a.set(std::ptr::null()));
                return Err(e);
            }
        };
        Ok(Sampler {
            timer: Some(timer),
            _position: position,
            shared,
            buffer,
            started: Instant::now(),
        })
    }

    /// Disarms the timer and hands over what it collected.
    pub fn stop(mut self) -> Samples {
        self.disarm();
        let len = self.shared.len.load(Relaxed);
        // SAFETY: the handler wrote `len` samples (each fully, before
        // bumping `len`) into the reserved capacity, and can write no more:
        // the timer is gone and `ACTIVE` no longer points at `shared`.
        unsafe { self.buffer.set_len(len) };
        Samples {
            samples: std::mem::take(&mut self.buffer),
            dropped: self.shared.dropped.load(Relaxed) as u64,
            elapsed: self.started.elapsed(),
        }
    }

    fn disarm(&mut self) {
        if let Some(timer) = self.timer.take() {
            // SAFETY: `timer` came from a successful `timer_create` and is
            // deleted once (taken out above). A signal already pending runs
            // its handler on this thread before or after this call, never
            // during the reads that follow.
            unsafe { libc::timer_delete(timer) };
            ACTIVE.with(|a| a.set(std::ptr::null()));
        }
    }
}

impl Drop for Sampler {
    fn drop(&mut self) {
        self.disarm();
    }
}

/// Installs the `SIGPROF` handler, once per process.
fn install_handler() -> io::Result<()> {
    static INSTALLED: std::sync::OnceLock<Result<(), i32>> = std::sync::OnceLock::new();
    let result = INSTALLED.get_or_init(|| {
        // SAFETY: a zeroed `sigaction` is a valid empty one; the handler
        // has the three-argument form `SA_SIGINFO` asks for and is
        // async-signal-safe (see `on_tick`).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            let handler: Handler = on_tick;
            action.sa_sigaction = handler as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(libc::SIGPROF, &action, std::ptr::null_mut()) != 0 {
                return Err(io::Error::last_os_error().raw_os_error().unwrap_or(0));
            }
        }
        Ok(())
    });
    result.map_err(io::Error::from_raw_os_error)
}

type Handler = extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void);

/// A timer sending `SIGPROF` to this thread every `INTERVAL`.
fn arm_timer() -> io::Result<libc::timer_t> {
    // SAFETY: a zeroed `sigevent` is valid; the fields set make it a
    // thread-directed signal to the calling thread. `timer_create` writes
    // the timer id, which `timer_settime` then arms.
    unsafe {
        let mut event: libc::sigevent = std::mem::zeroed();
        event.sigev_notify = libc::SIGEV_THREAD_ID;
        event.sigev_signo = libc::SIGPROF;
        event.sigev_notify_thread_id = libc::gettid();
        let mut timer: libc::timer_t = std::mem::zeroed();
        if libc::timer_create(libc::CLOCK_MONOTONIC, &mut event, &mut timer) != 0 {
            return Err(io::Error::last_os_error());
        }
        let period = libc::timespec {
            tv_sec: 0,
            tv_nsec: INTERVAL.as_nanos() as libc::c_long,
        };
        let spec = libc::itimerspec {
            it_interval: period,
            it_value: period,
        };
        if libc::timer_settime(timer, 0, &spec, std::ptr::null_mut()) != 0 {
            let error = io::Error::last_os_error();
            libc::timer_delete(timer);
            return Err(error);
        }
        Ok(timer)
    }
}

/// The `SIGPROF` handler: one sample into the thread's buffer. Reads a
/// thread-local, the interrupted context and three atomics; writes one
/// slot of memory reserved beforehand.
extern "C" fn on_tick(_: libc::c_int, _: *mut libc::siginfo_t, context: *mut libc::c_void) {
    let shared = ACTIVE.with(|a| a.get());
    if shared.is_null() {
        return;
    }
    // SAFETY: `ACTIVE` points at the live `Shared` of this thread's
    // running sampler (it is nulled before the sampler goes), which holds
    // the `position` it points at.
    let shared = unsafe { &*shared };
    // SAFETY: `position` points at the `Position` the running `Sampler`
    // holds (`_position`) for as long as `ACTIVE` points at its `Shared`.
    let (activity, func, pc) = unsafe { &*shared.position }.get();
    let len = shared.len.load(Relaxed);
    if len == CAPACITY {
        shared.dropped.fetch_add(1, Relaxed);
        return;
    }
    let sample = Sample {
        address: interrupted_address(context),
        activity,
        func,
        pc,
    };
    // SAFETY: `len < CAPACITY`, the buffer's reserved length; only this
    // handler writes it, and never while another run of it is under way
    // on the thread (a signal is blocked during its own handler).
    unsafe { shared.buffer.add(len).write(sample) };
    shared.len.store(len + 1, Relaxed);
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
fn interrupted_address(context: *mut libc::c_void) -> u64 {
    // SAFETY: with `SA_SIGINFO` the kernel passes the interrupted
    // context, a `ucontext_t`, as the third argument.
    let context = unsafe { &*(context as *const libc::ucontext_t) };
    context.uc_mcontext.gregs[libc::REG_RIP as usize] as u64
}

#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
fn interrupted_address(_: *mut libc::c_void) -> u64 {
    0
}

/// Samples attributed to functions and lines, and rendered as the
/// `--profile=time` report.
#[derive(Debug, Default)]
pub struct TimeProfile {
    /// Samples per (function, instruction, activity).
    counts: Vec<((FuncId, u32, Activity), u64)>,
    total: u64,
    dropped: u64,
    elapsed: Duration,
}

impl TimeProfile {
    /// Attributes `samples`: an address `locate` places in compiled code
    /// is compiled time at the instruction it names; any other address
    /// takes the activity the VM recorded.
    pub fn new(samples: &Samples, locate: impl Fn(u64) -> Option<(FuncId, u32)>) -> TimeProfile {
        let mut keyed: Vec<(FuncId, u32, Activity)> = samples
            .samples
            .iter()
            .map(|s| match locate(s.address) {
                Some((func, pc)) => (func, pc, Activity::Compiled),
                None => (s.func, s.pc, s.activity),
            })
            .collect();
        keyed.sort_unstable();
        let mut counts: Vec<((FuncId, u32, Activity), u64)> = Vec::new();
        for key in keyed {
            match counts.last_mut() {
                Some((k, n)) if *k == key => *n += 1,
                _ => counts.push((key, 1)),
            }
        }
        TimeProfile {
            counts,
            total: samples.samples.len() as u64,
            dropped: samples.dropped,
            elapsed: samples.elapsed,
        }
    }

    /// The report: a summary line, then the functions and the lines (the
    /// twenty busiest), each split by activity, in shares of all samples.
    pub fn report(&self, program: &Program, file: &str) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "time profile: {} samples, one per {} ms of wall-clock time over {:.3} s",
            self.total,
            INTERVAL.as_millis(),
            self.elapsed.as_secs_f64()
        );
        if self.dropped > 0 {
            let _ = write!(s, " ({} more not kept)", self.dropped);
        }
        s.push('\n');
        if self.total == 0 {
            s.push_str("(the run ended before the first sample)\n");
            return s;
        }
        let mut all = [0u64; 4];
        for ((_, _, a), n) in &self.counts {
            all[*a as usize] += n;
        }
        let _ = writeln!(s, "{}", self.row(&all, "everything"));
        let by_func = self.group(|f, _| (f.0, 0));
        let _ = writeln!(s, "\n{}", header("function"));
        for ((f, _), row) in &by_func {
            let _ = writeln!(s, "{}", self.row(row, &program.func(FuncId(*f)).name));
        }
        let by_line = self.group(|f, pc| {
            let line = program
                .func(f)
                .positions
                .get(pc as usize)
                .map_or(0, |p| p.line);
            (f.0, line)
        });
        let _ = writeln!(s, "\n{}", header("line"));
        const SHOWN: usize = 20;
        for ((f, line), row) in by_line.iter().take(SHOWN) {
            let name = &program.func(FuncId(*f)).name;
            let _ = writeln!(s, "{}", self.row(row, &format!("{file}:{line} ({name})")));
        }
        if by_line.len() > SHOWN {
            let rest: u64 = by_line[SHOWN..].iter().flat_map(|(_, r)| r).sum();
            let _ = writeln!(
                s,
                "({} more lines, {})",
                by_line.len() - SHOWN,
                self.share(rest)
            );
        }
        s
    }

    /// Sample counts per activity for each key, busiest key first.
    fn group(&self, key: impl Fn(FuncId, u32) -> (u32, u32)) -> Vec<((u32, u32), [u64; 4])> {
        let mut grouped: std::collections::BTreeMap<(u32, u32), [u64; 4]> = Default::default();
        for ((f, pc, a), n) in &self.counts {
            grouped.entry(key(*f, *pc)).or_default()[*a as usize] += n;
        }
        let mut rows: Vec<((u32, u32), [u64; 4])> = grouped.into_iter().collect();
        rows.sort_by_key(|(k, row)| (std::cmp::Reverse(row.iter().sum::<u64>()), *k));
        rows
    }

    fn share(&self, n: u64) -> String {
        format!("{:.1}%", 100.0 * n as f64 / self.total as f64)
    }

    fn row(&self, row: &[u64; 4], name: &str) -> String {
        let mut s = format!("{:>7}", self.share(row.iter().sum()));
        for n in row {
            let _ = write!(s, " {:>9}", self.share(*n));
        }
        let _ = write!(s, "  {name}");
        s
    }
}

fn header(what: &str) -> String {
    let mut s = format!("{:>7}", "total");
    for a in Activity::ALL {
        let _ = write!(s, " {:>9}", a.name());
    }
    let _ = write!(s, "  {what}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_FUNCS: &str =
        "func f(%x)\n    add %x, %x, 1\n    ret %x\nend\nfunc main()\n    call %r, f, 1\n    print %r\n    ret 0\nend\n";

    fn sample(address: u64, activity: Activity, func: u32, pc: u32) -> Sample {
        Sample {
            address,
            activity,
            func: FuncId(func),
            pc,
        }
    }

    /// Compiled code is told by its address, whatever the position says;
    /// every other sample takes the position; shares are of all samples.
    #[test]
    fn samples_are_attributed_and_split_by_activity() {
        let program = crate::load(TWO_FUNCS.as_bytes()).expect("loads");
        let samples = Samples {
            samples: vec![
                sample(0x1000, Activity::Interpreting, 1, 0),
                sample(0x1004, Activity::Interpreting, 1, 0),
                sample(0x9000, Activity::Interpreting, 1, 1),
                sample(0x9000, Activity::Runtime, 1, 1),
                sample(0x9000, Activity::Compiling, 0, 0),
                sample(0x9000, Activity::Interpreting, 0, 1),
                sample(0x9000, Activity::Interpreting, 0, 1),
                sample(0x9000, Activity::Interpreting, 0, 1),
            ],
            dropped: 0,
            elapsed: Duration::from_millis(8),
        };
        let profile = TimeProfile::new(&samples, |a| (a < 0x2000).then_some((FuncId(0), 0)));
        assert_eq!(
            profile.report(&program, "p.bc"),
            "time profile: 8 samples, one per 1 ms of wall-clock time over 0.008 s
 100.0%     50.0%     25.0%     12.5%     12.5%  everything

  total    interp  compiled compiling   runtime  function
  75.0%     37.5%     25.0%     12.5%      0.0%  f
  25.0%     12.5%      0.0%      0.0%     12.5%  main

  total    interp  compiled compiling   runtime  line
  37.5%      0.0%     25.0%     12.5%      0.0%  p.bc:2 (f)
  37.5%     37.5%      0.0%      0.0%      0.0%  p.bc:3 (f)
  25.0%     12.5%      0.0%      0.0%     12.5%  p.bc:7 (main)
"
        );
    }

    #[test]
    fn a_run_without_samples_says_so() {
        let program = crate::load(TWO_FUNCS.as_bytes()).expect("loads");
        let report = TimeProfile::new(&Samples::default(), |_| None).report(&program, "p.bc");
        assert!(report.ends_with("(the run ended before the first sample)\n"));
    }

    /// The timer ticks on this thread and each tick records the position.
    #[test]
    fn the_sampler_records_the_position_at_each_tick() {
        let position = Rc::new(Position::default());
        position.set(Activity::Runtime, FuncId(3), 7);
        let sampler = Sampler::start(position).expect("a timer");
        let deadline = Instant::now() + Duration::from_secs(20);
        while sampler.shared.len.load(Relaxed) < 3 && Instant::now() < deadline {
            std::hint::spin_loop();
        }
        let samples = sampler.stop();
        assert!(samples.samples.len() >= 3);
        assert!(samples
            .samples
            .iter()
            .all(|s| (s.activity, s.func, s.pc) == (Activity::Runtime, FuncId(3), 7)));
    }
}
