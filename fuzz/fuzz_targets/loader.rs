//! The loader on arbitrary bytes: it must return a program or diagnostics,
//! never panic, hang or crash. `cargo +nightly fuzz run loader`
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(error) = vm::load(data) {
        // Rendering walks every diagnostic's position: it must not panic.
        let _ = error.render("fuzz.bc");
    }
});
