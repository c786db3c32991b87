#ifndef TETHER_PTY_H
#define TETHER_PTY_H

#include <spawn.h>

/// Opens a new pseudo-terminal: its terminal side (`master`, non-blocking) and its
/// program side (`slave`), both close-on-exec, neither the process's controlling
/// terminal, sized `columns`×`rows`. Returns 0, or -1 with errno set and nothing open.
int tether_open_pty(int *master, int *slave, unsigned short columns, unsigned short rows);

/// Sets the pseudo-terminal's size through `fd` (either side). Returns 0 or -1.
int tether_set_pty_size(int fd, unsigned short columns, unsigned short rows);

/// Starts `path` with `argv` and `envp` in a session of its own whose controlling terminal
/// is the pseudo-terminal `slave` belongs to (standard input, output and error), with every
/// signal at its default and none blocked, and no other descriptor of the caller's (not
/// even those without close-on-exec). Returns 0 with `*pid` set, or -1 with errno set
/// (ENOSYS where the C library cannot close the others).
int tether_spawn_on_pty(const char *path, char *const argv[], char *const envp[], int slave, int *pid);

/// Starts `path` as ``tether_spawn_on_pty`` does, in a session of its own without a
/// controlling terminal, with `input`, `output` and `error` as its standard input, output
/// and error (an SSH command or a shell without a terminal). Returns 0 with `*pid` set, or
/// -1 with errno set.
int tether_spawn_on_pipes(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
                          int *pid);

/// Adds to `actions` the closing of every descriptor from `lowest` up, where the C library
/// can (glibc 2.34+). Returns 0, or -1 with errno ENOSYS where it cannot.
int tether_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// A pipe whose two ends are close-on-exec from the start (no other thread's spawn can
/// inherit them). Returns 0 or -1 with errno set.
int tether_open_pipe(int ends[2]);

#endif
