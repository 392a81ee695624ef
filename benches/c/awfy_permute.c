/* benches/bc/awfy_permute.bc, statement for statement. */
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

static void swap(long p, long i, long j) {
    long tmp = mem[mem[p + 1] + 1 + i];
    mem[mem[p + 1] + 1 + i] = mem[mem[p + 1] + 1 + j];
    mem[mem[p + 1] + 1 + j] = tmp;
}

static void permute(long p, long n) {
    mem[p] = mem[p] + 1;
    if (n != 0) {
        long n1 = n - 1;
        permute(p, n1);
        for (long i = n1; i >= 0; i--) {
            swap(p, n1, i);
            permute(p, n1);
            swap(p, n1, i);
        }
    }
}

static long benchmark(void) {
    mem[0] = 16;
    long p = alloc(2);
    mem[p] = 0;
    mem[p + 1] = new_array(6);
    permute(p, 6);
    return mem[p];
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
