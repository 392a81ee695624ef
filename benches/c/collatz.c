/* programs/collatz.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long steps(long x) {
    long s = 0;
    while (x > 1) {
        if (x & 1) x = x * 3 + 1;
        else x = x >> 1;
        s++;
    }
    return s;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]), best = 0, arg = 0;
    for (long i = 1; i < n; i++) {
        long s = steps(i);
        if (s > best) { best = s; arg = i; }
    }
    printf("%ld\n%ld\n", arg, best);
    return 0;
}
