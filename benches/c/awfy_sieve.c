/* benches/bc/awfy_sieve.bc, statement for statement. */
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

static long sieve(long flags, long size) {
    long count = 0;
    for (long i = 2; i <= size; i++) {
        if (mem[flags + 1 + i - 1]) {
            count++;
            for (long k = i + i; k <= size; k += i) mem[flags + 1 + k - 1] = 0;
        }
    }
    return count;
}

static long benchmark(void) {
    mem[0] = 16;
    long flags = new_array(5000);
    for (long i = 0; i < 5000; i++) mem[flags + 1 + i] = 1;
    return sieve(flags, 5000);
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
