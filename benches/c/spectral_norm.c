/* programs/spectral_norm.bc, statement for statement. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static long n;

static void av(const double *src, double *dst) {
    for (long i = 0; i < n; i++) {
        double sum = 0.0;
        for (long j = 0; j < n; j++) {
            long ij = i + j;
            long a = (ij + 1) * ij / 2 + i + 1;
            sum += src[j] / (double)a;
        }
        dst[i] = sum;
    }
}

static void atv(const double *src, double *dst) {
    for (long i = 0; i < n; i++) {
        double sum = 0.0;
        for (long j = 0; j < n; j++) {
            long ij = i + j;
            long a = (ij + 1) * ij / 2 + j + 1;
            sum += src[j] / (double)a;
        }
        dst[i] = sum;
    }
}

static void atav(const double *src, double *dst, double *tmp) {
    av(src, tmp);
    atv(tmp, dst);
}

int main(int argc, char **argv) {
    n = atol(argv[1]);
    double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v), *tmp = calloc(n, sizeof *tmp);
    for (long i = 0; i < n; i++) u[i] = 1.0;
    for (int k = 0; k < 10; k++) {
        atav(u, v, tmp);
        atav(v, u, tmp);
    }
    double vbv = 0.0, vv = 0.0;
    for (long i = 0; i < n; i++) {
        vbv += u[i] * v[i];
        vv += v[i] * v[i];
    }
    printf("%.9f\n", sqrt(vbv / vv));
    return 0;
}
