#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TerminalHarness
import Testing

/// A typed password stays out of core dumps by default (`SecureField.disablesCoreDumps`):
/// the examples run in tmux with `ulimit -c unlimited`, are sent `SIGABRT`, and the test looks
/// for the core file the kernel writes in the working directory. The first test is the
/// control: without a password typed the same crash leaves a core holding the typed text, so
/// the others cannot pass merely because no core is ever written.
@Suite("A password stays out of core dumps", .serialized)
struct CoreDumpTests {
    /// A pane that runs `arguments` with core dumps unlimited (a sanitized build's own
    /// `disable_coredump` and abort handler off, the Swift backtracer off), writing the exit
    /// status to `status`, its pid to `pid`.
    static func start(_ arguments: [String], demo: Bool = true) throws -> TmuxSession {
        try #require(
            coreFilesLandInWorkingDirectory,
            "core_pattern is \(corePattern.debugDescription): these tests need the kernel to write a core file in the working directory"
        )
        let sanitizers = ["ASAN_OPTIONS", "TSAN_OPTIONS"].map { name in
            let current = getenv(name).map { String(cString: $0) } ?? ""
            return "\(name)=\(current.isEmpty ? "" : current + ":")disable_coredump=0:handle_abort=0"
        }
        let environment = ["SWIFT_BACKTRACE=enable=no"] + sanitizers
        let command: String
        if demo {
            command = DemoInTmux.command(arguments, environment: environment)
        } else {
            let words = ["env"] + environment + ["sh", "-c", "echo $$ > pid; exec \"$@\"", "sh"] + arguments
            command = words.map(shellQuoted).joined(separator: " ")
        }
        return try TmuxSession(command: "ulimit -c unlimited; \(command) 2> err; echo $? > status; exec sleep 600")
    }

    /// The kernel's `core_pattern`.
    static let corePattern = String(
        (readText(atPath: "/proc/sys/kernel/core_pattern") ?? "").prefix { $0 != "\n" })

    /// Whether a crash writes a core file named by a plain pattern in the crashing process's
    /// working directory (not piped to a collector, not elsewhere).
    static var coreFilesLandInWorkingDirectory: Bool {
        !corePattern.isEmpty && !corePattern.hasPrefix("|") && !corePattern.contains("/")
    }

    /// Sends `SIGABRT` to the pane's program, waits for it to die of it, and returns the core
    /// file it left in the scratch directory, if any.
    static func abort(_ tmux: TmuxSession) async throws -> [UInt8]? {
        let pid = try await DemoInTmux.pid(of: tmux)
        #expect(kill(pid, SIGABRT) == 0)
        let status = try await tmux.waitForFile("status", timeout: DemoInTmux.startTimeout)
        #expect(status == "\(128 + SIGABRT)\n", "exit status \(status.debugDescription)")
        guard let core = fileNames(in: tmux.directory).first(where: { $0.hasPrefix("core") }) else { return nil }
        return readBytes(atPath: tmux.path(core))
    }

    @Test("the control: a crash before any password is typed leaves a core dump holding what was typed")
    func controlCoreWritten() async throws {
        let tmux = try Self.start(["--delay", "0.1"])
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("coreuser7", in: tmux)
        let core = try #require(try await Self.abort(tmux), "no core file in \(tmux.directory)")
        #expect(core.count > 100_000)
        #expect(contains(core, "coreuser7"))
    }

    @Test("login-demo: a crash while a password is in the field writes no core dump")
    func passwordInField() async throws {
        let tmux = try Self.start(["--delay", "0.1"])
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("alice", in: tmux)
        tmux.press("Tab")
        tmux.type("hunter2-in-the-field")
        try await tmux.waitUntil("the password masked") { lines in
            DemoInTmux.fieldLine("Password", in: lines).contains(String(repeating: "•", count: 20))
        }
        #expect(try await Self.abort(tmux) == nil)
    }

    @Test("login-demo: a crash after a refused sign-in and a Reset (Ctrl-R) writes no core dump")
    func afterRefusedSignInAndReset() async throws {
        let tmux = try Self.start(["--delay", "0.1"])
        defer { tmux.kill() }
        try await DemoInTmux.typeUsername("demo", in: tmux)
        tmux.press("Tab")
        tmux.type("not-the-password")
        tmux.press("Enter")
        try await tmux.waitForText("Invalid username or password", timeout: DemoInTmux.startTimeout)
        tmux.press("C-r")
        try await tmux.waitUntil("the form reset") { lines in
            !DemoInTmux.fieldLine("Username", in: lines).contains("demo")
        }
        #expect(try await Self.abort(tmux) == nil)
    }

    @Test("login-demo, accessible: a crash after the password was answered writes no core dump")
    func accessibleAnswered() async throws {
        let tmux = try Self.start(["--accessible", "--delay", "5"])
        defer { tmux.kill() }
        try await tmux.waitForText("Username", timeout: DemoInTmux.startTimeout)
        tmux.type("alice")
        tmux.press("Enter")
        try await tmux.waitForText("Password", timeout: DemoInTmux.startTimeout)
        tmux.type("hunter2-accessible")
        tmux.press("Enter")
        try await tmux.waitUntil("the password answered") { lines in
            lines.filter { $0.contains("Password") }.count >= 1
                && lines.last(where: { !$0.isEmpty }).map { !$0.hasPrefix("Password") } == true
        }
        #expect(try await Self.abort(tmux) == nil)
    }

    @Test("onboarding-example: a crash on step 2, the password typed on step 1, writes no core dump")
    func onboardingNextStep() async throws {
        let draft = "/tmp/tether-core-dump-\(getpid()).json"
        unlink(draft)
        defer { unlink(draft) }
        let tmux = try Self.start([buildProductsDirectory() + "/onboarding-example", "--draft", draft], demo: false)
        defer { tmux.kill() }
        try await tmux.waitForText("Name", timeout: DemoInTmux.startTimeout)
        tmux.type("Ada")
        tmux.press("Tab")
        tmux.type("ada@example.com")
        tmux.press("Tab")
        tmux.type("lovelace")
        tmux.press("Tab")
        tmux.type("analytical-engine")
        tmux.press("Tab")
        tmux.type("analytical-engine")
        tmux.press("Enter")  // Next
        try await tmux.waitForText("Step 2 of 3: Machine", timeout: DemoInTmux.startTimeout)
        #expect(try await Self.abort(tmux) == nil)
    }
}

/// Whether `bytes` hold `text`'s UTF-8 bytes anywhere.
private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    var index = 0
    while index <= bytes.count - needle.count {
        if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) { return true }
        index += 1
    }
    return false
}

/// The names of the entries of `directory`.
private func fileNames(in directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        names.append(name)
    }
    return names
}
