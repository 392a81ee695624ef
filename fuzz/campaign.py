#!/usr/bin/env python3
"""A local fuzzing campaign: every target of fuzz/ for SECONDS each, on
its corpus (fuzz/corpus/TARGET, seeded by seeds.py, kept between
campaigns), then its coverage over that corpus; prints per target the
executions, libFuzzer's coverage counters (`cov`: edges, `ft`:
features), the corpus size, the findings (fuzz/artifacts/TARGET: crashes,
timeouts, leaks, out-of-memory; not the inputs kept as slow) and the
line and region coverage of the project's own sources (`cargo fuzz
coverage`, then the nightly toolchain's `llvm-cov report`). Needs
cargo-fuzz and the nightly toolchain's llvm-tools-preview.

    python3 fuzz/campaign.py --seconds 600 [--jobs 2] [--target NAME ...]
"""
import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "fuzz")
TARGETS = ["loader", "load_and_run", "differential", "mutate", "slow_compile"]
TEXT_TARGETS = {"loader", "load_and_run", "slow_compile"}


def llvm_tool(name):
    sysroot = subprocess.run(["rustc", "+nightly", "--print", "sysroot"], capture_output=True,
                             text=True, check=True).stdout.strip()
    found = glob.glob(os.path.join(sysroot, "lib", "rustlib", "*", "bin", name))
    if not found:
        sys.exit(f"no {name}: rustup component add llvm-tools-preview --toolchain nightly")
    return found[0]


def fuzz(target, seconds, jobs):
    corpus = os.path.join(FUZZ, "corpus", target)
    args = ["cargo", "+nightly", "fuzz", "run", target, corpus, "--",
            f"-max_total_time={seconds}", "-print_final_stats=1", "-timeout=60"]
    if jobs > 1:
        args += [f"-fork={jobs}", "-ignore_crashes=1"]
    if target in TEXT_TARGETS:
        args.append(f"-dict={os.path.join(FUZZ, 'bc.dict')}")
    if target == "mutate":
        # The program's byte and `MAX_EDITS` edits of three bytes; the
        # seeds alone would hold libFuzzer's length to theirs.
        args.append("-max_len=49")
    run = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    log = run.stdout + run.stderr
    with open(os.path.join(FUZZ, f"campaign-{target}.log"), "w") as f:
        f.write(log)
    execs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", log)
    if not execs:
        # -fork mode prints its own totals.
        execs = re.findall(r"exec/s:.*?\s(\d+) total|execs: (\d+)", log)
    stats = re.findall(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)", log)
    last = stats[-1] if stats else ("0", "0", "0", "0")
    # libFuzzer also keeps inputs slower than 10 s (`slow-unit-`), which
    # are not failures: crashes, timeouts, leaks and out-of-memory are.
    artifacts = [a for a in glob.glob(os.path.join(FUZZ, "artifacts", target, "*"))
                 if not os.path.basename(a).startswith("slow-unit-")]
    return {
        "execs": int(execs[-1]) if execs and isinstance(execs[-1], str) else int(last[0]),
        "cov": int(last[1]), "ft": int(last[2]), "corpus": len(os.listdir(corpus)),
        "findings": len(artifacts), "status": run.returncode,
    }


def coverage(target):
    subprocess.run(["cargo", "+nightly", "fuzz", "coverage", target,
                    os.path.join(FUZZ, "corpus", target)],
                   cwd=ROOT, capture_output=True, text=True, check=True)
    profile = os.path.join(FUZZ, "coverage", target, "coverage.profdata")
    # cargo-fuzz builds it under the target directory cargo picks.
    binaries = [b for d in (FUZZ, ROOT)
                for b in glob.glob(os.path.join(d, "target", "*", "coverage", "*", "release", target))]
    binary = max(binaries, key=os.path.getmtime)
    report = subprocess.run(
        [llvm_tool("llvm-cov"), "report", binary, f"-instr-profile={profile}",
         "-ignore-filename-regex=(/\\.cargo/|/rustc/|fuzz_targets|/library/)"],
        capture_output=True, text=True, check=True).stdout
    total = [l for l in report.splitlines() if l.startswith("TOTAL")][0].split()
    # TOTAL regions missed cover% functions missed exec% lines missed cover% ...
    return {"regions": total[3], "lines": total[9]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--target", action="append", choices=TARGETS)
    ap.add_argument("--no-coverage", action="store_true")
    ap.add_argument("--coverage-only", action="store_true",
                    help="measure the corpus's coverage without fuzzing")
    args = ap.parse_args()
    corpus = os.path.join(FUZZ, "corpus")
    subprocess.run([sys.executable, os.path.join(FUZZ, "seeds.py"), corpus], check=True)
    print("| target | seconds | executions | cov (edges) | ft | corpus | findings | lines | regions |")
    print("|---|---|---|---|---|---|---|---|---|")
    for target in args.target or TARGETS:
        r = (fuzz(target, args.seconds, args.jobs) if not args.coverage_only else
             {"execs": 0, "cov": 0, "ft": 0, "findings": 0,
              "corpus": len(os.listdir(os.path.join(corpus, target)))})
        c = {"lines": "-", "regions": "-"} if args.no_coverage else coverage(target)
        print(f"| {target} | {args.seconds} | {r['execs']:,} | {r['cov']:,} | {r['ft']:,} | "
              f"{r['corpus']:,} | {r['findings']} | {c['lines']} | {c['regions']} |", flush=True)


if __name__ == "__main__":
    main()
