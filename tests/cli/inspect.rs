//! `bcvm dump` and `bcvm explore`: each stage, each format, listings.

use crate::*;

#[test]
fn dump_dom_json_is_exact() {
    let p = program("textbook_dom", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "dom", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"function\":\"main\",\"blocks\":[\
         {\"id\":0,\"first_line\":3,\"label\":null,\"succs\":[1],\"preds\":[],\"idom\":null,\"df\":[]},\
         {\"id\":1,\"first_line\":6,\"label\":\"head\",\"succs\":[3,2],\"preds\":[0,2],\"idom\":0,\"df\":[1]},\
         {\"id\":2,\"first_line\":7,\"label\":null,\"succs\":[1],\"preds\":[1],\"idom\":1,\"df\":[1]},\
         {\"id\":3,\"first_line\":11,\"label\":\"done\",\"succs\":[],\"preds\":[1],\"idom\":1,\"df\":[]}]}\n"
    );
}

#[test]
fn dump_ssa_json_lists_pruned_phis() {
    let p = program("textbook_ssa", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "ssa", "--format", "json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("{\"function\":\"main\",\"placement\":\"pruned\",\"blocks\":["),
        "{text}"
    );
    assert!(text.contains("\"id\":1,\"first_line\":6,\"label\":\"head\",\"succs\":[3,2],\"preds\":[0,2],\"idom\":0,\"df\":[1],\"phis\":[\"%i\",\"%s\"]"), "{text}");
    assert_eq!(text.matches("\"phis\":[]").count(), 3, "{text}");
}

#[test]
fn dump_hides_the_synthetic_entry() {
    let p = program(
        "loop_first",
        "func main()\ntop:\n    add %i, %i, 1\n    jlt %i, 10, top\n    ret %i\nend\n",
    );
    let out = bcvm(&["dump", &p, "--stage", "dom", "--format", "json"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"function\":\"main\",\"blocks\":[\
         {\"id\":0,\"first_line\":3,\"label\":\"top\",\"succs\":[0,1],\"preds\":[0],\"idom\":null,\"df\":[0]},\
         {\"id\":1,\"first_line\":5,\"label\":null,\"succs\":[],\"preds\":[0],\"idom\":0,\"df\":[]}]}\n"
    );
}

#[test]
fn dump_every_stage_and_format() {
    let p = program("textbook_all", TEXTBOOK);
    let stages = [
        "cfg", "dom", "ssa", "sccp", "out", "loops", "regalloc", "bounds",
    ];
    for stage in stages {
        for format in ["text", "dot", "json"] {
            // The back end's analyses have no graph of their own.
            if format == "dot" && ["loops", "regalloc", "bounds"].contains(&stage) {
                continue;
            }
            let out = bcvm(&["dump", &p, "--stage", stage, "--format", format]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{stage} {format}: {}",
                stderr(&out)
            );
            let text = String::from_utf8_lossy(&out.stdout);
            match format {
                "dot" => {
                    assert!(
                        text.starts_with("digraph") && text.contains("b2 -> b1;"),
                        "{text}"
                    );
                    // The dominator tree exists from the dom stage on.
                    assert_eq!(
                        text.contains("b1 -> b2 [style=dashed"),
                        stage != "cfg",
                        "{text}"
                    );
                }
                "json" => assert!(
                    text.starts_with("{\"function\":\"main\"") && text.lines().count() == 1,
                    "{text}"
                ),
                _ => assert!(
                    text.starts_with(&format!("function main ({stage})")),
                    "{text}"
                ),
            }
        }
    }
    let missing = bcvm(&["dump", &p, "--func", "nope", "--stage", "cfg"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing),
        format!("{p}: error: no function `nope`\n")
    );
}

#[test]
fn dump_asm_heads_code_with_bytecode_lines() {
    let p = program("asm_me", TEXTBOOK);
    let out = bcvm(&["dump", &p, "--stage", "asm"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("function main (asm, "), "{text}");
    for heading in [
        "; line 6: jge",
        "; line 7: add",
        "; line 11: print",
        "; line 12: ret",
    ] {
        assert!(text.contains(heading), "{heading} missing:\n{text}");
    }
    assert!(text.contains("push rbp") && text.contains("ret"), "{text}");
}

#[test]
fn the_back_ends_phases_are_traced_and_dumped() {
    let p = program("backend_phases", TEXTBOOK);
    let out = bcvm(&[
        "run",
        "--tier",
        "jit",
        "--verify-ir",
        "--trace-compile",
        &p,
        "10",
    ]);
    assert_eq!(out.stdout, b"45\n");
    let trace = stderr(&out);
    for phase in ["loops=", "regalloc=", "bounds=", "emit="] {
        assert!(trace.contains(phase), "{phase} missing: {trace}");
    }
    assert!(trace.ends_with("outcome=ok\n"), "{trace}");
    // Each value's home, after register allocation.
    let out = bcvm(&["dump", &p, "--stage", "regalloc"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("; homes: "), "{text}");
    assert!(text.contains("=rsi"), "{text}");
    let out = bcvm(&["dump", &p, "--stage", "loops"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("loop0: header b1 depth 1"), "{text}");
    let out = bcvm(&["dump", &p, "--stage", "regalloc", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        json["homes"].as_object().is_some_and(|h| !h.is_empty()),
        "{json}"
    );
    // A format a stage does not have is an error, not ignored.
    let out = bcvm(&["dump", &p, "--stage", "asm", "--format", "dot"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("has no dot format"),
        "{}",
        stderr(&out)
    );
}

/// `dump --stage asm` names the runtime helpers it calls and the code that
/// is no bytecode instruction's (entries, stubs), and shows the
/// on-stack-replacement code of a loop with `--osr-line`.
#[test]
fn asm_dumps_name_helpers_and_stubs_and_show_osr_code() {
    let p = program(
        "asm_names",
        "func main(%n)\n    mov %i, 0\nloop:\n    jge %i, %n, done\n    div %q, 100, %i\n    print %q\n    add %i, %i, 1\n    jmp loop\ndone:\n    ret 0\nend\n",
    );
    assert_contains_all(
        &dump_text(&p, "asm"),
        &[
            "; internal entry (compiled callers)",
            "; trap: division by zero at line 5",
            "; external entry (from the interpreter)",
            "call rax  ; jit_print",
            "  ; glue: division by zero through jit_trap",
            "  ; glue: the entry from the interpreter",
        ],
    );
    let glue = dump_text_with(&p, &["--glue"]);
    assert_contains_all(
        &glue,
        &[
            "glue (",
            "; the entry from the interpreter",
            "; a call, 1 in registers",
            "call rax  ; jit_call",
            "; division by zero through jit_trap",
        ],
    );
    let not_asm = bcvm(&["dump", &p, "--stage", "ssa", "--glue"]);
    assert_eq!(not_asm.status.code(), Some(2));
    assert!(stderr(&not_asm).contains("--glue goes with --stage asm"));
    let osr = bcvm(&[
        "dump",
        &p,
        "--stage",
        "asm",
        "--func",
        "main",
        "--osr-line",
        "4",
    ]);
    assert_eq!(osr.status.code(), Some(0), "{}", stderr(&osr));
    let head = String::from_utf8_lossy(&osr.stdout);
    assert!(
        head.starts_with("function main (asm, on-stack replacement at line 4,"),
        "{head}"
    );
    let not_a_loop = bcvm(&[
        "dump",
        &p,
        "--stage",
        "asm",
        "--func",
        "main",
        "--osr-line",
        "5",
    ]);
    assert_eq!(not_a_loop.status.code(), Some(2));
    assert!(stderr(&not_a_loop).contains("line 5 of main is no loop header"));
}

/// `--osr-line` at an IR stage shows the graph OSR code is compiled from:
/// entered at an inner loop, it holds a copy of that loop, run to its end
/// once, besides the function's own two loops.
#[test]
fn osr_dumps_show_the_copies_of_the_loops_around_the_entry() {
    let p = program(
        "osr_nest",
        "func main(%n)\n    mov %i, 0\nouter:\n    jge %i, %n, done\n    mov %j, 0\ninner:\n    jge %j, %n, next\n    add %j, %j, 1\n    jmp inner\nnext:\n    add %i, %i, 1\n    jmp outer\ndone:\n    ret 0\nend\n",
    );
    let dump = |stage: &str, extra: &[&str]| {
        let mut args = vec!["dump", &p, "--stage", stage, "--func", "main"];
        args.extend_from_slice(extra);
        let out = bcvm(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let entered = dump("loops", &["--osr-line", "7"]);
    assert!(
        entered.starts_with("function main (loops, on-stack replacement at line 7)"),
        "{entered}"
    );
    let count = |text: &str| text.lines().filter(|l| l.starts_with("; loop")).count();
    assert_eq!(count(&dump("loops", &[])), 2);
    assert_eq!(count(&entered), 3, "{entered}");
    let json = dump("loops", &["--osr-line", "7", "--format", "json"]);
    assert!(json.contains("\"osr_line\":7"), "{json}");
    assert!(!dump("loops", &["--format", "json"]).contains("osr_line"));
    let no_peel = bcvm(&["run", "--no-osr-peel", &p, "3"]);
    assert_eq!(no_peel.status.code(), Some(0), "{}", stderr(&no_peel));
}

/// IR dumps read like `.bc`: values named by the register they came from
/// (`%s.1`), constants as literals (floats as float literals), memory
/// operands as `[%p.0+1]`; JSON lists instructions as objects.
#[test]
fn ir_dumps_use_bc_syntax() {
    let p = program(
        "bc_syntax",
        ".memory 8\nfunc main(%p)\n    load %a, [%p+1]\n    itof %x, %a\n    fadd %x, %x, 2.5\n    fprint %x, 2\n    store [%p-1], %a\n    ret 0\nend\n",
    );
    assert_contains_all(
        &dump_text(&p, "sccp"),
        &[
            "%a.0 = load [%p.0+1]",
            "%x.1 = fadd %x.0, 2.5",
            "const 2.5",
            "store [%p.0-1], %a.0",
        ],
    );
    let json = bcvm(&["dump", &p, "--stage", "sccp", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    let insts = doc["blocks"][0]["insts"].as_array().expect("insts");
    let load = insts
        .iter()
        .find(|i| i["text"].as_str().is_some_and(|t| t.contains("load")))
        .expect("the load");
    assert_eq!(load["result"], "%a.0");
    assert_eq!(load["operands"], serde_json::json!(["%p.0", "1"]));
    assert_eq!(load["line"], 3);
}

/// `bcvm dump FILE --stage STAGE`, which must succeed, as text.
fn dump_text(file: &str, stage: &str) -> String {
    let out = bcvm(&["dump", file, "--stage", stage]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `bcvm dump FILE --stage asm` with `flags`, which must succeed, as text.
fn dump_text_with(file: &str, flags: &[&str]) -> String {
    let out = bcvm(&[&["dump", file, "--stage", "asm"], flags].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn assert_contains_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}

/// The headless browser the explore page's test uses, if one is installed.
fn browser() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok())
}

/// Loads `page` in the headless browser with `?selftest`, which hovers a
/// bytecode row, then a machine-code row of the same line, and shows
/// every IR stage; returns what the page said it saw.
fn explore_selftest(browser: &str, page: &std::path::Path) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            &format!("file://{}?selftest", page.display()),
        ])
        .output()
        .expect("run the browser");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let start = dom
        .find("<pre id=\"selftest\">")
        .expect("the page ran its self-test");
    let rest = &dom[start + "<pre id=\"selftest\">".len()..];
    rest[..rest.find("</pre>").expect("closed")].to_string()
}

/// `bcvm explore` writes one page with no network resources; in a real
/// browser, hovering a bytecode line lights up its IR and machine code and
/// the other way round, every IR stage renders, and a page of a thousand
/// functions loads the same way.
#[test]
fn the_explore_page_links_the_columns_in_a_browser() {
    let dir = std::env::temp_dir().join(format!("bcvm-explore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fib = dir.join("fib.html");
    let out = bcvm(&[
        "explore",
        "programs/fib.bc",
        "-o",
        fib.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&fib).expect("the page");
    assert!(html.starts_with("<!doctype html>"));
    for remote in ["http:", "https:", "src=", "href="] {
        assert!(!html.contains(remote), "{remote}");
    }
    let mut many = String::new();
    for i in 0..1000 {
        many.push_str(&format!(
            "func f{i}(%x)\n    mov %i, 0\nloop:\n    mul %t, %i, {i}\n    add %x, %x, %t\n    add %i, %i, 1\n    jlt %i, 10, loop\n    ret %x\nend\n"
        ));
    }
    many.push_str("func main()\n    call %r, f1, 1\n    print %r\n    ret 0\nend\n");
    let many_bc = program("explore_many", &many);
    let many_page = dir.join("many.html");
    let out = bcvm(&[
        "explore",
        &many_bc,
        "-o",
        many_page.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let Some(browser) = browser() else {
        eprintln!("no chromium installed: the explore page is not checked in a browser");
        return;
    };
    let seen = explore_selftest(browser, &fib);
    assert!(
        seen.starts_with(
            "selftest ok function=fib line=2 lit=1,3,13 back=1,3,13 stages=cfg:11,dom:11,"
        ),
        "{seen}"
    );
    assert!(seen.contains(" functions=2 "), "{seen}");
    let seen = explore_selftest(browser, &many_page);
    assert!(seen.starts_with("selftest ok function=f0 "), "{seen}");
    assert!(seen.contains(" functions=1001 "), "{seen}");
}

#[test]
fn explore_refuses_what_it_cannot_do() {
    let out = bcvm(&["explore", "programs/fib.bc", "--func", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), "programs/fib.bc: error: no function `nope`\n");
    let out = bcvm(&[
        "explore",
        "programs/fib.bc",
        "-o",
        "/nonexistent/dir/page.html",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "/nonexistent/dir/page.html: error: cannot write the page: No such file or directory\n"
    );
    let out = bcvm(&["explore", "programs/fib.bc", "--func", "main"]);
    assert_eq!(out.status.code(), Some(0));
    let html = String::from_utf8_lossy(&out.stdout);
    assert!(html.contains("id=\"f0\"") && !html.contains("id=\"f1\""));
}
