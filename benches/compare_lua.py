#!/usr/bin/env python3
"""bcvm (one tier) against a Lua (lua5.4, luajit) on the same algorithms.

Each round runs every case once in each implementation, alternating, so a
noisy neighbour slows both sides alike; the table gives medians over the
rounds. Output is checked to be identical, then discarded.

    cargo build --release && python3 benches/compare_lua.py [--runs N] [--lua lua5.4] [--tier interp]
    python3 benches/compare_lua.py --tier jit --lua luajit
"""
import argparse, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [
    ("fib", "32"),
    ("sum", "100000000"),
    ("sieve", "1000000"),
    ("sieve", "10000000"),
    ("sieve_rounds", "5000 1000"),
    ("nbody", "200000"),
    ("mandelbrot", "800"),
]


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout
    return time.perf_counter() - start, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--lua", default="lua5.4")
    ap.add_argument("--tier", default="interp", choices=["interp", "jit", "auto"])
    ap.add_argument("--bcvm", default=os.path.join(ROOT, "target", "release", "bcvm"))
    args = ap.parse_args()
    impls = {
        "bcvm": lambda name, n: [args.bcvm, "run", "--tier", args.tier, os.path.join(ROOT, "programs", name + ".bc"), *n.split()],
        args.lua: lambda name, n: [args.lua, os.path.join(ROOT, "benches", "lua", name + ".lua"), *n.split()],
    }
    times = {(c, n, i): [] for c, n in CASES for i in impls}
    for _ in range(args.runs):
        for name, n in CASES:
            outputs = set()
            for impl, cmd in impls.items():
                secs, out = timed(cmd(name, n))
                times[(name, n, impl)].append(secs)
                outputs.add(out)
            if len(outputs) != 1:
                sys.exit(f"{name}: outputs differ: {outputs}")
    lua = args.lua
    print(f"| program (n) | bcvm {args.tier} median (min-max) | {lua} median (min-max) | {lua} / bcvm |")
    print("|---|---|---|---|")
    for name, n in CASES:
        b, l = times[(name, n, "bcvm")], times[(name, n, lua)]
        fmt = lambda t: f"{statistics.median(t):.3f} s ({min(t):.3f}-{max(t):.3f})"
        print(f"| {name} ({n}) | {fmt(b)} | {fmt(l)} | {statistics.median(l) / statistics.median(b):.2f}x |")


if __name__ == "__main__":
    main()
