//! Test-case reduction: deletes lines of a program (whole functions, then
//! whole blocks, then ever smaller runs of lines, down to single lines)
//! for as long as the program stays interesting, until no single line can
//! go. This is Zeller and Hildebrandt's ddmin ("Simplifying and Isolating
//! Failure-Inducing Input", TSE 2002) on lines, seeded with the program's
//! own structure so that big, meaningful pieces are tried first.
//!
//! The caller's test decides what "interesting" means (for `bcvm fuzz`:
//! it loads, and the tiers disagree); deletions that stop the program
//! loading simply fail that test.

/// Reduces `text` while `interesting` holds; `interesting(text)` must hold
/// on entry. The result is 1-minimal: deleting any one of its lines makes
/// it uninteresting.
pub fn reduce(text: &str, mut interesting: impl FnMut(&str) -> bool) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    loop {
        let before = lines.len();
        for spans in [functions(&lines), blocks(&lines)] {
            lines = delete_spans(lines, spans, &mut interesting);
        }
        lines = ddmin(lines, &mut interesting);
        if lines.len() == before {
            return join(&lines);
        }
    }
}

fn join(lines: &[String]) -> String {
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// Tries to delete each span (a range of line indices), last first so that
/// earlier spans keep their indices.
fn delete_spans(
    mut lines: Vec<String>,
    mut spans: Vec<std::ops::Range<usize>>,
    interesting: &mut impl FnMut(&str) -> bool,
) -> Vec<String> {
    spans.sort_by_key(|s| std::cmp::Reverse(s.start));
    for span in spans {
        if span.end > lines.len() {
            continue;
        }
        let mut candidate = lines.clone();
        candidate.drain(span);
        if interesting(&join(&candidate)) {
            lines = candidate;
        }
    }
    lines
}

/// Deletes runs of `chunk` lines, halving `chunk` down to 1.
fn ddmin(mut lines: Vec<String>, interesting: &mut impl FnMut(&str) -> bool) -> Vec<String> {
    let mut chunk = (lines.len() / 2).max(1);
    loop {
        let mut start = lines.len().saturating_sub(chunk);
        loop {
            let end = (start + chunk).min(lines.len());
            let mut candidate = lines.clone();
            candidate.drain(start..end);
            if interesting(&join(&candidate)) {
                lines = candidate;
            }
            if start == 0 {
                break;
            }
            start = start.saturating_sub(chunk);
        }
        if chunk == 1 {
            return lines;
        }
        chunk /= 2;
    }
}

fn keyword(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// `func` ... `end` spans, `main` included (the test rejects what breaks).
fn functions(lines: &[String]) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut open = None;
    for (k, line) in lines.iter().enumerate() {
        match keyword(line) {
            "func" => open = Some(k),
            "end" => {
                if let Some(start) = open.take() {
                    spans.push(start..k + 1);
                }
            }
            _ => {}
        }
    }
    spans
}

/// Basic blocks as the text shows them: from a label, or from the line
/// after a jump, up to the next label or jump.
fn blocks(lines: &[String]) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut start = None;
    for (k, line) in lines.iter().enumerate() {
        let word = keyword(line);
        let is_label = word.ends_with(':');
        let is_jump = word.starts_with('j') || word == "ret";
        if is_label || word == "end" || word == "func" {
            if let Some(s) = start.take() {
                spans.push(s..k);
            }
        }
        if word == "func" {
            start = Some(k + 1);
        } else if is_label {
            start = Some(k);
        } else if is_jump {
            if let Some(s) = start.take() {
                spans.push(s..k + 1);
            }
            start = Some(k + 1);
        }
    }
    spans.retain(|s| s.end > s.start);
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Interesting: loads, and the interpreter still prints `needle`.
    fn prints(needle: &[u8]) -> impl Fn(&str) -> bool + '_ {
        move |text: &str| match vm::load(text.as_bytes()) {
            Ok(program) => {
                let limits = vm::Limits {
                    fuel: 100_000,
                    ..vm::Limits::default()
                };
                let (outcome, _) = crate::testing::oracle::run(
                    &program,
                    crate::testing::oracle::Config::Interp,
                    limits,
                );
                !outcome.out_of_fuel() && outcome.stdout.windows(needle.len()).any(|w| w == needle)
            }
            Err(_) => false,
        }
    }

    /// The interpreter's output of `text` within `prints`' fuel, if it
    /// finishes.
    fn output(text: &str) -> Option<Vec<u8>> {
        let program = vm::load(text.as_bytes()).expect("loads");
        let limits = vm::Limits {
            fuel: 100_000,
            ..vm::Limits::default()
        };
        let (outcome, _) =
            crate::testing::oracle::run(&program, crate::testing::oracle::Config::Interp, limits);
        (!outcome.out_of_fuel()).then_some(outcome.stdout)
    }

    #[test]
    fn reduces_a_random_program_to_a_one_minimal_one() {
        let worker = std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
            // The first three seeds whose programs finish within the fuel
            // and print something.
            let runs = (1..)
                .map(|seed| (seed, crate::testing::fuzz::random_program(seed)))
                .filter_map(|(seed, text)| Some((seed, output(&text)?, text)))
                .filter(|(_, out, _)| !out.is_empty())
                .take(3);
            for (seed, stdout, text) in runs {
                // The longest line printed: the hardest to keep.
                let longest = stdout.split(|&b| b == b'\n').max_by_key(|l| l.len());
                let mut needle = longest.expect("prints").to_vec();
                needle.push(b'\n');
                let interesting = prints(&needle);
                let reduced = reduce(&text, &interesting);
                assert!(
                    interesting(&reduced),
                    "seed {seed}: reduced is not interesting"
                );
                assert!(
                    reduced.lines().count() * 3 < text.lines().count(),
                    "seed {seed}: {} of {} lines left:\n{reduced}",
                    reduced.lines().count(),
                    text.lines().count()
                );
                let lines: Vec<&str> = reduced.lines().collect();
                for k in 0..lines.len() {
                    let mut fewer = lines.clone();
                    fewer.remove(k);
                    assert!(
                        !interesting(&(fewer.join("\n") + "\n")),
                        "seed {seed}: line {k} could still go:\n{reduced}"
                    );
                }
            }
        });
        worker.expect("thread").join().expect("no panic");
    }

    #[test]
    fn finds_functions_and_blocks() {
        let text = "func main()\n    mov %a, 1\ntop:\n    add %a, %a, 1\n    jlt %a, 5, top\n    print %a\n    ret 0\nend\n";
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        assert_eq!(functions(&lines), vec![0..8]);
        assert_eq!(blocks(&lines), vec![1..2, 2..5, 5..7]);
    }
}
