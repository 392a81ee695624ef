//! What a compile leaves for the outside world: its record (what it
//! cost phase by phase, what it made or why it bailed out), the
//! `--trace-compile` line made from it, and the records as Chrome trace
//! events (`--trace-json`).

use crate::pipeline::context::Stats;
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::{Phase, PhaseTimes, PhaseWork};
use std::fmt::Write as _;
use std::time::Duration;
use vm::tier::Trigger;

/// The two compilers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodeTier {
    /// The pipeline of `context`: SSA, the optimizations, register
    /// allocation.
    #[default]
    Optimizing,
    /// One pass from bytecode to machine code (`baseline`).
    Baseline,
}

impl CodeTier {
    pub fn name(self) -> &'static str {
        match self {
            CodeTier::Optimizing => "optimizing",
            CodeTier::Baseline => "baseline",
        }
    }
}

/// What one compile cost and made.
#[derive(Clone, Debug)]
pub struct CompileRecord {
    /// The compile's number in the run, from 0.
    pub id: usize,
    /// The thread that compiled (the VM's).
    pub tid: u32,
    pub function: String,
    pub trigger: Trigger,
    /// The compiler that ran.
    pub tier: CodeTier,
    /// For on-stack replacement, the source line of the loop header where
    /// the code takes over.
    pub entry_line: Option<u32>,
    pub stats: Stats,
    pub code_bytes: usize,
    /// Wall time per phase, indexed like `Phase::ALL`.
    pub times: PhaseTimes,
    /// Budget units charged per phase, indexed likewise.
    pub work: PhaseWork,
    pub total: Duration,
    /// When the compile began, from the compiler's `epoch`.
    pub started: Duration,
    /// From the request to the compile's start: the wait in the queue of
    /// a background compile.
    pub queued: Duration,
    /// How many requests waited in the queue when this one joined it (0
    /// for a compile on the VM's thread).
    pub queue_len: usize,
    /// The VM's thread's share: the whole compile on its own thread; in
    /// the background, the request and the install.
    pub pause: Duration,
    /// The compiler thread that ran it (from 1), or `None` for the VM's.
    pub worker: Option<usize>,
    /// The VM's thread, which asked for the compile and installed it.
    pub vm_tid: u32,
    /// When the VM's thread took what the compile made, from the epoch.
    pub installed: Duration,
    /// `None` if compiled, else why not.
    pub error: Option<CompileError>,
}

impl CompileRecord {
    /// The `--trace-compile` line.
    pub fn line(&self) -> String {
        let s = &self.stats;
        let trigger = match self.entry_line {
            Some(line) => format!("{}@line{line}", self.trigger.name()),
            None => self.trigger.name().to_string(),
        };
        if self.tier == CodeTier::Baseline {
            // One phase, and none of the pipeline's counts.
            let mut line = format!(
                "compile {} id={} at={}us trigger={trigger} tier=baseline instrs={} bytes={} emit={}us total={}us work={}",
                self.function,
                self.id,
                self.started.as_micros(),
                s.instructions,
                self.code_bytes,
                self.times[Phase::Emit as usize].as_micros(),
                self.total.as_micros(),
                self.total_work()
            );
            self.waits(&mut line);
            self.outcome(&mut line);
            return line;
        }
        let mut line = format!(
            "compile {} id={} at={}us trigger={} instrs={}",
            self.function,
            self.id,
            self.started.as_micros(),
            trigger,
            s.instructions,
        );
        for (_, count, value) in s.all().filter(|(_, c, _)| c.traced) {
            let _ = write!(line, " {}={value}", count.name);
        }
        let _ = write!(line, " bytes={}", self.code_bytes);
        for phase in Phase::ALL {
            let _ = write!(
                line,
                " {}={}us",
                phase.name(),
                self.times[phase as usize].as_micros()
            );
        }
        let _ = write!(
            line,
            " total={}us work={}",
            self.total.as_micros(),
            self.total_work()
        );
        self.waits(&mut line);
        self.outcome(&mut line);
        line
    }

    /// The budget units the whole compile charged.
    pub fn total_work(&self) -> u64 {
        self.work.iter().sum()
    }

    /// The wait in the queue, the VM's thread's share, and the thread.
    fn waits(&self, line: &mut String) {
        let _ = write!(
            line,
            " queued={}us queue={} pause={}us thread={}",
            self.queued.as_micros(),
            self.queue_len,
            self.pause.as_micros(),
            self.thread_name()
        );
    }

    /// `vm` for the VM's thread, `compiler-K` for compiler thread K.
    pub fn thread_name(&self) -> String {
        match self.worker {
            None => "vm".to_string(),
            Some(k) => format!("compiler-{k}"),
        }
    }

    fn outcome(&self, line: &mut String) {
        match &self.error {
            None => line.push_str(" outcome=ok"),
            Some(e) => {
                let _ = write!(line, " outcome=bailed in {}: {e}", e.phase());
            }
        }
    }
}

/// An activation's move into on-stack-replacement code, for the trace:
/// when (from the compiler's epoch), the function and the loop's line.
pub struct OsrMark {
    pub at: Duration,
    pub function: String,
    pub line: u32,
}

/// Compile records as Chrome trace events (`"ph": "X"`, `ts` and `dur` in
/// µs): one per compile on the track of the thread that ran it, with one
/// per phase nested inside it, an instant event on the VM's track where
/// each function tiered up (was asked for) and where each activation
/// entered on-stack-replacement code, for a background compile the
/// request and the install as flow events between the VM's track and the
/// compiler thread's, and the process's and threads' names; `pid` and
/// `tid` are the real ones. Perfetto and chrome://tracing open the
/// result. `program` names the process.
pub fn chrome_trace(
    records: &[CompileRecord],
    osr_entries: &[OsrMark],
    program: &str,
) -> serde_json::Value {
    let pid = std::process::id();
    let mut events = vec![serde_json::json!({
        "name": "process_name", "ph": "M", "pid": pid,
        "args": { "name": format!("bcvm {program}") },
    })];
    let mut threads: Vec<(u32, String)> = records
        .iter()
        .flat_map(|r| [(r.vm_tid, "VM".to_string()), (r.tid, r.thread_name())])
        .map(|(tid, name)| match name.as_str() {
            "vm" => (tid, "VM".to_string()),
            _ => (tid, name),
        })
        .collect();
    threads.sort();
    threads.dedup_by_key(|(tid, _)| *tid);
    for (tid, name) in threads {
        events.push(serde_json::json!({
            "name": "thread_name", "ph": "M", "pid": pid, "tid": tid,
            "args": { "name": name },
        }));
    }
    for o in osr_entries {
        events.push(serde_json::json!({
            "name": format!("osr entry {} at line {}", o.function, o.line),
            "cat": "osr",
            "ph": "i",
            "s": "t",
            "ts": o.at.as_secs_f64() * 1e6,
            "pid": pid,
            "tid": records.first().map_or(pid, |r| r.vm_tid),
        }));
    }
    for r in records {
        let ts = r.started.as_secs_f64() * 1e6;
        let s = &r.stats;
        let tid = r.tid;
        let asked = r.started.saturating_sub(r.queued).as_secs_f64() * 1e6;
        events.push(serde_json::json!({
            "name": format!("tier-up {} ({})", r.function, r.trigger.name()),
            "cat": "tier-up",
            "ph": "i",
            "s": "t",
            "ts": asked,
            "pid": pid,
            "tid": r.vm_tid,
        }));
        if r.worker.is_some() {
            let done = ts + r.total.as_secs_f64() * 1e6;
            let installed = r.installed.as_secs_f64() * 1e6;
            // Flow ids: two per compile, the request's and the install's.
            for (name, id, from, from_tid, to, to_tid) in [
                ("request", 2 * r.id, asked, r.vm_tid, ts, tid),
                ("install", 2 * r.id + 1, done, tid, installed, r.vm_tid),
            ] {
                events.push(serde_json::json!({
                    "name": name, "cat": "flow", "ph": "s", "id": id,
                    "ts": from, "pid": pid, "tid": from_tid,
                }));
                events.push(serde_json::json!({
                    "name": name, "cat": "flow", "ph": "f", "bp": "e", "id": id,
                    "ts": to, "pid": pid, "tid": to_tid,
                }));
            }
            events.push(serde_json::json!({
                "name": format!("install {}", r.function),
                "cat": "install",
                "ph": "i",
                "s": "t",
                "ts": installed,
                "pid": pid,
                "tid": r.vm_tid,
            }));
        }
        let mut args = serde_json::json!({
            "id": r.id,
            "function": r.function,
            "trigger": r.trigger.name(),
            "tier": r.tier.name(),
            "entry_line": r.entry_line,
            "instructions": s.instructions,
        });
        if let Some(map) = args.as_object_mut() {
            for (_, count, value) in s.all().filter(|(_, c, _)| c.traced) {
                map.insert(count.json.into(), value.into());
            }
            map.insert("code_bytes".into(), r.code_bytes.into());
            map.insert("work".into(), r.total_work().into());
            map.insert("queued_us".into(), (r.queued.as_micros() as u64).into());
            map.insert("queue".into(), r.queue_len.into());
            map.insert("pause_us".into(), (r.pause.as_micros() as u64).into());
            let outcome = r.error.as_ref().map_or("ok".to_string(), |e| {
                format!("bailed in {}: {e}", e.phase())
            });
            map.insert("outcome".into(), outcome.into());
        }
        events.push(serde_json::json!({
            "name": format!("compile {}", r.function),
            "cat": "compile",
            "ph": "X",
            "ts": ts,
            "dur": r.total.as_secs_f64() * 1e6,
            "pid": pid,
            "tid": tid,
            "args": args,
        }));
        // The phases run one after another from the compile's start.
        let mut at = ts;
        // A baseline compile is one phase.
        let phases = match r.tier {
            CodeTier::Optimizing => &Phase::ALL[..],
            CodeTier::Baseline => &[Phase::Emit][..],
        };
        for &phase in phases {
            let dur = r.times[phase as usize].as_secs_f64() * 1e6;
            events.push(serde_json::json!({
                "name": phase.name(),
                "cat": "phase",
                "ph": "X",
                "ts": at,
                "dur": dur,
                "pid": pid,
                "tid": tid,
                "args": { "work": r.work[phase as usize] },
            }));
            at += dur;
        }
    }
    serde_json::json!({ "traceEvents": events, "displayTimeUnit": "ns" })
}
