#!/usr/bin/env python3
"""Start-up: an empty program's whole process in bcvm (each tier asked
for) against `luajit -e ''` and an empty C program built with gcc -O2,
interleaved round by round (the machines are shared and noisy), each
process spawned directly (no shell) with stdout on /dev/null. Prints the
median and the lower quartile of each, and the median of each round's
difference from LuaJIT.

    cargo build --release && python3 benches/startup.py [--runs 1000]
        [--tiers tiered,interp] [--bcvm PATH]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EMPTY_BC = "func main()\n    ret 0\nend\n"


def spawn_time(argv, devnull):
    """Seconds from spawning `argv` to reaping it."""
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup.py: {' '.join(argv)} failed")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--tiers", default="tiered,interp")
    ap.add_argument("--bcvm", default=os.path.join(
        ROOT, "target", "x86_64-unknown-linux-gnu", "release", "bcvm"))
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="bcvm-startup-")
    empty = os.path.join(work, "empty.bc")
    with open(empty, "w") as f:
        f.write(EMPTY_BC)
    commands = {}
    for tier in args.tiers.split(","):
        commands[f"bcvm --tier {tier}"] = [args.bcvm, "run", "--tier", tier, empty]
    luajit = shutil.which("luajit")
    if luajit:
        commands["luajit -e ''"] = [luajit, "-e", ""]
    gcc = shutil.which("gcc")
    if gcc:
        c_file, c_exe = os.path.join(work, "empty.c"), os.path.join(work, "empty")
        with open(c_file, "w") as f:
            f.write("int main(void) { return 0; }\n")
        subprocess.run([gcc, "-O2", c_file, "-o", c_exe], check=True)
        commands["C (gcc -O2)"] = [c_exe]
    devnull = os.open(os.devnull, os.O_WRONLY)
    times = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, argv in commands.items():
            times[name].append(spawn_time(argv, devnull))
    shutil.rmtree(work)
    print(f"{args.runs} interleaved rounds; milliseconds")
    print("| process | median | lower quartile | median difference from LuaJIT |")
    print("|---|---|---|---|")
    base = times.get("luajit -e ''")
    for name, ts in times.items():
        diff = "" if base is None or ts is base else \
            f"{statistics.median(a - b for a, b in zip(ts, base)) * 1e3:+.3f}"
        print(f"| {name} | {statistics.median(ts) * 1e3:.3f} | "
              f"{statistics.quantiles(ts, n=4)[0] * 1e3:.3f} | {diff} |")


if __name__ == "__main__":
    main()
