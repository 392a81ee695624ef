//! `--compile-summary`: where the compiler's time went over a whole run,
//! as HotSpot's `-XX:+CITime` prints it: each phase's total and share,
//! compiles by outcome (bail-outs by reason), code bytes, on-stack
//! replacement entries, and the slowest compiles.

use crate::observe::record::{CodeTier, CompileRecord};
use crate::pipeline::error::CompileError;
use crate::pipeline::phase::Phase;
use std::fmt::Write;
use std::time::Duration;
use vm::tier::Trigger;

/// How many of the slowest compiles are listed.
const SLOWEST: usize = 10;

fn reason(e: &CompileError) -> &'static str {
    match e {
        CompileError::OverBudget { .. } => "work budget",
        CompileError::OverTime { .. } => "time allowance",
        CompileError::Invalid { .. } => "rejected by the verifier",
        CompileError::CodeCache { .. } => "code cache",
        CompileError::OutOfMemory { .. } => "out of memory",
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// The `q`th quantile of `values` (sorted), by the nearest rank.
fn quantile<T: Copy + Default>(values: &[T], q: f64) -> T {
    match values.len() {
        0 => T::default(),
        n => values[((q * n as f64).ceil() as usize).clamp(1, n) - 1],
    }
}

/// The VM thread's pauses for compiles (its whole compile on its own
/// thread; the request and the install in the background) and the
/// background compiles' waits in the queue.
fn waits(out: &mut String, records: &[CompileRecord]) {
    let mut pauses: Vec<Duration> = records.iter().map(|r| r.pause).collect();
    pauses.sort_unstable();
    let total: Duration = pauses.iter().sum();
    let _ = writeln!(
        out,
        "  pauses of the VM's thread: p50 {:.0} us, p99 {:.0} us, max {:.0} us, total {:.0} us",
        micros(quantile(&pauses, 0.5)),
        micros(quantile(&pauses, 0.99)),
        micros(pauses.last().copied().unwrap_or_default()),
        micros(total)
    );
    let background = records.iter().filter(|r| r.worker.is_some());
    let mut queued: Vec<Duration> = background.clone().map(|r| r.queued).collect();
    if queued.is_empty() {
        return;
    }
    queued.sort_unstable();
    let mut lengths: Vec<usize> = background.map(|r| r.queue_len).collect();
    lengths.sort_unstable();
    let _ = writeln!(
        out,
        "  {} compiled in the background: queue wait p50 {:.0} us, p99 {:.0} us; \
         requests waiting at each request p50 {}, p99 {}, max {}",
        queued.len(),
        micros(quantile(&queued, 0.5)),
        micros(quantile(&queued, 0.99)),
        quantile(&lengths, 0.5),
        quantile(&lengths, 0.99),
        quantile(&lengths, 1.0)
    );
}

/// The summary of `records`, several lines ending in a newline.
pub fn summary(records: &[CompileRecord]) -> String {
    let mut out = String::new();
    let total: Duration = records.iter().map(|r| r.total).sum();
    let ok = records.iter().filter(|r| r.error.is_none()).count();
    let osr = records.iter().filter(|r| r.trigger == Trigger::Osr).count();
    let is_baseline = |r: &&CompileRecord| r.tier == CodeTier::Baseline;
    let baseline: Duration = records.iter().filter(is_baseline).map(|r| r.total).sum();
    let baseline_count = records.iter().filter(is_baseline).count();
    // The baseline compiler's count shows only where it ran.
    let by_baseline = match baseline_count {
        0 => String::new(),
        n => format!("{n} by the baseline compiler, "),
    };
    let instructions: usize = records.iter().map(|r| r.stats.instructions).sum();
    let code: usize = records.iter().map(|r| r.code_bytes).sum();
    let _ = writeln!(
        out,
        "compile summary: {} compiles ({by_baseline}{osr} on-stack replacement), {ok} installed, {} bailed out; \
         {instructions} bytecode instructions, {code} bytes of code, {:.0} us",
        records.len(),
        records.len() - ok,
        micros(total)
    );
    waits(&mut out, records);
    let _ = writeln!(out, "  phase          total us   share");
    let row = |out: &mut String, name: &str, t: Duration| {
        let share = if total.is_zero() {
            0.0
        } else {
            100.0 * t.as_secs_f64() / total.as_secs_f64()
        };
        let _ = writeln!(out, "  {name:<12} {:>10.0} {share:>6.1}%", micros(t));
    };
    // The optimizing pipeline's phases; a baseline compile is one row of
    // its own.
    let optimizing = || records.iter().filter(|r| r.tier == CodeTier::Optimizing);
    for phase in Phase::ALL {
        row(
            &mut out,
            phase.name(),
            optimizing().map(|r| r.times[phase as usize]).sum(),
        );
    }
    if baseline_count > 0 {
        row(&mut out, "baseline", baseline);
    }
    let phases: Duration = optimizing().flat_map(|r| r.times.iter()).sum();
    row(&mut out, "other", total.saturating_sub(phases + baseline));
    let mut reasons: Vec<(&str, usize)> = Vec::new();
    for e in records.iter().filter_map(|r| r.error.as_ref()) {
        match reasons.iter_mut().find(|(r, _)| *r == reason(e)) {
            Some((_, n)) => *n += 1,
            None => reasons.push((reason(e), 1)),
        }
    }
    if !reasons.is_empty() {
        let list: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
        let _ = writeln!(out, "  bailed out: {}", list.join(", "));
    }
    let mut slowest: Vec<&CompileRecord> = records.iter().collect();
    slowest.sort_by_key(|r| std::cmp::Reverse(r.total));
    let _ = writeln!(out, "  slowest:");
    for r in slowest.iter().take(SLOWEST) {
        let osr = match r.entry_line {
            Some(line) => format!(" (osr at line {line})"),
            None => String::new(),
        };
        let outcome = match &r.error {
            None => "ok".to_string(),
            Some(e) => format!("bailed in {}: {}", e.phase(), reason(e)),
        };
        let tier = match r.tier {
            CodeTier::Baseline => ", baseline",
            CodeTier::Optimizing => "",
        };
        let _ = writeln!(
            out,
            "  {:>10.0} us  {}{osr}  {} instructions, {}{tier}, {outcome}",
            micros(r.total),
            r.function,
            r.stats.instructions,
            r.trigger.name()
        );
    }
    out
}
