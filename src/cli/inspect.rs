//! `bcvm dump` and `bcvm explore`: what the compiler makes of each
//! function at a stage.

use super::*;

/// The function `--func` names, or every function in source order.
pub(crate) fn chosen_funcs(
    file: &str,
    program: &Program,
    func: &Option<String>,
) -> Result<Vec<vm::FuncId>, Vec<Failure>> {
    match func {
        Some(name) => match program.func_by_name(name) {
            Some(id) => Ok(vec![id]),
            None => Err(vec![Failure::Setup {
                file: file.to_string(),
                message: format!("no function `{name}`"),
            }]),
        },
        None => Ok((0..program.funcs.len())
            .map(|i| vm::FuncId(i as u32))
            .collect()),
    }
}

pub(crate) fn explore(opts: &ExploreArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let ids = chosen_funcs(file, &program, &opts.func)?;
    // `load` read it as a regular file just now.
    let source = read_program(file).map_err(|error| {
        vec![Failure::Unreadable {
            file: file.to_string(),
            error,
        }]
    })?;
    let page = jit::tools::explore::page(&program, file, &String::from_utf8_lossy(&source), &ids);
    let written = match &opts.output {
        Some(path) => std::fs::write(path, page).map_err(|e| (path.as_str(), e)),
        None => io::stdout()
            .lock()
            .write_all(page.as_bytes())
            .map_err(|e| ("stdout", e)),
    };
    written.map_err(|(path, e)| {
        vec![Failure::Setup {
            file: path.to_string(),
            message: format!("cannot write the page: {}", os_message(&e)),
        }]
    })
}

pub(crate) fn dump(opts: &DumpArgs) -> Result<(), Vec<Failure>> {
    let file = opts.file.as_str();
    let program = load(file).map_err(|f| vec![f])?;
    let ids = chosen_funcs(file, &program, &opts.func)?;
    let format = match opts.format {
        DumpFormat::Text => jit::tools::dump::Format::Text,
        DumpFormat::Dot => jit::tools::dump::Format::Dot,
        DumpFormat::Json => jit::tools::dump::Format::Json,
    };
    let stage = opts.stage;
    if !jit::tools::dump::supports(stage, format) {
        return Err(vec![Failure::Setup {
            file: file.to_string(),
            message: format!(
                "stage `{}` has no {} format",
                jit::tools::dump::stage_name(stage),
                opts.format
                    .to_possible_value()
                    .map_or(String::new(), |v| v.get_name().to_string())
            ),
        }]);
    }
    if opts.baseline && stage != jit::Phase::Emit {
        return Err(vec![Failure::Setup {
            file: file.to_string(),
            message: "--baseline goes with --stage asm: the baseline compiler has no other stage"
                .to_string(),
        }]);
    }
    if opts.glue && stage != jit::Phase::Emit {
        return Err(vec![Failure::Setup {
            file: file.to_string(),
            message: "--glue goes with --stage asm: the glue is machine code".to_string(),
        }]);
    }
    let osr = match opts.osr_line {
        None => None,
        Some(line) => Some(osr_entry(file, &program, &ids, line)?),
    };
    if stage == jit::Phase::Emit {
        let mut stdout = io::stdout().lock();
        for id in ids {
            let listing = match opts.baseline {
                true => jit::tools::disasm::baseline_listing(&program, id),
                false => {
                    let mut options = jit::pipeline::context::Options::verified();
                    if opts.no_avx {
                        options.avx = jit::pipeline::context::Avx::Never;
                    }
                    jit::tools::disasm::listing_with(&program, id, osr, options)
                }
            };
            let text = listing.map_err(|error| {
                vec![Failure::Compile {
                    file: file.to_string(),
                    func: program.func(id).name.clone(),
                    error,
                }]
            })?;
            let _ = stdout.write_all(text.as_bytes());
        }
        if opts.glue {
            let text = jit::tools::disasm::glue_listing().map_err(|error| {
                vec![Failure::Compile {
                    file: file.to_string(),
                    func: "glue".to_string(),
                    error,
                }]
            })?;
            let _ = stdout.write_all(text.as_bytes());
        }
        return Ok(());
    }
    let entry = osr.map_or(
        jit::analysis::cfg::EntryPoint::Start,
        jit::analysis::cfg::EntryPoint::Osr,
    );
    let mut stdout = io::stdout().lock();
    for id in ids {
        let ctx = jit::pipeline::context::Context::compiled_at(&program, id, entry, stage)
            .map_err(|error| {
                vec![Failure::Compile {
                    file: file.to_string(),
                    func: program.func(id).name.clone(),
                    error,
                }]
            })?;
        let _ = stdout.write_all(jit::tools::dump::dump(&program, &ctx, stage, format).as_bytes());
    }
    Ok(())
}

/// The instruction at which on-stack replacement enters the loop whose
/// header is on `line`, for `dump --osr-line`: the function must be one
/// (`--func`), and a backward branch must target the line.
pub(crate) fn osr_entry(
    file: &str,
    program: &Program,
    ids: &[vm::FuncId],
    line: u32,
) -> Result<u32, Vec<Failure>> {
    let setup = |message: String| {
        vec![Failure::Setup {
            file: file.to_string(),
            message,
        }]
    };
    let &[id] = ids else {
        return Err(setup("--osr-line needs --func".into()));
    };
    let f = program.func(id);
    let headers = f
        .code
        .iter()
        .enumerate()
        .filter_map(|(k, ins)| ins.op.target(ins).filter(|&t| (t as usize) <= k));
    let mut on_line = headers.filter(|&t| f.positions[t as usize].line == line);
    on_line.next().ok_or_else(|| {
        setup(format!(
            "line {line} of {} is no loop header (no backward branch goes there)",
            f.name
        ))
    })
}
