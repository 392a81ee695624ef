#!/usr/bin/env python3
"""Compile time by the shape of a function: no shape may cost far more per
instruction than the others.

Generates one program per shape and size (about 10^3, 10^4 and 10^5
bytecode instructions), compiles it eagerly in both compilers
(`--tier jit` and `--tier baseline`, `--trace-compile`, a budget large
enough to stop nothing, on the VM's thread) and reports, per shape and
size: the instructions compiled, microseconds per instruction in all and
in the dearest phases, each shape's cost against the median shape's at
that size, and the microseconds per budget unit (how well the budget's
work units track time).

    cargo build --release && python3 benches/shapes.py
    python3 benches/shapes.py --sizes 1000,10000 --only nested_loops,calls
    python3 benches/shapes.py --runs 3          # the median of three runs
    python3 benches/shapes.py --save DIR        # keep the generated programs

A shape of several functions (`calls`, `inline_tree`) counts every
compile's time, and as instructions each compiled function's own and
those inlining added to it (`grown=` in the trace). Each program runs
after its compiles: every shape's code ends in a few microseconds.
"""
import argparse, os, re, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIG = ["--compile-budget", "1000000000000", "--compile-budget-us", "100000000000"]


class Prog:
    """A program being written: lines, fresh labels."""

    def __init__(self):
        self.lines = []
        self.labels = 0

    def label(self, stem="L"):
        self.labels += 1
        return f"{stem}{self.labels}"

    def emit(self, text):
        self.lines.append(text)

    def text(self):
        return "\n".join(self.lines) + "\n"


def diamonds(n):
    """A chain of if/else diamonds, each writing one of 100 registers."""
    p = Prog()
    p.emit("func main(%a)")
    for k in range(100):
        p.emit(f"    add %r{k}, %a, {k}")
    for i in range(max(1, (n - 200) // 5)):
        r = f"%r{i % 100}"
        other, join = p.label(), p.label()
        p.emit(f"    jlt {r}, {i % 7}, {other}")
        p.emit(f"    add {r}, {r}, {i % 13}")
        p.emit(f"    jmp {join}")
        p.emit(f"{other}: sub {r}, {r}, %a")
        p.emit(f"{join}: xor %s, %s, {r}")
    for k in range(0, 100, 2):
        p.emit(f"    add %s, %s, %r{k}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def live_across_loop(n):
    """Many registers set before a loop, read after it, a few updated in it."""
    p = Prog()
    regs = max(1, (n - 10) // 2)
    p.emit("func main(%a)")
    for k in range(regs):
        p.emit(f"    add %v{k}, %a, {k}")
    top = p.label()
    p.emit(f"{top}: add %v0, %v0, %i")
    p.emit("    xor %v1, %v1, %v0")
    p.emit("    add %i, %i, 1")
    p.emit(f"    jlt %i, 10, {top}")
    for k in range(regs):
        p.emit(f"    add %s, %s, %v{k}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def memory(n):
    """Loads and stores through one pointer, at many offsets."""
    p = Prog()
    p.emit(".memory 4096")
    p.emit("func main(%a)")
    for i in range(max(1, n // 3)):
        k = (i * 37) % 4000
        p.emit(f"    load %x, [%a+{k}]")
        p.emit(f"    add %x, %x, {i % 11}")
        p.emit(f"    store [%a+{(k + 5) % 4000}], %x")
    p.emit("    load %x, [%a+3]")
    p.emit("    print %x")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def branch_chain(n):
    """A chain of compare-and-skip branches."""
    p = Prog()
    p.emit("func main(%a)")
    for i in range(max(1, n // 2)):
        skip = p.label()
        p.emit(f"    jlt %a, {i % 17}, {skip}")
        p.emit(f"{skip}: add %s, %s, {i % 5}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def nested_ifs(n):
    """Branches nested in one another: a dominator tree as deep as the
    function is long."""
    p = Prog()
    depth = max(1, n // 3)
    p.emit("func main(%a)")
    ends = []
    for i in range(depth):
        end = p.label()
        ends.append(end)
        p.emit(f"    jlt %a, {i % 3 - 5}, {end}")
        p.emit(f"    add %s, %s, {i % 9}")
    for end in reversed(ends):
        p.emit(f"{end}: xor %s, %s, 1")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def straight(n):
    """Wide straight-line arithmetic over a few registers."""
    p = Prog()
    p.emit("func main(%a)")
    ops = ["add", "sub", "xor", "mul", "or", "and", "shl", "ushr"]
    for i in range(max(1, n)):
        d, x, y = f"%t{i % 8}", f"%t{(i + 3) % 8}", f"%t{(i + 5) % 8}"
        op = ops[i % len(ops)]
        rhs = f"{i % 7 + 1}" if op in ("shl", "ushr") else (y if i % 3 else "%a")
        p.emit(f"    {op} {d}, {x}, {rhs}")
    p.emit("    print %t0")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def many_live(n):
    """Values made one after another and all used at the end, in reverse:
    every value live across most of the function."""
    p = Prog()
    vals = max(1, n // 2)
    p.emit("func main(%a)")
    for k in range(vals):
        p.emit(f"    mul %v{k}, %a, {k + 3}")
    for k in reversed(range(vals)):
        p.emit(f"    add %s, %s, %v{k}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def phi_cycle(n):
    """A loop rotating many registers: one long cycle of phis, broken by
    SSA destruction's parallel copies."""
    p = Prog()
    regs = max(2, (n - 10) // 2)
    p.emit("func main(%a)")
    for k in range(regs):
        p.emit(f"    add %r{k}, %a, {k}")
    top = p.label()
    p.emit(f"{top}: mov %t, %r0")
    for k in range(regs - 1):
        p.emit(f"    mov %r{k}, %r{k + 1}")
    p.emit(f"    mov %r{regs - 1}, %t")
    p.emit("    add %i, %i, 1")
    p.emit(f"    jlt %i, 3, {top}")
    p.emit("    print %r0")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def nested_loops(n):
    """Loops nested in one another, each run once, lowered as a compiler
    lowers `for` loops (the counter set before the header). The bound is
    the parameter (1 when run), so constant propagation cannot fold the
    loops away and every phase sees the whole nest."""
    p = Prog()
    depth = max(1, n // 4)
    p.emit("func main(%a)")
    tops = []
    for d in range(depth):
        top = p.label()
        tops.append((d, top))
        p.emit(f"    mov %i{d}, 0")
        p.emit(f"{top}: add %s, %s, %a")
    for d, top in reversed(tops):
        p.emit(f"    add %i{d}, %i{d}, 1")
        p.emit(f"    jlt %i{d}, %a, {top}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def irreducible(n):
    """Loops entered at two places (irreducible control flow), one after
    another."""
    p = Prog()
    p.emit("func main(%a)")
    for _ in range(max(1, n // 5)):
        first, second = p.label(), p.label()
        p.emit("    mov %i, 0")
        p.emit(f"    jnz %a, {second}")
        p.emit(f"{first}: add %s, %s, 1")
        p.emit(f"{second}: add %i, %i, 1")
        p.emit(f"    jlt %i, 3, {first}")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def constants(n):
    """Operations on 64-bit constants that fit no immediate field."""
    p = Prog()
    p.emit("func main(%a)")
    ops = ["add", "xor", "mul", "sub", "and", "or"]
    for i in range(max(1, n)):
        c = (0x7FFF_0123_4567_89AB - i * 0x1_0000_0001) & ((1 << 63) - 1)
        p.emit(f"    {ops[i % len(ops)]} %s, %s, {c}")
    p.emit("    add %s, %s, %a")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def calls(n):
    """Straight-line calls of one small function."""
    p = Prog()
    p.emit("func small(%x)")
    p.emit("    mul %y, %x, 3")
    p.emit("    add %y, %y, 1")
    p.emit("    ret %y")
    p.emit("end")
    p.emit("func main(%a)")
    p.emit("    mov %s, %a")
    for _ in range(max(1, n - 6)):
        p.emit("    call %s, small, %s")
    p.emit("    print %s")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


def inline_tree(n):
    """A chain of functions, each calling the next at two sites: every
    compile's inlining tree is as deep and as wide as the inliner allows.
    The argument bounds the recursion at run time."""
    p = Prog()
    count = max(2, n // 10)
    for k in range(count):
        p.emit(f"func f{k}(%x)")
        if k + 1 < count:
            leaf = p.label()
            p.emit(f"    jle %x, 0, {leaf}")
            p.emit("    sub %y, %x, 1")
            p.emit(f"    call %u, f{k + 1}, %y")
            p.emit("    sub %y, %x, 2")
            p.emit(f"    call %w, f{k + 1}, %y")
            p.emit("    add %u, %u, %w")
            p.emit("    ret %u")
            p.emit(f"{leaf}: add %x, %x, {k}")
        p.emit("    ret %x")
        p.emit("end")
    p.emit("func main(%a)")
    p.emit("    call %r, f0, 3")
    p.emit("    print %r")
    p.emit("    ret 0")
    p.emit("end")
    return p.text()


SHAPES = {
    "diamonds": diamonds,
    "live_across_loop": live_across_loop,
    "memory": memory,
    "branch_chain": branch_chain,
    "nested_ifs": nested_ifs,
    "straight": straight,
    "many_live": many_live,
    "phi_cycle": phi_cycle,
    "nested_loops": nested_loops,
    "irreducible": irreducible,
    "constants": constants,
    "calls": calls,
    "inline_tree": inline_tree,
}


def measure(bcvm, path, tier, timeout):
    """Compiles `path` eagerly in `tier`: (instructions, µs per phase,
    total µs, budget units), summed over the compiles; None if a compile
    bailed out or the run timed out."""
    cmd = [bcvm, "run", "--tier", tier, "--compile-threads", "0", "--trace-compile", *BIG, path, "1"]
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    instrs, total, work, phases = 0, 0, 0, {}
    for line in run.stderr.splitlines():
        if not line.startswith("compile "):
            continue
        if not line.endswith("outcome=ok"):
            return "bailed: " + line.split("outcome=")[-1]
        fields = re.findall(r"(\S+)=(\d+)(us)?(?=\s|$)", line)
        f = {k: int(v) for k, v, _ in fields}
        # Bytecode instructions, and the IR instructions inlining added.
        instrs += f["instrs"] + f.get("grown", 0)
        total += f["total"]
        work += f.get("work", 0)
        for k, v, unit in fields:
            if unit and k not in ("total", "at", "queued", "pause"):
                phases[k] = phases.get(k, 0) + int(v)
    if run.returncode != 0:
        return f"exit {run.returncode}: {run.stderr.strip()[-200:]}"
    return instrs, phases, total, work


def median_run(bcvm, path, tier, runs, timeout):
    results = [measure(bcvm, path, tier, timeout) for _ in range(runs)]
    bad = [r for r in results if not isinstance(r, tuple)]
    if bad:
        return bad[0]
    results.sort(key=lambda r: r[2])
    return results[len(results) // 2]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bcvm", default=os.path.join(ROOT, "target", "x86_64-unknown-linux-gnu", "release", "bcvm"))
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--only", help="comma-separated shapes")
    ap.add_argument("--tiers", default="jit,baseline")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--top", type=int, default=3, help="phases shown per row")
    ap.add_argument("--save", help="directory to keep the programs in")
    args = ap.parse_args()
    shapes = args.only.split(",") if args.only else list(SHAPES)
    sizes = [int(s) for s in args.sizes.split(",")]
    workdir = args.save or tempfile.mkdtemp(prefix="bcvm-shapes-")
    os.makedirs(workdir, exist_ok=True)
    for tier in args.tiers.split(","):
        name = "optimizing" if tier == "jit" else tier
        print(f"## {name} compiler (--tier {tier})\n")
        print("| shape | size | instrs | µs/instr | x median | ns/unit | dearest phases (µs/instr) |")
        print("|---|---|---|---|---|---|---|")
        for size in sizes:
            rows = []
            for shape in shapes:
                path = os.path.join(workdir, f"{shape}_{size}.bc")
                with open(path, "w") as out:
                    out.write(SHAPES[shape](size))
                rows.append((shape, median_run(args.bcvm, path, tier, args.runs, args.timeout)))
            costs = [r[2] / r[0] for _, r in rows if isinstance(r, tuple) and r[0]]
            med = statistics.median(costs) if costs else 1
            for shape, r in rows:
                if not isinstance(r, tuple):
                    print(f"| {shape} | {size} | | {r} | | | |")
                    continue
                instrs, phases, total, work = r
                per = total / instrs
                dear = sorted(phases.items(), key=lambda kv: -kv[1])[: args.top]
                dear = ", ".join(f"{k} {v / instrs:.2f}" for k, v in dear if v)
                unit = f"{total / work * 1000:.1f} ns" if work else "-"
                print(f"| {shape} | {size} | {instrs} | {per:.2f} | {per / med:.1f} | {unit} | {dear} |")
            sys.stdout.flush()
        print()


if __name__ == "__main__":
    main()
