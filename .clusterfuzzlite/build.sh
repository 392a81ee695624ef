#!/bin/bash -eu
# Builds every fuzz target of fuzz/ into $OUT, with a seed corpus
# ($OUT/TARGET_seed_corpus.zip) and, for the targets over .bc text, the
# dictionary ($OUT/TARGET.dict): ClusterFuzzLite's and OSS-Fuzz's
# build.sh. Outside Docker it runs from a checkout as it is
# (`bash .clusterfuzzlite/build.sh`), building into fuzz/out unless $OUT
# says otherwise.
cd "$(dirname "$0")/.."
OUT="${OUT:-$PWD/fuzz/out}"
mkdir -p "$OUT"
TARGETS="loader load_and_run differential mutate slow_compile"
# Inside ClusterFuzzLite's image the default toolchain is its nightly.
if [ -n "${SANITIZER:-}" ]; then cargo=(cargo); else cargo=(cargo +nightly); fi
"${cargo[@]}" fuzz build -O --debug-assertions
for target in $TARGETS; do
    cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
done
seeds="$(mktemp -d)"
python3 fuzz/seeds.py "$seeds"
for target in $TARGETS; do
    (cd "$seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
for target in loader load_and_run slow_compile; do
    cp fuzz/bc.dict "$OUT/$target.dict"
done
rm -rf "$seeds"
echo "built into $OUT: $TARGETS"
