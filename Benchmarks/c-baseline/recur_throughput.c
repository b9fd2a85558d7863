/* Baseline for the expansion benchmark: libical's own recurrence iterator.
 * For each rule, expands the first N instances from DTSTART and prints
 * "rule<TAB>instances<TAB>seconds". Compared by scripts/benchmark-settle.sh
 * with busylife's engine on the same rules in the same run. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: recur_throughput DTSTART COUNT RULE...\n");
        return 64;
    }
    struct icaltimetype start = icaltime_from_string(argv[1]);
    long wanted = atol(argv[2]);
    for (int i = 3; i < argc; i++) {
        struct icalrecurrencetype rule = icalrecurrencetype_from_string(argv[i]);
        double best = 1e9;
        long count = 0;
        for (int round = 0; round < 3; round++) {
            double begin = now();
            icalrecur_iterator *it = icalrecur_iterator_new(rule, start);
            count = 0;
            while (count < wanted) {
                struct icaltimetype next = icalrecur_iterator_next(it);
                if (icaltime_is_null_time(next)) break;
                count++;
            }
            icalrecur_iterator_free(it);
            double elapsed = now() - begin;
            if (elapsed < best) best = elapsed;
        }
        printf("%s\t%ld\t%.6f\n", argv[i], count, best);
    }
    return 0;
}
