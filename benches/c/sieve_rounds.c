/* programs/sieve_rounds.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long cells[1048576];

static long sieve(long n) {
    for (long k = 0; k < n; k++) cells[k] = 0;
    long primes = 0;
    for (long i = 2; i < n; i++) {
        if (cells[i]) continue;
        primes++;
        for (long j = i * i; j < n; j += i) cells[j] = 1;
    }
    return primes;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]), rounds = atol(argv[2]);
    long total = 0;
    for (long r = 0; r < rounds; r++) total += sieve(n);
    printf("%ld\n", total);
    return 0;
}
