/* benches/bc/lu.bc, statement for statement: SciMark 2.0's LU with its
   generator (the matrices as arrays of row pointers, as SciMark's C
   version has them). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static long gen[19];

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
        gen[l + 2] = j1 * 65536 + j0;
    }
    gen[0] = 4;
    gen[1] = 16;
}

static double next_double(void) {
    long i = gen[0], j = gen[1];
    long k = gen[i + 2] - gen[j + 2];
    if (k < 0) k += 2147483647;
    gen[j + 2] = k;
    if (i == 0) i = 17;
    gen[0] = i - 1;
    if (j == 0) j = 17;
    gen[1] = j - 1;
    double dm1 = 1.0 / 2147483647.0;
    return dm1 * (double)k;
}

static double **new_matrix(long n) {
    double **a = malloc(n * sizeof *a);
    double *rows = malloc(n * n * sizeof *rows);
    for (long i = 0; i < n; i++) a[i] = rows + i * n;
    return a;
}

static void random_matrix(double **a, long n) {
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) a[i][j] = next_double();
}

static void copy_matrix(double **b, double **a, long n) {
    for (long i = 0; i < n; i++) {
        double *bi = b[i], *ai = a[i];
        for (long j = 0; j < n; j++) bi[j] = ai[j];
    }
}

static long factor(double **a, long n, long *pivot) {
    for (long j = 0; j < n; j++) {
        long jp = j;
        double t = fabs(a[j][j]);
        for (long i = j + 1; i < n; i++) {
            double ab = fabs(a[i][j]);
            if (ab > t) {
                jp = i;
                t = ab;
            }
        }
        pivot[j] = jp;
        if (a[jp][j] == 0.0) return 1;
        if (jp != j) {
            double *row = a[j];
            a[j] = a[jp];
            a[jp] = row;
        }
        if (j < n - 1) {
            double recp = 1.0 / a[j][j];
            for (long k = j + 1; k < n; k++) a[k][j] *= recp;
            for (long ii = j + 1; ii < n; ii++) {
                double *aii = a[ii], *aj = a[j];
                double aiij = aii[j];
                for (long jj = j + 1; jj < n; jj++) aii[jj] -= aiij * aj[jj];
            }
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]), cycles = atol(argv[2]);
    seed(113);
    double **a = new_matrix(n), **lu = new_matrix(n);
    long *pivot = malloc(n * sizeof *pivot);
    random_matrix(a, n);
    long failed = 0;
    for (long c = 0; c < cycles; c++) {
        copy_matrix(lu, a, n);
        failed += factor(lu, n, pivot);
    }
    printf("%ld\n", failed);
    long sum = 0;
    for (long i = 0; i < n; i++) sum += pivot[i];
    printf("%ld\n", sum);
    double total = 0.0;
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) total += lu[i][j];
    printf("%.6f\n", total);
    return 0;
}
