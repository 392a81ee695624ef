/* benches/bc/monte_carlo.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[64];

static void seed(long s) {
    long jseed = s;
    if (jseed < 0) jseed = -jseed;
    if (jseed > 2147483647) jseed = 2147483647;
    if (jseed % 2 == 0) jseed -= 1;
    long k0 = 9069 % 65536, k1 = 9069 / 65536;
    long j0 = jseed % 65536, j1 = jseed / 65536;
    for (long l = 0; l < 17; l++) {
        jseed = j0 * k0;
        j1 = (jseed / 65536 + j0 * k1 + j1 * k0) % 32768;
        j0 = jseed % 65536;
        mem[l + 2] = j1 * 65536 + j0;
    }
    mem[0] = 4;
    mem[1] = 16;
}

static double next_double(long r) {
    long i = mem[r], j = mem[r + 1];
    long k = mem[r + i + 2] - mem[r + j + 2];
    if (k < 0) k += 2147483647;
    mem[r + j + 2] = k;
    if (i == 0) i = 17;
    mem[r] = i - 1;
    if (j == 0) j = 17;
    mem[r + 1] = j - 1;
    double dm1 = 1.0 / 2147483647.0;
    return dm1 * (double)k;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    seed(113);
    long under = 0;
    for (long count = 0; count < n; count++) {
        double x = next_double(0);
        double y = next_double(0);
        double s = x * x + y * y;
        under += s <= 1.0;
    }
    printf("%ld\n", under);
    printf("%.9f\n", (double)under / (double)n * 4.0);
    return 0;
}
