#!/usr/bin/env python3
"""Two builds of bcvm against each other on one suite, in one tier: what a
change did to speed.

Each round runs every kernel once with each build, in alternating order,
so a noisy neighbour slows both alike; the ratio of a kernel is the median
over the rounds of that round's ratio (time of A / time of B: above 1
means B is faster), and the last row is their geometric mean. Output is
checked to be identical between the builds, then discarded. The suites
are `compare_lua.py`'s.

    git worktree add /tmp/base HEAD~1 && (cd /tmp/base && cargo build --release)
    cargo build --release
    python3 benches/compare_builds.py --a /tmp/base/target/x86_64-unknown-linux-gnu/release/bcvm \\
        --b target/x86_64-unknown-linux-gnu/release/bcvm --suite interp --tier interp --runs 9
"""
import argparse, importlib.util, math, os, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compare_lua", os.path.join(HERE, "compare_lua.py"))
compare_lua = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare_lua)


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout
    return time.perf_counter() - start, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="the build to compare against")
    ap.add_argument("--b", required=True, help="the build under test")
    ap.add_argument("--suite", default="interp", choices=sorted(compare_lua.SUITES))
    ap.add_argument("--tier", default="interp")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", action="append", default=[], help="kernels to keep (repeatable)")
    args = ap.parse_args()
    cases = [c for c in compare_lua.SUITES[args.suite] if not args.only or c[0] in args.only]
    builds = [os.path.abspath(args.a), os.path.abspath(args.b)]
    times = {c: ([], []) for c in cases}
    for r in range(args.runs):
        for case in cases:
            name, argv = case
            cmd = lambda b: [b, "run", "--tier", args.tier, compare_lua.bc_file(name)] + argv.split()
            order = [0, 1] if r % 2 == 0 else [1, 0]
            outs = [None, None]
            for k in order:
                t, outs[k] = timed(cmd(builds[k]))
                times[case][k].append(t)
            if outs[0] != outs[1]:
                sys.exit(f"{name} {argv}: the builds print different output")
    print(f"{'kernel':<28} {'A (s)':>8} {'B (s)':>8} {'A/B':>6}")
    logs = []
    for case in cases:
        a, b = times[case]
        ratio = statistics.median(x / y for x, y in zip(a, b))
        logs.append(math.log(ratio))
        label = f"{case[0]} {case[1]}"
        print(f"{label:<28} {statistics.median(a):8.3f} {statistics.median(b):8.3f} {ratio:6.3f}")
    print(f"{'geometric mean':<28} {'':8} {'':8} {math.exp(sum(logs) / len(logs)):6.3f}")


if __name__ == "__main__":
    main()
