#!/usr/bin/env python3
"""Cold compile time per function and per bytecode instruction, by phase.

Runs every program in programs/ once with `--tier jit --trace-compile`
(with its NAME.args) and sums the trace lines of the compiles that
succeeded. Absolute times are those of a cold process: the first compile
pays for page faults in the compiler's own code and data.

    cargo build --release && python3 benches/compile_times.py
"""
import glob, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHASES = ["cfg", "dom", "ssa", "sccp", "out-of-ssa", "emit", "total"]


def compiles(bcvm, program):
    args_file = program[:-3] + ".args"
    args = open(args_file).read().split() if os.path.exists(args_file) else []
    run = subprocess.run([bcvm, "run", "--tier", "jit", "--trace-compile", program, *args],
                         capture_output=True, text=True)
    for line in run.stderr.splitlines():
        if line.startswith("compile ") and line.endswith("outcome=ok"):
            yield dict(re.findall(r"(\S+)=(\S+)", line))


def main():
    bcvm = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "bcvm")
    functions, instrs = 0, 0
    micros = dict.fromkeys(PHASES, 0)
    for program in sorted(glob.glob(os.path.join(ROOT, "programs", "*.bc"))):
        for c in compiles(bcvm, program):
            functions += 1
            instrs += int(c["instrs"])
            for phase in PHASES:
                micros[phase] += int(c[phase].removesuffix("us"))
    print(f"{functions} functions, {instrs} instructions, {micros['total'] / 1000:.1f} ms: "
          f"{micros['total'] / functions:.0f} us per function, "
          f"{micros['total'] / instrs:.2f} us per instruction")
    print("us per instruction: " + ", ".join(f"{p} {micros[p] / instrs:.2f}" for p in PHASES[:-1]))


if __name__ == "__main__":
    main()
