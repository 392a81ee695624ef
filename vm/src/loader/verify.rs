//! Static checks on the syntax tree: every rule of the spec that the parser
//! cannot see on one line. Operand kinds and immediate types, labels
//! (defined once, every use defined), callees and their argument counts,
//! unique function and parameter names, `main`, and a body whose last line
//! is `ret` or `jmp`. A program that passes is safe to lower and run: every
//! slot and target the lowering produces is in range.

use crate::bytecode::OperandKind;
use crate::loader::diag::Diagnostic;
use crate::loader::parse::{Item, Operand, SrcFunc, SrcInstr, SrcOperand, SrcProgram};
use rustc_hash::{FxHashMap, FxHashSet};

pub fn verify(program: &SrcProgram, diags: &mut Vec<Diagnostic>) {
    // A function whose header did not parse keeps its name, if it got that
    // far, but its parameter count is unknown.
    let mut arity: FxHashMap<&str, Option<usize>> = FxHashMap::default();
    for f in program.funcs.iter().filter(|f| !f.name.is_empty()) {
        if arity.contains_key(f.name) {
            diags.push(Diagnostic::at(
                f.pos,
                format!("duplicate function `{}`", f.name),
            ));
        } else {
            arity.insert(f.name, (!f.broken_header).then_some(f.params.len()));
        }
    }
    if !arity.contains_key("main") {
        diags.push(Diagnostic::global("no function `main`"));
    }
    for f in &program.funcs {
        verify_func(program, f, &arity, diags);
    }
}

fn verify_func(
    program: &SrcProgram,
    f: &SrcFunc,
    arity: &FxHashMap<&str, Option<usize>>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut params = FxHashSet::default();
    for &(name, at) in &f.params {
        if !params.insert(name) {
            diags.push(Diagnostic::at(at, format!("duplicate parameter `%{name}`")));
        }
    }
    let mut labels = FxHashSet::default();
    for item in &f.items {
        if let Item::Label(name, at) = *item {
            if !labels.insert(name) {
                diags.push(Diagnostic::at(at, format!("duplicate label `{name}`")));
            }
        }
    }
    for item in &f.items {
        if let Item::Instr(instr) = item {
            verify_instr(instr, program.operands(instr), &labels, arity, diags);
        }
    }
    let Some(end) = f.end else { return };
    if f.broken_header {
        return;
    }
    match f.items.last() {
        None => diags.push(Diagnostic::at(
            end,
            format!(
                "function `{}` is empty: its last line must be `ret` or `jmp`",
                f.name
            ),
        )),
        Some(Item::Label(name, at)) => diags.push(Diagnostic::at(
            *at,
            format!("label `{name}` has no instruction after it"),
        )),
        Some(Item::Instr(i)) if !i.op.is_terminator() => diags.push(Diagnostic::at(
            i.pos,
            format!(
                "the last line of function `{}` must be `ret` or `jmp`, not `{}`",
                f.name,
                i.op.mnemonic()
            ),
        )),
        Some(Item::Instr(_) | Item::Broken(_)) => {}
    }
}

fn verify_instr(
    instr: &SrcInstr,
    operands: &[SrcOperand],
    labels: &FxHashSet<&str>,
    arity: &FxHashMap<&str, Option<usize>>,
    diags: &mut Vec<Diagnostic>,
) {
    let mnemonic = instr.op.mnemonic();
    let is_call = instr.sig.last() == Some(&OperandKind::Callee);
    let fixed = instr.sig.len();
    let found = operands.len();
    if found < fixed || (!is_call && found > fixed) {
        let plural = if fixed == 1 { "" } else { "s" };
        let least = if is_call { "at least " } else { "" };
        diags.push(Diagnostic::at(
            instr.pos,
            format!("`{mnemonic}` takes {least}{fixed} operand{plural}, found {found}"),
        ));
        return;
    }
    for (kind, (operand, at)) in instr.sig.iter().zip(operands) {
        if let Err(message) = check_operand(*kind, operand, labels) {
            diags.push(Diagnostic::at(*at, message));
        }
    }
    if !is_call {
        return;
    }
    for (operand, at) in &operands[fixed..] {
        if let Err(message) = check_operand(OperandKind::Any, operand, labels) {
            diags.push(Diagnostic::at(*at, message));
        }
    }
    let (callee, at) = &operands[1];
    if let Operand::Name(name) = callee {
        match arity.get(name) {
            None => diags.push(Diagnostic::at(*at, format!("undefined function `{name}`"))),
            Some(&Some(n)) if n != found - fixed => diags.push(Diagnostic::at(
                instr.pos,
                format!(
                    "`{name}` takes {n} argument{}, found {}",
                    if n == 1 { "" } else { "s" },
                    found - fixed
                ),
            )),
            Some(_) => {}
        }
    }
}

/// Whether a name operand reads as a float literal where a value is read.
pub fn float_name(name: &str) -> Option<f64> {
    match name {
        "inf" => Some(f64::INFINITY),
        "nan" => Some(f64::from_bits(0x7FF8_0000_0000_0000)),
        _ => None,
    }
}

fn describe(operand: &Operand) -> String {
    match operand {
        Operand::Reg(r) => format!("register `%{r}`"),
        Operand::Int(n) => format!("integer literal `{n}`"),
        Operand::Float(_) => "a float literal".to_string(),
        Operand::Name(n) if float_name(n).is_some() => "a float literal".to_string(),
        Operand::Name(n) => format!("name `{n}`"),
        Operand::Mem { .. } => "a memory operand".to_string(),
        Operand::Str(_) => "a string literal".to_string(),
    }
}

fn check_operand(
    kind: OperandKind,
    operand: &Operand,
    labels: &FxHashSet<&str>,
) -> Result<(), String> {
    use Operand as O;
    use OperandKind as K;
    let is_float = |o: &Operand| {
        matches!(o, O::Float(_)) || matches!(o, O::Name(n) if float_name(n).is_some())
    };
    let fits = match kind {
        K::Dest => matches!(operand, O::Reg(_)),
        K::Int => matches!(operand, O::Reg(_) | O::Int(_)),
        K::Float => matches!(operand, O::Reg(_)) || is_float(operand),
        K::Any => matches!(operand, O::Reg(_) | O::Int(_)) || is_float(operand),
        K::Mem => matches!(operand, O::Mem { .. }),
        K::Label => {
            if let O::Name(name) = operand {
                if !labels.contains(name) {
                    return Err(format!("undefined label `{name}`"));
                }
                true
            } else {
                false
            }
        }
        K::Callee => matches!(operand, O::Name(_)),
        K::Precision => match operand {
            O::Int(p) if (0..=17).contains(p) => true,
            O::Int(p) => return Err(format!("precision {p} out of range: it must be 0 to 17")),
            _ => false,
        },
        K::Str => matches!(operand, O::Str(_)),
    };
    if fits {
        return Ok(());
    }
    let expected = match kind {
        K::Dest => "a destination register",
        K::Int => "an integer operand (register or integer literal)",
        K::Float => "a float operand (register or float literal)",
        K::Any => "a register or a literal",
        K::Mem => "a memory operand `[BASE+K]`",
        K::Label => "a label",
        K::Callee => "a function name",
        K::Precision => "an integer literal 0 to 17",
        K::Str => "a string literal",
    };
    Err(format!("expected {expected}, found {}", describe(operand)))
}
