// The host side of the session-host benchmark (docs/performance.md, "A session host"):
// one login form per pseudo-terminal named in FILE, all served by one SessionHost in this
// process. Benchmarks/Scripts/session-host-load.py makes the pseudo-terminals, starts this
// program, types into every session and reads every screen.
//
//   session-host-bench --ptys FILE [--stall-limit-ms N] [--output-high-water BYTES]
//
// Prints `baseline-rss-kb K`, `ready N`, `ended I REASON` for each session that ends (I: its
// line in FILE), and on SIGTERM, after the host shut every session down, `shutdown-ms M` and
// `stats rss-kb K cpu-ms C`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LoginDemoCore
import TetherReactive
import TetherTerminal
import TetherUI

func say(_ line: String) {
    print(line)
    fflush(nil)
}

func fail(_ message: String) -> Never {
    let bytes = Array("session-host-bench: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

/// Resident memory in KB (`/proc/self/statm`'s second field, in pages).
func residentKB() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
    let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// CPU time of this process so far, in milliseconds.
func cpuMilliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
}

var ptysPath: String?
var stallMilliseconds = 10_000
var highWater = 64 * 1024
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--ptys": ptysPath = arguments.popFirst()
    case "--stall-limit-ms": stallMilliseconds = arguments.popFirst().flatMap { Int($0) } ?? stallMilliseconds
    case "--output-high-water": highWater = arguments.popFirst().flatMap { Int($0) } ?? highWater
    default: fail("unknown argument \(argument)")
    }
}
guard let ptysPath, let list = fopen(ptysPath, "r") else { fail("--ptys FILE: a file of pseudo-terminal paths") }
var paths: [String] = []
var lineBuffer = [CChar](repeating: 0, count: 4096)
while fgets(&lineBuffer, Int32(lineBuffer.count), list) != nil {
    let path = String(decoding: lineBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .trimmingSuffix()
    if !path.isEmpty { paths.append(path) }
}
fclose(list)

extension String {
    func trimmingSuffix() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}

// Two descriptors' worth per session and some: raise the soft limit to the hard one.
var limit = rlimit()
if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

say("baseline-rss-kb \(residentKB())")
let host = SessionHost(
    limits: .init(
        sessions: paths.count, outputHighWater: highWater, outputLowWater: highWater / 4,
        stalledOutput: .milliseconds(stallMilliseconds)))
var lineOf: [Int: Int] = [:]
var descriptorOf: [Int: Int32] = [:]
host.onEnded = { ended in
    say("ended \(lineOf[ended.id] ?? -1) \(ended.reason)")
    if let fd = descriptorOf.removeValue(forKey: ended.id) { close(fd) }
}
host.handleSignals([SIGTERM, SIGINT])
for (line, path) in paths.enumerated() {
    let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { fail("cannot open \(path): errno \(errno)") }
    let io = TerminalIO(input: fd, output: fd, environment: ["TERM": "xterm-256color"])
    do {
        let session = try host.start(io: io, strings: .xterm256Color) { session in
            let screen = LoginScreen(viewModel: LoginViewModel(scheduler: MainScheduler.instance))
            session.keep(screen)
            let app = Application(root: screen.root, backend: session.backend)
            screen.attach(to: app)
            return app
        }
        lineOf[session.id] = line
        descriptorOf[session.id] = fd
    } catch {
        fail("session \(line) on \(path): \(error)")
    }
}
say("ready \(paths.count)")
await host.waitForShutdown()
let began = host.shutdownBegan ?? .now
let took = ContinuousClock.now - began
say("shutdown-ms \(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000)")
say("stats rss-kb \(residentKB()) cpu-ms \(cpuMilliseconds())")
exit(0)
