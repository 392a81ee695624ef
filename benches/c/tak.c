/* benches/bc/tak.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long tak(long x, long y, long z) {
    if (!(y < x)) return z;
    long a = tak(x - 1, y, z);
    long b = tak(y - 1, z, x);
    long c = tak(z - 1, x, y);
    return tak(a, b, c);
}

int main(int argc, char **argv) {
    printf("%ld\n", tak(atol(argv[1]), atol(argv[2]), atol(argv[3])));
    return 0;
}
