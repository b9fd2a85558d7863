#ifndef BUSYLIFE_FILE_SPACE_H
#define BUSYLIFE_FILE_SPACE_H

/// Whether reserving blocks ahead of writes is worth doing for the regular
/// file `fd`: 1 on ext4 (where it spares the per-page work of delayed
/// allocation), 0 anywhere else. XFS, for one, keeps its own speculative
/// preallocation past the end of a file that was ever reserved into.
int busylife_reserves_file_space(int fd);

/// The largest size a file may be written to (`ulimit -f`, in bytes), or
/// -1 for none. `fallocate` does not check it: a reservation past it would
/// succeed, the write then fail and leave the blocks past the file's end.
long long busylife_file_size_limit(void);

/// Reserves the blocks of bytes `offset ..< offset + length` of the regular
/// file `fd` without changing its size (Linux `fallocate` with
/// FALLOC_FL_KEEP_SIZE). Returns 0, or the error number (ENOTSUP where the
/// system has no such call). Swift's Glibc module does not declare
/// `fallocate`, hence this file.
int busylife_reserve_file_space(int fd, long long offset, long long length);

#endif
