/*
 * burn-cpu: a child of known CPU cost, for PeerCpuTimeTest. Spins in user space until its own CPU clock
 * (CLOCK_PROCESS_CPUTIME_ID, nanoseconds) has reached the microseconds asked for, then prints what the kernel counted
 * for it so far (getrusage of itself: user and system microseconds) and exits at once.
 *
 *   burn-cpu MICROSECONDS
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static long long cpu_micros(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (long long) t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: burn-cpu MICROSECONDS\n");
        return 2;
    }
    long long until = atoll(argv[1]);
    volatile unsigned long long x = 1;
    while (cpu_micros() < until) {
        for (int i = 0; i < 20000; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        }
    }
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    printf("%lld %lld\n", (long long) self.ru_utime.tv_sec * 1000000LL + self.ru_utime.tv_usec,
           (long long) self.ru_stime.tv_sec * 1000000LL + self.ru_stime.tv_usec);
    return 0;
}
