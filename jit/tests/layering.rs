//! No module of `vm` or `jit` imports, directly or through others, a
//! module that imports it back: the code reads in layers (the IR, then
//! analyses, passes, the pipeline, the back end, the drivers, the tools).
//!
//! A module's imports are the `crate::a::b` and `super::b` paths its text
//! names, comments included (its test module left out), each resolved to
//! the longest module path it starts with; a module naming its own
//! ancestor is not counted (a child may use what its parent declares).
//! `../shared/tools/import-cycles.py` counts the same way.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module path (`a::b`) -> source, for every `.rs` file under `root`.
fn modules(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path
                .strip_prefix(root)
                .expect("under the root")
                .with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).expect("readable source");
            out.insert(parts.join("::"), code_of(&text));
        }
    }
    out
}

/// `text` without its test module. Comments count: a doc that cites
/// `crate::x` ties the file to `x` for a reader as much as a `use` does
/// (the project's `import-cycles.py` counts them too).
fn code_of(text: &str) -> String {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_string(),
        None => text.to_string(),
    }
}

/// The module `path` names: its longest prefix that is a module.
fn resolve<'a>(mods: &'a BTreeMap<String, String>, path: &str) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .find_map(|k| mods.get_key_value(&parts[..k].join("::")).map(|(m, _)| m))
}

/// Every `crate::...` path in `code`, and every `super::...` path as the
/// `crate::` one it means in module `module`, grouped imports expanded.
fn paths(code: &str, module: &str) -> Vec<String> {
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
    let absolute = match parent {
        "" => code.replace("super::", "crate::"),
        p => code.replace("super::", &format!("crate::{p}::")),
    };
    let mut out = Vec::new();
    let mut rest = absolute.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let head = rest[..end].trim_end_matches(':');
        if rest[end..].starts_with('{') && (head.is_empty() || rest[..end].ends_with("::")) {
            let close = rest[end..].find('}').map_or(rest.len(), |c| end + c);
            for item in rest[end + 1..close].split(',') {
                let item = item.split_whitespace().next().unwrap_or("");
                match (item, head.is_empty()) {
                    ("" | "self", _) => {}
                    (item, true) => out.push(item.to_string()),
                    (item, false) => out.push(format!("{head}::{item}")),
                }
            }
            out.push(head.to_string());
        } else {
            out.push(head.to_string());
        }
    }
    out
}

/// The cycles (strongly connected components of more than one module).
fn cycles(root: &Path) -> Vec<Vec<String>> {
    let mods = modules(root);
    let mut edges: BTreeMap<&String, BTreeSet<&String>> = BTreeMap::new();
    for (m, code) in &mods {
        let targets = edges.entry(m).or_default();
        for path in paths(code, m) {
            if let Some(t) = resolve(&mods, &path) {
                let ancestor = m.starts_with(&format!("{t}::")) || t.is_empty();
                if t != m && !ancestor {
                    targets.insert(t);
                }
            }
        }
    }
    // Two modules are in one cycle when each reaches the other.
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(m) = stack.pop() {
            for &t in edges.get(m).into_iter().flatten() {
                if seen.insert(t) {
                    stack.push(t);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<&String>> =
        mods.keys().map(|m| (m, reach(m))).collect();
    let mut found: Vec<Vec<String>> = Vec::new();
    for m in mods.keys() {
        let component: Vec<String> = mods
            .keys()
            .filter(|t| reached[m].contains(t) && reached[t].contains(m))
            .cloned()
            .collect();
        if component.len() > 1 && !found.contains(&component) {
            found.push(component);
        }
    }
    found
}

#[test]
fn no_import_cycle_in_vm_or_jit() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["vm", "jit"] {
        let found = cycles(&workspace.join(krate).join("src"));
        assert!(
            found.is_empty(),
            "{krate}: modules importing each other: {found:?}"
        );
    }
}

/// The check sees a cycle where there is one.
#[test]
fn a_cycle_is_found() {
    let dir = std::env::temp_dir().join(format!("bcvm-layering-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).expect("a folder");
    std::fs::write(dir.join("lib.rs"), "pub mod a;\npub mod b;\n").expect("writes");
    std::fs::write(dir.join("a/mod.rs"), "use crate::b::B;\npub struct A;\n").expect("writes");
    std::fs::write(dir.join("b.rs"), "use crate::{a::A};\npub struct B;\n").expect("writes");
    std::fs::write(dir.join("a/c.rs"), "use super::d::D;\npub struct C;\n").expect("writes");
    std::fs::write(dir.join("a/d.rs"), "use super::c::C;\npub struct D;\n").expect("writes");
    std::fs::write(
        dir.join("a/mod.rs"),
        "pub mod c;\npub mod d;\nuse crate::b::B;\n",
    )
    .expect("writes");
    let found = cycles(&dir);
    assert!(
        found.contains(&vec!["a".to_string(), "b".to_string()]),
        "{found:?}"
    );
    assert!(
        found.contains(&vec!["a::c".to_string(), "a::d".to_string()]),
        "{found:?}"
    );
    std::fs::remove_dir_all(&dir).expect("cleans up");
}
