#ifndef BUSYLIFE_CFUZZERDRIVER_H
#define BUSYLIFE_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program with a main of its own (SwiftPM gives
/// every executable one): parses libFuzzer's flags from argv and runs
/// `callback` on each input. Provided by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
