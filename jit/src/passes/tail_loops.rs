//! Self tail calls as loops in the IR: `r = call f(..)` directly followed
//! by `ret r` inside `f` itself jumps back to a loop header at the top of
//! `f`, where phis take the arguments in place of the parameters; so does
//! `y = call f(..)`, `z = add a, y`, `ret z` (tail recursion modulo
//! addition, fib's second call), which first adds `a` to an accumulator
//! that every other return adds to its result. Integer addition wraps, so
//! it associates and the sums agree bit for bit with the interpreter's,
//! which adds on the way back up.
//!
//! This is the classic tail-recursion elimination (Steele, "Debunking the
//! 'expensive procedure call' myth", 1977), with the accumulator of LLVM's
//! `TailRecursionElimination` for an associative and commutative
//! operation. Done in SSA form before inlining, the loop is seen by every
//! later pass (invariant code motion, register allocation across the loop)
//! and the body the inliner copies for a recursive call is a loop too.
//!
//! The depth limit stays exact. Each jump is a `SpendCall`, which spends
//! one of the calls left (trapping with `stack overflow` at the call, as
//! the interpreter would) and counts the call when calls are counted; the
//! entry reads the calls left (`CallsLeft`) and each return sets them back
//! (`GiveBackCalls`), as the interpreter's returns would one by one.
//!
//! Only for code entered at its start, and not when compiled calls account
//! for the register stack (a jump would not).

use crate::analysis::cfg::EntryPoint;
use crate::ir::entity::{Block, Inst, Value};
use crate::ir::{BlockOrigin, Function, InstKind, NO_SRC};
use crate::pipeline::budget::{Bail, Budget};
use vm::Op;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TailLoopStats {
    /// Self tail calls made jumps to the loop header.
    pub jumps: usize,
}

/// A self tail call: the block it ends, the call, and whether a value is
/// added to its result before it is returned.
struct Site {
    block: Block,
    call: Inst,
    accumulates: bool,
}

/// Makes `f`'s self tail calls jumps to a loop header at its top (for
/// `tail-loops`, or `inline` for the bodies the inliner builds).
pub fn make_loops(f: &mut Function, budget: &mut Budget) -> Result<TailLoopStats, Bail> {
    budget.charge(f.insts.len() as u64)?;
    if f.entry_point != EntryPoint::Start {
        return Ok(TailLoopStats::default());
    }
    let sites = find_sites(f);
    if sites.is_empty() {
        return Ok(TailLoopStats::default());
    }
    let header = split_entry(f);
    let params = parameter_phis(f, header);
    let acc = sites.iter().any(|s| s.accumulates).then(|| {
        let zero = f.add_inst(InstKind::Const(0), NO_SRC, true);
        f.add_entry_definitions(vec![zero]);
        let zero = f.inst(zero).result.expect("a constant defines");
        add_phi(f, header, zero)
    });
    let calls_left = f.add_inst(InstKind::CallsLeft, NO_SRC, true);
    let entry = f.entry;
    let jump = f.blocks[entry.index()].insts.len() - 1;
    f.blocks[entry.index()].insts.insert(jump, calls_left);
    let calls_left = f.inst(calls_left).result.expect("defines");
    give_back_at_returns(f, acc, calls_left);
    for site in &sites {
        budget.charge(params.len() as u64 + 1)?;
        jump_back(f, header, &params, acc, site);
    }
    place_header(f, header);
    let types = crate::ir::types::infer(f);
    f.set_types(types);
    Ok(TailLoopStats { jumps: sites.len() })
}

/// The self tail calls of `f`, made outside any inlined body.
fn find_sites(f: &Function) -> Vec<Site> {
    let mut sites = Vec::new();
    for b in f.live_blocks() {
        let insts = &f.block(b).insts;
        let n = insts.len();
        let site = if n >= 2 && f.is_self_tail_call(insts[n - 2], insts[n - 1]) {
            Some(Site {
                block: b,
                call: insts[n - 2],
                accumulates: false,
            })
        } else if n >= 3 {
            f.tail_accumulation(insts, n - 3).map(|_| Site {
                block: b,
                call: insts[n - 3],
                accumulates: true,
            })
        } else {
            None
        };
        if let Some(site) = site.filter(|s| f.inst(s.call).inlined.is_none()) {
            sites.push(site);
        }
    }
    sites
}

/// Moves the entry's code (all but the parameters and constants) to a
/// new block, the loop header, which the entry then jumps to.
fn split_entry(f: &mut Function) -> Block {
    let entry = f.entry;
    let defs = f
        .block(entry)
        .insts
        .iter()
        .take_while(|&&i| matches!(f.kind(i), InstKind::Param(_) | InstKind::Const(_)))
        .count();
    let header = f.split_block(entry, defs, BlockOrigin::TailLoop);
    let jump = f.add_inst(InstKind::Jump(header), NO_SRC, false);
    f.blocks[entry.index()].insts.push(jump);
    f.add_edge(entry, header, &[]);
    header
}

/// Renumbers the blocks so that `header`, made last, is laid out right
/// after the entry.
fn place_header(f: &mut Function, header: Block) {
    let entry = f.entry;
    let mut order = Vec::with_capacity(f.blocks.len());
    for b in (0..f.blocks.len()).map(Block::new).filter(|&b| b != header) {
        order.push(b);
        if b == entry {
            order.push(header);
        }
    }
    f.renumber_blocks(&order);
}

/// A phi at the top of `header` with `first` as its operand from the
/// entry; returns its value.
fn add_phi(f: &mut Function, header: Block, first: Value) -> Value {
    let phi = f.add_inst(InstKind::Phi(vec![first]), NO_SRC, true);
    let at = f.phis_at(header);
    f.blocks[header.index()].insts.insert(at, phi);
    let v = f.inst(phi).result.expect("a phi defines");
    f.name_value(v, f.reg_of(first));
    v
}

/// A phi in `header` for each parameter `f` reads, every use of the
/// parameter then reading it: (parameter index, phi) pairs.
fn parameter_phis(f: &mut Function, header: Block) -> Vec<(usize, Value)> {
    let entry = f.entry;
    let params: Vec<(usize, Value)> = f
        .block(entry)
        .insts
        .iter()
        .filter_map(|&i| match (f.kind(i), f.inst(i).result) {
            (InstKind::Param(k), Some(v)) => Some((*k as usize, v)),
            _ => None,
        })
        .collect();
    let phis: Vec<(usize, Value)> = params
        .iter()
        .map(|&(k, v)| (k, add_phi(f, header, v)))
        .collect();
    let mut replace: Vec<Option<Value>> = vec![None; f.value_count()];
    for (&(_, v), &(_, phi)) in params.iter().zip(&phis) {
        replace[v.index()] = Some(phi);
    }
    let blocks: Vec<Block> = f.live_blocks().filter(|&b| b != entry).collect();
    for b in blocks {
        // The new phis, first in the header, keep the parameters.
        let skip = if b == header { phis.len() } else { 0 };
        for k in skip..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            f.insts[i.index()]
                .kind
                .map_operands(|v| replace[v.index()].unwrap_or(v));
        }
    }
    phis
}

/// Before each `ret v`: `v` plus the accumulator returned instead, and the
/// calls left as they were at the entry.
fn give_back_at_returns(f: &mut Function, acc: Option<Value>, calls_left: Value) {
    let blocks: Vec<Block> = f.live_blocks().collect();
    for b in blocks {
        let Some(&ret) = f.block(b).insts.last() else {
            continue;
        };
        let InstKind::Ret(v) = *f.kind(ret) else {
            continue;
        };
        let src = f.inst(ret).src;
        let mut before = Vec::new();
        if let Some(acc) = acc {
            let sum = f.add_inst(InstKind::Binary(Op::Add, v, acc), src, true);
            let total = f.inst(sum).result.expect("an add defines");
            f.insts[ret.index()].kind = InstKind::Ret(total);
            before.push(sum);
        }
        before.push(f.add_inst(InstKind::GiveBackCalls(calls_left), src, false));
        let at = f.block(b).insts.len() - 1;
        f.blocks[b.index()].insts.splice(at..at, before);
    }
}

/// Replaces `site`'s call (and add) and `ret` by the accumulator's sum, a
/// `SpendCall` and a jump to `header`, whose phis take the arguments.
fn jump_back(
    f: &mut Function,
    header: Block,
    params: &[(usize, Value)],
    acc: Option<Value>,
    site: &Site,
) {
    // A call in the entry is in the header now.
    let b = if site.block == f.entry {
        header
    } else {
        site.block
    };
    let call = site.call;
    let at = f
        .block(b)
        .insts
        .iter()
        .position(|&i| i == call)
        .expect("the call is in its block");
    let InstKind::Call(_, args) = f.kind(call).clone() else {
        unreachable!("a site is a call");
    };
    let src = f.inst(call).src;
    // The addend as the add reads it now, parameters replaced by phis.
    let addend = site.accumulates.then(|| {
        let add = f.block(b).insts[at + 1];
        let y = f.inst(call).result.expect("a call defines");
        match *f.kind(add) {
            InstKind::Binary(Op::Add, a, c) if c == y => a,
            InstKind::Binary(Op::Add, _, c) => c,
            _ => unreachable!("an accumulating site adds"),
        }
    });
    // The `ret`, and what `give_back_at_returns` put before it, go too.
    f.blocks[b.index()].insts.truncate(at);
    let acc_in = acc.map(|acc| match addend {
        Some(a) => {
            let add = f.add_inst(InstKind::Binary(Op::Add, acc, a), src, true);
            f.blocks[b.index()].insts.push(add);
            f.inst(add).result.expect("an add defines")
        }
        None => acc,
    });
    let spend = f.add_inst(InstKind::SpendCall, src, false);
    let jump = f.add_inst(InstKind::Jump(header), NO_SRC, false);
    f.blocks[b.index()].insts.extend([spend, jump]);
    // The header's phis: the parameters' in order, then the sum's.
    let mut operands: Vec<Value> = params.iter().map(|&(param, _)| args[param]).collect();
    operands.extend(acc_in);
    f.add_edge(b, header, &operands);
}

#[cfg(test)]
mod tests {
    use crate::analysis::cfg::EntryPoint;
    use crate::ir::eval::Evaluator;
    use crate::ir::{BlockOrigin, Function, InstKind};
    use crate::pipeline::context::{Context, Options};
    use crate::pipeline::phase::Phase;
    use crate::Budget;
    use vm::runtime::SharedBuffer;
    use vm::{Limits, Output, Program};

    const FIB: &str = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n\
        func main(%n)\n    call %r, fib, %n\n    print %r\n    ret 0\nend\n";

    const GCD: &str = "func gcd(%a, %b)\n    jz %b, done\n    rem %r, %a, %b\n    call %g, gcd, %b, %r\n    ret %g\ndone:\n    ret %a\nend\n\
        func main(%a, %b)\n    call %g, gcd, %a, %b\n    print %g\n    ret 0\nend\n";

    const SUM_TO: &str = "func sum_to(%n)\n    jle %n, 0, zero\n    sub %m, %n, 1\n    call %s, sum_to, %m\n    add %s, %n, %s\n    ret %s\nzero:\n    ret 0\nend\n\
        func main(%n)\n    call %s, sum_to, %n\n    print %s\n    ret 0\nend\n";

    fn looped(program: &Program, name: &str) -> (Function, usize) {
        let id = program.func_by_name(name).expect("function");
        let ctx = Context::compiled_to(program, id, Phase::TailLoops).expect("compiles");
        let jumps = ctx.stats.count(Phase::TailLoops, "tail-jumps") as usize;
        (ctx.func.expect("ir"), jumps)
    }

    fn kinds(f: &Function) -> Vec<InstKind> {
        f.live_blocks()
            .flat_map(|b| f.block(b).insts.iter().map(|&i| f.kind(i).clone()))
            .collect()
    }

    /// fib's second call, whose result plus the first's is returned,
    /// jumps to a header after the entry: a phi for `n` and one for the
    /// sum, zero from the entry. Each return adds the sum and gives the
    /// levels back; the first call stays a call.
    #[test]
    fn an_accumulating_self_tail_call_becomes_a_loop() {
        let program = vm::load(FIB.as_bytes()).expect("loads");
        let (f, jumps) = looped(&program, "fib");
        assert_eq!(jumps, 1);
        let header = f.block(f.entry).succs()[0];
        assert_eq!(header.index(), f.entry.index() + 1, "laid out next");
        assert_eq!(f.block(header).origin, BlockOrigin::TailLoop);
        assert_eq!(f.phis_at(header), 2);
        let kinds = kinds(&f);
        let count = |p: fn(&InstKind) -> bool| kinds.iter().filter(|k| p(k)).count();
        assert_eq!(count(|k| matches!(k, InstKind::Call(..))), 1);
        assert_eq!(count(|k| matches!(k, InstKind::SpendCall)), 1);
        assert_eq!(count(|k| matches!(k, InstKind::CallsLeft)), 1);
        assert_eq!(count(|k| matches!(k, InstKind::GiveBackCalls(_))), 1);
        for b in f.live_blocks() {
            let insts = &f.block(b).insts;
            if let [.., give, ret] = insts[..] {
                if matches!(f.kind(ret), InstKind::Ret(_)) {
                    assert!(matches!(f.kind(give), InstKind::GiveBackCalls(_)));
                }
            }
        }
    }

    /// gcd(b, a rem b): the header's phis take the arguments by parameter,
    /// so `a` gets the old `b` and `b` the remainder.
    #[test]
    fn arguments_reach_the_phi_of_their_parameter() {
        let program = vm::load(GCD.as_bytes()).expect("loads");
        let (f, jumps) = looped(&program, "gcd");
        assert_eq!(jumps, 1);
        let header = f.block(f.entry).succs()[0];
        let phi_args: Vec<Vec<crate::ir::entity::Value>> = f
            .block(header)
            .insts
            .iter()
            .map_while(|&i| match f.kind(i) {
                InstKind::Phi(args) => Some(args.clone()),
                _ => None,
            })
            .collect();
        let [a, b] = &phi_args[..] else {
            panic!("two phis: {phi_args:?}")
        };
        let phi_b = f.inst(f.block(header).insts[1]).result.expect("defines");
        assert_eq!(a[1], phi_b, "a takes the old b");
        let rem = f.def(b[1]);
        assert!(matches!(f.kind(rem), InstKind::Binary(vm::Op::Rem, ..)));
    }

    /// A function entered by on-stack replacement has no top to jump to.
    #[test]
    fn code_entered_in_a_loop_keeps_its_calls() {
        let text = "func down(%n)\n    mov %i, 0\nloop:\n    add %i, %i, 1\n    jlt %i, 3, loop\n    jz %n, done\n    sub %n, %n, 1\n    call %r, down, %n\n    ret %r\ndone:\n    ret 0\nend\n\
            func main()\n    call %r, down, 5\n    print %r\n    ret 0\nend\n";
        let program = vm::load(text.as_bytes()).expect("loads");
        let id = program.func_by_name("down").expect("down");
        let mut ctx = Context::new(&program, id, Options::verified(), Budget::unlimited())
            .at(EntryPoint::Osr(1));
        ctx.run(Phase::TailLoops).expect("compiles");
        assert_eq!(ctx.stats.count(Phase::TailLoops, "tail-jumps"), 0);
        let (_, jumps) = looped(&program, "down");
        assert_eq!(jumps, 1, "entered at its start, it loops");
    }

    /// The IR after the phase, run by the evaluator: the sum's jumps spend
    /// the levels the interpreter's calls would, so the depth limit trips
    /// at the same call.
    #[test]
    fn the_depth_limit_trips_at_the_same_call() {
        let program = vm::load(SUM_TO.as_bytes()).expect("loads");
        let funcs: Vec<Function> = ["sum_to", "main"]
            .iter()
            .map(|n| looped(&program, n).0)
            .collect();
        let limits = Limits {
            max_call_depth: 50,
            ..Limits::default()
        };
        let run = |n: i64| {
            let buffer = SharedBuffer::default();
            let mut eval =
                Evaluator::new(&program, &funcs, Output::capture(buffer.clone()), limits)
                    .expect("memory");
            let result = eval.run(&[n]).map_err(|t| t.render(&program, "s.bc"));
            eval.out.flush();
            (
                String::from_utf8(buffer.contents()).expect("text"),
                result.err(),
            )
        };
        // main at depth 1, sum_to(n) at 2, sum_to(0) at n + 2.
        assert_eq!(run(48), ("1176\n".to_string(), None));
        let (out, trap) = run(49);
        assert_eq!(out, "");
        assert_eq!(
            trap.as_deref(),
            Some("s.bc:4:5: trap: stack overflow (in function sum_to)")
        );
    }
}
