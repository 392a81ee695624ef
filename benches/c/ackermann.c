/* benches/bc/ackermann.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long ack(long m, long n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    long inner = ack(m, n - 1);
    return ack(m - 1, inner);
}

int main(int argc, char **argv) {
    printf("%ld\n", ack(atol(argv[1]), atol(argv[2])));
    return 0;
}
