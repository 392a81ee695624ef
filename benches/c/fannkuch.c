/* benches/bc/fannkuch.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long perm1[16], perm[16], count[16];
    for (long i = 0; i < n; i++) perm1[i] = i;
    long maxf = 0, sum = 0, pc = 0, r = n;
    for (;;) {
        for (; r > 1; r--) count[r - 1] = r;
        for (long i = 0; i < n; i++) perm[i] = perm1[i];
        long flips = 0;
        for (long k = perm[0]; k != 0; k = perm[0]) {
            for (long lo = 0, hi = k; lo < hi; lo++, hi--) {
                long t = perm[lo]; perm[lo] = perm[hi]; perm[hi] = t;
            }
            flips++;
        }
        if (flips > maxf) maxf = flips;
        sum += (pc & 1) ? -flips : flips;
        for (;;) {
            if (r == n) goto done;
            long p0 = perm1[0];
            for (long i = 0; i < r; i++) perm1[i] = perm1[i + 1];
            perm1[r] = p0;
            if (--count[r] > 0) break;
            r++;
        }
        pc++;
    }
done:
    printf("%ld\n%ld\n", sum, maxf);
    return 0;
}
