#!/usr/bin/env python3
"""bcvm (one tier) against Lua (lua5.4, luajit, luajit -joff) and gcc -O2
on the same algorithms.

Each round runs every case once in each implementation, alternating, so a
noisy neighbour slows all sides alike; the table gives medians over the
rounds, and the last row the geometric mean of each ratio (time of the
other / time of bcvm: above 1 means bcvm is faster). Output is checked to
be identical, then discarded.

`--paired` takes each ratio as the median over the rounds of that round's
ratio instead (the two runs of a round are seconds apart, so a stretch
when the shared machine runs slow cancels out of it; the time columns
stay medians).

Suites: `loops` (the default: loop-bound kernels), `calls` (call-bound
kernels), `objects` (Are-We-Fast-Yet's object-style benchmarks) and `interp` (all of them, sized for interpreters); each kernel
is benches/bc/NAME.bc or programs/NAME.bc, and also benches/lua/NAME.lua
and benches/c/NAME.c. `--gcc` compiles the C
versions with `gcc -O2` first.

    cargo build --release && python3 benches/compare_lua.py [--runs N] [--lua lua5.4] [--tier interp]
    python3 benches/compare_lua.py --tier jit --lua luajit
    python3 benches/compare_lua.py --suite calls --tier auto --lua luajit --gcc
"""
import argparse, math, os, shlex, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITES = {
    "loops": [
        ("fib", "32"),
        ("sum", "100000000"),
        ("sieve", "1000000"),
        ("sieve", "10000000"),
        ("sieve_rounds", "5000 1000"),
        ("nbody", "200000"),
        ("mandelbrot", "800"),
        ("spectral_norm", "1000"),
        ("matmul", "250"),
        ("fannkuch", "10"),
        ("quicksort", "1000000"),
        ("collatz", "1000000"),
        ("digits", "10000000"),
        ("phis", "100000000"),
        # Public loop kernels: SciMark 2.0's LU and Monte Carlo (NIST),
        # the Benchmarks Game's nsieve-bits as LuaJIT's set has it.
        ("lu", "100 500"),
        ("monte_carlo", "20000000"),
        ("nsieve_bits", "10"),
    ],
    "calls": [
        ("fib", "38"),
        ("ackermann", "3 10"),
        ("tak", "30 20 10"),
        ("helpers", "30000000"),
        ("binary_trees", "20 8"),
    ],
    # Are-We-Fast-Yet's benchmarks (Marr et al., DLS 2016) that fit the
    # language, lowered as a compiler would: records in the linear memory
    # from a bump heap, every method a function (benches/bc/awfy_*.bc).
    "objects": [
        ("awfy_richards", "400"),
        ("awfy_bounce", "20000"),
        ("awfy_list", "15000"),
        ("awfy_permute", "10000"),
        ("awfy_queens", "15000"),
        ("awfy_sieve", "15000"),
        ("awfy_storage", "3000"),
        ("awfy_towers", "6000"),
    ],
    # The interpreter issue's nineteen kernels (`phis` is three of them:
    # swap, rotate, lost copy), sized for interpreters.
    "interp": [
        ("fib", "35"),
        ("tak", "30 20 10"),
        ("ackermann", "3 10"),
        ("helpers", "10000000"),
        ("binary_trees", "20 8"),
        ("sum", "100000000"),
        ("sieve", "10000000"),
        ("nbody", "200000"),
        ("spectral_norm", "500"),
        ("mandelbrot", "800"),
        ("fannkuch", "10"),
        ("matmul", "250"),
        ("quicksort", "1000000"),
        ("collatz", "300000"),
        ("digits", "10000000"),
        ("phis", "30000000"),
        ("fold", "30000000"),
    ],
}


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout
    return time.perf_counter() - start, out


def bc_file(name):
    """benches/bc/NAME.bc, or programs/NAME.bc for a kernel the test suite
    also runs."""
    bench = os.path.join(ROOT, "benches", "bc", name + ".bc")
    return bench if os.path.exists(bench) else os.path.join(ROOT, "programs", name + ".bc")


def gcc_binaries(cases, workdir):
    """Each case's C version, compiled with gcc -O2 into `workdir`."""
    out = {}
    for name, _ in cases:
        exe = os.path.join(workdir, name)
        if name not in out:
            src = os.path.join(ROOT, "benches", "c", name + ".c")
            subprocess.run(["gcc", "-O2", "-o", exe, src, "-lm"], check=True)
            out[name] = exe
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--suite", default="loops", choices=sorted(SUITES))
    ap.add_argument("--lua", action="append",
                    help="a Lua command (repeatable, e.g. 'luajit -joff'); default lua5.4")
    ap.add_argument("--gcc", action="store_true", help="also gcc -O2 on benches/c")
    ap.add_argument("--tier", default="interp", choices=["interp", "jit", "auto"])
    ap.add_argument("--bcvm", default=os.path.join(ROOT, "target", "x86_64-unknown-linux-gnu", "release", "bcvm"))
    ap.add_argument("--paired", action="store_true",
                    help="ratios as medians of each round's ratio")
    args = ap.parse_args()
    cases = SUITES[args.suite]
    impls = {f"bcvm {args.tier}": lambda name, n: [args.bcvm, "run", "--tier", args.tier,
                                                    bc_file(name), *n.split()]}
    for lua in args.lua or ["lua5.4"]:
        impls[lua] = lambda name, n, lua=lua: [*shlex.split(lua),
                                               os.path.join(ROOT, "benches", "lua", name + ".lua"),
                                               *n.split()]
    workdir = tempfile.mkdtemp()
    if args.gcc:
        exes = gcc_binaries(cases, workdir)
        impls["gcc -O2"] = lambda name, n: [exes[name], *n.split()]
    times = {(c, n, i): [] for c, n in cases for i in impls}
    for _ in range(args.runs):
        for name, n in cases:
            outputs = set()
            for impl, cmd in impls.items():
                secs, out = timed(cmd(name, n))
                times[(name, n, impl)].append(secs)
                outputs.add(out)
            if len(outputs) != 1:
                sys.exit(f"{name}: outputs differ: {outputs}")
    bcvm, others = list(impls)[0], list(impls)[1:]
    fmt = lambda t: f"{statistics.median(t):.3f} s ({min(t):.3f}-{max(t):.3f})"
    print("| program (n) | " + " | ".join(f"{i} median (min-max)" for i in impls) + " | "
          + " | ".join(f"{o} / bcvm" for o in others) + " |")
    print("|---" * (len(impls) + len(others)) + "|")
    ratios = {o: [] for o in others}
    for name, n in cases:
        b = statistics.median(times[(name, n, bcvm)])
        row = [fmt(times[(name, n, i)]) for i in impls]
        for o in others:
            if args.paired:
                rounds = zip(times[(name, n, o)], times[(name, n, bcvm)])
                ratios[o].append(statistics.median(t / tb for t, tb in rounds))
            else:
                ratios[o].append(statistics.median(times[(name, n, o)]) / b)
            row.append(f"{ratios[o][-1]:.2f}x")
        print(f"| {name} ({n}) | " + " | ".join(row) + " |")
    geo = [f"{math.exp(sum(map(math.log, ratios[o])) / len(ratios[o])):.2f}x" for o in others]
    print("| geometric mean | " + " | ".join("" for _ in impls) + " | " + " | ".join(geo) + " |")


if __name__ == "__main__":
    main()
