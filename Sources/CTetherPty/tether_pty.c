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

/* posix_spawn of path in a session of its own, every signal at its default and none
   blocked, nothing of the caller's open above 2; `actions` first sets up 0, 1 and 2. */
static int spawn_alone(const char *path, char *const argv[], char *const envp[], posix_spawn_file_actions_t *actions,
                       int *pid) {
#ifdef POSIX_SPAWN_SETSID
    posix_spawnattr_t attributes;
    if (posix_spawnattr_init(&attributes) != 0) return -1;
    short flags = POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    /* Nothing else of the server's: swift-nio dup()s a pipe channel's descriptor without
       close-on-exec, so every other session's terminal would reach this process. */
#if defined(POSIX_SPAWN_CLOEXEC_DEFAULT)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(actions, 3);
#else
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
    int result = posix_spawn(&child, path, actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    if (result != 0) {
        errno = result;
        return -1;
    }
    *pid = (int)child;
    return 0;
#else
    (void)path; (void)argv; (void)envp; (void)actions; (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int tether_spawn_on_pty(const char *path, char *const argv[], char *const envp[], int slave, int *pid) {
    char name[128];
    if (ttyname_r(slave, name, sizeof name) != 0) return -1;
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    /* After setsid, opening the terminal (without O_NOCTTY) makes it the controlling one. */
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    int result = spawn_alone(path, argv, envp, &actions, pid);
    int saved = errno;
    posix_spawn_file_actions_destroy(&actions);
    errno = saved;
    return result;
}

int tether_spawn_on_pipes(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
                          int *pid) {
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    posix_spawn_file_actions_adddup2(&actions, input, 0);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, error, 2);
    int result = spawn_alone(path, argv, envp, &actions, pid);
    int saved = errno;
    posix_spawn_file_actions_destroy(&actions);
    errno = saved;
    return result;
}

int tether_open_pipe(int ends[2]) {
#ifdef __linux__
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int tether_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions; (void)lowest;
    errno = ENOSYS;
    return -1;
#endif
}
