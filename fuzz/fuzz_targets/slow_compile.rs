//! Pathological compile times: arbitrary bytes loaded and, when they are
//! a program, each function compiled by the optimizing pipeline, which
//! must stay within `jit::testing::cost`'s bounds: work units per
//! bytecode instruction (a superlinear phase) and CPU time per unit (work
//! the budget does not see). A compile over the time bound is timed again
//! (`RETRIES`) and fails only if every try is over: a sanitizer's
//! allocator or a page fault storm can lengthen any one. Sanitizers slow
//! a build down, so time gets `TIME_SLACK` times the bound.
//! `cargo +nightly fuzz run slow_compile -- -dict=fuzz/bc.dict`
#![no_main]

use jit::testing::cost::{costs, retimed, Excess};
use libfuzzer_sys::fuzz_target;

/// How much slower than a release build the fuzzing build may be.
const TIME_SLACK: u32 = 4;
/// Programs larger than this are not compiled (the target looks for
/// shapes, which show at this size already).
const MAX_INSTRUCTIONS: usize = 20_000;
/// How many more times a compile over the time bound is timed.
const RETRIES: usize = 3;

fuzz_target!(|data: &[u8]| {
    let Ok(program) = vm::load(data) else { return };
    let size: usize = program.funcs.iter().map(|f| f.code.len()).sum();
    if size > MAX_INSTRUCTIONS || program.memory_cells > 1 << 20 {
        return;
    }
    let Ok(costs) = costs(&program) else { return };
    for cost in costs {
        match cost.excess(TIME_SLACK) {
            None => {}
            Some(Excess::Units) => panic!("too many units per instruction: {cost}"),
            Some(Excess::Time) => {
                let Ok(again) = retimed(&program, &cost, RETRIES) else {
                    return;
                };
                if again.excess(TIME_SLACK).is_some() {
                    panic!("too long per unit, {RETRIES} times more: {again}");
                }
            }
        }
    }
});
