/* benches/bc/matmul.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[200000];

int main(int argc, char **argv) {
    long n = atol(argv[1]), nn = n * n, cbase = nn * 2;
    for (long i = 0; i < nn; i++) {
        mem[i] = i % 7 - 3;
        mem[i + nn] = (i * 31) % 11;
    }
    for (long i = 0; i < n; i++) {
        long arow = i * n;
        for (long j = 0; j < n; j++) {
            long acc = 0, ai = arow, bi = nn + j;
            for (long k = 0; k < n; k++) {
                acc += mem[ai] * mem[bi];
                ai += 1;
                bi += n;
            }
            mem[arow + j + cbase] = acc;
        }
    }
    long t = 0, h = 0;
    for (long i = 0; i < n; i++) t += mem[i * n + i + cbase];
    for (long i = 0; i < nn; i++) h += mem[i + cbase] * (i % 13);
    printf("%ld\n%ld\n", t, h);
    return 0;
}
