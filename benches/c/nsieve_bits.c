/* benches/bc/nsieve_bits.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[1310720];

static long nsieve(long m) {
    long last = (long)((unsigned long)m >> 5);
    for (long w = 0; w <= last; w++) mem[w] = -1;
    long count = 0;
    for (long i = 2; i <= m; i++) {
        long word = mem[(unsigned long)i >> 5];
        long bit = 1L << (i & 31);
        if ((word & bit) == 0) continue;
        count++;
        for (long j = i + i; j <= m; j += i) {
            long jw = (long)((unsigned long)j >> 5);
            long x = mem[jw];
            long b = ~(1L << (j & 31));
            mem[jw] = x & b;
        }
    }
    return count;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    for (long k = 0; k <= 2; k++) {
        long m = 10000L << (n - k);
        long c = nsieve(m);
        printf("%ld\n%ld\n", m, c);
    }
    return 0;
}
