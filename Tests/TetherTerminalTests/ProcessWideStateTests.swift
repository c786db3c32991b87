import TerminalHarness
import Testing

/// The suites that touch what a process has once — signal dispositions, the crash and
/// exit restore registry — run one after another, never beside each other.
@Suite("Process-wide terminal state", .serialized, .processWide)
struct ProcessWideStateTests {}
