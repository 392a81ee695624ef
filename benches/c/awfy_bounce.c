/* benches/bc/awfy_bounce.bc, statement for statement. */
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

static long new_ball(long random) {
    long b = alloc(4);
    mem[b] = random_next(random) % 500;
    mem[b + 1] = random_next(random) % 500;
    mem[b + 2] = random_next(random) % 300 - 150;
    mem[b + 3] = random_next(random) % 300 - 150;
    return b;
}

static long abs_(long x) { return x < 0 ? -x : x; }

static long bounce(long b) {
    long bounced = 0;
    mem[b] = mem[b] + mem[b + 2];
    mem[b + 1] = mem[b + 1] + mem[b + 3];
    if (mem[b] > 500) { mem[b] = 500; mem[b + 2] = 0 - abs_(mem[b + 2]); bounced = 1; }
    if (mem[b] < 0) { mem[b] = 0; mem[b + 2] = abs_(mem[b + 2]); bounced = 1; }
    if (mem[b + 1] > 500) { mem[b + 1] = 500; mem[b + 3] = 0 - abs_(mem[b + 3]); bounced = 1; }
    if (mem[b + 1] < 0) { mem[b + 1] = 0; mem[b + 3] = abs_(mem[b + 3]); bounced = 1; }
    return bounced;
}

static long benchmark(void) {
    mem[0] = 16;
    long random = new_random();
    long balls = new_array(100);
    for (long i = 0; i < 100; i++) mem[balls + 1 + i] = new_ball(random);
    long bounces = 0;
    for (long i = 0; i < 50; i++)
        for (long j = 0; j < mem[balls]; j++)
            if (bounce(mem[balls + 1 + j])) bounces++;
    return bounces;
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
