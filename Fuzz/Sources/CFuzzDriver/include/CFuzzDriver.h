#ifndef TETHER_FUZZ_DRIVER_H
#define TETHER_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer (LLVMFuzzerRunDriver) on `test` with the program's arguments.
///
/// SwiftPM links an executable target with `main` as an alias of the module's own entry
/// point, so libFuzzer's `main` cannot be used; the target's top-level code calls this.
int tether_run_fuzzer(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
