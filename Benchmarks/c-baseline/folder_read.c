/* Baseline for the vdir benchmark: the least any reader of a folder of
 * small files must ask of the kernel. Lists FOLDER, then opens, reads and
 * closes each of its visible files, on as many threads as there are cores
 * (files dealt out in turn), relative to the folder so that each open
 * looks one name up. Nothing is parsed. Prints the time the listing took,
 * the time the reading took, the files and their bytes.
 *
 *   folder_read FOLDER */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct work {
    int folder, first, step, count;
    char **names;
    long bytes;
};

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static void *read_files(void *argument) {
    struct work *work = argument;
    static __thread char buffer[65536];
    for (int index = work->first; index < work->count; index += work->step) {
        int fd = openat(work->folder, work->names[index], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) continue;
        /* A read that does not fill the buffer has the whole small file. */
        ssize_t got;
        do {
            got = read(fd, buffer, sizeof buffer);
            if (got > 0) work->bytes += got;
        } while (got == (ssize_t)sizeof buffer);
        close(fd);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: folder_read FOLDER\n");
        return 2;
    }
    double start = milliseconds();
    DIR *listing = opendir(argv[1]);
    if (!listing) {
        perror(argv[1]);
        return 1;
    }
    int count = 0, capacity = 1024;
    char **names = malloc(capacity * sizeof *names);
    for (struct dirent *entry; (entry = readdir(listing));) {
        if (entry->d_name[0] == '.') continue;
        if (count == capacity) names = realloc(names, (capacity *= 2) * sizeof *names);
        names[count++] = strdup(entry->d_name);
    }
    double listed = milliseconds();
    int threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    pthread_t ids[threads];
    struct work works[threads];
    for (int thread = 0; thread < threads; thread++) {
        works[thread] = (struct work){dirfd(listing), thread, threads, count, names, 0};
        pthread_create(&ids[thread], NULL, read_files, &works[thread]);
    }
    long bytes = 0;
    for (int thread = 0; thread < threads; thread++) {
        pthread_join(ids[thread], NULL);
        bytes += works[thread].bytes;
    }
    double done = milliseconds();
    printf("listing %.1f ms, reading %.1f ms on %d threads: %d files, %ld bytes\n", listed - start, done - listed,
           threads, count, bytes);
    closedir(listing);
    return 0;
}
