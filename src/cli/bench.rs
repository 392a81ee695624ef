//! `bcvm bench`: each tier interleaved, a fresh VM per run, medians
//! and quartiles; and the warm-up view: the program's pauses for
//! compiles and the time it took to reach full speed.

use super::*;

pub(crate) fn bench(opts: &BenchArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = Arc::new(load(file).map_err(|f| vec![f])?);
    let args = main_args(file, &program, &opts.args).map_err(|f| vec![f])?;
    let mut trace: Option<Box<dyn Write>> = match &opts.trace_file {
        Some(path) => Some(Box::new(std::fs::File::create(path).map_err(|e| {
            vec![Failure::Setup {
                file: path.clone(),
                message: format!("cannot create the trace file: {e}"),
            }]
        })?)),
        None => opts
            .trace_compile
            .then(|| Box::new(io::stderr()) as Box<dyn Write>),
    };
    let tiers = &opts.tiers;
    let mut samples: Vec<Vec<BenchSample>> = vec![Vec::new(); tiers.len()];
    // Interleaved, so a noisy neighbour slows every tier alike.
    for round in 0..opts.warmup + opts.runs {
        for (k, &tier) in tiers.iter().enumerate() {
            let (sample, lines) = bench_run(file, &program, &args, tier, &opts.compiler)?;
            if round < opts.warmup {
                continue;
            }
            if let (Some(out), true) = (&mut trace, samples[k].is_empty()) {
                let _ = writeln!(out, "# {}", tier.name());
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
            }
            samples[k].push(sample);
        }
    }
    let stats: Vec<BenchStats> = samples.iter().map(|s| BenchStats::of(s)).collect();
    // Speedups against the interpreter if it ran, else the first tier.
    let base = tiers.iter().position(|&t| t == Tier::Interp).unwrap_or(0);
    let base = stats[base].median;
    if opts.json {
        let rows: Vec<serde_json::Value> = tiers
            .iter()
            .zip(&stats)
            .map(|(&tier, s)| s.json(tier.name(), base))
            .collect();
        let doc = serde_json::json!({
            "file": file,
            "args": opts.args,
            "runs": opts.runs,
            "warmup": opts.warmup,
            "tiers": rows,
        });
        println!("{doc}");
        return Ok(());
    }
    println!(
        "{} {} ({} runs per tier after {} warm-up, interleaved; output discarded; ms)",
        file,
        opts.args.join(" "),
        opts.runs,
        opts.warmup
    );
    println!(
        "{:<8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8}",
        "tier",
        "median",
        "min",
        "q1",
        "q3",
        "max",
        "iqr",
        "compiling",
        "paused",
        "warm-up",
        "functions",
        "compiles",
        "speedup"
    );
    for (&tier, s) in tiers.iter().zip(&stats) {
        let ms = |d: Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
        println!(
            "{:<8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7.2}x",
            tier.name(),
            ms(s.median),
            ms(s.min),
            ms(s.q1),
            ms(s.q3),
            ms(s.max),
            ms(s.q3 - s.q1),
            ms(s.compiling),
            ms(s.paused),
            ms(s.warm_up),
            s.functions,
            s.compiles,
            base.as_secs_f64() / s.median.as_secs_f64()
        );
    }
    Ok(())
}

/// One measured run of `bcvm bench`.
#[derive(Clone)]
pub(crate) struct BenchSample {
    pub(crate) wall: Duration,
    pub(crate) compiling: Duration,
    /// Distinct functions compiled (on-stack-replacement code counts for
    /// its function).
    pub(crate) functions: usize,
    /// Compiles, on-stack replacement and bail-outs included.
    pub(crate) compiles: usize,
    /// From the run's start to the install of its last optimized code:
    /// how long it took to reach full speed (zero if nothing got
    /// optimized while it ran).
    pub(crate) warm_up: Duration,
    /// The program's thread's share of the compiles (all of each on it;
    /// the request and the install of each in the background).
    pub(crate) paused: Duration,
}

/// A fresh VM running `main(args)` in `tier`, timed; and its trace lines.
pub(crate) fn bench_run(
    file: &str,
    program: &Arc<Program>,
    args: &[i64],
    tier: Tier,
    opts: &CompilerArgs,
) -> Result<(BenchSample, Vec<String>), Vec<Failure>> {
    let jit = jit::driver::compiler::Jit::default();
    let epoch = jit.epoch;
    let (mut vm, records) = make_vm(file, program, Output::discard(), tier, opts, jit, false)?;
    let start = Instant::now();
    let result = vm.run(args, false);
    let wall = start.elapsed();
    if let Err(trap) = result {
        return Err(vec![Failure::Trap(trap.render(program, file))]);
    }
    let records = records.snapshot();
    let mut functions: Vec<&str> = records
        .iter()
        .filter(|r| r.error.is_none())
        .map(|r| r.function.as_str())
        .collect();
    functions.sort_unstable();
    functions.dedup();
    let began = start.saturating_duration_since(epoch);
    let optimized = records
        .iter()
        .filter(|r| r.error.is_none() && r.tier == jit::observe::record::CodeTier::Optimizing);
    let sample = BenchSample {
        wall,
        compiling: records.iter().map(|r| r.total).sum(),
        functions: functions.len(),
        compiles: records.len(),
        warm_up: optimized
            .map(|r| r.installed.saturating_sub(began))
            .max()
            .unwrap_or_default(),
        paused: records.iter().map(|r| r.pause).sum(),
    };
    Ok((sample, records.iter().map(|r| r.line()).collect()))
}

/// The spread of one tier's runs.
pub(crate) struct BenchStats {
    pub(crate) min: Duration,
    pub(crate) q1: Duration,
    pub(crate) median: Duration,
    pub(crate) q3: Duration,
    pub(crate) max: Duration,
    /// Median time compiling, per run.
    pub(crate) compiling: Duration,
    /// Median time to full speed, and median pause for compiles, per run.
    pub(crate) warm_up: Duration,
    pub(crate) paused: Duration,
    /// As in the last run (the same in every run when compiles run on the
    /// program's thread; with compiler threads, what is compiled is the
    /// same, but not always before the run ends).
    pub(crate) functions: usize,
    pub(crate) compiles: usize,
}

impl BenchStats {
    fn of(samples: &[BenchSample]) -> BenchStats {
        let sorted = |f: fn(&BenchSample) -> Duration| {
            let mut v: Vec<Duration> = samples.iter().map(f).collect();
            v.sort();
            v
        };
        let walls = sorted(|s| s.wall);
        // The nearest rank at fraction p of the sorted runs.
        let at = |v: &[Duration], p: f64| v[(p * (v.len() - 1) as f64).round() as usize];
        let last = samples.last().expect("at least one measured run");
        BenchStats {
            min: walls[0],
            q1: at(&walls, 0.25),
            median: at(&walls, 0.5),
            q3: at(&walls, 0.75),
            max: walls[walls.len() - 1],
            compiling: at(&sorted(|s| s.compiling), 0.5),
            warm_up: at(&sorted(|s| s.warm_up), 0.5),
            paused: at(&sorted(|s| s.paused), 0.5),
            functions: last.functions,
            compiles: last.compiles,
        }
    }

    fn json(&self, tier: &str, base: Duration) -> serde_json::Value {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        serde_json::json!({
            "tier": tier,
            "median_ms": ms(self.median),
            "min_ms": ms(self.min),
            "q1_ms": ms(self.q1),
            "q3_ms": ms(self.q3),
            "max_ms": ms(self.max),
            "iqr_ms": ms(self.q3 - self.q1),
            "compiling_ms": ms(self.compiling),
            "warm_up_ms": ms(self.warm_up),
            "paused_ms": ms(self.paused),
            "functions": self.functions,
            "compiles": self.compiles,
            "speedup": base.as_secs_f64() / self.median.as_secs_f64(),
        })
    }
}
