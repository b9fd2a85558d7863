#define _GNU_SOURCE
#include "file_space.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __linux__
#include <linux/falloc.h>
#endif

int busylife_reserve_file_space(int fd, long long offset, long long length) {
#ifdef __linux__
    if (fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length) == 0) return 0;
    return errno;
#else
    (void)fd; (void)offset; (void)length;
    return ENOTSUP;
#endif
}
