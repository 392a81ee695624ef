/* benches/bc/awfy_towers.bc, statement for statement. */
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

static long new_disk(long size) {
    long d = alloc(2);
    mem[d] = size;
    mem[d + 1] = 0;
    return d;
}

static void push_disk(long t, long disk, long pile) {
    long slot = mem[t] + pile;
    long top = mem[slot + 1];
    if (top != 0 && mem[disk] >= mem[top]) error();
    mem[disk + 1] = top;
    mem[slot + 1] = disk;
}

static long pop_disk_from(long t, long pile) {
    long slot = mem[t] + pile;
    long top = mem[slot + 1];
    if (top == 0) error();
    mem[slot + 1] = mem[top + 1];
    mem[top + 1] = 0;
    return top;
}

static void move_top_disk(long t, long from, long to) {
    push_disk(t, pop_disk_from(t, from), to);
    mem[t + 1] = mem[t + 1] + 1;
}

static void build_tower_at(long t, long pile, long disks) {
    for (long i = disks; i >= 0; i--) push_disk(t, new_disk(i), pile);
}

static void move_disks(long t, long disks, long from, long to) {
    if (disks == 1) {
        move_top_disk(t, from, to);
        return;
    }
    long other = 3 - from - to;
    move_disks(t, disks - 1, from, other);
    move_top_disk(t, from, to);
    move_disks(t, disks - 1, other, to);
}

static long benchmark(void) {
    mem[0] = 16;
    long t = alloc(2);
    mem[t] = new_array(3);
    mem[t + 1] = 0;
    build_tower_at(t, 0, 13);
    mem[t + 1] = 0;
    move_disks(t, 13, 0, 1);
    return mem[t + 1];
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
