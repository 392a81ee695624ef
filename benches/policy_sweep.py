#!/usr/bin/env python3
"""Tier-up thresholds against the kernels of the suites: each kernel run
as a whole process in each configuration, interleaved, medians, and the
geometric mean of each configuration's time over `--tier jit`'s (which
compiles everything before it runs: the warm-up ideal).

    python3 benches/policy_sweep.py --runs 5 [--bcvm target/x86_64-unknown-linux-gnu/release/bcvm]

A configuration is `NAME=FLAGS`; the defaults sweep the call and loop
thresholds with background compiles on, and today's defaults with them
off.
"""
import argparse
import math
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from compare_lua import SUITES, bc_file  # noqa: E402

CONFIGS = [
    "jit=--tier jit",
    "auto-sync=--compile-threads 0",
    "auto=",
    "auto-300=--jit-threshold-calls 300 --jit-threshold-loops 3000",
    "auto-100=--jit-threshold-calls 100 --jit-threshold-loops 1000",
    "auto-30=--jit-threshold-calls 30 --jit-threshold-loops 300",
    "tiered-100=--tier tiered --jit-threshold-calls 100 --jit-threshold-loops 1000",
]


def kernels():
    seen = []
    for suite in ("loops", "calls"):
        for case in SUITES[suite]:
            if case not in seen:
                seen.append(case)
    seen.append(("many_functions", "3000"))
    return seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bcvm", default="target/x86_64-unknown-linux-gnu/release/bcvm")
    ap.add_argument("--config", action="append", help="NAME=FLAGS (repeatable)")
    args = ap.parse_args()
    configs = [c.split("=", 1) for c in (args.config or CONFIGS)]
    cases = kernels()
    times = {(k, c): [] for k in range(len(cases)) for c in range(len(configs))}
    for _ in range(args.runs):
        for k, (name, kargs) in enumerate(cases):
            for c, (_, flags) in enumerate(configs):
                cmd = [args.bcvm, "run", *flags.split(), bc_file(name), *kargs.split()]
                start = time.perf_counter()
                subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
                times[(k, c)].append(time.perf_counter() - start)
    header = "| kernel | " + " | ".join(name for name, _ in configs) + " |"
    print(header)
    print("|" + "---|" * (len(configs) + 1))
    logs = [[] for _ in configs]
    for k, (name, kargs) in enumerate(cases):
        medians = [statistics.median(times[(k, c)]) for c in range(len(configs))]
        for c in range(len(configs)):
            logs[c].append(math.log(medians[c] / medians[0]))
        cells = " | ".join(f"{m * 1000:.1f}" for m in medians)
        print(f"| {name} {kargs} | {cells} |")
    means = " | ".join(f"{math.exp(sum(l) / len(l)):.3f}x" for l in logs)
    print(f"| geometric mean over `{configs[0][0]}` | {means} |")


if __name__ == "__main__":
    main()
