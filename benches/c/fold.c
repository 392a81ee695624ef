/* benches/bc/fold.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]), s = 0;
    for (long i = 0; i < n; i++) {
        long k = 6 * 7;
        k = k + 8;
        k = k - 50;
        s += k;
        s += 1;
    }
    printf("%ld\n", s);
    return 0;
}
