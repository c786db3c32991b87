#ifndef TETHER_PTY_H
#define TETHER_PTY_H

/// Opens a new pseudo-terminal: its terminal side (`master`, non-blocking) and its
/// program side (`slave`), both close-on-exec, neither the process's controlling
/// terminal, sized `columns`×`rows`. Returns 0, or -1 with errno set and nothing open.
int tether_open_pty(int *master, int *slave, unsigned short columns, unsigned short rows);

/// Sets the pseudo-terminal's size through `fd` (either side). Returns 0 or -1.
int tether_set_pty_size(int fd, unsigned short columns, unsigned short rows);

#endif
