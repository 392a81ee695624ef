#!/usr/bin/env python3
"""Instructions per benchmark iteration under callgrind, for builds of bcvm
and gcc -O2, on the objects suite: each kernel runs at N and 2N
iterations and the difference over N is one iteration's count, so start-up
and compiles drop out. Stable where wall-clock time on a shared machine is
not; the ratio column is gcc's count over each build's. With `--suite
calls`, the calls suite's kernels (recursions with no iteration count to
double) are counted whole, at sizes for callgrind: bcvm's start-up and
compiles, about 1.5 M instructions, are in its counts. `--suite loops`
counts the loops suite's kernels whole in the same way, at a tenth of
their sizes or less.

    python3 benches/instructions.py target/x86_64-unknown-linux-gnu/release/bcvm [OTHER_BCVM ...] [--only awfy_bounce]
    python3 benches/instructions.py target/x86_64-unknown-linux-gnu/release/bcvm --suite calls
    python3 benches/instructions.py /tmp/base/bcvm target/x86_64-unknown-linux-gnu/release/bcvm --suite loops

bcvm runs in the default tier with compiles on the program's thread and no
time allowance (`--compile-threads 0 --compile-budget-us 1000000000`):
under valgrind a compile takes fifty times as long, and would otherwise
run out of its 50 ms.
"""
import argparse, os, re, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [("awfy_richards", 20), ("awfy_bounce", 1000), ("awfy_list", 700),
         ("awfy_permute", 500), ("awfy_queens", 700), ("awfy_sieve", 700),
         ("awfy_storage", 150), ("awfy_towers", 300)]
CALLS = [("fib", "32"), ("ackermann", "3 10"), ("tak", "24 16 8"), ("helpers", "3000000"),
         ("binary_trees", "16 8")]
LOOPS = [("fib", "27"), ("sum", "10000000"), ("sieve", "1000000"), ("sieve_rounds", "500 1000"),
         ("nbody", "20000"), ("mandelbrot", "200"), ("spectral_norm", "300"), ("matmul", "120"),
         ("fannkuch", "8"), ("quicksort", "200000"), ("collatz", "100000"),
         ("digits", "1000000"), ("phis", "10000000"), ("lu", "100 50"),
         ("monte_carlo", "2000000"), ("nsieve_bits", "7")]


def instructions(cmd):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                         capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        raise SystemExit(f"no count from {' '.join(cmd)}: {out.stderr[-500:]}")
    return int(found.group(1))


def per_iteration(cmd, n):
    return (instructions(cmd(2 * n)) - instructions(cmd(n))) / n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("builds", nargs="+")
    ap.add_argument("--only", action="append")
    ap.add_argument("--suite", default="objects", choices=["objects", "calls", "loops"])
    args = ap.parse_args()
    work = tempfile.mkdtemp()
    print("| kernel | " + " | ".join(args.builds) + " | gcc -O2 | gcc / each |")
    print("|---" * (len(args.builds) + 3) + "|")
    cases = {"objects": CASES, "calls": CALLS, "loops": LOOPS}[args.suite]
    for name, n in cases:
        if args.only and name not in args.only:
            continue
        exe = os.path.join(work, name)
        subprocess.run(["gcc", "-O2", "-o", exe, os.path.join(ROOT, "benches", "c", name + ".c"), "-lm"],
                       check=True)
        bc = os.path.join(ROOT, "benches", "bc", name + ".bc")
        if not os.path.exists(bc):
            bc = os.path.join(ROOT, "programs", name + ".bc")
        bcvm = lambda b, *size: [b, "run", "--compile-threads", "0",
                                 "--compile-budget-us", "1000000000", bc, *size]
        if args.suite == "objects":
            counts = [per_iteration(lambda k, b=b: bcvm(b, str(k)), n) for b in args.builds]
            gcc = per_iteration(lambda k: [exe, str(k)], n)
        else:
            counts = [instructions(bcvm(b, *n.split())) for b in args.builds]
            gcc = instructions([exe, *n.split()])
        print(f"| {name} | " + " | ".join(f"{c:,.0f}" for c in counts) + f" | {gcc:,.0f} | "
              + " ".join(f"{gcc / c:.2f}x" for c in counts) + " |", flush=True)


if __name__ == "__main__":
    main()
