//! Every program in `programs/` through every phase of the middle end: the
//! IR is verified after each phase (debug build), then executed by the IR
//! evaluator and compared with the expected stdout and trap line, which
//! the interpreter also matches (tests/programs.rs).

use jit::ir::eval::Evaluator;
use jit::pipeline::context::{Context, Options};
use jit::{Budget, Phase};
use std::path::{Path, PathBuf};
use vm::runtime::SharedBuffer;
use vm::{Limits, Output, Program};

/// The stages whose output is IR that can run.
const EXECUTABLE_STAGES: &[Phase] = &[
    Phase::Ssa,
    Phase::TailLoops,
    Phase::Sccp,
    Phase::Licm,
    Phase::OutOfSsa,
];

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../programs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("programs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bc"))
        .collect();
    files.sort();
    files
}

fn args_of(path: &Path) -> Vec<i64> {
    std::fs::read_to_string(path.with_extension("args"))
        .unwrap_or_default()
        .split_whitespace()
        .map(|a| vm::loader::parse_int_literal(a).expect("integer argument"))
        .collect()
}

/// Compiles every function to `stage` and runs `main` on the IR.
fn run_stage(
    program: &Program,
    name: &str,
    stage: Phase,
    args: &[i64],
) -> (Vec<u8>, Option<String>) {
    let funcs: Vec<_> = (0..program.funcs.len())
        .map(|i| {
            let id = vm::FuncId(i as u32);
            let ctx = Context::compiled_to(program, id, stage)
                .unwrap_or_else(|e| panic!("{name} {}: {e}", program.func(id).name));
            ctx.func.expect("an IR at this stage")
        })
        .collect();
    let buffer = SharedBuffer::default();
    let mut eval = Evaluator::new(
        program,
        &funcs,
        Output::capture(buffer.clone()),
        Limits::default(),
    )
    .expect("memory");
    let trap = eval.run(args).err().map(|t| t.render(program, name));
    eval.out.flush();
    (buffer.contents(), trap)
}

#[test]
fn every_program_runs_correctly_after_every_phase() {
    let mut failures = Vec::new();
    for path in programs() {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_string();
        let program = vm::load(&std::fs::read(&path).expect("read")).expect("loads");
        let expected_out = std::fs::read(path.with_extension("out")).expect(".out");
        let expected_trap = std::fs::read_to_string(path.with_extension("err"))
            .ok()
            .map(|s| s.trim_end().to_string());
        for &stage in EXECUTABLE_STAGES {
            let (out, trap) = run_stage(&program, &name, stage, &args_of(&path));
            if out != expected_out || trap != expected_trap {
                failures.push(format!(
                    "{name} after {stage:?}: trap {trap:?} (expected {expected_trap:?}); stdout {}",
                    if out == expected_out {
                        "same"
                    } else {
                        "differs"
                    }
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn textbook_loop_frontiers_and_phis() {
    let text = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../programs/sum.bc"))
        .expect("sum.bc");
    let program = vm::load(&text).expect("loads");
    let out = Context::compiled_to(&program, program.main, Phase::Ssa).expect("compiles");
    // Entry (b0), Head (b1), Body (b2), Done (b3).
    let (cfg, dom) = (
        out.cfg.as_ref().expect("cfg"),
        out.cfg_dom.as_ref().expect("dom"),
    );
    let df = jit::analysis::dom::frontiers(cfg, dom, &mut Budget::unlimited()).expect("frontiers");
    assert_eq!(df[2], vec![jit::Block(1)], "DF(Body)");
    assert!(df[0].is_empty(), "DF(Entry)");
    let f = program.func(program.main);
    let ssa = out.func.expect("ssa");
    let names = |b: usize| -> Vec<&str> {
        ssa.phi_regs[b]
            .iter()
            .map(|&r| f.reg_names[r as usize].as_str())
            .collect()
    };
    assert_eq!(names(1), vec!["i", "s"]);
    for b in [0, 2, 3] {
        assert!(names(b).is_empty(), "phis at b{b}: {:?}", names(b));
    }
}

/// The SSA-destruction hazards of swap_rotate.bc take the paths meant for
/// them: the lost-copy loop exits across a split critical edge, and the
/// swap and rotation break their copy cycles with a temporary. (Without
/// `exit_values`, which would compute the lost-copy loop's exit values
/// instead.)
#[test]
fn destruction_hazards_take_their_paths() {
    let text =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../programs/swap_rotate.bc"))
            .expect("read");
    let program = vm::load(&text).expect("loads");
    let stats = |name: &str| {
        let id = program.func_by_name(name).expect("function");
        let options = jit::pipeline::context::Options::verified().without(Phase::ExitValues);
        let mut ctx = Context::new(
            &program,
            id,
            options,
            jit::pipeline::budget::Budget::unlimited(),
        );
        ctx.run(Phase::OutOfSsa).expect("compiles");
        ctx.stats
    };
    assert!(stats("lost_copy").count(Phase::OutOfSsa, "edges-split") >= 1);
    // Each swap or rotation in the loop is one copy cycle: one temporary.
    assert_eq!(stats("swap").count(Phase::OutOfSsa, "temporaries"), 1);
    assert_eq!(stats("rotate").count(Phase::OutOfSsa, "temporaries"), 1);
    assert_eq!(stats("fib_iter").count(Phase::OutOfSsa, "temporaries"), 0);
}

/// The phases up to the machine code (which needs a VM's addresses),
/// verified, under `budget`.
fn compile(program: &Program, id: vm::FuncId, budget: Budget) -> Result<Budget, jit::CompileError> {
    let mut ctx = Context::new(program, id, Options::verified(), budget);
    ctx.run(Phase::Bounds)?;
    Ok(ctx.budget)
}

/// Work units the default budget allows; see `jit::pipeline::budget::DEFAULT_UNITS`.
#[test]
fn every_program_fits_the_default_budget() {
    let mut most = 0;
    for path in programs() {
        let program = vm::load(&std::fs::read(&path).expect("read")).expect("loads");
        for i in 0..program.funcs.len() {
            let budget = Budget::new(jit::pipeline::budget::DEFAULT_UNITS, None);
            let budget =
                compile(&program, vm::FuncId(i as u32), budget).expect("fits the default budget");
            most = most.max(budget.used());
        }
    }
    eprintln!("largest function in programs/ used {most} units");
    assert!(
        most * 10 < jit::pipeline::budget::DEFAULT_UNITS,
        "the default leaves a 10x margin"
    );
}

/// Compiles `f` of a synthetic pathological program under `budget`, which
/// must run out; reports how long that took.
fn must_bail(joins: usize, registers: usize, budget: Budget) -> jit::CompileError {
    let program =
        vm::load(jit::testing::synth::pathological(joins, registers).as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let start = std::time::Instant::now();
    let error = compile(&program, f, budget).expect_err("must run out");
    eprintln!(
        "{joins} joins x {registers} registers: bailed after {:?}: {error}",
        start.elapsed()
    );
    error
}

/// A function with 20,000 blocks whose SSA would need 20 million phis (and
/// whose frontiers alone are quadratic) stops in the phase that ran out,
/// with the work done, instead of building them.
#[test]
fn pathological_function_runs_out_of_budget() {
    let program =
        vm::load(jit::testing::synth::pathological(10_000, 2_000).as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let blocks = Context::compiled_to(&program, f, Phase::Cfg)
        .expect("cfg")
        .cfg
        .expect("built")
        .len();
    assert!(blocks >= 20_000, "{blocks} blocks");
    match must_bail(
        10_000,
        2_000,
        Budget::new(jit::pipeline::budget::DEFAULT_UNITS, None),
    ) {
        jit::CompileError::OverBudget { phase, work, limit } => {
            assert!(
                matches!(phase, jit::Phase::Dom | jit::Phase::Ssa),
                "{phase}"
            );
            assert!(work > limit);
        }
        other => panic!("{other}"),
    }
    // A wall-clock allowance stops it too.
    let error = must_bail(
        10_000,
        2_000,
        Budget::new(u64::MAX, Some(std::time::Duration::from_millis(2))),
    );
    assert!(
        matches!(error, jit::CompileError::OverTime { .. }),
        "{error}"
    );
}

/// Fewer joins, more registers: the frontiers are affordable, the phis
/// (2 million) are not, so the SSA phase runs out.
#[test]
fn phi_explosion_runs_out_in_ssa() {
    let error = must_bail(
        400,
        5_000,
        Budget::new(jit::pipeline::budget::DEFAULT_UNITS, None),
    );
    assert_eq!(error.phase(), jit::Phase::Ssa, "{error}");
}

/// A loop whose `n` phis permute their values (`%a0 = %a1, ...,
/// %a{n-1} = %a0`): one copy cycle of `n` values on the back edge.
fn permutation(n: usize) -> String {
    let mut text = String::from("func f(%k)\n");
    for i in 0..n {
        text += &format!("    add %a{i}, %k, {i}\n");
    }
    text += "head:\n    jz %k, done\n    mov %t, %a0\n";
    for i in 0..n - 1 {
        text += &format!("    mov %a{i}, %a{}\n", i + 1);
    }
    text += &format!(
        "    mov %a{}, %t\n    sub %k, %k, 1\n    jmp head\ndone:\n",
        n - 1
    );
    text += "    print %a0\n    ret 0\nend\nfunc main()\n    call %r, f, 3\n    ret 0\nend\n";
    text
}

/// SSA destruction of a 10,000-value copy cycle is linear: the whole
/// compile, under the default budget and allowance, ends (compiled or
/// bailed) within twice the allowance. It took 10.8 s when sequentializing
/// was cubic.
#[test]
fn a_ten_thousand_phi_permutation_compiles_within_the_allowance() {
    let stats = compiles_within_twice_the_allowance(&permutation(10_000), "10,000-phi permutation");
    assert_eq!(
        stats.count(Phase::Ssa, "phis"),
        10_001,
        "one per %a, and %k"
    );
}

/// Compiles `f` of `text` through every phase under the default budget
/// and a 50 ms allowance, and checks that it ended (compiled or bailed)
/// within twice the allowance of this thread's time. Returns the
/// compile's counts.
fn compiles_within_twice_the_allowance(text: &str, what: &str) -> jit::pipeline::context::Stats {
    let program = vm::load(text.as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let mut scratch = jit::backend::ScratchEnv::new(&program).expect("memory");
    // The allowance is the compiling thread's own time (`budget`), which
    // a loaded machine does not stretch as it stretches the wall clock.
    let start = thread_time();
    let mut ctx = within_allowance(&program, f);
    ctx.env = Some(scratch.env());
    let result = ctx.run(Phase::Emit);
    let elapsed = thread_time() - start;
    eprintln!("{what}: {elapsed:?}, {:?}", result.as_ref().err());
    assert!(elapsed < 2 * ALLOWANCE, "{elapsed:?}");
    ctx.stats
}

/// This thread's CPU time so far.
fn thread_time() -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid `timespec` for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The time allowance the compile-bound tests give a compile.
const ALLOWANCE: std::time::Duration = std::time::Duration::from_millis(50);

/// A context for `f` under the default budget and `ALLOWANCE`.
fn within_allowance(program: &vm::Program, f: vm::FuncId) -> Context<'_> {
    Context::new(
        program,
        f,
        Options::default(),
        Budget::new(jit::pipeline::budget::DEFAULT_UNITS, Some(ALLOWANCE)),
    )
}

/// A function of `sites` blocks each ending in a self tail call with
/// `params` arguments, rotated: the loop's phis take them all.
fn tail_calls(sites: usize, params: usize) -> String {
    let names: Vec<String> = (0..params).map(|k| format!("%p{k}")).collect();
    let mut text = format!("func f({})\n", names.join(", "));
    for i in 0..sites {
        text += &format!("    jlt %p0, {}, s{i}\n", 3 - i as i64);
    }
    text += "    add %r, %p0, 1\n    ret %r\n";
    for i in 0..sites {
        let rotated: Vec<&str> = (0..params)
            .map(|k| names[(k + i + 1) % params].as_str())
            .collect();
        text += &format!(
            "s{i}:\n    sub %p0, %p0, 1\n    call %r, f, {}\n    add %r, %r, %p1\n    ret %r\n",
            rotated.join(", ")
        );
    }
    text += &format!(
        "end\nfunc main()\n    call %r, f, {}\n    ret 0\nend\n",
        vec!["3"; params].join(", ")
    );
    text
}

/// Self tail calls become jumps in a pass linear in the function: a
/// thousand sites of a hundred arguments each stay within the allowance,
/// the whole compile (which may bail in a later phase) and the phases up
/// to `tail-loops` alone, which make every site a jump.
#[test]
fn many_tail_calls_with_many_arguments_compile_within_twice_the_allowance() {
    let text = tail_calls(1000, 100);
    compiles_within_twice_the_allowance(&text, "tail calls");
    let program = vm::load(text.as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let start = thread_time();
    let mut ctx = within_allowance(&program, f);
    ctx.run(Phase::TailLoops).expect("within the budget");
    let elapsed = thread_time() - start;
    assert!(elapsed < 2 * ALLOWANCE, "{elapsed:?}");
    assert_eq!(ctx.stats.count(Phase::TailLoops, "tail-jumps"), 1000);
    let program = vm::load(tail_calls(20, 5).as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let ctx = Context::compiled_to(&program, f, Phase::TailLoops).expect("compiles");
    assert_eq!(ctx.stats.count(Phase::TailLoops, "tail-jumps"), 20);
}

/// The cycle is broken with one temporary, and the copies keep the
/// permutation's meaning (the IR evaluator runs it).
#[test]
fn a_long_copy_cycle_takes_one_temporary() {
    let program = vm::load(permutation(500).as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let ctx = Context::compiled_to(&program, f, Phase::OutOfSsa).expect("compiles");
    assert_eq!(ctx.stats.count(Phase::OutOfSsa, "temporaries"), 1);
    let (stdout, trap) = run_stage(&program, "permutation", Phase::OutOfSsa, &[]);
    // Three rotations: %a0 ends with what %a3 began with, 3 + 3.
    assert_eq!((stdout, trap), (b"6\n".to_vec(), None));
}

/// `n` counting loops one after another, each counting on from the last.
fn counting_loops(n: usize) -> String {
    let mut text = String::from("func f(%k)\n    mov %x, 0\n    mov %s, 0\n");
    for i in 0..n {
        text += &format!("l{i}:\n    add %s, %s, 3\n    add %x, %x, 1\n    jlt %x, %k, l{i}\n");
    }
    text += "    print %x\n    print %s\n    ret 0\nend\nfunc main()\n    call %r, f, 3\n    ret 0\nend\n";
    text
}

/// Exit values are found and replaced in passes linear in the function:
/// 5,000 counting loops compile (or bail) within twice the allowance, and
/// a few hundred keep their meaning (the IR evaluator runs them).
#[test]
fn five_thousand_counting_loops_compile_within_the_allowance() {
    compiles_within_twice_the_allowance(&counting_loops(5_000), "5,000 counting loops");
    let program = vm::load(counting_loops(300).as_bytes()).expect("loads");
    let f = program.func_by_name("f").expect("f");
    let ctx = Context::compiled_to(&program, f, Phase::ExitValues).expect("compiles");
    assert_eq!(ctx.stats.count(Phase::ExitValues, "counted"), 300);
    // Three iterations, then one each: x = 302, s = 3 * 302.
    let (stdout, trap) = run_stage(&program, "counting loops", Phase::ExitValues, &[]);
    assert_eq!((stdout, trap), (b"302\n906\n".to_vec(), None));
}
