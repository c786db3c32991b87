#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "tether_pty.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
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

int tether_spawn_on_pty(const char *path, char *const argv[], char *const envp[], int slave, int *pid) {
#ifdef POSIX_SPAWN_SETSID
    char name[128];
    if (ttyname_r(slave, name, sizeof name) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    if (posix_spawnattr_init(&attributes) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -1;
    }
    /* After setsid, opening the terminal (without O_NOCTTY) makes it the controlling one. */
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    short flags = POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    /* Nothing else of the server's: swift-nio dup()s a pipe channel's descriptor without
       close-on-exec, so every other session's terminal would reach this process. */
#if defined(POSIX_SPAWN_CLOEXEC_DEFAULT)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#else
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    errno = ENOSYS;
    return -1;
#endif
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, flags);
    pid_t child = 0;
    int result = posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (result != 0) {
        errno = result;
        return -1;
    }
    *pid = (int)child;
    return 0;
#else
    (void)path; (void)argv; (void)envp; (void)slave; (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}
