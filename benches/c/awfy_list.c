/* benches/bc/awfy_list.bc, statement for statement. */
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

static long make_list(long length) {
    if (length == 0) return 0;
    long e = alloc(2);
    mem[e] = length;
    mem[e + 1] = 0;
    mem[e + 1] = make_list(length - 1);
    return e;
}

static long is_shorter_than(long x, long y) {
    long x_tail = x, y_tail = y;
    while (y_tail != 0) {
        if (x_tail == 0) return 1;
        x_tail = mem[x_tail + 1];
        y_tail = mem[y_tail + 1];
    }
    return 0;
}

static long tail(long x, long y, long z) {
    if (is_shorter_than(y, x))
        return tail(tail(mem[x + 1], y, z), tail(mem[y + 1], z, x), tail(mem[z + 1], x, y));
    return z;
}

static long length(long e) {
    if (mem[e + 1] == 0) return 1;
    return 1 + length(mem[e + 1]);
}

static long benchmark(void) {
    mem[0] = 16;
    long x = make_list(15);
    long y = make_list(10);
    long z = make_list(6);
    return length(tail(x, y, z));
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
