/* benches/bc/awfy_queens.bc, statement for statement. */
#include <stdio.h>
#include <stdlib.h>

static long mem[65536];

/* The heap: mem[0] holds the bump pointer; objects start at 16. */
static long alloc(long n) {
    long p = mem[0];
    mem[0] = p + n;
    return p;
}

/* An array is [length, element 0, element 1, ...], its elements cleared. */
static long new_array(long n) {
    long a = alloc(n + 1);
    mem[a] = n;
    for (long i = 0; i < n; i++) mem[a + 1 + i] = 0;
    return a;
}

/* A failed check in the original throws; here it ends the process. */
static void error(void) {
    fputs("error\n", stderr);
    exit(1);
}

static long new_filled(long n, long value) {
    long a = new_array(n);
    for (long i = 0; i < n; i++) mem[a + 1 + i] = value;
    return a;
}

static long get_row_column(long q, long r, long c) {
    return mem[mem[q] + 1 + r] && mem[mem[q + 1] + 1 + c + r] && mem[mem[q + 2] + 8 + c - r];
}

static void set_row_column(long q, long r, long c, long v) {
    mem[mem[q] + 1 + r] = v;
    mem[mem[q + 1] + 1 + c + r] = v;
    mem[mem[q + 2] + 8 + c - r] = v;
}

static long place_queen(long q, long c) {
    for (long r = 0; r < 8; r++) {
        if (get_row_column(q, r, c)) {
            mem[mem[q + 3] + 1 + r] = c;
            set_row_column(q, r, c, 0);
            if (c == 7) return 1;
            if (place_queen(q, c + 1)) return 1;
            set_row_column(q, r, c, 1);
        }
    }
    return 0;
}

static long queens(long q) {
    mem[q] = new_filled(8, 1);
    mem[q + 1] = new_filled(16, 1);
    mem[q + 2] = new_filled(16, 1);
    mem[q + 3] = new_filled(8, -1);
    return place_queen(q, 0);
}

static long benchmark(void) {
    mem[0] = 16;
    long q = alloc(4);
    long result = 1;
    for (long i = 0; i < 10; i++) result = result && queens(q);
    return result;
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
