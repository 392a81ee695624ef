//! Instruction-level mutations of `.bc` programs, driven by a fuzzer's
//! bytes (the `mutate` fuzz target): the programs of `programs/` and
//! `benches/bc/` are real shapes (loops the optimizer knows, calls it
//! inlines, bounds it proves), and small edits to them reach corners a
//! generator does not, where raw-text mutation mostly makes programs that
//! do not parse. An edit works on one instruction line at a time:
//! deleting, duplicating or swapping lines, replacing a register by
//! another of the same function, an integer by an interesting one, or a
//! mnemonic by another taking the same operands. The result need not
//! load (a swap may cross a function's end); what loads is run.
//!
//! Each edit takes three bytes: which edit, and two numbers it reads as
//! line positions or choices; the first byte of the input picks the
//! program.

/// At most this many edits per input.
pub const MAX_EDITS: usize = 16;

/// Mnemonics interchangeable with each other: each group takes the same
/// operands.
const GROUPS: &[&[&str]] = &[
    &[
        "add", "sub", "mul", "div", "rem", "and", "or", "xor", "shl", "shr", "ushr",
    ],
    &["jlt", "jle", "jgt", "jge", "jeq", "jne"],
    &["lt", "le", "gt", "ge", "eq", "ne"],
    &["fadd", "fsub", "fmul", "fdiv"],
    &["flt", "fle", "fgt", "fge", "feq", "fne"],
    &["jz", "jnz"],
];

/// Integers worth trying: the edges of division, shifts and bounds.
const INTERESTING: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "63",
    "64",
    "65",
    "127",
    "128",
    "-9223372036854775808",
    "9223372036854775807",
    "4294967296",
];

/// `text` edited by `edits` (three bytes an edit, at most `MAX_EDITS`).
pub fn mutate(text: &str, edits: &[u8]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for edit in edits.chunks_exact(3).take(MAX_EDITS) {
        apply(&mut lines, edit[0], edit[1] as usize, edit[2] as usize);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Whether `line` holds an instruction (indented, not a label, comment or
/// directive).
fn is_instruction(line: &str) -> bool {
    let t = line.trim_start();
    line.starts_with(char::is_whitespace)
        && !t.is_empty()
        && !t.starts_with(';')
        && !t.ends_with(':')
}

/// The index of the `n`th instruction line, counting round.
fn instruction(lines: &[String], n: usize) -> Option<usize> {
    let at: Vec<usize> = (0..lines.len())
        .filter(|&k| is_instruction(&lines[k]))
        .collect();
    (!at.is_empty()).then(|| at[n % at.len()])
}

fn apply(lines: &mut Vec<String>, kind: u8, a: usize, b: usize) {
    let Some(i) = instruction(lines, a) else {
        return;
    };
    match kind % 6 {
        0 => {
            lines.remove(i);
        }
        1 => {
            let copy = lines[i].clone();
            let at = instruction(lines, b).unwrap_or(i);
            lines.insert(at + 1, copy);
        }
        2 => {
            let j = instruction(lines, b).unwrap_or(i);
            lines.swap(i, j);
        }
        3 => replace_register(lines, i, b),
        4 => replace_integer(&mut lines[i], b),
        _ => replace_mnemonic(&mut lines[i], b),
    }
}

/// The operands of an instruction line: its words after the mnemonic.
fn words(line: &str) -> Vec<&str> {
    let code = line.split(';').next().unwrap_or("");
    code.split([' ', ',', '\t'])
        .filter(|w| !w.is_empty())
        .collect()
}

/// Replaces one register of line `i` by another register of its function
/// (the lines from the last `func` before it).
fn replace_register(lines: &mut [String], i: usize, choice: usize) {
    let start = (0..=i)
        .rev()
        .find(|&k| lines[k].starts_with("func"))
        .unwrap_or(0);
    let end = (i..lines.len())
        .find(|&k| lines[k].trim() == "end")
        .unwrap_or(lines.len());
    let mut registers: Vec<String> = lines[start..end]
        .iter()
        .flat_map(|l| {
            words(l)
                .into_iter()
                .filter(|w| w.starts_with('%'))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    registers.sort();
    registers.dedup();
    let own: Vec<String> = words(&lines[i])
        .into_iter()
        .filter(|w| w.starts_with('%'))
        .map(str::to_string)
        .collect();
    if own.is_empty() || registers.is_empty() {
        return;
    }
    let from = &own[choice % own.len()];
    let to = &registers[(choice / 7) % registers.len()];
    lines[i] = replace_word(&lines[i], from, to);
}

/// Replaces one integer operand of `line` by an interesting one.
fn replace_integer(line: &mut String, choice: usize) {
    let numbers: Vec<String> = words(line)
        .into_iter()
        .skip(1)
        .filter(|w| w.parse::<i64>().is_ok())
        .map(str::to_string)
        .collect();
    if numbers.is_empty() {
        return;
    }
    let from = &numbers[choice % numbers.len()];
    let to = INTERESTING[(choice / 3) % INTERESTING.len()];
    *line = replace_word(line, from, to);
}

/// Replaces the mnemonic of `line` by another of its group.
fn replace_mnemonic(line: &mut String, choice: usize) {
    let Some(&mnemonic) = words(line).first() else {
        return;
    };
    let Some(group) = GROUPS.iter().find(|g| g.contains(&mnemonic)) else {
        return;
    };
    let to = group[choice % group.len()];
    *line = replace_word(line, mnemonic, to);
}

/// `line` with its first whole-word occurrence of `from` made `to`.
fn replace_word(line: &str, from: &str, to: &str) -> String {
    let bytes = line.as_bytes();
    let boundary = |k: usize| {
        k >= bytes.len()
            || !(bytes[k].is_ascii_alphanumeric()
                || bytes[k] == b'_'
                || bytes[k] == b'%'
                || bytes[k] == b'-')
    };
    let mut at = 0;
    while let Some(found) = line[at..].find(from) {
        let k = at + found;
        let before_ok = k == 0 || boundary(k - 1);
        if before_ok && boundary(k + from.len()) {
            return format!("{}{}{}", &line[..k], to, &line[k + from.len()..]);
        }
        at = k + from.len();
    }
    line.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIB: &str = "func main(%n)\n    mov %a, 0\n    mov %b, 1\nloop:\n    add %t, %a, %b\n    mov %a, %b\n    mov %b, %t\n    sub %n, %n, 1\n    jgt %n, 0, loop\n    print %a\n    ret 0\nend\n";

    #[test]
    fn no_edits_keep_the_program() {
        assert_eq!(mutate(FIB, &[]), FIB);
    }

    #[test]
    fn each_edit_changes_one_instruction_line() {
        // Delete the first instruction.
        assert!(!mutate(FIB, &[0, 0, 0]).contains("mov %a, 0"));
        // Duplicate the fourth after the fourth.
        assert_eq!(mutate(FIB, &[1, 3, 3]).matches("mov %a, %b").count(), 2);
        // The mnemonic of the third instruction (`add`), to another of its
        // group; an integer of the second (1) to an interesting one.
        let m = mutate(FIB, &[5, 2, 1]);
        assert!(m.contains("    sub %t, %a, %b"), "{m}");
        let m = mutate(FIB, &[4, 1, 3]);
        assert!(
            m.contains("    mov %b, 1\n") || m.contains("    mov %b, -1\n"),
            "{m}"
        );
        // Labels and the function's lines stay.
        for edits in [[0u8, 9, 9], [2, 1, 5], [3, 4, 11]] {
            let m = mutate(FIB, &edits);
            assert!(
                m.starts_with("func main(%n)\n") && m.contains("loop:\n") && m.ends_with("end\n"),
                "{m}"
            );
        }
    }

    #[test]
    fn a_register_is_replaced_by_one_of_its_function() {
        let m = mutate(FIB, &[3, 3, 8]);
        let line = m.lines().nth(5).expect("a line");
        assert_ne!(line, "    mov %a, %b");
        assert!(line.starts_with("    mov %"), "{m}");
    }

    #[test]
    fn the_groups_and_the_fuzz_dictionary_name_the_mnemonics_of_the_spec() {
        let all: Vec<&str> = vm::bytecode::MNEMONICS.iter().map(|m| m.0).collect();
        for name in GROUPS.iter().flat_map(|g| g.iter()) {
            assert!(all.contains(name), "{name}");
        }
        let dict = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/bc.dict"))
            .expect("the dictionary");
        for name in all {
            assert!(
                dict.contains(&format!("=\"{name} \"")),
                "{name} is not in fuzz/bc.dict"
            );
        }
    }

    #[test]
    fn words_are_replaced_whole() {
        assert_eq!(
            replace_word("    add %a1, %a, 1", "%a", "%b"),
            "    add %a1, %b, 1"
        );
        assert_eq!(replace_word("    mov %x, 10", "1", "7"), "    mov %x, 10");
    }
}
