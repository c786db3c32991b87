#ifndef CTETHER_SIGNAL_H
#define CTETHER_SIGNAL_H

// The two handler fields of `struct sigaction`, by their POSIX names.
//
// POSIX names them `sa_handler` and `sa_sigaction`; glibc and musl make them members of a
// union reached through a macro (`__sigaction_handler.sa_handler` as Swift sees glibc's
// header), and Darwin through another (`__sigaction_u.__sa_handler`). Swift imports the
// union, not the macro, so a Swift spelling is one C library's. In C the POSIX names work on
// every platform: TetherProcess (and the tests) set and read the fields through these.

#include <signal.h>
#include <stdint.h>

/// A one-argument handler (`SIG_DFL` is NULL, `SIG_IGN` is the address 1).
typedef void (*tether_signal_handler_t)(int);
/// A three-argument handler, called when `sa_flags` has `SA_SIGINFO`.
typedef void (*tether_signal_action_t)(int, siginfo_t *, void *);

/// Sets `action->sa_handler`.
void tether_sigaction_set_handler(struct sigaction *action, tether_signal_handler_t handler);
/// Sets `action->sa_sigaction`.
void tether_sigaction_set_action(struct sigaction *action, tether_signal_action_t handler);
/// `action->sa_handler`.
tether_signal_handler_t tether_sigaction_handler(const struct sigaction *action);
/// `action->sa_sigaction`.
tether_signal_action_t tether_sigaction_action(const struct sigaction *action);

/// The address of `action->sa_handler` (0: `SIG_DFL`, 1: `SIG_IGN`).
uintptr_t tether_sigaction_handler_address(const struct sigaction *action);
/// The address of `action->sa_sigaction`.
uintptr_t tether_sigaction_action_address(const struct sigaction *action);
/// The address of `handler`, to compare with the two above.
uintptr_t tether_signal_action_address(tether_signal_action_t handler);

#endif
