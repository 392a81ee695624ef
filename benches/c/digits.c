/* benches/bc/digits.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]), digits = 0, mixed = 0;
    for (long i = 0; i < n; i++) {
        for (long x = i; x != 0; x /= 10) digits += x % 10;
        mixed += i % 7;
        mixed += (i / 8) % 3;
    }
    printf("%ld\n%ld\n", digits, mixed);
    return 0;
}
