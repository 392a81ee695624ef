#!/usr/bin/env python3
"""The VM thread's pause for each background compile over `programs/` and
`benches/bc/`: every program run with its arguments (NAME.args) in the
given tier with `--trace-compile`, the `pause=` of each compile made on a
compiler thread collected, and their quantiles printed with the queue
wait's. With `--bcvm` given more than once, the builds run interleaved,
program by program (the machines are shared and noisy: a p99 moves by
tens of microseconds between sittings).

    python3 benches/pauses.py [--tier tiered] [--runs 3] [--bcvm target/x86_64-unknown-linux-gnu/release/bcvm]...
"""
import argparse
import glob
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def quantile(values, q):
    values = sorted(values)
    if not values:
        return 0
    k = max(1, min(len(values), -(-int(q * len(values) * 1000) // 1000)))
    return values[k - 1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tier", default="tiered")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bcvm", action="append")
    args = ap.parse_args()
    builds = args.bcvm or [os.path.join(ROOT, "target/x86_64-unknown-linux-gnu/release/bcvm")]
    pauses = {b: [] for b in builds}
    waits = {b: [] for b in builds}
    files = sorted(glob.glob(os.path.join(ROOT, "programs/*.bc")))
    files += sorted(glob.glob(os.path.join(ROOT, "benches/bc/*.bc")))
    for _ in range(args.runs):
        for path in files:
            stem = path[:-3]
            if os.path.exists(stem + ".err"):
                continue
            argv = open(stem + ".args").read().split() if os.path.exists(stem + ".args") else []
            for build in builds:
                out = subprocess.run(
                    [build, "run", "--tier", args.tier, "--trace-compile", path, *argv],
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120)
                for line in out.stderr.splitlines():
                    if "thread=compiler-" not in line:
                        continue
                    pauses[build].append(int(re.search(r" pause=(\d+)us", line).group(1)))
                    waits[build].append(int(re.search(r" queued=(\d+)us", line).group(1)))
    for build in builds:
        print(f"{build}: {len(pauses[build])} background compiles over {len(files)} programs "
              f"x {args.runs} runs, --tier {args.tier}")
        for name, values in (("pause", pauses[build]), ("queue wait", waits[build])):
            print(f"  {name}: p50 {quantile(values, 0.5)} us, p99 {quantile(values, 0.99)} us, "
                  f"max {max(values, default=0)} us")


if __name__ == "__main__":
    main()
