#include "CTetherDispatch.h"

#if defined(__linux__)
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

int tether_is_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}

// libdispatch's run-loop integration for the main queue, exported by libdispatch for
// CoreFoundation (not in its public headers).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

int tether_main_queue_descriptor(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

void tether_drain_main_queue(void) {
    // The eventfd is non-blocking; reading resets it before the drain, so work queued
    // during the drain signals it again instead of being missed.
    uint64_t count;
    (void)read(_dispatch_get_main_queue_handle_4CF(), &count, sizeof count);
    _dispatch_main_queue_callback_4CF(0);
}
#else
int tether_is_main_thread(void) { return 0; }
int tether_main_queue_descriptor(void) { return -1; }
void tether_drain_main_queue(void) {}
#endif
