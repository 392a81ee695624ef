/* benches/bc/awfy_storage.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[65536];

/* The heap: mem[0] holds the bump pointer; objects start at 16. */
static long alloc(long n) {
    long p = mem[0];
    mem[0] = p + n;
    return p;
}

/* An array is [length, element 0, element 1, ...], its elements cleared. */
static long new_array(long n) {
    long a = alloc(n + 1);
    mem[a] = n;
    for (long i = 0; i < n; i++) mem[a + 1 + i] = 0;
    return a;
}

/* A failed check in the original throws; here it ends the process. */
static void error(void) {
    fputs("error\n", stderr);
    exit(1);
}

/* Are-We-Fast-Yet's Random: a record {seed}. */
static long new_random(void) {
    long r = alloc(1);
    mem[r] = 74755;
    return r;
}

static long random_next(long r) {
    long seed = mem[r];
    seed = ((seed * 1309) + 13849) & 65535;
    mem[r] = seed;
    return seed;
}

static long build_tree_depth(long s, long depth, long random) {
    mem[s] = mem[s] + 1;
    if (depth == 1) return new_array(random_next(random) % 10 + 1);
    long arr = new_array(4);
    for (long i = 0; i < 4; i++) mem[arr + 1 + i] = build_tree_depth(s, depth - 1, random);
    return arr;
}

static long benchmark(void) {
    mem[0] = 16;
    long random = new_random();
    long s = alloc(1);
    mem[s] = 0;
    build_tree_depth(s, 7, random);
    return mem[s];
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
