//! Every program in `programs/` through the `bcvm` binary, in every tier:
//! stdout must equal NAME.out byte for byte, the first stderr line NAME.err
//! (when the program traps), and the exit status 1 for a trap, else 0.
//! Every malformed program in `programs/errors/` must exit 2 with exactly
//! the diagnostics in its NAME.err.
//!
//! A new tier joins by adding a configuration to `jit::testing::oracle::Config`.

use jit::testing::oracle::Config;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Each tier as its name and the command-line flags that select it: the
/// tier oracle's configurations (`interp`, `jit`, `jit-no-sccp`, `auto`
/// with both thresholds 1, and `osr`, where loops alone tier up).
fn tiers() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
    Config::all().into_iter().map(|c| (c.name(), c.flags()))
}

fn bcvm() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bcvm"))
}

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("programs")
}

fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn read_optional(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

struct Expected {
    stdout: Vec<u8>,
    trap_line: Option<String>,
    args: Vec<String>,
}

fn expected(program: &Path) -> Expected {
    let stdout = std::fs::read(program.with_extension("out"))
        .unwrap_or_else(|_| panic!("{} has no .out file", program.display()));
    let trap_line = read_optional(&program.with_extension("err")).map(|s| s.trim_end().to_string());
    let args = read_optional(&program.with_extension("args"))
        .map(|s| s.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    Expected {
        stdout,
        trap_line,
        args,
    }
}

/// Runs one program in one tier, with `env` set; returns a description of
/// every mismatch.
fn check_program(
    program: &Path,
    tier: &str,
    flags: &[&str],
    env: &[(&str, String)],
) -> Vec<String> {
    let want = expected(program);
    let name = program.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    // Run from the program's folder so FILE in messages is the bare name.
    let out = bcvm()
        .current_dir(program.parent().unwrap_or(Path::new(".")))
        .envs(env.iter().map(|(k, v)| (k, v)))
        .arg("run")
        .args(flags)
        .arg(name)
        .args(&want.args)
        .output()
        .expect("run bcvm");
    let mut problems = Vec::new();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.stdout != want.stdout {
        problems.push(format!(
            "{name} [{tier}]: stdout differs\n--- expected\n{}\n--- got\n{}",
            String::from_utf8_lossy(&want.stdout),
            String::from_utf8_lossy(&out.stdout)
        ));
    }
    let first_line = stderr.lines().next().map(str::to_string);
    if first_line != want.trap_line {
        problems.push(format!(
            "{name} [{tier}]: first stderr line {first_line:?}, expected {:?}",
            want.trap_line
        ));
    }
    let want_status = if want.trap_line.is_some() { 1 } else { 0 };
    if out.status.code() != Some(want_status) {
        problems.push(format!(
            "{name} [{tier}]: exit status {:?}, expected {want_status}; stderr: {stderr}",
            out.status.code()
        ));
    }
    problems
}

#[test]
fn every_program_in_every_tier() {
    let mut programs = files_with_extension(&programs_dir(), "bc");
    assert!(
        programs.len() >= 25,
        "the suite shrank to {}",
        programs.len()
    );
    // Reduced programs that once made the tiers disagree.
    programs.extend(files_with_extension(
        &programs_dir().join("regressions"),
        "bc",
    ));
    // The benchmark kernels, at test sizes.
    programs.extend(files_with_extension(
        &programs_dir().join("../benches/bc"),
        "bc",
    ));
    let mut problems = Vec::new();
    for program in &programs {
        for (tier, flags) in tiers() {
            problems.extend(check_program(program, tier, flags, &[]));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A compile the system refuses memory (injected: each compile may take
/// only so many bytes) bails out, and every program still gives its exact
/// answer, at every point of the compile where memory can run out.
#[test]
fn every_program_runs_right_when_compiles_run_out_of_memory() {
    let programs = files_with_extension(&programs_dir(), "bc");
    let mut problems = Vec::new();
    for program in &programs {
        for bytes in [0, 1 << 12, 1 << 15, 1 << 18] {
            let env = [("BCVM_FAULT_COMPILE_MEMORY", bytes.to_string())];
            for config in [Config::Jit, Config::Tiered, Config::Auto, Config::Osr] {
                let tier = format!("{} with {bytes} bytes per compile", config.name());
                problems.extend(check_program(program, &tier, config.flags(), &env));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn every_malformed_program_is_rejected_with_its_diagnostics() {
    let dir = programs_dir().join("errors");
    let programs = files_with_extension(&dir, "bc");
    assert!(
        programs.len() >= 30,
        "the error suite shrank to {}",
        programs.len()
    );
    let mut problems = Vec::new();
    for program in &programs {
        let name = program.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        let want = std::fs::read_to_string(program.with_extension("err"))
            .unwrap_or_else(|_| panic!("{name} has no .err file"));
        for (command, tier_flags) in [("check", &[][..]), ("run", Config::Interp.flags())] {
            let out = bcvm()
                .current_dir(&dir)
                .arg(command)
                .args(tier_flags)
                .arg(name)
                .output()
                .expect("run bcvm");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if stderr != want || out.status.code() != Some(2) || !out.stdout.is_empty() {
                problems.push(format!(
                    "{name} [{command}]: status {:?}\n--- expected\n{want}--- got\n{stderr}",
                    out.status.code()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The slot that operand `position` (in the source signature) of `ins`
/// reads, for the positions that read a value (a memory operand's base).
fn value_slot(ins: &vm::Instr, position: usize) -> Option<vm::Slot> {
    use vm::Op;
    match (ins.op, position) {
        (Op::Load, 1) => Some(ins.b),
        (Op::Store, 0) => Some(ins.a),
        (Op::Store, 1) => Some(ins.c),
        (Op::Load | Op::Store | Op::Jmp | Op::PutS | Op::Call, _) => None,
        (Op::Jz | Op::Jnz | Op::Ret | Op::Print | Op::PutC | Op::FPrint, 0) => Some(ins.a),
        (op, 0 | 1) if op.is_cond_branch() => Some([ins.a, ins.b][position]),
        (_, 1) => Some(ins.b),
        (_, 2) => Some(ins.c),
        _ => None,
    }
}

/// `[BASE-K]` somewhere in the code part of a line.
fn has_minus_offset(line: &str) -> bool {
    let code = line.split(';').next().unwrap_or("");
    code.split('[').skip(1).any(|inside| {
        let inside = inside.split(']').next().unwrap_or("").trim_start();
        inside.get(1..).is_some_and(|rest| rest.contains('-'))
    })
}

/// `NAME: instruction` on one line.
fn has_inline_label(line: &str) -> bool {
    let code = line.split(';').next().unwrap_or("").trim_start();
    let name_len = code
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(code.len());
    name_len > 0
        && code[name_len..]
            .trim_start()
            .strip_prefix(':')
            .is_some_and(|rest| !rest.trim().is_empty())
}

/// The suite together uses every instruction, an immediate in every operand
/// position that reads a value, `[BASE-K]`, and a label on an instruction's
/// line; this keeps it so as programs change.
#[test]
fn the_suite_covers_every_instruction_and_operand_form() {
    use std::collections::BTreeSet;
    use vm::bytecode::{OperandKind, MNEMONICS};
    let reads_value = |k: &OperandKind| {
        matches!(
            k,
            OperandKind::Int | OperandKind::Float | OperandKind::Any | OperandKind::Mem
        )
    };
    let mut used_ops = BTreeSet::new();
    let mut immediates = BTreeSet::new();
    let (mut minus_offset, mut inline_label, mut immediate_arg) = (false, false, false);
    for path in files_with_extension(&programs_dir(), "bc") {
        let text = std::fs::read_to_string(&path).expect("read");
        minus_offset |= text.lines().any(has_minus_offset);
        inline_label |= text.lines().any(has_inline_label);
        let program = vm::load(text.as_bytes()).expect("suite programs load");
        for f in &program.funcs {
            for ins in &f.code {
                let (name, _, sig) = MNEMONICS[ins.op as usize];
                used_ops.insert(name);
                for position in (0..sig.len()).filter(|&i| reads_value(&sig[i])) {
                    if value_slot(ins, position)
                        .and_then(|s| f.constant(s))
                        .is_some()
                    {
                        immediates.insert((name, position));
                    }
                }
                if ins.op == vm::Op::Call {
                    immediate_arg |= program
                        .call_arg_slots(ins)
                        .iter()
                        .any(|&s| f.constant(s).is_some());
                }
            }
        }
    }
    let missing_ops: Vec<_> = MNEMONICS
        .iter()
        .map(|m| m.0)
        .filter(|m| !used_ops.contains(m))
        .collect();
    assert!(missing_ops.is_empty(), "no program uses {missing_ops:?}");
    let missing: Vec<String> = MNEMONICS
        .iter()
        .flat_map(|(name, _, sig)| {
            (0..sig.len())
                .filter(|&i| reads_value(&sig[i]))
                .map(move |i| (*name, i))
        })
        .filter(|key| !immediates.contains(key))
        .map(|(name, i)| format!("{name} operand {}", i + 1))
        .collect();
    assert!(missing.is_empty(), "no immediate in: {missing:?}");
    assert!(immediate_arg, "no immediate call argument");
    assert!(minus_offset, "no [BASE-K] operand");
    assert!(inline_label, "no label on an instruction's line");
}
