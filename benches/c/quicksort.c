/* benches/bc/quicksort.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[1000000];

static void sort(long lo, long hi) {
    if (lo >= hi) return;
    long mid = (lo + hi) / 2, p = mem[mid];
    mem[mid] = mem[hi];
    mem[hi] = p;
    long s = lo;
    for (long i = lo; i < hi; i++) {
        long v = mem[i];
        if (v < p) { mem[i] = mem[s]; mem[s] = v; s++; }
    }
    mem[hi] = mem[s];
    mem[s] = p;
    sort(lo, s - 1);
    sort(s + 1, hi);
}

int main(int argc, char **argv) {
    long n = atol(argv[1]), x = 42;
    for (long i = 0; i < n; i++) { x = (x * 16807) % 2147483647; mem[i] = x; }
    sort(0, n - 1);
    long ok = 1;
    for (long i = 1; i < n; i++) if (mem[i - 1] > mem[i]) ok = 0;
    printf("%ld\n%ld\n%ld\n%ld\n", mem[0], mem[n / 2], mem[n - 1], ok);
    return 0;
}
