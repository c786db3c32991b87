#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "tether_pty.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int tether_open_pty(int *master, int *slave, unsigned short columns, unsigned short rows) {
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) return -1;
    char name[128];
#ifdef __linux__
    int named = ptsname_r(m, name, sizeof name) == 0;
#else
    const char *shared = ptsname(m); /* only the server's loop opens terminals */
    int named = shared != NULL && snprintf(name, sizeof name, "%s", shared) < (int)sizeof name;
#endif
    if (grantpt(m) != 0 || unlockpt(m) != 0 || !named) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    int s = open(name, O_RDWR | O_NOCTTY);
    if (s < 0) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    fcntl(m, F_SETFD, FD_CLOEXEC);
    fcntl(s, F_SETFD, FD_CLOEXEC);
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    tether_set_pty_size(m, columns, rows);
    *master = m;
    *slave = s;
    return 0;
}

int tether_set_pty_size(int fd, unsigned short columns, unsigned short rows) {
    struct winsize size = {0};
    size.ws_col = columns;
    size.ws_row = rows;
    return ioctl(fd, TIOCSWINSZ, &size);
}
