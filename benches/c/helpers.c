/* benches/bc/helpers.bc, statement for statement. The helpers are
   separate functions, as in the bytecode; gcc may inline them, as a
   JIT's inliner may. */
#include <stdio.h>
#include <stdlib.h>

static long absolute(long x) { return x >= 0 ? x : 0 - x; }
static long min(long a, long b) { return a <= b ? a : b; }
static long max(long a, long b) { return a >= b ? a : b; }
static long clamp(long x, long lo, long hi) { return min(max(x, lo), hi); }
static long step(long s) { return s * 16807 % 2147483647; }

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long s = 42, acc = 0;
    for (long i = 0; i < n; i++) {
        s = step(s);
        long v = s - 1073741824;
        long a = absolute(v);
        long c = clamp(v, -1000000, 1000000);
        acc = (acc + a + c + 1000000) % 1099511627776;
    }
    printf("%ld\n", acc);
    return 0;
}
