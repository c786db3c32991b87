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
#elif defined(__APPLE__)
#include <CoreFoundation/CoreFoundation.h>
#include <pthread.h>

int tether_is_main_thread(void) {
    return pthread_main_np() == 1;
}

// Darwin's main queue wakes a Mach port, which poll(2) cannot wait on: the loop waits in
// the main thread's CFRunLoop instead, which services the main queue itself.
int tether_main_queue_descriptor(void) { return -1; }
void tether_drain_main_queue(void) {}

static void tether_descriptor_ready(CFFileDescriptorRef descriptor, CFOptionFlags flags, void *info) {
    (void)descriptor;
    (void)flags;
    *(int *)info = 1;
}

int tether_wait_in_run_loop(const int *descriptors, int count, int timeout_milliseconds) {
    int ready = 0;
    CFFileDescriptorContext context = {0, &ready, NULL, NULL, NULL};
    CFRunLoopRef loop = CFRunLoopGetCurrent();
    CFFileDescriptorRef watched[count > 0 ? count : 1];
    CFRunLoopSourceRef sources[count > 0 ? count : 1];
    for (int i = 0; i < count; i++) {
        watched[i] = CFFileDescriptorCreate(NULL, descriptors[i], false, tether_descriptor_ready, &context);
        CFFileDescriptorEnableCallBacks(watched[i], kCFFileDescriptorReadCallBack);
        sources[i] = CFFileDescriptorCreateRunLoopSource(NULL, watched[i], 0);
        CFRunLoopAddSource(loop, sources[i], kCFRunLoopDefaultMode);
    }
    CFTimeInterval seconds = timeout_milliseconds < 0 ? 1.0e10 : timeout_milliseconds / 1000.0;
    // Returns after one source was handled (a descriptor, or the main queue's port), or at
    // the timeout.
    CFRunLoopRunInMode(kCFRunLoopDefaultMode, seconds, true);
    for (int i = 0; i < count; i++) {
        CFRunLoopRemoveSource(loop, sources[i], kCFRunLoopDefaultMode);
        CFRelease(sources[i]);
        CFFileDescriptorInvalidate(watched[i]);  // created not to close the descriptor
        CFRelease(watched[i]);
    }
    return ready;
}
#else
int tether_is_main_thread(void) { return 0; }
int tether_main_queue_descriptor(void) { return -1; }
void tether_drain_main_queue(void) {}
#endif

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

// Before main, in every program that links Tether: a standard descriptor (0, 1 or 2) that
// the parent left closed (`prog <&-`, `prog >&-`) is opened on /dev/null, so that no
// descriptor the program opens later takes its number — libdispatch's eventfd read as
// "the answers", a result written into a file the program opened. Standard input then
// reads as ended; standard output is opened read-only, so writing a result fails with
// EBADF and the program says so (ProgramOutput); standard error discards what it is given,
// as nothing could show it anyway.
__attribute__((constructor)) static void tether_reserve_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int opened = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY);
        if (opened >= 0 && opened != fd) {
            (void)dup2(opened, fd);
            (void)close(opened);
        }
    }
}

#if defined(__linux__)
#include <sys/prctl.h>
int tether_process_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
int tether_set_process_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, dumpable ? 1 : 0, 0, 0, 0); }
#else
int tether_process_dumpable(void) { return -1; }
int tether_set_process_dumpable(int dumpable) { (void)dumpable; return -1; }
#endif

// The intern quota in force on each thread (TetherUI's InternQuota): thread-local, so that
// a table reached from any thread sees only the quota its own thread set.
static _Thread_local long *current_intern_quota = 0;

long *tether_swap_intern_quota(long *quota) {
    long *previous = current_intern_quota;
    current_intern_quota = quota;
    return previous;
}

int tether_take_intern_quota(void) {
    if (!current_intern_quota) return 1;
    if (*current_intern_quota <= 0) return 0;
    *current_intern_quota -= 1;
    return 1;
}
