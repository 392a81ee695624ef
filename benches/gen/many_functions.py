#!/usr/bin/env python3
"""Writes benches/bc/many_functions.bc: 400 small functions, each 40 to 70
instructions with a short loop, all called from `main` in rounds: the
shape of a program whose run is mostly warm-up (the background-compile
issue's compile-heavy program). Deterministic: the same file each time.

    python3 benches/gen/many_functions.py > benches/bc/many_functions.bc
"""
import random

FUNCTIONS = 400
rng = random.Random(33)


def body(k):
    """A function of 40 to 70 instructions: a loop of a few iterations
    over a run of arithmetic, all of it wrapping and trap-free."""
    target = rng.randint(40, 70)
    head = [f"    mov %s, {k}", "    mov %i, 0", "loop:"]
    tail = ["    add %i, %i, 1", f"    jlt %i, {rng.randint(3, 8)}, loop", "    ret %s"]
    ops = []
    regs = ["%x", "%s", "%i", "%t", "%u"]
    ops.append("    mov %t, %x")
    ops.append("    mov %u, %i")
    while len(head) - 1 + len(ops) + len(tail) < target:
        d = rng.choice(["%t", "%u", "%s"])
        a = rng.choice(regs)
        kind = rng.randrange(9)
        c = rng.randint(1, 1000)
        if kind == 0:
            ops.append(f"    add {d}, {a}, {c}")
        elif kind == 1:
            ops.append(f"    mul {d}, {a}, {c | 1}")
        elif kind == 2:
            ops.append(f"    xor {d}, {a}, {rng.choice(regs)}")
        elif kind == 3:
            ops.append(f"    and {d}, {a}, {c}")
        elif kind == 4:
            ops.append(f"    shr {d}, {a}, {rng.randint(1, 7)}")
        elif kind == 5:
            ops.append(f"    rem {d}, {a}, {c}")
        elif kind == 6:
            ops.append(f"    sub {d}, {a}, {rng.choice(regs)}")
        elif kind == 7:
            ops.append(f"    or {d}, {a}, {c}")
        else:
            ops.append(f"    add %s, %s, {a}")
    return [f"func f{k}(%x)"] + head + ops + tail + ["end"]


def main():
    print("; 400 small hot functions called in rounds (benches/gen/many_functions.py)")
    lines = ["func main(%rounds)", "    mov %acc, 0", "    mov %r, 0", "round:"]
    for k in range(FUNCTIONS):
        lines.append(f"    call %v, f{k}, %r")
        lines.append("    add %acc, %acc, %v")
    lines += ["    add %r, %r, 1", "    jlt %r, %rounds, round", "    print %acc", "    ret 0", "end"]
    print("\n".join(lines))
    for k in range(FUNCTIONS):
        print("\n".join(body(k)))


main()
