//! Value types: whether a value is an integer, a float, or plain bits that
//! the function uses both ways. Registers hold untyped 64-bit words, so
//! types are inferred: from the instructions that define a value (`fadd`
//! makes a float, `add` or `flt` an integer) and those that read it (`fmul`
//! reads floats, `add`, addresses and branches read integers), joined over
//! each web of values that copies and phis connect (they move bits without
//! looking at them, so a web lives in one register file). Inference runs
//! when SSA is built (`ssa::construct`); passes that make values later give
//! them the type of the value they stand for.
//!
//! The lattice: unknown, below `Int` and `Float`, below `Bits`. A value
//! nothing defines or reads as either (a parameter only passed on or
//! returned) is `Int`: it only moves, and general registers move it.

use crate::ir::entity::Value;
pub use crate::ir::ValueType;
use crate::ir::{Function, InstKind};
use vm::Op;

/// The least upper bound, `None` being unknown.
fn join(a: Option<ValueType>, b: Option<ValueType>) -> Option<ValueType> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) if x == y => Some(x),
        _ => Some(ValueType::Bits),
    }
}

/// The type of `kind`'s result, if its opcode decides it.
fn result_type(kind: &InstKind) -> Option<ValueType> {
    match kind {
        InstKind::Unary(Op::IToF | Op::FNeg | Op::FSqrt, _) => Some(ValueType::Float),
        InstKind::Binary(Op::FAdd | Op::FSub | Op::FMul | Op::FDiv, ..) => Some(ValueType::Float),
        InstKind::Unary(..) | InstKind::Binary(..) | InstKind::CallsLeft => Some(ValueType::Int),
        _ => None,
    }
}

/// Calls `f` with each operand `kind` reads as a typed value, and the type.
fn typed_operands(kind: &InstKind, mut f: impl FnMut(Value, ValueType)) {
    match kind {
        InstKind::Unary(op, a) => f(
            *a,
            if op.reads_floats() {
                ValueType::Float
            } else {
                ValueType::Int
            },
        ),
        InstKind::Binary(op, a, b) => {
            let t = if op.reads_floats() {
                ValueType::Float
            } else {
                ValueType::Int
            };
            f(*a, t);
            f(*b, t);
        }
        InstKind::FPrint(a, _) => f(*a, ValueType::Float),
        InstKind::Print(a) | InstKind::PutC(a) | InstKind::GiveBackCalls(a) => {
            f(*a, ValueType::Int)
        }
        InstKind::Load(base, offset) | InstKind::Store(base, offset, _) => {
            f(*base, ValueType::Int);
            f(*offset, ValueType::Int);
        }
        InstKind::Branch { op, args, .. } | InstKind::Select { op, args, .. } => {
            for &a in crate::ir::condition_operands(*op, args) {
                f(a, ValueType::Int);
            }
        }
        // Moves of bits: copies, phis, call arguments, returns, stored values.
        _ => {}
    }
}

/// The root of `v`'s web.
fn find(parent: &mut [u32], mut v: usize) -> usize {
    while parent[v] as usize != v {
        let up = parent[parent[v] as usize];
        parent[v] = up;
        v = up as usize;
    }
    v
}

/// Infers the type of every value of `f` (SSA or not).
pub fn infer(f: &Function) -> Vec<ValueType> {
    let n = f.value_count();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut local: Vec<Option<ValueType>> = vec![None; n];
    for b in f.live_blocks() {
        for &i in &f.block(b).insts {
            let kind = f.kind(i);
            let result = f.inst(i).result;
            if let Some(r) = result {
                local[r.index()] = join(local[r.index()], result_type(kind));
            }
            typed_operands(kind, |v, t| {
                local[v.index()] = join(local[v.index()], Some(t))
            });
            let chosen;
            let web_operands: &[Value] = match kind {
                InstKind::Copy(a) => std::slice::from_ref(a),
                InstKind::Phi(args) => args,
                InstKind::Select {
                    then, otherwise, ..
                } => {
                    chosen = [*then, *otherwise];
                    &chosen
                }
                _ => &[],
            };
            if let Some(r) = result {
                for &a in web_operands {
                    let (x, y) = (find(&mut parent, r.index()), find(&mut parent, a.index()));
                    parent[x] = y as u32;
                }
            }
        }
    }
    let mut web: Vec<Option<ValueType>> = vec![None; n];
    for (v, &t) in local.iter().enumerate() {
        let root = find(&mut parent, v);
        web[root] = join(web[root], t);
    }
    (0..n)
        .map(|v| web[find(&mut parent, v)].unwrap_or(ValueType::Int))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// The types of the values the registers of `main` end up as, by the
    /// register's name, after SSA construction.
    fn types_of(text: &str) -> Vec<ValueType> {
        let program = vm::load(text.as_bytes()).expect("loads");
        let ctx = Context::compiled_to(&program, program.main, Phase::Ssa).expect("compiles");
        let f = ctx.func.expect("ir");
        let ret = f
            .live_blocks()
            .flat_map(|b| f.block(b).insts.clone())
            .filter_map(|i| match f.kind(i) {
                InstKind::Ret(v) => Some(f.ty(*v)),
                _ => None,
            })
            .collect();
        ret
    }

    #[test]
    fn definitions_and_uses_decide() {
        let float = "func main(%a, %b)\n    fadd %c, %a, %b\n    ret %c\nend\n";
        let int = "func main(%a, %b)\n    flt %c, %a, %b\n    ret %c\nend\n";
        // A parameter read only by a float operation is a float.
        let param = "func main(%a)\n    fneg %c, %a\n    ret %a\nend\n";
        let both = "func main(%a)\n    fneg %c, %a\n    add %d, %a, 1\n    ret %a\nend\n";
        let untyped = "func main(%a)\n    ret %a\nend\n";
        assert_eq!(types_of(float), [ValueType::Float]);
        assert_eq!(types_of(int), [ValueType::Int]);
        assert_eq!(types_of(param), [ValueType::Float]);
        assert_eq!(types_of(both), [ValueType::Bits]);
        assert_eq!(types_of(untyped), [ValueType::Int]);
    }

    #[test]
    fn a_phi_web_has_one_type() {
        // %x is a float made by `itof`, carried around a loop by a phi,
        // returned through it; the phi and its operands are floats.
        let text = "func main(%n)\n    itof %x, 0\nhead:\n    jz %n, done\n    fadd %x, %x, 1.5\n    sub %n, %n, 1\n    jmp head\ndone:\n    ret %x\nend\n";
        assert_eq!(types_of(text), [ValueType::Float]);
    }
}
