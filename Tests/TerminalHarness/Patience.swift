#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much longer than asked the harness's waits give a program before they fail:
/// `TETHER_TEST_PATIENCE` (a factor, 1 when unset or not a number from 1 to 20).
///
/// A wait ends as soon as what it waits for holds, so patience costs a passing test nothing;
/// a sanitizer slows every program several times over, and the whole suite runs on two
/// cores, so `.ci/run` sets 4 for its sanitized runs rather than every test choosing a
/// timeout for the slowest build.
public let testPatience: Int = {
    guard let raw = getenv("TETHER_TEST_PATIENCE"), let factor = Int(String(cString: raw)), (1...20).contains(factor)
    else { return 1 }
    return factor
}()

/// `timeout` times ``testPatience``.
public func patient(_ timeout: Duration) -> Duration { timeout * testPatience }
