#ifndef BUSYLIFE_FILE_SPACE_H
#define BUSYLIFE_FILE_SPACE_H

/// Reserves the blocks of bytes `offset ..< offset + length` of the regular
/// file `fd` without changing its size (Linux `fallocate` with
/// FALLOC_FL_KEEP_SIZE). Returns 0, or the error number (ENOTSUP where the
/// system or file system has no such call). Swift's Glibc module does not
/// declare `fallocate`, hence this file.
int busylife_reserve_file_space(int fd, long long offset, long long length);

#endif
