//! `bcvm explore`: one self-contained HTML page showing, per function, its
//! `.bc` source, the IR after each phase (a selector) and the machine code
//! side by side, every row tagged with the `.bc` line it came from, so
//! hovering a row lights up what that line became in every column (one
//! colour per line); above them, the compile's counts and its per-phase
//! times as a bar. The idea is Wasmtime's `explore` and Compiler
//! Explorer's line colouring.
//!
//! Each function's data is its own JSON island in the page, parsed only
//! when the function is shown, so a page of a thousand functions opens as
//! fast as its list.

use crate::pipeline::context::{Context, Options};
use crate::pipeline::phase::Phase;
use crate::tools::disasm;
use crate::tools::dump::{self, Format};
use serde_json::{json, Value as Json};
use vm::{FuncId, Program};

const TEMPLATE: &str = include_str!("explore.html");

/// The page for `ids` of `program`, loaded from `file` whose text is
/// `source`.
pub fn page(program: &Program, file: &str, source: &str, ids: &[FuncId]) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let index: Vec<Json> = ids
        .iter()
        .map(|&id| json!({ "name": program.func(id).name }))
        .collect();
    let mut islands = String::new();
    for (n, &id) in ids.iter().enumerate() {
        let data = function(program, &lines, id);
        islands.push_str(&format!(
            "<script type=\"application/json\" id=\"f{n}\">{}</script>\n",
            island(&data)
        ));
    }
    let head = json!({ "file": file, "functions": index });
    TEMPLATE
        .replace("/*INDEX*/", &island(&head))
        .replace("<!--FUNCTIONS-->", &islands)
}

/// JSON safe inside a `<script>` element: `<` appears only in strings,
/// where `\u003c` means the same.
fn island(data: &Json) -> String {
    data.to_string().replace('<', "\\u003c")
}

/// One function's data: its source lines, the IR after each phase, the
/// machine code and the compile's counts and times.
fn function(program: &Program, source: &[&str], id: FuncId) -> Json {
    let f = program.func(id);
    let first = f.pos.line;
    let last = end_line(source, first);
    let bytecode: Vec<Json> = (first..=last)
        .map(|line| json!([line, source.get(line as usize - 1).copied().unwrap_or("")]))
        .collect();
    let (stages, stage_error) = stages(program, id);
    let mut data = json!({
        "name": f.name,
        "bytecode": bytecode,
        "stages": stages,
    });
    match disasm::compiled(program, id, None, Options::default()) {
        Ok(ctx) => {
            data["trace"] = trace(&ctx);
            if let Some(code) = &ctx.code {
                let rows: Vec<Json> = disasm::rows(program, id, code)
                    .into_iter()
                    .map(|r| json!([r.line, r.text]))
                    .collect();
                data["asm"] = Json::Array(rows);
            }
        }
        Err(e) => {
            data["error"] = json!(e.to_string());
        }
    }
    if let Some(e) = stage_error {
        data["error"] = json!(e);
    }
    data
}

/// The line of the `end` closing the function declared on `first`.
fn end_line(source: &[&str], first: u32) -> u32 {
    (first as usize..source.len())
        .find(|&i| source[i].split_whitespace().next() == Some("end"))
        .map_or(source.len() as u32, |i| i as u32 + 1)
}

/// The text dump after each phase before the machine code, as rows, and
/// the error that stopped them, if one did.
fn stages(program: &Program, id: FuncId) -> (Json, Option<String>) {
    let mut ctx = Context::new(
        program,
        id,
        Options::verified(),
        crate::pipeline::budget::Budget::unlimited(),
    );
    let mut stages = Vec::new();
    for phase in Phase::ALL.into_iter().filter(|&p| p != Phase::Emit) {
        if let Err(e) = ctx.run(phase) {
            return (Json::Array(stages), Some(e.to_string()));
        }
        let text = dump::dump(program, &ctx, phase, Format::Text);
        let rows: Vec<Json> = text
            .lines()
            .skip(1)
            .map(|row| json!([line_of(row), row]))
            .collect();
        stages.push(json!({ "name": dump::stage_name(phase), "rows": rows }));
    }
    (Json::Array(stages), None)
}

/// The `.bc` line a dump row names at its end (`... ; line 4`).
fn line_of(row: &str) -> Option<u32> {
    let (_, n) = row.rsplit_once("; line ")?;
    n.trim().parse().ok()
}

/// What `--trace-compile` says of a compile that succeeded: its counts
/// and per-phase times in microseconds.
fn trace(ctx: &Context) -> Json {
    let s = &ctx.stats;
    let mut counts = vec![json!(["instrs", s.instructions])];
    for (_, count, value) in s.all().filter(|(_, c, _)| c.traced) {
        counts.push(json!([count.name, value]));
    }
    counts.push(json!(["bytes", s.code_bytes]));
    let times: Vec<Json> = Phase::ALL
        .iter()
        .map(|&p| json!([p.name(), ctx.times[p as usize].as_secs_f64() * 1e6]))
        .collect();
    json!({
        "counts": counts,
        "times": times,
        "outcome": "ok",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PROGRAM: &str = "func sq(%x)\n    mul %x, %x, %x\n    ret %x\nend\n\nfunc main()\n    call %r, sq, 7\n    print %r\n    ret 0\nend\n";

    #[test]
    fn rows_carry_their_bc_line() {
        assert_eq!(line_of("    %x.1 = mul %x.0, %x.0    ; line 2"), Some(2));
        assert_eq!(line_of("    jmp b2"), None);
        assert_eq!(line_of("b0 preds [] succs []"), None);
    }

    #[test]
    fn a_function_spans_its_declaration_to_its_end() {
        let source: Vec<&str> = PROGRAM.lines().collect();
        assert_eq!(end_line(&source, 1), 4);
        assert_eq!(end_line(&source, 6), 10);
    }

    /// Each column tags its rows with lines of the function: the source
    /// from `func` to `end`, the IR after every phase but `emit`, the
    /// machine code; and the page embeds one island per function.
    #[test]
    fn every_column_links_rows_to_lines() {
        let program = vm::load(PROGRAM.as_bytes()).expect("loads");
        let source: Vec<&str> = PROGRAM.lines().collect();
        let data = function(&program, &source, FuncId(1));
        assert_eq!(data["name"], "main");
        let lines = |rows: &Json| -> Vec<u64> {
            let mut v: Vec<u64> = rows
                .as_array()
                .expect("rows")
                .iter()
                .filter_map(|r| r[0].as_u64())
                .collect();
            v.sort();
            v.dedup();
            v
        };
        assert_eq!(lines(&data["bytecode"]), [6, 7, 8, 9, 10]);
        let stages = data["stages"].as_array().expect("stages");
        assert_eq!(stages.len(), Phase::COUNT - 1);
        assert_eq!(stages[0]["name"], "cfg");
        assert_eq!(lines(&stages[0]["rows"]), [7, 8, 9]);
        // sq inlined: its line 2 appears in the inline stage.
        assert_eq!(stages[4]["name"], "inline");
        assert!(lines(&stages[4]["rows"]).contains(&2));
        assert!(lines(&data["asm"]).contains(&8));
        assert_eq!(data["trace"]["outcome"], "ok");
        assert_eq!(data["trace"]["counts"][0], json!(["instrs", 3]));
        let html = page(&program, "p</script>.bc", PROGRAM, &[FuncId(0), FuncId(1)]);
        assert!(html.contains("id=\"f0\"") && html.contains("id=\"f1\""));
        assert!(!html.contains("p</script>.bc"));
    }
}
