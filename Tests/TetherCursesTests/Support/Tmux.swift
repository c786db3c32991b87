import Glibc

/// A private tmux server (its own socket, in a scratch directory) with one session,
/// `main`, whose only pane runs a shell command; the command runs in the scratch
/// directory and can leave files there.
///
/// Call ``close()`` when done: it kills the server (and with it the pane's processes)
/// and removes the scratch directory.
final class Tmux {
    /// A fresh directory for the test's files.
    let directory: String
    /// The check program built next to the test bundle.
    static let checkProgram: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                                   : CommandLine.arguments[0]
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder + "/tether-curses-check"
    }()

    /// Starts a server whose session runs `command` (a `/bin/sh` command line) in a
    /// `width`×`height` pane, from the scratch directory.
    init(command: String, width: Int = 80, height: Int = 24) {
        var template = Array("/tmp/tether-curses-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        directory = made.map { String(cString: $0) } ?? "/tmp"
        writeFile(path("tmux.conf"), """
            set -g status off
            set -g remain-on-exit on
            set -g default-shell /bin/sh
            set -g default-terminal tmux-256color
            set -g history-limit 100

            """)
        let script = "cd \(shellQuoted(directory)) && \(command)"
        tmux(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", script])
    }

    /// The path of `name` in the scratch directory.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Runs a tmux command on this server.
    @discardableResult
    func tmux(_ arguments: [String]) -> ProcessOutput {
        Subprocess.run(["tmux", "-u", "-S", path("tmux.socket"), "-f", path("tmux.conf")] + arguments)
    }

    /// The pane's visible text, one line per row.
    func screen() -> String {
        tmux(["capture-pane", "-p", "-t", "main"]).stdout
    }

    /// Sends tmux key names (`x`, `C-w`, `Up`, `Escape`) to the pane.
    func send(_ keys: String...) {
        tmux(["send-keys", "-t", "main"] + keys)
    }

    /// The value of a tmux format (`#{alternate_on}`) for the pane.
    func format(_ format: String) -> String {
        var value = tmux(["display-message", "-p", "-t", "main", format]).stdout
        while value.last == "\n" { value.removeLast() }
        return value
    }

    /// Polls until `condition` holds (every 20 ms, up to `timeout` seconds); `true` when it did.
    @discardableResult
    func wait(timeout: Double = 10, until condition: () -> Bool) -> Bool {
        let attempts = Int(timeout * 50)
        for _ in 0..<attempts {
            if condition() { return true }
            pause(milliseconds: 20)
        }
        return condition()
    }

    /// Polls the screen until it contains `text`; the last screen seen.
    @discardableResult
    func waitForScreen(containing text: String, timeout: Double = 10) -> String {
        var last = ""
        wait(timeout: timeout) {
            last = screen()
            return last.contains(text)
        }
        return last
    }

    /// Polls the screen until `predicate` holds for it (the terminal may be seen half
    /// drawn, so wait for everything a test checks); whether it did, and the last screen.
    func waitForScreen(timeout: Double = 10, where predicate: (String) -> Bool) -> (matched: Bool, screen: String) {
        var last = ""
        let matched = wait(timeout: timeout) {
            last = screen()
            return predicate(last)
        }
        return (matched, last)
    }

    /// Polls until the scratch file `name` holds a complete line; its contents, or `nil`.
    func waitForFile(_ name: String, timeout: Double = 10) -> String? {
        var contents: String?
        wait(timeout: timeout) {
            contents = readFile(path(name))
            return contents?.hasSuffix("\n") == true
        }
        return contents?.hasSuffix("\n") == true ? contents : nil
    }

    /// The process id the check program shows on its `pid:` line, once it is drawn.
    func checkProgramPID() -> pid_t? {
        var pid: pid_t?
        wait {
            let text = screen()
            guard let range = text.firstRange(of: "pid: ") else { return false }
            let rest = text[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            // A space after the number: the line was drawn completely.
            guard !digits.isEmpty, rest.dropFirst(digits.count).first == " " else { return false }
            pid = pid_t(digits)
            return true
        }
        return pid
    }

    /// Kills the server and removes the scratch directory (with the socket).
    func close() {
        tmux(["kill-server"])
        if directory != "/tmp" { _ = Subprocess.run(["rm", "-rf", directory]) }
    }
}

extension Tmux {
    /// A server whose pane runs the check program with `environment` assignments
    /// (`"TERM=dumb"`) or `env` options (`"-u TERM"`), standard output and error to the
    /// scratch files `out` and `err`, the exit status to `status`, and the terminal
    /// modes (`stty -g`) before and after to `before` and `after`. The pane then sleeps,
    /// so that its state can still be inspected.
    static func runningCheckProgram(environment: String = "", width: Int = 80, height: Int = 24) -> Tmux {
        let program = shellQuoted(checkProgram)
        return Tmux(command: "stty -g > before; env \(environment) \(program) > out 2> err; echo $? > status; "
                        + "stty -g > after; exec sleep 600", width: width, height: height)
    }
}
