/* benches/bc/binary_trees.bc, statement for statement: nodes of two cells
   bump-allocated in one array, cell 0 holding the bump pointer. */
#include <stdio.h>
#include <stdlib.h>

static long mem[8388608];

static long make(long depth, long heap) {
    long node = mem[heap];
    mem[heap] = node + 2;
    if (depth == 0) {
        mem[node] = 0;
        mem[node + 1] = 0;
        return node;
    }
    long l = make(depth - 1, heap);
    long r = make(depth - 1, heap);
    mem[node] = l;
    mem[node + 1] = r;
    return node;
}

static long check(long node) {
    long l = mem[node];
    if (l == 0) return 1;
    long a = check(l);
    long b = check(mem[node + 1]);
    return a + b + 1;
}

int main(int argc, char **argv) {
    long max = atol(argv[1]), rounds = atol(argv[2]), total = 0;
    for (long k = 0; k < rounds; k++)
        for (long depth = 4; depth <= max; depth += 2) {
            mem[0] = 2;
            long t = make(depth, 0);
            total += check(t);
        }
    printf("%ld\n", total);
    return 0;
}
