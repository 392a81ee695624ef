#!/usr/bin/env python3
"""Compile time per function and per bytecode instruction, phase by phase.

Cold (the default): runs every program in programs/ once with
`--tier jit --trace-compile` (with its NAME.args) and sums the trace lines
of the compiles that succeeded. Each process compiles a few functions, so
the figures include a fresh process's first compiles, which pay for the
compiler's own code and data coming into the caches.

Warm (`--warm N`): one process compiles N small generated functions (five
instructions and three blocks each) eagerly, the steady state of a JIT.

    cargo build --release && python3 benches/compile_times.py
    python3 benches/compile_times.py --warm 3000
    python3 benches/compile_times.py --tier baseline   # the baseline compiler
    python3 benches/compile_times.py --tier tiered     # baseline, then optimizing

Cold, the last line splits the sum: each process's first compile, which
pays for the compiler's code and memory coming into the caches and page
tables whatever it compiles, and the compiles after it.

Every phase of the trace line is reported (the phase list is read from
it); "median small" is the median total of functions of at most 10
instructions. Trace times are whole microseconds per phase, so per-phase
sums of short compiles undercount; "total" is measured as a whole.
"""
import argparse, glob, os, re, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def trace(bcvm, program, args, tier="jit"):
    run = subprocess.run([bcvm, "run", "--tier", tier, "--trace-compile", program, *args],
                         capture_output=True, text=True)
    nth = 0
    for line in run.stderr.splitlines():
        if line.startswith("compile ") and line.endswith("outcome=ok"):
            fields = dict(re.findall(r"(\S+)=(\S+)", line))
            fields["nth"] = nth
            nth += 1
            yield fields


def floor(compiles):
    """The cold cost split in two: each process's first compile, which
    pays for the compiler's code and memory coming in (page faults, cache
    misses) whatever it compiles, and the compiles after it."""
    first = [int(c["total"][:-2]) for c in compiles if c["nth"] == 0]
    later = [c for c in compiles if c["nth"] > 0]
    if not first or not later:
        return
    instrs = sum(int(c["instrs"]) for c in later)
    total = sum(int(c["total"][:-2]) for c in later)
    print(f"first compile of each process: {len(first)}, median {statistics.median(first):.0f} us, "
          f"{sum(first) / 1000:.1f} ms in all; the {len(later)} others: "
          f"{total / instrs:.2f} us per instruction, median {statistics.median(int(c['total'][:-2]) for c in later):.0f} us")


def report(compiles):
    # Every `NAME=Nus` field but the total and `at` (when the compile began).
    phases = [k for k, v in compiles[0].items()
              if str(v).endswith("us") and k not in ("total", "at")]
    instrs = sum(int(c["instrs"]) for c in compiles)
    total = sum(int(c["total"][:-2]) for c in compiles)
    small = [int(c["total"][:-2]) for c in compiles if int(c["instrs"]) <= 10]
    print(f"{len(compiles)} functions, {instrs} instructions, {total / 1000:.1f} ms: "
          f"{total / len(compiles):.1f} us per function, {total / instrs:.2f} us per instruction, "
          f"median small {statistics.median(small) if small else float('nan'):.0f} us "
          f"({len(small)} functions of <= 10 instructions)")
    print("us per instruction: " + ", ".join(
        f"{p} {sum(int(c[p][:-2]) for c in compiles) / instrs:.2f}" for p in phases))


def many(n):
    lines = ["func main()", "    mov %s, 0"]
    for i in range(n):
        lines += [f"    call %r, f{i}, %s", "    add %s, %s, %r"]
    lines += ["    print %s", "    ret 0", "end"]
    for i in range(n):
        lines += [f"func f{i}(%x)", f"    add %y, %x, {i}", "    jlt %y, 100, small",
                  "    mul %y, %y, 3", "small:", "    xor %y, %y, 7", "    ret %y", "end"]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bcvm", nargs="?", default=os.path.join(ROOT, "target", "x86_64-unknown-linux-gnu", "release", "bcvm"))
    parser.add_argument("--warm", type=int, metavar="N", help="N small functions in one process")
    parser.add_argument("--tier", default="jit", choices=["jit", "baseline", "tiered"],
                        help="jit (the optimizing compiler, the default), baseline, or tiered "
                             "(baseline first, optimizing when hot: the two reported apart)")
    opts = parser.parse_args()
    if opts.warm:
        with tempfile.NamedTemporaryFile("w", suffix=".bc", delete=False) as f:
            f.write(many(opts.warm))
        compiles = [c for c in trace(opts.bcvm, f.name, [], opts.tier) if c.get("compile") != "main"]
        os.unlink(f.name)
        # The program's own `main` (6,000 instructions of calls) is left out.
        compiles = [c for c in compiles if int(c["instrs"]) <= 10]
    else:
        compiles = []
        for program in sorted(glob.glob(os.path.join(ROOT, "programs", "*.bc"))):
            args_file = program[:-3] + ".args"
            args = open(args_file).read().split() if os.path.exists(args_file) else []
            compiles += list(trace(opts.bcvm, program, args, opts.tier))
    if opts.tier == "tiered":
        first = [c for c in compiles if c.get("tier") == "baseline"]
        hot = [c for c in compiles if c.get("tier") != "baseline"]
        for name, group in (("baseline compiles", first), ("optimizing compiles (tier-up)", hot)):
            print(f"{name}:")
            if group:
                report(group)
        return
    report(compiles)
    if not opts.warm:
        floor(compiles)


if __name__ == "__main__":
    main()
