//! `bcvm fuzz` and `bcvm reduce`: differential testing campaigns.
//!
//! The campaign runs in worker processes (`bcvm fuzz --worker-from S`), so
//! a crash in compiled code costs one worker, which is restarted, and not
//! the campaign: the seed it died on is recorded as a divergence. Workers
//! check each program in-process with `jit::testing::oracle` and report one line
//! per seed. Reduction runs every candidate through `bcvm run` in each
//! configuration under a timeout, since deleting lines can make a program
//! loop forever, or crash.

use crate::cli::Failure;
use clap::Args;
use jit::testing::oracle::Config;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct FuzzArgs {
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker processes (each takes every JOBS-th seed).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    jobs: u64,
    /// Where divergent programs, and their reductions, are written.
    #[arg(long, default_value = "fuzz-divergences")]
    out: PathBuf,
    /// Reduce at most this many of the divergent programs (the rest are
    /// saved as they are; `bcvm reduce` takes them one by one).
    #[arg(long, default_value_t = 5)]
    reduce: usize,
    /// Run as a worker: check seeds from this one on, one line per seed.
    #[arg(long, hide = true)]
    worker_from: Option<u64>,
}

#[derive(Args)]
pub struct ReduceArgs {
    /// A program on which the tiers disagree.
    file: String,
    /// Arguments of `main`.
    #[arg(allow_negative_numbers = true)]
    pub(crate) args: Vec<String>,
    /// Where to write the reduced program (default: FILE with `.reduced.bc`).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Seconds each run of a candidate may take.
    #[arg(long, default_value_t = 5)]
    timeout: u64,
}

fn setup(file: &str, message: String) -> Vec<Failure> {
    vec![Failure::Setup {
        file: file.to_string(),
        message,
    }]
}

pub fn fuzz(opts: &FuzzArgs) -> Result<(), Vec<Failure>> {
    if let Some(from) = opts.worker_from {
        worker(from, opts.jobs);
        return Ok(());
    }
    let campaign = Campaign::run(opts).map_err(|e| setup("fuzz", e))?;
    println!(
        "{} programs (seeds from {}; {} past the fuel or output limit, not compared), {} instructions interpreted, {:.0} s, {} divergences",
        campaign.programs,
        opts.seed,
        campaign.too_long,
        campaign.executed,
        campaign.elapsed.as_secs_f64(),
        campaign.divergent.len()
    );
    if campaign.divergent.is_empty() {
        return Ok(());
    }
    std::fs::create_dir_all(&opts.out)
        .map_err(|e| setup("fuzz", format!("cannot create {}: {e}", opts.out.display())))?;
    for (k, &(seed, why)) in campaign.divergent.iter().enumerate() {
        let path = opts.out.join(format!("seed-{seed}.bc"));
        let text = jit::testing::fuzz::random_program(seed);
        let file = path.display().to_string();
        std::fs::write(&path, &text).map_err(|e| setup(&file, format!("cannot write: {e}")))?;
        if k >= opts.reduce {
            println!("seed {seed}: {why}; saved {file}");
            continue;
        }
        let reduced = opts.out.join(format!("seed-{seed}.reduced.bc"));
        let lines = reduce_file(&path, &[], &reduced, Duration::from_secs(5));
        match lines {
            Ok(n) => println!(
                "seed {seed}: {why}; saved {file}, reduced to {n} lines in {}",
                reduced.display()
            ),
            Err(e) => println!("seed {seed}: {why}; saved {file}; not reduced: {e}"),
        }
    }
    Err(vec![Failure::Divergent {
        count: campaign.divergent.len(),
    }])
}

pub fn reduce(opts: &ReduceArgs) -> Result<(), Vec<Failure>> {
    let path = Path::new(&opts.file);
    let output = opts
        .output
        .clone()
        .unwrap_or_else(|| path.with_extension("reduced.bc"));
    let timeout = Duration::from_secs(opts.timeout);
    let lines =
        reduce_file(path, &opts.args, &output, timeout).map_err(|e| setup(&opts.file, e))?;
    println!("{}: {lines} lines", output.display());
    Ok(())
}

/// Checks seeds `from`, `from + stride`, ... until killed, printing
/// `SEED INSTRUCTIONS DIVERGENT-CONFIGS` per seed.
fn worker(from: u64, stride: u64) {
    let mut stdout = std::io::stdout().lock();
    for seed in (from..).step_by(stride as usize) {
        let text = jit::testing::fuzz::random_program(seed);
        let verdict = match vm::load(text.as_bytes()) {
            Ok(program) => jit::testing::oracle::check(&program),
            Err(_) => {
                let _ = writeln!(stdout, "{seed} 0 load");
                continue;
            }
        };
        let names: Vec<&str> = verdict.divergent.iter().map(|(c, _)| c.name()).collect();
        let divergent = if verdict.too_long {
            "long".to_string()
        } else if names.is_empty() {
            "-".to_string()
        } else {
            names.join(",")
        };
        if writeln!(stdout, "{seed} {} {divergent}", verdict.executed)
            .and_then(|_| stdout.flush())
            .is_err()
        {
            return;
        }
    }
}

struct Campaign {
    programs: u64,
    /// Programs past the oracle's fuel or output limit, not compared.
    too_long: u64,
    executed: u64,
    elapsed: Duration,
    /// Seeds on which the tiers disagreed, and how it showed.
    divergent: Vec<(u64, &'static str)>,
}

/// How often a campaign reports progress on stderr.
const PROGRESS: Duration = Duration::from_secs(60);

/// How long a worker may take over one program (they take milliseconds).
const STALLED: Duration = Duration::from_secs(60);

enum Report {
    Line(usize, String),
    /// The worker's stdout closed: it exited or was killed.
    Closed(usize),
}

impl Campaign {
    fn run(opts: &FuzzArgs) -> Result<Campaign, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find bcvm itself: {e}"))?;
        let (tx, rx) = mpsc::channel();
        let spawn = |job: usize, from: u64| -> Result<Child, String> {
            let mut child = Command::new(&exe)
                .args([
                    "fuzz",
                    "--jobs",
                    &opts.jobs.to_string(),
                    "--worker-from",
                    &from.to_string(),
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start a worker: {e}"))?;
            let stdout = child.stdout.take().expect("piped");
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if tx.send(Report::Line(job, line)).is_err() {
                        return;
                    }
                }
                let _ = tx.send(Report::Closed(job));
            });
            Ok(child)
        };
        let start = Instant::now();
        let deadline = start + Duration::from_secs(opts.seconds);
        let mut campaign = Campaign {
            programs: 0,
            too_long: 0,
            executed: 0,
            elapsed: Duration::ZERO,
            divergent: Vec::new(),
        };
        // Per worker: the process, the next seed it will check, and when it
        // last reported.
        let mut workers = Vec::new();
        for job in 0..opts.jobs {
            let from = opts.seed + job;
            workers.push((spawn(job as usize, from)?, from, Instant::now()));
        }
        let mut next_progress = start + PROGRESS;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            if Instant::now() >= next_progress {
                next_progress += PROGRESS;
                let _ = writeln!(
                    std::io::stderr(),
                    "fuzz: {:.0} s, {} programs, {} instructions interpreted, {} divergences",
                    start.elapsed().as_secs_f64(),
                    campaign.programs,
                    campaign.executed,
                    campaign.divergent.len()
                );
            }
            // A worker silent this long is stuck on one program: kill it,
            // and it is reported as closed.
            for (child, _, last) in &mut workers {
                if last.elapsed() > STALLED {
                    let _ = child.kill();
                    *last = Instant::now();
                }
            }
            match rx.recv_timeout(left.min(Duration::from_secs(1))) {
                Ok(Report::Line(job, line)) => {
                    let mut fields = line.split(' ');
                    let seed: u64 = fields.next().and_then(|f| f.parse().ok()).unwrap_or(0);
                    let executed: u64 = fields.next().and_then(|f| f.parse().ok()).unwrap_or(0);
                    campaign.programs += 1;
                    campaign.executed += executed;
                    match fields.next() {
                        Some("-") => {}
                        Some("long") => campaign.too_long += 1,
                        Some("load") => campaign
                            .divergent
                            .push((seed, "the generator's program does not load")),
                        _ => campaign.divergent.push((seed, "the tiers disagree")),
                    }
                    workers[job].1 = seed + opts.jobs;
                    workers[job].2 = Instant::now();
                }
                Ok(Report::Closed(job)) => {
                    // It died, or was killed, on its next seed.
                    let (child, next, last) = &mut workers[job];
                    let _ = child.wait();
                    campaign.programs += 1;
                    campaign.divergent.push((*next, "a worker crashed or hung"));
                    *next += opts.jobs;
                    *child = spawn(job, *next)?;
                    *last = Instant::now();
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        for (child, _, _) in &mut workers {
            let _ = child.kill();
            let _ = child.wait();
        }
        campaign.elapsed = start.elapsed();
        Ok(campaign)
    }
}

/// What `bcvm run` showed: stdout, the first stderr line, the exit status
/// (`None` if it was killed or timed out).
#[derive(PartialEq, Eq, Debug)]
struct Shown {
    stdout: Vec<u8>,
    first_stderr_line: Vec<u8>,
    status: Option<i32>,
}

/// Runs `bcvm run FILE ARGS` in `config`, killed after `timeout`.
fn run_shown(
    file: &Path,
    args: &[String],
    config: Config,
    timeout: Duration,
    scratch: &Path,
) -> Result<Shown, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find bcvm itself: {e}"))?;
    let out_path = scratch.join("stdout");
    let err_path = scratch.join("stderr");
    let create = |p: &Path| {
        std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    let mut child = Command::new(exe)
        .arg("run")
        .arg(file)
        .args(args)
        .args(config.flags())
        .stdout(create(&out_path)?)
        .stderr(create(&err_path)?)
        .spawn()
        .map_err(|e| format!("cannot run bcvm: {e}"))?;
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status.code(),
            Ok(None) if start.elapsed() < timeout => std::thread::sleep(Duration::from_millis(1)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
    let stderr = read(&err_path)?;
    Ok(Shown {
        stdout: read(&out_path)?,
        first_stderr_line: stderr.split(|&b| b == b'\n').next().unwrap_or(&[]).to_vec(),
        status,
    })
}

/// Does `file` load, finish in the interpreter in time, and show something
/// else in some other configuration?
fn diverges(
    file: &Path,
    args: &[String],
    timeout: Duration,
    scratch: &Path,
) -> Result<bool, String> {
    let reference = run_shown(file, args, Config::Interp, timeout, scratch)?;
    if !matches!(reference.status, Some(0 | 1)) {
        return Ok(false);
    }
    for config in &Config::all()[1..] {
        if run_shown(file, args, *config, timeout, scratch)? != reference {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Reduces the divergent program in `file` into `output`; the number of
/// lines it kept.
fn reduce_file(
    file: &Path,
    args: &[String],
    output: &Path,
    timeout: Duration,
) -> Result<usize, String> {
    let scratch = std::env::temp_dir().join(format!("bcvm-reduce-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read: {e}"))?;
    let result = (|| {
        if !diverges(file, args, timeout, &scratch)? {
            return Err("the tiers agree on this program: nothing to reduce".to_string());
        }
        let candidate = scratch.join("candidate.bc");
        let mut failure = None;
        let reduced = jit::tools::reduce::reduce(&text, |text| {
            std::fs::write(&candidate, text).is_ok()
                && diverges(&candidate, args, timeout, &scratch).unwrap_or_else(|e| {
                    failure.get_or_insert(e);
                    false
                })
        });
        if let Some(e) = failure {
            return Err(e);
        }
        std::fs::write(output, &reduced)
            .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
        Ok(reduced.lines().count())
    })();
    let _ = std::fs::remove_dir_all(&scratch);
    result
}
