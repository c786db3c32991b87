// C shim over ncursesw for TetherCurses.
//
// Swift cannot import C macros that take arguments or expand to expressions
// (stdscr, getmaxyx) or are variadic (tiparm), so this header
// wraps them in small static inline functions, with the terminfo helpers the screen
// writer uses. Only the TetherCurses module imports it.
#ifndef TETHER_CNCURSES_SHIM_H
#define TETHER_CNCURSES_SHIM_H

// Declare the wide-character build of ncurses (ncursesw), as the library linked.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <stdbool.h>
#include <stdio.h>
#include <wchar.h>

#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// From <term.h>, declared here so that term.h's hundreds of capability macros
// (`lines`, `columns`, `bell`, ...) stay out of Swift.
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);

/// The standard screen of the current SCREEN.
static inline WINDOW *tether_stdscr(void) { return stdscr; }
/// Rows of `win`.
static inline int tether_getmaxy(WINDOW *win) { return getmaxy(win); }
/// Columns of `win`.
static inline int tether_getmaxx(WINDOW *win) { return getmaxx(win); }
/// A string capability of the current terminal (`tigetstr`), NULL when the terminal
/// lacks it or the name is not a string capability.
static inline const char *tether_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}
// ncurses' own output buffer (libtinfo exports it): `newterm` queues `smcup` there.
extern void _nc_flush(void);
/// Sends what ncurses has queued for the terminal.
static inline void tether_flush_output(void) { _nc_flush(); }
/// Empties a string capability of the current terminal in place, so ncurses never
/// sends it again (the inline presentation empties smcup and rmcup). Returns 1 when
/// the terminal had it.
static inline int tether_blank_string_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return 0;
    value[0] = '\0';
    return 1;
}
/// A boolean capability of the current terminal (`tigetflag`): 1 when present.
static inline int tether_flag_capability(const char *name) {
    return tigetflag(name) > 0;
}
/// A numeric capability of the current terminal (`tigetnum`), -1 when absent.
static inline int tether_number_capability(const char *name) {
    int value = tigetnum(name);
    return value < 0 ? -1 : value;
}
/// `tiparm` with one parameter (Swift cannot call C variadic functions).
static inline const char *tether_tiparm1(const char *format, int a) {
    return tiparm(format, a);
}
/// `tiparm` with two parameters.
static inline const char *tether_tiparm2(const char *format, int a, int b) {
    return tiparm(format, a, b);
}
/// Loads the terminfo description of `term` without touching the current terminal and
/// without ever exiting; NULL when it cannot be loaded. Free it with del_curterm.
static inline struct term *tether_load_terminal(const char *term) {
    int err = 0;
    struct term *saved = set_curterm(NULL);
    struct term *loaded = NULL;
    if (setupterm(term, -1, &err) == OK) loaded = set_curterm(saved); else set_curterm(saved);
    return loaded;
}

/// Result of tether_check_terminal.
enum {
    TETHER_TERM_OK = 1,
    TETHER_TERM_UNKNOWN = 0,
    TETHER_TERM_NO_DATABASE = -1,
    TETHER_TERM_NOT_ADDRESSABLE = -2,
};

/// Looks `term` up in terminfo without ever exiting the process (setupterm with an
/// error pointer returns instead of printing and exiting), checks that it can address
/// the cursor, then frees the description again.
static inline int tether_check_terminal(const char *term, int fd) {
    int err = 0;
    struct term *saved = set_curterm(NULL);
    int result;
    if (setupterm(term, fd, &err) != OK) {
        // err: -1 no terminfo database, 0 not found (or a generic type such as
        // "dumb"), 1 a hardcopy terminal.
        result = (err == -1) ? TETHER_TERM_NO_DATABASE
               : (err == 1) ? TETHER_TERM_NOT_ADDRESSABLE : TETHER_TERM_UNKNOWN;
    } else {
        char *cup = tigetstr("cup");
        int generic = tigetflag("gn");
        int hardcopy = tigetflag("hc");
        if (cup == NULL || cup == (char *)-1 || generic > 0 || hardcopy > 0) {
            result = TETHER_TERM_NOT_ADDRESSABLE;
        } else {
            result = TETHER_TERM_OK;
        }
        struct term *mine = set_curterm(saved);
        if (mine != NULL) del_curterm(mine);
        saved = NULL;
    }
    if (saved != NULL) set_curterm(saved);
    return result;
}

/// Whether the current terminal (after newterm) can address the cursor: it has `cup` and
/// is neither generic nor hardcopy.
static inline int tether_current_terminal_is_addressable(void) {
    char *cup = tigetstr("cup");
    return !(cup == NULL || cup == (char *)-1 || tigetflag("gn") > 0 || tigetflag("hc") > 0);
}


// MARK: Painting through ncurses' own screen (TetherCurses' NCursesPainter)

#include <signal.h>
#include <string.h>

/// A screen of terminal type `term` that writes into `out` and reads nothing, for painting
/// frames with ncurses' own refresh; NULL when ncurses cannot set it up. ncurses catches
/// SIGINT, SIGTERM, SIGTSTP and SIGWINCH at `newterm` when they are at their defaults:
/// they are ignored meanwhile, so the program's dispositions stay its own. The caller sets
/// the size (`resizeterm`): what ncurses guesses here (LINES and COLUMNS, the terminfo entry,
/// 24×80) is replaced. (`use_env(FALSE)` would fail the types without `lines` and `cols`,
/// such as linux.)
static inline SCREEN *tether_paint_screen(const char *term, FILE *out, FILE *in) {
    int signals[4] = {SIGINT, SIGTERM, SIGTSTP, SIGWINCH};
    struct sigaction ignore, saved[4];
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    for (int i = 0; i < 4; i++) sigaction(signals[i], &ignore, &saved[i]);
    SCREEN *screen = newterm(term, out, in);
    for (int i = 0; i < 4; i++) sigaction(signals[i], &saved[i], NULL);
    return screen;
}

/// Puts one cell into `window` at `y`, `x`: the grapheme's scalars (the first spacing, the
/// rest combining, at most CCHARW_MAX), its attributes and colour pair. ERR when ncurses
/// refuses the grapheme (a second spacing scalar, as in an emoji ZWJ sequence). Written with
/// `mvwadd_wchnstr`, which neither wraps nor moves the cursor, so that the bottom-right
/// cell is put like any other (`mvwadd_wch` there fails without scrolling).
static inline int tether_put_cell(WINDOW *window, int y, int x, const wchar_t *scalars, int count,
                                  attr_t attributes, int pair) {
    wchar_t text[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) text[i] = scalars[i];
    text[n] = 0;
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) == ERR) return ERR;
    (void)mvwadd_wchnstr(window, y, x, &cell, 1);
    return OK;
}

/// The attributes as ncurses' bits (Tether's order: bold, dim, reverse, underline).
static inline attr_t tether_attributes(int bold, int dim, int reverse, int underline) {
    return (bold ? A_BOLD : 0) | (dim ? A_DIM : 0) | (reverse ? A_REVERSE : 0) | (underline ? A_UNDERLINE : 0);
}

/// Lets ncurses consider neither insert/delete line (scrolling regions) nor insert/delete
/// character, so that it never moves rows it does not own (an inline band's shell lines).
static inline void tether_plain_updates(WINDOW *window) {
    idlok(window, FALSE);
    idcok(window, FALSE);
    scrollok(window, FALSE);
    leaveok(window, FALSE);
    idlok(curscr, FALSE);
    idcok(curscr, FALSE);
    idlok(newscr, FALSE);
    idcok(newscr, FALSE);
}

/// The current screen's curses window (what ncurses believes the terminal shows).
static inline WINDOW *tether_curscr(void) { return curscr; }

#endif
