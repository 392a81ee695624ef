//! Embedding bcvm: load a program, run one of its functions in each tier,
//! and print what the compilers did.
//!
//!     cargo run --release --example embed
//!
//! `cargo test` runs it too (its test calls `main`).

use bcvm::{Engine, Error, Output, Tier};

const PROGRAM: &str = "\
func sum_squares(%n)
    mov %i, 0
    mov %s, 0
loop:
    jge %i, %n, done
    mul %q, %i, %i
    add %s, %s, %q
    add %i, %i, 1
    jmp loop
done:
    ret %s
end
func main()
    call %s, sum_squares, 100
    print %s
    ret 0
end
";

fn main() -> Result<(), Error> {
    for tier in Tier::ALL {
        // Low thresholds, so `auto` and `tiered` compile within the run.
        let engine = Engine::new(tier).with_thresholds(2, 100);
        let module = engine.load("sum_squares.bc", PROGRAM)?;
        let mut instance = engine.instantiate(&module, Output::discard())?;
        let mut result = 0;
        for _ in 0..3 {
            result = instance.call("sum_squares", &[1000])?;
        }
        assert_eq!(result, 332_833_500);
        println!("{tier:>8}: sum_squares(1000) = {result}");
        for record in instance.records() {
            println!("          {}", record.line());
        }
    }
    Ok(())
}

#[test]
fn runs() {
    main().expect("the example runs");
}
