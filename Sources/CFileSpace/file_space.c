#define _GNU_SOURCE
#include "file_space.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __linux__
#include <linux/falloc.h>
#include <linux/magic.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#endif

int busylife_reserves_file_space(int fd) {
#ifdef __linux__
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0) return 0;
    return fs.f_type == EXT4_SUPER_MAGIC;
#else
    (void)fd;
    return 0;
#endif
}

long long busylife_file_size_limit(void) {
#ifdef __linux__
    struct rlimit limit;
    if (getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return -1;
    return limit.rlim_cur > (rlim_t)0x7fffffffffffffffLL ? -1 : (long long)limit.rlim_cur;
#else
    return -1;
#endif
}

int busylife_reserve_file_space(int fd, long long offset, long long length) {
#ifdef __linux__
    if (fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length) == 0) return 0;
    return errno;
#else
    (void)fd; (void)offset; (void)length;
    return ENOTSUP;
#endif
}
