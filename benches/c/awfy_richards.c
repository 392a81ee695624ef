/* benches/bc/awfy_richards.bc, statement for statement. */
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

static long append(long packet, long queue_head) {
    mem[packet] = 0;
    if (queue_head == 0) return packet;
    long mouse = queue_head, link;
    while ((link = mem[mouse]) != 0) mouse = link;
    mem[mouse] = packet;
    return queue_head;
}

static long create_packet(long link, long identity, long kind) {
    long p = alloc(5);
    mem[p] = link;
    mem[p + 1] = identity;
    mem[p + 2] = kind;
    mem[p + 3] = 0;
    mem[p + 4] = new_array(4);
    return p;
}

static long new_task_state(long packet_pending, long task_waiting, long task_holding) {
    long state = alloc(3);
    mem[state] = packet_pending;
    mem[state + 1] = task_waiting;
    mem[state + 2] = task_holding;
    return state;
}

static long create_task(long s, long identity, long priority, long work, long state, long data,
                        long function) {
    long t = alloc(9);
    mem[t + 3] = mem[s];
    mem[t + 4] = identity;
    mem[t + 5] = priority;
    mem[t + 6] = work;
    mem[t] = mem[state];
    mem[t + 1] = mem[state + 1];
    mem[t + 2] = mem[state + 2];
    mem[t + 7] = data;
    mem[t + 8] = function;
    mem[s] = t;
    mem[mem[s + 3] + 1 + identity] = t;
    return t;
}

static void create_idler(long s, long identity, long priority, long work, long state) {
    long data = alloc(2);
    mem[data] = 1;
    mem[data + 1] = 10000;
    create_task(s, identity, priority, work, state, data, 0);
}

static void create_worker(long s, long identity, long priority, long work, long state) {
    long data = alloc(2);
    mem[data] = 2;
    mem[data + 1] = 0;
    create_task(s, identity, priority, work, state, data, 1);
}

static void create_handler(long s, long identity, long priority, long work, long state) {
    long data = alloc(2);
    mem[data] = 0;
    mem[data + 1] = 0;
    create_task(s, identity, priority, work, state, data, 2);
}

static void create_device(long s, long identity, long priority, long work, long state) {
    long data = alloc(1);
    mem[data] = 0;
    create_task(s, identity, priority, work, state, data, 3);
}

static long find_task(long s, long identity) {
    long t = mem[mem[s + 3] + 1 + identity];
    if (t == 0) error();
    return t;
}

static long hold_self(long s) {
    mem[s + 6] = mem[s + 6] + 1;
    mem[mem[s + 1] + 2] = 1;
    return mem[mem[s + 1] + 3];
}

static long mark_waiting(long s) {
    mem[mem[s + 1] + 1] = 1;
    return mem[s + 1];
}

static long add_input_and_check_priority(long t, long packet, long old) {
    if (mem[t + 6] == 0) {
        mem[t + 6] = packet;
        mem[t] = 1;
        if (mem[t + 5] > mem[old + 5]) return t;
    } else {
        mem[t + 6] = append(packet, mem[t + 6]);
    }
    return old;
}

static long queue_packet(long s, long packet) {
    long t = find_task(s, mem[packet + 1]);
    if (t == 0) return 0;
    mem[s + 5] = mem[s + 5] + 1;
    mem[packet] = 0;
    mem[packet + 1] = mem[s + 2];
    return add_input_and_check_priority(t, packet, mem[s + 1]);
}

static long release(long s, long identity) {
    long t = find_task(s, identity);
    if (t == 0) return 0;
    mem[t + 2] = 0;
    if (mem[t + 5] > mem[mem[s + 1] + 5]) return t;
    return mem[s + 1];
}

static long is_task_holding_or_waiting(long t) {
    return mem[t + 2] || (!mem[t] && mem[t + 1]);
}

static long is_waiting_with_packet(long t) {
    return mem[t] && mem[t + 1] && !mem[t + 2];
}

static long idler_function(long s, long work, long data) {
    (void)work;
    mem[data + 1] = mem[data + 1] - 1;
    if (mem[data + 1] == 0) return hold_self(s);
    if ((mem[data] & 1) == 0) {
        mem[data] = mem[data] / 2;
        return release(s, 4);
    }
    mem[data] = (mem[data] / 2) ^ 53256;
    return release(s, 5);
}

static long worker_function(long s, long work, long data) {
    if (work == 0) return mark_waiting(s);
    mem[data] = mem[data] == 2 ? 3 : 2;
    mem[work + 1] = mem[data];
    mem[work + 3] = 0;
    for (long i = 0; i < 4; i++) {
        mem[data + 1] = mem[data + 1] + 1;
        if (mem[data + 1] > 26) mem[data + 1] = 1;
        mem[mem[work + 4] + 1 + i] = 65 + mem[data + 1] - 1;
    }
    return queue_packet(s, work);
}

static long handler_function(long s, long work, long data) {
    if (work != 0) {
        if (mem[work + 2] == 1)
            mem[data] = append(work, mem[data]);
        else
            mem[data + 1] = append(work, mem[data + 1]);
    }
    long work_packet = mem[data];
    if (work_packet == 0) return mark_waiting(s);
    long count = mem[work_packet + 3];
    if (count >= 4) {
        mem[data] = mem[work_packet];
        return queue_packet(s, work_packet);
    }
    long device_packet = mem[data + 1];
    if (device_packet == 0) return mark_waiting(s);
    mem[data + 1] = mem[device_packet];
    mem[device_packet + 3] = mem[mem[work_packet + 4] + 1 + count];
    mem[work_packet + 3] = count + 1;
    return queue_packet(s, device_packet);
}

static long device_function(long s, long work, long data) {
    if (work == 0) {
        work = mem[data];
        if (work == 0) return mark_waiting(s);
        mem[data] = 0;
        return queue_packet(s, work);
    }
    mem[data] = work;
    return hold_self(s);
}

static long run_task(long s, long t) {
    long message;
    if (is_waiting_with_packet(t)) {
        message = mem[t + 6];
        mem[t + 6] = mem[message];
        if (mem[t + 6] == 0) {
            mem[t] = 0;
            mem[t + 1] = 0;
            mem[t + 2] = 0;
        } else {
            mem[t] = 1;
            mem[t + 1] = 0;
            mem[t + 2] = 0;
        }
    } else {
        message = 0;
    }
    switch (mem[t + 8]) {
    case 0: return idler_function(s, message, mem[t + 7]);
    case 1: return worker_function(s, message, mem[t + 7]);
    case 2: return handler_function(s, message, mem[t + 7]);
    default: return device_function(s, message, mem[t + 7]);
    }
}

static void schedule(long s) {
    mem[s + 1] = mem[s];
    while (mem[s + 1] != 0) {
        if (is_task_holding_or_waiting(mem[s + 1])) {
            mem[s + 1] = mem[mem[s + 1] + 3];
        } else {
            mem[s + 2] = mem[mem[s + 1] + 4];
            mem[s + 1] = run_task(s, mem[s + 1]);
        }
    }
}

static long benchmark(void) {
    mem[0] = 16;
    long s = alloc(7);
    mem[s] = 0;
    mem[s + 1] = 0;
    mem[s + 2] = 0;
    mem[s + 3] = new_array(6);
    mem[s + 4] = 0;
    mem[s + 5] = 0;
    mem[s + 6] = 0;
    create_idler(s, 0, 0, 0, new_task_state(0, 0, 0));
    long queue = create_packet(0, 1, 1);
    queue = create_packet(queue, 1, 1);
    create_worker(s, 1, 1000, queue, new_task_state(1, 1, 0));
    queue = create_packet(0, 4, 0);
    queue = create_packet(queue, 4, 0);
    queue = create_packet(queue, 4, 0);
    create_handler(s, 2, 2000, queue, new_task_state(1, 1, 0));
    queue = create_packet(0, 5, 0);
    queue = create_packet(queue, 5, 0);
    queue = create_packet(queue, 5, 0);
    create_handler(s, 3, 3000, queue, new_task_state(1, 1, 0));
    create_device(s, 4, 4000, 0, new_task_state(0, 1, 0));
    create_device(s, 5, 5000, 0, new_task_state(0, 1, 0));
    schedule(s);
    return mem[s + 5] == 23246 && mem[s + 6] == 9297;
}

int main(int argc, char **argv) {
    long iterations = atol(argv[1]), total = 0;
    for (long i = 0; i < iterations; i++) total += benchmark();
    printf("%ld\n", total);
    return 0;
}
