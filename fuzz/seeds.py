#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target into DIR/TARGET/ (default
fuzz/corpus): the programs of programs/ and benches/bc/ for the targets
over .bc text (loader, load_and_run, slow_compile); for `differential`,
the generator's choices for seeds 0 to 63 (splitmix64, as
`jit::testing::fuzz::random_program` makes them, eight bytes a choice:
each seed file makes that seed's program); for `mutate`, each built-in
program unedited and with a few edits.

    python3 fuzz/seeds.py [DIR]
"""
import glob
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT_TARGETS = ["loader", "load_and_run", "slow_compile"]
MASK = (1 << 64) - 1


def programs():
    paths = []
    for d in ("programs", "benches/bc"):
        paths += sorted(glob.glob(os.path.join(ROOT, d, "*.bc")))
    return paths


def splitmix(seed, count):
    state = seed
    out = bytearray()
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out += (z ^ (z >> 31)).to_bytes(8, "little")
    return bytes(out)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "fuzz", "corpus")
    for target in TEXT_TARGETS + ["differential", "mutate"]:
        os.makedirs(os.path.join(out, target), exist_ok=True)
    paths = programs()
    for target in TEXT_TARGETS:
        for p in paths:
            write(os.path.join(out, target, os.path.basename(p)), open(p, "rb").read())
    for seed in range(64):
        # The generator asks for a few hundred choices; past the end of
        # the bytes it reads zeros.
        write(os.path.join(out, "differential", f"seed-{seed}"), splitmix(seed, 1024))
    # `mutate` picks the program by its input's first byte, modulo their
    # number, in build.rs's order (sorted, programs/ then benches/bc/).
    for k in range(len(paths)):
        write(os.path.join(out, "mutate", f"program-{k}"), bytes([k % 256]))
        write(os.path.join(out, "mutate", f"program-{k}-edited"), bytes([k % 256]) + splitmix(k, 2)[:12])
    print(f"{len(paths)} programs, 64 generator seeds: {out}")


if __name__ == "__main__":
    main()
