/* programs/sieve.bc, statement for statement: one cell per number. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long *c = calloc(n > 2 ? n : 2, sizeof *c);
    for (long i = 2; i * i < n; i++) {
        if (c[i]) continue;
        for (long j = i * i; j < n; j += i) c[j] = 1;
    }
    long primes = 0;
    for (long k = 2; k < n; k++)
        if (!c[k]) primes++;
    printf("%ld\n", primes);
    return 0;
}
