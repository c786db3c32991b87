// libvterm (Debian libvterm-dev), the emulator the TerminalOracleTests feed the writer's bytes.
#include <vterm.h>
