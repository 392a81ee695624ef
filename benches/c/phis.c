/* benches/bc/phis.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long swap(long n) {
    long a = 1, b = 2;
    for (long i = 0; i < n; i++) { long t = a; a = b; b = t; }
    return a * 10 + b;
}

static long rotate(long n) {
    long a = 1, b = 2, c = 3;
    for (long i = 0; i < n; i++) { long t = a; a = b; b = c; c = t; }
    return a * 100 + b * 10 + c;
}

static long lost_copy(long n) {
    long x = 0, y;
    do { y = x; x = x + 1; } while (x < n);
    return y;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    printf("%ld\n", swap(n));
    printf("%ld\n", rotate(n + 1));
    printf("%ld\n", lost_copy(n));
    return 0;
}
