#ifndef CTETHER_DISPATCH_H
#define CTETHER_DISPATCH_H

// The main dispatch queue, drained by a loop that owns the main thread.
//
// libdispatch lets a run loop on the main thread service the main queue instead of
// dispatch_main(): it signals a file descriptor (an eventfd on Linux; on Darwin a Mach port,
// waited on through CFRunLoop instead, see tether_wait_in_run_loop) when the queue has
// work, and the loop then drains the queue on the main thread. Foundation's CFRunLoop
// on Linux is built on the same two entry points (`_dispatch_get_main_queue_handle_4CF`
// and `_dispatch_main_queue_callback_4CF`); Application.runOnMainThread() uses them so
// that one thread waits on the terminal, the signal pipe and the main queue at once.

/// The descriptor that becomes readable when the main queue has work; -1 where the
/// platform has no such descriptor.
int tether_main_queue_descriptor(void);

/// Clears the descriptor's wake-up and runs the work queued on the main queue. Call
/// only on the main thread of a program that has not called dispatch_main().
void tether_drain_main_queue(void);

/// 1 on the process's initial thread, 0 on any other.
int tether_is_main_thread(void);

/// Makes `quota` (the count of new intern-table entries an application may still add, or
/// NULL for none) the calling thread's quota in force; returns the one it replaces. Each
/// thread has its own (TetherUI's InternQuota).
long *tether_swap_intern_quota(long *quota);

/// Takes one entry from the calling thread's quota in force: 1 when allowed (or when none is
/// in force), 0 when it is spent.
int tether_take_intern_quota(void);

#if defined(__APPLE__)
/// Darwin only, where the main queue's wake-up is a Mach port: runs the main thread's
/// CFRunLoop (which drains the main queue) until one of `descriptors` is readable, the
/// main queue has run, or `timeout_milliseconds` passed (-1: no limit). Returns 1 when a
/// descriptor became readable.
int tether_wait_in_run_loop(const int *descriptors, int count, int timeout_milliseconds);
#endif

/// The process's "dumpable" flag (Linux `prctl(PR_GET_DUMPABLE)`): 1 when a crash may
/// write a core dump and another process of the same user may attach to it, 0 when not;
/// -1 where the platform has no such flag.
int tether_process_dumpable(void);

/// Sets the flag (`prctl(PR_SET_DUMPABLE)`); 0 on success, -1 where it cannot be set.
int tether_set_process_dumpable(int dumpable);

#endif
