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
//! Handing it over, the VM's thread moves the lent thread off its own CPU
//! (`Affinity`), and the lent thread allows itself every CPU again when it
//! takes the body. On a virtual machine the kernel left the woken thread
//! queued behind the VM's thread on that CPU for milliseconds, with the
//! other idle (`docs/jit.md`, "Background compiles"); moving the VM's
//! thread instead, at its first request, cost that request 35 to 50 µs of
//! pause; moving another thread is one `sched_setaffinity`, 3 to 13 µs of
//! the VM's start on a two-CPU virtual machine.
//!
//! An idle compiler thread looks for work in naps that grow (`Naps`), and
//! sleeps until woken only after a long idle spell: waking a sleeping
//! thread is a system call for the VM's thread, which costs it 15 to 30
//! µs on a virtual machine, where a nap costs only the napper. A lent
//! thread waits for a body in naps of a millisecond.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What a compiler thread runs, start to end.
pub(crate) type Body = Box<dyn FnOnce() + Send>;

/// A thread lent to run compiler threads' bodies (see the module's doc).
pub struct Lender {
    state: Mutex<State>,
    /// Signalled when a body is handed to a sleeping lent thread.
    wake: Condvar,
}

struct State {
    /// The body handed over, until the lent thread takes it.
    body: Option<Body>,
    /// Whether a lent thread waits for a body (none is lent at first).
    free: bool,
    /// Whether it sleeps until woken, rather than napping.
    asleep: bool,
    /// The thread lent, or to be lent, once it said so (`lend_soon` or
    /// `lend`).
    thread: Option<Affinity>,
    /// Whether `hand` moved the lent thread off the handing thread's CPU;
    /// the lent thread undoes it when it takes the body.
    steered: bool,
}

impl Lender {
    /// A lender no thread has been lent to yet.
    pub const fn new() -> Lender {
        Lender {
            state: Mutex::new(State {
                body: None,
                free: false,
                asleep: false,
                thread: None,
                steered: false,
            }),
            wake: Condvar::new(),
        }
    }

    /// Takes bodies before the thread to be lent calls `lend`: they wait
    /// for it. The thread that will be lent says so, before it starts
    /// what will ask for compiles, so none of them has to make a thread
    /// because it got there first.
    pub fn lend_soon(&self) {
        let thread = Affinity::of_this_thread();
        let mut state = self.lock();
        state.free = true;
        state.thread = thread;
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
        // What this thread said in `lend_soon`, if it did: a body handed
        // since may have moved it, and the mask to go back to is the one
        // from before.
        // SAFETY: asks the calling thread's id; no memory.
        let me = unsafe { libc::gettid() };
        if state.thread.is_none_or(|t| t.tid != me) {
            state.thread = Affinity::of_this_thread();
        }
        let thread = state.thread;
        loop {
            if let Some(body) = state.body.take() {
                let steered = std::mem::take(&mut state.steered);
                drop(state);
                if let (true, Some(thread)) = (steered, thread) {
                    thread.restore();
                }
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
    /// ever waiting for the lender's lock; gives it back otherwise. The
    /// lent thread is moved off this thread's CPU before it can take the
    /// body (under the lock), so its undoing comes after.
    pub(crate) fn hand(&self, body: Body) -> Result<(), Body> {
        let Ok(mut state) = self.state.try_lock() else {
            return Err(body);
        };
        if !state.free {
            return Err(body);
        }
        state.free = false;
        state.body = Some(body);
        if let Some(thread) = state.thread {
            state.steered = thread.steer_off_this_cpu();
        }
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

/// A thread, and the CPUs it may run on, for `Lender::hand` to move it.
#[derive(Clone, Copy)]
struct Affinity {
    /// Its id in the kernel.
    tid: libc::pid_t,
    allowed: libc::cpu_set_t,
}

impl Affinity {
    /// The calling thread, if the kernel tells its CPUs.
    fn of_this_thread() -> Option<Affinity> {
        // SAFETY: a `cpu_set_t` is plain bits; all zero is the empty set.
        let mut allowed: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        // SAFETY: `sched_getaffinity` writes at most the size given into
        // `allowed`; `gettid` touches no memory.
        let (got, tid) = unsafe {
            (
                libc::sched_getaffinity(0, std::mem::size_of_val(&allowed), &mut allowed),
                libc::gettid(),
            )
        };
        (got == 0).then_some(Affinity { tid, allowed })
    }

    /// Moves the thread off the CPU the calling thread runs on, if it may
    /// run on another; whether it did.
    fn steer_off_this_cpu(&self) -> bool {
        // SAFETY: asks which CPU the calling thread runs on; no memory.
        let here = unsafe { libc::sched_getcpu() };
        let mut elsewhere = self.allowed;
        // SAFETY: reads and clears bits of a valid set, at a CPU number
        // the kernel gave (below the set's size).
        let others = unsafe {
            if here < 0 || !libc::CPU_ISSET(here as usize, &elsewhere) {
                return false;
            }
            libc::CPU_CLR(here as usize, &mut elsewhere);
            libc::CPU_COUNT(&elsewhere)
        };
        // SAFETY: `elsewhere` is a valid set of its own size, for a thread
        // of this process. A refusal leaves it where it was, which is only
        // slower.
        others > 0
            && unsafe {
                libc::sched_setaffinity(self.tid, std::mem::size_of_val(&elsewhere), &elsewhere)
            } == 0
    }

    /// Allows the calling thread (this one) every CPU it was allowed again.
    fn restore(&self) {
        // SAFETY: `allowed` is a valid set of its own size; pid 0 is the
        // calling thread.
        unsafe { libc::sched_setaffinity(0, std::mem::size_of_val(&self.allowed), &self.allowed) };
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
        let (said, soon) = mpsc::channel();
        let (go, lend) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            LENDER.lend_soon();
            said.send(Affinity::of_this_thread().expect("affinity"))
                .expect("sent");
            lend.recv().expect("told to lend");
            LENDER.lend()
        });
        let before = soon.recv().expect("said");
        let (tx, rx) = mpsc::channel();
        let handed = LENDER.hand(Box::new(move || {
            tx.send(Affinity::of_this_thread().expect("affinity"))
                .expect("sent")
        }));
        assert!(handed.is_ok(), "taken before the thread is lent");
        // SAFETY: a `cpu_set_t` is plain bits; `sched_getaffinity` writes
        // at most its size; `CPU_COUNT` counts a valid set's bits.
        let (moved, count) = unsafe {
            let mut moved: libc::cpu_set_t = std::mem::zeroed();
            libc::sched_getaffinity(before.tid, std::mem::size_of_val(&moved), &mut moved);
            (libc::CPU_COUNT(&moved), libc::CPU_COUNT(&before.allowed))
        };
        if count >= 2 {
            assert_eq!(moved, count - 1, "moved off the handing thread's CPU");
        }
        go.send(()).expect("sent");
        let during = rx
            .recv_timeout(Duration::from_secs(10))
            .expect("ran once lent");
        // Moved off this CPU when the body was handed, before it was lent:
        // every CPU of before, again.
        // SAFETY: compares two valid sets.
        assert!(unsafe { libc::CPU_EQUAL(&during.allowed, &before.allowed) });
    }

    #[test]
    fn a_lent_thread_moved_off_the_handing_cpu_gets_every_cpu_back() {
        static LENDER: Lender = Lender::new();
        let before = Affinity::of_this_thread().expect("affinity");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(|| LENDER.lend());
        let mut body: Body = Box::new(move || {
            tx.send(Affinity::of_this_thread().expect("affinity"))
                .expect("sent")
        });
        loop {
            match LENDER.hand(body) {
                Ok(()) => break,
                Err(back) => body = back,
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let during = rx.recv().expect("ran");
        // SAFETY: compares two valid sets.
        assert!(unsafe { libc::CPU_EQUAL(&during.allowed, &before.allowed) });
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
