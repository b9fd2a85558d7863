#!/usr/bin/env python3
"""Time one run of a command: its wall seconds and its peak memory.

    scripts/measure.py [--cpu] OUT COMMAND [ARG ...]

Runs COMMAND with its standard output written to the file OUT (/dev/null
to drop it) and prints "WALL_SECONDS PEAK_KB", with --cpu followed by
its processor seconds (user and system, every thread). The wall time runs from
just before the process is started (posix_spawn) to just after it is
reaped (wait4): the command's own start-up and exit are in it, no shell's
or timer's (`/usr/bin/time -v` put its own start, about 1.4 ms on the
benchmark host, into every figure). The peak is the kernel's maximum
resident set size of the process, the figure `/usr/bin/time -v` prints
as "Maximum resident set size". A command that fails makes this fail with
its exit status.
"""
import os
import sys
import time


def main() -> int:
    arguments = sys.argv[1:]
    cpu = arguments[:1] == ["--cpu"]
    if cpu:
        arguments = arguments[1:]
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, command = arguments[0], arguments[1:]
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    start = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    os.close(fd)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        print(f"measure.py: {command[0]} exited with {code}", file=sys.stderr)
        return code if code > 0 else 1
    processor = f" {usage.ru_utime + usage.ru_stime:.4f}" if cpu else ""
    print(f"{wall:.4f} {usage.ru_maxrss}{processor}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
