//! Where compiler threads come from, and how an idle one waits.
//!
//! A broker's compiler thread is made when its first request comes
//! (`std::thread`), unless a thread was lent (`Lender`): one with nothing
//! else to do, which runs compiler threads' bodies one after another, as
//! an embedder's platform lends V8 the worker threads its concurrent
//! compilers run on. The command line lends its main thread, which would
//! otherwise only wait for the VM's thread to end. A lent thread costs a
//! request nothing to start, where making a thread cost the first request
//! 50 to 100 µs here and making one with every VM 0.2 ms of a short run
//! (`docs/jit.md`, "Background compiles").
//!
//! A broker hands its first compiler thread to a free lent thread when it
//! is made (`Broker::new`), waking it, so that it looks at the
//! queue from the start; other threads start with the first request.
//!
//! An idle compiler thread looks for work in naps that grow (`Naps`), and
//! sleeps until woken only after a long idle spell: waking a sleeping
//! thread is a system call for the VM's thread, which costs it 15 to 30
//! µs on a virtual machine, where a nap costs only the napper. A lent
//! thread waits for a body in naps of a millisecond.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What a compiler thread runs, start to end.
pub(crate) type Body = Box<dyn FnOnce() + Send>;

/// A thread lent to run compiler threads' bodies (see the module's doc).
pub struct Lender {
    state: Mutex<State>,
    /// Signalled when a body is handed to a sleeping lent thread.
    wake: Condvar,
    /// The CPU the thread to be lent ran on when it said so (-1: unknown).
    cpu: AtomicI32,
    /// Whether the first request kept the VM's thread off that CPU
    /// (`keep_apart`).
    apart: AtomicBool,
}

struct State {
    /// The body handed over, until the lent thread takes it.
    body: Option<Body>,
    /// Whether a lent thread waits for a body (none is lent at first).
    free: bool,
    /// Whether it sleeps until woken, rather than napping.
    asleep: bool,
}

impl Lender {
    /// A lender no thread has been lent to yet.
    pub const fn new() -> Lender {
        Lender {
            state: Mutex::new(State {
                body: None,
                free: false,
                asleep: false,
            }),
            wake: Condvar::new(),
            cpu: AtomicI32::new(-1),
            apart: AtomicBool::new(false),
        }
    }

    /// Takes bodies before the thread to be lent calls `lend`: they wait
    /// for it. A thread that will be lent says so before it starts
    /// what will ask for compiles, so none of them has to make a thread
    /// because it got there first.
    pub fn lend_soon(&self) {
        self.lock().free = true;
        // SAFETY: asks which CPU the calling thread runs on; no memory.
        self.cpu
            .store(unsafe { libc::sched_getcpu() }, Ordering::Relaxed);
    }

    /// On the VM's thread, at its first request for a background compile:
    /// if it runs on the CPU where the lent thread last was, moves to
    /// another it may run on. The kernel often starts a new thread on its
    /// maker's CPU, preempting the maker, and spreads the two to an idle
    /// CPU only at a periodic balance: the main thread, which made the
    /// VM's thread and is lent, then got no CPU for the first 1 to 5 ms
    /// of a run, and the first compile waited for it (fib 32: a median of
    /// 2.1 to 2.7 ms from request to start, on a two-CPU virtual
    /// machine). Done at the first request, not when the VM's thread
    /// starts, so a run that never compiles in the background does not
    /// wait for an idle CPU to wake (0.13 ms of an empty program's run).
    /// Allowed every CPU again at once, the thread stays where it went.
    pub(crate) fn keep_apart(&self) {
        if self.apart.swap(true, Ordering::Relaxed) {
            return;
        }
        let lent_cpu = self.cpu.load(Ordering::Relaxed);
        let size = std::mem::size_of::<libc::cpu_set_t>();
        // SAFETY: a `cpu_set_t` is plain bits; all zero is the empty set.
        let mut allowed: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: `sched_getaffinity` writes at most `size` bytes into
        // `allowed`; `sched_getcpu` touches no memory of ours.
        let (got, now) = unsafe {
            (
                libc::sched_getaffinity(0, size, &mut allowed),
                libc::sched_getcpu(),
            )
        };
        // SAFETY: counts the bits of a valid set.
        let several = got == 0 && unsafe { libc::CPU_COUNT(&allowed) } >= 2;
        if lent_cpu < 0 || now != lent_cpu || !several {
            return;
        }
        let mut elsewhere = allowed;
        // SAFETY: clears one bit of a valid set, of a CPU number the
        // kernel gave (below the set's size).
        unsafe { libc::CPU_CLR(lent_cpu as usize, &mut elsewhere) };
        // SAFETY: both sets are valid `cpu_set_t`s of `size` bytes; pid 0
        // is the calling thread. A refusal leaves it where it was, which
        // is only slower.
        unsafe {
            libc::sched_setaffinity(0, size, &elsewhere);
            libc::sched_setaffinity(0, size, &allowed);
        }
    }

    /// Lends the calling thread for good: it runs each body handed over
    /// in turn, looking for the next in naps of a millisecond. A body that
    /// panics ends (the panic reported as a compiler thread's is), not the
    /// thread.
    pub fn lend(&self) -> ! {
        // Not `SCHED_BATCH` until a body runs (`yield_to_the_vm`): a batch
        // thread woken with its body waited for the VM's thread's time
        // slice, which made short runs that compile 0.5 to 0.75 ms slower.
        let mut naps = Naps::lent();
        let mut state = self.lock();
        loop {
            if let Some(body) = state.body.take() {
                drop(state);
                // A compile that panics loses its request, as on a thread
                // of its own; the VM goes on in its tier.
                let _ = catch_unwind(AssertUnwindSafe(body));
                naps = Naps::lent();
                state = self.lock();
            }
            state.free = true;
            state = match naps.next() {
                Some(nap) => self.wait(state, Some(nap)),
                None => {
                    state.asleep = true;
                    let mut woken = self.wait(state, None);
                    woken.asleep = false;
                    naps = Naps::lent();
                    woken
                }
            };
        }
    }

    /// Gives `body` to the lent thread if one waits for a body, without
    /// ever waiting for the lender's lock; gives it back otherwise.
    pub(crate) fn hand(&self, body: Body) -> Result<(), Body> {
        let Ok(mut state) = self.state.try_lock() else {
            return Err(body);
        };
        if !state.free {
            return Err(body);
        }
        state.free = false;
        state.body = Some(body);
        drop(state);
        // Woken from a nap too: a body waits for no nap to end (see
        // `Broker::new`, which hands it before any request).
        self.wake.notify_one();
        Ok(())
    }

    /// The state; a panic never happens while it is held, so its poison
    /// is ignored.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(
        &self,
        state: MutexGuard<'a, State>,
        nap: Option<Duration>,
    ) -> MutexGuard<'a, State> {
        match nap {
            Some(nap) => match self.wake.wait_timeout(state, nap) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            },
            None => self
                .wake
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        }
    }
}

impl std::fmt::Debug for Lender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lender").finish_non_exhaustive()
    }
}

impl Default for Lender {
    fn default() -> Lender {
        Lender::new()
    }
}

/// Makes the calling thread (a compiler thread, or one lent to run them)
/// one the scheduler does not let preempt a thread it wakes from
/// (`SCHED_BATCH`): otherwise the VM's thread, waking it with a request,
/// could lose its CPU to it for the whole compile, which on a machine with
/// a free core belongs there. A refusal leaves the thread as it was (the
/// compiles are the same, the pauses longer).
pub(crate) fn yield_to_the_vm() {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: pid 0 is the calling thread; `param` is valid for the call.
    unsafe { libc::sched_setscheduler(0, libc::SCHED_BATCH, &param) };
}

/// An idle thread's naps: doubling from the first to the longest, until
/// `DOZE` has passed without work; then it sleeps until woken.
pub(crate) struct Naps {
    nap: Duration,
    longest: Duration,
    idle: Duration,
}

/// A compiler thread's first and longest nap between looks at its queue
/// (a request waits at most that long to start), and how long an idle
/// thread naps before it sleeps until woken.
const MIN_NAP: Duration = Duration::from_micros(20);
const MAX_NAP: Duration = Duration::from_micros(500);
const DOZE: Duration = Duration::from_millis(50);

/// A lent thread's nap while it waits for a body. Naps as short as a
/// compiler thread's made an empty program's run 0.2 ms longer (its first
/// millisecond is the VM's start, which a wake-up on the other CPU slows
/// on this virtual machine; `benches/startup.py`), for a compile that
/// starts at most a millisecond sooner.
const LENT_NAP: Duration = Duration::from_millis(1);

impl Naps {
    /// A compiler thread's naps.
    pub(crate) fn new() -> Naps {
        Naps {
            nap: MIN_NAP,
            longest: MAX_NAP,
            idle: Duration::ZERO,
        }
    }

    /// A lent thread's, between bodies.
    fn lent() -> Naps {
        Naps {
            nap: LENT_NAP,
            longest: LENT_NAP,
            idle: Duration::ZERO,
        }
    }

    /// The next nap; `None` once the thread should sleep until woken.
    pub(crate) fn next(&mut self) -> Option<Duration> {
        if self.idle >= DOZE {
            return None;
        }
        let nap = self.nap;
        self.idle += nap;
        self.nap = (nap * 2).min(self.longest);
        Some(nap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn naps_grow_to_the_longest_then_the_thread_sleeps() {
        let mut naps = Naps::new();
        let taken: Vec<Duration> = std::iter::from_fn(|| naps.next()).collect();
        assert_eq!(taken[..3], [MIN_NAP, MIN_NAP * 2, MIN_NAP * 4]);
        assert!(taken.iter().all(|&n| n <= MAX_NAP));
        let total: Duration = taken.iter().sum();
        assert!(total >= DOZE && total < DOZE + MAX_NAP, "{total:?}");
        assert_eq!(naps.next(), None);
    }

    #[test]
    fn a_body_handed_before_the_thread_is_lent_waits_for_it() {
        static LENDER: Lender = Lender::new();
        LENDER.lend_soon();
        let (tx, rx) = mpsc::channel();
        let handed = LENDER.hand(Box::new(move || tx.send(()).expect("sent")));
        assert!(handed.is_ok(), "taken before the thread is lent");
        std::thread::spawn(|| LENDER.lend());
        rx.recv_timeout(Duration::from_secs(10))
            .expect("ran once lent");
    }

    #[test]
    fn a_lent_thread_runs_each_body_handed_to_it_and_survives_a_panic() {
        static LENDER: Lender = Lender::new();
        let refused = LENDER.hand(Box::new(|| {}));
        assert!(refused.is_err(), "no thread lent yet");
        let lent = std::thread::spawn(|| LENDER.lend()).thread().id();
        let (tx, rx) = mpsc::channel();
        for k in 0..3 {
            let tx = tx.clone();
            let mut body: Body = Box::new(move || {
                tx.send((k, std::thread::current().id())).expect("sent");
                if k == 1 {
                    panic!("a compile that panics");
                }
            });
            // The lent thread takes a body once it is done with the last.
            loop {
                match LENDER.hand(body) {
                    Ok(()) => break,
                    Err(back) => body = back,
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            let (ran, on) = rx.recv().expect("ran");
            assert_eq!((ran, on), (k, lent));
        }
    }
}
