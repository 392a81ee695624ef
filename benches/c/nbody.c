/* programs/nbody.bc, statement for statement: body i in cells 7i..7i+6. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double mem[35];

static void body(long i, double x, double y, double z, double vx, double vy, double vz, double m) {
    long b = i * 7;
    mem[b] = x, mem[b + 1] = y, mem[b + 2] = z;
    mem[b + 3] = vx * 365.24, mem[b + 4] = vy * 365.24, mem[b + 5] = vz * 365.24;
    mem[b + 6] = m * 39.47841760435743;
}

static void init(void) {
    body(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0);
    body(1, 4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01, 1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05, 9.54791938424326609e-04);
    body(2, 8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01, -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05, 2.85885980666130812e-04);
    body(3, 1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01, 2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05, 4.36624404335156298e-05);
    body(4, 1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01, 2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05, 5.15138902046611451e-05);
}

static void offset_momentum(void) {
    double px = 0.0, py = 0.0, pz = 0.0;
    for (long i = 0; i < 5; i++) {
        long b = i * 7;
        double m = mem[b + 6];
        px += mem[b + 3] * m;
        py += mem[b + 4] * m;
        pz += mem[b + 5] * m;
    }
    mem[3] = -(px / 39.47841760435743);
    mem[4] = -(py / 39.47841760435743);
    mem[5] = -(pz / 39.47841760435743);
}

static double energy(void) {
    double e = 0.0;
    for (long i = 0; i < 5; i++) {
        long bi = i * 7;
        double m = mem[bi + 6], vx = mem[bi + 3], vy = mem[bi + 4], vz = mem[bi + 5];
        double v2 = vx * vx;
        v2 += vy * vy;
        v2 += vz * vz;
        e += m * v2 * 0.5;
        for (long j = i + 1; j < 5; j++) {
            long bj = j * 7;
            double dx = mem[bi] - mem[bj];
            double dy = mem[bi + 1] - mem[bj + 1];
            double dz = mem[bi + 2] - mem[bj + 2];
            double d2 = dx * dx;
            d2 += dy * dy;
            d2 += dz * dz;
            double d = sqrt(d2);
            e -= m * mem[bj + 6] / d;
        }
    }
    return e;
}

static void advance(double dt) {
    for (long i = 0; i < 5; i++) {
        long bi = i * 7;
        double xi = mem[bi], yi = mem[bi + 1], zi = mem[bi + 2], mi = mem[bi + 6];
        for (long j = i + 1; j < 5; j++) {
            long bj = j * 7;
            double dx = xi - mem[bj], dy = yi - mem[bj + 1], dz = zi - mem[bj + 2];
            double d2 = dx * dx;
            d2 += dy * dy;
            d2 += dz * dz;
            double d = sqrt(d2);
            double mag = dt / (d2 * d);
            double fj = mem[bj + 6] * mag, fi = mi * mag;
            mem[bi + 3] -= dx * fj;
            mem[bi + 4] -= dy * fj;
            mem[bi + 5] -= dz * fj;
            mem[bj + 3] += dx * fi;
            mem[bj + 4] += dy * fi;
            mem[bj + 5] += dz * fi;
        }
    }
    for (long i = 0; i < 5; i++) {
        long b = i * 7;
        mem[b] += mem[b + 3] * dt;
        mem[b + 1] += mem[b + 4] * dt;
        mem[b + 2] += mem[b + 5] * dt;
    }
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    init();
    offset_momentum();
    printf("%.9f\n", energy());
    for (long k = 0; k < n; k++) advance(0.01);
    printf("%.9f\n", energy());
    return 0;
}
