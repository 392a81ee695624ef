//! Background compiles installed while calls and on-stack replacements
//! are in flight: a recursion 300 deep whose every activation is inside a
//! loop when the one below it returns, calling leaf functions as it goes,
//! run again and again with a compiler thread (`Config::Background`,
//! `Config::TieredBackground`). Where each function's and each loop's code
//! arrives differs from run to run; the output never may.

use jit::testing::oracle::{run_with, Config};
use vm::Limits;

/// `walk(d)` loops 40 times; at its 20th iteration it calls `walk(d - 1)`
/// (so the activations above sit in their loops while code for them is
/// installed), and every iteration calls three leaves, one of which loops
/// itself. `main` prints a running checksum at each depth on the way
/// back up.
const PROGRAM: &str = "\
func leaf_a(%x)
    mul %y, %x, 3
    add %y, %y, 1
    ret %y
end
func leaf_b(%x)
    mov %s, 0
    mov %i, 0
l:
    add %s, %s, %i
    xor %s, %s, %x
    add %i, %i, 1
    jlt %i, 200, l
    ret %s
end
func leaf_c(%x, %y)
    sub %z, %x, %y
    and %z, %z, 1023
    ret %z
end
func walk(%d)
    mov %acc, %d
    jz %d, done
    mov %i, 0
loop:
    call %a, leaf_a, %i
    call %b, leaf_b, %a
    call %c, leaf_c, %b, %acc
    add %acc, %acc, %c
    jne %i, 20, next
    sub %e, %d, 1
    call %r, walk, %e
    add %acc, %acc, %r
    and %acc, %acc, 0xFFFFFF
    print %acc
next:
    add %i, %i, 1
    jlt %i, 40, loop
done:
    ret %acc
end
func main(%n)
    call %r, walk, %n
    print %r
    ret 0
end
";

#[test]
fn installs_while_calls_and_loops_are_in_flight_agree_with_the_interpreter() {
    let program = vm::load(PROGRAM.as_bytes()).expect("loads");
    let limits = Limits::default();
    let (want, _) = run_with(&program, Config::Interp, limits, &[300]);
    assert!(want.trap.is_none(), "{want:?}");
    assert_eq!(want.stdout.iter().filter(|&&b| b == b'\n').count(), 301);
    for round in 0..12 {
        for config in [Config::Background, Config::TieredBackground] {
            let (got, _) = run_with(&program, config, limits, &[300]);
            assert_eq!(got, want, "round {round}, {}", config.name());
        }
    }
}
