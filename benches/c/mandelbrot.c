/* programs/mandelbrot.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long inside(double cr, double ci) {
    double zr = 0.0, zi = 0.0;
    for (long k = 0; k < 50; k++) {
        double rr = zr * zr, ii = zi * zi;
        if (rr + ii > 4.0) return 0;
        double ri = zr * zi;
        zr = rr - ii + cr;
        zi = ri + ri + ci;
    }
    return 1;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    double fn = (double)n;
    long count = 0;
    for (long y = 0; y < n; y++) {
        double ci = (double)y * 2.0 / fn - 1.0;
        for (long x = 0; x < n; x++) {
            double cr = (double)x * 2.0 / fn - 1.5;
            long in = inside(cr, ci);
            count += in;
            if (n <= 40) putchar(in ? '*' : '.');
        }
        if (n <= 40) putchar('\n');
    }
    printf("%ld\n", count);
    return 0;
}
