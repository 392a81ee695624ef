//! What the middle end made of a function, for people (text), for Graphviz
//! (dot: blocks as nodes holding their instructions, CFG edges solid,
//! dominator-tree edges dashed) and for programs (JSON, one object per
//! function per line).
//!
//! Block ids are the bytecode CFG's, which number the reachable bytecode
//! blocks 0..n in source order; a synthetic entry is never shown in the
//! `dom` and `ssa` JSON (the real entry's `idom` is null there), and blocks
//! made by later phases (split edges) get the next free ids.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::ir::entity::{Block, Value};
use crate::ir::{condition_operands, BlockOrigin, Function, InstKind, NO_SRC};
use crate::passes::bounds::Direction;
use crate::passes::fill::Fill;
use crate::passes::rebase::Rebase;
use crate::pipeline::budget::Budget;
use crate::pipeline::context::Context;
use crate::pipeline::phase::Phase;
use crate::regalloc::Home;
use serde_json::{json, Value as Json};
use std::fmt::Write;
use vm::{Op, Program};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Dot,
    Json,
}

/// Whether `dump` can show `stage` in `format` (the machine code is
/// dumped by `disasm`, as text only; the back end's analyses have no
/// graph of their own to draw).
pub fn supports(stage: Phase, format: Format) -> bool {
    match format {
        Format::Text => true,
        Format::Json => stage != Phase::Emit,
        Format::Dot => stage <= Phase::OutOfSsa,
    }
}

/// Dumps one function after `stage`, which `ctx` has run.
pub fn dump(program: &Program, ctx: &Context, stage: Phase, format: Format) -> String {
    let id = ctx.id;
    match format {
        Format::Json => {
            let mut value = json_of(program, id, ctx, stage);
            if let (Some(line), Json::Object(obj)) = (osr_line(program, ctx), &mut value) {
                obj.insert("osr_line".into(), json!(line));
            }
            // A `Value` prints as compact JSON, infallibly.
            let mut line = value.to_string();
            line.push('\n');
            line
        }
        Format::Text => text_of(program, id, ctx, stage),
        Format::Dot => dot_of(program, id, ctx, stage),
    }
}

fn name_of(b: Block, cfg: &Cfg) -> Option<Json> {
    (!cfg.block(b).synthetic).then(|| json!(b.0))
}

/// Bytecode blocks as the JSON formats list them: id, first line, label,
/// edges; synthetic blocks left out everywhere.
fn bytecode_block_json(
    program: &Program,
    id: vm::FuncId,
    cfg: &Cfg,
    b: Block,
) -> serde_json::Map<String, Json> {
    let f = program.func(id);
    let data = cfg.block(b);
    let mut obj = serde_json::Map::new();
    obj.insert("id".into(), json!(b.0));
    obj.insert(
        "first_line".into(),
        json!(f.positions[data.start as usize].line),
    );
    obj.insert(
        "label".into(),
        f.label_at(data.start).map_or(Json::Null, |l| json!(l)),
    );
    let ids = |list: &[Block]| Json::Array(list.iter().filter_map(|&x| name_of(x, cfg)).collect());
    obj.insert("succs".into(), ids(&data.succs));
    obj.insert("preds".into(), ids(&data.preds));
    obj
}

/// The bytecode blocks' dominance frontiers, for the `dom` and `ssa`
/// stages (the pipeline places phis without them).
fn frontiers_of(ctx: &Context) -> Option<Vec<Vec<Block>>> {
    let (cfg, dom) = (ctx.cfg.as_ref()?, ctx.cfg_dom.as_ref()?);
    crate::analysis::dom::frontiers(cfg, dom, &mut Budget::unlimited()).ok()
}

fn json_of(program: &Program, id: vm::FuncId, ctx: &Context, stage: Phase) -> Json {
    let name = &program.func(id).name;
    let Some(cfg) = &ctx.cfg else {
        return Json::Null;
    };
    let frontiers = frontiers_of(ctx);
    let blocks: Vec<Json> = match (stage, &ctx.cfg_dom, &frontiers, &ctx.func) {
        (Phase::Cfg, ..) => cfg
            .bytecode_blocks()
            .map(|b| Json::Object(bytecode_block_json(program, id, cfg, b)))
            .collect(),
        (Phase::Dom | Phase::Ssa, Some(dom), Some(df), ssa) => cfg
            .bytecode_blocks()
            .map(|b| {
                let mut obj = bytecode_block_json(program, id, cfg, b);
                obj.insert(
                    "idom".into(),
                    dom.idom(b)
                        .and_then(|d| name_of(d, cfg))
                        .unwrap_or(Json::Null),
                );
                obj.insert(
                    "df".into(),
                    Json::Array(
                        df[b.index()]
                            .iter()
                            .filter_map(|&x| name_of(x, cfg))
                            .collect(),
                    ),
                );
                if let (Phase::Ssa, Some(ir)) = (stage, ssa) {
                    let f = program.func(id);
                    let mut phis: Vec<String> = ir.phi_regs[b.index()]
                        .iter()
                        .map(|&r| format!("%{}", f.reg_names[r as usize]))
                        .collect();
                    phis.sort();
                    obj.insert("phis".into(), json!(phis));
                }
                Json::Object(obj)
            })
            .collect(),
        (_, _, _, Some(ir)) => return ir_json(program, ir, ctx, stage),
        _ => Vec::new(),
    };
    let mut top = serde_json::Map::new();
    top.insert("function".into(), json!(name));
    if stage == Phase::Ssa {
        top.insert("placement".into(), json!("pruned"));
    }
    top.insert("blocks".into(), Json::Array(blocks));
    Json::Object(top)
}

fn ir_json(program: &Program, ir: &Function, ctx: &Context, stage: Phase) -> Json {
    let names = Names::new(program, ir);
    let blocks: Vec<Json> = ir
        .live_blocks()
        .map(|b| {
            let data = ir.block(b);
            json!({
                "id": b.0,
                "origin": origin_name(data.origin),
                "succs": data.succs().iter().map(|s| s.0).collect::<Vec<_>>(),
                "preds": data.preds().iter().map(|s| s.0).collect::<Vec<_>>(),
                "insts": data.insts.iter().map(|&i| inst_json(program, ir, &names, i)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let types: serde_json::Map<String, Json> = ir
        .live_blocks()
        .flat_map(|b| ir.block(b).insts.iter())
        .filter_map(|&i| ir.inst(i).result)
        .map(|v| (names.label(ir, v), json!(ir.ty(v).name())))
        .collect();
    let mut stats = serde_json::Map::new();
    stats.insert("instructions".into(), ctx.stats.instructions.into());
    for (_, count, value) in ctx.stats.all().filter(|&(p, _, _)| p <= stage) {
        stats.insert(count.json.into(), value.into());
    }
    let mut top = json!({
        "function": program.func(ir.id).name,
        "stage": stage_name(stage),
        "blocks": blocks,
        "types": types,
        "stats": stats,
    });
    let extra = |key: &str, value: Json, top: &mut Json| {
        if let Json::Object(map) = top {
            map.insert(key.into(), value);
        }
    };
    if stage >= Phase::Loops {
        extra("loops", loops_json(ctx), &mut top);
    }
    if stage >= Phase::Regalloc {
        extra("homes", homes_json(ctx, ir, &names), &mut top);
    }
    if stage >= Phase::Bounds {
        extra("versioned_loops", versioned_json(ctx, &names), &mut top);
    }
    if let (true, Some(fills)) = (stage >= Phase::Fill, &ctx.fills) {
        let fills = fills.iter().map(|fill| fill_json(fill, &names)).collect();
        extra("fills", Json::Array(fills), &mut top);
    }
    if let (true, Some(rebased)) = (stage >= Phase::Rebase, &ctx.rebased) {
        let rows = rebased
            .iter()
            .map(|r| rebase_json(ctx, r, &names))
            .collect();
        extra("rebased", Json::Array(rows), &mut top);
    }
    if let (true, Some(lockstep), Some(versioned)) =
        (stage >= Phase::Lockstep, &ctx.lockstep, &ctx.versioned)
    {
        let loops = lockstep
            .iter()
            .map(|l| {
                json!({
                    "header": versioned.get(l.lp).map(|v| v.header.0),
                    "index": names.of(l.index).to_string(),
                    "tested_on": names.of(l.by).to_string(),
                    "steps_left_out": l.steps.iter().map(|i| i.0).collect::<Vec<_>>(),
                })
            })
            .collect();
        extra("lockstep", Json::Array(loops), &mut top);
    }
    if let (true, Some(implied)) = (stage >= Phase::DedupChecks, &ctx.implied) {
        let ids: Vec<u32> = implied.iter().map(|i| i.0).collect();
        extra("implied_checks", json!(ids), &mut top);
    }
    top
}

/// Whether `dedup_checks` found `i`'s bounds check implied, at `stage`.
fn implied_at(ctx: &Context, stage: Phase, i: crate::ir::entity::Inst) -> bool {
    stage >= Phase::DedupChecks
        && ctx
            .implied
            .as_ref()
            .is_some_and(|implied| implied.binary_search(&i).is_ok())
}

fn loops_json(ctx: &Context) -> Json {
    let Some(forest) = &ctx.loops else {
        return Json::Null;
    };
    Json::Array(
        forest
            .loops()
            .map(|l| {
                let d = forest.get(l);
                json!({
                    "id": l.0,
                    "header": d.header.0,
                    "parent": d.parent.map(|p| p.0),
                    "depth": d.depth,
                    "blocks": forest.sorted_blocks(l).iter().map(|b| b.0).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

fn fill_json(fill: &Fill, names: &Names) -> Json {
    json!({
        "header": fill.header.0,
        "body": fill.body.0,
        "store": fill.store.0,
        "cells": fill_cells(fill, names),
        "value": names.of(fill.value),
    })
}

fn rebase_json(ctx: &Context, rebase: &Rebase, names: &Names) -> Json {
    json!({
        "header": loop_header(ctx, rebase),
        "bases": rebase.bases.iter().map(|&b| names.of(b).to_string()).collect::<Vec<_>>(),
        "accesses": rebase.accesses.iter().map(|a| a.inst.0).collect::<Vec<_>>(),
        "addresses_left_out": rebase.addresses.iter().map(|i| i.0).collect::<Vec<_>>(),
    })
}

/// The header of the versioned loop whose rows `rebase` indexes.
fn loop_header(ctx: &Context, rebase: &Rebase) -> Option<u32> {
    ctx.versioned
        .as_ref()
        .and_then(|v| v.get(rebase.lp))
        .map(|l| l.header.0)
}

/// The accesses of `rebase`, as `[base + index + k]` in cells.
fn rebase_text(rebase: &Rebase, names: &Names) -> String {
    let cells: Vec<String> = rebase
        .accesses
        .iter()
        .map(|a| {
            let index = a
                .index
                .map_or(String::new(), |j| format!(" + {}", names.of(j)));
            format!("{}: [{}{index} + {}]", a.inst, names.of(a.base), a.disp / 8)
        })
        .collect();
    cells.join(", ")
}

/// The cells a fill stores, from the loop's index on.
fn fill_cells(fill: &Fill, names: &Names) -> String {
    let (index, limit) = (names.of(fill.index), names.of(fill.limit));
    let addend = match fill.disp {
        0 => names.of(fill.addend).to_string(),
        d => format!("{} + {d}", names.of(fill.addend)),
    };
    format!("[{index} + {addend}, {limit} + {addend})")
}

/// A home as the assembler names it.
pub fn home_name(home: Home) -> String {
    match home {
        Home::Gpr(r) => r.to_string(),
        Home::Xmm(x) => x.to_string(),
    }
}

fn homes_json(ctx: &Context, f: &Function, names: &Names) -> Json {
    let Some(a) = &ctx.allocation else {
        return Json::Null;
    };
    let mut map = serde_json::Map::new();
    for &v in a.homed.iter() {
        if let Some(h) = a.homes[v.index()] {
            map.insert(names.label(f, v), json!(home_name(h)));
        }
    }
    Json::Object(map)
}

fn versioned_json(ctx: &Context, names: &Names) -> Json {
    let Some(versioned) = &ctx.versioned else {
        return Json::Null;
    };
    Json::Array(
        versioned
            .iter()
            .map(|l| {
                json!({
                    "header": l.header.0,
                    "blocks": l.blocks.iter().map(|b| b.0).collect::<Vec<_>>(),
                    "unchecked": l.unchecked.iter().map(|i| i.0).collect::<Vec<_>>(),
                    "direction": match l.direction {
                        Direction::Up => "up",
                        Direction::Down => "down",
                    },
                    "tested": if l.bottom_tested { "bottom" } else { "top" },
                    "inclusive": l.inclusive,
                    "guard": l.guard_text(&|v| names.of(v).to_string()),
                    "index": names.of(l.index),
                    "limit": names.of(l.limit),
                    "max_offset": l.max_offset,
                    "steps": l.steps.iter().map(|&v| names.of(v)).collect::<Vec<_>>(),
                    "bases": l.bases.iter().map(|&v| names.of(v)).collect::<Vec<_>>(),
                    "strided": l.strided.iter().map(|v| json!({
                        "value": names.of(v.value),
                        "step": names.of(v.step),
                        "max_offset": v.max_offset,
                        "after_step": v.after,
                    })).collect::<Vec<_>>(),
                    "fixed": l.fixed.iter().map(|c| json!({
                        "base": names.of(c.base),
                        "low": c.low,
                        "high": c.high,
                    })).collect::<Vec<_>>(),
                    "indexed": l.indexed,
                })
            })
            .collect(),
    )
}

/// The stage's name in dumps: the phase's, `out` for SSA destruction.
pub fn stage_name(stage: Phase) -> &'static str {
    match stage {
        Phase::OutOfSsa => "out",
        Phase::Emit => "asm",
        p => p.name(),
    }
}

fn origin_name(origin: BlockOrigin) -> &'static str {
    match origin {
        BlockOrigin::Bytecode(_) => "bytecode",
        BlockOrigin::SyntheticEntry => "synthetic-entry",
        BlockOrigin::SplitEdge => "split-edge",
        BlockOrigin::Inlined => "inlined",
        BlockOrigin::TailLoop => "tail-loop",
    }
}

/// How a dump spells values: `%REG.N` for the N-th value (from 0) SSA made
/// for bytecode register REG, a literal for a constant, `vK` for a value
/// a pass made.
pub struct Names {
    names: Vec<String>,
}

impl Names {
    pub fn new(program: &Program, f: &Function) -> Names {
        let regs = &program.func(f.id).reg_names;
        let mut versions = vec![0u32; regs.len()];
        let names = (0..f.value_count())
            .map(|k| {
                let v = Value::new(k);
                if let Some(c) = f.constant(v) {
                    return literal(c, f.ty(v));
                }
                match f.reg_of(v).filter(|&r| (r as usize) < regs.len()) {
                    Some(r) => {
                        let n = versions[r as usize];
                        versions[r as usize] += 1;
                        format!("%{}.{n}", regs[r as usize])
                    }
                    None => format!("{v}"),
                }
            })
            .collect();
        Names { names }
    }

    pub fn of(&self, v: Value) -> &str {
        &self.names[v.index()]
    }

    /// A value as the lists of types and homes name it: a constant as
    /// `vK`, whose definition says its value.
    pub fn label(&self, f: &Function, v: Value) -> String {
        match f.constant(v) {
            Some(_) => format!("{v}"),
            None => self.names[v.index()].clone(),
        }
    }
}

/// One IR instruction as a JSON object: its text, and its parts.
fn inst_json(program: &Program, f: &Function, names: &Names, i: crate::ir::entity::Inst) -> Json {
    let data = f.inst(i);
    let mut operands = Vec::new();
    data.kind
        .for_each_operand(|v| operands.push(names.of(v).to_string()));
    json!({
        "text": inst_text(program, f, names, i),
        "result": data.result.map(|r| names.label(f, r)),
        "operands": operands,
        "line": source_line(program, f, i),
        "inlined_from": data.inlined.map(|s| program.func(f.inlined[s.index()].callee).name.clone()),
    })
}

/// A constant as `.bc` would write it: a float literal for a float.
fn literal(bits: u64, ty: crate::ir::types::ValueType) -> String {
    if ty != crate::ir::types::ValueType::Float {
        return format!("{}", bits as i64);
    }
    let x = f64::from_bits(bits);
    if x.is_finite() {
        let text = format!("{x:?}");
        if text.contains(['.', 'e']) {
            text
        } else {
            format!("{text}.0")
        }
    } else {
        format!("{x}")
    }
}

/// A memory operand as `.bc` writes it: `[%b.1]`, `[%b.1+2]`, `[%b.1-2]`,
/// `[7]`; `[%b.1 + %j.0]` when both parts vary.
fn memory_operand(f: &Function, names: &Names, base: Value, offset: Value) -> String {
    let (base, offset) = match f.constant(base) {
        Some(_) if f.constant(offset).is_none() => (offset, base),
        _ => (base, offset),
    };
    match (f.constant(base), f.constant(offset)) {
        (Some(b), Some(o)) => format!("[{}]", (b as i64).wrapping_add(o as i64)),
        (None, Some(0)) => format!("[{}]", names.of(base)),
        (None, Some(o)) if (o as i64) < 0 => {
            format!("[{}-{}]", names.of(base), (o as i64).unsigned_abs())
        }
        (None, Some(o)) => format!("[{}+{}]", names.of(base), o as i64),
        _ => format!("[{} + {}]", names.of(base), names.of(offset)),
    }
}

/// One IR instruction as text: `%s.2 = add %s.1, %i.1`.
pub fn inst_text(
    program: &Program,
    f: &Function,
    names: &Names,
    i: crate::ir::entity::Inst,
) -> String {
    let data = f.inst(i);
    let v = |x: Value| names.of(x).to_string();
    let list = |args: &[Value]| args.iter().map(|&a| v(a)).collect::<Vec<_>>().join(", ");
    let body = match &data.kind {
        InstKind::Param(n) => format!("param {n}"),
        InstKind::Const(c) => format!(
            "const {}",
            literal(
                *c,
                data.result
                    .map_or(crate::ir::types::ValueType::Int, |r| f.ty(r))
            )
        ),
        InstKind::Phi(args) => {
            let preds = f.block(block_of(f, i)).preds();
            let pairs: Vec<String> = args
                .iter()
                .zip(preds)
                .map(|(a, p)| format!("[{}, {p}]", v(*a)))
                .collect();
            format!("phi {}", pairs.join(", "))
        }
        InstKind::Copy(a) => format!("copy {}", v(*a)),
        InstKind::Unary(op, a) => format!("{} {}", op.mnemonic(), v(*a)),
        InstKind::Binary(op, a, b) => format!("{} {}, {}", op.mnemonic(), v(*a), v(*b)),
        InstKind::Load(base, off) => format!("load {}", memory_operand(f, names, *base, *off)),
        InstKind::Store(base, off, x) => {
            format!("store {}, {}", memory_operand(f, names, *base, *off), v(*x))
        }
        InstKind::Call(callee, args) => {
            format!("call {}({})", program.func(*callee).name, list(args))
        }
        InstKind::InlinedCall { callee, level } => {
            format!("inlined {} (depth +{level})", program.func(*callee).name)
        }
        InstKind::CallsLeft => "calls-left".to_string(),
        InstKind::SpendCall => "spend-call".to_string(),
        InstKind::GiveBackCalls(a) => format!("give-back-calls {}", v(*a)),
        InstKind::Print(a) => format!("print {}", v(*a)),
        InstKind::PutC(a) => format!("putc {}", v(*a)),
        InstKind::FPrint(a, p) => format!("fprint {}, {p}", v(*a)),
        InstKind::PutS(s) => format!(
            "puts {:?}",
            String::from_utf8_lossy(&program.strings[*s as usize])
        ),
        InstKind::Jump(b) => format!("jmp {b}"),
        InstKind::Branch {
            op,
            args,
            taken,
            fallthrough,
        } => {
            let operands = list(condition_operands(*op, args));
            format!("{} {operands} -> {taken} else {fallthrough}", op.mnemonic())
        }
        InstKind::Ret(a) => format!("ret {}", v(*a)),
        InstKind::Select {
            op,
            args,
            then,
            otherwise,
        } => {
            let operands = list(condition_operands(*op, args));
            let (then, otherwise) = (v(*then), v(*otherwise));
            format!("select {} {operands} ? {then} : {otherwise}", op.mnemonic())
        }
    };
    match data.result {
        // A constant's definition names its value the plain way.
        Some(r) if f.constant(r).is_some() => format!("{r} = {body}"),
        Some(r) => format!("{} = {body}", v(r)),
        None => body,
    }
}

fn block_of(f: &Function, i: crate::ir::entity::Inst) -> Block {
    f.live_blocks()
        .find(|&b| f.block(b).insts.contains(&i))
        .unwrap_or(f.entry)
}

fn source_line(program: &Program, f: &Function, i: crate::ir::entity::Inst) -> Option<u32> {
    let src = f.inst(i).src;
    (src != NO_SRC).then(|| program.func(f.func_of(i)).positions[src as usize].line)
}

/// A bytecode instruction as the source would spell it, slots named.
fn bytecode_text(program: &Program, id: vm::FuncId, k: u32) -> String {
    let f = program.func(id);
    let ins = f.code[k as usize];
    let slot = |s: u32| match f.constant(s) {
        Some(c) => format!("{}", c as i64),
        None => format!("%{}", f.reg_names[s as usize]),
    };
    let mut reads = Vec::new();
    program.for_each_read(&ins, |s| reads.push(slot(s)));
    let mut parts = Vec::new();
    if ins.op.writes() {
        parts.push(slot(ins.a));
    }
    if ins.op == Op::Call {
        parts.push(program.func(vm::FuncId(ins.b)).name.clone());
    }
    parts.extend(reads);
    if let Some(t) = ins.op.target(&ins) {
        parts.push(f.label_at(t).map_or(format!("@{t}"), str::to_string));
    }
    format!("{} {}", ins.op.mnemonic(), parts.join(", "))
}

/// The line of the loop header OSR code in `ctx` is entered at, if any.
fn osr_line(program: &Program, ctx: &Context) -> Option<u32> {
    let crate::analysis::cfg::EntryPoint::Osr(pc) = ctx.entry_point else {
        return None;
    };
    Some(program.func(ctx.id).positions.get(pc as usize)?.line)
}

fn text_of(program: &Program, id: vm::FuncId, ctx: &Context, stage: Phase) -> String {
    let f = program.func(id);
    let mut s = String::new();
    let entered = osr_line(program, ctx).map_or(String::new(), |l| {
        format!(", on-stack replacement at line {l}")
    });
    let _ = writeln!(s, "function {} ({}{entered})", f.name, stage_name(stage));
    if stage >= Phase::Ssa {
        if let Some(ir) = &ctx.func {
            let names = Names::new(program, ir);
            for b in ir.live_blocks() {
                let data = ir.block(b);
                let _ = writeln!(
                    s,
                    "{b} ({}): preds {:?} succs {:?}",
                    origin_name(data.origin),
                    data.preds(),
                    data.succs()
                );
                for &i in &data.insts {
                    let line = source_line(program, ir, i)
                        .map_or(String::new(), |l| format!("    ; line {l}"));
                    let implied = implied_at(ctx, stage, i).then_some(" (check implied)");
                    let _ = writeln!(
                        s,
                        "    {}{line}{}",
                        inst_text(program, ir, &names, i),
                        implied.unwrap_or("")
                    );
                }
            }
            let floats: Vec<String> = ir
                .live_blocks()
                .flat_map(|b| ir.block(b).insts.iter())
                .filter_map(|&i| ir.inst(i).result)
                .filter(|&v| ir.ty(v) != crate::ir::types::ValueType::Int)
                .map(|v| format!("{}:{}", names.label(ir, v), ir.ty(v).name()))
                .collect();
            let _ = writeln!(s, "; types (int unless listed): {}", floats.join(" "));
            backend_text(ctx, stage, ir, &names, &mut s);
            let count = |p: Phase, name: &str| ctx.stats.count(p, name);
            let _ = writeln!(
                s,
                "; {} phis, {} values folded, {} branches resolved, {} blocks removed, {} edges split, {} copies",
                count(Phase::Ssa, "phis"),
                count(Phase::Sccp, "folded"),
                count(Phase::Sccp, "branches-resolved"),
                count(Phase::Sccp, "blocks-removed"),
                count(Phase::OutOfSsa, "edges-split"),
                count(Phase::OutOfSsa, "copies")
            );
        }
        return s;
    }
    let Some(cfg) = &ctx.cfg else {
        return s;
    };
    let frontiers = frontiers_of(ctx);
    for b in (0..cfg.len()).map(Block::new) {
        let data = cfg.block(b);
        let label = f
            .label_at(data.start)
            .filter(|_| !data.synthetic)
            .map_or(String::new(), |l| format!(" {l}:"));
        let _ = write!(
            s,
            "{b}{label} preds {:?} succs {:?}",
            data.preds, data.succs
        );
        if let (Some(dom), Some(df)) = (&ctx.cfg_dom, &frontiers) {
            let idom = dom.idom(b).map_or("-".to_string(), |d| d.to_string());
            let _ = write!(s, " idom {idom} df {:?}", df[b.index()]);
        }
        let _ = writeln!(
            s,
            "{}",
            if data.synthetic {
                " (synthetic entry)"
            } else {
                ""
            }
        );
        for k in data.start..data.end {
            let _ = writeln!(
                s,
                "    {:<32} ; line {}",
                bytecode_text(program, id, k),
                f.positions[k as usize].line
            );
        }
    }
    s
}

/// What the back end's analyses add to the IR's text: the loop forest,
/// each value's home, the versioned loops.
fn backend_text(ctx: &Context, stage: Phase, f: &Function, names: &Names, s: &mut String) {
    if let (true, Some(forest)) = (stage >= Phase::Loops, &ctx.loops) {
        for l in forest.loops() {
            let d = forest.get(l);
            let parent = d.parent.map_or("-".to_string(), |p| p.to_string());
            let _ = writeln!(
                s,
                "; {l}: header {} depth {} parent {parent} blocks {:?}",
                d.header,
                d.depth,
                forest.sorted_blocks(l)
            );
        }
    }
    if let (true, Some(a)) = (stage >= Phase::Regalloc, &ctx.allocation) {
        let homes: Vec<String> = a
            .homed
            .iter()
            .filter_map(|&v| {
                Some(format!(
                    "{}={}",
                    names.label(f, v),
                    home_name(a.homes[v.index()]?)
                ))
            })
            .collect();
        let _ = writeln!(s, "; homes: {}", homes.join(" "));
    }
    if let (true, Some(versioned)) = (stage >= Phase::Bounds, &ctx.versioned) {
        for l in versioned {
            let _ = writeln!(
                s,
                "; versioned loop at {}: blocks {:?}, unchecked {:?}, guard {}",
                l.header,
                l.blocks,
                l.unchecked,
                l.guard_text(&|v| names.of(v).to_string()),
            );
        }
    }
    if let (true, Some(fills)) = (stage >= Phase::Fill, &ctx.fills) {
        for fill in fills {
            let _ = writeln!(
                s,
                "; fill in the unchecked copy of the loop at {}: {} stores cells {} with {}",
                fill.header,
                fill.body,
                fill_cells(fill, names),
                names.of(fill.value),
            );
        }
    }
    if let (true, Some(rebased), Some(versioned)) =
        (stage >= Phase::Rebase, &ctx.rebased, &ctx.versioned)
    {
        for rebase in rebased {
            let bases: Vec<String> = rebase
                .bases
                .iter()
                .map(|&b| names.of(b).to_string())
                .collect();
            let _ = writeln!(
                s,
                "; rows from their machine addresses in the unchecked copy of the loop at {}: {}; {}",
                versioned[rebase.lp].header,
                bases.join(", "),
                rebase_text(rebase, names),
            );
        }
    }
    if let (true, Some(lockstep), Some(versioned)) =
        (stage >= Phase::Lockstep, &ctx.lockstep, &ctx.versioned)
    {
        for l in lockstep {
            let _ = writeln!(
                s,
                "; the unchecked copy of the loop at {} tests {} in place of {}, whose register holds the limit",
                versioned[l.lp].header,
                names.of(l.by),
                names.of(l.index),
            );
        }
    }
}

fn dot_escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\l")
}

fn dot_of(program: &Program, id: vm::FuncId, ctx: &Context, stage: Phase) -> String {
    let f = program.func(id);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "digraph \"{}\" {{\n    node [shape=box, fontname=monospace];",
        dot_escape(&f.name)
    );
    let edges: Vec<(Block, Block)>;
    let mut dom_edges: Vec<(Block, Block)> = Vec::new();
    match (&ctx.func, stage >= Phase::Ssa) {
        (Some(ir), true) => {
            let names = Names::new(program, ir);
            for b in ir.live_blocks() {
                let body: String = ir
                    .block(b)
                    .insts
                    .iter()
                    .map(|&i| inst_text(program, ir, &names, i) + "\n")
                    .collect();
                let _ = writeln!(s, "    {b} [label=\"{b}\\l{}\"];", dot_escape(&body));
            }
            edges = ir
                .live_blocks()
                .flat_map(|b| ir.block(b).succs().iter().map(move |&t| (b, t)))
                .collect();
            if let Ok(dom) = crate::analysis::dom::dominators(
                ir,
                &mut crate::pipeline::budget::Budget::unlimited(),
            ) {
                dom_edges = tree_edges(&dom);
            }
        }
        _ => {
            let Some(cfg) = &ctx.cfg else {
                return s;
            };
            for b in (0..cfg.len()).map(Block::new) {
                let data = cfg.block(b);
                let body: String = (data.start..data.end)
                    .map(|k| bytecode_text(program, id, k) + "\n")
                    .collect();
                let _ = writeln!(s, "    {b} [label=\"{b}\\l{}\"];", dot_escape(&body));
            }
            edges = (0..cfg.len())
                .map(Block::new)
                .flat_map(|b| cfg.succs(b).iter().map(move |&t| (b, t)))
                .collect();
            if let Some(dom) = &ctx.cfg_dom {
                dom_edges = tree_edges(dom);
            }
        }
    }
    for (a, b) in edges {
        let _ = writeln!(s, "    {a} -> {b};");
    }
    for (a, b) in dom_edges {
        let _ = writeln!(
            s,
            "    {a} -> {b} [style=dashed, color=gray, constraint=false];"
        );
    }
    s.push_str("}\n");
    s
}

fn tree_edges(dom: &DomTree) -> Vec<(Block, Block)> {
    dom.rpo
        .iter()
        .filter_map(|&b| dom.idom(b).map(|d| (d, b)))
        .collect()
}
