//! Background compiles: the queue of requests and the compiler threads
//! that take from it, after HotSpot's `CompileBroker` (a queue per
//! compiler, compiler threads that wait on it, the requester going on in
//! its tier meanwhile) and V8's concurrent compiler (the main thread
//! prepares a job and finalizes it; the work in between runs on a
//! worker).
//!
//! The VM's thread's share of a compile is the request (its function, and
//! the profile's call counts as of then; the bytecode is shared, not
//! copied) and, later, the install (`Jit::finished`): copying the code
//! into the code cache, recording and announcing it. Everything between
//! runs on a compiler thread, with its own compile arena and clock. The
//! code is written into the cache and run by the VM's thread alone, so no
//! thread runs code another wrote, and the cache needs no lock.
//!
//! That share is kept to a few microseconds by never letting the VM's
//! thread wait or make a system call for a compiler thread: it takes the
//! queue's lock only when free (`try_lock`; a request meeting a held lock
//! waits with the VM for its next poll), and compiler threads take it
//! without sleeping in the kernel, so letting go of it never wakes one.
//! An idle compiler thread looks at the queue in short naps and sleeps
//! until woken only after a long idle spell, since a wake-up costs the
//! waker 15 to 30 µs on a virtual machine. Compiler threads do not preempt
//! the VM's thread (`SCHED_BATCH`), keep the memory the two exchange in
//! buffers that are reused, and map in the code cache's pages for the
//! code they made before handing it over (`Prefault`). The measurements
//! are in `docs/jit.md`, "Background compiles".
//!
//! The queue holds one request per function and kind at a time (the
//! tier-up policy asks once, and again only after a drop), at most
//! `MAX_WAITING`, hottest first: on-stack-replacement requests before any
//! other (an activation is waiting in the loop), then by the function's
//! call count. A request that finds the queue full takes the place of the
//! coldest waiting one, which is dropped and handed back as such (the
//! policy asks for it again later); one colder than every waiting request
//! is dropped itself. Dropping the broker (the VM's end) drops every
//! waiting request; a compile under way finishes on its thread, which then
//! ends, and nothing waits for it.

use crate::backend::code_cache::Prefault;
use crate::driver::build::{build, Built, Settings};
use crate::driver::threads::{yield_to_the_vm, Body, Lender, Naps};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};
use vm::tier::{JitEnv, Request};
use vm::Program;

/// How many requests may wait: enough for every function of a large
/// program to wait at once (a request is about a hundred bytes), since a
/// dropped request is asked for again only at its function's next look.
pub const MAX_WAITING: usize = 1 << 14;

/// Room for requests the VM's thread holds while the queue's lock is
/// taken: rarely more than a few.
const PENDING: usize = 64;

/// The queue and its compiler threads.
pub struct Broker {
    shared: Arc<Shared>,
    /// Requests not yet in the queue: its lock was taken when they came.
    pending: Vec<Job>,
    /// What `take` hands out next, swapped with the queue's `done`: the
    /// two buffers keep their memory, so the VM's thread does not
    /// allocate (nor fault in fresh pages) to take finished compiles.
    taken: Vec<Done>,
    /// How many compiler threads to start.
    threads: usize,
    /// The next of them to start, from 1: past `threads` once every one
    /// started, or the rest could not.
    next: usize,
}

/// What the VM's thread and the compiler threads share.
struct Shared {
    program: Arc<Program>,
    settings: Settings,
    /// Maps in the code cache's pages for the code a compile made, before
    /// the VM's thread installs it.
    prefault: Option<Prefault>,
    queue: Mutex<Queue>,
    /// Signalled when a request is queued or the broker closes.
    work: Condvar,
    /// Whether `Queue::done` holds something: the VM's poll reads this
    /// alone, without the lock.
    ready: AtomicBool,
    /// What a napping compiler thread waits on (see `next`), signalled
    /// when the broker closes.
    napping: Mutex<()>,
    closing: Condvar,
    /// Lends a thread for the first compiler thread, if one is lent.
    lender: Option<&'static Lender>,
}

struct Queue {
    /// By heat, so the hottest and the coldest are at the two ends.
    waiting: BTreeMap<Heat, Job>,
    /// Requests queued so far: the last part of each `Heat`, which makes
    /// it unique and puts the older of two equals first.
    queued: u64,
    done: Vec<Done>,
    /// How many compiler threads wait for work: a request wakes one only
    /// then, since waking is a system call on the VM's thread.
    idle: usize,
    closed: bool,
}

/// A queued request, with the addresses its code may embed.
struct Job {
    request: Request<'static>,
    env: SendEnv,
    asked: Share,
    /// How many requests waited when it joined the queue.
    queue_len: usize,
}

/// The VM's thread's time for a request, in nanoseconds: measured once
/// the request is queued and a compiler thread woken (after the request
/// left the VM's hands), it travels with the request. Only the VM's
/// thread writes and reads it, so the ordering is relaxed.
#[derive(Clone, Default)]
struct Share(Arc<AtomicU64>);

impl Share {
    fn add(&self, share: Duration) {
        let nanos = u64::try_from(share.as_nanos()).unwrap_or(u64::MAX);
        self.0.fetch_add(nanos, Ordering::Relaxed);
    }

    fn get(&self) -> Duration {
        Duration::from_nanos(self.0.load(Ordering::Relaxed))
    }
}

/// The VM's addresses, for a compiler thread.
#[derive(Clone, Copy)]
struct SendEnv(JitEnv);

// SAFETY: a compile only embeds these addresses in the code it makes (as
// immediates and call targets) and never reads or writes through them:
// the one thing it read, the call counts, comes in the request's
// snapshot instead. The code runs only on the VM's thread, after the
// install there.
unsafe impl Send for SendEnv {}

/// A request's outcome, for the VM's thread to install.
pub(crate) struct Done {
    pub(crate) request: Request<'static>,
    /// What the compile made (boxed: the queue moves it twice);
    /// `None` if the request was dropped.
    pub(crate) built: Option<Box<Built>>,
    asked: Share,
    /// How many requests waited when it joined the queue.
    pub(crate) queue_len: usize,
}

impl Done {
    /// The VM's thread's time for the request.
    pub(crate) fn asked(&self) -> Duration {
        self.asked.get()
    }
}

impl Broker {
    /// A broker compiling `program` with `settings` on `threads` threads
    /// (at least one): the first on the thread `lender` lends, at once,
    /// if it is free; the others with the first request
    /// (`start_threads`).
    pub(crate) fn new(
        program: Arc<Program>,
        settings: Settings,
        prefault: Option<Prefault>,
        threads: usize,
        lender: Option<&'static Lender>,
    ) -> Broker {
        let shared = Arc::new(Shared {
            program,
            settings,
            prefault,
            queue: Mutex::new(Queue {
                waiting: BTreeMap::new(),
                queued: 0,
                done: Vec::new(),
                idle: 0,
                closed: false,
            }),
            work: Condvar::new(),
            ready: AtomicBool::new(false),
            napping: Mutex::new(()),
            closing: Condvar::new(),
            lender,
        });
        let mut broker = Broker {
            shared,
            pending: Vec::new(),
            taken: Vec::new(),
            threads: threads.max(1),
            next: 1,
        };
        // The first compiler thread goes to a free lent thread at once, so
        // that it looks at the queue from the start: handed its body by
        // the first request, it started up to a millisecond later (its
        // naps while it waited to be lent). Short runs that compile were
        // 0.25 to 0.4 ms faster than with a thread made by the first
        // request and 0.5 to 0.7 ms faster than with the body handed by
        // it; an empty program's run takes 0.15 to 0.2 ms longer (the
        // wake-up, and the thread's naps while the VM starts)
        // (`docs/journal/2026-12-07-lent-thread.md`).
        let _ = broker.start_threads(false);
        broker
    }

    /// Whether a compiler thread started.
    fn started(&self) -> bool {
        self.next > 1
    }

    /// Starts the compiler threads not yet started: each on the lent
    /// thread if that is free, else, with `make`, on a thread made for
    /// it; without `make`, stops at the first that cannot be lent. A
    /// program that never gets hot makes none: a thread, its stack and
    /// its allocator's heap are made and unmade in about 0.2 ms of a
    /// short run (docs/startup.md), and the VM's thread pays for making
    /// one in the first request's pause (50 to 100 µs). The buffers of
    /// finished compiles are sized by the compiler threads (`serve`), off
    /// this path: three of `MAX_WAITING` requests made here took 6 µs of
    /// that pause.
    fn start_threads(&mut self, make: bool) -> std::io::Result<()> {
        for k in self.next..=self.threads {
            let shared = self.shared.clone();
            let body: Body = Box::new(move || shared.serve(k));
            let handed = match self.shared.lender {
                Some(lender) => lender.hand(body),
                None => Err(body),
            };
            let spawned = match handed {
                Ok(()) => Ok(()),
                Err(_) if !make => return Ok(()),
                Err(body) => std::thread::Builder::new()
                    .name(format!("bcvm compiler {k}"))
                    .spawn(body)
                    .map(drop),
            };
            match spawned {
                Ok(()) if k == 1 => {
                    self.pending.reserve(PENDING);
                    self.next = 2;
                }
                Ok(()) => self.next = k + 1,
                // Those started serve; the rest are not tried again.
                Err(_) if self.started() => break,
                Err(e) => return Err(e),
            }
        }
        self.next = self.threads + 1;
        Ok(())
    }

    /// The program the requests are for.
    pub(crate) fn program(&self) -> Arc<Program> {
        self.shared.program.clone()
    }

    /// The program the requests are for, borrowed.
    pub(crate) fn program_ref(&self) -> &Program {
        &self.shared.program
    }

    /// Queues `request` (see the module's doc for the order and the
    /// bound). The VM's thread never waits for the queue's lock: should a
    /// compiler thread hold it, the request waits with the VM until
    /// `take` or the next request finds the lock free. A request turned
    /// away for a full queue comes back from `take` as dropped. The first
    /// request starts the compiler threads; if not even one starts, the
    /// request is not queued and the error says why.
    pub(crate) fn queue(&mut self, request: Request<'static>, env: JitEnv) -> std::io::Result<()> {
        self.start_threads(true)?;
        let made = request.made;
        let asked = Share::default();
        self.pending.push(Job {
            request,
            env: SendEnv(env),
            asked: asked.clone(),
            queue_len: 0,
        });
        self.hand_over();
        asked.add(made.elapsed());
        Ok(())
    }

    /// Moves the requests the VM holds into the queue, if its lock is
    /// free, and wakes a compiler thread waiting for work.
    fn hand_over(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let began = Instant::now();
        let Some(mut queue) = self.shared.try_lock() else {
            return;
        };
        let handed: Vec<Share> = self.pending.iter().map(|job| job.asked.clone()).collect();
        for job in self.pending.drain(..) {
            queue.admit(job, &self.shared.ready);
        }
        let wake = queue.idle > 0;
        drop(queue);
        if wake {
            self.shared.work.notify_one();
        }
        // Each request handed over now is charged the whole hand-over.
        let spent = began.elapsed();
        for share in handed {
            share.add(spent);
        }
    }

    /// Whether finished compiles, dropped requests or requests still
    /// held by the VM wait for `take`.
    pub(crate) fn ready(&self) -> bool {
        !self.pending.is_empty() || self.shared.ready.load(Ordering::Acquire)
    }

    /// The finished compiles and dropped requests, in the order they
    /// finished (none if a compiler thread holds the queue's lock: they
    /// wait for the next `take`), after handing over what the VM holds.
    /// The caller gives the emptied buffer back (`give_back`).
    pub(crate) fn take(&mut self) -> Vec<Done> {
        self.hand_over();
        let mut taken = std::mem::take(&mut self.taken);
        if let Some(mut queue) = self.shared.try_lock() {
            self.shared.ready.store(false, Ordering::Relaxed);
            std::mem::swap(&mut queue.done, &mut taken);
        }
        taken
    }

    /// The buffer `take` returned, emptied, for the next `take`.
    pub(crate) fn give_back(&mut self, mut taken: Vec<Done>) {
        taken.clear();
        self.taken = taken;
    }
}

impl Queue {
    /// Adds `job` to the waiting requests; in a full queue it takes the
    /// place of the coldest waiting one, which is dropped, or is itself
    /// turned away (dropped) if it is the coldest.
    fn admit(&mut self, mut job: Job, ready: &AtomicBool) {
        self.queued += 1;
        job.queue_len = self.waiting.len();
        let key = Heat::of(&job.request, self.queued);
        let dropped = if self.waiting.len() < MAX_WAITING {
            self.waiting.insert(key, job);
            return;
        } else {
            match self.waiting.first_entry() {
                Some(coldest) if *coldest.key() < key => {
                    let dropped = coldest.remove();
                    self.waiting.insert(key, job);
                    dropped
                }
                _ => job,
            }
        };
        self.done.push(Done {
            request: dropped.request,
            built: None,
            asked: dropped.asked,
            queue_len: dropped.queue_len,
        });
        ready.store(true, Ordering::Release);
    }

    /// Takes the hottest waiting request (among equals, the oldest).
    fn hottest(&mut self) -> Option<Job> {
        self.waiting.pop_last().map(|(_, job)| job)
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        queue.waiting.clear();
        drop(queue);
        self.shared.work.notify_all();
        let napping = lock(&self.shared.napping);
        self.shared.closing.notify_all();
        drop(napping);
    }
}

/// `mutex`, its poison ignored: a thread that panicked holding one of the
/// broker's locks left nothing half done (every change is one push,
/// removal or flag).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Which waiting request goes first: on-stack replacement, then calls,
/// then the older (a smaller number queued); ordered coldest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Heat {
    osr: bool,
    calls: u64,
    /// The order queued, reversed: among equals the older is hotter.
    order: std::cmp::Reverse<u64>,
}

impl Heat {
    /// The heat of `request`, the `queued`th request queued.
    fn of(request: &Request<'_>, queued: u64) -> Heat {
        Heat {
            osr: request.osr.is_some(),
            calls: request.calls_of(request.func),
            order: std::cmp::Reverse(queued),
        }
    }
}

impl Shared {
    /// The queue; a thread that panicked holding it left nothing half
    /// done there (every change is one push or removal), so its poison is
    /// ignored.
    fn lock(&self) -> MutexGuard<'_, Queue> {
        lock(&self.queue)
    }

    /// The queue if no other thread holds it (poison ignored as by
    /// `lock`).
    fn try_lock(&self) -> Option<MutexGuard<'_, Queue>> {
        match self.queue.try_lock() {
            Ok(queue) => Some(queue),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// Compiler thread `k`: takes the hottest request, compiles it, hands
    /// it back; until the broker closes.
    fn serve(&self, k: usize) {
        vm::runtime::alloc::mark_compiler_thread();
        yield_to_the_vm();
        // Room for every request to come back at once, made here rather
        // than on the VM's thread. `take` swaps the VM's emptied buffer
        // in for this one, so the other buffer grows too as compiler
        // threads push into it, and both keep their room.
        self.lock_patiently().done.reserve(MAX_WAITING);
        // The code cache's first pages too, which the VM's thread's own
        // first installs (baseline code, in the default tier) would
        // otherwise fault in.
        if let Some(prefault) = &self.prefault {
            prefault.ahead(0);
        }
        while let Some(job) = self.next() {
            let built = build(
                &self.settings,
                &self.program,
                &job.request,
                job.env.0,
                Some(k),
            );
            if let (Some(prefault), Ok(code)) = (&self.prefault, &built.code) {
                prefault.ahead(code.code.len());
            }
            let mut queue = self.lock_patiently();
            if queue.closed {
                return;
            }
            queue.done.push(Done {
                request: job.request,
                built: Some(Box::new(built)),
                asked: job.asked,
                queue_len: job.queue_len,
            });
            self.ready.store(true, Ordering::Release);
        }
    }

    /// The hottest waiting request, waiting for one; `None` once closed.
    /// An idle compiler thread looks at the queue in naps that grow to
    /// `MAX_NAP`, and sleeps until woken only after `DOZE` without work:
    /// waking a sleeping thread is a system call on the VM's thread,
    /// which costs it 15 to 30 µs on a virtual machine, where the naps
    /// cost only the compiler thread.
    fn next(&self) -> Option<Job> {
        let mut naps = Naps::new();
        loop {
            let mut queue = self.lock_patiently();
            if queue.closed {
                return None;
            }
            if let Some(job) = queue.hottest() {
                return Some(job);
            }
            match naps.next() {
                Some(nap) => {
                    // A napping thread is not counted idle, so a request
                    // does not wake it; closing the broker does, so that
                    // a lent thread is free at once for the next VM's
                    // broker. It naps on a lock of its own, taken before
                    // the queue's is let go (so a close cannot slip in
                    // between unseen): waking from a nap never waits for
                    // the queue's lock in the kernel.
                    let napping = lock(&self.napping);
                    drop(queue);
                    drop(self.closing.wait_timeout(napping, nap));
                }
                None => {
                    queue.idle += 1;
                    let mut queue = self
                        .work
                        .wait(queue)
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    queue.idle -= 1;
                    naps = Naps::new();
                }
            }
        }
    }

    /// The queue, for a compiler thread: taken without ever sleeping in
    /// the kernel for it, since the VM's thread would then pay for the
    /// wake-up when it lets go (it holds the lock for a few hundred
    /// nanoseconds, unless its CPU is taken from it).
    fn lock_patiently(&self) -> MutexGuard<'_, Queue> {
        let mut spins = 0u32;
        loop {
            if let Some(queue) = self.try_lock() {
                return queue;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vm::tier::{CallCounts, CallState, MemoryView, Trigger};
    use vm::FuncId;

    fn env() -> JitEnv {
        JitEnv {
            memory: MemoryView {
                base: std::ptr::null_mut(),
                cells: 0,
            },
            state: std::ptr::null_mut::<CallState>(),
            entries: std::ptr::null(),
            call_counts: std::ptr::null_mut(),
            count_stride: 0,
            count_calls: false,
            count_slots: false,
        }
    }

    /// A queued request for function `f`, whose calls counted
    /// `calls`, for on-stack replacement if `osr`.
    fn job(f: u32, calls: u64, osr: bool) -> Job {
        Job {
            request: Request {
                func: FuncId(f),
                trigger: if osr { Trigger::Osr } else { Trigger::Calls },
                osr: osr.then_some(3),
                calls: CallCounts::Snapshot([(FuncId(f), calls)].into()),
                hot_calls: 10,
                made: Instant::now(),
            },
            env: SendEnv(env()),
            asked: Share::default(),
            queue_len: 0,
        }
    }

    fn queue() -> Queue {
        Queue {
            waiting: BTreeMap::new(),
            queued: 0,
            done: Vec::new(),
            idle: 0,
            closed: false,
        }
    }

    #[test]
    fn the_threads_start_with_the_first_request_which_then_compiles() {
        let text =
            "func f(%a)\n    add %a, %a, 1\n    ret %a\nend\n\nfunc main()\n    ret 0\nend\n";
        let program = Arc::new(vm::load(text.as_bytes()).expect("loads"));
        let settings = Settings {
            units: crate::pipeline::budget::DEFAULT_UNITS,
            time: None,
            options: crate::pipeline::context::Options::default(),
            keep_code: false,
            tier_up_calls: 10,
        };
        let mut broker = Broker::new(program, settings, None, 1, None);
        assert!(!broker.started(), "no thread before a request");
        assert_eq!(broker.pending.capacity(), 0, "nor its buffers");
        broker
            .queue(job(0, 10, false).request, env())
            .expect("a thread starts");
        assert!(broker.started());
        let done = loop {
            let taken = broker.take();
            if let Some(done) = taken.into_iter().next() {
                break done;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        assert_eq!(done.request.func, FuncId(0));
        let built = done.built.expect("compiled, not dropped");
        assert!(built.code.is_ok(), "f compiles");
    }

    #[test]
    fn a_lent_thread_gets_the_first_compiler_thread_when_the_broker_is_made() {
        static LENDER: Lender = Lender::new();
        LENDER.lend_soon();
        std::thread::spawn(|| LENDER.lend());
        let program = Arc::new(vm::load(b"func main()\n    ret 0\nend\n").expect("loads"));
        let settings = Settings {
            units: crate::pipeline::budget::DEFAULT_UNITS,
            time: None,
            options: crate::pipeline::context::Options::default(),
            keep_code: false,
            tier_up_calls: 10,
        };
        let mut broker = Broker::new(program, settings, None, 2, Some(&LENDER));
        assert_eq!(broker.next, 2, "the first, lent before any request");
        broker
            .queue(job(0, 10, false).request, env())
            .expect("the second is made");
        assert_eq!(broker.next, 3);
        let done = loop {
            if let Some(done) = broker.take().into_iter().next() {
                break done;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        assert!(done.built.expect("compiled").code.is_ok());
    }

    #[test]
    fn the_hottest_goes_first_on_stack_replacement_before_calls_then_the_oldest() {
        let mut q = queue();
        let ready = AtomicBool::new(false);
        for j in [
            job(1, 500, false),
            job(2, 900, false),
            job(3, 10, true),
            job(4, 900, false),
        ] {
            q.admit(j, &ready);
        }
        let order: Vec<u32> = std::iter::from_fn(|| q.hottest())
            .map(|j| j.request.func.0)
            .collect();
        assert_eq!(order, [3, 2, 4, 1]);
        assert!(!ready.load(Ordering::Relaxed));
    }

    #[test]
    fn a_full_queue_drops_its_coldest_request_or_the_newcomer_if_colder() {
        let mut q = queue();
        let ready = AtomicBool::new(false);
        for f in 0..MAX_WAITING as u32 {
            q.admit(job(f, 100 + u64::from(f), false), &ready);
        }
        assert!(q.done.is_empty());
        // Hotter than the coldest waiting (function 0, 100 calls): takes its place.
        q.admit(job(80, 1_000_000, false), &ready);
        // Colder than every waiting request: dropped itself.
        q.admit(job(81, 1, false), &ready);
        assert_eq!(q.waiting.len(), MAX_WAITING);
        let dropped: Vec<u32> = q.done.iter().map(|d| d.request.func.0).collect();
        assert_eq!(dropped, [0, 81]);
        assert!(q.done.iter().all(|d| d.built.is_none()));
        assert!(ready.load(Ordering::Relaxed));
        assert_eq!(q.hottest().map(|j| j.request.func.0), Some(80));
    }

    #[test]
    fn the_share_of_a_request_adds_up_and_travels_with_it() {
        let share = Share::default();
        let carried = share.clone();
        share.add(Duration::from_micros(3));
        share.add(Duration::from_micros(4));
        assert_eq!(carried.get(), Duration::from_micros(7));
    }
}
