//! `bcvm run`: a VM set up for the tier (`jit::driver::engine::Setup`), the
//! observers the flags ask for, the run, and its reports.

use super::*;

/// The records of every compile a VM made.
pub(crate) type Records = jit::observe::listen::Records;

/// A VM for `program` in `tier`, and the compile records it will make.
pub(crate) fn make_vm<'p>(
    file: &str,
    program: &'p Arc<Program>,
    out: Output,
    tier: Tier,
    opts: &CompilerArgs,
    jit: jit::driver::compiler::Jit,
    debuggable: bool,
) -> Result<(Vm<'p>, Records), Vec<Failure>> {
    let cache_bytes = opts.code_cache_kb.saturating_mul(1024);
    let jit = jit::driver::compiler::Jit {
        units: opts.compile_budget,
        time: Some(std::time::Duration::from_micros(opts.compile_budget_us)),
        options: jit::pipeline::context::Options {
            skip: opts.passes.0,
            osr_peel: !opts.no_osr_peel,
            avx: match opts.no_avx {
                true => jit::pipeline::context::Avx::Never,
                false => jit::pipeline::context::Avx::WhereAvailable,
            },
            verify: opts.verify_ir,
        },
        code_cache: match debuggable {
            // gdb plants breakpoints by writing to the code.
            true => jit::backend::code_cache::CodeCache::debuggable(cache_bytes),
            false => jit::backend::code_cache::CodeCache::new(cache_bytes),
        },
        ..jit
    };
    let records = jit.records.clone();
    let setup = Setup {
        tier,
        thresholds: vm::tier::Thresholds {
            calls: opts.jit_threshold_calls,
            back_edges: opts.jit_threshold_loops,
        },
        limits: Limits {
            max_call_depth: opts.max_call_depth,
            ..Limits::default()
        },
        asm_interp: !opts.no_asm_interp,
        jit,
        compile_threads: usize::from(opts.compile_threads),
        lender: Some(&MAIN_THREAD),
    };
    let vm = setup.vm(program, out).map_err(|e| {
        let message = match e {
            SetupError::Memory(e) => {
                format!("cannot map the linear memory: {}", os_message(&e))
            }
        };
        vec![Failure::Resource {
            file: file.to_string(),
            message,
        }]
    })?;
    Ok((vm, records))
}

pub(crate) fn run(opts: &RunArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = Arc::new(load(file).map_err(|f| vec![f])?);
    let args = main_args(file, &program, &opts.args).map_err(|f| vec![f])?;
    // Every output file is opened before the program runs, so a bad path
    // costs nothing but the error.
    let create = |path: &Option<String>| -> Result<Option<std::fs::File>, Vec<Failure>> {
        path.as_ref()
            .map(|path| {
                std::fs::File::create(path).map_err(|e| {
                    vec![Failure::Setup {
                        file: path.clone(),
                        message: format!("cannot create the trace file: {e}"),
                    }]
                })
            })
            .transpose()
    };
    let trace_json = create(&opts.trace_json)?;
    let trace_file = create(&opts.trace_file)?;
    let perf_map = if opts.perf_map {
        let path = format!("/tmp/perf-{}.map", std::process::id());
        let map = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| {
                vec![Failure::Setup {
                    file: file.to_string(),
                    message: format!("cannot write {path}: {e}"),
                }]
            })?;
        Some(jit::observe::listen::PerfMap(Box::new(map)))
    } else {
        None
    };
    let jitdump = if opts.perf_jitdump {
        let dump =
            jit::observe::jitdump::JitDump::create(std::path::Path::new(".")).map_err(|e| {
                vec![Failure::Setup {
                    file: format!("jit-{}.dump", std::process::id()),
                    message: format!("cannot create the jitdump: {e}"),
                }]
            })?;
        // perf looks the lines up in the file, wherever it runs from.
        let source = std::fs::canonicalize(file)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned());
        Some(jit::observe::listen::JitDumpFile { dump, source })
    } else {
        None
    };
    let trace: Option<Box<dyn Write>> = match trace_file {
        // Unbuffered: a trap ends the process without destructors.
        Some(f) => Some(Box::new(f)),
        None => opts
            .trace_compile
            .then(|| Box::new(io::stderr()) as Box<dyn Write>),
    };
    let gdb_jit = opts.gdb_jit.then(|| jit::observe::listen::GdbJit {
        source: std::fs::canonicalize(file)
            .map_or_else(|_| file.to_string(), |p| p.to_string_lossy().into_owned()),
    });
    let mut listeners: Vec<Box<dyn jit::observe::listen::Listener>> = Vec::new();
    listeners.extend(trace.map(|t| Box::new(jit::observe::listen::TraceLines(t)) as _));
    listeners.extend(perf_map.map(|m| Box::new(m) as _));
    listeners.extend(jitdump.map(|d| Box::new(d) as _));
    listeners.extend(gdb_jit.map(|g| Box::new(g) as _));
    let jit = jit::driver::compiler::Jit {
        listeners,
        code_map: (opts.profile == Some(ProfileKind::Time)).then(Default::default),
        ..jit::driver::compiler::Jit::default()
    };
    let epoch = jit.epoch;
    let (mut vm, records) = make_vm(
        file,
        &program,
        Output::stdout(),
        opts.tier(),
        &opts.compiler,
        jit,
        opts.gdb_jit,
    )?;
    if opts.gdb_jit {
        vm.compile_all_now();
    }
    if opts.profile == Some(ProfileKind::Time) {
        vm.start_time_profile().map_err(|e| {
            vec![Failure::Resource {
                file: file.to_string(),
                message: format!("cannot start the time profiler: {}", os_message(&e)),
            }]
        })?;
    }
    let result = vm.run(&args, opts.profile == Some(ProfileKind::Counts));
    // Output written before a trap is never lost, and comes first.
    vm.out.flush();
    let time_profile = vm.stop_time_profile();
    let failure = match result {
        // Reported below, once the profile and the trace are out.
        Err(trap) if trap.kind == vm::TrapKind::OutputFailed => None,
        Err(trap) => Some(Failure::Trap(trap.render(&program, file))),
        Ok(_) => None,
    };
    if let Some(failure) = &failure {
        report(&failure.to_string());
    }
    if opts.profile == Some(ProfileKind::Counts) {
        report(&vm.profile().table(&program));
    }
    if let Some(profile) = time_profile {
        report(&profile.report(&program, file));
    }
    if opts.compile_summary {
        report(&jit::observe::summary::summary(&records.snapshot()));
    }
    if let (Some(mut out), Some(path)) = (trace_json, &opts.trace_json) {
        let osr: Vec<jit::observe::record::OsrMark> = vm
            .osr_entries()
            .iter()
            .map(|o| jit::observe::record::OsrMark {
                at: o.at.saturating_duration_since(epoch),
                function: program.func(o.func).name.clone(),
                line: program
                    .func(o.func)
                    .positions
                    .get(o.pc as usize)
                    .map_or(0, |p| p.line),
            })
            .collect();
        let trace = jit::observe::record::chrome_trace(&records.snapshot(), &osr, file);
        if let Err(e) = out.write_all(trace.to_string().as_bytes()) {
            report(&format!(
                "{path}: error: cannot write the trace file: {e}\n"
            ));
        }
    }
    if let Some(error) = vm.out.error() {
        // A reader that went away ends the program as SIGPIPE ends `yes`,
        // quietly; any other failed write is an error.
        if error.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(STATUS_BROKEN_PIPE);
        }
        report(&format!(
            "bcvm: error: writing stdout: {}\n",
            os_message(error)
        ));
        std::process::exit(STATUS_RESOURCE.into());
    }
    match failure {
        // Already printed, ahead of the profile.
        Some(_) => std::process::exit(1),
        None => Ok(()),
    }
}
