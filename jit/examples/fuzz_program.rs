//! Prints the random program of a seed: `cargo run -p jit --example fuzz_program -- SEED`.
fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    print!("{}", jit::testing::fuzz::random_program(seed));
}
