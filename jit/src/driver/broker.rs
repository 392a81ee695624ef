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
//! The queue holds one request per function and kind at a time (the
//! tier-up policy asks once, and again only after a drop), at most
//! `MAX_WAITING`, hottest first: on-stack-replacement requests before any
//! other (an activation is waiting in the loop), then by the function's
//! call count. A request that finds the queue full takes the place of the
//! coldest waiting one, which is dropped and handed back as such (the
//! policy asks for it again later); one colder than every waiting request
//! is turned away. Dropping the broker (the VM's end) drops every waiting
//! request; a compile under way finishes on its thread, which then ends,
//! and nothing waits for it.

use crate::driver::build::{build, Built, Settings};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;
use vm::tier::{JitEnv, Request};
use vm::Program;

/// How many requests may wait.
pub const MAX_WAITING: usize = 64;

/// The queue and its compiler threads.
pub struct Broker {
    shared: Arc<Shared>,
}

/// What the VM's thread and the compiler threads share.
struct Shared {
    program: Arc<Program>,
    settings: Settings,
    queue: Mutex<Queue>,
    /// Signalled when a request is queued or the broker closes.
    work: Condvar,
    /// Whether `Queue::done` holds something: the VM's poll reads this
    /// alone, without the lock.
    ready: AtomicBool,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Job>,
    done: Vec<Done>,
    closed: bool,
}

/// A queued request, with the addresses its code may embed.
struct Job {
    request: Request<'static>,
    env: SendEnv,
    /// The VM's thread's time for the request.
    asked: Duration,
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
    /// What the compile made; `None` if the request was dropped.
    pub(crate) built: Option<Built>,
    /// The VM's thread's time for the request.
    pub(crate) asked: Duration,
}

impl Broker {
    /// A broker compiling `program` with `settings` on `threads` threads
    /// (at least one), which start now and wait for requests.
    pub(crate) fn start(
        program: Arc<Program>,
        settings: Settings,
        threads: usize,
    ) -> std::io::Result<Broker> {
        let shared = Arc::new(Shared {
            program,
            settings,
            queue: Mutex::new(Queue::default()),
            work: Condvar::new(),
            ready: AtomicBool::new(false),
        });
        for k in 1..=threads.max(1) {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("bcvm compiler {k}"))
                .spawn(move || shared.serve(k))?;
        }
        Ok(Broker { shared })
    }

    /// The program the requests are for.
    pub(crate) fn program(&self) -> Arc<Program> {
        self.shared.program.clone()
    }

    /// Queues `request` (see the module's doc for the order and the
    /// bound); false if it was turned away.
    pub(crate) fn queue(&self, request: Request<'static>, env: JitEnv) -> bool {
        let job = Job {
            asked: request.made.elapsed(),
            request,
            env: SendEnv(env),
        };
        let mut queue = self.shared.lock();
        if queue.waiting.len() >= MAX_WAITING {
            let coldest = (0..queue.waiting.len()).min_by_key(|&k| heat(&queue.waiting[k].request));
            match coldest {
                Some(k) if heat(&queue.waiting[k].request) < heat(&job.request) => {
                    let dropped = queue.waiting.swap_remove(k);
                    queue.done.push(Done {
                        request: dropped.request,
                        built: None,
                        asked: dropped.asked,
                    });
                    self.shared.ready.store(true, Ordering::Release);
                }
                _ => return false,
            }
        }
        queue.waiting.push(job);
        drop(queue);
        self.shared.work.notify_one();
        true
    }

    /// Whether finished compiles wait for `take`.
    pub(crate) fn ready(&self) -> bool {
        self.shared.ready.load(Ordering::Acquire)
    }

    /// The finished compiles and dropped requests, in the order they
    /// finished.
    pub(crate) fn take(&self) -> Vec<Done> {
        let mut queue = self.shared.lock();
        self.shared.ready.store(false, Ordering::Relaxed);
        std::mem::take(&mut queue.done)
    }
}

impl Drop for Broker {
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        queue.waiting.clear();
        drop(queue);
        self.shared.work.notify_all();
    }
}

/// Which waiting request goes first: on-stack replacement, then calls.
fn heat(request: &Request<'_>) -> (bool, u64) {
    (request.osr.is_some(), request.calls_of(request.func))
}

impl Shared {
    /// The queue; a thread that panicked holding it left nothing half
    /// done there (every change is one push or removal), so its poison is
    /// ignored.
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Compiler thread `k`: takes the hottest request, compiles it, hands
    /// it back; until the broker closes.
    fn serve(&self, k: usize) {
        vm::runtime::alloc::mark_compiler_thread();
        while let Some(job) = self.next() {
            let built = build(
                &self.settings,
                &self.program,
                &job.request,
                job.env.0,
                Some(k),
            );
            let mut queue = self.lock();
            if queue.closed {
                return;
            }
            queue.done.push(Done {
                request: job.request,
                built: Some(built),
                asked: job.asked,
            });
            self.ready.store(true, Ordering::Release);
        }
    }

    /// The hottest waiting request, waiting for one; `None` once closed.
    fn next(&self) -> Option<Job> {
        let mut queue = self.lock();
        loop {
            if queue.closed {
                return None;
            }
            let hottest = (0..queue.waiting.len()).max_by_key(|&k| {
                let job = &queue.waiting[k];
                // Among equals, the oldest.
                (heat(&job.request), std::cmp::Reverse(job.request.made))
            });
            if let Some(k) = hottest {
                return Some(queue.waiting.remove(k));
            }
            queue = self
                .work
                .wait(queue)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}
