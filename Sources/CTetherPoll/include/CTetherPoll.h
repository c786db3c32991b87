#ifndef CTETHER_POLL_H
#define CTETHER_POLL_H

/// A registry of descriptors waited on together, for TetherTerminal's session host:
/// Linux's epoll, so that a wake-up costs what is ready rather than every descriptor.
/// Elsewhere tether_poller_create() returns -1 and the host builds poll(2) arrays instead.

/// A new registry (close-on-exec), or -1 where there is none.
int tether_poller_create(void);

/// Watches `fd` in `poller` for input (`read`) and room for output (`write`); neither
/// removes it. `existed`: whether it was watched before. 0 on success, -1 on error.
int tether_poller_watch(int poller, int fd, int read, int write, int existed);

/// Waits at most `timeout` milliseconds (-1: no limit) for watched descriptors; fills
/// `fds` and `flags` (bit 0: input or an error, bit 1: room for output or an error) for
/// at most `capacity` of them. The count, 0 on timeout, -1 on error (errno set).
int tether_poller_wait(int poller, int *fds, unsigned char *flags, int capacity, int timeout);

#endif
