#include "CTetherSignal.h"

// Plain field accesses: async-signal-safe, so the crash handler may call them.

void tether_sigaction_set_handler(struct sigaction *action, tether_signal_handler_t handler) {
    action->sa_handler = handler;
}

void tether_sigaction_set_action(struct sigaction *action, tether_signal_action_t handler) {
    action->sa_sigaction = handler;
}

tether_signal_handler_t tether_sigaction_handler(const struct sigaction *action) {
    return action->sa_handler;
}

tether_signal_action_t tether_sigaction_action(const struct sigaction *action) {
    return action->sa_sigaction;
}

uintptr_t tether_sigaction_handler_address(const struct sigaction *action) {
    return (uintptr_t)action->sa_handler;
}

uintptr_t tether_sigaction_action_address(const struct sigaction *action) {
    return (uintptr_t)action->sa_sigaction;
}

uintptr_t tether_signal_action_address(tether_signal_action_t handler) {
    return (uintptr_t)handler;
}
