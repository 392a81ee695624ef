/* programs/sum.bc, statement for statement (wrapping 64-bit sum). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    unsigned long s = 0;
    for (long i = 0; i < n; i++) s += (unsigned long)i;
    printf("%ld\n", (long)s);
    return 0;
}
