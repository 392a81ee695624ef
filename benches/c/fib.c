/* benches/bc/fib.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long fib(long n) {
    if (n < 2) return n;
    long x = fib(n - 1);
    long y = fib(n - 2);
    return x + y;
}

int main(int argc, char **argv) {
    printf("%ld\n", fib(atol(argv[1])));
    return 0;
}
