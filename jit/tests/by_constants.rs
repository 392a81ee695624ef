//! Arithmetic by constants in compiled code gives exactly what
//! `vm::semantics` says: division and remainder (`div %q, %a, D` with `D`
//! a literal: shifts or a multiply by a magic number, no `idiv`) for
//! dividends at every edge and at random over every class of divisor, and
//! multiplication by the constants done with shifts, `lea` or negation.
//! The machine code itself runs.

use jit::testing::oracle::Config;
use proptest::prelude::*;
use vm::Op;

/// A `main(%a)` that prints `a / d` and `a % d` for each `d`.
fn program(divisors: &[i64]) -> String {
    let mut text = String::from("func main(%a)\n");
    for d in divisors {
        text += &format!("    div %q, %a, {d}\n    print %q\n    rem %r, %a, {d}\n    print %r\n");
    }
    text + "    ret 0\nend\n"
}

fn expected(a: i64, divisors: &[i64]) -> String {
    let mut out = String::new();
    for &d in divisors {
        for op in [Op::Div, Op::Rem] {
            let v = vm::semantics::binary(op, a as u64, d as u64).expect("nonzero");
            out += &format!("{}\n", v as i64);
        }
    }
    out
}

fn compiled(text: &str, a: i64) -> String {
    let program = vm::load(text.as_bytes()).expect("loads");
    let (outcome, _) =
        jit::testing::oracle::run_with(&program, Config::Jit, vm::Limits::default(), &[a]);
    assert!(
        outcome.trap.is_none() && outcome.rejected.is_empty(),
        "{outcome:?}"
    );
    String::from_utf8(outcome.stdout).expect("text")
}

fn edge_divisors() -> Vec<i64> {
    let mut all: Vec<i64> = (-20..=20).filter(|&d| d != 0).collect();
    for k in [4, 7, 31, 32, 33, 62, 63] {
        let p = 1u64 << k;
        all.extend([
            p as i64,
            (p as i64).wrapping_neg(),
            (p - 1) as i64,
            (p + 1) as i64,
        ]);
    }
    all.extend([
        100,
        1000,
        -1000,
        641,
        1_000_000_007,
        i64::MAX,
        i64::MIN + 1,
        -(i64::MAX),
    ]);
    all
}

#[test]
fn edge_dividends_by_every_class_of_divisor() {
    let divisors = edge_divisors();
    let text = program(&divisors);
    for a in [
        i64::MIN,
        i64::MIN + 1,
        i64::MAX,
        i64::MAX - 1,
        0,
        1,
        -1,
        7,
        -7,
        1 << 62,
        -(1 << 62),
        1_000_000_007 * 3,
        -1_000_000_007 * 3 - 1,
    ] {
        assert_eq!(compiled(&text, a), expected(a, &divisors), "dividend {a}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_dividends_by_random_divisors(
        a in any::<i64>(),
        divisors in prop::collection::vec(any::<i64>().prop_filter("nonzero", |&d| d != 0), 8),
        small in prop::collection::vec((-5000i64..5000).prop_filter("nonzero", |&d| d != 0), 8),
    ) {
        let all: Vec<i64> = divisors.into_iter().chain(small).collect();
        prop_assert_eq!(compiled(&program(&all), a), expected(a, &all));
    }
}

#[test]
fn multiplication_by_constants_that_need_no_imul() {
    let factors = [
        0i64,
        1,
        -1,
        2,
        3,
        5,
        8,
        9,
        1 << 30,
        -2,
        -3,
        7,
        i32::MAX as i64,
        i32::MIN as i64,
    ];
    let mut text = String::from("func main(%a)\n");
    for k in factors {
        text += &format!("    mul %p, %a, {k}\n    print %p\n");
    }
    text += "    ret 0\nend\n";
    for a in [
        0,
        1,
        -1,
        3,
        i64::MAX,
        i64::MIN,
        i64::MIN + 1,
        1 << 62,
        -(1 << 40) - 7,
    ] {
        let want: String = factors
            .iter()
            .map(|&k| {
                format!(
                    "{}\n",
                    vm::semantics::binary(Op::Mul, a as u64, k as u64).unwrap() as i64
                )
            })
            .collect();
        assert_eq!(compiled(&text, a), want, "{a}");
    }
}
