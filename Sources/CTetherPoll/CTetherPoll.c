#include "CTetherPoll.h"

#ifdef __linux__
#include <sys/epoll.h>

int tether_poller_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int tether_poller_watch(int poller, int fd, int read, int write, int existed) {
    struct epoll_event event = {0};
    event.events = (read ? EPOLLIN : 0) | (write ? EPOLLOUT : 0);
    event.data.fd = fd;
    int operation = !(read || write) ? EPOLL_CTL_DEL : existed ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
    return epoll_ctl(poller, operation, fd, &event);
}

int tether_poller_wait(int poller, int *fds, unsigned char *flags, int capacity, int timeout) {
    struct epoll_event events[256];
    int count = epoll_wait(poller, events, capacity < 256 ? capacity : 256, timeout);
    for (int index = 0; index < count; index++) {
        unsigned int got = events[index].events;
        unsigned int failed = got & (EPOLLERR | EPOLLHUP);
        fds[index] = events[index].data.fd;
        flags[index] = ((got & EPOLLIN) || failed ? 1 : 0) | ((got & EPOLLOUT) || failed ? 2 : 0);
    }
    return count;
}
#else
int tether_poller_create(void) { return -1; }

int tether_poller_watch(int poller, int fd, int read, int write, int existed) {
    (void)poller; (void)fd; (void)read; (void)write; (void)existed;
    return -1;
}

int tether_poller_wait(int poller, int *fds, unsigned char *flags, int capacity, int timeout) {
    (void)poller; (void)fds; (void)flags; (void)capacity; (void)timeout;
    return -1;
}
#endif
